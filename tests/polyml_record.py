"""Run a program under Poly/ML and record what it prints: the expected
output of the corpora in tests/data/polyml (core SML) and
tests/data/staged_polyml (ML□, run with staging erased, as the conformance
README prescribes).

Poly/ML prints compile warnings and the report of an uncaught exception
(`Exception- NAME ... raised`) on stdout, mixed with the program's output.
To separate them exactly, the program runs with `print` rebound to write
to stderr: the program's output is then stderr, byte for byte, and stdout
holds only Poly's own messages.

    python -m tests.polyml_record FILE.sml...          # show, compare with the recording
    python -m tests.polyml_record --write FILE.sml...  # (re)write FILE.expected / FILE.exception
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import attrs

POLY = shutil.which("poly")
POLY_MISSING = "Poly/ML (`poly`) is not installed: cannot record or re-check expected output"
POLY_TIMEOUT_S = 120

# Rebinds print, and TextIO with it, for the whole program: TextIO.stdOut
# becomes Poly's stderr, so that print, TextIO.print and output on
# TextIO.stdOut interleave there as they do on standard output, each write
# flushed at once; the program's own TextIO.stdErr goes to /dev/null (the
# recording is of standard output; tests/test_basis.py checks stdErr). A
# program that declares its own `print` or `TextIO` would escape it, and
# none of the corpus programs does. The `;` lets a program begin with a
# top-level expression (`print "x";`).
PRINT_TO_STDERR = """structure TextIO = struct
  open TextIO
  val stdOut = stdErr
  val stdErr = openOut "/dev/null"
  fun output (stream, s) = (TextIO.output (stream, s); TextIO.flushOut stream)
  fun output1 (stream, c) = (TextIO.output1 (stream, c); TextIO.flushOut stream)
  fun outputSubstr (stream, ss) = output (stream, Substring.string ss)
  fun print s = output (stdOut, s)
end;
val print = TextIO.print;
"""
UNCAUGHT = re.compile(r"^Exception- (\S+)")
# Poly/ML 5.7's optimiser sometimes fails on constant arithmetic (for
# example a negative constant index); that is not the program's behaviour.
COMPILER_FAILURE = "raised while compiling"


@attrs.frozen
class PolyRun:
    output: bytes  # what the program printed
    exception: str | None  # the uncaught exception's name, if it died of one
    messages: str  # Poly's own stdout: warnings and the exception report


def sml_text(path: pathlib.Path) -> str:
    """The SML program for `path`: itself for a core program, its erasure
    for a staged one (a file under a directory whose name has `staged`)."""
    text = path.read_text()
    if "staged" not in path.resolve().parent.name:
        return text
    from mlbox.deep import with_deep_stack
    from mlbox.erase import erase_to_sml
    from mlbox.parser import parse_program

    # parsing and printing recurse over the syntax tree: a program nested a
    # few hundred levels deep (300 nested lets) needs mlbox's deep stack
    return with_deep_stack(lambda: erase_to_sml(parse_program(text)))()


def run_poly(path: pathlib.Path) -> PolyRun:
    with tempfile.TemporaryDirectory() as tmp:
        script = pathlib.Path(tmp) / path.name
        script.write_text(PRINT_TO_STDERR + sml_text(path))
        run = subprocess.run([POLY, "--script", str(script)], capture_output=True, timeout=POLY_TIMEOUT_S)
    messages = run.stdout.decode("utf-8", "replace")
    exception = None
    if COMPILER_FAILURE in messages:
        raise RuntimeError(f"{path}: Poly/ML's compiler failed; change the program:\n{messages}")
    for line in messages.splitlines():
        match = UNCAUGHT.match(line)
        if match:
            exception = match.group(1)
    if exception is None and run.returncode != 0:
        raise RuntimeError(f"{path}: poly failed without an uncaught exception:\n{messages}")
    return PolyRun(run.stderr, exception, messages)


def recorded(path: pathlib.Path) -> tuple[bytes, str | None]:
    exn_file = path.with_suffix(".exception")
    return path.with_suffix(".expected").read_bytes(), exn_file.read_text().strip() if exn_file.exists() else None


def write(path: pathlib.Path, run: PolyRun) -> None:
    path.with_suffix(".expected").write_bytes(run.output)
    exn_file = path.with_suffix(".exception")
    if run.exception is None:
        exn_file.unlink(missing_ok=True)
    else:
        exn_file.write_text(run.exception + "\n")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.polyml_record", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="(re)write FILE.expected / FILE.exception")
    parser.add_argument("files", nargs="+", metavar="FILE.sml")
    args = parser.parse_args(argv)
    if POLY is None:
        print(POLY_MISSING, file=sys.stderr)
        return 2
    write_files = args.write
    status = 0
    for name in args.files:
        path = pathlib.Path(name)
        if not path.is_file():
            print(f"{path}: no such file", file=sys.stderr)
            status = 2
            continue
        run = run_poly(path)
        if write_files:
            write(path, run)
            print(f"{path}: recorded ({len(run.output)} bytes, exception {run.exception})")
        elif path.with_suffix(".expected").exists() and recorded(path) != (run.output, run.exception):
            print(f"{path}: Poly/ML differs from the recording")
            status = 1
        else:
            sys.stdout.buffer.write(run.output)
            print(f"-- exception: {run.exception}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
