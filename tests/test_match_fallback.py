"""The row-by-row fallback of the match compiler (matchcomp.row_by_row).

A match whose decision tree would take more work than its budget
(matchcomp.work_budget) is compiled row by row instead. Here the fallback
is forced (a budget of 0) and compared with the decision tree and with a
direct reading of the patterns: on random small matches and random values
both trees choose the same row and bind the same values; random matches
made into programs, and programs using every kind of pattern, at top level
and under `code`, print the same on both machines either way, with equal
reduction counts between the machines. And the budget leaves the decision
tree to every match of the examples, the benchmarks and the prelude (and of
the corpora: their tests check it, tests/expected_output.py).
"""

from __future__ import annotations

import functools
import glob
import itertools
import os
import pathlib

import pytest
from hypothesis import given, settings, strategies as st

from ccam import cmachine, refmachine
from ccam.bytecode import write
from mlbox import driver
from mlbox import matchcomp as mc
from mlbox.diagnostics import CompileError, Source
from mlbox.elaboration import ExnRef
from mlbox.layout import Path
from tests.expected_output import MATCH_BUDGET_SHARE, compile_path, watching_match_budgets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ------------------------------------------------------------ trees, read in Python
# Values of the model: an int or bytes constant; Con(tag, arg); a Box (a
# ref); Exn(identity, arg); an n-tuple as nested pairs (a, (b, c)), as the
# machine holds it.


class Con:
    def __init__(self, tag: int, arg=None):
        self.tag, self.arg = tag, arg

    def __eq__(self, other):
        return isinstance(other, Con) and (self.tag, self.arg) == (other.tag, other.arg)

    def __repr__(self):
        return f"Con({self.tag}, {self.arg!r})"


class Box:  # equal only to itself, as refs are
    def __init__(self, contents):
        self.contents = contents

    def __repr__(self):
        return f"Box({self.contents!r})"


class Exn:
    def __init__(self, ref: ExnRef, arg=None):
        self.identity, self.arg = mc.exn_identity(ref), arg

    def __eq__(self, other):
        return isinstance(other, Exn) and (self.identity, self.arg) == (other.identity, other.arg)

    def __repr__(self):
        return f"Exn({self.identity!r}, {self.arg!r})"


def pairs(items: tuple):
    return items[0] if len(items) == 1 else (items[0], pairs(items[1:]))


def at(slots: dict, occ):
    root, path = occ
    value = slots[root]
    for step in (path if isinstance(path, Path) else ()):
        value = value[0] if step == "fst" else value[1] if step == "snd" else value.arg
    return value


def chosen(tree, roots: dict):
    """(action, {key: value}) the tree picks for the values at its roots, or None."""
    slots = dict(roots)
    while True:
        if isinstance(tree, mc.Leaf):
            return tree.action, {key: at(slots, occ) for key, occ in tree.bindings}
        if isinstance(tree, mc.Fail):
            return None
        value = at(slots, tree.occ)
        if isinstance(tree, mc.Switch):
            tree = tree.arms[value.tag]
        elif isinstance(tree, mc.Deref):
            slots[tree.key] = value.contents
            tree = tree.sub
        elif tree.kind == "exn":
            tree = tree.yes if value.identity == mc.exn_identity(tree.value) else tree.no
        elif tree.kind == "const":
            tree = tree.yes if value == tree.value else tree.no
        else:
            tree = tree.yes if value < tree.value else tree.no


def distinct_nodes(tree) -> int:
    seen: set = set()
    pending = [tree]
    while pending:
        t = pending.pop()
        if id(t) not in seen:
            seen.add(id(t))
            pending.extend(mc.children(t))
    return len(seen)


def matches(p, value, binds: dict) -> bool:
    """SML's reading of a pattern, for the oracle."""
    if isinstance(p, mc.MWild):
        return True
    if isinstance(p, mc.MVar):
        binds[p.key] = value
        return True
    if isinstance(p, mc.MAs):
        binds[p.key] = value
        return matches(p.pat, value, binds)
    if isinstance(p, mc.MTuple):
        for q in p.items[:-1]:
            if not matches(q, value[0], binds):
                return False
            value = value[1]
        return matches(p.items[-1], value, binds)
    if isinstance(p, mc.MConst):
        return value == p.value
    if isinstance(p, mc.MRef):
        return matches(p.arg, value.contents, binds)
    if isinstance(p, mc.MCon):
        return value.tag == p.tag and (p.arg is None or matches(p.arg, value.arg, binds))
    assert isinstance(p, mc.MExn)
    return value.identity == p.exn and (p.arg is None or matches(p.arg, value.arg, binds))


def first_match(rows, values):
    for action, pats in enumerate(rows):
        binds: dict = {}
        if all(matches(p, v, binds) for p, v in zip(pats, values)):
            return action, binds
    return None


# ------------------------------------------------------------ random matches
# The types of the columns: int, string, a datatype t = A | B of int | C of
# t * t, refs, tuples, exceptions (E0 of int | E1 | E2 of string, and one
# never matched by a pattern), lists.

EXNS = [ExnRef("E0", has_arg=True, binder=9_000), ExnRef("E1", has_arg=False, binder=9_001),
        ExnRef("E2", has_arg=True, binder=9_002), ExnRef("E3", has_arg=False, binder=9_003)]
STRINGS = [b"", b"a", b"ab"]

TYPES = st.recursive(st.sampled_from(["int", "string", "t", "exn"]),
                     lambda inner: st.one_of(st.tuples(st.just("ref"), inner),
                                             st.tuples(st.just("list"), inner),
                                             st.tuples(st.just("tuple"),
                                                       st.lists(inner, min_size=2, max_size=3).map(tuple))),
                     max_leaves=4)


@functools.lru_cache(maxsize=None)  # (strategies made once per type: making them is slow)
def value_of(ty, depth: int = 2):
    if ty == "int":
        return st.integers(0, 2)
    if ty == "string":
        return st.sampled_from(STRINGS)
    if ty == "t":
        leaves = st.one_of(st.just(Con(0)), st.builds(lambda n: Con(1, n), st.integers(0, 2)))
        if depth == 0:
            return leaves
        return st.one_of(leaves, st.builds(lambda a, b: Con(2, (a, b)), value_of("t", depth - 1),
                                           value_of("t", depth - 1)))
    if ty == "exn":
        return st.one_of(st.builds(lambda n: Exn(EXNS[0], n), st.integers(0, 2)), st.just(Exn(EXNS[1])),
                         st.builds(lambda s: Exn(EXNS[2], s), st.sampled_from(STRINGS)), st.just(Exn(EXNS[3])))
    kind, arg = ty
    if kind == "ref":
        return st.builds(Box, value_of(arg, depth))
    if kind == "list":
        def as_list(items):
            out = Con(0)
            for x in reversed(items):
                out = Con(1, (x, out))
            return out
        return st.builds(as_list, st.lists(value_of(arg, depth), max_size=3))
    return st.tuples(*(value_of(t, depth) for t in arg)).map(pairs)


@functools.lru_cache(maxsize=None)
def pattern_of(ty, depth: int = 2):
    """Patterns of a type; variables get their keys later (numbered)."""
    general = [st.just(mc.WILD), st.just(mc.MVar(None))]
    if depth > 0:
        general.append(st.builds(lambda p: mc.MAs(None, p), pattern_of(ty, depth - 1)))
    if ty == "int":
        specific = st.builds(mc.MConst, st.integers(0, 2))
    elif ty == "string":
        specific = st.builds(mc.MConst, st.sampled_from(STRINGS))
    elif ty == "t":
        options = [st.just(mc.MCon(0, 3, None, "t")),
                   st.builds(lambda p: mc.MCon(1, 3, p, "t"), pattern_of("int", depth - 1))]
        if depth > 0:
            options.append(st.builds(lambda a, b: mc.MCon(2, 3, mc.MTuple((a, b)), "t"),
                                     pattern_of("t", depth - 1), pattern_of("t", depth - 1)))
        specific = st.one_of(options)
    elif ty == "exn":
        specific = st.one_of(st.builds(lambda p: mc.MExn(mc.exn_identity(EXNS[0]), EXNS[0], p), pattern_of("int", 0)),
                             st.just(mc.MExn(mc.exn_identity(EXNS[1]), EXNS[1], None)),
                             st.builds(lambda p: mc.MExn(mc.exn_identity(EXNS[2]), EXNS[2], p),
                                       pattern_of("string", 0)))
    elif ty[0] == "ref":
        specific = st.builds(mc.MRef, pattern_of(ty[1], depth))
    elif ty[0] == "list":
        def as_list(items):
            out = mc.MCon(0, 2, None, "list")
            for p in reversed(items):
                out = mc.MCon(1, 2, mc.MTuple((p, out)), "list")
            return out
        specific = st.one_of(st.builds(as_list, st.lists(pattern_of(ty[1], depth - 1), max_size=2)),
                             st.builds(lambda h, t: mc.MCon(1, 2, mc.MTuple((h, t)), "list"),
                                       pattern_of(ty[1], depth - 1), st.just(mc.MVar(None))))
    else:
        specific = st.tuples(*(pattern_of(t, depth - 1) for t in ty[1])).map(mc.MTuple)
    return st.one_of(st.one_of(general), specific, specific)


def numbered(p, row: int, counter):
    """The pattern with its variables keyed (row, k), k counting from 0."""
    if isinstance(p, mc.MVar):
        return mc.MVar((row, next(counter)))
    if isinstance(p, mc.MAs):
        return mc.MAs((row, next(counter)), numbered(p.pat, row, counter))
    if isinstance(p, mc.MTuple):
        return mc.MTuple(tuple(numbered(q, row, counter) for q in p.items))
    if isinstance(p, mc.MCon) and p.arg is not None:
        return mc.MCon(p.tag, p.ncons, numbered(p.arg, row, counter), p.datatype)
    if isinstance(p, mc.MExn) and p.arg is not None:
        return mc.MExn(p.exn, p.ref, numbered(p.arg, row, counter))
    if isinstance(p, mc.MRef):
        return mc.MRef(numbered(p.arg, row, counter))
    return p


def draw_rows_and_values(draw, type_pool, *, min_rows: int, max_values: int):
    """Rows of patterns over 1 to 3 columns of types from type_pool, their
    variables numbered, and tuples of values to match against them."""
    types = draw(st.lists(type_pool, min_size=1, max_size=3))
    rows = draw(st.lists(st.tuples(*(pattern_of(t) for t in types)), min_size=min_rows, max_size=6))
    rows = [[numbered(p, i, counter) for p in ps] for i, ps in enumerate(rows) for counter in [itertools.count()]]
    values = draw(st.lists(st.tuples(*(value_of(t) for t in types)), min_size=1, max_size=max_values))
    return types, rows, values


@st.composite
def matches_and_values(draw):
    _, rows, values = draw_rows_and_values(draw, TYPES, min_rows=1, max_values=8)
    return rows, values


@settings(max_examples=300, deadline=None)
@given(matches_and_values())
def test_the_fallback_chooses_the_row_and_bindings_of_the_decision_tree(case):
    rows, values = case
    roots = [f"r{i}" for i in range(len(rows[0]))]
    tree = mc.compile_match(roots, rows)
    fallback = mc.compile_match(roots, rows, budget=0)
    # a node per test and a leaf per row, and Fail
    assert distinct_nodes(fallback) <= sum(mc.pattern_size(p) for ps in rows for p in ps) + len(rows) + 1
    for vs in values:
        expected = first_match(rows, vs)
        assert chosen(tree, dict(zip(roots, vs))) == expected
        assert chosen(fallback, dict(zip(roots, vs))) == expected


def test_the_fallback_tests_each_row_in_turn():
    # fun f (A, 1) | f (_, 2) | f (B, x): three rows, tried in order
    A, B = mc.MCon(0, 2, None, "ab"), mc.MCon(1, 2, None, "ab")
    rows = [[A, mc.MConst(1)], [mc.WILD, mc.MConst(2)], [B, mc.MVar("x")]]
    third = mc.Switch(("a", ()), (mc.FAIL, mc.Leaf(2, (("x", ("b", ())),))), "ab")
    second = mc.Test(("b", ()), "const", 2, mc.Leaf(1, ()), third)
    first = mc.Switch(("a", ()), (mc.Test(("b", ()), "const", 1, mc.Leaf(0, ()), second), second), "ab")
    assert mc.compile_match(["a", "b"], rows, budget=0) == first


# ------------------------------------------------------------ whole programs, both machines

PROGRAMS = {
    "bindings, as and nested constructors": (
        "datatype t = A | B of int | C of t * t\n"
        "fun f (C (B x, y as C _), _) = \"1:\" ^ Int.toString x ^ g y\n"
        "  | f (C (z as A, B 2), n) = \"2\" ^ g z ^ Int.toString n\n"
        "  | f (C (_, _), 0) = \"3\"\n"
        "  | f (B n, m) = \"4:\" ^ Int.toString (n + m)\n"
        "  | f (w, _) = \"5\" ^ g w\n"
        "and g A = \"A\" | g (B n) = \"B\" ^ Int.toString n | g (C (p, q)) = \"C(\" ^ g p ^ \",\" ^ g q ^ \")\"\n"
        "val _ = print (String.concatWith \" \" (map f [(C (B 7, C (A, A)), 0), (C (A, B 2), 9), (C (A, A), 0),"
        " (C (A, A), 1), (B 3, 4), (A, 0)]))\n",
        "1:7C(A,A) 2A9 3 5C(A,A) 4:7 5A"),
    "constants: int, string, char, word": (
        "fun f (0, \"a\", #\"x\", _) = 1 | f (_, \"b\", _, 0w7) = 2 | f (~3, _, #\"y\", _) = 3\n"
        "  | f (n, \"\", _, w) = n + Word.toInt w | f _ = 5\n"
        "val _ = print (String.concatWith \" \" (map (Int.toString o f)"
        " [(0, \"a\", #\"x\", 0w0), (1, \"b\", #\"x\", 0w7),"
        " (~3, \"b\", #\"y\", 0w1), (10, \"\", #\"q\", 0w9), (0, \"a\", #\"z\", 0w1)]))\n",
        "1 2 3 19 5"),
    "refs": (
        "fun f (ref 0, _) = \"zero\" | f (ref n, ref (SOME m)) = Int.toString (n + m)\n"
        "  | f (r as ref n, ref NONE) = (r := n + 1; Int.toString (!r))\n"
        "val _ = print (String.concatWith \" \" [f (ref 0, ref NONE), f (ref 2, ref (SOME 3)), f (ref 4, ref NONE)])\n",
        "zero 5 5"),
    "exceptions": (
        "exception E of int exception F of string * int exception G\n"
        "fun f e = (raise e) handle E 0 => \"E0\" | F (s, 1) => s | E n => Int.toString n | G => \"G\"\n"
        "  | F (s, n) => s ^ Int.toString n\n"
        "val _ = print (String.concatWith \" \" (map f [E 0, F (\"x\", 1), E 5, G, F (\"y\", 2)]))\n"
        "val _ = print ((f Div) handle Div => \" Div\")\n",
        "E0 x 5 G y2 Div"),
    "val patterns, Bind and Match": (
        "datatype t = A | B of int\n"
        "val (x, B y, [z]) = (1, B 2, [3])\n"
        "val _ = print (Int.toString (x + y + z))\n"
        "val _ = (let val B q = A in print \"no\" end) handle Bind => print \" Bind\"\n"
        "fun h (B 1) = \"one\"\n"
        "val _ = print (h (B 1) ^ ((h A) handle Match => \" Match\"))\n",
        "6 Bindone Match"),
    "lists and strings in a case": (
        "fun f ([], _) = \"nil\" | f ([\"a\"], 0) = \"a0\" | f (x :: \"b\" :: _, _) = x ^ \"b\"\n"
        "  | f (x :: y :: rest, n) = x ^ y ^ Int.toString (length rest + n) | f ([x], _) = x\n"
        "val _ = print (String.concatWith \" \" (map f [([], 1), ([\"a\"], 0), ([\"q\", \"b\"], 1),"
        " ([\"p\", \"r\", \"s\"], 2), ([\"z\"], 4)]))\n",
        "nil a0 qb pr3 z"),
}

# how each program's declarations are wrapped: at top level, under code,
# under code inside code
WRAPS = {
    "top level": lambda text: text,
    "under code": lambda text: f"val _ = eval (code (let {text} in () end))\n",
    "in code in code": lambda text: f"val _ = eval (eval (code (code (let {text} in () end))))\n",
}


def run_both(text: str):
    program = driver.compile_source(Source("fallback.sml", text)).program
    py = refmachine.Machine(program).run()
    c = cmachine.Machine(program).run()
    assert (py.status, py.output, py.reductions, py.gen_reductions) == (c.status, c.output, c.reductions,
                                                                       c.gen_reductions)
    return program, py


def force_fallback(monkeypatch) -> list:
    """From now on every match is compiled row by row (the prelude, compiled
    and cached first, keeps its trees); the list returned gets the rows of
    each match so compiled."""
    driver.compiled_prelude()
    monkeypatch.setattr(mc, "WORK_PER_PATTERN", 0)
    monkeypatch.setattr(mc, "WORK_FLOOR", 0)
    compiled: list = []
    row_by_row = mc.row_by_row

    def recording(roots, rows):
        compiled.append(rows)
        return row_by_row(roots, rows)

    monkeypatch.setattr(mc, "row_by_row", recording)
    return compiled


@pytest.mark.parametrize("wrap", WRAPS)
@pytest.mark.parametrize("name", PROGRAMS)
def test_programs_print_alike_with_the_fallback_on_both_machines(name, wrap, monkeypatch):
    text, expected = PROGRAMS[name]
    text = WRAPS[wrap](text)
    tree_program, tree_run = run_both(text)
    assert tree_run.output.decode() == expected
    fallbacks = force_fallback(monkeypatch)
    fallback_program, fallback_run = run_both(text)
    assert fallback_run.output.decode() == expected
    assert fallbacks
    if any(len(rows) > 1 for rows in fallbacks):
        assert write(fallback_program) != write(tree_program)


# ------------------------------------------------------------ the budget

def sources_outside_the_corpora() -> list:
    """The programs whose matches no corpus test compiles: the corpus tests
    (tests/expected_output.py's compile_path) check the budget of theirs."""
    from bench import workloads

    files = sorted(glob.glob(os.path.join(ROOT, "examples", "**", "*.sml"), recursive=True))
    sources = []
    for path in files:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            sources.append((path, f.read()))
    with open(workloads.BPF_PROGRAM, encoding="utf-8") as f:
        sources.append(("bpf.sml and the benchmark's driver", f.read() + workloads.DRIVER))
    with open(workloads.POLY_PROGRAM, encoding="utf-8") as f:
        sources.append(("poly.sml and the benchmark's driver", f.read() + workloads.POLY_DRIVER))
    return sources


def test_every_match_of_the_examples_benchmarks_and_prelude_keeps_its_decision_tree():
    # (their code, and so every reduction count, stays the decision tree's;
    # the largest share of its budget one of them takes is about a fifth)
    used = []  # (share of the budget used, where)
    with watching_match_budgets() as shares:
        driver._compile_prelude()
    used += [(share, "the prelude") for share in shares]
    for name, text in sources_outside_the_corpora():
        with watching_match_budgets() as shares:
            try:
                driver.compile_source(Source(name, text))
            except CompileError:
                pass  # (an example that shows an error)
        used += [(share, name) for share in shares]
    assert len(used) > 500
    assert max(used)[0] < MATCH_BUDGET_SHARE, max(used)


def test_the_budget_watch_sees_a_match_near_its_budget(monkeypatch):
    # (what makes the corpus tests' check of their matches able to fail)
    path = os.path.join(ROOT, "examples", "bpf.sml")
    monkeypatch.setattr(mc, "work_budget", lambda rows: 8)
    with pytest.raises(AssertionError, match="near its decision tree's budget"):
        compile_path(pathlib.Path(path))


# ------------------------------------------------------------ random matches as programs

SOURCE_TYPES = st.sampled_from(["int", "string", "t"])


def ml_pattern(p, ty, names: list) -> str:
    """p (of type ty: int, string or t = A | B of int | C of t * t) as ML□
    source; its variables, with their types, are added to `names`."""
    if isinstance(p, mc.MWild):
        return "_"
    if isinstance(p, (mc.MVar, mc.MAs)):
        name = "v{}_{}".format(*p.key)
        names.append((name, ty))
        return name if isinstance(p, mc.MVar) else f"({name} as {ml_pattern(p.pat, ty, names)})"
    if isinstance(p, mc.MConst):
        return ml_value(p.value, ty)
    if p.tag == 0:
        return "A"
    if p.tag == 1:
        return f"(B {ml_pattern(p.arg, 'int', names)})"
    left, right = p.arg.items
    return f"(C ({ml_pattern(left, 't', names)}, {ml_pattern(right, 't', names)}))"


def ml_value(v, ty) -> str:
    if ty == "int":
        return str(v)
    if ty == "string":
        return '"' + v.decode() + '"'
    if v.tag == 0:
        return "A"
    if v.tag == 1:
        return f"(B {v.arg})"
    return f"(C ({ml_value(v.arg[0], 't')}, {ml_value(v.arg[1], 't')}))"


def shown(v, ty) -> str:
    """What the program's `show` functions print for v."""
    return v.decode() if ty == "string" else ml_value(v, ty).replace(" ", "")


@st.composite
def programs_of_matches(draw):
    types, rows, values = draw_rows_and_values(draw, SOURCE_TYPES, min_rows=2, max_values=6)
    arms, expected = [], []
    for i, pats in enumerate(rows):
        names: list = []
        texts = [ml_pattern(p, t, names) for p, t in zip(pats, types)]
        shows = " ^ \",\" ^ ".join(f"show_{t} {name}" for name, t in names) or '""'
        arms.append(f"({', '.join(texts)}) => \"{i}:\" ^ {shows}" if len(texts) > 1
                    else f"{texts[0]} => \"{i}:\" ^ {shows}")
    for vs in values:
        found = first_match(rows, vs)
        if found is None:
            expected.append("none")
        else:
            action, binds = found
            names = []
            for p, t in zip(rows[action], types):
                ml_pattern(p, t, names)
            by_name = {"v{}_{}".format(*key): value for key, value in binds.items()}
            expected.append(f"{action}:" + ",".join(shown(by_name[name], t) for name, t in names))
    args = ", ".join(f"({', '.join(ml_value(v, t) for v, t in zip(vs, types))})" if len(types) > 1
                     else ml_value(vs[0], types[0]) for vs in values)
    text = ("datatype t = A | B of int | C of t * t\n"
            "fun show_t A = \"A\" | show_t (B n) = \"(B\" ^ Int.toString n ^ \")\"\n"
            "  | show_t (C (x, y)) = \"(C(\" ^ show_t x ^ \",\" ^ show_t y ^ \"))\"\n"
            "val show_int = Int.toString fun show_string s = s\n"
            f"fun f x = case x of {' | '.join(arms)} | _ => \"none\"\n"
            f"val _ = print (String.concatWith \" \" (map f [{args}]))\n")
    return text, " ".join(expected)


@settings(max_examples=25, deadline=None)
@given(programs_of_matches(), st.sampled_from(["top level", "under code"]))
def test_random_matches_run_alike_with_the_fallback_on_both_machines(case, wrap):
    text, expected = case
    text = WRAPS[wrap](text)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert run_both(text)[1].output.decode() == expected
        force_fallback(monkeypatch)
        assert run_both(text)[1].output.decode() == expected
