"""Differential testing of what matches choose at run time, against Poly/ML
5.7 (a tool, not collected by pytest: it needs `poly`;
tests/test_runtime_match_diff.py runs its generator without it).

A seeded generator writes short core SML programs, each one function `m`
whose match has 2 to 30 rows over 1 to 5 columns, numbered 1, 2, ... in
order, with a last catch-all row giving 0. A column's type is bool, int,
char, string, word, a datatype `d` (nullary, unary, tuple-carrying,
recursive and list-carrying constructors) or, nested up to three deep,
an option, a list, a ref, a pair or a triple of those. Most rows are
made from values the program will also be applied to, with some parts
made `_`, a variable or a layered `v as p`, and some constants changed,
so that rows overlap and many values fall through several rows; the
others are random patterns of the column's type. Constants include
the edges of the 63-bit int and word (`~4611686018427387904`,
`0wx7FFFFFFFFFFFFFFF`, words with the top bit set), chars and strings
with bytes 0, 128 and 255. The match stands in a `fun` of a tuple, a
curried `fun` of one argument per column, an `fn`, a `case`, or a
handler of an exception carrying the tuple. `m` is then applied to 5 to
20 values, each passed through `opaque` (a ref read back) so that no
compiler can fold the match away, and the chosen row numbers are printed.

mlbox compiles and runs each program on the C machine (and, every tenth
program, on the Python machine too, which must agree with it on output,
status and reduction count); Poly/ML runs a batch of programs in one
`poly --script`, each program in a `let` of its own, separated by marker
lines (a program Poly/ML rejected would end the script: the programs after
it run in another). The outputs must be equal, byte for byte.

    python -m tests.polyml_runtime_match_diff [--seed N] [--count N] [--show]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

POLY = shutil.which("poly")
BATCH = 25  # programs per Poly/ML run: a timeout loses only these
POLY_TIMEOUT_S = 300
PYTHON_MACHINE_EVERY = 10  # the Python machine is slow: run it on every tenth program
MAX_REDUCTIONS = 20_000_000
PRELUDE = """datatype d = A | B of int | C of d * d | D of bool * string | E of d list
fun opaque x = ! (ref x)
"""
BASE_TYPES = ("bool", "int", "char", "string", "word")
MAX_INT = (1 << 62) - 1  # ints and words are 63 bits in mlbox and in Poly/ML 5.7 (64-bit)
MIN_INT = -MAX_INT - 1
TOP_BIT_WORD = 1 << 62
MAX_WORD = (1 << 63) - 1
ROWS = [2, 3, 5, 8, 12, 20, 30]  # Poly/ML took over 10 s on each match of 100 rows by 8 columns
COLUMNS = [1, 1, 2, 3, 4, 5]
APPLICATIONS = [5, 10, 20]
SEPARATOR = "#@PROGRAM@#"


def int_text(n: int) -> str:
    return f"~{-n}" if n < 0 else str(n)


def string_text(s: str) -> str:
    """An SML string literal; every byte outside printable ASCII as \\ddd."""
    return '"' + "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else f"\\{ord(c):03d}" for c in s) + '"'


def type_text(ty) -> str:
    if isinstance(ty, str):
        return ty
    if ty[0] == "tuple":
        return "(" + " * ".join(type_text(item) for item in ty[1]) + ")"
    return f"({type_text(ty[1])}) {ty[0]}"


# A value is kept as a tree, so that patterns can be made from it:
# ("const", text, type), ("con", name, argument or None), ("tuple", items),
# ("list", items), ("ref", value), ("some", value), ("none",).
def value_text(value) -> str:
    kind = value[0]
    if kind == "const":
        return value[1]
    if kind == "con":
        return value[1] if value[2] is None else f"{value[1]} ({value_text(value[2])})"
    if kind == "tuple":
        return "(" + ", ".join(value_text(item) for item in value[1]) + ")"
    if kind == "list":
        return "[" + ", ".join(value_text(item) for item in value[1]) + "]"
    if kind == "ref":
        return f"ref ({value_text(value[1])})"
    if kind == "some":
        return f"SOME ({value_text(value[1])})"
    return "NONE"


class Gen:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.names = 0  # variables bound so far in the current row

    def fresh_name(self) -> str:
        self.names += 1
        return f"v{self.names}"

    def type(self, depth: int):
        kind = self.rng.choice(BASE_TYPES + ("d",) + (("option", "list", "pair", "triple", "ref") if depth > 0 else ()))
        if kind in ("option", "list", "ref"):
            return (kind, self.type(depth - 1))
        if kind == "pair":
            return ("tuple", [self.type(depth - 1), self.type(depth - 1)])
        if kind == "triple":
            return ("tuple", [self.type(depth - 1) for _ in range(3)])
        return kind

    def constant(self, ty: str) -> str:
        rng = self.rng
        if ty == "bool":
            return rng.choice(["true", "false"])
        if ty == "int":
            return int_text(rng.choice([0, 1, -1, 2, 3, 7, -7, MAX_INT, MIN_INT, rng.randrange(-40, 40),
                                        rng.randrange(MIN_INT + 1, MAX_INT)]))
        if ty == "char":
            return "#" + string_text(chr(rng.choice([0, 97, 98, 255, 128, 65, rng.randrange(256)])))
        if ty == "string":
            return string_text(rng.choice(["", "a", "b", "ab", "\xff", "a\x00", "ba",
                                           "".join(rng.choice("ab\xff") for _ in range(rng.randrange(3)))]))
        return "0wx%X" % rng.choice([0, 1, 2, TOP_BIT_WORD, MAX_WORD, rng.randrange(MAX_WORD + 1), rng.randrange(50)])

    def small_int(self) -> str:
        # B's argument is often small, so that `B 2` rows meet `B 2` values
        return int_text(self.rng.randrange(-3, 4))

    def value(self, ty, depth: int = 3):
        rng = self.rng
        if ty in BASE_TYPES:
            return ("const", self.constant(ty), ty)
        if ty == "d":
            constructor = rng.choice("ABCDE") if depth > 0 else rng.choice("AB")
            if constructor == "A":
                return ("con", "A", None)
            if constructor == "B":
                return ("con", "B", ("const", self.constant("int") if rng.random() < 0.5 else self.small_int(), "int"))
            if constructor == "C":
                return ("con", "C", ("tuple", [self.value("d", depth - 1), self.value("d", depth - 1)]))
            if constructor == "D":
                return ("con", "D", ("tuple", [("const", self.constant("bool"), "bool"),
                                               ("const", self.constant("string"), "string")]))
            return ("con", "E", ("list", [self.value("d", depth - 1) for _ in range(rng.randrange(3))]))
        kind = ty[0]
        if kind == "option":
            return ("none",) if rng.random() < 0.3 else ("some", self.value(ty[1], depth))
        if kind == "ref":
            return ("ref", self.value(ty[1], depth))
        if kind == "list":
            return ("list", [self.value(ty[1], depth) for _ in range(rng.choice([0, 1, 1, 2, 3]))])
        return ("tuple", [self.value(item, depth) for item in ty[1]])

    def pattern(self, ty, depth: int) -> str:
        """A random pattern of type `ty`."""
        rng = self.rng
        if rng.random() < 0.25 or depth <= 0:
            return "_"
        if rng.random() < 0.07:
            return self.fresh_name()
        if rng.random() < 0.08:
            return f"({self.fresh_name()} as {self.pattern(ty, depth - 1)})"
        if ty in BASE_TYPES:
            return self.constant(ty)
        if ty == "d":
            constructor = rng.choice("ABCDE")
            if constructor == "A":
                return "A"
            if constructor == "B":
                return "B " + (self.small_int() if rng.random() < 0.6 else self.pattern("int", depth - 1))
            if constructor == "C":
                return f"C ({self.pattern('d', depth - 1)}, {self.pattern('d', depth - 1)})"
            if constructor == "D":
                return f"D ({self.pattern('bool', depth - 1)}, {self.pattern('string', depth - 1)})"
            if rng.random() < 0.5:
                return "E []"
            if rng.random() < 0.5:
                return f"E ({self.pattern('d', depth - 1)} :: {self.pattern(('list', 'd'), depth - 1)})"
            return "E [" + ", ".join(self.pattern("d", depth - 1) for _ in range(rng.randrange(1, 3))) + "]"
        kind = ty[0]
        if kind == "option":
            return "NONE" if rng.random() < 0.3 else f"SOME ({self.pattern(ty[1], depth - 1)})"
        if kind == "ref":
            return f"ref ({self.pattern(ty[1], depth - 1)})"
        if kind == "list":
            shape = rng.random()
            if shape < 0.25:
                return "[]"
            if shape < 0.6:
                return f"({self.pattern(ty[1], depth - 1)} :: {self.pattern(ty, depth - 1)})"
            return "[" + ", ".join(self.pattern(ty[1], depth - 1) for _ in range(rng.randrange(1, 4))) + "]"
        return "(" + ", ".join(self.pattern(item, depth - 1) for item in ty[1]) + ")"

    def pattern_of(self, value, wildcard: float) -> str:
        """A pattern that `value` matches, or nearly: parts made `_` (with
        probability `wildcard`), variables or layered; a quarter of the
        constants and a few constructors changed, so that it may not."""
        rng = self.rng
        draw = rng.random()
        if draw < wildcard:
            return "_"
        if draw < wildcard + 0.04:
            return self.fresh_name()
        if draw < wildcard + 0.08:
            return f"({self.fresh_name()} as {self.pattern_of(value, wildcard)})"
        kind = value[0]
        if kind == "const":
            return self.constant(value[2]) if rng.random() < 0.25 else value[1]
        if kind == "con":
            if rng.random() < 0.1:
                return rng.choice(["A", "B _", "C _", "D _", "E _"])
            return value[1] if value[2] is None else f"{value[1]} ({self.pattern_of(value[2], wildcard)})"
        if kind == "tuple":
            return "(" + ", ".join(self.pattern_of(item, wildcard) for item in value[1]) + ")"
        if kind == "list":
            items = value[1]
            if items and rng.random() < 0.3:
                return f"({self.pattern_of(items[0], wildcard)} :: {self.pattern_of(('list', items[1:]), wildcard)})"
            if rng.random() < 0.1:
                return "[]"
            return "[" + ", ".join(self.pattern_of(item, wildcard) for item in items) + "]"
        if kind == "ref":
            return f"ref ({self.pattern_of(value[1], wildcard)})"
        if kind == "some":
            return "NONE" if rng.random() < 0.1 else f"SOME ({self.pattern_of(value[1], wildcard)})"
        return "NONE" if rng.random() < 0.8 else "SOME _"

    def program(self) -> str:
        """The program's text, after PRELUDE (which it uses)."""
        rng = self.rng
        types = [self.type(rng.choice([1, 2, 3])) for _ in range(rng.choice(COLUMNS))]
        rows_count = rng.choice(ROWS)
        # values shared by rows and applications, so that rows do match them
        pool = [[self.value(ty) for ty in types] for _ in range(max(3, rows_count // 2))]
        rows = []  # each a list of one pattern per column
        for _ in range(rows_count):
            self.names = 0
            if rng.random() < 0.3:
                rows.append([self.pattern(ty, rng.choice([1, 2, 3, 4])) for ty in types])
            else:
                values, wildcard = rng.choice(pool), rng.choice([0.05, 0.15, 0.3])
                rows.append([self.pattern_of(value, wildcard) for value in values])
        columns = len(types)
        argument_type = type_text(types[0]) if columns == 1 else type_text(("tuple", types))
        tuples = [", ".join(row) for row in rows]
        form = rng.choice(["fun", "case", "fn", "curried" if columns > 1 else "case", "handle"])
        lines = []
        if form == "fun":
            lines.append("fun " + "\n  | ".join(f"m ({row}) = {i + 1}" for i, row in enumerate(tuples)) + "\n  | m _ = 0")
        elif form == "curried":
            arguments = [" ".join(f"({p})" for p in row) for row in rows]
            lines.append("fun " + "\n  | ".join(f"mc {row} = {i + 1}" for i, row in enumerate(arguments))
                         + "\n  | mc " + " ".join("_" * columns) + " = 0")
            names = [f"x{j}" for j in range(columns)]
            lines.append(f"fun m ({', '.join(names)}) = mc {' '.join(names)}")
        elif form == "handle":
            lines.append(f"exception X of {argument_type}")
            lines.append(f"fun m (v : {argument_type}) = (raise X v) handle "
                         + " | ".join(f"X ({row}) => {i + 1}" for i, row in enumerate(tuples)) + " | X _ => 0")
        elif form == "fn":
            lines.append("val m = fn " + " | ".join(f"({row}) => {i + 1}" for i, row in enumerate(tuples)) + " | _ => 0")
        else:
            lines.append(f"fun m (v : {argument_type}) = case v of "
                         + " | ".join(f"({row}) => {i + 1}" for i, row in enumerate(tuples)) + " | _ => 0")
        applied = [rng.choice(pool) if rng.random() < 0.6 else [self.value(ty) for ty in types]
                   for _ in range(rng.choice(APPLICATIONS))]
        arguments = ", ".join("(" + ", ".join(value_text(value) for value in values) + ")" for values in applied)
        lines.append(f'val _ = app (fn v => print (Int.toString (m (opaque v)) ^ " ")) [{arguments}]')
        lines.append('val _ = print "\\n"')
        return "\n".join(lines) + "\n"


def generate(seed: int, count: int) -> list[str]:
    """`count` whole programs (PRELUDE included)."""
    gen = Gen(random.Random(seed))
    return [PRELUDE + gen.program() for _ in range(count)]


def run_mlbox(program: str, machine: str):
    """Compile and run on `machine` ("c" or "py"): the machine's Result."""
    from mlbox import driver
    from mlbox.diagnostics import Source

    compiled = driver.compile_source(Source("m.sml", program))
    return driver.run_program(compiled.program, machine=machine, max_reductions=MAX_REDUCTIONS)


def mlbox_output(result) -> str:
    """What the program printed, and how it stopped if not normally (never
    expected: every match ends with a catch-all row)."""
    output = result.output.decode("latin-1")
    if result.status != 0:
        output += f"\n[mlbox stopped with status {result.status}: {result.message}]"
    return output


def poly_outputs(programs: list[str]) -> tuple[list[str | None], str]:
    """Each program's output under Poly/ML, and Poly/ML's own messages (its
    errors, if it rejects one). A program Poly/ML rejects prints nothing, and
    ends the script: the programs after it are run again in a new one. None
    for a program Poly/ML never reached (it crashed or stopped on it)."""
    outputs: list[str | None] = [None] * len(programs)
    messages = []
    start = 0
    while start < len(programs):
        batch_outputs, batch_messages = poly_script_outputs(programs[start:])
        outputs[start:] = batch_outputs
        messages.append(batch_messages)
        reached = [i for i, output in enumerate(batch_outputs) if output is not None]
        # skip a program Poly/ML did not even start, so that this ends
        start += reached[-1] + 1 if reached else 1
    return outputs, "".join(messages)


def poly_script_outputs(programs: list[str]) -> tuple[list[str | None], str]:
    """One `poly --script` of the programs: the output of each it reached
    (None for the others), and Poly/ML's own messages."""
    from tests.polyml_record import PRINT_TO_STDERR  # programs' output to stderr, Poly's messages to stdout

    parts = [PRINT_TO_STDERR]
    for i, program in enumerate(programs):
        parts.append(f'val _ = print "\\n{SEPARATOR}{i}\\n";\n')
        parts.append(f'val () = let\n{program}in () end\n'
                     '  handle e => print ("\\n[Poly/ML raised " ^ exnName e ^ "]");\n')
    parts.append(f'val _ = print "\\n{SEPARATOR}end\\n";\n')
    with tempfile.TemporaryDirectory() as tmp:
        script = pathlib.Path(tmp) / "batch.sml"
        script.write_text("".join(parts), encoding="latin-1")  # string_text keeps the text ASCII
        run = subprocess.run([POLY, "--script", str(script)], capture_output=True, timeout=POLY_TIMEOUT_S)
    outputs: list[str | None] = [None] * len(programs)
    for chunk in run.stderr.decode("latin-1").split("\n" + SEPARATOR)[1:]:
        index, _, body = chunk.partition("\n")
        if index == "end":
            break
        outputs[int(index)] = body
    return outputs, run.stdout.decode("latin-1", "replace")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--show", action="store_true", help="print each differing program and both outputs")
    args = parser.parse_args(argv)
    if POLY is None:
        print("Poly/ML (`poly`) is not installed", file=sys.stderr)
        return 2
    programs = generate(args.seed, args.count)
    differing = machines_differing = timed_out = on_both_machines = 0
    for start in range(0, len(programs), BATCH):
        batch = programs[start:start + BATCH]
        try:
            theirs, poly_messages = poly_outputs(batch)
        except subprocess.TimeoutExpired:
            timed_out += len(batch)
            print(f"--- programs {start}-{start + len(batch) - 1}: Poly/ML timed out, not compared")
            continue
        for i, (program, poly) in enumerate(zip(batch, theirs)):
            number = start + i
            try:
                on_c = run_mlbox(program, "c")
            except Exception as failure:  # a compile error, or worse: mlbox must accept every program
                on_c, mine = None, f"[mlbox failed: {failure!r}]"
            else:
                mine = mlbox_output(on_c)
            if on_c is not None and number % PYTHON_MACHINE_EVERY == 0:
                on_py = run_mlbox(program, "py")
                on_both_machines += 1
                if (on_py.output, on_py.status, on_py.reductions) != (on_c.output, on_c.status, on_c.reductions):
                    machines_differing += 1
                    print(f"--- program {number}: the C and Python machines differ")
                    if args.show:
                        print(f"{program}C:  {mlbox_output(on_c)!r} ({on_c.reductions} reductions)\n"
                              f"py: {mlbox_output(on_py)!r} ({on_py.reductions} reductions)")
            if mine == poly:
                continue
            differing += 1
            print(f"--- program {number}: mlbox and Poly/ML differ")
            if args.show:
                print(f"{program}mlbox:   {mine!r}\nPoly/ML: {poly!r}")
                if not poly:  # rejected, or never reached: Poly/ML says why among its warnings
                    print(f"Poly/ML's messages on the batch:\n{poly_messages}")
    compared = len(programs) - timed_out
    print(f"{differing} discrepancies with Poly/ML in {compared} programs compared"
          f" ({timed_out} not compared: Poly/ML timed out); C and Python machines differ on"
          f" {machines_differing} of {on_both_machines}")
    return 1 if differing or machines_differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
