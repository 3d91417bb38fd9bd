"""Where the reductions go: the reductions of one call split by CCAM
instruction (primitives by name), from the reference machine's trace hook.
Counts are the machine's (docs/ccam.md), so they are the C machine's too."""

from __future__ import annotations

import collections
from typing import Callable

import attrs

from bench.workloads import BpfWorkload, load_poly
from ccam.instructions import PRIM_BY_NAME, reductions

# instructions that only move values between the stack and the environment
# (the CAM's "plumbing"), as opposed to computing or transferring control
PLUMBING = ("acc", "push", "swap", "cons", "fst", "snd", "id", "drop", "quote")


@attrs.frozen
class Mix:
    name: str
    total: int
    by_instruction: tuple[tuple[str, int], ...]  # most reductions first

    @property
    def plumbing(self) -> int:
        return sum(n for op, n in self.by_instruction if op in PLUMBING)

    @property
    def floor(self) -> int:
        """A lower bound on the reductions of any CCAM code doing this
        call's primitive operations and tests: a primitive on a pair built
        at run time (one operand is late) needs at least `push` (to keep the
        first operand), one instruction for the second operand, `cons` and
        itself; a unary primitive, a `branch` or a `switch` at least itself.
        Everything else (fetching the first operands, passing state) is left
        out, which is what makes it a floor."""
        def cost(op: str) -> int:
            if op.startswith("prim "):
                return 4 if PRIM_BY_NAME[op[5:]].arg.startswith("(") else 1
            return 1 if op in ("branch", "switch") else 0
        return sum(cost(op) * n for op, n in self.by_instruction)


def traced(program, name: str, call: Callable[[], object]) -> Mix:
    """The mix of `call()`, one call into `program` (an api.Program on the reference machine)."""
    counts: collections.Counter = collections.Counter()

    def hook(machine, ins):
        counts["prim " + ins.args[0] if ins.op == "prim" else ins.op] += reductions(ins)

    machine = program._machine  # the reference machine: the trace hook is its debugging interface
    machine.trace = hook
    try:
        call()
    finally:
        machine.trace = None
    total = program.last_stats.reductions
    assert sum(counts.values()) == total, (name, sum(counts.values()), total)
    return Mix(name, total, tuple(counts.most_common()))


def measure_mix(py: BpfWorkload, packet: int) -> tuple[Mix, ...]:
    """evalpf and the specialised filter on one telnet packet, the
    specialisation, and the polynomial's evalPoly, poly1Target and mlPolyFun."""
    arg = py.packet_args[packet]
    spec = py.specialised(keep=False)
    poly = load_poly("py")
    poly1 = poly.value("poly1", keep=True)
    return (traced(py.program, f"evalpf (packet {packet})", lambda: py.evalpf(arg)),
            traced(py.program, f"specialised filter (packet {packet})", lambda: spec(arg)),
            traced(py.program, "specialise prog (bevalpf on every instruction)", lambda: py.specialised(keep=False)),
            traced(poly, "evalPoly (47, poly1)", lambda: poly.call("evalPoly", 47, poly1)),
            traced(poly, "poly1Target 47", lambda: poly.call("poly1target", 47)),
            traced(poly, "mlPolyFun 47", lambda: poly.call("mlPolyFun", 47)))
