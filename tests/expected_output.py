"""Programs with recorded expected output (the shared conformance programs,
tests/data/polyml): NAME.expected is the exact stdout, NAME.exception, when
present, the exception the program dies with. One check, used by every
corpus test."""

from __future__ import annotations

import pathlib

from ccam.instructions import Status
from mlbox import driver
from mlbox.diagnostics import Source


def expected(path: pathlib.Path) -> tuple[bytes, str | None]:
    exn_file = path.with_suffix(".exception")
    exn = exn_file.read_text().strip() if exn_file.exists() else None
    return path.with_suffix(".expected").read_bytes(), exn


def check_result(result, path: pathlib.Path) -> None:
    output, exn = expected(path)
    assert result.output == output
    if exn is None:
        assert result.status == Status.OK, result.message
    else:
        assert result.status == Status.UNCAUGHT, result.message
        assert result.value.name.name.decode() == exn


def check_on_both_machines(path: pathlib.Path):
    """Compile `path`, run it on the C and the Python machine: both print the
    expected output and end as expected, with equal counts. The C machine's
    result."""
    compiled = driver.compile_source(Source(str(path), path.read_text()))
    on_c = driver.run_program(compiled.program, machine="c")
    check_result(on_c, path)
    on_py = driver.run_program(compiled.program, machine="py")
    check_result(on_py, path)
    assert (on_py.reductions, on_py.gen_reductions, on_py.emitted) == (on_c.reductions, on_c.gen_reductions, on_c.emitted)
    return on_c
