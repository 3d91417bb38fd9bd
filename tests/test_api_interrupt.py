"""Program.interrupt(): stopping a call from another thread, on both machines.

interrupt() returns True when a call was in progress (that call then raises
MachineFailure with status INTERRUPTED) and False, doing nothing, when none
was. The tests use generous join() bounds, never timing assertions: a
stopped call must end, a finished one must not be affected; and the
machines' own interrupt() (a request pending until a run stops for it)."""

from __future__ import annotations

import threading

import pytest

from ccam.instructions import Status
from mlbox import api

MACHINES = [m for m in ("py", "c") if m == "py" or api.default_machine() == "c"]

SOURCE = """
fun forever (n : int) : int = forever (n + 1)
fun count (n : int) : int = if n = 0 then 0 else count (n - 1)
fun inc (n : int) = n + 1
fun sometimes (n : int) = if n < 0 then forever 0 else n + 1
cogen endless = code (forever 0)
"""


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
