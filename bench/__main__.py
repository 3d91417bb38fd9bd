"""`python -m bench [--quick] [--out docs/benchmarks.md]`: run every
section of the bench and write the page: the paper's Table 1 side by side,
the C machine's speed, the packet filters against an OCaml peer, start-up,
where the reductions go, and the collector on allocation-heavy programs."""

from __future__ import annotations

import argparse
import os
import sys

from bench import alloc, env, mix, peer, report, speed, startup, table1
from bench.workloads import FILTER, ROOT, CAPTURE, BpfWorkload

DEFAULT_OUT = os.path.join(ROOT, "docs", "benchmarks.md")


def progress(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a rough page in a few seconds)")
    parser.add_argument("--out", default=DEFAULT_OUT,
                        help=f"where to write the page (default {os.path.relpath(DEFAULT_OUT, ROOT)} in the "
                             "repository)")
    args = parser.parse_args(argv)

    progress("machine")
    environment = env.describe()
    progress("Table 1 (reductions)")
    c = BpfWorkload("c")
    t1 = table1.measure("c", c)
    progress("C machine speed")
    sp = speed.measure_speed(c, lambda: BpfWorkload("py", c.capture), quick=args.quick)
    progress("reduction mix (reference machine)")
    py = BpfWorkload("py", c.capture)
    if table1.measure("py", py).rows != t1.rows:
        raise AssertionError("Table 1 differs between the C and the Python machine")
    mixes = mix.measure_mix(py, t1.nth_packet)
    del py

    missing = peer.ocaml_missing()
    peer_result = toplevel = None
    if missing is None:
        progress("OCaml peer")
        peer_result = peer.run_interpreter(FILTER, CAPTURE, 50 if args.quick else 300, 3 if args.quick else 7)
        toplevel = peer.toplevel_latency(c.insns, 3 if args.quick else 11)
    else:
        progress(f"OCaml peer skipped: {missing}")
    progress("start-up")
    st = startup.measure_startup(3 if args.quick else 11)
    progress("allocation-heavy programs (the collector)")
    alloc_runs = alloc.measure_alloc(quick=args.quick)

    results = report.Results(environment, t1, sp, st, mixes, peer_result, missing, toplevel,
                             os.path.relpath(CAPTURE, ROOT), len(c.capture.packets), os.path.relpath(FILTER, ROOT),
                             len(c.insns), args.quick, alloc_runs)
    page = report.render(results)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(page + "\n")
    progress(f"wrote {args.out}")
    for line in report._missed(results):
        progress(f"missed: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
