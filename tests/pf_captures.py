"""Captures in every form a grader may bring to `mlbox pf`, built in Python
from the committed packets of tests/data/pf/mixed_small.pcapng, and how
libpcap reads and filters each, recorded in tests/data/pf/capture_forms.json
(read by tests/test_pf_capture_forms.py, so that the core test path checks
them without libpcap or tcpdump).

Forms: pcap in both byte orders with micro- and nanosecond timestamps, a
snapshot length below the packets' (libpcap cuts records to it), records
captured short (tcpdump -s 64), version 2.2 (wirelen before caplen), a last
record cut short; pcapng plain, with both byte orders, several interfaces,
sections, options, timestamp resolution and offset, simple and obsolete
packet blocks, unknown, statistics and name-resolution blocks; and the
packets re-framed for other link types: BSD loopback (NULL, LOOP), raw IP
(RAW, IPV4, IPV6), Linux cooked capture v1 and v2 (LINUX_SLL, LINUX_SLL2).

For each capture the recording has libpcap's link type (DLT_), snapshot
length and (caplen, wirelen) of every packet it reads; for each expression
that compiles for the capture, the program (`tcpdump -ddd` text, shared by
captures of one link type and snapshot length) and libpcap's verdict on
every packet (pcap_offline_filter on the capture, as tcpdump -r), as a
string of 0 (reject) and 1 (accept: the snapshot length, as a compiled
expression always returns).

    python -m tests.pf_captures               # compare with the recording
    python -m tests.pf_captures --write       # (re)write the recording
    python -m tests.pf_captures --dir DIR     # also write the capture files into DIR
"""

from __future__ import annotations

import json
import os
import struct
import sys
import tempfile
from typing import Callable

from mlbox.pf_capture import Packet, read_capture
from tests.pf_data import TEST_DATA

RECORDING = TEST_DATA / "capture_forms.json"
SOURCE = TEST_DATA / "mixed_small.pcapng"

# What people type (the expressions of the brief, and those that compile
# differently per link type or for a capture file).
EXPRESSIONS = (
    "host 10.0.0.1", "net 10.0.0.0/8", "port 80", "portrange 1000-2000", "src host 1.2.3.4 and dst port 53",
    "ip6", "vlan and tcp", "mpls", "icmp[icmptype] == icmp-echo", "tcp[tcpflags] & (tcp-syn|tcp-fin) != 0",
    "ether broadcast", "ip multicast", "ip broadcast", "greater 100", "less 60", "len >= 100", "ip[2:2] > 576",
    "ip6 proto 58", "arp", "ip proto \\tcp", "ip and not tcp", "udp dst port 53 or tcp port 443",
    "tcp[((tcp[12:1] & 0xf0) >> 2):4] = 0x47455420", "(port 80 or port 443) and not host 10.0.0.1",
    "ip[6:2] & 0x1fff = 0", "inbound", "net fe80::/10", "pppoes and ip", "ether[0] & 1 = 1", "tcp",
    "ether host 00:11:22:33:44:55", "rarp", "dst portrange 1-1023 and not icmp", "ip6 and udp",
)
# The Ethernet forms differ in how the file is read, not in what the
# filters see: a few expressions (headers, lengths, payload) are enough.
FORM_EXPRESSIONS = ("tcp port 80 or udp", "greater 100", "less 60", "ether[0] & 1 = 1",
                    "tcp[((tcp[12:1] & 0xf0) >> 2):4] = 0x47455420", "ip6 or arp")


def source_packets() -> tuple[Packet, ...]:
    return read_capture(str(SOURCE)).packets


# ------------------------------------------------------------------ pcap


def pcap(packets, *, endian="<", nanoseconds=False, snaplen=262144, linktype=1, version=(2, 4),
         caplen_limit=None) -> bytes:
    """A pcap file; `caplen_limit` records only that many bytes of each packet (tcpdump -s)."""
    magic = 0xA1B23C4D if nanoseconds else 0xA1B2C3D4
    out = [struct.pack(endian + "IHHiIII", magic, *version, 0, 0, snaplen, linktype)]
    for index, p in enumerate(packets):
        data = p.data if caplen_limit is None else p.data[:caplen_limit]
        fraction = index * 1000 + (7 if nanoseconds else 0)
        lengths = (len(data), p.wirelen) if version >= (2, 3) else (p.wirelen, len(data))
        out.append(struct.pack(endian + "IIII", 1_700_000_000 + index, fraction, *lengths) + data)
    return b"".join(out)


# ------------------------------------------------------------------ pcapng


def _block(block_type: int, body: bytes, endian: str) -> bytes:
    body += b"\0" * (-len(body) % 4)
    return struct.pack(endian + "II", block_type, 12 + len(body)) + body + struct.pack(endian + "I", 12 + len(body))


def _option(code: int, value: bytes, endian: str) -> bytes:
    return struct.pack(endian + "HH", code, len(value)) + value + b"\0" * (-len(value) % 4)


def _end_of_options(endian: str) -> bytes:
    return _option(0, b"", endian)


def _section(endian: str, minor: int = 0) -> bytes:
    options = _option(2, b"x86_64", endian) + _option(4, b"mlbox tests", endian) + _end_of_options(endian)
    return _block(0x0A0D0D0A, struct.pack(endian + "IHHq", 0x1A2B3C4D, 1, minor, -1) + options, endian)


def _interface(endian: str, linktype=1, snaplen=262144, tsresol: int | None = None, tsoffset: int = 0) -> bytes:
    options = _option(2, b"eth0", endian)
    if tsresol is not None:
        options += _option(9, bytes([tsresol]), endian)
    if tsoffset:
        options += _option(14, struct.pack(endian + "q", tsoffset), endian)
    return _block(1, struct.pack(endian + "HHI", linktype, 0, snaplen) + options + _end_of_options(endian), endian)


def _enhanced(p: Packet, endian: str, interface=0, ticks=0, options=b"") -> bytes:
    fixed = struct.pack(endian + "IIIII", interface, ticks >> 32, ticks & 0xFFFFFFFF, len(p.data), p.wirelen)
    return _block(6, fixed + p.data + b"\0" * (-len(p.data) % 4) + options, endian)


def _obsolete(p: Packet, endian: str, interface=0, ticks=0) -> bytes:
    fixed = struct.pack(endian + "HHIIII", interface, 0, ticks >> 32, ticks & 0xFFFFFFFF, len(p.data), p.wirelen)
    return _block(2, fixed + p.data, endian)


def _simple(p: Packet, endian: str) -> bytes:
    return _block(3, struct.pack(endian + "I", p.wirelen) + p.data, endian)


def pcapng_plain(packets, endian="<") -> bytes:
    return (_section(endian) + _interface(endian)
            + b"".join(_enhanced(p, endian, ticks=i * 1000) for i, p in enumerate(packets)))


def pcapng_everything(packets) -> bytes:
    """Two sections (little-endian; a file has one byte order), two
    interfaces each (nanosecond and 2^-20 timestamps, an offset), packets
    in enhanced, obsolete and simple blocks with options, and the blocks a
    reader skips: name resolution, statistics, custom, unknown."""
    e = "<"
    half = len(packets) // 2
    out = [_section(e), _block(4, struct.pack(e + "HH", 0, 0), e), _interface(e, tsresol=9),
           _interface(e, tsresol=0x80 | 20, tsoffset=100)]
    flags = _option(2, struct.pack(e + "I", 1), e) + _option(1, b"a comment", e) + _end_of_options(e)
    for i, p in enumerate(packets[:half]):
        kind = i % 4
        if kind == 0:
            out.append(_enhanced(p, e, interface=0, ticks=i * 10**6, options=flags))
        elif kind == 1:
            out.append(_enhanced(p, e, interface=1, ticks=i << 20))
        elif kind == 2:
            out.append(_obsolete(p, e, interface=1, ticks=i << 20))
        else:
            out.append(_simple(p, e))
        if i % 50 == 0:
            out += [_block(5, struct.pack(e + "III", 0, 0, 0), e),  # interface statistics
                    _block(0x00000BAD, struct.pack(e + "I", 32473) + b"custom", e),
                    _block(0x12345678, b"unknown block", e)]
    out += [_section(e, minor=2), _interface(e), _interface(e)]
    out += [_enhanced(p, e, interface=i % 2, ticks=i) for i, p in enumerate(packets[half:])]
    return b"".join(out)


def pcapng_simple_blocks_cut_to_snaplen(packets, snaplen=128) -> bytes:
    """Simple packet blocks carry no caplen: the packet up to the interface's snapshot length."""
    e = "<"
    whole = [p for p in packets if len(p.data) == p.wirelen]
    return (_section(e) + _interface(e, snaplen=snaplen)
            + b"".join(_simple(Packet(p.data[:snaplen], p.wirelen), e) for p in whole))


# ------------------------------------------------------------------ link types

NULL, EN10MB, RAW, LOOP, LINUX_SLL, IPV4, IPV6, LINUX_SLL2 = 0, 1, 101, 108, 113, 228, 229, 276


def _network_layer(p: Packet) -> tuple[int, bytes, int]:
    """(ethertype, what follows the Ethernet header, its wire length); a
    frame shorter than the header is all payload, of ethertype 0."""
    if len(p.data) < 14:
        return 0, p.data, p.wirelen
    return struct.unpack(">H", p.data[12:14])[0], p.data[14:], max(0, p.wirelen - 14)


def reframed(packets, linktype: int) -> list[Packet]:
    """The packets with another link-layer header in place of Ethernet's."""
    out = []
    for index, p in enumerate(packets):
        ethertype, payload, wirelen = _network_layer(p)
        if linktype in (RAW, IPV4, IPV6):
            header = b""
        elif linktype in (NULL, LOOP):  # an address family: host order for NULL, network order for LOOP
            family = {0x0800: 2, 0x86DD: (24, 28, 30)[index % 3]}.get(ethertype, ethertype & 0x3F)
            header = struct.pack("<I" if linktype == NULL else ">I", family)
        elif linktype == LINUX_SLL:  # packet type, ARPHRD_ETHER, address length, address, protocol
            header = struct.pack(">HHH8sH", index % 5, 1, 6, p.data[6:12], ethertype)
        else:  # LINUX_SLL2: protocol, reserved, interface index, ARPHRD_ETHER, packet type, address length, address
            header = struct.pack(">HHIHBB8s", ethertype, 0, 1 + index % 3, 1, index % 5, 6, p.data[6:12])
        out.append(Packet(header + payload, len(header) + wirelen, p.sec, p.usec))
    return out


def _cut_last_record(packets) -> bytes:
    whole = pcap(packets)
    return whole[:len(whole) - len(packets[-1].data) // 2 - 1]


# name -> how to build it from the source packets
FORMS: dict[str, Callable[[tuple[Packet, ...]], bytes]] = {
    "pcap_le_usec": lambda ps: pcap(ps),
    "pcap_be_usec": lambda ps: pcap(ps, endian=">"),
    "pcap_le_nsec": lambda ps: pcap(ps, nanoseconds=True),
    "pcap_be_nsec": lambda ps: pcap(ps, endian=">", nanoseconds=True),
    "pcap_snaplen_96_below_the_records": lambda ps: pcap(ps, snaplen=96),
    "pcap_captured_with_s64": lambda ps: pcap(ps, snaplen=64, caplen_limit=64),
    "pcap_version_2_2": lambda ps: pcap(ps, version=(2, 2)),
    "pcap_last_record_cut": _cut_last_record,
    "pcapng_le": lambda ps: pcapng_plain(ps),
    "pcapng_be": lambda ps: pcapng_plain(ps, ">"),
    "pcapng_sections_interfaces_blocks_options": pcapng_everything,
    "pcapng_simple_blocks_snaplen_128": pcapng_simple_blocks_cut_to_snaplen,
}
LINK_TYPE_FORMS = {"null": NULL, "loop": LOOP, "raw": RAW, "ipv4": IPV4, "ipv6": IPV6,
                   "linux_sll": LINUX_SLL, "linux_sll2": LINUX_SLL2}


def _reframed_pcap(linktype: int) -> Callable[[tuple[Packet, ...]], bytes]:
    return lambda packets: pcap(reframed(packets, linktype), linktype=linktype)


FORMS.update({f"linktype_{name}": _reframed_pcap(linktype) for name, linktype in LINK_TYPE_FORMS.items()})


def expressions_for(name: str) -> tuple[str, ...]:
    return EXPRESSIONS if name.startswith("linktype_") or name == "pcap_le_usec" else FORM_EXPRESSIONS


def capture_bytes(name: str, packets: tuple[Packet, ...] | None = None) -> bytes:
    return FORMS[name](source_packets() if packets is None else packets)


# ------------------------------------------------------------------ recording


def program_key(linktype: int, snaplen: int, expression: str) -> str:
    return f"{linktype}/{snaplen}/{expression}"


def one_line(ddd: str) -> str:
    """`tcpdump -ddd` text on one line (instructions separated by ';'), to keep the recording short."""
    return ";".join(ddd.strip().split("\n"))


def from_one_line(text: str) -> str:
    return "\n".join(text.split(";")) + "\n"


def record() -> dict:
    """What libpcap makes of every form (needs libpcap)."""
    from mlbox import libpcap
    from mlbox.pf_filter import FilterError, format_ddd

    packets = source_packets()
    captures, programs = {}, {}
    with tempfile.TemporaryDirectory() as folder:
        for name in FORMS:
            path = os.path.join(folder, name + ".pcap")
            with open(path, "wb") as f:
                f.write(capture_bytes(name, packets))
            read = libpcap.read_savefile(path)
            ours = read_capture(path)  # the link type (LINKTYPE_) to compile for, as `mlbox pf` does
            entry = {"dlt": read.dlt, "snaplen": read.snaplen, "error": read.error,
                     "packets": [[len(data), wirelen] for data, wirelen in read.packets], "verdicts": {}}
            for expression in expressions_for(name):
                try:
                    insns = libpcap.compile_expression(expression, ours.linktype, snaplen=ours.snaplen)
                except FilterError as error:
                    entry["verdicts"][expression] = {"refused": str(error)}
                    continue
                programs[program_key(ours.linktype, ours.snaplen, expression)] = one_line(format_ddd(insns))
                values = libpcap.read_savefile(path, expression).verdicts
                if set(values) - {0, read.snaplen}:
                    raise SystemExit(f"{name}: {expression!r} returns {sorted(set(values))}, not 0 or the snaplen")
                entry["verdicts"][expression] = "".join("1" if v else "0" for v in values)
            captures[name] = entry
    return {"captures": captures, "programs": programs}


def recording_text(recorded: dict) -> str:
    """JSON with one line per capture and per program (short diffs when one changes)."""
    def section(entries: dict) -> str:
        return ",\n".join(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True, separators=(',', ':'))}"
                           for key, value in sorted(entries.items()))
    return ('{"captures": {\n' + section(recorded["captures"]) + '\n},\n"programs": {\n'
            + section(recorded["programs"]) + "\n}}\n")


def load_recording() -> dict:
    with open(RECORDING) as f:
        return json.load(f)


def main(argv: list[str]) -> int:
    from mlbox import libpcap

    if "--dir" in argv:
        folder = argv[argv.index("--dir") + 1]
        os.makedirs(folder, exist_ok=True)
        packets = source_packets()
        for name in FORMS:
            with open(os.path.join(folder, name + ".pcap"), "wb") as f:
                f.write(capture_bytes(name, packets))
        print(f"{len(FORMS)} captures written to {folder}")
    if not libpcap.available():
        print(libpcap.NOT_INSTALLED, file=sys.stderr)
        return 2
    recorded = record()
    if "--write" in argv:
        with open(RECORDING, "w") as f:
            f.write(recording_text(recorded))
        print(f"written {RECORDING}")
        return 0
    same = RECORDING.exists() and load_recording() == recorded
    print("the recording is libpcap's" if same else f"{RECORDING} differs from libpcap's")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
