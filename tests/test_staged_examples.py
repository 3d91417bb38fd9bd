"""The staged examples beyond the paper (examples/regex.sml, sparse.sml,
imp.sml), driven through mlbox.api on generated inputs: each staged
version agrees with its unstaged twin and with an independent Python
computation, and the generated code does less work than interpreting
(fewer reductions per call; for the matrices, no code for zero entries)."""

from __future__ import annotations

import pathlib
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mlbox import api

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
EXAMPLE_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Every call is bounded: a generated input that made a matcher or an IMP
# program run away should fail the test, not hang it.
MAX_REDUCTIONS = 5_000_000
INT_MAX = 2 ** 62 - 1  # mlbox ints are 63-bit, as Poly/ML's
INT_MIN = -(2 ** 62)


@pytest.fixture(scope="module")
def regex():
    return api.load(str(EXAMPLES / "regex.sml"), max_reductions=MAX_REDUCTIONS)


@pytest.fixture(scope="module")
def sparse():
    return api.load(str(EXAMPLES / "sparse.sml"), max_reductions=MAX_REDUCTIONS)


@pytest.fixture(scope="module")
def imp():
    return api.load(str(EXAMPLES / "imp.sml"), max_reductions=MAX_REDUCTIONS)


# ------------------------------------------------------------------ regex

# A pattern is drawn as a tree and printed in the syntax that regex.sml's
# `parse` and Python's `re` share, so `re.fullmatch` is the oracle. Trees
# are tuples: ("chr", c), ("any",), ("eps",), ("seq"|"alt", r, s),
# ("star"|"plus"|"opt", r). Subjects use the letters the patterns use, plus
# the dot, which a pattern can match only with `.` or the escape `\.`.
PATTERN_LETTERS = "ab"
SUBJECT_ALPHABET = "ab."
ATOMIC, POSTFIX, SEQUENCE, ALTERNATION = 3, 2, 1, 0  # binding strength, tightest first

leaves = st.one_of(
    st.sampled_from(PATTERN_LETTERS).map(lambda c: ("chr", c)),
    st.just(("any",)),
    st.just(("chr", ".")),
    st.just(("eps",)),
)
patterns = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.tuples(st.sampled_from(["seq", "alt"]), inner, inner),
        st.tuples(st.sampled_from(["star", "plus", "opt"]), inner),
    ),
    max_leaves=6,
)


def show_pattern(tree, context=ALTERNATION) -> str:
    """The pattern's text, parenthesised where `context` binds tighter."""
    kind = tree[0]
    if kind == "chr":
        return "\\." if tree[1] == "." else tree[1]
    if kind == "any":
        return "."
    if kind == "eps":
        return "()" if context >= POSTFIX else ""
    if kind in ("star", "plus", "opt"):
        # the operand of a postfix operator is atomic: `(a*)*`, not `a**`
        text = show_pattern(tree[1], ATOMIC) + {"star": "*", "plus": "+", "opt": "?"}[kind]
        own = POSTFIX
    elif kind == "seq":
        text, own = show_pattern(tree[1], SEQUENCE) + show_pattern(tree[2], SEQUENCE), SEQUENCE
    else:
        text, own = show_pattern(tree[1], ALTERNATION) + "|" + show_pattern(tree[2], ALTERNATION), ALTERNATION
    return f"({text})" if context > own or (context == ATOMIC and kind != "chr") else text


def test_show_pattern_parenthesises_as_the_grammar_needs():
    tree = ("star", ("seq", ("chr", "a"), ("alt", ("any",), ("chr", "."))))
    assert show_pattern(tree) == "(a(.|\\.))*"
    assert show_pattern(("star", ("star", ("chr", "a")))) == "(a*)*"
    assert show_pattern(("plus", ("eps",))) == "()+"


@EXAMPLE_SETTINGS
@given(patterns, st.lists(st.text(SUBJECT_ALPHABET, max_size=7), min_size=1, max_size=6))
def test_staged_matcher_agrees_with_interpreter_and_python_re(regex, tree, subjects):
    pattern = show_pattern(tree)
    interpreted = regex.call("matches", regex.call("parse", pattern, keep=True))
    staged = regex.call("matcher", pattern)
    for subject in subjects:
        expected = re.fullmatch(pattern, subject) is not None
        assert interpreted(subject) is expected, (pattern, subject)
        assert staged(subject) is expected, (pattern, subject)


@EXAMPLE_SETTINGS
@given(patterns, st.text(SUBJECT_ALPHABET, max_size=7))
def test_staged_matcher_never_costs_more_than_interpreting(regex, tree, subject):
    """The generated code does what the interpreter does on the same
    pattern minus the dispatching on constructors (and minus the progress
    test of a star whose body cannot match the empty string)."""
    pattern = show_pattern(tree)
    interpreted = regex.call("matches", regex.call("parse", pattern, keep=True))
    staged = regex.call("matcher", pattern)
    interpreted(subject)
    interpreting_cost = regex.last_stats.reductions
    staged(subject)
    assert regex.last_stats.reductions <= interpreting_cost, pattern


def test_staged_matcher_saves_reductions_on_a_long_subject(regex):
    subject = "a" + "bc" * 50 + "d"
    interpreted = regex.call("matches", regex.call("parse", "a(b|c)*d", keep=True))
    staged = regex.call("matcher", "a(b|c)*d")
    assert interpreted(subject)
    interpreting_cost = regex.last_stats.reductions
    assert staged(subject)
    assert 2 * regex.last_stats.reductions < interpreting_cost


@pytest.mark.parametrize("pattern, reason", [
    ("a(b", "a '(' without its ')'"),
    ("*a", "nothing to repeat before '*'"),
    ("a\\", "a '\\' at the end"),
    ("a)", "unexpected ')'"),
])
def test_malformed_pattern_is_refused_before_generating(regex, pattern, reason):
    with pytest.raises(api.MLError) as raised:
        regex.call("matcher", pattern)
    assert raised.value.name == "BadPattern"
    assert reason in str(raised.value)
    assert regex.last_stats.emitted == 0


# --------------------------------------------------------------- matrices

entries = st.sampled_from([0, 0, 0, 1, -1, 2, -3, 7])


@st.composite
def matrices_and_vectors(draw):
    rows, columns = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    matrix = draw(st.lists(st.lists(entries, min_size=columns, max_size=columns), min_size=rows, max_size=rows))
    vector = draw(st.lists(st.integers(-1000, 1000), min_size=columns, max_size=columns))
    return matrix, tuple(vector)


def product(matrix, vector):
    return tuple(sum(a * x for a, x in zip(row, vector)) for row in matrix)


@EXAMPLE_SETTINGS
@given(matrices_and_vectors())
def test_specialised_product_agrees_with_general_and_python(sparse, case):
    matrix, vector = case
    assert sparse.call("mulMatVec", matrix)(vector) == product(matrix, vector)
    assert sparse.call("specialise", matrix)(vector) == product(matrix, vector)


@EXAMPLE_SETTINGS
@given(matrices_and_vectors(), st.integers(-1000, 1000))
def test_zero_entries_generate_no_code(sparse, case, extra):
    """A column of zeros in front changes the general product's cost, not
    the generated code's size or its cost (only the constant column
    numbers in it)."""
    matrix, vector = case
    widened, longer = [[0] + row for row in matrix], (extra,) + vector
    sparse.call("specialise", matrix)
    narrow = sparse.last_stats.emitted
    sparse.call("specialise", widened)
    assert sparse.last_stats.emitted == narrow
    costs = []
    for m, v in ((matrix, vector), (widened, longer)):
        assert sparse.call("specialise", m)(v) == product(matrix, vector)
        costs.append(sparse.last_stats.reductions)
    assert costs[0] == costs[1]
    sparse.call("mulMatVec", matrix)(vector)
    general = sparse.last_stats.reductions
    sparse.call("mulMatVec", widened)(longer)
    assert sparse.last_stats.reductions > general


def test_unit_entries_need_no_multiplication(sparse):
    """An entry 1 or ~1 costs fewer reductions than any other non-zero
    entry: an addition (subtraction) of v[j], no product."""
    costs = {}
    for entry in (1, -1, 2, -2):
        sparse.call("specialise", [[5, entry]])((1, 1))
        costs[entry] = sparse.last_stats.reductions
    assert costs[1] == costs[-1] < costs[2] == costs[-2]


def test_specialised_product_of_a_sparse_matrix_is_far_cheaper(sparse):
    n = 30
    tridiagonal = [[2 if i == j else -1 if abs(i - j) == 1 else 0 for j in range(n)] for i in range(n)]
    squares = tuple(i * i for i in range(n))
    assert sparse.call("mulMatVec", tridiagonal)(squares) == product(tridiagonal, squares)
    general = sparse.last_stats.reductions
    assert sparse.call("specialise", tridiagonal)(squares) == product(tridiagonal, squares)
    assert 10 * sparse.last_stats.reductions < general


# -------------------------------------------------------------------- IMP

# Programs over the variables x, y (parameters) and z (a local). A while
# loop is drawn bounded: its counter k<depth> is set to at most 3 before it
# and counted down in its body, which never assigns it, so every program
# ends. Arithmetic may still raise Overflow or Div, which both versions
# must raise alike.
PARAMS, LOCALS = ["x", "y"], ["z"]
COUNTERS = ["k0", "k1", "k2"]
MAX_LOOP_DEPTH = len(COUNTERS)
D = api.Data

expressions = st.recursive(
    st.one_of(st.integers(-3, 5).map(lambda n: D("Num", n)), st.sampled_from(PARAMS + LOCALS).map(lambda x: D("Var", x))),
    lambda inner: st.builds(lambda op, a, b: D(op, (a, b)), st.sampled_from(["Add", "Sub", "Mul", "Mod"]), inner, inner),
    max_leaves=5,
)
tests_ = st.recursive(
    st.builds(lambda op, a, b: D(op, (a, b)), st.sampled_from(["Less", "Equal"]), expressions, expressions),
    lambda inner: inner.map(lambda t: D("Not", t)),
    max_leaves=2,
)


def commands(depth=0):
    assign = st.builds(lambda x, e: D("Assign", (x, e)), st.sampled_from(PARAMS + LOCALS), expressions)
    if depth == MAX_LOOP_DEPTH:
        return assign
    inner = commands(depth + 1)
    counter = COUNTERS[depth]

    def bounded_loop(times, body):
        count_down = D("Assign", (counter, D("Sub", (D("Var", counter), D("Num", 1)))))
        return D("Block", [D("Assign", (counter, D("Num", times))),
                           D("While", (D("Less", (D("Num", 0), D("Var", counter))), D("Block", [count_down, body])))])

    return st.one_of(
        assign,
        st.lists(inner, max_size=3).map(lambda cs: D("Block", cs)),
        st.builds(lambda t, a, b: D("If", (t, a, b)), tests_, inner, inner),
        st.builds(bounded_loop, st.integers(0, 3), inner),
    )


class Raised(Exception):
    """An ML exception the Python evaluator predicts, by name."""


def checked(n: int) -> int:
    if not INT_MIN <= n <= INT_MAX:
        raise Raised("Overflow")
    return n


def py_exp(e, store):
    if e.constructor == "Num":
        return e.arg
    if e.constructor == "Var":
        return store[e.arg]
    a, b = (py_exp(operand, store) for operand in e.arg)  # left to right, as ML
    if e.constructor == "Mod":
        if b == 0:
            raise Raised("Div")
        return a % b  # ML's mod takes the divisor's sign, as Python's %
    return checked({"Add": a + b, "Sub": a - b, "Mul": a * b}[e.constructor])


def py_test(t, store):
    if t.constructor == "Not":
        return not py_test(t.arg, store)
    a, b = (py_exp(operand, store) for operand in t.arg)
    return a < b if t.constructor == "Less" else a == b


def py_cmd(c, store):
    kind, arg = c.constructor, c.arg
    if kind == "Assign":
        store[arg[0]] = py_exp(arg[1], store)
    elif kind == "Block":
        for sub in arg:
            py_cmd(sub, store)
    elif kind == "If":
        py_cmd(arg[1] if py_test(arg[0], store) else arg[2], store)
    else:
        while py_test(arg[0], store):
            py_cmd(arg[1], store)


def outcome(run):
    """The value of a run, or the name of the ML exception it raised."""
    try:
        return run()
    except api.MLError as error:
        return error.name
    except Raised as predicted:
        return str(predicted)


@EXAMPLE_SETTINGS
@given(commands(), expressions, st.lists(st.integers(-20, 20), min_size=2, max_size=2))
def test_compiled_imp_program_agrees_with_interpreter_and_python(imp, body, result, args):
    program = (PARAMS, LOCALS + COUNTERS, body, result)

    def in_python():
        store = dict.fromkeys(PARAMS + LOCALS + COUNTERS, 0) | dict(zip(PARAMS, args))
        py_cmd(body, store)
        return py_exp(result, store)

    expected = outcome(in_python)
    assert outcome(lambda: imp.call("interpret", program)(args)) == expected
    assert outcome(lambda: imp.call("specialise", program)(args)) == expected


def test_compiled_loop_is_far_cheaper_than_interpreting(imp):
    primes_below = imp["primesBelow"]
    assert imp.call("interpret", primes_below)([200]) == 46
    interpreting_cost = imp.last_stats.reductions
    assert imp.call("specialise", primes_below)([200]) == 46
    assert 10 * imp.last_stats.reductions < interpreting_cost


def test_undeclared_variable_is_refused_before_generating(imp):
    program = (["x"], [], D("Assign", ("x", D("Var", "nowhere"))), D("Var", "x"))
    with pytest.raises(api.MLError) as raised:
        imp.call("specialise", program)
    assert raised.value.name == "Undeclared"
    assert imp.last_stats.emitted == 0
