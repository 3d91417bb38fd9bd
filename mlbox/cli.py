"""The `mlbox` command line: the driver composing the phases. Each
subcommand is one small function `cmd_NAME(args) -> exit status`, added to
the parser by `_add_NAME(subparsers)`.

Exit statuses: 0 success, 1 the program has errors (or raised an uncaught
exception), 2 bad usage, an unreadable file or `--machine c` not built, 3 the machine stopped (a
limit; mlbox/runner.py), 70 an internal error (a bug in mlbox: reported,
never a traceback), 74 standard output refused the output or is closed (a full disk, an
I/O error: one line on stderr), 130 Ctrl-C (128 + SIGINT, `mlbox: interrupted`),
141 standard output closed by its reader (128 + SIGPIPE, as the shell reports a
process killed by it; quietly).
Output from the program's `print` and from mlbox itself is treated alike.
"""

from __future__ import annotations

import argparse
import errno
import gc
import io
import os
import sys
from typing import TYPE_CHECKING, Optional, Sequence

if TYPE_CHECKING:
    from mlbox.diagnostics import Diagnostic, Source

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70
EXIT_OUTPUT = 74  # EX_IOERR of sysexits.h
EXIT_BROKEN_PIPE = 141
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as for EXIT_BROKEN_PIPE
INTERRUPTED = "mlbox: interrupted"  # Ctrl-C, in the front end or in the machine alike
OUTPUT_FAILED = "mlbox: cannot write the output: {reason}"


class OutputFailed(Exception):
    """A machine's print could not write standard output: the run stopped
    there with Status.OUTPUT and the errno. main reports it as it reports
    Python's own failed writes of stdout (OSError)."""

    def __init__(self, errno_: int):
        super().__init__(os.strerror(errno_))
        self.errno = errno_


PROGRAM_SUFFIXES = (".sml", ".ml", ".ccam")
OPTIONS_FIRST = "mlbox: a command's options follow its name: {suggested}"
OPTIONS_FIRST_UNKNOWN = ("mlbox: a command's options follow its name, and `{command}` has no option {option}: "
                         "`mlbox {command} --help` lists its options")
NOT_A_COMMAND = "mlbox: {file!r} is not a command; to run the program: mlbox run {quoted}"


class UsageError(Exception):
    """A problem with the command line or the files it names (exit 2)."""


STDIN_CLOSED = "cannot read standard input: it is closed"  # `<&-`: Python has no sys.stdin


class StdinUnreadable(UsageError):
    """Standard input, named by `-` or read by the REPL, is closed or cannot
    be read: the command's input is at fault, not its output (main takes an
    OSError without a file name for a failed write of standard output)."""


def read_stdin(limit: int) -> bytes:
    """Up to `limit` bytes of standard input; StdinUnreadable if it is closed
    (`<&-`: Python then has no sys.stdin) or unreadable (`0>FILE` opens it
    for writing only)."""
    if sys.stdin is None:
        raise StdinUnreadable(STDIN_CLOSED)
    try:
        return sys.stdin.buffer.read(limit)
    except OSError as err:
        raise StdinUnreadable(f"cannot read standard input: {err.strerror or err}") from None


BYTE_ORDER_MARK = "\ufeff"  # editors on Windows start UTF-8 files with it; it is not part of the program


STDIN_PATH = "-"  # a file argument of check, run, compile and dis: the program on standard input
STDIN_NAME = "<stdin>"  # the name its diagnostics give
# No program or bytecode file is this large; reading stops here rather than
# exhausting memory on a device (`mlbox run /dev/zero`) or a wrong file.
MAX_FILE_BYTES = 64 << 20


def read_bytes(path: str, *, allow_stdin: bool = False) -> bytes:
    """The bytes of a program or bytecode file (`-` is standard input when
    allow_stdin, as on the command line); UsageError if it cannot be read."""
    if allow_stdin and path == STDIN_PATH:
        data = read_stdin(MAX_FILE_BYTES + 1)
    else:
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
        except FileNotFoundError:
            raise UsageError(f"cannot read {path}: no such file")
        except IsADirectoryError:
            raise UsageError(f"cannot read {path}: it is a directory")
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror or err}")
    if len(data) > MAX_FILE_BYTES:
        raise UsageError(f"cannot read {path}: more than {MAX_FILE_BYTES >> 20} MB, too large for a program")
    return data


def is_bytecode(data: bytes) -> bool:
    """Whether `data` starts as a .ccam file does: the magic, then binary
    header fields (not always UTF-8, so this is asked before decoding)."""
    return data.startswith(b"CCAM") and b"\0" in data[:64]


def read_source(path: str, *, allow_stdin: bool = False) -> Source:
    data = read_bytes(path, allow_stdin=allow_stdin)
    name = STDIN_NAME if allow_stdin and path == STDIN_PATH else path
    if is_bytecode(data):
        raise UsageError(f"{name}: is a compiled .ccam file, not ML source (run it with `mlbox run`)")
    return decode_source(name, data)


def decode_source(name: str, data: bytes) -> Source:
    """The program text of a source file's bytes (UTF-8, a byte-order mark
    dropped, line ends made LF), reported under `name`."""
    from mlbox.diagnostics import Source

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(_not_utf8(name, data, err.start)) from None
    if text.startswith(BYTE_ORDER_MARK):
        text = text[1:]
    if "\r" in text:
        # Windows (CR LF) and classic Mac (CR alone) line ends: lines as the
        # editor showed them, so that locations name them. A raw CR is
        # otherwise only whitespace (or, in a string literal, a character
        # SML does not allow there).
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return Source(name, text)


def _not_utf8(name: str, data: bytes, offset: int) -> str:
    """The error for a source file whose byte at `offset` is not UTF-8, with
    its line and a caret as every diagnostic has (the line read with the
    bad bytes as surrogate escapes, which the renderer shows replaced)."""
    from mlbox.diagnostics import Diagnostic, Source, render
    from mlbox.syntax import Span

    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    col = len(data[start:offset].decode("utf-8", "surrogateescape")) + 1  # in characters, as the lexer counts
    message = f"not UTF-8 text (byte 0x{data[offset]:02x} at offset {offset})"
    source = Source(name, data.decode("utf-8", "surrogateescape"))
    return render(Diagnostic("error", message, Span(line, col, line, col + 1)), source)


def report(diagnostics: Sequence[Diagnostic], source: Optional[Source]) -> None:
    from mlbox.diagnostics import render_all

    if diagnostics:
        print(render_all(diagnostics, source), file=sys.stderr)


# Each subcommand's module is imported only when that subcommand runs:
# `mlbox run hello.sml` must not pay for the packet filter's or the REPL's
# imports (start-up time matters). See build_parser.

# ----------------------------------------------------------------- check


def _configure_check(p) -> None:
    p.add_argument("file", help="an ML□ source file (.sml or .ml), or - for standard input")
    p.set_defaults(handler=cmd_check)


def cmd_check(args) -> int:
    from mlbox.deep import with_deep_stack

    return with_deep_stack(_check_file)(args)


def _check_file(args) -> int:
    from mlbox.checker import check_program, describe_binding
    from mlbox.deep import check_nesting, too_deep
    from mlbox.diagnostics import CompileError
    from mlbox.parser import parse_program

    source = read_source(args.file, allow_stdin=True)
    try:
        program = parse_program(source)
        check_nesting(program.decs)
        try:
            result = check_program(program, source)
        except RecursionError:
            raise too_deep(program.decs) from None
    except CompileError as err:
        report(err.diagnostics, source)
        return EXIT_ERRORS
    report(result.diagnostics, source)
    if not result.ok:
        return EXIT_ERRORS
    for binding in result.elaboration.toplevel:
        print(describe_binding(binding))
    return EXIT_OK


# -------------------------------------------------------------------- pf


def _configure_pf(p) -> None:
    from mlbox import pf

    pf.add_arguments(p)
    p.set_defaults(handler=pf.command)


# ------------------------------------------------------- run, compile, dis


def _configure_run(p) -> None:
    from mlbox import runner

    runner.add_run_arguments(p)
    p.set_defaults(handler=runner.cmd_run)


def _configure_compile(p) -> None:
    from mlbox import runner

    runner.add_compile_arguments(p)
    p.set_defaults(handler=runner.cmd_compile)


def _configure_dis(p) -> None:
    from mlbox import runner

    runner.add_dis_arguments(p)
    p.set_defaults(handler=runner.cmd_dis)


# ------------------------------------------------------------------ repl


def _configure_repl(p) -> None:
    from mlbox import repl

    repl.add_arguments(p)
    p.set_defaults(handler=repl.command)


# ------------------------------------------------------------------ main

# name -> (one-line help, adds the subcommand's arguments and handler), in
# the order a newcomer meets them (`mlbox --help` lists them in this order)
_SUBCOMMANDS = {
    "repl": ("the interactive top level (the default: `mlbox` alone)", _configure_repl),
    "check": ("type-check a program and print its top-level bindings", _configure_check),
    "run": ("compile and run a program (or run a compiled .ccam file)", _configure_run),
    "compile": ("compile a program to a .ccam bytecode file", _configure_compile),
    "dis": ("disassemble a .ccam file (or a compiled source file)", _configure_dis),
    "pf": ("run a BPF filter on a capture, interpreted and specialised at run time",
           _configure_pf),
}

_EPILOG = """\
`mlbox COMMAND --help` describes a command's options; the REPL's options
may come without `repl` (`mlbox --machine py --stats`).
First steps: `mlbox run examples/poly.sml`, then docs/tutorial.md.
"""


class _VersionAction(argparse.Action):
    """--version: the installed package's version, looked up only when asked
    for (importlib.metadata is too slow to import on every start-up)."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print mlbox's version and exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("mlbox")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "unknown (not installed)"
        print(f"mlbox {number}")
        parser.exit()


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, given the terminal width up front: left to find
    it itself, it imports shutil (and with it zlib, bz2, lzma) on every
    start-up, since add_argument makes a formatter to validate metavars.
    The width is found the way shutil.get_terminal_size finds it."""

    def __init__(self, prog: str, **kwargs) -> None:
        if kwargs.get("width") is None:
            kwargs["width"] = _terminal_columns() - 2  # argparse's own margin
        super().__init__(prog, **kwargs)


def _terminal_columns(fallback: int = 80) -> int:
    import os

    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else fallback


class _ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, except that help written to a standard output that
    refuses it (`mlbox --help > /dev/full`) is an output error like any other:
    argparse would swallow the OSError and exit 0. Messages to stderr keep
    argparse's way: with stderr gone, the exit status is all that is left."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # name -> the subcommand's parser, so that an argument it does not
        # know is reported with its usage rather than the top level's
        self.subcommand_parsers: dict[str, argparse.ArgumentParser] = {}

    def _print_message(self, message: str, file=None) -> None:
        if message and file is sys.stdout:
            file.write(message)
            file.flush()
        else:
            super()._print_message(message, file)


def build_parser(command: Optional[str] = None) -> argparse.ArgumentParser:
    """The command-line parser. Given the subcommand about to run, only that
    one is added, with its arguments (importing its module). Given None,
    every subcommand with its arguments. Given anything else (`--help`, a
    mistyped name), every subcommand with its help line only: enough for
    argparse to list them, and nothing runs."""
    parser = _ArgumentParser(
        prog="mlbox", formatter_class=_HelpFormatter,
        description="ML□: Standard ML with modal types for run-time code generation",
        epilog=_EPILOG)
    parser.add_argument("--version", action=_VersionAction)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = [command] if command in _SUBCOMMANDS else list(_SUBCOMMANDS)
    for name in names:
        help_, configure = _SUBCOMMANDS[name]
        p = subparsers.add_parser(name, help=help_, description=help_[0].upper() + help_[1:] + ".",
                                  formatter_class=_HelpFormatter)
        parser.subcommand_parsers[name] = p
        if command is None or command == name:
            configure(p)
    return parser


class _EscapingStream:
    """Standard error for mlbox's own messages, which quote file names and
    other outside text: what must not reach a terminal (an ESC of a file
    name's terminal sequence, a byte that was not UTF-8, a bidirectional
    control) is written as an escape (diagnostics.escape_controls). A
    program's TextIO.stdErr goes to descriptor 2 directly, byte for byte."""

    def __init__(self, stream, escape):
        self._stream = stream
        self._escape = escape

    def write(self, text: str) -> int:
        return self._stream.write(self._escape(text))

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class _ClosedStderr(io.TextIOBase):
    """sys.stderr when mlbox starts with descriptor 2 closed (`2>&-`), where
    Python leaves it None: `print(..., file=None)` would then write mlbox's
    messages on standard output, into the program's, and the REPL's input()
    would fail. They are dropped instead; the exit status still says what
    happened. No descriptor is opened for it, so that a program's
    TextIO.stdErr still finds descriptor 2 closed (an output error, 74)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


def main(argv: Optional[Sequence[str]] = None) -> int:
    stderr = sys.stderr
    try:
        from mlbox.diagnostics import escape_controls

        sys.stderr = _EscapingStream(stderr if stderr is not None else _ClosedStderr(), escape_controls)
        return _main(argv)
    except KeyboardInterrupt:
        # Ctrl-C outside _run's own handler: while the first modules load
        # (a tenth of a second of start-up) or the arguments are looked at
        print(INTERRUPTED, file=sys.stderr if stderr is not None else _ClosedStderr())
        return EXIT_INTERRUPTED
    finally:
        sys.stderr = stderr


def _main(argv: Optional[Sequence[str]]) -> int:
    # The front end makes millions of small, long-lived syntax and type
    # objects and little cyclic garbage; at Python's default thresholds the
    # collector rescans them over and over (a quarter of checking a large
    # program). The command line owns its process, so it can say so; the
    # embedding API leaves its host's settings alone.
    gc.set_threshold(50_000, 20, 100)
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        command = next((arg for arg in argv if arg in _SUBCOMMANDS), None)
        if command is not None:
            # `mlbox --machine py run p.sml`: argparse would blame the REPL
            # for the unrecognized arguments `run p.sml`
            import shlex

            at = argv.index(command)
            known = build_parser(command).subcommand_parsers[command]._option_string_actions
            unknown = [arg for arg in argv[:at] if arg.startswith("-") and arg.split("=", 1)[0] not in known]
            if unknown:  # moving it after the name would not help
                print(OPTIONS_FIRST_UNKNOWN.format(command=command, option=unknown[0]), file=sys.stderr)
            else:
                print(OPTIONS_FIRST.format(suggested=shlex.join(
                    ["mlbox", command] + argv[:at] + argv[at + 1:])), file=sys.stderr)
            return EXIT_USAGE
        argv = ["repl"] + argv  # `mlbox [--machine M] [--stats]` starts the REPL
    if argv[0] not in _SUBCOMMANDS and argv[0].endswith(PROGRAM_SUFFIXES):
        # `mlbox prog.sml`, as one runs `python prog.py`: argparse would only
        # say "invalid choice"; name the command that was probably meant
        import shlex

        print(NOT_A_COMMAND.format(file=argv[0], quoted=shlex.quote(argv[0])), file=sys.stderr)
        return EXIT_USAGE
    if argv[0] == "run":
        argv = _run_stats_style(argv)
    if sys.stdout is None:
        # fd 1 not open at all (`mlbox run p.sml >&-`): Python leaves no
        # stdout, and the next file opened would take its descriptor
        _print_error(OUTPUT_FAILED.format(reason="standard output is closed"))
        return EXIT_OUTPUT
    try:
        status = _run(argv)
        # Python would flush stdout at exit and, if that failed, only warn
        # and exit 120: flush here, where a failure is reported like any other.
        sys.stdout.flush()
        return status
    except UsageError as err:
        message = str(err)
        # a message that has a location already starts with it (FILE:LINE:COL: error: ...)
        print(message if ": error: " in message else f"mlbox: {message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return _broken_pipe()
    except OutputFailed as err:
        if err.errno == errno.EPIPE:
            return _broken_pipe()
        _discard_stdout()
        _print_error(OUTPUT_FAILED.format(reason=err))
        return EXIT_OUTPUT
    except OSError as err:
        if err.filename is not None:  # a file named by the user that was not read through read_source: a bug
            return _internal_error(err)
        # Every file mlbox opens by name reports its own errors (UsageError,
        # with the name); an OSError without one comes from writing standard
        # output (a full disk, an I/O error).
        _discard_stdout()
        _print_error(OUTPUT_FAILED.format(reason=err.strerror or err))
        return EXIT_OUTPUT
    except Exception as err:  # a bug in mlbox: say so, without a traceback
        return _internal_error(err)


REPL_STATS_VALUE = ("argument --stats: the REPL's --stats takes no value ({given}): it prints each input's "
                    "reductions, as :stats does; `mlbox run --stats=json FILE` reports a program's as JSON")


def _run_stats_style(argv: list[str]) -> list[str]:
    """run's `--stats [text|json]` with its style made explicit: a bare
    `--stats` must not take the file after it (`mlbox run --stats prog.sml`)
    as its value, and `--stats json` (as the usage line shows it) is
    `--stats=json` (argparse took `json` as the style, then left the file
    unrecognized). Arguments after `--` are files, left alone."""
    out = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            return out + argv[i:]
        if arg == "--stats":
            style = argv[i + 1] if i + 1 < len(argv) else None
            if style in ("text", "json"):
                arg, i = f"--stats={style}", i + 1
            else:
                arg = "--stats=text"
        out.append(arg)
        i += 1
    return out


def _run(argv: list[str]) -> int:
    parser = build_parser(argv[0])
    try:
        if argv[0] == "repl":
            given = next((arg for arg in argv[1:] if arg.startswith("--stats=")), None)
            if given is not None:  # argparse: "argument --stats: ignored explicit argument 'json'"
                parser.subcommand_parsers["repl"].error(REPL_STATS_VALUE.format(given=given))
        args, unknown = parser.parse_known_args(argv)
        if unknown:
            # argparse's parse_args would blame the top level (`mlbox: error:
            # unrecognized arguments`, with its usage): blame the subcommand,
            # whose usage lists the options it does take
            subcommand = parser.subcommand_parsers.get(getattr(args, "command", None), parser)
            subcommand.error("unrecognized arguments: " + " ".join(unknown))
    except SystemExit as exit_:  # argparse reports usage errors itself
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    if getattr(args, "machine", None) == "c":
        # asked for by name, a C machine that is not built is the set-up's
        # problem, not mlbox's: say how to build it (it was an internal error)
        from mlbox import driver

        problem = driver.c_machine_problem()
        if problem is not None:
            raise UsageError(f"--machine c: {problem}")
    return handler(args)


def _broken_pipe() -> int:
    """The reader went away (`mlbox dis p.sml | head`): stop quietly, as a
    process killed by SIGPIPE would."""
    _discard_stdout()
    return EXIT_BROKEN_PIPE


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's final flush of
    what is still buffered does not fail again at exit."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # stdout replaced by one without a descriptor (a test's capture): nothing flushes at exit


def _print_error(message: str) -> None:
    try:
        print(message, file=sys.stderr)
    except OSError:
        pass  # stderr gone too: the exit status is all that is left to say it


def _internal_error(err: Exception) -> int:
    _print_error(f"mlbox: internal error: {type(err).__name__}: {err}")
    return EXIT_INTERNAL
