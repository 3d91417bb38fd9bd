"""Linking a program after the prelude (mlbox/driver.py link_prelude): a
program carries only the prelude declarations it reads, directly or
through other prelude declarations, so its code and reduction count are
its own; the disassembler still recognises and leaves out what was linked.
"""

from __future__ import annotations

import pytest

from ccam.instructions import BUILTIN_EXNS, Status, walk
from mlbox import basis, cli, driver
from mlbox.diagnostics import Source


def compiled(text: str):
    return driver.compile_source(Source("p.sml", text)).program


def prelude_slots_set(program) -> set[str]:
    """The prelude globals the program's code defines (by name)."""
    prelude_slots = set(driver.compiled_prelude().globals.prelude.values())
    return {program.global_names[ins.args[0]] for ins in walk(program.code)
            if ins.op == "setglobal" and ins.args[0] in prelude_slots}


def run(program, machine="c"):
    return driver.run_program(program, machine=machine)


def test_a_program_using_no_prelude_function_links_none():
    program = compiled('val _ = print (Int.toString (3 + 4) ^ "\\n")')
    assert prelude_slots_set(program) == set()
    assert driver.prelude_prefix_length(program.code) == 0


def test_a_program_links_what_it_uses_and_what_that_uses():
    # String.toString is String.translate Char.toString: three declarations
    program = compiled('val _ = print (String.toString "tab\\there\\n" ^ "\\n")')
    linked = prelude_slots_set(program)
    assert {"String_toString", "String_translate", "Char_toString"} <= linked
    assert "List_filter" not in linked and "ListPair_zip" not in linked
    for machine in driver.MACHINES:
        assert run(program, machine).output == b"tab\\there\\n\n"


def test_an_unused_prelude_definition_costs_a_program_nothing():
    """Reductions are the program's own: the same whether or not the
    program's name shadows a basis name it never calls."""
    plain = run(compiled("fun f x = x + 1\nval _ = f 2"))
    shadowing = run(compiled("fun map x = x + 1\nval _ = map 2"))
    assert plain.reductions == shadowing.reductions


def test_a_basis_function_used_only_under_code_is_linked():
    program = compiled('val g = code (fn l => List.filter (fn x => x > 1) l)\n'
                       'val _ = print (Int.toString (length (eval g [1, 2, 3])) ^ "\\n")')
    assert {"List_filter", "length", "eval"} <= prelude_slots_set(program)
    for machine in driver.MACHINES:
        assert run(program, machine).output == b"2\n"


@pytest.mark.parametrize("name", sorted(n for n, (_, impl) in basis.VALUES.items() if impl == ("prelude",)))
def test_every_prelude_value_links_everything_it_reads(name):
    """Each basis value written in ML, referred to alone, links its own
    declaration and every global its code reads, however deep in
    sub-programs (a missing one would be the machine's GLOBAL error when
    the function is called)."""
    reference = f"(op {name})" if not name[0].isalpha() or name in ("o", "before") else name
    program = compiled(f"val it = {reference}")
    sets = {ins.args[0] for ins in walk(program.code) if ins.op == "setglobal"}
    reads = {ins.args[0] for ins in walk(program.code) if ins.op == "getglobal"}
    assert driver.compiled_prelude().globals.prelude[name] in sets
    assert reads <= sets | set(range(len(BUILTIN_EXNS)))
    assert run(program).status == Status.OK


def test_dis_leaves_out_exactly_the_linked_prelude(tmp_path, capsys):
    path = tmp_path / "p.sml"
    path.write_text('val _ = app print (List.filter (fn s => s <> "") ["a", "", "b"])\n')
    program = compiled(path.read_text())
    linked = driver.prelude_prefix_length(program.code)
    assert 0 < linked < len(driver.compiled_prelude().code)
    assert cli.main(["dis", str(path)]) == 0
    listing = capsys.readouterr().out
    assert f"the prelude's {linked} instructions are left out" in listing
    slot = driver.compiled_prelude().globals.prelude["List.filter"]
    body = listing.split("left out", 1)[1].split("\n", 1)[1]
    assert f"getglobal {slot}:List_filter" in body and f"setglobal {slot}" not in body
