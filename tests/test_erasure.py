"""The staging erasure (mlbox/erase.py, docs/language.md §7): each rule on its own,
scoping of code variables, the paper's compPoly, generated programs (the
erasure of a well-typed ML□ program is well-typed SML whose top-level
types are the erased types), and — when Poly/ML is installed — the staged
conformance programs, erased, printing their expected output under Poly/ML.
"""

from __future__ import annotations

import pathlib
import re
import shutil
import subprocess
import tempfile

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from ccam import refmachine
from mlbox import driver
from mlbox import syntax as S
from mlbox.checker import check_program
from mlbox.diagnostics import Source
from mlbox.erase import erase_program, erase_type
from mlbox.parser import parse_program, parse_type
from tests import staged_strategies as gen
from tests.conformance_data import STAGED_PROGRAMS

POLY = shutil.which("poly")
POLY_MISSING = "Poly/ML (`poly`) is not installed: cannot run erased programs under a real SML"
POLY_TIMEOUT_S = 60
POLY_EXCEPTION = "Exception-"  # how Poly/ML reports an uncaught exception
POLY_FOUND_NEAR = "Found near"  # second line of a Poly/ML warning


STAGING_NODES = (S.Code, S.Lift, S.CogenDec, S.TyBox)


def mentions_staging(node: object) -> bool:
    """Whether any staging construct or box type is left in the tree."""
    if isinstance(node, STAGING_NODES):
        return True
    if isinstance(node, tuple):
        return any(mentions_staging(item) for item in node)
    if attrs.has(type(node)):
        return any(mentions_staging(getattr(node, f.name)) for f in attrs.fields(type(node)) if f.name != "span")
    return False


def erased(source: str) -> S.Program:
    return erase_program(parse_program(source))


def assert_erases_to(staged: str, plain: str) -> None:
    # AST equality ignores spans, so layout does not matter
    assert erased(staged) == parse_program(plain)


def top_types(program: S.Program) -> dict[str, str]:
    result = check_program(program)
    assert result.ok, result.errors
    return {b.name: b.type for b in result.elaboration.toplevel}


# ------------------------------------------------------------ each rule


def test_box_type_becomes_thunk_type():
    assert erase_type(parse_type("[int] -> [[bool] list]")) == parse_type(
        "(unit -> int) -> unit -> (unit -> bool) list")


def test_code_becomes_thunk():
    assert_erases_to("val g = code (1 + 2)", "val g = fn () => 1 + 2")


def test_lift_binds_value_then_thunks_it():
    assert_erases_to("val g = lift (f 3)", "val g = let val v = f 3 in fn () => v end")


def test_cogen_becomes_val_and_uses_force():
    assert_erases_to("cogen u = code 4\nval x = u + u",
                     "val u = fn () => 4\nval x = u () + u ()")


def test_let_cogen_and_use_under_code():
    assert_erases_to("val g = let cogen u = lift 1 in code (fn x => u + x) end",
                     "val g = let val u = let val v = 1 in fn () => v end in fn () => fn x => u () + x end")


def test_type_annotations_erased_everywhere():
    assert_erases_to(
        "datatype t = G of [int]\nexception E of [int]\ntype g = [bool]\n"
        "val x : [int] = code 1\nfun f (y : [int]) : [int] = y",
        "datatype t = G of unit -> int\nexception E of unit -> int\ntype g = unit -> bool\n"
        "val x : unit -> int = fn () => 1\nfun f (y : unit -> int) : unit -> int = y")


def test_eval_gets_its_erased_prelude_definition():
    assert_erases_to("val n = eval (code 3)",
                     "fun eval g = let val u = g in u () end\nval n = eval (fn () => 3)")


def test_no_prelude_without_eval():
    assert len(erased("val n = code 3").decs) == 1


def test_erased_text_keeps_the_units_of_overload_resolution():
    # `sq` is a word function only because a later declaration of the same
    # unit (up to `;`) uses it at word: a `;` added between them would make
    # it int and the erased program ill-typed.
    from mlbox.erase import erase_to_sml

    staged = "fun sq x = x * x\nval w = sq 0w3\nval g = code (sq 0w4);\nfun dbl x = x + x\nval n = eval g"
    text = erase_to_sml(parse_program(staged))
    assert text.splitlines() == [
        "fun eval g = let val u = g in u () end;",
        "fun sq x = x * x",
        "val w = sq 0w3",
        "val g = fn () => sq 0w4;",
        "fun dbl x = x + x",
        "val n = eval g;",
    ]
    assert top_types(parse_program(text))["sq"] == "word -> word"


# ---------------------------------------------------- scoping of code vars


def test_value_variable_shadows_code_variable():
    assert_erases_to("cogen u = code 1\nval f = fn u => u + 1\nval y = u",
                     "val u = fn () => 1\nval f = fn u => u + 1\nval y = u ()")


def test_pattern_binders_shadow_in_case_and_handle_only_in_their_arm():
    assert_erases_to(
        "cogen u = code 1\nval a = case 5 of u => u | _ => u\nval b = (u handle _ => u)",
        "val u = fn () => 1\nval a = case 5 of u => u | _ => u ()\nval b = (u () handle _ => u ())")


def test_fun_parameters_and_names_shadow():
    assert_erases_to(
        "cogen u = code 1\ncogen f = code 2\nfun f u = u\nval z = u",
        "val u = fn () => 1\nval f = fn () => 2\nfun f u = u\nval z = u ()")


def test_plain_val_does_not_see_its_own_binder_but_val_rec_does():
    assert_erases_to(
        "cogen u = code 1\nval u = u + 1",
        "val u = fn () => 1\nval u = u () + 1")
    assert_erases_to(
        "cogen h = code 1\nval rec h = fn x => h x",
        "val h = fn () => 1\nval rec h = fn x => h x")


def test_let_scopes_end_at_end():
    assert_erases_to(
        "val u = 7\nval a = let cogen u = code 1 in u end + u",
        "val u = 7\nval a = let val u = fn () => 1 in u () end + u")


def test_code_variable_shadows_value_variable():
    assert_erases_to("val x = 3\nval g = let cogen x = lift x in code x end",
                     "val x = 3\nval g = let val x = let val v = x in fn () => v end in fn () => x () end")


def test_constructor_and_exception_declarations_shadow():
    assert_erases_to(
        "cogen A = code 1\ndatatype t = A\nval a = A\ncogen E = code 2\nexception E\nval e = E",
        "val A = fn () => 1\ndatatype t = A\nval a = A\nval E = fn () => 2\nexception E\nval e = E")


def test_a_replication_binds_the_constructors_of_its_datatype_again():
    # a `fun` rebinds the constructor's name A, `cogen` makes it a code
    # variable, and the replication makes it u's constructor again
    prefix = "datatype u = A | B\nfun A x = x + 1\n"
    assert_erases_to(prefix + "cogen A = code 5\ndatatype t = datatype u\nval a = (A, B)",
                     prefix + "val A = fn () => 5\ndatatype t = datatype u\nval a = (A, B)")
    # a replication of another datatype (or of the basis's) leaves it a code variable
    assert_erases_to(prefix + "cogen A = code 5\ndatatype v = C\ndatatype t = datatype v\n"
                     "datatype opt = datatype option\nval a = A",
                     prefix + "val A = fn () => 5\ndatatype v = C\ndatatype t = datatype v\n"
                     "datatype opt = datatype option\nval a = A ()")
    # as far as the replication's scope goes: a `local` exports it, a `let` does not
    assert_erases_to(prefix + "cogen A = code 5\nval l = let datatype t = datatype u in A end\nval a = A\n"
                     "local val x = 1 in datatype t = datatype u end\nval b = A",
                     prefix + "val A = fn () => 5\nval l = let datatype t = datatype u in A end\nval a = A ()\n"
                     "local val x = 1 in datatype t = datatype u end\nval b = A")
    # u redeclared as a type, or abstract outside its abstype, has no constructors to bind
    assert_erases_to("datatype u = A\nfun A x = x\ncogen A = code 5\ntype u = int\ndatatype t = datatype u\n"
                     "abstype w = A with val w = 1 end\nfun A x = x\ncogen A = code 6\ndatatype s = datatype w\n"
                     "val a = A",
                     "datatype u = A\nfun A x = x\nval A = fn () => 5\ntype u = int\ndatatype t = datatype u\n"
                     "abstype w = A with val w = 1 end\nfun A x = x\nval A = fn () => 6\ndatatype s = datatype w\n"
                     "val a = A ()")


def test_a_top_level_expression_binds_it():
    assert_erases_to("cogen it = code 1\n;\n5;\nval x = it + 1",
                     "val it = fn () => 1\n;\n5;\nval x = it + 1")


def test_nested_code_keeps_code_variables():
    assert_erases_to(
        "val g = let cogen u = code 2 in code (let cogen w = code u in code (u + w) end) end",
        "val g = let val u = fn () => 2 in fn () => let val w = fn () => u () in fn () => u () + w () end end")


# ---------------------------------------------------------- the paper

COMP_POLY = """
fun compPoly (nil) = code (fn x => 0)
  | compPoly (a::p) =
    let cogen f = compPoly p
        cogen a' = lift a
    in code (fn x => a' + (x * f x)) end
val codeGenerator = compPoly [2, 4, 0, 2333]
val mlPolyFun = eval codeGenerator
"""


def test_comp_poly_staged_types():
    types = top_types(parse_program(COMP_POLY))
    assert types["compPoly"] == "int list -> [int -> int]"


def test_comp_poly_erased_is_plain_sml_with_erased_types():
    program = erased(COMP_POLY)
    assert not mentions_staging(program)
    types = top_types(program)
    assert types["compPoly"] == "int list -> unit -> int -> int"
    assert types["codeGenerator"] == "unit -> int -> int"
    assert types["mlPolyFun"] == "int -> int"


# ------------------------------------------------- generated programs


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gen.programs())
def test_erasure_of_generated_program_is_well_typed_sml_with_erased_types(generated):
    program = erase_program(generated.program)
    assert not mentions_staging(program)
    result = check_program(program)
    assert result.ok, result.errors
    types = {b.name: b.type for b in result.elaboration.toplevel}
    for kind, name, ty in generated.intended:
        # cogen u = e (u : τ) becomes val u = e with u : unit -> τ
        expected = erase_type(gen.box(ty) if kind == "cogen" else ty)
        assert gen.is_instance(parse_type(types[name]), expected), (name, types[name], expected)


# --------------------------------------------------- against Poly/ML



def run_poly(sml_text: str) -> subprocess.CompletedProcess:
    """Run an SML program under Poly/ML. Its output, then any
    `Exception- NAME ... raised` report, goes to stdout; so do compile
    warnings (`FILE:LINE: warning: ...`, redundant patterns for example),
    which are removed from the stdout returned."""
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "erased.sml"
        path.write_text(sml_text)
        # latin-1: a program may print any byte (chr 200), which is not UTF-8
        run = subprocess.run([POLY, "--script", str(path)], capture_output=True, encoding="latin-1",
                             timeout=POLY_TIMEOUT_S)
    warning = re.compile(re.escape(str(path)) + r":\d+: warning: ")
    kept, in_warning = [], False
    for line in run.stdout.splitlines(keepends=True):
        # a warning may continue with "Found near" and indented lines
        in_warning = bool(warning.match(line)) or (
            in_warning and (line[:1].isspace() or line.startswith(POLY_FOUND_NEAR)))
        if not in_warning:
            kept.append(line)
    run.stdout = "".join(kept)
    return run


REPLICATION_AFTER_COGEN = """datatype u = A | B
fun A x = x + 1
val _ = print (Int.toString (A 1) ^ "\\n")
cogen A = code 5
val _ = print (Int.toString (A + 1) ^ "\\n")
datatype t = datatype u
fun name A = "A" | name B = "B"
val _ = print (name A ^ name B ^ "\\n")
"""


@pytest.mark.skipif(POLY is None, reason=POLY_MISSING)
def test_a_constructor_bound_again_by_a_replication_runs_alike_erased_under_poly():
    from mlbox.erase import erase_to_sml

    run = run_poly(erase_to_sml(parse_program(REPLICATION_AFTER_COGEN)))
    assert (run.returncode, run.stdout) == (0, "2\n6\nAB\n"), run.stdout + run.stderr


def test_a_constructor_bound_again_by_a_replication_runs_in_mlbox_as_erased_under_poly():
    compiled = driver.compile_source(Source("replication.sml", REPLICATION_AFTER_COGEN))
    assert refmachine.Machine(compiled.program).run().output == b"2\n6\nAB\n"


@pytest.mark.skipif(POLY is None, reason=POLY_MISSING)
@pytest.mark.parametrize("path", STAGED_PROGRAMS, ids=[p.stem for p in STAGED_PROGRAMS])
def test_erased_conformance_program_runs_under_poly(path):
    from mlbox.erase import erase_to_sml

    expected = path.with_suffix(".expected").read_text(encoding="latin-1")  # as run_poly reads
    exception_file = path.with_suffix(".exception")
    run = run_poly(erase_to_sml(parse_program(path.read_text())))
    if exception_file.exists():
        # Poly/ML reports an uncaught exception on stdout after the output
        name = exception_file.read_text().strip().split()[-1]
        assert run.stdout.startswith(expected)
        assert run.stdout[len(expected):].startswith(f"{POLY_EXCEPTION} {name}")
    else:
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.stdout == expected


def test_programs_erase_in_several_threads_at_once():
    # The printer kept the fixity of the program being printed in one module
    # variable: another thread printing at the same time reset it, and
    # `val x = 1 ++ 2` came out as `val x = ++ (1, 2)`, which does not parse.
    from mlbox.erase import erase_to_sml
    from tests.threads import run_together

    infix = parse_program(Source("a.sml", "infix 5 ++\nfun a ++ b = a + b\nval x = 1 ++ 2\n" * 5))
    plain = parse_program(Source("b.sml", "fun f (a, b) = a\nval z = f (1, 2)\n" * 5))
    expected = {id(infix): erase_to_sml(infix), id(plain): erase_to_sml(plain)}
    wrong: list = []

    def work(program):
        for _ in range(200):
            if erase_to_sml(program) != expected[id(program)]:
                wrong.append(program)

    run_together([lambda program=infix if i % 2 else plain: work(program) for i in range(6)])
    assert wrong == []
