"""C machine speed on a CAM-heavy loop: reductions per second of the C
machine, and the C/Python (reference machine) speed ratio.

    python bench/machine_bench.py [iterations]

The loop is  f n = if n <= 0 then n else f (n - 1)  compiled CAM-style
(environment pushes, pairs, closure application in tail position, int
primitives), the shape of code the compiler produces. Not a test."""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ccam import cmachine, refmachine  # noqa: E402
from ccam.instructions import BUILTIN_EXNS, ConstInt, I, Ins, Program  # noqa: E402

NGLOBALS = len(BUILTIN_EXNS) + 1


def q(n: int) -> Ins:
    return I.quote(ConstInt(n))


def count_down(n: int) -> Program:
    g = NGLOBALS - 1
    recurse = [I.push, I.getglobal(g), I.swap, I.acc(0), I.push, q(1), I.cons, I.prim("sub"), I.cons, I.app]
    body = [I.push, I.acc(0), I.push, q(0), I.cons, I.prim("le"), Ins("branch", ((I.acc(0),), tuple(recurse)))]
    return Program((I.cur(body), I.setglobal(g), I.push, q(n), I.cons, I.app), NGLOBALS)


def timed(machine_module, n: int) -> tuple[int, float]:
    machine = machine_module.Machine(count_down(n))
    start = time.perf_counter()
    result = machine.run()
    elapsed = time.perf_counter() - start
    assert result.ok, result.message
    return result.reductions, elapsed


def main(argv) -> None:
    n = int(argv[1]) if len(argv) > 1 else 5_000_000
    c_red, c_time = min((timed(cmachine, n) for _ in range(3)), key=lambda r: r[1])
    py_n = max(n // 200, 1000)
    py_red, py_time = timed(refmachine, py_n)
    c_rate, py_rate = c_red / c_time, py_red / py_time
    print(f"C machine:      {c_red:>12,} reductions in {c_time:.3f} s = {c_rate / 1e6:8.1f} M reductions/s")
    print(f"Python machine: {py_red:>12,} reductions in {py_time:.3f} s = {py_rate / 1e6:8.3f} M reductions/s")
    print(f"C/Python speed ratio: {c_rate / py_rate:.0f}x")


if __name__ == "__main__":
    main(sys.argv)
