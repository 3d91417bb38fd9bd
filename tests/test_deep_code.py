"""Code nested thousands of levels deep (ccam/instructions.py
MAX_CODE_NESTING): long `else if` chains and deeply nested `code` compile,
run on both machines alike, survive `mlbox compile` / `run x.ccam` / `dis`,
and run through the API from a thread with a small C stack; a .ccam file
nested beyond the bound is refused cleanly by both readers."""

from __future__ import annotations

import json

import pytest

from ccam import cmachine, refmachine
from ccam.bytecode import MAX_DEPTH, BytecodeError, read
from mlbox import api, cli, driver
from mlbox.deep import code_depth
from mlbox.diagnostics import Source
from tests.test_bytecode import in_small_thread, nested

BRANCHES = 2_000
CODE_LEVELS = 500  # compile time grows faster than linearly in nested `code`


def else_if_chain(n: int) -> str:
    """f x = the x-th of n `if ... else if ...` branches (7x), else ~1."""
    lines = ["fun f x ="]
    lines += [f"  {'if' if i == 0 else 'else if'} x = {i} then {7 * i}" for i in range(n)]
    lines.append("  else ~1")
    lines.append(f'val _ = print (Int.toString (f {n - 1}) ^ " " ^ Int.toString (f 3) ^ " " '
                 f'^ Int.toString (f {n + 5}) ^ "\\n")')
    return "\n".join(lines) + "\n"


def nested_code(n: int) -> str:
    """A value of type [[...[int -> int]...]] (n brackets), opened by n
    nested `cogen`s and applied."""
    value = "code (" * n + "fn x => x * 2" + ")" * n
    opens = "".join(f"let cogen u{i} = {'c' if i == 1 else f'u{i - 1}'} in " for i in range(1, n + 1))
    return (f"val c = {value}\n"
            f"val r = {opens}u{n} 21{' end' * n}\n"
            'val _ = print (Int.toString r ^ "\\n")\n')


PROGRAMS = {
    "else_if": (else_if_chain(BRANCHES), f"{7 * (BRANCHES - 1)} 21 ~1\n", BRANCHES),
    "nested_code": (nested_code(CODE_LEVELS), "42\n", CODE_LEVELS),
}


@pytest.fixture(scope="module")
def compiled():
    return {name: driver.compile_source(Source(f"{name}.sml", text)).program
            for name, (text, _out, _depth) in PROGRAMS.items()}


@pytest.mark.parametrize("name", PROGRAMS)
def test_deep_code_compiles_beyond_the_old_limit_of_256(name, compiled):
    assert code_depth(compiled[name].code) > PROGRAMS[name][2] > 256


@pytest.mark.parametrize("name", PROGRAMS)
def test_deep_code_round_trips_through_compile_run_and_dis(name, tmp_path, capfd):
    text, want, _depth = PROGRAMS[name]
    source = tmp_path / f"{name}.sml"
    source.write_text(text)
    image = tmp_path / f"{name}.ccam"
    assert cli.main(["compile", str(source), "-o", str(image)]) == 0
    runs = {}
    for path in (source, image):
        for machine in ("c", "py"):
            assert cli.main(["run", str(path), "--machine", machine, "--stats=json"]) == 0
            out, err = capfd.readouterr()
            stats = json.loads(err.strip().splitlines()[-1])
            runs[path.suffix, machine] = (out, stats["reductions"], stats["generating_reductions"], stats["emitted"])
    assert {run[0] for run in runs.values()} == {want}
    assert len(set(runs.values())) == 1, runs
    assert cli.main(["dis", str(image)]) == 0
    from_image = capfd.readouterr().out
    assert cli.main(["dis", str(source)]) == 0
    assert capfd.readouterr().out == from_image


def test_a_deep_listing_is_indented_at_most_max_indent_levels_deep(compiled):
    from ccam.disasm import INDENT, MAX_INDENT_LEVELS, listing

    text = listing(compiled["else_if"])
    widest = max(len(line) - len(line.lstrip(" ")) for line in text.splitlines())
    assert widest == len(INDENT) * MAX_INDENT_LEVELS
    assert text.count("branch(") >= BRANCHES


@pytest.mark.parametrize("machine", ["c", "py"])
def test_the_api_runs_deep_code_from_a_thread_with_a_small_stack(machine):
    def use():
        chain = api.load_source(else_if_chain(BRANCHES), machine=machine)
        results = [chain.call("f", x) for x in (0, 1234, BRANCHES - 1, BRANCHES)]
        staged = api.load_source(nested_code(CODE_LEVELS), machine=machine)
        return results, staged["r"]

    results, r = in_small_thread(use)
    assert results == [0, 7 * 1234, 7 * (BRANCHES - 1), -1]
    assert r == 42


def test_deep_code_built_at_run_time_reads_back_on_a_small_stack():
    # a closure whose code is the limit's depth: the C machine's block
    # decoder (closure.code) and the reference machine agree on it
    data = nested(MAX_DEPTH)

    def both():
        c_code = cmachine.Machine(data).run().value.code
        py_code = refmachine.Machine(read(data)).run().value.code
        return c_code, py_code

    c_code, py_code = in_small_thread(both)
    assert code_depth(c_code) == code_depth(py_code) == MAX_DEPTH - 1


@pytest.mark.parametrize("machine", ["c", "py"])
def test_a_ccam_file_nested_beyond_the_limit_is_refused(machine, tmp_path, capfd):
    bad = tmp_path / "deep.ccam"
    bad.write_bytes(nested(MAX_DEPTH + 1))
    assert cli.main(["run", str(bad), "--machine", machine]) == 1
    err = capfd.readouterr().err
    assert f"{MAX_DEPTH}" in err and "Traceback" not in err
    assert cli.main(["dis", str(bad)]) == 1
    assert "Traceback" not in capfd.readouterr().err


def test_both_loaders_refuse_one_level_too_many_on_a_small_stack():
    data = nested(MAX_DEPTH + 1)
    with pytest.raises(BytecodeError, match=f"nesting deeper than {MAX_DEPTH}"):
        in_small_thread(lambda: cmachine.Machine(data))
    with pytest.raises(BytecodeError, match=f"nested deeper than {MAX_DEPTH}"):
        in_small_thread(lambda: read(data))
    in_small_thread(lambda: cmachine.Machine(nested(MAX_DEPTH)))  # the limit itself loads


LIFTED_CHAIN = 2_000
LIFTED = f"""
fun wrap (f : int -> int) : int -> int =
  let cogen h = lift f in let cogen k = code (fn x => h x + 1) in k end end
fun chain 0 = (fn x => x + 1)
  | chain n = wrap (chain (n - 1))
val g = chain {LIFTED_CHAIN}
val _ = print (Int.toString (g 1) ^ "\\n")
"""


def lifted_depth(closure) -> int:
    """How many closures deep the chain of closures quoted in code goes."""
    from ccam.instructions import walk
    from ccam.values import Closure

    depth = 0
    while closure is not None:
        depth += 1
        quoted = [ins.args[0] for ins in walk(closure.code) if ins.op == "quote"]
        closure = next((q for q in quoted if type(q) is Closure), None)
    return depth


def test_a_long_chain_of_lifted_closures_decodes_on_a_small_stack():
    # generated code quoting a closure whose code quotes another, 2,000
    # deep: Machine.decode copies it all (code included) without recursion
    program = driver.compile_source(Source("lifted.sml", LIFTED)).program
    slot = program.global_names.index("g")

    def both():
        c = cmachine.Machine(program)
        assert c.run().output == f"{LIFTED_CHAIN + 2}\n".encode()
        ref = refmachine.Machine(program)
        ref.run()
        return lifted_depth(c.decode(c.global_value(slot))), lifted_depth(ref.global_value(slot))

    assert in_small_thread(both) == (LIFTED_CHAIN + 1, LIFTED_CHAIN + 1)


def test_a_program_longer_than_the_bytecode_format_allows_is_a_diagnostic(monkeypatch):
    """Code with a block past ccam/bytecode.py's MAX_PROGRAM_LENGTH was an
    internal error (BytecodeError) when the C machine was handed it; the
    limit is lowered here, as reaching 16 M instructions takes minutes."""
    from ccam import bytecode
    from mlbox import driver
    from mlbox.diagnostics import CompileError, Source

    driver.compiled_prelude()  # (compiled, or read from its cache, under the real limit)
    monkeypatch.setattr(bytecode, "MAX_PROGRAM_LENGTH", 40)
    driver.compile_source(Source("short.sml", "val x = 1 + 1"))
    with pytest.raises(CompileError) as caught:
        driver.compile_source(Source("long.sml", "val x = 1\nval y = " + " + ".join(["1"] * 30) + "\nval z = 2"))
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.message.startswith("this program compiles to a code block of ")
    assert "more than the 40 a .ccam program may have; split this declaration" in diagnostic.message
    assert (diagnostic.span.line, diagnostic.span.col) == (2, 1)  # the largest declaration
