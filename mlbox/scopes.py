"""The checker's environment: a tree of scopes, looked up in time
independent of its depth.

Each `Scope` holds its own value and type bindings and a link to its
parent; a name denotes its binding in the nearest scope that binds it.
Walking the chain on every lookup cost the depth of the nesting, so that a
program nesting n `abstype`s, `local`s or `let`s took time quadratic in n
to check (every use of `int`, and every variable pattern, which is looked
up as a possible constructor, walked to the basis).

The scopes a `Checker` makes (its top-level scope and all inside it) share
a `_Cursor`: two flat dicts (values, types) holding what is visible at one
scope of that tree, the cursor's position. A lookup first moves the cursor
to the scope asked about, undoing the bindings of the scopes it leaves and
doing those of the scopes it enters (Baker's rerooting). The checker works
depth first, so the cursor moves a step at a time and each scope's
bindings are done and undone once or twice: lookups cost O(1) amortized. A
name the tree does not bind is looked up in the environment the tree was
made in (immutable: earlier REPL inputs and the basis), once per name.

`Scope.absorb` moves the bindings of a `local` or `abstype` body into the
scope around it, merging the smaller dict into the larger (nested ones
merged each binding once per level before: quadratic again).

The cursor also keeps the history of the top scope's type bindings: what
a type name denoted after each top-level declaration (the REPL prints a
binding's type by the names visible after it) is looked up there, where a
copy of the top-level types per declaration was quadratic.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Optional

VALUES, TYPES = 0, 1
_UNKNOWN = object()  # not in a memo (None is a memoized "unbound")


class _Bindings(dict):
    """A scope's own bindings of one namespace. Assignments keep the
    scope's cursor in step; nothing else may change it (the other
    mutators are refused, so that none bypasses the cursor)."""

    __slots__ = ("scope", "space")

    def __init__(self, scope: "Scope", space: int):
        super().__init__()
        self.scope = scope
        self.space = space

    def __setitem__(self, name: str, entry) -> None:
        cursor = self.scope.cursor
        if cursor is not None:
            cursor.bind(self.scope, self.space, name, entry)
        dict.__setitem__(self, name, entry)

    def update(self, other) -> None:  # type: ignore[override]
        for name, entry in other.items():
            self[name] = entry

    def _refused(self, *args, **kwargs):
        raise TypeError("a scope's bindings are only assigned (see mlbox.scopes)")

    __delitem__ = pop = popitem = clear = setdefault = __ior__ = _refused  # type: ignore[assignment]


class Scope:
    """One level of the (value and type) environment, linked to its parent."""

    __slots__ = ("parent", "values", "types", "hidden_tycons", "depth", "cursor", "shadowed")

    def __init__(self, parent: Optional[Scope] = None, new_tree: bool = False):
        """`new_tree`: the top scope of a checker's tree, with a cursor of
        its own over the (immutable) environment `parent`."""
        self.parent = parent
        self.depth = 0 if parent is None else parent.depth + 1
        self.values = _Bindings(self, VALUES)
        self.types = _Bindings(self, TYPES)
        # datatypes declared in the first part of a `local` in this scope:
        # no longer nameable here, but still declared here (see
        # Checker.check_type_escape)
        self.hidden_tycons: list = []
        # while the cursor's position is this scope or inside it: for each
        # name this scope binds, what the cursor's dict held before
        self.shadowed: Optional[tuple[dict, dict]] = None
        if new_tree:
            self.cursor: Optional[_Cursor] = _Cursor(self)
        else:
            self.cursor = parent.cursor if parent is not None else None

    def find_value(self, name: str):
        return self._find(VALUES, name)

    def find_type(self, name: str):
        return self._find(TYPES, name)

    def _find(self, space: int, name: str):
        cursor = self.cursor
        if cursor is not None:
            return cursor.find(self, space, name)
        scope = self
        while scope is not None:
            entry = (scope.values, scope.types)[space].get(name)
            if entry is not None:
                return entry
            scope = scope.parent
        return None

    def absorb(self, hidden: Scope, exported: Scope, keep_hidden_types: bool) -> None:
        """The end of `local hidden-part in exported-part end` (or of an
        abstype: `hidden` holds its constructors and types): `exported`'s
        bindings, and with keep_hidden_types `hidden`'s types under them,
        become this scope's; `hidden` is a child of this scope and
        `exported` of `hidden`. The two are done with."""
        cursor = self.cursor
        cursor.move_to(exported)
        for space in (VALUES, TYPES):
            cursor.splice(self, hidden, exported, space, keep_hidden=keep_hidden_types and space == TYPES)
        cursor.at = self
        hidden.shadowed = exported.shadowed = None
        self.hidden_tycons = _merged(self.hidden_tycons, hidden.hidden_tycons, exported.hidden_tycons)


def _merged(*lists: list) -> list:
    """The elements of all `lists` (order irrelevant), in the longest one,
    extended."""
    longest = max(lists, key=len)
    for other in lists:
        if other is not longest:
            longest += other
    return longest


class _Cursor:
    """The bindings visible at one scope (`at`) of a checker's tree of
    scopes (the tree below `top`), flattened: each name's nearest binding
    in `at` or its ancestors up to `top`."""

    __slots__ = ("top", "at", "flat", "outside", "type_history", "type_records", "view")

    def __init__(self, top: Scope):
        self.top = top
        self.at = top
        top.shadowed = ({}, {})
        self.flat: tuple[dict, dict] = ({}, {})
        # what the environment around the tree binds, by name (memo: it never changes)
        self.outside: tuple[dict, dict] = ({}, {})
        # each top-level type binding, in order: name -> (record numbers, entries)
        self.type_history: dict[str, tuple[list[int], list]] = {}
        self.type_records = 0
        # once the tree is checked: everything visible at `top`, by name
        # (see _view_at); None until a tree made over this one asks for it
        self.view: Optional[tuple[dict, dict]] = None

    def find(self, scope: Scope, space: int, name: str):
        if self.at is not scope:
            self.move_to(scope)
        entry = self.flat[space].get(name)
        if entry is None:
            entry = self.find_outside(space, name)
        return entry

    def find_outside(self, space: int, name: str):
        memo = self.outside[space]
        entry = memo.get(name, _UNKNOWN)
        if entry is _UNKNOWN:
            around = self.top.parent
            if around is None:
                entry = None
            elif _is_tree_top(around):
                entry = _view_at(around)[space].get(name)
            else:
                entry = around._find(space, name)
            memo[name] = entry
        return entry

    def bind(self, scope: Scope, space: int, name: str, entry) -> None:
        """`scope` binds `name` to `entry` (its dict is assigned after)."""
        if self.at is not scope:
            self.move_to(scope)
        flat = self.flat[space]
        if name not in (scope.values, scope.types)[space]:
            scope.shadowed[space][name] = flat.get(name)
        flat[name] = entry
        if scope is self.top and space == TYPES:
            self.record_top_type(name, entry)

    def record_top_type(self, name: str, entry) -> None:
        history = self.type_history.get(name)
        if history is None:
            history = self.type_history[name] = ([], [])
        history[0].append(self.type_records)
        history[1].append(entry)
        self.type_records += 1

    def top_type_at(self, name: str, records: int):
        """What type name `name` denoted at top level when `records` type
        bindings had been made there."""
        history = self.type_history.get(name)
        if history is not None:
            index = bisect_left(history[0], records)
            if index:
                return history[1][index - 1]
        return self.find_outside(TYPES, name)

    # ------------------------------------------------------- moving

    def move_to(self, target: Scope) -> None:
        at = self.at
        entering: list[Scope] = []
        while at.depth > target.depth:
            self._leave(at)
            at = at.parent
        while target.depth > at.depth:
            entering.append(target)
            target = target.parent
        while at is not target:
            self._leave(at)
            at = at.parent
            entering.append(target)
            target = target.parent
        for scope in reversed(entering):
            self._enter(scope)
        self.at = entering[0] if entering else at

    def _enter(self, scope: Scope) -> None:
        scope.shadowed = ({}, {})
        for space, own in ((VALUES, scope.values), (TYPES, scope.types)):
            flat, saved = self.flat[space], scope.shadowed[space]
            for name, entry in own.items():
                saved[name] = flat.get(name)
                flat[name] = entry

    def _leave(self, scope: Scope) -> None:
        for space in (VALUES, TYPES):
            _restore(self.flat[space], scope.shadowed[space].items())
        scope.shadowed = None

    def splice(self, outer: Scope, hidden: Scope, exported: Scope, space: int, keep_hidden: bool) -> None:
        """Absorb (one namespace of) `hidden` and `exported` into `outer`,
        the cursor being at `exported`: undo only what `hidden` binds and
        `exported` does not (unless kept), and merge the smaller of the
        dicts into the larger."""
        flat = self.flat[space]
        hidden_own, hidden_saved = (hidden.values, hidden.types)[space], hidden.shadowed[space]
        own, saved = (exported.values, exported.types)[space], exported.shadowed[space]
        # make `exported` one layer with what it keeps of `hidden`, saving what lies under both
        for name, entry in hidden_own.items():
            if name in own:
                saved[name] = hidden_saved[name]
            elif keep_hidden:
                dict.__setitem__(own, name, entry)
                saved[name] = hidden_saved[name]
            else:
                _restore(flat, ((name, hidden_saved[name]),))
        if outer is self.top and space == TYPES:
            for name, entry in own.items():
                self.record_top_type(name, entry)
        outer_own, outer_saved = (outer.values, outer.types)[space], outer.shadowed[space]
        if len(own) > len(outer_own):
            for name, entry in outer_own.items():
                if name not in own:
                    dict.__setitem__(own, name, entry)
            saved.update(outer_saved)  # what lay under outer's own bindings
            own.scope = outer
            if space == VALUES:
                outer.values, exported.values = own, _Bindings(exported, VALUES)
            else:
                outer.types, exported.types = own, _Bindings(exported, TYPES)
            outer.shadowed = (saved, outer.shadowed[TYPES]) if space == VALUES else (outer.shadowed[VALUES], saved)
        else:
            for name, entry in own.items():
                dict.__setitem__(outer_own, name, entry)
            for name, below in saved.items():
                if name not in outer_saved:
                    outer_saved[name] = below


def _is_tree_top(scope: Scope) -> bool:
    return scope.cursor is not None and scope.cursor.top is scope


def _view_at(top: Scope) -> tuple[dict, dict]:
    """Everything visible at `top`, the top scope of a checked tree (an
    earlier REPL input's, which no longer changes), in one dict per
    namespace. Each input's tree is made over the previous one's: looking
    a name up through the chain of their memos cost the number of inputs
    for each name new to the session (every variable pattern is looked up
    as a possible constructor), so a session took time quadratic in its
    length. The view of a tree is made from the nearest earlier one's,
    which it takes over (a tree is asked for its view when one is made
    over it, so in a session that is the previous input's, no longer
    needed): each tree's bindings are copied once. Should the taken view
    be needed again, it is rebuilt from further back."""
    chain = []
    scope: Optional[Scope] = top
    while scope is not None and _is_tree_top(scope) and scope.cursor.view is None:
        chain.append(scope)
        scope = scope.parent
    if scope is None:
        view: tuple[dict, dict] = ({}, {})
    elif _is_tree_top(scope):
        view, scope.cursor.view = scope.cursor.view, None
    else:  # the basis and the scopes of no tree above it: nearest binding wins
        below = []
        while scope is not None:
            below.append(scope)
            scope = scope.parent
        view = ({}, {})
        for outer in reversed(below):
            view[VALUES].update(outer.values)
            view[TYPES].update(outer.types)
    for scope in reversed(chain):
        view[VALUES].update(scope.values)
        view[TYPES].update(scope.types)
    top.cursor.view = view
    return view


def _restore(flat: dict, saved) -> None:
    for name, below in saved:
        if below is None:
            del flat[name]
        else:
            flat[name] = below
