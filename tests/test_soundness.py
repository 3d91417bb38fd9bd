"""Well-typed programs must not go wrong, ill-typed ones must be rejected
(session 17's adversarial campaign against the type system): regressions
for what it found, each through the interface where it went wrong."""

from __future__ import annotations

import pytest

from mlbox import api, driver
from mlbox.diagnostics import Source
from mlbox.erase import erase_to_sml
from mlbox.parser import parse_program
from tests.test_erasure import POLY, run_poly

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


# ------------------------------------------------- the staging erasure

# Programs whose erasure used to be ill-typed SML: `lift e` erased to
# `let val v = e in fn () => v end`, a match against a constructor or
# exception `v` of the program; `[t]` to `unit -> t`, the program's own type
# `unit` once it declares one.
ERASURE_NAME_CLASHES = {
    "constructor_v": "datatype t = v | w\nval g = lift 5\nval _ = print (Int.toString (eval g) ^ \"\\n\")\n",
    "exception_v": "exception v\nval g = lift 5\nval _ = print (Int.toString (eval g) ^ \"\\n\")\n",
    "constructors_v_and_v'": "datatype t = v | v' of int\nval g = let datatype s = v'' in lift 5 end\n"
                             "val _ = print (Int.toString (eval g) ^ \"\\n\")\n",
    "type_unit": "datatype unit = U\nval g : [int] = code 5\nfun h (x : [int]) = eval x + 1\n"
                 "val _ = print (Int.toString (h g) ^ \"\\n\")\n",
}


@pytest.mark.parametrize("name", sorted(ERASURE_NAME_CLASHES))
def test_erasure_does_not_clash_with_the_programs_names(name):
    staged = ERASURE_NAME_CLASHES[name]
    expected = "6\n" if name == "type_unit" else "5\n"
    erased = erase_to_sml(parse_program(staged))
    for text in (staged, erased):
        compiled = driver.compile_source(Source("p.sml", text))
        assert driver.run_program(compiled.program, machine="py").output == expected.encode()
    if POLY:
        assert run_poly(erased).stdout == expected
