"""Differential testing of the match warnings against Poly/ML 5.7 (a tool,
not collected by pytest: it needs `poly`).

A seeded generator writes short core SML programs of functions whose
matches are random sets of patterns over random types: booleans, unit,
int, char, string and word constants, options, lists (`[]`, `[p]`,
`[p, q]`, `p :: q`), tuples, refs, a datatype with nullary, unary,
binary and nested constructors and a polymorphic one, layered patterns
(`x as p`), wildcards and exceptions (one of them declared again under
another name), nested up to five deep. A match stands in `fn`, `case`, a
`fun` of one or of two curried arguments, the pattern of a `val` in a
`let`, or a handler. Each declaration ends with `;`, so that Poly/ML checks
and reports each on its own.

For each line the two must agree on whether it gets a non-exhaustive
match warning, a redundant-pattern warning, or an error. (mlbox also
warns about a non-exhaustive `val` pattern at top level, where Poly/ML
5.7 says nothing; the generator puts `val` patterns only inside a `let`,
where both warn.) mlbox checks in process; Poly/ML runs once per batch,
`use`-ing each program from its own file.

    python -m tests.polyml_match_diff [--seed N] [--count N] [--show]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile

POLY = shutil.which("poly")
BATCH = 100
FUNCTIONS = 10  # per program: mlbox shows at most 50 diagnostics per program
PRELUDE = ("datatype t = A | B of int | C of t * t | D of bool option;\ndatatype 'a s = N | Cons of 'a * 'a s;\n"
           "exception E of int;\nexception F = E;\n")
CONSTANTS = {"bool": ["true", "false"], "unit": ["()"], "int": ["0", "1", "~1", "2"],
             "char": ['#"a"', '#"b"', '#"\\000"'], "string": ['""', '"a"', '"ab"'], "word": ["0w0", "0w1", "0wxFF"]}


class Gen:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.names = 0

    def type(self, depth: int):
        if depth <= 0:
            return self.rng.choice(["bool", "int", "bool", "unit", "char", "string", "word"])
        kind = self.rng.choice(["bool", "int", "option", "list", "pair", "t", "s", "ref", "bool", "pair", "string", "exn"])
        if kind in ("option", "list", "s", "ref"):
            return (kind, self.type(depth - 1))
        if kind == "pair":
            return ("pair", self.type(depth - 1), self.type(depth - 1))
        return kind

    def pattern(self, ty, depth: int) -> str:
        rng = self.rng
        if rng.random() < 0.25 or depth > 4:
            return "_"
        if rng.random() < 0.08:
            self.names += 1
            return f"(y{self.names} as {self.pattern(ty, depth + 1)})"
        if ty in CONSTANTS:
            return rng.choice(CONSTANTS[ty])
        if ty == "exn":  # F is another name of E
            constructor = rng.choice(["Div", "Fail", "E", "F"])
            if constructor == "Div":
                return "Div"
            return f"({constructor} {self.pattern('string' if constructor == 'Fail' else 'int', depth + 1)})"
        if ty == "t":
            constructor = rng.choice("ABCD")
            if constructor == "A":
                return "A"
            if constructor == "B":
                return f"(B {self.pattern('int', depth + 1)})"
            if constructor == "C":
                return f"(C ({self.pattern('t', depth + 1)}, {self.pattern('t', depth + 1)}))"
            return f"(D {self.pattern(('option', 'bool'), depth + 1)})"
        kind, item = ty[0], ty[1]
        if kind == "option":
            return rng.choice(["NONE", f"(SOME {self.pattern(item, depth + 1)})"])
        if kind == "ref":
            return f"(ref {self.pattern(item, depth + 1)})"
        if kind == "s":
            return rng.choice(["N", f"(Cons ({self.pattern(item, depth + 1)}, {self.pattern(ty, depth + 1)}))"])
        if kind == "list":
            shape = rng.randint(0, 3)
            if shape == 0:
                return "[]"
            if shape == 1:
                return f"[{self.pattern(item, depth + 1)}]"
            if shape == 2:
                return f"({self.pattern(item, depth + 1)} :: {self.pattern(ty, depth + 1)})"
            return f"[{self.pattern(item, depth + 1)}, {self.pattern(item, depth + 1)}]"
        return f"({self.pattern(ty[1], depth + 1)}, {self.pattern(ty[2], depth + 1)})"

    def declaration(self, i: int) -> str:
        rng = self.rng
        ty = self.type(rng.randint(0, 3))
        patterns = [self.pattern(ty, 0) for _ in range(rng.randint(1, 5))]
        arms = " | ".join(f"{p} => {j}" for j, p in enumerate(patterns))
        form = rng.choice(["fn", "case", "fun", "curried", "let"] + (["handle"] * 3 if ty == "exn" else []))
        if form == "handle":
            return f"fun f{i} (g : unit -> int) = g () handle {arms};"
        if form == "fn":
            return f"val f{i} : {type_text(ty)} -> int = fn {arms};"
        if form == "case":
            return f"fun f{i} (x : {type_text(ty)}) = case x of {arms};"
        if form == "let":
            return f"fun f{i} (x : {type_text(ty)}) = let val {patterns[0]} = x in 0 end;"
        if form == "fun":
            clauses = " | ".join(f"f{i} {p} = {j}" for j, p in enumerate(patterns))
            return f"fun {clauses};\nval _ = f{i} : {type_text(ty)} -> int;"
        second = self.type(rng.randint(0, 2))
        clauses = " | ".join(f"f{i} {p} {self.pattern(second, 0)} = {j}" for j, p in enumerate(patterns))
        return f"fun {clauses};\nval _ = f{i} : {type_text(ty)} -> {type_text(second)} -> int;"

    def program(self) -> str:
        return PRELUDE + "\n".join(self.declaration(i) for i in range(FUNCTIONS)) + "\n"


def type_text(ty) -> str:
    if isinstance(ty, str):
        return ty
    if ty[0] == "pair":
        return f"({type_text(ty[1])} * {type_text(ty[2])})"
    return f"({type_text(ty[1])}) {ty[0]}"


def kind(severity: str, message: str) -> str | None:
    if severity == "error":
        return "error"
    if "not exhaustive" in message or "nonexhaustive" in message:
        return "nonexhaustive"
    if "redundant" in message:
        return "redundant"
    return None


def mlbox_verdicts(program: str) -> dict[int, set[str]]:
    """Line -> the kinds of diagnostics mlbox gives there."""
    from mlbox import driver
    from mlbox.diagnostics import CompileError, Source

    try:
        _, result = driver.front_end(Source("m.sml", program))
        diagnostics = result.diagnostics
    except CompileError as failure:
        diagnostics = failure.diagnostics
    verdicts: dict[int, set[str]] = {}
    for diagnostic in diagnostics:
        found = kind(diagnostic.severity, diagnostic.message)
        if found:
            verdicts.setdefault(diagnostic.span.line, set()).add(found)
    return verdicts


POLY_DIAGNOSTIC = re.compile(r"^p(\d+)\.sml:(\d+): (warning|error): (.*)", re.M)


def poly_verdicts(programs: list[str]) -> list[dict[int, set[str]]]:
    """Each program's line -> kinds of Poly/ML's diagnostics (one Poly run)."""
    with tempfile.TemporaryDirectory() as tmp:
        directory = pathlib.Path(tmp)
        uses = []
        for i, program in enumerate(programs):
            (directory / f"p{i}.sml").write_text(program)
            uses.append(f'(use "p{i}.sml") handle _ => ();')
        (directory / "all.sml").write_text("\n".join(uses) + "\n")
        output = subprocess.run([POLY, "--script", "all.sml"], cwd=directory, capture_output=True,
                                text=True, timeout=600).stdout
    verdicts: list[dict[int, set[str]]] = [{} for _ in programs]
    for match in POLY_DIAGNOSTIC.finditer(output):
        found = kind(match.group(3), match.group(4))
        if found:
            verdicts[int(match.group(1))].setdefault(int(match.group(2)), set()).add(found)
    return verdicts


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--show", action="store_true", help="print each differing line")
    args = parser.parse_args(argv)
    if POLY is None:
        print("Poly/ML (`poly`) is not installed", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    programs = [Gen(rng).program() for _ in range(args.count)]
    found = 0
    warned = {"nonexhaustive": 0, "redundant": 0, "error": 0}
    for start in range(0, len(programs), BATCH):
        batch = programs[start:start + BATCH]
        for i, (program, poly) in enumerate(zip(batch, poly_verdicts(batch))):
            mine = mlbox_verdicts(program)
            for kinds in mine.values():
                for k in kinds:
                    warned[k] += 1
            if mine != poly:
                found += 1
                print(f"--- program {start + i}")
                if args.show:
                    lines = program.splitlines()
                    for line in sorted(set(mine) | set(poly)):
                        if mine.get(line) != poly.get(line):
                            print(f"line {line}: mlbox {sorted(mine.get(line, ()))} poly {sorted(poly.get(line, ()))}: "
                                  f"{lines[line - 1]}")
    print(f"{found} discrepancies in {len(programs)} programs (mlbox's lines: {warned})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
