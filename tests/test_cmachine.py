"""The C machine against the reference machine: the hand-worked case table
(tests/machine_cases.py) and Hypothesis-generated code (tests/ccam_strategies.py)
must give the same status, value (values.show), output and every counter.
Also: the binding (handles, globals, call, call_many, run_more; handle
lifetimes: finalizers never call a freed machine, forgotten or foreign
handles and cyclic or oversized host values are clean errors), limits, the
build (version check, generated opcode header) and both dispatch builds."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from ccam import cmachine, refmachine
from ccam.bytecode import BytecodeError, write
from ccam.instructions import BUILTIN_EXNS, TAG_CONS, TAG_NIL, ConstCon, ConstInt, I, Ins, Program, Status
from ccam.values import UNIT_VALUE, Con, Pair, Ref, Vector, show
from tests.ccam_strategies import raw_cases, runnable_cases
from tests.machine_cases import CASES, NGLOBALS, Case, P, q, qs, start_value

STALE_FRAGMENT = "stale or missing"


def run_both(code, start=None, **limits):
    """The reference machine's Result and the C machine's, with plain values
    (not handles) so that values.show renders both."""
    program = Program(tuple(code), NGLOBALS)
    ref = refmachine.Machine(program, **limits).run([start_value(start)])
    c = cmachine.Machine(program, plain=True, **limits).run([start_value(start)])
    return ref, c


def decoded(machine, result):
    """A Result with its value decoded into plain values."""
    if result.value is None:
        return result
    return attrs.evolve(result, value=machine.decode(result.value))


def assert_same(ref, c):
    assert c.status == ref.status, (c.message, ref.message)
    assert c.reductions == ref.reductions
    assert c.output == ref.output
    assert c.gen_reductions == ref.gen_reductions
    assert c.emitted == ref.emitted
    if ref.value is None:
        assert c.value is None
    else:
        assert show(c.value) == show(ref.value)


def case_limits(case: Case) -> dict:
    limits = {}
    if case.max_stack is not None:
        limits["max_stack"] = case.max_stack
    if case.max_reductions is not None:
        limits["max_reductions"] = case.max_reductions
    return limits


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case_table(case: Case):
    ref, c = run_both(case.code, case.start, **case_limits(case))
    assert_same(ref, c)
    # and the table's own expectations, so a shared mistake cannot hide
    assert c.status == case.status and c.reductions == case.reductions


@pytest.mark.parametrize("case", CASES[::3], ids=[c.name for c in CASES[::3]])
def test_case_table_collecting_at_every_instruction(case: Case):
    """The debug build modes: collect before every instruction and verify
    the heap's invariants around every collection."""
    program = Program(tuple(case.code), NGLOBALS)
    ref = refmachine.Machine(program, **case_limits(case)).run([start_value(case.start)])
    machine = cmachine.Machine(program, debug=cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK,
                               plain=True, **case_limits(case))
    c = machine.run([start_value(case.start)])
    assert_same(ref, c)
    machine.heap_check()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw_cases())
def test_random_code_agrees(case):
    code, start = case
    ref, c = run_both(code, start, max_reductions=10_000, max_stack=200)
    assert_same(ref, c)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runnable_cases())
def test_compiled_style_code_agrees(case):
    code, start = case
    ref, c = run_both(code, start, max_reductions=200_000)
    assert_same(ref, c)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(runnable_cases())
def test_compiled_style_code_under_gc_stress(case):
    code, start = case
    program = Program(tuple(code), NGLOBALS)
    ref = refmachine.Machine(program, max_reductions=200_000).run([start_value(start)])
    machine = cmachine.Machine(program, max_reductions=200_000, plain=True,
                               debug=cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK)
    assert_same(ref, machine.run([start_value(start)]))


# ------------------------------------------------------------- limits


def counting_loop(n: int):
    """f n = if n <= 0 then n else f (n - 1), f in the last global, called on n:
    a tail-recursive loop of n iterations."""
    g = NGLOBALS - 1
    body = [I.push, I.acc(0), I.push, q(0), I.cons, P("le"),
            Ins("branch", ((I.acc(0),),
                           (I.push, I.getglobal(g), I.swap, I.acc(0), I.push, q(1), I.cons, P("sub"), I.cons,
                            I.app)))]
    return [I.cur(body), I.setglobal(g), I.push, q(n), I.cons, I.app]


def test_reduction_limit_agrees():
    ref, c = run_both(counting_loop(1000), max_reductions=5_000)
    assert c.status == Status.REDUCTION_LIMIT
    assert_same(ref, c)
    for limit, message in [(1, "more than 1 reduction"), (2, "more than 2 reductions")]:
        ref, c = run_both(counting_loop(1000), max_reductions=limit)
        assert (ref.message, c.message) == (message, message)


def test_tail_calls_run_in_constant_stack():
    ref, c = run_both(counting_loop(20_000), max_stack=50)
    assert c.status == Status.OK, c.message
    assert_same(ref, c)


def test_stack_limit_agrees():
    code = [I.push] * 100
    ref, c = run_both(code, max_stack=40)
    assert c.status == Status.STACK_LIMIT
    assert_same(ref, c)


@pytest.mark.parametrize("code", [(I.id,), (I.push,)])
def test_a_start_stack_deeper_than_the_limit_is_refused_alike(code):
    """A start stack of more values than max_stack: refused before any
    transition by both machines (the reference machine ran `id` on it)."""
    program = Program(code, NGLOBALS)

    def both(max_stack):
        return (refmachine.Machine(program, max_stack=max_stack).run([1, 2, 3]),
                cmachine.Machine(program, plain=True, max_stack=max_stack).run([1, 2, 3]))

    ref, c = both(2)
    assert ref.status == Status.UNDERFLOW and ref.message == "run: a start stack of 3 values"
    assert_same(ref, c)
    assert ref.message == c.message
    ref, c = both(3)  # at the limit, both run it
    assert_same(ref, c)
    assert ref.status == (Status.OK if code == (I.id,) else Status.STACK_LIMIT)


def test_heap_limit_is_a_clean_status():
    # f f conses 7 onto the list in the last global forever: every cell stays live
    g = NGLOBALS - 1
    body = [I.push, I.getglobal(g), I.push, q(7), I.swap, I.cons, I.pack(1), I.setglobal(g), I.drop,
            I.acc(0), I.push, I.cons, I.app]
    code = [I.quote(ConstCon(0)), I.setglobal(g), I.cur(body), I.push, I.cons, I.app]
    machine = cmachine.Machine(Program(tuple(code), NGLOBALS), max_heap=4 << 20)
    r = machine.run()
    assert r.status == Status.HEAP_LIMIT
    assert "heap limit" in r.message


def test_failing_allocator_is_a_clean_status():
    code = [q(0)] + [I.push, I.push, I.cons, I.cons] * 50
    for n in range(0, 40, 3):
        machine = cmachine.Machine(Program(tuple(code), NGLOBALS))
        machine.fail_alloc_after(n)
        r = machine.run()
        assert r.status in (Status.OK, Status.HEAP_LIMIT), r.message
        machine.fail_alloc_after(-1)
        machine.collect()
        machine.heap_check()


FOREVER = [I.cur([I.acc(0), I.push, I.cons, I.app]), I.push, I.cons, I.app]  # f f where f x = x x


def test_interrupt_flag_stops_a_run():
    machine = cmachine.Machine(Program(tuple(FOREVER), NGLOBALS), catch_sigint=False)
    timer = threading.Timer(0.2, machine.interrupt)
    timer.start()
    r = machine.run()
    assert r.status == Status.INTERRUPTED


# One thread in a machine at a time (ccam_c/ccam.h): collections a second
# thread asks for during a run wait for it.  They used to collect under the
# running loop, whose registers were not saved (a segmentation fault): so
# the threads run in a process of their own.
THREADED_COLLECTS = r"""
import threading, time
from ccam import cmachine
from mlbox.diagnostics import Source
from mlbox.driver import compile_source
src = ("fun up 0 acc = acc | up n acc = up (n - 1) (n :: acc)\n"
       "fun len [] k = k | len (_ :: t) k = len t (k + 1)\n"
       "val _ = print (Int.toString (len (up 3000000 []) 0))\n")
machine = cmachine.Machine(compile_source(Source("<t>", src)).program)
def collect():
    for _ in range(100):
        machine.collect()
        time.sleep(0.001)
thread = threading.Thread(target=collect)
thread.start()
r = machine.run()
thread.join()
machine.heap_check()
print(r.status.name, r.output.decode())
"""


def test_collections_from_another_thread_wait_for_the_run():
    r = subprocess.run([sys.executable, "-c", THREADED_COLLECTS], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["OK", "3000000"]


def test_calls_from_several_threads_each_get_their_own_result():
    # A call's result, output and counters are read from the machine after
    # the C call: another thread's call in between replaced them (a call
    # returned another's value or output).  Machine holds its lock from the
    # entry to the reading of the results.
    from mlbox.diagnostics import Source
    from mlbox.driver import compile_source
    from tests.threads import run_together

    compiled = compile_source(Source("<t>", 'fun f (n : int) = (print (Int.toString n ^ "\\n"); n * 2)'))
    machine = cmachine.Machine(compiled.program)
    assert machine.run().status == Status.OK
    f = machine.global_value(list(compiled.program.global_names).index("f"))
    wrong = []

    def caller(base, call):
        def body():
            for n in range(base, base + 1000):
                r = call(f, n)
                value, output = (r.value, r.output) if not isinstance(r, tuple) else (r[1], r[4])
                if value != 2 * n or output != f"{n}\n".encode():
                    wrong.append((n, value, output))
        return body

    run_together([caller(k * 10_000, call) for k in range(2) for call in (machine.call, machine.call_fields)])
    assert wrong == []
    machine.heap_check()


def test_ctrl_c_interrupts_a_run():
    # Python's own handler to start with, as in an interactive process: a
    # test process started with SIGINT ignored (a background job of a
    # non-interactive shell) inherits SIG_IGN instead.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        machine = cmachine.Machine(Program(tuple(FOREVER), NGLOBALS))
        timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        r = machine.run()
        assert r.status == Status.INTERRUPTED
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Python's handler is back
    finally:
        signal.signal(signal.SIGINT, inherited)


def test_freeing_a_machine_takes_its_ctrl_c_handler_with_it():
    # ccam_catch_sigint (the C host's lasting handler, not the per-run one)
    # stayed installed after ccam_free: each SIGINT then wrote into the
    # freed machine, and the host's own handler never ran again.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        machine = cmachine.Machine(Program((I.id,), NGLOBALS))
        assert cmachine.lib.ccam_catch_sigint(machine._m, 1) == 0
        owner = machine._owner
        del machine
        owner.__del__()  # ccam_free, now (not when the collector gets to it)
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(100):  # (delivered at once; Python runs its handler between bytecodes)
                pass
    finally:
        signal.signal(signal.SIGINT, inherited)


def test_ctrl_c_ignored_by_the_process_stays_ignored_during_a_run():
    # A process started with SIGINT ignored (nohup, a background job) must
    # not be stopped by it: the machine installs its handler only over
    # Python's, and leaves SIG_IGN in place.
    inherited = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        machine = cmachine.Machine(Program(tuple(FOREVER), NGLOBALS), max_reductions=400_000_000)
        timer = threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        r = machine.run()
        timer.join()
        assert r.status == Status.REDUCTION_LIMIT
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, inherited)


# ------------------------------------------------------------- the binding


def test_bytes_and_program_give_the_same_run():
    program = Program((qs(b"hi"), P("print"), q(41), I.push, q(1), I.cons, P("add")), NGLOBALS)
    a = cmachine.Machine(program).run()
    b = cmachine.Machine(write(program)).run()
    assert (a.value, a.output, a.reductions) == (b.value, b.output, b.reductions) == (42, b"hi", 7)


def test_rejected_bytecode_raises_with_the_loaders_reason():
    data = bytearray(write(Program((q(1),), NGLOBALS)))
    data[12 + 4] = 200  # the first opcode
    with pytest.raises(BytecodeError, match="unknown opcode 200"):
        cmachine.Machine(bytes(data))


def test_call_globals_and_handles():
    # global G := fn x => x + 1; the closure comes back to Python and is called
    g = NGLOBALS - 1
    program = Program((I.cur([I.acc(0), I.push, q(1), I.cons, P("add")]), I.setglobal(g)), NGLOBALS)
    machine = cmachine.Machine(program)
    assert machine.run().status == Status.OK
    f = machine.global_value(g)
    r = machine.call(f, 41)
    assert (r.status, r.value, r.reductions) == (Status.OK, 42, 6)  # app, acc 0, push, quote, cons, add
    ref_machine = refmachine.Machine(program)
    ref_machine.run()
    ref = ref_machine.call(ref_machine.global_value(g), 41)
    assert_same(ref, decoded(machine, r))
    machine.collect()  # the closure stays alive: Python holds it
    assert machine.call(f, 1).value == 2
    machine.heap_check()


def test_the_c_api_refuses_a_global_slot_one_past_the_last():
    """cmachine checks the slot before calling, so only a host calling the
    C API itself reaches ccam_get_global's and ccam_set_global's own check."""
    machine = cmachine.Machine(Program((q(7), I.setglobal(NGLOBALS - 1)), NGLOBALS))
    assert machine.run().status == Status.OK
    lib, m = cmachine.lib, machine._m
    h = lib.ccam_get_global(m, NGLOBALS - 1)
    assert h >= 0 and lib.ccam_int_value(m, h) == 7
    for slot in (NGLOBALS, -1):
        assert lib.ccam_get_global(m, slot) == -1
        assert lib.ccam_set_global(m, slot, h) == -1
    lib.ccam_release(m, h)
    assert machine.global_value(NGLOBALS - 1) == 7


def test_the_c_api_refuses_a_block_word_past_the_end_and_a_released_handle():
    """As for the globals: cmachine never asks for a word past a block's
    end or hands over a released handle, so only a host calling the C API
    itself reaches these checks."""
    code = (I.push, I.arena, I.cons, I.emit(I.fst), I.emit(I.snd), I.snd)
    machine = cmachine.Machine(Program(code, NGLOBALS))
    block = machine.run().value
    lib, m = cmachine.lib, machine._m
    h = lib.ccam_dup(m, block._h)
    n = lib.ccam_block_nwords(m, h)
    assert n == 2 and [lib.ccam_block_word(m, h, i) for i in range(n)] == [I.fst.spec.code, I.snd.spec.code]
    for i in (n, -1):
        assert lib.ccam_block_word(m, h, i) == -1
    lib.ccam_release(m, h)
    assert lib.ccam_kind(m, h) == -1 and lib.ccam_dup(m, h) == -1 and lib.ccam_block_nwords(m, h) == -1
    assert [ins.op for ins in block.code] == ["fst", "snd"]  # the result's own handle still holds it


def test_host_values_round_trip():
    machine = cmachine.Machine(Program((I.id,), NGLOBALS))
    lst = Con(0)
    for i in range(10_000):  # deep: conversion is iterative
        lst = Con(1, Pair(i, lst))
    value = Pair(Pair(b"s\x00t", UNIT_VALUE), Pair(Ref(-5), lst))
    machine.set_global(NGLOBALS - 1, value)
    machine.collect()
    back = machine.decode(machine.global_value(NGLOBALS - 1))
    assert show(back) == show(value)
    machine.heap_check()


def test_vectors_round_trip_and_keep_their_items_alive():
    """A vector built from the host and one built by vfromlist from fresh
    pairs and strings survive collections (their items are scanned) and come
    back as vectors; shared items stay shared."""
    machine = cmachine.Machine(Program((I.id,), NGLOBALS), debug=cmachine.DEBUG_HEAP_CHECK)
    shared = Pair(b"x", 1)
    value = Vector([shared, shared, Vector([]), Vector([Con(1, b"y")])])
    machine.set_global(NGLOBALS - 1, value)
    machine.collect()
    back = machine.global_value(NGLOBALS - 1)
    assert type(back) is Vector and show(back) == show(value)
    assert back.items[0] is back.items[1]
    # [(i, "s" ^ itos i) | i <- 0..2], made in the machine, collected before every instruction
    code = [I.quote(ConstCon(TAG_NIL))]
    for i in range(3):  # cons (i, "s" ^ itos i) onto the list on top
        code += [I.push, q(i), I.push, qs(b"s"), I.push, q(i), P("itos"), I.cons, P("concat"), I.cons, I.swap,
                 I.cons, I.pack(TAG_CONS)]
    code += [P("vfromlist")]
    stressed = cmachine.Machine(Program(tuple(code), NGLOBALS), plain=True,
                                debug=cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK)
    r = stressed.run()
    assert r.status == Status.OK, r.message
    assert show(r.value) == '#[(2, "s2"), (1, "s1"), (0, "s0")]'
    ref = refmachine.Machine(Program(tuple(code), NGLOBALS)).run()
    assert_same(ref, r)
    stressed.heap_check()


@pytest.mark.parametrize("last, expect", [(0, "C1"), (1, "C0")])
def test_long_vectors_compare_item_by_item(last, expect):
    """eq of two vectors of 2^20 pairs that differ (or not) in their last
    item: both machines walk them under a cursor, one item at a time."""
    n = 1 << 20
    vector_of = lambda item: [I.push, q(n), I.swap, *item, I.cons, P("array"), P("vfromarray")]  # noqa: E731
    pair = lambda second: [I.push, q(7), I.swap, q(second), I.cons]  # noqa: E731
    # the second vector: the same pairs, but its last item is (7, last)
    update_last = [I.push, q(n), I.swap, *pair(0), I.cons, P("array"), I.push, I.push, q(n - 1), I.push,
                   *pair(last), I.cons, I.cons, P("aupdate"), I.drop, P("vfromarray")]
    ref, c = run_both([I.push, *vector_of(pair(0)), I.swap, *update_last, I.cons, P("eq")], None)
    assert_same(ref, c)
    assert c.status == Status.OK and show(c.value) == expect


def test_cyclic_ref_converts():
    # r := (r, 1): a cycle through a ref
    code = [q(0), P("ref"), I.push, I.push, q(1), I.cons, I.cons, P("assign"), I.drop]
    ref, c = run_both(code + [I.id], None)
    assert_same(ref, c)


def test_run_more_keeps_globals():
    g = NGLOBALS - 1
    machine = cmachine.Machine(Program((q(5), I.setglobal(g)), NGLOBALS))
    machine.run()
    r = machine.run_more(Program((I.getglobal(g), I.push, q(1), I.cons, P("add"), I.setglobal(NGLOBALS + 2)),
                                 NGLOBALS + 3))
    assert (r.status, r.value) == (Status.OK, 6)
    assert machine.global_value(NGLOBALS + 2) == 6
    assert machine.global_value(BUILTIN_EXNS.index("Div")).name == b"Div"


def test_output_streams_to_a_file_descriptor(tmp_path):
    path = tmp_path / "out.txt"
    with open(path, "wb") as f:
        r = cmachine.Machine(Program((qs(b"abc"), P("print"), qs(b"d"), P("print")), NGLOBALS), out=f).run()
    assert r.output == b"abcd"
    assert path.read_bytes() == b"abcd"
    buf = io.BytesIO()
    cmachine.Machine(Program((qs(b"xy"), P("print")), NGLOBALS), out=buf).run()
    assert buf.getvalue() == b"xy"


def test_generated_code_comes_back_as_instructions():
    code = [I.push, I.arena, I.cons, I.emit(I.quote(ConstInt(3))), I.emit(P("neg")), I.lift, I.snd]
    ref, c = run_both(code, None)
    assert_same(ref, c)
    assert c.value.code == ref.value.code


# ------------------------------------------------------------- the build


def test_opcode_header_is_generated_from_the_table():
    r = subprocess.run([sys.executable, "ccam_c/gen_opcodes.py", "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_version_check_catches_a_stale_build(monkeypatch):
    monkeypatch.setattr(cmachine, "ABI_VERSION", cmachine.ABI_VERSION + 1)
    with pytest.raises(cmachine.StaleBuildError, match=STALE_FRAGMENT):
        cmachine._load_extension()


def test_extension_uses_computed_goto():
    # the switch build is compiled and run by tests/test_asan.py
    assert cmachine.lib.ccam_computed_goto() == 1


def test_generated_code_quoting_itself_converts():
    # B := {'B}: a block whose code quotes the block itself
    code = [I.push, I.arena, I.cons, I.snd, I.push, I.cons, I.lift]
    ref, c = run_both(code, None)
    assert_same(ref, c)
    block = c.value.fst
    assert block.code[0].args[0] is block


# ------------------------------------------------------------- handles: lifetime and safety


class LibSpy:
    """Stands in for cmachine.lib: forwards every call, and fails the test
    when anything calls into a machine after ccam_free freed it (what
    corrupted the heap when the garbage collector finalized a machine
    before the values pinned in it)."""

    def __init__(self, real):
        self.real = real
        self.freed: set[int] = set()
        self.calls_after_free: list[str] = []

    def __getattr__(self, name):
        fn = getattr(self.real, name)
        if not callable(fn):
            return fn

        def call(*args):
            if args and isinstance(args[0], cmachine.ffi.CData):
                address = int(cmachine.ffi.cast("uintptr_t", args[0]))
                if address in self.freed:
                    self.calls_after_free.append(name)
                    return 0 if name != "ccam_free" else None  # never touch freed memory
                if name == "ccam_free":
                    self.freed.add(address)
            result = fn(*args)
            if name == "ccam_load" and result != cmachine.ffi.NULL:
                self.freed.discard(int(cmachine.ffi.cast("uintptr_t", result)))  # malloc reuses addresses
            return result

        return call


def closure_program():
    g = NGLOBALS - 1
    return Program((I.cur([I.acc(0), I.push, q(1), I.cons, P("add")]), I.setglobal(g)), NGLOBALS), g


def test_collecting_a_machine_in_a_cycle_with_its_values_never_calls_a_freed_machine(monkeypatch):
    import gc

    spy = LibSpy(cmachine.lib)
    monkeypatch.setattr(cmachine, "lib", spy)
    for _ in range(3):
        program, g = closure_program()
        machine = cmachine.Machine(program)
        machine.run()
        values = [machine.global_value(g) for _ in range(5)]
        values.append(machine.call(values[0], 1).value)
        machine.cycle = (machine, values)  # the machine, its owner and the handles become cyclic garbage
        del machine, values
        gc.collect()
    assert spy.freed, "the machines were not freed"
    assert spy.calls_after_free == []


def test_forgotten_values_are_a_clean_error_not_a_rebuild():
    program, g = closure_program()
    machine = cmachine.Machine(program)
    machine.run()
    f = machine.global_value(g)
    assert machine.call(f, 1).value == 2
    machine.forget()
    with pytest.raises(cmachine.StaleValueError, match="forget"):
        machine.call(f, 1)
    with pytest.raises(cmachine.StaleValueError, match="forget"):
        machine.set_global(g, Pair(1, f))
    with pytest.raises(cmachine.StaleValueError):
        f.code  # noqa: B018 - reading it is the test
    assert machine.call(machine.global_value(g), 2).value == 3  # fetched again: fine
    machine.collect()
    machine.heap_check()


def test_values_of_another_machine_are_refused():
    program, g = closure_program()
    a, b = cmachine.Machine(program), cmachine.Machine(program)
    a.run()
    b.run()
    with pytest.raises(cmachine.StaleValueError, match="another C machine"):
        b.call(a.global_value(g), 1)


def test_cyclic_host_values_are_a_clean_error():
    machine = cmachine.Machine(Program((I.id,), NGLOBALS))
    pair = Pair(1, None)
    pair.snd = Con(1, pair)
    with pytest.raises(cmachine.HostValueError, match="cyclic"):
        machine.set_global(NGLOBALS - 1, pair)
    ref = Ref(None)
    ref.value = ref
    with pytest.raises(cmachine.HostValueError, match="cyclic"):
        machine.run([ref])
    assert machine.heap_stats()["pinned"] == 0


def test_host_values_are_bounded_and_shared_parts_stay_shared(monkeypatch):
    machine = cmachine.Machine(Program((I.id,), NGLOBALS))
    # a DAG of 2^60 paths but 61 nodes: sent once per node, shared in the machine
    dag = Con(0)
    for _ in range(60):
        dag = Pair(dag, dag)
    machine.set_global(NGLOBALS - 1, dag)
    back = machine.global_value(NGLOBALS - 1)
    assert back.fst is back.snd
    machine.collect()
    assert machine.heap_stats()["objects"] < 200
    monkeypatch.setattr(cmachine, "MAX_HOST_NODES", 1000)
    lst = Con(0)
    for i in range(2000):
        lst = Con(1, Pair(i, lst))
    with pytest.raises(cmachine.HostValueError, match="more than 1,000 nodes"):
        machine.set_global(NGLOBALS - 1, lst)
    with pytest.raises(cmachine.HostValueError, match="63-bit"):
        machine.set_global(NGLOBALS - 1, Pair(1 << 62, 0))
    with pytest.raises(cmachine.HostValueError, match="not a machine value"):
        machine.set_global(NGLOBALS - 1, Pair(True, 0))


def test_shared_refs_stay_one_ref():
    # (r, r) with r a host ref: assigning through fst is seen through snd
    code = [I.push, I.fst, I.push, q(9), I.cons, P("assign"), I.drop, I.snd, P("deref")]
    machine = cmachine.Machine(Program(tuple(code), NGLOBALS))
    r = Ref(1)
    assert machine.run([Pair(r, r)]).value == 9


def test_returned_closures_are_handles_decoded_on_demand():
    # f x = fn y => (x, y): every call returns a new closure
    g = NGLOBALS - 1
    program = Program((I.cur([I.cur([I.push, I.acc(1), I.swap, I.acc(0), I.cons])]), I.setglobal(g)), NGLOBALS)
    machine = cmachine.Machine(program)
    machine.run()
    made = machine.call(machine.global_value(g), 7).value
    assert type(made) is cmachine.CClosure and isinstance(made, cmachine.Closure)
    assert made._got is False  # nothing decoded yet
    assert machine.call(made, 8).value.fst == 7
    assert made.env.snd == 7 and len(made.code) == 5
    ref_machine = refmachine.Machine(program)
    ref_machine.run()
    expected = ref_machine.call(ref_machine.global_value(g), 7).value
    assert show(machine.decode(made)) == show(expected)


def test_handle_mode_block_quoting_itself():
    code = [I.push, I.arena, I.cons, I.snd, I.push, I.cons, I.lift]
    machine = cmachine.Machine(Program(tuple(code), NGLOBALS))
    block = machine.run([UNIT_VALUE]).value.fst
    assert type(block) is cmachine.CBlock and not block.sealed
    assert block.code[0].args[0] is block


def test_dropped_handles_are_released_and_collected():
    program, g = closure_program()
    machine = cmachine.Machine(program)
    machine.run()
    machine.collect()
    before = machine.heap_stats()
    closures = [machine.call(machine.global_value(g), i) for i in range(100)]
    lists = [machine.call(machine.global_value(g), i) for i in range(100)]
    del closures, lists
    machine.collect()
    after = machine.heap_stats()
    assert (after["pinned"], after["objects"]) == (before["pinned"], before["objects"])


# ------------------------------------------------------------- call_many


def test_call_many_gives_what_call_gives():
    # f s = (print s; if size s = 0 then raise Div else (fn y => y, size s))
    g = NGLOBALS - 1
    div = BUILTIN_EXNS.index("Div")
    body = [I.acc(0), I.push, P("print"), I.drop, I.push, P("size"), I.push, q(0), I.cons, P("eq"),
            Ins("branch", ((I.getglobal(div), I.mkexn, Ins("raise", ())),
                           (P("size"), I.push, I.cur([I.acc(0)]), I.swap, I.cons)))]
    program = Program((I.cur(body), I.setglobal(g)), NGLOBALS)
    args = [b"ab", b"", b"xyz", b"q" * 50]
    one = cmachine.Machine(program)
    one.run()
    singles = [one.call(one.global_value(g), a) for a in args]
    batch_machine = cmachine.Machine(program)
    batch_machine.run()
    batch = batch_machine.call_many(batch_machine.global_value(g), args)
    assert len(batch) == len(args)
    for s, b in zip(singles, batch):
        assert (b.status, b.message, b.reductions, b.gen_reductions, b.emitted, b.output) == \
               (s.status, s.message, s.reductions, s.gen_reductions, s.emitted, s.output)
        assert show(batch_machine.decode(b.value)) == show(one.decode(s.value))
    assert [r.status for r in batch] == [Status.OK, Status.UNCAUGHT, Status.OK, Status.OK]
    assert batch[2].value.fst.code  # a closure handle: decodes on demand
    assert batch_machine.call(batch[2].value.fst, 5).value == 5


def test_call_many_refuses_a_bad_argument_before_running():
    program, g = closure_program()
    machine = cmachine.Machine(program)
    machine.run()
    with pytest.raises(cmachine.HostValueError):
        machine.call_many(machine.global_value(g), [1, 2, object()])
    assert [r.value for r in machine.call_many(machine.global_value(g), range(5))] == [1, 2, 3, 4, 5]
    assert machine.call_many(machine.global_value(g), []) == []


CALL_FIELDS_PROGRAM = """
fun same x = x
fun twice (s : string) = let val p = (s, s) in (p, p) end
fun count n = List.tabulate (n, fn i => i)
fun noisy (s : string) = (print s; size s)
fun fails (n : int) = if n = 0 then raise Div else n
fun closure (n : int) = fn x : int => x + n
fun spin (n : int) = if n = 0 then 0 else spin (n - 1)
"""


def test_call_fields_gives_what_call_gives():
    # call_fields (the embedding API's per-call path) reads a small result
    # in the call itself (ccam_call_small) and encodes ints and strings
    # without a _Writer: every field must be call()'s, sharing included
    from ccam.values import Result
    from mlbox import api

    prog = api.load_source(CALL_FIELDS_PROGRAM, machine="c", max_reductions=10_000)
    machine = prog._machine  # (the binding under the API)
    cases = [("same", 5), ("same", -(1 << 62)), ("same", b"caf\xc3\xa9"), ("same", b""), ("same", UNIT_VALUE),
             ("same", Pair(1, Pair(Con(1), b"s"))), ("same", Con(3, Pair(Con(0), Con(2, 7)))),
             ("twice", b"x" * 10), ("twice", b"y" * 5000),  # (strings beyond the buffer: read by handle)
             ("count", 3), ("count", 40), ("count", 1000), ("noisy", b"printed\n"), ("fails", 0), ("fails", 4),
             ("closure", 2), ("spin", 100_000), ("same", Vector([1, b"v"]))]
    for name, arg in cases:
        closure = prog._raw(name)[0]
        expected = machine.call(closure, arg)
        got = Result(*machine.call_fields(closure, arg))
        assert (got.status, got.message, got.reductions, got.output, got.gen_reductions, got.emitted) == \
               (expected.status, expected.message, expected.reductions, expected.output, expected.gen_reductions,
                expected.emitted), name
        if got.status == Status.OK:
            assert show(machine.decode(got.value)) == show(machine.decode(expected.value)), (name, arg)
    shared = machine.call_fields(prog._raw("twice")[0], b"s")[1]
    assert shared.fst is shared.snd and shared.fst.fst is shared.fst.snd  # as the handle reader shares them
    machine.heap_check()
    # fn x => (x, x), on a machine of plain values (no small read: plain values throughout)
    g = NGLOBALS - 1
    pair_up = Program((I.cur([I.push, I.acc(0), I.swap, I.acc(0), I.cons]), I.setglobal(g)), NGLOBALS)
    plain = cmachine.Machine(pair_up, plain=True)
    plain.run()
    for arg in (41, b"s", Pair(1, Con(2))):
        got, expected = Result(*plain.call_fields(plain.global_value(g), arg)), plain.call(plain.global_value(g), arg)
        assert (got.status, got.reductions, show(got.value)) == (expected.status, expected.reductions,
                                                                  show(expected.value))


def test_host_values_written_as_trees_and_lists_are_the_walks_values():
    # _Writer writes a small tree, or a list of small trees, without the
    # walk's tables: the machine must get the same value, and a cyclic or
    # oversized one must still be refused by the walk
    machine = cmachine.Machine(Program((I.id,), NGLOBALS))
    g = NGLOBALS - 1
    item = Pair(b"ab", Con(2))
    lst = Con(0)
    for i in range(50):
        lst = Con(1, Pair(item if i % 2 else Pair(i, UNIT_VALUE), lst))
    deep = Con(0)
    for i in range(30):
        deep = Con(1, deep)
    for value in (Pair(1, Pair(Con(1), b"abc")), lst, deep, Con(1, Pair(lst, lst)), Con(0), Pair(UNIT_VALUE, -7)):
        machine.set_global(g, value)
        assert show(machine.decode(machine.global_value(g))) == show(value)
    loop = Pair(1, None)
    loop.snd = loop
    with pytest.raises(cmachine.HostValueError, match="cyclic"):
        machine.set_global(g, loop)
    spine = Con(1, None)
    spine.arg = Pair(1, spine)
    with pytest.raises(cmachine.HostValueError, match="cyclic"):
        machine.set_global(g, spine)
    own_item = Con(1, None)  # a list that is its own first item, its spine ending
    own_item.arg = Pair(own_item, Con(0))
    with pytest.raises(cmachine.HostValueError, match="cyclic"):
        machine.set_global(g, own_item)
    with pytest.raises(cmachine.HostValueError, match="63-bit"):
        machine.set_global(g, Pair(1, 1 << 62))
    machine.heap_check()


def ml_list(items):
    cells = Con(0)
    for item in reversed(items):
        cells = Con(1, Pair(item, cells))
    return cells


def test_long_lists_inside_tuples_and_lists_are_written_without_the_walk(monkeypatch):
    # a tuple holding a long list (mlbox pf's (array, index, packets)
    # argument), a list longer than MAX_HOST_NODES // 8 cells, lists of
    # lists: each went through the walk's tables, 7 µs a packet; now the
    # fast path, with the same value in the machine
    machine = cmachine.Machine(Program((I.id,), NGLOBALS))
    g = NGLOBALS - 1
    machine.set_global(g, Ref(5))
    kept = machine.global_value(g)  # a handle in a tuple with a list: pf's (packet array, index, packets)
    walks = []
    real_walk = cmachine._Writer._walk
    monkeypatch.setattr(cmachine._Writer, "_walk", lambda self, x: (walks.append(x), real_walk(self, x)))
    packets = ml_list([Pair(bytes([i % 256]) * 3, i) for i in range(2_000)])
    nested = ml_list([ml_list(list(range(i))) for i in range(40)])
    for value in (Pair(7, packets), Pair(packets, Pair(nested, packets)), nested, Con(3, Pair(nested, 1)),
                  ml_list([nested, Con(0), nested])):
        machine.set_global(g, value)
        assert show(machine.decode(machine.global_value(g))) == show(value)
    machine.set_global(g, Pair(kept, Pair(0, packets)))
    assert show(machine.decode(machine.global_value(g))) == show(Pair(Ref(5), Pair(0, packets)))
    monkeypatch.setattr(cmachine, "MAX_HOST_NODES", 2_000)
    machine.set_global(g, ml_list(list(range(350))))  # 1,752 words: the fast path still
    assert walks == []
    with pytest.raises(cmachine.HostValueError, match="more than 2,000 nodes"):
        machine.set_global(g, Pair(ml_list(list(range(400))), ml_list(list(range(400)))))
    assert len(walks) == 1  # past the words the fast path may write: the walk counts the nodes
    machine.heap_check()


def test_a_list_within_the_node_bound_but_past_as_many_words_is_written_without_the_walk(monkeypatch):
    # A list of ints writes 5 words a cell for 3 nodes: one of a million
    # ints (3 million nodes, under the bound) went to the walk, 4 times
    # slower, as soon as it wrote more words than the bound has nodes
    machine = cmachine.Machine(Program((I.id,), NGLOBALS))
    g = NGLOBALS - 1
    walks = []
    real_walk = cmachine._Writer._walk
    monkeypatch.setattr(cmachine._Writer, "_walk", lambda self, x: (walks.append(x), real_walk(self, x)))
    monkeypatch.setattr(cmachine, "MAX_HOST_NODES", 2_000)
    for value in (ml_list(list(range(600))),  # 3,002 words, 1,801 nodes
                  Pair(ml_list([b"ab"] * 400), 7),  # 3,205 words, 1,204 nodes
                  ml_list([Pair(i, Con(2)) for i in range(390)])):  # 3,511 words, 1,951 nodes
        machine.set_global(g, value)
        assert show(machine.decode(machine.global_value(g))) == show(value)
    assert walks == []
    # past the bound as the fast path counts (an item met twice is written
    # twice): the walk counts again, and refuses what is past it
    with pytest.raises(cmachine.HostValueError, match="more than 2,000 nodes"):
        machine.set_global(g, ml_list(list(range(700))))  # 2,101 nodes
    assert len(walks) == 1
    shared = Pair(1, Pair(2, Pair(3, 4)))
    machine.set_global(g, ml_list([shared] * 300))  # 2,701 nodes written, 601 + 7 for the walk
    assert len(walks) == 2
    assert show(machine.decode(machine.global_value(g))) == show(ml_list([shared] * 300))
    machine.heap_check()


@pytest.mark.parametrize("code, start", [
    ([I.rec(1), I.push, I.update(0)], 5),  # an environment holding itself: E = (5, E)
    ([I.rec(1), I.push, I.pack(1), I.update(0), I.pack(1)], 1),  # C (E) with E = (1, C (E))
])
def test_a_cyclic_result_is_read_with_its_cycle(code, start):
    # ccam_read (one C call for a whole value) gives up on a cycle, and the
    # node-by-node reader keeps it; before, ccam_read walked it until memory ran out
    r = cmachine.Machine(Program(tuple(code), NGLOBALS)).run([start_value(start)])
    assert r.status == Status.OK
    env = r.value if isinstance(r.value, Pair) else r.value.arg
    back = env.snd if isinstance(env.snd, Pair) else env.snd.arg
    assert env.fst == start and back is env


def test_a_cyclic_value_has_a_repr():
    env = Pair(5, None)
    env.snd = Con(1, env)
    assert repr(env) == "Pair(5, Con(1, ...))"


# ------------------------------------------------------------- the kept output and the heap limit
# What a run keeps of its output (for Result.output) is memory it takes: it
# counts against max_heap, with the live heap on the C machine; output
# written to a stream and not kept is bounded by nothing. (A print loop used
# to grow the host past any max_heap: 200 MB of output under a 64 MB limit.)

CHUNK = 1 << 18  # the bytes of one print below
KEPT_LIMIT = 1 << 22  # max_heap of these tests: 16 chunks
PRINTS_CHUNKS = ('fun double (s, 0) = s | double (s, n) = double (s ^ s, n - 1)\n'
                 'val chunk = double ("x", 18)\n'
                 'fun loop 0 = () | loop n = (print chunk; loop (n - 1))\n')
KEPT_OUTPUT_STOP = "the kept output would pass the heap limit ("
KEPT_OUTPUT_ADVICE = "; write the output to a stream without keeping it, or raise the heap limit"


def compiled(text: str) -> Program:
    from mlbox.diagnostics import Source
    from mlbox.driver import compile_source

    return compile_source(Source("p.sml", text)).program


def stop_figures(message: str) -> list[int]:
    """The byte counts of a kept-output stop's message, in order."""
    import re

    assert message.startswith(KEPT_OUTPUT_STOP) and message.endswith(KEPT_OUTPUT_ADVICE), message
    return [int(n) for n in re.findall(r"\d+", message[:-len(KEPT_OUTPUT_ADVICE)])]


@pytest.mark.parametrize("machine", [cmachine, refmachine])
def test_a_print_loop_stops_at_the_heap_limit_with_its_output_so_far(machine):
    # 64 chunks: 16 MiB of output under a 4 MiB limit (it used to end OK, all of it kept)
    r = machine.Machine(compiled(PRINTS_CHUNKS + "val _ = loop 64\n"), max_heap=KEPT_LIMIT).run()
    assert r.status == Status.HEAP_LIMIT, r.message
    figures = stop_figures(r.message)
    kept, more, limit = figures[0], figures[1], figures[-1]
    assert (more, limit) == (CHUNK, KEPT_LIMIT)
    assert kept == len(r.output) and r.output == b"x" * kept and kept % CHUNK == 0
    assert kept + CHUNK > KEPT_LIMIT - (figures[2] if machine is cmachine else 0)
    if machine is cmachine:
        assert kept + figures[2] <= KEPT_LIMIT  # (live bytes: only the C machine counts them)
    else:
        assert kept == KEPT_LIMIT  # as much as fits, the print that would pass the limit refused


def test_the_c_machine_counts_the_live_heap_with_the_kept_output():
    # 2 MiB held live: the C machine keeps at most the 2 MiB left; the Python
    # machine, which does not count its heap, keeps 4
    text = PRINTS_CHUNKS + 'val held = double ("y", 21)\nval _ = loop 64\n'
    c = cmachine.Machine(compiled(text), max_heap=KEPT_LIMIT).run()
    ref = refmachine.Machine(compiled(text), max_heap=KEPT_LIMIT).run()
    assert (c.status, ref.status) == (Status.HEAP_LIMIT, Status.HEAP_LIMIT)
    assert stop_figures(c.message)[2] >= 2 * CHUNK * 4  # the live bytes named
    assert len(c.output) <= KEPT_LIMIT - (1 << 21) and len(ref.output) == KEPT_LIMIT


def test_the_kept_output_leaves_the_heap_less_room():
    # 3 MiB kept, then 3 MiB more live (a 2 MiB string made from a 1 MiB one):
    # past 4 MiB together; it used to end OK
    text = PRINTS_CHUNKS + 'val _ = loop 12\nval more = double ("z", 21)\n'
    r = cmachine.Machine(compiled(text), max_heap=KEPT_LIMIT).run()
    assert r.status == Status.HEAP_LIMIT
    assert r.message.startswith("heap limit exceeded (")
    assert r.message.endswith(f"bytes live and {12 * CHUNK} bytes of kept output, limit {KEPT_LIMIT})")
    assert len(r.output) == 12 * CHUNK
    # the Python machine has no heap limit: only its output is bounded
    assert refmachine.Machine(compiled(text), max_heap=KEPT_LIMIT).run().status == Status.OK


@pytest.mark.parametrize("machine", [cmachine, refmachine])
def test_output_to_a_stream_and_not_kept_is_not_bounded(machine, tmp_path):
    path = tmp_path / "out"
    with open(path, "wb") as stream:
        r = machine.Machine(compiled(PRINTS_CHUNKS + "val _ = loop 64\n"), max_heap=KEPT_LIMIT, out=stream,
                            keep_output=False).run()
    assert (r.status, r.output) == (Status.OK, b"")
    assert path.stat().st_size == 64 * CHUNK


@pytest.mark.parametrize("machine", [cmachine, refmachine])
def test_a_stream_that_also_keeps_gets_what_was_printed_before_the_stop(machine, tmp_path):
    path = tmp_path / "out"
    with open(path, "wb") as stream:
        r = machine.Machine(compiled(PRINTS_CHUNKS + "val _ = loop 64\n"), max_heap=KEPT_LIMIT, out=stream).run()
    assert r.status == Status.HEAP_LIMIT
    assert path.read_bytes() == r.output != b""  # the refused print wrote nothing


def test_a_stream_without_a_descriptor_is_kept_until_the_run_ends():
    # the C machine writes such a stream after the run: until then it keeps the output
    stream = io.BytesIO()
    r = cmachine.Machine(compiled(PRINTS_CHUNKS + "val _ = loop 64\n"), max_heap=KEPT_LIMIT, out=stream,
                         keep_output=False).run()
    assert r.status == Status.HEAP_LIMIT
    assert 0 < len(stream.getvalue()) <= KEPT_LIMIT


def test_a_batch_keeps_the_output_of_its_calls_together():
    # one buffer holds a batch's output until it returns: 2 MiB a call
    program = compiled(PRINTS_CHUNKS)
    machine = cmachine.Machine(program, max_heap=KEPT_LIMIT)
    machine.run()
    loop = machine.global_value(len(program.global_names) - 1)  # (the last declaration's slot)
    results = machine.call_many(loop, [8, 8, 8])
    assert [r.status for r in results] == [Status.OK, Status.HEAP_LIMIT, Status.HEAP_LIMIT]
    assert sum(len(r.output) for r in results) <= KEPT_LIMIT
    assert len(results[0].output) == 8 * CHUNK and results[2].output == b""
    assert machine.call(loop, 8).status == Status.OK  # each call (or batch) starts afresh
