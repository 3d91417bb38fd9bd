"""Differential tests on generated well-typed ML□ programs (docs/STATUS.md, "What works"):

- the checker accepts every generated program and gives each top-level
  binding a type of which the generated one is an instance;
- printing a generated program and parsing it back gives the same AST;
- the staged program prints what its staging erasure prints, and ends the
  same way (both compiled by mlbox and run on the Python machine), and
  what its erasure prints under Poly/ML, an independent SML (when
  installed);
- the C machine and the Python machine agree on output, status, result
  message and every reduction count;
- the staged conformance programs, erased, print their expected output
  when compiled by mlbox (as they do under Poly/ML: tests/test_erasure.py).

The programs come from tests/staged_strategies.py (type-directed, one
strategy per typing rule; see its docstring for what they cover).
"""

from __future__ import annotations


import attrs
import pytest
from hypothesis import HealthCheck, assume, example, given, settings

from ccam.instructions import Status
from mlbox import driver
from mlbox.checker import check_program
from mlbox.diagnostics import Source
from mlbox.erase import erase_program
from mlbox.parser import parse_program, parse_type
from mlbox import syntax as S
from mlbox.printer import show_program
from tests import staged_strategies as gen
from tests.test_erasure import POLY, POLY_EXCEPTION, POLY_MISSING, run_poly
from tests.conformance_data import STAGED_PROGRAMS

# A generated program terminates (see the strategies), but a run may be
# long; one that needs more than this is discarded rather than compared.
MAX_REDUCTIONS = 2_000_000
NO_C_MACHINE = "the C machine extension (ccam.cmachine) is not built/importable"

DIFFERENTIAL = settings(max_examples=150, deadline=None,
                        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def compile_text(text: str, name: str) -> driver.Compiled:
    return driver.compile_source(Source(name, text))


def run(compiled: driver.Compiled, machine: str):
    return driver.run_program(compiled.program, machine=machine, max_reductions=MAX_REDUCTIONS)


# Poly/ML 5.7's optimiser folds some word operations on a constant wrongly
# (`Word.andb (0w0, !r)` is 0w1 when !r is 0w1; SML/NJ and mlbox give 0w0),
# and its compiler stops with "Overflow unexpectedly raised while
# compiling" on `Array.sub (a, 4611686018427387903)` (a constant index
# near the largest int, where the run should raise Subscript); so the
# program given to Poly reads every word constant, and every int constant
# beyond 32 bits, back from a ref, as tests/basis_edges.py does with its
# operands.
POLY_OPAQUE = "polyOpaque"
POLY_OPAQUE_DEC = f"fun {POLY_OPAQUE} x = ! (ref x)\n"
POLY_FOLDED_INTS = 1 << 31  # int constants at least this large (either sign) are made opaque


def constants_made_opaque(node):
    """`node` with every word constant expression `w`, and every int
    constant `k` with |k| >= 2^31, made `polyOpaque w` (patterns keep their
    constants)."""
    if isinstance(node, tuple):
        return tuple(constants_made_opaque(item) for item in node)
    if isinstance(node, S.ConstExp) and (isinstance(node.const, S.WordConst) or (
            isinstance(node.const, S.IntConst) and abs(node.const.value) >= POLY_FOLDED_INTS)):
        return S.App(S.Var(POLY_OPAQUE), node)
    if attrs.has(type(node)):
        return attrs.evolve(node, **{f.name: constants_made_opaque(getattr(node, f.name))
                                     for f in attrs.fields(type(node)) if f.name != "span"})
    return node


def outcome(result) -> tuple:
    """What must agree between a staged program and its erasure: output,
    status and (for an uncaught exception) the exception's message."""
    return result.output, result.status, result.message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gen.programs())
def test_generated_programs_are_well_typed_at_the_intended_types(generated):
    result = check_program(generated.program)
    assert result.ok, result.errors
    types = {b.name: b.type for b in result.elaboration.toplevel}
    for _kind, name, ty in generated.intended:
        # un-annotated values may get a more general type than the one
        # they were generated at; the generated type must be an instance
        assert gen.is_instance(parse_type(types[name]), ty), (name, types[name], gen.show_type(ty))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gen.programs())
def test_printed_generated_program_parses_back_to_itself(generated):
    assert parse_program(show_program(generated.program)) == generated.program


@DIFFERENTIAL
@given(gen.programs())
def test_staged_program_behaves_like_its_erasure(generated):
    staged = run(compile_text(show_program(generated.program), "staged.sml"), "py")
    erased = run(compile_text(show_program(erase_program(generated.program)), "erased.sml"), "py")
    assume(Status.REDUCTION_LIMIT not in (staged.status, erased.status))
    assert outcome(staged) == outcome(erased)


# Found by a long run: Poly/ML failed to compile the erasure (a constant
# index at the largest int) instead of raising Subscript.
ARRAY_INDEX_AT_LARGEST_INT = gen.GeneratedProgram(parse_program(Source("example.sml", """
val r = Array.array (1, [] : int list)
val _ = print ((Array.update (r, 4611686018427387903, []); "updated") handle Subscript => "Subscript")
val _ = Array.sub (r, ~4611686018427387904)
""")), ())


@pytest.mark.skipif(POLY is None, reason=POLY_MISSING)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gen.programs())
@example(ARRAY_INDEX_AT_LARGEST_INT)
def test_staged_program_behaves_like_its_erasure_under_poly_ml(generated):
    staged = run(compile_text(show_program(generated.program), "staged.sml"), fastest_machine())
    assume(staged.status != Status.REDUCTION_LIMIT)
    by_poly = run_poly(POLY_OPAQUE_DEC + show_program(constants_made_opaque(erase_program(generated.program))))
    output = staged.output.decode("latin-1")  # as run_poly reads Poly's: chars print any byte
    if staged.status == Status.OK:
        assert (by_poly.stdout, by_poly.returncode) == (output, 0)
    else:
        assert staged.status == Status.UNCAUGHT, staged.message
        exception_name = staged.message.split()[-1]
        assert by_poly.stdout.startswith(output)
        assert by_poly.stdout[len(output):].startswith(f"{POLY_EXCEPTION} {exception_name}")


@pytest.mark.skipif(not driver.c_machine_available(), reason=NO_C_MACHINE)
@DIFFERENTIAL
@given(gen.programs())
def test_c_machine_agrees_with_python_machine(generated):
    for program in (generated.program, erase_program(generated.program)):
        compiled = compile_text(show_program(program), "generated.sml")
        by_python, by_c = run(compiled, "py"), run(compiled, "c")
        assert (by_c.output, by_c.status, by_c.message) == (by_python.output, by_python.status, by_python.message)
        assert (by_c.reductions, by_c.gen_reductions, by_c.emitted) == \
            (by_python.reductions, by_python.gen_reductions, by_python.emitted)


# ------------------------------------------- the conformance programs



def fastest_machine() -> str:
    return "c" if driver.c_machine_available() else "py"


@pytest.mark.parametrize("path", STAGED_PROGRAMS, ids=[p.stem for p in STAGED_PROGRAMS])
def test_erased_conformance_program_prints_the_expected_output_on_our_machine(path):
    erased = erase_program(parse_program(Source(str(path), path.read_text())))
    result = driver.run_program(compile_text(show_program(erased), path.name + " (erased)").program,
                                machine=fastest_machine())
    assert result.output.decode() == path.with_suffix(".expected").read_text()
    exception = path.with_suffix(".exception")
    if exception.exists():
        assert result.status == Status.UNCAUGHT and exception.read_text().strip() in result.message
    else:
        assert result.status == Status.OK, result.message
