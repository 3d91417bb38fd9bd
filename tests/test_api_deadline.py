"""Per-call deadlines (docs/embedding.md, "A call's deadline"): `timeout=`
on prog.call, a handle's call and map stops that call only — also when it
had to wait for the program's lock — and never another thread's."""

from __future__ import annotations

import functools
import sys
import threading
import time

import pytest

from ccam.instructions import Status
from mlbox import api
from tests.threads import run_together

MACHINES = [m for m in ("py", "c") if m == "py" or api.default_machine() == "c"]

SOURCE = """
fun spin (n : int) = if n < 0 then n else spin (n + 1)   (* runs for ever *)
fun count (n : int) = let fun go (i, acc) = if i = n then acc else go (i + 1, acc + 1) in go (0, 0) end
fun square (n : int) = n * n
fun pair (a : int, b : int) = a + b
"""
# count's run, in reductions, passes both machines' polls several times
# (the C machine polls every 65,536 reductions, the Python one every 16,384)
COUNT = {"c": 300_000, "py": 20_000}
# a host loaded with other work may be slow to be scheduled: a bound that
# only a deadline not enforced at all would pass
SLACK = 10.0


def load(machine: str) -> api.Program:
    return api.load_source(SOURCE, machine=machine)


def assert_deadline(failure: api.MachineFailure, timeout: float) -> None:
    assert failure.status == Status.INTERRUPTED
    assert failure.timeout == timeout
    assert f"the deadline passed (timeout={timeout:g} s)" in str(failure)


@pytest.mark.parametrize("machine", MACHINES)
@pytest.mark.parametrize("how", ["prog.call", "f(x)", "keep", "map", "general"])
def test_a_timeout_stops_a_looping_call(machine, how):
    prog = load(machine)
    spin = prog.function("spin")
    calls = {
        "prog.call": lambda: prog.call("spin", 0, timeout=0.2),
        "f(x)": lambda: spin(0, timeout=0.2),  # the C machine's fast path
        "keep": lambda: spin.call(0, keep=True, timeout=0.2),  # the general path
        "map": lambda: spin.map([0, 1], timeout=0.2),
        "general": lambda: spin._general(0, timeout=0.2),
    }
    start = time.monotonic()
    with pytest.raises(api.MachineFailure) as failure:
        calls[how]()
    assert 0.2 <= time.monotonic() - start < 0.2 + SLACK
    assert_deadline(failure.value, 0.2)
    if how == "map":
        assert failure.value.index == 0
    assert prog._deadline is None
    # the program goes on, without the deadline: a call longer than it runs
    time.sleep(0.25)
    assert prog.call("count", COUNT[machine]) == COUNT[machine]


@pytest.mark.parametrize("machine", MACHINES)
def test_a_call_in_time_is_unaffected(machine):
    prog = load(machine)
    n = COUNT[machine]
    assert prog.call("count", n, timeout=60) == n
    stats = prog.last_stats
    assert prog.call("count", n) == n
    assert prog.last_stats == stats  # the same reductions
    assert prog.function("square")(7, timeout=1) == 49
    assert prog.call("pair", 2, 3, timeout=1) == 5
    assert prog.function("square").map([1, 2, 3], timeout=0.1) == [1, 4, 9]
    assert prog.function("square")(5, timeout=0.1) == 25
    # the deadline ends with its call: a later call without one is not stopped
    time.sleep(0.15)
    assert prog.call("count", n) == n
    assert prog._deadline is None


@pytest.mark.parametrize("machine", MACHINES)
def test_waiting_for_the_program_counts_toward_the_deadline(machine):
    prog = load(machine)
    errors = []

    def long_call():
        try:
            prog.call("spin", 0, timeout=3)
        except api.MachineFailure as failure:
            errors.append(failure)

    holder = threading.Thread(target=long_call)
    holder.start()
    while not prog._call_in_progress:
        time.sleep(0.001)
    start = time.monotonic()
    with pytest.raises(api.MachineFailure) as failure:
        prog.call("square", 3, timeout=0.1)
    assert time.monotonic() - start < 2.5  # not after the other call's end
    assert failure.value.status == Status.INTERRUPTED and failure.value.timeout == 0.1
    assert "while the call waited for another thread's call to end: it did not run" in str(failure.value)
    holder.join()
    assert len(errors) == 1 and errors[0].timeout == 3  # the holder's own deadline stopped it


@pytest.mark.parametrize("timeout, error, message", [
    (0, ValueError, "positive finite number of seconds, not 0"),
    (-1.5, ValueError, "not -1.5"),
    (float("nan"), ValueError, "not nan"),
    (float("inf"), ValueError, "not inf"),
    ("1", TypeError, "not str"),
    (True, TypeError, "not bool"),
])
def test_a_bad_timeout_is_refused(timeout, error, message):
    prog = load(MACHINES[-1])
    for call in (lambda: prog.call("square", 3, timeout=timeout), lambda: prog.function("square")(3, timeout=timeout),
                 lambda: prog.function("square").map([3], timeout=timeout)):
        with pytest.raises(error, match=message):
            call()
    assert prog.call("square", 3) == 9


@pytest.mark.parametrize("machine", MACHINES)
def test_a_deadline_never_stops_another_threads_call(machine):
    """Threads share one program: half make calls that never end with a
    short timeout, the others calls that end (without a timeout, or with a
    long one) and take longer than the short timeouts. Every call that
    never ends is stopped by its own deadline, and every other one returns
    its value — whatever the interleaving (each thread's deadline is set
    and put back while it holds the program, so none can reach another's
    call). Where a request's timer called prog.interrupt(), it stopped
    whichever call was running then."""
    prog = load(machine)
    n = COUNT[machine]
    rounds = 12 if machine == "c" else 6
    problems: list = []

    def spinner(index: int):
        spin = prog.function("spin")
        for k in range(rounds):
            timeout = 0.002 + 0.003 * ((index + k) % 4)
            try:
                spin(0, timeout=timeout) if k % 2 else spin.map([0], timeout=timeout)
                problems.append("spin returned")
            except api.MachineFailure as failure:
                if failure.timeout != timeout or failure.status != Status.INTERRUPTED:
                    problems.append(f"spin: {failure!r} (timeout {timeout})")
            except Exception as error:  # pragma: no cover - reported below
                problems.append(f"spin: {error!r}")

    def worker(index: int):
        count = prog.function("count")
        for k in range(rounds):
            try:
                got = [lambda: count(n), lambda: count(n, timeout=600), lambda: prog.call("count", n),
                       lambda: count.map([n], timeout=600)[0]][(index + k) % 4]()
                if got != n:
                    problems.append(f"count gave {got}")
            except Exception as error:
                problems.append(f"count: {error!r}")

    run_together([functools.partial(spinner, i) for i in range(4)] + [functools.partial(worker, i) for i in range(4)])
    assert problems == []
    assert prog._deadline is None


# A call's output on TextIO.stdErr goes to the process's standard error: a
# pipe nobody reads blocked the call in write() for ever, where the deadline
# was not looked at. In a process of its own, whose standard error is such a
# pipe (a call that missed the deadline would block it, and the test fails
# at the wait's timeout, not hangs).
STDERR_NOBODY_READS = r"""
import sys
from mlbox import api
prog = api.load_source('''
fun dup (s, 0) = s | dup (s, n) = dup (s ^ s, n - 1)
fun complain () = TextIO.output (TextIO.stdErr, dup ("x", 18))  (* 256 kB: more than a pipe holds *)
''', machine=sys.argv[1])
try:
    prog.call("complain", None, timeout=0.5)
except api.MachineFailure as failure:
    print(failure.status.name, failure.timeout, flush=True)
"""


@pytest.mark.parametrize("machine", MACHINES)
def test_a_timeout_stops_a_call_blocked_writing_to_stderr(machine):
    import subprocess

    child = subprocess.Popen([sys.executable, "-c", STDERR_NOBODY_READS, machine],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        child.wait(timeout=60)  # its stderr is never read
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        pytest.fail("the call stayed blocked writing to stderr")
    finally:
        child.stderr.close()
    assert child.stdout.read() == b"INTERRUPTED 0.5\n"
    child.stdout.close()
