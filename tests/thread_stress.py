"""Stress the embedding API under threads (docs/embedding.md: "For calls in
parallel, load the program once per thread").

Each corpus program (tests/data/polyml, tests/data/staged_polyml) is loaded
with mlbox.api.load_source and summed up as a signature: its output, the
load's reductions, its warnings, the converted value (repr) of each
top-level name, or the error it raised. `reference` computes every
signature in one thread; `stress` starts a fresh process per round (the
process-wide caches are filled by the first loads, so only a fresh process
races on them) whose THREADS threads load the programs at once, in
different orders, with sys.setswitchinterval(1e-6), and reports every
signature that differs from the reference.

    python -m tests.thread_stress [--machine c|py] [--rounds N] [--threads N] [--limit N] [--exclude REGEX]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CORPORA = (ROOT / "data" / "polyml", ROOT / "data" / "staged_polyml")
MAX_REDUCTIONS = 20_000_000


def programs(limit: int = 0, exclude: str = "") -> list[Path]:
    paths = sorted(p for corpus in CORPORA for p in corpus.glob("*.sml") if not (exclude and re.search(exclude, p.name)))
    return paths[:limit] if limit else paths


def shown(value, budget: list) -> str:
    """repr(value), cut short after some 2,000 nodes (a value shared as a
    DAG, such as a tree of 2^40 paths, converts at once but would print for ever)."""
    from mlbox.api import NO_ARG, Data

    budget[0] -= 1
    if budget[0] < 0:
        return "..."
    if isinstance(value, tuple):
        return "(" + ", ".join(shown(v, budget) for v in value) + ")"
    if isinstance(value, list):
        return "[" + ", ".join(shown(v, budget) for v in value) + "]"
    if isinstance(value, Data):
        return value.name if value.arg is NO_ARG else f"{value.name}({shown(value.arg, budget)})"
    return repr(value)[:200]


def signature(path: Path, machine: str) -> list:
    from mlbox import api

    text = path.read_text(encoding="utf-8")
    try:
        prog = api.load_source(text, name=path.name, machine=machine, max_reductions=MAX_REDUCTIONS)
    except api.APIError as err:
        return [type(err).__name__, str(err)]
    except Exception as err:  # noqa: BLE001 - a bug: reported as a signature that differs
        return ["BUG", repr(err)]
    values = []
    for name in prog.names():
        try:
            values.append([name, prog.type_of(name), shown(prog.value(name), [2000])])
        except api.APIError as err:
            values.append([name, type(err).__name__, str(err)])
        except Exception as err:  # noqa: BLE001
            values.append([name, "BUG", repr(err)])
    return ["ok", prog.output.decode("utf-8", "replace"), repr(prog.last_stats), list(prog.warnings), values]


def reference(machine: str, limit: int, exclude: str) -> dict:
    return {p.name: signature(p, machine) for p in programs(limit, exclude)}


def _round(machine: str, nthreads: int, limit: int, exclude: str, seed: int) -> dict:
    """In this process: nthreads threads load every program between them."""
    paths = programs(limit, exclude)
    rng = random.Random(seed)
    rng.shuffle(paths)
    shares = [paths[i::nthreads] for i in range(nthreads)]
    got: dict = {}
    barrier = threading.Barrier(nthreads)

    def worker(share):
        barrier.wait()
        for p in share:
            got[p.name] = signature(p, machine)

    sys.setswitchinterval(1e-6)
    threads = [threading.Thread(target=worker, args=(share,)) for share in shares]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return got


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--machine", default="c", choices=("c", "py"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--limit", type=int, default=0, help="only the first N programs")
    ap.add_argument("--exclude", default="", help="leave out the programs whose name matches this regex")
    ap.add_argument("--round", type=int, help=argparse.SUPPRESS)  # a child process's round
    ap.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.reference:
        json.dump(reference(args.machine, args.limit, args.exclude), sys.stdout)
        return 0
    if args.round is not None:
        json.dump(_round(args.machine, args.threads, args.limit, args.exclude, args.round), sys.stdout)
        return 0
    me = [sys.executable, "-m", "tests.thread_stress", "--machine", args.machine, "--limit", str(args.limit),
          "--threads", str(args.threads), "--exclude", args.exclude]
    cwd = ROOT.parent
    ref = json.loads(subprocess.run(me + ["--reference"], cwd=cwd, capture_output=True, check=True).stdout)
    print(f"reference: {len(ref)} programs, machine {args.machine}", flush=True)
    bad = 0
    for r in range(args.rounds):
        done = subprocess.run(me + ["--round", str(r)], cwd=cwd, capture_output=True)
        if done.returncode != 0:
            print(f"round {r}: the process failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
            bad += 1
            continue
        got = json.loads(done.stdout)
        diffs = [name for name in ref if got.get(name) != ref[name]]
        print(f"round {r}: {len(got)} programs, {len(diffs)} differ", flush=True)
        for name in diffs[:10]:
            print(f"  {name}:\n    one thread: {json.dumps(ref[name])[:600]}\n    threads:    "
                  f"{json.dumps(got.get(name))[:600]}")
        bad += bool(diffs)
    return 1 if bad else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main(sys.argv[1:]))
