"""Python values ⇄ CCAM machine values, directed by ML types (for the
embedding API, mlbox/api.py).

Conversions, by the ML type of the position:

  ML type            from Python                          to Python
  int                int (or IntEnum; not bool), 63 bits  int
  word               int 0 .. 2^63-1                      int
  bool               bool                                 bool
  char               str of length 1 (code < 256), int    str of length 1
  string             str (UTF-8) or bytes/bytearray       str (UTF-8; undecodable bytes
                                                          kept as surrogate escapes) — or
                                                          bytes when the API asks for it
  unit               None or ()                           None
  t1 * ... * tn      tuple of n                           tuple
  t list             list or tuple                        list
  t array            list or tuple (a fresh array)        list (a copy)
  t vector           list or tuple                        tuple (immutable, as the
                                                          vector; hashable when its
                                                          items are)
  t option           None / a value (or Data NONE/SOME)   None / the value
  datatype           Data(constructor, arg) or, for a     Data
                     nullary constructor, its name
  functions, [t], refs, exn, abstypes, anything else
                     an MLValue obtained from the API     MLValue (an opaque handle; an
                                                          MLRef for a ref, whose get()
                                                          and set() read and write it)

Machine values are those of ccam/values.py (both machines use them at
their boundary). Type variables of a polymorphic function are bound by the
first argument value met at them (int, bool, str, ...), so that its result
converts back at the same types.

Two ways to convert, with the same results and the same errors:
`Converter` walks the type at every call (it handles type variables);
`Plans` compiles, once per monomorphic type, a Python function that
converts values of that type, so a call that is repeated (a filter applied
to every packet) does no type analysis. A compiled converter hands any value
it does not expect (an MLValue handle, a bad value) to a Converter for the
type of that position, which passes it through or raises the usual error.
"""

from __future__ import annotations

import math
import reprlib
import threading
import weakref
from typing import Any, Callable, Optional

import attrs

from ccam.instructions import INT_MAX, INT_MIN, TAG_NONE, TAG_SOME
from ccam.values import UNIT_VALUE, Array, Con, Pair, Vector, WORD_MODULUS, _path_key, from_word, to_word
from mlbox.deep import with_deep_stack
from mlbox.types import (GENERIC, TArrow, TBox, TCon, TTuple, TVar, Type, TypePrinter, admits_equality, components,
                         free_vars, prune)

NO_ARG = object()  # the argument of a nullary constructor
TOP_LEVEL = 0  # the checker's level of the top-level declarations, whose weak variables a call's results share


def _converts_as_data(t) -> bool:
    """Whether values of datatype t convert to and from Data: not those of
    an abstype, which are opaque outside it (MLValue handles)."""
    return bool(t.tycon.cons) and not t.tycon.abstract


# Sharing. A conversion goes through a machine value as the graph it is: a
# value met again (the same machine object, at the same type) converts to
# the Python value it converted to before, if that value has no mutable
# part (tuples, str, Data, vector tuples, handles, ... without a list under
# them): `val x1 = (x0, x0) ... val x24 = (x23, x23)` converts in 24 steps,
# not 2^24, and comes back shared. An ML list or array comes out as a fresh
# Python list at each occurrence (so mutating one never changes another),
# which can make a Python value exponentially larger than the machine value;
# a conversion stops beyond MAX_PYTHON_NODES nodes (containers made, and
# their items). Python -> ML, the same tuple object (at the same type)
# converts to one machine value, shared.
MAX_PYTHON_NODES = 1 << 24
TOO_LARGE_TO_CONVERT = ("a value of more than {limit:,} nodes as a Python value (lists, or values holding "
                        "lists, shared in ML many times over, each a fresh Python list); keep it in ML as an "
                        "MLValue (keep=True)")


def too_large() -> "HostValueError":
    return HostValueError(TOO_LARGE_TO_CONVERT.format(limit=MAX_PYTHON_NODES))


# An array is copied into a list, so one inside itself has no finite copy;
# found as it is met again inside its own copy (it used to be found only by
# the recursion limit, seconds later once a deep value gets the deep stack).
ARRAY_INSIDE_ITSELF = ("an array that contains itself cannot be converted to Python (its copy would "
                       "be infinite); keep it in ML as an MLValue (keep=True)")


LEAF_TYPES = frozenset(("int", "word", "bool", "char", "string"))
# A string of fewer bytes decodes about as fast as it is looked up: only
# longer ones are shared.
SHARED_STRING = 64


# A tuple of at most this many tuples and leaves (as a tree: (int * (int *
# string)) is 5) is made about as fast as it is looked up, whatever shares
# it: only larger ones are shared.
SMALL_TUPLE = 8


def worth_sharing(t: Type) -> bool:
    """Whether converting values of t (resolved) is worth sharing: not for
    leaves and small tuples of leaves (see SMALL_TUPLE; of strings, only
    long ones are: see SHARED_STRING), options (their argument), lists and
    arrays (fresh lists), handles."""
    if isinstance(t, TTuple):
        return not _small_tuple(t)
    if isinstance(t, TCon):
        name = t.tycon.basis_name
        return name == "string" or name == "vector" or (
            name not in LEAF_TYPES and name not in ("list", "array", "option") and _converts_as_data(t))
    return False


def _small_tuple(t: Type) -> bool:
    """Whether t is made of tuples and leaves, at most SMALL_TUPLE of them
    as a tree (a walk of at most that many steps)."""
    pending, count = [t], 0
    while pending:
        t = prune(pending.pop())
        count += 1
        if count > SMALL_TUPLE:
            return False
        if isinstance(t, TTuple):
            pending.extend(t.items)
        elif not (isinstance(t, TCon) and t.tycon.basis_name in LEAF_TYPES):
            return False
    return True


def converts_immutable(t: Type, resolve: Callable[[Type], Type] = prune, known: Optional[dict] = None) -> bool:
    """Whether every value of type t converts to a Python value with no
    mutable part (no list, which is what ML lists and arrays become), so
    that one conversion may stand for every occurrence of a shared value.
    `resolve` maps a type variable to what a call has bound it to; an
    unbound one converts to a handle, which is immutable. `known` (id of a
    resolved type or of a datatype's Tycon -> (answer, it)) is kept by the
    caller across calls: a type shared as a graph is walked once."""
    known = {} if known is None else known
    t = resolve(t)
    entry = known.get(id(t))
    if entry is not None:
        return entry[0]
    if isinstance(t, TTuple):
        answer = all(converts_immutable(i, resolve, known) for i in t.items)
    elif not isinstance(t, TCon):
        answer = True  # a type variable, function or generator: a handle
    elif t.tycon.basis_name in ("list", "array"):
        answer = False
    elif not all(converts_immutable(a, resolve, known) for a in t.args):
        answer = False
    elif not _converts_as_data(t) or t.tycon.basis_name in ("option", "vector"):
        answer = True  # a leaf, or a handle (ref, exn, abstype); option and vector hold their argument
    else:
        answer = _datatype_immutable(t.tycon, known)
    known[id(t)] = (answer, t)
    return answer


def _datatype_immutable(tycon, known: dict) -> bool:
    """Whether a datatype's constructor arguments convert immutable, its
    parameters counting as immutable (its instance's are checked apart)
    and itself too where it is met again inside them."""
    entry = known.get(id(tycon))
    if entry is not None:
        return entry[0]
    known[id(tycon)] = (True, tycon)  # met again while its constructors are checked
    answer = all(converts_immutable(prune(con.ty).arg, prune, known) for con in tycon.cons if con.has_arg)
    known[id(tycon)] = (answer, tycon)
    return answer


class APIError(Exception):
    """Base class of the embedding API's errors (mlbox.api re-exports it)."""


class HostValueError(APIError, TypeError):
    """A Python value that cannot stand for a value of the ML type asked for.
    In a batch (MLFunction.map), `index` is the argument's position."""

    index: Optional[int] = None


@attrs.frozen
class Data:
    """A value of a datatype: a constructor name and, unless the
    constructor is nullary, its argument (`Data("Leaf")`, `Data("Node", (l, 3, r))`)."""

    constructor: str
    arg: Any = NO_ARG

    def __repr__(self) -> str:
        # Python's convention: the repr is the expression that makes an
        # equal value (where the argument's repr is one), `Data('Rect', (0,
        # 0))`, `Data('Leaf')`; a constructor given as something else
        # (Data(3)) is still shown as given, in an error
        arg = self.arg
        if arg is NO_ARG:
            return f"Data({self.constructor!r})"
        if type(arg) not in _NESTING:
            return f"Data({self.constructor!r}, {arg!r})"
        # (a thread's own count: another thread's repr is not nested in it)
        depth = _repr_depth.levels
        if depth >= _RECURSIVE_REPR_LEVELS:
            return _nested_repr(self, set())
        _repr_depth.levels = depth + 1
        try:
            return f"Data({self.constructor!r}, {arg!r})"
        finally:
            _repr_depth.levels = depth


# A value from ML is routinely nested thousands of levels deep (a list built
# as a datatype, a syntax tree), and Python's reprs recurse, some frames a
# level: past _RECURSIVE_REPR_LEVELS Data values nested in one another, a
# Data value's repr shows the rest itself, without recursion
# (_nested_repr), so that printing a result works at any depth and still
# shows all of it, evaluable as before (bounded_repr is the short form, for
# error messages). Above that, Python's own reprs, at C speed for the lists
# and tuples (a small value's repr costs 1.5 times what the plain recursive
# one did; the walk alone, 2 to 5 times).
_NESTING = frozenset((Data, list, tuple))
# Each level is three or four frames of Python's recursion limit (1,000 by
# default) with a tuple or list in the argument: room for the caller's.
_RECURSIVE_REPR_LEVELS = 100


class _ReprDepth(threading.local):
    levels = 0  # Data reprs in progress, nested in one another


_repr_depth = _ReprDepth()


class _Text(str):
    """Text to emit as it is, on _nested_repr's work stack."""


class _Leave:
    """On _nested_repr's work stack: the end of a list, tuple or Data value,
    no longer being shown."""

    __slots__ = ("key",)

    def __init__(self, key: int) -> None:
        self.key = key


_COMMA = _Text(", ")


def _nested_repr(root, showing: set) -> str:
    """repr(root), a Data value, list or tuple, without recursion."""
    out: list[str] = []
    work: list = [root]
    while work:
        item = work.pop()
        kind = type(item)
        if kind is _Text:
            out.append(item)
            continue
        if kind is _Leave:
            showing.discard(item.key)
            continue
        if kind not in _NESTING:
            out.append(repr(item))
            continue
        key = id(item)
        if key in showing:
            out.append("Data(...)" if kind is Data else "[...]" if kind is list else "(...)")
            continue
        if kind is Data:
            if item.arg is NO_ARG:
                out.append(f"Data({item.constructor!r})")
                continue
            showing.add(key)
            out.append("Data(")
            work += (_Leave(key), _Text(")"), item.arg, _COMMA, item.constructor)
            continue
        if _NESTING.isdisjoint(map(type, item)):  # at C speed: the items' reprs cannot nest
            out.append(repr(item))
            continue
        showing.add(key)
        if kind is list:
            out.append("[")
            work += (_Leave(key), _Text("]"))
        else:
            out.append("(")
            work += (_Leave(key), _Text(",)" if len(item) == 1 else ")"))
        for position in range(len(item) - 1, 0, -1):
            work += (item[position], _COMMA)
        work.append(item[0])
    return "".join(out)


class _BoundedRepr(reprlib.Repr):
    """reprlib's bounded work on huge, deeply nested or cyclic containers,
    through Data values too: reprlib shows an object of another class by
    its repr, which recurses through a Data value's argument unbounded (and
    a deep one's failed: `<Data instance at 0x…>`)."""

    def repr_Data(self, x: Data, level: int) -> str:
        constructor = self.repr1(x.constructor, level - 1)
        if x.arg is NO_ARG:
            return f"Data({constructor})"
        if level <= 0:
            return f"Data({constructor}, {self.fillvalue})"
        return f"Data({constructor}, {self.repr1(x.arg, level - 1)})"


_BOUNDED_REPR = _BoundedRepr()


def bounded_repr(value) -> str:
    """A Python value as an error message shows it: bounded in depth and
    length (reprlib's limits), whatever the value."""
    return _BOUNDED_REPR.repr(value)


class Handle:
    """Python objects that stand for an ML value of a loaded program, and
    are passed back to it as that value: `value` (the machine value) and
    `owner` (the program). MLValue, and api.MLFunction.

    A handle names a value inside its program's machine, which Python
    cannot copy: copy.copy and copy.deepcopy give the handle itself (as
    they give a Python function), so that a structure holding handles can
    still be copied; pickling one is a TypeError, as copying a Program is."""

    __slots__ = ()

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        raise TypeError(NOT_PICKLED.format(what=f"an ML value ({type(self).__name__})", done="pickled"))


# (copy's default would copy the whole program, machine included, and fail
# deep inside it with an AttributeError)
NOT_PICKLED = "{what} cannot be {done}: it lives in a loaded program's machine"


@attrs.frozen(eq=False)
class MLValue(Handle):
    """An ML value kept as it is (a function, a generator, a ref, ...):
    it can be passed back to the program it came from."""

    value: Any
    type: Type
    owner: Any = None  # the api.Program it belongs to
    # the MLFunction it is called as, made on the first call (its conversion
    # plan looked up once, not at every call: half the time of a short call)
    _function: Any = attrs.field(default=None, init=False, repr=False)

    def __repr__(self) -> str:
        return f"<ML value : {show_type(self.type)}>"

    def __call__(self, *args, keep: bool = False):
        """A kept function can still be called, as the MLFunction it is."""
        function = self._function
        if function is None:
            if function_parts(self.type) is None or self.owner is None:
                raise APIError(f"a kept value of type {show_type(self.type)} is not a function: it cannot be called")
            function = self.owner._wrap(self)
            object.__setattr__(self, "_function", function)  # (a frozen class: a cache, not a change of value)
        return function.call(*args, keep=keep)


class MLRef(MLValue):
    """A handle on an ML ref (`t ref`), wherever one comes back (a
    top-level `val cell = ref []`, a call's result, inside a tuple or a
    list, the content of another ref). Besides being passed back as any
    handle is, it reads and writes the ref's content, converted by the
    content type t as a call converts its argument and result:

        cell.get()          # !cell, as a Python value (keep=True: an MLValue)
        cell.set([3, 1])    # cell := [3, 1]

    Both run `!` and `:=` in the program's machine (as a call, holding the
    program's lock; interrupt() stops them, the program's limits bound
    them; the C machine's write barrier sees the store), and neither is a
    call of the program: `last_stats` stays the latest call's."""

    __slots__ = ()

    @property
    def content_type(self) -> Type:
        """t, for a handle of type t ref."""
        return prune(self.type).args[0]

    def get(self, *, keep: bool = False):
        """The ref's content now (`!r`), converted by its type: a function
        as an MLFunction, a ref as an MLRef, a list as a fresh list...;
        keep=True returns it unconverted, as an MLValue."""
        return self._program()._read_ref(self, keep)

    def set(self, value) -> None:
        """Store `value` in the ref (`r := value`), converted by the ref's
        content type as a call's argument is: a weak type variable ('_a)
        is fixed for good by the first value that gives it a type; a
        Python value that cannot stand for the type, or a handle of
        another type or program, is a HostValueError and stores nothing."""
        self._program()._write_ref(self, value)

    def _program(self):
        if self.owner is None:
            raise APIError("this ref handle belongs to no loaded program: it cannot be read or written")
        return self.owner


def is_ref_type(t: Type) -> bool:
    """Whether t is the basis's `ref` (not a program's own `datatype 'a ref`)."""
    t = prune(t)
    return isinstance(t, TCon) and t.tycon.basis_name == "ref"


def make_handle(value, t: Type, owner) -> MLValue:
    """The handle of machine value `value` of type t: an MLRef for a ref,
    else an MLValue (api.Program._wrap makes a function's an MLFunction)."""
    return (MLRef if is_ref_type(t) else MLValue)(value, t, owner)


# A str goes to ML as UTF-8, with the surrogate escapes of bytes that were
# not UTF-8 (U+DC80..U+DCFF, as strings come back) turned back into those
# bytes; any other surrogate has no UTF-8 form.
STR_NOT_UTF8 = "a lone surrogate U+{code:04X} (at index {at}) has no UTF-8 form; pass bytes for arbitrary bytes"


def _plain_int(value) -> Optional[int]:
    """The int that `value` is, as the machine takes it: an int or an int
    subclass (IntEnum, IntFlag), but not a bool, which is ML's bool."""
    if type(value) is int:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return None


def types_may_match(a: Type, b: Type) -> bool:
    """Whether types a and b agree wherever both are known (a type
    variable on either side matches anything; nothing is bound). Iterative:
    types may be nested deeper than Python's recursion limit."""
    pending = [(a, b)]
    while pending:
        a, b = pending.pop()
        a, b = prune(a), prune(b)
        if isinstance(a, TVar) or isinstance(b, TVar):
            continue
        if type(a) is not type(b):
            return False
        if isinstance(a, TCon):
            if a.tycon is not b.tycon or len(a.args) != len(b.args):
                return False
            pending.extend(zip(a.args, b.args))
        elif isinstance(a, TTuple):
            if len(a.items) != len(b.items):
                return False
            pending.extend(zip(a.items, b.items))
        elif isinstance(a, TArrow):
            pending += [(a.arg, b.arg), (a.res, b.res)]
        else:  # TBox
            pending.append((a.body, b.body))
    return True


def show_type(t: Type) -> str:
    """The type in SML notation. The printer recurses over the type, so a
    type nested deeper than this thread's stack allows (say 500 `[...]`)
    is printed on the deep stack (mlbox/deep.py) instead."""
    # weak=True: a weak variable shows as '_a, as `mlbox check` shows it
    try:
        return TypePrinter(weak=True).show(t)
    except RecursionError:
        return with_deep_stack(TypePrinter(weak=True).show)(t)


def _is_weak(var: TVar) -> bool:
    """A weak type variable ('_a): in the type of a top-level value that the
    value restriction kept monomorphic; not a callee's quantified variable,
    nor an overloaded literal's."""
    return var.level != GENERIC and var.overload is None


def _link_weak_fixes(fixes) -> None:
    """Fix for good each (weak variable, type) of a call whose arguments all
    converted (one an earlier call of a batch linked stays as it is); a type
    that is itself a weak variable joins the two (never into a cycle)."""
    for var, t in fixes:
        if prune(var) is var and prune(t) is not var:
            var.link = t


class _NodeCounting:
    """A conversion to Python's count of the nodes it made (`nodes`, reset by
    its owner), bounded by MAX_PYTHON_NODES."""

    nodes = 0

    def _made(self, count: int) -> None:
        self.nodes += count
        if self.nodes > MAX_PYTHON_NODES:
            raise too_large()


class Converter(_NodeCounting):
    """One conversion session (one call): carries the type-variable
    bindings inferred from the arguments to the result."""

    def __init__(self, owner=None, bytes_strings: bool = False, weak_fixes: Optional[dict] = None):
        self.owner = owner
        self.bytes_strings = bytes_strings
        self.bindings: dict[int, Type] = {}
        # The weak variables this call fixes for good (see _bind), linked
        # once its arguments have all converted (commit_weak_fixes):
        # id -> (variable, type). The calls of one batch share it, as they
        # share the variables.
        self.weak_fixes: dict[int, tuple[TVar, Type]] = {} if weak_fixes is None else weak_fixes
        # weak variables that stand for an equality type variable of the
        # callee in this call (''b given a '_a): what fixes them must admit =
        self.needs_equality: set[int] = set()
        # (value, weak variable, type) where a handle's weak variable stood
        # for a type the callee's variables make ('_a for 'c list): fixed
        # once all the arguments are converted (see settle_weak)
        self.open_weak: list[tuple[Any, TVar, Type]] = []
        # Sharing (see MAX_PYTHON_NODES): (id(value), id(type)) -> (converted,
        # value, type), one table each way; the value and type are kept so
        # that their ids are not reused while the conversion lives.
        self.shared_out: dict[tuple[int, int], tuple] = {}
        self.shared_in: dict[tuple[int, int], tuple] = {}
        self.immutable: dict[int, tuple[bool, Any]] = {}  # converts_immutable's table
        self.arg_types: dict[tuple[int, int], tuple[Type, Type]] = {}  # see _constructor_arg_type
        self.nodes = 0  # Python nodes made by to_python (containers and their items)
        self.copying: set = set()  # the arrays being copied (see ARRAY_INSIDE_ITSELF)

    # ------------------------------------------------------------ helpers

    def _resolve(self, t: Type) -> Type:
        t = prune(t)
        while isinstance(t, TVar):
            if id(t) in self.bindings:
                t = prune(self.bindings[id(t)])
            elif id(t) in self.weak_fixes:
                t = prune(self.weak_fixes[id(t)][1])
            else:
                break
        return t

    def _constructor_arg_type(self, con, t: TCon) -> Type:
        """constructor_arg_type, one type object per constructor and
        instance: the sharing tables are keyed by the type's identity."""
        key = (id(con), id(t))
        known = self.arg_types.get(key)
        if known is None:
            known = self.arg_types[key] = (constructor_arg_type(con, t), t)
        return known[0]

    def _converts_immutable(self, t: Type) -> bool:
        return converts_immutable(t, self._resolve, self.immutable)

    def resolved(self, t: Type) -> Type:
        """t with the type variables this call's arguments fixed (the type a
        kept result of a polymorphic function has)."""
        if not (self.bindings or self.weak_fixes):
            return t  # (types may be deep)
        return _substitute(t, {**self.bindings, **{key: fix for key, (_, fix) in self.weak_fixes.items()}})

    def _fix_variables(self, value, t: Type, known: Type) -> None:
        """Fix each type variable of t that this call has not fixed yet to
        the part of `known` (a handle's type, already checked to match) in
        its place, so that a result typed by them converts at that type.
        A part of `known` that is a variable fixes nothing, unless it is a
        weak one (see _meet_weak). Iterative: types may be nested deeper
        than Python's recursion limit."""
        pending = [(t, known)]
        entered: set[tuple[int, int]] = set()  # a shared pair of nodes is walked once
        while pending:
            a, b = pending.pop()
            a, b = self._resolve(a), self._resolve(b)
            if (id(a), id(b)) in entered:
                continue
            entered.add((id(a), id(b)))
            if isinstance(b, TVar):
                if isinstance(a, TVar) and a is not b and _is_weak(b):
                    self._meet_weak(value, a, b)
                elif not isinstance(a, TVar) and _is_weak(b) and not self._ground(a):
                    self.open_weak.append((value, b, a))
                continue
            if isinstance(a, TVar):
                self._bind(value, a, b)
            elif type(a) is type(b):  # (their shapes match: checked before)
                pending.extend(zip(components(a), components(b)))

    def _meet_weak(self, value, var: TVar, weak: TVar) -> None:
        """A handle's weak variable in the place of var, a variable of the
        callee's type or another weak one: they are one type. So var stands
        for the weak variable in this call, and whatever fixes var (a later
        argument: `push (cell, 3)` with push : 'b list ref * 'b -> unit)
        fixes the weak variable for good, as SML's unification would; else
        one `ref []` could be filled with an int in one call and a string
        in the next. Two weak variables are joined for good."""
        if var.eq and not weak.eq:
            self.needs_equality.add(id(weak))
        if _is_weak(var):
            self.weak_fixes[id(var)] = (var, weak)  # committed like a fix
        else:
            self.bindings[id(var)] = weak

    def _bind(self, value, var: TVar, t: Type) -> None:
        """Fix `var` to t: for this call if it is a quantified variable of
        the callee's type; for good if it is a weak one ('_a, the type of a
        top-level value the value restriction kept monomorphic), as SML's
        first use of such a value fixes it, so that one `ref []` cannot be
        filled as an int list and read as a string list."""
        ground = self._ground(t)
        if _is_weak(var) and ground:
            self._fix_for_good(value, var, t)
            return
        target = self._resolve(t)
        if target is var:  # (one weak variable met itself through this call's fixes)
            return
        if isinstance(target, TVar) and _is_weak(target):
            self._meet_weak(value, var, target)
            return
        if _is_weak(var):  # t has variables: fixed when the call's arguments are all in
            self.open_weak.append((value, var, t))
            return
        if var.eq and ground and not admits_equality(self.resolved(t)):
            # passed on, `=` in the callee would stop the machine on a closure
            raise self._fail(value, var, f"an equality type variable, which its type "
                                         f"{show_type(self.resolved(t))} cannot stand for")
        self.bindings[id(var)] = t

    def _fix_for_good(self, value, var: TVar, t: Type) -> None:
        t = self.resolved(t)
        if (var.eq or id(var) in self.needs_equality) and not admits_equality(t):
            raise self._fail(value, t, "its position has a weak equality type (''_a), which this first "
                                       "use would fix to a type without equality")
        # for this call (or batch) at once; for good only when
        # commit_weak_fixes says so (the variable is linked then, not
        # before: a link cannot be undone, as prune shortens the paths
        # through it)
        self.weak_fixes[id(var)] = (var, t)

    def settle_weak(self) -> None:
        """Fix each weak variable that stood for a type with variables in it
        ('_a for 'c list) to that type as the arguments fixed it (int list
        once `3` was given for 'c): the callee may store such a value in it.
        Weak variables may stay in it ('_a for '_b list: both are the
        program's, fixed later); if a variable of the callee's is left open,
        the call is refused: no type of the value would be sound for good."""
        for value, weak, t in self.open_weak:
            fixed = self.resolved(t)
            variables = free_vars(fixed)
            if not all(_is_weak(v) for v in variables):
                raise self._fail(value, t, f"its type has a weak type variable ({show_type(weak)}) that this call "
                                           f"would fix to {show_type(fixed)}, which the call leaves open")
            earlier = self._resolve_weak(weak)
            if isinstance(earlier, TVar):
                if any(v is earlier for v in variables):  # SML's occurs check: no type contains itself
                    raise self._fail(value, t, f"this call would make its weak type variable "
                                               f"{show_type(earlier)} stand for {show_type(fixed)}, which contains it")
                self._fix_for_good(value, earlier, fixed)
            elif not types_may_match(earlier, fixed):  # another argument fixed it otherwise
                raise self._fail(value, t, f"its weak type variable is {show_type(earlier)} in this call")
        self.open_weak.clear()

    def commit_weak_fixes(self) -> None:
        """Fix for good the weak variables this call's arguments fixed: call
        it once they have all converted (a call whose arguments do not
        convert is not made, so it fixes nothing)."""
        self.settle_weak()
        fixes = list(self.weak_fixes.values())
        self.weak_fixes.clear()
        _link_weak_fixes(fixes)

    def argument(self, value, t: Type):
        """`value` converted at t, the argument type of a call, with the
        weak variables it fixes committed."""
        converted = self.to_ml(value, t)
        self.commit_weak_fixes()
        return converted

    def weaken_open(self, t: Type) -> None:
        """Make t, the result type of a call, the type SML gives the result
        of an application, which the value restriction does not generalise:
        each variable of the callee's type that the arguments left open
        becomes a fresh weak variable ('_a), one per variable for the whole
        result, so that its first use fixes it for good. Left generic, the
        result of `mkempty ()` (an 'a list ref) could be filled with ints by
        one call and read as strings by the next. Iterative: types may be
        nested deeper than Python's recursion limit."""
        pending = [t]
        entered: set[int] = set()  # a shared node is walked once (types alive: their ids stay theirs)
        while pending:
            t = self._resolve(pending.pop())
            if isinstance(t, TVar):
                if t.level == GENERIC:
                    self.bindings[id(t)] = TVar(TOP_LEVEL, eq=t.eq)
            elif id(t) not in entered:
                entered.add(id(t))
                pending.extend(components(t))

    def _resolve_weak(self, t: Type) -> Type:
        """t's representative, through the weak variables this call fixed."""
        t = prune(t)
        while isinstance(t, TVar) and id(t) in self.weak_fixes:
            t = prune(self.weak_fixes[id(t)][1])
        return t

    def _weak_resolved(self, t: Type) -> Type:
        return _substitute(t, {key: fix for key, (_, fix) in self.weak_fixes.items()})

    def _ground(self, t: Type) -> bool:
        """Whether t, with this call's bindings, has no type variable left."""
        pending = [t]
        entered: set[int] = set()  # a shared node is walked once
        while pending:
            t = self._resolve(pending.pop())
            if isinstance(t, TVar):
                return False
            if id(t) not in entered:
                entered.add(id(t))
                pending.extend(components(t))
        return True

    def _fix_weak(self, value, known: Type, t: Type) -> None:
        """Fix each weak variable of `known` (a handle's type, already
        checked to match t) to the part of t in its place, where that part
        is fully known (see _bind)."""
        pending = [(known, t)]
        while pending:
            a, b = pending.pop()
            a, b = self._resolve_weak(a), self._resolve(b)
            if isinstance(a, TVar):
                if _is_weak(a) and self._ground(b):
                    self._fix_for_good(value, a, b)
            elif isinstance(b, TVar):
                continue
            elif not types_may_match(a, b):  # a weak variable an earlier argument fixed
                raise self._fail(value, t, f"it is an ML value of type {show_type(self._weak_resolved(known))}")
            elif type(a) is type(b):  # (their shapes match: checked before)
                pending.extend(zip(components(a), components(b)))

    def _fail(self, value, t: Type, why: str = "") -> HostValueError:
        shown = bounded_repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        return HostValueError(f"cannot pass {shown} (Python {type(value).__name__}) as ML type {show_type(t)}"
                              + (f": {why}" if why else ""))

    # ------------------------------------------------------ Python → ML

    def to_ml(self, value, t: Type):
        t = self._resolve(t)
        if isinstance(value, Handle):
            if self.owner is not None and value.owner is not None and value.owner is not self.owner:
                raise self._fail(value, t, "it belongs to another loaded program")
            handle_type = getattr(value, "type", None)
            if (handle_type is not None and isinstance(t, TCon) and t.tycon.basis_name == "option"
                    and not types_may_match(handle_type, t) and types_may_match(handle_type, t.args[0])):
                # `SOME v` is v, a handle too (a function or a ref given
                # for a `t option`), unless the handle is a whole option
                return Con(TAG_SOME, self.to_ml(value, t.args[0]))
            if handle_type is not None and not types_may_match(handle_type, t):
                # passed on, the machine would find the mismatch (or not) deep in the call
                raise self._fail(value, t, f"it is an ML value of type {show_type(handle_type)}")
            if isinstance(t, TVar) and handle_type is not None:
                # so the result converts at it (`id f` is callable); a handle
                # typed by t itself fixes nothing (binding t to t would make
                # _resolve loop)
                if prune(handle_type) is not t:
                    self._bind(value, t, handle_type)
            elif handle_type is not None:
                self._fix_weak(value, handle_type, t)
                self._fix_variables(value, t, handle_type)  # `eval g x` with g : [int -> int] is an int
            return value.value
        if isinstance(t, TVar):
            guessed = self._guess(value)
            if guessed is None:
                raise self._fail(value, t, "its ML type cannot be told from the Python value")
            self._bind(value, t, guessed)
            return self.to_ml(value, guessed)
        if isinstance(t, TTuple):
            if not t.items:
                if value is None or value == ():
                    return UNIT_VALUE
                raise self._fail(value, t, "unit is None or ()")
            if not isinstance(value, tuple) or len(value) != len(t.items):
                raise self._fail(value, t, f"expected a tuple of {len(t.items)}")
            key = (id(value), id(t))
            known = self.shared_in.get(key)
            if known is not None:  # the same tuple at the same type: one machine value
                return known[0]
            items = [self.to_ml(v, ty) for v, ty in zip(value, t.items)]
            result = items[-1]
            for item in reversed(items[:-1]):
                result = Pair(item, result)
            self.shared_in[key] = (result, value, t)
            return result
        if isinstance(t, TCon):
            return self._con_to_ml(value, t)
        raise self._fail(value, t, _only_handles(t, value))

    def _con_to_ml(self, value, t: TCon):
        name = t.tycon.basis_name
        if name == "int":
            number = _plain_int(value)
            if number is None or not INT_MIN <= number <= INT_MAX:
                raise self._fail(value, t, "an int is a Python int in the 63-bit range")
            return number
        if name == "word":
            number = _plain_int(value)
            if number is None or not 0 <= number < WORD_MODULUS:
                raise self._fail(value, t, "a word is a Python int in 0 .. 2^63-1")
            return from_word(number)
        if name == "bool":
            if type(value) is not bool:
                raise self._fail(value, t)
            return Con(1 if value else 0)
        if name == "char":
            if isinstance(value, str) and len(value) == 1 and ord(value) < 256:
                return ord(value)
            number = _plain_int(value)
            if number is not None and 0 <= number < 256:
                return number
            raise self._fail(value, t, "a char is a one-character str (code below 256) or an int 0..255")
        if name == "string":
            if isinstance(value, str):
                try:
                    return value.encode("utf-8", "surrogateescape")
                except UnicodeEncodeError as error:
                    raise self._fail(value, t, STR_NOT_UTF8.format(code=ord(value[error.start]),
                                                                   at=error.start)) from None
            if isinstance(value, (bytes, bytearray, memoryview)):
                return bytes(value)
            raise self._fail(value, t)
        if name in ("list", "array", "vector"):
            if not isinstance(value, (list, tuple)):
                raise self._fail(value, t, f"a{'n' if name == 'array' else ''} {name} is a Python list or tuple")
            _check_node_bound(self.owner, value, name == "list")
            items = [self.to_ml(v, t.args[0]) for v in value]
            if name == "array":
                return Array(items)
            if name == "vector":
                return Vector(items)
            result = Con(0)
            for item in reversed(items):
                result = Con(1, Pair(item, result))
            return result
        if name == "option":
            if value is None:
                return Con(TAG_NONE)
            if isinstance(value, Data) and value.constructor in ("NONE", "SOME"):
                # checked as a datatype's constructors are (an argument was dropped, a missing one converted)
                self._check_constructor_arg(value, t, value.constructor, value.constructor == "SOME", value)
                return Con(TAG_NONE) if value.constructor == "NONE" else Con(TAG_SOME, self.to_ml(value.arg, t.args[0]))
            return Con(TAG_SOME, self.to_ml(value, t.args[0]))
        if _converts_as_data(t):
            return self._data_to_ml(value, t)
        raise self._fail(value, t, _only_handles(t, value))

    def _data_to_ml(self, given, t: TCon):
        # a str names a nullary constructor; errors show what the caller passed
        value = Data(given) if isinstance(given, str) else given
        if not isinstance(value, Data):
            raise self._fail(given, t, f"a value of type {t.tycon.name} is a Data(constructor, arg)")
        for con in t.tycon.cons:
            if con.name == value.constructor:
                break
        else:
            names = ", ".join(c.name for c in t.tycon.cons)
            raise self._fail(given, t, f"{value.constructor!r} is not a constructor of {t.tycon.name} ({names})")
        self._check_constructor_arg(given, t, con.name, con.has_arg, value)
        if not con.has_arg:
            return Con(con.tag)
        return Con(con.tag, self.to_ml(value.arg, self._constructor_arg_type(con, t)))

    def _check_constructor_arg(self, given, t: TCon, name: str, has_arg: bool, value: Data) -> None:
        if has_arg and value.arg is NO_ARG:
            raise self._fail(given, t, f"constructor {name} needs an argument")
        if not has_arg and value.arg is not NO_ARG:
            raise self._fail(given, t, f"constructor {name} takes no argument")

    def _guess(self, value, guessed: Optional[dict] = None) -> Optional[Type]:
        """The ML type a Python value at a type variable stands for;
        `guessed` (id(tuple) -> (type, tuple)): a shared tuple is guessed
        once, and its parts given one type object (so that they convert
        shared)."""
        from mlbox.checker import BOOL, INT, STRING

        if type(value) is bool:
            return BOOL
        if _plain_int(value) is not None:
            return INT
        if isinstance(value, (str, bytes, bytearray, memoryview)):  # what a string position takes
            return STRING
        if value is None or value == ():
            return TTuple(())
        guessed = {} if guessed is None else guessed
        if isinstance(value, tuple):
            known = guessed.get(id(value))
            if known is None:
                items = [self._guess(v, guessed) for v in value]
                t = None if any(i is None for i in items) else TTuple(tuple(items))
                known = guessed[id(value)] = (t, value)
            return known[0]
        if isinstance(value, list) and value:
            from mlbox.checker import BUILTIN_TYCONS

            item = self._guess(value[0], guessed)
            return None if item is None else TCon(BUILTIN_TYCONS["list"], (item,))
        return None

    # ------------------------------------------------------ ML → Python

    def to_python(self, v, t: Type):
        t = self._resolve(t)
        if not worth_sharing(t) or not self._converts_immutable(t) or (
                type(v) is bytes and len(v) < SHARED_STRING):
            return self._to_python(v, t)
        key = (id(v), id(t))
        known = self.shared_out.get(key)
        if known is not None:
            return known[0]
        converted = self._to_python(v, t)
        self.shared_out[key] = (converted, v, t)
        return converted

    def _to_python(self, v, t: Type):
        """to_python of v, not yet converted in this session, at t (resolved)."""
        if isinstance(t, TTuple):
            if not t.items:
                return None
            self._made(1 + len(t.items))
            out = []
            for ty in t.items[:-1]:
                out.append(self.to_python(v.fst, ty))
                v = v.snd
            out.append(self.to_python(v, t.items[-1]))
            return tuple(out)
        if isinstance(t, TCon):
            name = t.tycon.basis_name
            if name == "int":
                return v
            if name == "word":
                return to_word(v)
            if name == "bool":
                return v.tag == 1
            if name == "char":
                return chr(v)
            if name == "string":
                return v if self.bytes_strings else v.decode("utf-8", "surrogateescape")
            if name == "list":
                out = []
                while v.tag == 1:
                    out.append(self.to_python(v.arg.fst, t.args[0]))
                    v = v.arg.snd
                self._made(1 + len(out))
                return out
            if name == "array":
                key = _path_key(v)  # (a C machine's array is a new Python object at each read)
                if key in self.copying:
                    raise HostValueError(ARRAY_INSIDE_ITSELF)
                self.copying.add(key)
                try:
                    out = [self.to_python(item, t.args[0]) for item in v.items]
                finally:
                    self.copying.discard(key)
                self._made(1 + len(out))
                return out
            if name == "vector":
                out = tuple(self.to_python(item, t.args[0]) for item in v.items)
                self._made(1 + len(out))
                return out
            if name == "option":
                return None if v.tag == TAG_NONE else self.to_python(v.arg, t.args[0])
            if _converts_as_data(t):
                con = next(c for c in t.tycon.cons if c.tag == v.tag)
                if not con.has_arg:
                    self._made(1)
                    return Data(con.name)
                self._made(2)
                return Data(con.name, self.to_python(v.arg, self._constructor_arg_type(con, t)))
        # kept in ML, typed at this call's instance (`ref 3` is an int ref, not an 'a ref)
        return make_handle(v, self.resolved(t), self.owner)


def constructor_arg_type(con, t: TCon) -> Type:
    """The argument type of constructor `con` in the instance `t` of its datatype."""
    scheme = prune(con.ty)
    assert isinstance(scheme, TArrow)
    result = prune(scheme.res)
    substitution = {id(prune(param)): arg for param, arg in zip(result.args, t.args)}
    return _substitute(scheme.arg, substitution)


def _substitute(t: Type, substitution: dict[int, Type], done: Optional[dict] = None) -> Type:
    """t with its variables replaced as `substitution` says; a node shared
    in t is copied once, so the copy is shared as t is (`done`: id(node) ->
    (copy, node))."""
    t = prune(t)
    if isinstance(t, TVar):
        return substitution.get(id(t), t)
    if isinstance(t, TCon) and not t.args:
        return t
    done = {} if done is None else done
    known = done.get(id(t))
    if known is not None:
        return known[0]
    if isinstance(t, TCon):
        copy = TCon(t.tycon, tuple(_substitute(a, substitution, done) for a in t.args))
    elif isinstance(t, TTuple):
        copy = TTuple(tuple(_substitute(i, substitution, done) for i in t.items))
    elif isinstance(t, TArrow):
        copy = TArrow(_substitute(t.arg, substitution, done), _substitute(t.res, substitution, done))
    elif isinstance(t, TBox):
        copy = TBox(_substitute(t.body, substitution, done))
    else:
        return t
    done[id(t)] = (copy, t)
    return copy


def _only_handles(t: Type, value) -> str:
    """Why `value` cannot stand for `t`, a type whose values only the
    program makes (a function, a generator, a ref, an exception, an
    abstype's): what to pass instead."""
    if isinstance(t, TArrow):
        made = "a Python function cannot be called from ML; " if callable(value) else ""
        return made + "pass an ML function of the program (an MLFunction: prog.function(name), or one a call returned)"
    return "values of this type are made by the program: pass back one of its MLValue handles"


def function_parts(t: Type) -> Optional[tuple[Type, Type]]:
    t = prune(t)
    if isinstance(t, TArrow):
        return t.arg, t.res
    return None


# ------------------------------------------------------------ shallow types

# The built-in types whose values convert without recursing over the value
# (an int, a string), and those that hold their item type's values in a
# sequence that conversions walk in a loop (list, array, vector) or hold one
# (option).
_SHALLOW_LEAVES = ("int", "word", "char", "string", "bool")
_SHALLOW_CONTAINERS = ("list", "array", "vector", "option")
SHALLOW_DEPTH = 8  # levels of tuples and containers in a shallow type


def converts_shallowly(t: Type) -> bool:
    """Whether every conversion of a value of type t, either way, recurses
    no deeper than a few Python frames per level of t (at most
    SHALLOW_DEPTH levels), whatever the value: t is built from int, word,
    char, string, bool and unit by tuples, lists, arrays, vectors and
    options, with no datatype, function, ref or type variable. Then a
    conversion never relies on the recursion limit to stop (a RecursionError
    cannot depend on the value), so the API may convert at t outside
    deep.ORDINARY_RECURSION (api.Program._fast_call). A value of the wrong
    shape fails at the level where it differs, reported with reprlib
    (bounded); a handle (MLValue) is checked against t by the iterative
    types_may_match. The built-in type constructors are told by identity: a
    program's own `datatype int = ...` is a datatype."""
    from mlbox.checker import BUILTIN_TYCONS

    pending = [(t, 0)]
    while pending:
        t, depth = pending.pop()
        t = prune(t)
        if depth > SHALLOW_DEPTH:
            return False
        if isinstance(t, TTuple):
            pending.extend((item, depth + 1) for item in t.items)
            continue
        if not isinstance(t, TCon):
            return False
        name = t.tycon.basis_name
        if BUILTIN_TYCONS.get(name) is not t.tycon:
            return False
        if name in _SHALLOW_CONTAINERS:
            pending.append((t.args[0], depth + 1))
        elif name not in _SHALLOW_LEAVES:
            return False
    return True


# ------------------------------------------------------------ compiled conversions


class Polymorphic(Exception):
    """The type has type variables: a compiled plan cannot fix them (the
    Converter binds them from each call's arguments)."""


class TypeKeys:
    """Keys equal for structurally equal monomorphic types: small ints,
    one per structure (hash-consed in `interned`, kept for the owner's
    life), so that a type exponential as a tree but small as a graph
    (`((int * int) * (int * int)) * ...`) is keyed in time linear in its
    graph, where a nested tuple would be built and hashed as a tree."""

    def __init__(self):
        self.interned: dict[tuple, int] = {}

    def __call__(self, t: Type) -> int:
        """The key of t (raises Polymorphic if t has type variables)."""
        return self._key(t, {})

    def _key(self, t: Type, seen: dict[int, tuple[int, Type]]) -> int:
        t = prune(t)
        known = seen.get(id(t))
        if known is not None:
            return known[0]
        if isinstance(t, TCon):
            shape = (t.tycon, *(self._key(a, seen) for a in t.args))
        elif isinstance(t, TTuple):
            shape = ("*", *(self._key(i, seen) for i in t.items))
        elif isinstance(t, TArrow):
            shape = ("->", self._key(t.arg, seen), self._key(t.res, seen))
        elif isinstance(t, TBox):
            shape = ("[]", self._key(t.body, seen))
        else:
            raise Polymorphic
        key = self.interned.setdefault(shape, len(self.interned))
        seen[id(t)] = (key, t)
        return key


def _identity(v):
    return v


def _unit_to_python(v):
    return None


def _bool_to_python(v):
    return v.tag == 1


def host_node_bound(owner) -> Optional[int]:
    """The most nodes a value passed to `owner`'s machine may have: the C
    machine's MAX_HOST_NODES (ccam/cmachine.py), None for the Python one."""
    if getattr(owner, "machine_name", None) != "c":
        return None
    from ccam.cmachine import MAX_HOST_NODES

    return MAX_HOST_NODES


def _check_node_bound(owner, items, is_list: bool) -> None:
    """Refuse a Python list or tuple that converts to more nodes than the
    machine takes, before converting it: an ML list of n items has at least
    3n + 1 nodes (a constructor and a pair a cell, an item, the nil), an
    array or a vector n + 1; the machine's walk would count them all (5
    million items: 10 seconds) to say the same."""
    bound = host_node_bound(owner)
    if bound is not None and (3 * len(items) + 1 if is_list else len(items) + 1) > bound:
        from ccam.cmachine import HOST_VALUE_TOO_LARGE

        raise HostValueError(HOST_VALUE_TOO_LARGE.format(limit=bound))


class Plans(_NodeCounting):
    """Compiled converters of one loaded program, one per ML type, made on
    first use and kept (so a function's argument and result types are
    analysed once, not at every call)."""

    def __init__(self, owner=None):
        # A weak reference: the owner (api.Program) holds its Plans, and a
        # reference cycle through a Program would keep its machine (and the
        # C machine's heap) alive until the cycle collector runs, instead of
        # freeing it when the last reference goes.
        self._owner = (lambda: None) if owner is None else weakref.ref(owner)
        self.type_key = TypeKeys()
        self._to_ml: dict = {}
        self._to_python: dict = {}  # the converters inside a conversion (sharing, counting)
        self._entries: dict = {}  # a whole conversion's, as to_python gives them
        # Sharing (see MAX_PYTHON_NODES): each compiled converter of a type
        # whose values may be shared has its own table id(machine value or
        # tuple) -> converted; a conversion registers the tables it filled,
        # and empties them when it ends.
        self._filled: list[dict] = []
        self._immutable: dict = {}  # converts_immutable's table (monomorphic types: kept)
        self.nodes = 0  # Python nodes made by the latest conversion to Python (see _made)
        # the weak variables the handles among one call's (or batch's)
        # arguments fix: committed by the caller once they all converted
        self.weak_fixes: dict = {}

    @property
    def owner(self):
        return self._owner()

    # The generic path, for values a compiled converter does not expect.
    def _slow_to_ml(self, t: Type) -> Callable:
        return lambda value: Converter(self.owner, weak_fixes=self.weak_fixes).to_ml(value, t)

    def arguments(self, convert: Callable, values, batch: bool = False) -> list:
        """[convert(v) for v in values], a compiled argument converter's
        work for one call or batch; the weak variables fixed on the way are
        fixed for good only if every value converts. In a batch, a
        HostValueError says which value (its `index`)."""
        converted: list = []
        append = converted.append
        try:
            for value in values:
                append(convert(value))
        except HostValueError as error:
            if batch:
                error.index = len(converted)
            raise
        finally:
            self._forget_shared()
            fixes = list(self.weak_fixes.values())
            self.weak_fixes.clear()
        _link_weak_fixes(fixes)
        return converted

    def to_ml(self, t: Type) -> Callable:
        """A function Python value -> machine value for type t (raises
        Polymorphic if t has type variables); `arguments` makes the calls,
        one conversion."""
        key = self.type_key(t)
        conv = self._to_ml.get(key)
        if conv is None:
            t = prune(t)
            conv = self._compile_to_ml(t)
            if isinstance(t, TTuple) and not _small_tuple(t):
                # the same tuple is one machine value (a small tuple of
                # leaves is made as fast as it is looked up)
                conv = self._shared(conv, _is_tuple)
            self._to_ml[key] = conv
        return conv

    def to_python(self, t: Type) -> Callable:
        """A function machine value -> Python value for type t: one whole
        conversion (its sharing and its count of nodes) per call."""
        key = self.type_key(t)
        conv = self._entries.get(key)
        if conv is None:
            conv = self._entries[key] = self._entry(prune(t))
        return conv

    def _entry(self, t: Type) -> Callable:
        inner = self._inner_to_python(t)
        if inner in (_identity, to_word, _bool_to_python, chr, _unit_to_python):
            return inner  # no table to fill, no node to count: nothing to wrap (a filter's int verdict)
        if isinstance(t, TCon) and t.tycon.basis_name == "string":
            return _decode_string
        plans = self

        def conversion(v):
            plans.nodes = 0
            try:
                return inner(v)
            finally:
                plans._forget_shared()
        return conversion

    def _forget_shared(self) -> None:
        """End a conversion: empty the sharing tables it filled."""
        for table in self._filled:
            table.clear()
        self._filled.clear()

    def _shared(self, convert: Callable, worth: Optional[Callable[[Any], bool]] = None) -> Callable:
        """convert, converting a value met again in the same conversion (the
        same object) to what it converted to the first time (a value for
        which `worth`, when given, is false: afresh)."""
        table: dict = {}
        filled = self._filled

        def shared(v):
            if worth is not None and not worth(v):
                return convert(v)
            known = table.get(id(v))
            if known is not None:
                return known
            converted = convert(v)
            if not table:  # (after convert: an inner occurrence of this type may have filled it first)
                filled.append(table)
            table[id(v)] = converted
            return converted
        return shared

    def _shared_string(self) -> Callable:
        """_decode_string, sharing long strings (_shared, without its calls)."""
        table: dict = {}
        filled = self._filled

        def string_to_python(v):
            if len(v) < SHARED_STRING:
                return v.decode("utf-8", "surrogateescape")
            known = table.get(id(v))
            if known is None:
                known = v.decode("utf-8", "surrogateescape")
                if not table:
                    filled.append(table)
                table[id(v)] = known
            return known
        return string_to_python

    def _inner_to_python(self, t: Type) -> Callable:
        key = self.type_key(t)
        conv = self._to_python.get(key)
        if conv is None:
            t = prune(t)
            conv = self._compile_to_python(t)
            if isinstance(t, TCon) and t.tycon.basis_name == "string":
                conv = self._shared_string()
            elif self._shareable(t) and not isinstance(t, TTuple):  # (a tuple's converter shares itself)
                conv = self._shared(conv)
            self._to_python[key] = conv
        return conv

    def _shareable(self, t: Type) -> bool:
        """Whether values of t are worth sharing and may be shared."""
        return worth_sharing(t) and converts_immutable(t, prune, self._immutable)

    # ------------------------------------------------------ Python → ML

    def _compile_to_ml(self, t: Type) -> Callable:
        slow = self._slow_to_ml(t)
        if isinstance(t, TTuple):
            return self._tuple_to_ml(t, slow)
        if not isinstance(t, TCon):
            return slow  # functions, [t]: only handles, which the Converter checks
        name = t.tycon.basis_name
        if name == "int":
            def int_to_ml(v):
                return v if type(v) is int and INT_MIN <= v <= INT_MAX else slow(v)
            return int_to_ml
        if name == "string":
            def string_to_ml(v):
                kind = type(v)
                if kind is bytes:
                    return v
                if kind is str:
                    try:
                        return v.encode("utf-8", "surrogateescape")
                    except UnicodeEncodeError:
                        return slow(v)  # which names the character
                return slow(v)
            return string_to_ml
        if name == "bool":
            def bool_to_ml(v):
                if v is True:
                    return Con(1)
                return Con(0) if v is False else slow(v)
            return bool_to_ml
        if name in ("list", "array", "vector"):
            return self._sequence_to_ml(t, slow)
        if name not in LEAF_TYPES and name != "option" and _converts_as_data(t):
            return self._data_to_ml(t, slow)
        # word, char, option, refs, exn: rarer; the Converter is exact
        return slow

    def _data_to_ml(self, t: TCon, slow: Callable) -> Callable:
        """A datatype's values (Data, or a str naming a nullary
        constructor), as Converter._data_to_ml converts them; anything it
        would refuse goes to it (slow), for its message."""
        by_name = {con.name: con for con in t.tycon.cons}
        # made on first use: a recursive datatype's argument type mentions it
        arg_converters: dict[int, Callable] = {}

        def data_to_ml(v):
            kind = type(v)
            if kind is Data:
                con = by_name.get(v.constructor)
                if con is None or (v.arg is NO_ARG) == con.has_arg:
                    return slow(v)
                if not con.has_arg:
                    return Con(con.tag)
                conv = arg_converters.get(con.tag)
                if conv is None:
                    try:
                        conv = self.to_ml(constructor_arg_type(con, t))
                    except Polymorphic:
                        return slow(v)
                    arg_converters[con.tag] = conv
                return Con(con.tag, conv(v.arg))
            if kind is str:
                con = by_name.get(v)
                if con is not None and not con.has_arg:
                    return Con(con.tag)
            return slow(v)
        return data_to_ml

    def _tuple_to_ml(self, t: TTuple, slow: Callable) -> Callable:
        n = len(t.items)
        if n == 0:
            def unit_to_ml(v):
                return UNIT_VALUE if v is None or v == () else slow(v)
            return unit_to_ml
        items = [self.to_ml(i) for i in t.items]
        if n == 2:
            first, second = items

            def pair_to_ml(v):
                if type(v) is tuple and len(v) == 2:
                    return Pair(first(v[0]), second(v[1]))
                return slow(v)
            return pair_to_ml

        if n == 3:  # (a common shape, without the general loop)
            first, second, third = items

            def triple_to_ml(v):
                if type(v) is tuple and len(v) == 3:
                    return Pair(first(v[0]), Pair(second(v[1]), third(v[2])))  # (left to right)
                return slow(v)
            return triple_to_ml

        def tuple_to_ml(v):
            if type(v) is not tuple or len(v) != n:
                return slow(v)
            converted = [conv(x) for conv, x in zip(items, v)]  # left to right: the first bad item is reported
            result = converted[-1]
            for i in range(n - 2, -1, -1):
                result = Pair(converted[i], result)
            return result
        return tuple_to_ml

    def _sequence_to_ml(self, t: TCon, slow: Callable) -> Callable:
        item = self.to_ml(t.args[0])
        bound = host_node_bound(self.owner)
        if t.tycon.basis_name in ("array", "vector"):
            make = Array if t.tycon.basis_name == "array" else Vector
            most = math.inf if bound is None else bound - 1  # the array's node, one an item

            def array_to_ml(v):
                if type(v) is list or type(v) is tuple:
                    if len(v) > most:
                        _check_node_bound(self.owner, v, False)
                    return make([item(x) for x in v])
                return slow(v)
            return array_to_ml
        most = math.inf if bound is None else (bound - 1) // 3  # a cell's CON and PAIR, its item; the nil

        def list_to_ml(v):
            if type(v) is not list and type(v) is not tuple:
                return slow(v)
            if len(v) > most:
                _check_node_bound(self.owner, v, True)
            result = Con(0)
            for x in reversed([item(x) for x in v]):  # converted left to right, as the Converter does
                result = Con(1, Pair(x, result))
            return result
        return list_to_ml

    # ------------------------------------------------------ ML → Python

    def _compile_to_python(self, t: Type) -> Callable:
        if isinstance(t, TTuple):
            return self._tuple_to_python(t)
        if isinstance(t, TCon):
            name = t.tycon.basis_name
            if name == "int":
                return _identity
            if name == "word":
                return to_word
            if name == "bool":
                return _bool_to_python
            if name == "char":
                return chr
            if name == "string":
                return _decode_string
            if name in ("list", "array", "vector", "option"):
                return self._container_to_python(t)
            if _converts_as_data(t):
                return self._data_to_python(t)
        make = MLRef if is_ref_type(t) else MLValue
        return lambda v: make(v, t, self.owner)

    def _tuple_to_python(self, t: TTuple) -> Callable:
        n = len(t.items)
        if n == 0:
            return _unit_to_python
        items = [self._inner_to_python(i) for i in t.items]
        if n == 2:
            first, second = items

            def pair_to_python(v):
                return first(v.fst), second(v.snd)
            convert = pair_to_python
        elif n == 3:
            first, second, third = items

            def triple_to_python(v):
                rest = v.snd
                return first(v.fst), second(rest.fst), third(rest.snd)
            convert = triple_to_python
        else:
            heads, last = items[:-1], items[-1]

            def tuple_to_python(v):
                out = []
                for conv in heads:
                    out.append(conv(v.fst))
                    v = v.snd
                out.append(last(v))
                return tuple(out)
            convert = tuple_to_python
        if not worth_sharing(t):
            # a small tuple of leaves: made in a few steps, each time its
            # parent is made (which is counted), or once (the whole result)
            return convert
        plans, filled, table = self, self._filled, {}
        shared = converts_immutable(t, prune, self._immutable)
        if n == 2 and shared:  # the usual shape, without the calls of the general one
            first, second = items
            lookup = table.get

            def shared_pair_to_python(v):
                key = id(v)
                known = lookup(key)
                if known is not None:
                    return known
                plans.nodes += 3
                if plans.nodes > MAX_PYTHON_NODES:
                    raise too_large()
                converted = first(v.fst), second(v.snd)
                if not table:  # (see _shared)
                    filled.append(table)
                table[key] = converted
                return converted
            return shared_pair_to_python

        def counted_tuple_to_python(v):
            if shared:
                known = table.get(id(v))
                if known is not None:
                    return known
            plans.nodes += 1 + n
            if plans.nodes > MAX_PYTHON_NODES:
                raise too_large()
            converted = convert(v)
            if shared:
                if not table:  # (see _shared)
                    filled.append(table)
                table[id(v)] = converted
            return converted
        return counted_tuple_to_python

    def _container_to_python(self, t: TCon) -> Callable:
        item = self._inner_to_python(t.args[0])
        name = t.tycon.basis_name
        made = self._made
        if name == "option":
            return lambda v: None if v.tag == TAG_NONE else item(v.arg)
        make = tuple if name == "vector" else list
        if name != "list":
            if item is _identity:
                def copy_to_python(v):
                    made(1 + len(v.items))
                    return make(v.items)
                return copy_to_python

            if name == "vector":  # (immutable: a vector cannot contain itself)
                def sequence_to_python(v):
                    made(1 + len(v.items))
                    return make([item(x) for x in v.items])
                return sequence_to_python
            copying: set = set()  # (see ARRAY_INSIDE_ITSELF)

            def array_to_python(v):
                made(1 + len(v.items))
                key = _path_key(v)  # (a C machine's array is a new Python object at each read)
                if key in copying:
                    raise HostValueError(ARRAY_INSIDE_ITSELF)
                copying.add(key)
                try:
                    return [item(x) for x in v.items]
                finally:
                    copying.discard(key)
            return array_to_python

        def list_to_python(v):
            out = []
            while v.tag == 1:
                out.append(item(v.arg.fst))
                v = v.arg.snd
            made(1 + len(out))
            return out
        return list_to_python

    def _data_to_python(self, t: TCon) -> Callable:
        # Constructor argument converters are made on first use: a recursive
        # datatype's argument type mentions the datatype itself.
        by_tag = {con.tag: con for con in t.tycon.cons}
        arg_converters: dict[int, Callable] = {}
        made = self._made

        def data_to_python(v):
            con = by_tag[v.tag]
            if not con.has_arg:
                made(1)
                return Data(con.name)
            conv = arg_converters.get(v.tag)
            if conv is None:
                conv = arg_converters[v.tag] = self._inner_to_python(constructor_arg_type(con, t))
            made(2)
            return Data(con.name, conv(v.arg))
        return data_to_python


def _is_tuple(v) -> bool:
    return type(v) is tuple


def _decode_string(v: bytes) -> str:
    return v.decode("utf-8", "surrogateescape")
