"""An independent check of examples/bpf.sml: its staging-erased version
(mlbox.erase, docs/language.md §7) run by Poly/ML returns libpcap's value for every
filter on every packet of both shared captures, for both evalpf and the
specialised filter. Optional: skipped when Poly/ML is not installed."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from mlbox.diagnostics import Source
from mlbox.erase import erase_to_sml
from mlbox.parser import parse_program
from mlbox.pf import BPF_PROGRAM
from mlbox.pf_filter import parse_filter
from tests.pf_data import CAPTURES, expected, filter_names, filter_path, needs_shared
from tests.test_pf import capture

pytestmark = [needs_shared, pytest.mark.skipif(shutil.which("poly") is None, reason="Poly/ML (poly) is not installed")]


def sml_string(data: bytes) -> str:
    return '"' + "".join(chr(c) if 32 <= c < 127 and chr(c) not in '"\\' else f"\\{c:03d}" for c in data) + '"'


def test_erased_bpf_under_polyml_matches_libpcap(tmp_path):
    lines = [erase_to_sml(parse_program(Source(BPF_PROGRAM, open(BPF_PROGRAM).read())))]
    for cap in CAPTURES:
        packets = ",\n".join(f"({sml_string(p.data)}, {p.wirelen})" for p in capture(cap).packets)
        lines.append(f"val packets_{cap} = [{packets}]")
    for name in filter_names():
        quads = ", ".join(f"({i.code}, {i.jt}, {i.jf}, {i.k})" for i in parse_filter(filter_path(name).read_text()))
        lines.append(f"val prog = load [{quads}] val i = interpret prog val s = specialise prog")
        for cap in CAPTURES:
            lines.append(f'val _ = print ("{name} {cap}" ^ String.concat (map (fn p => " " ^ Int.toString (i p) '
                         f'^ "/" ^ Int.toString (s p)) packets_{cap}) ^ "\\n")')
    script = tmp_path / "check.sml"
    script.write_text("\n".join(lines) + "\n")
    out = subprocess.run(["poly", "--script", str(script)], capture_output=True, text=True, timeout=300)
    results = {}
    for line in out.stdout.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[1] in CAPTURES:
            results[fields[0], fields[1]] = fields[2:]
    assert len(results) == len(filter_names()) * len(CAPTURES), out.stderr[-2000:]
    for (name, cap), got in results.items():
        want = expected(name, cap)
        assert got == [f"{v}/{v}" for v in want], (name, cap)
