"""Staging erasure: translate an ML□ program into a plain SML program with
the same observable behaviour (the tests' oracle), by reading generators as thunks:

    [t]            ==>  unit -> t
    code e         ==>  fn () => e
    lift e         ==>  let val v = e in fn () => v end
    u              ==>  u ()              (a use of a code variable)
    cogen u = e    ==>  val u = e

The prelude's `eval : ['a] -> 'a` (`fun eval g = let cogen u = g in u end`)
erases to `fun eval g = let val u = g in u () end`; it is prepended when the
program mentions `eval`, so the erased program is self-contained SML that
Poly/ML, and our own checker, accept.

`v` and `unit` above are SML's names unless the program declares a
constructor or exception `v` (then `v'`, ...) or a type `unit` (then the
erasure starts with `type unit' = unit`), which they would mean instead.

The translation is syntactic, but which occurrences of a name are code
variables depends on scope: a code variable can be shadowed by a value
variable, a constructor or an exception and vice versa. The erasure
therefore tracks, with SML's scoping, the set of names that currently
denote code variables, and the constructors of each datatype name (a
replication `datatype t = datatype u` binds u's constructors again, which
hides a code variable of one of their names). Generation is free of effects in ML□ (a generator
only emits code), so running a thunk at each use of `u` has the same
effects, in the same order, as running the code generated for `u`.

Every node produced keeps the span of the node it comes from, so errors in
an erased program still point into the original text.
"""

from __future__ import annotations

import contextvars
from typing import Iterable

import attrs

from mlbox import basis
from mlbox import syntax as S

# The variable that `lift e` binds to the value of e. It is bound only in
# `fn () => v`, whose body mentions nothing else, so it cannot capture; but
# where the program declares a constructor or exception `v`, `val v = e`
# would match e against it, so erase_program picks another name then. The
# same for the type `unit` of `[t]`'s erasure `unit -> t`, where the program
# declares a type `unit`: the erasure names SML's unit by an alias declared
# first.
LIFTED_VALUE = "v"
UNIT_TYPE = "unit"
PRELUDE_EVAL_NAME = "eval"


@attrs.frozen
class _Names:
    lifted_value: str = LIFTED_VALUE
    unit_type: str = UNIT_TYPE


# the names for the program being erased (erase_program sets them)
_names: contextvars.ContextVar[_Names] = contextvars.ContextVar("erasure_names", default=_Names())

CodeVars = frozenset  # names that denote code variables at a program point
# type name -> the constructors a replication of it binds again (none for
# an abbreviation or an abstype outside it), at a program point
Datatypes = dict
BASIS_DATATYPES: Datatypes = {name: frozenset(c[0] for c in cons) for name, (_, cons) in basis.DATATYPES.items()}


def _unit(span: S.Span) -> S.Tuple:
    return S.Tuple((), span=span)


def _thunk(body: S.Exp, span: S.Span) -> S.Fn:
    """`fn () => body`"""
    return S.Fn((S.Rule(S.PTuple((), span=span), body, span=span),), span=span)


def _force(fn: S.Exp, span: S.Span) -> S.App:
    """`fn ()`"""
    return S.App(fn, _unit(span), span=span)


# ------------------------------------------------------------------ types


def erase_type(ty: S.Ty) -> S.Ty:
    """`[t]` becomes `unit -> t`, everywhere inside a type."""
    match ty:
        case S.TyVar():
            return ty
        case S.TyCon(name, args):
            return S.TyCon(name, tuple(erase_type(a) for a in args), span=ty.span)
        case S.TyArrow(arg, res):
            return S.TyArrow(erase_type(arg), erase_type(res), span=ty.span)
        case S.TyTuple(items):
            return S.TyTuple(tuple(erase_type(t) for t in items), span=ty.span)
        case S.TyBox(body):
            return S.TyArrow(S.TyCon(_names.get().unit_type, span=ty.span), erase_type(body), span=ty.span)
    raise TypeError(f"not a type: {ty!r}")


# --------------------------------------------------------------- patterns


def pattern_binders(pat: S.Pat) -> set[str]:
    """The names a pattern may bind. A PVar naming a constructor binds
    nothing, but treating it as a binder only removes that name from the
    code variables, which no constructor name can be at that point."""
    match pat:
        case S.PVar(name):
            return {name}
        case S.PWild() | S.PConst():
            return set()
        case S.PTuple(items) | S.PList(items):
            return set().union(*(pattern_binders(p) for p in items)) if items else set()
        case S.PCon(_, arg) | S.PRef(arg):
            return pattern_binders(arg)
        case S.PAs(name, inner):
            return {name} | pattern_binders(inner)
        case S.PTyped(inner, _):
            return pattern_binders(inner)
    raise TypeError(f"not a pattern: {pat!r}")


def erase_pattern(pat: S.Pat) -> S.Pat:
    """Patterns change only through their type annotations."""
    match pat:
        case S.PWild() | S.PVar() | S.PConst():
            return pat
        case S.PTuple(items):
            return S.PTuple(tuple(erase_pattern(p) for p in items), span=pat.span)
        case S.PList(items):
            return S.PList(tuple(erase_pattern(p) for p in items), span=pat.span)
        case S.PCon(name, arg):
            return S.PCon(name, erase_pattern(arg), span=pat.span)
        case S.PRef(arg):
            return S.PRef(erase_pattern(arg), span=pat.span)
        case S.PAs(name, inner):
            return S.PAs(name, erase_pattern(inner), span=pat.span)
        case S.PTyped(inner, ty):
            return S.PTyped(erase_pattern(inner), erase_type(ty), span=pat.span)
    raise TypeError(f"not a pattern: {pat!r}")


# ------------------------------------------------------------ expressions


def _erase_rule(rule: S.Rule, code_vars: CodeVars, datatypes: Datatypes) -> S.Rule:
    inner = code_vars - pattern_binders(rule.pat)
    return S.Rule(erase_pattern(rule.pat), erase_exp(rule.body, inner, datatypes), span=rule.span)


def _erase_rules(rules: Iterable[S.Rule], code_vars: CodeVars, datatypes: Datatypes) -> tuple[S.Rule, ...]:
    return tuple(_erase_rule(r, code_vars, datatypes) for r in rules)


def erase_exp(exp: S.Exp, code_vars: CodeVars = CodeVars(), datatypes: Datatypes = BASIS_DATATYPES) -> S.Exp:
    """Erase an expression in which the names in `code_vars` denote code
    variables (and `datatypes` gives the constructors of each datatype)."""
    sp = exp.span
    match exp:
        case S.ConstExp():
            return exp
        case S.Var(name):
            return _force(exp, sp) if name in code_vars else exp
        case S.App(fn, arg):
            return S.App(erase_exp(fn, code_vars, datatypes), erase_exp(arg, code_vars, datatypes), span=sp)
        case S.Tuple(items):
            return S.Tuple(tuple(erase_exp(e, code_vars, datatypes) for e in items), span=sp)
        case S.ListExp(items):
            return S.ListExp(tuple(erase_exp(e, code_vars, datatypes) for e in items), span=sp)
        case S.Seq(exps):
            return S.Seq(tuple(erase_exp(e, code_vars, datatypes) for e in exps), span=sp)
        case S.Let(decs, body):
            new_decs, inner, inner_datatypes, _ = erase_decs(decs, code_vars, datatypes)
            return S.Let(new_decs, erase_exp(body, inner, inner_datatypes), span=sp)
        case S.If(cond, then, else_):
            return S.If(erase_exp(cond, code_vars, datatypes), erase_exp(then, code_vars, datatypes),
                        erase_exp(else_, code_vars, datatypes), span=sp)
        case S.Andalso(left, right):
            return S.Andalso(erase_exp(left, code_vars, datatypes), erase_exp(right, code_vars, datatypes), span=sp)
        case S.Orelse(left, right):
            return S.Orelse(erase_exp(left, code_vars, datatypes), erase_exp(right, code_vars, datatypes), span=sp)
        case S.Case(scrutinee, rules):
            return S.Case(erase_exp(scrutinee, code_vars, datatypes), _erase_rules(rules, code_vars, datatypes),
                          span=sp)
        case S.Fn(rules):
            return S.Fn(_erase_rules(rules, code_vars, datatypes), span=sp)
        case S.Raise(inner):
            return S.Raise(erase_exp(inner, code_vars, datatypes), span=sp)
        case S.Handle(inner, rules):
            return S.Handle(erase_exp(inner, code_vars, datatypes), _erase_rules(rules, code_vars, datatypes), span=sp)
        case S.While(cond, body):
            return S.While(erase_exp(cond, code_vars, datatypes), erase_exp(body, code_vars, datatypes), span=sp)
        case S.Typed(inner, ty):
            return S.Typed(erase_exp(inner, code_vars, datatypes), erase_type(ty), span=sp)
        case S.Code(inner):
            # Code variables stay usable under `code` (Δ persists), so the
            # set passes through unchanged.
            return _thunk(erase_exp(inner, code_vars, datatypes), sp)
        case S.Lift(inner):
            name = _names.get().lifted_value
            bind = S.ValBind(S.PVar(name, span=sp), erase_exp(inner, code_vars, datatypes), span=sp)
            return S.Let((S.ValDec((), (bind,), span=sp),), _thunk(S.Var(name, span=sp), sp), span=sp)
    raise TypeError(f"not an expression: {exp!r}")


# ----------------------------------------------------------- declarations


def erase_dec(dec: S.Dec, code_vars: CodeVars,
              datatypes: Datatypes) -> tuple[S.Dec, CodeVars, Datatypes, frozenset]:
    """Erase one declaration; return it with the code variables and the
    datatypes in scope after it, and the value names it binds (what it
    shadows)."""
    sp = dec.span
    match dec:
        case S.ValDec(tyvars, binds, rec, rec_from):
            bound = frozenset().union(*(pattern_binders(b.pat) for b in binds))
            # the recursive bindings see their own binders; the others do not
            recursive = dec.recursive_binds
            inside_rec = code_vars - set().union(*(pattern_binders(b.pat) for b in recursive))
            new_binds = tuple(
                S.ValBind(erase_pattern(b.pat), erase_exp(b.exp, inside_rec if i >= len(binds) - len(recursive)
                                                          else code_vars, datatypes), span=b.span)
                for i, b in enumerate(binds)
            )
            return S.ValDec(tyvars, new_binds, rec, rec_from, span=sp), code_vars - bound, datatypes, bound
        case S.FunDec(tyvars, binds):
            bound = frozenset(b.name for b in binds)
            after = code_vars - bound
            new_binds = tuple(
                S.FunBind(b.name, tuple(_erase_clause(c, after, datatypes) for c in b.clauses), span=b.span)
                for b in binds
            )
            return S.FunDec(tyvars, new_binds, span=sp), after, datatypes, bound
        case S.DatatypeDec(binds):
            bound = frozenset(c.name for b in binds for c in b.cons)
            return _erase_datatype(dec), code_vars - bound, _declare_datatypes(datatypes, dec), bound
        case S.DatatypeReplDec(name, target):
            # its constructors are the target's, bound again (hiding a code
            # variable of one of their names, bound after a `fun` rebound it)
            bound = datatypes.get(target, frozenset())
            return dec, code_vars - bound, {**datatypes, name: bound}, bound
        case S.AbstypeDec(datatype, body):
            inside = code_vars - {c.name for b in datatype.binds for c in b.cons}
            new_body, after_body, body_datatypes, bound = erase_decs(body, inside,
                                                                    _declare_datatypes(datatypes, datatype))
            # outside, its datatypes are abstract: replicated, they bind no constructors
            abstract = {b.name: frozenset() for b in (*datatype.binds, *datatype.withtype)}
            return (S.AbstypeDec(_erase_datatype(datatype), new_body, span=sp),
                    (code_vars - bound) | (after_body & bound),
                    _exported_datatypes({**datatypes, **abstract}, body_datatypes, body), bound)
        case S.TypeDec(binds):
            return (S.TypeDec(_erase_typebinds(binds), span=sp), code_vars,
                    {**datatypes, **{b.name: frozenset() for b in binds}}, frozenset())
        case S.ExceptionDec(binds):
            bound = frozenset(b.name for b in binds)
            new_binds = tuple(
                S.ExnBind(b.name, None if b.arg is None else erase_type(b.arg), b.same_as, span=b.span)
                for b in binds
            )
            return S.ExceptionDec(new_binds, span=sp), code_vars - bound, datatypes, bound
        case S.CogenDec(name, exp):
            bind = S.ValBind(S.PVar(name, span=sp), erase_exp(exp, code_vars, datatypes), span=sp)
            return S.ValDec((), (bind,), span=sp), code_vars | {name}, datatypes, frozenset((name,))
        case S.ExpDec(exp):  # `val it = exp`
            return (S.ExpDec(erase_exp(exp, code_vars, datatypes), span=sp), code_vars - {"it"}, datatypes,
                    frozenset(("it",)))
        case S.FixityDec():
            return dec, code_vars, datatypes, frozenset()
        case S.LocalDec(decs, body):
            new_decs, hidden, hidden_datatypes, _ = erase_decs(decs, code_vars, datatypes)
            new_body, inside, inside_datatypes, bound = erase_decs(body, hidden, hidden_datatypes)
            # After it: the body's bindings over the names outside (the
            # local part's bindings are gone).
            return (S.LocalDec(new_decs, new_body, span=sp),
                    (code_vars - bound) | (inside & bound),
                    _exported_datatypes(datatypes, inside_datatypes, body), bound)
    raise TypeError(f"not a declaration: {dec!r}")


def _declare_datatypes(datatypes: Datatypes, dec: S.DatatypeDec) -> Datatypes:
    declared = {b.name: frozenset(c.name for c in b.cons) for b in dec.binds}
    return {**datatypes, **declared, **{b.name: frozenset() for b in dec.withtype}}


def _exported_datatypes(outside: Datatypes, inside: Datatypes, body: Iterable[S.Dec]) -> Datatypes:
    """After a `local` or `abstype`: the types `body` declares (as they are
    at its end) over those outside."""
    return {**outside, **{name: inside[name] for name in type_binders(body)}}


def type_binders(decs: Iterable[S.Dec]) -> set[str]:
    """The type names that declarations bind."""
    names: set[str] = set()
    for dec in decs:
        match dec:
            case S.DatatypeDec(binds, withtype) | S.AbstypeDec(S.DatatypeDec(binds, withtype)):
                names |= {b.name for b in binds} | {b.name for b in withtype}
            case S.TypeDec(binds):
                names |= {b.name for b in binds}
            case S.DatatypeReplDec(name):
                names.add(name)
            case S.LocalDec(_, body):
                names |= type_binders(body)
        if isinstance(dec, S.AbstypeDec):
            names |= type_binders(dec.body)
    return names


def _erase_datatype(dec: S.DatatypeDec) -> S.DatatypeDec:
    binds = tuple(
        S.DataBind(b.tyvars, b.name,
                   tuple(S.ConBind(c.name, None if c.arg is None else erase_type(c.arg), span=c.span)
                         for c in b.cons),
                   span=b.span)
        for b in dec.binds
    )
    return S.DatatypeDec(binds, _erase_typebinds(dec.withtype), span=dec.span)


def _erase_typebinds(binds: tuple[S.TypeBind, ...]) -> tuple[S.TypeBind, ...]:
    return tuple(S.TypeBind(b.tyvars, b.name, erase_type(b.ty), span=b.span) for b in binds)


def _erase_clause(clause: S.Clause, code_vars: CodeVars, datatypes: Datatypes) -> S.Clause:
    bound = set().union(*(pattern_binders(p) for p in clause.pats))
    return S.Clause(
        tuple(erase_pattern(p) for p in clause.pats),
        None if clause.result_ty is None else erase_type(clause.result_ty),
        erase_exp(clause.body, code_vars - bound, datatypes),
        span=clause.span,
    )


def erase_decs(decs: Iterable[S.Dec], code_vars: CodeVars,
               datatypes: Datatypes) -> tuple[tuple[S.Dec, ...], CodeVars, Datatypes, frozenset]:
    out = []
    bound: frozenset = frozenset()
    for dec in decs:
        new, code_vars, datatypes, names = erase_dec(dec, code_vars, datatypes)
        out.append(new)
        bound |= names
    return tuple(out), code_vars, datatypes, bound


# ------------------------------------------------------------------ programs


def erased_eval_dec() -> S.FunDec:
    """The prelude's `fun eval g = let cogen u = g in u end`, erased:
    `fun eval g = let val u = g in u () end`."""
    body = S.Let(
        (S.ValDec((), (S.ValBind(S.PVar("u"), S.Var("g")),)),),
        _force(S.Var("u"), S.NOSPAN),
    )
    return S.FunDec((), (S.FunBind(PRELUDE_EVAL_NAME, (S.Clause((S.PVar("g"),), None, body),)),))


def _nodes(tree: object):
    """Every syntax node in the tree (spans left out), without recursion."""
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, tuple):
            pending.extend(node)
        elif attrs.has(type(node)):
            yield node
            pending.extend(getattr(node, f.name) for f in attrs.fields(type(node)) if f.name != "span")


def mentions_name(node: object, name: str) -> bool:
    """Whether an expression Var with this name occurs anywhere in the tree
    (over-approximates a free use of the basis value)."""
    return any(isinstance(n, S.Var) and n.name == name for n in _nodes(node))


def declared_names(node: object) -> tuple[set[str], set[str]]:
    """The constructor and exception names, and the type names, that
    declarations anywhere in the tree bind."""
    constructors: set[str] = set()
    types: set[str] = set()
    for n in _nodes(node):
        if isinstance(n, (S.ConBind, S.ExnBind)):
            constructors.add(n.name)
        elif isinstance(n, (S.DataBind, S.TypeBind, S.DatatypeReplDec)):
            types.add(n.name)
    return constructors, types


def _unused(name: str, taken: set[str]) -> str:
    while name in taken:
        name += "'"
    return name


def erase_program(program: S.Program) -> S.Program:
    """The staging erasure of a whole program: plain SML with the same
    output (see the module docstring)."""
    constructors, types = declared_names(program)
    names = _Names(_unused(LIFTED_VALUE, constructors), _unused(UNIT_TYPE, types))
    token = _names.set(names)
    try:
        decs, _, _, _ = erase_decs(program.decs, CodeVars(), BASIS_DATATYPES)
    finally:
        _names.reset(token)
    semicolons = program.semicolons  # they delimit the units of overload resolution
    prefix: tuple[S.Dec, ...] = ()
    if mentions_name(program, PRELUDE_EVAL_NAME):
        prefix = (erased_eval_dec(),)
    if names.unit_type != UNIT_TYPE:  # `type unit' = unit`, before the program rebinds unit
        prefix = (S.TypeDec((S.TypeBind((), names.unit_type, S.TyCon(UNIT_TYPE)),)),) + prefix
    if prefix:
        decs = prefix + decs
        semicolons = (len(prefix),) + tuple(n + len(prefix) for n in semicolons)
    return S.Program(decs, semicolons=semicolons, span=program.span)


def erase_to_sml(program: S.Program) -> str:
    """The erased program as SML source text (for Poly/ML or our own tools)."""
    from mlbox.printer import show_program  # the printer is a separate phase

    return show_program(erase_program(program))
