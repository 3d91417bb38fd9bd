"""Program.interrupt(): stopping a call from another thread, on both machines.

interrupt() returns True when a call was in progress (that call then raises
MachineFailure with status INTERRUPTED) and False, doing nothing, when none
was. The tests use generous join() bounds, never timing assertions: a
stopped call must end, a finished one must not be affected; and the
machines' own interrupt() (a request pending until a run stops for it)."""

from __future__ import annotations

import random
import threading
import time

import pytest

from ccam.instructions import Status
from mlbox import api
from mlbox.api import MachineFailure

MACHINES = [m for m in ("py", "c") if m == "py" or api.default_machine() == "c"]

SOURCE = """
fun forever (n : int) : int = forever (n + 1)
fun count (n : int) : int = if n = 0 then 0 else count (n - 1)
fun inc (n : int) = n + 1
fun sometimes (n : int) = if n < 0 then forever 0 else n + 1
cogen endless = code (forever 0)
"""
JOIN = 30  # seconds: a stopped call ends well within this, even on a loaded host


def load(machine: str) -> api.Program:
    return api.load_source(SOURCE, machine=machine)


class InThread:
    """`run()` in a worker thread, its value or exception kept."""

    def __init__(self, run):
        self.value = self.error = None

        def body():
            try:
                self.value = run()
            except BaseException as error:  # noqa: BLE001 (kept for the test to look at)
                self.error = error

        self.thread = threading.Thread(target=body, daemon=True)
        self.thread.start()

    def join(self):
        self.thread.join(timeout=JOIN)
        assert not self.thread.is_alive(), "the call was not stopped"
        return self


def interrupt_when_running(prog: api.Program) -> None:
    """interrupt() until a call is in progress to accept it."""
    deadline = time.monotonic() + JOIN
    while not prog.interrupt():
        assert time.monotonic() < deadline, "no call started"
        time.sleep(0.01)


def assert_interrupted(error, index=None) -> None:
    assert isinstance(error, MachineFailure), repr(error)
    assert error.status == Status.INTERRUPTED and error.index == index, error
    if index is None:  # says who stopped it, not "INTERRUPTED: interrupted"
        assert str(error) == "INTERRUPTED: stopped by interrupt() or Ctrl-C", error


@pytest.mark.parametrize("machine", MACHINES)
def test_an_endless_call_in_a_worker_thread_is_stopped(machine):
    prog = load(machine)
    worker = InThread(lambda: prog.call("forever", 0))
    time.sleep(0.2)  # well inside the loop
    interrupt_when_running(prog)
    assert_interrupted(worker.join().error)
    assert prog.call("inc", 1) == 2  # usable again, and the next call is not stopped
    assert prog.function("count")(20_000) == 0  # nor one long enough to be polled (340,000 reductions)


@pytest.mark.parametrize("machine", MACHINES)
def test_the_lookup_of_a_code_variable_is_stopped(machine):
    prog = load(machine)
    worker = InThread(lambda: prog["endless"])
    interrupt_when_running(prog)
    assert_interrupted(worker.join().error)
    assert prog["inc"](41) == 42


@pytest.mark.parametrize("machine", MACHINES)
def test_interrupt_with_nothing_running_has_no_effect(machine):
    prog = load(machine)
    assert prog.interrupt() is False
    assert prog.interrupt() is False
    assert prog.call("inc", 1) == 2
    assert prog.call("count", 20_000) == 0  # polled several times: nothing pending
    assert prog.function("inc").map([1, 2, 3]) == [2, 3, 4]


class InterruptingList(list):
    """A list argument that calls prog.interrupt() while the call converts
    it: after the call has taken the program, before the machine runs."""

    def __init__(self, items, prog):
        super().__init__(items)
        self.prog = prog
        self.accepted = None

    def __iter__(self):
        self.accepted = self.prog.interrupt()
        return super().__iter__()


@pytest.mark.parametrize("machine", MACHINES)
def test_an_interrupt_while_the_argument_is_converted_stops_that_call(machine):
    """The window between taking the program and running the machine: the
    request must not be lost (the machine starting a run cleared it), so
    the endless call stops; and it must not leak into the next call."""
    prog = api.load_source("fun forever (xs : int list) : int = forever xs\nfun len (xs : int list) = length xs",
                           machine=machine)
    argument = InterruptingList([1, 2], prog)
    worker = InThread(lambda: prog.call("forever", argument)).join()
    assert argument.accepted is True
    assert_interrupted(worker.error)
    assert prog.call("len", [1, 2, 3]) == 3
    # a call that ends before the machine polls still does not return a value
    argument = InterruptingList([1, 2], prog)
    with pytest.raises(MachineFailure, match="INTERRUPTED") as stopped:
        prog.call("len", argument)
    assert argument.accepted is True and stopped.value.index is None
    assert prog.call("len", [4]) == 1


@pytest.mark.parametrize("machine", MACHINES)
def test_an_interrupt_ends_a_batch(machine):
    prog = load(machine)
    sometimes = prog.function("sometimes")
    worker = InThread(lambda: sometimes.map([1, 2, -1, 3, 4]))
    time.sleep(0.2)  # (the first two calls take microseconds: the batch is in the third)
    interrupt_when_running(prog)
    error = worker.join().error
    assert isinstance(error, MachineFailure) and error.status == Status.INTERRUPTED, repr(error)
    assert error.index is not None and error.index <= 2, error
    counts = prog.last_batch_reductions
    assert len(counts) == 5 and counts[error.index + 1:] == (0,) * (4 - error.index), counts
    assert all(c > 0 for c in counts[:error.index]), counts
    assert len(prog.last_batch_stats) == 5
    assert sometimes.map([5, 6]) == [6, 7]


@pytest.mark.parametrize("machine", MACHINES)
def test_an_interrupt_before_the_batch_runs_makes_no_call(machine):
    """Accepted while the batch's arguments are read (the program taken, the
    machine not yet entered): no call is made, the endless one included."""
    prog = load(machine)
    accepted = []

    def arguments():
        yield 1
        accepted.append(prog.interrupt())
        yield -1
        yield 2

    worker = InThread(lambda: prog.function("sometimes").map(arguments())).join()
    assert accepted == [True]
    assert_interrupted(worker.error, index=0)
    assert prog.last_batch_reductions == (0, 0, 0)
    assert prog.function("sometimes").map(iter([7])) == [8]


@pytest.mark.parametrize("machine", MACHINES)
def test_interrupts_at_random_moments(machine):
    """Calls of random length, each interrupted at a random moment (before,
    during or after it): interrupt() returns True exactly when that call
    raises INTERRUPTED — never lost, never leaked into a later call (a call
    started after interrupt() returned False always completes) — and
    nothing hangs or crashes."""
    prog = load(machine)
    count = prog.function("count")
    rng = random.Random(19)
    # from no poll to many (count n takes 17n reductions); the Python
    # machine's, not interrupted, take up to half a second on a busy host
    sizes = [0, 10, 1000, 30_000, 200_000] if machine == "c" else [0, 10, 1000, 6_000, 20_000]
    outcomes = {(True, "interrupted"): 0, (False, "ok"): 0}
    rounds = 150
    for _ in range(rounds):
        n = rng.choice(sizes)
        start = threading.Event()

        def run(n=n, start=start):
            start.wait()
            return count.map([n, n]) if n % 3 == 0 else count(n)

        worker = InThread(run)
        start.set()
        time.sleep(rng.choice([0, 0, 0.0005, 0.002, 0.01]))
        accepted = prog.interrupt()
        worker.join()
        if worker.error is None:
            outcome = "ok"
            assert worker.value in (0, [0, 0])
        else:
            outcome = "interrupted"
            assert isinstance(worker.error, MachineFailure), repr(worker.error)
            assert worker.error.status == Status.INTERRUPTED, worker.error
        assert (accepted, outcome) in outcomes, (accepted, outcome, n)
        outcomes[accepted, outcome] += 1
        assert prog.call("inc", n) == n + 1  # and the next call runs normally
    assert outcomes[True, "interrupted"] > 0 and outcomes[False, "ok"] > 0, outcomes


def test_interrupt_from_many_threads_at_once():
    """Several threads interrupting one call: it stops once, and the calls
    after it run."""
    prog = load(MACHINES[-1])
    worker = InThread(lambda: prog.call("forever", 0))
    interrupt_when_running(prog)
    interrupters = [InThread(prog.interrupt) for _ in range(8)]
    for interrupter in interrupters:
        interrupter.join()
    assert_interrupted(worker.join().error)
    assert prog.call("count", 20_000) == 0


# ---------------------------------------------------------------- the machines


def machine_program(machine: str):
    from mlbox import driver
    from mlbox.diagnostics import Source

    compiled = driver.compile_source(Source("<t>", SOURCE))
    return driver.machine_class(machine)(compiled.program), compiled.program


def global_slot(program, name: str) -> int:
    """The slot of the program's top-level `name` (the last of that name)."""
    names = program.global_names
    return len(names) - 1 - names[::-1].index(name)


@pytest.mark.parametrize("machine", MACHINES)
def test_a_machine_keeps_a_request_until_a_run_stops_for_it(machine):
    m, program = machine_program(machine)
    assert m.run().status == Status.OK
    inc = m.global_value(global_slot(program, "inc"))
    m.interrupt()  # no run in progress: the next one stops before its first instruction
    r = m.call(inc, 1)
    assert r.status == Status.INTERRUPTED and r.reductions == 0 and r.message == "interrupted"
    assert m.call(inc, 1).value == 2  # answered: the next run goes on
    m.interrupt()
    m.clear_interrupt()
    assert m.call(inc, 2).value == 3
    # from another thread, during a run
    timer = threading.Timer(0.2, m.interrupt)
    timer.start()
    r = m.call(m.global_value(global_slot(program, "forever")), 0)
    timer.join()
    assert r.status == Status.INTERRUPTED and r.reductions > 0
    assert m.call(inc, 3).value == 4
