"""Machine values printed by their ML type, as SML/NJ's top level prints
them (for the REPL, mlbox/repl.py):

    42   ~3   0wx2A   true   #"a"   "a\nb"   ()   (1,"a")   [1,2,3]
    [|1,2|]   #[1,2]   SOME 3   Rect (2,3)   ref 5   fn   <code>   Fail "x"   Div

A constructor's argument is parenthesised when it is itself an
application (of a constructor, `ref` or an exception): `SOME (SOME 3)`,
`ref (SOME 1)`. A constructor that is infix where the value is printed
(`infixr 5 ++`) prints between its operands, `1 ++ 2 ++ N`, parenthesised
as SML/NJ does it (mlbox/valueprint.py `_Printer.infix`).

The printer builds a document (mlbox/pretty.py), which the REPL lays out
in SML/NJ's line width, so that a long value breaks across lines as
SML/NJ breaks it; `show_value` gives it on one line.

A ref or array found again inside itself (a cycle) prints as `%0`, and
itself with ` as %0` after it, as SML/NJ prints it: `ref (B %0) as %0`.

Printing is bounded, with SML/NJ's limits (`Limits`; the REPL's `:set`
changes them), so that no value (a long list, a deep tree) can flood the
terminal or make printing run long: a value
nested `Limits.depth` levels deep prints as `#` (every tuple, list,
vector, array, constructor, `ref` and exception is a level; printDepth),
a list, array or vector shows its first `Limits.length` elements then
`...` (printLength), a string its first `Limits.string` characters then
`#` inside the quotes (stringDepth).

An exception value prints as its constructor applied to its argument
(SML/NJ prints `Fail(-)`: its printer does not know the argument's type;
Poly/ML prints `Fail "x"`, as here). The value carries only the
exception's name: the argument's type comes from the declarations
`exceptions` finds for that name (`exception_arg_type`): the one that made
the value's exception when that is known (names are generative: a
shadowed exception of the same name may take another type), else the type
all the local declarations of the name agree on; otherwise the argument
prints as `-`.

Values are read through a `Reader`, which walks a value one field at a
time: `PyReader` over ccam/values.py objects (the Python machine),
`CReader` over handles of the C machine, so that printing a binding never
converts more of a C value than is shown (converting a 300 000-element list
to Python objects would take seconds; a closure's code is never read).
"""

from __future__ import annotations

import abc
import itertools
from typing import Any, Callable, Hashable, Iterator, Optional, Sequence

import attrs

from ccam.values import to_word
from mlbox.hostvalues import constructor_arg_type
from mlbox.pretty import PACK, Box, Break, Doc, Text, flat
from mlbox.types import TArrow, TBox, TCon, TTuple, TVar, Type, components, prune

DEPTH_MARK = "#"
MORE = "..."
FUNCTION = "fn"
GENERATOR = "<code>"
POLYMORPHIC = "-"  # a value whose type is a type variable (SML/NJ prints the same)


@attrs.frozen
class ExnDecl:
    """What the printer may know of an exception declaration: the name
    value it made (as the reader represents it: the global holding it), or
    None when no one name value is known (one declared inside an expression
    or a function makes a new name each time it is evaluated), and its
    argument type (None without argument)."""

    name_value: Any
    arg: Optional[Type]


# exception name -> every declaration of that name the printer may know
# (see exception_arg_type)
ExnLookup = Callable[[str], Sequence[ExnDecl]]


def program_exceptions(compiled, global_value: Callable[[int], Any]) -> ExnLookup:
    """Every declaration of each exception name a compiled program (the
    driver's Compiled) may raise, once it has run: `global_value(slot)` is
    the machine's value of a global slot."""
    from ccam.values import ExnName
    from mlbox import basis
    from mlbox.checker import initial_env

    declared: dict[str, list[ExnDecl]] = {}
    # The built-in exceptions with an argument (Fail), their name values
    # the first globals: known, so that a program's local `exception Fail
    # of int` does not decide what `Fail "x"` holds (as the REPL's
    # _record_basis_exceptions does).
    basis_scope = initial_env().scope
    for name in basis.EXCEPTIONS:
        entry = basis_scope.find_value(name)
        if entry.arg is not None:
            declared.setdefault(name, []).append(ExnDecl(global_value(entry.builtin), entry.arg))
    # Of the exceptions declared at top level (in `local` too), the last of
    # a name holds the last global slot of that name when that holds an
    # exception name (a later `val` of the name holds none); the others'
    # name values are unknown (a local exception has none of its own; a
    # shadowed one's slot is not found by name). The program's slots follow
    # the prelude's, and a later binding of a name gets a later slot.
    slots = {name: slot for slot, name in enumerate(compiled.program.global_names)}
    exceptions = compiled.elaboration.exceptions
    last_global = {info.name: info for info in exceptions if info.is_global}
    for info in exceptions:
        slot = slots.get(info.name) if last_global.get(info.name) is info else None
        name_value = None if slot is None else global_value(slot)
        known = name_value if isinstance(name_value, ExnName) else None
        declared.setdefault(info.name, []).append(ExnDecl(known, info.arg))
    return lambda name: declared.get(name, ())


def exception_arg_type(decls: Sequence[ExnDecl], made_by: Callable[[Any], bool]) -> Optional[Type]:
    """The argument type of an exception value (one with an argument),
    given the declarations of its name and `made_by(name_value)`, whether
    the value was made by that exception name (a handler's test): the type
    of the declaration that made it when its name value is known (names
    are generative: a shadowed declaration of the name may take another
    type); else the one type that every declaration of the name with an
    unknown name value gives, as the value must come from one of them (the
    machine's value does not say which, so local declarations of one name
    with different types leave it unknown: None)."""
    unknown: list[Type] = []
    for decl in decls:
        if decl.arg is None:
            continue
        if decl.name_value is None:
            unknown.append(decl.arg)
        elif made_by(decl.name_value):
            return decl.arg
    if unknown and all(same_type(unknown[0], other) for other in unknown[1:]):
        return unknown[0]
    return None


def same_type(a: Type, b: Type) -> bool:
    """Whether two types are the same: the same type constructors (by
    identity: two datatypes of one name differ) and the same variables.
    A pair of nodes is compared once (types share nodes)."""
    pending = [(a, b)]
    compared: set[tuple[int, int]] = set()
    while pending:
        a, b = (prune(t) for t in pending.pop())
        if a is b or (id(a), id(b)) in compared:
            continue
        compared.add((id(a), id(b)))
        if type(a) is not type(b) or isinstance(a, TVar):
            return False
        if isinstance(a, TCon) and a.tycon is not b.tycon:
            return False
        parts_a, parts_b = components(a), components(b)
        if len(parts_a) != len(parts_b):
            return False
        pending.extend(zip(parts_a, parts_b))
    return True


@attrs.frozen
class Limits:
    """SML/NJ's Control.Print.printDepth, printLength and stringDepth, with
    their defaults."""

    depth: int = 5
    length: int = 12
    string: int = 70


DEFAULT_LIMITS = Limits()


# ------------------------------------------------------------------ readers


class Reader(abc.ABC):
    """How the printer walks a machine value. Every method takes a value as
    the reader represents it and returns values of the same kind."""

    @abc.abstractmethod
    def int(self, v) -> int:
        raise NotImplementedError

    @abc.abstractmethod
    def tag(self, v) -> int:
        """A constructor's tag (bools are constructors 0 = false, 1 = true)."""
        raise NotImplementedError

    @abc.abstractmethod
    def arg(self, v):
        """A constructor's (or exception's) argument."""
        raise NotImplementedError

    @abc.abstractmethod
    def fst(self, v):
        raise NotImplementedError

    @abc.abstractmethod
    def snd(self, v):
        raise NotImplementedError

    @abc.abstractmethod
    def deref(self, v):
        raise NotImplementedError

    @abc.abstractmethod
    def string(self, v, limit: int) -> tuple[bytes, int]:
        """The first `limit` bytes of a string and its length."""
        raise NotImplementedError

    @abc.abstractmethod
    def array(self, v, limit: int) -> tuple[list, int]:
        """The first `limit` elements of an array or vector and its length."""
        raise NotImplementedError

    @abc.abstractmethod
    def exn_name(self, v) -> str:
        """The name an exception value was declared with."""
        raise NotImplementedError

    @abc.abstractmethod
    def exn_arg(self, v):
        """An exception value's argument, or None if it has none."""
        raise NotImplementedError

    @abc.abstractmethod
    def exn_is(self, v, name_value) -> bool:
        """Whether exception value v was made by exception name `name_value`."""
        raise NotImplementedError

    @abc.abstractmethod
    def identity(self, v) -> Hashable:
        """What tells a ref or array from every other one."""
        raise NotImplementedError


class PyReader(Reader):
    """Values of ccam/values.py (the Python machine, or converted C values)."""

    def int(self, v):
        return v

    def tag(self, v):
        return v.tag

    def arg(self, v):
        return v.arg

    def fst(self, v):
        return v.fst

    def snd(self, v):
        return v.snd

    def deref(self, v):
        return v.value

    def string(self, v, limit):
        return v[:limit], len(v)

    def array(self, v, limit):
        return v.items[:limit], len(v.items)

    def exn_name(self, v):
        return v.name.name.decode("latin-1")

    def exn_arg(self, v):
        return v.arg

    def exn_is(self, v, name_value):
        return v.name is name_value

    def identity(self, v):
        # a converted C value's ref or array is a handle, and reading it
        # twice (a ref inside itself) gives two Python objects for one C
        # object: its C identity finds the cycle
        key = getattr(v, "identity_key", None)
        return id(v) if key is None else key()


class CReader(Reader):
    """Handles of a ccam.cmachine.Machine, read field by field. Every handle
    it makes is released by `close()` (use it as a context manager)."""

    def __init__(self, machine):
        from ccam import cmachine

        self._lib = cmachine.lib
        self._ffi = cmachine.ffi
        # The binding's handle API is the C library's; the Machine wrapper
        # exposes whole-value conversion only, which is what we avoid here.
        self._m = machine._m
        self._owned: list[int] = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self) -> None:
        for h in self._owned:
            self._lib.ccam_release(self._m, h)
        self._owned.clear()

    def _own(self, h: int) -> int:
        if h < 0:
            raise ValueError("the C machine has no such value")
        self._owned.append(h)
        return h

    def global_value(self, slot: int) -> Optional[int]:
        h = self._lib.ccam_get_global(self._m, slot)
        return None if h < 0 else self._own(h)

    def int(self, v):
        return self._lib.ccam_int_value(self._m, v)

    def tag(self, v):
        return self._lib.ccam_tag(self._m, v)

    def arg(self, v):
        return self._own(self._lib.ccam_field(self._m, v, 0))

    def fst(self, v):
        return self._own(self._lib.ccam_field(self._m, v, 0))

    def snd(self, v):
        return self._own(self._lib.ccam_field(self._m, v, 1))

    def deref(self, v):
        return self._own(self._lib.ccam_field(self._m, v, 0))

    def string(self, v, limit):
        n = self._lib.ccam_length(self._m, v)
        shown = min(n, limit)
        data = bytes(self._ffi.buffer(self._lib.ccam_string_data(self._m, v), shown)) if shown else b""
        return data, n

    def array(self, v, limit):
        n = self._lib.ccam_length(self._m, v)
        return [self._own(self._lib.ccam_field(self._m, v, i)) for i in range(min(n, limit))], n

    def exn_name(self, v):
        name = self._own(self._lib.ccam_exn_name(self._m, v))
        data, _ = self.string(self._own(self._lib.ccam_exn_name(self._m, name)), 1 << 20)
        return data.decode("latin-1")

    def exn_arg(self, v):
        word = self._ffi.new("int64_t *")
        kind = self._lib.ccam_child(self._m, v, 0, word)
        if kind < 0:
            return None  # an exception without argument
        if kind not in _C_IMMEDIATE_KINDS:
            self._lib.ccam_release(self._m, word[0])  # ccam_child's own handle; ccam_field pins as we need
        return self._own(self._lib.ccam_field(self._m, v, 0))

    def exn_is(self, v, name_value):
        name = self._own(self._lib.ccam_exn_name(self._m, v))
        return self._lib.ccam_identity(self._m, name) == self._lib.ccam_identity(self._m, name_value)

    def identity(self, v):
        return self._lib.ccam_identity(self._m, v)


# ccam_child's kinds that carry no handle (ccam_c/ccam.h): int, (), nullary
# constructor, the placeholder of rec
_C_IMMEDIATE_KINDS = (0, 1, 2, 12)


# ------------------------------------------------------------------ SML text


_ESCAPES = {7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 34: '\\"', 92: "\\\\"}


def escape_char(code: int) -> str:
    """A character as SML's String.toString writes it."""
    if code in _ESCAPES:
        return _ESCAPES[code]
    if 32 <= code < 127:
        return chr(code)
    if code < 32:
        return "\\^" + chr(code + 64)
    return f"\\{code:03d}"


def string_literal(data: bytes, truncated: bool = False) -> str:
    """A string as SML/NJ prints it; a string cut at stringDepth ends in
    `#` inside the quotes."""
    return '"' + "".join(escape_char(b) for b in data) + (DEPTH_MARK if truncated else "") + '"'


def char_literal(code: int) -> str:
    return '#"' + escape_char(code) + '"'


def int_literal(n: int) -> str:
    return f"~{-n}" if n < 0 else str(n)


def word_literal(w: int) -> str:
    return f"0wx{to_word(w):X}"


# ------------------------------------------------------------------ the printer


# The fixity context of a value (SML/NJ's (l, r) pair): the binding powers
# of the infix operators to its left and right, None when there is none.
# At the top and inside brackets there is no operator but no
# parenthesis is needed either; a constructor's argument needs one.
Fixity = Optional[tuple[int, int]]
BRACKETED = ((0, 0), (0, 0))
ARGUMENT = (None, None)


def binding_powers(fixity) -> Fixity:
    """SML/NJ's (left, right) binding powers of `infix n` (2n, 2n+1) and
    `infixr n` (2n+1, 2n); None for a nonfix name. `fixity` is the
    parser's (precedence, "left" | "right") or None."""
    if fixity is None:
        return None
    precedence, assoc = fixity
    return (2 * precedence, 2 * precedence + 1) if assoc == "left" else (2 * precedence + 1, 2 * precedence)


# name -> the parser's fixity of that name (None, or absent: nonfix)
FixityLookup = Callable[[str], Any]


class _Printer:
    """Builds the document (mlbox/pretty.py) of a value as SML/NJ's
    top level lays it out: lists, tuples, vectors and arrays are packed
    boxes indented by one, a constructor's application a box indented by
    two, an infix constructor's application `l op r` between breaks.
    `depth` counts down: a value reached at depth 0 prints as `#`."""

    def __init__(self, reader: Reader, limits: Limits, exceptions: Optional[ExnLookup],
                 fixity: Optional[FixityLookup], marks: Iterator[int]):
        self.r = reader
        self.limits = limits
        self.exceptions = exceptions
        self.fixity = fixity or (lambda name: None)
        # the refs and arrays the value being printed is inside: identity ->
        # its mark number once the value is found inside itself again
        self.enclosing: dict[int, Optional[int]] = {}
        self.marks = marks

    def show(self, v, t: Type, depth: int, context=BRACKETED) -> Doc:
        if depth <= 0:
            return Text(DEPTH_MARK)
        t = prune(t)
        if isinstance(t, TArrow):
            return Text(FUNCTION)
        if isinstance(t, TBox):
            return Text(GENERATOR)
        if isinstance(t, TTuple):
            if not t.items:
                return Text("()")
            values = []
            for _ in t.items[:-1]:
                values.append(self.r.fst(v))
                v = self.r.snd(v)
            values.append(v)
            return self.sequence("(", [self.show(x, item, depth - 1) for x, item in zip(values, t.items)], ")")
        if isinstance(t, TCon):
            return self.con(v, t, depth, context)
        return Text(POLYMORPHIC)

    @staticmethod
    def sequence(opening: str, items: list[Doc], closing: str, more: bool = False) -> Box:
        """`[a,b,c]`: items after commas that may break; `...` after them
        (SML/NJ puts no break before it in a vector or array, one in a list:
        the caller passes it as an item then)."""
        parts: list[Doc] = [Text(opening)]
        for i, item in enumerate(items):
            if i:
                parts += [Text(","), Break(0, 0)]
            parts.append(item)
        if more:
            parts.append(Text("," + MORE if items else MORE))
        parts.append(Text(closing))
        return Box(PACK, 1, parts)

    def con(self, v, t: TCon, depth: int, context) -> Doc:
        name = t.tycon.basis_name
        if name == "int":
            return Text(int_literal(self.r.int(v)))
        if name == "word":
            return Text(word_literal(self.r.int(v)))
        if name == "char":
            return Text(char_literal(self.r.int(v)))
        if name == "bool":
            return Text("true" if self.r.tag(v) == 1 else "false")
        if name == "string":
            data, n = self.r.string(v, self.limits.string)
            return Text(string_literal(data, truncated=n > len(data)))
        if name == "exn":
            return self.exn(v, depth, context)
        if name == "list":
            return self.list(v, t.args[0], depth)
        if name == "vector":
            return self.items(v, t.args[0], depth, "#[", "]")
        if name == "array":
            return self.shared(v, lambda: self.items(v, t.args[0], depth, "[|", "|]"))
        if name == "ref":
            return self.shared(v, lambda: self.application(
                "ref", self.show(self.r.deref(v), t.args[0], depth - 1, ARGUMENT), context))
        if t.tycon.cons and not t.tycon.abstract:  # (an abstype's value is `-`, as SML/NJ prints it)
            tag = self.r.tag(v)
            con = next((c for c in t.tycon.cons if c.tag == tag), None)
            if con is None:
                return Text(POLYMORPHIC)
            if not con.has_arg:
                # a constructor of the basis named only under its structure
                # (StringCvt.HEX) prints by its own name, HEX, as in SML/NJ
                # and Poly/ML (no such constructor has an argument)
                return Text(con.name.rpartition(".")[2])
            arg_type = prune(constructor_arg_type(con, t))
            powers = binding_powers(self.fixity(con.name))
            if powers is not None and isinstance(arg_type, TTuple) and len(arg_type.items) == 2:
                return self.infix(con.name, powers, self.r.arg(v), arg_type, depth, context)
            return self.application(con.name, self.show(self.r.arg(v), arg_type, depth - 1, ARGUMENT), context)
        return Text(POLYMORPHIC)

    def items(self, v, item: Type, depth: int, opening: str, closing: str) -> Doc:
        """A vector's or an array's elements."""
        items, n = self.r.array(v, self.limits.length)
        return self.sequence(opening, [self.show(x, item, depth - 1) for x in items], closing, more=n > len(items))

    def shared(self, v, show: Callable[[], Doc]) -> Doc:
        """A ref or an array, which a cycle may lead back to: found again
        inside itself, it prints as `%0`, and itself as `... as %0` (SML/NJ's
        printLoop), numbered in the order they are found (by `marks`,
        which the REPL keeps for the session, as SML/NJ numbers them)."""
        identity = self.r.identity(v)
        if identity in self.enclosing:
            if self.enclosing[identity] is None:
                self.enclosing[identity] = next(self.marks)
            return Text(f"%{self.enclosing[identity]}")
        self.enclosing[identity] = None
        try:
            doc = show()
            mark = self.enclosing[identity]
        finally:
            del self.enclosing[identity]
        return doc if mark is None else Box(PACK, 0, [doc, Text(f" as %{mark}")])

    @staticmethod
    def application(name: str, arg: Doc, context) -> Doc:
        doc = Box(PACK, 2, [Text(name), Break(1, 0), arg])
        return _parenthesised(doc) if context == ARGUMENT else doc

    def infix(self, name: str, powers: tuple[int, int], pair, arg_type: TTuple, depth: int, context) -> Doc:
        """`l name r`, parenthesised as SML/NJ does: always as a
        constructor's argument; as an operand, when the operator beside
        it binds at least as tightly (the left one) or more tightly (the
        right one)."""
        left = self.show(self.r.fst(pair), arg_type.items[0], depth - 1, (None, powers))
        right = self.show(self.r.snd(pair), arg_type.items[1], depth - 1, (powers, None))
        doc = Box(PACK, 0, [left, Break(1, 0), Text(name), Break(1, 0), right])
        before, after = context
        if context == ARGUMENT:
            return _parenthesised(doc)
        if before is not None and after is not None:
            return doc
        if before is not None and before[1] >= powers[0]:
            return _parenthesised(doc)
        if after is not None and after[0] > powers[1]:
            return _parenthesised(doc)
        return doc

    def exn(self, v, depth: int, context) -> Doc:
        name = self.r.exn_name(v)
        arg = self.r.exn_arg(v)
        if arg is None:
            return Text(name)
        decls = self.exceptions(name) if self.exceptions is not None else ()
        arg_type = exception_arg_type(decls, lambda name_value: self.r.exn_is(v, name_value))
        # (an unknown type prints as `-`; so does a type variable, the
        # argument of `fun f (x : 'a) = let exception E of 'a in E x end`,
        # where Poly/ML prints `E ?`)
        return self.application(name, self.show(arg, arg_type, depth - 1, ARGUMENT) if arg_type is not None
                                else Text(POLYMORPHIC), context)

    def list(self, v, item: Type, depth: int) -> Doc:
        shown: list[Doc] = []
        while self.r.tag(v) == 1:
            if len(shown) == self.limits.length:
                shown.append(Text(MORE))
                break
            cell = self.r.arg(v)
            shown.append(self.show(self.r.fst(cell), item, depth - 1))
            v = self.r.snd(cell)
        return self.sequence("[", shown, "]")


def _parenthesised(doc: Doc) -> Doc:
    return Box(PACK, 0, [Text("("), doc, Text(")")])


def value_doc(reader: Reader, value: Any, ty: Type, limits: Limits = DEFAULT_LIMITS,
              exceptions: Optional[ExnLookup] = None, fixity: Optional[FixityLookup] = None,
              marks: Optional[Iterator[int]] = None) -> Doc:
    """The document of a machine value of ML type `ty`, SML/NJ's way
    (mlbox/pretty.py lays it out); `exceptions` gives the argument types
    of exception values, `fixity` which constructors print infix, `marks`
    the numbers of cycles' marks (from 0 by default)."""
    if value is None:  # an unset global: never printed for a bound name
        return Text(POLYMORPHIC)
    printer = _Printer(reader, limits, exceptions, fixity, marks if marks is not None else itertools.count())
    return printer.show(value, ty, limits.depth)


def show_value(reader: Reader, value: Any, ty: Type, limits: Limits = DEFAULT_LIMITS,
               exceptions: Optional[ExnLookup] = None, fixity: Optional[FixityLookup] = None) -> str:
    """`value_doc` on one line."""
    return flat(value_doc(reader, value, ty, limits, exceptions, fixity))
