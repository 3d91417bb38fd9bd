"""Every conformance program (/work/shared/conformance/{core,staged}) prints
exactly its .expected output on the C machine and on the Python machine,
with identical reduction counts; `*.exception` programs then stop with that
uncaught exception (`mlbox run`: message on stderr, exit 1). A program
compiled to a .ccam file runs the same as its source.
"""

from __future__ import annotations

import pathlib

import pytest

from ccam.bytecode import read, write
from mlbox import cli, driver
from mlbox.diagnostics import Source
from tests.expected_output import check_on_both_machines, expected
from mlbox.runner import UNCAUGHT

from tests.conformance_data import CONFORMANCE, PROGRAMS

# Programs of tens of millions of reductions, a minute or more on the
# Python machine (a second on the C machine): the C machine runs them whole,
# the Python machine their first few million reductions, which must be the
# C machine's.
LONG = {"03_tail_loop_million", "22_memoization", "24_ackermann"}


def test_there_are_conformance_programs():
    assert len(PROGRAMS) >= 30


def _param(path: pathlib.Path):
    return pytest.param(path, id=f"{path.parent.name}/{path.stem}")


@pytest.mark.parametrize("path", [_param(p) for p in PROGRAMS])
def test_both_machines_print_expected_output_with_equal_counts(path):
    check_on_both_machines(path, py_prefix=path.stem in LONG)


@pytest.mark.parametrize("path", [pytest.param(p, id=f"{p.parent.name}/{p.stem}") for p in PROGRAMS])
def test_compiled_ccam_runs_like_the_source(path, tmp_path):
    compiled = driver.compile_source(Source(str(path), path.read_text()))
    from_source = driver.run_program(compiled.program, machine="c")
    ccam = tmp_path / (path.stem + ".ccam")
    assert cli.main(["compile", str(path), "-o", str(ccam)]) == 0
    loaded = read(ccam.read_bytes())
    assert loaded == compiled.program
    from_file = driver.run_program(loaded, machine="c")
    assert (from_file.output, from_file.status, from_file.reductions) == \
        (from_source.output, from_source.status, from_source.reductions)


UNCAUGHT_PROGRAMS = [p for p in PROGRAMS if p.with_suffix(".exception").exists()]


@pytest.mark.parametrize("machine", ["c", "py"])
@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in UNCAUGHT_PROGRAMS])
def test_uncaught_exception_from_the_command_line(path, machine, capfdbinary):
    output, exn = expected(path)
    status = cli.main(["run", str(path), "--machine", machine])
    captured = capfdbinary.readouterr()
    assert status == 1
    assert captured.out == output
    assert captured.err.decode().strip().splitlines()[-1] == UNCAUGHT.format(name=exn)


def test_there_are_uncaught_programs():
    assert len(UNCAUGHT_PROGRAMS) >= 2


def test_ccam_roundtrip_is_exact():
    path = CONFORMANCE / "staged" / "01_comp_poly.sml"
    program = driver.compile_source(Source(str(path), path.read_text())).program
    assert read(write(program)) == program
