"""Differential testing of infix expression and pattern syntax against
Poly/ML 5.7 (a tool, not collected by pytest: it needs `poly`).

A seeded generator writes short, well-typed core SML programs that mix the
built-in infix operators of every precedence, user fixity declarations
(`infix`, `infixr`, `nonfix`, top level and let-scoped, built-in operators
re-declared too), `andalso`/`orelse`, application, `op`, `~`/`not`,
`if`/`case`/`fn`/`raise`/`handle`/`while` in the positions SML allows them,
type ascription, sequences, and patterns with `::`, a user infix
constructor, `as` and `: t`. Each expression is printed with only the
parentheses SML's grammar needs (sometimes more), so that both parsers must
resolve the grouping themselves: a wrong grouping shows as a type error or
a different output. One program in five is also mutated (a token dropped,
duplicated or swapped) to compare what each rejects.

Each program runs under mlbox (in process) and under Poly/ML (one Poly
process per batch: each program is `use`d from its own file, wrapped in a
structure so that its fixity declarations stay its own). The two must
agree on acceptance, output and uncaught exception.

    python -m tests.polyml_syntax_diff [--seed N] [--count N] [--show]
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
BATCH = 200
LENIENT = "has infix status but was not preceded by op"

PRELUDE = """exception E
exception F of int
val a = 3 val b = ~2 val c = 7
val s = "ab" val t = "c"
val l = [1, 2, 3] val m = [4]
val r = ref 1
fun inc x = x + 1
fun f x y = x * 10 + y
fun showl xs = "[" ^ String.concatWith "," (map Int.toString xs) ^ "]"
"""

# (precedence, associativity) of SML's initial basis
BUILTIN = {"*": (7, "left"), "div": (7, "left"), "mod": (7, "left"), "+": (6, "left"), "-": (6, "left"),
           "^": (6, "left"), "::": (5, "right"), "@": (5, "right"), "=": (4, "left"), "<>": (4, "left"),
           "<": (4, "left"), ">": (4, "left"), "<=": (4, "left"), ">=": (4, "left"), ":=": (3, "left"),
           "o": (3, "left"), "before": (0, "left")}
USER_OPS = ("++", "**", "%%")  # int * int -> int, int * int -> int, the constructor of `cell`
INT_OPS = ("+", "-", "*", "div", "mod", "++", "**")
CMP_OPS = ("<", ">", "<=", ">=", "=", "<>")

ATOM, APP, TYPED, ANDALSO, ORELSE, HANDLE, PREFIX = 100, 90, 5, 4, 3, 2, 1


def infix_level(prec: int) -> int:
    return 10 + prec


class Gen:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.fresh = 0

    def name(self) -> str:
        self.fresh += 1
        return f"v{self.fresh}"

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    # ---------------------------------------------------------------- printing

    @staticmethod
    def paren(node):
        return (f"({node[0]})", ATOM, False)

    def need(self, node, level: int, tail: bool = False, prefix_ok: bool = False):
        """`node` (text, level, open) where its context needs `level`; in a
        tail position an open node (one ending in a match or an `if`) may
        stay bare, and where the grammar allows `prefix_ok` a prefix form."""
        text, lvl, open_ = node[:3]
        ok = lvl >= level or (prefix_ok and lvl == PREFIX)
        if not ok or (open_ and not tail) or self.chance(0.05):
            return self.paren(node)
        return node

    def infix(self, op: str, left, right, fx: dict):
        """`left op right` as written in the fixity `fx`: a nonfix op is
        applied to a pair."""
        fixity = fx.get(op)
        if fixity is None:
            name = f"op {op}" if op in fx or op in BUILTIN or op in USER_OPS else op
            # `op` is allowed on a nonfix identifier too; either spelling is SML
            head = name if self.chance(0.5) else op
            return (f"{head} ({left[0]}, {right[0]})", APP, False)
        prec, assoc = fixity
        lvl = infix_level(prec)

        def side(node, is_left):
            _text, child_level, open_, child_assoc = node
            bare = child_level > lvl or (child_level == lvl and child_assoc == assoc
                                         and (assoc == "left") == is_left)
            if not bare or open_ or self.chance(0.05):
                return self.paren(node)
            return node

        left_t, right_t = side(left, True), side(right, False)
        return (f"{left_t[0]} {op} {right_t[0]}", lvl, False, assoc)

    # ---------------------------------------------------------------- expressions

    def exp(self, ty: str, depth: int, env: dict, fx: dict):
        if depth <= 0 or self.chance(0.15):
            return self.leaf(ty, env)
        gen = getattr(self, f"exp_{ty}")
        node = gen(depth - 1, env, fx)
        return node if len(node) == 4 else node + (None,)

    def leaf(self, ty, env):
        names = [n for n, t in env.items() if t == ty]
        if names and self.chance(0.6):
            return (self.rng.choice(names), ATOM, False, None)
        if ty == "int":
            n = self.rng.randint(-3, 9)
            return (f"~{-n}" if n < 0 else str(n), ATOM, False, None)
        if ty == "bool":
            return (self.rng.choice(["true", "false"]), ATOM, False, None)
        if ty == "string":
            return (self.rng.choice(['"x"', '"yz"', '""']), ATOM, False, None)
        if ty == "list":
            return (self.rng.choice(["[]", "[1]", "[2, 3]", "nil"]), ATOM, False, None)
        if ty == "unit":
            return ("()", ATOM, False, None)
        if ty == "cell":
            return ("Nil", ATOM, False, None)
        raise ValueError(ty)

    def common(self, ty, depth, env, fx):
        """Forms of any type: if, case, let (with a fixity declaration),
        fn applied, raise/handle, ascription, sequences."""
        rng = self.rng
        k = rng.randrange(9)
        sub = lambda t, e=env, x=fx: self.exp(t, depth, e, x)
        if k == 0:
            c = self.need(sub("bool"), PREFIX, tail=True)
            th = self.need(sub(ty), PREFIX, tail=True)
            el = self.need(sub(ty), PREFIX, tail=True)
            return (f"if {c[0]} then {th[0]} else {el[0]}", PREFIX, True)
        if k == 1:
            return self.case(ty, depth, env, fx)
        if k == 2:
            v = self.name()
            inner_fx = dict(fx)
            decl = ""
            if self.chance(0.5):
                decl, inner_fx = self.fixity_dec(fx)
            body = self.need(self.exp(ty, depth, {**env, v: "int"}, inner_fx), PREFIX, tail=True)
            rhs = self.need(sub("int"), PREFIX, tail=True)
            return (f"let {decl}val {v} = {rhs[0]} in {body[0]} end", ATOM, False)
        if k == 3:
            v = self.name()
            body = self.need(self.exp(ty, depth, {**env, v: "int"}, fx), PREFIX, tail=True)
            arg = self.need(sub("int"), ATOM)
            return (f"(fn {v} => {body[0]}) {arg[0]}", APP, False)
        if k == 4:
            return (rng.choice(["raise E", "raise F 2", f"raise F {self.need(sub('int'), ATOM)[0]}"]),
                    PREFIX, True)
        if k == 5:
            left = self.need(sub(ty), ORELSE)
            v = self.name()
            h1 = self.need(sub(ty), PREFIX)
            h2 = self.need(self.exp(ty, depth, {**env, v: "int"}, fx), PREFIX, tail=True)
            return (f"{left[0]} handle E => {h1[0]} | F {v} => {h2[0]}", HANDLE, True)
        if k == 6:
            inner = self.need(sub(ty), TYPED)
            name = {"list": "int list"}.get(ty, ty)
            return (f"{inner[0]} : {name}", TYPED, False)
        if k == 7:
            first = self.need(sub("unit"), PREFIX, tail=True)
            last = self.need(sub(ty), PREFIX, tail=True)
            return (f"({first[0]}; {last[0]})", ATOM, False)
        return self.infix("before", sub(ty), sub("unit"), fx)

    def case(self, ty, depth, env, fx):
        scrut_ty = self.rng.choice(["int", "list", "cell", "option"])
        scrut = self.need(self.exp(scrut_ty if scrut_ty != "option" else "int", depth, env, fx), PREFIX, tail=True)
        if scrut_ty == "option":
            scrut = (f"SOME {self.need(scrut, ATOM)[0]}" if self.chance(0.7) else "NONE", APP, False)
        rules = []
        for _ in range(self.rng.randint(1, 3)):
            pat, binds = self.pat(scrut_ty, 2, fx)
            rules.append((pat, binds))
        rules.append(("_", {}))
        texts = []
        for i, (pat, binds) in enumerate(rules):
            body = self.need(self.exp(ty, depth, {**env, **binds}, fx), PREFIX, tail=i == len(rules) - 1)
            texts.append(f"{pat} => {body[0]}")
        return (f"case {scrut[0]} of " + " | ".join(texts), PREFIX, True)

    def exp_int(self, depth, env, fx):
        rng = self.rng
        k = rng.randrange(12)
        sub = lambda t: self.exp(t, depth, env, fx)
        if k < 4:
            op = rng.choice(INT_OPS)
            return self.infix(op, sub("int"), sub("int"), fx)
        if k == 4:
            return (f"{rng.choice(['~', 'inc', 'abs'])} {self.need(sub('int'), ATOM)[0]}", APP, False)
        if k == 5:
            return (f"f {self.need(sub('int'), ATOM)[0]} {self.need(sub('int'), ATOM)[0]}", APP, False)
        if k == 6:
            return (rng.choice(["! r", "!r", f"size {self.need(sub('string'), ATOM)[0]}",
                                f"length {self.need(sub('list'), ATOM)[0]}",
                                f"hd {self.need(sub('list'), ATOM)[0]}"]), APP, False)
        if k == 7:
            op = rng.choice(INT_OPS)
            return (f"op {op} ({sub('int')[0]}, {sub('int')[0]})" if op in fx or op in BUILTIN
                    else f"{op} ({sub('int')[0]}, {sub('int')[0]})", APP, False)
        return self.common("int", depth, env, fx)

    def exp_bool(self, depth, env, fx):
        rng = self.rng
        k = rng.randrange(10)
        sub = lambda t: self.exp(t, depth, env, fx)
        if k < 3:
            return self.infix(rng.choice(CMP_OPS), sub("int"), sub("int"), fx)
        if k == 3:
            return self.infix(rng.choice(["=", "<>"]), sub("bool"), sub("bool"), fx)
        if k in (4, 5):
            word, level = rng.choice([("andalso", ANDALSO), ("orelse", ORELSE)])
            left = self.need(sub("bool"), level)
            right = self.need(sub("bool"), level + 1, tail=True, prefix_ok=True)
            return (f"{left[0]} {word} {right[0]}", level, right[2])
        if k == 6:
            return (f"not {self.need(sub('bool'), ATOM)[0]}", APP, False)
        if k == 7:
            return (f"null {self.need(sub('list'), ATOM)[0]}", APP, False)
        return self.common("bool", depth, env, fx)

    def exp_string(self, depth, env, fx):
        k = self.rng.randrange(6)
        sub = lambda t: self.exp(t, depth, env, fx)
        if k < 2:
            return self.infix("^", sub("string"), sub("string"), fx)
        if k == 2:
            return (f"Int.toString {self.need(sub('int'), ATOM)[0]}", APP, False)
        return self.common("string", depth, env, fx)

    def exp_list(self, depth, env, fx):
        k = self.rng.randrange(8)
        sub = lambda t: self.exp(t, depth, env, fx)
        if k < 2:
            return self.infix("::", sub("int"), sub("list"), fx)
        if k == 2:
            return self.infix("@", sub("list"), sub("list"), fx)
        if k == 3:
            items = ", ".join(self.exp("int", depth, env, fx)[0] for _ in range(self.rng.randint(1, 3)))
            return (f"[{items}]", ATOM, False)
        if k == 4:
            v = self.name()
            body = self.need(self.exp("int", depth, {**env, v: "int"}, fx), PREFIX, tail=True)
            return (f"map (fn {v} => {body[0]}) {self.need(sub('list'), ATOM)[0]}", APP, False)
        return self.common("list", depth, env, fx)

    def exp_unit(self, depth, env, fx):
        k = self.rng.randrange(5)
        sub = lambda t: self.exp(t, depth, env, fx)
        if k < 2:
            return self.infix(":=", ("r", ATOM, False, None), sub("int"), fx)
        if k == 2:
            newline = ('"\\n"', ATOM, False, None)
            text = self.need(self.infix("^", sub("string"), newline, fx), ATOM)[0]
            return (f"print {text}", APP, False)
        if k == 3:
            return (f"ignore {self.need(sub('int'), ATOM)[0]}", APP, False)
        return ("(r := 0; while !r < 3 do r := !r + 1)", ATOM, False)

    def exp_cell(self, depth, env, fx):
        if self.chance(0.6):
            return self.infix("%%", self.exp("int", depth, env, fx), self.exp("cell", depth, env, fx), fx)
        return self.common("cell", depth, env, fx)

    # ---------------------------------------------------------------- patterns

    def pat(self, ty, depth, fx):
        """A pattern of `ty` (without enclosing parentheses) and the
        variables it binds."""
        rng = self.rng
        text, _lvl, binds = self.pat_node(ty, depth, fx)
        if rng.random() < 0.15:
            v = self.name()
            binds = {**binds, v: ty}
            text = f"{v} as {text}"
        if rng.random() < 0.1:
            text = f"({text}) : {({'list': 'int list', 'option': 'int option'}).get(ty, ty)}"
        return text, binds

    def pat_node(self, ty, depth, fx):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            if rng.random() < 0.5:
                v = self.name()
                return v, ATOM, {v: ty}
            return {"int": rng.choice(["0", "1", "~1", "_"]), "list": rng.choice(["[]", "nil", "_", "[1]"]),
                    "cell": rng.choice(["Nil", "_"]), "option": rng.choice(["NONE", "_"])}[ty], ATOM, {}
        if ty in ("list", "cell"):
            op = "::" if ty == "list" else "%%"
            head, hl, hb = self.pat_node("int", depth - 1, fx)
            tail, tl, tb = self.pat_node(ty, depth - 1, fx)
            fixity = fx.get(op)
            if fixity is None:
                return f"{'op ' if self.chance(0.5) or op == '::' else ''}{op} ({head}, {tail})", APP, {**hb, **tb}
            prec, assoc = fixity
            lvl = infix_level(prec)
            head_t = head if hl > lvl else f"({head})"
            # a tail of the same operator may stay bare when it is right-associative
            tail_t = tail if tl > lvl or (tl == lvl and assoc == "right") else f"({tail})"
            return f"{head_t} {op} {tail_t}", lvl, {**hb, **tb}
        if ty == "option":
            inner, il, ib = self.pat_node("int", depth - 1, fx)
            return f"SOME {inner if il == ATOM else '(' + inner + ')'}", APP, ib
        return self.pat_node(ty, 0, fx)

    # ---------------------------------------------------------------- fixity

    def fixity_dec(self, fx):
        """A random fixity declaration and the fixity after it."""
        rng = self.rng
        name = rng.choice(USER_OPS + ("+", "-", "*", "::", "^", "=", "<", "@", "div"))
        kind = rng.choice(["infix", "infixr", "nonfix"] if name not in ("::", "%%") else ["infix", "infixr"])
        fx = dict(fx)
        if kind == "nonfix":
            fx[name] = None
            return f"nonfix {name} ", fx
        prec = rng.randint(0, 9)
        fx[name] = (prec, "left" if kind == "infix" else "right")
        digit = f"{prec} " if prec or rng.random() < 0.5 else ""
        return f"{kind} {digit}{name} ", fx

    # ---------------------------------------------------------------- programs

    def program(self) -> str:
        fx = dict(BUILTIN)
        fx["++"] = (6, "left")
        fx["**"] = (7, "right")
        fx["%%"] = (5, "right")
        lines = [PRELUDE]
        lines.append("infix 6 ++ infixr 7 ** infixr 5 %%")
        lines.append("fun x ++ y = x * 2 + y  fun x ** y = x * 3 - y")
        lines.append("datatype cell = %% of int * cell | Nil")
        lines.append("fun sumc (x %% r) = x + 10 * sumc r | sumc Nil = 0")
        for _ in range(self.rng.randint(0, 2)):
            decl, fx = self.fixity_dec(fx)
            lines.append(decl)
        show = {"int": "Int.toString", "bool": "Bool.toString", "string": "(fn x => x)", "list": "showl",
                "unit": "(fn () => \"()\")", "cell": "(Int.toString o sumc)"}
        for _ in range(self.rng.randint(1, 3)):
            ty = self.rng.choice(list(show))
            e = self.exp(ty, self.rng.randint(2, 4), {}, fx)
            # not `^ "\\n"`: the program may have made `^` nonfix
            lines.append(f"val _ = (print ({show[ty]} ({e[0]})); print \"\\n\")")
        if self.chance(0.3):
            lines.append(self.fun_dec(fx))
        return "\n".join(lines) + "\n"

    def fun_dec(self, fx):
        """A function by clauses over list or cell patterns, then its use."""
        ty = self.rng.choice(["list", "cell"])
        clauses = []
        for _ in range(self.rng.randint(1, 3)):
            pat, binds = self.pat(ty, 2, fx)
            body = self.need(self.exp("int", 2, binds, fx), PREFIX)  # `| g _ = 0` follows
            clauses.append(f"g ({pat}) = {body[0]}")
        clauses.append("g _ = 0")
        arg = self.need(self.exp(ty, 2, {}, fx), ATOM)
        return "fun " + " | ".join(clauses) + f"\nval _ = (print (Int.toString (g {arg[0]})); print \"\\n\")"


TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_\'.]*|~?\d+|[!%&$#+\-/:<=>?@\\~`^|*]+|\S')


def mutate(rng: random.Random, program: str) -> str:
    """The program with one token of its last lines dropped, doubled or
    swapped with its neighbour (the prelude is left alone)."""
    head, sep, body = program.partition("datatype cell")
    lines = body.split("\n")
    index = rng.randrange(2, len(lines)) if len(lines) > 2 else 0
    tokens = TOKEN.findall(lines[index])
    if len(tokens) < 3:
        return program
    i = rng.randrange(len(tokens) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        del tokens[i]
    elif kind == 1:
        tokens.insert(i, tokens[i])
    else:
        tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
    lines[index] = " ".join(tokens)
    return head + sep + "\n".join(lines)


# -------------------------------------------------------------------- running


def run_mlbox(program: str) -> tuple[str, str]:
    """("error", "") for a program mlbox rejects, else ("ok" or "exn NAME",
    output)."""
    from ccam.instructions import Status
    from mlbox import driver
    from mlbox.diagnostics import CompileError, Source

    try:
        compiled = driver.compile_source(Source("gen.sml", program))
    except CompileError as error:
        return "error", str(error.diagnostics[0].message)
    machine = driver.machine_class("c")(compiled.program, max_reductions=10_000_000)
    result = machine.run()
    output = result.output.decode("utf-8", "replace")
    if result.status == Status.OK:
        return "ok", output
    if result.status == Status.UNCAUGHT:
        return f"exn {result.value.name.name.decode('latin-1')}", output
    return f"machine {Status(result.status).name}", output


def run_poly(programs: list[str]) -> list[tuple[str, str]]:
    """Each program's (status, output) under Poly/ML, one process for all."""
    with tempfile.TemporaryDirectory() as tmp:
        driver_lines = ["val _ = PolyML.print_depth 0;"]
        for i, program in enumerate(programs):
            path = pathlib.Path(tmp) / f"u{i}.sml"
            # print goes to stderr, with the markers, so that Poly's own
            # messages (on stdout) cannot mix with the output
            path.write_text(f"structure U{i} = struct\nval print = fn s => TextIO.output (TextIO.stdErr, s)\n"
                            f"val _ = print \"@@RUN\\n\"\n{program}\nend;\n")
            driver_lines.append(
                f'val _ = (print "@@UNIT\\n"; TextIO.output (TextIO.stdErr, "@@UNIT {i}\\n"));\n'
                f'val _ = (PolyML.use "{path}"; TextIO.output (TextIO.stdErr, "@@OK\\n")) '
                f'handle e => TextIO.output (TextIO.stdErr, "@@EXN " ^ exnName e ^ "\\n");')
        driver_lines.append('val _ = TextIO.output (TextIO.stdErr, "@@UNIT end\\n");')
        script = pathlib.Path(tmp) / "driver.sml"
        script.write_text("\n".join(driver_lines) + "\n")
        run = subprocess.run([POLY, "-q", "--script", str(script)], capture_output=True, timeout=600)
    err = run.stderr.decode("utf-8", "replace")
    messages = run.stdout.decode("utf-8", "replace").split("@@UNIT\n")[1:]
    results = []
    for chunk, said in zip(err.split("@@UNIT ")[1:-1], messages):
        body = chunk.split("\n", 1)[1]
        # Poly/ML accepts an infix identifier as an operand with only a
        # warning; the Definition (and mlbox) reject it
        if "@@RUN\n" not in body or LENIENT in said:
            results.append(("error", ""))
            continue
        body = body.split("@@RUN\n", 1)[1]
        if body.endswith("@@OK\n"):
            results.append(("ok", body[: -len("@@OK\n")]))
        else:
            output, _, name = body.rpartition("@@EXN ")
            results.append((f"exn {name.strip()}", output))
    if len(results) != len(programs):
        raise RuntimeError(f"poly: {len(results)} results for {len(programs)} programs:\n{err[-2000:]}")
    return results


def agree(mine, poly) -> bool:
    if mine[0] == "error" or poly[0] == "error":
        return (mine[0] == "error") == (poly[0] == "error")
    return mine == poly


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--show", action="store_true", help="print each discrepancy's program")
    args = parser.parse_args(argv)
    if POLY is None:
        print("Poly/ML (`poly`) is not installed", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    programs = []
    for _ in range(args.count):
        program = Gen(rng).program()
        if rng.random() < 0.2 and "while" not in program:
            program = mutate(rng, program)
        programs.append(program)
    found = 0
    outcomes: dict[str, int] = {}  # mlbox's outcome (ok, exn, error) -> count
    for start in range(0, len(programs), BATCH):
        batch = programs[start:start + BATCH]
        for i, (program, poly) in enumerate(zip(batch, run_poly(batch))):
            mine = run_mlbox(program)
            outcomes[mine[0].split(" ")[0]] = outcomes.get(mine[0].split(" ")[0], 0) + 1
            if not agree(mine, poly):
                found += 1
                print(f"--- program {start + i}: mlbox {mine[0]} / poly {poly[0]}")
                if args.show:
                    print(program.split("datatype cell", 1)[1])
                    print(f"mlbox: {mine}\npoly:  {poly}")
    print(f"{found} discrepancies in {len(programs)} programs (mlbox: {outcomes})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
