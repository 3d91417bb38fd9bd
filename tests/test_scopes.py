"""mlbox.scopes: a tree of scopes with a rerooting cursor answers every
lookup as walking the chain of parents would, whatever the order of
bindings, lookups and absorptions (checked against that walk on random
sequences of operations), and keeps the history of top-level types."""

from __future__ import annotations

import random

import pytest

from mlbox.scopes import TYPES, VALUES, Scope

NAMES = ("a", "b", "c", "d", "e")


class Model:
    """A scope as the chain walk sees it: own dicts and a parent."""

    def __init__(self, parent: "Model | None"):
        self.parent = parent
        self.own = ({}, {})

    def find(self, space: int, name: str):
        model = self
        while model is not None:
            if name in model.own[space]:
                return model.own[space][name]
            model = model.parent
        return None


def run_random_operations(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    around, around_model = Scope(), Model(None)
    for name in NAMES[:2]:  # the environment the tree is made in binds some names
        around.values[name] = around_model.own[VALUES][name] = ("around", name)
        around.types[name] = around_model.own[TYPES][name] = ("around type", name)
    top = Scope(around, new_tree=True)
    live = [(top, Model(around_model))]
    pending_absorbs = []  # (outer, hidden, exported), exported live
    for step in range(steps):
        op = rng.random()
        scope, model = rng.choice(live)
        space, name = rng.choice((VALUES, TYPES)), rng.choice(NAMES)
        if op < 0.25:
            live.append((Scope(scope), Model(model)))
        elif op < 0.55:
            entry = (step, name)
            (scope.values, scope.types)[space][name] = entry
            model.own[space][name] = entry
        elif op < 0.85:
            assert (scope.find_value, scope.find_type)[space](name) == model.find(space, name), (seed, step)
        elif op < 0.93:
            # open a `local`: outer, its hidden part, its exported part
            hidden = (Scope(scope), Model(model))
            exported = (Scope(hidden[0]), Model(hidden[1]))
            live += [hidden, exported]
            pending_absorbs.append(((scope, model), hidden, exported))
        elif pending_absorbs:
            (outer, outer_model), hidden, exported = pending_absorbs.pop()
            # the two parts and everything inside them are done with
            inside = {id(s) for s, _ in (hidden, exported)}
            for s, _ in live:
                if s.parent is not None and id(s.parent) in inside:
                    inside.add(id(s))
            if any(id(s) in inside for (s, _), _, _ in pending_absorbs):
                pending_absorbs.append(((outer, outer_model), hidden, exported))  # an inner one first
                continue
            live = [(s, m) for s, m in live if id(s) not in inside]
            keep = rng.random() < 0.5
            outer.absorb(hidden[0], exported[0], keep_hidden_types=keep)
            if keep:
                outer_model.own[TYPES].update(hidden[1].own[TYPES])
            for space_ in (VALUES, TYPES):
                outer_model.own[space_].update(exported[1].own[space_])
    for scope, model in live:
        for space in (VALUES, TYPES):
            for name in NAMES:
                assert (scope.find_value, scope.find_type)[space](name) == model.find(space, name), seed


@pytest.mark.parametrize("seed", range(200))
def test_the_cursor_finds_what_the_chain_of_scopes_binds(seed):
    run_random_operations(seed, steps=300)


def test_absorbing_a_local_keeps_its_body_and_hides_its_first_part():
    top = Scope(Scope(), new_tree=True)
    top.values["x"] = "outer x"
    top.values["y"] = "outer y"
    hidden = Scope(top)
    hidden.values["x"] = "hidden x"
    hidden.types["t"] = "hidden t"
    exported = Scope(hidden)
    for i in range(10):  # the larger dict: merged the other way round
        exported.values[f"z{i}"] = i
    exported.values["y"] = "exported y"
    assert exported.find_value("x") == "hidden x" and exported.find_type("t") == "hidden t"
    top.absorb(hidden, exported, keep_hidden_types=False)
    assert (top.find_value("x"), top.find_value("y"), top.find_value("z3")) == ("outer x", "exported y", 3)
    assert top.find_type("t") is None
    assert dict(top.values) == {"x": "outer x", "y": "exported y", **{f"z{i}": i for i in range(10)}}
    inner = Scope(top)
    inner.values["y"] = "inner y"
    assert inner.find_value("y") == "inner y" and top.find_value("y") == "exported y"


def test_the_top_level_type_history_answers_for_each_point():
    top = Scope(Scope(), new_tree=True)
    cursor = top.cursor
    top.types["t"] = "first t"
    after_first = cursor.type_records
    top.types["u"] = "u"
    top.types["t"] = "second t"
    assert cursor.top_type_at("t", after_first) == "first t"
    assert cursor.top_type_at("u", after_first) is None
    assert cursor.top_type_at("t", cursor.type_records) == "second t"


def test_a_scope_refuses_changes_that_would_bypass_the_cursor():
    scope = Scope(Scope(), new_tree=True)
    scope.values["x"] = 1
    for change in (lambda: scope.values.pop("x"), lambda: scope.values.__delitem__("x"),
                   lambda: scope.values.setdefault("y", 2), lambda: scope.values.clear()):
        with pytest.raises(TypeError):
            change()
    assert scope.find_value("x") == 1
