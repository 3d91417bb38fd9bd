"""A long string literal is read in runs, not character by character: a
10 MB literal was 10^7 turns of the lexer's loop (~9 s to check); it is now
a few turns (0.1 s). The turns are counted (line events), not timed."""

from __future__ import annotations

import sys

from mlbox.lexer import Lexer, MSG_UNPRINTABLE, tokenize


def lines_run_in_scan_string(text: str) -> int:
    """Lines of Lexer._scan_string executed while lexing `text`."""
    lines = 0
    code = Lexer._scan_string.__code__

    def tracer(frame, event, arg):
        nonlocal lines
        if frame.f_code is not code:
            return None
        if event == "line":
            lines += 1
        return tracer

    sys.settrace(tracer)
    try:
        tokenize(text)
    finally:
        sys.settrace(None)
    return lines


def test_a_long_string_literal_is_read_in_a_number_of_turns_independent_of_its_length():
    body = "plain text, é and € " * 5_000  # 100,000 characters
    assert lines_run_in_scan_string(f'"{body}"') < 50
    assert lines_run_in_scan_string(f'"{body}\\n{body}\\t"') < 100  # a few escapes: a few more turns


def test_a_string_read_in_runs_has_the_bytes_it_had_character_by_character():
    tokens, errors = tokenize('"a\\té€\\065z" "x\ty"')
    assert errors and errors[0][0] == MSG_UNPRINTABLE.format(9, "\\t")  # a raw tab: refused, kept
    assert [t.value for t in tokens] == ["a\té" .encode().decode("latin-1") + "€".encode().decode("latin-1") + "Az",
                                         "x\ty"]
    long = "é" * 100_000
    [token], errors = tokenize(f'"{long}"')
    assert errors == [] and token.value == long.encode().decode("latin-1") and len(token.value) == 200_000
