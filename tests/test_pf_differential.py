"""Randomized differential tests of the packet filter: on programs, packets
and filter expressions nobody wrote down, evalpf and the specialised filter
(examples/bpf.sml through mlbox.pf.run, which itself fails on any packet
where the two differ) return what libpcap's bpf_filter returns, and the
strict validator (mlbox.pf_filter) accepts no program libpcap rejects.

The reference is tests/pf_oracle.py (a transcription of libpcap's
bpf_filter, so the core path needs no libpcap); where libpcap is installed
the oracle is itself compared with libpcap on random programs, the
validator with libpcap's bpf_validate, and compiled tcpdump expressions
are run through both. tests/data/pf/expressions/ holds a few compiled
expressions with libpcap's recorded values (tests/pf_record.py) for the
core path.
"""

from __future__ import annotations

import csv
import json
import shutil
import struct
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mlbox import libpcap
from mlbox.pf import run
from mlbox.pf_capture import Capture, Packet, read_capture
from mlbox.pf_filter import OPCODES, FilterError, Insn, format_ddd, parse_filter, validation_error
from tests.pf_captures import EXPRESSIONS
from tests.pf_data import CAPTURES, TEST_DATA, expected, filter_names, filter_path, needs_shared
from tests.pf_oracle import bpf_filter as oracle
from tests.pf_strategies import (
    ETHERNET, LINK_TYPES, expressions, mutated_programs, packet_lists, packet_lists_for, packets, valid_programs,
)
from tests.test_pf import _C_PROBLEM, C_MACHINE, bpf_program, capture, mlbox

NEEDS_LIBPCAP = pytest.mark.skipif(not libpcap.available(),
                                   reason="libpcap is not installed (the reference for these comparisons)")
EXPRESSIONS_DATA = TEST_DATA / "expressions"
MIXED_SMALL = TEST_DATA / "mixed_small.pcapng"  # the shared mixed_small's packets, committed
ALWAYS_FALSE = "expression rejects all packets"  # libpcap's optimiser's refusal
# Where the C machine cannot run, the recorded expressions run on every n-th packet on the Python machine.
PY_STRIDE = 4
_mixed_small: list = []


def fuzz(examples: int):
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def mixed_small() -> tuple[Packet, ...]:
    if not _mixed_small:
        _mixed_small.append(read_capture(str(MIXED_SMALL)).packets)
    return _mixed_small[0]


def as_capture(packets) -> Capture:
    return Capture(tuple(packets), 1, "pcap")


def machine_verdicts(insns, packets, machine: str) -> list[int]:
    """evalpf's verdicts (mlbox.pf.run raises Disagreement where the specialised filter differs)."""
    return list(run(insns, as_capture(packets), machine=machine, program=bpf_program(machine), timed=False).verdicts)


def oracle_verdicts(insns, packets) -> list[int]:
    return [oracle(insns, p.data, p.wirelen) for p in packets]


def libpcap_verdicts(insns, packets) -> list[int]:
    return [libpcap.bpf_filter(insns, p.data, p.wirelen) for p in packets]


# ------------------------------------------------------------------ the oracle


@needs_shared
@pytest.mark.parametrize("cap", CAPTURES)
def test_oracle_returns_libpcaps_recorded_values_on_the_shared_data(cap):
    packets = capture(cap).packets
    for name in filter_names():
        assert oracle_verdicts(parse_filter(filter_path(name).read_text()), packets) == expected(name, cap), name


@NEEDS_LIBPCAP
@fuzz(400)
@given(valid_programs(), packet_lists)
def test_oracle_is_libpcaps_bpf_filter(insns, packets):
    assert oracle_verdicts(insns, packets) == libpcap_verdicts(insns, packets)


def test_oracle_edge_cases():
    """The cases the oracle's docstring names, by hand (libpcap 1.10.3's values)."""
    ld_imm, ldx_imm, ret_a = (lambda k: Insn(0x00, 0, 0, k)), (lambda k: Insn(0x01, 0, 0, k)), Insn(0x16, 0, 0, 0)
    for shift in (0x6C, 0x7C):  # lsh x, rsh x by 32 or more: 0
        assert oracle([ld_imm(0xFFFFFFFF), ldx_imm(32), Insn(shift, 0, 0, 0), ret_a], b"", 0) == 0
        assert oracle([ld_imm(0xFFFFFFFF), ldx_imm(0xFFFFFFFF), Insn(shift, 0, 0, 0), ret_a], b"", 0) == 0
    assert oracle([ld_imm(7), Insn(0x3C, 0, 0, 0), ret_a], b"", 0) == 0  # div x by 0 ends the filter with 0
    assert oracle([ld_imm(7), Insn(0x9C, 0, 0, 0), ret_a], b"", 0) == 0
    assert oracle([ld_imm(1), Insn(0x84, 0, 0, 0), ret_a], b"", 0) == 0xFFFFFFFF
    assert oracle([Insn(0x80, 0, 0, 0), ret_a], b"ab", 1000) == 1000  # len is the wire length
    assert oracle([Insn(0x20, 0, 0, 0), ret_a], b"abc", 4) == 0  # a word load one byte short
    assert oracle([ldx_imm(0xFFFFFFFF), Insn(0x50, 0, 0, 1), ret_a], b"abc", 3) == 0  # X + k past 2^32
    assert oracle([Insn(0xB1, 0, 0, 0), Insn(0x87, 0, 0, 0), ret_a], b"\x4f", 1) == 60


# ------------------------------------------------------------------ the machines


@C_MACHINE
@pytest.mark.parametrize("featured", sorted(OPCODES), ids=lambda code: f"0x{code:02x}")
@fuzz(8)
@given(data=st.data())
def test_c_machine_returns_the_oracles_value_on_random_programs(featured, data):
    """Programs where one opcode is frequent (so every opcode is run, at
    its edge cases, on every run of the suite), on the drawn packets and on
    every packet of mixed_small (all kinds, many malformed): a packet costs
    little, a drawn program much more."""
    insns = data.draw(valid_programs(featured=featured))
    sample = list(data.draw(packet_lists)) + list(mixed_small())
    assert machine_verdicts(insns, sample, "c") == oracle_verdicts(insns, sample)


# 32-bit values where a comparison, a test of bits or a returned value
# goes wrong first: zero, one, the sign bit and its neighbours, all ones.
BOUNDARY = (0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF)


def _boundary_packets() -> list[Packet]:
    """A packet per (A, X) pair: A is the word at 0, X the word at 4."""
    return [Packet(struct.pack(">II", a, x), 8) for a in BOUNDARY for x in BOUNDARY]


@C_MACHINE
def test_jumps_and_returns_at_the_boundary_values():
    """Every conditional jump against every boundary constant (K forms) or
    X (X forms), and `ret #k` / `ret a` of every boundary value, on both the
    interpreter and the specialised filter: random programs reach these
    pairs only by luck. A program returns 1 for true, 2 for false."""
    load_x_then_a = [Insn(0x20, 0, 0, 4), Insn(0x07, 0, 0, 0), Insn(0x20, 0, 0, 0)]  # ld [4]; tax; ld [0]
    verdicts = [Insn(0x06, 0, 0, 1), Insn(0x06, 0, 0, 2)]
    programs = [load_x_then_a + [Insn(jump, 0, 1, k)] + verdicts for jump in (0x15, 0x25, 0x35, 0x45) for k in BOUNDARY]
    programs += [load_x_then_a + [Insn(jump, 0, 1, 0)] + verdicts for jump in (0x1D, 0x2D, 0x3D, 0x4D)]
    programs += [[Insn(0x06, 0, 0, k)] for k in BOUNDARY] + [load_x_then_a + [Insn(0x16, 0, 0, 0)]]
    sample = _boundary_packets()
    for insns in programs:
        assert validation_error(insns) is None
        assert machine_verdicts(insns, sample, "c") == oracle_verdicts(insns, sample), insns


@fuzz(60)
@given(valid_programs(max_length=12), st.lists(packets, min_size=1, max_size=4))
def test_python_machine_returns_the_oracles_value_on_random_programs(insns, packets):
    assert machine_verdicts(insns, packets, "py") == oracle_verdicts(insns, packets)


# ------------------------------------------------------------------ validation

# The classes of program libpcap's bpf_validate accepts and ours rejects, on
# purpose (the strict rules of /work/shared/bpf/README.md), each with why:
STRICTER_THAN_LIBPCAP = {
    # bpf_validate checks the class and mode bits only; libpcap 1.10's
    # bpf_filter abort()s on any other opcode than those it interprets.
    "undefined opcode": "undefined opcode",
    # libpcap lets a ja go backward (its protochain uses one): a loop.
    "backward ja": "is backward",
    # a C shift by 32 or more is undefined; x86 shifts by k & 31.
    "constant shift >= 32": "constant shift by",
    # libpcap leaves the scratch memory uninitialised.
    "scratch read before write": "may be read before it is written",
    # libpcap 1.10 has no limit in user land.
    "more than 4096 instructions": "not in 1..4096",
}


def stricter_class(reason: str) -> str | None:
    """Which documented stricter class a rejection reason is in, or None."""
    for name, fragment in STRICTER_THAN_LIBPCAP.items():
        if fragment in reason:
            return name
    return None


def test_every_stricter_class_is_recognised():
    """The reasons the classes match are the validator's own wording."""
    cases = {
        "undefined opcode": [Insn(0x08, 0, 0, 0), Insn(6, 0, 0, 1)],  # ldh #k: class ld, mode imm
        "backward ja": [Insn(6, 0, 0, 1), Insn(0x05, 0, 0, 0xFFFFFFFE), Insn(6, 0, 0, 1)],
        "constant shift >= 32": [Insn(0x64, 0, 0, 33), Insn(6, 0, 0, 1)],
        "scratch read before write": [Insn(0x60, 0, 0, 0), Insn(6, 0, 0, 1)],
        "more than 4096 instructions": [Insn(6, 0, 0, 1)] * 4097,
    }
    assert set(cases) == set(STRICTER_THAN_LIBPCAP)
    for name, insns in cases.items():
        assert stricter_class(validation_error(insns)) == name
        if libpcap.available():
            assert libpcap.bpf_validate(insns), name


@NEEDS_LIBPCAP
@fuzz(600)
@given(st.one_of(mutated_programs(), valid_programs(max_length=12)), packet_lists)
def test_validator_agrees_with_libpcaps_bpf_validate(insns, packets):
    """Every program we accept libpcap accepts and runs to our values; a
    program libpcap accepts and we reject is in a documented stricter class."""
    ours = validation_error(insns)
    theirs = libpcap.bpf_validate(insns)
    if ours is None:
        assert theirs, f"libpcap's bpf_validate rejects a program we accept: {insns}"
        assert oracle_verdicts(insns, packets) == libpcap_verdicts(insns, packets)
    elif theirs:
        assert stricter_class(ours) is not None, f"rejected by accident ({ours}): {insns}"


# ------------------------------------------------------------------ expressions


@NEEDS_LIBPCAP
@C_MACHINE
@fuzz(150)
@given(st.sampled_from(LINK_TYPES).flatmap(
    lambda linktype: st.tuples(st.just(linktype), expressions(linktype), packet_lists_for(linktype))))
def test_compiled_expressions_match_libpcap(case):
    """A random tcpdump expression compiled by libpcap for a link type
    (optimised, and not): valid under the strict rules, and libpcap's value
    on random packets of that link type (and on mixed_small for Ethernet)."""
    linktype, expression, packets = case
    sample = (list(mixed_small()) if linktype == ETHERNET else []) + list(packets)
    for optimize in (True, False):
        try:
            insns = libpcap.compile_expression(expression, linktype, optimize=optimize)
        except FilterError as error:
            # libpcap's optimiser refuses an expression it proves false ("tcp and udp");
            # the unoptimised program (compiled next) still runs
            assert optimize and ALWAYS_FALSE in str(error), error
            continue
        assert validation_error(insns) is None, (expression, validation_error(insns))
        assert machine_verdicts(insns, sample, "c") == libpcap_verdicts(insns, sample), expression


NEEDS_TCPDUMP = pytest.mark.skipif(shutil.which("tcpdump") is None,
                                   reason="tcpdump is not installed (the grader's way to compile an expression)")
COMPILED_LINK_TYPES = (0, 1, 9, 12, 101, 105, 108, 113, 127, 228, 229, 276)


def header_only_pcap(path, linktype: int, snaplen: int = 262144) -> None:
    path.write_bytes(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, snaplen, linktype))


def tcpdump_program(capture_file, expression: str) -> str | None:
    """`tcpdump -r CAPTURE -ddd EXPRESSION`: the program tcpdump runs on that capture (None: it refuses)."""
    proc = subprocess.run(["tcpdump", "-r", str(capture_file), "-ddd", expression], capture_output=True, text=True,
                          timeout=60)
    return proc.stdout if proc.returncode == 0 else None


@NEEDS_LIBPCAP
@NEEDS_TCPDUMP
@pytest.mark.parametrize("snaplen", [262144, 65535])
@pytest.mark.parametrize("linktype", COMPILED_LINK_TYPES)
def test_expression_compiles_to_tcpdumps_program_for_the_captures_link_type_and_snaplen(tmp_path, linktype, snaplen):
    """An expression is compiled as tcpdump -r compiles it for the capture:
    for the DLT_ of the file's LINKTYPE_ (RAW 101 is DLT_RAW 12 on Linux),
    for a file (BSD loopback: every AF_INET6 value; `inbound` refused),
    netmask 0 (`ip broadcast` compiles), the snapshot length as the accept
    value. Regression: a capture of snaplen 65535 got programs returning
    262144, `ip broadcast` was refused and `ip6` on NULL/LOOP missed BSD's
    AF_INET6 values."""
    header_only_pcap(tmp_path / "c.pcap", linktype, snaplen)
    for expression in EXPRESSIONS:  # what people type (tests/pf_captures.py)
        theirs = tcpdump_program(tmp_path / "c.pcap", expression)
        try:
            ours = format_ddd(libpcap.compile_expression(expression, linktype, snaplen=snaplen))
        except FilterError:
            ours = None
        assert ours == theirs, (linktype, expression)


@NEEDS_LIBPCAP
def test_pf_command_compiles_an_expression_for_a_raw_ip_capture(tmp_path):
    """Regression: `mlbox pf 'tcp port 23' raw.pcap` used to fail with
    libpcap's "unknown data link type 101"."""
    ip = bytes.fromhex("4500 0028 0001 0000 4006 0000 0a000001 0a000002")  # IPv4, TCP, 10.0.0.1 -> 10.0.0.2
    tcp = ip + bytes.fromhex("04d2 0017 00000000 00000000 5002 0400 0000 0000")  # port 1234 -> 23, SYN
    udp = tcp[:9] + b"\x11" + tcp[10:]
    records = b"".join(struct.pack("<IIII", 1, 0, len(p), len(p)) + p for p in (tcp, udp, tcp))
    capture_file = tmp_path / "raw.pcap"
    capture_file.write_bytes(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 262144, 101) + records)
    result = mlbox("pf", "tcp port 23", str(capture_file), "--json", "--machine", "py")
    assert result.returncode == 0, result.stderr
    assert [v != 0 for v in json.loads(result.stdout)["verdicts"]] == [True, False, True]


def recorded_expressions() -> list[dict]:
    with open(EXPRESSIONS_DATA / "expressions.tsv", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def recorded_values(name: str, cap: str) -> list[int]:
    with open(EXPRESSIONS_DATA / f"{name}__{cap}.tsv") as f:
        return [int(line.split("\t")[3]) for line in f if line.strip()]


def check_recorded(row: dict, packets, cap: str) -> None:
    insns = parse_filter((EXPRESSIONS_DATA / f"{row['name']}.ddd").read_text())
    assert validation_error(insns) is None
    want = recorded_values(row["name"], cap)
    assert oracle_verdicts(insns, packets) == want
    if libpcap.available():
        assert libpcap_verdicts(insns, packets) == want
    machine, stride = ("c", 1) if _C_PROBLEM is None else ("py", PY_STRIDE)
    assert machine_verdicts(insns, packets[::stride], machine) == want[::stride]


@pytest.mark.parametrize("row", recorded_expressions(), ids=lambda row: row["name"])
def test_recorded_expressions_return_libpcaps_values(row):
    """Compiled by libpcap and its values recorded (tests/pf_record.py): the
    oracle and the machines return them on the committed capture, without
    libpcap; evalpf and the specialised filter on the C machine, or else the Python machine."""
    check_recorded(row, mixed_small(), "mixed_small")


@needs_shared
@pytest.mark.parametrize("row", recorded_expressions(), ids=lambda row: row["name"])
def test_recorded_expressions_on_telnet_small(row):
    check_recorded(row, capture("telnet_small").packets, "telnet_small")
