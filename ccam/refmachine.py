"""The reference CCAM: the executable specification of the machine.

It follows the paper's Figure 3 (and the table in ccam/instructions.py)
literally, one method per instruction, each documented by its transition.
The C machine (ccam_c/) must agree with it exactly: result, output, status
and reduction count.

Machine state
  stack     the value stack S, a Python list whose LAST element is the top
            (the current environment / accumulator e of `e :: S`)
  prog, pc  the current instruction sequence and the index of the next
            instruction in it: the program P of the paper is
            prog[pc:] followed by the continuations on the control stack
  control   the control stack of continuations (prog, pc, is_try): where to
            go on when the current sequence ends. Entering a sub-program
            (app, call, branch, switch, try's handler) pushes the rest of the
            current sequence only if it is non-empty, so tail calls run in
            constant control stack. Reaching the end of a sequence pops a
            continuation and is not a transition (0 reductions). A frame with
            is_try set also ends the innermost handler's extent.
  handlers  installed exception handlers, innermost last: Handler records
            (value stack depth below e, e, control depth of the try frame, P2)
  globals   global slots; 0 .. len(BUILTIN_EXNS)-1 hold the built-in
            exception names, the rest start unset

Counting rules shared with the C machine (docs/ccam.md states them):
  * a transition counts instructions.reductions(ins) (1; acc n counts n+1);
  * an instruction that stops the machine with an error (TYPE, UNDERFLOW,
    SWITCH, SEALED, GLOBAL, STACK_LIMIT, OUTPUT) is not counted; one that raises an
    ML exception (raise, or a primitive raising Div, Overflow, ...) is, and
    so is the unwinding it starts;
  * REDUCTION_LIMIT: an instruction runs only if the count after it would
    not exceed max_reductions; otherwise the machine stops before it;
  * STACK_LIMIT: the depth is len(stack) + len(control); an instruction
    whose transition would make it exceed max_stack does not run.
INTERRUPTED: Ctrl-C (KeyboardInterrupt) stops the run where it falls;
interrupt(), from any thread, is polled before a run's first instruction and
then every POLL_INTERVAL reductions, as in the C machine (whose interval is
longer); so is the deadline set_deadline sets (message DEADLINE_MESSAGE).
The heap limit (HEAP_LIMIT) on the live heap exists only in the C machine:
Python's memory is Python's business, so the reference machine never
reports it. What it can count it bounds as the C machine does: the output it
keeps (below) must stay within max_heap, which on the C machine it shares
with the live heap; a print that would keep more stops the run with
HEAP_LIMIT before it writes anything, and what was kept before stays in
Result.output. (The C machine may stop at an earlier print: it counts its
live heap too.)

Output: `print` writes to `out`'s file descriptor directly when it has one
(after flushing `out` when a run starts), one write per print as the C
machine does, so both stop at the same print when the writes fail (status
OUTPUT, the errno in `output_errno`); a stream without a descriptor gets
`out.write`. Result.output also holds the output unless keep_output=False
(for a long-running program writing to a stream, whose output need not stay
in memory); output not kept is bounded by nothing.
"""

from __future__ import annotations

import math
import os
import select
import stat
import time

from typing import Callable, Optional

from ccam.bytecode import check_program
from ccam.instructions import (
    DEFAULT_MAX_HEAP,
    DEFAULT_MAX_STACK,
    BUILTIN_EXNS,
    ConstCon,
    ConstInt,
    ConstStr,
    ConstUnit,
    I,
    Ins,
    Program,
    Status,
)
from ccam.output import output_fileno
from ccam.refprims import (
    FALSE_VALUE,
    IMPLEMENTATIONS,
    TRUE_VALUE,
    BuiltinRaise,
    MachineError,
    type_error,
)
from ccam.values import (
    PLACEHOLDER,
    UNIT_VALUE,
    Block,
    Closure,
    Con,
    ExnName,
    ExnVal,
    Pair,
    Result,
    describe_kind,
    lifted_operand,
)

# Instructions whose reductions count as code generation (Result.gen_reductions).
GENERATING_OPS = frozenset({"arena", "emit", "lift", "merge", "mergebranch", "mergeswitch", "mergetry"})

_UNSET = object()  # a global slot that has not been set
# The reduction limit of a run without one: no run counts 2^63 reductions.
_NO_LIMIT = (1 << 63) - 1
# Reductions between two polls of interrupt(): a quarter of the C machine's
# POLL_INTERVAL, as this machine is a hundred times slower (a poll every 20 ms
# or so on a busy host); the poll costs nothing between polls.
POLL_INTERVAL = 1 << 14
# A run stopped by set_deadline's deadline (the C machine's CCAM_DEADLINE_MESSAGE).
DEADLINE_MESSAGE = "the deadline passed"


# A print that would keep more output than max_heap: the C machine's message
# (ccam_c/prims.c ccamP_output) without its live bytes, which only it counts.
KEPT_OUTPUT_OVER_LIMIT = ("the kept output would pass the heap limit ({kept} bytes kept + {more} to print "
                          "> limit {limit}); write the output to a stream without keeping it, or raise the heap limit")


class MLRaise(Exception):
    """An ML exception travelling to its handler."""

    def __init__(self, exn: ExnVal):
        super().__init__("ML exception")
        self.exn = exn


class Uncaught(Exception):
    """An ML exception that found no handler: the run ends with UNCAUGHT."""

    def __init__(self, exn: ExnVal):
        super().__init__("uncaught exception")
        self.exn = exn


class Handler:
    """An installed handler: on an exception x, cut the value stack to
    `vdepth` and the control stack to `cdepth` (dropping try's frame, whose
    continuation the handler code then runs into), push (env, x), run `code`."""

    __slots__ = ("vdepth", "env", "cdepth", "code")

    def __init__(self, vdepth: int, env, cdepth: int, code: tuple):
        self.vdepth = vdepth
        self.env = env
        self.cdepth = cdepth
        self.code = code


def const_value(c):
    """The machine value of a quote's operand: a table constant, or (in
    generated code) a lifted machine value, which stands for itself."""
    t = type(c)
    if t is ConstInt:
        return c.value
    if t is ConstStr:
        return c.value
    if t is ConstUnit:
        return UNIT_VALUE
    if t is ConstCon:
        return Con(c.tag)
    return c


def underflow(ins: Ins, need: int) -> MachineError:
    return MachineError(Status.UNDERFLOW, f"{ins.op}: needs {need} value(s) on the stack")


TraceHook = Callable[["Machine", Ins], None]


class Machine:
    """`Machine(program).run()` runs a Program on the environment (); `call`
    applies a closure afterwards; `globals` holds the global slots.
    `start`/`step`/`state` run it one transition at a time."""

    def __init__(self, program: Program, *, max_reductions: Optional[int] = None,
                 max_stack: int = DEFAULT_MAX_STACK, max_heap: int = DEFAULT_MAX_HEAP, out=None,
                 trace: Optional[TraceHook] = None, keep_output: bool = True):
        check_program(program)  # the verifier's rules, on a Program in memory
        self.program = program
        self.max_reductions = max_reductions
        self.max_stack = max_stack
        self.max_heap = max_heap  # bounds the kept output only (see the module docstring)
        self.keep_output = keep_output
        self.output_errno = 0  # the errno of the print that stopped the latest run with OUTPUT
        self.out = out
        self.trace = trace
        self._interrupt_requested = False  # see interrupt()
        self._deadline: Optional[float] = None  # see set_deadline
        self.builtin_exns = {name: ExnName(name.encode("ascii")) for name in BUILTIN_EXNS}
        self.globals: list = [_UNSET] * program.nglobals
        for slot, name in enumerate(BUILTIN_EXNS):
            self.globals[slot] = self.builtin_exns[name]
        self._dispatch = {name[4:]: getattr(self, name) for name in dir(self) if name.startswith("_op_")}
        self._load((), [UNIT_VALUE])

    # ------------------------------------------------------------- public API

    def run(self, stack: Optional[list] = None) -> Result:
        """Run the program's code on `stack` (bottom first; default [()])."""
        self.start(stack)
        if len(self.stack) > self.max_stack:
            # refused before any transition, as the C machine's
            # ccam_run_stack refuses it (it must not copy a stack past its limit)
            return self._result(Status.UNDERFLOW, message=f"run: a start stack of {len(self.stack)} values")
        return self._loop(None)

    def run_more(self, program: Program) -> Result:
        """Run another program (e.g. the next REPL declaration) against the
        same globals; the global table grows to program.nglobals, existing
        globals keep their values."""
        check_program(program)
        if program.nglobals > len(self.globals):
            self.globals.extend([_UNSET] * (program.nglobals - len(self.globals)))
        self.program = program
        return self.run()

    def call(self, closure, arg) -> Result:
        """Apply a closure to an argument: the program `app` on ([e : P], arg).
        Counts the app (1 reduction) and the body."""
        self._load((I.app,), [Pair(closure, arg)])
        return self._loop(None)

    def interrupt(self) -> None:
        """Ask the machine to stop, from any thread: the run in progress
        stops at its next poll (before its first instruction, then every
        POLL_INTERVAL reductions) with Status.INTERRUPTED; with no run in
        progress, the next run stops before its first instruction. The
        request stays pending until a run stops for it or clear_interrupt()
        drops it (as the C machine's). One attribute store: atomic under
        the GIL, and the loop reads it only at its polls."""
        self._interrupt_requested = True

    def clear_interrupt(self) -> None:
        self._interrupt_requested = False

    def set_deadline(self, seconds: Optional[float]) -> None:
        """Stop the runs that poll (where they poll for interrupt()) more
        than `seconds` from now with INTERRUPTED and DEADLINE_MESSAGE; a run
        begun past it stops before its first instruction. None: no deadline.
        It stays until set again. Set by the thread that runs the machine,
        between runs: it stops that thread's runs only."""
        self._deadline = None if seconds is None else time.monotonic() + max(seconds, 0.0)

    def start(self, stack: Optional[list] = None, code: Optional[tuple] = None) -> None:
        """Load a state: `code` (default the program's) on `stack` (bottom first)."""
        self._load(self.program.code if code is None else tuple(code),
                   [UNIT_VALUE] if stack is None else list(stack))

    def step(self) -> Optional[Result]:
        """Perform one transition. Returns None while the machine can go on,
        the Result when it has stopped (then without a transition)."""
        return self._loop(1)

    def state(self) -> tuple[list, list]:
        """(stack top first, the remaining program P as one list of Ins)."""
        program = list(self.prog[self.pc:])
        for prog, pc, _ in reversed(self.control):
            program.extend(prog[pc:])
        return list(reversed(self.stack)), program

    def global_value(self, slot: int):
        """The value of a global slot (None if unset)."""
        v = self.globals[slot]
        return None if v is _UNSET else v

    @property
    def out(self):
        return self._out

    @out.setter
    def out(self, out) -> None:
        self._out = out
        self._out_fd = output_fileno(out)

    def write_output(self, data: bytes) -> None:
        """print: the bytes to `out` (see the module docstring), then to
        Result.output; a stream refusing them stops the run (OUTPUT)."""
        out = self._out
        keep = out is None or self.keep_output
        if keep and data and self._kept + len(data) > self.max_heap:
            raise MachineError(Status.HEAP_LIMIT, KEPT_OUTPUT_OVER_LIMIT.format(
                kept=self._kept, more=len(data), limit=self.max_heap))
        if out is not None:
            try:
                if self._out_fd is not None:
                    self._write_all(self._out_fd, data)
                else:
                    out.write(data)
            except OSError as err:
                raise self._output_failed(err, "the output") from None
            if not keep:
                return
        self.output.append(data)
        self._kept += len(data)

    def write_error_output(self, data: bytes) -> None:
        """TextIO.stdErr's bytes: to the process's standard error
        (descriptor 2), whatever `out` is, as the C machine writes them; a
        descriptor refusing them stops the run (OUTPUT), as for print."""
        try:
            self._write_all(2, data)
        except OSError as err:
            raise self._output_failed(err, "the error output") from None

    def _write_all(self, fd: int, data: bytes) -> None:
        """All of `data` to fd, as the C machine's print writes it: a short
        write continues; any failure but EINTR raises OSError. A write
        blocked in os.write on a reader that does not read (a pipe nobody
        reads) would see no stop request but a Ctrl-C, so a write to an fd
        that can wait (_may_block) first waits in poll until it takes
        bytes, and stops there for interrupt() or the deadline
        (MachineError INTERRUPTED, as the loop's polls), then writes at most
        PIPE_BUF bytes, which a pipe or socket polling writable takes
        without blocking. A non-blocking fd (O_NONBLOCK set by another
        process sharing it) is waited for the same way."""
        view = memoryview(data)
        may_block = _may_block(fd)
        while view:
            if may_block:
                self._wait_writable(fd)
            try:
                view = view[os.write(fd, view[:select.PIPE_BUF] if may_block else view):]
            except BlockingIOError:
                self._wait_writable(fd)

    def _wait_writable(self, fd: int) -> None:
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        while True:
            if self._interrupt_requested:
                self._interrupt_requested = False  # answered by this stop
                raise MachineError(Status.INTERRUPTED, "interrupted")
            timeout = BLOCKED_WRITE_POLL
            if self._deadline is not None:
                left = self._deadline - time.monotonic()
                if left <= 0:
                    raise MachineError(Status.INTERRUPTED, DEADLINE_MESSAGE)
                timeout = min(timeout, left)
            # ready, or an error or hang-up, which the write after it reports
            if poller.poll(math.ceil(timeout * 1000)):
                return

    def _output_failed(self, err: OSError, what: str) -> MachineError:
        self.output_errno = err.errno or 0
        reason = os.strerror(err.errno) if err.errno else str(err)
        return MachineError(Status.OUTPUT, f"cannot write {what}: {reason}")

    # ------------------------------------------------------------- the loop

    def _load(self, code: tuple, stack: list) -> None:
        if self._out_fd is not None:
            self._out.flush()  # what the host wrote to `out` before the run comes first
        self.output_errno = 0
        self.stack = stack
        self.prog = code
        self.pc = 0
        self.control: list = []
        self.handlers: list[Handler] = []
        self.reductions = 0
        self.gen_reductions = 0
        self.emitted = 0
        self.output: list[bytes] = []
        self._kept = 0  # the bytes in self.output

    def _result(self, status: Status, value=None, message: str = "") -> Result:
        return Result(status, value, message, self.reductions, b"".join(self.output),
                      self.gen_reductions, self.emitted)

    def _loop(self, max_steps: Optional[int]) -> Optional[Result]:
        # The transitions are the _op_ methods; this loop only fetches,
        # counts and dispatches. It runs for every instruction of the test
        # suite's differential runs, hence the locals, the inlined
        # reductions(ins), an int limit (comparing with a float is slower)
        # and one test for the rare per-step work (tracing, stepping); and
        # the most frequent transitions check their operands inline instead
        # of calling _need/_top_pair. The reduction limit and interrupt()
        # share one comparison: `poll_at` is the limit or, when nearer, the
        # next poll of interrupt(), so polling costs the loop nothing more.
        steps = 0
        dispatch = self._dispatch
        control = self.control
        limit = _NO_LIMIT if self.max_reductions is None else self.max_reductions
        poll_at = self.reductions  # the first instruction polls
        trace = self.trace
        per_step = trace is not None or max_steps is not None
        try:
            while True:
                prog, pc = self.prog, self.pc
                if pc >= len(prog):
                    if not control:
                        if not self.stack:
                            return self._result(Status.UNDERFLOW, None, "the program ended with an empty stack")
                        return self._result(Status.OK, self.stack[-1])
                    self.prog, self.pc, is_try = control.pop()
                    if is_try:
                        self.handlers.pop()
                    continue
                ins = prog[pc]
                op = ins.op
                cost = ins.args[0] + 1 if op == "acc" else 1  # reductions(ins)
                reductions = self.reductions + cost
                if reductions > poll_at:
                    if reductions > limit:
                        return self._result(Status.REDUCTION_LIMIT, None,
                                            f"more than {self.max_reductions} reduction"
                                            f"{'' if self.max_reductions == 1 else 's'}")
                    if self._interrupt_requested:
                        self._interrupt_requested = False  # answered by this stop
                        return self._result(Status.INTERRUPTED, None, "interrupted")
                    if self._deadline is not None and time.monotonic() >= self._deadline:
                        return self._result(Status.INTERRUPTED, None, DEADLINE_MESSAGE)
                    poll_at = min(reductions + POLL_INTERVAL, limit)
                self.pc = pc + 1
                try:
                    dispatch[op](ins)
                    raised = None
                except MLRaise as exn:
                    raised = exn.exn
                except BuiltinRaise as exn:
                    raised = ExnVal(self.builtin_exns[exn.name])
                # The transition happened (raising is a transition too): count it.
                self.reductions = reductions
                if op in GENERATING_OPS:
                    self.gen_reductions += cost
                if raised is not None:
                    self._unwind(raised)
                if per_step:
                    if trace is not None:
                        trace(self, ins)
                    if max_steps is not None:
                        steps += 1
                        if steps == max_steps:
                            return None
        except Uncaught as err:
            return self._result(Status.UNCAUGHT, err.exn, f"uncaught exception {err.exn.name.name.decode('latin-1')}")
        except MachineError as err:
            return self._result(err.status, None, err.message)
        except KeyboardInterrupt:
            return self._result(Status.INTERRUPTED, None, "interrupted")
        except MemoryError:
            # Python could not allocate (a process memory limit, ulimit -v):
            # the C machine's status and message when malloc fails
            return self._result(Status.HEAP_LIMIT, None, "out of memory")

    def _unwind(self, exn: ExnVal) -> None:
        """Transfer to the innermost handler: cut the stacks back to where
        `try` was, and run its P2 on (e, x) with try's continuation."""
        if not self.handlers:
            raise Uncaught(exn)
        handler = self.handlers.pop()
        prog, pc, _ = self.control[handler.cdepth]
        del self.control[handler.cdepth:]
        del self.stack[handler.vdepth:]
        self.stack.append(Pair(handler.env, exn))
        self.prog, self.pc = prog, pc
        self._enter(handler.code)

    def _enter(self, code: tuple) -> None:
        """Run `code` then the rest of the current sequence: push the rest as
        a continuation unless it is empty (tail position)."""
        if self.pc < len(self.prog):
            self._check_depth(0, 1)
            self.control.append((self.prog, self.pc, False))
        self.prog = code
        self.pc = 0

    def _check_depth(self, values: int, frames: int) -> None:
        if len(self.stack) + len(self.control) + values + frames > self.max_stack:
            raise MachineError(Status.STACK_LIMIT, f"stack deeper than {self.max_stack}")

    def _need(self, ins: Ins, n: int) -> list:
        if len(self.stack) < n:
            raise underflow(ins, n)
        return self.stack

    def _top_pair(self, ins: Ins) -> Pair:
        v = self._need(ins, 1)[-1]
        if type(v) is not Pair:
            raise type_error(ins.op, "a pair", v)
        return v

    def _code_env(self, ins: Ins) -> tuple[Pair, Block]:
        """The (e, {P}) on top of the stack of emit, lift and call."""
        v = self._top_pair(ins)
        if type(v.snd) is not Block:
            raise type_error(ins.op, "(e, code block)", v.snd)
        return v, v.snd

    @staticmethod
    def _open_block(ins: Ins, block: Block) -> list:
        if block.sealed:
            raise MachineError(Status.SEALED, f"{ins.op}: the code block is sealed")
        return block.code

    # ------------------------------------------------------------- the CAM

    def _op_id(self, ins):
        """S, id; P ⟹ S, P"""

    def _op_fst(self, ins):
        """(e, f) :: S, fst; P ⟹ e :: S, P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        v = stack[-1]
        if type(v) is not Pair:
            raise type_error("fst", "a pair", v)
        stack[-1] = v.fst

    def _op_snd(self, ins):
        """(e, f) :: S, snd; P ⟹ f :: S, P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        v = stack[-1]
        if type(v) is not Pair:
            raise type_error("snd", "a pair", v)
        stack[-1] = v.snd

    def _op_push(self, ins):
        """e :: S, push; P ⟹ e :: e :: S, P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        if len(stack) + len(self.control) >= self.max_stack:
            raise MachineError(Status.STACK_LIMIT, f"stack deeper than {self.max_stack}")
        stack.append(stack[-1])

    def _op_swap(self, ins):
        """e :: f :: S, swap; P ⟹ f :: e :: S, P"""
        stack = self.stack
        if len(stack) < 2:
            raise underflow(ins, 2)
        stack[-1], stack[-2] = stack[-2], stack[-1]

    def _op_cons(self, ins):
        """e :: f :: S, cons; P ⟹ (f, e) :: S, P"""
        stack = self.stack
        if len(stack) < 2:
            raise underflow(ins, 2)
        e = stack.pop()
        stack[-1] = Pair(stack[-1], e)

    def _op_app(self, ins):
        """([e : P'], f) :: S, app; P ⟹ (e, f) :: S, P'; P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        v = stack[-1]
        if type(v) is not Pair:
            raise type_error("app", "a pair", v)
        closure = v.fst
        if type(closure) is not Closure:
            raise type_error("app", "a closure", closure)
        self._enter(closure.code)
        stack[-1] = Pair(closure.env, v.snd)

    def _op_quote(self, ins):
        """e :: S, 'c; P ⟹ c :: S, P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        stack[-1] = const_value(ins.args[0])

    def _op_cur(self, ins):
        """e :: S, Cur(P'); P ⟹ [e : P'] :: S, P"""
        stack = self._need(ins, 1)
        stack[-1] = Closure(stack[-1], ins.args[0])

    # ------------------------------------------------------------- code generation

    def _op_arena(self, ins):
        """e :: S, arena; P ⟹ {·} :: S, P"""
        self._need(ins, 1)[-1] = Block()

    def _op_emit(self, ins):
        """(e, {P'}) :: S, emit(i); P ⟹ (e, {P'; i}) :: S, P"""
        _, block = self._code_env(ins)
        self._open_block(ins, block).append(ins.args[0])
        self.emitted += 1

    def _op_lift(self, ins):
        """(e, {P'}) :: S, lift; P ⟹ (e, {P'; 'e}) :: S, P"""
        pair, block = self._code_env(ins)
        self._open_block(ins, block).append(Ins("quote", (lifted_operand(pair.fst),)))
        self.emitted += 1

    def _merge_target(self, ins, v) -> tuple[Pair, Block]:
        if type(v) is not Pair or type(v.snd) is not Block:
            raise type_error(ins.op, "(e, code block) under the merged blocks", v)
        return v, v.snd

    def _merged_blocks(self, ins, n: int) -> tuple[list[Block], Pair, Block]:
        """Destructure ({Pn-1}, (...({P0}, (e, {P}))...)) into [P0..Pn-1], (e, {P}), {P}."""
        v = self._need(ins, 1)[-1]
        blocks = []
        for _ in range(n):
            if type(v) is not Pair or type(v.fst) is not Block:
                raise type_error(ins.op, "(code block, ...)", v if type(v) is not Pair else v.fst)
            blocks.append(v.fst)
            v = v.snd
        target_pair, target = self._merge_target(ins, v)
        blocks.reverse()
        return blocks, target_pair, target

    def _merge(self, ins, n: int, make) -> None:
        """Common part of the merges: seal the n consumed blocks, then append
        make(their codes) to the target block (SEALED if it is sealed, which
        includes merging a block into itself)."""
        blocks, target_pair, target = self._merged_blocks(ins, n)
        codes = [b.seal() for b in blocks]
        self._open_block(ins, target).append(make(codes))
        self.emitted += 1
        self.stack[-1] = target_pair

    def _op_merge(self, ins):
        """({P'}, (e, {P''})) :: S, merge; P ⟹ (e, {P''; Cur(P')}) :: S, P"""
        self._merge(ins, 1, lambda codes: Ins("cur", (codes[0],)))

    def _op_mergebranch(self, ins):
        """({P2}, ({P1}, (e, {P}))) :: S, mergebranch; P' ⟹ (e, {P; branch(P1, P2)}) :: S, P'"""
        self._merge(ins, 2, lambda codes: Ins("branch", (codes[0], codes[1])))

    def _op_mergeswitch(self, ins):
        """({Pn-1}, (...({P0}, (e, {P}))...)) :: S, mergeswitch(n); P' ⟹ (e, {P; switch(P0..Pn-1)}) :: S, P'"""
        self._merge(ins, ins.args[0], lambda codes: Ins("switch", (tuple(codes),)))

    def _op_mergetry(self, ins):
        """({P2}, ({P1}, (e, {P}))) :: S, mergetry; P' ⟹ (e, {P; try(P1, P2)}) :: S, P'"""
        self._merge(ins, 2, lambda codes: Ins("try", (codes[0], codes[1])))

    def _op_call(self, ins):
        """(e, {P'}) :: S, call; P ⟹ e :: S, P'; P   (the block is sealed)"""
        pair, block = self._code_env(ins)
        code = block.seal()
        self._enter(code)
        self.stack[-1] = pair.fst

    # ------------------------------------------------------------- environments

    def _op_acc(self, ins):
        """(...((e, vn), ...), v0) :: S, acc(n); P ⟹ vn :: S, P   (= fst^n; snd)"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        v = stack[-1]
        for _ in range(ins.args[0]):
            if type(v) is not Pair:
                raise type_error(f"acc {ins.args[0]}", "an environment pair", v)
            v = v.fst
        if type(v) is not Pair:
            raise type_error(f"acc {ins.args[0]}", "an environment pair", v)
        stack[-1] = v.snd

    def _op_drop(self, ins):
        """v :: e :: S, drop; P ⟹ e :: S, P"""
        stack = self.stack
        if len(stack) < 2:
            raise underflow(ins, 2)
        stack.pop()

    def _op_rec(self, ins):
        """e :: S, rec(n); P ⟹ ((...(e, ⊥), ...), ⊥) :: S, P"""
        stack = self._need(ins, 1)
        v = stack[-1]
        for _ in range(ins.args[0]):
            v = Pair(v, PLACEHOLDER)
        stack[-1] = v

    def _op_update(self, ins):
        """c :: E :: S, update(k); P ⟹ E :: S, P   (slot k of E, a ⊥, becomes c in place)"""
        stack = self._need(ins, 2)
        slot = stack[-2]
        for _ in range(ins.args[0]):
            if type(slot) is not Pair:
                raise type_error(f"update {ins.args[0]}", "an environment pair", slot)
            slot = slot.fst
        if type(slot) is not Pair:
            raise type_error(f"update {ins.args[0]}", "an environment pair", slot)
        if slot.snd is not PLACEHOLDER:
            raise MachineError(Status.TYPE, f"update {ins.args[0]}: the slot holds {describe_kind(slot.snd)}, not ⊥")
        slot.snd = stack.pop()

    # ------------------------------------------------------------- control

    def _op_branch(self, ins):
        """C_1 :: e :: S, branch(P1, P2); P ⟹ e :: S, P1; P   (C_0: P2)"""
        stack = self.stack
        if len(stack) < 2:
            raise underflow(ins, 2)
        b = stack[-1]
        if type(b) is not Con or b.arg is not None or b.tag > 1:
            raise type_error("branch", "a boolean", b)
        stack.pop()
        self._enter(ins.args[0] if b.tag == 1 else ins.args[1])

    def _op_switch(self, ins):
        """v :: e :: S, switch(P0..Pn-1); P ⟹ e :: S, Pk; P   where v = C_k or C_k(w)"""
        stack = self.stack
        if len(stack) < 2:
            raise underflow(ins, 2)
        v = stack[-1]
        if type(v) is not Con:
            raise type_error("switch", "a constructor", v)
        arms = ins.args[0]
        if v.tag >= len(arms):
            raise MachineError(Status.SWITCH, f"switch: no arm for tag {v.tag} (of {len(arms)})")
        stack.pop()
        self._enter(arms[v.tag])

    def _op_pack(self, ins):
        """v :: S, pack(k); P ⟹ C_k(v) :: S, P"""
        stack = self._need(ins, 1)
        stack[-1] = Con(ins.args[0], stack[-1])

    def _op_arg(self, ins):
        """C_k(v) :: S, arg; P ⟹ v :: S, P   and   X(v) :: S, arg; P ⟹ v :: S, P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        v = stack[-1]
        if type(v) not in (Con, ExnVal) or v.arg is None:
            raise type_error("arg", "a constructor or exception with an argument", v)
        stack[-1] = v.arg

    def _op_prim(self, ins):
        """v :: S, prim(p); P ⟹ p(v) :: S, P"""
        stack = self.stack
        if not stack:
            raise underflow(ins, 1)
        stack[-1] = IMPLEMENTATIONS[ins.args[0]](self, stack[-1])

    # ------------------------------------------------------------- exceptions

    def _op_raise(self, ins):
        """X(v) :: S, raise; P ⟹ unwind to the innermost handler"""
        v = self._need(ins, 1)[-1]
        if type(v) is not ExnVal:
            raise type_error("raise", "an exception value", v)
        raise MLRaise(v)

    def _op_try(self, ins):
        """e :: S, try(P1, P2); P ⟹ e :: S, P1; P with a handler; on x: (e, x) :: S, P2; P"""
        stack = self._need(ins, 1)
        self._check_depth(0, 1)
        self.handlers.append(Handler(len(stack) - 1, stack[-1], len(self.control), ins.args[1]))
        self.control.append((self.prog, self.pc, True))
        self.prog, self.pc = ins.args[0], 0

    def _op_newexn(self, ins):
        """e :: S, newexn(s); P ⟹ X :: S, P   (X fresh)"""
        self._need(ins, 1)[-1] = ExnName(ins.args[0])

    def _op_mkexn(self, ins):
        """X :: S, mkexn; P ⟹ X() :: S, P"""
        stack = self._need(ins, 1)
        if type(stack[-1]) is not ExnName:
            raise type_error("mkexn", "an exception name", stack[-1])
        stack[-1] = ExnVal(stack[-1])

    def _op_mkexnarg(self, ins):
        """(X, v) :: S, mkexnarg; P ⟹ X(v) :: S, P"""
        v = self._top_pair(ins)
        if type(v.fst) is not ExnName:
            raise type_error("mkexnarg", "an exception name", v.fst)
        self.stack[-1] = ExnVal(v.fst, v.snd)

    def _op_exnis(self, ins):
        """(x, Y) :: S, exnis; P ⟹ b :: S, P   (b = C_1 iff x's name is Y)"""
        v = self._top_pair(ins)
        if type(v.fst) is not ExnVal:
            raise type_error("exnis", "an exception value", v.fst)
        if type(v.snd) is not ExnName:
            raise type_error("exnis", "an exception name", v.snd)
        self.stack[-1] = TRUE_VALUE if v.fst.name is v.snd else FALSE_VALUE

    # ------------------------------------------------------------- globals

    def _global_slot(self, ins) -> int:
        n = ins.args[0]
        if n >= len(self.globals):
            raise MachineError(Status.GLOBAL, f"{ins.op} {n}: there are only {len(self.globals)} globals")
        return n

    def _op_getglobal(self, ins):
        """e :: S, getglobal(n); P ⟹ g[n] :: S, P"""
        stack = self._need(ins, 1)
        v = self.globals[self._global_slot(ins)]
        if v is _UNSET:
            raise MachineError(Status.GLOBAL, f"getglobal {ins.args[0]}: the global is not set")
        stack[-1] = v

    def _op_setglobal(self, ins):
        """v :: S, setglobal(n); P ⟹ v :: S, P   (g[n] := v)"""
        stack = self._need(ins, 1)
        self.globals[self._global_slot(ins)] = stack[-1]


def _check_every_op_implemented() -> None:
    from ccam.instructions import OPS

    missing = [op.name for op in OPS if not hasattr(Machine, f"_op_{op.name}")]
    assert not missing, f"instructions without an implementation: {missing}"


_check_every_op_implemented()


def run(program: Program, **limits) -> Result:
    """Run a program on a fresh reference machine."""
    return Machine(program, **limits).run()


__all__ = ["Machine", "Result", "run", "const_value", "lifted_operand", "GENERATING_OPS"]


# How long a print waiting for a slow reader sleeps between two looks at the
# stop requests (the C machine's BLOCKED_WRITE_POLL_MS): interrupt() only
# sets a flag, which wakes nothing.
BLOCKED_WRITE_POLL = 0.01


def _may_block(fd: int) -> bool:
    """Whether a write to fd can wait for a reader (a pipe, a socket, a
    terminal), unlike one to a file."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False  # the write reports it
    return not (stat.S_ISREG(mode) or stat.S_ISBLK(mode))
