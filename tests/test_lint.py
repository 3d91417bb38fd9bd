"""mlbox/lint.py: the warning for a code variable that holds the code of a
recursive call and is spliced more than once into one `code`, which makes
the generated code exponential in the recursion's depth; and the warning
for a generator evaluated again at every call of a function whose
arguments it does not depend on."""

from __future__ import annotations

import pathlib

import pytest

from mlbox import driver, lint
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


def test_the_note_binds_a_name_the_code_does_not_use():
    # a merge specialised to a known prefix: the note said `let val y = r`,
    # which the pattern `go (y :: ys)` inside the `code` would hide
    [warning] = splice_warnings(
        "fun sMerge [] = code (fn ys => ys)\n"
        "  | sMerge (x :: xs) = let cogen x' = lift x cogen r = sMerge xs in\n"
        "      code (fn ys => let fun go [] = x' :: r [] | go (y :: ys) = if x' <= y then x' :: r (y :: ys)\n"
        "                                                               else y :: go ys in go ys end) end\n")
    assert warning.notes == ("splice it once and share its value: `let val z = r in ... z ... z end` "
                             "inside `code`",)
    [warning] = splice_warnings("fun g 0 = code 1\n"
                                "  | g n = let cogen z = g (n - 1) in code (let val (y, v, w) = (z, 1, 2) in\n"
                                "                                        y + z + v + w end) end\n")
    assert warning.notes[0].startswith("splice it once and share its value: `let val y1 = z in")


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
    # a lift beside the recursive call does not hide it
    ("fun gen n = if n = 0 then code 1\n"
     "  else let cogen u = (if n > 9 then lift 0 else gen (n - 1)) in code (u + u) end", "u", "gen", 2),
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
    # the recursive call's result lifted: its code is one constant, however
    # the call computed it (a memoised generated function of the level below)
    "fun ack 0 = (fn n => n + 1)\n"
    "  | ack m = let cogen below = lift (ack (m - 1))\n"
    "            in eval (code (fn n => let fun a 0 = below 1 | a n = below (a (n - 1)) in a n end)) end",
    "fun gen 0 = code 1 | gen n = let cogen u = lift (let val k = eval (gen (n - 1)) in k + 1 end) in code (u * u) end",
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


def regeneration_warnings(text: str):
    result = check_program(parse_program(text), Source("lint.sml", text))
    assert result.errors == []
    return [w for w in result.warnings if "generates this code again" in w.message]


POLY = ("fun compPoly nil = code (fn x => 0)\n"
        "  | compPoly (a :: p) = let cogen f = compPoly p cogen a' = lift a in code (fn x => a' + x * f x) end\n"
        "val poly1 = [2, 4, 0, 2333]\n")


@pytest.mark.parametrize("use,line,col,note", [
    # the tutorial's classic mistake: the same code generated for every point
    ("val ys = map (fn x => eval (compPoly poly1) x) [1, 2, 3]", 4, 23, lint.REGENERATED_EVAL_NOTE),
    ("fun at x = eval (compPoly poly1) x", 4, 12, lint.REGENERATED_EVAL_NOTE),
    # a code variable used outside `code` runs its generator each time too
    ("fun at x = let cogen f = compPoly poly1 in f x end", 4, 16,
     lint.REGENERATED_COGEN_NOTE.format(name="f")),
    # generated code that generates the same code at each of its calls
    # (generated before the `code`, with cogen, not by val ... = eval)
    ("val g = code (fn x => eval (compPoly [1, 2]) x)", 4, 23, lint.REGENERATED_IN_CODE_NOTE),
    ("val g = code (fn x => let cogen f = compPoly [1] in f x end)", 4, 27,
     lint.REGENERATED_COGEN_IN_CODE_NOTE.format(name="f")),
    # a variable bound inside the generator itself is no dependence
    ("val ys = map (fn x => eval (code (fn y => y + 1)) x) [1, 2]", 4, 23, lint.REGENERATED_EVAL_NOTE),
    # the innermost function: each call of the one returned generates again
    ("fun at p = let val q = rev p in fn x => eval (compPoly q) x end", 4, 41, lint.REGENERATED_EVAL_NOTE),
    # a thunk that is not handed to a function, or a function of () declared with fun, is a function
    ("val t = fn () => eval (compPoly poly1) 1", 4, 18, lint.REGENERATED_EVAL_NOTE),
    ("fun t () = eval (compPoly poly1) 1", 4, 12, lint.REGENERATED_EVAL_NOTE),
    # a thunk given as an argument is looked through, to the function around it
    ("fun attempt f = f () handle Fail _ => 0\n"
     "val ys = map (fn x => attempt (fn () => eval (compPoly poly1) x)) [1, 2]", 5, 41, lint.REGENERATED_EVAL_NOTE),
])
def test_a_generator_evaluated_again_at_every_call_is_reported(use, line, col, note):
    [warning] = regeneration_warnings(POLY + use)
    assert (warning.span.line, warning.span.col) == (line, col)
    assert warning.notes == (note,)


@pytest.mark.parametrize("use", [
    "val f = eval (compPoly poly1)\nval ys = map f [1, 2, 3]",  # generated once
    "val v = eval (compPoly poly1) 47",  # at top level: evaluated once
    "fun at (p, x) = eval (compPoly p) x",  # the generator depends on the argument
    "fun at x = let cogen f = compPoly poly1 cogen x' = lift x in code (f x') end",  # only spliced
    "val g = code (fn y => eval (compPoly [y]) 2)",  # the generated function's argument
    "fun at x = let val q = [x, 1] in eval (compPoly q) end",  # a variable bound inside the function
    "val h = map (fn x => case x of 0 => 1 | n => n) [1]\nval k = case 3 of n => eval (compPoly [n]) 1",
    "fun eval g = 3\nfun at x = eval (compPoly poly1)",  # not the basis's eval
    # a thunk given as an argument delays the generation, to catch what it
    # raises: generating it before the thunk would escape the handler
    "fun attempt f = f () handle Fail _ => 0\n"
    "val ys = map (fn p => attempt (fn () => eval (compPoly p) 1)) [[1], [2]]",
    "fun attempt (name, f) = f () handle Fail _ => 0\n"
    "val z = attempt (\"one\", fn () => eval (compPoly poly1) 1)",
])
def test_a_generator_depending_on_the_function_s_arguments_or_evaluated_once_is_not(use):
    assert regeneration_warnings(POLY + use) == []


def test_the_repl_warns_of_a_regeneration_in_an_input_with_only_eval():
    # the generator was made by an earlier input; this one has no code,
    # lift or cogen of its own
    session = Session(machine="py")
    session.feed("val inc = code (fn x => x + 1);")
    out = session.feed("fun at x = eval inc x;")
    assert "warning: `eval` generates this code again at every call" in out
    assert out.rstrip().endswith("val at = fn : int -> int")
