"""Machine values of the CCAM, as the Python reference machine represents them.

The value model is the abstract one of ccam/instructions.py:

  ()         UNIT (the one `Unit` object)
  n          a Python int in [INT_MIN, INT_MAX] (never a bool); chars are
             ints 0..255; a word is the same 63-bit pattern (see to_word)
  s          a Python bytes object (immutable)
  C_k(v)     Con(tag, arg); arg is None for a nullary constructor C_k
  (e, f)     Pair; its fields are mutable because `update` patches
             recursive environments in place
  [e : P]    Closure(env, code) with code a tuple of Ins
  {P}        Block: a list of Ins plus a sealed flag
  ref v      Ref; arrays are Array (identity equality, mutable)
  #[v0, ..]  Vector (immutable; structural equality, element by element)
  X          ExnName: a fresh object per `newexn` (generative)
  X(v)/X     ExnVal(name, arg); arg is None without argument
  ⊥          PLACEHOLDER, the hole of a recursive environment

The C machine has its own representation; its binding converts C values to
these classes, so `show` is the common rendering both machines are tested by.
"""

from __future__ import annotations

import reprlib

import attrs

from ccam.instructions import INT_MAX, ConstCon, ConstInt, ConstStr, ConstUnit, Status

WORD_BITS = 63
WORD_MODULUS = 1 << WORD_BITS
WORD_MASK = WORD_MODULUS - 1


class Unit:
    """The empty tuple (); there is exactly one."""

    __slots__ = ()

    def __repr__(self):
        return "UNIT"


UNIT_VALUE = Unit()


class Placeholder:
    """⊥: the content of a recursive-environment slot before `update`."""

    __slots__ = ()

    def __repr__(self):
        return "PLACEHOLDER"


PLACEHOLDER = Placeholder()


class Con:
    """A data constructor C_tag, with an argument or (arg None) without."""

    __slots__ = ("tag", "arg")

    def __init__(self, tag: int, arg=None):
        self.tag = tag
        self.arg = arg

    @reprlib.recursive_repr()  # a cyclic value (made by `update`) shows its cycle as ...
    def __repr__(self):
        return f"Con({self.tag})" if self.arg is None else f"Con({self.tag}, {self.arg!r})"


class Pair:
    """(fst, snd). Mutable only so that `update` can fill a ⊥ slot."""

    __slots__ = ("fst", "snd")

    def __init__(self, fst, snd):
        self.fst = fst
        self.snd = snd

    @reprlib.recursive_repr()
    def __repr__(self):
        return f"Pair({self.fst!r}, {self.snd!r})"


class Closure:
    """[env : code]."""

    __slots__ = ("env", "code")

    def __init__(self, env, code: tuple):
        self.env = env
        self.code = code

    def __repr__(self):
        return f"Closure(<{len(self.code)} ins>)"


class Block:
    """{P}: a code block under construction. `emit`, `lift` and the merge
    instructions append to `code`; `call` and the merges seal it, after which
    it never changes (so code that is running is never modified)."""

    __slots__ = ("code", "sealed")

    def __init__(self, code=None, sealed: bool = False):
        # Unsealed: a list to append to. Sealed: a tuple (see seal).
        code = [] if code is None else code
        self.code = tuple(code) if sealed else (code if type(code) is list else list(code))
        self.sealed = sealed

    def seal(self) -> tuple:
        """Seal the block and return its instructions. The sealed code is kept
        as a tuple, so calling a block again costs nothing more."""
        self.sealed = True
        if type(self.code) is not tuple:
            self.code = tuple(self.code)
        return self.code

    def __repr__(self):
        return f"Block(<{len(self.code)} ins>{', sealed' if self.sealed else ''})"


class Ref:
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "Ref(...)"


class Array:
    __slots__ = ("items",)

    def __init__(self, items: list):
        self.items = items

    def __repr__(self):
        return f"Array(<{len(self.items)}>)"


class Vector:
    """An SML vector: immutable, so it has no identity and `eq` compares it
    element by element. `items` is a list only so that conversions can fill
    it in place while building it; nothing changes it once it is a value."""

    __slots__ = ("items",)

    def __init__(self, items: list):
        self.items = items

    def __repr__(self):
        return f"Vector(<{len(self.items)}>)"


class ExnName:
    """An exception name X. Each `newexn` makes a new one; names are equal
    only when they are the same object."""

    __slots__ = ("name",)

    def __init__(self, name: bytes):
        self.name = name

    def __repr__(self):
        return f"ExnName({self.name!r})"


class ExnVal:
    """An exception value X(arg), or X without argument (arg None)."""

    __slots__ = ("name", "arg")

    def __init__(self, name: ExnName, arg=None):
        self.name = name
        self.arg = arg

    def __repr__(self):
        return f"ExnVal({self.name.name!r})" if self.arg is None else f"ExnVal({self.name.name!r}, {self.arg!r})"


# Every class a machine value can have (int and bytes included).
VALUE_TYPES = (int, bytes, Unit, Placeholder, Con, Pair, Closure, Block, Ref, Array, Vector, ExnName, ExnVal)


def to_word(n: int) -> int:
    """The unsigned reading of an int's 63-bit pattern."""
    return n & WORD_MASK


def from_word(w: int) -> int:
    """The int whose 63-bit pattern is w mod 2^63."""
    w &= WORD_MASK
    return w - WORD_MODULUS if w > INT_MAX else w


# ------------------------------------------------------------- rendering


def shown_name(name) -> str:
    """A name a program carries (a global's, an exception's) as text safe to
    print: a name compiled from source is printable ASCII and shown as it
    is; any other (a damaged or crafted .ccam file) as an escaped string
    literal, so that no control bytes reach the terminal and no undecodable
    bytes reach a strict UTF-8 stream."""
    raw = name if isinstance(name, bytes) else name.encode("utf-8", "surrogateescape")
    if raw and all(32 <= b < 127 for b in raw):
        return raw.decode("ascii")
    return _show_bytes(raw)


def _show_bytes(s: bytes) -> str:
    out = ['"']
    for b in s:
        c = chr(b)
        if c == '"' or c == "\\":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append(f"\\x{b:02x}")
    out.append('"')
    return "".join(out)


def show(v) -> str:
    """The canonical rendering of a machine value, used by tests of both
    machines: () 3 -3 "ab\\n" C1 C1(v) (a, b) [e : 2 ins] {3 ins} {sealed 3 ins}
    ref(v) [|1, 2|] #[1, 2] exn<Div> Div Fail("x") ⊥. A value met again inside
    itself (a cycle through update, refs or arrays) is shown as `…`.
    Iterative, so long lists do not exhaust the Python stack."""
    out: list[str] = []
    # Work list of pending items: a value to render, or a literal string;
    # ("leave", id) ends a value's stay on the current path.
    work: list = [("v", v)]
    on_path: set[int] = set()
    while work:
        kind, x = work.pop()
        if kind == "s":
            out.append(x)
            continue
        if kind == "leave":
            on_path.discard(x)
            continue
        t = type(x)
        if t not in _SHOWN_TYPES:  # a machine's own subclass (the C machine's handles)
            t = next((base for base in t.__mro__ if base in _SHOWN_TYPES), t)
        if t is int:
            out.append(str(x))
        elif t is bytes:
            out.append(_show_bytes(x))
        elif x is UNIT_VALUE:
            out.append("()")
        elif x is PLACEHOLDER:
            out.append("⊥")
        elif t is ExnName:
            out.append(f"exn<{shown_name(x.name)}>")
        elif t is Block:
            out.append(f"{{{'sealed ' if x.sealed else ''}{len(x.code)} ins}}")
        elif _path_key(x) in on_path:
            out.append("…")
        elif t in (Con, Pair, Closure, Ref, Array, Vector, ExnVal):
            on_path.add(_path_key(x))
            parts: list = []
            if t is Con:
                parts = [("s", f"C{x.tag}")]
                if x.arg is not None:
                    parts += [("s", "("), ("v", x.arg), ("s", ")")]
            elif t is Pair:
                parts = [("s", "("), ("v", x.fst), ("s", ", "), ("v", x.snd), ("s", ")")]
            elif t is Closure:
                parts = [("s", "["), ("v", x.env), ("s", f" : {len(x.code)} ins]")]
            elif t is Ref:
                parts = [("s", "ref("), ("v", x.value), ("s", ")")]
            elif t is Array or t is Vector:
                parts = [("s", "[|" if t is Array else "#[")]
                for i, item in enumerate(x.items):
                    if i:
                        parts.append(("s", ", "))
                    parts.append(("v", item))
                parts.append(("s", "|]" if t is Array else "]"))
            else:
                parts = [("s", shown_name(x.name.name))]
                if x.arg is not None:
                    parts += [("s", "("), ("v", x.arg), ("s", ")")]
            parts.append(("leave", _path_key(x)))
            work.extend(reversed(parts))
        else:
            raise TypeError(f"not a machine value: {x!r}")
    return "".join(out)


def _path_key(x):
    """What identifies x on show's path: the C machine's handles (whose
    Python objects are made afresh at each read) say it themselves."""
    key = getattr(x, "identity_key", None)
    return id(x) if key is None else key()


_SHOWN_TYPES = frozenset({int, bytes, ExnName, Block, Con, Pair, Closure, Ref, Array, Vector, ExnVal})


def describe_kind(v) -> str:
    """A short name of a value's kind, for machine error messages."""
    t = type(v)
    if t is int:
        return f"int {v}"
    if t is bytes:
        return "string"
    return {
        Unit: "()",
        Placeholder: "⊥",
        Con: "constructor",
        Pair: "pair",
        Closure: "closure",
        Block: "code block",
        Ref: "ref",
        Array: "array",
        Vector: "vector",
        ExnName: "exception name",
        ExnVal: "exception value",
    }.get(t, type(v).__name__)


# ------------------------------------------------------------- run outcome


@attrs.define
class Result:
    """How a run (or a call) ended; both machines return this.

    reductions      transitions counted per instructions.reductions
    gen_reductions  the part of `reductions` spent in the code-building
                    instructions arena, emit, lift, merge, mergebranch,
                    mergeswitch, mergetry (not the surrounding environment
                    manipulation, which cannot be told apart exactly)
    emitted         instructions appended to code blocks (emit, lift and
                    each merge append exactly one)
    value           the top of the stack at the end (OK), the exception
                    value (UNCAUGHT), otherwise None
    """

    status: Status
    value: object = None
    message: str = ""
    reductions: int = 0
    output: bytes = b""
    gen_reductions: int = 0
    emitted: int = 0

    @property
    def ok(self) -> bool:
        return self.status == Status.OK


def lifted_operand(v):
    """The operand `lift` quotes: constants become table constants (so the
    generated code can be shown and written), other values stand as they are."""
    t = type(v)
    if t is int:
        return ConstInt(v)
    if t is bytes:
        return ConstStr(v)
    if t is Unit:
        return ConstUnit()
    if t is Con and v.arg is None:
        return ConstCon(v.tag)
    return v
