"""Reading filter files (tcpdump -ddd / -dd) and the strict validator."""

from __future__ import annotations

import pytest

from mlbox.pf_filter import (
    COND_JUMP_REASON,
    DIV_ZERO_REASON,
    FINAL_RET_REASON,
    SCRATCH_UNWRITTEN_REASON,
    FilterError,
    Insn,
    format_ddd,
    parse_filter,
    validate,
    validation_error,
)
from tests.pf_data import SHARED_BPF, TEST_DATA, filter_names, filter_path, invalid_rows, needs_shared

RET_1 = Insn(6, 0, 0, 1)


@needs_shared
@pytest.mark.parametrize("name", filter_names())
def test_every_shared_filter_is_valid_and_round_trips(name):
    text = filter_path(name).read_text()
    insns = parse_filter(text)
    assert validation_error(insns) is None
    assert format_ddd(insns) == text


@needs_shared
@pytest.mark.parametrize("row", invalid_rows(), ids=lambda r: r["name"])
def test_every_invalid_filter_is_rejected_with_its_reason(row):
    insns = parse_filter((SHARED_BPF / "invalid" / f"{row['name']}.bpf").read_text())
    assert len(insns) == int(row["insns"])
    assert "invalid: " + validation_error(insns) == row["strict_classic_bpf"]
    with pytest.raises(FilterError, match="invalid classic BPF"):
        validate(insns)


def test_dd_format_reads_the_same_program():
    dd = parse_filter((TEST_DATA / "tcp_port_23.dd").read_text())
    assert dd[0] == Insn(0x28, 0, 0, 12)
    assert len(dd) == 20 and validation_error(dd) is None


@pytest.mark.parametrize("text, fragment", [
    ("", "empty filter file"),
    ("2\n6 0 0 1\n", "says 2 instruction(s) but 1 follow"),
    ("1\n6 0 0\n", "expected four numbers"),
    ("1\n6 0 x 1\n", "'x' is not a number"),
    ("1\n6 0 0 4294967296\n", "k 4294967296 out of range"),
    ("1\n6 256 0 1\n", "jt 256 out of range"),
    ("ret #1\n", "expected the instruction count"),
    ("{ 0x6, 0, 0, 1 },\n{ 0x6, 0 },\n", ":2: expected `{ code, jt, jf, k },`"),
])
def test_malformed_filter_text_is_reported_with_its_line(text, fragment):
    with pytest.raises(FilterError) as error:
        parse_filter(text, "f.bpf")
    assert fragment in str(error.value)


def test_scratch_read_must_be_written_on_every_path():
    # 0: ldb [0]; 1: jeq #1 → 2 or 3; 2: st M[3]; 3: ld M[3]; 4: ret a
    one_path = [Insn(0x30, 0, 0, 0), Insn(0x15, 0, 1, 1), Insn(0x02, 0, 0, 3), Insn(0x60, 0, 0, 3), Insn(0x16, 0, 0, 0)]
    assert validation_error(one_path) == "insn 3: " + SCRATCH_UNWRITTEN_REASON.format(k=3)
    both_paths = [Insn(0x02, 0, 0, 3)] + one_path
    both_paths[2] = Insn(0x15, 0, 1, 1)
    assert validation_error(both_paths) is None
    # a read in unreachable code is on no path
    unreachable = [Insn(0x05, 0, 0, 1), Insn(0x60, 0, 0, 5), RET_1]
    assert validation_error(unreachable) is None


def test_other_rules():
    assert validation_error([Insn(0x3C, 0, 0, 0), RET_1]) is None  # div x: run-time zero is data
    assert validation_error([Insn(0x94, 0, 0, 0), RET_1]) == f"insn 0: {DIV_ZERO_REASON}"
    assert validation_error([Insn(0x74, 0, 0, 31), RET_1]) is None
    assert validation_error([Insn(0x15, 1, 0, 0), RET_1]) == f"insn 0: {COND_JUMP_REASON}"
    assert validation_error([RET_1, Insn(0x00, 0, 0, 0)]) == FINAL_RET_REASON
    assert validation_error([RET_1] * 4097) == "program length 4097 not in 1..4096"
    assert validation_error([RET_1] * 4096) is None
