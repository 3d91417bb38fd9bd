"""Infix declarations (`infix n ids`, `infixr n ids`, `nonfix ids`): how
the parser resolves infix expressions and patterns against the fixity in
scope (SML's scoping: let and local bodies, the top level, REPL inputs),
the three clausal forms of `fun`, `op`, user infix constructors,
redefined built-in operators, errors with their locations, the printer and
the REPL. Run-time behaviour under both translations and machines is in
tests/test_compiler.py's CONSTRUCTS; a whole program with Poly/ML's output
is tests/data/polyml/62_fixity.sml."""

from __future__ import annotations

import pytest

from mlbox import syntax as S
from mlbox.checker import check_program
from mlbox.diagnostics import CompileError
from mlbox.parser import (
    MSG_END_OF_FILE, MSG_INFIX_AS_OPERAND, MSG_INFIX_IN_CLAUSE_HEAD, MSG_MIXED_ASSOC, MSG_PRECEDENCE, MSG_TOO_MANY_ARGS, MSG_UNEXPECTED,
    is_incomplete, parse_program,
)
from mlbox.printer import show_program
from mlbox.repl import Session, transcript_steps


def V(name):
    return S.Var(name)


def N(n):
    return S.ConstExp(S.IntConst(n))


def infix(op, left, right):
    return S.App(V(op), S.Tuple((left, right)))


def last_exp(text):
    """The right-hand side of the program's last `val`."""
    return parse_program(text).decs[-1].binds[0].exp


def syntax_errors(text):
    with pytest.raises(CompileError) as info:
        parse_program(text)
    return [(d.message, (d.span.line, d.span.col)) for d in info.value.diagnostics]


# ------------------------------------------------------------ expressions


def test_declared_precedence_and_associativity():
    assert last_exp("infix 6 ++ infixr 7 **\nval x = a ++ b ** c ** d ++ e") == infix(
        "++", infix("++", V("a"), infix("**", V("b"), infix("**", V("c"), V("d")))), V("e"))


def test_precedence_defaults_to_zero_and_several_names_share_a_declaration():
    prog = parse_program("infix ++ --\nval x = a ++ b -- c = d")
    assert prog.decs[0] == S.FixityDec("left", 0, ("++", "--"))
    assert prog.decs[1].binds[0].exp == infix("--", infix("++", V("a"), V("b")), infix("=", V("c"), V("d")))


def test_application_binds_tighter_than_any_infix():
    assert last_exp("infix 9 !!\nval x = f a !! g b") == infix(
        "!!", S.App(V("f"), V("a")), S.App(V("g"), V("b")))


def test_alphanumeric_infix_and_op():
    assert last_exp("infix 5 plus\nval x = a plus b") == infix("plus", V("a"), V("b"))
    assert last_exp("infix 5 plus\nval x = op plus (a, b)") == S.App(
        S.Var("plus", op=True), S.Tuple((V("a"), V("b"))))


def test_nonfix_makes_a_built_in_operator_prefix():
    assert last_exp("nonfix +\nval x = + (1, 2)") == S.App(V("+"), S.Tuple((N(1), N(2))))
    # and a later declaration makes it infix again, at another precedence
    assert last_exp("nonfix +\ninfix 8 +\nval x = 1 * 2 + 3") == infix("*", N(1), infix("+", N(2), N(3)))


def test_equals_takes_a_fixity_like_any_identifier():
    # `=` is a value identifier, so fixity directives name it too (Poly/ML
    # accepts them; tests/polyml_syntax_diff.py found mlbox rejecting them)
    assert last_exp("nonfix =\nval x = = (1, 1)") == S.App(V("="), S.Tuple((N(1), N(1))))
    assert last_exp("infixr 4 =\nval x = a = b = c") == infix("=", V("a"), infix("=", V("b"), V("c")))
    assert last_exp("infix 7 =\nval x = a + b = c") == infix("+", V("a"), infix("=", V("b"), V("c")))
    assert parse_program("infix 4 = <>\nval x = 1").decs[0] == S.FixityDec("left", 4, ("=", "<>"))


def test_built_in_fixity_can_be_redeclared():
    # `infix 6 ::` makes :: left-associative at the level of +
    assert last_exp("infix 6 ::\nval x = a :: b :: c") == infix("::", infix("::", V("a"), V("b")), V("c"))
    assert last_exp("infix 6 ::\nval x = a + b :: c") == infix("::", infix("+", V("a"), V("b")), V("c"))


def test_fixity_is_scoped_by_let():
    prog = parse_program("val x = let infix 5 ++ in a ++ b end\nval y = a ++ b")
    assert prog.decs[0].binds[0].exp.body == infix("++", V("a"), V("b"))
    assert prog.decs[1].binds[0].exp == S.App(S.App(V("a"), V("++")), V("b"))


def test_fixity_is_scoped_by_local():
    prog = parse_program("local infix 5 ++ in val x = a ++ b infix 5 ** end\n"
                         "val y = a ++ b\nval z = a ** b")
    assert prog.decs[0].body[0].binds[0].exp == infix("++", V("a"), V("b"))
    assert prog.decs[1].binds[0].exp == S.App(S.App(V("a"), V("++")), V("b"))
    assert prog.decs[2].binds[0].exp == infix("**", V("a"), V("b"))


def test_nonfix_in_let_is_undone_at_end():
    prog = parse_program("val x = let nonfix + in + (1, 2) end\nval y = 1 + 2")
    assert prog.decs[1].binds[0].exp == infix("+", N(1), N(2))


def test_staging_keywords_still_extend_to_the_right():
    prog = parse_program("infix 6 ++\nval g = code a ++ b")
    assert prog.decs[1].binds[0].exp == S.Code(infix("++", V("a"), V("b")))


# ------------------------------------------------------------ patterns and clauses


def test_infix_constructor_patterns():
    prog = parse_program("datatype t = N | ::: of int * t\ninfixr 5 :::\n"
                         "fun f (x ::: y ::: r) = x | f N = 0")
    [clause, _] = prog.decs[2].binds[0].clauses
    y_r = S.PCon(":::", S.PTuple((S.PVar("y"), S.PVar("r"))))
    assert clause.pats == (S.PCon(":::", S.PTuple((S.PVar("x"), y_r))),)


@pytest.mark.parametrize("text", [
    "infix 6 ++\nfun x ++ y = x + y",
    "infix 6 ++\nfun op ++ (x, y) = x + y",
    "infix 6 ++\nfun (x ++ y) = x + y",
])
def test_the_infix_clause_forms(text):
    [bind] = parse_program(text).decs[1].binds
    assert bind.name == "++"
    assert bind.clauses[0].pats == (S.PTuple((S.PVar("x"), S.PVar("y"))),)


def test_curried_infix_clause():
    [bind] = parse_program("infix 6 ++\nfun (x ++ y) z = x + y + z | (a ++ b) c = 0").decs[1].binds
    assert bind.name == "++"
    assert [c.pats for c in bind.clauses] == [
        (S.PTuple((S.PVar("x"), S.PVar("y"))), S.PVar("z")),
        (S.PTuple((S.PVar("a"), S.PVar("b"))), S.PVar("c"))]


def test_a_nonfix_name_defines_a_prefix_function():
    [bind] = parse_program("nonfix +\nfun + (a, b) = a").decs[1].binds
    assert bind.name == "+"


def test_infix_patterns_in_fn_and_val():
    prog = parse_program("datatype p = ## of int * int\ninfix 4 ##\nval a ## b = 1 ## 2\n"
                         "val f = fn (x ## _) => x")
    assert prog.decs[2].binds[0].pat == S.PCon("##", S.PTuple((S.PVar("a"), S.PVar("b"))))


# ------------------------------------------------------------ errors


@pytest.mark.parametrize("text, error", [
    ("infixr 5 ++\nval x = a ++ b @ c :: d + e", None),  # right with right: fine
    ("infix 5 ++\nval x = a ++ b @ c", (MSG_MIXED_ASSOC.format("++", "@", 5), (2, 16))),
    ("infixr 6 ++\nval x = a + b ++ c", (MSG_MIXED_ASSOC.format("+", "++", 6), (2, 15))),
    ("infix 10 ++", (MSG_PRECEDENCE, (1, 7))),
    ("infix 6 ++\nval x = ++ a", (MSG_INFIX_AS_OPERAND.format("'++'", "++"), (2, 9))),
    ("infix 6 ++\nval x = a ++ ++ b", (MSG_INFIX_AS_OPERAND.format("'++'", "++"), (2, 14))),
    ("infix 6 ++\nval x = (a ++) ", (MSG_UNEXPECTED.format("')'"), (2, 14))),
    ("infix 6 ++\nval x = a ++", (MSG_UNEXPECTED.format(MSG_END_OF_FILE), (2, 13))),
    ("infix 6 ++\nfun ++ (a, b) = a", (MSG_INFIX_AS_OPERAND.format("'++'", "++"), (2, 5))),
    ("infix 6 ++\nfun f a ++ b c = a", (MSG_INFIX_IN_CLAUSE_HEAD.format("'++'", "++"), (2, 9))),
    ("val f = fn SOME x y => x", (MSG_TOO_MANY_ARGS.format("'y'"), (1, 19))),
])
def test_errors_have_locations(text, error):
    if error is None:
        parse_program(text)
    else:
        assert syntax_errors(text) == [error]


def test_parse_goes_on_after_a_fixity_error():
    errors = syntax_errors("infix 5 ++\nval x = a ++ b @ c\nval y = + 1")
    assert [where for _, where in errors] == [(2, 16), (3, 9)]


def test_an_operator_at_the_end_of_the_input_is_incomplete():
    assert is_incomplete("infix 6 ++\nval x = 1 ++")
    assert not is_incomplete("infix 6 ++\nval x = 1 ++ 2")
    assert is_incomplete("val x = 1 ++", {"++": (6, "left")})
    assert not is_incomplete("val x = 1 ++")


# ------------------------------------------------------------ printer, checker


@pytest.mark.parametrize("text", [
    "infix 6 ++\nfun x ++ y = x\nval z = 1 ++ 2 ++ 3 * 4",
    "infixr 5 ++ infix 5 --\nval z = a ++ (b -- c) ++ d",
    "nonfix + *\nval z = + (1, * (2, 3))",
    "nonfix =\nval z = = (1, 2)\ninfixr 4 =\nval w = a = b = c",
    "infix 6 ::\nval z = a :: b :: c\nval f = fn (x :: y) => x",
    "datatype t = N | ::: of int * t\ninfixr 5 :::\nfun f (x ::: y ::: r) = x | f N = 0",
    "val x = let infix 1 ## fun a ## b = a in 1 ## 2 end\nval y = op ## (1, 2)",
    "local infix 1 ## in fun a ## b = a infix 2 %% end\nval z = a %% b",
])
def test_printer_follows_fixity(text):
    prog = parse_program(text)
    assert parse_program(show_program(prog)) == prog


def test_program_records_its_top_level_fixity():
    fixity = parse_program("infix 3 ++\nval x = let infix 4 ** in 1 end\nnonfix +").fixity
    assert fixity["++"] == (3, "left") and "**" not in fixity and fixity["+"] is None
    prog = parse_program("val y = a ++ b", fixity)
    assert prog.decs[0].binds[0].exp == infix("++", V("a"), V("b"))


def test_checker_reports_top_level_fixity_declarations():
    result = check_program(parse_program("infixr 5 ++ --\nlocal infix 3 ** in nonfix + end"))
    assert [b.type for b in result.elaboration.toplevel] == ["infixr 5 ++ --", "nonfix +"]


# ------------------------------------------------------------ REPL


TRANSCRIPT = r"""
- infix 6 ++;
infix 6 ++
- fun x ++ y = x * 10 + y;
val ++ = fn : int * int -> int
- 1 ++ 2 ++ 3;
val it = 123 : int
- let infixr 9 ++ in 1 ++ 2 ++ 3 end;
val it = 33 : int
- 4 ++ 5 * 2;
val it = 50 : int
- nonfix ++;
nonfix ++
- ++ (1, 2);
val it = 12 : int
"""


@pytest.mark.parametrize("machine", ["c", "py"])
def test_repl_fixity_persists_across_inputs(machine):
    session = Session(machine=machine)
    for text, expected in transcript_steps(TRANSCRIPT):
        assert session.feed(text) == expected, f"for input {text!r}"


def test_repl_keeps_reading_after_a_trailing_infix_operator():
    session = Session(machine="py")
    session.feed("infix 6 ++;\n")
    assert not session.is_complete("1 ++\n")
    assert session.is_complete("1 ++\n 2;\n")


def test_repl_forgets_the_fixity_of_a_failed_input():
    # one declaration (no `;` inside): the fixity goes with the error
    session = Session(machine="py")
    assert "error" in session.feed("infix 6 ++ val x = 1 + \"a\";\n")
    assert "val it = 3 : int" in session.feed("fun ++ (a, b) = a + b; ++ (1, 2);\n")


def test_fixity_scopes_under_deep_nesting():
    """Lookups do not walk the scopes (100,000 nested `let`s would make the
    parse quadratic); inner declarations shadow outer ones and end with their scope."""
    from mlbox.syntax import Fixity

    fixity = Fixity()
    fixity.declare(["++"], (4, "left"))
    for depth in range(100_000):
        fixity.push()
        assert fixity.lookup("++") == (4, "left") and fixity.lookup("+") == (6, "left")
    fixity.declare(["++", "+"], None)
    fixity.declare(["++"], (9, "right"))  # redeclared in the same scope
    assert fixity.lookup("++") == (9, "right") and fixity.lookup("+") is None
    assert fixity.pop() == {"++": (9, "right"), "+": None}
    assert fixity.lookup("++") == (4, "left") and fixity.lookup("+") == (6, "left")
    fixity.declare_all({"+": None})
    fixity.pop_to_top_level()
    assert len(fixity.scopes) == 1 and fixity.lookup("+") == (6, "left") and fixity.lookup("++") == (4, "left")
