"""The embedding API (docs/embedding.md): load an ML□ program, look up its top-level
values, call them with Python values, get Python values back, with
reduction counts per call.

    from mlbox import api
    prog = api.load("examples/bpf.sml", machine="c")
    decoded = prog.function("load").call([(0x28, 0, 0, 12), ...], keep=True)
    spec = prog.call("specialise", decoded)     # an MLFunction
    spec((packet_bytes, wirelen))               # -> int
    prog.last_stats                             # Stats(reductions=..., generating=..., ...)
    spec.map([(p1, len1), (p2, len2)])          # -> [int, int]: one machine entry for all
    prog.last_batch_stats                       # (Stats, Stats): one per call of the batch
    cell = prog["counter"]                      # a ref: an MLRef handle
    cell.get(); cell.set(0)                     # !counter, counter := 0

Values convert by the ML type of the value called (mlbox/hostvalues.py
has the table); the conversion of a function's argument and result types
is compiled once per type (hostvalues.Plans), so a repeated call only
converts values. Errors are APIError subclasses: CompileFailed (with the
rendered diagnostics), NameNotFound, HostValueError (a Python value that
cannot stand for the ML type), MLError (an uncaught ML exception, with its
name), MachineFailure (a limit reached, or a machine error).
"""

from __future__ import annotations

import math
import os
import threading
import time
import weakref
from typing import Any, Callable, Iterable, Optional

import attrs

from ccam.instructions import I, Status
from ccam.values import UNIT_VALUE, Closure, Pair, Result
from mlbox.diagnostics import CompileError, Source, render_all
from mlbox.deep import ORDINARY_RECURSION, UNRESTRICTED, on_deep_stack
from mlbox.types import TTuple, TVar, prune
from mlbox.hostvalues import (
    NO_ARG, NOT_PICKLED, APIError, Converter, Data, Handle, HostValueError, MLRef, MLValue, Plans, Polymorphic,
    _link_weak_fixes, bounded_repr, converts_shallowly, function_parts, make_handle, show_type,
)

__all__ = ["load", "load_source", "Program", "MLFunction", "MLValue", "MLRef", "Data", "NO_ARG", "Stats", "APIError",
           "CompileFailed", "NameNotFound", "HostValueError", "MLError", "MachineFailure", "default_machine"]

MACHINES = ("c", "py")


class CompileFailed(APIError):
    def __init__(self, rendered: str, diagnostics=()):
        super().__init__(rendered)
        self.diagnostics = tuple(diagnostics)


class NameNotFound(APIError, KeyError):
    def __str__(self) -> str:
        return self.args[0]


BATCH_CALL = " (in call {index} of the batch, counting from 0)"
BATCH_ARGUMENT = " (argument {index} of the batch, counting from 0; no call was made)"


class MLError(APIError):
    """An ML exception that escaped the call: `name` is the exception's
    name (`Div`, `Subscript`, `Fail`, or the program's own); `arg` its
    argument, converted as a result of its type is, for an exception the
    program declares, at top level or inside a function (`E (3, "x")`:
    (3, "x")), and for Fail (`Fail "why"`: "why"); None for an exception
    without an argument, and where the argument's type is unknown (local
    exceptions of one name with different types, or a type variable: the
    machine's value carries only the name), unless it is a string; an
    MLValue handle when it is too deep or too large to convert.
    In a batch (MLFunction.map), `index` is the call that raised it."""

    def __init__(self, name: str, arg: Any = None, index: Optional[int] = None):
        if isinstance(arg, str):
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        else:  # (bounded: an argument may be a long list, or a deep datatype value)
            shown = "" if arg is None else bounded_repr(arg)
        super().__init__(f"uncaught exception {name}" + (f" {shown}" if shown else "")
                         + ("" if index is None else BATCH_CALL.format(index=index)))
        self.name = name
        self.arg = arg
        self.index = index


class MachineFailure(APIError):
    """The machine stopped without a value: a limit or a machine error.
    In a batch, `index` is the call that stopped. `timeout` is the call's
    timeout (seconds) when its deadline passed (status INTERRUPTED), else None."""

    def __init__(self, status: Status, message: str, index: Optional[int] = None,
                 timeout: Optional[float] = None):
        super().__init__((f"{status.name}: {message}" if message else status.name)
                         + ("" if index is None else BATCH_CALL.format(index=index)))
        self.status = status
        self.index = index
        self.timeout = timeout


@attrs.frozen
class Stats:
    """Reductions of one call: `generating` is the part spent in the
    code-building instructions (arena, emit, lift, merges), `running` the
    rest; `emitted` counts the instructions generated."""

    reductions: int = 0
    generating: int = 0
    emitted: int = 0

    @property
    def running(self) -> int:
        return self.reductions - self.generating


def default_machine() -> str:
    """"c" when the C machine is built and importable, else "py"."""
    try:
        from ccam import cmachine  # noqa: F401

        if getattr(cmachine, "available", lambda: True)():
            return "c"
    except Exception:
        pass
    return "py"


def load(path: str, *, machine: Optional[str] = None, **limits) -> "Program":
    """Load a program from a .sml/.ml source file or a .ccam bytecode file."""
    from mlbox.cli import UsageError, read_source

    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"load takes a file path (str), not {type(path).__name__}")
    path = os.fspath(path)
    if not os.path.exists(path):
        raise APIError(f"{path}: no such file")
    if path.endswith(".ccam"):
        raise APIError(f"{path}: loading bytecode through the API needs the type of each top-level value; "
                       "load the source (.sml) instead")
    try:
        source = read_source(path)  # the command line's reading: directories, UTF-8, a byte-order mark
    except UsageError as error:
        raise APIError(str(error)) from None
    return load_source(source.text, name=path, machine=machine, **limits)


TOO_DEEP_TO_CONVERT = ("a value nested too deeply to convert between Python and ML "
                       "(or containing itself); keep it in ML as an MLValue (keep=True)")


def _converted(convert: Callable, *args):
    """convert(*args), a conversion between Python and ML values, which
    recurses as deep as the value is nested (a few frames a level). One
    nested deeper than Python's ordinary recursion limit lets it go (a few
    hundred levels: a list of a datatype of its own, a deep syntax tree) is
    converted again on the deep stack (mlbox/deep.py), whose limit stops
    only a value nested some 100,000 levels or one containing itself (a
    RecursionError then, which the callers report as TOO_DEEP_TO_CONVERT).
    `convert` must leave nothing behind when it fails, as it is run again."""
    try:
        return convert(*args)
    except RecursionError:
        pass
    return on_deep_stack(convert, *args)
LIMITS = ("max_reductions", "max_stack", "max_heap")
LIMIT_MAX = (1 << 63) - 1
NO_HEAP_LIMIT = ("the Python machine (machine=\"py\") has no heap limit: there max_heap bounds only "
                 "the output a call keeps")


def _checked_limits(limits: dict) -> dict:
    """The limits given to load/load_source, checked before a machine sees them."""
    for name, value in limits.items():
        if name not in LIMITS:
            raise TypeError(f"unknown limit {name!r} (the limits are {', '.join(LIMITS)})")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 1 <= value <= LIMIT_MAX):
            raise ValueError(f"{name} must be None or an int from 1 to {LIMIT_MAX}, not {_shown_limit(value)}")
    return limits


def _shown_limit(value) -> str:
    """A bad limit as its error message shows it: an int too long for repr
    (beyond Python's 4,300 digits) or for a readable message, by its size."""
    if isinstance(value, int) and abs(value).bit_length() > 64:
        return f"{'a negative' if value < 0 else 'an'} int of {abs(value).bit_length()} bits"
    return repr(value)


def load_source(text: str, *, name: Optional[str] = "<source>", machine: Optional[str] = None,
                **limits) -> "Program":
    """Type-check, compile and run (its top-level declarations) a program
    text; `name` is what its diagnostics call it (None: "<source>")."""
    from mlbox import driver

    if not isinstance(text, str):
        raise TypeError(f"load_source takes the program text as a str, not {type(text).__name__}")
    if name is None:
        name = "<source>"
    elif not isinstance(name, str):
        raise TypeError(f"load_source's name is a str (what diagnostics call the text), not {type(name).__name__}")
    _checked_limits(limits)
    machine = machine or default_machine()
    if machine not in MACHINES:
        raise APIError(f"unknown machine {machine!r} (choose c or py)")
    source = Source(name, text)
    try:
        compiled = driver.compile_source(source)
    except CompileError as error:
        raise CompileFailed(render_all(error.diagnostics, source), error.diagnostics) from None
    program = Program(compiled, machine, limits)
    program.warnings = tuple(render_all([warning], source) for warning in compiled.warnings)
    return program


class Program:
    """A loaded program: its top-level values, on one machine."""

    def __init__(self, compiled, machine: str, limits: dict):
        from mlbox import driver

        self.machine_name = machine
        self._compiled = compiled
        # the checker's warnings (non-exhaustive matches, free type
        # variables), each rendered as `mlbox check` prints it
        self.warnings: tuple[str, ...] = ()
        if machine == "py" and limits.get("max_heap") is not None:
            import warnings

            # as `mlbox run --machine py --max-heap` warns: a host that sets
            # the limit for the C machine can still debug on the Python one,
            # which bounds with it what it can count (the kept output)
            warnings.warn(NO_HEAP_LIMIT, RuntimeWarning, stacklevel=3)
        self._machine = driver.machine_class(machine)(compiled.program, **{k: v for k, v in limits.items()
                                                                            if v is not None})
        # One thread at a time in the machine (and in the conversions, which
        # read and build its heap): the C machine runs without the GIL, and
        # neither machine can interleave two runs on its one set of stacks.
        self._lock = threading.RLock()
        # interrupt(): see _interruptible. The guard is held for a few
        # statements at a time, never while the machine runs, so interrupt()
        # does not wait for the call it stops; reentrant, so that a Python
        # signal handler calling interrupt() in the thread that holds it
        # cannot deadlock.
        self._interrupt_guard = threading.RLock()
        self._call_in_progress = False  # written by the thread holding _lock
        self._interrupt_accepted = False  # False whenever no call is in progress
        # interrupt()s deciding (under the guard): a count, not a flag, as a
        # signal handler's interrupt() can run inside another in its thread
        self._interrupting = 0
        # (deadline, timeout) of the call in progress when it has one (see
        # _Deadline): written by the thread holding _lock
        self._deadline: Optional[tuple[float, float]] = None
        self._plans = Plans(self)
        self._call_plans: dict = {}  # the key (Plans.type_key) of a function type -> _CallPlan
        self._batch: tuple = ((), (), ())  # reductions, generating, emitted of each call of the latest map
        result = self._machine.run()
        # What the program printed: appending each call's output to one
        # bytes object copied all of it every time (40,000 calls that
        # printed a line took 30 s, not 1); a bytearray grows in place, and
        # one C operation appends or copies it whole, whichever thread runs
        self._output = bytearray(result.output)
        self._last = (result.reductions, result.gen_reductions, result.emitted)
        # The driver's Compiled does not carry the binder -> slot table, so a
        # top-level name is found as the last global slot of that name: the
        # program's slots follow the prelude's, and a later binding of a name
        # gets a later slot than an earlier one.
        self._slots = {name: slot for slot, name in enumerate(compiled.program.global_names)}
        self._bindings = {b.name: b for b in compiled.elaboration.toplevel if b.kind in ("val", "cogen")}
        self._exceptions = None  # exception name -> its declarations (valueprint.program_exceptions), see _exception_arg
        self._exception_types: dict = {}  # see _exception_arg
        self._refs: Optional[tuple] = None  # see _ref_accessors
        with ORDINARY_RECURSION:  # (converting the argument of an uncaught exception)
            self._check(result)

    @property
    def output(self) -> bytes:
        """Everything the program printed on TextIO.stdOut (while loading,
        in calls and batches), in order."""
        return bytes(self._output)

    @output.setter
    def output(self, value: bytes) -> None:
        """`prog.output = b""` forgets what was printed so far (a long-running
        host that reads it as it goes keeps it from growing)."""
        self._output = bytearray(value)

    def __reduce__(self):
        # copy.copy, copy.deepcopy and pickle: a machine cannot be copied
        raise TypeError(NOT_PICKLED.format(what="a loaded Program", done="copied or pickled"))

    # ------------------------------------------------------------ statistics

    @property
    def last_stats(self) -> Stats:
        """The reductions of the latest call (of a whole batch, after `map`)."""
        return Stats(*self._last)

    @property
    def last_batch_stats(self) -> tuple[Stats, ...]:
        """The reductions of each call of the latest `MLFunction.map`, in order."""
        return tuple(Stats(*counts) for counts in zip(*self._batch))

    @property
    def last_batch_reductions(self) -> tuple[int, ...]:
        """Just the total reductions of each call of the latest `map` (cheaper than last_batch_stats)."""
        return tuple(self._batch[0])

    # -------------------------------------------------------------- lookup

    def names(self) -> list[str]:
        return list(self._bindings)

    def type_of(self, name: str) -> str:
        """The ML type of the top-level value `name`, as `mlbox check` prints
        it; a weak variable ('_a) a call has fixed since shows as its type."""
        _check_name(name, "prog.type_of", "value")
        return self._binding(name).current_type()

    def _binding(self, name: str):
        binding = self._bindings.get(name)  # (a str: the lookups check it)
        if binding is None:
            raise NameNotFound(f"no top-level value {name!r} in the program")
        return binding

    def _raw(self, name: str):
        binding = self._binding(name)
        with self._lock, ORDINARY_RECURSION:
            if binding.kind == "cogen" and binding.binder not in self._compiled.lifted:
                return self._interruptible(self._run_code_variable, self._slots[name]), binding.scheme
            return self._machine.global_value(self._slots[name]), binding.scheme

    def _run_code_variable(self, slot: int):
        """The value of a top-level code variable `u : t`, whose slot holds
        its generator: as where the program uses u outside `code`, generate
        u's code and run it (each time), as a call does (output, statistics,
        errors)."""
        from ccam.instructions import Program as Code
        from mlbox.generator import INVOKE

        names = self._compiled.program.global_names
        code = (I.getglobal(slot), *INVOKE, I.call)
        with UNRESTRICTED:  # (deep.py: other threads may compile meanwhile)
            result = self._machine.run_more(Code(code, len(names), names))
        if result.output:
            self._output += result.output
        self._last = (result.reductions, result.gen_reductions, result.emitted)
        self._check(result)
        return result.value

    # ---------------------------------------------------------------- refs

    def _read_ref(self, ref: MLRef, keep: bool = False):
        """MLRef.get: `!ref` run in the machine (so the C machine reads the
        cell as its own instructions do), the content converted by its type."""
        try:
            with self._lock, ORDINARY_RECURSION:  # (as a call: one thread in the machine)
                return self._interruptible(self._ref_get, ref, keep)
        except RecursionError:
            raise HostValueError(TOO_DEEP_TO_CONVERT) from None

    def _ref_get(self, ref: MLRef, keep: bool):
        deref, _assign = self._ref_accessors()
        content = ref.content_type
        value = self._run_accessor(deref, ref.value)
        if keep:
            return make_handle(value, content, self)
        try:  # a monomorphic type's compiled conversion, as a call's result has one
            convert = self._plans.to_python(content)
        except Polymorphic:
            return self._wrap(_converted(lambda: Converter(self).to_python(value, content)))
        return self._wrap(_converted(convert, value))

    def _write_ref(self, ref: MLRef, value) -> None:
        """MLRef.set: `ref := value`, the value converted by the content
        type as a call's argument is (a weak variable it fixes is fixed for
        good once it has converted), then stored by the machine's own
        `:=`, whose write barrier tells the C machine's generational
        collector that an old cell may now hold a young value."""
        try:
            with self._lock, ORDINARY_RECURSION:
                self._interruptible(self._ref_set, ref, value)
        except RecursionError:
            raise HostValueError(TOO_DEEP_TO_CONVERT) from None

    def _ref_set(self, ref: MLRef, value) -> None:
        _deref, assign = self._ref_accessors()
        content = ref.content_type
        try:  # as a call's argument (see MLFunction._call)
            convert = self._plans.to_ml(content)
        except Polymorphic:  # a weak variable not yet fixed
            converted = _converted(lambda: Converter(self).argument(value, content))
        else:
            [converted] = _converted(self._plans.arguments, convert, (value,))
        self._run_accessor(assign, Pair(ref.value, converted))

    def _ref_accessors(self) -> tuple:
        """The closures `fn r => !r` and `fn (r, v) => r := v` (the bodies
        the compiler gives them: acc 0; prim deref | assign), made once per
        program: in the C machine's heap, kept by their handles."""
        accessors = self._refs
        if accessors is None:
            made = tuple(Closure(UNIT_VALUE, (I.acc(0), I.prim(name))) for name in ("deref", "assign"))
            own = getattr(self._machine, "own", None)  # the C machine: built in its heap
            accessors = self._refs = made if own is None else tuple(own(c) for c in made)
        return accessors

    def _run_accessor(self, closure, arg):
        """A ref accessor's run (three reductions: app, acc, prim), with
        the program's limits; not a call of the program, so last_stats is
        left as the latest call's."""
        try:
            with UNRESTRICTED:  # (deep.py: other threads may compile meanwhile)
                result = self._machine.call(closure, arg)
        except ValueError as error:
            _raise_refused(error)
        if result.output:  # (`!` and `:=` print nothing)
            self._output += result.output
        self._check(result)
        return result.value

    def value(self, name: str, *, keep: bool = False):
        """The top-level value `name`, converted to Python (functions become MLFunction)."""
        _check_name(name, "prog.value", "value")
        return self._value(name, keep)

    def _value(self, name: str, keep: bool):
        with self._lock, ORDINARY_RECURSION:  # the conversion reads the machine's heap
            raw, ty = self._raw(name)
            if keep:
                return make_handle(raw, ty, self)
            try:
                value = _converted(lambda: Converter(self).to_python(raw, ty))
            except RecursionError:  # as MLFunction.call says it (an array inside itself, too)
                raise HostValueError(TOO_DEEP_TO_CONVERT) from None
            # a function is named as prog.function(name) names it (in its
            # repr and in the hint for a curried one)
            return self._wrap(value, name)

    def __getitem__(self, name: str):
        _check_name(name, "prog[...]", "value")
        return self._value(name, False)

    # Without these two, `in` and `for` would fall back on prog[0], prog[1],
    # ... and fail with NameNotFound for 0: a program is looked up by name.
    def __contains__(self, name) -> bool:
        return isinstance(name, str) and name in self._bindings

    def __iter__(self):
        return iter(self.names())

    def function(self, name: str) -> "MLFunction":
        _check_name(name, "prog.function")
        raw, ty = self._raw(name)
        if function_parts(ty) is None:
            raise APIError(f"{name} is not a function: it has type {show_type(ty)}")
        return MLFunction(self, raw, ty, name)

    def call(self, name: str, *args, keep: bool = False, timeout: Optional[float] = None):
        """The top-level function `name` called on `args` (MLFunction.call:
        `timeout` bounds the lookup too)."""
        _check_name(name, "prog.call")
        if timeout is None:
            return self.function(name).call(*args, keep=keep)
        with _Deadline(self, timeout):
            return self.function(name).call(*args, keep=keep)

    def _holding(self, timeout: Optional[float]):
        """What a call holds while it runs: the program's lock, with the
        call's deadline if it has a timeout."""
        return self._lock if timeout is None else _Deadline(self, timeout)

    def _wrap(self, value, name: str = "fn"):
        if isinstance(value, MLValue) and function_parts(value.type) is not None:
            return MLFunction(self, value.value, value.type, name)
        return value

    def _call_plan(self, ty) -> Optional["_CallPlan"]:
        """The compiled conversions of a function type (None if it is polymorphic)."""
        try:
            key = self._plans.type_key(ty)
        except Polymorphic:
            return None
        plan = self._call_plans.get(key)
        if plan is None:
            arg_type, result_type = function_parts(ty)
            if function_parts(result_type) is not None:  # a curried function: the result is callable
                program = weakref.ref(self)  # no reference cycle through the Program (see hostvalues.Plans)

                def result(v, result_type=result_type):
                    return MLFunction(program(), v, result_type)
            else:
                result = self._plans.to_python(result_type)
            plan = self._call_plans[key] = _CallPlan(self._plans.to_ml(arg_type), result)
        return plan

    def _fast_call(self, closure, ty, plan: Optional["_CallPlan"]) -> Optional[Callable]:
        """MLFunction.call(x) for a monomorphic function on the C machine
        whose result is not a function, in one Python function: the steps
        of the general path (call, _interruptible, _call, Plans.arguments,
        _apply, Machine.call) flattened, with everything they look up per
        call looked up once, here. Same locks, interrupt protocol, errors,
        output and statistics as the general path.

        The ORDINARY_RECURSION section (deep.py) is entered only around the
        conversions that can recurse as deep as the value is: at a type
        that converts shallowly (hostvalues.converts_shallowly: ints,
        strings, tuples and lists of them...) a conversion is a few frames
        deep whatever the value, so it does not count on the ordinary
        recursion limit, and a deep run raising the limit meanwhile changes
        nothing for it. The machine run is outside any section, as
        UNRESTRICTED made it."""
        call_fields = getattr(self._machine, "call_fields", None)
        if plan is None or call_fields is None:
            return None
        arg_type, result_type = function_parts(ty)
        if function_parts(result_type) is not None:
            return None  # curried: the result is an MLFunction (and a refused argument gets a hint)
        shallow_arg, shallow_result = converts_shallowly(arg_type), converts_shallowly(result_type)
        program, lock = self, self._lock
        plans = self._plans
        filled, weak_fixes = plans._filled, plans.weak_fixes  # (emptied in place, never replaced)
        to_ml, to_python = plan.arg, plan.result
        ok = Status.OK

        def settle_argument(converted: bool) -> None:
            """The end of Plans.arguments: the sharing tables emptied, the
            weak variables fixed on the way fixed for good if the argument
            converted."""
            plans._forget_shared()
            fixes = list(weak_fixes.values())
            weak_fixes.clear()
            if converted:
                _link_weak_fixes(fixes)

        def convert_argument(value):
            try:
                return to_ml(value)
            except BaseException:
                if filled or weak_fixes:
                    settle_argument(False)
                raise

        def fast(value):
            with lock:
                # _interruptible, inline (its docstring says why no interrupt
                # is lost); a call nested in the one in progress is part of it
                nested = program._call_in_progress
                program._call_in_progress = True
                accepted = False
                try:
                    if shallow_arg:
                        arg = convert_argument(value)
                    else:
                        with ORDINARY_RECURSION:
                            arg = _converted(convert_argument, value)
                    if filled or weak_fixes:
                        settle_argument(True)
                    try:
                        fields = call_fields(closure, arg)
                    except ValueError as error:
                        _raise_refused(error)
                    status, result, _message, reductions, output, generating, emitted = fields
                    if output:
                        program._output += output
                    program._last = (reductions, generating, emitted)
                    if status is not ok:
                        with ORDINARY_RECURSION:  # (converting the exception's argument)
                            program._check(Result(*fields))
                    if shallow_result:
                        value = to_python(result)
                    else:
                        with ORDINARY_RECURSION:
                            value = _converted(to_python, result)
                except RecursionError:
                    raise HostValueError(TOO_DEEP_TO_CONVERT) from None
                finally:
                    if not nested:
                        program._call_in_progress = False
                        accepted = ((program._interrupting > 0 or program._interrupt_accepted)
                                    and program._settle_interrupt())
                if accepted:
                    raise MachineFailure(Status.INTERRUPTED, INTERRUPTED_BY)
                return value
        return fast

    # ------------------------------------------------------------- running

    def interrupt(self) -> bool:
        """Stop the call in progress, from any thread, without waiting for
        it: a `call`, `f(x)`, `map` (the calls after the one stopped are not
        made, as on Ctrl-C) or the lookup of a code variable (which runs
        its code), from the moment it holds the program until it returns.
        That call raises MachineFailure with status INTERRUPTED — even if
        its machine run was just ending (its output is kept), unless it
        fails otherwise first (an ML exception, a limit) — and the program
        stays usable. Returns True then; False, doing nothing, when no call
        is in progress (a later call is not affected). A load's top-level
        run cannot be stopped so (the Program exists only after it): bound
        it with max_reductions."""
        with self._interrupt_guard:
            self._interrupting += 1
            try:
                if not self._call_in_progress:
                    return False
                self._interrupt_accepted = True
                self._machine.interrupt()
                return True
            finally:
                self._interrupting -= 1

    def _interruptible(self, run: Callable, *args):
        """run(*args) as the call in progress that interrupt() stops; the
        caller holds self._lock (a call nested in one in progress is part
        of it).

        Why no interrupt is lost or leaks. interrupt() acts only while
        _call_in_progress is set, and decides under _interrupt_guard with
        _interrupting raised; the start and the end of a call are one store
        each (the end of the previous call left _interrupt_accepted False).
        An interrupt() that reads _call_in_progress after the call's end
        stored False (or before its start stored True) sees no call: it
        returns False and sets nothing. One that reads True raised _interrupting
        before, so the end — which stores False, then reads _interrupting and
        _interrupt_accepted — finds one of them set (the accepted flag is
        stored before _interrupting is lowered) and settles under the guard,
        after interrupt() is done. (This takes the statements' order as the
        order the other threads see: what the GIL gives.) An interrupt
        accepted so sets the machine's stop request, which the machine keeps
        pending until its run polls it — so one made while the argument is
        converted, before the machine loop runs, stops the run at its first
        instruction — and makes this call raise INTERRUPTED even if its run
        had already ended. At the end, a request the run did not consume is
        dropped (clear_interrupt) under the guard: no later call sees it.
        The usual call, never interrupted, takes no lock but _lock."""
        if self._call_in_progress:
            return run(*args)
        self._call_in_progress = True
        try:
            value = run(*args)
        finally:
            self._call_in_progress = False
            accepted = (self._interrupting > 0 or self._interrupt_accepted) and self._settle_interrupt()
        if accepted:
            raise MachineFailure(Status.INTERRUPTED, INTERRUPTED_BY)
        return value

    def _settle_interrupt(self) -> bool:
        """At the end of a call: whether an interrupt() was accepted for it
        (its stop request dropped, the flag reset for the next call)."""
        with self._interrupt_guard:
            accepted = self._interrupt_accepted
            if accepted:
                self._interrupt_accepted = False
                self._machine.clear_interrupt()
            return accepted

    def _check(self, result, index: Optional[int] = None) -> None:
        _check(result, index, self._exception_arg, self._deadline)

    def _exception_arg(self, exn) -> Any:
        """The argument of the uncaught exception value `exn`, converted by
        the type its declaration gives it when that is known (found as the
        REPL's printer finds it: valueprint.exception_arg_type) and has no
        type variable; else a string argument (Fail's) as a str, or None."""
        # The type found for an exception name (one Python object per name
        # value of the machine) is kept when it has no type variable (it
        # never gets one): a program raises the same few exceptions.
        known = self._exception_types.get(id(exn.name))
        if known is not None and known[0] is exn.name:
            arg_type = known[1]
        else:
            arg_type = self._exception_type(exn)
        if arg_type is not None:
            try:
                return Converter(self).to_python(exn.arg, arg_type)
            except (RecursionError, HostValueError):  # too deep or too large to convert: kept in
                return make_handle(exn.arg, arg_type, self)  # ML, the exception still reported
        return _string_arg(exn)

    def _exception_type(self, exn):
        """The type of the argument of `exn` (see _exception_arg), None if
        it is unknown or has a type variable."""
        from mlbox.types import free_vars
        from mlbox.valueprint import exception_arg_type, program_exceptions

        if self._exceptions is None:
            self._exceptions = program_exceptions(self._compiled, self._machine.global_value)
        arg_type = exception_arg_type(self._exceptions(exn.name.name.decode("latin-1")),
                                      lambda name_value: exn.name is name_value)
        if arg_type is not None and free_vars(arg_type):
            return None
        # (the name value kept, so that its id is not reused while the entry
        # lives; at most EXCEPTION_TYPES of them: a local exception is a new
        # name each time its declaration runs)
        if len(self._exception_types) >= EXCEPTION_TYPES:
            self._exception_types.clear()
        self._exception_types[id(exn.name)] = (exn.name, arg_type)
        return arg_type

    def _apply(self, closure, arg):
        try:
            with UNRESTRICTED:
                result = self._machine.call(closure, arg)
        except ValueError as error:
            _raise_refused(error)
        if result.output:
            self._output += result.output
        self._last = (result.reductions, result.gen_reductions, result.emitted)
        self._check(result)
        return result.value

    def _apply_many(self, closure, args: list) -> list:
        """Apply `closure` to each of `args` (machine values) in one machine
        entry when the machine offers one (call_many), else call by call.
        Every call is made, each with its own counters and limits (as
        call_many does); then the first call that failed, if any, raises its
        error with its index. The statistics cover every call made."""
        call_many = getattr(self._machine, "call_many", None)
        try:
            with UNRESTRICTED:
                if call_many is not None:
                    results = list(call_many(closure, args))
                else:
                    results = self._call_each(closure, args)
        except ValueError as error:
            _raise_refused(error)
        # One pass per field (comprehensions): this runs once per call of a batch.
        self._output += b"".join([r.output for r in results if r.output])
        reductions = [r.reductions for r in results]
        generating = [r.gen_reductions for r in results]
        emitted = [r.emitted for r in results]
        self._batch = (reductions, generating, emitted)
        self._last = (sum(reductions), sum(generating), sum(emitted))
        ok = Status.OK
        for index, result in enumerate(results):
            if result.status != ok:
                self._check(result, index)
        if len(results) != len(args):  # a machine that stopped early must say so in a Result
            raise MachineFailure(Status.INTERRUPTED, "the batch stopped early", len(results))
        return [r.value for r in results]

    def _call_each(self, closure, args: list) -> list:
        """call_many's results, call by call: Ctrl-C or interrupt() ends the
        batch there, as it ends the C machine's (the calls after it are not
        made)."""
        results = []
        for arg in args:
            result = self._machine.call(closure, arg)
            results.append(result)
            if result.status == Status.INTERRUPTED:
                results += [NOT_MADE] * (len(args) - len(results))
                break
        return results


def _arity(ty) -> int:
    """How many Python arguments a call of a function of type `ty` takes:
    the items of a tuple argument (0 for unit), else 1; -1 for a type
    variable (any number: several stand for a tuple)."""
    arg_type = prune(function_parts(ty)[0])
    if isinstance(arg_type, TTuple):
        return len(arg_type.items)
    return -1 if isinstance(arg_type, TVar) else 1


# A call of a batch that Ctrl-C or interrupt() ended before it, as ccam.cmachine's call_many gives it.
NOT_MADE = Result(Status.INTERRUPTED, None, "interrupted before this call")


@attrs.frozen
class _CallPlan:
    """How to convert a function's argument (Python → machine) and result."""

    arg: Callable[[Any], Any]
    result: Callable[[Any], Any]


HOST_VALUE_OUT_OF_HEAP = "the arguments do not fit under the heap limit with what is live; raise max_heap"
HOST_VALUE_OUT_OF_MEMORY = "the system ran out of memory building the arguments ({reason})"


def _raise_refused(error: ValueError) -> None:
    """Raise the C machine's refusal of an argument it was to build in its
    heap (ccam.cmachine.HostValueError: no room under max_heap, or more
    nodes than it takes) as the API's error; any other ValueError as it is."""
    from ccam.cmachine import HostValueError as MachineRefused

    if not isinstance(error, MachineRefused):
        raise error
    reason = str(error)
    if "the heap limit is reached" in reason:
        raise MachineFailure(Status.HEAP_LIMIT, HOST_VALUE_OUT_OF_HEAP) from None
    if "out of memory" in reason:
        raise MachineFailure(Status.HEAP_LIMIT, HOST_VALUE_OUT_OF_MEMORY.format(reason=reason)) from None
    raise HostValueError(reason) from None


def _converter_to_python(converter: Converter) -> Callable:
    """converter.to_python, run again from the same count of nodes made if
    a first try was too deep (what it converted is kept: it is shared)."""
    nodes = converter.nodes

    def to_python(v, t):
        converter.nodes = nodes
        return converter.to_python(v, t)
    return to_python


def _string_arg(exn) -> Optional[str]:
    """An exception's argument if it is a string (decoded as string results are), else None."""
    arg = getattr(exn, "arg", None)
    return arg.decode("utf-8", "surrogateescape") if isinstance(arg, bytes) else None


def _check(result, index: Optional[int], exception_arg: Callable[[Any], Any],
           deadline: Optional[tuple[float, float]] = None) -> None:
    if result.status == Status.OK:
        return
    if result.status == Status.INTERRUPTED and result.message == DEADLINE_MESSAGE and deadline is not None:
        timeout = deadline[1]
        raise MachineFailure(Status.INTERRUPTED, DEADLINE_PASSED.format(timeout=timeout), index, timeout)
    if result.status == Status.UNCAUGHT:
        exn = result.value
        name = exn.name.name.decode("latin-1") if hasattr(exn, "name") else "?"
        raise MLError(name, exception_arg(exn) if hasattr(exn, "name") else None, index)
    if result.status == Status.INTERRUPTED and result.message == "interrupted":
        raise MachineFailure(Status.INTERRUPTED, INTERRUPTED_BY, index)  # not "INTERRUPTED: interrupted"
    hint = LIMIT_HINTS.get(Status(result.status))
    message = result.message
    if message.startswith(KEPT_OUTPUT_STOP):
        # the machine's advice (an output stream) is not the API's to take
        message, hint = message.split("; ", 1)[0], KEPT_OUTPUT_HINT
    raise MachineFailure(Status(result.status), message + (f"; {hint}" if hint else ""), index)


INTERRUPTED_BY = "stopped by interrupt() or Ctrl-C"
DEADLINE_MESSAGE = "the deadline passed"  # a machine's run stopped by set_deadline
DEADLINE_PASSED = "the deadline passed (timeout={timeout:g} s): the call was stopped"
DEADLINE_WAITED = ("the deadline passed (timeout={timeout:g} s) while the call waited for another "
                   "thread's call to end: it did not run")


def _check_name(name, method: str, kind: str = "function") -> None:
    """A program's lookups (prog.call, prog.function, prog.value, prog[...],
    prog.type_of) take a top-level name: given something else (an
    MLFunction a host meant to call, a position), say what they take — a
    TypeError, as a wrong type of argument is, not NameNotFound."""
    if not isinstance(name, str):
        hint = " (call a handle itself: f(x))" if isinstance(name, Handle) and kind == "function" else ""
        raise TypeError(f"{method} takes the name of a top-level {kind} (a str), "
                        f"not {type(name).__name__}{hint}")


def _checked_timeout(timeout) -> float:
    """A call's `timeout`: a positive finite number of seconds."""
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout is a number of seconds (or None), not {type(timeout).__name__}")
    if not (0 < timeout < math.inf):
        raise ValueError(f"timeout must be a positive finite number of seconds, not {_shown_limit(timeout)}")
    return float(timeout)


class _Deadline:
    """`with _Deadline(program, timeout):` holds the program's lock as a
    call does, with a deadline `timeout` seconds from now for the calls
    made inside: waiting for the lock counts (the timeout bounds how long
    the call takes, from the moment it is made — a request's deadline), and
    a wait that outlasts it raises MachineFailure (DEADLINE_WAITED) without
    running anything. Then the machine's own deadline (set_deadline) stops
    its runs past it, with DEADLINE_PASSED. The machine's deadline is set
    and put back by the thread holding the lock, so it stops this thread's
    calls only, never another's; no timer thread. A nested deadline (a call
    inside a call that has one) keeps the earlier of the two."""

    __slots__ = ("program", "timeout", "deadline", "previous")

    def __init__(self, program: Program, timeout):
        self.program = program
        self.timeout = _checked_timeout(timeout)
        self.deadline = time.monotonic() + self.timeout
        self.previous = None

    def __enter__(self) -> "_Deadline":
        program = self.program
        if not program._lock.acquire(timeout=max(self.deadline - time.monotonic(), 0.0)):
            raise MachineFailure(Status.INTERRUPTED, DEADLINE_WAITED.format(timeout=self.timeout),
                                 timeout=self.timeout)
        try:
            previous = self.previous = program._deadline
            if previous is None or self.deadline < previous[0]:
                program._machine.set_deadline(self.deadline - time.monotonic())
                program._deadline = (self.deadline, self.timeout)
        except BaseException:
            program._lock.release()
            raise
        return self

    def __exit__(self, *exc) -> None:
        program = self.program
        try:
            previous = self.previous
            if program._deadline is not previous:
                program._deadline = previous
                program._machine.set_deadline(None if previous is None else previous[0] - time.monotonic())
        finally:
            program._lock.release()
# A print stopped because the output kept for prog.output would pass
# max_heap (ccam_c/prims.c ccamP_output, ccam/refmachine.py); the rest of
# the machine's message says how many bytes.
KEPT_OUTPUT_STOP = "the kept output would pass the heap limit"
KEPT_OUTPUT_HINT = ("a call's output is kept until the call returns (then it is in prog.output): "
                    "print less in one call, or raise max_heap=BYTES when loading the program")
EXCEPTION_TYPES = 256  # Program._exception_type: the exception names whose types are kept


# How to raise the limit a call stopped at (as `mlbox run` says with its flags).
LIMIT_HINTS = {
    Status.REDUCTION_LIMIT: "raise it with max_reductions=N when loading the program",
    Status.STACK_LIMIT: "raise it with max_stack=N when loading the program",
    Status.HEAP_LIMIT: "raise it with max_heap=BYTES when loading the program",
}


class MLFunction(Handle):
    """An ML function value; calling it converts the arguments by its type
    (several Python arguments stand for a tuple) and the result back.
    It can be passed back to its program wherever a function is expected."""

    def __init__(self, program: Program, closure, ty, name: str = "fn"):
        self.program = program
        self.closure = closure
        self.type = ty
        self.name = name
        self._plan = program._call_plan(ty)
        self._arity = _arity(ty)
        # f(x) of the usual kind, made once here (Program._fast_call), or None
        self._fast = program._fast_call(closure, ty, self._plan)

    # what a Handle passes back
    @property
    def value(self):
        return self.closure

    @property
    def owner(self) -> Program:
        return self.program

    def __repr__(self) -> str:
        return f"<ML function {self.name} : {show_type(self.type)}>"

    def call(self, *args, keep: bool = False, timeout: Optional[float] = None):
        """The function called on `args` (one ML argument: several stand for
        a tuple). `timeout` (seconds): this call's deadline, counted from
        now, waiting for another thread's call included; past it the call
        stops with MachineFailure (INTERRUPTED, the deadline in its message
        and its `timeout`), no other call is affected (see _Deadline)."""
        if len(args) != 1 and len(args) != self._arity and self._arity >= 0:
            raise self._arity_error(len(args))
        fast = self._fast
        if fast is not None and not keep:
            if timeout is None:
                return fast(args[0] if len(args) == 1 else args)
            with _Deadline(self.program, timeout):  # (the lock is held again inside: reentrant)
                return fast(args[0] if len(args) == 1 else args)
        return self._general(*args, keep=keep, timeout=timeout)

    def _general(self, *args, keep: bool = False, timeout: Optional[float] = None):
        """call() for every function and every call (the fast path's
        specification)."""
        if len(args) != 1 and len(args) != self._arity and self._arity >= 0:
            raise self._arity_error(len(args))
        program = self.program
        try:
            # one thread at a time in the machine (see Program.__init__);
            # the conversions count on the ordinary recursion limit (deep.py),
            # and go to the deep stack past it (_converted)
            with program._holding(timeout), ORDINARY_RECURSION:
                return program._interruptible(self._call, args, keep)
        except RecursionError:
            raise HostValueError(TOO_DEEP_TO_CONVERT) from None
        except HostValueError as err:
            if len(args) > 1 and self._curried(len(args)):
                raise HostValueError(f"{err}; {self.name} is curried ({show_type(self.type)}): "
                                     f"pass its arguments one at a time, f(a)(b)") from None
            raise

    def _call(self, args: tuple, keep: bool):
        program = self.program
        value = args[0] if len(args) == 1 else args
        plan = self._plan
        if plan is None:  # polymorphic: the type variables are fixed by this call's argument
            arg_type, result_type = function_parts(self.type)

            def convert_argument():
                converter = Converter(program)  # (afresh if the first try was too deep)
                return converter, converter.argument(value, arg_type)
            converter, arg = _converted(convert_argument)
            result = program._apply(self.closure, arg)
            converter.weaken_open(result_type)
            if keep:
                return make_handle(result, converter.resolved(result_type), program)
            return program._wrap(_converted(_converter_to_python(converter), result, result_type))
        [arg] = _converted(program._plans.arguments, plan.arg, (value,))
        result = program._apply(self.closure, arg)
        if keep:
            return make_handle(result, function_parts(self.type)[1], program)
        return _converted(plan.result, result)

    def _arity_error(self, given: int) -> HostValueError:
        """f(), f(a, b) for a function whose argument is not a tuple of that
        many items (nor unit, for f())."""
        arg_type = prune(function_parts(self.type)[0])
        if isinstance(arg_type, TTuple) and not arg_type.items:
            takes = "(), passed as f()"
        elif isinstance(arg_type, TTuple):
            takes = f"a tuple of {len(arg_type.items)}, passed as f(a, b) or f((a, b))"
        else:
            takes = f"of ML type {show_type(arg_type)}"
        error = HostValueError(f"{self.name} : {show_type(self.type)} takes one argument ({takes}); "
                               f"{'none was' if given == 0 else f'{given} were'} given "
                               "(an ML function takes one argument: a tuple is one)")
        if given > 1 and self._curried(given):
            error = HostValueError(f"{error}; {self.name} is curried ({show_type(self.type)}): "
                                   f"pass its arguments one at a time, f(a)(b)")
        return error

    def _curried(self, nargs: int) -> bool:
        """Whether several Python arguments were probably meant one at a
        time: the function's result is a function and its argument is not
        a tuple of that many items."""
        arg_type, result_type = function_parts(self.type)
        arg_type = prune(arg_type)
        return function_parts(result_type) is not None and not (
            isinstance(arg_type, TTuple) and len(arg_type.items) == nargs)

    __call__ = call  # f(x) is f.call(x), without a second Python call per call

    def map(self, args: Iterable, *, keep: bool = False, timeout: Optional[float] = None) -> list:
        """Call the function on each element of `args`, any iterable (each
        one argument: a tuple for a function of a tuple), converting every argument first and
        entering the machine once for all the calls. Returns the results in
        order; `program.last_batch_stats` has each call's reductions and
        `program.last_stats` their sum. Results and reductions are those
        of the same calls made one at a time. `timeout` (seconds) is the
        batch's deadline, as a call's (see call): the call it stops raises
        MachineFailure with its `index`; the calls after it are not made."""
        with self.program._holding(timeout), ORDINARY_RECURSION:
            return self.program._interruptible(self._map, args, keep)

    def _map(self, args: Iterable, keep: bool) -> list:
        if not isinstance(args, (list, tuple)):
            args = list(args)  # read once: a generator was consumed by counting it, then gave no calls
        try:
            plan = self._plan
            arg_type, result_type = function_parts(self.type)
            if plan is None:
                converters, ml_args = _converted(self._polymorphic_arguments, args, arg_type)
            else:
                ml_args = _converted(self.program._plans.arguments, plan.arg, args, True)
            results = self.program._apply_many(self.closure, ml_args)
            if plan is None:
                for converter in converters:
                    converter.weaken_open(result_type)
            if keep:
                if plan is None:  # typed at each call's instance, as `call` types a kept result
                    return [make_handle(r, c.resolved(result_type), self.program) for c, r in zip(converters, results)]
                return [make_handle(r, result_type, self.program) for r in results]
            if plan is None:
                return [self.program._wrap(_converted(_converter_to_python(c), r, result_type))
                        for c, r in zip(converters, results)]
            convert = plan.result
            return _converted(lambda: [convert(r) for r in results])
        except RecursionError:
            raise HostValueError(TOO_DEEP_TO_CONVERT) from None
        except HostValueError as error:
            if error.index is None:
                raise
            # which of (maybe) a million arguments is the bad one
            batch_error = HostValueError(f"{error}{BATCH_ARGUMENT.format(index=error.index)}")
            batch_error.index = error.index
            raise batch_error from None

    def _polymorphic_arguments(self, args, arg_type) -> tuple[list, list]:
        """A batch's Converters (one a call) and its arguments converted by
        them, at a polymorphic function's argument type."""
        weak_fixes: dict = {}  # one weak variable has one type in the whole batch
        converters = [Converter(self.program, weak_fixes=weak_fixes) for _ in args]
        ml_args = []
        try:
            for c, a in zip(converters, args):
                ml_args.append(c.to_ml(a, arg_type))
        except HostValueError as error:
            error.index = len(ml_args)
            raise
        if converters:  # all converted: the calls will be made (unless a settle refuses)
            for converter in converters:
                converter.settle_weak()
            converters[0].commit_weak_fixes()
        return converters, ml_args

    @property
    def last_stats(self) -> Stats:
        return self.program.last_stats
