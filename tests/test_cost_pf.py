"""`mlbox pf` on a capture of many packets: the timing pass handed the whole
capture to the machine as one host value, past the C machine's bound on one
value (cmachine.MAX_HOST_NODES, 4,194,304 nodes, five a packet): a capture
of a million packets ended in "internal error". The bound is lowered here
so that a few hundred packets cross it."""

from __future__ import annotations

import pytest

from ccam import cmachine
from mlbox.pf import run
from mlbox.pf_capture import Capture, Packet
from mlbox.pf_filter import Insn
from tests.test_pf import C_MACHINE, bpf_program

TCP_OVER_IPV4 = [Insn(0x28, 0, 0, 12), Insn(0x15, 0, 3, 0x0800), Insn(0x30, 0, 0, 23), Insn(0x15, 0, 1, 6),
                 Insn(0x6, 0, 0, 262144), Insn(0x6, 0, 0, 0)]


def packet(i: int) -> Packet:
    ethertype = b"\x08\x00" if i % 3 else b"\x86\xdd"
    protocol = b"\x06" if i % 2 else b"\x11"
    return Packet(bytes(12) + ethertype + bytes(9) + protocol + bytes(36), 60, i, 0)


def accepted(i: int) -> bool:
    return i % 3 != 0 and i % 2 == 1


@C_MACHINE
def test_a_capture_past_the_bound_on_one_host_value_is_timed_in_several(monkeypatch):
    n = 700
    monkeypatch.setattr(cmachine, "MAX_HOST_NODES", 1_000)
    capture = Capture(tuple(packet(i) for i in range(n)), 1, "pcap")
    report = run(TCP_OVER_IPV4, capture, machine="c", program=bpf_program("c"))
    assert report.accepted == sum(accepted(i) for i in range(n))
    assert [v != 0 for v in report.verdicts] == [accepted(i) for i in range(n)]
    assert report.timing is not None and report.timing.ns_specialised >= 0
