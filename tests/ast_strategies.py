"""Hypothesis strategies for ML□ syntax trees that the surface syntax can
express (every tree drawn here has a source text that parses back to it).

Shrinking: leaves come before composites and every recursive class is an
`st.recursive` with a leaf budget, so failures shrink towards small trees
of leaves.
"""

from __future__ import annotations

from hypothesis import strategies as st

from mlbox import syntax as S
from mlbox.lexer import INT_MAX, INT_MIN, WORD_MAX
from mlbox.syntax import INFIX

# Names. Value identifiers include a symbolic one, a qualified one and
# the contextual keywords that plain SML programs use as names.
VALUE_NAMES = ["x", "y", "f", "x'", "long_name", "!", "Int.toString", "code", "lift"]
CON_NAMES = ["SOME", "NONE", "A", "Leaf", "code"]
# symbolic constructors, infix ones too, are declared (printed with `op`) as in SML
SYMBOLIC_CON_NAMES = ["<>", "++", "*"]
NULLARY_TYCONS = ["int", "t"]  # plus "list" (one argument) and "pair" (two)
TYCON_NAMES = NULLARY_TYCONS + ["list", "pair"]
TYVAR_NAMES = ["'a", "'b", "''eq"]
INFIX_NAMES = sorted(INFIX)


def _tuple_of(strategy, min_size=0, max_size=3):
    return st.lists(strategy, min_size=min_size, max_size=max_size).map(tuple)


# ---------------------------------------------------------------- constants

consts = st.one_of(
    st.integers(min_value=0, max_value=100).map(S.IntConst),
    st.integers(min_value=INT_MIN, max_value=INT_MAX).map(S.IntConst),
    st.integers(min_value=0, max_value=WORD_MAX).map(S.WordConst),
    st.text(alphabet=st.characters(max_codepoint=255), max_size=6).map(S.StringConst),
    st.characters(max_codepoint=255).map(S.CharConst),
)

# ---------------------------------------------------------------- types
# Each syntactic class is an `st.recursive`: leaves first, composites
# built from smaller trees, size bounded by max_leaves.

_type_leaves = st.one_of(
    st.sampled_from(NULLARY_TYCONS).map(lambda n: S.TyCon(n)),
    st.sampled_from(TYVAR_NAMES).map(S.TyVar),
)


def _type_composites(sub):
    return st.one_of(
        st.builds(S.TyArrow, sub, sub),
        _tuple_of(sub, 2, 3).map(S.TyTuple),
        sub.map(S.TyBox),
        st.builds(lambda a: S.TyCon("list", (a,)), sub),
        st.builds(lambda a, b: S.TyCon("pair", (a, b)), sub, sub),
    )


def types(max_leaves: int = 8):
    return st.recursive(_type_leaves, _type_composites, max_leaves=max_leaves)


# ---------------------------------------------------------------- patterns

_pattern_leaves = st.one_of(
    st.just(S.PWild()),
    st.sampled_from(VALUE_NAMES).map(S.PVar),
    consts.map(S.PConst),
    st.sampled_from(INFIX_NAMES).map(lambda n: S.PVar(n, op=True)),
)


def _pattern_composites(sub):
    return st.one_of(
        st.one_of(st.just(()), _tuple_of(sub, 2, 3)).map(S.PTuple),
        _tuple_of(sub).map(S.PList),
        st.builds(S.PCon, st.sampled_from(CON_NAMES), sub),
        st.builds(lambda a, b: S.PCon("::", S.PTuple((a, b))), sub, sub),
        sub.map(S.PRef),
        st.builds(S.PAs, st.sampled_from(VALUE_NAMES), sub),
        st.builds(S.PTyped, sub, types(3)),
    )


def patterns(max_leaves: int = 8):
    return st.recursive(_pattern_leaves, _pattern_composites, max_leaves=max_leaves)


# ---------------------------------------------------------------- expressions

_expression_leaves = st.one_of(
    st.sampled_from(VALUE_NAMES).map(S.Var),
    consts.map(S.ConstExp),
    st.just(S.Tuple(())),
    st.sampled_from(INFIX_NAMES + VALUE_NAMES).map(lambda n: S.Var(n, op=True)),
)


def _expression_composites(sub):
    pats = patterns(4)
    rules = _tuple_of(st.builds(S.Rule, pats, sub), 1, 3)
    return st.one_of(
        st.builds(S.App, sub, sub),
        st.builds(lambda op, a, b: S.App(S.Var(op), S.Tuple((a, b))),
                  st.sampled_from(INFIX_NAMES), sub, sub),
        _tuple_of(sub, 2, 3).map(S.Tuple),
        _tuple_of(sub).map(S.ListExp),
        _tuple_of(sub, 2, 3).map(S.Seq),
        st.builds(S.Let, _tuple_of(declarations(sub), 0, 2),
                  st.one_of(sub, _tuple_of(sub, 2, 3).map(S.Seq))),
        st.builds(S.If, sub, sub, sub),
        st.builds(lambda node, a, b: node(a, b), st.sampled_from([S.Andalso, S.Orelse, S.While]),
                  sub, sub),
        st.builds(S.Case, sub, rules),
        st.builds(S.Fn, rules),
        st.builds(S.Handle, sub, rules),
        st.builds(lambda node, e: node(e), st.sampled_from([S.Raise, S.Code, S.Lift]), sub),
        st.builds(S.Typed, sub, types(3)),
    )


def expressions(max_leaves: int = 12):
    return st.recursive(_expression_leaves, _expression_composites, max_leaves=max_leaves)


# ---------------------------------------------------------------- declarations

tyvar_seqs = st.one_of(st.just(()), _tuple_of(st.sampled_from(TYVAR_NAMES), 1, 2))


def declarations(exps):
    """Declarations over the expressions `exps` (no top-level expressions:
    those are only allowed in programs)."""
    pats = patterns(4)
    ty = types(3)
    optional_ty = st.one_of(st.none(), ty)
    clause = st.builds(S.Clause, _tuple_of(pats, 1, 2), optional_ty, exps)
    funbind = st.builds(S.FunBind, st.sampled_from(VALUE_NAMES + INFIX_NAMES),
                        _tuple_of(clause, 1, 2))
    typebinds = _tuple_of(st.builds(S.TypeBind, tyvar_seqs, st.sampled_from(TYCON_NAMES), ty), 1, 2)
    datatype_dec = st.builds(S.DatatypeDec, _tuple_of(st.builds(
        S.DataBind, tyvar_seqs, st.sampled_from(TYCON_NAMES),
        _tuple_of(st.builds(S.ConBind, st.sampled_from(CON_NAMES + SYMBOLIC_CON_NAMES), optional_ty), 1, 3)),
        1, 2), st.one_of(st.just(()), typebinds))
    simple = st.one_of(
        st.builds(S.ValDec, tyvar_seqs, _tuple_of(st.builds(S.ValBind, pats, exps), 1, 2),
                  st.booleans()),
        # `val p = e and rec q = e'`: the parser never makes rec_from 0 (that is `val rec`)
        _tuple_of(st.builds(S.ValBind, pats, exps), 2, 3).flatmap(
            lambda binds: st.builds(S.ValDec, tyvar_seqs, st.just(binds), st.just(False),
                                    st.integers(1, len(binds) - 1))),
        st.builds(S.FunDec, tyvar_seqs, _tuple_of(funbind, 1, 2)),
        st.builds(S.CogenDec, st.sampled_from(VALUE_NAMES), exps),
        st.builds(S.ExceptionDec, _tuple_of(st.one_of(
            st.builds(S.ExnBind, st.sampled_from(CON_NAMES), optional_ty),
            st.builds(S.ExnBind, st.sampled_from(CON_NAMES), st.none(), st.sampled_from(CON_NAMES))),
            1, 2)),
        st.builds(S.TypeDec, typebinds),
        datatype_dec,
        st.builds(S.DatatypeReplDec, st.sampled_from(TYCON_NAMES), st.sampled_from(TYCON_NAMES)),
    )
    # `local` and `abstype` nest declarations (two levels are enough to mix the forms)
    nested = st.one_of(simple, st.builds(S.LocalDec, _tuple_of(simple, 0, 2), _tuple_of(simple, 0, 2)),
                       st.builds(S.AbstypeDec, datatype_dec, _tuple_of(simple, 0, 2)))
    return st.one_of(simple, st.builds(S.LocalDec, _tuple_of(nested, 0, 2), _tuple_of(nested, 0, 2)),
                     st.builds(S.AbstypeDec, datatype_dec, _tuple_of(nested, 0, 2)))


def programs():
    exps = expressions()
    top = st.one_of(declarations(exps), exps.map(S.ExpDec))
    return _tuple_of(top, 0, 4).map(S.Program)
