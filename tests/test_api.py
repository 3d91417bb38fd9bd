"""The embedding API: loading, lookup, conversions both ways by ML type,
reduction counts per call, batched calls (MLFunction.map), errors."""

from __future__ import annotations

import pathlib
import re

import pytest

from mlbox import api, driver
from mlbox import deep as deep_module
from mlbox.api import CompileFailed, Data, HostValueError, MLError, MLFunction, MachineFailure, NameNotFound

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"

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
fun squares (n, v : int vector) = (Vector.tabulate (n, fn i => i * i), Vector.foldl op+ 0 v)
val names = Vector.fromList ["a", "b"]
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
    with pytest.raises(NameNotFound, match="no top-level value 'nothing'"):
        prog.type_of("nothing")


def test_a_lookup_by_something_else_than_a_name_is_a_type_error(prog):
    # prog.value(3) raised NameNotFound ("no top-level value 3"), as if 3
    # were a name the program lacks; a wrong type of argument is a
    # TypeError, as prog.call given a handle says (unhashable ones raised
    # TypeError from the lookup itself, before NameNotFound was made of them)
    for not_a_name in (3, None, {}, ["answer"], b"answer", prog["area"]):
        kind = type(not_a_name).__name__
        for lookup, where in ((prog.value, "prog.value"), (prog.__getitem__, r"prog\[...\]"),
                              (prog.type_of, "prog.type_of")):
            with pytest.raises(TypeError, match=rf"^{where} takes the name of a top-level value \(a str\), "
                                                rf"not {kind}$") as error:
                lookup(not_a_name)
            assert not isinstance(error.value, NameNotFound)


def test_in_and_iteration_ask_for_top_level_names(prog):
    # `in` and `for` fell back on prog[0], prog[1], ...: `"area" in prog`
    # raised NameNotFound ("no top-level value 0 in the program")
    assert "area" in prog and "answer" in prog
    assert "nothing" not in prog and 3 not in prog and None not in prog and ["area"] not in prog
    assert list(prog) == prog.names()
    assert "area" in list(prog)


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


def test_vectors_are_tuples(prog):
    assert prog["names"] == ("a", "b")
    assert prog.call("squares", 3, [1, 2]) == ((0, 1, 4), 3)  # a list or a tuple in, a tuple out
    assert prog.call("squares", 0, (5,)) == ((), 5)
    with pytest.raises(HostValueError, match="a vector is a Python list or tuple"):
        prog.call("squares", 1, 7)


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
    assert error.value.name == "Div" and error.value.arg is None
    with pytest.raises(MLError) as error:
        prog.call("nope", "why")
    assert error.value.name == "Nope" and error.value.arg == "why"
    assert str(error.value) == "uncaught exception Nope why"
    # bytes that are not UTF-8 come back as string results do (surrogateescape)
    with pytest.raises(MLError) as error:
        prog.call("nope", "caf\udce9")
    assert error.value.arg.encode("utf-8", "surrogateescape") == b"caf\xe9"
    assert str(error.value) == "uncaught exception Nope caf\ufffd"
    with pytest.raises(HostValueError, match="as ML type int"):
        prog.call("area", Data("Circle", "big"))
    with pytest.raises(HostValueError, match="not a constructor of shape"):
        prog.call("area", Data("Square", 1))
    with pytest.raises(HostValueError):
        prog.call("sum", [1, True])
    with pytest.raises(HostValueError):
        prog.call("area", 2 ** 70)


def test_several_arguments_to_a_curried_function_get_a_hint():
    curried = api.load_source("fun add a b = a + b : int\nfun tri (a, b) c = a + b + c : int", machine="py")
    assert curried.call("add", 1)(2) == 3
    with pytest.raises(HostValueError, match=r"add is curried \(int -> int -> int\): pass its arguments one "
                                             r"at a time, f\(a\)\(b\)"):
        curried.call("add", 1, 2)
    assert curried.call("tri", 1, 2)(3) == 6  # a tuple of two, then one: no hint needed
    with pytest.raises(HostValueError) as error:
        curried.call("tri", 1, "x")
    assert "curried" not in str(error.value)


def test_a_top_level_function_looked_up_as_a_value_keeps_its_name():
    # prog["add"] was `<ML function fn : ...>`, and its curried hint said
    # "fn is curried", where prog.function("add") says "add"
    curried = api.load_source("fun add a b = a + b : int\nval f = add 1", machine="py")
    assert repr(curried["add"]) == repr(curried.function("add")) == "<ML function add : int -> int -> int>"
    assert repr(curried.value("f")) == "<ML function f : int -> int>"
    assert curried["add"](1)(2) == 3
    with pytest.raises(HostValueError, match=r"; add is curried \(int -> int -> int\)"):
        curried["add"](1, 2)
    assert repr(curried["add"](1)) == "<ML function fn : int -> int>"  # a call's result has no name


@pytest.mark.parametrize("machine", ["c", "py"])
def test_a_value_only_the_program_makes_gets_a_message_saying_what_to_pass(machine):
    # it said "values of this type can only be passed back as MLValue
    # handles", also for a Python function given for an ML one, where what
    # to pass is an MLFunction (and no Python function is ever called)
    prog = api.load_source("fun twice f (x : int) = f (f x)\nfun inc x = x + 1\nval r = ref 5\n"
                           "fun get (c : int ref) = !c", machine=machine)
    with pytest.raises(HostValueError, match=r"^cannot pass <function .*> \(Python function\) as ML type "
                                             r"int -> int: a Python function cannot be called from ML; pass an ML "
                                             r"function of the program \(an MLFunction: prog.function\(name\), "
                                             r"or one a call returned\)$"):
        prog.call("twice", lambda x: x + 1)
    with pytest.raises(HostValueError, match=r"^cannot pass 3 \(Python int\) as ML type int -> int: pass an ML "
                                             r"function of the program"):
        prog.call("twice", 3)
    with pytest.raises(HostValueError, match=r"^cannot pass 5 \(Python int\) as ML type int ref: values of this "
                                             r"type are made by the program: pass back one of its MLValue handles$"):
        prog.call("get", 5)
    assert prog.call("twice", prog.function("inc"))(3) == 5
    assert prog.call("get", prog["r"]) == 5


def test_programs_load_in_several_threads_at_once():
    # "For calls in parallel, load the program once per thread": loads in
    # four threads at once shared the parser's one grammar state, and most
    # failed with IndexError('pop from empty list') from its fixity scopes
    from tests.threads import run_together

    text = (EXAMPLES / "regex.sml").read_text()
    outcomes: list = []

    def worker():
        for _ in range(3):
            try:
                prog = api.load_source(text, name="regex.sml", machine="c")
                outcomes.append(prog.call("matcher", "ab*c")("abbbc"))
            except BaseException as error:  # noqa: B036 (reported below)
                outcomes.append(repr(error))

    run_together([worker] * 4)  # switching threads often: inside the parses
    assert outcomes == [True] * 12


def test_limits():
    limited = api.load_source(SOURCE, machine="py", max_reductions=100_000)
    with pytest.raises(MachineFailure, match="REDUCTION_LIMIT"):
        limited.call("loop", 0)


STAGED_LIMITS_SOURCE = r'''
fun gpower 0 = code (fn x => 1)
  | gpower n = let cogen p = gpower (n - 1) in code (fn x => x * p x) end
fun deep 0 = code 0 | deep n = let cogen d = deep (n - 1) in code (d + 1) end
fun build 0 acc = acc | build n acc = let cogen a = acc in build (n - 1) (code (a + 1)) end
fun generate n = eval (build n (code 0))  (* most of its work is emitting code *)
fun generateDeep n = eval (deep n)  (* a deep stack before any code is emitted *)
val p3 = eval (gpower 3)
fun runat (g : [int -> int], x) = (eval g) x
'''


@pytest.mark.parametrize("generator, limit, status, hint", [
    # generate 20000 builds its generators in ~700,000 reductions, then emits
    ("generate", dict(max_reductions=900_000), "REDUCTION_LIMIT", "raise it with max_reductions=N when loading the program"),
    ("generateDeep", dict(max_stack=500), "STACK_LIMIT", "raise it with max_stack=N when loading the program"),
    ("generate", dict(max_heap=3 << 20), "HEAP_LIMIT", "raise it with max_heap=BYTES when loading the program"),
])
def test_a_limit_hit_while_generating_says_how_to_raise_it_and_both_machines_agree(generator, limit, status, hint):
    """A generator stopped at a limit (the message once named the limit but
    not the load argument that raises it); the program stays usable: an
    evaled function and a generator passed back in still work, with the
    same counts on both machines."""
    counts = {}
    for machine in MACHINES if "max_heap" not in limit else [m for m in MACHINES if m == "c"]:
        prog = api.load_source(STAGED_LIMITS_SOURCE, machine=machine, **limit)
        with pytest.raises(MachineFailure, match=f"^{status}: .*; {hint}$") as failure:
            prog.call(generator, 20_000 if generator == "generate" else 10 ** 6)
        stopped = prog.last_stats
        assert (stopped.generating > 0) == (generator == "generate")  # stopped inside emitting, or before it
        assert prog.function("p3")(2) == 8
        assert prog.call("runat", prog.call("gpower", 4), 3) == 81
        assert prog.call(generator, 5) == 5
        counts[machine] = (failure.value.status, stopped, prog.last_stats)
    assert len(set(counts.values())) == 1, counts


def test_compile_errors_are_rendered():
    with pytest.raises(CompileFailed) as error:
        api.load_source("val x = 1 + \"a\"", name="bad.sml", machine="py")
    assert "bad.sml:1:" in str(error.value)


def test_the_checkers_warnings_are_kept_rendered():
    program = api.load_source("fun f (SOME y) = y\nval x = rev []", name="w.sml", machine="py")
    assert [w.splitlines()[0] for w in program.warnings] == [
        "w.sml:1:5: warning: match nonexhaustive; not covered: NONE",
        "w.sml:2:5: warning: the type of 'x', '_a list, contains a free type variable: "
        "it is given a unique monotype"]
    assert api.load_source("val y = 1", machine="py").warnings == ()


def test_load_file(tmp_path):
    path = tmp_path / "small.sml"
    path.write_text("fun twice x = 2 * x\n")
    assert api.load(str(path), machine="py").call("twice", 21) == 42
    with pytest.raises(api.APIError, match="no such file"):
        api.load(str(tmp_path / "none.sml"))


# ------------------------------------------------------------ batched calls

MACHINES = ["py"] + (["c"] if driver.c_machine_available() else [])


@pytest.fixture(scope="module", params=MACHINES)
def either(request):
    return api.load_source(SOURCE + BATCH_SOURCE, machine=request.param)


@pytest.mark.parametrize("machine", MACHINES)
def test_a_value_that_contains_itself_is_an_error_or_kept(machine):
    # An array is copied into a list: one inside itself would be infinite.
    # prog["a"] raised Python's RecursionError, where a call's result says
    # HostValueError; it is found as the array is met inside its own copy
    # (not by the recursion limit, which a deep value passes now).
    prog = api.load_source("datatype t = L | A of t array\n"
                           "val a = Array.array (2, L)\n"
                           "val _ = Array.update (a, 1, A a)\n"
                           "fun get () = a\n"
                           "fun pick (x : 'a) = (a, x)\n"
                           "val r = ref a\n", machine=machine)
    inside_itself = "an array that contains itself cannot be converted to Python"
    with pytest.raises(HostValueError, match=inside_itself):
        prog["a"]
    with pytest.raises(HostValueError, match=inside_itself):
        prog.call("get", None)
    with pytest.raises(HostValueError, match=inside_itself):
        prog.call("pick", 1)  # polymorphic: the Converter's copy
    with pytest.raises(HostValueError, match=inside_itself):
        prog.function("get").map([None, None])
    with pytest.raises(HostValueError, match=inside_itself):
        prog["r"].get()
    assert prog.call("pick", 1, keep=True) is not None
    assert "t array" in repr(prog.value("a", keep=True))  # kept in ML, it is fine


def _depth(value) -> int:
    """How many N constructors deep a Data value is (without recursion)."""
    depth = 0
    while value != "L" and value.constructor == "N":
        value, depth = value.arg[0], depth + 1
    return depth


@pytest.mark.parametrize("machine", MACHINES)
def test_a_value_nested_deeper_than_the_recursion_limit_converts(machine, monkeypatch):
    # A datatype value some 330 levels deep (a list of a datatype of the
    # program's own, a deep syntax tree) was "nested too deeply to
    # convert", either way: the converters recurse a few frames a level,
    # and Python's limit is 1,000 frames. Such a value is converted again
    # on the deep stack (mlbox/deep.py).
    prog = api.load_source("datatype t = L | N of t * int\n"
                           "fun mk 0 = L | mk n = N (mk (n - 1), n)\n"
                           "fun depth L = 0 | depth (N (t, _)) = 1 + depth t\n"
                           "fun withDeep x = (x, mk 20000)\n"
                           "val deep = mk 20000\n"
                           "val r = ref L\n", machine=machine)
    deep = "L"
    for i in range(1, 20_001):
        deep = Data("N", (deep, i))
    assert prog.call("depth", deep) == 20_000
    assert prog.function("depth").map([deep, "L", deep]) == [20_000, 0, 20_000]
    assert _depth(prog.call("mk", 20_000)) == 20_000
    assert [_depth(v) for v in prog.function("mk").map([20_000, 3])] == [20_000, 3]
    assert _depth(prog["deep"]) == 20_000
    x, made = prog.call("withDeep", "polymorphic")  # the Converter's conversion of the result
    assert x == "polymorphic" and _depth(made) == 20_000
    r = prog["r"]
    r.set(deep)
    assert _depth(r.get()) == 20_000
    # what even the deep stack cannot hold is still an error, not a crash
    monkeypatch.setattr(deep_module, "RECURSION_LIMIT", 5_000)
    with pytest.raises(HostValueError, match="too deeply to convert"):
        prog.call("depth", deep)
    with pytest.raises(HostValueError, match="too deeply to convert"):
        prog["deep"]
    assert prog.call("depth", Data("N", ("L", 1))) == 1


BATCH_SOURCE = r'''
fun collatz n = let fun go (n, steps) = if n = 1 then steps
                                        else go (if n mod 2 = 0 then n div 2 else 3 * n + 1, steps + 1)
                in go (n, 0) end
fun tag (s : string, n : int) = (String.size s + n, s ^ "#")
fun apply (f : int -> int, x) = f x
fun adder (n : int) = fn m => n + m
'''


def singles(prog, f, args):
    results, stats = [], []
    for a in args:
        results.append(f(a))
        stats.append(prog.last_stats)
    return results, stats


@pytest.mark.parametrize("name, args", [
    ("collatz", [1, 2, 3, 7, 27, 97]),  # different reductions per call
    ("tag", [("", 0), ("ab", 5), ("hé", -1)]),
    ("area", [Data("Circle", 2), "Empty", Data("Rect", (3, 4))]),
    ("identity", [1, "one", [True]]),  # polymorphic: each call fixes its own type variable
    ("specPower", [2, 3]),  # generates code: the generating counts must agree too
])
def test_map_agrees_with_single_calls(either, name, args):
    f = either.function(name)
    expected, expected_stats = singles(either, f, args)
    got = f.map(args)
    assert either.last_batch_stats == tuple(expected_stats)
    assert either.last_batch_reductions == tuple(s.reductions for s in expected_stats)
    assert either.last_stats == api.Stats(sum(s.reductions for s in expected_stats),
                                          sum(s.generating for s in expected_stats),
                                          sum(s.emitted for s in expected_stats))
    if name == "specPower":  # functions: compare what they compute
        assert [g(2) for g in got] == [e(2) for e in expected]
    else:
        assert got == expected


def test_map_of_nothing_and_keep(either):
    assert either.function("collatz").map([]) == [] and either.last_batch_stats == ()
    kept = either.function("adder").map([1, 2], keep=True)
    assert all(isinstance(k, api.MLValue) for k in kept)
    assert [either.call("apply", k, 10) for k in kept] == [11, 12]
    assert [k(10) for k in kept] == [11, 12]  # a kept function is still callable
    with pytest.raises(api.APIError, match="a kept value of type int list is not a function"):
        either.call("identity", [1, 2], keep=True)(3)


def test_functions_pass_back_in(either):
    add3 = either.call("adder", 3)  # a curried function's result is an MLFunction
    assert isinstance(add3, MLFunction) and add3(4) == 7
    assert either.call("apply", add3, 4) == 7
    assert either.function("apply").map([(add3, 1), (either.call("adder", 10), 1)]) == [4, 11]


def test_map_raises_the_first_failing_call(either):
    divide = either.function("divide")
    with pytest.raises(MLError, match=r"uncaught exception Div \(in call 1 of the batch") as error:
        divide.map([(4, 2), (1, 0), (9, 3)])
    assert error.value.name == "Div" and error.value.index == 1
    assert len(either.last_batch_stats) == 3  # every call is made; the first failure is raised
    with pytest.raises(HostValueError, match="as ML type int"):  # arguments convert before any call
        divide.map([(4, 2), (1, "x")])


def test_conversion_errors_name_the_value_and_type(prog):
    with pytest.raises(HostValueError, match=r"cannot pass 3 \(Python int\) as ML type string"):
        prog.call("shout", 3)
    with pytest.raises(HostValueError, match=r"cannot pass -1 \(Python int\) as ML type word"):
        prog.call("both", True, -1)
    with pytest.raises(HostValueError, match=r"cannot pass 1 \(Python int\) as ML type bool"):
        prog.call("both", 1, 2)
    with pytest.raises(HostValueError, match="expected a tuple of 2"):
        prog.call("both", (True, 1, 2))
    with pytest.raises(HostValueError, match=r"as ML type int array"):
        prog.call("total", 5)
    with pytest.raises(HostValueError, match=r"cannot pass Data\(3\) \(Python Data\) as ML type shape: "
                                             r"3 is not a constructor"):
        prog.call("area", Data(3))
    # a str names a nullary constructor; the message shows the str passed
    with pytest.raises(HostValueError, match=r"cannot pass 'Circle' \(Python str\) as ML type shape: "
                                             r"constructor Circle needs an argument"):
        prog.call("area", "Circle")
    with pytest.raises(HostValueError, match=r"cannot pass 'Square' \(Python str\) as ML type shape: "
                                             r"'Square' is not a constructor of shape"):
        prog.call("area", "Square")
    with pytest.raises(HostValueError, match=r"cannot pass Data\('Empty', 1\) \(Python Data\) as ML type shape: "
                                             r"constructor Empty takes no argument"):
        prog.call("area", Data("Empty", 1))
    other = api.load_source(SOURCE, machine="py")
    with pytest.raises(HostValueError, match="belongs to another loaded program"):
        prog.call("specPower", 2)(other.value("specPower", keep=True))


def test_strings_and_bytes_convert_directly(prog):
    assert prog.call("shout", bytearray(b"ab")) == "ab!"
    assert prog.call("shout", memoryview(b"cd")) == "cd!"
    assert prog.call("identity", memoryview(b"ef")) == "ef"  # fixes 'a as string, as bytes do
    assert prog.function("shout").map(["x", b"y"]) == ["x!", "y!"]


def test_strings_round_trip_with_their_undecodable_bytes(either):
    # a string that is not UTF-8 comes out with surrogate escapes and goes
    # back in as the same bytes; a surrogate that escapes no byte has no
    # UTF-8 form: a HostValueError, not Python's UnicodeEncodeError
    out = either.call("shout", b"\xff\xfe")
    assert out == "\udcff\udcfe!"
    assert either.call("shout", out) == "\udcff\udcfe!!"
    shout = either.function("shout")
    for bad in ("\ud800", "ok\udfff"):
        for call in (lambda: shout(bad), lambda: either.call("identity", bad), lambda: shout.map(["a", bad])):
            with pytest.raises(HostValueError, match="lone surrogate U\\+D[8F]..* has no UTF-8 form"):
                call()


def test_a_lone_surrogate_in_the_program_text_is_a_compile_error_that_prints():
    with pytest.raises(CompileFailed, match=r"1:10: error: not UTF-8 text \(a lone surrogate U\+D800\)") as caught:
        api.load_source('val s = "\ud800"')
    str(caught.value).encode("utf-8")  # the echoed line shows a replacement character, not the surrogate


def test_a_handle_of_another_type_is_refused_before_the_call(either):
    """A kept value or function passed where its type does not fit: once
    handed to the machine as it was (a machine TYPE error, or a wrong
    result where the representations happen to agree)."""
    counter = either.call("identity", [1, 2], keep=True)  # int list
    adder = either.call("adder", 1)
    for name, arg, kind in [("total", counter, "int list"), ("shout", adder, "int -> int"),
                            ("area", counter, "int list"), ("apply", (either.function("shout"), 1), "string -> string"),
                            ("sum", either.call("identity", ["a"], keep=True), "string list")]:
        with pytest.raises(HostValueError, match=f"it is an ML value of type {re.escape(kind)}"):
            either.call(name, arg)
    assert either.call("sum", counter) == 3  # where it fits, it passes
    assert either.call("apply", (either.function("identity"), 5)) == 5  # 'a -> 'a fits int -> int


def test_a_polymorphic_result_has_the_type_its_argument_fixed(either):
    add1 = either.call("identity", either.call("adder", 1))
    assert isinstance(add1, MLFunction) and add1(2) == 3  # callable, not an opaque 'a
    kept = either.call("identity", (1, "a"), keep=True)
    assert repr(kept) == "<ML value : int * string>"


@pytest.mark.parametrize("machine", MACHINES)
def test_a_function_given_for_an_equality_type_variable_is_refused_before_the_call(machine):
    # it reached `=` in the callee, which stopped the machine (TYPE)
    prog = api.load_source("fun member (x, l) = List.exists (fn y => y = x) l\n"
                           "fun adder n = fn x => x + n\nval cell = ref 1", machine=machine)
    add1 = prog.call("adder", 1)
    with pytest.raises(HostValueError, match=r"as ML type ''a: an equality type variable, which its type "
                                             r"int -> int cannot stand for"):
        prog.call("member", (add1, [add1]))
    assert prog.call("member", (prog["cell"], [prog["cell"]]))  # refs admit equality
    assert prog.call("member", (3, [1, 2])) is False


@pytest.mark.parametrize("machine", MACHINES)
def test_the_first_use_of_a_weak_type_variable_fixes_it(machine):
    # a '_a was instantiated call by call: one `ref []` could be filled with
    # ints and read as strings (a machine TYPE error, or a wrong result
    # where the representations agree: ints read as chars)
    prog = api.load_source("val cell = ref []\n"
                           "fun fill (c : int list ref) = c := 300 :: !c\n"
                           "fun text (c : char list ref) = implode (!c)\n"
                           "fun both (c : int list ref, d : char list ref) = ()\n"
                           "val (push, get) = let val s = ref [] in (fn x => s := x :: !s, fn () => !s) end\n"
                           "val pushPair = let val s = ref [] in fn (x, y) => s := (x, y) :: !s end\n"
                           "val same = ref NONE\n"
                           "fun setf (c : (int -> int) option ref) = c := SOME (fn x => x)", machine=machine)
    assert repr(prog["cell"]) == "<ML value : '_a list ref>"
    with pytest.raises(HostValueError, match=r"it is an ML value of type int list ref"):
        prog.call("both", (prog["cell"], prog["cell"]))  # one call cannot give it two types
    assert repr(prog["cell"]) == "<ML value : '_a list ref>"
    prog.call("fill", prog["cell"])
    assert repr(prog["cell"]) == "<ML value : int list ref>"
    with pytest.raises(HostValueError, match=r"it is an ML value of type int list ref"):
        prog.call("text", prog["cell"])
    with pytest.raises(HostValueError):  # a batch that does not convert is not made and fixes nothing
        prog.function("push").map([1, lambda: 0])
    with pytest.raises(HostValueError, match=r"cannot pass 's' \(Python str\) as ML type int"):
        prog.function("push").map([1, "s"])  # one type for the batch
    with pytest.raises(HostValueError):
        prog.call("pushPair", ("a", lambda: 0))
    prog.call("push", 1)
    with pytest.raises(HostValueError, match=r"cannot pass 's' \(Python str\) as ML type int"):
        prog.call("push", "s")
    prog.call("pushPair", ("a", 2))
    assert prog.call("get", ()) == [1]
    prog.call("setf", prog["same"])  # (not an equality type variable: a function type fits)
    assert repr(prog["same"]) == "<ML value : (int -> int) option ref>"
    members = api.load_source("val (add, mem) = let val s = ref [] in\n"
                              "  (fn x => s := x :: !s, fn x => List.exists (fn y => y = x) (!s)) end\n"
                              "fun adder n = fn x => x + n", machine=machine)
    with pytest.raises(HostValueError, match=r"weak equality type \(''_a\), which this first use would fix "
                                             r"to a type without equality"):
        members.call("add", members.call("adder", 1))
    members.call("add", 3)
    assert (members.call("mem", 3), members.call("mem", 4)) == (True, False)


@pytest.mark.parametrize("machine", MACHINES)
def test_a_weak_type_variable_before_a_top_level_semicolon_is_a_type_of_its_own(machine):
    # as in Poly/ML, the `;` ends the unit that could fix it: no call can
    prog = api.load_source("val cell = ref [];\nfun push (c, x) = c := x :: !c", machine=machine)
    assert repr(prog["cell"]) == "<ML value : _a list ref>"
    with pytest.raises(HostValueError, match=r"cannot pass 3 \(Python int\) as ML type _a"):
        prog.call("push", (prog["cell"], 3))
    assert repr(prog["cell"]) == "<ML value : _a list ref>"


@pytest.mark.parametrize("machine", MACHINES)
def test_a_weak_type_variable_met_by_a_polymorphic_function_is_fixed_by_the_call(machine):
    # `push (cell, 3)` with push : 'b list ref * 'b -> unit fixed nothing:
    # 'b was fixed to int for the call only, so `push (cell, "s")` was
    # accepted next and cell held an int and a string
    prog = api.load_source("val cell = ref []\nval other = ref []\nval flags = ref []\n"
                           "fun push (c, x) = c := x :: !c\nfun push2 (x, c) = c := x :: !c\n"
                           "fun keep c = c\nfun move (a, b) = b := !a", machine=machine)
    assert prog.type_of("cell") == "'_a list ref"
    prog.call("push", (prog["cell"], 3))
    assert prog.type_of("cell") == "int list ref" and repr(prog["cell"]) == "<ML value : int list ref>"
    with pytest.raises(HostValueError, match=r"cannot pass 's' \(Python str\) as ML type int"):
        prog.call("push", (prog["cell"], "s"))
    with pytest.raises(HostValueError, match=r"it is an ML value of type int list ref"):
        prog.call("push2", ("s", prog["cell"]))
    assert prog.call("keep", prog["cell"]) is not None
    # a call that gives two weak variables one type joins them for good
    prog.call("move", (prog["other"], prog["flags"]))
    assert prog.type_of("other") == "'_a list ref" and prog.type_of("flags") == "'_a list ref"
    prog.call("push", (prog["flags"], True))
    assert prog.type_of("other") == "bool list ref"
    with pytest.raises(HostValueError, match=r"as ML type bool"):
        prog.call("push", (prog["other"], 1))
    # the result of a call with a weak variable left open has the same variable
    fresh = api.load_source("val cell = ref []\nfun keep c = c\nfun push (c, x) = c := x :: !c",
                            machine=machine)
    kept = fresh.call("keep", fresh["cell"])
    assert repr(kept) == "<ML value : '_a list ref>"
    fresh.call("push", (kept, "s"))
    assert fresh.type_of("cell") == "string list ref"
    # a weak variable in the place of a type with the callee's variables
    # ('_a for 'c list): fixed as the call fixes them, or the call refused
    boxes = api.load_source("val box = ref NONE\nval open1 = ref NONE\nval both = ref NONE\n"
                            "fun put (b : 'c list option ref, x : 'c) = b := SOME [x]\n"
                            "fun clear (b : 'c list option ref) = b := NONE\n"
                            "fun get (b : int option ref) = valOf (!b)\n"
                            "fun size (b : 'c list option ref) = case !b of NONE => 0 | SOME l => length l",
                            machine=machine)
    boxes.call("put", (boxes["box"], "s"))  # the box held a string list at '_a: `get` read it as an int
    assert boxes.type_of("box") == "string list option ref"
    with pytest.raises(HostValueError, match=r"it is an ML value of type string list option ref"):
        boxes.call("get", boxes["box"])
    with pytest.raises(HostValueError, match=r"would fix to '[a-z] list, which the call leaves open"):
        boxes.call("clear", boxes["open1"])
    assert boxes.type_of("open1") == "'_a option ref"
    with pytest.raises(HostValueError, match=r"leaves open"):  # one call of a batch: none is made
        boxes.function("clear").map([boxes["box"], boxes["open1"]])
    assert boxes.call("size", boxes["box"]) == 1
    boxes.function("put").map([(boxes["both"], 1), (boxes["open1"], 2)])
    assert boxes.type_of("both") == boxes.type_of("open1") == "int list option ref"
    # ... and to a type with the program's own weak variables, for good
    nest = api.load_source("val box = ref NONE\nval cell = ref []\nfun push (c, x) = c := x :: !c\n"
                           "fun put2 (b : 'c option ref, x : 'c) = b := SOME x", machine=machine)
    nest.call("put2", (nest["box"], nest["cell"]))
    assert nest.type_of("box") == "'_a list ref option ref"
    nest.call("push", (nest["cell"], 5))
    assert nest.type_of("box") == "int list ref option ref"
    # SML's occurs check: '_a cannot stand for '_a list
    cyclic = api.load_source("val cell = ref NONE\nfun g (r : 'c list option ref, s : 'c option ref) = ()",
                             machine=machine)
    with pytest.raises(HostValueError, match=r"stand for '_a list, which contains it"):
        cyclic.call("g", (cyclic["cell"], cyclic["cell"]))
    assert cyclic.type_of("cell") == "'_a option ref"
    # given for an equality variable, a weak variable must then admit =
    eq = api.load_source("val cell = ref []\nfun addNew (c, x) = if List.exists (fn y => y = x) (!c) "
                         "then () else c := x :: !c\nfun adder n = fn x => x + n", machine=machine)
    with pytest.raises(HostValueError, match=r"weak equality type|equality type variable"):
        eq.call("addNew", (eq["cell"], eq.call("adder", 1)))
    assert eq.type_of("cell") == "'_a list ref"
    eq.call("addNew", (eq["cell"], 2))
    eq.call("addNew", (eq["cell"], 2))
    assert eq.type_of("cell") == "int list ref" and eq.value("cell") is not None


@pytest.mark.parametrize("machine", MACHINES)
def test_an_opaque_result_inside_a_converted_one_has_the_instance_type(machine):
    # `ref 3` came back as an 'a ref handle, which then passed for a string
    # ref too: the machine met an int where it expected a string
    prog = api.load_source("fun mkref x = ref x\nfun pairWith x = (x, ref x)\n"
                           "fun get (r : int ref) = !r\nfun shout (r : string ref) = !r ^ \"!\"", machine=machine)
    cell = prog.call("mkref", 3)
    assert repr(cell) == "<ML value : int ref>"
    assert prog.call("get", cell) == 3
    with pytest.raises(HostValueError, match=r"it is an ML value of type int ref"):
        prog.call("shout", cell)
    text, text_cell = prog.call("pairWith", "s")
    assert text == "s" and repr(text_cell) == "<ML value : string ref>"
    assert prog.call("shout", text_cell) == "s!"


@pytest.mark.parametrize("machine", MACHINES)
def test_a_handle_fixes_the_type_variables_inside_its_argument_type(machine):
    # `eval g x` with g a [int -> int] handle came back as an opaque 'b
    # (`<ML value : 'a>`): only a handle passed as a bare 'a fixed its type
    prog = api.load_source("fun apply (f, x) = f x\n"
                           "fun runAt (g, x) = eval g x\n"
                           "fun adder n = fn x => x + n\n"
                           "val double = code (fn x => x * 2)\n"
                           "val both = (fn x => x ^ \"!\", code (fn x => x + 1))", machine=machine)
    assert prog.call("runAt", prog["double"], 21) == 42
    assert prog.call("apply", prog.call("adder", 1), 41) == 42
    assert prog.function("runAt").map([(prog["double"], 1), (prog["double"], 2)]) == [2, 4]
    assert repr(prog.call("apply", prog.call("adder", 1), 1, keep=True)) == "<ML value : int>"
    shout, _ = prog["both"]  # a handle of a polymorphic type fixes nothing it leaves open
    assert prog.call("apply", shout, "hey") == "hey!"


@pytest.mark.parametrize("machine", MACHINES)
def test_calls_from_several_threads_are_made_one_at_a_time(machine):
    # The C machine runs with the GIL released: two threads in one machine
    # corrupted its stacks (TYPE errors, "bad opcode", a segmentation
    # fault); the Python machine interleaved its runs too.
    import threading

    prog = api.load_source("fun work (n : int) = let fun go (0, acc) = acc | go (k, acc) = go (k - 1, k mod 7 :: acc) "
                           "in foldl op+ 0 (go (n, [])) end", machine=machine)
    work = prog.function("work")
    # long enough for the threads to overlap many times (a Python call of
    # 2,000 spans several of the interpreter's 5 ms thread switches)
    n = 20_000 if machine == "c" else 2_000
    expected, small = work(n), work(3)
    failures: list = []

    def worker():
        try:
            for _ in range(8):
                got = [work(n), *work.map([n, 3]), prog.call("work", n), prog.value("work")(3)]
                if got != [expected, expected, small, expected, small]:
                    failures.append(got)
        except Exception as error:  # noqa: BLE001 - collected for the assertion below
            failures.append(repr(error))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_a_program_is_freed_without_the_cycle_collector():
    """No reference cycle through a Program: its machine (and the C
    machine's pinned handles) go when the last reference does."""
    import gc
    import weakref

    gc.disable()
    try:
        loaded = api.load_source(SOURCE + BATCH_SOURCE, machine=MACHINES[-1])
        loaded.call("adder", 1)(2)
        loaded.function("tag").map([("a", 1)])
        loaded.call("specPower", 2)(3)
        ref = weakref.ref(loaded)
        del loaded
        assert ref() is None
    finally:
        gc.enable()


_CYCLE_PROGRAM = """
import gc, sys, weakref
from mlbox import api
loaded = api.load_source(sys.argv[1], machine=sys.argv[2])
loaded.itself = loaded  # a reference cycle through the Program
kept = [loaded.call("specPower", 2), loaded.value("specPower", keep=True), loaded.call("adder", 1)]
loaded.kept = kept
ref = weakref.ref(loaded)
del loaded, kept
gc.collect()
print("collected" if ref() is None else "alive")
"""


def test_a_program_in_a_reference_cycle_is_collected_safely():
    """The cycle collector finalises garbage in no set order; the machine
    (and, on the C machine, the handles pinned in it) must still be freed
    in order. In a subprocess: getting this wrong crashes the process."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _CYCLE_PROGRAM, SOURCE + BATCH_SOURCE, MACHINES[-1]],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "collected"


# ------------------------------------------------------------ compiled conversions

from hypothesis import given, settings, strategies as st  # noqa: E402

from ccam.instructions import INT_MAX, INT_MIN  # noqa: E402
from ccam.values import show  # noqa: E402
from mlbox.checker import BOOL, BUILTIN_TYCONS, CHAR, INT, STRING, WORD  # noqa: E402
from mlbox.hostvalues import Converter, Plans  # noqa: E402
from mlbox.types import TCon, TTuple  # noqa: E402


def _shape_type():
    from mlbox.hostvalues import function_parts

    return function_parts(api.load_source(SOURCE, machine="py")._bindings["area"].scheme)[0]


def _of(name, item):
    return TCon(BUILTIN_TYCONS[name], (item,))


_INTS = st.integers(INT_MIN, INT_MAX)
_TEXT = st.text(max_size=6) | st.binary(max_size=6)
SHAPE = _shape_type()
# (ML type, strategy of Python values that stand for it)
TYPED_VALUES = [
    (INT, _INTS),
    (STRING, _TEXT),
    (BOOL, st.booleans()),
    (WORD, st.integers(0, 2 ** 63 - 1)),
    (CHAR, st.characters(max_codepoint=255)),
    (TTuple(()), st.none()),
    (TTuple((INT, STRING)), st.tuples(_INTS, _TEXT)),
    (TTuple((BOOL, INT, STRING)), st.tuples(st.booleans(), _INTS, _TEXT)),
    (_of("list", TTuple((INT, BOOL))), st.lists(st.tuples(_INTS, st.booleans()), max_size=4)),
    (_of("array", STRING), st.lists(_TEXT, max_size=4)),
    (_of("vector", INT), st.lists(_INTS, max_size=4) | st.tuples(_INTS, _INTS)),
    (_of("vector", _of("vector", CHAR)), st.lists(st.lists(st.characters(max_codepoint=255), max_size=3),
                                                   max_size=3)),
    (_of("list", _of("list", INT)), st.lists(st.lists(_INTS, max_size=3), max_size=3)),
    (_of("option", INT), st.none() | _INTS),
    (SHAPE, st.sampled_from([Data("Empty"), "Empty"]) | st.builds(Data, st.just("Circle"), _INTS)
     | st.builds(Data, st.just("Rect"), st.tuples(_INTS, _INTS))),
    (_of("list", SHAPE), st.lists(st.builds(Data, st.just("Circle"), _INTS), max_size=3)),
]
# Values of the wrong kind for every type above (each fails for some of them).
WRONG = st.sampled_from([1.5, "x", b"y", 2 ** 70, -1, True, None, (1,), [1, "a"], Data("Square", 1), 300, ()])


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_compiled_conversions_equal_the_converter(data):
    t, values = data.draw(st.sampled_from(TYPED_VALUES))
    value = data.draw(values | WRONG)
    plans = Plans()
    try:
        expected = show(Converter().to_ml(value, t))
    except HostValueError as error:
        with pytest.raises(HostValueError) as compiled_error:
            plans.to_ml(t)(value)
        assert str(compiled_error.value) == str(error)
        return
    machine_value = plans.to_ml(t)(value)
    assert show(machine_value) == expected
    assert plans.to_python(t)(machine_value) == Converter().to_python(machine_value, t)


def test_a_value_of_a_deeply_nested_type_prints_its_type():
    """repr() of a generator of a generator ... 2,000 deep: the type printer
    recurses, so it runs on the deep stack rather than fail."""
    program = api.load_source("val x = " + "lift " * 2000 + "1")
    shown = repr(program["x"])
    assert shown == "<ML value : " + "[" * 2000 + "int" + "]" * 2000 + ">"


def test_a_handle_typed_by_the_parameter_variable_itself_binds_nothing():
    # Binding a variable to itself would make every later lookup of it loop.
    from mlbox.hostvalues import MLValue
    from ccam.values import UNIT_VALUE
    from mlbox.types import TVar

    a = TVar(0)
    converter = Converter()
    assert converter.to_ml(MLValue(UNIT_VALUE, a), a) is UNIT_VALUE
    assert converter.resolved(a) is a
    assert converter.to_ml(7, a) == 7  # the old self-binding looped here


@pytest.mark.parametrize("machine", ["py", "c"])
def test_abstype_values_are_opaque_handles(machine):
    # outside its declaration an abstype has no constructors: its values
    # cannot be built or taken apart as Data, only passed back
    prog = api.load_source("abstype bag = B of int list with val empty = B [] fun add (B l) x = B (x :: l)\n"
                           "fun size (B l) = length l end", machine=machine)
    bag = prog["add"](prog["empty"])(3)
    assert isinstance(bag, api.MLValue)
    assert prog.call("size", prog["add"](bag)(4)) == 2
    with pytest.raises(api.HostValueError, match="handles"):
        prog.call("size", Data("B", [1]))


@pytest.mark.parametrize("machine", ["py", "c"])
def test_slices_are_opaque_handles(machine):
    # a slice's triple is the prelude's representation, not a Python value:
    # it comes back as a handle and goes in only as one of its own type
    prog = api.load_source("val s = ArraySlice.slice (Array.fromList [1, 2, 3], 1, NONE)\n"
                           "val v = VectorSlice.full (Vector.fromList [\"a\"])\n"
                           "fun total sl = ArraySlice.foldl op + 0 sl\nfun base sl = ArraySlice.base sl", machine=machine)
    assert repr(prog["s"]) == "<ML value : int ArraySlice.slice>"
    assert prog.call("total", prog["s"]) == 5
    assert prog.call("base", prog["s"]) == ([1, 2, 3], 1, 2)
    with pytest.raises(api.HostValueError, match="handles"):
        prog.call("total", ([1, 2, 3], 1, 2))
    with pytest.raises(api.HostValueError, match="string VectorSlice.slice"):
        prog.call("total", prog["v"])


@pytest.mark.parametrize("machine", MACHINES)
def test_a_type_variable_a_call_leaves_open_in_its_result_is_weak(machine):
    # `mkempty ()` came back as an 'a list ref handle: filled as an int list
    # by one call, it passed for a string list ref in the next, whose result
    # conversion then failed with a Python AttributeError (or the machine
    # stopped with TYPE); a closure over a ref took an int, then a string
    prog = api.load_source("fun mkempty () = ref []\n"
                           "fun setInts (x : int list ref) = x := [1, 2]\n"
                           "fun getStrs (x : string list ref) = !x\n"
                           "fun mkpush () = let val r = ref [] in fn x => (r := x :: !r; !r) end\n"
                           "fun mkcell () = let val r = ref [] in (fn x => r := x :: !r, fn () => !r) end\n"
                           "fun pair x y = (x, y)", machine=machine)
    cell = prog.call("mkempty", None)
    assert repr(cell) == "<ML value : '_a list ref>"  # as SML types `val cell = mkempty ()`
    prog.call("setInts", cell)
    assert repr(cell) == "<ML value : int list ref>"
    with pytest.raises(HostValueError, match=r"it is an ML value of type int list ref"):
        prog.call("getStrs", cell)
    push = prog.call("mkpush", None)
    assert repr(push) == "<ML function fn : '_a -> '_a list>"
    assert push(3) == [3]
    with pytest.raises(HostValueError, match=r"cannot pass 's' \(Python str\) as ML type int"):
        push("s")
    put, get = prog.call("mkcell", ())  # one variable for the whole result
    assert (repr(put), repr(get)) == ("<ML value : '_a -> unit>", "<ML value : unit -> '_a list>")
    put("s")
    assert get(()) == ["s"] and repr(get) == "<ML value : unit -> string list>"
    with_one = prog.call("pair", 1)  # SML's value restriction: `pair 1` is not polymorphic
    assert with_one("a") == (1, "a")
    with pytest.raises(HostValueError, match=r"cannot pass 2 \(Python int\) as ML type string"):
        with_one(2)
    first, second = prog.function("mkempty").map([None, None])  # one fresh variable per call of a batch
    prog.call("setInts", first)
    assert (repr(first), repr(second)) == ("<ML value : int list ref>", "<ML value : '_a list ref>")
    assert repr(prog.call("mkempty", None, keep=True)) == "<ML value : '_a list ref>"


@pytest.mark.parametrize("machine", MACHINES)
def test_handles_copy_as_themselves_and_programs_refuse_copying(machine):
    # copy.deepcopy of a result holding a handle copied the whole program
    # and failed deep inside it (AttributeError: 'Scope' object has no
    # attribute 'cursor'; the C machine: cannot pickle '_CDataBase')
    import copy
    import pickle

    prog = api.load_source("fun adder n = fn x => x + n\nval cell = ref 5\nfun get (r : int ref) = !r",
                           machine=machine)
    results = {"add3": prog.call("adder", 3), "cell": prog["cell"], "kept": prog.call("adder", 4, keep=True)}
    copied = copy.deepcopy(results)
    assert copied["add3"] is results["add3"] and copied["cell"] is results["cell"]
    assert copied["add3"](1) == 4 and copied["kept"](1) == 5 and prog.call("get", copy.copy(prog["cell"])) == 5
    for thing, what in [(results["add3"], r"an ML value \(MLFunction\) cannot be pickled"),
                        (results["cell"], r"an ML value \(MLRef\) cannot be pickled"),
                        (results["kept"], r"an ML value \(MLValue\) cannot be pickled"),
                        (prog, "a loaded Program cannot be copied or pickled")]:
        with pytest.raises(TypeError, match=what + ": it lives in a loaded program's machine"):
            pickle.dumps(thing)
    with pytest.raises(TypeError, match="a loaded Program cannot be copied"):
        copy.deepcopy(prog)


@pytest.mark.parametrize("machine", MACHINES)
def test_ctrl_c_ends_a_batch_on_both_machines(machine):
    # on the Python machine, Ctrl-C stopped only the call it fell in: the
    # batch went on with the next calls (each up to its limit, here)
    import os
    import signal
    import threading

    # a limit each call takes seconds to reach
    limit = {"py": 3_000_000, "c": 3_000_000_000}[machine]
    prog = api.load_source("fun forever n = forever n\nfun id (x : int) = x", machine=machine, max_reductions=limit)
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in an interactive process
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(MachineFailure, match=r"^INTERRUPTED: stopped by interrupt\(\) or Ctrl-C \(in call 0 of the batch"):
            prog.function("forever").map([1, 2, 3, 4])
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, inherited)
    counts = prog.last_batch_reductions
    assert len(counts) == 4 and counts[0] > 0 and counts[1:] == (0, 0, 0)
    assert prog.function("id").map([1, 2]) == [1, 2]  # and the program goes on


def test_an_int_subclass_passes_as_an_int_but_a_bool_does_not(prog):
    # an IntEnum (socket.AF_INET, an application's own codes) was refused
    # as "an int is a Python int"; True, though an int in Python, is ML's bool
    import enum

    class Code(enum.IntEnum):
        FIRST = 7

    assert prog.call("identity", Code.FIRST) == 7 and type(prog.call("identity", Code.FIRST)) is int
    assert prog.call("sum", [Code.FIRST, 1]) == 8
    assert prog.call("both", (False, Code.FIRST)) == 7
    assert prog.call("divide", Code.FIRST, 2) == 3
    with pytest.raises(HostValueError, match=r"cannot pass True \(Python bool\) as ML type int"):
        prog.call("sum", [True])


def test_data_repr_is_python(prog):
    # Python's convention: the repr evaluates back to an equal value (it
    # was `Rect((0, 0))`, `Leaf`)
    for value in (Data("Rect", (0, 0)), Data("Leaf"), Data("Node", (Data("Leaf"), 3, "x", [1.5], None)),
                  Data("SOME", Data("NONE")), Data("Var", "it's")):
        assert eval(repr(value), {"Data": Data}) == value
    assert repr(Data("Rect", (0, 0))) == "Data('Rect', (0, 0))"
    assert repr(Data("Leaf")) == "Data('Leaf')"
    assert repr(Data(3)) == "Data(3)"  # a constructor that is no name, shown as given
    grown = prog.call("grow", Data("Circle", 2))  # as a value comes back from ML
    assert repr(grown) == "Data('Circle', 3)" and eval(repr(grown), {"Data": Data}) == grown


def test_option_constructors_given_as_data_are_checked_as_a_datatypes_are():
    # Data("SOME") converted the missing argument (NO_ARG) and failed naming
    # a Python `object`; Data("NONE", 3) dropped the 3
    prog = api.load_source("fun getOr (x : int option, d) = getOpt (x, d)", machine="py")
    with pytest.raises(HostValueError, match=r"cannot pass Data\('SOME'\) \(Python Data\) as ML type int option: "
                                             r"constructor SOME needs an argument"):
        prog.call("getOr", (Data("SOME"), 0))
    with pytest.raises(HostValueError, match=r"cannot pass Data\('NONE', 3\) \(Python Data\) as ML type int option: "
                                             r"constructor NONE takes no argument"):
        prog.call("getOr", (Data("NONE", 3), 0))
    assert prog.call("getOr", (Data("NONE"), 5)) == 5 and prog.call("getOr", (Data("SOME", 4), 5)) == 4
    nested = api.load_source("fun which (x : int option option) = case x of NONE => 0 | SOME NONE => 1 | SOME _ => 2\n"
                             "fun someNone () : int option option = SOME NONE", machine="py")
    assert [nested.call("which", v) for v in (None, Data("SOME", None), 3)] == [0, 1, 2]  # as docs/embedding.md says
    assert nested.call("someNone", ()) is None


@pytest.mark.parametrize("machine", MACHINES)
def test_a_handle_given_for_an_option_is_some_of_it(machine):
    # `t option` takes None or the value itself, but a handle (a function,
    # a ref) was compared with the whole option type and refused: passing
    # SOME f needed Data("SOME", f)
    prog = api.load_source("fun apply (g : (int -> int) option, x) = case g of SOME h => h x | NONE => x\n"
                           "fun double (x : int) = 2 * x\nval cell = ref 7\n"
                           "fun peek (r : int ref option) = case r of SOME c => !c | NONE => 0\n"
                           "fun opt (x : int) = if x > 0 then SOME x else NONE\n"
                           "fun keepIt (a : int option, b : int option option) = (a, b)\n"
                           "fun any (x : 'a option) = isSome x", machine=machine)
    assert prog.call("apply", prog["double"], 4) == 8 and prog.call("apply", None, 4) == 4
    assert prog.call("apply", Data("SOME", prog["double"]), 5) == 10
    assert prog.call("peek", prog["cell"]) == 7 and prog.call("peek", None) == 0
    assert prog.call("any", prog["double"]) is True  # 'a option: SOME of the function
    kept = prog.call("opt", 3, keep=True)  # an int option kept whole passes as the whole option
    assert prog.call("keepIt", kept, kept) == (3, 3)  # (and as SOME of it in an int option option)
    assert prog.call("keepIt", None, Data("SOME", None)) == (None, None)
    with pytest.raises(HostValueError, match=r"it is an ML value of type int -> int"):
        prog.call("peek", prog["double"])


@pytest.mark.parametrize("machine", MACHINES)
def test_a_datatype_named_like_a_basis_type_converts_as_a_datatype(machine):
    # conversions went by the type's name: g(5) was accepted for
    # `datatype int = A | B` (then a machine TYPE error), g("A") refused,
    # and values of `datatype 'a list` / `bool` came back as a list / a bool
    prog = api.load_source("datatype int = A | B\nfun g A = 0 | g B = 1\n"
                           "fun h (x : Int.int) = if x = 0 then A else B\n"
                           "datatype 'a list = Nil | Cons of 'a * 'a list\n"
                           "fun len Nil = 0 | len (Cons (_, t)) = 1 + len t\n"
                           "val l = Cons (true, Nil)\ndatatype bool = T | F\nval t = (T, 1 < 2)", machine=machine)
    assert (prog.call("g", "A"), prog.call("g", Data("B")), prog.call("h", 0), prog.call("h", 3)) == (0, 1, Data("A"), Data("B"))
    assert prog.call("len", Data("Cons", (7, Data("Cons", (8, Data("Nil")))))) == 2
    assert prog.value("l") == Data("Cons", (True, Data("Nil"))) and prog.value("t") == (Data("T"), True)
    with pytest.raises(HostValueError, match=r"cannot pass 5 \(Python int\) as ML type int: "
                                             r"a value of type int is a Data\(constructor, arg\)"):
        prog.call("g", 5)


def test_output_is_collected_in_linear_time_and_can_be_cleared():
    # each call's output was appended to one bytes object, copying all of
    # it every time: 40,000 calls that printed a line took 30 s, not 1
    import time

    prog = api.load_source('val _ = print "loaded\\n"\n'
                           'fun say (n : int) = print ("line number " ^ Int.toString n ^ "\\n")', machine="c")
    say = prog.function("say")

    def cpu_time(calls: int) -> float:
        start = time.process_time()
        for i in range(calls):
            say(i)
        return time.process_time() - start

    small, large = cpu_time(2_500), cpu_time(20_000)
    assert large < 25 * small, (small, large)  # 8 times the calls; quadratic was over 100 times the time
    lines = prog.output.decode().splitlines()
    assert lines[0] == "loaded" and lines[1:] == [f"line number {i}" for i in [*range(2_500), *range(20_000)]]
    prog.output = b""
    say.map([1, 2])
    say(3)
    assert prog.output == b"line number 1\nline number 2\nline number 3\n"


@pytest.mark.parametrize("machine", MACHINES)
def test_a_call_that_prints_past_max_heap_stops_with_its_output_so_far(machine):
    # a call's output is kept until it returns: a print loop grew the host
    # past any max_heap (200 MB under 64 MB) until the system killed it
    import warnings

    chunk, limit = 1 << 18, 1 << 22
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # (machine="py": max_heap bounds only the output)
        prog = api.load_source('fun double (s, 0) = s | double (s, n) = double (s ^ s, n - 1)\n'
                               'val chunk = double ("x", 18)\n'
                               'fun loop 0 = () | loop n = (print chunk; loop (n - 1))', machine=machine,
                               max_heap=limit)
    with pytest.raises(MachineFailure) as failure:
        prog.call("loop", 64)
    assert failure.value.status.name == "HEAP_LIMIT"
    message = str(failure.value)
    assert message.startswith("HEAP_LIMIT: the kept output would pass the heap limit (")
    assert message.endswith(f"> limit {limit}); {api.KEPT_OUTPUT_HINT}")
    assert "stream" not in message  # (the machine's advice: no stream to choose here)
    assert 0 < len(prog.output) <= limit and prog.output == b"x" * len(prog.output)
    prog.output = b""
    prog.call("loop", 2)  # the next call starts afresh
    assert prog.output == b"x" * 2 * chunk


@pytest.mark.parametrize("machine", MACHINES)
def test_an_uncaught_exception_of_the_program_carries_its_argument_converted(machine):
    # MLError.arg was None for any argument but a string: E (3, ["x"]) lost
    # the 3, an int-carrying exception its int
    prog = api.load_source('exception E of int * string list\nexception F\nexception G = E\n'
                           'exception H of int -> int\nexception Fail of int\ndatatype t = A | B of int\n'
                           'exception D of t\nfun raising n = case n of 0 => raise E (3, ["x"]) | 1 => raise G (4, [])'
                           ' | 2 => raise F | 3 => raise H (fn x => x + 1) | 4 => raise Fail 7'
                           ' | 5 => raise General.Fail "why" | 6 => raise D (B 2)'
                           ' | 7 => let exception L of int in raise L 5 end'
                           ' | _ => let exception S of string in raise S "s" end', machine=machine)
    expected = {0: ("E", (3, ["x"])), 1: ("E", (4, [])), 2: ("F", None), 4: ("Fail", 7), 5: ("Fail", "why"),
                6: ("D", Data("B", 2)), 7: ("L", 5), 8: ("S", "s")}  # L, S: declared in a function
    for n, (name, arg) in expected.items():
        with pytest.raises(MLError) as caught:
            prog.call("raising", n)
        assert (caught.value.name, caught.value.arg) == (name, arg)
    assert str(caught.value) == "uncaught exception S s"
    with pytest.raises(MLError, match=r"^uncaught exception E \(3, \['x'\]\) \(in call 0 of the batch") as caught:
        prog.function("raising").map([0, 1])
    assert caught.value.arg == (3, ["x"])
    with pytest.raises(MLError) as caught:
        prog.call("raising", 3)
    assert caught.value.arg(41) == 42  # a function argument is a handle, as a result would be
    deep = api.load_source("datatype t = L | N of t\nexception T of t\n"
                           "fun raiseDeep n = let fun mk 0 = L | mk n = N (mk (n - 1)) in raise T (mk n) end",
                           machine=machine)
    with pytest.raises(MLError, match=r"^uncaught exception T <ML value : t>$"):  # too deep to convert: a handle
        deep.call("raiseDeep", 100_000)
    for text, arg in [("exception E of int\nval _ = raise E 42", 42),
                      ('exception Z of string\nval _ = raise Z "early"\nexception E of int', "early")]:
        with pytest.raises(MLError) as caught:  # while loading, with exceptions declared after it unset
            api.load_source(text, machine=machine)
        assert caught.value.arg == arg


@pytest.mark.parametrize("machine", MACHINES)
def test_an_uncaught_exception_s_argument_is_converted_by_the_declaration_that_made_it(machine):
    # The argument's type was looked up by name among the top-level
    # exceptions, through the last global slot of that name: a shadowed E of
    # string took the int of the E after it (arg b"x"), and so did one
    # whose name a later top-level `local` exception took.
    prog = api.load_source('exception E of string\nfun early () = raise E "x"\nexception E of int\n'
                           'fun late () = raise E 3\n'
                           'exception K of string\nfun k () = raise K "k"\n'
                           'local exception K of int in fun localK () = raise K 4 end\n'
                           'exception R of string * int\nexception A = R\nfun alias () = raise A ("a", 1)\n'
                           "fun poly (x : 'a) = let exception P of 'a in raise P x end\n"
                           'fun two b = if b then let exception T of int in raise T 1 end\n'
                           '            else let exception T of int list in raise T [2] end\n'
                           'fun same () = let exception U of int in raise U 7 end\n'
                           'fun same2 () = let exception U of int in raise U 8 end', machine=machine)
    cases = [("early", (), "E", "x"), ("late", (), "E", 3), ("k", (), "K", "k"), ("localK", (), "K", 4),
             ("alias", (), "R", ("a", 1)), ("same", (), "U", 7), ("same2", (), "U", 8),
             # the type is unknown: a type variable (its string still a str,
             # as any unknown string argument), two declarations' types
             ("two", True, "T", None), ("two", False, "T", None)]
    for function, arg, name, expected in cases:
        with pytest.raises(MLError) as caught:
            prog.call(function, arg)
        assert (caught.value.name, caught.value.arg) == (name, expected), function
    for arg, expected in [(5, None), ("s", "s")]:
        with pytest.raises(MLError) as caught:
            prog.call("poly", arg)
        assert (caught.value.name, caught.value.arg) == ("P", expected)


@pytest.mark.parametrize("machine", MACHINES)
def test_the_basis_fail_keeps_its_string_beside_a_local_exception_of_its_name(machine):
    # The basis's Fail was not among the declarations the argument's type
    # was chosen from: a local `exception Fail of int`, the only Fail
    # declared, gave its int to `Fail "boom"` (arg b"boom", shown in the message).
    prog = api.load_source('fun mk () = let exception Fail of int in raise Fail 1 end\n'
                           'fun basis () = raise Fail "boom"', machine=machine)
    for function, expected in [("basis", "boom"), ("mk", 1)]:
        with pytest.raises(MLError) as caught:
            prog.call(function, ())
        assert (caught.value.name, caught.value.arg) == ("Fail", expected)


@pytest.mark.parametrize("machine", MACHINES)
def test_map_takes_any_iterable_for_a_polymorphic_function_too(machine):
    # a generator was consumed by counting the calls, then gave none: `map`
    # of a polymorphic function returned [] (a monomorphic one was right)
    prog = api.load_source("fun id x = x\nfun inc (x : int) = x + 1", machine=machine)
    for name, expected in [("id", [0, 1, 2]), ("inc", [1, 2, 3])]:
        assert prog.function(name).map(x for x in range(3)) == expected
        assert prog.function(name).map(iter(range(3))) == expected and len(prog.last_batch_stats) == 3


def test_an_argument_of_too_many_nodes_for_the_c_machine_is_a_host_value_error(monkeypatch):
    # as docs/embedding.md says (the bound is cmachine.MAX_HOST_NODES, 4,194,304; lowered here)
    from ccam import cmachine

    monkeypatch.setattr(cmachine, "MAX_HOST_NODES", 1000)
    prog = api.load_source("fun total (l : int list) = foldl op+ 0 l", machine="c")
    with pytest.raises(HostValueError, match=r"a host value of more than 1,000 nodes cannot be passed to the C machine"):
        prog.call("total", list(range(400)))  # 400 list cells, pairs and ints
    assert prog.call("total", list(range(300))) == sum(range(300))  # 300 cells, pairs and ints
    assert prog.function("total").map([list(range(300))] * 3) == [sum(range(300))] * 3  # counted one by one


@pytest.mark.parametrize("machine", MACHINES)
def test_a_batchs_kept_results_have_each_calls_instance_type(machine):
    # map(..., keep=True) of a polymorphic function kept its results at the
    # callee's own type: `id` gave an 'a handle, which passed for a string
    # (the machine stopped with TYPE), `mkempty` an 'a list ref filled with
    # ints and read as strings (AttributeError)
    prog = api.load_source("fun id x = x\nfun mkempty () = ref []\nfun size2 (s : string) = size s\n"
                           "fun setInts (x : int list ref) = x := [1]\nfun getStrs (x : string list ref) = !x",
                           machine=machine)
    three, text = prog.function("id").map([3, "s"], keep=True)
    assert (repr(three), repr(text)) == ("<ML value : int>", "<ML value : string>")
    with pytest.raises(HostValueError, match=r"it is an ML value of type int"):
        prog.call("size2", three)
    assert prog.call("size2", text) == 1
    first, second = prog.function("mkempty").map([(), ()], keep=True)
    prog.call("setInts", first)
    with pytest.raises(HostValueError, match=r"it is an ML value of type int list ref"):
        prog.call("getStrs", first)
    assert prog.call("getStrs", second) == []


FAST_PATH_SOURCE = """
fun inc x = x + 1
fun len (s : string) = size s
fun swap3 (a : int, b : bool, c : string) = (c, b, a)
fun sum (xs : int list) = foldl (op +) 0 xs
datatype shape = Circle of int | Rect of int * int | Dot
fun grow (Circle r) = Circle (r + 1) | grow (Rect (a, b)) = Rect (a + 1, b + 1) | grow Dot = Dot
exception Boom of int * string
fun boom (x : int) : int = if x > 0 then raise Boom (x, "up") else x div x
fun shout (s : string) = (print s; print "\\n"; s ^ "!")
fun pairs (n : int) = List.tabulate (n, fn i => (i, Int.toString i))
fun spin (n : int) : int = if n = 0 then 0 else spin (n - 1)
"""


@pytest.mark.parametrize("machine", MACHINES)
def test_the_fast_call_path_gives_what_the_general_path_gives(machine):
    # MLFunction.call of a monomorphic function takes Program._fast_call's
    # path (on the C machine): results, errors, output and statistics must
    # be the general path's (MLFunction._general)
    prog = api.load_source(FAST_PATH_SOURCE, machine=machine, max_reductions=100_000)
    calls = [("inc", (5,)), ("len", ("héllo",)), ("swap3", (1, True, "abc")), ("swap3", ((2, False, ""),)),
             ("sum", (list(range(100)),)), ("grow", (Data("Rect", (3, 4)),)), ("grow", ("Dot",)),
             ("boom", (3,)), ("boom", (0,)), ("shout", ("hey",)), ("pairs", (3,)), ("pairs", (200,)),
             ("spin", (10,)), ("spin", (1_000_000,)), ("inc", ("x",)), ("inc", (1 << 70,)), ("len", (5,)),
             ("swap3", (1, 2)), ("grow", (Data("Square", 1),)), ("grow", (Data("Circle"),)), ("sum", ([1, "2"],))]
    for name, args in calls:
        f = prog.function(name)
        outcomes = []
        for call in (f.call, f._general):
            prog.output = b""
            try:
                outcome = ("value", call(*args))
            except api.APIError as error:
                outcome = (type(error).__name__, str(error), getattr(error, "arg", None))
            outcomes.append((outcome, prog.last_stats, prog.output))
        assert outcomes[0] == outcomes[1], (name, args)
    fast = prog.function("inc")._fast
    assert (fast is not None) == (machine == "c")


def test_which_types_convert_shallowly():
    from mlbox.hostvalues import converts_shallowly, function_parts

    prog = api.load_source("datatype int = A | B\nfun own (x : int) = x\n"
                           "fun f (x : Int.int list * string option * (bool * char) vector * word array * unit) = 1\n"
                           "fun r (x : Int.int ref) = 1\nfun g (x : Int.int -> Int.int) = 1\n"
                           "fun d (x : Int.int list list list list list list list list list) = 1\n"
                           "fun ord (x : order) = 1", machine="py")
    shallow = {name: converts_shallowly(function_parts(prog._bindings[name].scheme)[0])
               for name in ("own", "f", "r", "g", "d", "ord")}
    # a program's own `int` is a datatype; refs, functions and datatypes
    # hold values of any depth; nine levels of lists are too many
    assert shallow == {"own": False, "f": True, "r": False, "g": False, "d": False, "ord": False}


@pytest.mark.parametrize("machine", MACHINES)
def test_the_argument_of_a_local_exception_raised_many_times_is_converted_each_time(machine):
    # the types of exception names are kept (Program._exception_type), at
    # most EXCEPTION_TYPES of them: a local exception is a new name each
    # time its declaration runs
    prog = api.load_source("fun f (n : int) : int = let exception L of int * string in raise L (n, \"l\") end\n"
                           "exception G of string\nfun g (s : string) : int = raise G s", machine=machine)
    for n in range(api.EXCEPTION_TYPES + 10):
        with pytest.raises(MLError) as caught:
            prog.call("f", n)
        assert (caught.value.name, caught.value.arg) == ("L", (n, "l"))
        with pytest.raises(MLError) as caught:
            prog.call("g", str(n))
        assert (caught.value.name, caught.value.arg) == ("G", str(n))
    assert len(prog._exception_types) <= api.EXCEPTION_TYPES


@pytest.mark.skipif(api.default_machine() != "c", reason="the C machine is not built")
def test_a_list_too_large_for_the_c_machine_is_refused_before_converting():
    # 3n + 1 nodes at least (a cell's constructor and pair, its item; the
    # nil): past the bound, refused without the walk that counted them all
    # (5,000,000 ints took 10 s to be refused)
    import time

    from ccam.cmachine import MAX_HOST_NODES

    prog = api.load_source("fun sum (l : int list) = foldl op+ 0 l\nfun size (l : 'a list) = length l\n"
                           "fun count (a : int array) = Array.length a", machine="c")
    most = (MAX_HOST_NODES - 1) // 3
    big = list(range(5_000_000))
    for call in (lambda: prog.call("sum", big), lambda: prog.call("size", big),  # (compiled and general paths)
                 lambda: prog.call("sum", [0] * (most + 1)), lambda: prog.call("count", [0] * MAX_HOST_NODES)):
        start = time.monotonic()
        with pytest.raises(HostValueError, match=f"more than {MAX_HOST_NODES:,} nodes cannot be passed"):
            call()
        assert time.monotonic() - start < 0.5
    assert prog.call("sum", [1] * most) == most  # at the bound: passed
    assert prog.call("count", [0] * (MAX_HOST_NODES - 1)) == MAX_HOST_NODES - 1


@pytest.mark.parametrize("machine", MACHINES)
def test_a_handle_where_a_name_is_expected_is_a_type_error(machine):
    prog = api.load_source("fun square (n : int) = n * n", machine=machine)
    square = prog.function("square")
    for lookup in (lambda: prog.call(square, 1), lambda: prog.function(square)):
        with pytest.raises(TypeError, match=r"takes the name of a top-level function \(a str\), not MLFunction "
                                            r"\(call a handle itself: f\(x\)\)"):
            lookup()
    with pytest.raises(TypeError, match="not int$"):
        prog.call(3)
    assert prog.call("square", 4) == 16


@pytest.mark.parametrize("machine", MACHINES)
def test_a_call_with_the_wrong_number_of_arguments_says_how_many(machine):
    prog = api.load_source("fun square (n : int) = n * n\nfun add (a : int, b : int) = a + b\n"
                           "fun unit () = 1\nfun id x = x", machine=machine)
    square, add, unit = prog.function("square"), prog.function("add"), prog.function("unit")
    cases = [(lambda: square(), r"square : int -> int takes one argument \(of ML type int\); none was given"),
             (lambda: square(1, 2), r"takes one argument \(of ML type int\); 2 were given \(an ML function "
                                    r"takes one argument: a tuple is one\)"),
             (lambda: square.call(1, 2, keep=True), "2 were given"),  # (the general path)
             (lambda: add(1, 2, 3), r"takes one argument \(a tuple of 2, passed as f\(a, b\) or f\(\(a, b\)\)\); "
                                    "3 were given"),
             (lambda: unit(1, 2), r"takes one argument \(\(\), passed as f\(\)\); 2 were given")]
    for call, message in cases:
        with pytest.raises(HostValueError, match=message):
            call()
    assert square(3) == 9 and add(1, 2) == 3 and add((1, 2)) == 3 and unit() == 1
    assert prog.call("id", 1, 2) == (1, 2)  # a type variable: several stand for a tuple


@pytest.mark.parametrize("machine", MACHINES)
def test_a_deep_data_value_in_an_error_is_shown_bounded(machine):
    prog = api.load_source("datatype t = L | N of t\nfun id x = x", machine=machine)
    deep = Data("L")
    for _ in range(5000):
        deep = Data("N", deep)
    with pytest.raises(HostValueError) as error:
        prog.call("id", (deep, object()))  # a function's type cannot be told from a Python object
    assert "cannot pass (Data('N', Data('N', " in str(error.value)
    assert "instance at 0x" not in str(error.value)
    from mlbox.hostvalues import bounded_repr
    assert bounded_repr(deep) == "Data('N', " * 7 + "..." + ")" * 7  # reprlib's six levels
    assert bounded_repr(Data("L")) == "Data('L')"
    assert bounded_repr([Data("N", Data("L"))] * 100).endswith(", ...]")


@pytest.mark.parametrize("machine", MACHINES)
def test_a_deep_result_prints_whole(machine):
    # print(prog.call("build", 5000)) raised RecursionError: Python's reprs
    # recurse a frame or more a level, and a value from ML is routinely
    # thousands of levels deep; it is shown whole, evaluable as before
    prog = api.load_source("""
datatype t = Leaf | Node of t
datatype rose = R of (int * rose) list
fun build 0 = Leaf | build n = Node (build (n - 1))
fun grow 0 = R [] | grow n = R [(n, grow (n - 1)), (0, R [])]
""", machine=machine)
    chain = prog.call("build", 5000)
    assert repr(chain) == str(chain) == "Data('Node', " * 5000 + "Data('Leaf')" + ")" * 5000
    rose = prog.call("grow", 3000)  # through lists and tuples too, and in a list
    expected = "Data('R', [])"
    for n in range(1, 3001):
        expected = f"Data('R', [({n}, {expected}), (0, Data('R', []))])"
    assert repr(rose) == expected and repr([rose, (rose,)]) == f"[{expected}, ({expected},)]"
    shallow = rose
    for _ in range(2990):
        shallow = shallow.arg[0][1]
    assert eval(repr(shallow), {"Data": Data}) == shallow  # (Python's parser takes 200 levels)


def test_deep_data_reprs_agree_with_the_recursive_repr():
    # the walk below _RECURSIVE_REPR_LEVELS shows what the recursive repr
    # shows: one-item tuples, empty containers, subclasses, other objects,
    # a list that contains itself ([...], as Python shows it)
    from mlbox import hostvalues

    class Pair(tuple):
        pass

    loop = [1]
    loop.append(Data("In", loop))
    leaves = [(), [], (1,), ([],), Pair((1, 2)), {"k": Data("D", (1,))}, 1.5, None, "s", b"b", loop,
              Data("L"), Data("W", [Data("x", 2)])]

    def nest(depth):
        value = Data("Leaf")
        for level in range(depth):
            leaf = leaves[level % len(leaves)]
            value = Data("N", [(value, leaf)] if level % 3 else (leaf, value))
        return value

    value = nest(60)
    recursive = repr(value)  # within the levels shown recursively
    assert recursive.count("Data('N'") == 60 and "[1, Data('In', [...])]" in recursive
    assert hostvalues._nested_repr(value, set()) == recursive
    deep = nest(1000)
    assert repr(deep) == hostvalues._nested_repr(deep, set())


def test_a_python_tuple_stands_for_a_list_or_an_array(prog):
    # as for a vector: either built-in sequence (docs/embedding.md, Conversions)
    assert prog.call("sum", (1, 2, 3)) == 6 and prog.call("total", (5, 6, 7)) == 18
    assert prog.call("bump", (1, 2)) == [99, 2]  # an array comes back as a list


@pytest.mark.skipif(not driver.c_machine_available() or not pathlib.Path("/proc/self/statm").exists(),
                    reason="needs the C machine and /proc/self/statm")
def test_a_program_no_longer_referenced_frees_its_machine():
    """There is no close(): the C machine (heap, code, generated code) is
    freed with the last reference to its Program or to any handle of it
    (docs/embedding.md, "A program's lifetime"). 200 programs of some 15 MB
    each (a list of 150,000 ints, a generated function): kept, they grow
    the process by 3 GB."""
    import gc

    def resident_mb() -> int:
        return int(pathlib.Path("/proc/self/statm").read_text().split()[1]) * 4096 >> 20

    source = ("val big = List.tabulate (150000, fn i => i)\n"
              "fun gen n = let cogen k = lift n in eval (code (fn x => x + k)) end\n")
    gc.collect()
    before = None
    for round in range(200):
        prog = api.load_source(source, machine="c")
        add = prog.call("gen", 1)  # a handle: it keeps the program alive until it goes too
        assert add(2) == 3
        del prog
        if round == 20:  # after the allocator's first growth
            before = resident_mb()
    gc.collect()
    assert resident_mb() - before < 200
