"""Core SML programs checked against Poly/ML 5.7 (docs/language.md: a program without
staging constructs prints what Poly/ML prints).

tests/data/polyml/NAME.sml exercises one area of the basis or the semantics
adversarially (edge cases of Int.fromString, div/mod, words, strings,
exceptions, patterns, evaluation order, ...). NAME.expected is the output of
`poly --script NAME.sml` (Poly's compile-time warnings stripped), recorded
once, so the test does not need Poly/ML; NAME.exception, when present, names
the exception the program dies with (the convention of
/work/shared/conformance/README.md).

Each program runs on the C machine and on the Python machine with the same
output, status and reduction counts, except the few of tens or hundreds of
millions of reductions (lists of a million elements, recursion a million
deep): the C machine runs those whole, and the Python machine agrees with
it on their first few million reductions. When Poly/ML is installed, the recordings
themselves are checked against it (tests/polyml_record.py records them).
"""

from __future__ import annotations

import pathlib

import pytest

from tests import polyml_record
from tests.expected_output import check_on_both_machines

CORPUS = pathlib.Path(__file__).resolve().parent / "data" / "polyml"
PROGRAMS = sorted(CORPUS.glob("*.sml"))

# Programs too long for the Python machine (it runs one to two million
# reductions a second): the C machine runs them whole, the Python machine
# their first few million reductions (check_on_both_machines's py_prefix),
# which must be the C machine's.
LONG = {"49_sorting_search", "154_sudoku"}  # ~50 and ~15 million reductions
# Programs of ~10^9 reductions (seconds on the C machine, marked slow):
# their point is size (stack and heap behaviour at 10^6).
SLOW = {"33_long_lists", "34_deep_recursion"}
# A stack machine interpreted 1.7 million steps (~10^8 reductions): its
# point is a whole program at the size the conformance programs run at.
# Text statistics over a generated 120 KB text (~1.8 * 10^8 reductions).
# Four sorts of 20,000 integers and a selection (~1.9 * 10^8 reductions).
SLOW |= {"171_assembler_vm", "176_text_stats", "181_sorting_bench"}
# Seven tail-recursive and while loops of 10^6 steps (~5 * 10^8 reductions).
SLOW |= {"203_tail_loops_million"}
# Whole programs after MLKit's benchmarks: Boyer's tautology checker
# (~14 million reductions), Knuth-Bendix completion (~27 million) and life
# on sorted cell lists (~15 million).
LONG |= {"370_boyer_rewriting_tautologies", "371_knuth_bendix_completion", "372_life_sorted_cells_abstype"}
# Whole programs of a textbook chapter's size: handlers installed at each
# level of a recursion 100,000 deep (~11 million reductions), and naive
# against tail-recursive folds over lists of 200,000 (~2 * 10^8).
LONG |= {"419_deep_handlers_before_order"}
SLOW |= {"422_naive_tail_folds_200k"}
# Real programs ported from MLton's benchmarks and Paulson's "ML for the
# Working Programmer": the zebra puzzle (~14 million reductions), Paulson's
# chapter 3 and 9 examples (~15 and ~13 million), count-graphs (~30 million)
# and logic, a peg solitaire solver by unification (~8.6 * 10^8, slow).
LONG |= {"520_mlton_zebra_puzzle_records_as_tuples", "523_paulson_ch3_lists_sets_graphs_sorting",
         "526_paulson_ch9_parser_combinators_lambda_calculus", "527_mlton_count_graphs_folds_with_escapes"}
SLOW |= {"528_mlton_logic_peg_solitaire_unification"}
LONG |= SLOW


def _param(path: pathlib.Path):
    marks = [pytest.mark.slow] if path.stem in SLOW else []
    return pytest.param(path, id=path.stem, marks=marks)


def test_the_corpus_is_complete():
    assert len(PROGRAMS) >= 77
    assert LONG <= {p.stem for p in PROGRAMS}
    for path in PROGRAMS:
        assert path.with_suffix(".expected").exists(), path.name


@pytest.mark.parametrize("path", [_param(p) for p in PROGRAMS])
def test_prints_what_polyml_prints_on_both_machines(path):
    check_on_both_machines(path, py_prefix=path.stem in LONG)


@pytest.mark.skipif(polyml_record.POLY is None, reason=polyml_record.POLY_MISSING)
@pytest.mark.parametrize("path", [_param(p) for p in PROGRAMS])
def test_the_recording_is_what_polyml_prints(path):
    run = polyml_record.run_poly(path)
    assert (run.output, run.exception) == polyml_record.recorded(path)
