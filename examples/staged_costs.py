"""What staging costs and saves in the examples beyond the paper
(docs/tutorial.md §6): each example's unstaged and staged versions, loaded
through mlbox.api, run on the same inputs, and their reductions are
compared: what each must do once before the first input, what each then
spends per input, and after how many inputs the staged one has paid for
its code generation.

    python examples/staged_costs.py"""

import itertools
import math
import os

from mlbox import api

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name: str) -> api.Program:
    return api.load(os.path.join(HERE, name))


def report(title, inputs, unit, interpreted, staged):
    """interpreted and staged: (reductions spent once, instructions emitted,
    reductions per input over `inputs`, results)."""
    once_i, _, per_i, results_i = interpreted
    once_s, emitted, per_s, results_s = staged
    assert results_i == results_s, "the two versions disagree"
    extra, saved = once_s - once_i, per_i - per_s
    print(title)
    print(f"  {'reductions:':14s}{'once':>8s}{'per ' + unit:>14s}")
    print(f"  interpreted   {once_i:8d}{per_i:14.1f}")
    print(f"  staged        {once_s:8d}{per_s:14.1f}   ({emitted} instructions generated)")
    print(f"  break-even after {math.ceil(extra / saved)} {unit}(s) of {inputs}" if saved > 0 else "  no saving")


def per_input(prog: api.Program, function: api.MLFunction, inputs: list) -> tuple[float, list]:
    results = function.map(inputs)  # one machine entry; the same counts as one call at a time
    return prog.last_stats.reductions / len(inputs), results


def regex() -> None:
    prog = load("regex.sml")
    pattern = "a(b|c)*d"
    # every string of a, b, c and d up to length 5: matches and near misses
    subjects = ["".join(letters) for n in range(6) for letters in itertools.product("abcd", repeat=n)]
    parsed = prog.call("parse", pattern, keep=True)
    parse_once = prog.last_stats.reductions
    interpreted = prog.call("matches", parsed)
    matcher = prog.call("matcher", pattern)  # parses and generates
    made = prog.last_stats
    report(f"regex.sml: the pattern {pattern} on every string of a, b, c and d up to length 5",
           len(subjects), "string",
           (parse_once, 0, *per_input(prog, interpreted, subjects)),
           (made.reductions, made.emitted, *per_input(prog, matcher, subjects)))


def sparse() -> None:
    prog = load("sparse.sml")
    n = 30
    matrix = prog.call("secondDifference", n)
    vectors = [tuple(k * i * i for i in range(n)) for k in range(1, 51)]
    general = prog.call("mulMatVec", matrix)
    specialised = prog.call("specialise", matrix)
    made = prog.last_stats
    report(f"sparse.sml: the {n} x {n} second-difference matrix times {len(vectors)} vectors",
           len(vectors), "vector",
           (0, 0, *per_input(prog, general, vectors)),
           (made.reductions, made.emitted, *per_input(prog, specialised, vectors)))


def imp() -> None:
    prog = load("imp.sml")
    program = prog["primesBelow"]
    arguments = [[n] for n in range(2, 102, 4)]
    interpreted = prog.call("interpret", program)
    compiled = prog.call("specialise", program)
    made = prog.last_stats
    report("imp.sml: the IMP program primesBelow, run for n = 2, 6, ..., 98", len(arguments), "run",
           (0, 0, *per_input(prog, interpreted, arguments)),
           (made.reductions, made.emitted, *per_input(prog, compiled, arguments)))


if __name__ == "__main__":
    regex()
    sparse()
    imp()
