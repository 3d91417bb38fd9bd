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
    parse_filter_lines,
    validate,
    validation_error,
)
from tests.pf_data import REPO, SHARED_BPF, TEST_DATA, filter_names, filter_path, invalid_rows, needs_shared

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
    # Only ASCII numbers: int() takes other scripts' digits and underscores,
    # and str.isdigit() takes '²' (which int() then refused: an internal error).
    ("1\n6 0 0 \uff11\uff12\n", "f.bpf:2: k '\uff11\uff12' is not a number"),
    ("\uff11\n6 0 0 1\n", "f.bpf:1: expected the instruction count"),
    ("\u00b2\n6 0 0 1\n6 0 0 1\n", "f.bpf:1: expected the instruction count"),
    ("1\n6 0 0 1_2\n", "k '1_2' is not a number"),
    ("1\n6 0 0 0x_1\n", "k '0x_1' is not a number"),
    ("1\n6 0 0 -1\n", "k '-1' is not a number"),
    ("{ 0x6, 0, 0, \uff11 },\n", "f.bpf:1: k '\uff11' is not a number"),
    ("{ 0x6, 0, 0, -1 },\n", "f.bpf:1: k '-1' is not a number"),
    ("{ 0x, 0, 0, 1 },\n", "f.bpf:1: opcode '0x' is not a number"),
    # C reads 010 as 8: neither reading of a leading-0 field in a C initialiser is safe
    ("{ 0x6, 0, 0, 010 },\n", "f.bpf:1: k '010' has a leading 0, which C reads as octal"),
    ("{ 0x6, 0, 0, 1 },,\n", "f.bpf:1: expected `{ code, jt, jf, k },`"),
    # a vertical tab or a form feed does not end a line (str.splitlines() said so
    # and misnumbered every later line)
    ("1\n6 0\v0 1\n6 0 0 x\n", "says 1 instruction(s) but 2 follow"),
    ("2\n6 0 0 1\x0c\n6 0 0 x\n", "f.bpf:3: k 'x' is not a number"),
    # jt and jf are bytes (255 is read: test_jump_offsets_are_bytes)
    ("1\n21 256 0 1\n", "f.bpf:2: jt 256 out of range 0..255"),
    ("1\n21 0 256 1\n", "f.bpf:2: jf 256 out of range 0..255"),
])
def test_malformed_filter_text_is_reported_with_its_line(text, fragment):
    with pytest.raises(FilterError) as error:
        parse_filter(text, "f.bpf")
    assert fragment in str(error.value)


def test_jump_offsets_are_bytes():
    assert parse_filter("1\n21 255 255 1\n") == [Insn(21, 255, 255, 1)]


@pytest.mark.parametrize("text", [
    "{ 0x6, 0, 0, 0x1 },\r\n{ 6, 0, 0, 0 },\r\n",  # CRLF, decimal code
    "{0x6,0,0,0x1},\n\n{0X6,0,0,0}\n",  # no spaces, a blank line, upper-case 0X, no trailing comma
    "{ 0x6, 0, 0, 1 },\r{ 0x6, 0, 0, 0 },\r",  # CR line ends
    "2\r\n6 0 0 1\r\n6 0 0 0\r\n",
    "  2\n\n6 0 0 0x1\n\t6 0 0 0  \n",  # -ddd with hex, blank lines, indentation
    "{ 0x6, 0, 0, 0 },\n{ 0x6, 0, 0, 0 }, \n".replace("0 },\n", "1 },\n", 1),
])
def test_lenient_spellings_of_the_same_program(text):
    assert parse_filter(text) == [Insn(6, 0, 0, 1), Insn(6, 0, 0, 0)]


def test_scratch_read_must_be_written_on_every_path():
    # 0: ldb [0]; 1: jeq #1 → 2 or 3; 2: st M[3]; 3: ld M[3]; 4: ret a
    one_path = [Insn(0x30, 0, 0, 0), Insn(0x15, 0, 1, 1), Insn(0x02, 0, 0, 3), Insn(0x60, 0, 0, 3), Insn(0x16, 0, 0, 0)]
    assert validation_error(one_path) == "insn 3: " + SCRATCH_UNWRITTEN_REASON.format(k=3)
    # the same with the jump on true (jt 1) past the write
    jump_on_true = list(one_path)
    jump_on_true[1] = Insn(0x15, 1, 0, 1)
    assert validation_error(jump_on_true) == "insn 3: " + SCRATCH_UNWRITTEN_REASON.format(k=3)
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


TCP_PORT_23_DDD = (REPO / "examples" / "filters" / "tcp_port_23.bpf").read_text()


@pytest.mark.parametrize("variant", [
    "\r\n".join(TCP_PORT_23_DDD.split("\n")),  # CRLF (a Windows editor)
    "\n\n" + TCP_PORT_23_DDD.replace("\n", "\n\n"),  # blank lines anywhere
    "# tcpdump -ddd 'tcp port 23'\n" + TCP_PORT_23_DDD.replace("\n", "  # an instruction\n", 3),
    "/* tcp port 23,\n   20 instructions */\n" + TCP_PORT_23_DDD.replace("\n", " // x\n"),
])
def test_ddd_text_with_blank_lines_comments_and_crlf_reads_the_same_program(variant):
    assert parse_filter(variant) == parse_filter(TCP_PORT_23_DDD)


def test_dd_text_with_comments_reads_the_same_program():
    dd = (TEST_DATA / "tcp_port_23.dd").read_text()
    annotated = "/* from C source */\r\n" + dd.replace("},\n", "}, // an instruction\r\n").replace("{", "{ /*c*/ ", 2)
    assert parse_filter(annotated) == parse_filter(dd)


@pytest.mark.parametrize("text, fragment", [
    ("1\n/* never closed\n6 0 0 1\n", "f.bpf:2: `/*` comment is not closed"),
    ("# a comment\n\n2\n6 0 0 1\n", "f.bpf:3: the first line says 2 instruction(s) but 1 follow"),
    ("# a comment\n2\n6 0 0 1 # ret\n6 0 x 1\n", "f.bpf:4: jf 'x' is not a number"),
    ("1 # count\n6 0 0 1 0\n", "f.bpf:2: expected four numbers"),
])
def test_malformed_annotated_filter_text_is_reported_with_its_line(text, fragment):
    with pytest.raises(FilterError) as error:
        parse_filter(text, "f.bpf")
    assert fragment in str(error.value)


@pytest.mark.parametrize("text, fragment", [
    ("# jump\n\n3\n21 0 5 1\n6 0 0 1\n6 0 0 0\n", "f.bpf:4: invalid classic BPF: insn 0: conditional jump target"),
    ("2\n6 0 0 1\n\n7 0 0 0\n", "f.bpf:4: invalid classic BPF: last instruction is not 'ret'"),
    ("2\n96 0 0 3\n22 0 0 0\n", "f.bpf:2: invalid classic BPF: insn 0: scratch memory word 3 may be read"),
    ("{ 0x34, 0, 0, 0 },\n{ 0x16, 0, 0, 0 },\n", "f.bpf:1: invalid classic BPF: insn 0: division/modulus"),
])
def test_invalid_program_is_reported_at_the_line_of_the_instruction_to_blame(text, fragment):
    insns, lines = parse_filter_lines(text, "f.bpf")
    with pytest.raises(FilterError) as error:
        validate(insns, "f.bpf", lines)
    assert fragment in str(error.value)
