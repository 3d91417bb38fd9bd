"""The C machine's buffer of kept output (ccam_c/prims.c ccamP_output) is
released once the binding has read it if the run made it large: one call
that printed 13 MB no longer holds that memory until the next run or until
the program is freed."""

from __future__ import annotations

import pytest

from mlbox import api

pytestmark = pytest.mark.skipif(api.default_machine() != "c", reason="the C machine is not built")

LINE = "0123456789" * 6 + "abc"
SOURCE = f"""
fun lines (n : int) = let fun go 0 = () | go k = (print "{LINE}\\n"; go (k - 1)) in go n end
fun square (n : int) = n * n
"""
KEPT_CAPACITY = 1 << 20  # ccam_c/ccam_int.h OUTPUT_KEPT_CAPACITY


def capacity(prog: api.Program) -> int:
    return prog._machine.heap_stats()["output_capacity"]


def test_a_large_output_buffer_is_released_once_the_call_has_read_it():
    prog = api.load_source(SOURCE, machine="c")
    prog.call("lines", 200_000)
    assert len(prog.output) == 200_000 * (len(LINE) + 1)
    assert capacity(prog) == 0  # (read by the call, then no longer needed)
    assert prog.call("square", 3) == 9
    assert capacity(prog) == 0
    # a small buffer is kept for the next prints, and what they print is whole
    prog.output = b""
    prog.call("lines", 100)
    kept = capacity(prog)
    assert 0 < kept <= KEPT_CAPACITY
    prog.call("lines", 100)
    assert capacity(prog) == kept
    assert prog.output == (LINE + "\n").encode() * 200


def test_a_batch_after_a_large_output_prints_whole():
    prog = api.load_source(SOURCE, machine="c")
    prog.call("lines", 100_000)
    prog.output = b""
    assert prog.function("lines").map([1, 2, 3]) == [None, None, None]
    assert prog.output == (LINE + "\n").encode() * 6
    assert capacity(prog) <= KEPT_CAPACITY
