"""The reference machine against the hand-worked case table, the paper's
§6.2 reduction sequences, and properties of control (tail calls, handlers)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings

from ccam.instructions import OPS, PRIMS, ConstUnit, I, Ins, Program, Status, walk
from ccam.refmachine import Machine
from ccam.values import Block, Closure, Con, Pair, show
from tests.ccam_strategies import raw_cases, runnable_cases
from tests.machine_cases import CASES, NGLOBALS, RAISE, TRY, Case, P, q, qs, start_value


def run_case(case: Case):
    limits = {}
    if case.max_stack is not None:
        limits["max_stack"] = case.max_stack
    if case.max_reductions is not None:
        limits["max_reductions"] = case.max_reductions
    machine = Machine(case.program(), **limits)
    return machine.run([start_value(case.start)])


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case):
    result = run_case(case)
    assert result.status == case.status, result.message
    assert result.reductions == case.reductions
    assert result.output == case.output
    if case.expect is not None:
        assert show(result.value) == case.expect
    else:
        assert result.value is None
    if case.emitted is not None:
        assert result.emitted == case.emitted
    if case.gen_reductions is not None:
        assert result.gen_reductions == case.gen_reductions


def test_every_instruction_and_primitive_has_a_case():
    used_ops = {ins.op for case in CASES for ins in walk(case.code)}
    used_prims = {ins.args[0] for case in CASES for ins in walk(case.code) if ins.op == "prim"}
    assert {op.name for op in OPS} - used_ops == set()
    assert {p.name for p in PRIMS} - used_prims == set()


def test_every_error_status_has_a_case():
    statuses = {case.status for case in CASES}
    # C-only / external (OUTPUT: tests/test_output_failures.py, on real streams)
    expected = set(Status) - {Status.HEAP_LIMIT, Status.INTERRUPTED, Status.OUTPUT}
    assert expected - statuses == set()


# ------------------------------------------------------------- stepping: the paper's §6.2


def trace_states(code, stack):
    """Run `code` on `stack` (bottom first) one transition at a time; the
    states (stack rendered top first, remaining program in the paper's
    notation) before the first and after every transition, and the Result."""
    from ccam.disasm import disasm

    machine = Machine(Program((), NGLOBALS))
    machine.start(stack, code)
    states = []

    def snapshot():
        values, program = machine.state()
        states.append((" :: ".join(show(v) for v in values), disasm(program, width=10**6)))

    snapshot()
    while (result := machine.step()) is None:
        snapshot()
    return states, result


def test_paper_application_sequence():
    """§6.2.2: (e :: S, ⟨⟦M⟧, ⟦N⟧⟩; app; P) with M = λx.x (Cur(snd)), N = '7,
    P = push; cons. Each line is the state after one transition."""
    code = (I.push, I.cur([I.snd]), I.swap, q(7), I.cons, I.app, I.push, I.cons)
    states, result = trace_states(code, [99, 5])
    assert states == [
        ("5 :: 99", "⟨Cur(snd), '7⟩; app; ⟨⟩"),
        ("5 :: 5 :: 99", "Cur(snd), '7⟩; app; ⟨⟩"),
        ("[5 : 1 ins] :: 5 :: 99", ", '7⟩; app; ⟨⟩"),  # ⟦M⟧ gave the closure [e' : P']
        ("5 :: [5 : 1 ins] :: 99", "'7⟩; app; ⟨⟩"),
        ("7 :: [5 : 1 ins] :: 99", "⟩; app; ⟨⟩"),  # ⟦N⟧ gave f
        ("([5 : 1 ins], 7) :: 99", "app; ⟨⟩"),
        ("(5, 7) :: 99", "snd; ⟨⟩"),  # ((e', f) :: S, P'; P)
        ("7 :: 99", "⟨⟩"),
        ("7 :: 7 :: 99", "⟩"),
        ("(7, 7) :: 99", "·"),
    ]
    assert result.status == Status.OK and result.reductions == 9


def test_paper_generator_application_sequence():
    """§6.2.3: the generating extension of MN, with M = x and N = y bound in
    Ω (so ⟦x⟧ emits fst; snd and ⟦y⟧ emits snd), run on (e, {P'})."""
    u = lambda i: Ins("emit", (i,))  # noqa: E731 - the paper's underline
    code = (u(I.push), u(I.fst), u(I.snd), u(I.swap), u(I.snd), u(I.cons), u(I.app))
    block = Block([I.id])  # P' = id
    states, result = trace_states(code, [Pair(1, block)])
    blocks = [s.split(", ", 1)[1] for s, _ in states]
    assert blocks == [f"{{{n} ins}})" for n in range(1, 9)]
    from ccam.disasm import disasm

    assert disasm(block.code) == "id; ⟨fst; snd, snd⟩; app"  # {P'; ⟨P_M, P_N⟩; app}
    assert result.reductions == 7 and result.emitted == 7 and result.gen_reductions == 7


def test_paper_lambda_merge_sequence():
    """§6.2.3, ⟦λx.M⟧ = ⟨⟨fst, arena⟩; ⟦M⟧_(Ω,x); snd, id⟩; merge with M = x
    (⟦x⟧ emits snd). The merge appends Cur(snd) to the outer block."""
    code = (I.push, I.push, I.fst, I.swap, I.arena, I.cons, I.emit(I.snd), I.snd, I.swap, I.id, I.cons,
            I.merge)
    outer = Block([I.id])
    states, result = trace_states(code, [Pair(5, outer)])
    stacks = [s for s, _ in states]
    assert stacks == [
        "(5, {1 ins})",
        "(5, {1 ins}) :: (5, {1 ins})",
        "(5, {1 ins}) :: (5, {1 ins}) :: (5, {1 ins})",
        "5 :: (5, {1 ins}) :: (5, {1 ins})",
        "(5, {1 ins}) :: 5 :: (5, {1 ins})",
        "{0 ins} :: 5 :: (5, {1 ins})",
        "(5, {0 ins}) :: (5, {1 ins})",
        "(5, {1 ins}) :: (5, {1 ins})",  # ⟦M⟧ emitted snd into the new block
        "{1 ins} :: (5, {1 ins})",
        "(5, {1 ins}) :: {1 ins}",
        "(5, {1 ins}) :: {1 ins}",
        "({1 ins}, (5, {1 ins}))",
        "(5, {2 ins})",  # (e, {P'; Cur(snd)})
    ]
    from ccam.disasm import disasm

    assert disasm(outer.code) == "id; Cur(snd)"
    assert result.reductions == 12 and result.gen_reductions == 3 and result.emitted == 2


def test_paper_nested_code_sequence():
    """§6.2.3, the generator part of ⟦code M⟧: ⟨fst, ⟨'(); Cur(fst; Cur(⟦M⟧)), snd⟩; lift; snd⟩
    lifts the closure [() : fst; Cur(⟦M⟧)] into the block (⟦M⟧ = '42 here).
    The paper's last line omits the closing ⟩; Figure 4's rule includes it."""
    inner = (I.fst, I.cur([q(42)]))
    code = (I.push, I.fst, I.swap, I.push, I.quote(ConstUnit()), I.cur(inner), I.swap, I.snd, I.cons, I.lift,
            I.snd, I.cons)
    block = Block([I.id])
    states, result = trace_states(code, [99, Pair(5, block)])
    stacks = [s for s, _ in states]
    assert states[0][1] == "⟨fst, ⟨'(); Cur(fst; Cur('42)), snd⟩; lift; snd⟩"
    assert states[3] == ("(5, {1 ins}) :: 5 :: 99", "⟨'(); Cur(fst; Cur('42)), snd⟩; lift; snd⟩")  # ((e, {P'}) :: e :: S, ...)
    assert stacks[5] == "() :: (5, {1 ins}) :: 5 :: 99"
    assert stacks[6] == "[() : 2 ins] :: (5, {1 ins}) :: 5 :: 99"
    assert stacks[9] == "([() : 2 ins], {1 ins}) :: 5 :: 99"
    assert stacks[11] == "{2 ins} :: 5 :: 99"  # {P'; '[() : fst; Cur(⟦M⟧)]} :: e :: S
    assert stacks[12] == "(5, {2 ins}) :: 99"
    from ccam.disasm import disasm

    assert disasm(block.code) == "id; '[() : 2 ins]"
    assert result.reductions == 12 and result.emitted == 1


# ------------------------------------------------------------- control properties


def countdown_program(n: int, tail: bool) -> Program:
    """f k = if k = 0 then 0 else f (k - 1), through a recursive environment
    (rec 1; Cur; update 0). With tail=False the recursive call is followed by
    `id`, so every call keeps a continuation."""
    # body env: ((E, f), k) where E = (env, f): acc 0 = k, acc 1 = f
    test = [I.push, I.push, I.acc(0), I.swap, q(0), I.cons, P("eq")]  # 7 reductions
    recurse = [I.push, I.acc(1), I.swap, I.acc(0), I.push, q(1), I.cons, P("sub"), I.cons, I.app]  # 11
    if not tail:
        recurse.append(I.id)
    body = test + [I.branch([q(0)], recurse)]
    main = [I.rec(1), I.push, I.cur(body), I.update(0), I.push, I.acc(0), I.swap, q(n), I.cons, I.app]
    return Program(tuple(main), NGLOBALS)


def test_tail_calls_run_in_constant_control_stack():
    result = Machine(countdown_program(2000, tail=True), max_stack=10).run()
    assert result.status == Status.OK and show(result.value) == "0"
    # main: rec, push, cur, update, push, acc 0, swap, quote, cons, app = 10;
    # a call with k > 0: test 7 + branch 1 + recurse 11; the last: test 7 + branch 1 + '0
    assert result.reductions == 10 + 2000 * (7 + 1 + 11) + (7 + 1 + 1)


def test_non_tail_calls_grow_the_control_stack():
    result = Machine(countdown_program(2000, tail=False), max_stack=500).run()
    assert result.status == Status.STACK_LIMIT
    result = Machine(countdown_program(2000, tail=False), max_stack=5000).run()
    assert result.status == Status.OK


def test_deep_recursion_does_not_use_python_recursion():
    result = Machine(countdown_program(100_000, tail=False)).run()
    assert result.status == Status.OK


def test_reduction_limit_stops_a_loop():
    result = Machine(countdown_program(10**9, tail=True), max_reductions=10_000).run()
    assert result.status == Status.REDUCTION_LIMIT and result.reductions <= 10_000


def test_handler_extent_ends_with_a_tail_call_in_the_body():
    """An app in tail position of try's body keeps the handler until the
    callee returns: the exception raised by the callee is caught."""
    raiser = [I.getglobal(2), I.mkexn, RAISE]
    code = [TRY([I.push, I.cur(raiser), I.swap, q(0), I.cons, I.app], [q(7)])]
    result = Machine(Program(tuple(code), NGLOBALS)).run()
    assert result.status == Status.OK and show(result.value) == "7"


def test_print_streams_to_out():
    out = io.BytesIO()
    result = Machine(Program((qs(b"hi"), P("print")), NGLOBALS), out=out).run()
    assert out.getvalue() == b"hi" == result.output


def test_call_after_run_and_globals():
    # main: setglobal 10 := Cur(add 1 to the argument)
    inc = [I.push, I.acc(0), I.swap, q(1), I.cons, P("add")]
    machine = Machine(Program((I.cur(inc), I.setglobal(10)), NGLOBALS))
    assert machine.run().status == Status.OK
    closure = machine.global_value(10)
    assert isinstance(closure, Closure)
    result = machine.call(closure, 41)
    assert result.status == Status.OK and result.value == 42
    assert result.reductions == 1 + 6  # the app, then the body
    assert machine.global_value(11) is None


def test_run_more_keeps_globals_and_grows_the_table():
    machine = Machine(Program((q(5), I.setglobal(10)), 11))
    machine.run()
    more = machine.run_more(Program((I.getglobal(10), I.setglobal(12), I.getglobal(12)), 13))
    assert more.status == Status.OK and more.value == 5 and len(machine.globals) == 13


def test_primitive_exceptions_use_the_machine_names():
    """A program that overwrites global Div still gets the real Div from div."""
    code = (I.push, I.newexn(b"Div"), I.setglobal(2), I.drop,
            TRY([q(1), I.push, q(0), I.cons, P("div")], [I.snd, I.push, I.getglobal(2), I.cons, I.exnis]))
    result = Machine(Program(code, NGLOBALS)).run([Pair(1, 0)])
    assert show(result.value) == "C0"


def test_interrupt_is_a_status():
    def interrupt(machine, ins):
        raise KeyboardInterrupt

    result = Machine(Program((q(1), q(2)), NGLOBALS), trace=interrupt).run()
    assert result.status == Status.INTERRUPTED


def test_uncaught_message_names_the_exception():
    result = Machine(Program((I.getglobal(2), I.mkexn, RAISE), NGLOBALS)).run()
    assert result.message == "uncaught exception Div"


def test_empty_stack_at_the_end_is_underflow():
    machine = Machine(Program((), NGLOBALS))
    assert machine.run([]).status == Status.UNDERFLOW


# A run may start on an empty stack (Machine.run([])), where even the
# instructions taking one value meet none; switch needs its environment too.
@pytest.mark.parametrize("code, stack, message", [
    ((I.arg,), [], "arg: needs 1 value(s) on the stack"),
    ((P("neg"),), [], "prim: needs 1 value(s) on the stack"),
    ((I.pack(0),), [], "pack: needs 1 value(s) on the stack"),
    ((I.merge,), [], "merge: needs 1 value(s) on the stack"),
    ((I.switch(((q(0),),)),), [Con(0, None)], "switch: needs 2 value(s) on the stack"),
], ids=["arg", "prim", "pack", "merge", "switch"])
def test_underflow_names_the_instruction_and_what_it_needs(code, stack, message):
    result = Machine(Program(code, NGLOBALS)).run(stack)
    assert (result.status, result.message, result.reductions) == (Status.UNDERFLOW, message, 0)


# ------------------------------------------------------------- the shared strategies


@settings(max_examples=200, deadline=None)
@given(runnable_cases())
def test_runnable_cases_run_without_machine_errors(case):
    """The compiled-style strategy makes well-behaved code: it ends normally,
    with an ML exception, or (switch on a random tag) SWITCH — never TYPE or
    UNDERFLOW. Counts are reproducible run to run."""
    code, start = case
    first = Machine(Program(code, NGLOBALS)).run([start_value(start)])
    assert first.status in (Status.OK, Status.UNCAUGHT, Status.SWITCH), first.message
    second = Machine(Program(code, NGLOBALS)).run([start_value(start)])
    assert (second.status, second.reductions, second.output, show(second.value) if second.value is not None else None) \
        == (first.status, first.reductions, first.output, show(first.value) if first.value is not None else None)


@settings(max_examples=200, deadline=None)
@given(raw_cases())
def test_raw_cases_end_with_a_status(case):
    code, start = case
    result = Machine(Program(code, NGLOBALS), max_reductions=10_000).run([start_value(start)])
    assert isinstance(result.status, Status)
    assert result.reductions <= 10_000
    assert (result.value is None) == (result.status not in (Status.OK, Status.UNCAUGHT))
