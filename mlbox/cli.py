"""The `mlbox` command line: the driver composing the phases. Each
subcommand is one small function `cmd_NAME(args) -> exit status`, added to
the parser by `_add_NAME(subparsers)`.

Exit statuses: 0 success, 1 the program has errors (or raised an uncaught
exception), 2 bad usage or an unreadable file, 70 an internal error (a bug
in mlbox: reported, never a traceback).
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from mlbox.diagnostics import CompileError, Diagnostic, Source, render_all

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70


class UsageError(Exception):
    """A problem with the command line or the files it names (exit 2)."""


def read_source(path: str) -> Source:
    try:
        with open(path, encoding="utf-8") as f:
            return Source(path, f.read())
    except FileNotFoundError:
        raise UsageError(f"cannot read {path}: no such file")
    except IsADirectoryError:
        raise UsageError(f"cannot read {path}: it is a directory")
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not UTF-8 text")
    except OSError as err:
        raise UsageError(f"cannot read {path}: {err.strerror or err}")


def report(diagnostics: Sequence[Diagnostic], source: Optional[Source]) -> None:
    if diagnostics:
        print(render_all(diagnostics, source), file=sys.stderr)


# ----------------------------------------------------------------- check


def _add_check(subparsers) -> None:
    p = subparsers.add_parser("check", help="type-check a program and print its top-level bindings")
    p.add_argument("file", help="an ML□ source file (.sml or .ml)")
    p.set_defaults(handler=cmd_check)


def cmd_check(args) -> int:
    from mlbox.checker import check_program, describe_binding
    from mlbox.parser import parse_program

    source = read_source(args.file)
    try:
        program = parse_program(source)
    except CompileError as err:
        report(err.diagnostics, source)
        return EXIT_ERRORS
    result = check_program(program, source)
    report(result.diagnostics, source)
    if not result.ok:
        return EXIT_ERRORS
    for binding in result.elaboration.toplevel:
        print(describe_binding(binding))
    return EXIT_OK


# -------------------------------------------------------------------- pf


def _add_pf(subparsers) -> None:
    from mlbox import pf

    p = subparsers.add_parser("pf", help="run a BPF filter on a capture, interpreted and specialised (mlbox/pf.py)")
    pf.add_arguments(p)
    p.set_defaults(handler=pf.command)


# ------------------------------------------------------- run, compile, dis


def _add_run(subparsers) -> None:
    from mlbox import runner

    p = subparsers.add_parser("run", help="compile (or load a .ccam) and run a program (mlbox/runner.py)")
    runner.add_run_arguments(p)
    p.set_defaults(handler=runner.cmd_run)


def _add_compile(subparsers) -> None:
    from mlbox import runner

    p = subparsers.add_parser("compile", help="compile a program to a .ccam bytecode file")
    runner.add_compile_arguments(p)
    p.set_defaults(handler=runner.cmd_compile)


def _add_dis(subparsers) -> None:
    from mlbox import runner

    p = subparsers.add_parser("dis", help="disassemble a .ccam file (or a compiled source file)")
    runner.add_dis_arguments(p)
    p.set_defaults(handler=runner.cmd_dis)


# ------------------------------------------------------------------ repl


def _add_repl(subparsers) -> None:
    from mlbox import repl

    p = subparsers.add_parser("repl", help="the interactive top level (the default: `mlbox` alone) (mlbox/repl.py)")
    repl.add_arguments(p)
    p.set_defaults(handler=repl.command)


# ------------------------------------------------------------------ main

_SUBCOMMANDS = [_add_check, _add_pf, _add_run, _add_compile, _add_dis, _add_repl]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mlbox",
        description="ML□: Standard ML with modal types for run-time code generation")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in _SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["repl"] + argv  # `mlbox [--machine M] [--stats]` starts the REPL
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse reports usage errors itself
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return handler(args)
    except UsageError as err:
        print(f"mlbox: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("mlbox: interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # a bug in mlbox: say so, without a traceback
        print(f"mlbox: internal error: {type(err).__name__}: {err}", file=sys.stderr)
        return EXIT_INTERNAL
