"""The basis (mlbox/basis.py, mlbox/prelude.sml) against the SML Basis
Library as Poly/ML 5.7 implements it.

Types: tests/data/basis_types.polyml records the type Poly/ML gives every
basis value (all of them but `eval`, which is ML□'s own); the checker must
give the same types. The recording is re-checked against Poly/ML when
`poly` is installed; to re-record it:

    python -m tests.test_basis --write

Behaviour is the corpus's business: tests/data/polyml/70_* … 76_* and 97_*
(490_* … 496_* for ArraySlice and VectorSlice, 506_* … 509_* for Array2)
run every basis name beyond the basis core (docs/language.md §10) (edge cases and exceptions included)
and compare the output with Poly/ML's. This file adds what a run of a
core program cannot show: the order datatype in the checker and the REPL,
shadowing diagnostics, and the basis inside `code`.
"""

from __future__ import annotations

import pathlib
import re
import shutil
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from ccam.instructions import Status
from mlbox import basis, driver
from mlbox.checker import check_program
from mlbox.diagnostics import Source
from mlbox.parser import parse_program
from mlbox.repl import Session
from tests import basis_edges

RECORDING = pathlib.Path(__file__).resolve().parent / "data" / "basis_types.polyml"
POLY = shutil.which("poly")
ML_BOX_ONLY = {"eval"}  # not an SML Basis name
# basis values that are infix in SML, referred to with `op`
INFIX_ALPHANUMERIC = {"o", "before"}
NAMES = [name for name in basis.VALUES if name not in ML_BOX_ONLY]


def _reference(name: str) -> str:
    return f"op {name}" if name in INFIX_ALPHANUMERIC or not name[0].isalpha() else name


def normalise_tyvars(ty: str) -> str:
    """Rename type variables in order of first occurrence ('a, 'b, ...;
    ''a, ''b, ... for equality ones), so that equal types print equal."""
    renaming: dict[str, str] = {}

    def rename(match: re.Match) -> str:
        var = match.group(0)
        if var not in renaming:
            prefix = "''" if var.startswith("''") else "'"
            same_kind = sum(1 for v in renaming if v.startswith("''") == (prefix == "''"))
            renaming[var] = prefix + chr(ord("a") + same_kind)
        return renaming[var]

    return re.sub(r"''?[A-Za-z][A-Za-z0-9_']*", rename, ty)


def read_recording() -> dict[str, str]:
    types = {}
    for line in RECORDING.read_text(encoding="utf-8").splitlines():
        name, ty = line.split(" : ", 1)
        types[name] = ty
    return types


# Poly/ML's String.sml declares Char and String before the global StringCvt
# (inside a `local`), so it names their scan's reader type by that hidden
# path: ?.Char.StringCvt.reader is StringCvt.reader.
HIDDEN_PATH = re.compile(r"\?\.(?:Char|String)\.(?=StringCvt\.)")


def unhide(ty: str) -> str:
    """A type as Poly/ML prints it, with the basis's names as mlbox has them."""
    return HIDDEN_PATH.sub("", ty)


def poly_types() -> dict[str, str]:
    """Each name's type as Poly/ML prints it, type variables normalised."""
    program = "PolyML.Compiler.lineLength := 100000;\n" + "".join(
        f"val x{index} = {_reference(name)};\n" for index, name in enumerate(NAMES))
    run = subprocess.run([POLY], input=program, capture_output=True, text=True, timeout=120)
    printed = {}
    for line in run.stdout.splitlines():
        match = re.match(r"val x(\d+) = (.*)$", line)
        if match:
            # `fn: T` or `VALUE: T`; no type contains ": "
            printed[NAMES[int(match.group(1))]] = normalise_tyvars(unhide(match.group(2).rsplit(": ", 1)[1]))
    missing = [name for name in NAMES if name not in printed]
    assert not missing, f"Poly/ML does not know {missing}:\n{run.stdout}"
    return printed


def mlbox_types() -> dict[str, str]:
    text = "".join(f"val x{index} = {_reference(name)}\n" for index, name in enumerate(NAMES))
    result = check_program(parse_program(text), Source("types.sml", text))
    assert result.errors == []
    by_binding = {b.name: b.type for b in result.elaboration.toplevel if b.kind == "val"}
    return {name: normalise_tyvars(by_binding[f"x{index}"]) for index, name in enumerate(NAMES)}


def test_normalising_type_variables():
    assert normalise_tyvars("('b -> 'c) * ('a -> 'b) -> 'a -> 'c") == "('a -> 'b) * ('c -> 'a) -> 'c -> 'b"
    assert normalise_tyvars("''b * 'x * ''a -> ''b") == "''a * 'a * ''b -> ''a"


def test_unhiding_polymls_types():
    assert unhide("(char, 'a) ?.Char.StringCvt.reader -> (int, 'a) ?.String.StringCvt.reader") == \
        "(char, 'a) StringCvt.reader -> (int, 'a) StringCvt.reader"


def test_the_checker_gives_every_basis_value_its_recorded_polyml_type():
    recorded = read_recording()
    assert set(recorded) == set(NAMES)
    assert mlbox_types() == recorded


@pytest.mark.skipif(POLY is None, reason="Poly/ML (`poly`) is not installed: cannot re-check the recorded types")
def test_the_recorded_types_are_polymls():
    assert poly_types() == read_recording()


def test_the_corpus_runs_every_qualified_name_under_polyml():
    """Each qualified type and constructor of basis.py is one Poly/ML has:
    the corpus program that Poly/ML's recording checks uses them all."""
    program = (RECORDING.parent / "polyml" / "97_qualified_basis_names.sml").read_text()
    used = set(re.findall(r"\b[A-Z][A-Za-z]*\.(?:[A-Za-z]+|::)", program))
    assert set(basis.QUALIFIED_TYPES) | set(basis.QUALIFIED_CONSTRUCTORS) <= used


# ------------------------------------------------------------ order


def check(text: str):
    return check_program(parse_program(text), Source("test.sml", text))


def test_order_is_an_equality_datatype_whose_matches_are_checked():
    result = check("fun f LESS = 0 | f EQUAL = 1\nval b = Int.compare (1, 2) = LESS\n")
    assert result.errors == []
    [warning] = result.warnings
    assert "GREATER" in str(warning)


def test_the_repl_prints_order_values():
    session = Session(machine="py")
    assert session.feed("String.compare (\"b\", \"ab\");") == "val it = GREATER : order\n"
    assert session.feed("List.getItem [LESS];") == "val it = SOME (LESS,[]) : (order * order list) option\n"


def test_a_shadowing_order_datatype_is_a_different_type():
    result = check("datatype order = LESS | EQUAL\nval x = case Int.compare (3, 3) of EQUAL => 1 | _ => 0\n")
    [error] = result.errors
    assert (error.span.line, error.span.col) == (2, 36)
    assert error.message == "this pattern has type order but the value matched has type order"
    assert error.notes == ("these are two different types that are both called order (one shadows the other)",)


# ------------------------------------------------------------ prelude exceptions


def test_a_prelude_exception_has_only_its_qualified_name():
    [error] = check("val e = UnequalLengths").errors
    assert "unbound variable or constructor 'UnequalLengths'" in error.message
    assert check("val e = ListPair.UnequalLengths\nexception UnequalLengths\nval f = UnequalLengths").errors == []


def test_a_prelude_exception_is_one_constructor_for_the_match_checker():
    # a handler with it twice has a redundant rule; with a program's own
    # exception of the same name it has none
    twice = check("fun f g = g () handle ListPair.UnequalLengths => 1 | ListPair.UnequalLengths => 2")
    assert [w.message for w in twice.warnings if "redundant" in w.message]
    distinct = check("exception UnequalLengths\n"
                     "fun f g = g () handle ListPair.UnequalLengths => 1 | UnequalLengths => 2")
    assert distinct.warnings == []


def test_domain_is_general_domain_at_top_level():
    # Poly/ML's top level has General.Domain as Domain; a program raising it
    # for an argument out of range must check, and both names are one
    # exception (one constructor for the match checker, one at run time)
    twice = check("fun f g = g () handle Domain => 1 | General.Domain => 2")
    assert [w.message for w in twice.warnings if "redundant" in w.message]
    program = """
    fun fact n = if n < 0 then raise Domain else if n = 0 then 1 else n * fact (n - 1)
    val () = print (Int.toString (fact 4) ^ exnName Domain)
    val () = (ignore (fact ~1); print "no") handle General.Domain => print " caught"
    val _ = fact ~2
    """
    compiled = driver.compile_source(Source("domain.sml", program))
    for machine in driver.MACHINES:
        result = driver.run_program(compiled.program, machine=machine)
        assert result.output == b"24Domain caught", machine
        assert (result.status, result.value.name.name) == (Status.UNCAUGHT, b"Domain"), machine


def test_a_program_may_declare_its_own_domain():
    program = "exception Domain of int\nval () = (raise Domain 3) handle Domain n => print (Int.toString n)"
    compiled = driver.compile_source(Source("own.sml", program))
    assert driver.run_program(compiled.program, machine="c").output == b"3"


def test_a_prelude_exception_works_inside_code():
    program = """
    val g = code (ListPair.zipEq ([1], []) handle ListPair.UnequalLengths => [(0, 0)])
    val h = code (fn () => raise ListPair.UnequalLengths)
    val _ = print (Int.toString (length (eval g)) ^ exnName ((eval h (); Empty) handle e => e) ^ "\\n")
    """
    compiled = driver.compile_source(Source("code.sml", program))
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == b"1UnequalLengths\n", machine


def run_to_the_end(program: str, machine: str = "c"):
    """The run of a program that must end normally."""
    compiled = driver.compile_source(Source("cost.sml", program))
    result = driver.run_program(compiled.program, machine=machine)
    assert result.status == Status.OK, result
    return result


def reductions_of(program: str) -> int:
    return run_to_the_end(program).reductions


def append_empty_reductions(length: int, machine: str) -> tuple[bytes, int]:
    program = f"""
    val l = List.tabulate ({length}, fn i => i)
    fun loop 0 acc = acc | loop n acc = loop (n - 1) (acc @ [])
    val _ = print (Int.toString (length (loop 100 l) + length ([] @ l @ [1])))
    """
    result = run_to_the_end(program, machine)
    tabulate = run_to_the_end(program.split("fun loop")[0], machine)
    return result.output, result.reductions - tabulate.reductions


@pytest.mark.parametrize("machine", driver.MACHINES)
def test_appending_an_empty_list_returns_the_list_at_once(machine):
    """`xs @ []` is `xs`, without copying it, as in Poly/ML: a loop that
    appends [] to a long accumulator is linear in both (it was quadratic
    here, a program Poly/ML runs in 0.5 s took minutes). The reductions
    after building the list grow with its length only through the final
    `length` and the one real append (about 65 a cell), not through the
    100 empty ones (about 8,000 a cell when each copied the list)."""
    short_output, short = append_empty_reductions(1_000, machine)
    long_output, long = append_empty_reductions(2_000, machine)
    assert (short_output, long_output) == (b"2001", b"4001")
    assert long - short < 200 * 1_000




# each traversal, given f, against the loop a programmer would write with f
TRAVERSALS = {
    "Array.app": ("fun f x = s := !s + x", "Array.app f a",
                  "if i < n then (f (Array.sub (a, i)); go (i + 1)) else ()"),
    "Array.foldl": ("fun f (x, t) = t + x", "s := Array.foldl f 0 a",
                    "let fun up (i, t) = if i < n then up (i + 1, f (Array.sub (a, i), t)) else t"
                    " in s := up (0, 0) end"),
    "Array.all": ("fun f x = x >= 0", "s := (if Array.all f a then 1 else 0)",
                  "if i < n then (if f (Array.sub (a, i)) then go (i + 1) else s := 0) else s := 1"),
    "Vector.exists": ("fun f x = x < 0", "s := (if Vector.exists f v then 1 else 0)",
                      "if i < n then (if f (Vector.sub (v, i)) then s := 1 else go (i + 1)) else s := 0"),
    "CharVector.app": ("fun f c = s := !s + ord c", "CharVector.app f w",
                       "if i < n then (f (String.sub (w, i)); go (i + 1)) else ()"),
    "Vector.foldr": ("fun f (x, t) = t + x", "s := Vector.foldr f 0 v",
                     "let fun down (i, t) = if i >= 0 then down (i - 1, f (Vector.sub (v, i), t)) else t"
                     " in s := down (n - 1, 0) end"),
}


@pytest.mark.parametrize("name", TRAVERSALS)
def test_an_array_or_vector_traversal_costs_what_a_hand_written_loop_costs(name):
    """Array.app, foldl, all, exists … are loops of their own. They were
    foldli or find with an adapter function, one more call per item
    (Array.all took 69 reductions an item where the loop takes 35, now
    46), and made minimax-style programs half as fast as they need be.
    What is left over the loop is the reach into the closure for f, a and
    n, which the loop here finds as globals."""
    setup = ("val n = 10000 val a = Array.tabulate (n, fn i => i) val v = Vector.tabulate (n, fn i => i)"
             " val w = CharVector.tabulate (n, fn i => chr (i mod 256)) val s = ref 0\n")
    define, traversal, loop = TRAVERSALS[name]
    base = reductions_of(setup + define + "\n")
    by_basis = reductions_of(setup + define + f"\nval _ = {traversal}\n") - base
    by_hand = reductions_of(setup + define + f"\nfun go i = {loop}\nval _ = go 0\n") - base
    assert by_basis < by_hand + 15 * 10000, (by_basis / 10000, by_hand / 10000)

# ------------------------------------------------------------ inside code


def test_basis_names_beyond_spec_work_inside_code():
    program = """
    val split = eval (code (fn s => String.concatWith "|" (map (String.map Char.toUpper)
                                                            (String.tokens Char.isSpace s))))
    val _ = print (split "  code and  lift " ^ "\\n")
    val pick = eval (code (fn l => case List.find (fn x => Int.compare (x, 2) = GREATER) l of
                                     SOME x => Int.toString x | NONE => "none"))
    val _ = print (pick [1, 2, 3] ^ " " ^ pick [] ^ "\\n")
    val caesar = eval (code (fn s => CharVector.mapi (fn (i, c) => chr (ord c + i)) s))
    val digits = eval (code (fn s => CharVector.foldr (fn (c, n) => if Char.isDigit c then n + 1 else n) 0 s))
    val _ = print (caesar "aaaa" ^ " " ^ Int.toString (digits "a1b22") ^ " "
                   ^ str (CharVector.sub (caesar "", 0) handle Subscript => #"S") ^ "\\n")
    """
    compiled = driver.compile_source(Source("code.sml", program))
    for machine in driver.MACHINES:
        result = driver.run_program(compiled.program, machine=machine)
        assert result.output == b"CODE|AND|LIFT\n3 none\nabcd 3 S\n", machine


def test_textio_print_is_print():
    # The corpus cannot show it: its recorder rebinds `print` alone.
    compiled = driver.compile_source(Source("p.sml", 'val _ = (TextIO.print "a"; print "b"; TextIO.print "c\\n")'))
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == b"abc\n", machine


# ------------------------------------------------------------ TextIO output

# What the corpus cannot show: its recorder sends the program's stdErr to
# /dev/null, and compares standard output only.
STDERR_PROGRAM = r"""
val () = print "out 1\n"
val () = TextIO.output (TextIO.stdErr, "err 1\n")
val () = TextIO.output1 (TextIO.stdErr, #"!")
val () = TextIO.output (TextIO.stdErr, "")
val () = TextIO.flushOut TextIO.stdErr
val () = TextIO.output (TextIO.stdOut, "out 2\n")
val toErr = eval (code (fn s => TextIO.output (TextIO.stdErr, s)))
val () = toErr "err 2\n"
val () = TextIO.outputSubstr (TextIO.stdErr, Substring.substring ("<err 3\n>", 1, 6))
val () = raise Empty
"""


def _mlbox_run(path: pathlib.Path, machine: str, stderr=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mlbox", "run", "--machine", machine, str(path)],
                          stdout=subprocess.PIPE, stderr=stderr, timeout=60)


@pytest.mark.parametrize("machine", driver.MACHINES)
def test_textio_stderr_goes_to_standard_error(tmp_path, machine):
    path = tmp_path / "err.sml"
    path.write_text(STDERR_PROGRAM)
    run = _mlbox_run(path, machine)
    assert run.stdout == b"out 1\nout 2\n"
    # the program's own text, then mlbox's report of the uncaught exception
    assert run.stderr.startswith(b"err 1\n!err 2\nerr 3\n") and b"Empty" in run.stderr
    assert run.returncode == 1


@pytest.mark.parametrize("machine", driver.MACHINES)
def test_a_refused_stderr_stops_the_run_as_a_refused_print_does(tmp_path, machine):
    path = tmp_path / "full.sml"
    path.write_text(STDERR_PROGRAM)
    with open("/dev/full", "wb") as full:
        run = _mlbox_run(path, machine, stderr=full)
    assert (run.stdout, run.returncode) == (b"out 1\n", 74)


@pytest.mark.parametrize("program", ["182_textio_output", "155_edges_textio"])
@pytest.mark.parametrize("machine", driver.MACHINES)
def test_textio_output_from_a_ccam_file_is_the_recorded_bytes(tmp_path, machine, program):
    """print, TextIO.output / output1 / flushOut interleaved ("" and "\\000"
    among them), compiled to a .ccam file and run from it: standard
    output is Poly/ML's recording byte for byte, also when the program
    then dies of an uncaught exception (182)."""
    source = basis_edges.CORPUS / f"{program}.sml"
    ccam = tmp_path / f"{program}.ccam"
    compiled = subprocess.run([sys.executable, "-m", "mlbox", "compile", str(source), "-o", str(ccam)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert compiled.returncode == 0, compiled.stderr
    run = _mlbox_run(ccam, machine)
    assert run.stdout == source.with_suffix(".expected").read_bytes()
    uncaught = source.with_suffix(".exception")
    if uncaught.exists():
        assert run.returncode == 1 and uncaught.read_text().strip().encode() in run.stderr
    else:
        assert run.returncode == 0


def test_textio_stdout_is_print_in_a_program_embedded_through_the_api():
    # no descriptor: both collected in the run's output, in order
    compiled = driver.compile_source(Source("o.sml", 'val _ = (print "a"; TextIO.output (TextIO.stdOut, "b");'
                                                     ' TextIO.output1 (TextIO.stdOut, #"c"); print "d")'))
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == b"abcd", machine


def test_an_outstream_is_abstract_and_not_an_equality_type():
    [error] = check("val b = TextIO.stdOut = TextIO.stdErr").errors
    assert "TextIO.outstream does not admit equality" in error.message
    [error] = check("val n = TextIO.stdOut + 1").errors
    assert "TextIO.outstream" in error.message and "int" in error.message
    session = Session(machine="py")
    assert session.feed("val s = TextIO.stdErr;") == "val s = - : TextIO.outstream\n"
    assert session.feed("TextIO.output1;") == "val it = fn : TextIO.outstream * char -> unit\n"


def test_a_substring_is_abstract_and_not_an_equality_type():
    [error] = check("val b = Substring.full \"a\" = Substring.full \"a\"").errors
    assert "substring does not admit equality" in error.message
    # the triple is reachable only through Substring.base
    [error] = check("val (s, i, n) = Substring.full \"a\"").errors
    assert "substring" in error.message
    session = Session(machine="py")
    assert session.feed("val s = Substring.full \"abc\";") == "val s = - : substring\n"
    assert session.feed("Substring.base (Substring.triml 1 s);") == 'val it = ("abc",1,2) : string * int * int\n'
    # a program may still name its own type substring, and use the function
    assert check("datatype substring = S of int\nval x = S (size (substring (\"abc\", 1, 1)))").errors == []


def test_slices_are_abstract_and_not_equality_types():
    for make in ("ArraySlice.full (Array.fromList [1])", "VectorSlice.full (Vector.fromList [1])"):
        [error] = check(f"val b = {make} = {make}").errors
        assert "Slice.slice does not admit equality" in error.message
        # the triple is reachable only through base
        [error] = check(f"val (v, i, n) = {make}").errors
        assert "Slice.slice" in error.message
    # the type is named only qualified, and a program may annotate with it
    assert check("val s : int ArraySlice.slice = ArraySlice.full (Array.array (2, 0))\n"
                 "fun f (w : string VectorSlice.slice) = VectorSlice.length w").errors == []
    [error] = check("val s : int slice = ArraySlice.full (Array.array (2, 0))").errors
    assert "slice" in error.message
    # an array slice is not a vector slice
    [error] = check("val n = VectorSlice.length (ArraySlice.full (Array.array (2, 0)))").errors
    assert "ArraySlice.slice" in error.message and "VectorSlice.slice" in error.message
    session = Session(machine="py")
    assert session.feed("val s = ArraySlice.slice (Array.fromList [1, 2, 3], 1, NONE);") == \
        "val s = - : int ArraySlice.slice\n"
    assert session.feed("[VectorSlice.full (Vector.fromList [\"a\"])];") == "val it = [-] : string VectorSlice.slice list\n"
    assert session.feed("ArraySlice.base s;") == "val it = ([|1,2,3|],1,2) : int array * int * int\n"


def test_array2_is_abstract_and_an_equality_type_whatever_its_items():
    # equality is identity, as for arrays: also on arrays of functions
    assert check("val a = Array2.array (1, 1, fn (x : int) => x)\nval b = a = a andalso [a] <> []").errors == []
    # the triple is reachable only through the functions
    [error] = check("val (items, r, c) = Array2.array (1, 1, 0)").errors
    assert "Array2.array" in error.message
    # the type and the traversal are named only qualified
    assert check("val s : int Array2.array = Array2.array (2, 2, 0)\n"
                 "fun f (t : Array2.traversal) = Array2.fold t op + 0 s").errors == []
    [error] = check("val t = RowMajor").errors
    assert "RowMajor" in error.message
    session = Session(machine="py")
    assert session.feed("val a = Array2.fromList [[1, 2], [3, 4]];") == "val a = - : int Array2.array\n"
    assert session.feed("(Array2.ColMajor, a = a);") == "val it = (ColMajor,true) : Array2.traversal * bool\n"
    assert session.feed("datatype t = datatype Array2.traversal;") == "datatype t = ColMajor | RowMajor\n"


@pytest.mark.parametrize("machine", driver.MACHINES)
def test_array2_keeps_the_dimensions_it_is_given(machine):
    """Where Poly/ML 5.7 and SML/NJ 110.79 part from the Basis (so not in
    the corpus): a 0 x c array has c columns (Poly/ML's nCols raises
    Subscript, SML/NJ's gives 0), so its columns 0 to c-1 are empty
    vectors; a negative dimension is Size even beside a zero one (Poly/ML
    makes a 0 x ~2 array); an r x 0 array of any r is no items (Poly/ML
    and SML/NJ raise Size past their maximum length)."""
    program = """
    fun sI (x : int) = Int.toString x
    fun dims a = let val (r, c) = Array2.dimensions a in sI r ^ "x" ^ sI c ^ " " end
    val e = Array2.array (0, 5, 0)
    val _ = print (dims e ^ sI (Array2.nCols e) ^ " " ^ sI (Vector.length (Array2.column (e, 4))) ^ " ")
    val _ = print ((sI (Vector.length (Array2.column (e, 5)))) handle Subscript => "Subscript ")
    val _ = print (dims (Array2.fromList ([] : int list list)) ^ dims (Array2.tabulate Array2.ColMajor (0, 3, fn _ => 1)))
    val _ = print ((dims (Array2.array (0, ~2, 0))) handle Size => "Size ")
    val _ = print ((dims (Array2.tabulate Array2.RowMajor (~2, 0, fn _ => 0))) handle Size => "Size ")
    val tall = Array2.array (valOf Int.maxInt, 0, "x")
    val _ = print (dims tall ^ sI (Array2.fold Array2.ColMajor (fn (_, n) => n + 1) 0 tall) ^ " "
                   ^ sI (Vector.length (Array2.row (tall, valOf Int.maxInt - 1))) ^ " ")
    (* past Array.maxLen items (16,777,216 = 4096 * 4096) *)
    val _ = print ((dims (Array2.array (4097, 4096, 0))) handle Size => "Size ")
    val _ = print ((dims (Array2.tabulate Array2.ColMajor (3, 5592406, fn _ => 0))) handle Size => "Size ")
    val _ = print (if Array2.array (0, 0, 0) = Array2.array (0, 0, 0) then "equal" else "distinct")
    """
    result = run_to_the_end(program, machine)
    assert result.output == (b"0x5 5 0 Subscript 0x0 0x3 Size Size 4611686018427387903x0 0 0 Size Size distinct")


def test_substrings_inside_code():
    program = r"""
    val words = eval (code (fn s => map Substring.string (Substring.tokens Char.isSpace (Substring.full s))))
    val trim = eval (code (fn s => Substring.string (Substring.dropr Char.isSpace (Substring.dropl Char.isSpace
                                                                                      (Substring.full s)))))
    cogen ss = lift (Substring.substring ("[lifted]", 1, 6))
    val lifted = eval (code (Substring.base ss))
    val _ = print (String.concatWith "|" (words " a  bc d ") ^ " [" ^ trim "  x y  " ^ "] "
                   ^ (case lifted of (s, i, n) => s ^ Int.toString i ^ Int.toString n) ^ "\n")
    """
    compiled = driver.compile_source(Source("sub.sml", program))
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == b"a|bc|d [x y] [lifted]16\n", machine


def test_stringcvt_reader_is_an_abbreviation_a_program_may_name():
    # ('a, 'b) StringCvt.reader = 'b -> ('a * 'b) option, in a program's types too
    program = """
    val rd : (char, substring) StringCvt.reader = Substring.getc
    fun fromList (l : char list) : (char, char list) StringCvt.reader = fn _ => List.getItem l
    val digits : (int, char list) StringCvt.reader = Int.scan StringCvt.DEC List.getItem
    """
    assert check(program).errors == []
    [error] = check("val r : (int, string) StringCvt.reader = fn (s : string) => SOME (s, 1)").errors
    assert "int * string" in error.message or "string * int" in error.message
    [error] = check("val r : int StringCvt.reader = Substring.getc").errors
    assert "StringCvt.reader" in error.message
    session = Session(machine="py")
    # printed by its name, as Poly/ML prints it (its arguments as SML/NJ writes them: the REPL's
    # replies); written out, what it stands for
    # (the reply breaks before the type and the type at its arrows, past 79
    # columns, as SML/NJ's does)
    assert session.feed("Word.scan;") == \
        "val it = fn\n  : StringCvt.radix\n    -> (char,'a) StringCvt.reader -> (word,'a) StringCvt.reader\n"
    assert session.feed("fn (r : (char, int) StringCvt.reader) => r 1;") == \
        "val it = fn : (char,int) StringCvt.reader -> (char * int) option\n"
    assert session.feed("fn (r : int -> (char * int) option) => Int.scan StringCvt.DEC r;") == \
        "val it = fn : (int -> (char * int) option) -> (int,int) StringCvt.reader\n"


def test_stringcvt_cs_is_abstract_and_not_an_equality_type():
    [error] = check("val x = StringCvt.scanString (fn getc => fn s => SOME (s = s, s)) \"a\"").errors
    assert "StringCvt.cs does not admit equality" in error.message
    [error] = check("val x = StringCvt.scanString (fn getc => fn s => SOME (s + 1, s)) \"a\"").errors
    assert "StringCvt.cs" in error.message


def test_scanners_and_span_inside_code():
    program = r"""
    val hex = eval (code (fn s => StringCvt.scanString (Int.scan StringCvt.HEX) s))
    cogen reader = lift Substring.getc
    val words = eval (code (fn s => Option.map (fn (w, rest) => (Word.toString w, Substring.string rest))
                                               (Word.scan StringCvt.DEC reader (Substring.full s))))
    val joined = eval (code (fn (a, b) => Substring.string (Substring.span (a, b)) handle General.Span => "Span"))
    val s = Substring.full "one two"
    val _ = print (Int.toString (valOf (hex " ~0x1fz")) ^ " "
                   ^ (case words "0w99 bottles" of SOME (w, rest) => w ^ "|" ^ rest | NONE => "none") ^ " "
                   ^ joined (Substring.slice (s, 0, SOME 1), Substring.slice (s, 5, NONE)) ^ " "
                   ^ joined (Substring.slice (s, 5, NONE), Substring.slice (s, 0, SOME 1)) ^ "\n")
    val _ = Substring.span (s, Substring.full "two")
    """
    compiled = driver.compile_source(Source("scan.sml", program))
    for machine in driver.MACHINES:
        result = driver.run_program(compiled.program, machine=machine)
        assert result.output == b"~31 63| bottles one two Span\n", machine
        assert (result.status, result.value.name.name) == (Status.UNCAUGHT, b"Span"), machine


AGREEMENT = """
fun outcome read s = (case read s of SOME i => Int.toString i | NONE => "NONE") handle Overflow => "Overflow"
fun both s = (outcome Int.fromString s, outcome (StringCvt.scanString (Int.scan StringCvt.DEC)) s)
"""
_AGREEMENT_PROGRAMS: dict = {}
# texts around the grammar (white space, signs, digits, other bytes), and
# numbers around the int range written with either minus sign
_NUMBER_TEXT = st.text(alphabet=" \t\n\x0b~-+0123456789xa\x00\xff", max_size=12) | st.builds(
    lambda n, minus, tail: (minus if n < 0 else "") + str(abs(n)) + tail,
    st.integers(-2 ** 64, 2 ** 64) | st.integers(-2 ** 62 - 3, -2 ** 62 + 3) | st.integers(2 ** 62 - 3, 2 ** 62 + 3),
    st.sampled_from(["~", "-"]), st.sampled_from(["", " ", "x", "9"]))


@pytest.mark.parametrize("machine", driver.MACHINES)
@settings(max_examples=60, deadline=None)
@given(text=_NUMBER_TEXT)
def test_int_fromstring_is_scanstring_of_int_scan(machine, text):
    """Int.fromString is a primitive (both machines) and Int.scan is ML
    (the prelude); Poly/ML defines the one as scanString of the other."""
    from mlbox import api

    program = _AGREEMENT_PROGRAMS.get(machine)
    if program is None:
        program = _AGREEMENT_PROGRAMS[machine] = api.load_source(AGREEMENT, machine=machine)
    primitive, scanned = program.call("both", text.encode("latin-1"))
    assert primitive == scanned, text


def test_negation_is_overloaded_on_words_as_in_polyml():
    # Poly/ML accepts `~` at word (SML's Definition does not): 0w0 - w
    program = """
    fun neg x = ~ x
    val w = neg 0w3
    val g = eval (code (fn (x : word) => ~ x))
    val _ = print (Word.toString w ^ " " ^ Word.toString (~ 0w0) ^ " " ^ Word.toString ((~ : word -> word) 0w1)
                   ^ " " ^ Word.toString (g 0w2) ^ " " ^ Int.toString (~ 5) ^ "\\n")
    """
    compiled = driver.compile_source(Source("neg.sml", program))
    for machine in driver.MACHINES:
        result = driver.run_program(compiled.program, machine=machine)
        assert result.output == b"7FFFFFFFFFFFFFFD 0 7FFFFFFFFFFFFFFF 7FFFFFFFFFFFFFFE ~5\n", machine
    [error] = check("val a = abs 0w1").errors
    assert error.message == "'abs' cannot be used at type word; it is defined only on int"


def test_exnname_of_a_replicated_exception_is_the_originals():
    # docs/language.md §9: a deliberate difference (Poly/ML prints "E G")
    program = 'exception E = Fail exception F of int exception G = F val _ = print (exnName (E "x") ^ " " ^ exnName (G 1))'
    compiled = driver.compile_source(Source("replica.sml", program))
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == b"Fail F", machine


# ------------------------------------------------------------ edge sweep


def test_the_edge_corpus_programs_are_what_the_sweep_generates():
    """tests/data/polyml/155_edges_*.sml are written by tests/basis_edges.py;
    a case added to the sweep must be recorded under Poly/ML too."""
    for group in basis_edges.GROUPS:
        path = basis_edges.corpus_path(group)
        assert path.read_text() == basis_edges.program_text(group), f"re-record: python -m tests.basis_edges --write {group}"
    assert {p.name for p in basis_edges.CORPUS.glob(basis_edges.PREFIX + "*.sml")} == {
        basis_edges.corpus_path(group).name for group in basis_edges.GROUPS}


STAGED_GROUPS = ("int", "arith", "word", "random_arith")


@pytest.mark.parametrize("staging", basis_edges.STAGINGS)
@pytest.mark.parametrize("group", STAGED_GROUPS)
def test_binary_arithmetic_in_generated_code_prints_what_polyml_prints(group, staging):
    """The binary cases of the sweep computed by generated code, with
    operands lifted (so the generator sees constants: x + 0, x * 1 are
    simplified) or computed when the code runs: the same output as
    Poly/ML's recording of the unstaged program, on both machines."""
    text = basis_edges.staged_program_text(group, staging)
    assert text.count("eval (") > 400
    compiled = driver.compile_source(Source(f"{group}_staged.sml", text))
    expected = basis_edges.corpus_path(group).with_suffix(".expected").read_bytes()
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == expected, machine


TEXT_GROUPS = ("substring", "charvector", "textio", "order_text", "random_substring", "scan", "random_slices")


@pytest.mark.parametrize("staging", basis_edges.WHOLE_STAGINGS)
@pytest.mark.parametrize("group", TEXT_GROUPS)
def test_substring_charvector_textio_in_generated_code_print_what_polyml_prints(group, staging):
    """Every case of the groups of the newer basis names computed by
    generated code (`eval (code e)`), or computed first and its value
    (a substring, a closure, ...) lifted (`eval (lift e)`): the output of
    Poly/ML's recording of the unstaged program, on both machines."""
    text = basis_edges.whole_staged_program_text(group, staging)
    compiled = driver.compile_source(Source(f"{group}_staged.sml", text))
    expected = basis_edges.corpus_path(group).with_suffix(".expected").read_bytes()
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == expected, machine


def test_tabulate_applies_f_from_zero_up():
    # in index order, as in Poly/ML, also across the chunks of
    # CharVector.tabulate, String.translate and String.map (prelude.sml)
    program = """
    val l = List.tabulate (4, fn i => (print (Int.toString i); i * 10))
    val _ = print (String.concatWith "," (map Int.toString l) ^ "\\n")
    val s = CharVector.tabulate (3, fn i => (print (Int.toString i); chr (97 + i)))
    val _ = print (s ^ "\\n")
    val count = ref 0
    val long = CharVector.tabulate (10000, fn i => (count := !count + 1; chr (97 + i mod 26)))
    val _ = print (String.substring (long, 4090, 12) ^ " " ^ Int.toString (size long) ^ " "
                   ^ Int.toString (!count) ^ "\\n")
    val seen = ref []
    val doubled = String.translate (fn c => (seen := c :: !seen; str c ^ str c)) long
    val upper = String.map Char.toUpper long
    val _ = print (String.substring (doubled, 8186, 8) ^ " " ^ String.substring (upper, 4094, 4) ^ " "
                   ^ Int.toString (size doubled) ^ " " ^ Bool.toString (implode (rev (!seen)) = long) ^ "\\n")
    """
    compiled = driver.compile_source(Source("tabulate.sml", program))
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == \
            b"01230,10,20,30\n012abc\nijklmnopqrst 10000 10000\nllmmnnoo MNOP 20000 true\n", machine


def test_list_nth_take_drop_count_down_as_polyml():
    # Poly/ML's List.nth (l, minInt + k) raises Overflow when l has more
    # than k elements (counting down passes the smallest int), else Subscript
    program = """
    val minI = valOf Int.minInt
    fun l n = List.tabulate (n, fn i => i)
    fun try f = (ignore (f ()); "ok") handle Overflow => "O" | Subscript => "S"
    val _ = List.app (fn k => List.app (fn n =>
        print (try (fn () => List.nth (l n, minI + k)) ^ try (fn () => List.take (l n, minI + k))
               ^ try (fn () => List.drop (l n, minI + k)) ^ " ")) [0, 1, 2, 3]) [0, 1, 2]
    val _ = print (try (fn () => List.nth (l 50, ~1)) ^ try (fn () => List.drop (l 3, 3)) ^ "\\n")
    """
    compiled = driver.compile_source(Source("nth.sml", program))
    expected = b"SSS OOO OOO OOO SSS SSS OOO OOO SSS SSS SSS OOO Sok\n"
    for machine in driver.MACHINES:
        assert driver.run_program(compiled.program, machine=machine).output == expected, machine


def main(argv: list[str]) -> int:
    if POLY is None:
        print("Poly/ML (`poly`) is not installed", file=sys.stderr)
        return 2
    types = poly_types()
    text = "".join(f"{name} : {types[name]}\n" for name in NAMES)
    if "--write" in argv:
        RECORDING.write_text(text, encoding="utf-8")
        print(f"{RECORDING}: {len(NAMES)} types recorded")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


@pytest.mark.parametrize("machine", driver.MACHINES)
def test_padding_past_the_largest_string_is_size_at_once(machine):
    # StringCvt.padLeft #"a" 2000000000 "" built a list of 2e9 characters
    # first: 30 s to the heap limit instead of Size
    result = run_to_the_end("""
    val _ = print (StringCvt.padLeft #"0" 5 "42" ^ StringCvt.padRight #"." 4 "ab" ^ StringCvt.padLeft #"-" 1 "xyz")
    val _ = (StringCvt.padLeft #"a" (String.maxSize + 1) ""; ()) handle Size => print " Size"
    val _ = (StringCvt.padRight #"a" 2000000000 "b"; ()) handle Size => print " Size"
    """, machine)
    assert result.output == b"00042ab..xyz Size Size" and result.reductions < 10_000
