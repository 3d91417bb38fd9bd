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

import itertools
import operator
from typing import Hashable, Optional

import attrs

from ccam.instructions import I, Ins

# Path steps into a value: the components of a pair and the argument of a
# constructor or exception value.
STEP_INS = {"fst": I.fst, "snd": I.snd, "arg": I.arg}


class Path:
    """A non-empty path of steps into a value (the empty path is `()`),
    shared with the path it extends: a decision tree for a pattern nested
    n deep has n occurrences of up to n steps, as tuples n² steps to build
    and keep. Equal steps make equal paths (compared from the end, up to a
    shared ancestor); `ancestor(k)`, the path of its first k steps, takes
    O(log n) steps through jump pointers chosen as in Myers' random access
    lists. Iterating gives the steps from the root."""

    __slots__ = ("parent", "step", "length", "jump", "_hash")

    def __init__(self, parent: Optional["Path"], step: str):
        self.parent = parent
        self.step = step
        if parent is None:
            self.length, self.jump, self._hash = 1, None, hash((0, step))
            return
        self.length = parent.length + 1
        up = parent.jump
        if up is not None and up.jump is not None and parent.length - up.length == up.length - up.jump.length:
            self.jump = up.jump
        else:
            self.jump = parent
        self._hash = hash((parent._hash, step))

    @staticmethod
    def extend(path, *steps: str):
        """`path` (a Path or a tuple of steps) followed by `steps`."""
        node = path if isinstance(path, Path) else None
        if node is None:
            for step in path:
                node = Path(node, step)
        for step in steps:
            node = Path(node, step)
        return node if node is not None else ()

    def ancestor(self, length: int) -> Optional["Path"]:
        """The path of this one's first `length` steps (None for 0)."""
        if length <= 0:
            return None
        node = self
        while node.length > length:
            node = node.jump if node.jump is not None and node.jump.length >= length else node.parent
        return node

    def steps_after(self, length: int) -> tuple:
        """The steps after the first `length`."""
        out = []
        node = self
        while node is not None and node.length > length:
            out.append(node.step)
            node = node.parent
        return tuple(reversed(out))

    def __len__(self) -> int:
        return self.length

    def __iter__(self):
        return iter(self.steps_after(0))

    def __getitem__(self, index):
        return tuple(self)[index]

    def __add__(self, steps: tuple) -> "Path":
        return Path.extend(self, *steps)

    def __radd__(self, steps: tuple):
        return Path.extend(tuple(steps) + tuple(self))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        if not isinstance(other, Path):
            return NotImplemented
        a, b = self, other
        if a.length != b.length or a._hash != b._hash:
            return False
        while a is not b:
            if a.step != b.step:
                return False
            a, b = a.parent, b.parent
        return True

    def __repr__(self) -> str:
        return f"Path{tuple(self)!r}"


def starts_with(path, prefix) -> bool:
    """Whether the path (a Path or a tuple of steps) begins with `prefix`."""
    if not prefix:
        return True
    if len(prefix) > len(path):
        return False
    if isinstance(path, Path) and isinstance(prefix, Path):
        return path.ancestor(len(prefix)) == prefix
    return tuple(path)[:len(prefix)] == tuple(prefix)


def steps_after(path, length: int) -> tuple:
    """The steps of a path (a Path or a tuple) after its first `length`."""
    return path.steps_after(length) if isinstance(path, Path) else tuple(path)[length:]


_FIRST = operator.itemgetter(0)


class _Shortcut:
    """One shortcut (see Ctx.shortcut), in a persistent stack, newest
    first: `older` is the next entry; `shorter` the nearest older entry
    whose path is no longer than this one's, so that a lookup skips at once
    the entries with paths longer than its own (a pattern nested n deep
    leaves n/32 shortcuts, and the tests on the way out of it look up
    paths shorter than the newest)."""

    __slots__ = ("root_key", "prefix", "key", "length", "older", "shorter")

    def __init__(self, root_key: Hashable, prefix, key: Hashable, older: Optional["_Shortcut"]):
        self.root_key = root_key
        self.prefix = prefix
        self.key = key
        self.length = len(prefix)
        self.older = older
        shorter = older
        while shorter is not None and shorter.length > self.length:
            shorter = shorter.shorter
        self.shorter = shorter

    def find(self, key: Hashable, path) -> Optional["_Shortcut"]:
        """The newest entry (this one or older) for `key` whose prefix
        begins `path`."""
        n = len(path)
        entry: Optional[_Shortcut] = self
        while entry is not None:
            while entry is not None and entry.length > n:
                entry = entry.shorter  # the entries between are all longer
            if entry is None:
                return None
            if entry.root_key == key and starts_with(path, entry.prefix):
                return entry
            entry = entry.older
        return None


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
    shortcuts: Optional[_Shortcut] = None  # the newest shortcut: see `shortcut`
    # Finding a key's slot without walking the slots above it (a pattern
    # nested n deep pushes n/32 slots, each looked up from below the
    # others: n²/32 steps). `depth` counts the slots from the root; `slot`
    # identifies this node's slot (shared by the copies alias/split/shortcut
    # make); `jump` is an ancestor further up, chosen as in Myers' random
    # access lists so that any ancestor is reached in O(log depth) steps;
    # `nested_depth` is the depth of the nearest slot at or above this one
    # holding a nested environment (-1: none); `binders`, shared by every
    # context grown from the same root, maps each key to the slots that
    # bound it, (slot, depth, path) in the order made.
    depth: int = 0
    slot: object = None
    jump: Optional["Ctx"] = None
    nested_depth: int = -1
    binders: dict = attrs.field(factory=dict)

    @property
    def is_root(self) -> bool:
        return self.parent is None

    def _child(self, names: tuple, nested: Optional[Nested]) -> "Ctx":
        depth = self.depth + 1
        jump = self
        up = self.jump
        if up is not None and up.jump is not None and self.depth - up.depth == up.depth - up.jump.depth:
            jump = up.jump
        nested_depth = depth if nested is not None else self.nested_depth
        child = Ctx(self, names, nested, self.aliases, self.splits, self.shortcuts,
                    depth, object(), jump, nested_depth, self.binders)
        seen = set()
        for k, steps in names:
            if k not in seen:  # the first of a slot's entries for a key is the one found
                seen.add(k)
                self.binders.setdefault(k, []).append((child.slot, depth, steps))
        return child

    def push(self, *keys: Hashable) -> "Ctx":
        """The context after pairing the environment with one new slot that
        holds the value of each key (normally exactly one key)."""
        return self._child(tuple((k, ()) for k in keys), None)

    def push_nested(self, inner: "Ctx") -> "Ctx":
        """The context after pairing the environment with a whole environment
        described by `inner`."""
        return self._child((), Nested(inner))

    def _ancestor_slot(self, depth: int) -> object:
        """The slot of this context's ancestor (or itself) at `depth`."""
        node = self
        while node.depth > depth:
            node = node.jump if node.jump.depth >= depth else node.parent
        return node.slot

    def _bound_slot(self, key: Hashable) -> Optional[tuple]:
        """(distance, path) of the nearest slot at or above this one whose
        names bind `key`, found through `binders`; None if there is none.
        The nearest is the newest of those above (a slot is made after the
        slots above it)."""
        for slot, depth, steps in reversed(self.binders.get(key, ())):
            if depth <= self.depth and self._ancestor_slot(depth) is slot:
                return self.depth - depth, steps
        return None

    def alias(self, key: Hashable, root_key: Hashable, path: tuple[str, ...]) -> "Ctx":
        """`key` is reached as the value of `root_key` followed by `path`."""
        path = path if isinstance(path, Path) else tuple(path)
        return attrs.evolve(self, aliases=((key, (root_key, path)),) + self.aliases)

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
        path = path if isinstance(path, Path) else tuple(path)
        return attrs.evolve(self, shortcuts=_Shortcut(root_key, path, key, self.shortcuts))

    def lookup(self, key: Hashable, path: tuple[str, ...] = ()) -> Optional[list[Ins]]:
        """The instructions fetching `key`'s value followed by `path` from
        this environment, or None if `key` is not bound here."""
        # (before aliases, and again for the key an alias leads to)
        path = path if isinstance(path, Path) else tuple(path)
        if self.shortcuts is not None:
            found = self.shortcuts.find(key, path)  # the newest is the deepest
            if found is not None:
                return self.lookup(found.key, steps_after(path, found.length))
        # the newest alias of key, searched in C (a long tuple pattern makes many)
        found = next(itertools.compress(self.aliases, map(operator.eq, map(_FIRST, self.aliases),
                                                          itertools.repeat(key))), None)
        if found is not None:
            root_key, steps = found[1]
            return self.lookup(root_key, Path.extend(steps, *path) if path else steps)
        for k, (first, second, strict) in self.splits:
            if k == key:
                if path:
                    path = tuple(path)
                    return self.lookup(first if path[0] == "fst" else second, path[1:])
                if strict:
                    raise WholePair(key)
                a, b = self.lookup(first), self.lookup(second)
                return None if a is None or b is None else [I.push] + a + [I.swap] + b + [I.cons]
        bound = self._bound_slot(key)
        if bound is not None and self.nested_depth < self.depth - bound[0]:
            # no nested environment between: the walk below would stop there
            distance, steps = bound
            return [I.acc(distance)] + [STEP_INS[s] for s in itertools.chain(steps, path)]
        if bound is None and self.nested_depth < 0:
            return None  # bound in no slot, and no nested environment to search
        depth = 0
        node: Ctx = self
        while not node.is_root:
            for k, steps in node.names:
                if k == key:
                    return [I.acc(depth)] + [STEP_INS[s] for s in itertools.chain(steps, path)]
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
