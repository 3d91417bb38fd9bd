"""Programs with recorded expected output (the shared conformance programs,
tests/data/polyml): NAME.expected is the exact stdout, NAME.exception, when
present, the exception the program dies with. One check, used by every
corpus test."""

from __future__ import annotations

import contextlib
import pathlib

from ccam.instructions import Status
from mlbox import driver
from mlbox import matchcomp
from mlbox.diagnostics import Source

# The largest share of its work budget (matchcomp.work_budget) a match of a
# real program may take: far below 1, so that every such match keeps its
# decision tree, and with it its code and reduction counts
# (tests/test_match_fallback.py forces the row-by-row fallback).
MATCH_BUDGET_SHARE = 0.5


@contextlib.contextmanager
def watching_match_budgets():
    """Within it, every match compiled is recorded: yields the list of
    (share of its budget used) of them, filled when the block ends."""
    memos: list = []

    class Recorded(matchcomp._Memo):
        __slots__ = ("budget",)

        def __init__(self, work_left: int):
            super().__init__(work_left)
            self.budget = work_left
            memos.append(self)

    shares: list = []
    matchcomp._Memo = Recorded
    try:
        yield shares
    finally:
        matchcomp._Memo = Recorded.__base__
        shares.extend((memo.budget - memo.work_left) / memo.budget if memo.budget else 1.0 for memo in memos)


def compile_path(path: pathlib.Path):
    """Compile the program at `path`; each of its matches keeps its decision
    tree, well within its budget."""
    with watching_match_budgets() as shares:
        compiled = driver.compile_source(Source(str(path), path.read_text()))
    assert max(shares, default=0) < MATCH_BUDGET_SHARE, "a match came near its decision tree's budget"
    return compiled


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


# How far the Python machine follows a program too long for it (it runs
# one to two million reductions a second): far enough to cover every
# instruction and primitive such a program uses, in about two seconds.
PREFIX_REDUCTIONS = 3_000_000


def _agreement(result) -> tuple:
    return (result.status, result.output, result.reductions, result.gen_reductions, result.emitted)


def check_on_both_machines(path: pathlib.Path, *, py_prefix: bool = False):
    """Compile `path`, run it on the C and the Python machine: both print the
    expected output and end as expected, with equal counts; each of its
    matches keeps its decision tree (compile_path). The C machine's result.

    With `py_prefix`, for a program of tens of millions of reductions or
    more, the C machine alone runs it to the end; the machines must then
    agree on its first PREFIX_REDUCTIONS: both stop at the reduction limit
    at the same instruction, having printed the same and generated the same
    code."""
    compiled = compile_path(path)
    on_c = driver.run_program(compiled.program, machine="c")
    check_result(on_c, path)
    if py_prefix:
        assert on_c.reductions > PREFIX_REDUCTIONS, "not a long program: run it whole on both machines"
        limits = {"max_reductions": PREFIX_REDUCTIONS}
        c_prefix = driver.run_program(compiled.program, machine="c", **limits)
        py_prefix_run = driver.run_program(compiled.program, machine="py", **limits)
        assert c_prefix.status == Status.REDUCTION_LIMIT, c_prefix.message
        assert _agreement(py_prefix_run) == _agreement(c_prefix)
        return on_c
    on_py = driver.run_program(compiled.program, machine="py")
    check_result(on_py, path)
    assert (on_py.reductions, on_py.gen_reductions, on_py.emitted) == (on_c.reductions, on_c.gen_reductions, on_c.emitted)
    return on_c
