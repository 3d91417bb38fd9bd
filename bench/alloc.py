"""Allocation-heavy programs on the C machine: the collector on large live
heaps. The packet filter allocates little and keeps almost nothing, so its
rate says nothing about the collector; these programs build a structure that
stays live while they allocate garbage around it:

- a list of n ints built by a tail-recursive loop, then walked twice
  (`length` and a sum): every cons stays live; a minor collection marks
  only the part built since the previous one, a major one the whole list;
- a binary search tree grown by n inserts of pseudo-random keys: each
  insert copies the path to its leaf, so most of what is allocated dies
  young, and the old paths it replaces die too (they wait for a major
  collection).

Each run is a fresh machine (an empty heap), so every run does the same
collections; the collector's time and count come from the machine
(`heap_stats`: `gc_seconds`, `collections`, `major_collections`, `peak`)."""

from __future__ import annotations

import statistics

import attrs

from bench.timing import Timing

LIST = """
fun build (0, acc) = acc
  | build (n, acc) = build (n - 1, n :: acc)
fun sum (nil, s) = s
  | sum (x :: rest, s) = sum (rest, s + x)
val l = build ({n}, [])
val _ = print (Int.toString (length l) ^ " " ^ Int.toString (sum (l, 0)) ^ "\\n")
"""

# keys from a linear congruential generator (glibc's constants), so the
# tree is about 2.5 log2 n deep and every run inserts the same keys
TREE = """
datatype tree = Leaf | Node of tree * int * tree
fun insert (Leaf, k) = Node (Leaf, k, Leaf)
  | insert (t as Node (l, x, r), k) =
      if k < x then Node (insert (l, k), x, r)
      else if k > x then Node (l, x, insert (r, k))
      else t
fun grow (0, _, t) = t
  | grow (n, seed, t) =
      let val next = (seed * 1103515245 + 12345) mod 2147483648
      in grow (n - 1, next, insert (t, next)) end
fun size Leaf = 0
  | size (Node (l, _, r)) = size l + 1 + size r
val _ = print (Int.toString (size (grow ({n}, 42, Leaf))) ^ "\\n")
"""


@attrs.frozen
class AllocWorkload:
    name: str
    source: str
    expected_output: str


def list_workload(n: int, label: str) -> AllocWorkload:
    return AllocWorkload(f"list of {label} ints, built and walked", LIST.format(n=n),
                         f"{n} {n * (n + 1) // 2}\n")


def tree_workload(n: int, label: str) -> AllocWorkload:
    # the keys are distinct for n far below the generator's period 2^31
    return AllocWorkload(f"search tree, {label} inserts", TREE.format(n=n), f"{n}\n")


def workloads() -> tuple[AllocWorkload, ...]:
    return (list_workload(1_000_000, "10^6"), list_workload(3_000_000, "3×10^6"),
            tree_workload(200_000, "2×10^5"))


@attrs.frozen
class AllocRun:
    workload: AllocWorkload
    timing: Timing  # one whole run (a fresh machine), seconds
    gc: Timing  # the collector's share of each run, seconds
    reductions: int
    collections: int
    major_collections: int  # of those
    peak_heap_bytes: int
    live_bytes: int  # live after the last collection (0 if none)

    @property
    def per_second(self) -> float:
        return self.reductions / self.timing.median

    @property
    def gc_share(self) -> float:
        return self.gc.median / self.timing.median


def run_workload(w: AllocWorkload, runs: int) -> AllocRun:
    import time

    from ccam import cmachine
    from mlbox import driver
    from mlbox.diagnostics import Source

    program = driver.compile_source(Source(f"<{w.name}>", w.source)).program
    times, gc_times, facts = [], [], set()
    for _ in range(runs):
        machine = cmachine.Machine(program)
        start = time.perf_counter()
        result = machine.run()
        times.append(time.perf_counter() - start)
        if result.output.decode() != w.expected_output:
            raise AssertionError(f"{w.name}: printed {result.output!r}, expected {w.expected_output!r}")
        heap = machine.heap_stats()
        gc_times.append(heap["gc_seconds"])
        # every run starts from an empty heap: the same work and the same collections
        facts.add((result.reductions, heap["collections"], heap["major_collections"], heap["peak"], heap["live"]))
        del machine
    if len(facts) != 1:
        raise AssertionError(f"{w.name}: runs differ in reductions or collections: {sorted(facts)}")
    reductions, collections, majors, peak, live = facts.pop()
    return AllocRun(w, Timing(statistics.median(times), tuple(times)),
                    Timing(statistics.median(gc_times), tuple(gc_times)), reductions, collections, majors, peak,
                    live)


def measure_alloc(*, quick: bool = False, chosen: tuple[AllocWorkload, ...] | None = None) -> tuple[AllocRun, ...]:
    runs = 3 if quick else 7
    return tuple(run_workload(w, runs) for w in (chosen if chosen is not None else workloads()))
