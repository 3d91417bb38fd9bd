"""Wall clock of the C machine: reductions per second on
evalpf over the capture, the C/Python speed ratio on the same work, ns per
packet of the interpreted and the specialised filter, and the latency of
specialising the telnet filter.

"In the machine" figures come from one API call that loops over all the
packets inside the machine (workloads.DRIVER): they time the CCAM alone.
"Through the API" figures call the filter once per packet from Python, as
`mlbox pf` does: they add the conversion of each packet and result.
"Per API call" figures (per_call) time calls of tiny functions, whose run
in the machine is a few reductions: the fixed cost of one call through the
API for a few argument and result types."""

from __future__ import annotations

from typing import Callable, Optional

import attrs

from bench.timing import Timing, measure
from bench.workloads import BpfWorkload


@attrs.frozen
class LoopRun:
    """One in-machine loop: `reps` passes of a filter over `packets` packets."""

    timing: Timing
    reductions: int
    reps: int
    packets: int
    allocated_bytes: int  # heap bytes allocated by one run (C machine only; 0 on py)

    @property
    def per_second(self) -> float:
        return self.reductions / self.timing.median

    @property
    def ns_per_packet(self) -> float:
        return self.timing.median * 1e9 / (self.reps * self.packets)

    @property
    def bytes_per_packet(self) -> float:
        return self.allocated_bytes / (self.reps * self.packets)


@attrs.frozen
class Speed:
    interpreted: LoopRun  # evalpf, C machine
    specialised: LoopRun
    null: LoopRun  # the loop alone
    one_pass_c: LoopRun  # one pass of evalpf: the C side of the speed ratio
    one_pass_py: LoopRun  # the same on the Python machine
    api_interpreted_ns: Timing  # per packet, through the API (median of passes; seconds per packet)
    api_specialised_ns: Timing
    specialise_in_machine: Timing  # seconds per specialisation (median of runs of `reps`)
    specialise_reps: int
    specialise_api: Timing  # one API call `specialise prog`, seconds
    specialise_reductions: int
    countdown: Optional[LoopRun]  # bench/machine_bench.py's CAM loop, for comparison
    per_call: tuple["PerCall", ...] = ()  # the fixed cost of an API call (per_call)

    @property
    def speed_ratio(self) -> float:
        return self.one_pass_c.per_second / self.one_pass_py.per_second

    @property
    def net_interpreted_ns(self) -> float:
        return self.interpreted.ns_per_packet - self.null.ns_per_packet

    @property
    def net_specialised_ns(self) -> float:
        return self.specialised.ns_per_packet - self.null.ns_per_packet


def _heap_total(w: BpfWorkload) -> int:
    machine = w.program._machine  # the bench looks inside: allocation is not part of the API
    return machine.heap_stats()["total"] if hasattr(machine, "heap_stats") else 0


def loop_run(w: BpfWorkload, filter_value, reps: int, runs: int) -> LoopRun:
    before = _heap_total(w)
    w.run_all(filter_value, reps)  # warm-up, and the allocation of one run
    allocated = _heap_total(w) - before
    reductions = w.program.last_stats.reductions
    timing = measure(lambda: w.run_all(filter_value, reps), runs, warmup=0)
    return LoopRun(timing, reductions, reps, len(w.packet_args), allocated)


def api_per_packet(w: BpfWorkload, fn, runs: int) -> Timing:
    """Seconds per packet calling `fn` once per packet from Python."""
    args = w.packet_args

    def one_pass():
        for arg in args:
            fn(arg)

    t = measure(one_pass, runs)
    return Timing(t.median / len(args), tuple(r / len(args) for r in t.runs))


# Tiny functions, to time what one API call costs beyond its run in the
# machine: (label, function, argument), the argument one Python value.
PER_CALL_PROGRAM = """
fun inc x = x + 1
fun len (s : string) = size s
fun swap3 (a : int, b : bool, c : string) = (c, b, a)
fun sum (xs : int list) = foldl (op +) 0 xs
fun upto n = List.tabulate (n, fn i => i)
datatype shape = Circle of int | Rect of int * int
fun grow (Circle r) = Circle (r + 1) | grow (Rect (a, b)) = Rect (a + 1, b + 1)
exception Boom of int
fun boom (x : int) : int = raise Boom x
"""


@attrs.frozen
class PerCall:
    label: str
    timing: Timing  # seconds per call (median of passes)
    reductions: int  # of one call


def per_call(runs: int, calls: int) -> tuple[PerCall, ...]:
    """Seconds per API call of tiny functions (C machine): `calls` calls a
    pass, the median of `runs` passes; `MLFunction.map` per item too."""
    from mlbox import api

    prog = api.load_source(PER_CALL_PROGRAM, machine="c")
    f = {name: prog.function(name) for name in ("inc", "len", "swap3", "sum", "upto", "grow", "boom")}
    numbers = list(range(100))
    rect = api.Data("Rect", (3, 4))

    def calling(fn, arg, n=calls):
        def one_pass():
            for _ in range(n):
                fn(arg)
        return one_pass, n

    def raising():
        boom = f["boom"]
        for _ in range(calls):
            try:
                boom(5)
            except api.MLError:
                pass

    def mapping():
        f["inc"].map(range(10 * calls))

    cases = [
        ("int → int (`fun inc x = x + 1`)", *calling(f["inc"], 5)),
        ("string → int (`size s`)", *calling(f["len"], "hello")),
        ("3-tuple → 3-tuple (int * bool * string)", *calling(f["swap3"], (1, True, "abc"))),
        ("int list of 100 → int (`foldl (op +) 0`)", *calling(f["sum"], numbers, calls // 10)),
        ("int → int list of 1,000 (`List.tabulate`)", *calling(f["upto"], 1_000, calls // 100)),
        ("datatype → datatype (`Rect (3, 4)`)", *calling(f["grow"], rect)),
        ("raises an ML exception (`raise Boom x`: MLError)", raising, calls),
        ("`MLFunction.map`, per item (`inc`)", mapping, 10 * calls),
    ]
    results = []
    for label, one_pass, n in cases:
        t = measure(one_pass, runs)
        results.append(PerCall(label, Timing(t.median / n, tuple(r / n for r in t.runs)),
                               prog.last_stats.reductions if "map" not in label else
                               prog.last_batch_stats[0].reductions))
    return tuple(results)


def countdown(runs: int, n: int) -> LoopRun:
    from bench import machine_bench
    from ccam import cmachine

    program = machine_bench.count_down(n)
    holder = {}

    def once():
        result = cmachine.Machine(program).run()
        holder["reductions"] = result.reductions

    timing = measure(once, runs)
    return LoopRun(timing, holder["reductions"], 1, 1, 0)


def measure_speed(c: BpfWorkload, make_py: Callable[[], BpfWorkload], *, quick: bool = False) -> Speed:
    """`make_py` builds the Python-machine workload, last: its many Python
    objects would otherwise slow Python's collector during the API-path
    timings."""
    reps, runs = (4, 3) if quick else (20, 7)
    api_runs = 3 if quick else 7
    api_interp = api_per_packet(c, c.program.call("interpret", c.decoded), api_runs)  # an MLFunction
    api_spec = api_per_packet(c, c.specialised(keep=False), api_runs)
    calls = per_call(api_runs, 2_000 if quick else 20_000)

    interp_c, spec_c, null_c = c.interpreter(), c.specialised(), c.null_filter()
    interpreted = loop_run(c, interp_c, reps, runs)
    specialised = loop_run(c, spec_c, reps, runs)
    null = loop_run(c, null_c, reps, runs)
    one_pass_c = loop_run(c, interp_c, 1, 3 if quick else 11)

    spec_reps = 20 if quick else 200
    t = measure(lambda: c.program.call("specialiseTimes", c.decoded, spec_reps), 3 if quick else 7)
    specialise_in_machine = Timing(t.median / spec_reps, tuple(r / spec_reps for r in t.runs))
    specialise_api = measure(lambda: c.program.call("specialise", c.decoded, keep=True), 5 if quick else 21)
    specialise_reductions = c.program.last_stats.reductions
    tight_loop = countdown(3, 1_000_000 if quick else 5_000_000)

    py = make_py()
    one_pass_py = loop_run(py, py.interpreter(), 1, 1 if quick else 3)
    return Speed(interpreted, specialised, null, one_pass_c, one_pass_py, api_interp, api_spec,
                 specialise_in_machine, spec_reps, specialise_api, specialise_reductions, tight_loop, calls)
