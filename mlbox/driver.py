"""The driver: composes the phases (parse → check → compile → run). It holds
no logic of its own beyond linking a program after the prelude, which is
compiled once and cached on disk (mlbox/prelude_cache.py).

A compiled program's code is the part of the prelude's code that it needs
(the top-level declarations that set the prelude globals the program reads,
and what those read in turn; see link_prelude) followed by the program's;
its globals are the built-in exceptions, then the prelude's bindings, then
the program's. Linking only what is used keeps a program's reduction count
its own: a prelude definition the program never reads costs it nothing.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Optional

import attrs

from ccam.instructions import Program
from mlbox import basis
from mlbox.compiler import Compiler, Globals, Unit_
from mlbox.deep import check_code_depth, check_nesting, too_deep, with_deep_stack
from mlbox.diagnostics import CompileError, Diagnostic, Source

PRELUDE_PATH = os.path.join(os.path.dirname(__file__), "prelude.sml")

# Basis names that are not ML identifiers, and the prelude's names for them
# (the other prelude names are the basis names with '.' replaced by '_').
PRELUDE_NAMES = {"@": "append", "List.@": "append", "o": "compose", "before": "before_", "Word.~": "Word_neg"}

MACHINES = ("c", "py")
NO_C_MACHINE_NOTE = "mlbox: note: the C machine is not available, using the Python machine"


def prelude_name(basis_name: str) -> str:
    return PRELUDE_NAMES.get(basis_name, basis_name.replace(".", "_"))


@attrs.frozen
class CompiledPrelude:
    globals: Globals
    segments: tuple  # of prelude_cache.Segment, in declaration order

    @property
    def code(self) -> tuple:
        """The whole prelude (the REPL starts from all of it)."""
        return tuple(ins for segment in self.segments for ins in segment.code)


@attrs.frozen
class Compiled:
    """A compiled program and the warnings its compilation gave."""

    program: Program
    warnings: tuple[Diagnostic, ...] = ()
    elaboration: object = None
    # binders of the top-level `cogen u = lift e` whose slot holds e's value
    # itself; any other code variable's slot holds its generator
    lifted: frozenset = frozenset()
    # the fixity of identifiers at the program's end (as the parser
    # records it; None: the initial one), to print its values
    fixity: Optional[dict] = None


_prelude: Optional[CompiledPrelude] = None
_prelude_lock = threading.Lock()


def front_end(source: Source, env=None, *, prelude: bool = False, fixity: Optional[dict] = None):
    """Parse and check; raise CompileError (with the warnings too) on errors."""
    from mlbox.checker import check_program
    from mlbox.parser import parse_program

    program = parse_program(source, fixity)
    check_nesting(program.decs)
    try:
        result = check_program(program, source, env, prelude=prelude)
    except RecursionError:
        raise too_deep(program.decs) from None
    if not result.ok:
        raise CompileError(result.diagnostics)
    return program, result


def compiled_prelude() -> CompiledPrelude:
    """The prelude, compiled on first use in a process: read from the
    on-disk cache (mlbox/prelude_cache.py) when it holds the prelude of
    the current sources, else compiled and cached."""
    global _prelude
    if _prelude is not None:
        return _prelude
    with _prelude_lock:  # threads loading their first programs at once build it once
        return _compiled_prelude_once()


def _compiled_prelude_once() -> CompiledPrelude:
    global _prelude
    if _prelude is None:
        from mlbox import prelude_cache

        cached = prelude_cache.load_or_build(PRELUDE_PATH, _compile_prelude)
        # by_binder stays empty: the prelude's binders are node ids of an
        # AST that is gone (see _compile_prelude).
        globals_ = Globals(list(cached.names), {}, dict(cached.prelude))
        _prelude = CompiledPrelude(globals_, cached.segments)
    return _prelude


def link_prelude(code) -> tuple:
    """The prelude code that a program's `code` needs: every top-level
    declaration of the prelude that sets a global read by the program or by
    another needed declaration (and any that sets none, for its effects), in
    the prelude's order. A declaration reads only globals set before it or by
    itself, so one pass from the last declaration back finds them all."""
    from mlbox.prelude_cache import Segment

    needed = Segment.of(tuple(code)).reads
    chosen = []
    for segment in reversed(compiled_prelude().segments):
        if not segment.sets or segment.sets & needed:
            chosen.append(segment)
            needed = needed | segment.reads
    return tuple(ins for segment in reversed(chosen) for ins in segment.code)


def prelude_prefix_length(code) -> int:
    """How many instructions at the start of `code` are linked prelude
    declarations (for the disassembler, which leaves them out). Greedy is
    exact: a program's own declarations set slots no prelude segment sets."""
    at = 0
    for segment in compiled_prelude().segments:
        if tuple(code[at:at + len(segment.code)]) == segment.code:
            at += len(segment.code)
    return at


def _compile_prelude():
    """Parse, check and compile mlbox/prelude.sml."""
    from mlbox.prelude_cache import CachedPrelude, Segment

    with open(PRELUDE_PATH, encoding="utf-8") as f:
        source = Source(PRELUDE_PATH, f.read())
    program, result = front_end(source, prelude=True)
    globals_ = Globals()
    compiler = Compiler(Unit_(result.elaboration.refs, globals_))
    segments = []
    for dec in program.decs:
        code = tuple(compiler.program([dec]))
        if code:  # (a declaration may have no code)
            segments.append(Segment.of(code))
    defined = {b.name: b.binder for b in result.elaboration.toplevel if b.kind == "val"}
    for name, (_, impl) in basis.VALUES.items():
        if impl == ("prelude",):
            binder = defined.get(prelude_name(name))
            if binder is None:
                raise AssertionError(f"the prelude does not define {prelude_name(name)} (for {name})")
            globals_.prelude[name] = globals_.by_binder[binder]
    declared_exns = {b.name: b.binder for b in result.elaboration.toplevel if b.kind == "exn"}
    for name, (declared, _arg) in basis.PRELUDE_EXCEPTIONS.items():
        if declared not in declared_exns:
            raise AssertionError(f"the prelude does not declare exception {declared} (for {name})")
        globals_.prelude[name] = globals_.by_binder[declared_exns[declared]]
    # Only names and slots leave this function: the prelude's AST is gone
    # after it, and its node ids (the keys of by_binder) may be reused by
    # a later program's nodes.
    return CachedPrelude(tuple(globals_.names), dict(globals_.prelude), tuple(segments))


def _translate(compiler: Compiler, decs) -> list:
    """⟦decs⟧ (a RecursionError on a pathologically deep program becomes a diagnostic)."""
    try:
        code = compiler.program(decs)
    except RecursionError:
        raise too_deep(decs) from None
    check_code_depth(code, decs)
    return code


@with_deep_stack
def compile_source(source: Source) -> Compiled:
    """Parse, check and compile a program (linked after the prelude)."""
    program, result = front_end(source)
    pre = compiled_prelude()
    globals_ = pre.globals.copy()
    unit = Unit_(result.elaboration.refs, globals_)
    code = _translate(Compiler(unit), program.decs)
    linked = Program(link_prelude(code) + tuple(code), len(globals_.names), tuple(globals_.names))
    return Compiled(linked, tuple(result.warnings), result.elaboration, frozenset(unit.lifted), program.fixity)


def c_machine_problem() -> Optional[str]:
    """Why the C machine cannot be used (its extension is missing or stale),
    or None when it can."""
    try:
        import ccam.cmachine  # noqa: F401
    except ImportError as err:
        return str(err)
    return None


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


# ------------------------------------------------------------ incremental compilation (the REPL)


@attrs.frozen
class CompiledInput:
    """One REPL input, checked and compiled against the session so far.
    `program` holds only this input's code (to be run with `run_more` on the
    session's machine); `env` is the checker environment after it, which
    the session adopts only when the input ran successfully."""

    program: Program
    warnings: tuple[Diagnostic, ...]
    elaboration: object
    env: object
    decs: tuple
    fixity: Optional[dict] = None


class Incremental:
    """Compiles a sequence of inputs that see each other's top-level
    bindings: one checker environment carried from input to input, one
    global table shared by all of them (mlbox/repl.py).

    Every parsed input is kept alive for the whole session: the checker's
    and compiler's tables are keyed by id() of AST nodes, and an id freed
    by a discarded input could otherwise be reused by a later node."""

    def __init__(self):
        from mlbox.checker import initial_env

        pre = compiled_prelude()
        self.globals = pre.globals.copy()
        self.env = initial_env()
        # binders of top-level `cogen u = lift e` of every input so far: a
        # later input's use of u must know that u's slot holds the value
        self.lifted: set[int] = set()
        self._inputs: list = []
        self.prelude = Program(pre.code, len(self.globals.names), tuple(self.globals.names))
        # the top-level fixity of identifiers (infix declarations persist
        # from input to input); None: the initial basis's
        self.fixity: Optional[dict] = None
        # the types of the bindings so far that checking may still change
        # (with a weak or overloaded variable): only they need a snapshot,
        # so that an input costs time in its own size, not the session's
        self._unsettled: list = self.env.types()
        self.settle_types()

    def _unit(self, refs: dict) -> Unit_:
        unit = Unit_(refs, self.globals)
        unit.lifted = self.lifted
        return unit

    @with_deep_stack
    def check(self, source: Source):
        """Parse and check an input against the current environment (not
        adopting it); raises CompileError. Checking may instantiate weak
        type variables of earlier bindings: unless the input is adopted,
        `rollback` must follow."""
        try:
            program, result = front_end(source, self.env, fixity=self.fixity)
        except BaseException:
            self.rollback()
            raise
        self._inputs.append(program)
        return program, result

    @with_deep_stack
    def compile(self, source: Source) -> CompiledInput:
        """Check and compile one input; raises CompileError. Its globals are
        allocated in the shared table at once (a failed run leaves them
        unused; the machine's table grows to match anyway)."""
        program, result = self.check(source)
        code = _translate(Compiler(self._unit(result.elaboration.refs)), program.decs)
        compiled = Program(tuple(code), len(self.globals.names), tuple(self.globals.names))
        return CompiledInput(compiled, tuple(result.warnings), result.elaboration, result.env, program.decs,
                             program.fixity)

    @with_deep_stack
    def compile_expression(self, exp, elaboration) -> list:
        """The ordinary code ⟦e⟧ of an expression checked by `check` (as the
        only declaration of its input), in the empty environment."""
        from mlbox.layout import root

        try:
            code = Compiler(self._unit(elaboration.refs)).exp(exp, root())
        except RecursionError:
            raise too_deep(exp) from None
        check_code_depth(code, exp)
        return code

    def adopt(self, compiled: CompiledInput) -> None:
        """Make an input's bindings visible to the inputs after it (and the
        way it fixed weak type variables of earlier ones)."""
        earlier, self.env = self.env, compiled.env
        self.fixity = compiled.fixity
        self._unsettled.extend(self.env.types(since=earlier))
        self.settle_types()

    def settle_types(self) -> None:
        """Keep how the inputs checked since the last `adopt` fixed weak type
        variables of earlier bindings, whatever becomes of their bindings:
        called before running code, because code that runs may store values
        of those types (`r := [1]` before an uncaught exception), and
        undoing the instantiation then would let a later input read them at
        another type."""
        from mlbox.types import Snapshot, is_settled

        self._unsettled = [t for t in self._unsettled if not is_settled(t)]
        self._committed = Snapshot(self._unsettled)

    def rollback(self) -> None:
        """Undo what checking inputs since the last `adopt` or `settle_types`
        did to the types of the environment's bindings (an input that did
        not check, a command that only checked an expression)."""
        self._committed.restore()

    def slot(self, binder: int) -> Optional[int]:
        """The global slot of a top-level binder (None if it has none)."""
        return self.globals.by_binder.get(binder)
