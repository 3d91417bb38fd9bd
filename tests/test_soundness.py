"""Well-typed programs must not go wrong, ill-typed ones must be rejected
(session 17's adversarial campaign against the type system): regressions
for what it found, each through the interface where it went wrong."""

from __future__ import annotations

import pytest

from mlbox import api, driver

MACHINES = ["py"] + (["c"] if driver.c_machine_available() else [])


@pytest.mark.parametrize("machine", MACHINES)
def test_api_lookup_of_a_top_level_code_variable_generates_and_runs_its_code(machine):
    # u : int, whose slot holds its generator: the host used to get the
    # generator closure itself as an "int", and calling f (int -> int)
    # stopped the machine with a stack underflow
    prog = api.load_source('cogen u = code (print "ran\\n"; 40 + 2)\ncogen f = code (fn x => x + 1)\n'
                           'cogen w = lift 7\ncogen e = code (raise Fail "boom")\n', machine=machine)
    assert prog.output == b""
    assert (prog.value("u"), prog.value("u")) == (42, 42)
    assert prog.output == b"ran\nran\n"  # generated and run at each lookup, as each use of u is
    assert prog.last_stats.generating > 0 and prog.last_stats.emitted > 0
    assert prog.call("f", 3) == 4
    assert prog.function("f")(10) == 11
    assert prog.value("w") == 7  # `cogen w = lift e`: the slot holds the value itself
    with pytest.raises(api.MLError) as raised:
        prog.value("e")
    assert (raised.value.name, raised.value.arg) == ("Fail", "boom")
