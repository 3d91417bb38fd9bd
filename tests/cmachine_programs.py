"""Hand-assembled CCAM loops for the C machine's GC tests (tests/test_gc.py)
and the ASan driver corpus (tests/test_asan.py).

`loop(n, work)` is  f n = if n <= 0 then n else (work; f (n - 1))  with f
in the last global and the recursive call in tail position. `work` runs on
the environment E = (e, n) and must leave E as it found it (each piece below
is push; ...; drop)."""

from __future__ import annotations

from ccam.instructions import ConstInt, ConstUnit, I, Ins, Program

from tests.machine_cases import NGLOBALS


def q(n: int) -> Ins:
    return I.quote(ConstInt(n))


def loop(n: int, work: list) -> Program:
    g = NGLOBALS - 1
    recurse = [*work, I.push, I.getglobal(g), I.swap, I.acc(0), I.push, q(1), I.cons, I.prim("sub"), I.cons, I.app]
    body = [I.push, I.acc(0), I.push, q(0), I.cons, I.prim("le"), Ins("branch", ((I.acc(0),), tuple(recurse)))]
    return Program((I.cur(body), I.setglobal(g), I.push, q(n), I.cons, I.app), NGLOBALS)


def big_array(length: int) -> list:
    """Allocate (and drop) an array of `length` units: 8 * length bytes."""
    return [I.push, q(length), I.push, I.quote(ConstUnit()), I.cons, I.prim("array"), I.drop]


# A few pairs and a closure, applied, then dropped.
PAIRS_AND_CLOSURE = [I.push, I.cur((I.acc(0), I.push, I.push, I.cons, I.cons)), I.push, q(1), I.cons, I.app, I.drop]

# A generated code block holding a generated closure (merge), called, then
# dropped: { '5; push; Cur{ acc 0; push; cons }; swap; cons; app }.
GENERATE_RUN_DROP = [
    I.push, I.push, I.arena, I.cons,                     # (E, {})
    I.emit(q(5)), I.emit(I.push),
    I.push, I.arena, I.push, I.cons,                      # ({P'}, {P'}) :: X   (X = (E, {P}))
    I.emit(I.acc(0)), I.emit(I.push), I.emit(I.cons),     # the inner block P'
    I.snd, I.swap, I.cons, I.merge,                       # ({P'}, X): merge P' as Cur into P
    I.emit(I.swap), I.emit(I.cons), I.emit(I.app),
    I.call,                                               # run: (5, [5 : ...]) app → (5, 5)
    I.drop,
]
