"""The embedding API (SPEC §5): load an ML□ program, look up its top-level
values, call them with Python values, get Python values back, with
reduction counts per call.

    from mlbox import api
    prog = api.load("examples/bpf.sml", machine="c")
    decoded = prog.function("load").call([(0x28, 0, 0, 12), ...], keep=True)
    spec = prog.call("specialise", decoded)     # an MLFunction
    spec((packet_bytes, wirelen))               # -> int
    prog.last_stats                             # Stats(reductions=..., generating=..., ...)

Values convert by the ML type of the value called (mlbox/hostvalues.py
has the table). Errors are APIError subclasses: CompileFailed (with the
rendered diagnostics), NameNotFound, HostValueError (a Python value that
cannot stand for the ML type), MLError (an uncaught ML exception, with its
name), MachineFailure (a limit reached, or a machine error).
"""

from __future__ import annotations

import os
from typing import Optional

import attrs

from ccam.instructions import Status
from mlbox.diagnostics import CompileError, Source, render_all
from mlbox.hostvalues import NO_ARG, Converter, Data, HostValueError, MLValue, function_parts, show_type

__all__ = ["load", "load_source", "Program", "MLFunction", "MLValue", "Data", "NO_ARG", "Stats", "APIError",
           "CompileFailed", "NameNotFound", "HostValueError", "MLError", "MachineFailure", "default_machine"]

MACHINES = ("c", "py")


class APIError(Exception):
    """Base class of the API's errors."""


class CompileFailed(APIError):
    def __init__(self, rendered: str, diagnostics=()):
        super().__init__(rendered)
        self.diagnostics = tuple(diagnostics)


class NameNotFound(APIError, KeyError):
    def __str__(self) -> str:
        return self.args[0]


class MLError(APIError):
    """An ML exception that escaped the call: `name` is the exception's
    name (`Div`, `Subscript`, `Fail`, or the program's own)."""

    def __init__(self, name: str, arg_text: str = ""):
        super().__init__(f"uncaught exception {name}" + (f" {arg_text}" if arg_text else ""))
        self.name = name


class MachineFailure(APIError):
    """The machine stopped without a value: a limit or a machine error."""

    def __init__(self, status: Status, message: str):
        super().__init__(f"{status.name}: {message}" if message else status.name)
        self.status = status


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
    if not os.path.exists(path):
        raise APIError(f"{path}: no such file")
    if path.endswith(".ccam"):
        raise APIError(f"{path}: loading bytecode through the API needs the type of each top-level value; "
                       "load the source (.sml) instead")
    with open(path, encoding="utf-8") as f:
        return load_source(f.read(), name=path, machine=machine, **limits)


def load_source(text: str, *, name: str = "<source>", machine: Optional[str] = None, **limits) -> "Program":
    """Type-check, compile and run (its top-level declarations) a program text."""
    from mlbox import driver

    machine = machine or default_machine()
    if machine not in MACHINES:
        raise APIError(f"unknown machine {machine!r} (choose c or py)")
    source = Source(name, text)
    try:
        compiled = driver.compile_source(source)
    except CompileError as error:
        raise CompileFailed(render_all(error.diagnostics, source), error.diagnostics) from None
    return Program(compiled, machine, limits)


class Program:
    """A loaded program: its top-level values, on one machine."""

    def __init__(self, compiled, machine: str, limits: dict):
        from mlbox import driver

        self.machine_name = machine
        self._compiled = compiled
        self._machine = driver.machine_class(machine)(compiled.program, **{k: v for k, v in limits.items()
                                                                            if v is not None})
        result = self._machine.run()
        self.output = result.output
        self.last_stats = Stats(result.reductions, result.gen_reductions, result.emitted)
        _check(result)
        # The driver's Compiled does not carry the binder -> slot table, so a
        # top-level name is found as the last global slot of that name: the
        # program's slots follow the prelude's, and a later binding of a name
        # gets a later slot than an earlier one.
        self._slots = {name: slot for slot, name in enumerate(compiled.program.global_names)}
        self._bindings = {b.name: b for b in compiled.elaboration.toplevel if b.kind in ("val", "cogen")}

    # -------------------------------------------------------------- lookup

    def names(self) -> list[str]:
        return list(self._bindings)

    def type_of(self, name: str) -> str:
        return self._binding(name).type

    def _binding(self, name: str):
        binding = self._bindings.get(name)
        if binding is None:
            raise NameNotFound(f"no top-level value {name!r} in the program")
        return binding

    def _raw(self, name: str):
        binding = self._binding(name)
        return self._machine.global_value(self._slots[name]), binding.scheme

    def value(self, name: str, *, keep: bool = False):
        """The top-level value `name`, converted to Python (functions become MLFunction)."""
        raw, ty = self._raw(name)
        if keep:
            return MLValue(raw, ty, self)
        return self._wrap(Converter(self).to_python(raw, ty))

    def __getitem__(self, name: str):
        return self.value(name)

    def function(self, name: str) -> "MLFunction":
        raw, ty = self._raw(name)
        if function_parts(ty) is None:
            raise APIError(f"{name} is not a function: it has type {show_type(ty)}")
        return MLFunction(self, raw, ty, name)

    def call(self, name: str, *args, keep: bool = False):
        return self.function(name).call(*args, keep=keep)

    def _wrap(self, value):
        if isinstance(value, MLValue) and function_parts(value.type) is not None:
            return MLFunction(self, value.value, value.type)
        return value

    # ------------------------------------------------------------- running

    def _apply(self, closure, arg):
        result = self._machine.call(closure, arg)
        self.output += result.output
        self.last_stats = Stats(result.reductions, result.gen_reductions, result.emitted)
        _check(result)
        return result.value


def _check(result) -> None:
    if result.status == Status.OK:
        return
    if result.status == Status.UNCAUGHT:
        exn = result.value
        name = exn.name.name.decode("latin-1") if hasattr(exn, "name") else "?"
        arg = exn.arg if hasattr(exn, "arg") else None
        raise MLError(name, arg.decode("utf-8", "replace") if isinstance(arg, bytes) else "")
    raise MachineFailure(Status(result.status), result.message)


class MLFunction:
    """An ML function value; calling it converts the arguments by its type
    (several Python arguments stand for a tuple) and the result back."""

    def __init__(self, program: Program, closure, ty, name: str = "fn"):
        self.program = program
        self.closure = closure
        self.type = ty
        self.name = name

    def __repr__(self) -> str:
        return f"<ML function {self.name} : {show_type(self.type)}>"

    def __call__(self, *args):
        return self.call(*args)

    def call(self, *args, keep: bool = False):
        arg_type, result_type = function_parts(self.type)
        converter = Converter(self.program)
        value = args[0] if len(args) == 1 else tuple(args)
        ml_arg = converter.to_ml(value, arg_type)
        result = self.program._apply(self.closure, ml_arg)
        if keep:
            return MLValue(result, result_type, self.program)
        return self.program._wrap(converter.to_python(result, result_type))

    @property
    def last_stats(self) -> Stats:
        return self.program.last_stats
