"""Differential testing of type inference against Poly/ML 5.7 and SML/NJ
110.79 (a tool, not collected by pytest: it needs `poly`; the recorded
sample in tests/data/polyml_types.json is checked by
tests/test_polyml_types.py without it).

A seeded generator writes short core SML programs (no staging) of top-level
declarations that stress Hindley-Milner: let-polymorphism and the value
restriction, equality types, overloading, datatypes with parameters and
`and`, shadowing of types and constructors, type abbreviations, explicit
type variables and their scoping, exceptions, `as`/`ref` patterns, mutual
and polymorphic recursion, arity errors, unbound names, constructors
without their argument, duplicate pattern variables, `val rec` of a
non-`fn`, `rec` after `and` in a `val`, `withtype`, `abstype` (hidden
constructors, no equality outside), datatype replication and symbolic
constructors. Each family of
declarations has well-typed forms and forms with one deliberate error. Two families combine these where scoping and
generalisation interact: `scoping` (written forms, each well-typed or
with one error) and `combined` (declarations composed at random: val
with `and` and `and rec`, fun with `and`, local, let, abstype,
exceptions, datatypes with infix constructors, abbreviations over type
variables, explicit type variables bound or implicit in patterns,
expressions and results; about one in seven accepted).
Besides the families: expressions well-typed by construction (of a random ground type, over the prelude's polymorphic
functions, let-polymorphism, case, fn), random small terms (mostly
ill-typed: they test what is rejected), and one program in five has one
literal or identifier replaced by another.

Each program is checked by mlbox (in process, `check` only) and by Poly/ML
(one Poly process per batch; each program is `use`d from its own file,
wrapped in `functor Un () = struct ... end`: its bindings stay its own, and
the functor's body is checked but never run, so a program that would raise
or loop still shows its types). Per program the two must agree on the
verdict (accepted or rejected; the messages are not compared) and, when
both accept, on the final type of every top-level value, the constructors
of every datatype, every exception's argument type and every type
abbreviation Poly prints with its definition.

Normalisation of printed types (`parse_type`, `canonical`): type variables
are renamed in order of first appearance, keeping their kind: `'a`
(generic), `''a` (generic, equality) and weak. A weak variable is Poly's
`_a`, SML/NJ's dummy type `?.X1` and mlbox's `'_a` or `''_a`: Poly and
SML/NJ do not print whether a weak variable admits equality, nor reliably
which weak variables are one (each printed type names them afresh), so
all print as `'_`. A type declared again since a value was bound prints
as `?.t` in Poly (and in mlbox when printed after the redeclaration), as
`?.Un.t` in SML/NJ: all become `?.t`; mlbox prints each binding as of its
declaration, so its earlier mentions of a redeclared type are renamed
(`summarise_mlbox`). Type abbreviations are expanded before comparing
(where an implementation keeps an abbreviation is a printing choice, not a
type); Poly prints some abbreviations as `eqtype u`, without a definition,
and those are not compared.

Where Poly/ML and mlbox differ, the program also runs under SML/NJ (`sml`)
when it is installed, and the report says whether SML/NJ sides with mlbox
(against SML/NJ only values and exceptions are compared: it prints a
functor's datatypes as `type t`). Poly/ML is the reference (docs/language.md: every
mlbox program without staging is a valid SML program with the same output,
and the corpora are recorded with Poly); the Definition (SML '97) breaks a
tie where the two differ. Where they were seen to differ:

- Overloading and weak types are resolved over the whole program in mlbox
  and over the whole functor body in Poly, per top-level declaration in
  SML/NJ (`fun f x = x + x` then `val y = f 0w1` is word -> word in Poly and
  mlbox, an error in SML/NJ). The Definition allows any context up to the
  enclosing top-level declaration: mlbox follows Poly.
- A datatype escaping its `let` (`val x = let datatype t = A in A end`):
  SML/NJ accepts it, Poly and the Definition (and mlbox) reject it.
- A datatype declared in a `let` whose type is discarded
  (`val x = (let datatype t = A in A end; 1)`): Poly and SML/NJ accept
  it, Poly refusing a local datatype only in the declaration's type; the
  Definition (rule 4: the `let`'s type may not mention it) and mlbox
  reject it. The combined family draws it rarely (about once in 10,000
  programs, through an abstype's function in a `let`).
- An explicit type variable kept by an expansive binding of a `val ...
  and ...` (`val f : 'a list = [] and r : 'a list ref = ref []`): Poly
  5.7.1 accepts it, r polymorphic, and crashes when r is used at two
  types; the Definition (rule 15's side condition), SML/NJ and mlbox
  reject it (not generated).
- A redundant match rule is an error in SML/NJ, a warning in Poly and
  mlbox (the Definition asks only for a warning).
- An infix identifier used as an operand without `op` (`val x = before`):
  Poly accepts it with a warning, the Definition and SML/NJ (and mlbox)
  reject it; the tool counts Poly's warning as a rejection.
- Binding `=` (`fn (op =) => 1`): SML/NJ warns, Poly rejects, and so does
  mlbox. As a constructor (`datatype t = op = of int`) both reject it, but
  both accept an exception `=` (`exception op =`), which mlbox rejects
  like every other binding of `=`, as the Definition says (section 2.4:
  "the identifier = may not be re-bound"; not generated).

    python -m tests.polyml_types_diff [--seed N] [--count N] [--show]
    python -m tests.polyml_types_diff --write   # re-record tests/data/polyml_types.json
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Optional

POLY = shutil.which("poly")
SMLNJ = shutil.which("sml")
BATCH = 250
LENIENT = "has infix status but was not preceded by op"
RECORDING = pathlib.Path(__file__).resolve().parent / "data" / "polyml_types.json"
RECORD_SEED, RECORD_COUNT = 10, 300

# A prelude every program starts with: polymorphic functions for the
# random terms to combine (their own types are compared too).
PRELUDE = """fun id x = x
fun fst (x, _) = x
fun snd (_, y) = y
fun twice f x = f (f x)
fun const x _ = x
fun compose (f, g) x = f (g x)
"""
POOL = ("id", "fst", "snd", "twice", "const", "compose", "map", "rev", "length", "hd", "tl", "null",
        "not", "size", "ref", "!", "SOME", "NONE", "ignore", "op ::", "op @", "op o", "op =", "op +",
        "op <", "op ^", "op :=", "print", "Int.toString", "String.concat", "List.filter", "foldl",
        "valOf", "isSome")
STRING = '"s"'
CONSTANTS = ("1", "~2", "0w3", '"s"', '#"c"', "true", "()", "[]", "nil", "[1]", "NONE")


class Gen:
    """The generator: `program` makes one program (the prelude, then one
    to three units of declarations)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.fresh = 0

    def name(self, stem: str = "v") -> str:
        self.fresh += 1
        return f"{stem}{self.fresh}"

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def pick(self, *options):
        return self.rng.choice(options)

    # ------------------------------------------------------------ random terms

    def term(self, depth: int, scope: list[str]) -> str:
        """A random expression, atomic or parenthesised, over the pool and
        the variables in `scope`: most are ill-typed at depth 3."""
        rng = self.rng
        if depth <= 0 or self.chance(0.2):
            r = rng.random()
            if scope and r < 0.45:
                return rng.choice(scope)
            if r < 0.8:
                return self.pool_atom()
            return rng.choice(CONSTANTS)
        sub = lambda s=scope: self.term(depth - 1, s)
        k = rng.randrange(12)
        if k < 3:
            return f"({sub()} {sub()})"
        if k == 3:
            return f"({self.pool_atom()} {sub()} {sub()})"
        if k == 4:
            v = self.name("x")
            return f"(fn {v} => {self.term(depth - 1, scope + [v])})"
        if k == 5:
            v, w = self.name("x"), self.name("y")
            return f"(fn ({v}, {w}) => {self.term(depth - 1, scope + [v, w])})"
        if k == 6:
            return f"({sub()}, {sub()})"
        if k == 7:
            return f"[{sub()}, {sub()}]"
        if k == 8:
            v = self.name("l")
            return f"(let val {v} = {sub()} in {self.term(depth - 1, scope + [v])} end)"
        if k == 9:
            f, x = self.name("g"), self.name("x")
            body = self.term(depth - 1, scope + [f, x])
            return f"(let fun {f} {x} = {body} in {self.term(depth - 1, scope + [f])} end)"
        if k == 10:
            return f"(if {sub()} then {sub()} else {sub()})"
        h, t = self.name("h"), self.name("t")
        return f"(case {sub()} of [] => {sub()} | {h} :: {t} => {self.term(depth - 1, scope + [h, t])})"

    def pool_atom(self) -> str:
        item = self.rng.choice(POOL)
        return f"({item})" if item.startswith("op ") else item

    def fam_terms(self) -> list[str]:
        name = self.name("t")
        if self.chance(0.5):
            x = self.name("a")
            return [f"fun {name} {x} = {self.term(self.rng.randint(1, 3), [x])}"]
        return [f"val {name} = {self.term(self.rng.randint(1, 3), [])}"]

    # ------------------------------------------------------------ typed terms
    # Well-typed by construction: an expression of a given ground type
    # (("int",), ("list", t), ("pair", t, u), ("fn", t, u), ...), built
    # from the pool's polymorphic functions, let-polymorphism, case, fn
    # and annotations; both checkers must accept it and agree on what
    # they infer (often more general than the type it was built for).

    BASE = (("int",), ("bool",), ("string",), ("word",), ("char",), ("unit",))

    def ground(self, depth: int = 2):
        if depth <= 0 or self.chance(0.45):
            return self.rng.choice(self.BASE)
        k = self.rng.randrange(5)
        if k == 0:
            return ("list", self.ground(depth - 1))
        if k == 1:
            return ("option", self.ground(depth - 1))
        if k == 2:
            return ("pair", self.ground(depth - 1), self.ground(depth - 1))
        if k == 3:
            return ("fn", self.ground(depth - 1), self.ground(depth - 1))
        return ("ref", self.ground(depth - 1))

    @staticmethod
    def sml_type(t) -> str:
        head = t[0]
        if len(t) == 1:
            return head
        if head == "pair":
            return f"({Gen.sml_type(t[1])} * {Gen.sml_type(t[2])})"
        if head == "fn":
            return f"({Gen.sml_type(t[1])} -> {Gen.sml_type(t[2])})"
        return f"({Gen.sml_type(t[1])} {head})"

    def sml_type_generalised(self, t) -> str:
        """t written with some of its parts replaced by explicit type
        variables: a correct annotation only where the expression is that
        general (and the variable can be generalised where it is scoped)."""
        if self.chance(0.2):
            return self.pick("'a", "'b", "''a")
        head = t[0]
        if len(t) == 1:
            return head
        parts = [self.sml_type_generalised(u) for u in t[1:]]
        if head == "pair":
            return f"({parts[0]} * {parts[1]})"
        if head == "fn":
            return f"({parts[0]} -> {parts[1]})"
        return f"({parts[0]} {head})"

    LITERALS = {"int": ("0", "1", "~7"), "bool": ("true", "false"), "string": ('"a"', '""'),
                "word": ("0w0", "0w9"), "char": ('#"x"', '#"y"'), "unit": ("()",)}
    EQUALITY = ("int", "bool", "string", "word", "char", "unit")

    def admits_eq(self, t) -> bool:
        return t[0] in self.EQUALITY or t[0] == "ref" or (
            t[0] in ("list", "option") and self.admits_eq(t[1])) or (
            t[0] == "pair" and self.admits_eq(t[1]) and self.admits_eq(t[2]))

    def typed(self, t, depth: int, env: list) -> str:
        """An expression of type t, atomic or parenthesised."""
        rng = self.rng
        names = [n for n, u in env if u == t]
        if depth <= 0 or self.chance(0.15):
            if names and self.chance(0.7):
                return rng.choice(names)
            return self.typed_leaf(t, env)
        sub = lambda u, d=depth - 1, e=env: self.typed(u, d, e)
        k = rng.randrange(10)
        if k == 0:  # let-polymorphism: a local function used at t and at another type
            g, y = self.name("g"), self.name("y")
            other = self.ground(1)
            if self.chance(0.5):
                return f"(let val {g} = fn {y} => {y} in (fn _ => {g} {sub(t)}) ({g} {sub(other)}) end)"
            return f"(let fun {g} {y} = [{y}] in (fn _ => hd ({g} {sub(t)})) ({g} {sub(other)}) end)"
        if k == 1:
            v = self.name("v")
            u = self.ground(1)
            return f"(let val {v} = {sub(u)} in {self.typed(t, depth - 1, env + [(v, u)])} end)"
        if k == 2:
            return f"(if {sub(('bool',))} then {sub(t)} else {sub(t)})"
        if k == 3:
            u = self.ground(1)
            v = self.name("v")
            return f"((fn {v} => {self.typed(t, depth - 1, env + [(v, u)])}) {sub(u)})"
        if k == 4:
            u = self.ground(1)
            h, r = self.name("h"), self.name("r")
            inner = env + [(h, u), (r, ("list", u))]
            return (f"(case {sub(('list', u))} of [] => {sub(t)} | {h} :: {r} => "
                    f"{self.typed(t, depth - 1, inner)})")
        if k == 5:
            return self.pick(f"(id {sub(t)})", f"(fst ({sub(t)}, {sub(self.ground(1))}))",
                             f"(snd ({sub(self.ground(1))}, {sub(t)}))", f"(const {sub(t)} {sub(self.ground(1))})",
                             f"(!(ref {sub(t)}))", f"(valOf (SOME {sub(t)}))", f"({sub(t)} : {self.sml_type(t)})",
                             f"(hd [{sub(t)}])", f"(({sub(('unit',))}; {sub(t)}))",
                             f"({sub(t)} : {self.sml_type_generalised(t)})")
        if k == 6:
            u = self.ground(1)
            return f"({sub(('fn', u, t))} {sub(u)})"
        if k == 7:
            u = self.ground(1)
            v, w = self.name("v"), self.name("w")
            return (f"(case {sub(('option', u))} of NONE => {sub(t)} | SOME {v} => "
                    f"{self.typed(t, depth - 1, env + [(v, u)])})")
        return self.typed_shape(t, depth, env)

    def typed_shape(self, t, depth: int, env: list) -> str:
        """An expression of type t built by t's own constructors and operations."""
        rng = self.rng
        sub = lambda u, e=env: self.typed(u, depth - 1, e)
        head = t[0]
        if head == "int":
            return self.pick(f"({sub(t)} + {sub(t)})", f"(length {sub(('list', self.ground(1)))})",
                             f"(size {sub(('string',))})", f"(abs {sub(t)})", f"({sub(t)} div {sub(t)})",
                             f"(ord {sub(('char',))})", f"(foldl (op +) {sub(t)} {sub(('list', t))})")
        if head == "bool":
            u = self.ground(1)
            ops = [f"(not {sub(t)})", f"(null {sub(('list', u))})", f"(isSome {sub(('option', u))})",
                   f"({sub(t)} andalso {sub(t)})"]
            if self.admits_eq(u):
                ops.append(f"({sub(u)} = {sub(u)})")
            ordered = rng.choice(("int", "string", "char", "word"))
            ops.append(f"({sub((ordered,))} < {sub((ordered,))})")
            return rng.choice(ops)
        if head == "string":
            return self.pick(f"({sub(t)} ^ {sub(t)})", f"(Int.toString {sub(('int',))})",
                             f"(implode [{sub(('char',))}])", f"(String.concat {sub(('list', t))})")
        if head == "word":
            return self.pick(f"({sub(t)} + {sub(t)})", f"(Word.fromInt {sub(('int',))})", f"({sub(t)} * 0w2)")
        if head == "char":
            return self.pick(f"(chr {sub(('int',))})", f"(String.sub ({sub(('string',))}, 0))")
        if head == "unit":
            return self.pick(f"(ignore {sub(self.ground(1))})", f"(print {sub(('string',))})",
                             f"({sub(('ref', ('int',)))} := {sub(('int',))})")
        if head == "list":
            u = self.ground(1)
            v = self.name("v")
            return self.pick(f"[{sub(t[1])}, {sub(t[1])}]", f"({sub(t[1])} :: {sub(t)})", f"(rev {sub(t)})",
                             f"({sub(t)} @ {sub(t)})",
                             f"(map (fn {v} => {self.typed(t[1], depth - 1, env + [(v, u)])}) {sub(('list', u))})",
                             f"(List.filter (fn {v} => {self.typed(('bool',), depth - 1, env + [(v, t[1])])}) "
                             f"{sub(t)})")
        if head == "option":
            return self.pick(f"(SOME {sub(t[1])})", "NONE", f"(Option.map (fn x => x) {sub(t)})")
        if head == "pair":
            return f"({sub(t[1])}, {sub(t[2])})"
        if head == "ref":
            return f"(ref {sub(t[1])})"
        # a function
        v = self.name("v")
        body = self.typed(t[2], depth - 1, env + [(v, t[1])])
        forms = [f"(fn {v} => {body})", f"(compose ({sub(('fn', ('int',), t[2]))}, {sub(('fn', t[1], ('int',)))}))"]
        if t[1] == t[2]:
            forms += [f"(twice {sub(t)})", f"(id o {sub(t)})"]
        return rng.choice(forms)

    def typed_leaf(self, t, env) -> str:
        head = t[0]
        if head in self.LITERALS:
            return self.rng.choice(self.LITERALS[head])
        if head == "list":
            return self.pick("[]", "nil", f"[{self.typed_leaf(t[1], env)}]")
        if head == "option":
            return self.pick("NONE", f"(SOME {self.typed_leaf(t[1], env)})")
        if head == "pair":
            return f"({self.typed_leaf(t[1], env)}, {self.typed_leaf(t[2], env)})"
        if head == "ref":
            return f"(ref {self.typed_leaf(t[1], env)})"
        v = self.name("v")
        return self.pick(f"(fn {v} => {self.typed_leaf(t[2], env)})", f"(const {self.typed_leaf(t[2], env)})")

    def fam_typed(self) -> list[str]:
        name = self.name("k")
        t = self.ground(2)
        depth = self.rng.randint(2, 4)
        if self.chance(0.5):
            x = self.name("a")
            u = self.ground(1)
            decls = [f"fun {name} {x} = {self.typed(t, depth, [(x, u)])}"]
            if self.chance(0.5):
                # used at its parameter's type and at another: fine only where
                # the function did not need the parameter's type
                other = self.ground(1)
                decls.append(f"val _ = ({name} {self.typed_leaf(u, [])}, {name} {self.typed_leaf(other, [])})")
            return decls
        return [f"val {name} = {self.typed(t, depth, [])}"]

    # ------------------------------------------------------------ families
    # Each returns declarations; `bad` asks for one deliberate error.

    def fam_value_restriction(self, bad: bool) -> list[str]:
        x = self.name("w")
        rhs = self.pick("ref []", "id id", "fn y => y", "map id", "(fn y => y) (fn z => z)", "ref",
                        "SOME []", "(id, [])", "[] : int list", "let val z = 1 in fn y => y end",
                        "twice id", "ref NONE", "fn y => ref y", "(fn y => y) []", "NONE",
                        "compose (id, id)", "const []", "rev []", "fst ([], 1)", "let in [] end",
                        "SOME (fn y => y)", "(ref [], fn y => y)", "id : int -> int", "[id, id]",
                        "(fn y => y) : bool -> bool", "raise Fail \"no\"", "[] :: []", "[fn y => y]",
                        "op :: ([], [])", "(SOME, NONE)", "if true then [] else []", "([] : 'a list)",
                        "(fn y => y) o (fn y => y)", "case [] of l => l", "((); [])", "[] before ()")
        decls = [f"val {x} = {rhs}"]
        if bad:
            # two uses at different types: an error when x is not polymorphic
            # (and for some right sides whatever x's type)
            decls.append(self.pick(f"val _ = ({x} 1, {x} true)", f"val _ = ({x} := [1]; {x} := [true])",
                                   f"val _ = ({x} = [1], {x} = [true])", f"val _ = (hd {x} + 1, hd {x} ^ \"s\")"))
        elif rhs == "ref []" and self.chance(0.6):
            # a later declaration fixes the weak type
            decls.append(f"val _ = {x} := [{self.pick('1', 'true', STRING)}]")
        else:
            decls.append(self.pick(f"val _ = {x}", f"val _ = ({x}, {x})", f"val {x}2 = {x}"))
        return decls

    def fam_let_poly(self, bad: bool) -> list[str]:
        f, g, x, y = self.name("f"), self.name("g"), self.name("x"), self.name("y")
        forms = [
            f"fun {f} {x} = let fun {g} {y} = ({x}, {y}) in ({g} 1, {g} true) end",
            f"fun {f} {x} = let val {g} = fn {y} => {y} in ({g} {x}, {g} \"s\") end",
            f"val {f} = let fun {g} {y} = {y} in ({g} 1, {g} [true]) end",
            f"fun {f} {x} = let val {g} = {x} in {g} end",
            f"fun {f} {x} = let val {g} = ref {x} in !{g} end",
            f"fun {f} {x} = let fun {g} {y} = {x} {y} in ({g} 1, {g} 2) end",
            f"fun {f} {x} {y} = ({x} = {y}, [{x}, {y}])",
            f"val {f} = fn {x} => let val {g} = fn {y} => ({y}, {x}) in {g} {g} end",
            f"fun {f} {x} = let val {g} = {x} in ({g} 1, {g} 2) end",
        ]
        bad_forms = [
            f"fun {f} {g} = ({g} 1, {g} true)",
            f"fun {f} {x} = let val {g} = {x} in ({g} 1, {g} true) end",
            f"fun {f} {x} = let val {g} = ref (fn {y} => {y}) in (!{g} 1, !{g} true) end",
            f"val {f} = let val {g} = id id in ({g} 1, {g} true) end",
            f"fun {f} {x} = let fun {g} {y} = {x} {y} in ({g} 1, {g} \"s\", {x} true) end",
            f"val {f} = (fn {g} => ({g} 1, {g} \"s\")) id",
        ]
        return [self.rng.choice(bad_forms if bad else forms)]

    def fam_equality(self, bad: bool) -> list[str]:
        d, c, f, a, b = self.name("d"), self.name("C"), self.name("eq"), self.name("a"), self.name("b")
        decls = []
        kind = self.rng.randrange(8)
        if kind == 0:
            arg = self.pick("int -> int", "int * (bool -> int)", "(int -> int) list") if bad else \
                self.pick("int", "int list", "(int -> int) ref", "string * bool", "unit", "char option")
            decls.append(f"datatype {d} = {c} of {arg} | {self.name('N')}")
            decls.append(f"fun {f} ({a} : {d}) {b} = {a} = {b}")
        elif kind == 1:
            decls.append(f"datatype 'a {d} = {c} of 'a -> int | {self.name('N')} of 'a")
            decls.append(f"fun {f} ({a} : {self.pick('int', 'bool')} {d}) {b} = {a} = {b}" if bad
                         else f"fun {f} ({a} : int {d}) = [{a}]")
        elif kind == 2:
            decls.append(f"datatype 'a {d} = {c} of 'a | {self.name('N')} of 'a list")
            ty = self.pick("(int -> int)", "(bool -> bool) list") if bad else \
                self.pick("int", "string list", "(int -> int) ref", "int array")
            decls.append(f"fun {f} ({a} : {ty} {d}) {b} = {a} = {b}")
        elif kind == 3:
            tyvar = self.pick("'a", "'b") if bad else "''a"  # only an equality type variable admits `=`
            decls.append(f"fun {f} ({a} : {tyvar}) {b} = {a} = {b}")
        elif kind == 4:
            decls.append(f"fun {f} {a} {b} = {a} = {b} orelse {self.pick('false', 'true')}")
            decls.append(f"val _ = {f} " + (self.pick("(fn x => x) id", "[id] [id]", "(SOME id) NONE") if bad else
                                            self.pick("1 2", "[true] []", "(ref id) (ref id)", "#\"c\" #\"d\"",
                                                      "NONE (SOME 0w1)")))
        elif kind == 5:
            e = self.name("e")
            decls.append(f"datatype {d} = {c} of {e} | {self.name('N')} and "
                         f"{e} = {self.name('E')} of {'int -> ' if bad else ''}{d}")
            decls.append(f"fun {f} ({a} : {d}) {b} = {a} = {b}")
        elif kind == 6:
            decls.append(f"val {f} = fn {a} => fn {b} => {a} = {b}")
            decls.append(f"val _ = {f} {'(ref (fn x => x + 1))' if not bad else '(fn x => x + 1)'} "
                         f"{'(ref (fn x => x))' if not bad else '(fn x => x)'}")
        else:
            decls.append(f"fun {f} {a} [] = false | {f} {a} ({b} :: r) = {a} = {b} orelse {f} {a} r")
            decls.append(f"val _ = {f} " + (self.pick("print [print]", "(fn () => ()) []") if bad else
                                           self.pick("1 [2, 3]", '"a" ["b"]', "(1, true) []", "[[0w1]] []")))
        return decls

    def fam_overloading(self, bad: bool) -> list[str]:
        f, x, y = self.name("o"), self.name("x"), self.name("y")
        ok = [
            f"fun {f} {x} {y} = {x} + {y}",
            f"fun {f} ({x} : word) {y} = {x} + {y}",
            f"fun {f} {x} {y} = {x} * {y} : word",
            f"fun {f} {x} = {x} + 0w1",
            f"fun {f} {x} {y} = {x} < {y}",
            f"fun {f} ({x} : string) {y} = {x} < {y}",
            f"fun {f} {x} = {x} < #\"a\"",
            f"fun {f} {x} = ~ {x}",
            f"fun {f} {x} = abs {x}",
            f"val {f} = fn {x} => {x} div 2",
            f"fun {f} {x} {y} = {x} mod {y}",
            f"fun {f} {x} {y} = ({x} + {y}, {x} > 0w0)",
            f"fun {f} {x} = let val {y} = {x} + {x} in {y} < 0w2 end",
            f"fun {f} {x} = let fun g {y} = {y} + {y} in g {x} end",
            f"val {f} = fn {x} => fn {y} => {x} - {y} >= {x}",
            f"fun {f} ({x}, {y}) = if {x} < {y} then {y} else {x}",
            f"fun {f} {x} = {x} > \"m\" andalso {x} < \"z\"",
            f"fun {f} {x} = ({x} + 1, {x})",
            f"fun {f} {x} = {x} <= {x}",
            f"val {f} = (op +)",
            f"val {f} = (op <) (#\"a\", #\"b\")",
            f"val {f} = abs ~3",
            f"fun {f} {x} = ~ {x} : word",
        ]
        bad_forms = [
            f"fun {f} {x} = {x} + \"s\"",
            f"fun {f} {x} {y} = {x} div {y} : string",
            f"fun {f} {x} = abs {x} : string",
            f"fun {f} {x} = ~ {x} : char",
            f"fun {f} {x} = {x} < true",
            f"fun {f} {x} = ({x} + 1, {x} + 0w1)",
            f"fun {f} ({x} : char) = {x} + {x}",
            f"fun {f} {x} = {x} mod #\"c\"",
            f"fun {f} {x} = [{x} < 1, {x} < \"s\"]",
            f"val {f} = (op +) (1, 0w1)",
        ]
        decls = [self.rng.choice(bad_forms if bad else ok)]
        if not bad and self.chance(0.3):
            # resolution by a later declaration of the same program
            decls.append(f"val _ = {f}")
        return decls

    def fam_datatypes(self, bad: bool) -> list[str]:
        t, u, a, b, c = self.name("t"), self.name("u"), self.name("A"), self.name("B"), self.name("C")
        k = self.rng.randrange(8)
        if k == 7:  # datatypes declared in a let or local, and younger than a type variable
            r, f = self.name("r"), self.name("f")
            if bad:
                return [self.pick(f"val {r} = ref []\ndatatype {t} = {a}\nval _ = {r} := [{a}]",
                                  f"val {f} = fn y => let datatype {t} = {a} in (y = {a}; 1) end",
                                  f"val {r} = ref []\nfun {f} () = let datatype {t} = {a} in {r} := [{a}] end",
                                  f"val {f} = let datatype {t} = {a} in {a} end",
                                  f"val {f} = fn g => let datatype {t} = {a} in g {a} end",
                                  f"val {f} = let val {r} = ref NONE in "
                                  f"(let datatype {t} = {a} in {r} := SOME {a} end; 1) end")]
            return [self.pick(f"datatype {t} = {a}\nval {r} = ref []\nval _ = {r} := [{a}]",
                              f"val {f} = let datatype {u} = {b} val s = ref [] in s := [{b}]; length (!s) end",
                              f"fun {f} x = let datatype {u} = {c} of int in case {c} x of {c} y => y end",
                              f"local datatype {t} = {a} in val {r} = {a} end\nval {f} = [{r}]",
                              f"fun {f} y = let datatype {t} = {a} in (fn {a} => y) {a} end")]
        if k == 0:
            decls = [f"datatype ('a, 'b) {t} = {a} of 'a | {b} of 'b | {c}",
                     f"val _ = [{a} 1, {b} true, {c}]"]
            if bad:
                decls.append(f"val _ = [{a} 1, {a} true]")
            return decls
        if k == 1:
            decls = [f"datatype 'a {t} = {a} | {b} of 'a * 'a {u} and 'a {u} = {c} of 'a {t} list",
                     f"fun size{t} {a} = 0 | size{t} ({b} (_, {c} l)) = 1 + length l"]
            if bad:
                decls.append(f"val _ = {b} (1, {c} [{b} (true, {c} [])])")
            else:
                decls.append(f"val _ = {b} (1, {c} [{b} (2, {c} [])])")
            return decls
        if k == 2:  # shadowing of a datatype; a value keeps the old one
            decls = [f"datatype {t} = {a} | {b} of int",
                     f"val old{t} = {b} 3",
                     f"datatype {t} = {a} of bool | {c}",
                     f"val new{t} = {a} true"]
            decls.append(f"val _ = [old{t}, {c}]" if bad else f"val pair{t} = (old{t}, {c})")
            return decls
        if k == 3:  # a constructor shadowed by a value, a value by a constructor
            decls = [f"datatype {t} = {a} of int | {b}",
                     f"fun {a.lower()} x = {a} x",
                     f"val {b.lower()} = {b}"]
            if bad:
                decls.append(f"val _ = {a} true")
            else:
                decls.append(f"datatype {u} = {a} of string")
                decls.append(f"val again{t} = ({a} \"s\", {a.lower()} 1)")
            return decls
        if k == 4:  # arity errors
            if bad:
                return [self.pick(f"datatype 'a {t} = {a} of 'a; val _ = fn (x : {t}) => x",
                                  f"val _ = fn (x : (int, int) option) => x",
                                  f"val _ = fn (x : int int) => x",
                                  f"datatype {t} = {a}; val _ = fn (x : int {t}) => x",
                                  f"val _ = fn (x : list) => x").replace("; ", "\n")]
            return [f"datatype ('a, 'b) {t} = {a} of 'a * 'b list",
                    f"val _ = fn (x : (int, bool) {t}) => x"]
        if k == 5:  # unbound type / constructor / datatype parameter
            if bad:
                return [self.pick(f"datatype {t} = {a} of 'a",
                                  f"val _ = {a} 3",
                                  f"fun f ({a} x) = x",
                                  f"val _ = fn (x : {t}) => x",
                                  f"datatype {t} = {a} of {u}")]
            return [f"datatype 'a {t} = {a} of 'a {u} | {b} and 'a {u} = {c} of 'a {t}"]
        # a constructor applied without its argument, or with one it lacks
        decls = [f"datatype {t} = {a} of int | {b}"]
        if bad:
            decls.append(self.pick(f"fun f {a} = 1 | f {b} = 2", f"fun f ({b} x) = x | f _ = 0",
                                   f"val _ = {a} + 1", f"val x : {t} = {a}", f"val _ = case {b} of {a} => 0 | _ => 1"))
        else:
            decls.append(f"fun f{t} ({a} n) = n | f{t} {b} = 0")
            decls.append(f"val con{t} = {a}")
        return decls

    def fam_abbreviations(self, bad: bool) -> list[str]:
        p, q = self.name("pair"), self.name("fn")
        decls = [f"type 'a {p} = 'a * 'a", f"type ('a, 'b) {q} = 'a -> 'b list"]
        if bad:
            decls.append(self.pick(f"val x : int {p} = (1, true)", f"val x : (int, int) {p} = (1, 1)",
                                   f"val x : {p} = (1, 1)", f"val f : (int, bool) {q} = fn x => x > 0",
                                   f"val f : int {q} = fn x => [x]"))
        else:
            decls.append(self.pick(f"val x : int {p} = (1, 2)", f"fun swap{p} ((a, b) : 'a {p}) = (b, a)",
                                   f"val f : (int, bool) {q} = fn x => [x > 0]",
                                   f"val g : (int {p}, int {p} {p}) {q} = fn x => [(x, x)]",
                                   f"type {p} = int\nval y : {p} = 3"))
        return decls

    def fam_explicit_tyvars(self, bad: bool) -> list[str]:
        f, x = self.name("e"), self.name("x")
        ok = [f"val {f} = fn ({x} : 'a) => {x}",
              f"val {f} : 'a -> 'a = fn {x} => {x}",
              f"fun {f} ({x} : 'a) = let val y : 'a = {x} in y end",
              f"fun {f} ({x} : 'a) ({x}2 : 'b) = ({x}2, {x})",
              f"val 'a {f} = fn ({x} : 'a) => [{x}]",
              f"fun {f} {x} = let val g = fn (y : 'a) => y in g {x} end",
              f"fun {f} ({x} : ''a) = {x} = {x}",
              f"val {f} : 'a list = []",
              f"fun {f} ({x} : 'a list) : 'a = hd {x}",
              f"fun 'a {f} ({x} : 'a) = {x}",
              f"val {f} = fn {x} => ({x} : 'a)",
              f"val {f} = (fn {x} => {x}) : 'a -> 'a",
              # scoping (SML '97 section 4.6): at the outermost val where 'a is unguarded
              f"fun {f} ({x} : 'a) = let val y : 'a = {x} in y end",
              f"fun {f} {x} = let val g = fn (y : 'a) => y val h = fn (z : 'a) => z in (g 1, h true) end",
              f"val {f} = fn ({x} : 'a) => let val y = fn (z : 'a) => z in y {x} end",
              f"fun {f} {x} = let exception E of 'a in (raise E {x}) handle E y => y end",
              f"fun {f} {x} = (let val y : 'a list = [] in y end, {x} : 'a)"]
        bad_forms = [f"val {f} = fn ({x} : 'a) => {x} + 1",
                     f"val {f} : 'a -> 'a = fn {x} => {x} + 1",
                     f"fun {f} ({x} : 'a) = ({x} : 'b)",
                     f"fun {f} ({x} : 'a) = {x} = {x}",
                     f"val {f} : 'a list = [1]",
                     f"val {f} : 'a -> 'b = fn {x} => {x}",
                     f"val 'a {f} = fn ({x} : 'a) => let val 'a g = fn (y : 'a) => y in g {x} end",
                     f"val {f} : 'a = 1",
                     f"fun {f} ({x} : 'a) : int = {x}",
                     f"val {f} = fn {x} => let val y : 'a = {x} in y end",
                     f"fun {f} {x} = let fun g (y : 'a) = ({x} : 'a) in g end",
                     f"fun {f} {x} = let val g = fn (y : 'a) => y in g {x} end : int"]
        return [self.rng.choice(bad_forms if bad else ok)]

    def fam_exceptions(self, bad: bool) -> list[str]:
        e, f = self.name("X"), self.name("h")
        if bad:
            return [self.pick(f"exception {e} of 'a",
                              f"exception {e} of int\nval _ = raise {e}",
                              f"exception {e}\nval _ = {e} 1",
                              f"exception {e} of int\nval _ = (raise {e} 1) handle {e} => 0",
                              f"exception {e} = NoSuchException",
                              f"val _ = 1 handle _ => true")]
        return [self.pick(f"exception {e} of int\nval {f} = {e}",
                          f"exception {e} of int list * string\nfun {f} x = raise {e} ([x], \"s\")",
                          f"fun {f} (x : 'a) = let exception {e} of 'a in (raise {e} x) handle {e} y => y end",
                          f"fun {f} x = let exception {e} in if x then raise {e} else 1 end handle _ => 2",
                          f"exception {e}\nexception {e}2 = {e}\nval {f} = [{e}, {e}2, Fail \"s\"]",
                          f"val {f} = fn x => (raise Fail x) handle Fail s => s | Empty => \"\"",
                          f"exception {e} of (int -> int)\nval {f} = {e} (fn x => x)")]

    def fam_patterns(self, bad: bool) -> list[str]:
        f = self.name("p")
        ok = [f"fun {f} (r as ref x) = (r := x + 1; x)",
              f"val {f} = fn (ref x) => x",
              f"fun {f} (l as x :: _) = (l, x) | {f} [] = ([], 0)",
              f"fun {f} (x as (a, b)) = (b, a, x)",
              f"val {f} = fn (SOME (ref (y :: _))) => y | _ => \"\"",
              f"fun {f} (ref (SOME x)) = x | {f} _ = []",
              f"val ({f}, {f}2) = (1, [true])",
              f"val ({f} as {f}2) = fn x => x",
              f"val [{f}] = [[]]"]
        bad_forms = [f"fun {f} (x, x) = x",
                     f"val {f} = fn (x :: x) => x",
                     f"fun {f} (r as ref x) = (r := true; x + 1)",
                     f"val {f} = fn (ref x) => x + x ^ \"s\"",
                     f"fun {f} (x as x) = x",
                     f"fun {f} x y | {f} x = 1",
                     f"fun {f} (l as (x :: _)) = (l, x) | {f} [] = (3, 0)"]
        return [self.rng.choice(bad_forms if bad else ok)]

    def fam_recursion(self, bad: bool) -> list[str]:
        f, g, n = self.name("r"), self.name("s"), self.name("nest")
        ok = [f"fun {f} 0 = true | {f} n = {g} (n - 1) and {g} 0 = false | {g} n = {f} (n - 1)",
              f"fun {f} x = {g} x and {g} x = x",
              f"fun {f} x = ({g} 1; x) and {g} y = ({f} \"s\"; y)",
              f"val rec {f} = fn 0 => 1 | n => n * {f} (n - 1)",
              f"fun {f} [] = [] | {f} (x :: r) = {f} r @ [x]",
              f"fun {f} g [] = [] | {f} g (x :: r) = g x :: {f} g r",
              f"fun {f} x = if true then x else {f} x",
              f"fun {f} n = let fun {g} 0 = [] | {g} k = k :: {g} (k - 1) in {g} n end",
              f"datatype 'a {n} = N of 'a | C of ('a list) {n}\nval _ = C (N [1])",
              # `rec` after `and` (SML '97; SML/NJ rejects it)
              f"val {n} = ref [] and rec {f} = fn 0 => [] | k => k :: {f} (k - 1)",
              f"val {n} = 2 and rec {f} = fn x => {g} x and {g} = fn x => x",
              f"val {n} = 1\nval {n} = true and rec {f} = fn 0 => {n} | k => {f} (k - 1)"]
        bad_forms = [f"fun {f} x = ({f} 1; {f} \"a\"; x)",
                     f"datatype 'a {n} = N of 'a | C of ('a list) {n}\n"
                     f"fun {f} (N _) = 0 | {f} (C x) = 1 + {f} x",
                     f"fun {f} x = {f} [x]",
                     f"fun {f} x = x x",
                     f"val rec {f} = {self.pick('3', 'id', '(1, fn x => x)', 'SOME (fn x => x)')}",
                     f"fun {f} x = {g} x and {g} x = ({f} 1; {f} true)",
                     f"fun {f} x = let val y = {f} in y y end",
                     f"val {f} = fn x => {f} x",
                     f"fun {f} 0 = 1 | {g} n = n",
                     f"val {n} = {f} 1 and rec {f} = fn x => x",
                     f"val {n} = 1 and rec {f} = fn x => {n}",
                     f"val {f} = 1 and rec {f} = fn x => x",
                     f"val {n} = 1 and rec {f} = {self.pick('3', 'id')}"]
        return [self.rng.choice(bad_forms if bad else ok)]

    def fam_withtype(self, bad: bool) -> list[str]:
        t, s, u, w = self.name("t"), self.name("s"), self.name("u"), self.name("w")
        a, b, c, f = self.name("A"), self.name("B"), self.name("C"), self.name("f")
        k = self.rng.randrange(5)
        if k == 0:  # a forest: recursion through the abbreviation
            decls = [f"datatype {t} = {a} of int * {u} withtype {u} = {t} list",
                     f"fun {f} ({a} (n, l)) = foldl (fn (x, m) => m + {f} x) n l"]
            decls.append(self.pick(f"val _ = {a} (1, [{a} (true, [])])", f"val _ = {f} [{a} (1, [])]",
                                   f"val _ = fn (x : int {u}) => x") if bad else
                         self.pick(f"val v{t} : {u} = [{a} (1, [])]", f"fun g{t} (l : {u}) = map {f} l"))
            return decls
        if k == 1:  # parameters and `and` on both sides
            decls = [f"datatype 'a {t} = {a} of 'a | {b} of 'a {u} * 'a {u} and 'b {s} = {c} of 'b {w}\n"
                     f"withtype 'a {u} = 'a {t} list and 'c {w} = 'c {s} option * int"]
            decls.append(self.pick(f"val _ = {b} ([{a} 1], [{a} true])", f"val _ = {c} (SOME 1, 2)",
                                   f"val _ = fn (x : {u}) => x") if bad else
                         self.pick(f"val v{t} = {b} ([{a} 1], [])", f"val v{s} = {c} (SOME ({c} (NONE, 1)), 2)",
                                   f"fun g{t} (x : 'a {u}) = length x"))
            return decls
        if k == 2:  # equality through an abbreviation
            arg = self.pick("int -> int", "(bool -> bool) list") if bad else self.pick("string", "int list", "unit")
            return [f"datatype {t} = {a} of {u} withtype {u} = {arg}",
                    f"fun {f} ({a} x) y = {a} x = y"]
        if k == 3:  # in let and local
            if bad:
                return [self.pick(f"val {f} = let datatype {t} = {a} of {u} withtype {u} = int in {a} 1 end",
                                  f"datatype {t} = {a} of {w} withtype {u} = int and {w} = {u} list",
                                  f"datatype {t} = {a} withtype {t} = int",
                                  f"datatype {t} = {a} of 'a withtype {u} = int")]
            return [self.pick(f"val {f} = let datatype {t} = {a} of {u} withtype {u} = int list "
                              f"in case {a} [1] of {a} l => length l end",
                              f"local datatype {t} = {a} of {u} withtype {u} = int in fun {f} n = {a} n end\n"
                              f"val x{f} = {f} 3")]
        # shadowing: a withtype name redeclared
        return [f"datatype {t} = {a} of {u} withtype {u} = int",
                f"type {u} = bool" if not bad else f"val _ = {a} true",
                f"val x{t} = ({a} 1, true : {u})" if not bad else f"val x{t} = {a} 2"]

    def fam_abstype(self, bad: bool) -> list[str]:
        t, a, b, f, g = self.name("t"), self.name("A"), self.name("B"), self.name("f"), self.name("g")
        k = self.rng.randrange(5)
        if k == 0:
            decls = [f"abstype {t} = {a} of int list | {b} with val e{t} = {a} [] "
                     f"fun {f} ({a} l) x = {a} (x :: l) | {f} {b} x = {a} [x] fun {g} ({a} l) = length l | {g} {b} = 0 "
                     f"fun same{t} (x : {t}, y) = x = y end"]
            decls.append(self.pick(f"val _ = {a} [1]", f"fun h{t} ({a} l) = l", f"val _ = e{t} = e{t}",
                                   f"val _ = [e{t}, {b}]", f"fun h{t} (x : {t}) = x = x") if bad else
                         self.pick(f"val v{t} = {f} e{t} 3", f"val n{t} = {g} ({f} ({f} e{t} 1) 2)",
                                   f"val s{t} = same{t} (e{t}, e{t})", f"fun {a} x = x + 1\nval w{t} = {a} 2"))
            return decls
        if k == 1:  # parameters and withtype
            u = self.name("u")
            decls = [f"abstype 'a {t} = {a} of 'a {u} withtype 'a {u} = 'a list * int "
                     f"with val e{t} = {a} ([], 0) fun {f} ({a} (l, n)) x = {a} (x :: l, n + 1) end"]
            decls.append(self.pick(f"val _ = {f} ({f} e{t} 1) true", f"val _ = e{t} = e{t}",
                                   f"val _ : int {u} = {a} ([], 0)") if bad else
                         self.pick(f"val v{t} = {f} e{t} \"s\"", f"val p{t} : int {u} = ([1], 1)",
                                   f"val r{t} = ref e{t}"))
            return decls
        if k == 2:  # in a let: the type may not escape
            body = f"let abstype {t} = {a} of int with fun mk n = {a} n fun get ({a} n) = n end in "
            return [f"val {f} = " + body + (self.pick("mk 1 end", f"{a} 1 end") if bad else "get (mk 1) end")]
        if k == 3:  # a datatype and an exception declared inside are exported whole
            u, c = self.name("u"), self.name("C")
            decls = [f"abstype {t} = {a} with datatype {u} = {c} of {t} exception E{t} of {t} "
                     f"val x{t} = {c} {a} end"]
            decls.append(self.pick(f"val _ = x{t} = x{t}", f"val _ = {c} {a}") if bad else
                         self.pick(f"val y{t} = case x{t} of {c} v => E{t} v", f"fun h{t} ({c} v) = [v]"))
            return decls
        # nested: an abstype in an abstype's body
        u, c = self.name("u"), self.name("C")
        decls = [f"abstype {t} = {a} of int with abstype {u} = {c} of {t} with val v{u} = {c} ({a} 1) "
                 f"fun un{u} ({c} ({a} n)) = n end end"]
        decls.append(self.pick(f"val _ = {c} ({a} 1)", f"val _ = v{u} = v{u}") if bad else f"val n{u} = un{u} v{u}")
        return decls

    def fam_replication(self, bad: bool) -> list[str]:
        t, u, a, b = self.name("t"), self.name("u"), self.name("A"), self.name("B")
        k = self.rng.randrange(5)
        if k == 0:  # of a basis datatype
            basis = self.pick(("order", "LESS"), ("option", "SOME 1"), ("list", "1 :: nil"), ("bool", "true"))
            decls = [f"datatype {u} = datatype {basis[0]}", f"val x{u} = {basis[1]}"]
            if bad:
                decls.append(self.pick(f"val _ = (x{u} : int)", f"datatype 'a {t} = datatype {basis[0]}",
                                       f"val _ = fn (x : {u} {u}) => x"))
            return decls
        if k == 1:  # of a declared one, which is then shadowed
            decls = [f"datatype 'a {t} = {a} of 'a | {b}", f"datatype {u} = datatype {t}",
                     f"datatype {t} = {a} of bool", f"val x{u} = ({b}, {a} true)"]
            if bad:
                decls.append(f"val _ : int {u} = {a} 1")
            return decls
        if k == 2:  # of a type without constructors or an abbreviation
            target = self.pick("int", "string", "exn")
            v = self.name("v")
            decls = [f"datatype {u} = datatype {target}" if not bad else f"datatype {u} = datatype nonesuch{u}",
                     f"type {v} = int list", f"datatype {t} = datatype {v}", f"val x{t} : {t} = [1]"]
            return decls
        if k == 3:  # of an abstype: no constructors come along
            decls = [f"abstype {t} = {a} with val e{t} = {a} end", f"datatype {u} = datatype {t}",
                     f"val x{u} : {u} = e{t}"]
            if bad:
                decls.append(self.pick(f"val _ = {a}", f"val _ = x{u} = e{t}"))
            return decls
        # in a let, and the same type under both names
        decls = [f"datatype {t} = {a} | {b} of int",
                 f"val x{t} = let datatype {u} = datatype {t} in ({b} 1 : {u}) = ({a} : {t}) end"]
        if bad:
            decls.append(f"val _ = let datatype {u} = datatype {t} in {b} end = {b}")
        return decls

    def fam_symbolic_constructors(self, bad: bool) -> list[str]:
        t, f = self.name("t"), self.name("f")
        op = self.pick("<>", "++", "%%", "!", "?", "*", "@@", "$")
        infix = self.chance(0.5) and op not in ("!", "?", "$")
        decls = [f"datatype {t} = {op} of int * int | N{t}"]
        if infix:
            decls.append(f"infix 5 {op}")
        if bad:
            decls.append(self.pick(f"datatype {t}2 = = of int", f"datatype {t}2 = :: of int",
                                   f"datatype {t}2 = it",
                                   f"val _ = op {op} (1, true)", f"val _ = N{t} = op {op}"))
        elif infix:
            decls.append(self.pick(f"val x{t} = 1 {op} 2", f"fun {f} (a {op} b) = a + b | {f} N{t} = 0",
                                   f"val x{t} = op {op}"))
        else:
            decls.append(self.pick(f"val x{t} = {op} (1, 2)", f"fun {f} ({op} (a, b)) = a + b | {f} N{t} = 0",
                                   f"exception {op}{op} of {t}\nval e{t} = {op}{op} N{t}"))
        return decls

    # ------------------------------------------------------------ combinations
    # Scoping and generalisation where features meet: explicit type
    # variables (bound by `val 'a`, or scoped implicitly at the outermost
    # val or fun) across `and`, `and rec`, nested let and local, abstype,
    # `fun ... and`, exceptions and datatypes declared inside, the value
    # restriction, `''a` meeting `'a`, abbreviations over type variables,
    # `op` and infix constructors, `as` with annotations. `fam_scoping`
    # has written forms, each with a well-typed and an ill-typed variant;
    # `fam_combined` composes random declarations of these features (one
    # in seven is accepted: the verdicts are most of what it tests).

    def fam_scoping(self, bad: bool) -> list[str]:
        f, g, h, x, y = self.name("f"), self.name("g"), self.name("h"), self.name("x"), self.name("y")
        t, c, e = self.name("t"), self.name("C"), self.name("E")
        pairs = [
            (f"val {f} : 'a -> 'a = fn {x} => {x} and rec {g} : 'a -> 'a = fn {y} => {y}",
             f"val {f} : 'a -> 'a = fn {x} => {x} and rec {g} : 'a -> 'a = fn {y} => {y} + 1"),
            (f"val 'a {f} = fn ({x} : 'a) => {x} and {g} = fn ({y} : 'a) => [{y}]",
             f"val 'a {f} = fn ({x} : 'a) => {x} and 'a {g} = fn ({y} : 'a) => [{y}]"),
            (f"fun {f} ({x} : 'a) = {g} {x} and {g} ({y} : 'a) : 'a = {y}",
             f"fun {f} ({x} : 'a) = {g} {x} and {g} ({y} : 'b) : 'a = {y}"),
            (f"fun {f} {x} = let val {g} = fn ({y} : 'a) => {y} in ({g} {x}, {x} : 'a) end",
             f"fun {f} {x} = let val 'a {g} = fn ({y} : 'a) => {y} in ({g} {x}, {x} : 'a) end"),
            (f"fun 'a {f} ({x} : 'a) = let fun {g} ({y} : 'b) = ({y}, {x} : 'a) in ({g} 1, {g} true) end",
             f"fun 'a {f} ({x} : 'a) = let fun {g} ({y} : 'a) = ({y}, {x}) in ({g} 1, {g} true) end"),
            (f"val {f} = let val {g} = ref [] in fn ({x} : 'a) => ({g} := [{x}]; {x}) end",
             f"val {f} : 'a -> 'a = let val {g} = ref [] in fn ({x} : 'a) => (hd (!{g}) : 'a) end"),
            (f"val {f} = let exception {e} of int in fn ({x} : 'a) => {x} end",
             f"val {f} = fn ({x} : 'a) => let exception {e} of 'a in raise {e} {x} end"),
            (f"fun {f} ({x} : 'a) = let exception {e} of 'a * 'a in ({x}, {x}) handle {e} p => p end",
             f"val {f} = let exception {e} of 'a in fn {x} => raise {e} {x} end"),
            (f"fun {f} {x} = let datatype {t} = {c} of int in case {c} {x} of {c} {y} => {y} end",
             f"fun {f} {x} = let datatype {t} = {c} of int in {c} {x} end"),
            (f"fun {f} ({x} : ''a) {y} = ({x} = {y}, {y} : ''a)",
             f"fun {f} ({x} : ''a) ({y} : 'a) = {x} = {y}"),
            (f"fun {f} ({x} : 'a) = let val {g} = fn ({y} : ''b) => {y} = {y} in {g} 1 end",
             f"fun {f} ({x} : 'a) = let val {g} = fn ({y} : ''a) => {y} = {y} in {g} {x} end"),
            (f"type 'a {t} = 'a * 'a\nval {f} : 'a {t} -> 'a = fn ({x}, _) => {x}",
             f"type 'a {t} = 'a * 'a\nval {f} : 'a {t} -> 'b = fn ({x}, _) => {x}"),
            (f"type ('a, 'b) {t} = 'b * 'a\nfun {f} (({x}, {y}) : ('a, 'b) {t}) : ('b, 'a) {t} = ({y}, {x})",
             f"type ('a, 'b) {t} = 'b * 'a\nfun {f} (({x}, {y}) : ('a, 'b) {t}) : ('a, 'b) {t} = ({y}, {x})"),
            (f"val {f} = fn ({x} : 'a) => let val {g} = fn ({y} : 'a) => {y} in {g} {x} end",
             f"val {f} = fn ({x} : 'a) => let val 'a {g} = fn ({y} : 'a) => {y} in {g} {x} end"),
            (f"fun {f} ({x} as ({y} : 'a)) = ({x}, {y})",
             f"fun {f} ({x} as ({y} : 'a)) = ({x} + 1, {y} : 'a)"),
            (f"val {f} = fn ({x} : 'a) as {y} => ({y}, {x} : 'a)",
             f"val {f} = fn ({x} : 'a) as {y} => ({y} : 'b, {x} : 'a)"),
            (f"datatype 'a {t} = {c} of 'a * 'a | N{t}\ninfix {c}\nfun {f} (({x} : 'b) {c} {y}) = [{x}, {y}] | {f} _ = []",
             f"datatype 'a {t} = {c} of 'a * 'a | N{t}\ninfix {c}\nfun {f} (({x} : 'b) {c} ({y} : 'c)) = [{x}, {y}] | {f} _ = []"),
            (f"datatype 'a {t} = {c} of 'a * 'a\ninfix {c}\nval {f} = op {c} : 'a * 'a -> 'a {t}",
             f"datatype 'a {t} = {c} of 'a * 'a\ninfix {c}\nval {f} = {c} : 'a * 'a -> 'a {t}"),
            (f"abstype 'a {t} = {c} of 'a list with val 'a {f} = fn ({x} : 'a) => {c} [{x}] "
             f"fun {g} ({c} l : 'b {t}) = length l end",
             f"abstype 'a {t} = {c} of 'a list with val 'a {f} = fn ({x} : 'a) => {c} [{x}] "
             f"fun {g} ({c} l : 'b {t}) : 'b = length l end"),
            (f"local val {g} = ref [] in fun {f} ({x} : int) = ({g} := {x} :: !{g}; !{g}) end",
             f"local val {g} = ref [] in fun {f} ({x} : 'a) = ({g} := {x} :: !{g}; !{g}) end"),
            (f"local fun {g} ({x} : 'a) = {x} in val {f} = ({g} 1, {g} true) end",
             f"local val {g} = fn ({x} : 'a) => {x} in val {f} : 'b = ({g} 1, {g} true) end"),
            (f"val {f} = fn {x} => ({x} : 'a) and {g} = fn {y} => ({y} : 'a list)",
             f"val {f} = fn {x} => ({x} : 'a) and {g} = fn {y} => ({y} : 'a list) + 1"),
            (f"val rec {f} = fn ({x} : 'a) => {x} and {g} = fn {y} => {f} {y}",
             f"val rec {f} = fn ({x} : 'a) => {x} and {g} = fn {y} => ({f} 1, {f} true)"),
            (f"fun {f} ({x} : 'a) = let val {y} : 'a list = [] val {g} = fn z => z :: {y} in {g} {x} end",
             f"fun {f} ({x} : 'a) = let val {y} : 'a list = [] val {g} = fn z => z :: {y} in {g} 1 end"),
            (f"val {f} = ref (fn ({x} : int) => {x})",
             f"val {f} = ref (fn ({x} : 'a) => {x})"),
            (f"val {f} : ('a -> 'a) list = [] and {g} = ref []",
             # (not `and {g} : 'a list ref = ref []`: Poly/ML 5.7.1 accepts that, see the docstring)
             f"val {f} : ('a -> 'a) list = [] val {g} : 'a list ref = ref []"),
        ]
        ok, wrong = self.rng.choice(pairs)
        return [wrong if bad else ok]

    TYVARS = ("'a", "'b", "''a", "''b")

    def combo_type(self, depth: int, abbrevs: list) -> str:
        rng = self.rng
        if depth <= 0 or self.chance(0.4):
            r = rng.random()
            if r < 0.6:
                return rng.choice(self.TYVARS[:2] if self.chance(0.7) else self.TYVARS)
            return rng.choice(("int", "bool", "string", "unit"))
        k = rng.randrange(5)
        sub = lambda: self.combo_type(depth - 1, abbrevs)
        if k == 0:
            return f"{sub()} list"
        if k == 1:
            return f"({sub()} * {sub()})"
        if k == 2:
            return f"({sub()} -> {sub()})"
        if k == 3 and abbrevs:
            name, arity = rng.choice(abbrevs)
            return f"{sub()} {name}" if arity == 1 else f"({sub()}, {sub()}) {name}"
        return f"{sub()} ref" if self.chance(0.3) else f"{sub()} option"

    def combo_exp(self, depth: int, scope: list, env: dict) -> str:
        """An expression over the variables in scope and the constructors
        and exceptions in env ("cons": [(name, takes_arg, infix)], "excs")."""
        rng = self.rng
        if depth <= 0 or self.chance(0.25):
            r = rng.random()
            if scope and r < 0.6:
                return rng.choice(scope)
            if env["cons"] and r < 0.7:
                con, arg, infix = rng.choice(env["cons"])
                return f"op {con}" if infix else con
            if r < 0.9:
                return rng.choice(("[]", "NONE", "id", "(fn z => z)", "(ref [])"))
            return rng.choice(("1", "true", "()", '"s"'))
        sub = lambda s=scope: self.combo_exp(depth - 1, s, env)
        # weighted towards forms that are well-typed whatever their parts' types
        k = rng.choices(range(15), weights=(5, 5, 4, 3, 1, 2, 2, 2, 3, 1, 1, 1, 1, 3, 1))[0]
        if k == 0:
            ty = self.pick("'a", "'b", "''a", "'a list", "'a * 'b", "'a -> 'a") if self.chance(0.7) else \
                self.combo_type(2, env["abbrevs"])
            return f"({sub()} : {ty})"
        if k == 1:
            v = self.name("x")
            return f"(fn {self.combo_pat(v, env)} => {self.combo_exp(depth - 1, scope + [v], env)})"
        if k == 2:
            inner_scope = list(scope)
            decs = self.combo_decs(depth - 1, inner_scope, dict(env, cons=list(env["cons"]),
                                                                excs=list(env["excs"]),
                                                                abbrevs=list(env["abbrevs"])))
            return f"(let {decs} in {self.combo_exp(depth - 1, inner_scope, env)} end)"
        if k == 3:
            return f"({sub()}, {sub()})"
        if k == 4:
            return f"({sub()} {sub()})"
        if k == 5:
            return f"(ref {sub()})"
        if k == 6:
            return f"[{sub()}, {sub()}]"
        if k == 7 and env["excs"]:
            exc, arg = rng.choice(env["excs"])
            v = self.name("y")
            raised = f"{exc} {sub()}" if arg else exc
            handler = f"{exc} {v}" if arg else exc
            return f"((raise {raised}) handle {handler} => {self.combo_exp(depth - 1, scope + [v] if arg else scope, env)})"
        if k == 8 and env["cons"]:
            con, arg, infix = rng.choice(env["cons"])
            if not arg:
                return con
            if infix:
                return f"({sub()} {con} {sub()})"
            return f"({con} {sub()})"
        if k == 9:
            return f"({sub()} = {sub()})"
        if k == 10:
            return f"(!{sub()})"
        if k == 11:
            return f"({sub()}; {sub()})"
        if k == 12:
            return f"(if {sub()} then {sub()} else {sub()})"
        if k == 13:
            return self.pick(f"(id {sub()})", f"(fst ({sub()}, {sub()}))", f"(SOME {sub()})", f"(const {sub()})")
        return f"(case {sub()} of {self.name('z')} => {sub()})"

    def combo_pat(self, v: str, env: dict) -> str:
        r = self.rng.random()
        ty = lambda: self.combo_type(1, env["abbrevs"])
        if r < 0.4:
            return v
        if r < 0.7:
            return f"({v} : {ty()})"
        if r < 0.8:
            return f"({v} as (_ : {ty()}))"
        if r < 0.9:
            return f"({v} : {ty()} as _)"
        return f"(ref {v})"

    def combo_tyvarseq(self) -> str:
        if self.chance(0.75):
            return ""
        return self.pick("'a ", "'b ", "''a ", "('a, 'b) ", "('a, ''b) ")

    def combo_dec(self, depth: int, scope: list, env: dict) -> str:
        """One declaration; binds what it declares in scope and env."""
        rng = self.rng
        k = rng.randrange(12)
        sub = lambda s=scope: self.combo_exp(max(depth, 1), s, env)
        if k <= 2:  # val ... and [rec] ...
            binds, new = [], []
            for i in range(rng.randint(1, 3)):
                v = self.name("v")
                ann = f" : {self.combo_type(2, env['abbrevs'])}" if self.chance(0.4) else ""
                if i and self.chance(0.4):
                    w = self.name("w")
                    binds.append(f"rec {v}{ann} = fn {self.combo_pat(w, env)} => "
                                 f"{self.combo_exp(depth, scope + new + [v, w], env)}")
                else:
                    head = f"{self.combo_tyvarseq()}{v}{ann}" if i == 0 else f"{v}{ann}"
                    binds.append(f"{head} = {sub()}")
                new.append(v)
            scope += new
            return "val " + " and ".join(binds)
        if k <= 4:  # fun ... and ...
            binds, names = [], [self.name("f") for _ in range(rng.randint(1, 2))]
            for i, fn_name in enumerate(names):
                w = self.name("p")
                result = f" : {self.combo_type(1, env['abbrevs'])}" if self.chance(0.3) else ""
                head = self.combo_tyvarseq() if i == 0 else ""
                binds.append(f"{head}{fn_name} {self.combo_pat(w, env)}{result} = "
                             f"{self.combo_exp(depth, scope + names + [w], env)}")
            scope += names
            return "fun " + " and ".join(binds)
        if k == 5:
            e = self.name("E")
            arg = self.chance(0.7)
            env["excs"].append((e, arg))
            return f"exception {e}" + (f" of {self.combo_type(1, env['abbrevs'])}" if arg else "")
        if k == 6:
            d, c, n = self.name("d"), self.name("C"), self.name("N")
            infix = self.chance(0.4)
            params = self.pick("'a ", "('a, 'b) ", "")
            arg = self.combo_type(1, []) if not infix else self.pick("'a * 'a", "int * 'a", "'a * 'a list")
            if not params and self.chance(0.8):  # (else mostly a parameter unbound)
                arg = self.pick("int", "int * int", "string list", "unit -> int")
            env["cons"] += [(c, True, infix), (n, False, False)]
            dec = f"datatype {params}{d} = {c} of {arg} | {n}"
            return dec + (f" infix {c}" if infix else "")
        if k == 7:
            a = self.name("ab")
            arity = rng.randint(1, 2)
            env["abbrevs"].append((a, arity))
            return self.pick(f"type 'a {a} = 'a * 'a", f"type 'a {a} = 'a -> 'a list",
                             f"type 'a {a} = 'a list ref") if arity == 1 else \
                self.pick(f"type ('a, 'b) {a} = 'b * 'a", f"type ('a, 'b) {a} = 'a -> 'b")
        if k == 8:  # local
            inner = list(scope)
            inner_env = dict(env, cons=list(env["cons"]), excs=list(env["excs"]), abbrevs=list(env["abbrevs"]))
            hidden = self.combo_decs(depth - 1, inner, inner_env)
            marks = len(inner), {key: len(inner_env[key]) for key in env}
            exported = self.combo_decs(depth - 1, inner, inner_env)
            # only what the part after `in` declares is visible after `end`
            scope += inner[marks[0]:]
            for key, start in marks[1].items():
                env[key] += inner_env[key][start:]
            return f"local {hidden} in {exported} end"
        if k == 9:  # abstype
            t, c = self.name("at"), self.name("A")
            env_inner = dict(env, cons=env["cons"] + [(c, True, False)], excs=env["excs"], abbrevs=env["abbrevs"])
            body = self.combo_decs(depth - 1, scope, env_inner)
            return f"abstype 'a {t} = {c} of 'a list with val mk{t} = fn x => {c} [x] {body} end"
        v = self.name("v")
        rhs = self.pick(f"ref {sub()}", f"fn {self.combo_pat('z', env)} => {self.combo_exp(depth, scope + ['z'], env)}",
                        f"{sub()} {sub()}", f"({sub()} : {self.combo_type(2, env['abbrevs'])})")
        scope.append(v)
        return f"val {self.combo_tyvarseq()}{v} = {rhs}"

    def combo_decs(self, depth: int, scope: list, env: dict) -> str:
        return " ".join(self.combo_dec(depth, scope, env) for _ in range(self.rng.randint(1, 2)))

    def fam_combined(self, bad: bool) -> list[str]:
        # `bad` is not used: a composed declaration is ill-typed often enough by itself
        env = {"cons": [], "excs": [], "abbrevs": []}
        scope: list = []
        decls = [self.combo_dec(self.rng.randint(1, 3), scope, env) for _ in range(self.rng.randint(1, 3))]
        if scope and self.chance(0.5):
            # use a binding at two types: fine only where it was generalised
            v = self.rng.choice(scope)
            decls.append(self.pick(f"val _ = ({v} 1, {v} true)", f"val _ = ({v}, {v})", f"val _ = [{v}]",
                                   f"val _ = ({v} = {v})", f"val _ = {v} := {v}"))
        return decls

    FAMILIES = ("value_restriction", "let_poly", "equality", "overloading", "datatypes", "abbreviations",
                "explicit_tyvars", "exceptions", "patterns", "recursion", "withtype", "abstype", "replication",
                "symbolic_constructors", "scoping", "combined", "combined")

    def program(self) -> str:
        units = self.rng.randint(1, 3)
        bad_unit = self.rng.randrange(units) if self.chance(0.4) else -1
        lines = [PRELUDE.rstrip("\n")]
        for i in range(units):
            if self.chance(0.3):
                lines += self.fam_typed() if self.chance(0.6) else self.fam_terms()
                continue
            family = getattr(self, "fam_" + self.rng.choice(self.FAMILIES))
            lines += family(i == bad_unit)
        return "\n".join(lines) + "\n"


TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|#"[^"]*"|0w\d+|~?\d+|[A-Za-z][A-Za-z0-9_\'.]*|\S')
SWAPS = CONSTANTS + ("id", "map", "hd", "ref", "!", "SOME", "fst", "not", "size", "length", "print", "op =",
                     "op +", "op ::")


def mutate(rng: random.Random, program: str) -> str:
    """The program with one literal or identifier after the prelude
    replaced by another: mostly a type error, sometimes a subtler one
    (a weak type made polymorphic, an equality type lost), sometimes
    still well-typed."""
    body = program[len(PRELUDE):]
    spots = [m for m in TOKEN.finditer(body)
             if m.group()[0] in '"#~0123456789' or (m.group()[0].islower() and m.group() not in KEYWORDS)]
    if not spots:
        return program
    m = rng.choice(spots)
    new = rng.choice(SWAPS)
    new = f"({new})" if new.startswith("op ") else new
    return PRELUDE + body[:m.start()] + new + body[m.end():]


KEYWORDS = {"val", "fun", "fn", "let", "in", "end", "if", "then", "else", "case", "of", "and", "andalso",
            "orelse", "datatype", "type", "exception", "raise", "handle", "rec", "as", "op", "div", "mod",
            "o", "before", "while", "do", "local", "nil"}


# ------------------------------------------------------------ printed types


# a type name may be symbolic (`datatype ! = ...` is SML), but not `*`
SYMBOLIC = r"[!%&$#+\-/:<=>?@\\~`^|][!%&$#+\-/:<=>?@\\~`^|*]*"
ALPHANUMERIC = r"[A-Za-z][A-Za-z0-9_']*"
TYPE_TOKEN = re.compile(
    r"\s*(\(|\)|,"
    rf"|\?\.(?:{ALPHANUMERIC}\.)*(?:{ALPHANUMERIC}|{SYMBOLIC})"  # a hidden type: ?.t, ?.U3.t, ?.X1
    r"|''?_?[A-Za-z0-9_']+|_'{0,2}[A-Za-z0-9_']+"  # type variables
    rf"|{ALPHANUMERIC}(?:\.{ALPHANUMERIC})*|{SYMBOLIC}|\*+)")


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TYPE_TOKEN.match(text, pos)
        if not m or not m.group(1):
            raise ValueError(f"cannot read type {text!r} at {pos}")
        out.append(m.group(1))
        pos = m.end()
    return out


def parse_type(text: str, abbrevs: Optional[dict] = None):
    """A printed type as a tree: ("var", kind, name), ("con", name, args),
    ("->", a, b), ("*", items). Type variables: `'a` generic, `''a`
    generic equality, `'_a`, `''_a`, `_a`, `_''a` and SML/NJ's `?.X1`
    weak. `?.Un.t` becomes `?.t`. `abbrevs` maps a program's type
    abbreviations (name -> (params, tree)) for expansion."""
    toks = _tokens(text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take(expected=None):
        nonlocal pos
        tok = toks[pos]
        if expected is not None and tok != expected:
            raise ValueError(f"expected {expected!r} in {text!r}")
        pos += 1
        return tok

    def is_name(tok):
        return tok is not None and tok not in ("->", "*", "(", ")", ",") and not tok.startswith(("'", "_"))

    def arrow():
        left = product()
        if peek() == "->":
            take()
            return ("->", left, arrow())
        return left

    def product():
        items = [app()]
        while peek() == "*":
            take()
            items.append(app())
        return items[0] if len(items) == 1 else ("*", tuple(items))

    def app():
        if peek() == "(":
            take()
            first = arrow()
            if peek() == ",":
                args = [first]
                while peek() == ",":
                    take()
                    args.append(arrow())
                take(")")
                node = ("con", _con_name(take()), tuple(args))
            else:
                take(")")
                node = first
        else:
            node = atom()
        while is_name(peek()):
            node = ("con", _con_name(take()), (node,))
        return node

    def atom():
        tok = take()
        if tok.startswith("'") or tok.startswith("_"):
            weak = "_" in tok[:3]
            eq = tok.startswith("''")
            return ("var", "weak" if weak else ("eq" if eq else "gen"), tok)
        if tok.startswith("?.X") and tok[3:].isdigit():
            return ("var", "weak", tok)
        if is_name(tok):
            return ("con", _con_name(tok), ())
        raise ValueError(f"unexpected {tok!r} in {text!r}")

    tree = arrow()
    if pos != len(toks):
        raise ValueError(f"trailing {toks[pos:]} in {text!r}")
    return _expand(tree, abbrevs or {})


def _con_name(tok: str) -> str:
    if tok.startswith("?."):
        return "?." + tok.rsplit(".", 1)[1]
    return tok


def _expand(tree, abbrevs: dict):
    kind = tree[0]
    if kind == "var":
        return tree
    if kind == "->":
        return ("->", _expand(tree[1], abbrevs), _expand(tree[2], abbrevs))
    if kind == "*":
        return ("*", tuple(_expand(t, abbrevs) for t in tree[1]))
    args = tuple(_expand(t, abbrevs) for t in tree[2])
    if tree[1] in abbrevs and len(abbrevs[tree[1]][0]) == len(args):
        params, body = abbrevs[tree[1]]
        return _expand(_substitute(body, dict(zip(params, args))), abbrevs)
    return ("con", tree[1], args)


def _substitute(tree, sub: dict):
    kind = tree[0]
    if kind == "var":
        return sub.get(tree[2], tree)
    if kind == "->":
        return ("->", _substitute(tree[1], sub), _substitute(tree[2], sub))
    if kind == "*":
        return ("*", tuple(_substitute(t, sub) for t in tree[1]))
    return ("con", tree[1], tuple(_substitute(t, sub) for t in tree[2]))


def canonical(tree, names: Optional[dict] = None) -> str:
    """The tree printed with its type variables renamed in order of first
    appearance (`names` carries a renaming across several trees). Every
    weak variable prints as `'_`: Poly/ML names them afresh in each type it
    prints, so that one bound by an earlier declaration may print as a
    variable of this one (after `val r = ref (fn (ref x) => x)`, `val s =
    ref (fn y => r)` prints as `(_a -> (_a ref -> _a) ref) ref`, and
    SML/NJ's dummy types do the same): which weak variables are one is not
    known."""
    names = {} if names is None else names

    def show(t, prec):
        kind = t[0]
        if kind == "var" and t[1] == "weak":
            return "'_"
        if kind == "var":
            if t[2] not in names:
                prefix = {"gen": "'", "eq": "''"}[t[1]]
                names[t[2]] = f"{prefix}v{len(names)}"
            return names[t[2]]
        if kind == "->":
            s = f"{show(t[1], 1)} -> {show(t[2], 0)}"
            return f"({s})" if prec > 0 else s
        if kind == "*":
            s = " * ".join(show(x, 2) for x in t[1])
            return f"({s})" if prec > 1 else s
        if not t[2]:
            return t[1]
        if len(t[2]) == 1:
            return f"{show(t[2][0], 3)} {t[1]}"
        return "(" + ", ".join(show(x, 0) for x in t[2]) + f") {t[1]}"

    return show(tree, 0)


# ------------------------------------------------------------ summaries
# A summary maps "val x", "datatype t", "exception E", "type t" to a
# canonical string; the last binding of a name wins, as in a signature.


def _abbrev_entry(params_text: str, body: str, abbrevs: dict):
    params = tuple(re.findall(r"'+[A-Za-z0-9_']+", params_text))
    return params, parse_type(body, abbrevs)


def _datatype_canonical(params: tuple, cons: list) -> str:
    """The constructors (name, argument tree or None) of a datatype with
    parameters `params`, sorted, the parameters renamed by position."""
    names = {p: f"'p{i}" for i, p in enumerate(params)}
    shown = [con if arg is None else f"{con} of {canonical(arg, dict(names))}" for con, arg in cons]
    return " | ".join(sorted(shown))


def _rename_con(tree, old: str, new: str):
    kind = tree[0]
    if kind == "var":
        return tree
    if kind == "->":
        return ("->", _rename_con(tree[1], old, new), _rename_con(tree[2], old, new))
    if kind == "*":
        return ("*", tuple(_rename_con(t, old, new) for t in tree[1]))
    return ("con", new if tree[1] == old else tree[1], tuple(_rename_con(t, old, new) for t in tree[2]))


def summarise_mlbox(lines: list[str]) -> tuple[dict[str, str], dict]:
    """The summary of `mlbox check`'s output lines, and the program's
    abbreviations visible at its end. mlbox prints each binding as of its
    declaration; a signature shows them as of the end, where a type
    declared again since is `?.t`: a redeclaration renames the earlier
    mentions."""
    abbrevs: dict = {}
    entries: dict[str, tuple] = {}  # key -> ("ty", tree) | ("none",) | ("data", params, [(con, tree|None)])
    current = None

    run: set[str] = set()  # the datatypes of the current run of datatype lines: maybe one `and` group

    def shadow(name: str) -> None:
        if f"datatype {name}" not in entries and f"type {name}" not in entries:
            return  # a new name shadows nothing
        for key, entry in entries.items():
            if key in run:
                continue  # (taken as the same group: its constructors mean the new type)
            if entry[0] == "ty":
                entries[key] = ("ty", _rename_con(entry[1], name, "?." + name))
            elif entry[0] == "data":
                entries[key] = ("data", entry[1], [(c, None if a is None else _rename_con(a, name, "?." + name))
                                                   for c, a in entry[2]])
        for key, (params, body) in list(abbrevs.items()):
            abbrevs[key] = (params, _rename_con(body, name, "?." + name))

    for line in lines:
        kind, _, rest = line.partition(" ")
        if kind not in ("datatype", "con"):
            run.clear()
        if kind == "datatype":
            params_text, _, name = rest.rpartition(" ")
            shadow(name)
            run.add(f"datatype {name}")
            current = name
            abbrevs.pop(name, None)
            entries.pop(f"type {name}", None)
            entries[f"datatype {name}"] = ("data", tuple(re.findall(r"'+[A-Za-z0-9_']+", params_text)), [])
        elif kind == "con":
            con, _, ty = rest.partition(" : ")
            tree = parse_type(ty, abbrevs)
            arg, result = (tree[1], tree[2]) if tree[0] == "->" else (None, tree)
            # the constructor's variables, by their position in the result type, are the datatype's parameters
            _, params, cons = entries[f"datatype {current}"]
            renaming = {v[2]: ("var", "gen", p) for v, p in zip(result[2], params)}
            cons.append((con, None if arg is None else _substitute(arg, renaming)))
            entries.pop(f"val {con}", None)
        elif kind == "val":
            name, _, ty = rest.partition(" : ")
            entries[f"val {name}"] = ("ty", parse_type(ty, abbrevs))
        elif kind == "exception":
            name, _, arg = rest.partition(" of ")
            entries[f"exception {name}"] = ("ty", parse_type(arg, abbrevs)) if arg else ("none",)
            entries.pop(f"val {name}", None)
        elif kind == "type" and " = " not in rest:  # an abstype: Poly prints `type t` too
            name = rest.rpartition(" ")[2]
            shadow(name)
            abbrevs.pop(name, None)
            entries.pop(f"datatype {name}", None)
            entries[f"type {name}"] = ("none",)
        elif kind == "type":
            lhs, _, body = rest.partition(" = ")
            params_text, _, name = lhs.rpartition(" ")
            entry = _abbrev_entry(params_text, body, abbrevs)
            shadow(name)
            if name in abbrevs:  # Poly prints a type written with the old one as `?.name`
                abbrevs["?." + name] = abbrevs[name]
            abbrevs[name] = entry
            entries.pop(f"datatype {name}", None)
            entries[f"type {name}"] = ("abbrev", entry)
    summary = {}
    for key, entry in entries.items():
        if entry[0] == "ty":
            # a type may print by an abbreviation declared after the value
            # (`val r = ref []`, `type t = int`, `r := [3 : t]`)
            summary[key] = canonical(_expand(entry[1], abbrevs))
        elif entry[0] == "none":
            summary[key] = ""
        elif entry[0] == "abbrev":
            params, body = entry[1]
            summary[key] = canonical(body, {p: f"'p{i}" for i, p in enumerate(params)})
        else:  # (a constructor may be written with a `withtype` abbreviation printed after it)
            summary[key] = _datatype_canonical(entry[1], [(c, None if a is None else _expand(a, abbrevs))
                                                          for c, a in entry[2]])
    return summary, abbrevs


SIG_ITEM = re.compile(r"\b(val|datatype|exception|type|eqtype)\s")


def summarise_sig(text: str, known_abbrevs: dict) -> dict[str, str]:
    """The summary of a signature as Poly/ML or SML/NJ prints it (between
    `sig` and `end`, any line breaks). An abbreviation printed without its
    definition (Poly's `eqtype u` for some, SML/NJ's `type t` in a functor
    result) is expanded with `known_abbrevs`, the program's own."""
    flat = " ".join(text.split())
    starts = list(SIG_ITEM.finditer(flat))
    abbrevs: dict = {k: v for k, v in known_abbrevs.items() if k.startswith("?.")}
    items: dict[str, tuple] = {}
    for i, m in enumerate(starts):
        item = flat[m.end(): starts[i + 1].start() if i + 1 < len(starts) else len(flat)].strip()
        kind = m.group(1)
        if kind == "val":
            name, _, ty = item.partition(":")
            items[f"val {name.strip()}"] = ("ty", ty.strip())
        elif kind == "exception":
            name, _, arg = item.partition(" of ")
            items[f"exception {name.strip()}"] = ("ty", arg.strip())
        elif kind in ("type", "eqtype"):
            lhs, eq, body = item.partition(" = ")
            params_text, _, name = lhs.strip().rpartition(" ")
            if not eq:
                if name in known_abbrevs:
                    abbrevs[name] = known_abbrevs[name]
                continue
            abbrevs[name] = _abbrev_entry(params_text, body, {})
            items[f"type {name}"] = ("abbrev", params_text, body)
        else:
            lhs, _, body = item.partition(" = ")
            params_text, _, name = lhs.strip().rpartition(" ")
            cons = []
            for alt in body.split(" | "):
                con, _, arg = alt.strip().partition(" of ")
                cons.append((con.strip(), arg.strip() or None))
            items[f"datatype {name}"] = ("data", params_text, cons)
    # every abbreviation of the signature is known now: expand them
    summary = {}
    for key, value in items.items():
        if value[0] == "ty":
            summary[key] = canonical(parse_type(value[1], abbrevs)) if value[1] else ""
            continue
        params = tuple(re.findall(r"'+[A-Za-z0-9_']+", value[1]))
        if value[0] == "abbrev":
            tree = parse_type(value[2], {k: v for k, v in abbrevs.items() if k != key[5:]})
            summary[key] = canonical(tree, {p: f"'p{i}" for i, p in enumerate(params)})
        else:
            cons = [(con, None if arg is None else parse_type(arg, abbrevs)) for con, arg in value[2]]
            summary[key] = _datatype_canonical(params, cons)
    return summary


# ------------------------------------------------------------ running


def run_mlbox(program: str) -> tuple[bool, list[str]]:
    """(accepted, the lines `mlbox check` prints for the bindings). A
    rejection must come with an error at a position in the program (what
    `mlbox check` prints as FILE:LINE:COL, the line and a caret)."""
    from mlbox.checker import check_program, describe_binding
    from mlbox.diagnostics import CompileError, Source
    from mlbox.parser import parse_program

    source = Source("gen.sml", program)
    try:
        result = check_program(parse_program(source), source)
        diagnostics = result.diagnostics
    except CompileError as err:
        result, diagnostics = None, err.diagnostics
    if result is not None and result.ok:
        return True, [describe_binding(b) for b in result.elaboration.toplevel]
    if not any(d.severity == "error" and d.span.line >= 1 for d in diagnostics):
        raise AssertionError(f"rejected without a positioned error: {diagnostics}")
    return False, []


def run_poly(programs: list[str]) -> list[Optional[str]]:
    """Each program's signature as Poly/ML prints it, None if rejected.
    Poly/ML accepts an infix identifier as an operand with only a warning;
    the Definition (and SML/NJ, and mlbox) reject it: so does this."""
    return _run_batch([POLY], programs, ["PolyML.print_depth 1000;", "PolyML.line_length 100000;"],
                      "PolyML.use", LENIENT, r"functor U\d+ \(sig end\):\s*sig(.*)\bend\b")


def run_smlnj(programs: list[str]) -> list[Optional[str]]:
    """Each program's signature as SML/NJ prints it, None if rejected."""
    return _run_batch([SMLNJ], programs, ["Control.Print.printDepth := 1000;", "Control.Print.linewidth := 100000;"],
                      "use", "Error:", r"functor U\d+\(<param>: sig end\)\s*:\s*sig(.*)\bend\b")


def _run_batch(command: list[str], programs: list[str], settings: list[str], use: str, rejected: str,
               signature: str) -> list[Optional[str]]:
    """Run an SML system once for all `programs`, each `use`d from its own
    file as the body of a functor; what it printed for each: the text of
    the functor's result signature (the regex `signature` finds it), or
    None where `use` failed or the output says `rejected`."""
    with tempfile.TemporaryDirectory() as tmp:
        driver = list(settings)
        for i, program in enumerate(programs):
            path = pathlib.Path(tmp) / f"u{i}.sml"
            path.write_text(f"functor U{i} () = struct\n{program}\nend;\n")
            driver.append(f'print "\\n@@UNIT {i}\\n";\n'
                          f'({use} "{path}"; print "\\n@@OK\\n") handle _ => print "\\n@@ERROR\\n";')
        driver.append('print "\\n@@UNIT end\\n";')
        script = pathlib.Path(tmp) / "driver.sml"
        script.write_text("\n".join(driver) + "\n")
        with open(script, "rb") as stdin:
            run = subprocess.run(command, stdin=stdin, capture_output=True, timeout=900)
    out = run.stdout.decode("utf-8", "replace")
    results: list[Optional[str]] = []
    for chunk in out.split("\n@@UNIT ")[1:-1]:
        body = chunk.split("\n", 1)[1]
        if "\n@@OK\n" not in body or rejected in body:
            results.append(None)
            continue
        m = re.search(signature, body, re.S)
        results.append(m.group(1) if m else "")
    if len(results) != len(programs):
        raise RuntimeError(f"{command[0]}: {len(results)} results for {len(programs)} programs:\n{out[-2000:]}")
    return results


def compare(mine: tuple[bool, list[str]], theirs: Optional[str], smlnj: bool = False) -> list[str]:
    """The differences between mlbox's outcome and another implementation's
    printed signature (None: rejected): empty when they agree. SML/NJ
    prints a functor's datatypes as `type t` and does not mark a shadowed
    type: against it only values and exceptions count, `?.t` as `t`."""
    accepted, lines = mine
    if not accepted or theirs is None:
        if accepted == (theirs is not None):
            return []
        return [f"verdict: mlbox {'accepts' if accepted else 'rejects'}, "
                f"the other {'accepts' if theirs is not None else 'rejects'}"]
    ours, abbrevs = summarise_mlbox(lines)
    others = summarise_sig(theirs, abbrevs)
    ours, others = _unalias_replicated(ours), _unalias_replicated(others)
    if smlnj:
        ours, others = ({k: v.replace("?.", "") for k, v in d.items() if k.startswith(("val ", "exception "))}
                        for d in (ours, others))
    diffs = []
    for key in sorted(set(ours) | set(others)):
        if key.startswith("type ") and (key not in ours or key not in others):
            continue  # Poly prints some abbreviations as `eqtype u`, without their definition
        if ours.get(key) != others.get(key):
            diffs.append(f"{key}: mlbox {ours.get(key)!r}, other {others.get(key)!r}")
    return diffs


# The constructors of the basis datatypes a program may replicate
# (`datatype u = datatype bool`).
BASIS_DATATYPES = {"bool": {"true", "false"}, "list": {"nil", "::"}, "option": {"NONE", "SOME"},
                   "order": {"LESS", "EQUAL", "GREATER"}}


def _unalias_replicated(summary: dict[str, str]) -> dict[str, str]:
    """The summary with a replica of a basis datatype (a datatype with
    exactly its constructors) named as the original: `u` and `bool` are
    one type after `datatype u = datatype bool`, and which of the two names
    an implementation prints is its choice (mlbox prints `u`, Poly/ML
    either)."""
    aliases = {}
    for key, value in summary.items():
        if key.startswith("datatype "):
            cons = {alt.split(" of ")[0] for alt in value.split(" | ")}
            for basis, basis_cons in BASIS_DATATYPES.items():
                if cons == basis_cons:
                    aliases[key[len("datatype "):]] = basis
    if not aliases:
        return summary
    pattern = re.compile(r"(?<![\w'.])(" + "|".join(map(re.escape, aliases)) + r")(?![\w'])")
    return {key: value if key.startswith("datatype ") else pattern.sub(lambda m: aliases[m.group(1)], value)
            for key, value in summary.items()}


def generate(seed: int, count: int) -> list[str]:
    """`count` programs; one in five has one token mutated (mutate)."""
    rng = random.Random(seed)
    programs = []
    for _ in range(count):
        program = Gen(rng).program()
        programs.append(mutate(rng, program) if rng.random() < 0.2 else program)
    return programs


def write_recording(programs: list[str]) -> None:
    """Record what Poly/ML makes of each program: its signature as printed
    (whitespace collapsed), or null where it rejects the program."""
    sigs = [None if sig is None else " ".join(sig.split()) for sig in run_poly(programs)]
    # the programs without the prelude every one of them starts with
    records = [{"program": p[len(PRELUDE):], "poly": sig} for p, sig in zip(programs, sigs)]
    RECORDING.write_text(json.dumps({"seed": RECORD_SEED, "count": RECORD_COUNT, "records": records},
                                    indent=1) + "\n")
    print(f"recorded {len(records)} programs in {RECORDING}")


def read_recording() -> list[tuple[str, Optional[str]]]:
    """The recorded (program, Poly/ML's signature or None) pairs."""
    return [(PRELUDE + r["program"], r["poly"]) for r in json.loads(RECORDING.read_text())["records"]]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--show", action="store_true", help="print each discrepancy's program")
    parser.add_argument("--write", action="store_true", help=f"re-record {RECORDING.name} (seed {RECORD_SEED})")
    args = parser.parse_args(argv)
    if POLY is None:
        print("Poly/ML (`poly`) is not installed", file=sys.stderr)
        return 2
    if args.write:
        write_recording(generate(RECORD_SEED, RECORD_COUNT))
        return 0
    programs = generate(args.seed, args.count)
    found, accepted = 0, 0
    disagreeing: list[tuple[int, str, list[str]]] = []
    for start in range(0, len(programs), BATCH):
        batch = programs[start:start + BATCH]
        for i, (program, poly) in enumerate(zip(batch, run_poly(batch))):
            mine = run_mlbox(program)
            accepted += mine[0]
            diffs = compare(mine, poly)
            if diffs:
                disagreeing.append((start + i, program, diffs))
    smlnj = run_smlnj([p for _, p, _ in disagreeing]) if SMLNJ and disagreeing else [None] * len(disagreeing)
    for (index, program, diffs), nj in zip(disagreeing, smlnj):
        found += 1
        mine = run_mlbox(program)
        side = ""
        if SMLNJ:
            side = f" (SML/NJ {'agrees' if not compare(mine, nj, smlnj=True) else 'disagrees'} with mlbox)"
        print(f"--- program {index}{side}: " + "; ".join(diffs))
        if args.show:
            print(program[len(PRELUDE):])
            if SMLNJ:
                print(f"sml/nj: {'rejects' if nj is None else ' '.join(nj.split())}")
    print(f"{found} discrepancies in {len(programs)} programs (mlbox accepts {accepted})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
