"""Type inference against Poly/ML's: tests/data/polyml_types.json records
what Poly/ML 5.7 makes of 300 programs of tests/polyml_types_diff.py's
generator (let-polymorphism, the value restriction, equality types,
overloading, datatypes, shadowing, abbreviations, explicit type variables,
exceptions, recursion, `withtype`, `abstype`, datatype replication, symbolic
constructors, `and rec`, explicit type variables meeting `and rec`, let,
local, abstype, local exceptions and datatypes, random declarations
composing these, random terms; a fifth mutated by one token): whether
it accepts each, and the signature it prints. mlbox must give the same
verdict and, where both accept, the same types (modulo the renaming of type
variables the tool documents). The recording makes this independent of
`poly`; with `poly` installed the recording itself is re-checked.

Re-record with `python -m tests.polyml_types_diff --write`."""

from __future__ import annotations

import pytest

from tests import polyml_types_diff as diff

RECORDS = diff.read_recording()
POLY_MISSING = "Poly/ML (`poly`) is not installed: cannot re-check the recording"


def test_the_recording_is_the_generators_output():
    """The recorded programs are what the seeded generator makes now (a
    change to the generator must be re-recorded, with `poly`)."""
    assert [program for program, _ in RECORDS] == diff.generate(diff.RECORD_SEED, diff.RECORD_COUNT)


def test_the_recording_has_both_verdicts():
    accepted = sum(sig is not None for _, sig in RECORDS)
    assert 100 <= accepted <= len(RECORDS) - 60, accepted


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_mlbox_agrees_with_poly(index):
    program, poly = RECORDS[index]
    differences = diff.compare(diff.run_mlbox(program), poly)
    assert not differences, program[len(diff.PRELUDE):] + "\n" + "\n".join(differences)


@pytest.mark.skipif(diff.POLY is None, reason=POLY_MISSING)
def test_poly_still_says_what_was_recorded():
    programs = [program for program, _ in RECORDS]
    now = [None if sig is None else " ".join(sig.split()) for sig in diff.run_poly(programs)]
    assert now == [sig for _, sig in RECORDS]


# ------------------------------------------------- the comparison itself


def test_type_variables_are_renamed_by_kind_and_order():
    assert diff.canonical(diff.parse_type("'b * ''a -> 'b")) == "'v0 * ''v1 -> 'v0"
    # a weak variable: mlbox's '_a and ''_a, Poly's _a, SML/NJ's ?.X1;
    # which are one is not compared (Poly/ML may print two as one)
    for weak in ("'_a", "''_a", "_a", "?.X1"):
        assert diff.canonical(diff.parse_type(f"{weak} list ref")) == "'_ list ref"
    assert diff.canonical(diff.parse_type("'_b -> ('_a ref -> '_a) * 'c")) == "'_ -> ('_ ref -> '_) * 'v0"
    assert diff.canonical(diff.parse_type("('a -> 'b) -> 'a list")) == "('v0 -> 'v1) -> 'v0 list"
    assert diff.canonical(diff.parse_type("(int, ?.U3.t) either")) == "(int, ?.t) either"


def test_abbreviations_are_expanded_before_comparing():
    abbrevs = {"pair": (("'a",), diff.parse_type("'a * 'a"))}
    assert diff.canonical(diff.parse_type("int pair -> bool pair", abbrevs)) == "int * int -> bool * bool"


def test_the_comparison_sees_verdicts_types_and_constructors():
    sig = " val f: 'a -> 'a datatype ('a, 'b) e = L of 'a | R of 'b exception E of int"
    lines = ["val f : 'a -> 'a", "datatype ('a, 'b) e", "con L : 'a -> ('a, 'b) e", "con R : 'b -> ('a, 'b) e",
             "exception E of int"]
    assert diff.compare((True, lines), sig) == []
    assert diff.compare((False, []), None) == []
    assert diff.compare((True, lines), None)
    assert diff.compare((False, []), sig)
    assert diff.compare((True, ["val f : 'a -> 'b"] + lines[1:]), sig)
    assert diff.compare((True, lines[:3] + ["con R : 'a -> ('a, 'b) e", lines[4]]), sig)
    assert diff.compare((True, lines[:4] + ["exception E"]), sig)


def test_a_value_of_a_datatype_declared_again_since_is_of_the_old_one():
    lines = ["datatype t", "con A : t", "val a : t", "datatype t", "con B : t", "val b : t"]
    assert diff.summarise_mlbox(lines)[0]["val a"] == "?.t"
    assert diff.summarise_mlbox(lines)[0]["val b"] == "t"
    # Poly prints a type written with an abbreviation declared again since as `?.name`
    lines = ["type 'a pair = 'a * 'a", "val f : 'a * 'a -> 'a", "type 'a pair = 'a * 'a"]
    assert diff.compare((True, lines), " type 'a pair = 'a * 'a val f: 'a ?.pair -> 'a") == []
    # the datatypes of one `and` group do not shadow each other
    group = ["datatype t", "con A : u -> t", "datatype u", "con B : t -> u"]
    assert diff.summarise_mlbox(group)[0]["datatype t"] == "A of u"
    assert diff.summarise_mlbox(group + group)[0]["datatype t"] == "A of u"  # declared again, as a group


def test_a_replica_of_a_basis_datatype_compares_as_the_original():
    # after `datatype u = datatype bool` mlbox prints bool as u, Poly/ML as
    # either: one type, two names
    lines = ["datatype u", "con false : u", "con true : u", "val x : u", "val f : ''a -> ''a list -> u"]
    assert diff.compare((True, lines), " val f: ''a -> ''a list -> bool datatype u = true | false val x: u") == []
    assert diff.compare((True, lines), " val f: ''a -> ''a list -> int datatype u = true | false val x: u")


# ------------------------------------ other names of a datatype, shadowed

# Each program ends with values whose type is written with a replication or
# an abbreviation renaming a datatype, after the names are declared again.
RENAMED_DATATYPES = [
    "datatype u = A | B; datatype t = datatype u; val x = (A, [A]); datatype t = D; val y = x;"
    " datatype u = E; val z = x;",
    "datatype u = A | B; type v = u; val x : v = A; type v = int; datatype u = E; val y = x;",
    "datatype u = A | B; datatype t = datatype u; datatype w = datatype t; val x = A; datatype w = D;"
    " val y1 = x; datatype t = F; val y2 = x; datatype u = E; val y3 = x;",
    "datatype u = A | B; datatype t = datatype u; datatype u = C; val x = A; datatype t = D; val y = x;",
    "datatype u = A | B; local datatype t = datatype u in val x = A end; datatype t = F; val y = x;"
    " datatype u = E; val z = x;",
    "datatype u = A | B; local type v = u in val x : v = A end; datatype u = E; val y = x;",
    "datatype ('a, 'b) u = A of 'a * 'b; datatype v = datatype u; val x = A (1, true); datatype u = E;"
    " val y = x; datatype v = G; val z = (x, fn (_ : int) => x);",
    # hidden: a `type` renaming a datatype gives way to its name, a `withtype` does not
    "local type v = int in val x : v = 1 end; local type 'a v = 'a option in val y : int v = NONE end;"
    " local type v = int option in val z : v = NONE end;",
    "datatype u = A; local datatype t = B of v withtype v = u in fun f (n : v) = B n end;"
    " local datatype w = W; type v = w in val x : v = W end;",
]


def value_types_of_mlbox(program: str) -> dict[str, str]:
    from mlbox.checker import check_program, describe_binding
    from mlbox.parser import parse_program

    described = [describe_binding(b) for b in check_program(parse_program(program)).elaboration.toplevel]
    return dict(line[len("val "):].split(" : ", 1) for line in described if line.startswith("val "))


def value_types_of_poly(program: str) -> dict[str, str]:
    import subprocess

    out = subprocess.run([diff.POLY], input=program + "\n", capture_output=True,
                         text=True, timeout=60).stdout
    return {line.split(" ")[1]: line.rsplit(": ", 1)[1] for line in out.splitlines() if line.startswith("val ")}


@pytest.mark.skipif(diff.POLY is None, reason="Poly/ML (`poly`) is not installed: nothing to compare with")
@pytest.mark.parametrize("program", RENAMED_DATATYPES)
def test_a_shadowed_other_name_of_a_datatype_prints_as_in_poly(program):
    assert value_types_of_mlbox(program) == value_types_of_poly(program)
