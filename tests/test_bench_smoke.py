"""Smoke test of `make bench` (bench/): the modules import, Table 1's rows
are computed, and — reductions being deterministic — every row is at or
below the paper's. No timing is asserted (the bench reports times; tests
must not depend on the machine's load)."""

from __future__ import annotations

import importlib

import pytest

from bench import table1

BENCH_MODULES = ("bench.alloc", "bench.env", "bench.mix", "bench.peer", "bench.report", "bench.speed", "bench.startup",
                 "bench.table1", "bench.timing", "bench.workloads", "bench.__main__")


@pytest.mark.parametrize("name", BENCH_MODULES)
def test_bench_module_imports(name):
    importlib.import_module(name)


@pytest.fixture(scope="module")
def table():
    return table1.measure("c")


def test_table1_has_the_papers_ten_rows_in_order(table):
    assert [row.name for row in table.rows] == list(table1.PAPER)
    assert all(row.ours > 0 for row in table.rows)


def test_every_table1_row_is_at_or_below_the_papers(table):
    over = [(row.name, row.ours, row.paper) for row in table.rows if not row.met]
    assert over == []


def test_first_packet_row_is_specialisation_plus_first_run(table):
    first = table.row("bevalpf on first telnet packet").ours
    assert first > table.specialise_reductions
    assert table.row("evalpf on first telnet packet").ours >= table.evalpf_range[0]
    assert table.specialised_range[0] <= first - table.specialise_reductions <= table.specialised_range[1]


def test_specialised_filter_is_cheaper_than_evalpf_on_every_telnet_packet(table):
    assert table.specialised_range[1] < table.evalpf_range[0]
    assert table.telnet_packets > 0
    assert all(ratio.ours > 0 for ratio in table.ratios)


def test_ocaml_source_of_the_filter_names_every_instruction():
    from bench import peer, workloads
    from mlbox.pf import load_filter

    insns, _ = load_filter(workloads.FILTER)
    source = peer.ocaml_source(insns, "filter_0")
    assert source.startswith("let filter_0 ")
    assert all(f"let i{pc} a x" in source for pc in range(len(insns)))


def test_mix_floor_counts_four_per_pair_primitive_and_one_per_unary_primitive_or_test():
    from bench.mix import Mix

    mix = Mix("m", 40, (("push", 20), ("prim add", 2), ("prim wfromint", 3), ("branch", 1), ("switch", 2)))
    assert mix.floor == 2 * 4 + 3 * 1 + 1 + 2


def test_mix_floor_never_exceeds_the_traced_reductions():
    from bench.mix import measure_mix
    from bench.workloads import BpfWorkload

    py = BpfWorkload("py")
    mixes = measure_mix(py, py.telnet_indices[-1])
    assert [m.name.split(" (")[0] for m in mixes] == [
        "evalpf", "specialised filter", "specialise prog", "evalPoly", "poly1Target 47", "mlPolyFun 47"]
    assert all(0 < m.floor <= m.total for m in mixes)


def test_allocation_bench_checks_its_programs_and_renders_its_section():
    from bench import alloc, report

    small = (alloc.list_workload(20_000, "2×10^4"), alloc.tree_workload(2_000, "2×10^3"))
    runs = alloc.measure_alloc(quick=True, chosen=small)
    assert [run.workload for run in runs] == list(small)
    for run in runs:
        assert run.reductions > 0 and run.timing.n == 3 and run.gc.median >= 0
        assert run.peak_heap_bytes > 0 and run.peak_heap_bytes >= run.live_bytes >= 0  # no collection: live 0
    lines: list[str] = []
    report._render_alloc(runs, lines.append)
    page = "\n".join(lines)
    assert "## 5. Allocation-heavy programs" in page
    assert all(f"| {w.name} | " in page for w in small)


def test_allocation_bench_refuses_a_wrong_result():
    from bench import alloc

    wrong = alloc.AllocWorkload("wrong", alloc.LIST.format(n=10), "10 54\n")
    with pytest.raises(AssertionError, match="printed"):
        alloc.measure_alloc(quick=True, chosen=(wrong,))


def test_the_bench_capture_is_in_the_repository_and_is_the_telnet_capture():
    """The page names a file every checkout has (it once named this
    machine's /work/shared path when present)."""
    import os

    from bench.workloads import CAPTURE, ROOT
    from mlbox.pf_capture import read_capture

    assert os.path.commonpath([CAPTURE, ROOT]) == ROOT and os.path.isfile(CAPTURE)
    assert len(read_capture(CAPTURE).packets) == 2000
