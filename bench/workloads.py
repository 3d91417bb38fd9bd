"""The programs, filter and capture every section of the bench uses.

The packet-filter work is examples/bpf.sml (evalpf, bevalpf/specialise) on
tcpdump's `tcp port 23` filter and the telnet capture. For the timed runs a
small ML driver is appended to bpf.sml: it loops over the packets inside
the machine, so the wall time measured is the machine's, not the cost of
converting each packet from Python (which the API-path figures show
separately)."""

from __future__ import annotations

import os
from functools import cached_property

from mlbox import api
from mlbox.pf import BPF_PROGRAM, load_filter
from mlbox.pf_capture import Capture, read_capture

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILTER = os.path.join(ROOT, "examples", "filters", "tcp_port_23.bpf")
# 2000 packets of mixed traffic, 609 of them telnet; in the repository, so
# the page names one file wherever the bench runs
CAPTURE = os.path.join(ROOT, "examples", "captures", "telnet_small.pcap")
POLY_PROGRAM = os.path.join(ROOT, "examples", "poly.sml")

# Appended to examples/bpf.sml for the timed runs. runAll applies a filter to
# every packet `times` times and sums the verdicts (so no run can be skipped);
# nullFilter measures the loop alone; specialiseTimes repeats the
# specialisation (its result dropped, so the collector reclaims the code).
DRIVER = """
fun packetArray (l : (string * int) list) = Array.fromList l
fun runAll (f : string * int -> int, packets : (string * int) array, times : int) =
    let val n = Array.length packets
        fun go (i, acc) = if i = n then acc else go (i + 1, acc + f (Array.sub (packets, i)))
        fun rep (t, acc) = if t = 0 then acc else rep (t - 1, go (0, acc))
    in rep (times, 0) end
fun nullFilter (_ : string * int) = 0
fun specialiseTimes (prog, times) =
    let fun rep t = if t = 0 then () else (ignore (specialise prog); rep (t - 1))
    in rep times end
"""

# Appended to examples/poly.sml: `eval` is the prelude's; this alias is the
# same closure, so calling it is exactly `eval codeGenerator`.
POLY_DRIVER = "\nval evalCode : [int -> int] -> int -> int = eval\n"


class BpfWorkload:
    """bpf.sml (+ DRIVER) loaded on one machine, with the filter decoded and
    the capture's packets held in the machine as one array."""

    def __init__(self, machine: str, capture: Capture | None = None):
        self.machine = machine
        self.capture = capture or read_capture(CAPTURE)
        self.insns, _ = load_filter(FILTER, self.capture.linktype)
        with open(BPF_PROGRAM, encoding="utf-8") as f:
            self.program = api.load_source(f.read() + DRIVER, name=BPF_PROGRAM, machine=machine)
        quads = [(i.code, i.jt, i.jf, i.k) for i in self.insns]
        self.decoded = self.program.function("load").call(quads, keep=True)
        self.load_stats = self.program.last_stats

    @cached_property
    def packet_args(self) -> list[tuple[bytes, int]]:
        return [(p.data, p.wirelen) for p in self.capture.packets]

    @cached_property
    def packets(self):
        """The packets as one ML array (an MLValue), made once."""
        return self.program.call("packetArray", self.packet_args, keep=True)

    def specialised(self, keep: bool = True):
        return self.program.call("specialise", self.decoded, keep=keep)

    def interpreter(self):
        return self.program.call("interpret", self.decoded, keep=True)

    def null_filter(self):
        return self.program.value("nullFilter", keep=True)

    def run_all(self, filter_value, times: int) -> int:
        return self.program.call("runAll", filter_value, self.packets, times)

    @cached_property
    def telnet_indices(self) -> list[int]:
        """The telnet packets: those `tcp port 23` accepts (checked on the
        specialised filter against evalpf, as `mlbox pf` does)."""
        spec = self.specialised(keep=False)
        out = []
        for index, arg in enumerate(self.packet_args):
            verdict = spec(arg)
            if verdict != self.evalpf(arg):
                raise AssertionError(f"evalpf and the specialised filter disagree on packet {index}")
            if verdict:
                out.append(index)
        return out

    def evalpf(self, arg: tuple[bytes, int]) -> int:
        return self.program.call("evalpf", (self.decoded, arg[0], arg[1]))


def load_poly(machine: str):
    with open(POLY_PROGRAM, encoding="utf-8") as f:
        return api.load_source(f.read() + POLY_DRIVER, name=POLY_PROGRAM, machine=machine)
