"""Core SML programs checked against Poly/ML 5.7 (SPEC §1: a program without
staging constructs prints what Poly/ML prints).

tests/data/polyml/NAME.sml exercises one area of the basis or the semantics
adversarially (edge cases of Int.fromString, div/mod, words, strings,
exceptions, patterns, evaluation order, ...). NAME.expected is the output of
`poly --script NAME.sml` (Poly's compile-time warnings stripped), recorded
once, so the test does not need Poly/ML; NAME.exception, when present, names
the exception the program dies with (the convention of
/work/shared/conformance/README.md).

Each program runs on the C machine and on the Python machine with the same
output, status and reduction counts.
"""

from __future__ import annotations

import pathlib

import pytest

from tests.expected_output import check_on_both_machines

CORPUS = pathlib.Path(__file__).resolve().parent / "data" / "polyml"
PROGRAMS = sorted(CORPUS.glob("*.sml"))

# Programs too long for the Python machine in the fast suite (it runs about
# a million reductions a second); they are marked slow and still run on both.
# None of the current programs needs it: each runs under 100,000 reductions.
HEAVY: set[str] = set()


def _param(path: pathlib.Path):
    marks = [pytest.mark.slow] if path.stem in HEAVY else []
    return pytest.param(path, id=path.stem, marks=marks)


def test_the_corpus_is_complete():
    assert len(PROGRAMS) >= 15
    for path in PROGRAMS:
        assert path.with_suffix(".expected").exists(), path.name


@pytest.mark.parametrize("path", [_param(p) for p in PROGRAMS])
def test_prints_what_polyml_prints_on_both_machines(path):
    check_on_both_machines(path)
