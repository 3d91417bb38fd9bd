"""The embedding API: loading, lookup, conversions both ways by ML type,
reduction counts per call, errors."""

from __future__ import annotations

import pytest

from mlbox import api
from mlbox.api import CompileFailed, Data, HostValueError, MLError, MLFunction, MachineFailure, NameNotFound

SOURCE = r'''
datatype shape = Circle of int | Rect of int * int | Empty
fun area (Circle r) = 3 * r * r
  | area (Rect (w, h)) = w * h
  | area Empty = 0
fun grow s = case s of Circle r => Circle (r + 1) | other => other
fun sum xs = foldl (op +) 0 xs
fun swap (a, b) = (b, a)
fun total (arr : int array) = let fun go (i, acc) = if i = Array.length arr then acc
                                                     else go (i + 1, acc + Array.sub (arr, i))
                              in go (0, 0) end
fun bump (arr : int array) = (Array.update (arr, 0, 99); arr)
fun shout (s : string) = s ^ "!"
fun firstChar s = String.sub (s, 0)
fun both (b : bool, w : word) = if b then Word.andb (w, 0w255) else w
fun divide (a, b) = a div b
exception Nope of string
fun nope s = raise Nope s
fun power e = if e = 0 then code (fn _ => 1)
              else let cogen p = power (e - 1) in code (fn b => b * p b) end
fun specPower e = eval (power e)
fun loop n = loop (n + 1)
val answer = 42
val pairs = [(1, "one"), (2, "two")]
fun maybe n = if n > 0 then SOME n else NONE
fun identity x = x
'''


@pytest.fixture(scope="module")
def prog():
    return api.load_source(SOURCE, machine="py")


def test_lookup_and_plain_values(prog):
    assert prog["answer"] == 42
    assert prog["pairs"] == [(1, "one"), (2, "two")]
    assert prog.type_of("area") == "shape -> int"
    assert isinstance(prog["area"], MLFunction)
    with pytest.raises(NameNotFound):
        prog["nothing"]


def test_calls_convert_by_type(prog):
    assert prog.call("area", Data("Rect", (3, 4))) == 12
    assert prog.call("area", "Empty") == 0
    assert prog.call("grow", Data("Circle", 2)) == Data("Circle", 3)
    assert prog.call("sum", [1, 2, 3]) == 6
    assert prog.call("swap", 1, "x") == ("x", 1)  # several Python arguments stand for a tuple
    assert prog.call("total", [5, 6, 7]) == 18
    assert prog.call("bump", [1, 2]) == [99, 2]
    assert prog.call("shout", "hé") == "hé!"
    assert prog.call("shout", b"\xff") == "\udcff!"  # undecodable bytes survive as surrogate escapes
    assert prog.call("firstChar", "abc") == "a"
    assert prog.call("both", True, 0x1234) == 0x34
    assert prog.call("maybe", 3) == 3 and prog.call("maybe", 0) is None
    assert prog.call("identity", [1, 2]) == [1, 2]  # a type variable bound by the argument


def test_reduction_counts_per_call(prog):
    cube = prog.call("specPower", 3)
    generate = prog.last_stats
    assert cube(2) == 8
    assert generate.generating > 0 and generate.emitted > 0
    assert generate.running == generate.reductions - generate.generating
    square_and_more = prog.call("specPower", 5)
    assert square_and_more(2) == 32
    run = prog.last_stats
    assert run.reductions > 0 and run.generating == 0 and run.emitted == 0


def test_ml_exceptions_and_bad_host_values(prog):
    with pytest.raises(MLError) as error:
        prog.call("divide", 1, 0)
    assert error.value.name == "Div"
    with pytest.raises(MLError) as error:
        prog.call("nope", "why")
    assert error.value.name == "Nope"
    with pytest.raises(HostValueError, match="as ML type int"):
        prog.call("area", Data("Circle", "big"))
    with pytest.raises(HostValueError, match="not a constructor of shape"):
        prog.call("area", Data("Square", 1))
    with pytest.raises(HostValueError):
        prog.call("sum", [1, True])
    with pytest.raises(HostValueError):
        prog.call("answer" if False else "area", 2 ** 70)


def test_limits():
    limited = api.load_source(SOURCE, machine="py", max_reductions=100_000)
    with pytest.raises(MachineFailure, match="REDUCTION_LIMIT"):
        limited.call("loop", 0)


def test_compile_errors_are_rendered():
    with pytest.raises(CompileFailed) as error:
        api.load_source("val x = 1 + \"a\"", name="bad.sml", machine="py")
    assert "bad.sml:1:" in str(error.value)


def test_load_file(tmp_path):
    path = tmp_path / "small.sml"
    path.write_text("fun twice x = 2 * x\n")
    assert api.load(str(path), machine="py").call("twice", 21) == 42
    with pytest.raises(api.APIError, match="no such file"):
        api.load(str(tmp_path / "none.sml"))
