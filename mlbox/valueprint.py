"""Machine values printed by their ML type, as SML/NJ's top level prints
them (for the REPL, mlbox/repl.py):

    42   ~3   0wx2A   true   #"a"   "a\nb"   ()   (1,"a")   [1,2,3]
    [|1,2|]   fromList[1,2]   SOME 3   Rect (2,3)   ref 5   fn   <code>   Fail "x"   Div

A vector prints as Poly/ML prints it (`fromList[1,2]`; SML/NJ's `#[1,2]`
is no syntax of Poly/ML's or ours), with this printer's separators.
A constructor's argument is parenthesised when it is itself a constructor
(or `ref`, or a vector's `fromList`) applied to an argument: `SOME (SOME 3)`,
`ref (SOME 1)`, `SOME (fromList[1])`.

Printing is bounded, so that no value (a long list, a deep tree, a cycle
through refs) can make it run long or loop: past `Limits.depth` nested
constructors, lists, arrays, vectors or refs a value prints as `#` (SML/NJ's mark), a
list, array or vector shows at most `Limits.length` elements then `...`, a string at most
`Limits.string` characters then `...` inside the quotes.

An exception value prints as its constructor applied to its argument. The
value carries only the exception's name: the argument's type comes from
the declaration `exceptions` finds for that name, used only when it
denotes the very exception of the value (names are generative: a local or
shadowed exception of the same name may take another type); otherwise
the argument prints as `-`.

Values are read through a `Reader`, which walks a value one field at a
time: `PyReader` over ccam/values.py objects (the Python machine),
`CReader` over handles of the C machine, so that printing a binding never
converts more of a C value than is shown (converting a 300 000-element list
to Python objects would take seconds; a closure's code is never read).
"""

from __future__ import annotations

import abc
from typing import Any, Callable, Optional

import attrs

from ccam.values import to_word
from mlbox.hostvalues import constructor_arg_type
from mlbox.types import TArrow, TBox, TCon, TTuple, TVar, Type, prune

DEPTH_MARK = "#"
MORE = "..."
FUNCTION = "fn"
GENERATOR = "<code>"
POLYMORPHIC = "-"  # a value whose type is a type variable (SML/NJ prints the same)


@attrs.frozen
class ExnDecl:
    """What the printer may know of an exception declaration: the name
    value it made (as the reader represents it: the global holding it) and
    its argument type (None without argument)."""

    name_value: Any
    arg: Optional[Type]


# exception name -> the visible declaration of that name, if any
ExnLookup = Callable[[str], Optional[ExnDecl]]


@attrs.frozen
class Limits:
    depth: int = 12
    length: int = 40
    string: int = 200


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
    return '"' + "".join(escape_char(b) for b in data) + (MORE if truncated else "") + '"'


def char_literal(code: int) -> str:
    return '#"' + escape_char(code) + '"'


def int_literal(n: int) -> str:
    return f"~{-n}" if n < 0 else str(n)


def word_literal(w: int) -> str:
    return f"0wx{to_word(w):X}"


# ------------------------------------------------------------------ the printer


class _Printer:
    def __init__(self, reader: Reader, limits: Limits, exceptions: Optional[ExnLookup]):
        self.r = reader
        self.limits = limits
        self.exceptions = exceptions

    def show(self, v, t: Type, depth: int) -> str:
        t = prune(t)
        if isinstance(t, TArrow):
            return FUNCTION
        if isinstance(t, TBox):
            return GENERATOR
        if isinstance(t, TVar):
            return POLYMORPHIC
        if isinstance(t, TTuple):
            if not t.items:
                return "()"
            # a tuple is not a level of depth: its size is bounded by its
            # type, and a cycle must pass through a ref or a constructor
            parts = []
            for item in t.items[:-1]:
                parts.append(self.show(self.r.fst(v), item, depth))
                v = self.r.snd(v)
            parts.append(self.show(v, t.items[-1], depth))
            return "(" + ",".join(parts) + ")"
        if isinstance(t, TCon):
            return self.con(v, t, depth)
        return POLYMORPHIC

    def con(self, v, t: TCon, depth: int) -> str:
        name = t.tycon.name
        if name == "int":
            return int_literal(self.r.int(v))
        if name == "word":
            return word_literal(self.r.int(v))
        if name == "char":
            return char_literal(self.r.int(v))
        if name == "bool":
            return "true" if self.r.tag(v) == 1 else "false"
        if name == "string":
            data, n = self.r.string(v, self.limits.string)
            return string_literal(data, truncated=n > len(data))
        if depth >= self.limits.depth:
            return DEPTH_MARK
        if name == "exn":
            return self.exn(v, depth)
        if name == "list":
            return self.list(v, t.args[0], depth)
        if name == "array" or name == "vector":
            items, n = self.r.array(v, self.limits.length)
            shown = [self.show(x, t.args[0], depth + 1) for x in items]
            if n > len(items):
                shown.append(MORE)
            return ("[|" + ",".join(shown) + "|]") if name == "array" else ("fromList[" + ",".join(shown) + "]")
        if name == "ref":
            return "ref " + self.atomic(self.r.deref(v), t.args[0], depth + 1)
        if t.tycon.cons:
            tag = self.r.tag(v)
            con = next((c for c in t.tycon.cons if c.tag == tag), None)
            if con is None:
                return POLYMORPHIC
            if not con.has_arg:
                return con.name
            return con.name + " " + self.atomic(self.r.arg(v), constructor_arg_type(con, t), depth + 1)
        return POLYMORPHIC

    def exn(self, v, depth: int) -> str:
        name = self.r.exn_name(v)
        arg = self.r.exn_arg(v)
        if arg is None:
            return name
        decl = self.exceptions(name) if self.exceptions is not None else None
        if decl is None or decl.arg is None or not self.r.exn_is(v, decl.name_value):
            return f"{name} {POLYMORPHIC}"
        return name + " " + self.atomic(arg, decl.arg, depth + 1)

    def list(self, v, item: Type, depth: int) -> str:
        shown = []
        while self.r.tag(v) == 1:
            if len(shown) == self.limits.length:
                shown.append(MORE)
                break
            cell = self.r.arg(v)
            shown.append(self.show(self.r.fst(cell), item, depth + 1))
            v = self.r.snd(cell)
        return "[" + ",".join(shown) + "]"

    def atomic(self, v, t: Type, depth: int) -> str:
        """A constructor's argument: parenthesised when it is an application."""
        text = self.show(v, t, depth)
        if _is_application(text, t):
            return f"({text})"
        return text


def _is_application(text: str, t: Type) -> bool:
    t = prune(t)
    if not isinstance(t, TCon) or text == DEPTH_MARK:
        return False
    if t.tycon.name in ("ref", "vector"):
        return True
    if t.tycon.name == "exn":
        return " " in text  # `Fail "x"`, not `Div`
    return " " in text and t.tycon.name not in ("list", "array", "string", "char") and bool(t.tycon.cons)


def show_value(reader: Reader, value: Any, ty: Type, limits: Limits = DEFAULT_LIMITS,
               exceptions: Optional[ExnLookup] = None) -> str:
    """The SML/NJ rendering of a machine value of ML type `ty`;
    `exceptions` gives the argument types of exception values."""
    if value is None:  # an unset global: never printed for a bound name
        return POLYMORPHIC
    return _Printer(reader, limits, exceptions).show(value, ty, 0)
