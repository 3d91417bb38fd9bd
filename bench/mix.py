"""Where the reductions go: the reductions of one call split by CCAM
instruction (primitives by name), from the reference machine's trace hook.
Counts are the machine's (SPEC §3), so they are the C machine's too."""

from __future__ import annotations

import collections
from typing import Callable

import attrs

from bench.workloads import BpfWorkload
from ccam.instructions import reductions

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


def traced(w: BpfWorkload, name: str, call: Callable[[], object]) -> Mix:
    counts: collections.Counter = collections.Counter()

    def hook(machine, ins):
        counts["prim " + ins.args[0] if ins.op == "prim" else ins.op] += reductions(ins)

    machine = w.program._machine  # the reference machine: the trace hook is its debugging interface
    machine.trace = hook
    try:
        call()
    finally:
        machine.trace = None
    total = w.program.last_stats.reductions
    assert sum(counts.values()) == total, (name, sum(counts.values()), total)
    return Mix(name, total, tuple(counts.most_common()))


def measure_mix(py: BpfWorkload, packet: int) -> tuple[Mix, ...]:
    """evalpf and the specialised filter on one telnet packet, and the specialisation."""
    arg = py.packet_args[packet]
    spec = py.specialised(keep=False)
    return (traced(py, f"evalpf (packet {packet})", lambda: py.evalpf(arg)),
            traced(py, f"specialised filter (packet {packet})", lambda: spec(arg)),
            traced(py, "specialise prog (bevalpf on every instruction)", lambda: py.specialised(keep=False)))
