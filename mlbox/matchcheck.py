"""Exhaustiveness and redundancy of matches (case, fn, fun, handle, val).

The checker translates each pattern into a small term language, `Wild` or
`Con(ctor, args)`, where a `Ctor` is anything a value can be built with:
a datatype constructor, the tuple of n components, `ref`, a constant, an
exception. Each Ctor belongs to a `Family`, the set of ctors of its type:
finite (datatypes, tuples, ref) or infinite (constants, exceptions).

The algorithm is Maranget's "usefulness" (Warnings for pattern matching,
JFP 2007): a row q is useful with respect to rows P when some value matches
q and no row of P. Clause i is redundant when it is not useful with respect
to clauses 0..i-1; the match is exhaustive when the all-wildcards row is not
useful with respect to all clauses. The search returns a witness, printed
as the "not covered" example.
"""

from __future__ import annotations

from typing import Optional, Sequence


class Family:
    """The constructors of one type. `ctors` is None for an infinite
    family, whose `kind` ("int", "string", "char", "word", "exn") tells how
    to make up a constant not yet mentioned."""

    __slots__ = ("ctors", "kind")

    def __init__(self, ctors: Optional[list["Ctor"]], kind: str = ""):
        self.ctors = ctors
        self.kind = kind

    def missing(self, present: dict) -> Optional["Ctor"]:
        """A ctor of this family not among `present` (keyed by Ctor.key),
        or None when no printable one exists (exceptions)."""
        if self.ctors is not None:
            for c in self.ctors:
                if c.key not in present:
                    return c
            return None
        return _fresh_constant(self.kind, present)


class Ctor:
    """One way of building a value. `name` is how it prints; `arity` is the
    number of sub-patterns (1 for a constructor with an argument, n for an
    n-tuple); `style` is "con", "tuple", "ref" or "const"."""

    __slots__ = ("key", "name", "arity", "style", "family")

    def __init__(self, key, name: str, arity: int, style: str, family: Optional[Family] = None):
        self.key = key
        self.name = name
        self.arity = arity
        self.style = style
        self.family = family if family is not None else Family([self])


class Wild:
    __slots__ = ()

    def __repr__(self) -> str:
        return "_"


WILD = Wild()


class Con:
    __slots__ = ("ctor", "args")

    def __init__(self, ctor: Ctor, args: Sequence = ()):
        self.ctor = ctor
        self.args = tuple(args)


Pat = Wild | Con

_TUPLES: dict[int, Ctor] = {}
REF = Ctor(("ref",), "ref", 1, "ref")
_CONST_FAMILIES = {kind: Family(None, kind) for kind in ("int", "string", "char", "word", "exn")}


def tuple_ctor(n: int) -> Ctor:
    ctor = _TUPLES.get(n)
    if ctor is None:
        ctor = _TUPLES[n] = Ctor(("tuple", n), "", n, "tuple")
    return ctor


def const_ctor(kind: str, value) -> Ctor:
    return Ctor(("const", kind, value), show_constant(kind, value), 0, "const", _CONST_FAMILIES[kind])


def exn_ctor(identity, name: str, has_arg: bool) -> Ctor:
    return Ctor(("exn", identity), name, 1 if has_arg else 0, "con", _CONST_FAMILIES["exn"])


def datatype_family(names_and_arities: Sequence[tuple[str, bool]], identity) -> Family:
    """The family of a datatype's constructors, in tag order."""
    family = Family([])
    for tag, (name, has_arg) in enumerate(names_and_arities):
        family.ctors.append(Ctor(("con", identity, tag), name, 1 if has_arg else 0, "con", family))
    return family


def show_constant(kind: str, value) -> str:
    if kind == "int":
        return str(value) if value >= 0 else "~" + str(-value)
    if kind == "word":
        return f"0w{value}"
    if kind == "char":
        return "#" + _sml_string(value)
    if kind == "string":
        return _sml_string(value)
    return str(value)


def _sml_string(s: str) -> str:
    out = []
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 32 or ord(ch) > 126:
            out.append(f"\\{ord(ch):03d}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _fresh_constant(kind: str, present: dict) -> Optional[Ctor]:
    if kind == "exn":
        return None  # any other exception: shown as _
    used = {key[2] for key in present if key[0] == "const"}
    if kind in ("int", "word"):
        n = 0
        while n in used:
            n += 1
        return const_ctor(kind, n)
    if kind == "char":
        for code in list(range(ord("a"), ord("z") + 1)) + list(range(256)):
            if chr(code) not in used:
                return const_ctor(kind, chr(code))
        return None
    if kind == "string":
        candidates = [""] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
        n = 0
        while True:
            s = candidates[n] if n < len(candidates) else "s" + str(n)
            if s not in used:
                return const_ctor(kind, s)
            n += 1
    return None


# ----------------------------------------------------------- usefulness


# Pattern vectors (a row, the vector q, a witness) are linked lists, `()`
# or (first pattern, the rest): taking a column off the front, or putting a
# constructor's arguments there, leaves the rest shared. As tuples, each
# step copied the whole vector, and a pattern nested n deep leaves up to n
# columns behind (a `nil` per level of `[[...]]`): n² steps.


def _vector(patterns: Sequence[Pat]) -> tuple:
    vector: tuple = ()
    for p in reversed(patterns):
        vector = (p, vector)
    return vector


def _patterns(vector: tuple) -> tuple:
    out = []
    while vector:
        out.append(vector[0])
        vector = vector[1]
    return tuple(out)


def _prepend(patterns: Sequence[Pat], vector: tuple) -> tuple:
    for p in reversed(patterns):
        vector = (p, vector)
    return vector


def _wilds(n: int, vector: tuple) -> tuple:
    for _ in range(n):
        vector = (WILD, vector)
    return vector


def _take(vector: tuple, n: int) -> tuple[tuple, tuple]:
    """The first n patterns of a vector (a tuple) and the rest."""
    out = []
    for _ in range(n):
        out.append(vector[0])
        vector = vector[1]
    return tuple(out), vector


def _specialize(row: tuple, ctor: Ctor) -> Optional[tuple]:
    head = row[0]
    if isinstance(head, Wild):
        return _wilds(ctor.arity, row[1])
    if head.ctor.key == ctor.key:
        return _prepend(head.args, row[1])
    return None


def _built(ctor: Ctor, witness: tuple) -> tuple:
    """The witness with its first ctor.arity patterns made ctor's arguments."""
    args, rest = _take(witness, ctor.arity)
    return (Con(ctor, args), rest)


def useful(rows: list[tuple], q: tuple) -> Optional[tuple]:
    """A vector of patterns matched by some value that q matches and no row
    of `rows` matches (a witness), or None when q is useless (vectors as
    above)."""
    if not q:
        return None if rows else ()
    head = q[0]
    if isinstance(head, Con):
        ctor = head.ctor
        specialized = [s for s in (_specialize(r, ctor) for r in rows) if s is not None]
        witness = useful(specialized, _prepend(head.args, q[1]))
        if witness is None:
            return None
        return _built(ctor, witness)

    present: dict = {}
    for row in rows:
        if isinstance(row[0], Con):
            present.setdefault(row[0].ctor.key, row[0].ctor)
    family = next(iter(present.values())).family if present else None
    if family is not None and family.ctors is not None and all(c.key in present for c in family.ctors):
        # every constructor appears: the value must be built by one of them.
        # The rows of each constructor, in order, in one pass (specialising
        # all rows per constructor was quadratic in a datatype's size).
        by_ctor: dict = {c.key: [] for c in family.ctors}
        for r in rows:
            if isinstance(r[0], Wild):
                for c in family.ctors:
                    by_ctor[c.key].append(_wilds(c.arity, r[1]))
            else:
                by_ctor[r[0].ctor.key].append(_prepend(r[0].args, r[1]))
        for ctor in family.ctors:
            witness = useful(by_ctor[ctor.key], _wilds(ctor.arity, q[1]))
            if witness is not None:
                return _built(ctor, witness)
        return None
    defaults = [r[1] for r in rows if isinstance(r[0], Wild)]
    witness = useful(defaults, q[1])
    if witness is None:
        return None
    missing = family.missing(present) if family is not None else None
    if missing is None:
        return (WILD, witness)
    return (Con(missing, (WILD,) * missing.arity), witness)


def _lead(p: Pat) -> Pat:
    """The pattern a row is first told apart by: p itself, or, through the
    first argument of constructors alone in their type (a tuple, `ref`, a
    datatype of one constructor), the first pattern below them that is a
    wildcard or a constructor with rivals."""
    while isinstance(p, Con) and p.args:
        ctors = p.ctor.family.ctors
        if ctors is None or len(ctors) != 1:
            break
        p = p.args[0]
    return p


def check_rows(rows: Sequence[Sequence[Pat]]) -> tuple[list[int], Optional[tuple]]:
    """The indices of redundant rows, and a witness of non-exhaustiveness
    (a tuple of patterns, one per column) or None when exhaustive."""
    seen: list[tuple] = []
    # A row led by a constructor can only be covered by earlier rows led
    # by the same constructor or a wildcard (the lead is the first column,
    # looked through tuples and other constructors alone in their type,
    # which specialising never drops a row for): checking it against those
    # alone keeps a long `case` of constants linear, of tuples of constants
    # too (whether a row is useful does not depend on the order of the rows
    # it is checked against).
    seen_wild: list[tuple] = []
    seen_by_head: dict = {}
    redundant = []
    for i, patterns in enumerate(rows):
        row = _vector(patterns)
        head = _lead(row[0]) if row else WILD
        if isinstance(head, Con):
            against = seen_by_head.get(head.ctor.key, []) + seen_wild
        else:
            against = seen
        if useful(against, row) is None:
            redundant.append(i)
        seen.append(row)
        if isinstance(head, Con):
            seen_by_head.setdefault(head.ctor.key, []).append(row)
        else:
            seen_wild.append(row)
    width = len(rows[0]) if rows else 1
    missing = useful(seen, _wilds(width, ()))
    return redundant, None if missing is None else _patterns(missing)


# ------------------------------------------------------------- printing


def show_pattern(p: Pat) -> str:
    """SML notation: constructor application binds tighter than `::`,
    which associates to the right."""
    return _show(p, "top")


def show_patterns(ps: Sequence[Pat]) -> str:
    """Curried `fun` arguments, side by side."""
    return " ".join(_show(p, "atom") for p in ps)


def _show(p: Pat, position: str) -> str:
    if isinstance(p, Wild):
        return "_"
    ctor = p.ctor
    if ctor.style == "tuple":
        return "(" + ", ".join(_show(a, "top") for a in p.args) + ")"
    if ctor.style == "const" or ctor.arity == 0:
        return "[]" if ctor.name == "nil" else ctor.name
    if ctor.name == "::":
        pair = p.args[0]
        if isinstance(pair, Wild):
            pair = Con(tuple_ctor(2), (WILD, WILD))
        if isinstance(pair, Con) and pair.ctor.style == "tuple" and len(pair.args) == 2:
            text = _show(pair.args[0], "cons-left") + " :: " + _show(pair.args[1], "top")
        else:
            text = "op :: " + _show(pair, "atom")
        return text if position == "top" else f"({text})"
    text = ctor.name + " " + _show(p.args[0], "atom")
    return f"({text})" if position == "atom" else text
