"""The `run`, `compile` and `dis` subcommands (docs/index.md), wired into
mlbox/cli.py. Each takes a source file (.sml/.ml) or, for run and dis, a
compiled .ccam file.

    mlbox compile prog.sml [-o prog.ccam]
    mlbox run prog.sml|prog.ccam [--stats[=json]] [--machine c|py]
              [--max-reductions N] [--max-heap SIZE] [--max-stack N]
    mlbox dis prog.ccam|prog.sml [--plain]

`run` writes only the program's output to stdout. Warnings, an uncaught
exception (`uncaught exception NAME`, exit 1, after a line showing the
value it carries, if it carries one), machine errors (exit 3),
Ctrl-C (`mlbox: interrupted`, exit 130) and `--stats` go to stderr. A print that standard output refuses stops the
program there (both machines): a closed pipe exits quietly with 141, any
other write error with 74 and one line on stderr (mlbox/cli.py).
"""

from __future__ import annotations

import os
import re
import sys
import time
from typing import Callable, Optional, Union

from ccam.instructions import DEFAULT_MAX_HEAP, DEFAULT_MAX_STACK, Program, Status

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_MACHINE = 0, 1, 2, 3
CCAM_SUFFIX = ".ccam"
UNCAUGHT = "uncaught exception {name}"
MACHINE_ERROR = "mlbox: machine error ({status}): {message}"
BAD_BYTECODE = "mlbox: {path}: not a valid {suffix} file: {reason}"
BAD_SIZE = "bad size {text!r}: use a number of bytes, optionally with K, M or G"
NO_HEAP_LIMIT = "mlbox: warning: --max-heap limits the C machine only; the Python machine (--machine py) has no heap limit"
PRELUDE_OMITTED = "(* the prelude's {n} instructions are left out; --all shows them *)"

# ASCII digits only: \d and int() also take other scripts' digits ('１０',
# '٥') and int() underscores and a sign ('1_000', '+5'), none of which the
# usage's "a whole number" promises
_SIZE = re.compile(r"^\s*([0-9]+)\s*([kmg]?)i?b?\s*$", re.IGNORECASE)
_COUNT = re.compile(r"^\s*[0-9]+\s*$")
# beyond LIMIT_MAX whatever they say, and int() refuses more than 4,300
# digits with a message about Python's sys.set_int_max_str_digits
_MAX_DIGITS = len(str((1 << 63) - 1)) + 20


# The machines keep limits in signed 64-bit integers.
LIMIT_MAX = (1 << 63) - 1
BAD_LIMIT = "bad limit {text!r}: use a whole number from 1 to {max}"


def limit_count(text: str) -> int:
    """An argparse type: a limit (reductions, stack entries), 1 .. LIMIT_MAX."""
    import argparse

    n = int(text) if _COUNT.match(text) and len(text.strip().lstrip("0")) <= _MAX_DIGITS else 0
    if not 1 <= n <= LIMIT_MAX:
        raise argparse.ArgumentTypeError(BAD_LIMIT.format(text=text, max=LIMIT_MAX))
    return n


def parse_size(text: str) -> int:
    m = _SIZE.match(text)
    if not m or len(m.group(1).lstrip("0")) > _MAX_DIGITS:
        raise ValueError(BAD_SIZE.format(text=text) + ("" if not m else f" (from 1 to {LIMIT_MAX})"))
    size = int(m.group(1)) * {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[m.group(2).lower()]
    if not 1 <= size <= LIMIT_MAX:  # 0 as the API refuses it: no program runs in no heap
        raise ValueError(BAD_SIZE.format(text=text) + f" (from 1 to {LIMIT_MAX})")
    return size


def heap_size(text: str) -> str:
    """An argparse type: a --max-heap SIZE, checked as the other limits are
    (a bad one reported by argparse, with the command's usage) and kept as
    written, for the hints that name it."""
    import argparse

    try:
        parse_size(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err))
    return text


def add_run_arguments(p) -> None:
    p.add_argument("file", help="an ML□ source file (.sml/.ml) or a compiled .ccam file; - for standard input")
    p.add_argument("--stats", nargs="?", const="text", choices=["text", "json"],
                   help="report reductions, code generation, heap and time on stderr, as text (--stats, "
                        "--stats text) or as one JSON line (--stats json)")
    add_machine_argument(p)
    add_limit_arguments(p)


# --machine's help, the same in every command that takes it (run, repl, pf)
MACHINE_HELP = "the machine to run on: c, the C machine (the default when it is built), or py, the Python reference machine"


def add_machine_argument(p) -> None:
    p.add_argument("--machine", choices=["c", "py"], default=None, help=MACHINE_HELP)


def add_limit_arguments(p, each: str = "") -> None:
    p.add_argument("--max-reductions", type=limit_count, default=None, metavar="N",
                   help=f"stop after N reductions{each} (default: no limit)")
    p.add_argument("--max-heap", type=heap_size, default=None, metavar="SIZE",
                   help=f"stop when the C machine's live heap passes SIZE bytes, a number with an optional K, M "
                        f"or G (default: {DEFAULT_MAX_HEAP >> 30}G; the Python machine has no heap limit)")
    p.add_argument("--max-stack", type=limit_count, default=None, metavar="N",
                   help=f"stop when the stack holds more than N values and frames (default: {DEFAULT_MAX_STACK:,})")


def machine_limits(args, cls) -> dict:
    """The machine keywords for the --max-* flags given (checked by their
    argparse types); --max-heap on the Python machine, which has no heap
    limit, is left out with a note."""
    limits = {}
    if args.max_reductions is not None:
        limits["max_reductions"] = args.max_reductions
    if args.max_stack is not None:
        limits["max_stack"] = args.max_stack
    if args.max_heap is not None:
        if cls.__module__ == "ccam.cmachine":
            limits["max_heap"] = parse_size(args.max_heap)
        else:
            print(NO_HEAP_LIMIT, file=sys.stderr)
    return limits


def add_compile_arguments(p) -> None:
    p.add_argument("file", help="an ML□ source file; - for standard input (with -o)")
    p.add_argument("-o", "--output", default=None, help="the .ccam file to write (default: FILE with .ccam)")


def add_dis_arguments(p) -> None:
    p.add_argument("file", help="a .ccam file or an ML□ source file; - for standard input")
    p.add_argument("--plain", action="store_true", help="mnemonics instead of the paper's notation")
    p.add_argument("--all", action="store_true", help="also show the prelude's code, which every program starts with, and name every global")


def _report(diags, source) -> None:
    from mlbox.diagnostics import render_all

    if diags:
        print(render_all(diags, source), file=sys.stderr)


def load_program(path: str, *, bytecode: bool = True, raw_bytecode: bool = False) -> Union[Program, bytes, None]:
    """A Program from a .ccam or source file (`-`: standard input); None
    after reporting errors. A file is bytecode by its content (so `mlbox run
    prog` runs a compiled program whatever its name), or by its .ccam
    suffix (then damage is reported as such); with bytecode=False (compile)
    only source is taken. With raw_bytecode, a bytecode file is returned
    as its bytes, unread: for the C machine, whose loader verifies them
    itself (see run_bytes)."""
    loaded = load_compiled(path, bytecode=bytecode, raw_bytecode=raw_bytecode)
    return loaded if loaded is None or isinstance(loaded, (Program, bytes)) else loaded.program


def load_compiled(path: str, *, bytecode: bool = True, raw_bytecode: bool = False):
    """As load_program, but a source file gives the driver's Compiled (the
    program with its types), a bytecode file its Program or bytes."""
    from mlbox.cli import STDIN_NAME, STDIN_PATH, decode_source, is_bytecode, read_bytes, read_source
    from mlbox.diagnostics import CompileError

    if not bytecode:
        source = read_source(path, allow_stdin=True)
    else:
        data = read_bytes(path, allow_stdin=True)
        name = STDIN_NAME if path == STDIN_PATH else path
        if is_bytecode(data) or path.endswith(CCAM_SUFFIX):
            if raw_bytecode:
                return bytes(data)
            return read_bytecode(name, data)
        source = decode_source(name, data)
    from mlbox.driver import compile_source

    try:
        compiled = compile_source(source)
    except CompileError as err:
        _report(err.diagnostics, source)
        return None
    _report(compiled.warnings, source)
    return compiled


def read_bytecode(name: str, data: bytes) -> Optional[Program]:
    """The Program of a .ccam file's bytes; None after reporting why they
    are no valid one."""
    from ccam.bytecode import BytecodeError, read

    try:
        return read(data)
    except BytecodeError as err:
        print(BAD_BYTECODE.format(path=name, suffix=CCAM_SUFFIX, reason=err), file=sys.stderr)
        return None


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # either does not exist (yet), or cannot be looked at: not the same
        return False


def cmd_compile(args) -> int:
    from ccam.bytecode import write

    from mlbox.cli import STDIN_PATH, UsageError

    if args.file == STDIN_PATH and args.output is None:
        raise UsageError("compiling standard input (-) needs -o FILE for the bytecode")
    if args.output == "":
        raise UsageError("-o: the file name is empty; name the .ccam file to write")
    out = os.path.splitext(args.file)[0] + CCAM_SUFFIX if args.output is None else args.output
    if args.file != STDIN_PATH and _same_file(args.file, out):
        # as compilers refuse it: the bytecode would replace the program's source
        raise UsageError(f"the output {out} is the source file itself; name another with -o FILE")
    program = load_program(args.file, bytecode=False)
    if program is None:
        return EXIT_ERRORS
    try:
        with open(out, "wb") as f:
            f.write(write(program))
    except OSError as err:
        raise UsageError(f"cannot write {out}: {err.strerror or err}")
    return EXIT_OK


def cmd_dis(args) -> int:
    from ccam.disasm import listing

    program = load_program(args.file)
    if program is None:
        return EXIT_ERRORS
    if not args.all:
        program = _without_prelude(program)
    print(listing(program, used_only=not args.all, notation="plain" if args.plain else "paper"))
    return EXIT_OK


def _without_prelude(program: Program) -> Program:
    """The program minus the prelude's code it starts with (the same in every
    program, and long), with a line saying it was left out."""
    import attrs

    from mlbox.driver import prelude_prefix_length

    length = prelude_prefix_length(program.code)
    if length == 0:
        return program
    print(PRELUDE_OMITTED.format(n=length))
    return attrs.evolve(program, code=program.code[length:])


def cmd_run(args) -> int:
    from mlbox.driver import machine_class

    from ccam.bytecode import BytecodeError
    from mlbox.cli import EXIT_INTERRUPTED, INTERRUPTED, STDIN_NAME, STDIN_PATH

    cls = machine_class(args.machine)
    # the C machine's loader verifies a .ccam file as the Python reader
    # does (tests/test_fuzz.py), in a fraction of the time: the file goes
    # to it unread, and the reader only words a rejection
    raw = cls.__module__ == "ccam.cmachine"
    loaded = load_compiled(args.file, raw_bytecode=raw)
    if loaded is None:
        return EXIT_ERRORS
    # (a source file's types show the argument of an uncaught exception)
    compiled = None if isinstance(loaded, (Program, bytes)) else loaded
    program = loaded if compiled is None else compiled.program
    limits = machine_limits(args, cls)
    out = sys.stdout.buffer
    start = time.perf_counter()
    # the output goes to stdout as it is printed: a copy in Result.output
    # would only grow with a long-running program's output
    try:
        machine = cls(program, out=out, keep_output=False, **limits)
    except BytecodeError as err:
        if not isinstance(program, bytes):
            raise
        name = STDIN_NAME if args.file == STDIN_PATH else args.file
        if read_bytecode(name, program) is not None:  # (the two verifiers disagree: say the C one's reason)
            print(BAD_BYTECODE.format(path=name, suffix=CCAM_SUFFIX, reason=err), file=sys.stderr)
        return EXIT_ERRORS
    result = machine.run()
    elapsed = time.perf_counter() - start
    out.flush()
    if args.stats:
        _stats(args.stats, result, machine, elapsed)
    if result.status == Status.OK:
        return EXIT_OK
    if result.status == Status.OUTPUT:
        from mlbox.cli import OutputFailed

        raise OutputFailed(machine.output_errno)
    if result.status == Status.UNCAUGHT:
        # the last line exactly `uncaught exception NAME` (checkers read it),
        # without the REPL's bracketed General.exnMessage text; the value
        # the exception carries (Fail's: why) on the line before it
        raised = raised_with(result, compiled, machine.global_value)
        if raised:
            print(raised, file=sys.stderr)
        print(UNCAUGHT.format(name=exception_name(result)), file=sys.stderr)
        return EXIT_ERRORS
    if result.status == Status.INTERRUPTED:
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    print(MACHINE_ERROR.format(status=result.status.name, message=result.message), file=sys.stderr)
    hint = limit_hint(result, args.max_stack, args.max_heap)
    if hint:
        print(hint, file=sys.stderr)
    return EXIT_MACHINE


STACK_HINT = "  note: the stack holds {n} entries (values and return frames); raise it with --max-stack N"
# A stack this deep is a recursion's (a program's nested expressions stay far
# shallower), and most often one that never ends (`codePower ~1` counting
# down past 0), which a larger stack only makes slower to stop. Neither
# machine keeps the stack past the stop, so what recursed is not named.
RECURSION_DEPTH = 10_000
RECURSION_HINT = ("  note: the stack holds {n} entries (values and return frames): a recursion this deep may never "
                  "end; check that each recursive call comes closer to its base case (a countdown to 0 given a "
                  "negative number never reaches it); if it does end, raise the limit with --max-stack N")
REDUCTIONS_HINT = "  note: raise the limit with a larger --max-reductions N (without the flag there is none)"
HEAP_HINT = "  note: the live heap may hold {size}; raise it with --max-heap SIZE (e.g. --max-heap 4G)"
STACKS_IN_HEAP_HINT = ("  note: a recursion this deep needs more memory for its stacks; raise --max-heap SIZE "
                       "(e.g. --max-heap 4G), which bounds them too")


def limit_hint(result, max_stack: Optional[int], max_heap) -> str:
    """How to raise the limit a run stopped at ('' for other stops, and for
    an allocation the system refused, which no flag helps). `max_heap` is
    the --max-heap text as given, or a size in bytes, or None."""
    from ccam.instructions import DEFAULT_MAX_HEAP, DEFAULT_MAX_STACK

    if result.status == Status.STACK_LIMIT:
        n = max_stack or DEFAULT_MAX_STACK
        return (RECURSION_HINT if n >= RECURSION_DEPTH else STACK_HINT).format(n=n)
    if result.status == Status.REDUCTION_LIMIT:
        return REDUCTIONS_HINT
    stacks = result.message.startswith("the machine's stacks would take more than")
    if result.status == Status.HEAP_LIMIT and (result.message.startswith("heap limit exceeded") or stacks):
        size = str(max_heap) if max_heap is not None else f"{DEFAULT_MAX_HEAP >> 30}G (the default)"
        if size.strip().isdigit():  # `--max-heap 10` is 10 bytes: a bare "may hold 10" reads as 10 of anything
            size = f"{size.strip()} byte{'' if size.strip() == '1' else 's'}"
        return STACKS_IN_HEAP_HINT if stacks else HEAP_HINT.format(size=size)
    return ""


# General.exnMessage's text for the basis's exceptions whose message says
# more than their name; SML/NJ shows it after an uncaught one (Fail's is
# "Fail: " and its string).
EXN_MESSAGES = {
    "Div": "divide by zero", "Overflow": "overflow", "Subscript": "subscript out of bounds",
    "Match": "nonexhaustive match failure", "Bind": "nonexhaustive binding failure", "Size": "size",
    "Domain": "domain error", "Fail": "Fail",
}


def uncaught_report(result, basis_exception: Callable[[str], object]) -> str:
    """SML/NJ's report of an uncaught exception, `uncaught exception Div
    [divide by zero]`: the bracket holds General.exnMessage's text when it
    says more than the name, for the basis's own exceptions only (given
    their name, `basis_exception` is the machine's exception name value of
    the basis's exception, or None), so `raise Fail "why"` tells why."""
    name = exception_name(result)
    exn = result.value
    message = None
    if name in EXN_MESSAGES and exn.name is basis_exception(name):
        message = EXN_MESSAGES[name] if name != "Fail" else f"Fail: {exn.arg.decode('utf-8', 'replace')}"
    return UNCAUGHT.format(name=name) + (f" [{message}]" if message is not None else "")


RAISED_WITH = "exception {value} raised and not handled"
# (a string is shown up to this many bytes, then cut as SML/NJ cuts a long
# string: a `#` before the closing quote; lists after 12 items as the REPL
# cuts them, nesting deeper than the REPL's 5 levels: an argument's own
# structure starts two levels down, in a constructor and a tuple)
RAISED_STRING_SHOWN = 300
RAISED_DEPTH = 10


def raised_with(result, compiled, global_value: Callable[[int], object]) -> str:
    """`exception E (3, "why") raised and not handled` for an uncaught
    exception with an argument ('' for one without). The argument is shown
    by its declared type when the program's types are at hand (`compiled`,
    the driver's Compiled, from source) and that type is known (not for a
    local exception whose name several declarations with different types
    share, nor one of a type variable); else only a string argument,
    which a machine value shows by its representation alone (an int is not
    told from a char that way), as in a compiled .ccam program."""
    from mlbox.checker import EXN
    from mlbox.syntax import INFIX
    from mlbox.types import free_vars
    from mlbox.valueprint import Limits, PyReader, exception_arg_type, program_exceptions, show_value, string_literal

    exn = result.value
    arg = getattr(exn, "arg", None)
    if arg is None:
        return ""
    name = exception_name(result)
    if compiled is not None:
        exceptions = program_exceptions(compiled, global_value)
        arg_type = exception_arg_type(exceptions(name), lambda name_value: exn.name is name_value)
        if arg_type is not None and not free_vars(arg_type):
            fixity = INFIX if compiled.fixity is None else compiled.fixity
            limits = Limits(depth=RAISED_DEPTH, string=RAISED_STRING_SHOWN)
            value = show_value(PyReader(), exn, EXN, limits, exceptions, fixity.get)
            return RAISED_WITH.format(value=value)
    if not isinstance(arg, bytes):
        return ""
    shown = string_literal(arg[:RAISED_STRING_SHOWN], truncated=len(arg) > RAISED_STRING_SHOWN)
    return RAISED_WITH.format(value=f"{name} {shown}")


def exception_name(result) -> str:
    from ccam.values import shown_name

    exn = result.value
    try:
        return shown_name(exn.name.name)
    except AttributeError:
        return result.message.replace("uncaught exception ", "")


def _stats(style: str, result, machine, elapsed: float) -> None:
    stats = {
        "machine": "c" if type(machine).__module__ == "ccam.cmachine" else "py",
        "status": result.status.name,
        "reductions": result.reductions,
        "generating_reductions": result.gen_reductions,
        "running_reductions": result.reductions - result.gen_reductions,
        "emitted": result.emitted,
        "time_seconds": round(elapsed, 6),
    }
    heap = getattr(machine, "heap_stats", None)
    if heap is not None:
        try:
            h = heap()
            stats["peak_heap_bytes"] = h.get("peak", h.get("bytes"))
            if "gc_seconds" in h:
                stats["collections"] = h["collections"]
                stats["major_collections"] = h.get("major_collections", h["collections"])
                stats["gc_seconds"] = round(h["gc_seconds"], 6)
        except Exception:  # the heap figures are a courtesy: never fail a run over them
            pass
    if style == "json":
        import json  # only for --stats=json: not on every run's start-up path

        print(json.dumps(stats), file=sys.stderr)
        return
    lines = [
        f"reductions: {stats['reductions']} ({stats['generating_reductions']} generating code, "
        f"{stats['running_reductions']} running it)",
        f"instructions emitted: {stats['emitted']}",
    ]
    if "peak_heap_bytes" in stats:
        lines.append(f"peak heap: {stats['peak_heap_bytes']} bytes")
    if "gc_seconds" in stats:
        lines.append(f"collector: {stats['collections']} collections ({stats['major_collections']} major), "
                     f"{stats['gc_seconds']:.6f} s")
    lines.append(f"time: {elapsed:.6f} s ({stats['machine']} machine)")
    print("\n".join(lines), file=sys.stderr)
