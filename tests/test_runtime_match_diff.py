"""Generated matches run the same on both machines, and as under Poly/ML.

The programs come from the generator of tests/polyml_runtime_match_diff.py
(random matches of up to 30 rows over up to 5 columns of constants,
datatypes, tuples, lists, options and refs, applied to values that mostly
fall through several rows). Without Poly/ML: each compiles, runs to its
end on the C machine and on the Python machine, and both print the same
with the same reduction count. With Poly/ML: a small batch prints the same
row numbers as under Poly/ML (the tool runs many more).
"""

from __future__ import annotations

import re

import pytest

from mlbox import driver
from tests import polyml_runtime_match_diff as diff

NO_C_MACHINE = "the C machine extension (ccam.cmachine) is not built/importable"
POLY_MISSING = "Poly/ML (`poly`) is not installed: cannot compare the rows chosen with its"
SEED = 24
ROW_NUMBERS = re.compile(r"(\d+ )+\n")


@pytest.fixture(scope="module")
def programs() -> list[str]:
    return diff.generate(SEED, 30)


@pytest.mark.skipif(not driver.c_machine_available(), reason=NO_C_MACHINE)
def test_generated_matches_run_alike_on_both_machines(programs):
    for number, program in enumerate(programs):
        on_c = diff.run_mlbox(program, "c")
        on_py = diff.run_mlbox(program, "py")
        assert on_c.status == 0, (number, program, on_c.message)
        assert ROW_NUMBERS.fullmatch(on_c.output.decode("latin-1")), (number, program, on_c.output)
        assert (on_py.output, on_py.status, on_py.reductions) == (on_c.output, on_c.status, on_c.reductions), \
            (number, program)


def test_generated_programs_cover_every_form(programs):
    # the seed's programs use each form of match the generator writes,
    # and some of the edge constants
    text = "".join(programs)
    for form in ("fun m (", "case v of", "val m = fn", "fun mc ", "handle X ("):
        assert form in text, form
    for edge in ("~4611686018427387904", "4611686018427387903", "0wx7FFFFFFFFFFFFFFF", "\\255"):
        assert edge in text, edge


@pytest.mark.skipif(diff.POLY is None, reason=POLY_MISSING)
@pytest.mark.skipif(not driver.c_machine_available(), reason=NO_C_MACHINE)
def test_generated_matches_choose_the_rows_poly_ml_chooses(programs):
    batch = programs[:20]
    theirs, messages = diff.poly_outputs(batch)
    for number, (program, poly) in enumerate(zip(batch, theirs)):
        assert poly is not None, (number, program, messages)
        mine = diff.mlbox_output(diff.run_mlbox(program, "c"))
        assert mine == poly, (number, program)
