"""Printer/parser round trips (Hypothesis) and robustness of the front end
on arbitrary input: the only exception it may raise is CompileError."""

import os

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from ast_strategies import expressions, patterns, programs, types
from mlbox import syntax as S
from mlbox.diagnostics import CompileError
from mlbox.lexer import KEYWORDS, PUNCTUATION, SYMBOLIC_KEYWORDS
from mlbox.parser import is_incomplete, parse_expression, parse_program, parse_type
from mlbox.printer import show_exp, show_pat, show_program, show_type
from tests.conformance_data import PROGRAMS

CONFORMANCE = [str(p) for p in PROGRAMS]

ROUND_TRIP = settings(max_examples=200, deadline=None)


@ROUND_TRIP
@given(programs())
def test_program_round_trip(prog):
    text = show_program(prog)
    assert parse_program(text) == prog, text


@ROUND_TRIP
@given(expressions())
def test_expression_round_trip(exp):
    text = show_exp(exp)
    assert parse_expression(text) == exp, text


@ROUND_TRIP
@given(patterns())
def test_pattern_round_trip(pat):
    text = f"fn {show_pat(pat)} => ()"
    assert parse_expression(text) == S.Fn((S.Rule(pat, S.Tuple(())),)), text


@ROUND_TRIP
@given(types())
def test_type_round_trip(ty):
    text = show_type(ty)
    assert parse_type(text) == ty, text


def test_a_staging_construct_raised_round_trips():
    """After `raise`, `code` and `lift` read as names (core SML's `raise
    code n`), so the printer parenthesises the constructs there: it printed
    Raise(Code x) as `raise code x`, which reads back as an application
    (found by test_program_round_trip)."""
    x = S.Var("x")
    for staged in (S.Code(x), S.Lift(x)):
        prog = S.Program((S.ExpDec(S.Raise(staged)),))
        text = show_program(prog)
        assert parse_program(text) == prog, text
    exp = S.Raise(S.App(S.Var("code"), x))  # a variable named code, applied
    assert parse_expression(show_exp(exp)) == exp


@pytest.mark.parametrize("text", ["!r", "~x", "!(f x)", "~[1]", "!(!r)", "! !", "~ 1", "! #\"a\"", "op ! r"])
def test_a_prefix_function_is_printed_as_written_where_it_reads_back_the_same(text):
    # notes quote expressions (`write f (!r)`): `! r` looked unlike the
    # user's code; a space stays where the two would lex otherwise
    exp = parse_expression(text)
    assert show_exp(exp) == text
    assert parse_expression(show_exp(exp)) == exp


def test_conformance_programs_round_trip():
    assert CONFORMANCE, "conformance programs not found"
    for path in CONFORMANCE:
        with open(path) as f:
            prog = parse_program(f.read())
        assert parse_program(show_program(prog)) == prog, os.path.basename(path)


# ---------------------------------------------------------------- robustness

# One spelling of every kind of token the lexer produces, plus the
# reserved words it rejects.
VOCABULARY = sorted(
    set(KEYWORDS) | set(SYMBOLIC_KEYWORDS) | set(PUNCTUATION) | set(S.INFIX)
    | {"x", "SOME", "Int.toString", "Word.~>>", "!", "~", "_", "'a", "''b",
       "1", "~2", "0x1F", "0w3", "0wxff", '"s\\n"', '#"c"', "structure", "local", "#"}
)


def _front_end_accepts_or_reports(text):
    for parse in (parse_program, parse_expression, parse_type):
        try:
            parse(text)
        except CompileError as e:
            assert e.diagnostics and all(d.span.line >= 1 for d in e.diagnostics)
    assert is_incomplete(text) in (True, False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(VOCABULARY), max_size=25))
def test_random_token_sequences_raise_only_compile_errors(words):
    _front_end_accepts_or_reports(" ".join(words))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="val fun x=()[],;:|*~#\"\\'0w1.(*)\n\tletinend^@{", max_size=40))
def test_random_text_raises_only_compile_errors(text):
    _front_end_accepts_or_reports(text)
