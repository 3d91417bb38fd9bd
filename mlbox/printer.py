"""Print ML□ syntax trees back as SML source.

The output re-parses to an equal AST (the round-trip property the tests
check with Hypothesis). Parentheses are conservative: a subterm is
parenthesised unless the grammar certainly reads it back in place.

Infix declarations are followed as the parser follows them (a `Fixity`
that `show_program`, `let` and `local` scope): an identifier that is infix
where it is printed is printed infix in an application to a pair, and
with `op` elsewhere.

Expressions are printed at a *level*, the loosest construct the context
accepts unparenthesised:

  EXP       anything: the context is closed on the right (`)`, `end`,
            `then`, `of`, the end of a declaration...), so a trailing
            `fn`/`case`/`handle` match cannot swallow what follows
  SAFE      anything but those open-ended prefix forms (before a `|`)
  ORELSE, ANDALSO, then one level per infix precedence, APP, ATOM
"""

from __future__ import annotations

import threading

from mlbox import syntax as S
from mlbox.syntax import Fixity

EXP, SAFE, ORELSE, ANDALSO = 0, 1, 2, 3
_INFIX_BASE = 10  # infix operator of precedence p prints at level 10 + p
APP, ATOM = 20, 21

# Staging keywords double as identifiers (see lexer.demote_staging_keywords);
# in parentheses they always read as identifiers.
_CONTEXTUAL_KEYWORDS = {"code", "lift", "cogen"}

_PREFIX_FORMS = (S.If, S.Case, S.Fn, S.Raise, S.While, S.Code, S.Lift, S.Handle)


# The fixity where the printer is: the state of the printing in progress in
# each thread (two threads printing programs at once, as `mlbox erase` does,
# shared one, and a program's `1 ++ 2` came out as `++ (1, 2)`, which does
# not parse); show_program starts it afresh. Not re-entrant.
_state = threading.local()


def _fixity() -> Fixity:
    fixity = getattr(_state, "fixity", None)
    if fixity is None:
        fixity = _state.fixity = Fixity()
    return fixity


def _infix(name: str):
    """(precedence, associativity) if `name` is infix here, else None."""
    return _fixity().lookup(name)


def _paren(text: str, needed: bool) -> str:
    return f"({text})" if needed else text


def _name(name: str, op: bool) -> str:
    if op or _infix(name):
        return f"op {name}"
    return f"({name})" if name in _CONTEXTUAL_KEYWORDS else name


def _con_name(name: str) -> str:
    """A constructor applied in a pattern (`SOME x`, `op :: (x, y)`)."""
    return f"op {name}" if _infix(name) or name in _CONTEXTUAL_KEYWORDS else name


def _binder(name: str) -> str:
    """A name in binding position (after `fun`, `as`, ...)."""
    return f"op {name}" if _infix(name) else name


def _declared_con(name: str) -> str:
    """A constructor or exception being declared: with `op` when infix or
    symbolic (`op` is optional there, and always safe)."""
    return f"op {name}" if _infix(name) or not name[0].isalpha() else name


# ---------------------------------------------------------------- constants


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if ch == '"':
        return '\\"'
    if ch == "\\":
        return "\\\\"
    named = {"\n": "\\n", "\t": "\\t"}
    if ch in named:
        return named[ch]
    if 32 <= code < 127:
        return ch
    if code < 256:
        return f"\\{code:03d}"
    return ch  # cannot come from a literal (chars are 0..255); keep it readable


def show_const(c: S.Const) -> str:
    if isinstance(c, S.IntConst):
        return f"~{-c.value}" if c.value < 0 else str(c.value)
    if isinstance(c, S.WordConst):
        return f"0w{c.value}"
    if isinstance(c, S.StringConst):
        return '"' + "".join(_escape_char(ch) for ch in c.value) + '"'
    if isinstance(c, S.CharConst):
        return '#"' + _escape_char(c.value) + '"'
    raise TypeError(f"not a constant: {c!r}")


# ---------------------------------------------------------------- types


def show_type(t: S.Ty, level: int = 0) -> str:
    """Levels: 0 arrow, 1 tuple factor, 2 constructor argument."""
    if isinstance(t, S.TyVar):
        return t.name
    if isinstance(t, S.TyBox):
        return f"[{show_type(t.body)}]"
    if isinstance(t, S.TyCon):
        if not t.args:
            return t.name
        if len(t.args) == 1:
            return f"{show_type(t.args[0], 2)} {t.name}"
        return f"({', '.join(show_type(a) for a in t.args)}) {t.name}"
    if isinstance(t, S.TyTuple):
        return _paren(" * ".join(show_type(i, 2) for i in t.items), level > 1)
    if isinstance(t, S.TyArrow):
        return _paren(f"{show_type(t.arg, 1)} -> {show_type(t.res, 0)}", level > 0)
    raise TypeError(f"not a type: {t!r}")


# ---------------------------------------------------------------- patterns


def _is_infix_con(p: S.Pat) -> bool:
    return (isinstance(p, S.PCon) and _infix(p.name) is not None and isinstance(p.arg, S.PTuple)
            and len(p.arg.items) == 2)


def show_pat(p: S.Pat, level: int = 0) -> str:
    """Levels: 0 full pattern, 1 `::` operand (right), 2 `::` operand
    (left), 3 atomic."""
    if isinstance(p, S.PWild):
        return "_"
    if isinstance(p, S.PVar):
        return _name(p.name, p.op)
    if isinstance(p, S.PConst):
        return show_const(p.const)
    if isinstance(p, S.PTuple):
        return f"({', '.join(show_pat(i) for i in p.items)})"
    if isinstance(p, S.PList):
        return f"[{', '.join(show_pat(i) for i in p.items)}]"
    if isinstance(p, S.PTyped):
        return f"({show_pat(p.pat, 1)} : {show_type(p.ty)})"
    if isinstance(p, S.PAs):
        return _paren(f"{_binder(p.name)} as {show_pat(p.pat)}", level > 0)
    if isinstance(p, S.PRef):
        return _paren(f"ref {show_pat(p.arg, 3)}", level > 2)
    if _is_infix_con(p):
        left, right = p.arg.items
        if p.name == "::" and _infix("::") == S.INFIX["::"]:
            return _paren(f"{show_pat(left, 2)} :: {show_pat(right, 1)}", level > 1)
        # any other infix constructor: atomic operands, whatever its precedence
        return _paren(f"{show_pat(left, 3)} {p.name} {show_pat(right, 3)}", level > 0)
    if isinstance(p, S.PCon):
        return _paren(f"{_con_name(p.name)} {show_pat(p.arg, 3)}", level > 2)
    raise TypeError(f"not a pattern: {p!r}")


# ---------------------------------------------------------------- expressions


def _infix_parts(e: S.Exp):
    """(operator, left, right) when `e` is the application of an infix
    operator to a pair written infix, else None."""
    if (isinstance(e, S.App) and isinstance(e.fn, S.Var) and not e.fn.op
            and _infix(e.fn.name) and isinstance(e.arg, S.Tuple) and len(e.arg.items) == 2):
        return e.fn.name, e.arg.items[0], e.arg.items[1]
    return None


def _rules(rules: tuple[S.Rule, ...], level: int) -> str:
    """A match: every rule but the last is followed by `|`."""
    shown = [f"{show_pat(r.pat)} => {show_exp(r.body, SAFE)}" for r in rules[:-1]]
    last = rules[-1]
    shown.append(f"{show_pat(last.pat)} => {show_exp(last.body, level)}")
    return " | ".join(shown)


def show_exp(e: S.Exp, level: int = EXP) -> str:
    if isinstance(e, S.ConstExp):
        return show_const(e.const)
    if isinstance(e, S.Var):
        return _name(e.name, e.op)
    if isinstance(e, S.Tuple):
        return f"({', '.join(show_exp(i) for i in e.items)})"
    if isinstance(e, S.ListExp):
        return f"[{', '.join(show_exp(i) for i in e.items)}]"
    if isinstance(e, S.Seq):
        return f"({'; '.join(show_exp(i) for i in e.exps)})"
    if isinstance(e, S.Let):
        body = e.body.exps if isinstance(e.body, S.Seq) else (e.body,)
        _fixity().push()
        decs = _decs(e.decs)
        shown = f"let {decs} in {'; '.join(show_exp(b) for b in body)} end"
        _fixity().pop()
        return shown
    if isinstance(e, S.Typed):
        return f"({show_exp(e.exp, _INFIX_BASE)} : {show_type(e.ty)})"
    infix = _infix_parts(e)
    if infix is not None:
        op, left, right = infix
        prec, assoc = _infix(op)
        mine = _INFIX_BASE + prec
        left_level, right_level = (mine, mine + 1) if assoc == "left" else (mine + 1, mine)
        return _paren(f"{show_exp(left, left_level)} {op} {show_exp(right, right_level)}",
                      level > mine)
    if isinstance(e, S.App):
        fn, arg = show_exp(e.fn, APP), show_exp(e.arg, ATOM)
        # `!r`, `~x` as written; a space only where the two would lex as one
        # (`! !r`) or `~` would make a literal (`~ 1`)
        glued = fn in ("!", "~") and (arg[0].isalpha() or arg[0] in "([")
        return _paren(f"{fn}{arg}" if glued else f"{fn} {arg}", level > APP)
    if isinstance(e, S.Andalso):
        return _paren(f"{show_exp(e.left, ANDALSO)} andalso {show_exp(e.right, _INFIX_BASE)}",
                      level > ANDALSO)
    if isinstance(e, S.Orelse):
        return _paren(f"{show_exp(e.left, ORELSE)} orelse {show_exp(e.right, ANDALSO)}",
                      level > ORELSE)
    if isinstance(e, _PREFIX_FORMS):
        # Printed unparenthesised only where the context closes it on the
        # right (level EXP); its last part is then closed the same way.
        return _paren(_show_prefix(e), level > EXP)
    raise TypeError(f"not an expression: {e!r}")


def _show_prefix(e: S.Exp) -> str:
    last = EXP
    if isinstance(e, S.If):
        return f"if {show_exp(e.cond)} then {show_exp(e.then)} else {show_exp(e.else_, last)}"
    if isinstance(e, S.Case):
        return f"case {show_exp(e.exp)} of {_rules(e.rules, last)}"
    if isinstance(e, S.Fn):
        return f"fn {_rules(e.rules, last)}"
    if isinstance(e, S.Raise):
        # after `raise`, `code` and `lift` read as names (`raise code n` in
        # core SML), so the staging constructs there are parenthesised
        staged = isinstance(e.exp, (S.Code, S.Lift))
        return f"raise {_paren(show_exp(e.exp, last), staged)}"
    if isinstance(e, S.While):
        return f"while {show_exp(e.cond)} do {show_exp(e.body, last)}"
    if isinstance(e, S.Code):
        return f"code {show_exp(e.exp, last)}"
    if isinstance(e, S.Lift):
        return f"lift {show_exp(e.exp, last)}"
    if isinstance(e, S.Handle):
        return f"{show_exp(e.exp, ORELSE)} handle {_rules(e.rules, last)}"
    raise TypeError(f"not a prefix form: {e!r}")


# ---------------------------------------------------------------- declarations


def _tyvars(tyvars: tuple[str, ...]) -> str:
    if not tyvars:
        return ""
    if len(tyvars) == 1:
        return tyvars[0] + " "
    return f"({', '.join(tyvars)}) "


def _of(arg) -> str:
    return f" of {show_type(arg)}" if arg is not None else ""


def _clause(name: str, clause: S.Clause, level: int) -> str:
    pats = " ".join(show_pat(p, 3) for p in clause.pats)
    result = f" : {show_type(clause.result_ty)}" if clause.result_ty is not None else ""
    return f"{_binder(name)} {pats}{result} = {show_exp(clause.body, level)}"


def show_dec(d: S.Dec) -> str:
    if isinstance(d, S.ValDec):
        binds = " and ".join(f"{'rec ' if i == d.rec_from else ''}{show_pat(b.pat)} = {show_exp(b.exp)}"
                             for i, b in enumerate(d.binds))
        return f"val {_tyvars(d.tyvars)}{'rec ' if d.rec else ''}{binds}"
    if isinstance(d, S.FunDec):
        binds = []
        for b in d.binds:
            clauses = [_clause(b.name, c, SAFE) for c in b.clauses[:-1]]
            clauses.append(_clause(b.name, b.clauses[-1], EXP))
            binds.append(" | ".join(clauses))
        return f"fun {_tyvars(d.tyvars)}{' and '.join(binds)}"
    if isinstance(d, S.DatatypeDec):
        return f"datatype {_datbinds(d)}"
    if isinstance(d, S.DatatypeReplDec):
        return f"datatype {d.name} = datatype {d.target}"
    if isinstance(d, S.AbstypeDec):
        return f"abstype {_datbinds(d.datatype)} with {_decs(d.body)} end"
    if isinstance(d, S.TypeDec):
        return f"type {_typebinds(d.binds)}"
    if isinstance(d, S.ExceptionDec):
        return "exception " + " and ".join(
            f"{_declared_con(b.name)} = {_binder(b.same_as)}" if b.same_as is not None
            else f"{_declared_con(b.name)}{_of(b.arg)}"
            for b in d.binds)
    if isinstance(d, S.LocalDec):
        _fixity().push()
        hidden = _decs(d.decs)
        _fixity().push()
        body = _decs(d.body)
        exported = _fixity().pop()
        _fixity().pop()
        _fixity().declare_all(exported)
        return f"local {hidden} in {body} end"
    if isinstance(d, S.FixityDec):
        _fixity().declare(d.names, None if d.assoc is None else (d.precedence, d.assoc))
        if d.assoc is None:
            return "nonfix " + " ".join(d.names)
        return f"{'infix' if d.assoc == 'left' else 'infixr'} {d.precedence} " + " ".join(d.names)
    if isinstance(d, S.CogenDec):
        return f"cogen {_binder(d.name)} = {show_exp(d.exp)}"
    if isinstance(d, S.ExpDec):
        return show_exp(d.exp)
    raise TypeError(f"not a declaration: {d!r}")


def _datbinds(d: S.DatatypeDec) -> str:
    binds = " and ".join(
        f"{_tyvars(b.tyvars)}{b.name} = "
        + " | ".join(f"{_declared_con(c.name)}{_of(c.arg)}" for c in b.cons)
        for b in d.binds)
    return binds + (f" withtype {_typebinds(d.withtype)}" if d.withtype else "")


def _typebinds(binds: tuple) -> str:
    return " and ".join(f"{_tyvars(b.tyvars)}{b.name} = {show_type(b.ty)}" for b in binds)


def _decs(decs: tuple) -> str:
    """Declarations in a `let` or `local` (each begins with a keyword that
    ends the one before)."""
    return " ".join(show_dec(d) for d in decs)


def show_program(prog: S.Program) -> str:
    """One declaration per line, with a `;` where the program has one and
    around top-level expressions (which the grammar needs), and at the end.
    No other `;`: a `;` ends a unit of elaboration, where overloaded
    operators are resolved, so adding one could change a program's types."""
    decs = prog.decs
    ends = set(prog.semicolons) | {len(decs)}

    def ended(index: int) -> bool:  # whether a `;` follows decs[index - 1]
        return (index in ends or isinstance(decs[index - 1], S.ExpDec)
                or isinstance(decs[index], S.ExpDec))

    _state.fixity = Fixity()
    try:
        return "".join(show_dec(d) + (";" if ended(i) else "") + "\n" for i, d in enumerate(decs, start=1))
    finally:
        _state.fixity = Fixity()  # standalone show_exp/show_dec see the initial fixity
