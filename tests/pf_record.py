"""Record tcpdump filter expressions compiled by libpcap, with libpcap's
value on every packet of the shared captures, into tests/data/pf/expressions/
(read by tests/test_pf_differential.py, so that the core test path checks
them without libpcap).

The expressions are listed in tests/data/pf/expressions/expressions.tsv
(name, expression). For each, NAME.ddd is the optimised program in
`tcpdump -ddd` text and NAME__CAPTURE.tsv libpcap's bpf_filter value for
each packet, in the shared data's expected/ format (index, caplen, wirelen,
value). Needs libpcap and the shared data (/work/shared/bpf).

    python -m tests.pf_record            # compare with the recording
    python -m tests.pf_record --write    # (re)write the recording
"""

from __future__ import annotations

import csv
import sys

from mlbox import libpcap
from mlbox.pf_capture import read_capture
from mlbox.pf_filter import format_ddd, validation_error
from tests.pf_data import CAPTURES, SHARED_BPF, TEST_DATA, capture_path

FOLDER = TEST_DATA / "expressions"
MANIFEST = FOLDER / "expressions.tsv"


def recordings() -> dict[str, str]:
    """File name -> contents, for every expression of the manifest."""
    with open(MANIFEST, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    captures = {cap: read_capture(str(capture_path(cap))).packets for cap in CAPTURES}
    files = {}
    for row in rows:
        insns = libpcap.compile_expression(row["expression"])
        problem = validation_error(insns)
        if problem is not None:
            raise SystemExit(f"{row['name']}: libpcap's program for {row['expression']!r} is not strictly valid: {problem}")
        files[f"{row['name']}.ddd"] = format_ddd(insns)
        for cap, packets in captures.items():
            files[f"{row['name']}__{cap}.tsv"] = "".join(
                f"{index}\t{len(p.data)}\t{p.wirelen}\t{libpcap.bpf_filter(insns, p.data, p.wirelen)}\n"
                for index, p in enumerate(packets))
    return files


def main(argv: list[str]) -> int:
    if not libpcap.available():
        print(libpcap.NOT_INSTALLED, file=sys.stderr)
        return 2
    if not SHARED_BPF.is_dir():
        print(f"the shared BPF data is not at {SHARED_BPF} (set MLBOX_SHARED_BPF)", file=sys.stderr)
        return 2
    differ = 0
    for name, text in recordings().items():
        path = FOLDER / name
        if "--write" in argv:
            path.write_text(text)
        elif not path.exists() or path.read_text() != text:
            print(f"{path}: differs from libpcap's")
            differ += 1
    print("written" if "--write" in argv else f"{differ} file(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
