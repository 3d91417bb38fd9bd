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
from ccam import cmachine
from ccam.instructions import I, Program, Status
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
