"""Capture reading (pcap and pcapng, mlbox.pf_capture's own reader) and writing."""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys

import pytest

from mlbox.pf_capture import (
    EMPTY_CAPTURE, LINKTYPE_WRITTEN_FOR, NO_SUCH_FILE, NOT_A_CAPTURE, CaptureError, Packet, read_capture, write_pcap,
)
from tests.pf_data import REPO, TEST_DATA, capture_path, needs_shared


@needs_shared
def test_pcap_gives_wirelen_and_caplen_as_the_expected_files_record():
    capture = read_capture(str(capture_path("mixed_small")))
    assert capture.format == "pcap" and capture.linktype == 1 and len(capture.packets) == 324
    rows = [line.split("\t") for line in open(capture_path("mixed_small").parent.parent / "expected"
                                               / "telnet__mixed_small.tsv")]
    assert [(len(p.data), p.wirelen) for p in capture.packets] == [(int(r[1]), int(r[2])) for r in rows]
    assert any(len(p.data) < p.wirelen for p in capture.packets)  # truncated packets are data


@needs_shared
def test_pcapng_gives_the_same_packets():
    pcap = read_capture(str(capture_path("mixed_small")))
    ng = read_capture(str(TEST_DATA / "mixed_small.pcapng"))
    assert ng.format == "pcapng" and ng.linktype == 1
    assert [(p.data, p.wirelen) for p in ng.packets] == [(p.data, p.wirelen) for p in pcap.packets]


@needs_shared
def test_written_pcap_reads_back_identically(tmp_path):
    capture = read_capture(str(capture_path("mixed_small")))
    out = tmp_path / "copy.pcap"
    write_pcap(str(out), capture.packets, 1)
    assert out.read_bytes() == capture_path("mixed_small").read_bytes()


@needs_shared
def test_file_cut_inside_a_record_keeps_earlier_packets_with_a_warning(tmp_path):
    cut = tmp_path / "cut.pcap"
    cut.write_bytes(capture_path("mixed_small").read_bytes()[:1000])
    capture = read_capture(str(cut))
    assert len(capture.packets) == 11
    assert "ends inside packet record 11" in capture.warnings[0]


@pytest.mark.parametrize("content, fragment", [
    (b"", NOT_A_CAPTURE),
    (b"hello", NOT_A_CAPTURE),
    (bytes(range(256)) * 8, NOT_A_CAPTURE),
    # a pcapng section with no interface: no link type to filter for
    (bytes.fromhex("0a0d0d0a1c0000004d3c2b1a01000000ffffffffffffffff1c000000"), "no interface description block"),
])
def test_bad_captures_are_clear_errors(tmp_path, content, fragment):
    path = tmp_path / "bad.pcap"
    path.write_bytes(content)
    with pytest.raises(CaptureError) as error:
        read_capture(str(path))
    assert fragment in str(error.value)


def test_missing_capture(tmp_path):
    with pytest.raises(CaptureError, match=NO_SUCH_FILE):
        read_capture(str(tmp_path / "nope.pcap"))


@pytest.mark.parametrize("linktype", [0, 1, 101, 113, 276])
def test_written_pcap_keeps_the_link_type_and_snapshot_length(tmp_path, linktype):
    """Regression: -w of a BSD-loopback capture (link type 0) wrote Ethernet's 1 (scapy took 0 for "none")."""
    out = tmp_path / "out.pcap"
    write_pcap(str(out), [Packet(b"\x02\0\0\0abc", 90, 5, 7)], linktype, 96)
    back = read_capture(str(out))
    assert (back.linktype, back.snaplen, back.packets) == (linktype, 96, (Packet(b"\x02\0\0\0abc", 90, 5, 7),))


@pytest.mark.parametrize("old, written", [(11, 100), (12, 101), (15, 102), (16, 103), (19, 106)])
def test_written_pcap_has_the_link_type_tcpdump_writes_for_an_old_dlt_value(tmp_path, old, written):
    """Regression (the tcpdump -w campaign): a capture whose header holds
    DLT_RAW's 12 (not LINKTYPE_RAW's 101) was written back with 12;
    tcpdump -r CAPTURE -w writes 101 (libpcap's dlt_to_linktype), so does
    mlbox pf -w now. The values are tcpdump 4.99's, found by writing every
    link type 0-299 through it."""
    out = tmp_path / "out.pcap"
    write_pcap(str(out), [Packet(b"\x45\0\0\x14", 90, 5, 4)], old, 96)
    assert read_capture(str(out)).linktype == written


@pytest.mark.skipif(shutil.which("tcpdump") is None, reason="tcpdump is not installed (the reference for -w)")
def test_written_link_type_is_tcpdumps_for_every_link_type_it_writes(tmp_path):
    """tcpdump -r CAPTURE -w OUT, for a capture of each link type 0-299:
    where tcpdump writes one (it refuses DLT_s it has no LINKTYPE_ for),
    write_pcap writes the same file, and LINKTYPE_WRITTEN_FOR holds exactly
    the link types it writes as others."""
    capture, ours, theirs = tmp_path / "in.pcap", tmp_path / "ours.pcap", tmp_path / "theirs.pcap"
    packet = bytes(range(64))
    changed = {}
    for linktype in range(300):
        capture.write_bytes(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, linktype)
                            + struct.pack("<IIII", 1, 0, len(packet), len(packet)) + packet)
        if subprocess.run(["tcpdump", "-r", str(capture), "-w", str(theirs)], capture_output=True,
                          timeout=60).returncode != 0:
            continue
        write_pcap(str(ours), read_capture(str(capture)).packets, linktype, 65535)
        assert ours.read_bytes() == theirs.read_bytes(), linktype
        if read_capture(str(theirs)).linktype != linktype:
            changed[linktype] = read_capture(str(theirs)).linktype
    assert changed == LINKTYPE_WRITTEN_FOR


@pytest.mark.parametrize("linktype", [1 | 0x04000000 | 0x20000000, 113 | 0x04000000 | 0x10000000])
def test_pf_w_keeps_the_fcs_bits_of_the_link_type_as_tcpdump_w_does(tmp_path, linktype):
    """Regression (pf15): a pcap header's link type with its FCS bits (an
    FCS of 4 bytes on every frame) was written back by `mlbox pf -w` without
    them, so a reader took the FCS for packet data; tcpdump -r ... -w keeps them."""
    capture, ours = tmp_path / "fcs.pcap", tmp_path / "ours.pcap"
    packet = bytes(range(64))
    capture.write_bytes(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, linktype)
                        + struct.pack("<IIII", 1, 0, len(packet), len(packet)) + packet)
    read = read_capture(str(capture))
    assert (read.linktype, read.linktype_ext) == (linktype & 0x03FFFFFF, linktype & 0xFC000000)
    result = subprocess.run([sys.executable, "-m", "mlbox", "pf", str(TEST_DATA / "tcp_port_23.dd"), str(capture),
                             "-w", str(ours), "--machine", "py"], capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert struct.unpack("<I", ours.read_bytes()[20:24])[0] == linktype
    if shutil.which("tcpdump") is not None:
        theirs = tmp_path / "theirs.pcap"
        subprocess.run(["tcpdump", "-r", str(capture), "-w", str(theirs), "not len = 0"], capture_output=True,
                       timeout=60)
        write_pcap(str(ours), read.packets, read.linktype, read.snaplen, read.linktype_ext)
        assert ours.read_bytes() == theirs.read_bytes()


NATIVE, SWAPPED = ("<", ">") if sys.byteorder == "little" else (">", "<")


# (magic, byte order, seconds and fraction in the record) -> the seconds and
# microseconds tcpdump 4.99 -w writes for them (libpcap 1.10's sf-pcap.c)
TIMESTAMPS = [
    ((0xA1B2C3D4, NATIVE, 1, 1500000), (1, 1500000)),  # microseconds are not carried into seconds
    ((0xA1B2CD34, SWAPPED, 1, 1000000), (1, 1000000)),
    ((0xA1B23C4D, NATIVE, 1, 1999999999), (1, 1999999)),  # nanoseconds / 1000, not carried either
    ((0xA1B23C4D, SWAPPED, 7, 1000000000), (7, 1000000)),
    ((0xA1B23C4D, NATIVE, 1, 0xFFFFFFFF), (1, 0)),  # -1 ns in a file of the host's byte order: -1 / 1000 = 0
    ((0xA1B23C4D, NATIVE, 1, 0xFFFFFC17), (1, 0xFFFFFFFF)),  # -1001 ns: -1 µs
    ((0xA1B23C4D, SWAPPED, 1, 0xFFFFFFFF), (1, 4294967)),  # unsigned in a swapped one
    ((0xA1B2C3D4, NATIVE, 0xFFFFFFFF, 0xFFFFFFFF), (0xFFFFFFFF, 0xFFFFFFFF)),
]


@pytest.mark.parametrize("record, written", TIMESTAMPS)
def test_pcap_timestamps_are_written_back_as_tcpdump_w_writes_them(tmp_path, record, written):
    """Regression (pf15): a pcap record's fraction of a second of 10^6 µs
    (10^9 ns) or more was carried into the seconds (1.5 s became 2 s + 500000
    µs; 0xFFFFFFFF ns became 4295 s), where libpcap keeps it as it is, so
    `mlbox pf -w` wrote other timestamps than tcpdump -w."""
    magic, endian, sec, frac = record
    capture, ours = tmp_path / "in.pcap", tmp_path / "ours.pcap"
    header = 24 if magic == 0xA1B2CD34 else 16
    packet = bytes(range(60))
    capture.write_bytes(struct.pack(endian + "IHHiIII", magic, 2, 4, 0, 0, 65535, 1)
                        + struct.pack(endian + "IIII", sec, frac, 60, 60) + bytes(header - 16) + packet)
    read = read_capture(str(capture))
    write_pcap(str(ours), read.packets, read.linktype, read.snaplen, read.linktype_ext)
    assert struct.unpack("<II", ours.read_bytes()[24:32]) == written
    if shutil.which("tcpdump") is not None:
        theirs = tmp_path / "theirs.pcap"
        subprocess.run(["tcpdump", "-r", str(capture), "-w", str(theirs)], capture_output=True, timeout=60)
        assert ours.read_bytes() == theirs.read_bytes()


def test_a_capture_of_no_packets_is_read_with_a_warning(tmp_path):
    """A pcap header and no record: tcpdump filters it (nothing); so does mlbox pf (was an error)."""
    path = tmp_path / "empty.pcap"
    path.write_bytes(bytes.fromhex("d4c3b2a1020004000000000000000000000004006500000000"[:48]))
    capture = read_capture(str(path))
    assert (capture.packets, capture.linktype, capture.snaplen) == ((), 101, 262144)
    assert capture.warnings == (f"{path}: {EMPTY_CAPTURE}",)
