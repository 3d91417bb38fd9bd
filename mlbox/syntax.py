"""The abstract syntax of ML□ (Standard ML core + `code`, `lift`, `cogen`, `[t]`).

One frozen attrs class per node. Every node carries a `span` (its source
extent); spans are excluded from equality so that two parses of the same
program text compare equal whatever the layout. Nodes are otherwise plain
data: later phases (checker, compiler) keep their findings in side tables
keyed by `id(node)` (see `mlbox.checker.Elaboration`), never on the node.

Derived forms are expanded by the parser where SML defines them as
derived, so that the checker and compiler see fewer shapes:

  a OP b            App(Var(OP), Tuple([a, b]))   (also `::`, `:=`, `o`, ...)
  a andalso b       Andalso(a, b)                 (kept: it is not an application)
  [a, b]            ListExp([a, b])
  (e1; e2)          Seq([e1, e2])
  let d in e1; e2   Let(d, Seq([e1, e2]))
  ()                Tuple([])
  op +              Var("+", op=True)

Qualified names (`Int.toString`) are single names with the dot inside.
"""

from __future__ import annotations

import functools
from typing import Optional, Union

import attrs


@attrs.frozen
class Span:
    """A source extent: 1-based line and column of the first character, and
    of the character just after the last one."""

    line: int
    col: int
    end_line: int
    end_col: int

    def to(self, other: "Span") -> "Span":
        return Span(self.line, self.col, other.end_line, other.end_col)


NOSPAN = Span(0, 0, 0, 0)


def _node(cls):
    """Declare an AST node: frozen, keyword-or-positional, span last and
    ignored by equality and repr."""
    return attrs.frozen(cls)


def span_field():
    return attrs.field(default=NOSPAN, eq=False, repr=False, kw_only=True)


# Looked up once per class: every compilation walks every node of the
# program several times (nesting depth, size, type variables), and asking
# attrs at each node took about a tenth of a compilation.
@functools.cache
def is_node(cls: type) -> bool:
    """Whether `cls` is an AST node class (a Span is not)."""
    return attrs.has(cls) and not issubclass(cls, Span)


@functools.cache
def child_fields(cls: type) -> tuple[str, ...]:
    """The fields of an AST node class that hold its children, last first
    (a walk's stack then visits them first to last)."""
    return tuple(f.name for f in reversed(attrs.fields(cls)) if f.name != "span")


def node_count(node, limit: int) -> int:
    """The number of AST nodes in `node`, counted up to `limit` (a size
    estimate for compilation heuristics; iterative, as programs nest deep)."""
    n, todo = 0, [node]
    while todo and n < limit:
        x = todo.pop()
        if isinstance(x, (tuple, list)):
            todo.extend(x)
        elif is_node(type(x)):
            n += 1
            todo.extend(getattr(x, name) for name in child_fields(type(x)))
    return min(n, limit)


# ---------------------------------------------------------------- types


@_node
class TyVar:
    name: str  # including the quote(s): "'a", "''a"
    span: Span = span_field()


@_node
class TyCon:
    """A type constructor applied to arguments: `int`, `'a list`,
    `(int, string) pair`."""

    name: str
    args: tuple["Ty", ...] = ()
    span: Span = span_field()


@_node
class TyArrow:
    arg: "Ty"
    res: "Ty"
    span: Span = span_field()


@_node
class TyTuple:
    items: tuple["Ty", ...]  # at least two
    span: Span = span_field()


@_node
class TyBox:
    """`[t]`: the type of generators of code of type t (□t)."""

    body: "Ty"
    span: Span = span_field()


Ty = Union[TyVar, TyCon, TyArrow, TyTuple, TyBox]

# ------------------------------------------------------------- constants


@_node
class IntConst:
    value: int
    span: Span = span_field()


@_node
class WordConst:
    value: int  # non-negative
    span: Span = span_field()


@_node
class StringConst:
    value: str  # decoded: escapes already processed
    span: Span = span_field()


@_node
class CharConst:
    value: str  # one character
    span: Span = span_field()


Const = Union[IntConst, WordConst, StringConst, CharConst]

# -------------------------------------------------------------- patterns


@_node
class PWild:
    span: Span = span_field()


@_node
class PVar:
    """An identifier in a pattern. Whether it binds a variable or names a
    nullary constructor (`nil`, `NONE`, `true`) is decided by the checker
    from the scope, as in SML."""

    name: str
    op: bool = False
    span: Span = span_field()


@_node
class PConst:
    const: Const
    span: Span = span_field()


@_node
class PTuple:
    items: tuple["Pat", ...]  # () is PTuple(())
    span: Span = span_field()


@_node
class PList:
    items: tuple["Pat", ...]
    span: Span = span_field()


@_node
class PCon:
    """A constructor applied to a pattern: `SOME x`, `x :: xs` (name "::",
    arg PTuple((x, xs)))."""

    name: str
    arg: "Pat"
    span: Span = span_field()


@_node
class PRef:
    arg: "Pat"
    span: Span = span_field()


@_node
class PAs:
    name: str
    pat: "Pat"
    span: Span = span_field()


@_node
class PTyped:
    pat: "Pat"
    ty: Ty
    span: Span = span_field()


Pat = Union[PWild, PVar, PConst, PTuple, PList, PCon, PRef, PAs, PTyped]

# ----------------------------------------------------------- expressions


@_node
class ConstExp:
    const: Const
    span: Span = span_field()


@_node
class Var:
    """A value identifier: variable, constructor, exception constructor,
    basis function or code variable; the checker resolves which."""

    name: str
    op: bool = False
    span: Span = span_field()


@_node
class App:
    fn: "Exp"
    arg: "Exp"
    span: Span = span_field()


@_node
class Tuple:
    items: tuple["Exp", ...]  # () is Tuple(())
    span: Span = span_field()


@_node
class ListExp:
    items: tuple["Exp", ...]
    span: Span = span_field()


@_node
class Seq:
    exps: tuple["Exp", ...]  # at least two
    span: Span = span_field()


@_node
class Let:
    decs: tuple["Dec", ...]
    body: "Exp"
    span: Span = span_field()


@_node
class If:
    cond: "Exp"
    then: "Exp"
    else_: "Exp"
    span: Span = span_field()


@_node
class Andalso:
    left: "Exp"
    right: "Exp"
    span: Span = span_field()


@_node
class Orelse:
    left: "Exp"
    right: "Exp"
    span: Span = span_field()


@_node
class Rule:
    pat: Pat
    body: "Exp"
    span: Span = span_field()


@_node
class Case:
    exp: "Exp"
    rules: tuple[Rule, ...]
    span: Span = span_field()


@_node
class Fn:
    rules: tuple[Rule, ...]
    span: Span = span_field()


@_node
class Raise:
    exp: "Exp"
    span: Span = span_field()


@_node
class Handle:
    exp: "Exp"
    rules: tuple[Rule, ...]
    span: Span = span_field()


@_node
class While:
    cond: "Exp"
    body: "Exp"
    span: Span = span_field()


@_node
class Typed:
    exp: "Exp"
    ty: Ty
    span: Span = span_field()


@_node
class Code:
    """`code e`: a generator of code for e (□ introduction)."""

    exp: "Exp"
    span: Span = span_field()


@_node
class Lift:
    """`lift e`: evaluate e now, return a generator that quotes its value."""

    exp: "Exp"
    span: Span = span_field()


Exp = Union[
    ConstExp, Var, App, Tuple, ListExp, Seq, Let, If, Andalso, Orelse, Case, Fn,
    Raise, Handle, While, Typed, Code, Lift,
]

# ---------------------------------------------------------- declarations


@_node
class ValBind:
    pat: Pat
    exp: Exp
    span: Span = span_field()


@_node
class ValDec:
    """`val p = e and ...`; `val rec f = fn ...` has rec=True. In
    `val x = e and rec f = fn ...` (SML '97: `rec` makes the bindings after
    it recursive) binds[rec_from:] are the recursive ones."""

    tyvars: tuple[str, ...]
    binds: tuple[ValBind, ...]
    rec: bool = False
    rec_from: Optional[int] = None
    span: Span = span_field()

    @property
    def plain_binds(self) -> tuple[ValBind, ...]:
        return () if self.rec else self.binds[:self.rec_from]

    @property
    def recursive_binds(self) -> tuple[ValBind, ...]:
        if self.rec:
            return self.binds
        return () if self.rec_from is None else self.binds[self.rec_from:]


def val_rec_var(p: "Pat") -> Optional[PVar]:
    """The variable a `val rec` pattern binds its function to, under the
    pattern's annotations and layers (`val rec f as g : t = fn ...`), or
    None for any other pattern."""
    while isinstance(p, (PTyped, PAs)):
        p = p.pat
    return p if isinstance(p, PVar) else None


@_node
class Clause:
    """One clause of a `fun`: `f p1 ... pn : ty = body`."""

    pats: tuple[Pat, ...]  # at least one (curried arguments)
    result_ty: Optional[Ty]
    body: Exp
    span: Span = span_field()


@_node
class FunBind:
    name: str
    clauses: tuple[Clause, ...]
    span: Span = span_field()


@_node
class FunDec:
    """`fun f ... and g ...`: mutually recursive functions."""

    tyvars: tuple[str, ...]
    binds: tuple[FunBind, ...]
    span: Span = span_field()


@_node
class ConBind:
    name: str
    arg: Optional[Ty]
    span: Span = span_field()


@_node
class DataBind:
    tyvars: tuple[str, ...]
    name: str
    cons: tuple[ConBind, ...]
    span: Span = span_field()


@_node
class DatatypeDec:
    """`datatype ... and ... withtype ...`: mutually recursive datatypes;
    the `withtype` abbreviations are visible in the constructors' types
    and, like the datatypes, after the declaration."""

    binds: tuple[DataBind, ...]
    withtype: tuple["TypeBind", ...] = ()
    span: Span = span_field()


@_node
class DatatypeReplDec:
    """`datatype name = datatype target`: name denotes the same type as
    target, and target's constructors are bound again."""

    name: str
    target: str
    span: Span = span_field()


@_node
class TypeBind:
    tyvars: tuple[str, ...]
    name: str
    ty: Ty
    span: Span = span_field()


@_node
class TypeDec:
    binds: tuple[TypeBind, ...]
    span: Span = span_field()


@_node
class ExnBind:
    """`E` or `E of t`; with `same_as`, the replication `E = F`: E denotes
    the exception F denotes (no new exception is made)."""

    name: str
    arg: Optional[Ty]
    same_as: Optional[str] = None
    span: Span = span_field()


@_node
class ExceptionDec:
    binds: tuple[ExnBind, ...]
    span: Span = span_field()


@_node
class AbstypeDec:
    """`abstype datbinds withtype ... with body end`: the constructors are
    visible only in `body`; after it the types are abstract (no
    constructors, no equality) and `body`'s bindings are the declaration's."""

    datatype: DatatypeDec
    body: tuple["Dec", ...]
    span: Span = span_field()


@_node
class CogenDec:
    """`cogen u = e`: e must be a generator [t]; binds code variable u : t."""

    name: str
    exp: Exp
    span: Span = span_field()


@_node
class ExpDec:
    """A top-level expression `e;`, which SML treats as `val it = e`."""

    exp: Exp
    span: Span = span_field()


@_node
class LocalDec:
    """`local decs in body end`: the bindings of `decs` are visible only in
    `body`; those of `body` are the declaration's."""

    decs: tuple["Dec", ...]
    body: tuple["Dec", ...]
    span: Span = span_field()


@_node
class FixityDec:
    """`infix n ids` (assoc "left"), `infixr n ids` ("right"), `nonfix ids`
    (assoc None). The parser resolves infix expressions and patterns with
    it (mlbox.parser.Fixity); it binds no value, so the checker and the
    compiler pass over it. It is kept for the printer."""

    assoc: Optional[str]
    precedence: int
    names: tuple[str, ...]
    span: Span = span_field()


Dec = Union[ValDec, FunDec, DatatypeDec, DatatypeReplDec, AbstypeDec, TypeDec, ExceptionDec, CogenDec, ExpDec,
            LocalDec, FixityDec]


@_node
class Program:
    """`decs` in order; `semicolons` lists, for each top-level `;` between
    them, how many declarations precede it. A `;` ends a unit of
    elaboration: overloaded operators are resolved there (as in Poly/ML),
    not at the end of each declaration."""

    decs: tuple[Dec, ...]
    semicolons: tuple[int, ...] = attrs.field(default=(), eq=False, repr=False, kw_only=True)
    # the fixity of identifiers after the program's top-level declarations
    # (name -> (precedence, "left" | "right"), or None for nonfix), for
    # the next REPL input; None when not recorded
    fixity: Optional[dict] = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    span: Span = span_field()


# The identifiers that are infix in the initial basis, with SML's
# precedence and associativity (infix declarations change them; see
# mlbox.parser.Fixity). `::` is a constructor.
INFIX = {
    # op: (precedence, "left" | "right")
    "*": (7, "left"), "/": (7, "left"), "div": (7, "left"), "mod": (7, "left"),
    "+": (6, "left"), "-": (6, "left"), "^": (6, "left"),
    "::": (5, "right"), "@": (5, "right"),
    "=": (4, "left"), "<>": (4, "left"), "<": (4, "left"), ">": (4, "left"),
    "<=": (4, "left"), ">=": (4, "left"),
    ":=": (3, "left"), "o": (3, "left"),
    "before": (0, "left"),
}


class Fixity:
    """The fixity of identifiers at a point of the parse: a stack of scopes
    (name -> (precedence, "left" | "right"), or None for nonfix), the
    bottom one the top level's.

    Besides the scopes, each name declared anywhere has the stack of its
    declarations (scope depth, fixity), innermost last: a lookup costs the
    same under 100,000 nested `let`s as at the top level (walking the
    scopes would make such a program quadratic). Change the scopes only
    through the methods, which keep the two in step."""

    def __init__(self, top: Optional[dict] = None):
        self.scopes: list[dict] = [{}]
        self._declared: dict[str, list[tuple[int, Optional[tuple[int, str]]]]] = {}
        self.declare_all(INFIX if top is None else top)

    def lookup(self, name: str) -> Optional[tuple[int, str]]:
        stack = self._declared.get(name)
        return stack[-1][1] if stack else None

    def declare(self, names, value: Optional[tuple[int, str]]) -> None:
        depth = len(self.scopes) - 1
        scope = self.scopes[-1]
        for name in names:
            stack = self._declared.setdefault(name, [])
            if name in scope:
                stack[-1] = (depth, value)  # redeclared in the same scope
            else:
                stack.append((depth, value))
            scope[name] = value

    def declare_all(self, fixities: dict) -> None:
        """Declare each name of `fixities` (name -> fixity) in the innermost scope."""
        for name, value in fixities.items():
            self.declare((name,), value)

    def push(self) -> None:
        self.scopes.append({})

    def pop(self) -> dict:
        scope = self.scopes.pop()
        for name in scope:
            stack = self._declared[name]
            stack.pop()
            if not stack:
                del self._declared[name]
        return scope

    def pop_to_top_level(self) -> None:
        while len(self.scopes) > 1:
            self.pop()

    def top_level(self) -> dict:
        return dict(self.scopes[0])


def is_selector(name: str) -> bool:
    """Whether a Var's name is a tuple selector `#i` (parser: SELECTOR); a
    symbolic identifier (`##`, `#>`) has no digits."""
    return name[:1] == "#" and name[1:].isdigit()
