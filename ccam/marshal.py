"""Host (Python) values ⇄ machine values, structurally (docs/embedding.md).

The structural layer of the embedding API: it knows the machine's data
layout, not ML types (type-directed conversion, e.g. telling a bool from the
constructor C_1 or a 3-tuple from nested pairs, is mlbox/hostvalues.py's).

  Python                      machine
  bool                        C_1 (true) / C_0 (false)
  int (63-bit range)          int
  str (chars < 256)           string (latin-1 bytes)
  bytes, bytearray            string
  ()                          ()
  (a, b, ..., z), n >= 2      (a, (b, (..., z))): tuples are right-nested pairs
  list                        nil = C_0, x :: l = C_1((x, l))
  array.array of ints         array of ints
  Constructor(tag, arg)       C_tag(arg), or C_tag without an argument
  a machine value             itself (closures, refs, ... handed back by a run)

Back from the machine (`to_host`): int -> int, string -> bytes, () -> (),
pair -> 2-tuple, constructor -> Constructor, array and vector -> list (a
copy; a tuple would read as nested pairs); other
values (closures, code blocks, refs, exceptions) are returned as they are.
`list_to_host`, `tuple_to_host`, `bool_to_host` read the layouts the
structural view cannot tell apart.
"""

from __future__ import annotations

import array as pyarray
from typing import Any, Mapping

import attrs

from ccam.instructions import INT_MAX, INT_MIN, TAG_CONS, TAG_FALSE, TAG_NIL, TAG_TRUE
from ccam.values import UNIT_VALUE, VALUE_TYPES, Array, Con, Pair, Unit, Vector, describe_kind

NO_ARG = None  # Constructor.arg of a nullary constructor


class MarshalError(ValueError):
    """A host value with no machine counterpart (or a machine value that does
    not have the layout asked for)."""


@attrs.frozen
class Constructor:
    """A datatype value on the host side: constructor tag and argument
    (None for a nullary constructor)."""

    tag: int
    arg: Any = NO_ARG


def constructor(name: str, arg: Any = NO_ARG, *, tags: Mapping[str, int]) -> Constructor:
    """A Constructor by name, given the datatype's constructor table name -> tag."""
    if name not in tags:
        raise MarshalError(f"unknown constructor {name!r} (known: {', '.join(sorted(tags))})")
    return Constructor(tags[name], arg)


def to_machine(x: Any):
    """The machine value of a host value (see the module docstring)."""
    t = type(x)
    if t is bool:
        return Con(TAG_TRUE if x else TAG_FALSE)
    if t is int:
        if not INT_MIN <= x <= INT_MAX:
            raise MarshalError(f"int {x} does not fit in 63 bits ({INT_MIN} .. {INT_MAX})")
        return x
    if t is str:
        try:
            return x.encode("latin-1")
        except UnicodeEncodeError as err:
            raise MarshalError(f"string has a character beyond \\u00ff at index {err.start}: "
                               f"machine strings are bytes; pass bytes for other encodings") from None
    if t is bytes or t is bytearray:
        return bytes(x)
    if t is tuple:
        if len(x) == 0:
            return UNIT_VALUE
        if len(x) == 1:
            raise MarshalError("a 1-tuple has no machine value (tuples have 0 or at least 2 components)")
        result = to_machine(x[-1])
        for item in reversed(x[:-1]):
            result = Pair(to_machine(item), result)
        return result
    if t is list:
        result = Con(TAG_NIL)
        for item in reversed(x):
            result = Con(TAG_CONS, Pair(to_machine(item), result))
        return result
    if t is pyarray.array:
        if x.typecode not in "bBhHiIlLqQ":
            raise MarshalError(f"array of typecode {x.typecode!r}: only integer arrays convert")
        return Array([to_machine(int(v)) for v in x])
    if t is Constructor:
        if type(x.tag) is not int or x.tag < 0:
            raise MarshalError(f"constructor tag {x.tag!r} is not a natural number")
        return Con(x.tag, None if x.arg is NO_ARG else to_machine(x.arg))
    if t in VALUE_TYPES:  # already a machine value (int and bytes were handled above)
        return x
    raise MarshalError(f"no machine value for a Python {t.__name__}")


def to_host(v: Any):
    """The structural host view of a machine value (see the module docstring)."""
    t = type(v)
    if t is int or t is bytes:
        return v
    if t is Unit:
        return ()
    if t is Pair:
        return (to_host(v.fst), to_host(v.snd))
    if t is Con:
        return Constructor(v.tag, NO_ARG if v.arg is None else to_host(v.arg))
    if t is Array or t is Vector:
        return [to_host(item) for item in v.items]
    return v


def bool_to_host(v: Any) -> bool:
    if type(v) is Con and v.arg is None and v.tag in (TAG_FALSE, TAG_TRUE):
        return v.tag == TAG_TRUE
    raise MarshalError(f"expected a boolean (C_0 or C_1), found {describe_kind(v)}")


def list_to_host(v: Any, element=to_host) -> list:
    """A machine list as a Python list, converting elements with `element`."""
    items = []
    while True:
        if type(v) is Con and v.tag == TAG_NIL and v.arg is None:
            return items
        if type(v) is not Con or v.tag != TAG_CONS or type(v.arg) is not Pair:
            raise MarshalError(f"expected a list, found {describe_kind(v)}")
        items.append(element(v.arg.fst))
        v = v.arg.snd


def tuple_to_host(v: Any, n: int, element=to_host) -> tuple:
    """An n-tuple (right-nested pairs) as a Python tuple; n = 0 is ()."""
    if n == 0:
        if v is not UNIT_VALUE:
            raise MarshalError(f"expected (), found {describe_kind(v)}")
        return ()
    items = []
    for _ in range(n - 1):
        if type(v) is not Pair:
            raise MarshalError(f"expected a {n}-tuple, found {describe_kind(v)}")
        items.append(element(v.fst))
        v = v.snd
    items.append(element(v))
    return tuple(items)
