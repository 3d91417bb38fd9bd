"""Superinstructions of the C machine (ccam_c/vm.c, "superinstructions"):
sealing a block fuses adjacent pairs (push; acc n, cons; prim p, ...) into
one dispatch.  They must be invisible: the same results, reduction counts,
statuses and messages as the reference machine at every reduction limit
and on every failure of either instruction; generated code is fused too;
every reader of code words (the host's decoding, the collector, the heap
checker) sees the original instructions.  Machine.fused_dispatches() shows
that the fast paths ran, and `cons; prim p` builds no pair."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from ccam import cmachine, refmachine
from ccam.instructions import TRUE, I, Ins, Program, Status, reductions
from ccam.values import Block, Con, Pair, show
from tests.machine_cases import NGLOBALS, P, q, start_value
from tests.test_cmachine import assert_same, counting_loop


BRANCH = I.branch([q(1)], [q(2)])
SWITCH = I.switch([[q(1)], [q(2)]])
LAST_GLOBAL = NGLOBALS - 1  # unset unless the code sets it


class Fused(NamedTuple):
    """`code` on the stack [start] runs the superinstruction `name` once on
    its fast path; every other adjacent pair is kept apart by `id`."""
    name: str
    code: tuple
    start: object


FUSED = [
    Fused("push; acc", (I.push, I.acc(1), I.cons), ((10, 20), 30)),
    Fused("push; push", (I.push, I.push, I.cons, I.id, I.cons), (1, 2)),
    Fused("push; quote", (I.push, q(5), I.id, I.cons), (1, 2)),
    Fused("swap; acc", (I.push, I.id, q(7), I.swap, I.acc(0), I.id, I.cons), (1, 2)),
    Fused("swap; push", (I.push, I.id, q(7), I.swap, I.push, I.id, I.cons, I.id, I.cons), (1, 2)),
    Fused("acc; fst", (I.acc(1), I.fst), (((1, 2), (3, 4)), 5)),
    Fused("acc; snd", (I.acc(0), I.snd), (1, (2, 3))),
    Fused("fst; swap", (I.push, I.id, I.fst, I.swap, I.id, I.cons), ((1, 2), 3)),
    Fused("snd; fst", (I.snd, I.fst), (0, (5, 6))),
    Fused("quote; cons", (I.push, I.id, q(5), I.cons), (1, 2)),
    Fused("cons; cons", (I.push, I.id, I.push, I.cons, I.cons), (1, 2)),
    Fused("cons; app", (I.push, I.cur((I.snd, I.id, I.fst)), I.swap, I.id, I.cons, I.app), (1, 2)),
    # a first call (plain: cons; id; app) gives the control stack its memory
    Fused("cons; app, not in tail position",
          (I.push, I.cur((I.snd,)), I.swap, I.cons, I.id, I.app, I.id,
           I.push, I.cur((I.snd, I.id, I.fst)), I.swap, I.id, I.cons, I.app, I.id, I.push, I.id, I.cons), (1, 2)),
    Fused("cons; push", (I.push, I.id, I.cons, I.push, I.id, I.cons), (1, 2)),
    Fused("acc; arg", (I.acc(0), I.arg), (0, Con(1, 5))),
    Fused("snd; snd", (I.snd, I.snd), (0, (1, 2))),
    Fused("snd; cons", (I.push, I.id, I.snd, I.cons), (1, 2)),
    Fused("cons; prim lt; branch", (I.push, I.id, I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("lt"), BRANCH),
          (3, 4)),
    Fused("cons; prim eq; branch to the false arm", (I.push, I.id, I.push, I.fst, I.id, I.swap, I.snd, I.cons,
                                                     P("eq"), BRANCH), (3, 4)),
    # a first branch (plain: its quote; branch is no pair) gives the control stack its memory
    Fused("cons; prim le; branch, not in tail position",
          (I.push, I.id, I.quote(TRUE), I.branch([I.id], [I.id]), I.id,
           I.push, I.id, I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("le"), BRANCH, I.id, I.push, I.id, I.cons),
          (3, 4)),
    # triples (and the quadruple push; 'c; cons; prim p)
    Fused("push; acc; fst", (I.push, I.acc(1), I.fst, I.id, I.cons), ((10, (20, 21)), 30)),
    Fused("push; acc; snd", (I.push, I.acc(1), I.snd, I.id, I.cons), ((10, (20, 21)), 30)),
    Fused("swap; acc; fst", (I.push, I.id, q(7), I.swap, I.acc(0), I.fst, I.id, I.cons), (1, (2, 3))),
    Fused("swap; acc; snd", (I.push, I.id, q(7), I.swap, I.acc(0), I.snd, I.id, I.cons), (1, (2, 3))),
    Fused("swap; acc; arg", (I.push, I.id, q(7), I.swap, I.acc(0), I.arg, I.id, I.cons), (1, Con(1, 5))),
    Fused("swap; push; acc", (I.push, I.id, q(7), I.swap, I.push, I.acc(0), I.id, I.cons, I.id, I.cons), (1, 2)),
    Fused("push; push; acc", (I.push, I.push, I.acc(0), I.id, I.cons, I.id, I.cons), (1, 2)),
    Fused("cons; cons; app", (I.push, I.cur((I.snd, I.id, I.fst)), I.swap, I.id, I.push, I.id, q(5), I.id,
                              I.cons, I.cons, I.app), (1, 2)),
    # a first call (plain: cons; id; app) gives the control stack its memory
    Fused("cons; cons; app, not in tail position",
          (I.push, I.cur((I.snd,)), I.swap, I.cons, I.id, I.app, I.id,
           I.push, I.cur((I.snd, I.id, I.fst)), I.swap, I.id, I.push, I.id, q(5), I.id, I.cons, I.cons, I.app,
           I.id, I.push, I.id, I.cons), (1, 2)),
    Fused("push; quote; cons; prim add", (I.push, q(5), I.cons, P("add")), 3),
    Fused("push; quote; cons; prim lt", (I.push, q(5), I.cons, P("lt")), 3),
    Fused("push; acc; switch", (I.push, I.acc(0), SWITCH), (0, Con(1, 5))),
    # a first branch (plain: its quote; branch is no pair) gives the control stack its memory
    Fused("push; acc; switch on a nullary constructor, not in tail position",
          (I.push, I.id, I.quote(TRUE), I.branch([I.id], [I.id]), I.id,
           I.push, I.acc(0), SWITCH, I.id, I.push, I.id, I.cons), (0, Con(0, None))),
    Fused("push; getglobal", (q(5), I.setglobal(LAST_GLOBAL), I.id, I.push, I.getglobal(LAST_GLOBAL), I.id, I.cons),
          1),
] + [
    # cons; prim p on every primitive with a binary fast path: the
    # arguments are (fst e, snd e)
    Fused(f"cons; prim {p}", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P(p)), start)
    for p, start in [("add", (3, 4)), ("sub", (3, 4)), ("mul", (-3, 4)), ("lt", (3, 4)), ("le", (4, 4)),
                     ("gt", (3, 4)), ("ge", (3, 4)), ("eq", (3, 3)), ("ne", (3, 3)), ("wadd", (-1, 2)),
                     ("wsub", (1, 2)), ("wmul", (-1, 3)), ("wandb", (6, 3)), ("worb", (6, 3)),
                     ("wxorb", (6, 3)), ("wlt", (-1, 3)), ("wle", (3, 3)), ("wgt", (-1, 3)), ("wge", (1, 3)),
                     ("ssub", (b"abc", 1))]
]


def run_c(code, start, **limits):
    machine = cmachine.Machine(Program(tuple(code), NGLOBALS), plain=True, **limits)
    return machine, machine.run([start_value(start)])


def run_ref(code, start, **limits):
    return refmachine.Machine(Program(tuple(code), NGLOBALS), **limits).run([start_value(start)])


def assert_agrees(code, start, **limits):
    """The C machine's run against the reference machine's; returns the C
    machine and its result."""
    machine, c = run_c(code, start, **limits)
    ref = run_ref(code, start, **limits)
    assert_same(ref, c)
    if c.status == Status.REDUCTION_LIMIT:
        assert c.message == ref.message  # (type errors word the value differently)
    return machine, c


@pytest.mark.parametrize("fused", FUSED, ids=[f.name for f in FUSED])
def test_each_superinstruction_runs_its_fast_path_and_agrees(fused: Fused):
    machine, c = assert_agrees(fused.code, fused.start)
    assert c.status == Status.OK
    assert machine.fused_dispatches() == 1


def test_array_and_vector_subscripts_fuse_with_their_pair():
    # asub and vsub on a (container, index) pair built by cons
    for prim, container in (("asub", (P("array"),)), ("vsub", (P("array"), P("vfromarray")))):
        code = (q(3), I.push, I.id, q(9), I.id, I.cons, *container, I.push, I.id, q(1), I.id, I.cons, P(prim))
        machine, c = assert_agrees(code, None)
        assert c.value == 9
        assert machine.fused_dispatches() == 1


@pytest.mark.parametrize("fused", FUSED, ids=[f.name for f in FUSED])
def test_every_reduction_limit_stops_where_the_reference_machine_does(fused: Fused):
    """A limit falling inside a superinstruction stops after the
    instructions that fit, with the reference machine's count and message."""
    total = run_ref(fused.code, fused.start).reductions
    ran_fused = []
    for limit in range(total + 1):
        machine, c = assert_agrees(fused.code, fused.start, max_reductions=limit)
        assert c.status == (Status.OK if limit == total else Status.REDUCTION_LIMIT)
        ran_fused.append(machine.fused_dispatches())
    # it runs fused from the limit that leaves room for all its instructions on
    assert ran_fused == sorted(ran_fused) and ran_fused[-1] == 1 and ran_fused[0] == 0


# The superinstructions longer than a pair: where each starts in its FUSED
# code and how many instructions it runs.
LONGER = {
    "push; acc; fst": (0, 3), "push; acc; snd": (0, 3), "swap; acc; fst": (3, 3), "swap; acc; snd": (3, 3),
    "swap; acc; arg": (3, 3), "swap; push; acc": (3, 3), "push; push; acc": (0, 3), "cons; cons; app": (8, 3),
    "push; quote; cons; prim add": (0, 4), "push; acc; switch": (0, 3), "cons; prim lt; branch": (7, 3),
}


@pytest.mark.parametrize("fused", FUSED, ids=[f.name for f in FUSED])
def test_every_stack_limit_stops_where_the_reference_machine_does(fused: Fused):
    # a fused push must stop at the limit as the plain one does, and a call
    # or switch not in tail position (cons; cons; app, push; acc; switch)
    # needs room for its return frame as well
    for limit in range(1, 12):
        assert_agrees(fused.code, fused.start, max_stack=limit)


@pytest.mark.parametrize("name", LONGER)
def test_a_longer_superinstruction_runs_whole_or_not_at_all(name):
    """A limit that leaves out only its last instruction runs none of it
    fused (not even the pair it starts with: each pair inside it needs room
    for its own second instruction); one more reduction runs it all in one
    dispatch."""
    fused = next(f for f in FUSED if f.name == name)
    first, length = LONGER[name]
    before = run_ref(fused.code[:first], fused.start).reductions
    whole = before + sum(reductions(ins) for ins in fused.code[first:first + length])
    machine, c = assert_agrees(fused.code, fused.start, max_reductions=whole - 1)
    assert c.status == Status.REDUCTION_LIMIT and machine.fused_dispatches() == 0
    machine, c = assert_agrees(fused.code, fused.start, max_reductions=whole)
    assert machine.fused_dispatches() == 1


def test_a_limit_inside_push_acc_stops_after_push():
    # push (1) then acc 2 (3 reductions): a limit of 1, 2 or 3 stops after push
    code = (I.push, I.acc(2))
    start = (((1, 2), 3), 4)
    for limit in (1, 2, 3):
        machine, c = assert_agrees(code, start, max_reductions=limit)
        assert c.status == Status.REDUCTION_LIMIT and c.reductions == 1
        assert machine.fused_dispatches() == 0
    machine, c = assert_agrees(code, start, max_reductions=4)
    assert c.status == Status.OK and c.reductions == 4 and c.value == 2
    assert machine.fused_dispatches() == 1


class Failing(NamedTuple):
    """A superinstruction whose fast path may not run: one of its
    instructions fails, raises or would cross a limit."""
    name: str
    code: tuple
    start: object
    limits: dict
    status: Status


FAILING = [
    Failing("push; acc: acc past the environment", (I.push, I.acc(3)), (1, 2), {}, Status.TYPE),
    Failing("push; acc: push at the stack limit", (I.push, I.acc(0)), (1, 2), {"max_stack": 1}, Status.STACK_LIMIT),
    Failing("push; push: the second push at the stack limit", (I.push, I.push), (1, 2), {"max_stack": 2},
            Status.STACK_LIMIT),
    Failing("push; quote: push at the stack limit", (I.push, q(1)), 0, {"max_stack": 1}, Status.STACK_LIMIT),
    Failing("swap; acc: nothing to swap with", (I.swap, I.acc(0)), (1, 2), {}, Status.UNDERFLOW),
    Failing("swap; acc: acc of a non-pair", (I.push, I.id, q(7), I.swap, I.acc(0)), 5, {}, Status.TYPE),
    Failing("swap; push: nothing to swap with", (I.swap, I.push), 1, {}, Status.UNDERFLOW),
    Failing("swap; push: push at the stack limit", (I.push, I.id, I.swap, I.push), 1, {"max_stack": 2},
            Status.STACK_LIMIT),
    Failing("acc; fst: fst of a non-pair", (I.acc(0), I.fst), (1, 2), {}, Status.TYPE),
    Failing("acc; snd: acc of a non-pair", (I.acc(1), I.snd), (1, 2), {}, Status.TYPE),
    Failing("fst; swap: nothing to swap with", (I.fst, I.swap), (1, 2), {}, Status.UNDERFLOW),
    Failing("fst; swap: fst of a non-pair", (I.push, I.id, I.fst, I.swap), 1, {}, Status.TYPE),
    Failing("snd; fst: fst of a non-pair", (I.snd, I.fst), (1, 2), {}, Status.TYPE),
    Failing("quote; cons: nothing to cons with", (q(1), I.cons), 1, {}, Status.UNDERFLOW),
    Failing("cons; cons: nothing for the second", (I.push, I.id, I.cons, I.cons), 1, {}, Status.UNDERFLOW),
    Failing("cons; app: not a closure", (I.push, I.id, I.cons, I.app), 1, {}, Status.TYPE),
    Failing("cons; push: nothing to cons with", (I.cons, I.push), 1, {}, Status.UNDERFLOW),
    Failing("acc; arg: arg of a pair", (I.acc(0), I.arg), (1, (2, 3)), {}, Status.TYPE),
    Failing("snd; snd: snd of a non-pair", (I.snd, I.snd), (1, 2), {}, Status.TYPE),
    Failing("snd; cons: nothing to cons with", (I.snd, I.cons), (1, 2), {}, Status.UNDERFLOW),
    Failing("cons; prim: nothing to cons with", (I.cons, P("add")), 1, {}, Status.UNDERFLOW),
    Failing("cons; prim; branch: nothing to branch on", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("lt"),
                                                          BRANCH), (3, 4), {}, Status.UNDERFLOW),
    Failing("cons; prim; branch: branch on an int", (I.push, I.id, I.push, I.fst, I.id, I.swap, I.snd, I.cons,
                                                      P("add"), BRANCH), (3, 4), {}, Status.TYPE),
    Failing("push; acc; fst: fst of a non-pair", (I.push, I.acc(0), I.fst), (1, 2), {}, Status.TYPE),
    Failing("push; acc; snd: push at the stack limit", (I.push, I.acc(0), I.snd), (1, (2, 3)), {"max_stack": 1},
            Status.STACK_LIMIT),
    Failing("swap; acc; fst: nothing to swap with", (I.swap, I.acc(0), I.fst), (1, (2, 3)), {}, Status.UNDERFLOW),
    Failing("swap; acc; snd: snd of a non-pair", (I.push, I.id, q(7), I.swap, I.acc(0), I.snd), (1, 2), {},
            Status.TYPE),
    Failing("swap; acc; arg: arg of a pair", (I.push, I.id, q(7), I.swap, I.acc(0), I.arg), (1, (2, 3)), {},
            Status.TYPE),
    Failing("swap; push; acc: acc of a non-pair", (I.push, I.id, q(7), I.swap, I.push, I.acc(0)), 5, {},
            Status.TYPE),
    Failing("swap; push; acc: push at the stack limit", (I.push, I.id, I.swap, I.push, I.acc(0)), (1, 2),
            {"max_stack": 2}, Status.STACK_LIMIT),
    Failing("push; push; acc: the second push at the stack limit", (I.push, I.push, I.acc(0)), (1, 2),
            {"max_stack": 2}, Status.STACK_LIMIT),
    Failing("cons; cons; app: not a closure", (I.push, I.id, I.push, I.id, I.cons, I.cons, I.app), 1, {},
            Status.TYPE),
    Failing("cons; cons; app: nothing for the second cons", (I.push, I.id, I.cons, I.cons, I.app), 1, {},
            Status.UNDERFLOW),
    Failing("push; quote; cons; prim add: Overflow", (I.push, q(1), I.cons, P("add")), 2 ** 62 - 1, {},
            Status.UNCAUGHT),
    Failing("push; quote; cons; prim add: not ints", (I.push, q(1), I.cons, P("add")), b"abc", {}, Status.TYPE),
    Failing("push; quote; cons; prim add: push at the stack limit", (I.push, q(1), I.cons, P("add")), 1,
            {"max_stack": 1}, Status.STACK_LIMIT),
    Failing("push; acc; switch: switch on a pair", (I.push, I.acc(0), SWITCH), (1, (2, 3)), {}, Status.TYPE),
    Failing("push; acc; switch: no arm for the tag", (I.push, I.acc(0), SWITCH), (1, Con(5, 0)), {},
            Status.SWITCH),
    # the tag one past the last arm: the fast path must not take the word after the arms for an arm
    Failing("push; acc; switch: no arm for the tag after the last", (I.push, I.acc(0), SWITCH), (1, Con(2, 0)), {},
            Status.SWITCH),
    Failing("push; acc; switch: push at the stack limit", (I.push, I.acc(0), SWITCH), (1, Con(1, 0)),
            {"max_stack": 1}, Status.STACK_LIMIT),
    Failing("push; getglobal: an unset global", (I.push, I.getglobal(LAST_GLOBAL)), 1, {}, Status.GLOBAL),
    Failing("push; getglobal: push at the stack limit", (I.push, I.getglobal(0)), 1, {"max_stack": 1},
            Status.STACK_LIMIT),
    Failing("cons; prim add: Overflow", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("add")),
            (2 ** 62 - 1, 1), {}, Status.UNCAUGHT),
    Failing("cons; prim sub: Overflow", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("sub")),
            (-2 ** 62, 1), {}, Status.UNCAUGHT),
    Failing("cons; prim mul: Overflow", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("mul")),
            (2 ** 31, 2 ** 31), {}, Status.UNCAUGHT),
    Failing("cons; prim ssub: Subscript", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("ssub")),
            (b"abc", 3), {}, Status.UNCAUGHT),
    Failing("cons; prim add: not ints", (I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("add")),
            (b"abc", 3), {}, Status.TYPE),
]


@pytest.mark.parametrize("failing", FAILING, ids=[f.name for f in FAILING])
def test_failures_inside_a_pair_are_the_unfused_ones(failing: Failing):
    """The fast path declines and the plain instructions fail, raise or
    stop exactly as the reference machine does."""
    machine, c = assert_agrees(failing.code, failing.start, **failing.limits)
    assert c.status == failing.status
    assert machine.fused_dispatches() == 0


def test_handled_overflow_in_cons_prim_is_caught_with_the_same_count():
    # (max_int + 1) handle Overflow => 0
    code = (Ins("try", ((I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("add")), (q(0),))),)
    machine, c = assert_agrees(code, (2 ** 62 - 1, 1))
    assert c.status == Status.OK and c.value == 0


def test_equality_of_non_immediates_takes_the_plain_path():
    # strings are compared by the primitive, which the fast path leaves alone
    for a, b, expect in ((b"ab", b"ab", 1), (b"ab", b"ac", 0)):
        machine, c = assert_agrees((I.push, I.fst, I.id, I.swap, I.snd, I.cons, P("eq")), (a, b))
        assert show(c.value) == ("C1" if expect else "C0")  # true, false
        assert machine.fused_dispatches() == 0


def generating(pairs_code):
    """Code that emits pairs_code into a new block, then calls it on e."""
    return (I.push, I.arena, I.cons, *(I.emit(i) for i in pairs_code), I.call)


GENERATED = (I.push, I.acc(0), I.swap, I.acc(1), I.cons, P("add"), I.push, q(2), I.cons, P("mul"))


def test_generated_code_is_fused_when_sealed():
    # (acc 0 + acc 1) * 2 on ((0, 3), 4)
    machine, c = assert_agrees(generating(GENERATED), ((0, 3), 4))
    assert c.value == 14
    assert c.gen_reductions > 0
    # push; acc, swap; acc, cons; prim add, push; quote; cons; prim mul
    assert machine.fused_dispatches() == 4


def test_generated_and_loaded_code_decodes_to_the_original_instructions():
    # the block after it ran (sealed, fused), and a closure over loaded code
    code = (I.push, I.arena, I.cons, *(I.emit(i) for i in GENERATED), I.push, I.call, I.swap, I.snd, I.cons)
    machine, c = assert_agrees(code, ((0, 3), 4))
    assert c.value.fst == 14
    assert tuple(c.value.snd.code) == GENERATED
    body = (I.push, I.acc(0), I.swap, I.snd, I.cons, P("add"), I.push, q(5), I.cons)
    machine, c = assert_agrees((I.cur(body),), 0)
    assert tuple(c.value.code) == body


def test_an_unsealed_block_extended_after_its_seal_is_fused_again():
    """A host block is decoded (and so sealed and fused) and then unsealed:
    its last instruction gains a successor by emit, and the seal of call
    fuses the new sequence (push; quote; cons; prim add) as well as the old
    pair (push; acc)."""
    block = Block([I.push, I.acc(0), I.push])
    code = (I.emit(q(6)), I.emit(I.cons), I.emit(P("add")), I.call)
    machine = cmachine.Machine(Program(code, NGLOBALS), plain=True)
    c = machine.run([Pair(Pair(0, 1), block)])
    ref = refmachine.Machine(Program(code, NGLOBALS)).run([Pair(Pair(0, 1), Block([I.push, I.acc(0), I.push]))])
    assert_same(ref, c)
    assert c.value == 7
    assert machine.fused_dispatches() == 2  # push; acc, push; quote; cons; prim add


def test_the_heap_checker_walks_fused_blocks_under_collections():
    # (the debug collecting modes stop at every instruction, so no fast path
    # runs here: this is about the collector and the checker reading fused words)
    program = Program(generating(GENERATED), NGLOBALS)
    machine = cmachine.Machine(program, plain=True,
                               debug=cmachine.DEBUG_COLLECT_SOMETIMES | cmachine.DEBUG_HEAP_CHECK)
    c = machine.run([start_value(((0, 3), 4))])
    assert_same(run_ref(generating(GENERATED), ((0, 3), 4)), c)
    machine.heap_check()


def test_cons_prim_builds_no_pair():
    """The counting loop runs `cons; prim le` and `cons; prim sub` once per
    iteration: fused, neither pair is allocated.  An `id` before each prim
    keeps the pairs apart, and each then costs a pair cell (24 bytes)."""
    n = 2000

    def allocated(code):
        machine = cmachine.Machine(Program(tuple(code), NGLOBALS), plain=True)
        before = machine.heap_stats()["total"]
        result = machine.run([start_value(None)])
        assert result.status == Status.OK
        return machine.heap_stats()["total"] - before, result.reductions

    def apart(code):
        out = []
        for ins in code:
            if ins.op == "prim":
                out.append(I.id)
            if ins.op in ("cur", "branch"):
                ins = type(ins)(ins.op, tuple(tuple(apart(sub)) for sub in ins.args))
            out.append(ins)
        return out

    fused_bytes, fused_reductions = allocated(counting_loop(n))
    apart_bytes, apart_reductions = allocated(apart(counting_loop(n)))
    assert apart_reductions == fused_reductions + 2 * n + 1  # the ids
    assert apart_bytes - fused_bytes == 2 * n * 24 + 24  # + the final test, n <= 0
