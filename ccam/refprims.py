"""The primitives of the CCAM (`prim(p)`, table PRIMS in instructions.py) for
the Python reference machine.

Each primitive is a function `(machine, v) -> result` of the value on top of
the stack. It either returns the result, raises BuiltinRaise to raise one of
the built-in exceptions (the machine turns it into an exception value and
unwinds), or raises MachineError (a clean machine stop, e.g. TYPE when
hand-made bytecode passes a string to `add`).
"""

from __future__ import annotations

from typing import Callable

from ccam.instructions import (
    INT_MAX,
    INT_MIN,
    MAX_ARRAY_LENGTH,
    MAX_STRING_SIZE,
    PRIMS,
    TAG_CONS,
    TAG_NIL,
    Status,
)
from ccam.values import (
    UNIT_VALUE,
    Array,
    Block,
    Closure,
    Con,
    ExnVal,
    Pair,
    Ref,
    Vector,
    describe_kind,
    from_word,
    to_word,
)


class MachineError(Exception):
    """Stop the machine with a status other than OK/UNCAUGHT."""

    def __init__(self, status: Status, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class BuiltinRaise(Exception):
    """Raise the built-in exception `name` (one of BUILTIN_EXNS), without argument."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


FALSE_VALUE = Con(0)
TRUE_VALUE = Con(1)
NIL_VALUE = Con(TAG_NIL)
NONE_VALUE = Con(0)


def bool_value(b: bool) -> Con:
    return TRUE_VALUE if b else FALSE_VALUE


def type_error(what: str, expected: str, found) -> MachineError:
    return MachineError(Status.TYPE, f"{what}: expected {expected}, found {describe_kind(found)}")


# ------------------------------------------------------------- argument shapes


def _int(p: str, v) -> int:
    if type(v) is not int:
        raise type_error(p, "an int", v)
    return v


def _bytes(p: str, v) -> bytes:
    if type(v) is not bytes:
        raise type_error(p, "a string", v)
    return v


def _pair(p: str, v) -> Pair:
    if type(v) is not Pair:
        raise type_error(p, "a pair", v)
    return v


def _ints(p: str, v) -> tuple[int, int]:
    v = _pair(p, v)
    return _int(p, v.fst), _int(p, v.snd)


def _strings(p: str, v) -> tuple[bytes, bytes]:
    v = _pair(p, v)
    return _bytes(p, v.fst), _bytes(p, v.snd)


def _checked(n: int) -> int:
    if n < INT_MIN or n > INT_MAX:
        raise BuiltinRaise("Overflow")
    return n


def walk_list(p: str, v) -> list:
    """The elements of a machine list (nil = C_0, x :: l = C_1((x, l))).
    A cyclic list (only hand-made code can build one, through `update`) is
    TYPE; the check follows a second pointer at half speed (Floyd), so it
    needs no memory."""
    items = []
    slow = v
    while True:
        if type(v) is not Con:
            raise type_error(p, "a list", v)
        if v.tag == TAG_NIL and v.arg is None:
            return items
        if v.tag != TAG_CONS or type(v.arg) is not Pair:
            raise type_error(p, "a list", v)
        items.append(v.arg.fst)
        v = v.arg.snd
        if len(items) % 2 == 0:
            slow = slow.arg.snd
            if slow is v:
                raise MachineError(Status.TYPE, f"{p}: cyclic list")


def make_list(items) -> Con:
    result = NIL_VALUE
    for x in reversed(items):
        result = Con(TAG_CONS, Pair(x, result))
    return result


# ------------------------------------------------------------- equality


_DONE = object()  # work-list marker: the comparison of a pair of pairs is complete
_NEXT_ITEM = object()  # work-list marker: (_NEXT_ITEM, vector, vector, index of the next item)


def structural_eq(a, b) -> bool:
    """`eq`: depth first, left to right (a pair's first components are compared
    completely before its second), stopping at the first difference. A closure
    or code block met before a difference is the error TYPE. Values of
    different kinds are unequal. ints and strings by value; unit, ⊥, refs,
    arrays and exception names by identity; constructors and exception values
    by tag/name and argument; vectors by length, then element by element
    from the first.
    A value compared with itself (the same object) is equal at once, whatever
    it holds, as in Poly/ML: `x = x` on a structure shared as a DAG takes one
    step, not one per path.
    A comparison that would never finish is TYPE too: meeting again a pair
    of pairs whose comparison is still in progress (a cycle, which only
    `update` can build). A pair of pairs already compared completely is
    simply compared again (shared structure), with the same outcome."""
    work: list = [(a, b)]
    in_progress: set[tuple[int, int]] = set()
    while work:
        item = work.pop()
        if item[0] is _DONE:
            in_progress.discard(item[1])
            continue
        if item[0] is _NEXT_ITEM:
            _, vx, vy, i = item
            if i + 1 < len(vx.items):
                work.append((_NEXT_ITEM, vx, vy, i + 1))
            work.append((vx.items[i], vy.items[i]))
            continue
        x, y = item
        tx, ty = type(x), type(y)
        if tx is Closure or tx is Block or ty is Closure or ty is Block:
            raise MachineError(Status.TYPE, "eq: closures and code blocks admit no equality")
        if x is y:
            continue  # one value: equal without a look inside (else x = x on a DAG is exponential)
        if tx is not ty:
            return False
        if tx is int or tx is bytes:
            if x != y:
                return False
        elif tx is Pair:
            key = (id(x), id(y))
            if key in in_progress:
                raise MachineError(Status.TYPE, "eq: cyclic value")
            in_progress.add(key)
            work.append((_DONE, key))
            work.append((x.snd, y.snd))
            work.append((x.fst, y.fst))
        elif tx is Con:
            if x.tag != y.tag or (x.arg is None) != (y.arg is None):
                return False
            if x.arg is not None:
                work.append((x.arg, y.arg))
        elif tx is ExnVal:
            if x.name is not y.name or (x.arg is None) != (y.arg is None):
                return False
            if x.arg is not None:
                work.append((x.arg, y.arg))
        elif tx is Vector:
            # A vector is built from values that exist before it, so it
            # cannot contain itself: no cycle check is needed here. Its
            # items are compared one at a time, from the first, under a
            # cursor (no work-list space per item).
            if len(x.items) != len(y.items):
                return False
            if x.items:
                work.append((_NEXT_ITEM, x, y, 0))
        elif x is not y:
            return False
    return True


# ------------------------------------------------------------- integers


def p_add(m, v):
    a, b = _ints("add", v)
    return _checked(a + b)


def p_sub(m, v):
    a, b = _ints("sub", v)
    return _checked(a - b)


def p_mul(m, v):
    a, b = _ints("mul", v)
    return _checked(a * b)


def p_div(m, v):
    a, b = _ints("div", v)
    if b == 0:
        raise BuiltinRaise("Div")
    return _checked(a // b)  # Python's // is floor division, as SML's div


def p_mod(m, v):
    a, b = _ints("mod", v)
    if b == 0:
        raise BuiltinRaise("Div")
    return a % b  # Python's % takes the sign of b, as SML's mod


def p_neg(m, v):
    return _checked(-_int("neg", v))


def p_abs(m, v):
    return _checked(abs(_int("abs", v)))


def _int_compare(name, op):
    def prim(m, v):
        a, b = _ints(name, v)
        return bool_value(op(a, b))

    return prim


def p_eq(m, v):
    v = _pair("eq", v)
    return bool_value(structural_eq(v.fst, v.snd))


def p_ne(m, v):
    v = _pair("ne", v)
    return bool_value(not structural_eq(v.fst, v.snd))


# ------------------------------------------------------------- words
# A word is an int's 63-bit pattern read as unsigned: compute on the
# unsigned reading and store the result's pattern back.


def _words(name: str, v) -> tuple[int, int]:
    a, b = _ints(name, v)
    return to_word(a), to_word(b)


def _word_binary(name, op):
    def prim(m, v):
        return from_word(op(*_words(name, v)))

    return prim


def _word_div(name, op):
    def prim(m, v):
        a, b = _words(name, v)
        if b == 0:
            raise BuiltinRaise("Div")
        return from_word(op(a, b))

    return prim


def _word_compare(name, op):
    def prim(m, v):
        return bool_value(op(*_words(name, v)))

    return prim


def p_wnotb(m, v):
    return from_word(~to_word(_int("wnotb", v)))


def p_wshl(m, v):
    a, b = _words("wshl", v)
    return 0 if b >= 63 else from_word(a << b)


def p_wshr(m, v):
    a, b = _words("wshr", v)
    return 0 if b >= 63 else from_word(a >> b)


def p_washr(m, v):
    a, b = _words("washr", v)
    return from_word(from_word(a) >> min(b, 62))


def p_wfromint(m, v):
    return _int("wfromint", v)  # the same 63 bits


def p_wtoint(m, v):
    w = to_word(_int("wtoint", v))
    if w > INT_MAX:
        raise BuiltinRaise("Overflow")
    return w


def p_wtointx(m, v):
    return _int("wtointx", v)


def p_wtostring(m, v):
    return format(to_word(_int("wtostring", v)), "X").encode("ascii")


# ------------------------------------------------------------- strings


def _sized(s: bytes) -> bytes:
    if len(s) > MAX_STRING_SIZE:
        raise BuiltinRaise("Size")
    return s


def p_concat(m, v):
    a, b = _strings("concat", v)
    if len(a) + len(b) > MAX_STRING_SIZE:
        raise BuiltinRaise("Size")
    return a + b


def p_size(m, v):
    return len(_bytes("size", v))


def p_ssub(m, v):
    v = _pair("ssub", v)
    s, i = _bytes("ssub", v.fst), _int("ssub", v.snd)
    if not 0 <= i < len(s):
        raise BuiltinRaise("Subscript")
    return s[i]


def p_substring(m, v):
    v = _pair("substring", v)
    s = _bytes("substring", v.fst)
    i, n = _ints("substring", v.snd)
    if i < 0 or n < 0 or i + n > len(s):
        raise BuiltinRaise("Subscript")
    return s[i:i + n]


def p_sconcat(m, v):
    parts = [_bytes("sconcat", x) for x in walk_list("sconcat", v)]
    if sum(map(len, parts)) > MAX_STRING_SIZE:
        raise BuiltinRaise("Size")
    return b"".join(parts)


def p_implode(m, v):
    chars = walk_list("implode", v)
    for c in chars:
        if type(c) is not int or not 0 <= c <= 255:
            raise type_error("implode", "a char", c)
    return _sized(bytes(chars))


def p_explode(m, v):
    return make_list(list(_bytes("explode", v)))


def _string_compare(name, op):
    def prim(m, v):
        return bool_value(op(*_strings(name, v)))

    return prim


def p_chr(m, v):
    n = _int("chr", v)
    if not 0 <= n <= 255:
        raise BuiltinRaise("Chr")
    return n


def p_itos(m, v):
    n = _int("itos", v)
    return (f"~{-n}" if n < 0 else str(n)).encode("ascii")


SML_SPACE = b" \t\n\x0b\x0c\r"  # Char.isSpace
# More significant digits than this cannot fit in 63 bits (and Python refuses
# to convert very long digit strings), so they overflow without converting.
_MAX_DIGITS = len(str(INT_MIN)) - 1


def scan_int(s: bytes):
    """SML's Int.fromString: skip white space, optional sign ~ - +, decimal
    digits, ignore the rest. None when there are no digits."""
    i = 0
    while i < len(s) and s[i] in SML_SPACE:
        i += 1
    negative = False
    if i < len(s) and s[i] in b"~-+":
        negative = s[i] != ord("+")
        i += 1
    start = i
    while i < len(s) and 48 <= s[i] <= 57:
        i += 1
    if i == start:
        return None
    digits = s[start:i].lstrip(b"0") or b"0"
    if len(digits) > _MAX_DIGITS:
        raise BuiltinRaise("Overflow")
    n = int(digits)
    return _checked(-n if negative else n)


def p_stoi(m, v):
    n = scan_int(_bytes("stoi", v))
    return NONE_VALUE if n is None else Con(1, n)


def p_print(m, v):
    m.write_output(_bytes("print", v))
    return UNIT_VALUE


def p_output(m, v):
    # (stream, string): stream 1 is TextIO.stdOut, print's own output (so
    # the two interleave exactly), 2 is TextIO.stdErr
    v = _pair("output", v)
    text = _bytes("output", v.snd)
    if type(v.fst) is int and v.fst == 1:
        m.write_output(text)
    elif type(v.fst) is int and v.fst == 2:
        m.write_error_output(text)
    else:
        raise type_error("output", "an output stream (1 or 2)", v.fst)
    return UNIT_VALUE


# ------------------------------------------------------------- refs and arrays


def p_ref(m, v):
    return Ref(v)


def p_deref(m, v):
    if type(v) is not Ref:
        raise type_error("deref", "a ref", v)
    return v.value


def p_assign(m, v):
    v = _pair("assign", v)
    if type(v.fst) is not Ref:
        raise type_error("assign", "a ref", v.fst)
    v.fst.value = v.snd
    return UNIT_VALUE


def _array(name: str, v) -> Array:
    if type(v) is not Array:
        raise type_error(name, "an array", v)
    return v


def p_array(m, v):
    v = _pair("array", v)
    n = _int("array", v.fst)
    if n < 0 or n > MAX_ARRAY_LENGTH:
        raise BuiltinRaise("Size")
    return Array([v.snd] * n)


def p_asub(m, v):
    v = _pair("asub", v)
    a, i = _array("asub", v.fst), _int("asub", v.snd)
    if not 0 <= i < len(a.items):
        raise BuiltinRaise("Subscript")
    return a.items[i]


def p_aupdate(m, v):
    v = _pair("aupdate", v)
    a = _array("aupdate", v.fst)
    iv = _pair("aupdate", v.snd)
    i = _int("aupdate", iv.fst)
    if not 0 <= i < len(a.items):
        raise BuiltinRaise("Subscript")
    a.items[i] = iv.snd
    return UNIT_VALUE


def p_alength(m, v):
    return len(_array("alength", v).items)


def p_afromlist(m, v):
    items = walk_list("afromlist", v)
    if len(items) > MAX_ARRAY_LENGTH:
        raise BuiltinRaise("Size")
    return Array(items)


def _vector(name: str, v) -> Vector:
    if type(v) is not Vector:
        raise type_error(name, "a vector", v)
    return v


def p_vfromlist(m, v):
    items = walk_list("vfromlist", v)
    if len(items) > MAX_ARRAY_LENGTH:
        raise BuiltinRaise("Size")
    return Vector(items)


def p_vsub(m, v):
    v = _pair("vsub", v)
    vec, i = _vector("vsub", v.fst), _int("vsub", v.snd)
    if not 0 <= i < len(vec.items):
        raise BuiltinRaise("Subscript")
    return vec.items[i]


def p_vlength(m, v):
    return len(_vector("vlength", v).items)


def p_vfromarray(m, v):
    return Vector(list(_array("vfromarray", v).items))


def p_exnname(m, v):
    if type(v) is not ExnVal:
        raise type_error("exnname", "an exception value", v)
    return v.name.name


PrimFn = Callable[[object, object], object]

IMPLEMENTATIONS: dict[str, PrimFn] = {
    "add": p_add, "sub": p_sub, "mul": p_mul, "div": p_div, "mod": p_mod,
    "neg": p_neg, "abs": p_abs,
    "lt": _int_compare("lt", int.__lt__), "le": _int_compare("le", int.__le__),
    "gt": _int_compare("gt", int.__gt__), "ge": _int_compare("ge", int.__ge__),
    "eq": p_eq, "ne": p_ne,
    "wadd": _word_binary("wadd", int.__add__), "wsub": _word_binary("wsub", int.__sub__),
    "wmul": _word_binary("wmul", int.__mul__),
    "wdiv": _word_div("wdiv", int.__floordiv__), "wmod": _word_div("wmod", int.__mod__),
    "wandb": _word_binary("wandb", int.__and__), "worb": _word_binary("worb", int.__or__),
    "wxorb": _word_binary("wxorb", int.__xor__), "wnotb": p_wnotb,
    "wshl": p_wshl, "wshr": p_wshr, "washr": p_washr,
    "wlt": _word_compare("wlt", int.__lt__), "wle": _word_compare("wle", int.__le__),
    "wgt": _word_compare("wgt", int.__gt__), "wge": _word_compare("wge", int.__ge__),
    "wfromint": p_wfromint, "wtoint": p_wtoint, "wtointx": p_wtointx, "wtostring": p_wtostring,
    "concat": p_concat, "size": p_size, "ssub": p_ssub, "substring": p_substring,
    "sconcat": p_sconcat, "implode": p_implode, "explode": p_explode,
    "slt": _string_compare("slt", bytes.__lt__), "sle": _string_compare("sle", bytes.__le__),
    "sgt": _string_compare("sgt", bytes.__gt__), "sge": _string_compare("sge", bytes.__ge__),
    "chr": p_chr, "itos": p_itos, "stoi": p_stoi, "print": p_print, "output": p_output,
    "ref": p_ref, "deref": p_deref, "assign": p_assign,
    "array": p_array, "asub": p_asub, "aupdate": p_aupdate, "alength": p_alength,
    "afromlist": p_afromlist, "exnname": p_exnname,
    "vfromlist": p_vfromlist, "vsub": p_vsub, "vlength": p_vlength, "vfromarray": p_vfromarray,
}

assert set(IMPLEMENTATIONS) == {p.name for p in PRIMS}, "every primitive of the table, and only those"
