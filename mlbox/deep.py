"""Deeply nested programs: a bound on nesting, and room to reach it.

The front end and both translations are recursive over the syntax tree
(and the checker over types), so a program nested thousands of levels deep
(a chain `1 + 1 + ... + 1`, 10,000 nested `fn`s) needs that many Python
frames per pass. Two things make that safe:

- `check_nesting` measures a parsed program's depth without recursion and
  rejects one nested more than MAX_NESTING levels with a diagnostic at
  the first node beyond the bound (`FILE:LINE:COL: error: ...`), before
  any recursive pass sees it.
- `with_deep_stack` runs a phase in a thread with a large C stack
  (STACK_BYTES; only the pages touched are ever committed) and a Python
  recursion limit to match (RECURSION_LIMIT), enough for every pass on a
  program at the bound. The machine itself never runs there: only the
  main thread may take Ctrl-C (ccam/cmachine.py).

Anything deeper than the passes can follow even so (a type whose depth
grows faster than the program's, through polymorphism) ends as a
RecursionError inside the thread, which becomes the diagnostic TOO_DEEP
(located at the program's deepest node), never a traceback.
"""

from __future__ import annotations

import functools
import sys
import threading
from typing import Callable, Optional, TypeVar

from mlbox.diagnostics import CompileError, Diagnostic
from mlbox.syntax import NOSPAN, Span, child_fields, is_node, node_count

MAX_NESTING = 20_000
# Measured: the deepest pass (compiling a left-nested `+` chain) takes about
# 6 frames per level; each frame needs well under 2 KB of C stack when it
# goes through C (generator expressions, attrs' __eq__/__hash__).
RECURSION_LIMIT = 20 * MAX_NESTING + 10_000
STACK_BYTES = 1 << 30

TOO_NESTED = "this program is nested too deeply: more than {limit} levels of expressions, patterns or types"
TOO_DEEP = ("this program is too deeply nested for mlbox to compile "
            "(a type or expression more than about {limit} levels deep)")
NESTING_NOTE = "mlbox handles up to {limit} levels; split the expression with `let val` bindings"

T = TypeVar("T")

class _ThreadState(threading.local):
    """Each thread's: (class attributes as defaults: a missing attribute of a
    threading.local costs an AttributeError, a microsecond per API call)."""

    inside = False  # this thread has the deep stack
    ordinary = 0  # how deeply nested in ORDINARY_RECURSION sections
    paused: list  # the sections' depths UNRESTRICTED stretches put aside

    def __init__(self) -> None:
        self.paused = []


_local = _ThreadState()


def _children(value) -> list:
    """The syntax nodes directly inside a node (through tuples and lists)."""
    out = []
    pending = [getattr(value, name) for name in reversed(child_fields(type(value)))]
    while pending:
        item = pending.pop()
        if isinstance(item, (tuple, list)):
            pending.extend(item)
        elif is_node(type(item)):
            out.append(item)
    return out


def deepest(roots) -> tuple[int, Optional[object]]:
    """The depth of the deepest syntax node under `roots` (a node or a
    sequence of them) and the first node found at depth MAX_NESTING + 1
    (None if there is none). Iterative: it must work on any depth.
    (_children inlined, with a node's child fields and the classes known
    to be nodes looked up in local dicts: every compilation walks every
    node here once, and the calls were most of the time.)"""
    stack = [(node, 1) for node in (roots if isinstance(roots, (tuple, list)) else [roots])]
    depth_max = 0
    fields_of: dict = {}  # node class -> child_fields, in the order _children visits them
    node_class: dict = {}  # class -> is_node
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            return depth, node
        if depth > depth_max:
            depth_max = depth
        cls = type(node)
        names = fields_of.get(cls)
        if names is None:
            names = fields_of[cls] = tuple(reversed(child_fields(cls)))
        children = []
        pending = [getattr(node, name) for name in names]
        while pending:
            item = pending.pop()
            t = type(item)
            if t is tuple or t is list or isinstance(item, (tuple, list)):
                pending.extend(item)
            else:
                known = node_class.get(t)
                if known is None:
                    known = node_class[t] = is_node(t)
                if known:
                    children.append(item)
        depth += 1
        stack.extend([(child, depth) for child in children])
    return depth_max, None


def _span_of(node) -> Span:
    """A node's span, or the first span found inside it (some nodes, such as
    a declaration sequence, have none of their own)."""
    pending = [node]
    while pending:
        item = pending.pop()
        span = getattr(item, "span", None)
        if isinstance(span, Span) and span.line > 0:
            return span
        pending.extend(_children(item))
    return NOSPAN


def check_nesting(roots) -> None:
    """Raise CompileError if the syntax under `roots` is nested more than
    MAX_NESTING levels deep."""
    _depth, culprit = deepest(roots)
    if culprit is not None:
        raise CompileError([Diagnostic("error", TOO_NESTED.format(limit=MAX_NESTING), _span_of(culprit),
                                       (NESTING_NOTE.format(limit=MAX_NESTING),))])


def too_deep(roots=()) -> CompileError:
    """The diagnostic for a RecursionError in a pass, located at the deepest
    node of `roots` when they are known."""
    span = NOSPAN
    if roots:
        stack = [(node, 1) for node in (roots if isinstance(roots, (tuple, list)) else [roots])]
        best = 0
        while stack:
            node, depth = stack.pop()
            if depth > best:
                best, span = depth, _span_of(node)
            stack.extend((child, depth + 1) for child in _children(node))
    return CompileError([Diagnostic("error", TOO_DEEP.format(limit=MAX_NESTING), span)])


CODE_TOO_DEEP = ("this program compiles to code blocks nested {depth} deep, more than the {limit} "
                 "a .ccam program may have (each `fn`, `if` branch, `case` arm and `code` opens one)")


CODE_TOO_LONG = ("this program compiles to a code block of {length:,} instructions, more than the {limit:,} "
                 "a .ccam program may have; split this declaration, its largest, into smaller functions")


def code_depth(code) -> int:
    """How deeply a program's sub-programs nest (the main program is 1),
    counted as the bytecode format counts it, without recursion."""
    return code_shape(code)[0]


def code_shape(code) -> tuple[int, int]:
    """(how deeply the sub-programs nest, the length of the longest
    program), both as the bytecode format counts them, without recursion."""
    from ccam.instructions import NESTED, PROG, PROGS

    deepest_seen = longest = 0
    stack = [(code, 1)]
    while stack:
        prog, depth = stack.pop()
        deepest_seen = max(deepest_seen, depth)
        longest = max(longest, len(prog))
        for ins in prog:
            pending = [ins]
            while pending:
                one = pending.pop()
                # (only the operands that hold code: most instructions have none)
                for i, kind in NESTED[one.op]:
                    operand = one.args[i]
                    if kind == PROG:
                        stack.append((operand, depth + 1))
                    elif kind == PROGS:
                        stack.extend((p, depth + 1) for p in operand)
                    else:  # INSTR
                        pending.append(operand)
    return deepest_seen, longest


def _largest(roots):
    """The root with the most syntax nodes (a node or a sequence of them)."""
    if not isinstance(roots, (tuple, list)):
        return roots
    return max(roots, key=lambda root: node_count(root, sys.maxsize), default=None)


def check_code_depth(code, roots) -> None:
    """Raise CompileError if compiled code nests deeper, or has a longer
    program, than the bytecode format allows (ccam/bytecode.py MAX_DEPTH,
    MAX_PROGRAM_LENGTH); too deep is located at the deepest node of `roots`
    (the program's declarations), too long at the largest declaration, which
    the message tells to split (which declaration a block comes from is not
    kept, and the top-level block is all of them)."""
    from ccam import bytecode

    depth, longest = code_shape(code)
    if depth > bytecode.MAX_DEPTH:
        located = too_deep(roots).diagnostics[0].span
        raise CompileError([Diagnostic("error", CODE_TOO_DEEP.format(depth=depth, limit=bytecode.MAX_DEPTH),
                                       located)])
    if longest > bytecode.MAX_PROGRAM_LENGTH:
        largest = _largest(roots)
        raise CompileError([Diagnostic("error", CODE_TOO_LONG.format(length=longest,
                                                                     limit=bytecode.MAX_PROGRAM_LENGTH),
                                       NOSPAN if largest is None else _span_of(largest))])


def with_deep_stack(fn: Callable[..., T]) -> Callable[..., T]:
    """Decorate a phase so that it runs with the deep stack (in a helper
    thread, unless this thread has it already); its result or exception
    comes back to the caller. A RecursionError becomes `too_deep()`."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return _deep_call(lambda: fn(*args, **kwargs), lambda error: too_deep())

    return wrapper


def on_deep_stack(fn: Callable[..., T], *args) -> T:
    """fn(*args) on the deep stack (in a helper thread, unless this thread
    has it already), its result or exception, a RecursionError included,
    coming back to the caller: for work that is not a compiler's pass (the
    API's conversion of a value nested too deeply for the ordinary limit)."""
    # (a RecursionError without its traceback, hundreds of thousands of frames)
    return _deep_call(lambda: fn(*args), lambda error: RecursionError(*error.args))


def _deep_call(call: Callable[[], T], on_recursion: Callable[[RecursionError], BaseException]) -> T:
    """call() on the deep stack, unless this thread has it already; its
    result, or its exception re-raised in the caller's thread, a
    RecursionError as on_recursion makes it."""
    if _local.inside:
        return call()
    outcome: list = []

    def body() -> None:
        _local.inside = True
        try:
            outcome.append((True, call()))
        except RecursionError as error:
            outcome.append((False, on_recursion(error)))
        except BaseException as error:  # handed to the caller's thread, re-raised there
            outcome.append((False, error))
        finally:
            _local.inside = False

    _run_in_deep_thread(body)
    ok, value = outcome[0]
    if ok:
        return value
    raise value


_limit_lock = threading.Lock()
_deep_threads = 0
_saved_limit = 1000

# The recursion limit is the interpreter's, not a thread's: while a deep
# thread runs, every thread may recurse that deep. Code that counts on the
# ordinary limit (the API's conversions between Python and ML values, which
# end at a value nested too deeply, or containing itself, with a
# RecursionError) must not run meanwhile: in another thread it recursed far
# past that limit (seconds, not milliseconds), and when the limit was put
# back under a thread so deep, Python killed the process ("Fatal Python
# error: Cannot recover from stack overflow"). So a deep run and a section
# of ORDINARY_RECURSION exclude each other: a deep run waits for the
# sections in progress, and a section for the deep runs. Each waits holding
# _turnstile, which the next of either kind must pass: neither starves the
# other (a thread loading programs in a loop held off another's calls).
_changed = threading.Condition(_limit_lock)
_turnstile = threading.Lock()
_ordinary = 0  # threads inside an ORDINARY_RECURSION section


def _acquire_ordinary(count: int) -> None:
    global _ordinary
    with _limit_lock:  # (_changed's lock, without the Condition's Python-level enter)
        # the usual case, taken at every API call: no deep run, and none
        # waiting (one that waits holds the turnstile)
        if not _deep_threads and not _turnstile.locked():
            _ordinary += 1
            _local.ordinary = count  # (with no call between: a Ctrl-C cannot come between the two)
            return
    with _turnstile, _changed:
        while _deep_threads:
            _changed.wait()
        _ordinary += 1
        _local.ordinary = count


def _release_ordinary() -> int:
    """Leave this thread's section (however nested); how deeply it was."""
    global _ordinary
    if not _local.ordinary:
        return 0
    with _limit_lock:
        count, _local.ordinary = _local.ordinary, 0
        _ordinary -= 1
        if not _ordinary and _turnstile.locked():  # a deep run may wait for the last section
            _changed.notify_all()
    return count


class _OrdinaryRecursion:
    """`with ORDINARY_RECURSION:` code that relies on the ordinary recursion
    limit, run while no deep thread runs (see _changed). Reentrant; a no-op
    on the deep stack itself."""

    __slots__ = ()

    # (The usual cases of _acquire_ordinary and _release_ordinary inline:
    # every conversion of an API call enters and leaves a section, and the
    # calls were half of it.)

    def __enter__(self) -> None:
        global _ordinary
        local = _local
        if local.inside:
            return
        count = local.ordinary
        if count:
            local.ordinary = count + 1
            return
        with _limit_lock:
            if not _deep_threads and not _turnstile.locked():
                _ordinary += 1
                local.ordinary = 1  # (with no call between: a Ctrl-C cannot come between the two)
                return
        _acquire_ordinary(1)

    def __exit__(self, *exc) -> None:
        global _ordinary
        local = _local
        if local.inside:
            return
        count = local.ordinary
        if count > 1:
            local.ordinary = count - 1
        elif count:
            with _limit_lock:
                local.ordinary = 0
                _ordinary -= 1
                if not _ordinary and _turnstile.locked():  # a deep run may wait for the last section
                    _changed.notify_all()


class _Unrestricted:
    """`with UNRESTRICTED:` inside an ORDINARY_RECURSION section, a stretch
    that does not recurse (a machine run, which can be long): deep runs may
    go on meanwhile; the section is entered again after it."""

    __slots__ = ()

    def __enter__(self) -> None:
        _local.paused.append(0 if _local.inside else _release_ordinary())

    def __exit__(self, *exc) -> None:
        count = _local.paused.pop()
        if count:
            _acquire_ordinary(count)


ORDINARY_RECURSION = _OrdinaryRecursion()
UNRESTRICTED = _Unrestricted()


def _run_in_deep_thread(body: Callable[[], None]) -> None:
    # A section of this thread (a conversion printing a type too deep for
    # it) waits for the run, recursing no further: it need not exclude it.
    mine = _release_ordinary()
    try:
        _deep_run(body)
    finally:
        if mine:
            _acquire_ordinary(mine)


def _deep_run(body: Callable[[], None]) -> None:
    global _deep_threads, _saved_limit
    ended: list = []

    def end() -> None:
        """The run's end, once (the caller holds _changed)."""
        if not ended:
            ended.append(True)
            _deep_done()

    def run() -> None:
        try:
            body()
        finally:  # here, not in the caller: a Ctrl-C stops its join(), not this thread
            with _changed:
                end()

    thread = threading.Thread(target=run, name="mlbox-deep-stack", daemon=True)
    with _turnstile, _changed:
        while _ordinary:
            _changed.wait()
        # The recursion limit is the interpreter's, not the thread's: raise
        # it while any deep thread runs, put it back after the last one.
        if _deep_threads == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(RECURSION_LIMIT, _saved_limit))
        _deep_threads += 1
        # The stack size applies to threads started while it is set.
        saved_size = threading.stack_size(STACK_BYTES)
        try:
            thread.start()
            started = True
        except RuntimeError:  # no room for such a stack (ulimit -v): go on with the ordinary one
            started = False
        except BaseException:  # Ctrl-C: the thread has not begun the pass, or has just begun it
            if not thread.is_alive():
                end()
            raise
        finally:
            threading.stack_size(saved_size)
        if not started:
            end()
    if started:
        thread.join()
    else:
        body()


def _deep_done() -> None:
    """A deep run ends (the caller holds _changed)."""
    global _deep_threads
    _deep_threads -= 1
    if _deep_threads == 0:
        sys.setrecursionlimit(_saved_limit)
        _changed.notify_all()
