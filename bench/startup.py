"""Start-up: wall time of `mlbox run` on a one-line program and of
`mlbox check` on the largest example, each a fresh process (the installed
`mlbox` command of the venv, as a user runs it)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import attrs

from bench.timing import Timing, measure
from bench.workloads import ROOT

ONE_LINE_PROGRAM = 'val _ = print "hello, world\\n"\n'


@attrs.frozen
class Startup:
    run_hello: Timing
    check_largest: Timing
    largest: str  # the example checked
    largest_lines: int
    command: str


def mlbox_command() -> list[str]:
    """The venv's `mlbox` script next to this Python, else `python -m mlbox`."""
    script = os.path.join(os.path.dirname(sys.executable), "mlbox")
    return [script] if os.path.exists(script) else [sys.executable, "-m", "mlbox"]


def largest_example() -> str:
    examples = os.path.join(ROOT, "examples")
    sources = [os.path.join(examples, f) for f in os.listdir(examples) if f.endswith((".sml", ".ml"))]
    return max(sources, key=os.path.getsize)


def _run(argv: list[str], expect: str = "") -> None:
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0 or expect not in done.stdout:
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[:400]}")


def measure_startup(runs: int = 11) -> Startup:
    command = mlbox_command()
    largest = largest_example()
    with tempfile.TemporaryDirectory(prefix="mlbox-bench-") as tmp:
        hello = os.path.join(tmp, "hello.sml")
        with open(hello, "w", encoding="utf-8") as f:
            f.write(ONE_LINE_PROGRAM)
        run_hello = measure(lambda: _run(command + ["run", hello], "hello, world"), runs)
    check = measure(lambda: _run(command + ["check", largest]), runs)
    with open(largest, encoding="utf-8") as f:
        lines = sum(1 for _ in f)
    return Startup(run_hello, check, os.path.relpath(largest, ROOT), lines, " ".join(
        os.path.relpath(c, ROOT) if c.startswith(ROOT) else c for c in command))
