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
"""

from __future__ import annotations

from typing import Hashable, Optional

import attrs

from ccam.instructions import I, Ins

# Path steps into a value: the components of a pair and the argument of a
# constructor or exception value.
STEP_INS = {"fst": I.fst, "snd": I.snd, "arg": I.arg}


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

    @property
    def is_root(self) -> bool:
        return self.parent is None

    def push(self, *keys: Hashable) -> "Ctx":
        """The context after pairing the environment with one new slot that
        holds the value of each key (normally exactly one key)."""
        return Ctx(self, tuple((k, ()) for k in keys), None, self.aliases)

    def push_nested(self, inner: "Ctx") -> "Ctx":
        """The context after pairing the environment with a whole environment
        described by `inner`."""
        return Ctx(self, (), Nested(inner), self.aliases)

    def alias(self, key: Hashable, root_key: Hashable, path: tuple[str, ...]) -> "Ctx":
        """`key` is reached as the value of `root_key` followed by `path`."""
        return attrs.evolve(self, aliases=((key, (root_key, tuple(path))),) + self.aliases)

    def lookup(self, key: Hashable) -> Optional[list[Ins]]:
        """The instructions fetching `key` from this environment, or None if
        `key` is not bound here."""
        for k, (root_key, path) in self.aliases:
            if k == key:
                base = self.lookup(root_key)
                return None if base is None else base + [STEP_INS[s] for s in path]
        depth = 0
        node: Ctx = self
        while not node.is_root:
            for k, path in node.names:
                if k == key:
                    return [I.acc(depth)] + [STEP_INS[s] for s in path]
            if node.nested is not None:
                inner = node.nested.ctx.lookup(key)
                if inner is not None:
                    return [I.acc(depth)] + inner
            node = node.parent
            depth += 1
        return None

    def __contains__(self, key: Hashable) -> bool:
        return self.lookup(key) is not None


def root() -> Ctx:
    """A context with nothing bound (see Ctx)."""
    return Ctx(None)
