"""Hand-assembled CCAM cases: every instruction and every primitive, with the
expected result, status and reduction count worked out by hand from the
transitions (docs/ccam.md). Shared by the reference-machine tests and the C
machine's differential tests: both machines must reproduce every field.

A case runs `code` on the stack [start] (start None means ()), with
`nglobals` globals. `expect` is values.show() of the result value (OK) or
of the exception value (UNCAUGHT); None when the status is an error.
Start values are host literals turned into fresh machine values by
`start_value` (so cases that mutate them cannot leak into each other):
  int, bytes, () -> unit, 2-tuple -> pair, list -> machine list,
  Con -> constructor, A([...]) -> array, V([...]) -> vector, R(v) -> ref,
  CLOSURE, BLOCK.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from ccam.instructions import (
    BUILTIN_EXNS,
    FALSE,
    INT_MAX,
    INT_MIN,
    MAX_ARRAY_LENGTH,
    TRUE,
    UNIT,
    ConstCon,
    ConstInt,
    ConstStr,
    I,
    Ins,
    Program,
    Status,
)
from ccam.values import UNIT_VALUE, Array, Block, Closure, Con, Pair, Ref, Vector

OK, UNCAUGHT, TYPE, SWITCH, SEALED, GLOBAL = (Status.OK, Status.UNCAUGHT, Status.TYPE, Status.SWITCH,
                                            Status.SEALED, Status.GLOBAL)
STACK_LIMIT, REDUCTION_LIMIT, UNDERFLOW = Status.STACK_LIMIT, Status.REDUCTION_LIMIT, Status.UNDERFLOW

NGLOBALS = len(BUILTIN_EXNS) + 4
G_DIV, G_OVERFLOW, G_SUBSCRIPT, G_FAIL = (BUILTIN_EXNS.index(n) for n in ("Div", "Overflow", "Subscript", "Fail"))
G_FREE = len(BUILTIN_EXNS)  # the first user global


class A(NamedTuple):
    items: list


class V(NamedTuple):
    items: list


class R(NamedTuple):
    value: object


CLOSURE = "<closure>"
BLOCK = "<block>"


def start_value(x):
    """A fresh machine value for a host literal (see the module docstring)."""
    if x is None or x == ():
        return UNIT_VALUE
    if x is CLOSURE:
        return Closure(UNIT_VALUE, (I.id,))
    if x is BLOCK:
        return Block()
    if type(x) in (int, bytes):
        return x
    if isinstance(x, A):
        return Array([start_value(v) for v in x.items])
    if isinstance(x, V):
        return Vector([start_value(v) for v in x.items])
    if isinstance(x, R):
        return Ref(start_value(x.value))
    if isinstance(x, Con):
        return Con(x.tag, None if x.arg is None else start_value(x.arg))
    if isinstance(x, tuple) and len(x) == 2:
        return Pair(start_value(x[0]), start_value(x[1]))
    if isinstance(x, list):
        result = Con(0)
        for v in reversed(x):
            result = Con(1, Pair(start_value(v), result))
        return result
    raise TypeError(f"no machine value for host literal {x!r}")


class Case(NamedTuple):
    name: str
    code: tuple
    start: object
    status: Status
    expect: Optional[str]
    reductions: int
    output: bytes = b""
    emitted: Optional[int] = None
    gen_reductions: Optional[int] = None
    max_stack: Optional[int] = None
    max_reductions: Optional[int] = None

    def program(self) -> Program:
        return Program(tuple(self.code), NGLOBALS)


def q(n: int):
    return I.quote(ConstInt(n))


def qs(s: bytes):
    return I.quote(ConstStr(s))


# `raise` and `try` are Python keywords, so they are built by name.
RAISE = Ins("raise")


def TRY(body, handler):
    return Ins("try", (tuple(body), tuple(handler)))


def P(p: str):
    return I.prim(p)


# (e, {}) from e: 3 reductions, 1 generating (arena).
NEW_CODE_ENV = [I.push, I.arena, I.cons]


def block_onto(*emitted):
    """From x on top, ({emitted...}, x): push, arena, push, cons, emits,
    fst, swap, cons. Reductions 7 + len(emitted); generating 1 + len(emitted)."""
    return [I.push, I.arena, I.push, I.cons, *(I.emit(i) for i in emitted), I.fst, I.swap, I.cons]


INSTRUCTION_CASES: list[Case] = [
    # ---- the CAM
    Case("id", [I.id], 5, OK, "5", 1),
    Case("fst", [I.fst], (1, 2), OK, "1", 1),
    Case("fst of an int", [I.fst], 5, TYPE, None, 0),
    Case("snd", [I.snd], (1, 2), OK, "2", 1),
    Case("snd of unit", [I.snd], None, TYPE, None, 0),
    Case("push", [I.push, I.cons], 5, OK, "(5, 5)", 2),
    Case("swap", [I.push, q(1), I.swap, I.cons], 5, OK, "(1, 5)", 4),
    Case("swap underflow", [I.swap], 5, UNDERFLOW, None, 0),
    Case("cons", [I.push, q(2), I.cons], 5, OK, "(5, 2)", 3),
    Case("cons underflow after a step", [I.id, I.cons], 5, UNDERFLOW, None, 1),
    # push; cur; swap; quote; cons; app; then the body fst: (5, 7) -> 5
    Case("app", [I.push, I.cur([I.fst]), I.swap, q(7), I.cons, I.app], 5, OK, "5", 7),
    Case("app sees its argument", [I.push, I.cur([I.snd]), I.swap, q(7), I.cons, I.app, I.push, I.cons], 5, OK,
         "(7, 7)", 9),
    Case("app of a non-closure", [I.app], (1, 2), TYPE, None, 0),
    Case("app of a non-pair", [I.app], 1, TYPE, None, 0),
    Case("quote int", [q(-3)], 5, OK, "-3", 1),
    Case("quote string", [qs(b'a"\n')], 5, OK, '"a\\"\\n"', 1),
    Case("quote unit", [I.quote(UNIT)], 5, OK, "()", 1),
    Case("quote constructor", [I.quote(ConstCon(3))], 5, OK, "C3", 1),
    Case("cur", [I.cur([I.id, I.id])], 5, OK, "[5 : 2 ins]", 1),
    # ---- code generation
    Case("arena", [I.arena], 5, OK, "{0 ins}", 1, emitted=0, gen_reductions=1),
    Case("emit", [*NEW_CODE_ENV, I.emit(I.fst)], 5, OK, "(5, {1 ins})", 4, emitted=1, gen_reductions=2),
    Case("emit then call", [*NEW_CODE_ENV, I.emit(I.fst), I.call], (7, 8), OK, "7", 6, emitted=1,
         gen_reductions=2),
    Case("emit into a non-block", [I.push, I.cons, I.emit(I.id)], 5, TYPE, None, 2),
    Case("lift then call", [*NEW_CODE_ENV, I.lift, I.call], 5, OK, "5", 6, emitted=1, gen_reductions=2),
    Case("lift a pair then call", [*NEW_CODE_ENV, I.lift, I.push, I.call, I.cons], (1, 2), OK,
         "(((1, 2), {sealed 1 ins}), (1, 2))", 8),
    # x = (5, B); ({snd}, x); merge -> (5, {Cur(snd)}); call runs Cur(snd) on 5.
    Case("merge", [*NEW_CODE_ENV, *block_onto(I.snd), I.merge, I.call], 5, OK, "[5 : 1 ins]", 14,
         emitted=2, gen_reductions=4),
    Case("merge into itself is SEALED", [*NEW_CODE_ENV, I.push, I.snd, I.swap, I.cons, I.merge], 5, SEALED, None, 7),
    Case("call seals", [*NEW_CODE_ENV, I.push, I.call, I.drop, I.emit(I.id)], 5, SEALED, None, 6),
    Case("lift into a sealed block", [*NEW_CODE_ENV, I.push, I.call, I.drop, I.lift], 5, SEALED, None, 6),
    Case("call of a non-block", [I.push, I.cons, I.call], 5, TYPE, None, 2),
    # emit push; 'true into B; blocks {'1} and {'2}; mergebranch; call: push, 'true, branch, '1
    Case("mergebranch", [*NEW_CODE_ENV, I.emit(I.push), I.emit(I.quote(TRUE)), *block_onto(q(1)),
                         *block_onto(q(2)), I.mergebranch, I.call], 5, OK, "1", 27, emitted=5, gen_reductions=8),
    Case("mergeswitch", [*NEW_CODE_ENV, I.emit(I.push), I.emit(I.quote(ConstCon(2))), *block_onto(q(10)),
                         *block_onto(q(11)), *block_onto(q(12)), I.mergeswitch(3), I.call], 5, OK, "12", 35,
         emitted=6, gen_reductions=10),
    Case("mergeswitch of a non-block", [*NEW_CODE_ENV, I.mergeswitch(1)], 5, TYPE, None, 3),
    Case("merge onto a non-pair", [*block_onto(I.snd), I.merge], 5, TYPE, None, 8),
    Case("merge onto a pair without a block", [*block_onto(I.snd), I.merge], (1, 2), TYPE, None, 8),
    Case("mergetry", [*NEW_CODE_ENV, *block_onto(I.getglobal(G_DIV), I.mkexn, RAISE),
                      *block_onto(I.snd, P("exnname")), I.mergetry, I.call], 5, OK, '"Div"', 30,
         emitted=6, gen_reductions=9),
    # ---- environments
    Case("acc 0", [I.acc(0)], (((((), 1)), 2), 3), OK, "3", 1),
    Case("acc 2 counts 3", [I.acc(2)], (((((), 1)), 2), 3), OK, "1", 3),
    Case("acc beyond the environment", [I.acc(3)], (((((), 1)), 2), 3), TYPE, None, 0),
    Case("drop", [I.push, q(1), I.drop], 5, OK, "5", 3),
    Case("drop underflow", [I.drop], 5, UNDERFLOW, None, 0),
    Case("rec", [I.rec(2)], 5, OK, "((5, ⊥), ⊥)", 1),
    Case("update", [I.rec(1), I.push, I.cur([I.acc(1)]), I.update(0)], 5, OK, "(5, [… : 1 ins])", 4),
    Case("update slot 1", [I.rec(2), I.push, q(9), I.update(1)], 5, OK, "((5, 9), ⊥)", 4),
    Case("update of a filled slot", [I.push, q(2), I.update(0)], ((), 1), TYPE, None, 2),
    # ---- conditionals and data
    Case("branch true", [I.push, I.quote(TRUE), I.branch([q(1)], [q(2)])], 5, OK, "1", 4),
    Case("branch false", [I.push, I.quote(FALSE), I.branch([q(1)], [q(2)])], 5, OK, "2", 4),
    Case("branch keeps the environment", [I.push, I.quote(FALSE), I.branch([q(1)], []), I.push, I.cons], 5, OK,
         "(5, 5)", 5),
    Case("branch on an int", [I.push, q(1), I.branch([q(1)], [q(2)])], 5, TYPE, None, 2),
    Case("branch on C2", [I.push, I.quote(ConstCon(2)), I.branch([q(1)], [q(2)])], 5, TYPE, None, 2),
    Case("switch nullary", [I.push, I.quote(ConstCon(2)), I.switch([[q(0)], [q(1)], [q(2)]])], 5, OK, "2", 4),
    Case("switch with argument", [I.push, q(9), I.pack(1), I.switch([[q(0)], [I.acc(0)]])], (1, 7), OK, "7", 5),
    Case("switch without an arm", [I.push, I.quote(ConstCon(3)), I.switch([[q(0)], [q(1)], [q(2)]])], 5,
         SWITCH, None, 2),
    Case("switch on an int", [I.push, q(0), I.switch([[q(0)]])], 5, TYPE, None, 2),
    # the constructor alone, no environment under it
    Case("switch underflow", [I.switch([[q(0)]])], Con(0, None), UNDERFLOW, None, 0),
    Case("pack", [I.pack(3)], 5, OK, "C3(5)", 1),
    Case("arg", [I.pack(3), I.arg], 5, OK, "5", 2),
    Case("arg of an exception", [I.push, I.getglobal(G_FAIL), I.swap, qs(b"x"), I.cons, I.mkexnarg, I.arg],
         5, OK, '"x"', 7),
    Case("arg of a nullary constructor", [I.quote(ConstCon(1)), I.arg], 5, TYPE, None, 1),
    # ---- exceptions
    Case("raise uncaught", [I.getglobal(G_DIV), I.mkexn, RAISE], 5, UNCAUGHT, "Div", 3),
    Case("raise of a non-exception", [RAISE], 5, TYPE, None, 0),
    Case("try without exception", [TRY([q(1)], [q(2)])], 5, OK, "1", 2),
    Case("try catches", [TRY([I.getglobal(G_DIV), I.mkexn, RAISE], [I.snd, P("exnname")])], 5, OK,
         '"Div"', 6),
    Case("handler sees the environment", [TRY([I.getglobal(G_DIV), I.mkexn, RAISE], [I.fst])], 5, OK,
         "5", 5),
    Case("try cuts the stack", [I.push, TRY([I.push, I.push, I.getglobal(G_OVERFLOW), I.mkexn, RAISE],
                                               [I.snd]), I.cons], 5, OK, "(5, Overflow)", 9),
    Case("try catches a primitive", [TRY([P("div")], [I.snd, P("exnname")])], (1, 0), OK, '"Div"', 4),
    Case("handler ends with its body", [TRY([q(1)], [q(2)]), I.getglobal(G_DIV), I.mkexn, RAISE], 5,
         UNCAUGHT, "Div", 5),
    Case("nested handlers", [TRY([TRY([I.getglobal(G_DIV), I.mkexn, RAISE], [I.snd, RAISE])],
                                    [q(42)])], 5, OK, "42", 8),
    Case("newexn", [I.newexn(b"E"), I.mkexn, P("exnname")], 5, OK, '"E"', 3),
    Case("exnis same name", [I.newexn(b"E"), I.push, I.mkexn, I.swap, I.cons, I.exnis], 5, OK, "C1", 6),
    Case("newexn is generative", [I.newexn(b"E"), I.mkexn, I.push, I.newexn(b"E"), I.cons, I.exnis], 5, OK,
         "C0", 6),
    Case("mkexn of a non-name", [I.mkexn], 5, TYPE, None, 0),
    Case("mkexnarg", [I.push, I.getglobal(G_FAIL), I.swap, I.cons, I.mkexnarg], 5, OK, "Fail(5)", 5),
    Case("raise with argument", [I.push, I.getglobal(G_FAIL), I.swap, qs(b"boom"), I.cons, I.mkexnarg, RAISE],
         5, UNCAUGHT, 'Fail("boom")', 7),
    Case("exnis of a non-exception", [I.push, I.cons, I.exnis], 5, TYPE, None, 2),
    # ---- globals
    Case("setglobal and getglobal", [I.setglobal(G_FREE), q(0), I.getglobal(G_FREE)], 5, OK, "5", 3),
    Case("getglobal of a built-in exception", [I.getglobal(G_DIV)], 5, OK, "exn<Div>", 1),
    Case("getglobal unset", [I.id, I.getglobal(G_FREE + 1)], 5, GLOBAL, None, 1),
    # ---- limits
    Case("reduction limit", [q(1), q(2), q(3)], 5, REDUCTION_LIMIT, None, 2, max_reductions=2),
    Case("reduction limit counts acc fully", [I.id, I.acc(2)], ((((), 1), 2), 3), REDUCTION_LIMIT, None, 1,
         max_reductions=3),
    Case("reduction limit exactly reached", [q(1), q(2)], 5, OK, "2", 2, max_reductions=2),
    Case("stack limit", [I.push, I.push, I.push], 5, STACK_LIMIT, None, 2, max_stack=3),
    Case("stack limit exactly reached", [I.push, I.push], 5, OK, "5", 2, max_stack=3),
    # f r = (f (snd r); ()) on r = (f, r): every call keeps a continuation and
    # pushes no value, so only the control stack grows: the 20th continuation
    # (beside the one value) is one too many; its app is not counted
    Case("stack limit by continuations alone", [I.cur([I.snd, I.app, I.id]), I.rec(1), I.push, I.update(0), I.app],
         5, STACK_LIMIT, None, 5 + 2 * 19 + 1, max_stack=20, max_reductions=10_000),
]


def prim_case(p: str, arg, status: Status, expect: Optional[str], output: bytes = b"") -> Case:
    """prim(p) on the start value arg: one reduction (raising counts too)."""
    return Case(f"{p} {arg!r}"[:60], [P(p)], arg, status, expect, 1 if status in (OK, UNCAUGHT) else 0, output)


WORD_ALL_ONES = -1  # the pattern of the largest word, 2^63 - 1

PRIM_CASES: list[Case] = [
    prim_case("add", (3, 4), OK, "7"),
    prim_case("add", (INT_MAX, 1), UNCAUGHT, "Overflow"),
    prim_case("add", (INT_MIN, -1), UNCAUGHT, "Overflow"),
    prim_case("add", (b"3", 4), TYPE, None),
    prim_case("sub", (3, 4), OK, "-1"),
    prim_case("sub", (INT_MIN, 1), UNCAUGHT, "Overflow"),
    prim_case("mul", (6, -7), OK, "-42"),
    prim_case("mul", (-(1 << 61), 2), OK, str(INT_MIN)),
    prim_case("mul", (1 << 61, 2), UNCAUGHT, "Overflow"),
    prim_case("div", (7, 2), OK, "3"),
    prim_case("div", (-7, 2), OK, "-4"),
    prim_case("div", (7, -2), OK, "-4"),
    prim_case("div", (-7, -2), OK, "3"),
    prim_case("div", (7, 0), UNCAUGHT, "Div"),
    prim_case("div", (INT_MIN, -1), UNCAUGHT, "Overflow"),
    prim_case("mod", (7, 2), OK, "1"),
    prim_case("mod", (-7, 2), OK, "1"),
    prim_case("mod", (7, -2), OK, "-1"),
    prim_case("mod", (-7, -2), OK, "-1"),
    prim_case("mod", (7, 0), UNCAUGHT, "Div"),
    prim_case("mod", (INT_MIN, -1), OK, "0"),
    prim_case("neg", 5, OK, "-5"),
    prim_case("neg", INT_MIN, UNCAUGHT, "Overflow"),
    prim_case("neg", INT_MAX, OK, str(-INT_MAX)),
    prim_case("abs", -5, OK, "5"),
    prim_case("abs", INT_MIN, UNCAUGHT, "Overflow"),
    prim_case("lt", (1, 2), OK, "C1"),
    prim_case("lt", (2, 2), OK, "C0"),
    prim_case("le", (2, 2), OK, "C1"),
    prim_case("gt", (1, 2), OK, "C0"),
    prim_case("ge", (2, 1), OK, "C1"),
    prim_case("lt", (b"a", b"b"), TYPE, None),
    prim_case("eq", (1, 1), OK, "C1"),
    prim_case("eq", (b"ab", b"ab"), OK, "C1"),
    prim_case("eq", ((1, 2), (1, 3)), OK, "C0"),
    prim_case("eq", ([1, 2], [1, 2]), OK, "C1"),
    prim_case("eq", (Con(1, 5), Con(1, 5)), OK, "C1"),
    prim_case("eq", (Con(1), Con(1, ())), OK, "C0"),
    prim_case("eq", ((), ()), OK, "C1"),
    prim_case("eq", (1, b"1"), OK, "C0"),
    prim_case("eq", (CLOSURE, CLOSURE), TYPE, None),
    prim_case("eq", (BLOCK, 1), TYPE, None),
    prim_case("eq", ((1, CLOSURE), (2, CLOSURE)), OK, "C0"),
    prim_case("eq", ((1, CLOSURE), (1, CLOSURE)), TYPE, None),
    prim_case("eq", (R(1), R(1)), OK, "C0"),
    prim_case("eq", (A([1]), A([1])), OK, "C0"),
    # vectors: by length, then item by item from the first
    prim_case("eq", (V([1, (2, b"x")]), V([1, (2, b"x")])), OK, "C1"),
    prim_case("eq", (V([]), V([])), OK, "C1"),
    prim_case("eq", (V([1, 2]), V([1])), OK, "C0"),
    prim_case("eq", (V([1, CLOSURE]), V([2, CLOSURE])), OK, "C0"),
    prim_case("eq", (V([1, CLOSURE]), V([1, CLOSURE])), TYPE, None),
    prim_case("eq", (V([CLOSURE]), V([CLOSURE, 1])), OK, "C0"),
    prim_case("eq", (V([V([1]), [2]]), V([V([1]), [2]])), OK, "C1"),
    prim_case("eq", (V([1]), A([1])), OK, "C0"),
    prim_case("eq", (V([A([1])]), V([A([1])])), OK, "C0"),
    prim_case("ne", (1, 2), OK, "C1"),
    prim_case("ne", ([1], [1]), OK, "C0"),
    prim_case("ne", (CLOSURE, CLOSURE), TYPE, None),
    prim_case("wadd", (WORD_ALL_ONES, 1), OK, "0"),
    prim_case("wadd", (INT_MAX, 1), OK, str(INT_MIN)),
    prim_case("wsub", (0, 1), OK, "-1"),
    prim_case("wmul", (WORD_ALL_ONES, WORD_ALL_ONES), OK, "1"),
    prim_case("wmul", (1 << 40, 1 << 40), OK, "0"),
    prim_case("wdiv", (WORD_ALL_ONES, 2), OK, str(INT_MAX)),
    prim_case("wdiv", (1, 0), UNCAUGHT, "Div"),
    prim_case("wmod", (WORD_ALL_ONES, 10), OK, "7"),
    prim_case("wmod", (1, 0), UNCAUGHT, "Div"),
    prim_case("wandb", (12, 10), OK, "8"),
    prim_case("worb", (12, 10), OK, "14"),
    prim_case("wxorb", (12, 10), OK, "6"),
    prim_case("wnotb", 0, OK, "-1"),
    prim_case("wnotb", -1, OK, "0"),
    prim_case("wnotb", 5, OK, "-6"),
    prim_case("wshl", (1, 62), OK, str(INT_MIN)),
    prim_case("wshl", (3, 62), OK, str(INT_MIN)),
    prim_case("wshl", (1, 63), OK, "0"),
    prim_case("wshl", (1, -1), OK, "0"),
    prim_case("wshr", (WORD_ALL_ONES, 1), OK, str(INT_MAX)),
    prim_case("wshr", (WORD_ALL_ONES, 63), OK, "0"),
    prim_case("wshr", (16, 2), OK, "4"),
    prim_case("washr", (-8, 1), OK, "-4"),
    prim_case("washr", (-1, 100), OK, "-1"),
    prim_case("washr", (8, 100), OK, "0"),
    prim_case("washr", (INT_MIN, 62), OK, "-1"),
    prim_case("wlt", (1, WORD_ALL_ONES), OK, "C1"),
    prim_case("wle", (2, 2), OK, "C1"),
    prim_case("wgt", (WORD_ALL_ONES, 1), OK, "C1"),
    prim_case("wge", (1, 2), OK, "C0"),
    prim_case("wfromint", -1, OK, "-1"),
    prim_case("wtoint", 5, OK, "5"),
    prim_case("wtoint", -1, UNCAUGHT, "Overflow"),
    prim_case("wtointx", -1, OK, "-1"),
    prim_case("wtostring", 255, OK, '"FF"'),
    prim_case("wtostring", WORD_ALL_ONES, OK, '"7FFFFFFFFFFFFFFF"'),
    prim_case("wtostring", 0, OK, '"0"'),
    prim_case("concat", (b"ab", b"cd"), OK, '"abcd"'),
    prim_case("concat", (b"ab", 1), TYPE, None),
    prim_case("size", b"abc", OK, "3"),
    prim_case("size", b"", OK, "0"),
    prim_case("ssub", (b"abc", 1), OK, "98"),
    prim_case("ssub", (b"abc", 3), UNCAUGHT, "Subscript"),
    prim_case("ssub", (b"abc", -1), UNCAUGHT, "Subscript"),
    prim_case("substring", (b"hello", (1, 3)), OK, '"ell"'),
    prim_case("substring", (b"hello", (5, 0)), OK, '""'),
    prim_case("substring", (b"hello", (4, 2)), UNCAUGHT, "Subscript"),
    prim_case("substring", (b"hello", (-1, 1)), UNCAUGHT, "Subscript"),
    prim_case("substring", (b"hello", (1, -1)), UNCAUGHT, "Subscript"),
    prim_case("sconcat", [b"a", b"bc", b""], OK, '"abc"'),
    prim_case("sconcat", [], OK, '""'),
    prim_case("sconcat", [b"a", 1], TYPE, None),
    prim_case("sconcat", Con(1, 5), TYPE, None),
    prim_case("implode", [104, 105], OK, '"hi"'),
    prim_case("implode", [], OK, '""'),
    prim_case("implode", [300], TYPE, None),
    prim_case("explode", b"hi", OK, "C1((104, C1((105, C0))))"),
    prim_case("explode", b"", OK, "C0"),
    prim_case("slt", (b"ab", b"b"), OK, "C1"),
    prim_case("slt", (b"\xff", b"a"), OK, "C0"),
    prim_case("slt", (b"a", b"ab"), OK, "C1"),
    prim_case("sle", (b"a", b"a"), OK, "C1"),
    prim_case("sgt", (b"b", b"ab"), OK, "C1"),
    prim_case("sge", (b"a", b"b"), OK, "C0"),
    prim_case("chr", 65, OK, "65"),
    prim_case("chr", 256, UNCAUGHT, "Chr"),
    prim_case("chr", -1, UNCAUGHT, "Chr"),
    prim_case("itos", -42, OK, '"~42"'),
    prim_case("itos", 0, OK, '"0"'),
    prim_case("itos", INT_MIN, OK, '"~4611686018427387904"'),
    prim_case("stoi", b"  ~12abc", OK, "C1(-12)"),
    prim_case("stoi", b"-3", OK, "C1(-3)"),
    prim_case("stoi", b"+7", OK, "C1(7)"),
    prim_case("stoi", b"\t\n\x0b\x0c\r 5", OK, "C1(5)"),
    prim_case("stoi", b"abc", OK, "C0"),
    prim_case("stoi", b"", OK, "C0"),
    prim_case("stoi", b"~", OK, "C0"),
    prim_case("stoi", b"- 1", OK, "C0"),
    prim_case("stoi", b"000000000000000000000000001", OK, "C1(1)"),
    prim_case("stoi", b"4611686018427387903", OK, f"C1({INT_MAX})"),
    prim_case("stoi", b"~4611686018427387904", OK, f"C1({INT_MIN})"),
    prim_case("stoi", b"4611686018427387904", UNCAUGHT, "Overflow"),
    prim_case("stoi", b"99999999999999999999999999", UNCAUGHT, "Overflow"),
    prim_case("print", b"hi\n", OK, "()", b"hi\n"),
    prim_case("print", 5, TYPE, None),
    prim_case("output", (1, b"hi\n"), OK, "()", b"hi\n"),  # stream 1: print's output
    prim_case("output", (1, b""), OK, "()"),
    prim_case("output", (2, b""), OK, "()"),  # stream 2: the process's stderr, not the output
    prim_case("output", (3, b"x"), TYPE, None),
    prim_case("output", (0, b"x"), TYPE, None),
    prim_case("output", (b"x", b"y"), TYPE, None),
    prim_case("output", (1, 5), TYPE, None),
    prim_case("output", b"x", TYPE, None),
    prim_case("ref", 5, OK, "ref(5)"),
    prim_case("deref", R(5), OK, "5"),
    prim_case("deref", 5, TYPE, None),
    prim_case("assign", (R(5), 7), OK, "()"),
    prim_case("assign", (5, 7), TYPE, None),
    prim_case("array", (3, 0), OK, "[|0, 0, 0|]"),
    prim_case("array", (0, 0), OK, "[||]"),
    prim_case("array", (-1, 0), UNCAUGHT, "Size"),
    prim_case("array", (MAX_ARRAY_LENGTH + 1, 0), UNCAUGHT, "Size"),
    prim_case("asub", (A([1, 2, 3]), 1), OK, "2"),
    prim_case("asub", (A([1, 2, 3]), 3), UNCAUGHT, "Subscript"),
    prim_case("asub", (A([1, 2, 3]), -1), UNCAUGHT, "Subscript"),
    prim_case("aupdate", (A([1, 2]), (0, 9)), OK, "()"),
    prim_case("aupdate", (A([1, 2]), (2, 9)), UNCAUGHT, "Subscript"),
    prim_case("alength", A([1, 2, 3]), OK, "3"),
    prim_case("alength", [1], TYPE, None),
    prim_case("afromlist", [1, 2], OK, "[|1, 2|]"),
    prim_case("afromlist", 7, TYPE, None),
    prim_case("vfromlist", [1, 2], OK, "#[1, 2]"),
    prim_case("vfromlist", [], OK, "#[]"),
    prim_case("vfromlist", 7, TYPE, None),
    prim_case("vsub", (V([1, 2, 3]), 2), OK, "3"),
    prim_case("vsub", (V([1, 2, 3]), 3), UNCAUGHT, "Subscript"),
    prim_case("vsub", (V([1, 2, 3]), -1), UNCAUGHT, "Subscript"),
    prim_case("vsub", (A([1, 2, 3]), 0), TYPE, None),
    prim_case("vsub", (V([1]), b"0"), TYPE, None),
    prim_case("vlength", V([1, 2, 3]), OK, "3"),
    prim_case("vlength", V([]), OK, "0"),
    prim_case("vlength", A([1]), TYPE, None),
    prim_case("vfromarray", A([1, (2, 3)]), OK, "#[1, (2, 3)]"),
    prim_case("vfromarray", V([1]), TYPE, None),
    prim_case("exnname", 7, TYPE, None),
    # Effects seen through a program.
    Case("deref after assign", [P("ref"), I.push, I.push, q(7), I.cons, P("assign"), I.drop, P("deref")], 5, OK,
         "7", 8),
    Case("aupdate is seen", [I.push, I.push, q(0), I.push, q(9), I.cons, I.cons, P("aupdate"), I.drop],
         A([1, 2]), OK, "[|9, 2|]", 9),
    Case("exnname of a built-in", [I.getglobal(G_SUBSCRIPT), I.mkexn, P("exnname")], 5, OK, '"Subscript"', 3),
    Case("two prints", [I.push, P("print"), I.drop, P("print")], b"ab", OK, "()", 4, b"abab"),
    Case("eq of one ref", [P("ref"), I.push, I.cons, P("eq")], 5, OK, "C1", 4),
    # Cyclic values built by update (E.snd := E): eq and list walks stop with TYPE.
    # A value opposite itself is equal without a look inside (Poly/ML's shortcut), cycle or not;
    # two distinct cycles are a comparison that would never end.
    Case("eq of a cyclic environment with itself", [I.rec(1), I.push, I.update(0), I.push, I.cons, P("eq")], 5,
         OK, "C1", 6),
    Case("eq of two cyclic environments",
         [I.push, I.rec(1), I.push, I.update(0), I.swap, I.rec(1), I.push, I.update(0), I.cons, P("eq")], 5,
         TYPE, None, 9),
    Case("eq of a pair holding a closure with itself", [I.cur([I.snd]), I.push, I.push, I.cons, I.push, I.cons,
                                                       P("eq")], 5, OK, "C1", 7),
    # (x, x) = (y, y) with x, y equal but distinct: x against y twice, one after the other
    Case("eq meets the same comparison twice",
         [I.push, I.fst, I.push, I.cons, I.swap, I.snd, I.push, I.cons, I.cons, P("eq")], ((1, 2), (1, 2)),
         OK, "C1", 10),
    Case("eq of a closure with itself", [I.cur([I.snd]), I.push, I.cons, P("eq")], 5, TYPE, None, 3),
    Case("eq of a cyclic environment finds a difference first",
         [I.rec(1), I.push, I.update(0), I.push, I.quote(UNIT), I.cons, P("eq")], 5, OK, "C0", 7),
    Case("cyclic environment shown", [I.rec(1), I.push, I.update(0)], 5, OK, "(5, …)", 3),
    Case("sconcat of a cyclic list", [I.rec(1), I.push, I.pack(1), I.update(0), I.pack(1), P("sconcat")], b"a",
         TYPE, None, 5),
    Case("vfromarray copies: a later aupdate leaves the vector alone",
         [I.push, P("vfromarray"), I.swap, I.push, I.push, q(0), I.push, q(9), I.cons, I.cons, P("aupdate"),
          I.drop, I.drop], A([1, 2]), OK, "#[1, 2]", 13),
    Case("vfromlist of a cyclic list", [I.rec(1), I.push, I.pack(1), I.update(0), I.pack(1), P("vfromlist")], 1,
         TYPE, None, 5),
    Case("afromlist of a cyclic list", [I.rec(1), I.push, I.pack(1), I.update(0), I.pack(1), P("afromlist")], 1,
         TYPE, None, 5),
]

CASES: list[Case] = INSTRUCTION_CASES + PRIM_CASES
