"""The C machine's garbage collector: bounded memory for programs that
allocate (and generate code) without end, and a stateful model test of what
stays reachable.

The memory tests run in a child process that reports its own peak RSS
(VmHWM of /proc/self/status, read just before it exits): the high-water
mark of that process's address space alone. (RUSAGE_CHILDREN would be the
maximum over every child the test process ever waited for, so an earlier
big child would fail this test.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bench.alloc import LIST  # the list stays live while it is built and walked
from ccam import cmachine, refmachine
from ccam.instructions import I, Program, Status
from tests.cmachine_programs import q
from tests.machine_cases import NGLOBALS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GB = 1 << 30
MB = 1 << 20


# Appended to every child script: its own peak RSS in bytes, as the last line.
REPORT_PEAK = """
with open("/proc/self/status") as _status:
    _peak = next(int(line.split()[1]) * 1024 for line in _status if line.startswith("VmHWM:"))
print(json.dumps({"peak": _peak}))
"""


def run_child(script: str) -> tuple[dict, int]:
    """Run `script` (which imports json) in a fresh interpreter; its last
    stdout line is JSON. Returns that and the script's own peak RSS in bytes."""
    r = subprocess.run([sys.executable, "-c", script + REPORT_PEAK], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    return json.loads(lines[-2]), json.loads(lines[-1])["peak"]


ALLOCATE_10GB = """
import json
from ccam import cmachine
from tests.cmachine_programs import loop, big_array, PAIRS_AND_CLOSURE, GENERATE_RUN_DROP
# each iteration: a 1 MB array, pairs, a closure, and a generated code block
# (with a merged generated closure) that is run and dropped
program = loop({n}, big_array(1 << 17) + PAIRS_AND_CLOSURE + GENERATE_RUN_DROP)
m = cmachine.Machine(program, max_heap=64 << 20)
r = m.run()
print(json.dumps({{"status": int(r.status), "value": r.value, "message": r.message, **m.heap_stats()}}))
"""


def test_ten_gigabytes_through_a_small_heap():
    n = 10_300
    out, peak = run_child(ALLOCATE_10GB.format(n=n))
    assert out["status"] == Status.OK, out["message"]
    assert out["value"] == 0
    assert out["total"] >= 10 * GB
    assert out["collections"] >= 100
    assert peak < 200 * MB, f"peak RSS {peak / MB:.0f} MB"


GENERATE_RUN_DROP_1M = """
import json, threading, time
from ccam import cmachine
from tests.cmachine_programs import loop, GENERATE_RUN_DROP

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096

samples = []
done = threading.Event()
def sample():
    while not done.is_set():
        samples.append(rss())
        time.sleep(0.005)

m = cmachine.Machine(loop(1_000_000, GENERATE_RUN_DROP))
t = threading.Thread(target=sample)
t.start()
r = m.run()          # cffi releases the GIL: the sampler runs meanwhile
done.set()
t.join()
print(json.dumps({"status": int(r.status), "value": r.value, "emitted": r.emitted, "samples": samples,
                  **m.heap_stats()}))
"""


def test_generate_run_drop_a_million_times_stays_flat():
    out, _ = run_child(GENERATE_RUN_DROP_1M)
    assert out["status"] == Status.OK
    assert out["emitted"] == 9 * 1_000_000  # nine instructions emitted per iteration
    samples = out["samples"]
    assert len(samples) >= 8, "the run was too quick to sample"
    quarter = len(samples) // 4
    early, late = max(samples[:quarter]), max(samples[-quarter:])
    assert late <= early + 4 * MB, f"RSS grew from {early / MB:.1f} MB to {late / MB:.1f} MB"
    assert out["collections"] >= 1


def test_dropped_generated_code_is_reclaimed_in_process():
    from tests.cmachine_programs import GENERATE_RUN_DROP, loop

    machine = cmachine.Machine(loop(20_000, GENERATE_RUN_DROP))
    assert machine.run().status == Status.OK
    machine.collect()
    stats = machine.heap_stats()
    baseline = cmachine.Machine(loop(1, GENERATE_RUN_DROP))
    baseline.run()
    baseline.collect()
    # everything the 20,000 iterations made is gone again
    assert stats["objects"] == baseline.heap_stats()["objects"]
    machine.heap_check()


# ------------------------------------------------------------- cells without a sweep


def test_minor_collections_walk_no_cells():
    # evalpf's pattern: a small live heap and young garbage. A collection
    # costs what it marks: the free cells are the unmarked ones and the
    # allocation cursor finds them, so no collection walks the cells.
    from tests.cmachine_programs import PAIRS_AND_CLOSURE, loop

    machine = cmachine.Machine(loop(500_000, PAIRS_AND_CLOSURE), debug=cmachine.DEBUG_HEAP_CHECK)
    assert machine.run().status == Status.OK
    stats = machine.heap_stats()
    assert stats["total"] >= 40 * MB and stats["collections"] >= 4
    assert cmachine.lib.ccam_heap_cells_swept(machine._m) == 0
    machine.collect()  # a major one clears every mark: one walk
    assert 0 < cmachine.lib.ccam_heap_cells_swept(machine._m) <= cmachine.lib.ccam_heap_chunks(machine._m) * 11_000
    machine.heap_check()


DROPPED_LIST = """
fun build (0, acc) = acc
  | build (n, acc) = build (n - 1, n :: acc)
val _ = print (Int.toString (length (build (1000000, []))) ^ "\\n")
"""


def test_chunks_of_a_dropped_structure_go_back_to_malloc():
    from mlbox import driver
    from mlbox.diagnostics import Source

    machine = cmachine.Machine(driver.compile_source(Source("drop.sml", DROPPED_LIST)).program)
    result = machine.run()
    assert result.output == b"1000000\n"
    # 2,000,000 cells (48 MB) were live at once: about 190 chunks of 256 KB
    assert cmachine.lib.ccam_heap_chunks(machine._m) >= 180
    # A collection keeps free cells for as much as was live at the previous
    # one (the allocation it expects before the next): the first keeps the
    # list's chunks, the second only 8 MB (MIN_GC_THRESHOLD) of them.
    machine.collect()
    machine.collect()
    machine.heap_check()
    assert cmachine.lib.ccam_heap_chunks(machine._m) <= 40


SCATTERED_SURVIVORS = """
val keep = ref ([] : int list)
fun setup n =
    let fun build (0, a, x, y) = (a, x, y)
          | build (k, a, x, y) = build (k - 1, k :: a, k :: x, k :: y)
        val (a, _, _) = build (n, [], [], [])
    in keep := a; length a end
fun spin (0, s) = s
  | spin (n, s) = spin (n - 1, s + n)
"""


def test_a_chunk_release_pass_that_frees_nothing_is_not_repeated_by_minor_collections():
    # Three lists built side by side, one kept: after a major collection its
    # cells are scattered over the chunks, with more free cells than a
    # collection keeps. A first spin lets the pass that returns empty chunks
    # to malloc free what it finds (a few chunks may hold none of the kept
    # list, depending on what else each call allocated), until a pass finds
    # none; minor collections cannot empty an old chunk, so from then on
    # they skip the pass (every minor walked the whole heap again, the
    # sweep's old cost).
    from mlbox import api

    prog = api.load_source(SCATTERED_SURVIVORS, machine="c")
    machine = prog._machine
    assert prog["setup"](400_000) == 400_000
    machine.collect()
    assert prog["spin"]((2_000_000, 0)) == 2_000_001_000_000
    chunks = cmachine.lib.ccam_heap_chunks(machine._m)
    swept, collections = cmachine.lib.ccam_heap_cells_swept(machine._m), machine.heap_stats()["collections"]
    assert prog["spin"]((3_000_000, 0)) == 4_500_001_500_000
    assert machine.heap_stats()["collections"] >= collections + 4
    assert cmachine.lib.ccam_heap_chunks(machine._m) == chunks  # nothing was empty
    assert cmachine.lib.ccam_heap_cells_swept(machine._m) - swept <= chunks * 11_000  # one pass at most
    machine.heap_check()


def test_the_allocation_cursor_skips_scattered_old_cells_without_the_slow_path():
    # After the setup a third of the cells are old, one in every three: the
    # cursor meets a run of old cells at nearly every allocation. It skips
    # each run inline; the slow path (its accounting) is taken only at a
    # chunk's end or when the budget runs out, not once per run (which cost
    # MLton's mpuz and logic benchmarks 7-14% of their time).
    from mlbox import api

    prog = api.load_source(SCATTERED_SURVIVORS, machine="c")
    machine = prog._machine
    assert prog["setup"](400_000) == 400_000
    machine.collect()
    chunks = cmachine.lib.ccam_heap_chunks(machine._m)
    slow, collections = cmachine.lib.ccam_heap_cell_slow_allocs(machine._m), machine.heap_stats()["collections"]
    assert prog["spin"]((3_000_000, 0)) == 4_500_001_500_000
    collections = machine.heap_stats()["collections"] - collections
    assert collections >= 4
    # a pass over the chunks per collection (plus the ones added); 3,000,000
    # iterations met about a million runs of old cells
    assert cmachine.lib.ccam_heap_cell_slow_allocs(machine._m) - slow <= (collections + 1) * (chunks + 10)
    machine.heap_check()


# ------------------------------------------------------------- recycled large objects


def test_dead_small_arrays_are_taken_back_instead_of_malloced():
    # evalpf's pattern: a small array per step (its 16-word scratch memory
    # per packet). After a collection the sweep keeps the dead ones and
    # allocation takes them back (heap.c large_malloc).
    from tests.cmachine_programs import big_array, loop

    machine = cmachine.Machine(loop(200_000, big_array(16)))
    assert machine.run().status == Status.OK
    assert machine.heap_stats()["collections"] >= 2
    assert cmachine.lib.ccam_heap_reused(machine._m) >= 100_000
    machine.collect()
    machine.heap_check()
    assert machine.heap_stats()["objects"] < 1_000  # the 200,000 arrays are gone
    # 528 bytes with the prefix: above the largest class, always malloc'd and freed
    big = cmachine.Machine(loop(20_000, big_array(64)))
    assert big.run().status == Status.OK
    assert big.heap_stats()["collections"] >= 1
    assert cmachine.lib.ccam_heap_reused(big._m) == 0


def test_the_failing_allocator_fails_a_taken_back_object_too():
    # Some 50,000 arrays are malloc'd before the first collection, the rest
    # reuse dead ones: the 150,000th allocation is a reuse, and fails.
    from tests.cmachine_programs import big_array, loop

    machine = cmachine.Machine(loop(200_000, big_array(16)), debug=cmachine.DEBUG_HEAP_CHECK)
    machine.fail_alloc_after(150_000)
    result = machine.run()
    machine.fail_alloc_after(-1)
    assert result.status == Status.HEAP_LIMIT and "out of memory" in result.message
    assert cmachine.lib.ccam_heap_reused(machine._m) > 0
    machine.collect()
    machine.heap_check()


# ------------------------------------------------------------- large live heaps


def compiled_list_program(n: int):
    from mlbox import driver
    from mlbox.diagnostics import Source

    return driver.compile_source(Source("list.sml", LIST.format(n=n))).program


def list_output(n: int) -> bytes:
    return f"{n} {n * (n + 1) // 2}\n".encode()


def test_collector_time_and_collections_are_counted():
    machine = cmachine.Machine(compiled_list_program(300_000))
    before = machine.heap_stats()
    start = time.perf_counter()
    result = machine.run()
    elapsed = time.perf_counter() - start
    assert result.output == list_output(300_000)
    after = machine.heap_stats()
    # 300,000 conses (two cells each) and their garbage pass the first 8 MB threshold
    assert after["collections"] > before["collections"]
    # the collections' wall time is part of the run's
    assert 0 <= before["gc_seconds"] < after["gc_seconds"] <= before["gc_seconds"] + elapsed
    machine.collect()  # one collection more, timed too
    assert machine.heap_stats()["collections"] == after["collections"] + 1
    assert machine.heap_stats()["gc_seconds"] > after["gc_seconds"]


def test_a_growing_list_is_marked_few_times_within_three_times_its_size():
    # While a list of 10^6 ints is built most of each collection's heap
    # survives: the heap may then grow by twice the live bytes before the
    # next collection, not only by as much again (which took 14 collections
    # here), and the peak stays within three times what is live.
    n = 1_000_000
    machine = cmachine.Machine(compiled_list_program(n))
    result = machine.run()
    assert result.output == list_output(n)
    heap = machine.heap_stats()
    live = heap["live"]
    assert live >= n * 2 * 24  # every cons is two live cells at the end
    assert heap["collections"] <= 11
    assert heap["peak"] <= 3 * max(live, 8 << 20) + 4096
    machine.heap_check()


DEEP_RECURSION = """
fun down 0 = 0
  | down n = let val r = ref n in !r + down (n - 1) end
val _ = print (Int.toString (down {n}) ^ "\\n")
"""


def test_a_deep_recursion_is_not_collected_once_per_fixed_room():
    # Every collection scans the whole stack. With a fixed room between
    # collections, a recursion n deep that allocates at each level made
    # O(n) collections each scanning O(n) slots: 2 million levels (one
    # ref each) took 17 collections, 5 now: the room is at least the stacks' size.
    from mlbox import driver
    from mlbox.diagnostics import Source

    n = 2_000_000
    machine = cmachine.Machine(driver.compile_source(Source("deep.sml", DEEP_RECURSION.format(n=n))).program)
    result = machine.run()
    assert result.output == f"{n * (n + 1) // 2}\n".encode()
    heap = machine.heap_stats()
    assert heap["collections"] <= 8, heap
    machine.heap_check()


def test_list_marked_at_every_instruction_matches_the_reference_machine():
    # COLLECT_ALWAYS: a collection before every instruction, each marking
    # the list built so far through the prefetching mark queue
    program = compiled_list_program(300)
    ref = refmachine.Machine(program).run()
    c = cmachine.Machine(program, debug=cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK).run()
    assert c.status == ref.status == Status.OK, c.message
    assert c.output == ref.output == list_output(300)
    assert c.reductions == ref.reductions


# An array of 5,000 references to one pair: scanning it pushes 5,000
# entries, more than the mark stack's first 4,096, so the collection after
# the array is made must grow the mark stack.
ARRAY_OF_PAIRS = [I.push, q(1), I.push, q(2), I.cons, I.push, q(5000), I.swap, I.cons, I.prim("array"),
                  I.push, q(7), I.cons]


def test_mark_stack_that_cannot_grow_still_marks_everything():
    # The failing allocator makes the n-th allocation of the run fail and
    # every later one: with n = 0 the mark stack's first allocation fails
    # (every object is marked without being queued, and the heap rescanned),
    # later the growth during the scan of the array. Either way nothing live
    # may be freed: the run ends cleanly and the heap checker finds every
    # reference intact.
    outcomes = set()
    for n in range(8):
        machine = cmachine.Machine(Program(tuple(ARRAY_OF_PAIRS), NGLOBALS),
                                   debug=cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK)
        machine.fail_alloc_after(n)
        result = machine.run()
        machine.fail_alloc_after(-1)
        assert result.status in (Status.OK, Status.HEAP_LIMIT), result.message
        if result.status == Status.OK:
            array, seven = result.value.fst, result.value.snd
            assert seven == 7
            items = array.items
            assert len(items) == 5000 and all((p.fst, p.snd) == (1, 2) for p in items)
        outcomes.add(result.status)
        machine.collect()
        machine.heap_check()
    assert outcomes == {Status.OK, Status.HEAP_LIMIT}


# ------------------------------------------------------------- a stateful model


class HeapModel(RuleBasedStateMachine):
    """Build pairs, refs, strings and constructors through the host API, drop
    handles, collect; after every collection exactly the objects reachable
    from the handles Python still holds are alive, and the heap checker
    finds every invariant intact."""

    def __init__(self):
        super().__init__()
        self.machine = cmachine.Machine(Program((I.id,), NGLOBALS))
        self.m = self.machine._m
        cmachine.lib.ccam_collect(self.m)
        self.baseline = cmachine.lib.ccam_heap_objects(self.m)
        self.held: dict[int, int] = {}  # handle -> node
        self.edges: dict[int, list[int]] = {}  # node -> children nodes
        self.node_of_identity: dict[int, int] = {}

    def _node(self, h: int, children: list[int]) -> int:
        ident = cmachine.lib.ccam_identity(self.m, h)
        assert ident != 0
        node = len(self.edges)
        self.edges[node] = children
        self.held[h] = node
        return node

    @rule(data=st.binary(max_size=40))
    def make_string(self, data):
        h = cmachine.lib.ccam_mk_string(self.m, data, len(data))
        self._node(h, [])

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def make_pair(self, data):
        a = data.draw(st.sampled_from(sorted(self.held)))
        b = data.draw(st.sampled_from(sorted(self.held)))
        h = cmachine.lib.ccam_mk_pair(self.m, a, b)
        self._node(h, [self.held[a], self.held[b]])

    @precondition(lambda self: self.held)
    @rule(data=st.data(), tag=st.integers(0, 5))
    def make_con_or_ref(self, data, tag):
        a = data.draw(st.sampled_from(sorted(self.held)))
        h = cmachine.lib.ccam_mk_con(self.m, tag, a) if tag else cmachine.lib.ccam_mk_ref(self.m, a)
        self._node(h, [self.held[a]])

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def drop(self, data):
        h = data.draw(st.sampled_from(sorted(self.held)))
        cmachine.lib.ccam_release(self.m, h)
        del self.held[h]

    @rule()
    def collect(self):
        cmachine.lib.ccam_collect(self.m)
        reachable = set()
        work = list(self.held.values())
        while work:
            n = work.pop()
            if n not in reachable:
                reachable.add(n)
                work.extend(self.edges[n])
        assert cmachine.lib.ccam_heap_objects(self.m) == self.baseline + len(reachable)

    @invariant()
    def heap_is_sound(self):
        assert cmachine.lib.ccam_heap_check(self.m) == 0, cmachine.ffi.string(cmachine.lib.ccam_message(self.m))


TestHeapModel = HeapModel.TestCase
TestHeapModel.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
