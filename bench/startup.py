"""Start-up: wall time of `mlbox run` on a one-line program and of
`mlbox check` on the largest example, each a fresh process (the installed
`mlbox` command of the venv, as a user runs it).

Python's bytecode cache matters here: with it, modules load from .pyc
files; without it (PYTHONDONTWRITEBYTECODE=1 and no cache yet, as in some
sandboxes) every run compiles mlbox's modules from source, unless `make
install` compiled them into the tree (it does). The headline figures run
with a warm cache kept outside the tree (PYTHONPYCACHEPREFIX);
`run_hello_uncached` is the same command with PYTHONDONTWRITEBYTECODE=1 and
no cache but the tree's."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from typing import Optional

import attrs

from bench.timing import Timing, measure
from bench.workloads import ROOT

ONE_LINE_PROGRAM = 'val _ = print "hello, world\\n"\n'


@attrs.frozen
class Startup:
    run_hello: Timing  # warm bytecode cache
    check_largest: Timing  # warm bytecode cache
    run_hello_uncached: Timing  # PYTHONDONTWRITEBYTECODE=1: compiled from source, or the tree's .pyc
    tree_has_pycache: bool  # then run_hello_uncached read mlbox's .pyc files after all
    environment_disables_cache: bool  # PYTHONDONTWRITEBYTECODE is set where the bench runs
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


def _environment(cache: Optional[str]) -> dict:
    env = dict(os.environ)
    if cache is None:
        # the standard library keeps its own .pyc files; mlbox's modules are
        # compiled from source unless the tree has a __pycache__
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def _run(argv: list[str], expect: str = "", env: Optional[dict] = None) -> None:
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=env)
    if done.returncode != 0 or expect not in done.stdout:
        raise RuntimeError(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[:400]}")


def measure_startup(runs: int = 11) -> Startup:
    command = mlbox_command()
    largest = largest_example()
    with tempfile.TemporaryDirectory(prefix="mlbox-bench-") as tmp:
        hello = os.path.join(tmp, "hello.sml")
        with open(hello, "w", encoding="utf-8") as f:
            f.write(ONE_LINE_PROGRAM)
        cached, uncached = _environment(os.path.join(tmp, "pycache")), _environment(None)
        # measure's warm-up run fills the cache
        run_hello = measure(lambda: _run(command + ["run", hello], "hello, world", cached), runs)
        check = measure(lambda: _run(command + ["check", largest], "", cached), runs)
        run_uncached = measure(lambda: _run(command + ["run", hello], "hello, world", uncached), max(3, runs // 2))
    with open(largest, encoding="utf-8") as f:
        lines = sum(1 for _ in f)
    tree_cache = os.path.isdir(os.path.join(ROOT, "mlbox", "__pycache__"))
    return Startup(run_hello, check, run_uncached, tree_cache, bool(os.environ.get("PYTHONDONTWRITEBYTECODE")),
                   os.path.relpath(largest, ROOT), lines, " ".join(
        os.path.relpath(c, ROOT) if c.startswith(ROOT) else c for c in command))
