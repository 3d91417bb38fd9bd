"""mlbox/lint.py: the warning for a code variable that holds the code of a
recursive call and is spliced more than once into one `code`, which makes
the generated code exponential in the recursion's depth."""

from __future__ import annotations

import pathlib

import pytest

from mlbox import driver
from mlbox.checker import check_program
from mlbox.diagnostics import Source
from mlbox.parser import parse_program
from mlbox.repl import Session

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def splice_warnings(text: str):
    result = check_program(parse_program(text), Source("lint.sml", text))
    assert result.errors == []
    return [w for w in result.warnings if "spliced" in w.message]


def test_a_recursive_code_spliced_twice_is_reported_at_the_second_splice():
    [warning] = splice_warnings("fun gen 0 = code 1\n"
                                "  | gen n = let cogen u = gen (n - 1) in code (u + u) end\n")
    assert warning.message == (
        "code variable 'u' is spliced 2 times into one `code`; it holds the code of a recursive call "
        "of 'gen', so the generated code grows exponentially with the depth of the recursion")
    assert (warning.span.line, warning.span.col) == (2, 52)
    assert warning.notes == ("splice it once and share its value: `let val y = u in ... y ... y end` "
                             "inside `code`",)


def test_the_note_binds_a_name_other_than_the_code_variable_s_own():
    # squaring with [[ $y * $y ]] (the LMS paper's example): the note said `let val y = y`
    [warning] = splice_warnings("fun sq 0 = code 1\n"
                                "  | sq n = let cogen y = sq (n div 2) in code (y * y) end\n")
    assert warning.notes == ("splice it once and share its value: `let val z = y in ... z ... z end` "
                             "inside `code`",)


@pytest.mark.parametrize("program,name,callee,count", [
    # both arms of a conditional are generated
    ("val rec g = fn n => if n = 0 then code 0\n"
     "  else let cogen v = g (n - 1) in code (if v > 0 then v else v + 1) end", "v", "g", 3),
    # through the other function of an `and` group
    ("fun a 0 = code 1 | a n = let cogen u = b (n - 1) in code (u * u) end\n"
     "and b n = a n", "u", "b", 2),
    # a spliced function applied twice (generation-time beta reduction copies its body)
    ("fun nest 0 = code (fn x => x) | nest n = let cogen f = nest (n - 1) in code (fn x => f (f x)) end",
     "f", "nest", 2),
    # the recursive call deep inside the generator expression
    ("fun gen n = if n = 0 then code 1\n"
     "  else let cogen u = (if n > 5 then gen (n - 2) else gen (n - 1)) in code (u + u) end", "u", "gen", 2),
    # spliced in a nested `code`, counted with the outer one's
    ("fun gen n = if n = 0 then code 1 else let cogen u = gen (n - 1) in code (u + eval (code u)) end",
     "u", "gen", 2),
])
def test_exponential_splices_are_found(program, name, callee, count):
    [warning] = splice_warnings(program)
    assert warning.message.startswith(f"code variable '{name}' is spliced {count} times")
    assert f"a recursive call of '{callee}'" in warning.message


@pytest.mark.parametrize("program", [
    # spliced once
    "fun pw 0 = code (fn _ => 1) | pw n = let cogen p = pw (n - 1) in code (fn x => x * p x) end",
    # spliced once, its value shared
    "fun gen 0 = code 1 | gen n = let cogen u = gen (n - 1) in code (let val y = u in y + y end) end",
    # not the code of a recursive call: copying it costs a constant
    "fun twice n = let cogen u = lift n in code (u + u) end",
    "fun gen 0 = code 1 | gen n = gen (n - 1)\nval g = let cogen u = gen 3 in code (u + u) end",
    # used outside `code`: run, not spliced
    "fun gen 0 = code 1 | gen n = let cogen u = gen (n - 1) val a = u val b = u in lift (a + b) end",
    # once in each of two `code`s
    "fun gen 0 = code 1 | gen n = let cogen u = gen (n - 1) in if n > 3 then code (u + 1) else code (u - 1) end",
    # the generator calls a recursive function of its own, not the one around the cogen
    "fun outer n = let cogen u = let fun loop 0 = code 0 | loop k = loop (k - 1) in loop n end\n"
    "  in code (u + u) end",
    # a shadowed name is not the recursive function
    "fun gen 0 = code 1 | gen n = let val gen = fn k => lift k in let cogen u = gen n in code (u + u) end end",
])
def test_what_is_not_exponential_is_not_reported(program):
    assert splice_warnings(program) == []


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.sml")), ids=lambda p: p.stem)
def test_the_examples_splice_nothing_exponentially(path):
    assert splice_warnings(path.read_text()) == []


def test_the_warned_program_still_compiles_and_runs():
    text = ("fun gen 0 = code 1\n  | gen n = let cogen u = gen (n - 1) in code (u + u) end\n"
            "val _ = print (Int.toString (eval (gen 10)) ^ \"\\n\")\n")
    compiled = driver.compile_source(Source("lint.sml", text))
    assert [w.message.split(";")[0] for w in compiled.warnings] == ["code variable 'u' is spliced 2 times into one `code`"]
    assert driver.run_program(compiled.program, machine="py").output == b"1024\n"


def test_the_repl_shows_the_warning():
    out = Session(machine="py").feed("fun gen 0 = code 1 | gen n = let cogen u = gen (n - 1) in code (u + u) end;")
    assert "warning: code variable 'u' is spliced 2 times" in out
    assert out.rstrip().endswith("val gen = fn : int -> [int]")


def test_a_use_at_the_cogens_own_stage_runs_the_code_and_is_not_a_splice():
    # inside `code`, but bound inside that same `code`: u + u runs u twice
    assert splice_warnings("fun gen n = if n = 0 then code 1 else let cogen k = lift (n - 1)\n"
                           "  in code (let cogen u = gen k in u + u end) end") == []
    # ... and spliced twice into a `code` nested inside it: reported
    [warning] = splice_warnings("fun gen n = if n = 0 then code 1 else let cogen k = lift (n - 1)\n"
                                "  in code (let cogen u = gen k in eval (code (u + u)) end) end")
    assert warning.message.startswith("code variable 'u' is spliced 2 times")
