"""Pattern-match compilation to decision trees, shared by both translations.

A match (the rules of `fn`, `case`, `handle`, the clauses of a `fun`, the
pattern of a `val`) becomes a decision tree that examines each part of the
scrutinee at most once on any path: columns are split left to right, the
rows that stay possible after a test are kept in order (so the first
matching rule wins, as in SML), and a rule's body sits at the leaves the
rule can be chosen at. This is the classic scheme of Augustsson/Wadler
("compiling pattern matching by clause matrices"), without backtracking;
a match whose tree would be too large (see WORK_PER_PATTERN) is compiled
instead to the backtracking tree of row_by_row, whose size is linear.
Equal subproblems are compiled once, so the tree is a DAG (a wildcard row
survives every arm of a switch; copying would make the tree exponential in
the number of columns); `join_points` picks the shared nodes large enough
for the compiler to emit once, as closures (compiler.Translation.match_tree).

Terms: a pattern is first normalised (`normalize`) into the small language
below, using the checker's resolution of names (a PVar is a variable or a
nullary constructor depending on scope). Occurrences name the part of the
scrutinee being examined: a root key (an environment slot, see layout.py)
and a path of projections `fst`/`snd`/`arg`.

Trees:
  Leaf(action, bindings)      rule `action` matches; bind each key to an occurrence
  Fail()                      no rule matches (the caller raises Match/Bind or re-raises)
  Switch(occ, arms)           case on the constructor tag of occ; arms[tag]
  Test(occ, kind, value, yes, no)
                              kind "const": occ = the constant `value` (int/bytes);
                              kind "less": occ < the constant `value` (ints as the
                              machine orders them, bytes lexicographically);
                              kind "exn": occ is an exception value of the exception `value`
  Deref(occ, key, sub)        bind the contents of the ref at occ to a new slot `key`
                              (eagerly: a ref may change after the match)
"""

from __future__ import annotations

import itertools
import operator
from typing import Hashable, Optional, Sequence, Union

import attrs

from ccam.instructions import TAG_CONS, TAG_NIL
from ccam.values import from_word
from mlbox import syntax as S
from mlbox.elaboration import BasisRef, ConRef, ExnRef
from mlbox.layout import Path

# ------------------------------------------------------------ pattern terms
# (their hashes are cached: compile_match's memo hashes rows of patterns,
# and a pattern nested n deep would be hashed through all n levels again
# at each of them)


@attrs.frozen
class MWild:
    pass


@attrs.frozen(cache_hash=True)
class MVar:
    key: Hashable


@attrs.frozen(cache_hash=True)
class MAs:
    key: Hashable
    pat: "MPat"


@attrs.frozen(cache_hash=True)
class MTuple:
    items: tuple["MPat", ...]  # at least two


@attrs.frozen(cache_hash=True)
class MCon:
    tag: int
    ncons: int
    arg: Optional["MPat"]  # None for a nullary constructor
    datatype: str = ""


@attrs.frozen(cache_hash=True)
class MConst:
    value: Union[int, bytes]


@attrs.frozen(cache_hash=True)
class MExn:
    exn: Hashable  # identity of the exception (see exn_identity)
    ref: ExnRef
    arg: Optional["MPat"]


@attrs.frozen(cache_hash=True)
class MRef:
    arg: "MPat"


MPat = Union[MWild, MVar, MAs, MTuple, MCon, MConst, MExn, MRef]
WILD = MWild()

LIST_NCONS = 2


def exn_identity(ref: ExnRef) -> Hashable:
    """Two exception constructors are the same exception when they name the
    same built-in or the same declaration."""
    if ref.builtin is not None:
        return ("builtin", ref.builtin)
    if ref.prelude is not None:
        return ("prelude", ref.prelude)
    return ("decl", ref.binder)


def const_value(c: S.Const) -> Union[int, bytes]:
    """The machine value of a constant: chars are ints, strings bytes, and a
    word the int with its 63-bit pattern (0wx4000000000000000 and above are
    negative ints on the machine)."""
    if isinstance(c, S.IntConst):
        return c.value
    if isinstance(c, S.WordConst):
        return from_word(c.value)
    if isinstance(c, S.CharConst):
        return string_bytes(c.value)[0]
    return string_bytes(c.value)


def string_bytes(s: str) -> bytes:
    """ML strings are byte strings; the lexer gives each byte as one
    character (escapes like \\255 included)."""
    try:
        return s.encode("latin-1")
    except UnicodeEncodeError:
        return s.encode("utf-8")


def normalize(p: S.Pat, refs: dict) -> MPat:
    """Translate a source pattern into a pattern term, resolving names with
    the checker's table `refs` (id(node) -> Ref)."""
    if isinstance(p, S.PWild):
        return WILD
    if isinstance(p, S.PVar):
        r = refs.get(id(p))
        if r is None:
            return MVar(id(p))
        if isinstance(r, ConRef):
            return MCon(r.tag, r.ncons, None, r.datatype)
        if isinstance(r, ExnRef):
            return MExn(exn_identity(r), r, None)
        raise AssertionError(f"pattern variable {p.name} resolved to {r}")
    if isinstance(p, S.PConst):
        return MConst(const_value(p.const))
    if isinstance(p, S.PTuple):
        if not p.items:
            return WILD  # (): unit has one value
        if len(p.items) == 1:
            return normalize(p.items[0], refs)
        return MTuple(tuple(normalize(q, refs) for q in p.items))
    if isinstance(p, S.PList):
        result: MPat = MCon(TAG_NIL, LIST_NCONS, None, "list")
        for q in reversed(p.items):
            result = MCon(TAG_CONS, LIST_NCONS, MTuple((normalize(q, refs), result)), "list")
        return result
    if isinstance(p, S.PCon):
        r = refs.get(id(p))
        if isinstance(r, ConRef):
            return MCon(r.tag, r.ncons, normalize(p.arg, refs), r.datatype)
        if isinstance(r, ExnRef):
            return MExn(exn_identity(r), r, normalize(p.arg, refs))
        if isinstance(r, BasisRef) and r.name == "ref" or (r is None and p.name == "ref"):
            return MRef(normalize(p.arg, refs))
        raise AssertionError(f"constructor pattern {p.name} resolved to {r}")
    if isinstance(p, S.PRef):
        return MRef(normalize(p.arg, refs))
    if isinstance(p, S.PAs):
        return MAs(id(p), normalize(p.pat, refs))
    if isinstance(p, S.PTyped):
        return normalize(p.pat, refs)
    raise AssertionError(f"unknown pattern {p!r}")


# ------------------------------------------------------------ decision trees

Occ = tuple  # (root key, path): the path `()` or a layout.Path, shared with the paths it extends


@attrs.frozen
class Leaf:
    action: int
    bindings: tuple  # ((key, occ), ...)


@attrs.frozen
class Fail:
    pass


@attrs.frozen
class Switch:
    occ: Occ
    arms: tuple  # tree per tag
    datatype: str = ""  # "bool" switches compile to a branch


@attrs.frozen
class Test:
    occ: Occ
    kind: str  # "const" | "exn"
    value: object  # int/bytes, or the ExnRef
    yes: object
    no: object


@attrs.frozen
class Deref:
    occ: Occ
    key: Hashable
    sub: object


Tree = Union[Leaf, Fail, Switch, Test, Deref]
FAIL = Fail()

_fresh = itertools.count()


@attrs.frozen
class DerefKey:
    """The anonymous slot holding the contents of a matched ref."""

    n: int


_HASH_MASK = (1 << 64) - 1


class _Cols:
    """An immutable sequence (a row's patterns, a subproblem's occurrences)
    that shares what a change leaves alone: a linked list of chunks, tuples
    of at most _CHUNK items. `replace(j, new)` copies the chunks up to the
    one holding item j (one chunk, as the match compiler mostly expands
    the leftmost column) and shares the rest. A pattern nested n deep
    leaves up to n columns behind (a `nil` per level of `[[...]]`): as
    tuples, each step copied all of them, and the memo of subproblems kept
    every copy (time and memory quadratic in the depth). Two sequences are
    equal when their items are, however they are cut into chunks."""

    __slots__ = ("chunk", "rest", "length", "_first_not_wild", "_hash_sum")

    def __init__(self, chunk: tuple, rest: Optional["_Cols"]):
        self.chunk = chunk
        self.rest = rest
        self._first_not_wild = _UNKNOWN
        self._hash_sum = None
        self.length = len(chunk) + (rest.length if rest is not None else 0)

    @staticmethod
    def of(items) -> "_Cols":
        items = tuple(items)
        cols = None
        for start in reversed(range(0, len(items), _CHUNK)):
            cols = _Cols(items[start:start + _CHUNK], cols)
        return cols if cols is not None else _Cols((), None)

    def __len__(self) -> int:
        return self.length

    # (no generators here: closing one left suspended, as islice leaves
    # it, takes a step per generator running further up the stack, and
    # code that recurses through generators makes that one per level)

    def chunks(self) -> list:
        out = []
        node = self
        while node is not None:
            out.append(node.chunk)
            node = node.rest
        return out

    def __iter__(self):
        return itertools.chain.from_iterable(self.chunks())

    def __getitem__(self, j):
        if isinstance(j, slice):
            start, stop, step = j.indices(self.length)
            assert step == 1
            out: list = []
            node = self
            while node is not None and stop > 0:
                out.extend(node.chunk[max(start, 0):stop])
                start -= len(node.chunk)
                stop -= len(node.chunk)
                node = node.rest
            return tuple(out)
        node = self
        while j >= len(node.chunk):
            j -= len(node.chunk)
            node = node.rest
        return node.chunk[j]

    def replace(self, j: int, new: tuple) -> "_Cols":
        """The sequence with item j replaced by the items `new`."""
        before = []
        node = self
        while j >= len(node.chunk):
            before.append(node.chunk)
            j -= len(node.chunk)
            node = node.rest
        chunk = node.chunk[:j] + tuple(new) + node.chunk[j + 1:]
        rest = node.rest
        while len(chunk) > _CHUNK:  # cut from the end: the front is where columns are expanded
            rest = _Cols(chunk[-_CHUNK // 2:], rest)
            chunk = chunk[:-_CHUNK // 2]
        if chunk or (rest is None and not before):
            rest = _Cols(chunk, rest)
        for c in reversed(before):
            rest = _Cols(c, rest)
        return rest if rest is not None else _Cols((), None)

    def first_not_wild(self) -> Optional[int]:
        """The index of the first pattern not a wildcard, or None. Each
        node remembers it for the items from it on, so the chunks shared
        with the sequence this one was made from are not searched again (a
        row of wildcards, searched to its end, is met at every level of a
        pattern nested deep)."""
        pending = []
        node = self
        while node is not None and node._first_not_wild is _UNKNOWN:
            pending.append(node)
            node = node.rest
        after = None if node is None else node._first_not_wild
        for node in reversed(pending):
            # found without a Python step per column
            j = next(itertools.compress(itertools.count(), map(operator.is_not, map(type, node.chunk),
                                                               itertools.repeat(MWild))), None)
            node._first_not_wild = after = j if j is not None else None if after is None else after + len(node.chunk)
        return after

    def hash_sum(self) -> int:
        """The sum of the items' hashes (their order left out), remembered
        by each node for the items from it on, like first_not_wild."""
        pending = []
        node = self
        while node is not None and node._hash_sum is None:
            pending.append(node)
            node = node.rest
        total = 0 if node is None else node._hash_sum
        for node in reversed(pending):
            node._hash_sum = total = (total + sum(map(hash, node.chunk))) & _HASH_MASK
        return total

    def __eq__(self, other) -> bool:
        if self is other:
            return True
        if not isinstance(other, _Cols) or self.length != other.length:
            return False
        a, b = self, other
        while a is not None and a.chunk == b.chunk:  # cut alike so far
            a, b = a.rest, b.rest
            if a is b:
                return True
        for x, y in zip(self, other):  # stops at the first difference
            if x is not y and x != y:
                return False
        return True

    __hash__ = None  # rows and memo keys carry their own hashes

    def __repr__(self) -> str:
        return f"_Cols({tuple(self)!r})"


_CHUNK = 32
_UNKNOWN = object()


class _Row:
    """A row of the clause matrix: a pattern per column, the bindings made
    so far, the rule's index. Its hash is made once, from the sum of its
    patterns' hashes (updated by _expand for the columns it replaces, not
    recomputed over the whole row: a pattern nested n deep leaves up to n
    columns behind, a `nil` column per level of `[[...]]`), its bindings'
    hash (carried along likewise) and its action. `fresh` is the range
    (lo, hi) of the columns that may still hold a variable or an `as`
    layer (_absorb), None for all of them."""

    __slots__ = ("pats", "bindings", "action", "fresh", "_pats_hash", "_bindings_hash", "_hash")

    def __init__(self, pats: tuple, bindings: tuple, action: int, fresh: Optional[tuple] = None,
                 pats_hash: Optional[int] = None, bindings_hash: Optional[int] = None):
        self.pats = pats
        self.bindings = bindings
        self.action = action
        self.fresh = fresh
        self._pats_hash = sum(map(hash, pats)) & _HASH_MASK if pats_hash is None else pats_hash
        self._bindings_hash = hash(bindings) if bindings_hash is None else bindings_hash
        self._hash = hash((len(pats), self._pats_hash, self._bindings_hash, action))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, _Row) and self._hash == other._hash
                                 and self.action == other.action and self.pats == other.pats
                                 and self.bindings == other.bindings)

    def __repr__(self) -> str:
        return f"_Row({self.pats!r}, {self.bindings!r}, {self.action!r})"


class _MemoKey:
    """A subproblem (occs, rows) as a key of compile_match's memo. Its hash
    is built from the sum of its rows' hashes, so that the subproblems of a
    chain of exception tests, each the one before less one exception's rows,
    are keyed in constant time each (_exn_chain); their rows are only
    listed to compare two keys of equal hash. The rows of a subproblem are
    in the order of their actions, each action at most once, so the sum
    identifies them as well as the sequence does."""

    __slots__ = ("occs", "_rows", "_hash")

    def __init__(self, occs: tuple, row_hash_sum: int, rows):
        self.occs = occs
        self._rows = rows  # a tuple, or a function making it
        # The occurrences' hashes tell apart the subproblems of rows whose
        # patterns differ only in order: a row's hash is a sum (_Row), and
        # the columns left on two paths through a wide tuple of constructors
        # often hold the same patterns in another order; their occurrences
        # were compared, column by column, at each of many collisions.
        # (Paths keep their hashes, so the sum costs a step per new column.)
        self._hash = hash((len(occs), occs.hash_sum(), row_hash_sum))

    @staticmethod
    def of(occs: tuple, rows: tuple) -> "_MemoKey":
        return _MemoKey(occs, sum(map(hash, rows)) & _HASH_MASK, rows)

    def rows(self) -> tuple:
        if callable(self._rows):
            self._rows = self._rows()
        return self._rows

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return (isinstance(other, _MemoKey) and self._hash == other._hash and self.occs == other.occs
                and self.rows() == other.rows())


def compile_match(roots: Sequence[Hashable], rows: Sequence[Sequence[MPat]],
                  budget: Optional[int] = None) -> Tree:
    """The decision tree for matching the values at `roots` against the
    rows (one pattern per root); row i's action is i.

    The tree is a DAG: a subproblem (the same occurrences and rows) met on
    several paths is compiled once and the node shared. Wildcard rows
    survive every arm of a switch, so without sharing a few columns of
    constructors with defaults give a tree exponential in the columns.
    Even shared, rows that put constructors and wildcards at random in many
    columns make a tree exponential in the columns: past `budget` units of
    work (work_budget's by default) the tree is abandoned for row_by_row's,
    linear in the size of the rows."""
    occs = _Cols.of((r, ()) for r in roots)
    memo = _Memo(work_budget(rows) if budget is None else budget)
    try:
        return _compile(occs, [_Row(_Cols.of(ps), (), i) for i, ps in enumerate(rows)], memo)
    except _OverBudget:
        return row_by_row(roots, rows)


# The work of compiling a decision tree is counted in subproblems met and
# the rows they hold (each, compiled anew or found in the memo, is keyed by
# its rows): a match may do WORK_PER_PATTERN times the size of its patterns
# (pattern_size), and WORK_FLOOR more, before its tree is abandoned; so
# compile time and code stay within a polynomial of the match's size (the
# work of one unit grows with the columns at most). Every match of the
# corpora, the examples, the benchmarks and the prelude takes less than a
# fifth of its budget (tests/test_match_fallback.py, tests/expected_output.py):
# their code is the decision tree's. (Among those of 100 patterns or more, the most work per
# pattern is 4.5 units.)
WORK_PER_PATTERN = 8
WORK_FLOOR = 4096


def work_budget(rows: Sequence[Sequence[MPat]]) -> int:
    return WORK_PER_PATTERN * sum(pattern_size(p) for ps in rows for p in ps) + WORK_FLOOR


def pattern_size(p: MPat) -> int:
    """The number of pattern terms in p (wildcards and variables count 1), a
    constructor counted once per constructor of its datatype: a switch has
    an arm for each (so the tree of `fun eq (A, A) = true | eq (B, B) = true
    ... | eq _ = false` over n constructors, n switches of n arms, is linear
    in this size)."""
    size = 0
    pending = [p]
    while pending:
        q = pending.pop()
        size += q.ncons if isinstance(q, MCon) else 1
        if isinstance(q, MTuple):
            pending.extend(q.items)
        elif isinstance(q, MAs):
            pending.append(q.pat)
        elif isinstance(q, (MCon, MExn, MRef)) and q.arg is not None:
            pending.append(q.arg)
    return size


class _OverBudget(Exception):
    """The decision tree took more work than its budget: compile_match falls back to row_by_row."""


class _Memo(dict):
    """compile_match's memo of subproblems, with the work it may still do."""

    __slots__ = ("work_left",)

    def __init__(self, work_left: int):
        super().__init__()
        self.work_left = work_left


def row_by_row(roots: Sequence[Hashable], rows: Sequence[Sequence[MPat]]) -> Tree:
    """The tree that tries the rows one after the other (backtracking
    automata): row i's patterns are tested left to right, outside in; each
    failing test goes on to the tree of rows i+1.., shared; success is row
    i's Leaf. Its size is the sum of the rows' sizes (a switch counts an arm
    per constructor), whatever the rows, but a part of the scrutinee may be
    tested again by each row. Testing has no effect (a ref is read, never
    written), so the first matching row is the one chosen, as by the
    decision tree."""
    tail: Tree = FAIL
    for action in reversed(range(len(rows))):
        tail = _row_tree(roots, rows[action], action, tail)
    return tail


def _row_tree(roots, pats, action: int, otherwise: Tree) -> Tree:
    """The tree matching one row, `otherwise` where it fails."""
    tests = []  # (kind, occ, what) in the order they are made
    bindings = []
    pending = [((root, ()), p) for root, p in reversed(tuple(zip(roots, pats)))]  # a stack: the leftmost on top
    while pending:
        occ, p = pending.pop()
        while isinstance(p, (MVar, MAs)):
            bindings.append((p.key, occ))
            p = WILD if isinstance(p, MVar) else p.pat
        if isinstance(p, MTuple):
            pending.extend(reversed(tuple(zip(_tuple_occs(occ, len(p.items)), p.items))))
        elif isinstance(p, MRef):
            key = DerefKey(next(_fresh))
            tests.append(("deref", occ, key))
            pending.append(((key, ()), p.arg))
        elif isinstance(p, (MCon, MExn)):
            if isinstance(p, MExn):
                tests.append(("exn", occ, p.ref))
            elif p.ncons > 1:
                tests.append(("con", occ, p))
            if p.arg is not None:
                pending.append(((occ[0], Path.extend(occ[1], "arg")), p.arg))
        elif isinstance(p, MConst):
            tests.append(("const", occ, p.value))
    tree: Tree = Leaf(action, tuple(bindings))
    for kind, occ, what in reversed(tests):
        if kind == "deref":
            tree = Deref(occ, what, tree)
        elif kind == "con":
            arms = tuple(tree if tag == what.tag else otherwise for tag in range(what.ncons))
            tree = Switch(occ, arms, what.datatype)
        else:
            tree = Test(occ, kind, what, tree, otherwise)
    return tree


def _absorb(occs, row: _Row) -> _Row:
    """Move variables and `as` layers into the row's bindings, left to
    right. Only the columns in row.fresh can hold them (the others were
    absorbed before): the row as it is if none does."""
    if row.fresh == ():
        return row
    lo, hi = (0, len(row.pats)) if row.fresh is None else row.fresh
    fresh = row.pats[lo:hi]
    kinds = set(map(type, fresh))
    if MVar not in kinds and MAs not in kinds:
        row.fresh = ()
        return row
    pats = list(fresh)  # only the fresh columns are copied: the rest is shared
    binds = list(row.bindings)
    for j in range(lo, hi):
        p = pats[j - lo]
        while isinstance(p, (MVar, MAs)):
            binds.append((p.key, occs[j]))
            p = WILD if isinstance(p, MVar) else p.pat
        pats[j - lo] = p
    if row.fresh is None:
        new_pats = _Cols.of(pats)
    else:
        # replace the range one column at a time, from the right (each
        # replace copies only the chunks up to that column)
        new_pats = row.pats
        for j in reversed(range(lo, hi)):
            new_pats = new_pats.replace(j, (pats[j - lo],))
    return _Row(new_pats, tuple(binds), row.action, ())


def _compile(occs: tuple, rows: list, memo: _Memo) -> Tree:
    memo.work_left -= 1 + len(rows)
    if memo.work_left < 0:
        raise _OverBudget
    if not rows:
        return FAIL  # (as _compile_new would make it, without keying it)
    key = _MemoKey.of(occs, tuple(rows))
    tree = memo.get(key)
    if tree is None:
        tree = memo[key] = _compile_new(occs, rows, memo)
    return tree


def _compile_new(occs: tuple, rows: list, memo: dict) -> Tree:
    if not rows:
        return FAIL
    rows = [_absorb(occs, r) for r in rows]
    first = rows[0]
    j = first.pats.first_not_wild()
    if j is None:
        return Leaf(first.action, first.bindings)
    p = first.pats[j]
    occ = occs[j]
    if isinstance(p, MTuple):
        n = len(p.items)
        return _compile(_replace(occs, j, _tuple_occs(occ, n)),
                        [_expand(r, j, lambda q: q.items if isinstance(q, MTuple) else (WILD,) * n) for r in rows],
                        memo)
    if isinstance(p, MRef):
        key = DerefKey(next(_fresh))
        sub = _compile(_replace(occs, j, ((key, ()),)),
                       [_expand(r, j, lambda q: (q.arg,) if isinstance(q, MRef) else (WILD,)) for r in rows], memo)
        return Deref(occ, key, sub)
    if isinstance(p, MCon):
        if p.ncons == 1:
            return _specialize_con(occs, rows, j, p.tag, memo)
        # the rows kept under each tag, in order, found in one pass:
        # filtering all rows per tag was quadratic in a datatype's size
        by_tag: list[list] = [[] for _ in range(p.ncons)]
        for r in rows:
            q = r.pats[j]
            if isinstance(q, MWild):
                for kept in by_tag:
                    kept.append(r)
            else:
                by_tag[q.tag].append(r)
        # a list, not a generator, around the recursion: each generator
        # running holds an entry of the interpreter's stack of handled
        # exceptions, which every exception raised below walks (a pattern
        # nested n deep made n² steps)
        arms = [_specialize_con(occs, by_tag[tag], j, tag, memo) for tag in range(p.ncons)]
        return Switch(occ, tuple(arms), p.datatype)
    if isinstance(p, MConst):
        values = sorted({q.value for q in (r.pats[j] for r in rows) if isinstance(q, MConst)})
        if len(values) > CONST_SEARCH_MIN:
            return _const_search(occs, rows, j, values, memo)
        yes = [_expand(r, j, lambda q: ()) for r in rows
               if isinstance(r.pats[j], MWild) or r.pats[j] == p]
        no = [r for r in rows if r.pats[j] != p]
        return Test(occ, "const", p.value, _compile(_replace(occs, j, ()), yes, memo), _compile(occs, no, memo))
    if isinstance(p, MExn):
        return _exn_chain(occs, rows, j, memo)
    raise AssertionError(f"unexpected pattern term {p!r}")


def _exn_chain(occs, rows, j, memo: dict) -> Tree:
    """The tree for `rows` (absorbed) whose first row tests column j first,
    against an exception: Test(occ, "exn", p, yes, no) with yes the rows of
    that exception and the wildcards there (expanded), no the rows of the
    other exceptions and the wildcards; when no's first row tests column j
    first again, no is the next test of the chain, made in the same loop
    (a `handle` or `case` of n exception rules is a chain of n tests).
    Filtering and keying the rows left at each test would be n times n
    rows: the rows are grouped by exception in one pass instead, and the
    rows left after k tests are those outside the first k groups, keyed by
    their hash sum (_MemoKey) and listed only where the chain ends. The memo
    is consulted and filled in the same order as a test-by-test recursion
    would (tests/test_scaling.py compares the two), so the tree, its sharing
    included, is the same."""
    occ = occs[j]
    rank = []  # per row: the index of its exception's group, or None (a wildcard)
    groups: dict = {}  # exception -> its group's index
    members: list[list[int]] = []
    group_hash: list[int] = []
    for i, r in enumerate(rows):
        q = r.pats[j]
        if isinstance(q, MExn):
            g = groups.get(q.exn)
            if g is None:
                g = groups[q.exn] = len(members)
                members.append([])
                group_hash.append(0)
            members[g].append(i)
            group_hash[g] += hash(r)
            rank.append(g)
        else:
            rank.append(None)
    wild = [i for i, g in enumerate(rank) if g is None]
    left_hash = sum(map(hash, rows)) & _HASH_MASK

    def rows_left(k: int):
        """The rows left after the tests of groups 0 .. k-1."""
        return lambda: tuple(r for r, g in zip(rows, rank) if g is None or g >= k)

    tests = []  # (exception ref, yes tree, memo key of the node) per level
    k = 0
    key = None  # level 0 is keyed by the caller, _compile
    while True:
        if k > 0:
            left_hash = (left_hash - group_hash[k - 1]) & _HASH_MASK
            key = _MemoKey(occs, left_hash, rows_left(k))
            tail = memo.get(key)
            if tail is not None:
                break
            # The chain goes on while the first row left is the first of
            # a group (not a wildcard at j) with nothing to test before j.
            if (k == len(members) or (wild and wild[0] < members[k][0])
                    or rows[members[k][0]].pats.first_not_wild() != j):
                tail = _compile(occs, list(key.rows()), memo)
                break
        p = rows[members[k][0]].pats[j]
        has_arg = p.arg is not None
        yes_rows = sorted(members[k] + wild) if wild else members[k]
        yes = [_expand(rows[i], j, lambda q: ((q.arg,) if isinstance(q, MExn) else (WILD,)) if has_arg else ())
               for i in yes_rows]
        new_occs = _replace(occs, j, ((occ[0], Path.extend(occ[1], "arg")),) if has_arg else ())
        tests.append((p.ref, _compile(new_occs, yes, memo), key))
        k += 1
    for ref, yes_tree, key in reversed(tests):
        tail = Test(occ, "exn", ref, yes_tree, tail)
        if key is not None:
            memo[key] = tail
    return tail


# A column tested against more distinct constants than this is searched by
# halving (Test kind "less") rather than tested constant after constant:
# each test of a chain nests the rest one code block deeper, so a chain of a
# few hundred constant arms would be as deep as it is long (the bytecode
# allows MAX_CODE_NESTING levels; depth also costs the walkers over code).
# Up to this many, the chain is kept (its code is the smallest).
CONST_SEARCH_MIN = 32


def _const_search(occs, rows, j, values, memo: dict) -> Tree:
    """Column j against the sorted distinct constants `values` of the rows: a
    balanced tree of "less" tests narrows to one constant, tested for
    equality; rows with a wildcard there are the default. Matching a
    constant has no effect, so testing them in another order than the rows'
    chooses the same rule."""
    occ = occs[j]
    # the rows of each constant and the wildcard rows, found in one pass:
    # filtering all rows per constant was quadratic in a long `case`
    wild: list[int] = []
    by_value: dict = {}
    for i, r in enumerate(rows):
        q = r.pats[j]
        if isinstance(q, MWild):
            wild.append(i)
        else:
            by_value.setdefault(q.value, []).append(i)
    default = _compile(occs, [rows[i] for i in wild], memo)

    def holding(value) -> Tree:
        kept = [rows[i] for i in sorted(by_value[value] + wild)]
        return _compile(_replace(occs, j, ()), [_expand(r, j, lambda q: ()) for r in kept], memo)

    def search(lo: int, hi: int) -> Tree:
        if hi - lo == 1:
            return Test(occ, "const", values[lo], holding(values[lo]), default)
        mid = (lo + hi) // 2
        return Test(occ, "less", values[mid], search(lo, mid), search(mid, hi))

    return search(0, len(values))


def _specialize_con(occs, rows, j, tag, memo: dict) -> Tree:
    """The rows that stay possible when column j holds constructor `tag`
    (`rows` may be those already)."""
    kept = [r for r in rows if isinstance(r.pats[j], MWild) or r.pats[j].tag == tag]
    if not kept:
        return _compile(occs, kept, memo)  # Fail, with no occurrences to make
    has_arg = any(isinstance(r.pats[j], MCon) and r.pats[j].arg is not None for r in kept)
    occ = occs[j]
    if has_arg:
        return _compile(_replace(occs, j, ((occ[0], Path.extend(occ[1], "arg")),)),
                        [_expand(r, j, lambda q: (q.arg,) if isinstance(q, MCon) else (WILD,)) for r in kept], memo)
    return _compile(_replace(occs, j, ()), [_expand(r, j, lambda q: ()) for r in kept], memo)


def _tuple_occs(occ: Occ, n: int) -> tuple:
    """Occurrences of the components of an n-tuple (a, (b, (c, d)))."""
    root, path = occ
    out = []
    for i in range(n):  # component i is snd^i fst, the last snd^(n-1)
        out.append((root, Path.extend(path, "fst") if i < n - 1 else path))
        if i < n - 1:
            path = Path.extend(path, "snd")
    return tuple(out)


def _replace(seq: _Cols, j: int, new: tuple) -> _Cols:
    return seq.replace(j, new)


def _expand(row: _Row, j: int, parts) -> _Row:
    """The row with column j replaced by parts(its pattern): the new
    columns are the ones left to absorb, if the row was absorbed."""
    old = row.pats[j]
    new = tuple(parts(old))
    pats_hash = (row._pats_hash - hash(old) + sum(map(hash, new))) & _HASH_MASK
    fresh = (j, j + len(new)) if row.fresh == () else None
    return _Row(_replace(row.pats, j, new), row.bindings, row.action, fresh, pats_hash, row._bindings_hash)


def children(t: Tree) -> tuple:
    if isinstance(t, Switch):
        return t.arms
    if isinstance(t, Test):
        return (t.yes, t.no)
    if isinstance(t, Deref):
        return (t.sub,)
    return ()


def tree_size(t: Tree, sizes: Optional[dict] = None, leaf_weight=lambda action: 1) -> int:
    """Number of nodes of the tree with every shared node counted once per
    path to it: the size of the code if nothing were shared. A leaf counts
    `leaf_weight(action)` (the size of the rule's body, say)."""
    sizes = {} if sizes is None else sizes
    found = sizes.get(id(t))
    if found is None:
        own = leaf_weight(t.action) if isinstance(t, Leaf) else 1
        found = sizes[id(t)] = own + sum(tree_size(c, sizes, leaf_weight) for c in children(t))
    return found


# A node reached on n paths (n > 1) whose copies would add at least this
# much code, (n - 1) times its unshared size in decision nodes, is compiled
# once, as a join point (compiler.Translation.match_tree); otherwise it is
# copied, which costs no reductions: a join point costs a closure per match
# and a call per use. (A decision node is about six instructions.)
JOIN_MIN_EXTRA = 64


def join_points(tree: Tree, min_extra: int = JOIN_MIN_EXTRA, leaf_weight=lambda action: 1) -> dict:
    """The nodes of the DAG `tree` to compile once: reached on n > 1 paths
    and with (n - 1) times their unshared size (tree_size with
    `leaf_weight`) at least `min_extra`, grouped by where they are
    made: under None, where the match starts; under a DerefKey, just after
    the Deref binding it, for a node that reads that slot (the innermost
    it reads; every path to the node passes that Deref). In each group
    children come before their parents."""
    uses: dict = {}
    order: list = []  # post-order, each node once
    free: dict = {}   # id -> the DerefKeys the node reads but does not bind

    def visit(t: Tree) -> None:
        uses[id(t)] = uses.get(id(t), 0) + 1
        if uses[id(t)] > 1:
            return
        keys: set = set()
        for c in children(t):
            visit(c)
            keys |= free[id(c)]
        if isinstance(t, (Switch, Test)):
            keys.add(t.occ[0])
        elif isinstance(t, Deref):
            keys.discard(t.key)
            keys.add(t.occ[0])
        elif isinstance(t, Leaf):
            keys.update(root for _, (root, _) in t.bindings)
        free[id(t)] = {k for k in keys if isinstance(k, DerefKey)}
        order.append(t)

    visit(tree)
    sizes: dict = {}
    groups: dict = {}
    for t in order:
        if uses[id(t)] > 1 and (uses[id(t)] - 1) * tree_size(t, sizes, leaf_weight) >= min_extra:
            # DerefKeys are numbered as made, so the innermost has the largest number
            where = max(free[id(t)], key=lambda k: k.n, default=None)
            groups.setdefault(where, []).append(t)
    return groups
