"""Type-directed Hypothesis strategies for well-typed ML□ programs.

`expressions(ty, ctx, size)` draws an expression of type `ty` in the
context `ctx`. It dispatches on the wanted type to one strategy per typing
rule (a constant, a variable, the introduction rules of the type's
constructor, the primitives producing it, and the rules that work at any
type: if, let, fun, cogen, case (flat, and with nested overlapping
patterns), application, raise/handle, sequencing, refs, arrays, while,
eval, local exceptions, refs and arrays lifted into code, folds, `before`),
listed simplest first so that Hypothesis shrinks towards constants and
variables. The base types are int, bool, string, unit, a datatype, word
and char (constants at the edges: the largest and smallest int, the top
bit, all ones, escapes, high bytes; the word operators and shifts, ord/chr, Word.toInt/toIntX, so
that Div, Overflow, Chr and Subscript are raised too; explode, implode and
String.substring). Matches may fail: a nested case without its catch-all,
`fn` with refutable patterns only and `let val PAT = e` raise Match and
Bind, in either stage. Rules are grouped so that one choice picks a group (bindings,
staging, control, application, primitives), which keeps the mix even.

The context is Δ;Γ plus the globals: every binding is LOCAL (Γ), CODE (Δ,
bound by cogen) or GLOBAL (top level and basis). Under `code` the LOCAL
bindings are dropped — exactly the premise Δ;· ⊢ M of the paper's `code`
rule — while code variables and globals stay usable.

Datatypes: besides the preamble's, `let datatype` at any level (under
`code` too: a generator building code that declares, builds, matches
and raises exceptions carrying its own datatype) and top-level `local
datatype ... in val ... end`. They may be polymorphic ('a, 'b), recursive
(lists, trees, options of themselves) and carry functions or generators
(then they admit no equality); a name may shadow a datatype in scope, and
a constructor name one of another datatype, so that the erasure and the
compiler must keep same-named types apart. Once declared, a datatype is
drawn like any type (bound, matched by case, fn and val patterns, nested,
compared, lifted into code, carried by exceptions); each comes with a
function turning its values to strings, which the body uses to print one.

Exceptions: the preamble's two, and `let exception E [of t]` at any
level (t any small type, functions and generators too), raised with an
argument and handled by rules whose argument pattern may fail; one
declared outside a `code` is not in scope under it (the checker forbids
it). Exceptions are values too: `exception E' = E` aliases, `val e = E a`,
lists of them, `raise e`. Mutable cells cross the stages: a ref or an array made by the
generator is lifted (`cogen u = lift r`) into code that reads and writes
it, while the generator writes it too (`let_lifted_mutable`).

Termination: the recursion is a `fun` (or `val rec`, or two functions
`fun f ... and g ...`) whose body contains one recursive call, to itself
or the other, on `n div 2`, behind a test `n <= 0`, so a call runs
O(log n) levels, and a fixed `d (n - 1) + 1` counting down from 10^4 to
5·10^4 (deep stacks on both machines); `while` loops count a hidden counter up to a small
constant. (A recursive call inside a loop or a mapped function may run a
few times per level; the tests bound reductions and discard such runs.)

`programs()` draws a whole program: a fixed preamble (a datatype with a `withtype`, two
exceptions, a global counter and a global effectful function), then a few
top-level `val` (some inside `local datatype ...`), `fun` and `cogen` declarations, each followed by a line
printing its value through a type-directed show expression (functions are
applied to a drawn argument, generators are run with `eval`). It returns
the program and the type intended for each top-level binding.

All choices are Hypothesis draws: there is no other randomness, and the
fresh-name counter is created per drawn program.
"""

from __future__ import annotations

from typing import Callable, Optional

import attrs
from hypothesis import strategies as st

from mlbox import syntax as S

# ------------------------------------------------------------------ types

INT = S.TyCon("int")
BOOL = S.TyCon("bool")
STRING = S.TyCon("string")
UNIT = S.TyCon("unit")
SHAPE = S.TyCon("shape")
WORD = S.TyCon("word")
CHAR = S.TyCon("char")
EXN = S.TyCon("exn")  # never drawn by types(): wanted only by the rules on exn values

MAX_CODE_LEVEL = 3  # `code` nested at most this deep


def list_of(t: S.Ty) -> S.Ty:
    return S.TyCon("list", (t,))


def option_of(t: S.Ty) -> S.Ty:
    return S.TyCon("option", (t,))


def ref_of(t: S.Ty) -> S.Ty:
    return S.TyCon("ref", (t,))


def array_of(t: S.Ty) -> S.Ty:
    return S.TyCon("array", (t,))


def arrow(a: S.Ty, r: S.Ty) -> S.Ty:
    return S.TyArrow(a, r)


def box(t: S.Ty) -> S.Ty:
    return S.TyBox(t)


def tuple_of(*items: S.Ty) -> S.Ty:
    return S.TyTuple(tuple(items))


def is_con(ty: S.Ty, name: str) -> bool:
    return isinstance(ty, S.TyCon) and ty.name == name


BASE_TYPES = (INT, BOOL, STRING, UNIT, SHAPE, WORD, CHAR)


TYPE_SHAPES = ("base", "list", "option", "tuple", "arrow", "box", "box of box")


@st.composite
def types(draw, depth: int = 2) -> S.Ty:
    """Types of generated expressions: base types first, then lists,
    options, pairs/triples, functions and generators `[t]` — the latter
    twice as often, directly nested too, for multi-stage programs."""
    shape = draw(st.sampled_from(TYPE_SHAPES)) if depth > 0 else "base"
    if shape == "base":
        return draw(st.sampled_from(BASE_TYPES))
    sub = types(depth - 1)
    if shape == "list":
        return list_of(draw(sub))
    if shape == "option":
        return option_of(draw(sub))
    if shape == "tuple":
        return tuple_of(*draw(st.lists(sub, min_size=2, max_size=3)))
    if shape == "arrow":
        return arrow(draw(sub), draw(sub))
    if shape == "box":
        return box(draw(sub))
    return box(box(draw(sub)))


def eq_types(depth: int = 1) -> st.SearchStrategy[S.Ty]:
    """Types admitting equality (no functions, no generators)."""
    base = st.sampled_from(BASE_TYPES)
    if depth <= 0:
        return base
    sub = eq_types(depth - 1)
    return st.one_of(base, sub.map(list_of), sub.map(option_of),
                     st.tuples(sub, sub).map(lambda ts: tuple_of(*ts)))


def show_type(ty: S.Ty) -> str:
    """SML notation, used to compare with the checker's printed types."""

    def go(t: S.Ty, prec: int) -> str:
        # prec: 0 = anywhere, 1 = tuple item / arrow argument, 2 = constructor argument
        match t:
            case S.TyVar(name):
                return name
            case S.TyCon(name, ()):
                return name
            case S.TyCon(name, (arg,)):
                return f"{go(arg, 2)} {name}"
            case S.TyCon(name, args):
                return f"({', '.join(go(a, 0) for a in args)}) {name}"
            case S.TyBox(body):
                return f"[{go(body, 0)}]"
            case S.TyTuple(items):
                text = " * ".join(go(i, 2) for i in items)
                return f"({text})" if prec >= 2 else text
            case S.TyArrow(a, r):
                text = f"{go(a, 1)} -> {go(r, 0)}"
                return f"({text})" if prec >= 1 else text
        raise TypeError(t)

    return go(ty, 0)


# ---------------------------------------------------------------- context

LOCAL, CODE, GLOBAL = "local", "code", "global"
CONSTRUCTOR = "constructor"  # of a datatype the program declares: usable under `code` too


@attrs.frozen
class Binding:
    name: str
    ty: S.Ty
    kind: str  # LOCAL (Γ), CODE (Δ), GLOBAL or CONSTRUCTOR


class Names:
    """Fresh names for one program (x1, f2, u3, ...)."""

    def __init__(self) -> None:
        self.count = 0

    def fresh(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"


@attrs.frozen
class Head:
    """Something already in scope that yields a value of type `ty` when
    applied to arguments: a variable, `!r` for a ref r, or the recursive
    call `f (n div 2)` inside f's body."""

    exp: S.Exp
    ty: S.Ty
    mentions: tuple[str, ...] = ()  # names the expression refers to
    uses_left: Optional[list[int]] = attrs.field(default=None, eq=False)  # [n] for a rationed head

    def usable(self) -> bool:
        return self.uses_left is None or self.uses_left[0] > 0

    def use(self) -> S.Exp:
        if self.uses_left is not None:
            self.uses_left[0] -= 1
        return self.exp


@attrs.frozen(eq=False)
class Ctx:
    scope: dict  # name -> Binding; later bindings replace shadowed ones
    names: Names
    level: int = 0  # how many `code` we are under
    recursion: Optional[Head] = None  # the recursive call allowed here (LOCAL)
    # the datatypes the program declared so far on the way here (by id,
    # shadowed ones too: their values may still be around), the id each
    # printed type name denotes here, and the datatype (id) each
    # constructor name denotes here
    datatypes: dict = attrs.field(factory=dict)
    visible: dict = attrs.field(factory=dict)
    constructors: dict = attrs.field(factory=dict)

    def bind(self, name: str, ty: S.Ty, kind: str) -> "Ctx":
        scope = dict(self.scope)
        scope[name] = Binding(name, ty, kind)
        recursion = self.recursion
        if recursion is not None and name in recursion.mentions:
            # `f (n div 2)` would now mean something else (and might
            # not terminate): no more recursive calls below this binder.
            recursion = None
        return attrs.evolve(self, scope=scope, recursion=recursion)

    def bind_all(self, pairs: list[tuple[str, S.Ty]], kind: str) -> "Ctx":
        ctx = self
        for name, ty in pairs:
            ctx = ctx.bind(name, ty, kind)
        return ctx

    def enter_code(self) -> "Ctx":
        """Δ;Γ ⊢ code M needs Δ;· ⊢ M: forget the local value variables
        (and the recursive call, which mentions the local n)."""
        scope = {n: b for n, b in self.scope.items() if b.kind != LOCAL}
        return attrs.evolve(self, scope=scope, level=self.level + 1, recursion=None)

    def declare(self, dt: "DataType") -> "Ctx":
        """The context after `datatype dt`: its name and constructors
        denote it, hiding any others of the same names."""
        ctx = attrs.evolve(self, datatypes={**self.datatypes, dt.id: dt},
                           visible={**self.visible, dt.printed: dt.id},
                           constructors={**self.constructors, **{c: dt.id for c, _ in dt.cons}})
        return ctx.bind_all([(c, dt.self_ty if arg is None else arrow(arg, dt.self_ty)) for c, arg in dt.cons],
                            CONSTRUCTOR)

    def visible_constructors(self, dt: "DataType") -> list[tuple[str, Optional[S.Ty]]]:
        return [(c, arg) for c, arg in dt.cons if self.constructors.get(c) == dt.id]

    def with_recursion(self, head: Optional[Head]) -> "Ctx":
        return attrs.evolve(self, recursion=head)

    def heads(self) -> list[Head]:
        out = []
        for b in self.scope.values():
            if is_con(b.ty, "ref"):
                out.append(Head(S.App(S.Var("!"), S.Var(b.name)), b.ty.args[0]))
            else:
                out.append(Head(S.Var(b.name), b.ty))
        if self.recursion is not None and self.recursion.usable():
            out.append(self.recursion)
        return out

    def refs(self) -> list[Binding]:
        return [b for b in self.scope.values() if is_con(b.ty, "ref")]

    def arrays(self) -> list[Binding]:
        return [b for b in self.scope.values() if is_con(b.ty, "array")]

    def exceptions(self) -> list[Binding]:
        """Exception constructors in scope: `E : exn` or `E : t -> exn`
        (not the exn values `let_exn_value` binds, which are lowercase)."""
        return [b for b in self.scope.values() if b.name[0].isupper()
                and (b.ty == EXN or (isinstance(b.ty, S.TyArrow) and b.ty.res == EXN))]


def arity_to(head_ty: S.Ty, wanted: S.Ty) -> Optional[list[S.Ty]]:
    """The argument types a head of type a1 -> ... -> ak -> wanted needs
    (k >= 1), or None. A polymorphic head (of a `let_poly` function) is
    instantiated to fit: the argument types come back with its type
    variables replaced as the match with `wanted` says (a variable the
    result does not mention is left for apply_head to draw)."""
    args = []
    ty = head_ty
    while isinstance(ty, S.TyArrow):
        args.append(ty.arg)
        ty = ty.res
        subst: dict = {}
        if ty == wanted or (has_type_vars(ty) and is_instance(ty, wanted, subst)):
            return [substitute(a, subst) for a in args]
    return None


def has_type_vars(ty: S.Ty) -> bool:
    match ty:
        case S.TyVar():
            return True
        case S.TyCon(_, args):
            return any(has_type_vars(a) for a in args)
        case S.TyArrow(a, r):
            return has_type_vars(a) or has_type_vars(r)
        case S.TyTuple(items):
            return any(has_type_vars(i) for i in items)
        case S.TyBox(body):
            return has_type_vars(body)
    return False


def substitute(ty: S.Ty, subst: dict) -> S.Ty:
    match ty:
        case S.TyVar(name):
            return subst.get(name, ty)
        case S.TyCon(name, args):
            return S.TyCon(name, tuple(substitute(a, subst) for a in args))
        case S.TyArrow(a, r):
            return S.TyArrow(substitute(a, subst), substitute(r, subst))
        case S.TyTuple(items):
            return S.TyTuple(tuple(substitute(i, subst) for i in items))
        case S.TyBox(body):
            return S.TyBox(substitute(body, subst))
    raise TypeError(ty)


def type_vars(ty: S.Ty) -> list[str]:
    match ty:
        case S.TyVar(name):
            return [name]
        case S.TyCon(_, args) | S.TyTuple(args):
            return [v for a in args for v in type_vars(a)]
        case S.TyArrow(a, r):
            return type_vars(a) + type_vars(r)
        case S.TyBox(body):
            return type_vars(body)
    return []


def fits(head_ty: S.Ty, wanted: S.Ty) -> bool:
    """A head of type head_ty used as it is, at type `wanted`."""
    return head_ty == wanted or (has_type_vars(head_ty) and is_instance(head_ty, wanted))


# ------------------------------------------------------- AST conveniences


def var(name: str) -> S.Var:
    return S.Var(name)


def int_(k: int) -> S.Exp:
    return S.ConstExp(S.IntConst(k))


def string_(s: str) -> S.Exp:
    return S.ConstExp(S.StringConst(s))


def word_(w: int) -> S.Exp:
    return S.ConstExp(S.WordConst(w))


def char_(c: str) -> S.Exp:
    return S.ConstExp(S.CharConst(c))


def infix(op: str, left: S.Exp, right: S.Exp) -> S.Exp:
    return S.App(S.Var(op), S.Tuple((left, right)))


def call(fn: str, *args: S.Exp) -> S.Exp:
    """`fn a` or `fn (a, b, ...)`."""
    return S.App(S.Var(fn), args[0] if len(args) == 1 else S.Tuple(tuple(args)))


def let(decs: list[S.Dec], body: S.Exp) -> S.Let:
    return S.Let(tuple(decs), body)


def val(name: str, exp: S.Exp, ty: Optional[S.Ty] = None) -> S.ValDec:
    pat: S.Pat = S.PVar(name) if ty is None else S.PTyped(S.PVar(name), ty)
    return S.ValDec((), (S.ValBind(pat, exp),))


def fn(param: S.Pat, body: S.Exp) -> S.Fn:
    return S.Fn((S.Rule(param, body),))


UNIT_EXP = S.Tuple(())
TRUE, FALSE = S.Var("true"), S.Var("false")

# --------------------------------------------------------------- preamble

EXN_PLAIN = "Oops"  # exception Oops
EXN_INT = "Boom"  # exception Boom of int
COUNTER = "counter"  # val counter = ref 0
BUMP = "bump"  # fun bump k = (counter := !counter + k; !counter)

BUMP_BODY = S.Seq((
    infix(":=", var(COUNTER), infix("+", call("!", var(COUNTER)), var("k"))),
    call("!", var(COUNTER)),
))
PREAMBLE: tuple[S.Dec, ...] = (
    # (Rect's argument through a `withtype` abbreviation: every drawn
    # program has one, under `code` too)
    S.DatatypeDec((S.DataBind((), "shape", (
        S.ConBind("Dot", None),
        S.ConBind("Circle", INT),
        S.ConBind("Rect", S.TyCon("dims")),
    )),), (S.TypeBind((), "dims", tuple_of(INT, STRING)),)),
    S.ExceptionDec((S.ExnBind(EXN_PLAIN, None), S.ExnBind(EXN_INT, INT))),
    val(COUNTER, call("ref", int_(0)), ref_of(INT)),
    S.FunDec((), (S.FunBind(BUMP, (S.Clause((S.PVar("k"),), None, BUMP_BODY),)),)),
)

PREAMBLE_GLOBALS = [
    (EXN_PLAIN, EXN),
    (EXN_INT, arrow(INT, EXN)),
    (COUNTER, ref_of(INT)),
    (BUMP, arrow(INT, INT)),
    ("Circle", arrow(INT, SHAPE)),
    ("Rect", arrow(tuple_of(INT, STRING), SHAPE)),
]


def initial_context() -> Ctx:
    return Ctx({}, Names()).bind_all(PREAMBLE_GLOBALS, GLOBAL)


# ------------------------------------------------------------------ rules
#
# A rule is a function (ty, ctx, size) -> strategy. Rules for one type
# constructor are listed in the order Hypothesis should prefer them.

Rule = Callable[[S.Ty, Ctx, int], st.SearchStrategy[S.Exp]]

SMALL_INTS = st.integers(0, 9)
SMALL_STRINGS = st.sampled_from(["", "a", "bc", "x y"])
# words at the edges of 63-bit arithmetic: wrapping, the top bit (bit 62), all ones
WORDS = st.sampled_from([0, 1, 2, 7, 0xFF, 0x4000000000000000, 0x7FFFFFFFFFFFFFFF])
# characters that print differently (escapes, control, high bytes) and compare at the ends
CHARS = st.sampled_from(["a", "Z", "0", " ", "\n", "\x00", "~", "\x7f", "\x80", "\xff"])


def sub(size: int) -> int:
    return max(size - 1, 0)


# -- constants ------------------------------------------------------------


def int_constant(ty, ctx, size):
    return SMALL_INTS.map(int_)


# ints at the edges of 63-bit arithmetic, so that +, -, *, ~, div and
# abs raise Overflow (at generation time, or when the code runs)
EDGE_INTS = st.sampled_from([(1 << 62) - 1, -(1 << 62), (1 << 62) - 2, -(1 << 62) + 1, 1 << 31, -1])


def int_edge(ty, ctx, size):
    return EDGE_INTS.map(int_)


def bool_constant(ty, ctx, size):
    return st.sampled_from([TRUE, FALSE])


def string_constant(ty, ctx, size):
    return SMALL_STRINGS.map(string_)


def unit_constant(ty, ctx, size):
    return st.just(UNIT_EXP)


def word_constant(ty, ctx, size):
    return WORDS.map(word_)


def char_constant(ty, ctx, size):
    return CHARS.map(char_)


# -- variables: x : τ in Γ, u : τ in Δ, globals ------------------------------


def variable(ty, ctx, size):
    heads = [h for h in ctx.heads() if fits(h.ty, ty)]
    return st.sampled_from(heads).map(Head.use)


def head_candidates(ty: S.Ty, ctx: Ctx) -> list[tuple[Head, list[S.Ty]]]:
    return [(h, args) for h in ctx.heads() if (args := arity_to(h.ty, ty))]


@st.composite
def apply_head(draw, ty, ctx, size):
    """A function in scope (or the recursive call) applied to arguments."""
    candidates = head_candidates(ty, ctx)
    head, arg_types = draw(st.sampled_from(candidates))
    # a polymorphic head's type variables the wanted type leaves open
    free = {v: draw(scope_types(ctx)) for a in arg_types for v in type_vars(a)}
    arg_types = [substitute(a, free) for a in arg_types]
    exp = head.use()
    for a in arg_types:
        exp = S.App(exp, draw(expressions(a, ctx, sub(size))))
    return exp


# -- structural introductions (allowed at size 0: the types get smaller) --


@st.composite
def tuple_intro(draw, ty, ctx, size):
    return S.Tuple(tuple(draw(expressions(t, ctx, sub(size))) for t in ty.items))


def nil_intro(ty, ctx, size):
    return st.just(S.ListExp(()))


@st.composite
def list_literal(draw, ty, ctx, size):
    n = draw(st.integers(1, 3))
    return S.ListExp(tuple(draw(expressions(ty.args[0], ctx, sub(size))) for _ in range(n)))


def none_intro(ty, ctx, size):
    return st.just(S.Var("NONE"))


@st.composite
def some_intro(draw, ty, ctx, size):
    return S.App(S.Var("SOME"), draw(expressions(ty.args[0], ctx, sub(size))))


def dot_intro(ty, ctx, size):
    return st.just(S.Var("Dot"))


@st.composite
def circle_intro(draw, ty, ctx, size):
    return S.App(S.Var("Circle"), draw(expressions(INT, ctx, sub(size))))


@st.composite
def rect_intro(draw, ty, ctx, size):
    return S.App(S.Var("Rect"), S.Tuple((draw(expressions(INT, ctx, sub(size))),
                                         draw(expressions(STRING, ctx, sub(size))))))


@st.composite
def binder_pattern(draw, ty, ctx, allow_shadow=True):
    """A pattern for a value of type ty and the variables it binds: a
    variable (fresh, or shadowing a name in scope), `_`, or a tuple of
    those for tuple types. Inside a tuple (and wherever the caller says
    so) names are fresh, because SML forbids repeating a binder."""
    choices = ["var", "wild"] + (["tuple"] if isinstance(ty, S.TyTuple) else [])
    kind = draw(st.sampled_from(choices))
    if kind == "wild":
        return S.PWild(), []
    if kind == "tuple":
        pats, bound = [], []
        for t in ty.items:
            p, b = draw(binder_pattern(t, ctx, allow_shadow=False))
            pats.append(p)
            bound.extend(b)
        return S.PTuple(tuple(pats)), bound
    name = draw(binder_name(ctx, "x")) if allow_shadow else ctx.names.fresh("x")
    return S.PVar(name), [(name, ty)]


def binder_name(ctx: Ctx, prefix: str) -> st.SearchStrategy[str]:
    """A fresh name first; otherwise shadow a name the program bound (so
    that shadowing of code variables by value variables, and the reverse,
    is exercised)."""
    shadowable = sorted(n for n, b in ctx.scope.items() if n[0].islower() and n[-1].isdigit())
    fresh = st.builds(lambda: ctx.names.fresh(prefix))
    return st.one_of(fresh, st.sampled_from(shadowable)) if shadowable else fresh


@st.composite
def fn_intro(draw, ty, ctx, size):
    pat, bound = draw(binder_pattern(ty.arg, ctx))
    body = draw(expressions(ty.res, ctx.bind_all(bound, LOCAL), sub(size)))
    return fn(pat, body)


@st.composite
def lift_intro(draw, ty, ctx, size):
    """Δ;Γ ⊢ M : τ  gives  Δ;Γ ⊢ lift M : [τ]"""
    return S.Lift(draw(expressions(ty.body, ctx, sub(size))))


@st.composite
def code_intro(draw, ty, ctx, size):
    """Δ;· ⊢ M : τ  gives  Δ;Γ ⊢ code M : [τ]"""
    return S.Code(draw(expressions(ty.body, ctx.enter_code(), sub(size))))


# -- primitives ----------------------------------------------------------


@st.composite
def arith(draw, ty, ctx, size):
    op = draw(st.sampled_from(["+", "-", "*", "div", "mod"]))
    return infix(op, draw(expressions(INT, ctx, sub(size))), draw(expressions(INT, ctx, sub(size))))


@st.composite
def negate(draw, ty, ctx, size):
    return S.App(S.Var(draw(st.sampled_from(["~", "abs"]))), draw(expressions(INT, ctx, sub(size))))


@st.composite
def string_size(draw, ty, ctx, size):
    return call("size", draw(expressions(STRING, ctx, sub(size))))


@st.composite
def list_length(draw, ty, ctx, size):
    elem = draw(scope_types(ctx))
    return call("length", draw(expressions(list_of(elem), ctx, sub(size))))


@st.composite
def comparison(draw, ty, ctx, size):
    kind = draw(st.sampled_from(["eq", "order"]))
    if kind == "eq":
        t = draw(scope_eq_types(ctx))
        op = draw(st.sampled_from(["=", "<>"]))
    else:
        t = draw(st.sampled_from([INT, STRING, WORD, CHAR]))
        op = draw(st.sampled_from(["<", "<=", ">", ">="]))
    return infix(op, draw(expressions(t, ctx, sub(size))), draw(expressions(t, ctx, sub(size))))


@st.composite
def logic(draw, ty, ctx, size):
    kind = draw(st.sampled_from(["not", "andalso", "orelse"]))
    left = draw(expressions(BOOL, ctx, sub(size)))
    if kind == "not":
        return call("not", left)
    right = draw(expressions(BOOL, ctx, sub(size)))
    return (S.Andalso if kind == "andalso" else S.Orelse)(left, right)


@st.composite
def list_null(draw, ty, ctx, size):
    return call("null", draw(expressions(list_of(draw(scope_types(ctx))), ctx, sub(size))))


@st.composite
def concat(draw, ty, ctx, size):
    return infix("^", draw(expressions(STRING, ctx, sub(size))), draw(expressions(STRING, ctx, sub(size))))


@st.composite
def implode_rule(draw, ty, ctx, size):
    """`implode cs`, cs often made by `explode` (char lists are rare otherwise)."""
    if draw(st.booleans()):
        return call("implode", draw(expressions(list_of(CHAR), ctx, sub(size))))
    return call("implode", draw(list_of_chars(STRING, ctx, size)))


@st.composite
def explode_rule(draw, ty, ctx, size):
    return call("explode", draw(expressions(STRING, ctx, sub(size))))


@st.composite
def list_of_chars(draw, ty, ctx, size):
    """`explode s`, maybe reversed or filtered."""
    cs = draw(explode_rule(list_of(CHAR), ctx, size))
    how = draw(st.sampled_from(["as is", "rev", "filter"]))
    if how == "rev":
        return call("rev", cs)
    if how == "filter":
        return S.App(S.App(S.Var("List.filter"), draw(expressions(arrow(CHAR, BOOL), ctx, sub(size)))), cs)
    return cs


@st.composite
def substring(draw, ty, ctx, size):
    """String.substring (s, i, n): Subscript when i or n is out of range."""
    return call("String.substring", draw(expressions(STRING, ctx, sub(size))),
                draw(array_index(ctx, sub(size))), draw(array_index(ctx, sub(size))))


@st.composite
def fold_list(draw, ty, ctx, size):
    """`List.foldl f init xs` or foldr, at any type."""
    elem = draw(scope_types(ctx))
    f = draw(expressions(arrow(tuple_of(elem, ty), ty), ctx, sub(size)))
    init = draw(expressions(ty, ctx, sub(size)))
    xs = draw(expressions(list_of(elem), ctx, sub(size)))
    return S.App(S.App(S.App(S.Var(draw(st.sampled_from(["List.foldl", "List.foldr"]))), f), init), xs)


@st.composite
def filter_list(draw, ty, ctx, size):
    pred = draw(expressions(arrow(ty.args[0], BOOL), ctx, sub(size)))
    return S.App(S.App(S.Var("List.filter"), pred), draw(expressions(ty, ctx, sub(size))))


@st.composite
def exists_list(draw, ty, ctx, size):
    elem = draw(scope_types(ctx))
    pred = draw(expressions(arrow(elem, BOOL), ctx, sub(size)))
    return S.App(S.App(S.Var("List.exists"), pred), draw(expressions(list_of(elem), ctx, sub(size))))


@st.composite
def compose(draw, ty, ctx, size):
    """`f o g` through a middle type."""
    middle = draw(scope_types(ctx))
    return infix("o", draw(expressions(arrow(middle, ty.res), ctx, sub(size))),
                 draw(expressions(arrow(ty.arg, middle), ctx, sub(size))))


@st.composite
def before_rule(draw, ty, ctx, size):
    return infix("before", draw(expressions(ty, ctx, sub(size))), draw(expressions(UNIT, ctx, sub(size))))


DEEP = st.sampled_from([10_000, 20_000, 50_000])  # 22 reductions a level: 50,000 is over half the tests' limit


@st.composite
def deep_recursion(draw, ty, ctx, size):
    """`let fun d n = if n <= 0 then M else d (n - 1) + 1 in d K end`, K
    from 10^4 to 5·10^4: a deep stack (not a tail call) on both machines, in
    either stage; M is computed once, at the bottom."""
    d, n = ctx.names.fresh("d"), ctx.names.fresh("n")
    base = draw(expressions(INT, ctx.bind(n, INT, LOCAL), sub(size)))
    step = infix("+", S.App(var(d), infix("-", var(n), int_(1))), int_(1))
    dec = S.FunDec((), (S.FunBind(d, (S.Clause((S.PVar(n),), None,
                                                S.If(infix("<=", var(n), int_(0)), base, step)),)),))
    return let([dec], S.App(var(d), int_(draw(DEEP))))


@st.composite
def int_to_string(draw, ty, ctx, size):
    return call("Int.toString", draw(expressions(INT, ctx, sub(size))))


@st.composite
def word_arith(draw, ty, ctx, size):
    """The overloaded operators at word (they wrap; div and mod by 0w0
    raise Div) and the bit operations (shifts by 63 or more give 0 or, for
    ~>>, copies of the top bit)."""
    op = draw(st.sampled_from(["+", "-", "*", "div", "mod", "Word.andb", "Word.orb", "Word.xorb",
                               "Word.<<", "Word.>>", "Word.~>>"]))
    left, right = draw(expressions(WORD, ctx, sub(size))), draw(expressions(WORD, ctx, sub(size)))
    return call(op, left, right) if op.startswith("Word.") else infix(op, left, right)


@st.composite
def word_of(draw, ty, ctx, size):
    which = draw(st.sampled_from(["Word.fromInt", "Word.notb", "~"]))
    return call(which, draw(expressions(INT if which == "Word.fromInt" else WORD, ctx, sub(size))))


@st.composite
def int_of_word_or_char(draw, ty, ctx, size):
    """Word.toInt raises Overflow above the largest int; toIntX reads the bits signed."""
    which = draw(st.sampled_from(["Word.toInt", "Word.toIntX", "ord"]))
    return call(which, draw(expressions(CHAR if which == "ord" else WORD, ctx, sub(size))))


@st.composite
def char_of(draw, ty, ctx, size):
    """chr raises Chr outside 0..255, String.sub Subscript past the end."""
    which = draw(st.sampled_from(["chr", "Char.toUpper", "String.sub"]))
    if which == "chr":
        return call("chr", draw(expressions(INT, ctx, sub(size))))
    if which == "Char.toUpper":
        return call("Char.toUpper", draw(expressions(CHAR, ctx, sub(size))))
    return call("String.sub", draw(expressions(STRING, ctx, sub(size))), draw(expressions(INT, ctx, sub(size))))


@st.composite
def string_of_word_or_char(draw, ty, ctx, size):
    which = draw(st.sampled_from(["str", "Char.toString", "Word.toString"]))
    return call(which, draw(expressions(WORD if which == "Word.toString" else CHAR, ctx, sub(size))))


@st.composite
def print_call(draw, ty, ctx, size):
    return call("print", draw(expressions(STRING, ctx, sub(size))))


@st.composite
def assign(draw, ty, ctx, size):
    r = draw(st.sampled_from(ctx.refs()))
    return infix(":=", var(r.name), draw(expressions(r.ty.args[0], ctx, sub(size))))


@st.composite
def while_loop(draw, ty, ctx, size):
    """`let val i = ref 0 in while !i < K do (body; i := !i + 1) end`; the
    counter is hidden from the body, so the loop runs exactly K times."""
    i = ctx.names.fresh("i")
    bound = draw(st.integers(0, 3))
    body = draw(expressions(UNIT, ctx, sub(size)))
    step = infix(":=", var(i), infix("+", call("!", var(i)), int_(1)))
    loop = S.While(infix("<", call("!", var(i)), int_(bound)), S.Seq((body, step)))
    return let([val(i, call("ref", int_(0)))], loop)


@st.composite
def cons(draw, ty, ctx, size):
    return infix("::", draw(expressions(ty.args[0], ctx, sub(size))), draw(expressions(ty, ctx, sub(size))))


@st.composite
def append(draw, ty, ctx, size):
    return infix("@", draw(expressions(ty, ctx, sub(size))), draw(expressions(ty, ctx, sub(size))))


@st.composite
def reverse(draw, ty, ctx, size):
    return call("rev", draw(expressions(ty, ctx, sub(size))))


@st.composite
def map_list(draw, ty, ctx, size):
    source = draw(scope_types(ctx))
    f = draw(expressions(arrow(source, ty.args[0]), ctx, sub(size)))
    xs = draw(expressions(list_of(source), ctx, sub(size)))
    return S.App(S.App(S.Var("map"), f), xs)


# -- rules at any type ---------------------------------------------------


@st.composite
def if_rule(draw, ty, ctx, size):
    return S.If(draw(expressions(BOOL, ctx, sub(size))), draw(expressions(ty, ctx, sub(size))),
                draw(expressions(ty, ctx, sub(size))))


def related_types(ty: S.Ty, ctx: Ctx) -> st.SearchStrategy[S.Ty]:
    """The type to give a new binding: the wanted type itself first (so
    that the body can use the binding right away), else any small type."""
    return st.one_of(st.just(ty), scope_types(ctx))


@st.composite
def let_val(draw, ty, ctx, size):
    t = draw(related_types(ty, ctx))
    pat, bound = draw(binder_pattern(t, ctx))
    rhs = draw(expressions(t, ctx, sub(size)))
    body = draw(expressions(ty, ctx.bind_all(bound, LOCAL), sub(size)))
    return let([S.ValDec((), (S.ValBind(pat, rhs),))], body)


@st.composite
def recursive_fun(draw, ctx: Ctx, size: int, wanted: Optional[S.Ty] = None):
    """`fun f n [y] = if n <= 0 then BASE else STEP`, its clausal form
    `fun f 0 [y] = BASE | f n [y] = if n < 0 then BASE' else STEP`, the
    same as `val rec f = fn n => [fn y =>] if ...`, or two mutually
    recursive functions `fun f n [y] = if ... else STEP and g n [y] = if
    ... else STEP'`, each STEP calling f or g on `n div 2`. A STEP may make
    that call once per body generated (it is offered as a rationed head).
    Returns (declaration, name, type) for f."""
    res = draw(scope_types(ctx) if wanted is None else related_types(wanted, ctx))
    curried = draw(st.booleans())
    extra = draw(scope_types(ctx)) if curried else None
    f_ty = arrow(INT, arrow(extra, res) if curried else res)
    form = draw(st.sampled_from(["if", "clausal", "val rec", "mutual"]))
    f = ctx.names.fresh("f")
    g = ctx.names.fresh("f") if form == "mutual" else None
    n = ctx.names.fresh("n")
    rec_ty = arrow(extra, res) if curried else res
    mentions = (f, n) if g is None else (f, g, n)

    def rec_call() -> Head:
        callee = draw(st.sampled_from([f, g])) if g is not None else f
        return Head(S.App(var(callee), infix("div", var(n), int_(2))), rec_ty, mentions=mentions, uses_left=[1])

    inner = ctx.bind(n, INT, LOCAL)
    extra_pats: list[S.Pat] = []
    if curried:
        pat, bound = draw(binder_pattern(extra, inner, allow_shadow=False))
        inner = inner.bind_all(bound, LOCAL)
        extra_pats = [pat]
    # f (and g) are not callable in the bodies except through rec_call;
    # their names are in scope there though, so shadow older meanings.
    inner = attrs.evolve(inner, scope={k: b for k, b in inner.scope.items() if k not in (f, g)})

    def if_body() -> S.Exp:
        base = draw(expressions(res, inner, sub(size)))
        step = draw(expressions(res, inner.with_recursion(rec_call()), sub(size)))
        return S.If(infix("<=", var(n), int_(0)), base, step)

    if form == "clausal":
        # the clause `f 0 = BASE` does not bind n
        base_ctx = attrs.evolve(inner, scope={k: b for k, b in inner.scope.items() if k != n})
        base = draw(expressions(res, base_ctx, sub(size)))
        step = draw(expressions(res, inner.with_recursion(rec_call()), sub(size)))
        other_base = draw(expressions(res, inner, sub(size)))
        clauses = (
            S.Clause((S.PConst(S.IntConst(0)), *extra_pats), None, base),
            S.Clause((S.PVar(n), *extra_pats), None,
                     S.If(infix("<", var(n), int_(0)), other_base, step)),
        )
        return S.FunDec((), (S.FunBind(f, clauses),)), f, f_ty
    if form == "val rec":
        body = if_body()
        for p in reversed([S.PVar(n), *extra_pats]):
            body = fn(p, body)
        return S.ValDec((), (S.ValBind(S.PVar(f), body),), rec=True), f, f_ty
    binds = [S.FunBind(name, (S.Clause((S.PVar(n), *extra_pats), None, if_body()),))
             for name in ([f] if g is None else [f, g])]
    return S.FunDec((), tuple(binds)), f, f_ty


@st.composite
def let_fun(draw, ty, ctx, size):
    dec, f, f_ty = draw(recursive_fun(ctx, size, ty))
    return let([dec], draw(expressions(ty, ctx.bind(f, f_ty, LOCAL), sub(size))))


@st.composite
def let_cogen(draw, ty, ctx, size):
    """Δ;Γ ⊢ M : [τ] and (Δ, u:τ);Γ ⊢ N : σ  give  let cogen u = M in N end : σ"""
    t = draw(related_types(ty, ctx))
    gen = draw(expressions(box(t), ctx, sub(size)))
    u = draw(binder_name(ctx, "u"))
    body = draw(expressions(ty, ctx.bind(u, t, CODE), sub(size)))
    return let([S.CogenDec(u, gen)], body)


@st.composite
def let_cogen_curried(draw, ty, ctx, size):
    """let cogen u = code (fn p1 => fn p2 => [fn p3 =>] M) in N end, N
    applying u to all its arguments: at level 0, under `code` (where the
    generator beta-reduces the whole application, generator.py's
    apply-curried modes), or there with the first argument in the top slot
    (`(fn x => u x a2 ...) a1`). The first `fn` is sometimes one the chain
    stops at: its body does something before the next `fn`, its pattern
    reads a ref, or its first clause can fail (`fn (x as 3) => ... | _ =>
    fn _ => ...`)."""
    n = draw(st.integers(2, 3))
    first = draw(st.sampled_from(["chain", "effect", "ref", "clauses"]))
    arg_types = [INT if first == "clauses" else draw(scope_types(ctx)) for _ in range(n)]
    inner = ctx.enter_code()
    pats = []
    for k, t in enumerate(arg_types):
        if k == 0 and first == "clauses":
            x = ctx.names.fresh("x")
            p, bound = S.PAs(x, S.PConst(S.IntConst(draw(SMALL_INTS)))), [(x, INT)]
        else:
            p, bound = draw(binder_pattern(t, inner, allow_shadow=False))
        inner = inner.bind_all(bound, LOCAL)
        pats.append(p)
    gen: S.Exp = draw(expressions(ty, inner, sub(size)))
    for p in reversed(pats[1:]):
        gen = fn(p, gen)
    if first == "effect":
        gen = S.Seq((call(BUMP, int_(1)), gen))
    if first == "ref":
        arg_types[0] = ref_of(arg_types[0])
        pats[0] = S.PRef(pats[0])
    rules = [S.Rule(pats[0], gen)]
    if first == "clauses":
        other = draw(expressions(ty, ctx.enter_code(), sub(size)))
        for _ in pats[1:]:
            other = fn(S.PWild(), other)
        rules.append(S.Rule(S.PWild(), other))
    u_ty = ty
    for t in reversed(arg_types):
        u_ty = arrow(t, u_ty)
    u = ctx.names.fresh("u")
    outer = ctx.bind(u, u_ty, CODE)
    # A u taking a `t ref` is applied here only, to `ref e`: there are no
    # other expressions of ref types (so nowhere else is u in scope).
    where = draw(st.sampled_from(["code", "top slot", "level 0"] + ([] if first == "ref" else ["any"])))
    scope = ctx if first == "ref" else outer
    if where == "any":
        body = draw(expressions(ty, outer, sub(size)))
    else:
        at = scope if where == "level 0" else scope.enter_code()
        # (there are no expressions of ref types but `ref e`)
        args = [call("ref", draw(expressions(t.args[0], at, sub(size)))) if is_con(t, "ref")
                else draw(expressions(t, at, sub(size))) for t in arg_types]
        if where == "top slot":
            x = ctx.names.fresh("x")
            body = var(u)
            for a in [var(x)] + args[1:]:
                body = S.App(body, a)
            body = S.App(fn(S.PVar(x), body), args[0])
        else:
            body = var(u)
            for a in args:
                body = S.App(body, a)
        if where != "level 0":
            body = call("eval", S.Code(body))
    return let([S.CogenDec(u, S.Typed(S.Code(S.Fn(tuple(rules))), box(u_ty)))], body)


@st.composite
def eval_rule(draw, ty, ctx, size):
    return call("eval", draw(expressions(box(ty), ctx, sub(size))))


@st.composite
def apply_rule(draw, ty, ctx, size):
    a = draw(scope_types(ctx))
    f = draw(expressions(arrow(a, ty), ctx, sub(size)))
    return S.App(f, draw(expressions(a, ctx, sub(size))))


@st.composite
def case_rule(draw, ty, ctx, size):
    """case over the scrutinee's type: constants of int, [] / ::, NONE /
    SOME, the datatype's constructors, tuples, or a plain variable."""
    st_ty = draw(scope_types(ctx))
    scrutinee = draw(expressions(st_ty, ctx, sub(size)))

    def arm(pat: S.Pat, bound: list[tuple[str, S.Ty]]) -> S.Rule:
        return S.Rule(pat, draw(expressions(ty, ctx.bind_all(bound, LOCAL), sub(size))))

    def fresh_var(t: S.Ty) -> tuple[S.Pat, list]:
        name = ctx.names.fresh("y")
        return S.PVar(name), [(name, t)]

    rules: list[S.Rule] = []
    if st_ty == INT:
        keys = draw(st.lists(SMALL_INTS, min_size=1, max_size=3, unique=True))
        rules = [arm(S.PConst(S.IntConst(k)), []) for k in keys] + [arm(*fresh_var(INT))]
    elif st_ty == BOOL:
        rules = [arm(S.PVar("true"), []), arm(S.PVar("false"), [])]
    elif st_ty in (WORD, CHAR):
        const, keys = (S.WordConst, WORDS) if st_ty == WORD else (S.CharConst, CHARS)
        rules = [arm(S.PConst(const(k)), []) for k in draw(st.lists(keys, min_size=1, max_size=3, unique=True))]
        rules.append(arm(*fresh_var(st_ty)))
    elif st_ty == SHAPE:
        r, rb = fresh_var(INT)
        w, wb = fresh_var(INT)
        s, sb = fresh_var(STRING)
        rules = [arm(S.PVar("Dot"), []), arm(S.PCon("Circle", r), rb),
                 arm(S.PCon("Rect", S.PTuple((w, s))), wb + sb)]
    elif is_datatype(st_ty):
        # one arm a constructor visible here, and a catch-all when a later
        # declaration hides some of them
        dt = ctx.datatypes[st_ty.name]
        subst = dt.instance(st_ty.args)
        visible = ctx.visible_constructors(dt)
        for c, arg in visible:
            if arg is None:
                rules.append(arm(S.PVar(c), []))
            else:
                rules.append(arm(*(lambda pb: (S.PCon(c, pb[0]), pb[1]))(fresh_var(substitute(arg, subst)))))
        if len(visible) < len(dt.cons):
            rules.append(arm(*fresh_var(st_ty)))
    elif is_con(st_ty, "list"):
        h, hb = fresh_var(st_ty.args[0])
        t, tb = fresh_var(st_ty)
        rules = [arm(S.PList(()), []), arm(S.PCon("::", S.PTuple((h, t))), hb + tb)]
    elif is_con(st_ty, "option"):
        x, xb = fresh_var(st_ty.args[0])
        rules = [arm(S.PVar("NONE"), []), arm(S.PCon("SOME", x), xb)]
    elif isinstance(st_ty, S.TyTuple):
        pats, bound = zip(*(fresh_var(t) for t in st_ty.items))
        rules = [arm(S.PTuple(tuple(pats)), [b for bs in bound for b in bs])]
    else:
        rules = [arm(*fresh_var(st_ty))]
    return S.Case(scrutinee, tuple(rules))


@st.composite
def refutable_pattern(draw, ty: S.Ty, ctx: Ctx, depth: int = 2):
    """A pattern for values of type ty that may fail to match: constants,
    constructors, list and tuple patterns nested `depth` deep, `x as p`;
    variables are fresh (a pattern may not repeat a binder). Returns the
    pattern and the variables it binds."""
    def var_or_wild():
        if draw(st.booleans()):
            return S.PWild(), []
        name = ctx.names.fresh("p")
        return S.PVar(name), [(name, ty)]

    if depth <= 0 or draw(st.integers(0, 3)) == 0:
        return var_or_wild()
    inner = lambda t: draw(refutable_pattern(t, ctx, depth - 1))  # noqa: E731
    if ty == INT:
        pat, bound = S.PConst(S.IntConst(draw(SMALL_INTS))), []
    elif ty == STRING:
        pat, bound = S.PConst(S.StringConst(draw(SMALL_STRINGS))), []
    elif ty == BOOL:
        pat, bound = draw(st.sampled_from([S.PVar("true"), S.PVar("false")])), []
    elif ty == WORD:
        pat, bound = S.PConst(S.WordConst(draw(WORDS))), []
    elif ty == CHAR:
        pat, bound = S.PConst(S.CharConst(draw(CHARS))), []
    elif ty == UNIT:
        pat, bound = S.PTuple(()), []
    elif ty == SHAPE:
        which = draw(st.sampled_from(["Dot", "Circle", "Rect"]))
        if which == "Dot":
            pat, bound = S.PVar("Dot"), []
        elif which == "Circle":
            arg, bound = inner(INT)
            pat = S.PCon("Circle", arg)
        else:
            (p1, b1), (p2, b2) = inner(INT), inner(STRING)
            pat, bound = S.PCon("Rect", S.PTuple((p1, p2))), b1 + b2
    elif is_datatype(ty):
        dt = ctx.datatypes[ty.name]
        c, arg = draw(st.sampled_from(ctx.visible_constructors(dt)))
        if arg is None:
            pat, bound = S.PVar(c), []
        else:
            p, bound = inner(substitute(arg, dt.instance(ty.args)))
            pat = S.PCon(c, p)
    elif is_con(ty, "option"):
        if draw(st.booleans()):
            pat, bound = S.PVar("NONE"), []
        else:
            arg, bound = inner(ty.args[0])
            pat = S.PCon("SOME", arg)
    elif is_con(ty, "list"):
        which = draw(st.sampled_from(["list", "cons"]))
        if which == "list":
            items = [inner(ty.args[0]) for _ in range(draw(st.integers(0, 2)))]
            pat, bound = S.PList(tuple(p for p, _ in items)), [b for _, bs in items for b in bs]
        else:
            (h, hb), (t, tb) = inner(ty.args[0]), inner(ty)
            pat, bound = S.PCon("::", S.PTuple((h, t))), hb + tb
    elif isinstance(ty, S.TyTuple):
        items = [inner(t) for t in ty.items]
        pat, bound = S.PTuple(tuple(p for p, _ in items)), [b for _, bs in items for b in bs]
    else:
        return var_or_wild()
    if draw(st.integers(0, 4)) == 0:
        name = ctx.names.fresh("p")
        return S.PAs(name, pat), bound + [(name, ty)]
    return pat, bound


@st.composite
def nested_case(draw, ty, ctx, size):
    """case with nested, possibly overlapping patterns and, mostly, a
    final catch-all, for the pattern-match compiler in both translations
    (without it the case may raise Match)."""
    st_ty = draw(scope_types(ctx))
    scrutinee = draw(expressions(st_ty, ctx, sub(size)))
    rules = []
    for _ in range(draw(st.integers(1, 3))):
        pat, bound = draw(refutable_pattern(st_ty, ctx))
        rules.append(S.Rule(pat, draw(expressions(ty, ctx.bind_all(bound, LOCAL), sub(size)))))
    if draw(st.integers(0, 2)) > 0:
        rules.append(S.Rule(S.PWild(), draw(expressions(ty, ctx, sub(size)))))
    return S.Case(scrutinee, tuple(rules))


@st.composite
def partial_fn(draw, ty, ctx, size):
    """`fn PAT => M [| PAT' => M']` with refutable patterns and no
    catch-all: applying it may raise Match."""
    rules = []
    for _ in range(draw(st.integers(1, 2))):
        pat, bound = draw(refutable_pattern(ty.arg, ctx))
        rules.append(S.Rule(pat, draw(expressions(ty.res, ctx.bind_all(bound, LOCAL), sub(size)))))
    return S.Fn(tuple(rules))


@st.composite
def let_val_refutable(draw, ty, ctx, size):
    """`let val PAT = e in M end`, PAT refutable: Bind when it fails."""
    t = draw(scope_types(ctx))
    pat, bound = draw(refutable_pattern(t, ctx))
    rhs = draw(expressions(t, ctx, sub(size)))
    body = draw(expressions(ty, ctx.bind_all(bound, LOCAL), sub(size)))
    return let([S.ValDec((), (S.ValBind(pat, rhs),))], body)


@st.composite
def raise_rule(draw, ty, ctx, size):
    """`raise E` or `raise E arg`, E one of the exceptions in scope: the
    preamble's, or one a `let exception` declared (at this level: one
    declared outside an enclosing `code` is not in scope under it); or
    `raise e` for an expression e : exn."""
    if draw(st.integers(0, 2)) == 0:
        return S.Raise(draw(exn_value(ctx, sub(size))))
    exn = draw(st.sampled_from(ctx.exceptions()))
    if exn.ty == EXN:
        return S.Raise(var(exn.name))
    return S.Raise(S.App(var(exn.name), draw(expressions(exn.ty.arg, ctx, sub(size)))))


@st.composite
def handle_rule(draw, ty, ctx, size):
    """A handler with a rule for some of the exceptions in scope (an
    argument matched by a refutable pattern, so that a handler rule can
    fail and the exception go on to the next rule or out), Div, and
    sometimes a catch-all last."""
    body = draw(expressions(ty, ctx, sub(size)))
    exns = ctx.exceptions()
    which = draw(st.lists(st.sampled_from(exns), min_size=1, max_size=3, unique_by=lambda b: b.name))
    rules = []
    for exn in which:
        if exn.ty == EXN:
            rules.append(S.Rule(S.PVar(exn.name), draw(expressions(ty, ctx, sub(size)))))
        else:
            pat, bound = draw(refutable_pattern(exn.ty.arg, ctx, depth=1))
            rules.append(S.Rule(S.PCon(exn.name, pat),
                                draw(expressions(ty, ctx.bind_all(bound, LOCAL), sub(size)))))
    if draw(st.booleans()):
        rules.append(S.Rule(S.PVar("Div"), draw(expressions(ty, ctx, sub(size)))))
    if draw(st.booleans()):
        rules.append(S.Rule(S.PWild(), draw(expressions(ty, ctx, sub(size)))))
    return S.Handle(body, tuple(rules))


@st.composite
def let_exception(draw, ty, ctx, size):
    """`let exception E [of t] in BODY end`, BODY often handling E: a new
    exception each time the declaration is evaluated (in a recursive
    function, or in generated code each time that code runs). Its argument
    may be of any small type, a function or a generator too."""
    name = ctx.names.fresh("E")
    arg = draw(st.one_of(st.none(), scope_types(ctx)))
    inner = ctx.bind(name, EXN if arg is None else arrow(arg, EXN), LOCAL)
    decs: list[S.Dec] = [S.ExceptionDec((S.ExnBind(name, arg),))]
    if draw(st.integers(0, 2)) == 0:
        # `exception E' = E`: the same exception under another name, which
        # the body raises or handles in E's place
        alias = ctx.names.fresh("E")
        decs.append(S.ExceptionDec((S.ExnBind(alias, None, same_as=name),)))
        inner = inner.bind(alias, inner.scope[name].ty, LOCAL)
        if draw(st.booleans()):
            name = alias
    body = draw(expressions(ty, inner, sub(size)))
    if draw(st.booleans()):
        if arg is None:
            pat, bound = S.PVar(name), []
        else:
            p, bound = draw(binder_pattern(arg, inner, allow_shadow=False))
            pat = S.PCon(name, p)
        body = S.Handle(body, (S.Rule(pat, draw(expressions(ty, inner.bind_all(bound, LOCAL), sub(size)))),))
    return let(decs, body)


def exn_value(ctx: Ctx, size: int) -> st.SearchStrategy[S.Exp]:
    """An expression of type exn: a constructor (applied), an exn value
    in scope, or one taken out of a list of them."""
    return st.one_of(expressions(EXN, ctx, size),
                     st.lists(expressions(EXN, ctx, size), min_size=1, max_size=3).map(
                         lambda items: call("hd", S.ListExp(tuple(items)))))


@st.composite
def let_exn_value(draw, ty, ctx, size):
    """`let val e = EXN-EXPRESSION in M end`: a first-class exception
    value, raised (`raise e`) and put in lists by M."""
    e = ctx.names.fresh("e")
    rhs = draw(exn_value(ctx, sub(size)))
    inner = ctx.bind(e, EXN, LOCAL)
    body = draw(expressions(ty, inner, sub(size)))
    if draw(st.booleans()):
        body = S.If(draw(expressions(BOOL, inner, sub(size))), S.Raise(var(e)), body)
    return let([val(e, rhs)], body)


def exn_constant(ty, ctx, size):
    return st.just(var(EXN_PLAIN))


@st.composite
def exn_applied(draw, ty, ctx, size):
    """`E arg` for an exception constructor E of t -> exn in scope."""
    exn = draw(st.sampled_from([b for b in ctx.exceptions() if b.ty != EXN]))
    return S.App(var(exn.name), draw(expressions(exn.ty.arg, ctx, sub(size))))


@st.composite
def sequence(draw, ty, ctx, size):
    return S.Seq((draw(expressions(UNIT, ctx, sub(size))), draw(expressions(ty, ctx, sub(size)))))


@st.composite
def let_ref(draw, ty, ctx, size):
    t = draw(related_types(ty, ctx))
    r = ctx.names.fresh("r")
    init = draw(expressions(t, ctx, sub(size)))
    body = draw(expressions(ty, ctx.bind(r, ref_of(t), LOCAL), sub(size)))
    return let([val(r, call("ref", init))], body)


@st.composite
def let_array(draw, ty, ctx, size):
    """`let val a = Array.array (n, e)` (or `Array.fromList [...]`) `in
    BODY end`: BODY reads (`Array.sub`, Subscript past the end), writes and
    measures it."""
    t = draw(related_types(ty, ctx))
    a = ctx.names.fresh("a")
    if draw(st.booleans()):
        init = call("Array.array", int_(draw(st.integers(0, 3))), draw(expressions(t, ctx, sub(size))))
    else:
        items = [draw(expressions(t, ctx, sub(size))) for _ in range(draw(st.integers(0, 3)))]
        init = call("Array.fromList", S.ListExp(tuple(items)))
    inner = ctx.bind(a, array_of(t), LOCAL)
    body = draw(expressions(ty, inner, sub(size)))
    if draw(st.booleans()):
        body = draw(write_then(ty, inner, size, inner.scope[a], body))
    return let([val(a, init)], body)


@st.composite
def let_lifted_mutable(draw, ty, ctx, size):
    """A ref or an array made at generation time, lifted into code that
    reads (and maybe first writes) it, the generator writing it too before
    the code runs:

        let val r = ref e0            (or Array.array (k, e0))
            cogen u = lift r
            cogen w = code ([u := e1;] !u)       (or Array.update/sub)
        in ([r := e2;] BODY) end      (BODY often just w)

    so the sharing of a lifted mutable value between the stages is
    compared with the erasure, where `lift` just passes the value on."""
    t = draw(related_types(ty, ctx))
    r, u, w = ctx.names.fresh("r"), ctx.names.fresh("u"), ctx.names.fresh("w")
    if draw(st.booleans()):
        mutable = ref_of(t)
        init = call("ref", draw(expressions(t, ctx, sub(size))))
    else:
        mutable = array_of(t)
        init = call("Array.array", int_(draw(st.integers(1, 3))), draw(expressions(t, ctx, sub(size))))
    outer = ctx.bind(r, mutable, LOCAL).bind(u, mutable, CODE)
    in_code = outer.enter_code()
    cell = in_code.scope[u]
    read = call("!", var(u)) if is_con(mutable, "ref") else call("Array.sub", var(u), draw(array_index(in_code, 0)))
    if draw(st.booleans()):
        read = draw(write_then(t, in_code, size, cell, read))
    inner = outer.bind(w, t, CODE)
    body = var(w) if t == ty and draw(st.booleans()) else draw(expressions(ty, inner, sub(size)))
    if draw(st.booleans()):  # the generator writes the cell before the code runs
        body = draw(write_then(ty, inner, size, inner.scope[r], body))
    return let([val(r, init), S.CogenDec(u, S.Lift(var(r))), S.CogenDec(w, S.Code(read))], body)


def array_index(ctx: Ctx, size: int) -> st.SearchStrategy[S.Exp]:
    """Mostly an index within the arrays drawn (of 0 to 3 elements), else
    any int expression (Subscript, when past the end or negative)."""
    return st.one_of(st.integers(0, 2).map(int_), expressions(INT, ctx, size))


@st.composite
def array_sub(draw, ty, ctx, size):
    a = draw(st.sampled_from([b for b in ctx.arrays() if b.ty.args[0] == ty]))
    return call("Array.sub", var(a.name), draw(array_index(ctx, sub(size))))


@st.composite
def array_update(draw, ty, ctx, size):
    a = draw(st.sampled_from(ctx.arrays()))
    return call("Array.update", var(a.name), draw(array_index(ctx, sub(size))),
                draw(expressions(a.ty.args[0], ctx, sub(size))))


@st.composite
def write_then(draw, ty, ctx, size, cell: Binding, body: S.Exp):
    """`(cell := e; body)` or `(Array.update (cell, i, e); body)`."""
    if is_con(cell.ty, "ref"):
        write = infix(":=", var(cell.name), draw(expressions(cell.ty.args[0], ctx, sub(size))))
    else:
        write = call("Array.update", var(cell.name), draw(array_index(ctx, sub(size))),
                     draw(expressions(cell.ty.args[0], ctx, sub(size))))
    return S.Seq((write, body))


@st.composite
def array_length(draw, ty, ctx, size):
    return call("Array.length", var(draw(st.sampled_from(ctx.arrays())).name))


A, B = S.TyVar("'a"), S.TyVar("'b")


def cogen_pair(names: Names, g: S.Exp) -> S.Exp:
    """`let cogen v = g in code (v, v) end`"""
    v = names.fresh("v")
    return S.Let((S.CogenDec(v, g),), S.Code(S.Tuple((var(v), var(v)))))


# Polymorphic functions for let_poly: (parameter prefixes, body, type); the
# body is made from the parameters and the program's fresh names. Two of
# them stage: `lift` at a type variable, a generator of a pair.
POLY_FUNCTIONS: list[tuple[tuple[str, ...], Callable[..., S.Exp], S.Ty]] = [
    (("x",), lambda names, x: x, arrow(A, A)),
    (("x",), lambda names, x: S.Tuple((x, x)), arrow(A, tuple_of(A, A))),
    (("x", "y"), lambda names, x, y: S.Seq((call(BUMP, int_(1)), x)), arrow(A, arrow(B, A))),
    (("f", "x"), lambda names, f, x: S.App(f, S.App(f, x)), arrow(arrow(A, A), arrow(A, A))),
    (("x",), lambda names, x: S.ListExp((x, x)), arrow(A, list_of(A))),
    (("x",), lambda names, x: S.Lift(x), arrow(A, box(A))),
    (("x",), cogen_pair, arrow(box(A), box(tuple_of(A, A)))),
]


@st.composite
def let_poly(draw, ty, ctx, size):
    """`let fun g x ... = BODY in M end` with g polymorphic, used in M at
    whatever instances the rules draw (several, in one body), at any level:
    under `code` too, where the generator compiles the polymorphic function
    once for all its uses."""
    params, make_body, g_ty = draw(st.sampled_from(POLY_FUNCTIONS))
    g = ctx.names.fresh("g")
    names = [ctx.names.fresh(p) for p in params]
    body = make_body(ctx.names, *(var(n) for n in names))
    dec = S.FunDec((), (S.FunBind(g, (S.Clause(tuple(S.PVar(n) for n in names), None, body),)),))
    inner = ctx.bind(g, g_ty, LOCAL)
    arg_types = arity_to(g_ty, ty)
    if arg_types is not None and draw(st.booleans()):
        # g applied at the wanted type (its arguments may use g again, at other types)
        free = {v: draw(scope_types(ctx)) for a in arg_types for v in type_vars(a)}
        exp: S.Exp = var(g)
        for a in arg_types:
            exp = S.App(exp, draw(expressions(substitute(a, free), inner, sub(size))))
        return let([dec], exp)
    return let([dec], draw(expressions(ty, inner, sub(size))))


@st.composite
def typed(draw, ty, ctx, size):
    return S.Typed(draw(expressions(ty, ctx, sub(size))), ty)


# -- datatypes the program declares --------------------------------------
#
# `let datatype ... in M end` at any level (under `code` too: a generator
# that builds code declaring its own datatype), and at top level plain or
# in `local`. Each comes with a function turning its values to strings,
# declared with it, so that their values reach the output as plain text.
# The generator knows a datatype by its id: its printed name, with "~N"
# added when the declaration reuses (shadows) the name of one in scope;
# `strip_shadow_marks` removes the marks from the finished program. A
# value of the outer type can still be around under the inner declaration,
# where its type cannot be written: `nameable` says which types can.

DATATYPE_PREFIX = "dt"
SHADOW_MARK = "~"
PARAMS = (S.TyVar("'a"), S.TyVar("'b"))


@attrs.frozen
class DataType:
    id: str
    params: tuple[S.TyVar, ...]
    # constructor name and argument type (over the params and self_ty)
    cons: tuple[tuple[str, Optional[S.Ty]], ...]
    eq: bool  # admits equality (where its parameters do)

    @property
    def printed(self) -> str:
        return self.id.split(SHADOW_MARK)[0]

    @property
    def self_ty(self) -> S.Ty:
        return S.TyCon(self.id, self.params)

    def instance(self, args: tuple[S.Ty, ...]) -> dict:
        return {p.name: a for p, a in zip(self.params, args)}


def is_datatype(ty: S.Ty) -> bool:
    return isinstance(ty, S.TyCon) and ty.name.startswith(DATATYPE_PREFIX)


def nameable(ty: S.Ty, ctx: Ctx) -> bool:
    """Whether `ty` can be written here: every datatype in it is the one
    its name denotes (not one a later declaration of the name hides)."""
    match ty:
        case S.TyCon(name, args):
            here = not is_datatype(ty) or ctx.visible.get(ctx.datatypes[name].printed) == name
            return here and all(nameable(a, ctx) for a in args)
        case S.TyArrow(a, r):
            return nameable(a, ctx) and nameable(r, ctx)
        case S.TyTuple(items):
            return all(nameable(i, ctx) for i in items)
        case S.TyBox(body):
            return nameable(body, ctx)
    return True


def strip_shadow_marks(node):
    """`node` with each datatype id replaced by its printed name."""
    if isinstance(node, tuple):
        return tuple(strip_shadow_marks(item) for item in node)
    if isinstance(node, (S.TyCon, S.DataBind)) and SHADOW_MARK in node.name:
        node = attrs.evolve(node, name=node.name.split(SHADOW_MARK)[0])
    if attrs.has(type(node)):
        return attrs.evolve(node, **{f.name: strip_shadow_marks(getattr(node, f.name))
                                     for f in attrs.fields(type(node)) if f.name != "span"})
    return node


def datatype_instances(ctx: Ctx, eq: bool = False) -> Optional[st.SearchStrategy[S.Ty]]:
    """The datatypes declared in scope (visible by name), their parameters
    given base types; with eq, those admitting equality only."""
    ids = sorted(i for i in ctx.visible.values() if ctx.datatypes[i].eq or not eq)
    if not ids:
        return None
    return st.sampled_from(ids).flatmap(lambda i: st.tuples(
        *[st.sampled_from(BASE_TYPES) for _ in ctx.datatypes[i].params]).map(lambda args: S.TyCon(i, args)))


def scope_types(ctx: Ctx, depth: int = 1) -> st.SearchStrategy[S.Ty]:
    """types(depth), and the datatypes in scope (also in a list, an option
    or a generator)."""
    instances = datatype_instances(ctx)
    if instances is None:
        return types(depth)
    return st.one_of(types(depth), instances, instances.map(list_of), instances.map(option_of),
                     instances.map(box))


def scope_eq_types(ctx: Ctx) -> st.SearchStrategy[S.Ty]:
    instances = datatype_instances(ctx, eq=True)
    if instances is None:
        return eq_types()
    return st.one_of(eq_types(), instances, instances.map(list_of))


@st.composite
def constructor_argument(draw, self_ty: S.Ty, params: tuple[S.TyVar, ...]) -> Optional[S.Ty]:
    """A constructor's argument: nothing, a base type or parameter, the
    datatype itself (a list, a tree, ...), or a function or generator."""
    item = st.sampled_from([INT, STRING, BOOL, CHAR, *params])
    shape = draw(st.sampled_from(["none", "item", "self", "pair", "tree", "list", "option", "fn", "gen"]))
    if shape == "none":
        return None
    if shape == "item":
        return draw(item)
    if shape == "self":
        return self_ty
    if shape == "pair":
        return tuple_of(self_ty, draw(item))
    if shape == "tree":
        return tuple_of(self_ty, draw(item), self_ty)
    if shape == "list":
        return draw(st.sampled_from([list_of(self_ty), tuple_of(draw(item), list_of(self_ty))]))
    if shape == "option":
        return option_of(draw(st.sampled_from([self_ty, draw(item)])))
    if shape == "fn":
        return arrow(INT, draw(item))
    return box(draw(item))


def admits_equality(ty: Optional[S.Ty]) -> bool:
    match ty:
        case S.TyArrow() | S.TyBox():
            return False
        case S.TyCon(_, args) | S.TyTuple(args):
            return all(admits_equality(a) for a in args)
    return True


@st.composite
def datatype_declaration(draw, ctx: Ctx, stage_fn_kind: str = LOCAL):
    """`datatype [params] dtN = K1 [of t1] | ...` and `fun showN [fa fb] v
    = case v of ...`. The name is fresh or shadows a datatype in scope; a
    constructor name may be one of another datatype in scope (never its
    first constructor, which takes no argument of the datatype, so that
    every datatype keeps one that makes a value out of nothing of its
    own). Returns the two declarations and the context after them."""
    shadowed = sorted(ctx.visible)
    if shadowed and draw(st.integers(0, 2)) == 0:
        printed = draw(st.sampled_from(shadowed))
        dt_id = f"{printed}{SHADOW_MARK}{ctx.names.fresh('')}"
    else:
        dt_id = ctx.names.fresh(DATATYPE_PREFIX)
    params = PARAMS[:draw(st.sampled_from([0, 0, 1, 2]))]
    self_ty = S.TyCon(dt_id, params)
    first = draw(st.sampled_from([None, INT, STRING, *params]))
    cons = [(ctx.names.fresh("K"), first)]
    reusable = sorted(c for i in ctx.visible.values() for c, _ in ctx.datatypes[i].cons[1:]
                      if ctx.constructors.get(c) == i)
    for _ in range(draw(st.integers(1, 3))):
        taken = {c for c, _ in cons}
        free = [c for c in reusable if c not in taken]
        name = draw(st.sampled_from(free)) if free and draw(st.integers(0, 2)) == 0 else ctx.names.fresh("K")
        cons.append((name, draw(constructor_argument(self_ty, params))))
    dt = DataType(dt_id, params, tuple(cons), all(admits_equality(a) for _, a in cons))
    dec = S.DatatypeDec((S.DataBind(tuple(p.name for p in params), dt_id,
                                    tuple(S.ConBind(c, a) for c, a in cons)),))
    shower = ctx.names.fresh("show")
    param_showers = [ctx.names.fresh("fa") for _ in params]
    inner = ctx.declare(dt)
    shower_ty = arrow(dt.self_ty, STRING)
    for p in reversed(params):
        shower_ty = arrow(arrow(p, STRING), shower_ty)
    call_shower: S.Exp = var(shower)
    for f in param_showers:
        call_shower = S.App(call_shower, var(f))
    shown = {p.name: var(f) for p, f in zip(params, param_showers)}
    v = ctx.names.fresh("v")
    rules = []
    for c, arg in cons:
        if arg is None:
            rules.append(S.Rule(S.PVar(c), string_(c)))
        else:
            x = ctx.names.fresh("x")
            text = infix("^", infix("^", string_(c + "("), show_template(arg, var(x), dt, call_shower, shown, ctx.names)),
                         string_(")"))
            rules.append(S.Rule(S.PCon(c, S.PVar(x)), text))
    clause = S.Clause(tuple(S.PVar(f) for f in param_showers) + (S.PVar(v),), None, S.Case(var(v), tuple(rules)))
    shower_dec = S.FunDec((), (S.FunBind(shower, (clause,)),))
    return [dec, shower_dec], dt, inner.bind(shower, shower_ty, stage_fn_kind), shower


def show_template(ty: S.Ty, exp: S.Exp, dt: DataType, call_shower: S.Exp, shown: dict, names: Names) -> S.Exp:
    """A string for `exp : ty`, ty a constructor argument of dt."""
    def go(t: S.Ty, e: S.Exp) -> S.Exp:
        match t:
            case S.TyVar(name):
                return S.App(shown[name], e)
            case S.TyCon(name, _) if name == dt.id:
                return S.App(call_shower, e)
            case S.TyCon("int"):
                return call("Int.toString", e)
            case S.TyCon("string"):
                return infix("^", infix("^", string_('"'), call("String.toString", e)), string_('"'))
            case S.TyCon("bool"):
                return S.If(e, string_("true"), string_("false"))
            case S.TyCon("char"):
                return call("Char.toString", e)
            case S.TyCon("list", (elem,)):
                x = names.fresh("x")
                item = fn(S.PVar(x), infix("^", go(elem, var(x)), string_(";")))
                return infix("^", infix("^", string_("["), call("String.concat", S.App(S.App(var("map"), item), e))),
                             string_("]"))
            case S.TyCon("option", (elem,)):
                x = names.fresh("x")
                return S.Case(e, (S.Rule(S.PVar("NONE"), string_("NONE")),
                                  S.Rule(S.PCon("SOME", S.PVar(x)), infix("^", string_("SOME "), go(elem, var(x))))))
            case S.TyTuple(items):
                xs = [names.fresh("x") for _ in items]
                text = go(items[0], var(xs[0]))
                for x, i in zip(xs[1:], items[1:]):
                    text = infix("^", infix("^", text, string_(",")), go(i, var(x)))
                return S.Case(e, (S.Rule(S.PTuple(tuple(S.PVar(x) for x in xs)), text),))
            case S.TyArrow(_, res):
                # applied: printing a function value runs it
                return infix("^", string_("fn=>"), go(res, S.App(e, int_(1))))
            case S.TyBox(body):
                return infix("^", string_("code:"), go(body, call("eval", e)))
        raise TypeError(t)

    return go(ty, exp)


@st.composite
def datatype_intro(draw, ty, ctx, size):
    """A constructor of the wanted datatype, applied; at size 0 its first
    one (which needs no value of the datatype)."""
    dt = ctx.datatypes[ty.name]
    subst = dt.instance(ty.args)
    visible = ctx.visible_constructors(dt)
    c, arg = visible[0] if size == 0 else draw(st.sampled_from(visible))
    if arg is None:
        return var(c)
    return S.App(var(c), draw(expressions(substitute(arg, subst), ctx, sub(size))))


@st.composite
def shown_value(draw, ctx: Ctx, dt: DataType, shower: str, size: int):
    """`showN [fa fb] e` for some e of dt at base-type parameters."""
    args = tuple(draw(st.sampled_from(BASE_TYPES)) for _ in dt.params)
    exp: S.Exp = var(shower)
    for a in args:
        x = ctx.names.fresh("s")
        exp = S.App(exp, fn(S.PVar(x), draw(show(a, var(x), ctx))))
    return S.App(exp, draw(expressions(S.TyCon(dt.id, args), ctx, size)))


@st.composite
def let_datatype(draw, ty, ctx, size):
    """`let datatype ... fun showN ... in M end` at any level: M uses the
    constructors (applied, matched by case, fn and val patterns, compared
    where the datatype admits equality) through the other rules, which
    draw the datatype's types as any other; M sometimes prints a value of
    it, or is one shown, when a string is wanted."""
    decs, dt, inner, shower = draw(datatype_declaration(ctx))
    how = draw(st.sampled_from(["print", "show", "plain"]))
    if how == "show" and ty == STRING:
        body = draw(shown_value(inner, dt, shower, sub(size)))
    else:
        body = draw(expressions(ty, inner, sub(size)))
        if how != "plain":
            body = draw(printing_first(inner, dt, shower, size, body))
    return let(decs, body)


@st.composite
def printing_first(draw, ctx: Ctx, dt: DataType, shower: str, size: int, body: S.Exp):
    """`(print (showN e ^ "\n"); body)`"""
    line = infix("^", draw(shown_value(ctx, dt, shower, sub(size))), string_("\n"))
    return S.Seq((call("print", line), body))


# Introduction rules (structural ones first, usable at size 0) and the
# primitives producing each type, keyed by type constructor.
STRUCTURAL: dict[str, list[Rule]] = {
    "int": [int_constant],
    "bool": [bool_constant],
    "string": [string_constant],
    "unit": [unit_constant],
    "word": [word_constant],
    "char": [char_constant],
    "shape": [dot_intro, circle_intro, rect_intro],
    "list": [nil_intro, list_literal],
    "option": [none_intro, some_intro],
    "tuple": [tuple_intro],
    "arrow": [fn_intro],
    "box": [lift_intro, code_intro],
    "exn": [exn_constant],
    "datatype": [datatype_intro],
}
PRIMITIVES: dict[str, list[Rule]] = {
    "int": [arith, negate, string_size, list_length, int_of_word_or_char, array_length, int_edge, deep_recursion],
    "bool": [comparison, logic, list_null, exists_list],
    "string": [concat, int_to_string, string_of_word_or_char, implode_rule, substring],
    "word": [word_arith, word_of],
    "char": [char_of],
    "unit": [print_call, assign, while_loop, array_update],
    "list": [cons, append, reverse, map_list, filter_list, explode_rule],
    "arrow": [partial_fn, compose],
    "exn": [exn_applied],
}
# The rules that apply at any type, in groups: each group is one choice
# (so that, e.g., exceptions are not drawn as often as all bindings).
ANY_TYPE: list[list[Rule]] = [
    [let_val, let_fun, let_ref, let_array, let_exception, let_poly, let_val_refutable, let_exn_value,
     let_datatype],
    [let_cogen, let_cogen_curried, eval_rule, let_lifted_mutable],
    [if_rule, case_rule, nested_case, sequence, handle_rule, raise_rule, typed, before_rule],
    [apply_head, apply_rule, array_sub, fold_list],
]


def type_key(ty: S.Ty) -> str:
    if is_datatype(ty):
        return "datatype"
    match ty:
        case S.TyCon(name):
            return name
        case S.TyTuple():
            return "tuple"
        case S.TyArrow():
            return "arrow"
        case S.TyBox():
            return "box"
    raise TypeError(ty)


def expressions(ty: S.Ty, ctx: Ctx, size: int) -> st.SearchStrategy[S.Exp]:
    """Well-typed expressions of type `ty` in `ctx`, at most about `size`
    constructs deep (size 0: constants, variables and introductions only,
    which terminate because the type shrinks)."""
    key = type_key(ty)
    groups: list[list[Rule]] = [[r] for r in STRUCTURAL[key][:1] + [variable] + STRUCTURAL[key][1:]]
    if size > 0:
        groups += [PRIMITIVES.get(key, [])] + ANY_TYPE
    usable = [[rule for rule in group if applicable(rule, ty, ctx)] for group in groups]
    return one_rule(ty, ctx, size, [group for group in usable if group])


@st.composite
def one_rule(draw, ty: S.Ty, ctx: Ctx, size: int, groups: list[list[Rule]]) -> S.Exp:
    """A group, then a rule of it, then an expression by that rule: what
    `st.one_of` over every rule's strategy would draw (shrinking towards
    the first group and rule too), but only the chosen rule's strategy is
    built. Building all of them at every node, for one_of to validate and
    discard, took most of the time of generating a program."""
    group = groups[draw(st.integers(0, len(groups) - 1))]
    rule = group[draw(st.integers(0, len(group) - 1))]
    return draw(rule(ty, ctx, size))


def applicable(rule: Rule, ty: S.Ty, ctx: Ctx) -> bool:
    """Rules that need something from the context (drawing from an empty
    choice would only waste examples)."""
    if rule is variable:
        return any(fits(h.ty, ty) for h in ctx.heads())
    if rule is apply_head:
        return bool(head_candidates(ty, ctx))
    if rule is assign:
        return bool(ctx.refs())
    if rule in (array_update, array_length):
        return bool(ctx.arrays())
    if rule is array_sub:
        return any(b.ty.args[0] == ty for b in ctx.arrays())
    if rule is explode_rule:
        return ty == list_of(CHAR)
    if rule is exn_applied:
        return any(b.ty != EXN for b in ctx.exceptions())
    if rule is code_intro:
        return ctx.level < MAX_CODE_LEVEL
    if rule in (typed, let_cogen_curried):  # they write the type down
        return nameable(ty, ctx)
    return True


# ---------------------------------------------------------- show functions


@st.composite
def show(draw, ty: S.Ty, exp: S.Exp, ctx: Ctx) -> S.Exp:
    """A string expression displaying the value of `exp : ty`. Functions
    are applied to a drawn argument and generators run with `eval`, so
    that printing a value exercises it."""
    names = ctx.names

    def cat(*parts: S.Exp) -> S.Exp:
        out = parts[0]
        for p in parts[1:]:
            out = infix("^", out, p)
        return out

    match ty:
        case S.TyCon("int"):
            return call("Int.toString", exp)
        case S.TyCon("bool"):
            return S.If(exp, string_("true"), string_("false"))
        case S.TyCon("string"):
            return cat(string_('"'), exp, string_('"'))
        case S.TyCon("word"):
            return cat(string_("0wx"), call("Word.toString", exp))
        case S.TyCon("char"):
            return cat(string_('#"'), call("Char.toString", exp), string_('"'))
        case S.TyCon("unit"):
            return S.Seq((exp, string_("()")))
        case S.TyCon("shape"):
            r, w, s = names.fresh("s"), names.fresh("s"), names.fresh("s")
            return S.Case(exp, (
                S.Rule(S.PVar("Dot"), string_("Dot")),
                S.Rule(S.PCon("Circle", S.PVar(r)), cat(string_("Circle "), call("Int.toString", var(r)))),
                S.Rule(S.PCon("Rect", S.PTuple((S.PVar(w), S.PVar(s)))),
                       cat(string_("Rect "), call("Int.toString", var(w)), string_(" "), var(s))),
            ))
        case S.TyCon("list", (elem,)):
            x = names.fresh("s")
            item = draw(show(elem, var(x), ctx))
            shown = S.App(S.App(S.Var("map"), fn(S.PVar(x), cat(item, string_(";")))), exp)
            return cat(string_("["), call("String.concat", shown), string_("]"))
        case S.TyCon("option", (elem,)):
            x = names.fresh("s")
            return S.Case(exp, (
                S.Rule(S.PVar("NONE"), string_("NONE")),
                S.Rule(S.PCon("SOME", S.PVar(x)), cat(string_("SOME("), draw(show(elem, var(x), ctx)), string_(")"))),
            ))
        case S.TyTuple(items):
            xs = [names.fresh("s") for _ in items]
            parts: list[S.Exp] = [string_("(")]
            for i, (x, t) in enumerate(zip(xs, items)):
                if i:
                    parts.append(string_(","))
                parts.append(draw(show(t, var(x), ctx)))
            parts.append(string_(")"))
            return S.Case(exp, (S.Rule(S.PTuple(tuple(S.PVar(x) for x in xs)), cat(*parts)),))
        case S.TyArrow(a, r):
            arg = draw(expressions(a, ctx, 1))
            return cat(string_("fn=>"), draw(show(r, S.App(exp, arg), ctx)))
        case S.TyBox(body):
            return cat(string_("code:"), draw(show(body, call("eval", exp), ctx)))
    raise TypeError(ty)


def print_line(text: S.Exp) -> S.Dec:
    """`val _ = print (text ^ "\n")`"""
    return S.ValDec((), (S.ValBind(S.PWild(), call("print", infix("^", text, string_("\n")))),))


# ------------------------------------------------------------------ programs


@attrs.frozen
class GeneratedProgram:
    program: S.Program
    # the type each top-level declaration was generated at, for the
    # binding of that name (for cogen u: the type of u, τ in u : τ)
    intended: tuple[tuple[str, str, S.Ty], ...]  # (kind, name, type)

    def __repr__(self) -> str:
        """The program's text (what a failing test should show)."""
        from mlbox.printer import show_program

        types = ", ".join(f"{name} : {show_type(ty)}" for _, name, ty in self.intended)
        return f"GeneratedProgram(intended: {types})\n{show_program(self.program)}"


def is_syntactic_value(exp: S.Exp) -> bool:
    return isinstance(exp, (S.Fn, S.Code, S.ConstExp, S.Var))


@st.composite
def programs(draw, max_decs: int = 4, max_size: int = 3) -> GeneratedProgram:
    ctx = initial_context()
    decs: list[S.Dec] = list(PREAMBLE)
    intended = []
    for _ in range(draw(st.integers(1, max_decs))):
        kind = draw(st.sampled_from(["val", "fun", "cogen", "local"]))
        size = draw(st.integers(0, max_size))
        if kind in ("val", "local"):
            t = draw(types())
            name = ctx.names.fresh("v")
            # `local datatype ... fun showN ... in val v = M end`: M sees the
            # datatype (and showN, a global: usable under `code`); v's type
            # does not mention it
            local_decs, dt, inner, shower = (draw(datatype_declaration(ctx, GLOBAL)) if kind == "local"
                                             else ([], None, ctx, None))
            exp = draw(expressions(t, inner, size))
            if kind == "local" and draw(st.booleans()):
                exp = draw(printing_first(inner, dt, shower, size, exp))
            # Non-values are annotated so that the value restriction never
            # leaves a top-level type variable undetermined.
            binding = val(name, exp, None if is_syntactic_value(exp) else t)
            decs.append(S.LocalDec(tuple(local_decs), (binding,)) if kind == "local" else binding)
        elif kind == "fun":
            dec, name, t = draw(recursive_fun(ctx, size))
            decs.append(dec)
        else:
            t = draw(types(1))
            name = ctx.names.fresh("u")
            # annotated, so that u's type is determined at its binding
            decs.append(S.CogenDec(name, S.Typed(draw(expressions(box(t), ctx, size)), box(t))))
        ctx = ctx.bind(name, t, CODE if kind == "cogen" else GLOBAL)
        intended.append((kind, name, t))
        decs.append(print_line(infix("^", string_(name + " = "), draw(show(t, var(name), ctx)))))
    decs.append(print_line(infix("^", string_("counter = "), call("Int.toString", call("!", var(COUNTER))))))
    return GeneratedProgram(S.Program(strip_shadow_marks(tuple(decs))), tuple(intended))


# ------------------------------------------- comparing with the checker's types


def is_instance(general: S.Ty, specific: S.Ty, subst: Optional[dict] = None) -> bool:
    """Whether `specific` is an instance of `general` (type variables of
    `general` replaced consistently). Spans are ignored by equality."""
    subst = {} if subst is None else subst
    match general:
        case S.TyVar(name):
            if name in subst:
                return subst[name] == specific
            subst[name] = specific
            return True
        case S.TyCon(name, args):
            return (isinstance(specific, S.TyCon) and specific.name == name and len(args) == len(specific.args)
                    and all(is_instance(g, s, subst) for g, s in zip(args, specific.args)))
        case S.TyArrow(a, r):
            return isinstance(specific, S.TyArrow) and is_instance(a, specific.arg, subst) and \
                is_instance(r, specific.res, subst)
        case S.TyTuple(items):
            return (isinstance(specific, S.TyTuple) and len(items) == len(specific.items)
                    and all(is_instance(g, s, subst) for g, s in zip(items, specific.items)))
        case S.TyBox(body):
            return isinstance(specific, S.TyBox) and is_instance(body, specific.body, subst)
    return False
