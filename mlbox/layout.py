"""Compile-time images of run-time environments: the variable contexts Ω and
Λ of the paper's §6.2, extended with pattern variables and nested
environments.

A CCAM environment is a left-nested chain of pairs (((base, v_k), ...), v_0);
a `Ctx` mirrors it: each `Ctx` node is one pair whose right component is the
slot it describes and whose left component is `parent`. A slot holds

  * one value, in which several binders may live at access paths (a pattern
    `(x, y :: _)` bound to one slot gives x the path `fst` and y the path
    `snd; arg; fst`): pattern variables cost no environment slot;
  * or a whole nested environment (`Nested`), used by generators of nested
    `code` (the paper's Λ↑Ω, see generator.py): the generator's environment
    is the pair (gen-time env, run-time env).

`lookup(key)` returns the access code: `acc d` for the slot d pairs down
(fst^d; snd, one fused instruction), then the path. Keys are binder ids
(`id(node)` of the binding AST node) or any hashable the compiler invents
for anonymous slots (match scrutinees).

A key may also name a *split pair* (`split`): a pair value whose two
components were bound as two slots instead of one pair (generator.py's
apply-pair mode). A path into it starts at the slot of the component its
first step names; the pair itself is rebuilt (push; first; swap; second;
cons) only where it is used whole, unless the split is strict, in which
case lookup raises WholePair.
"""

from __future__ import annotations

from typing import Hashable, Optional

import attrs

from ccam.instructions import I, Ins

# Path steps into a value: the components of a pair and the argument of a
# constructor or exception value.
STEP_INS = {"fst": I.fst, "snd": I.snd, "arg": I.arg}


class WholePair(Exception):
    """A strict split pair (see the module doc) was used whole."""


@attrs.frozen
class Nested:
    """A slot holding a complete environment described by `ctx`."""

    ctx: "Ctx"


@attrs.frozen(eq=False)
class Ctx:
    """One environment pair (parent, slot): `names` maps the keys bound in
    the slot to their path inside it; or `nested` describes a slot that is
    itself an environment. `aliases` maps keys to (key, path): a pattern
    variable that lives inside another key's value. A context with
    `parent` None and no slot is a root: the empty environment `()` at top
    level, or the unknown base of the environment generated code runs in."""

    parent: Optional["Ctx"]
    names: tuple = ()  # ((key, path), ...)
    nested: Optional[Nested] = None
    aliases: tuple = ()  # ((key, (root key, path)), ...), newest first
    splits: tuple = ()  # ((key, (first key, second key, strict)), ...): split pairs
    shortcuts: tuple = ()  # ((root key, path, key), ...), newest first: see `shortcut`

    @property
    def is_root(self) -> bool:
        return self.parent is None

    def push(self, *keys: Hashable) -> "Ctx":
        """The context after pairing the environment with one new slot that
        holds the value of each key (normally exactly one key)."""
        return Ctx(self, tuple((k, ()) for k in keys), None, self.aliases, self.splits, self.shortcuts)

    def push_nested(self, inner: "Ctx") -> "Ctx":
        """The context after pairing the environment with a whole environment
        described by `inner`."""
        return Ctx(self, (), Nested(inner), self.aliases, self.splits, self.shortcuts)

    def alias(self, key: Hashable, root_key: Hashable, path: tuple[str, ...]) -> "Ctx":
        """`key` is reached as the value of `root_key` followed by `path`."""
        return attrs.evolve(self, aliases=((key, (root_key, tuple(path))),) + self.aliases)

    def split(self, key: Hashable, first: Hashable, second: Hashable, strict: bool = False) -> "Ctx":
        """`key` is a pair whose components are the values of `first` and
        `second` (a split pair, see the module doc)."""
        return attrs.evolve(self, splits=((key, (first, second, strict)),) + self.splits)

    def shortcut(self, root_key: Hashable, path: tuple[str, ...], key: Hashable) -> "Ctx":
        """`root_key`'s value followed by `path` is also the value of `key`
        (bound in a slot of its own): paths into root_key that start with
        `path` are looked up from key. A decision tree's occurrences are
        paths from the scrutinee's root, so without it a pattern nested n
        deep would fetch each level from the root again, n²/2 steps."""
        return attrs.evolve(self, shortcuts=((root_key, tuple(path), key),) + self.shortcuts)

    def lookup(self, key: Hashable, path: tuple[str, ...] = ()) -> Optional[list[Ins]]:
        """The instructions fetching `key`'s value followed by `path` from
        this environment, or None if `key` is not bound here."""
        # (before aliases, and again for the key an alias leads to)
        for root_key, prefix, k in self.shortcuts:  # the newest is the deepest
            if root_key == key and tuple(path[:len(prefix)]) == prefix:
                return self.lookup(k, tuple(path[len(prefix):]))
        for k, (root_key, steps) in self.aliases:
            if k == key:
                return self.lookup(root_key, tuple(steps) + tuple(path))
        for k, (first, second, strict) in self.splits:
            if k == key:
                if path:
                    return self.lookup(first if path[0] == "fst" else second, tuple(path[1:]))
                if strict:
                    raise WholePair(key)
                a, b = self.lookup(first), self.lookup(second)
                return None if a is None or b is None else [I.push] + a + [I.swap] + b + [I.cons]
        depth = 0
        node: Ctx = self
        while not node.is_root:
            for k, steps in node.names:
                if k == key:
                    return [I.acc(depth)] + [STEP_INS[s] for s in tuple(steps) + tuple(path)]
            if node.nested is not None:
                inner = node.nested.ctx.lookup(key, path)
                if inner is not None:
                    return [I.acc(depth)] + inner
            node = node.parent
            depth += 1
        return None

    def is_top_split(self, key: Hashable) -> bool:
        """Whether `key` is (an alias of) a split pair whose components are
        the top two slots, first under second."""
        path: tuple = ()
        resolved = True
        while resolved:  # follow aliases of aliases to the root key
            resolved = False
            for k, (root_key, steps) in self.aliases:
                if k == key:
                    key, path, resolved = root_key, tuple(steps) + path, True
                    break
        if path:
            return False
        for k, (first, second, _) in self.splits:
            if k == key:
                return self.lookup(first) == [I.acc(1)] and self.lookup(second) == [I.acc(0)]
        return False

    def __contains__(self, key: Hashable) -> bool:
        return self.lookup(key) is not None


def root() -> Ctx:
    """A context with nothing bound (see Ctx)."""
    return Ctx(None)
