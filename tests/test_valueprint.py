"""How the value printer (mlbox/valueprint.py) finds an exception value's
argument type from the declarations of its name (the REPL's transcripts,
tests/test_repl.py, show the printing itself)."""

from __future__ import annotations

from mlbox.checker import BUILTIN_TYCONS
from mlbox.types import TCon, Tycon, TTuple, TVar, unify
from mlbox.valueprint import ExnDecl, exception_arg_type, same_type

INT = TCon(BUILTIN_TYCONS["int"])
STRING = TCon(BUILTIN_TYCONS["string"])


def made_by(name_value):
    return lambda candidate: candidate is name_value


def test_the_declaration_that_made_the_value_gives_its_type_whatever_the_others_say():
    mine, other = object(), object()
    decls = [ExnDecl(other, STRING), ExnDecl(None, TTuple((INT, INT))), ExnDecl(mine, INT)]
    assert exception_arg_type(decls, made_by(mine)) is INT


def test_local_declarations_give_the_type_they_agree_on():
    top = object()
    agreeing = [ExnDecl(top, STRING), ExnDecl(None, TTuple((INT, STRING))), ExnDecl(None, TTuple((INT, STRING))),
                ExnDecl(None, None)]  # (a declaration without argument made no value with one)
    assert same_type(exception_arg_type(agreeing, made_by(object())), TTuple((INT, STRING)))
    disagreeing = [ExnDecl(None, INT), ExnDecl(None, STRING)]
    assert exception_arg_type(disagreeing, made_by(object())) is None
    assert exception_arg_type([ExnDecl(top, STRING)], made_by(object())) is None  # no candidate left


def test_types_are_the_same_by_their_constructors_identity_and_their_variables():
    first_t, second_t = Tycon("t", 0, declared=True), Tycon("t", 0, declared=True)
    assert same_type(TCon(first_t), TCon(first_t))
    assert not same_type(TCon(first_t), TCon(second_t))  # two datatypes called t
    a, b = TVar(0), TVar(0)
    assert same_type(TTuple((a, INT)), TTuple((a, INT)))
    assert not same_type(a, b)
    assert not same_type(TTuple((INT, INT)), TTuple((INT, INT, INT)))
    unify(b, STRING)
    assert same_type(TTuple((b,)), TTuple((STRING,)))  # through the variable's link


def test_comparing_types_that_share_nodes_takes_each_pair_once():
    # `type t1 = t0 * t0 ... t60 = t59 * t59`: 2^60 nodes as a tree
    left = right = INT
    for _ in range(60):
        left, right = TTuple((left, left)), TTuple((right, right))
    assert same_type(left, right)
    assert not same_type(left, TTuple((left.items[0], TTuple((INT, INT)))))
