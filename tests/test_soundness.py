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


# ------------------------------------ scoping of code and value variables

# `code M` sees code variables (Δ) and globals, not the local value
# variables (Γ) bound outside it: a code variable shadowed by a value
# variable (of a val, fun, pattern, handler, local, abstype, and-binding)
# must be rejected under code, and a value variable shadowed inside the code
# by a binding of the code's own must be accepted. (expression, accepted)
SHADOWING = [
    ('let cogen u = code 1 in code (case 5 of u => u) end', True),
    ('let cogen u = code 1 in let val (u, _) = (2, 3) in code u end end', False),
    ('let cogen u = code 1 in let fun u x = x in code (u 1) end end', False),
    ('let cogen u = code 1 in let exception u in code (raise u) end end', False),
    ('let cogen u = code 1 in let datatype t = u in eval (code (case u of u => 5)) end end', True),
    ('let cogen u = code 1 in let val rec u = fn x => x in code (u 2) end end', False),
    ('let cogen u = code 1 in (fn (u as _) => code u) 2 end', False),
    ('let cogen u = code 1 in let abstype t = T with val u = 4 end in code u end end', False),
    ('let cogen u = code 1 in let local val q = 0 in val u = q end in code u end end', False),
    ('let cogen u = code 1 in let local val u = 0 in val q = u end in code u end end', True),
    ('let cogen u = code 1 in let local cogen q = code 0 in val u = 9 end in code u end end', False),
    ('let val u = 1 in let cogen u = lift u in code u end end', True),
    ('let cogen u = code 1 in let val u = 5 and v = u in code v end end', False),
    ('let cogen u = code 1 in let val v = 5 and u = 6 in code u end end', False),
    ('let cogen u = code 1 in let fun f u = code u in f 1 end end', False),
    ('let cogen u = code 1 in let fun f 0 = code u | f u = code u in f 1 end end', False),
    ('let cogen u = code 1 in let val rec f = fn u => code u in f 1 end end', False),
    ('let cogen u = code 1 in (case 3 of 0 => code u | u => code u) end', False),
    ('let cogen u = code 1 in ((raise Fail "") handle Fail u => code 1 | _ => code u) end', True),
    ('let val u = 1 in code (let cogen u = code 2 in u end) end', True),
    ('let val u = 1 in code (fn u => u) end', True),
    ('let val u = 1 in code (let val u = 2 in u end) end', True),
    ('let val u = 1 in code (let fun u x = x in u 3 end) end', True),
    ('let val u = 1 in code (case 2 of u => u) end', True),
    ('let val u = 1 in code (let val v = u in v end) end', False),
    ('let val u = 1 in code (let val u = u in u end) end', False),
    ('let val u = 1 in code (let val rec u = fn x => u x in 1 end) end', True),
    ('let val u = 1 in code (fn x => let val u = x and w = u in w end) end', False),
    ('let val u = 1 in code (let fun g 0 = 0 | g u = u in g 3 end) end', True),
    ('let val u = 1 in code (let fun g x = u 1 and u y = 2 in g 3 end) end', True),
    ('let val u = 1 in code (let local val u = 2 in val v = u end in v + u end) end', False),
    ('let val u = 1 in code (let local val w = 2 in val u = w end in u end) end', True),
    ('let val u = 1 in code (let abstype t = T with val u = 3 end in u end) end', True),
    ('let val u = 1 in code ((raise Fail "") handle Fail u => size u) end', True),
    ('let val u = 1 in code ((raise Fail "") handle Fail u => 1 | _ => u) end', False),
    ('let val u = 1 in code ((fn (u, 2) => u | (3, u) => u | _ => u) (1, 2)) end', False),
]


@pytest.mark.parametrize("expression,accepted", SHADOWING, ids=[f"shadow{i}" for i in range(1, len(SHADOWING) + 1)])
def test_shadowing_between_code_and_value_variables(expression, accepted):
    from mlbox.checker import STAGING_EXCEPTION, STAGING_VARIABLE, check_program

    result = check_program(parse_program(f"val a = {expression}"))
    if accepted:
        assert result.ok, [d.message for d in result.errors]
    else:  # one staging error, on u (v where it names u's value)
        staging_errors = ([STAGING_VARIABLE.format(name="u")], [STAGING_VARIABLE.format(name="v")],
                          [STAGING_EXCEPTION.format(name="u")])
        assert [d.message for d in result.errors] in staging_errors


@pytest.mark.skipif(len(MACHINES) < 2, reason="the C machine extension (ccam.cmachine) is not built/importable")
def test_api_lookup_of_a_code_variable_costs_the_same_on_both_machines():
    source = "cogen u = code (fn x => let val y = x * 2 in y + 1 end)\ncogen w = code (u 20)\n"
    seen = []
    for machine in MACHINES:
        prog = api.load_source(source, machine=machine)
        seen.append((prog.value("w"), prog.last_stats))
    assert seen[0] == seen[1]
    assert seen[0][0] == 41
