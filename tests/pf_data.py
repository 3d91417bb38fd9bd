"""Where the shared BPF conformance data lives (/work/shared/bpf, beside the
repository), and readers for its files. See that folder's README.md."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _shared_bpf() -> Path:
    """MLBOX_SHARED_BPF if set; else shared/bpf beside the checkout, or
    /work/shared/bpf for a clone made elsewhere (as the conformance tests
    look for shared/conformance)."""
    if "MLBOX_SHARED_BPF" in os.environ:
        return Path(os.environ["MLBOX_SHARED_BPF"])
    beside = REPO.parent / "shared" / "bpf"
    return beside if beside.is_dir() else Path("/work/shared/bpf")


SHARED_BPF = _shared_bpf()
CAPTURES = ("mixed_small", "telnet_small")
TEST_DATA = REPO / "tests" / "data" / "pf"

needs_shared = pytest.mark.skipif(not SHARED_BPF.is_dir(),
                                  reason=f"the shared BPF data is not at {SHARED_BPF} (set MLBOX_SHARED_BPF)")


def filter_names() -> list[str]:
    if not SHARED_BPF.is_dir():
        return []
    return sorted(p.stem for p in (SHARED_BPF / "filters").glob("*.bpf"))


def invalid_rows() -> list[dict]:
    if not SHARED_BPF.is_dir():
        return []
    with open(SHARED_BPF / "invalid" / "invalid.tsv", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def expected(name: str, capture: str, invalid: bool = False) -> list[int]:
    """libpcap's return value for each packet, in capture order."""
    folder = SHARED_BPF / "invalid" / "expected" if invalid else SHARED_BPF / "expected"
    with open(folder / f"{name}__{capture}.tsv") as f:
        return [int(line.split("\t")[3]) for line in f if line.strip()]


def filter_path(name: str) -> Path:
    return SHARED_BPF / "filters" / f"{name}.bpf"


def capture_path(capture: str) -> Path:
    return SHARED_BPF / "pcaps" / f"{capture}.pcap"
