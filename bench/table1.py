"""Table 1 of the paper, side by side with ours.

Every figure is the reductions of one call through the embedding API
(mlbox/api.py): the `app` of the call plus everything it runs, counted by
the rule of docs/ccam.md (one per transition; a fused instruction counts
the paper steps it stands for). Reductions are deterministic and identical on both
machines, so Table 1 is computed once (on the C machine; `machine="py"`
gives the same numbers).

Our versions of the computations:
- evalpf on a telnet packet: `evalpf (prog, packet, wirelen)` with prog the
  filter as decoded once by bpf.sml's `load` (that decoding, shared by
  evalpf and bevalpf, is not counted in either row);
- bevalpf on the first packet: `specialise prog` (bevalpf on every
  instruction + assembling the filter) plus the specialised filter's run on
  the first telnet packet; on the n-th: the specialised filter alone;
- the telnet packets are those `tcp port 23` accepts; "first" is the
  first of them in the capture, "n-th" the last;
- the polynomial rows are examples/poly.sml's functions with poly1 =
  [2,4,0,2333] and x = 47; `eval codeGenerator` calls the prelude's eval.
"""

from __future__ import annotations

from typing import Optional

import attrs

from bench.workloads import BpfWorkload, load_poly

# The paper's Table 1 (Wickline, Lee, Pfenning 1998, §7), in its order.
PAPER = {
    "evalpf on first telnet packet": 9163,
    "evalpf on n-th telnet packet": 9163,
    "bevalpf on first telnet packet": 11984,
    "bevalpf on n-th telnet packet": 1104,
    "evalPoly (47, poly1)": 807,
    "specPoly poly1": 443,
    "poly1Target 47": 175,
    "compPoly poly1": 553,
    "eval codeGenerator": 200,
    "mlPolyFun 47": 74,
}

# Speed-ups: unspecialised reductions ÷ specialised reductions (higher is
# better), as (name, unspecialised row, specialised row).
RATIOS = (
    ("packet filter, n-th packet (evalpf ÷ bevalpf)", "evalpf on n-th telnet packet", "bevalpf on n-th telnet packet"),
    ("packet filter, first packet incl. specialisation", "evalpf on first telnet packet",
     "bevalpf on first telnet packet"),
    ("polynomial: evalPoly ÷ poly1Target (closures)", "evalPoly (47, poly1)", "poly1Target 47"),
    ("polynomial: evalPoly ÷ mlPolyFun (generated code)", "evalPoly (47, poly1)", "mlPolyFun 47"),
)


@attrs.frozen
class Row:
    name: str
    paper: int
    ours: int
    note: str = ""

    @property
    def met(self) -> bool:
        return self.ours <= self.paper


@attrs.frozen
class Ratio:
    name: str
    paper: float
    ours: float

    @property
    def met(self) -> bool:
        return self.ours >= self.paper


@attrs.frozen
class Table1:
    rows: tuple[Row, ...]
    ratios: tuple[Ratio, ...]
    machine: str
    first_packet: int
    nth_packet: int
    telnet_packets: int
    evalpf_range: tuple[int, int]  # min, max over every telnet packet
    specialised_range: tuple[int, int]
    specialise_reductions: int
    specialise_generating: int
    generated_instructions: int
    load_reductions: int

    def row(self, name: str) -> Row:
        return next(r for r in self.rows if r.name == name)

    @property
    def break_even(self) -> tuple[float, float]:
        """Packets after which specialising pays for itself: (paper, ours)."""
        def packets(first_e, nth_e, first_b, nth_b):
            # the one-time cost over the saving per packet
            return (first_b - nth_b) / (nth_e - nth_b)

        paper = [PAPER[name] for name in PAPER][:4]
        ours = [r.ours for r in self.rows[:4]]
        return packets(*paper), packets(*ours)


def measure(machine: str = "c", workload: Optional[BpfWorkload] = None) -> Table1:
    w = workload or BpfWorkload(machine)
    program = w.program
    telnet = w.telnet_indices
    first, nth = telnet[0], telnet[-1]

    def evalpf_cost(index: int) -> int:
        w.evalpf(w.packet_args[index])
        return program.last_stats.reductions

    spec = w.specialised(keep=False)
    specialise = program.last_stats

    def specialised_cost(index: int) -> int:
        spec(w.packet_args[index])
        return program.last_stats.reductions

    evalpf_all = [evalpf_cost(i) for i in telnet]
    specialised_all = [specialised_cost(i) for i in telnet]
    ours = {
        "evalpf on first telnet packet": evalpf_cost(first),
        "evalpf on n-th telnet packet": evalpf_cost(nth),
        "bevalpf on first telnet packet": specialise.reductions + specialised_cost(first),
        "bevalpf on n-th telnet packet": specialised_cost(nth),
    }
    notes = {
        "evalpf on first telnet packet": f"packet {first}",
        "evalpf on n-th telnet packet": f"packet {nth}",
        "bevalpf on first telnet packet": f"{specialise.reductions} specialising + {specialised_cost(first)} running",
        "bevalpf on n-th telnet packet": f"packet {nth}",
    }

    poly = load_poly(machine)
    poly1 = poly.value("poly1", keep=True)

    def cost(name: str, *args) -> int:
        poly.call(name, *args, keep=True)
        return poly.last_stats.reductions

    ours["evalPoly (47, poly1)"] = cost("evalPoly", 47, poly1)
    ours["specPoly poly1"] = cost("specPoly", poly1)
    ours["poly1Target 47"] = cost("poly1target", 47)
    ours["compPoly poly1"] = cost("compPoly", poly1)
    ours["eval codeGenerator"] = cost("evalCode", poly.value("codeGenerator", keep=True))
    ours["mlPolyFun 47"] = cost("mlPolyFun", 47)

    rows = tuple(Row(name, PAPER[name], ours[name], notes.get(name, "")) for name in PAPER)
    ratios = tuple(Ratio(name, PAPER[a] / PAPER[b], ours[a] / ours[b]) for name, a, b in RATIOS)
    return Table1(rows, ratios, machine, first, nth, len(telnet), (min(evalpf_all), max(evalpf_all)),
                  (min(specialised_all), max(specialised_all)), specialise.reductions, specialise.generating,
                  specialise.emitted, w.load_stats.reductions)
