"""The driver: composes the phases (parse → check → compile → run). It holds
no logic of its own beyond linking a program after the prelude, which is
compiled once per process.

A compiled program's code is the prelude's code (which sets the prelude's
globals) followed by the program's; its globals are the built-in
exceptions, then the prelude's bindings, then the program's.
"""

from __future__ import annotations

import os
import sys
from typing import Optional

import attrs

from ccam.instructions import Program
from mlbox import basis
from mlbox.compiler import Compiler, Globals, Unit_
from mlbox.diagnostics import CompileError, Diagnostic, Source

PRELUDE_PATH = os.path.join(os.path.dirname(__file__), "prelude.sml")

# Basis names that are not ML identifiers, and the prelude's names for them
# (the other prelude names are the basis names with '.' replaced by '_').
PRELUDE_NAMES = {"@": "append", "o": "compose", "before": "before_"}

MACHINES = ("c", "py")
NO_C_MACHINE_NOTE = "mlbox: note: the C machine is not available, using the Python machine"


def prelude_name(basis_name: str) -> str:
    return PRELUDE_NAMES.get(basis_name, basis_name.replace(".", "_"))


@attrs.frozen
class CompiledPrelude:
    code: tuple
    globals: Globals


@attrs.frozen
class Compiled:
    """A compiled program and the warnings its compilation gave."""

    program: Program
    warnings: tuple[Diagnostic, ...] = ()
    elaboration: object = None


_prelude: Optional[CompiledPrelude] = None


def front_end(source: Source, env=None, *, prelude: bool = False):
    """Parse and check; raise CompileError (with the warnings too) on errors."""
    from mlbox.checker import check_program
    from mlbox.parser import parse_program

    program = parse_program(source)
    result = check_program(program, source, env, prelude=prelude)
    if not result.ok:
        raise CompileError(result.diagnostics)
    return program, result


def compiled_prelude() -> CompiledPrelude:
    """The prelude, compiled on first use."""
    global _prelude
    if _prelude is None:
        with open(PRELUDE_PATH, encoding="utf-8") as f:
            source = Source(PRELUDE_PATH, f.read())
        program, result = front_end(source, prelude=True)
        globals_ = Globals()
        code = Compiler(Unit_(result.elaboration.refs, globals_)).program(program.decs)
        defined = {b.name: b.binder for b in result.elaboration.toplevel if b.kind == "val"}
        for name, (_, impl) in basis.VALUES.items():
            if impl == ("prelude",):
                binder = defined.get(prelude_name(name))
                if binder is None:
                    raise AssertionError(f"the prelude does not define {prelude_name(name)} (for {name})")
                globals_.prelude[name] = globals_.by_binder[binder]
        # The prelude's AST is gone after this function: its node ids may be
        # reused by a later program's nodes, so they must not stay as keys.
        globals_.by_binder.clear()
        _prelude = CompiledPrelude(tuple(code), globals_)
        del program
    return _prelude


def compile_source(source: Source) -> Compiled:
    """Parse, check and compile a program (linked after the prelude)."""
    program, result = front_end(source)
    pre = compiled_prelude()
    globals_ = pre.globals.copy()
    code = Compiler(Unit_(result.elaboration.refs, globals_)).program(program.decs)
    linked = Program(pre.code + tuple(code), len(globals_.names), tuple(globals_.names))
    return Compiled(linked, tuple(result.warnings), result.elaboration)


def c_machine_available() -> bool:
    try:
        import ccam.cmachine  # noqa: F401
    except Exception:
        return False
    try:
        return bool(getattr(ccam.cmachine, "available", lambda: True)())
    except Exception:
        return False


def machine_class(name: Optional[str]):
    """The Machine class for `name` ("c", "py", or None for the default: c
    when the C extension imports, else py with a note on stderr)."""
    if name == "py":
        from ccam.refmachine import Machine

        return Machine
    if name == "c":
        from ccam.cmachine import Machine

        return Machine
    if c_machine_available():
        from ccam.cmachine import Machine

        return Machine
    print(NO_C_MACHINE_NOTE, file=sys.stderr)
    from ccam.refmachine import Machine

    return Machine


def run_program(program: Program, *, machine: Optional[str] = "py", out=None, **limits):
    """Run a compiled program; returns the machine's Result."""
    cls = machine_class(machine)
    return cls(program, out=out, **{k: v for k, v in limits.items() if v is not None}).run()
