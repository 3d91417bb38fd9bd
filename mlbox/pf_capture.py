"""Reading and writing packet captures (pcap and pcapng) for `mlbox pf`.

Captures are read here, by a small reader of both formats that checks every
length before it trusts it, with libpcap's rules (pcap in either byte order,
micro- or nanosecond; pcapng sections, interfaces with their timestamp
resolution, enhanced, simple and obsolete packet blocks; other blocks
skipped). It gives each record's original length (wirelen) next to its
captured bytes: a BPF `len` load needs the former (the shared data has
truncated packets, caplen < wirelen). Why not a library: each one tried
disagrees with libpcap, on the cases of tests/test_hostile_captures.py.
scapy's readers (used before) and dpkt's read damaged files silently wrong:
a record cut short or with an absurd caplen, a pcapng packet on an unknown
interface or before any, a block shorter than its caplen come back as fewer
or shorter packets, or as "no packets", with no error. python-pcapng (2.1.1)
is strict about damage but also refuses pcapng files that libpcap reads: a
malformed or non-UTF-8 option, which no filter needs; scapy silently drops
such a packet.
Captures are written with scapy (only scapy.utils is imported, which keeps
start-up short).
"""

from __future__ import annotations

import logging
import os
import struct
import sys
from typing import Sequence

import attrs

ETHERNET = 1  # DLT_EN10MB

EMPTY_CAPTURE = "contains no packets"
NOT_A_CAPTURE = "is not a pcap or pcapng capture file"
NO_SUCH_FILE = "no such file"


class CaptureError(Exception):
    """A capture that cannot be read."""


@attrs.frozen
class Packet:
    data: bytes  # the captured bytes (caplen of them)
    wirelen: int  # the packet's original length
    sec: int = 0
    usec: int = 0


@attrs.frozen
class Capture:
    packets: tuple[Packet, ...]
    linktype: int
    format: str  # "pcap" or "pcapng"
    warnings: tuple[str, ...] = ()


def _scapy_utils():
    # scapy logs format problems as warnings on its own logger; we report them ourselves
    logging.getLogger("scapy").setLevel(logging.ERROR)
    try:
        import scapy.utils
    except ImportError:  # a declared dependency, but say so clearly if it is missing
        raise CaptureError("reading captures needs scapy (pip install scapy)") from None
    return scapy.utils


# libpcap's bound on a record's captured length (MAXIMUM_SNAPLEN): a larger
# one is a damaged file, not a packet.
MAX_CAPLEN = 262144
PCAP_MAGICS = {0xA1B2C3D4: 1_000_000, 0xA1B23C4D: 1_000_000_000}  # -> timestamp ticks per second
PCAPNG_SHB = 0x0A0D0D0A
PCAPNG_BYTE_ORDER = 0x1A2B3C4D
IDB, PB, SPB, EPB = 1, 2, 3, 6  # pcapng block types that carry interfaces and packets
TSRESOL_OPTION = 9


# The capture is read whole into memory: beyond this it is refused rather
# than read until memory runs out (an endless stream).
MAX_CAPTURE_BYTES = 1 << 30
TOO_LARGE = "larger than {gb} GB, more than mlbox pf reads (cut it with `editcap -r`)"


def _capture_magic(head: bytes) -> bool:
    """Whether a file's first bytes (up to 4) can start a pcap or pcapng file."""
    magics = [struct.pack("<I", PCAPNG_SHB)]
    magics += [struct.pack(endian + "I", magic) for magic in PCAP_MAGICS for endian in "<>"]
    return any(magic.startswith(head) for magic in magics)


def read_capture(path: str) -> Capture:
    """Every packet of a pcap or pcapng file, in order. A file that ends in
    the middle of a record keeps the packets before it (with a warning), as
    tcpdump does; an empty capture, an unreadable file, garbage or a damaged
    record is a CaptureError whose message follows libpcap's. `-` is
    standard input."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_CAPTURE_BYTES + 1)
        if not data:
            raise CaptureError(f"<stdin>: empty, {NOT_A_CAPTURE}")
        if not _capture_magic(data[:4]):
            raise CaptureError(f"<stdin>: {NOT_A_CAPTURE}")
        return _parsed("<stdin>", data)
    if not os.path.exists(path):
        raise CaptureError(f"{path}: {NO_SUCH_FILE}")
    if os.path.isdir(path):
        raise CaptureError(f"{path}: is a directory, not a capture file")
    try:
        with open(path, "rb") as f:
            # the magic first: a file that is no capture (or a device,
            # /dev/zero) is refused without reading it whole
            data = f.read(4)
            if data and not _capture_magic(data):
                raise CaptureError(f"{path}: {NOT_A_CAPTURE}")
            data += f.read(MAX_CAPTURE_BYTES + 1 - len(data))
    except OSError as error:
        raise CaptureError(f"{path}: {error.strerror or error}") from None
    if not data:
        raise CaptureError(f"{path}: empty file, {NOT_A_CAPTURE}")
    return _parsed(path, data)


def _parsed(path: str, data: bytes) -> Capture:
    """The capture in `data` (its first four bytes a capture's magic), read from `path`."""
    if len(data) > MAX_CAPTURE_BYTES:
        raise CaptureError(f"{path}: {TOO_LARGE.format(gb=MAX_CAPTURE_BYTES >> 30)}")
    reader = _PcapNg(path, data) if data[:4] == struct.pack("<I", PCAPNG_SHB) else _Pcap(path, data)
    reader.read()
    if not reader.packets:
        # a file cut inside its first record says so, rather than "no packets"
        raise CaptureError(reader.warnings[0] if reader.warnings else f"{path}: {EMPTY_CAPTURE}")
    return Capture(tuple(reader.packets), ETHERNET if reader.linktype is None else reader.linktype,
                   reader.format, tuple(reader.warnings))


class _Reader:
    format = ""

    def __init__(self, path: str, data: bytes) -> None:
        self.path, self.data = path, data
        self.packets: list[Packet] = []
        self.warnings: list[str] = []
        self.linktype: int | None = None

    def fail(self, message: str) -> CaptureError:
        return CaptureError(f"{self.path}: {message}")

    def cut(self, what: str, wanted: int, got: int) -> None:
        self.warnings.append(f"{self.path}: the file ends inside {what} {len(self.packets)} "
                             f"({got} of {wanted} bytes); it and anything after it are ignored")

    def add(self, payload: bytes, wirelen: int, ticks: int, per_second: int) -> None:
        sec, fraction = divmod(ticks, per_second)
        self.packets.append(Packet(payload, wirelen, sec, fraction * 1_000_000 // per_second))


class _Pcap(_Reader):
    format = "pcap"

    def read(self) -> None:
        data = self.data
        for endian in "<>":
            if len(data) >= 4 and struct.unpack(endian + "I", data[:4])[0] in PCAP_MAGICS:
                break
        else:
            raise self.fail(NOT_A_CAPTURE)
        if len(data) < 24:
            raise self.fail(f"truncated file header ({len(data)} of 24 bytes); {NOT_A_CAPTURE}")
        magic, _major, _minor, _zone, _sigfigs, _snaplen, linktype = struct.unpack(endian + "IHHiIII", data[:24])
        per_second = PCAP_MAGICS[magic]
        self.linktype = linktype & 0x0FFFFFFF  # the upper bits hold the FCS length, not the link type
        pos = 24
        while pos < len(data):
            if len(data) - pos < 16:
                self.cut("the header of packet record", 16, len(data) - pos)
                return
            sec, frac, caplen, wirelen = struct.unpack(endian + "IIII", data[pos:pos + 16])
            if caplen > MAX_CAPLEN:
                raise self.fail(f"packet record {len(self.packets)}: invalid capture length {caplen} "
                                f"(more than {MAX_CAPLEN} bytes): a damaged file")
            pos += 16
            if len(data) - pos < caplen:
                self.cut("packet record", caplen, len(data) - pos)
                return
            self.add(data[pos:pos + caplen], wirelen, sec * per_second + frac, per_second)
            pos += caplen


class _PcapNg(_Reader):
    format = "pcapng"

    def read(self) -> None:
        data, pos = self.data, 0
        endian = "<"
        interfaces: list[tuple[int, int, int]] = []  # (linktype, snaplen, ticks per second)
        while pos < len(data):
            if len(data) - pos < 12:
                self.cut("the block header before packet", 12, len(data) - pos)
                return
            block_type = struct.unpack(endian + "I", data[pos:pos + 4])[0]
            if block_type == PCAPNG_SHB:  # a new section: its own byte order and interfaces
                order = data[pos + 8:pos + 12]
                if order == struct.pack("<I", PCAPNG_BYTE_ORDER):
                    endian = "<"
                elif order == struct.pack(">I", PCAPNG_BYTE_ORDER):
                    endian = ">"
                else:
                    raise self.fail(f"{NOT_A_CAPTURE} (bad byte-order magic in a section header)")
                interfaces = []
            length = struct.unpack(endian + "I", data[pos + 4:pos + 8])[0]
            if length < 12:
                raise self.fail(f"block at offset {pos} has a length of {length} < 12: a damaged file")
            if length % 4:
                raise self.fail(f"block at offset {pos} has a length of {length}, not a multiple of 4: "
                                "a damaged file")
            if length > len(data) - pos:
                self.cut("the block of packet", length, len(data) - pos)
                return
            body = data[pos + 8:pos + length - 4]
            if block_type == IDB:
                interfaces.append(self.interface(endian, body, pos))
            elif block_type in (EPB, PB, SPB):
                self.packet(endian, block_type, body, interfaces, pos)
            pos += length

    def interface(self, endian: str, body: bytes, pos: int) -> tuple[int, int, int]:
        if len(body) < 8:
            raise self.fail(f"interface description block at offset {pos} is too short")
        linktype, _reserved, snaplen = struct.unpack(endian + "HHI", body[:8])
        per_second = 1_000_000
        options = body[8:]
        while len(options) >= 4:
            code, size = struct.unpack(endian + "HH", options[:4])
            if code == 0:
                break
            if code == TSRESOL_OPTION and size >= 1:
                resolution = options[4]
                exponent = resolution & 0x7F
                if (resolution & 0x80 and exponent > 63) or (not resolution & 0x80 and exponent > 19):
                    raise self.fail(f"interface description block at offset {pos}: timestamp resolution "
                                    f"option {resolution:#04x} is too fine (more than 64 bits of ticks)")
                per_second = 2 ** exponent if resolution & 0x80 else 10 ** exponent
            options = options[4 + size + (-size) % 4:]
        return linktype, snaplen, per_second

    def packet(self, endian: str, block_type: int, body: bytes, interfaces, pos: int) -> None:
        if block_type == SPB:
            fixed, interface, ticks = 4, 0, 0
            if len(body) < fixed:
                raise self.fail(f"simple packet block at offset {pos} is too short")
            wirelen = struct.unpack(endian + "I", body[:4])[0]
            caplen = min(wirelen, len(body) - fixed)
        else:
            fixed = 20
            if len(body) < fixed:
                raise self.fail(f"packet block at offset {pos} is too short")
            if block_type == EPB:
                interface, high, low, caplen, wirelen = struct.unpack(endian + "IIIII", body[:20])
            else:  # the obsolete Packet Block: a 16-bit interface id and a drops count
                interface, _drops, high, low, caplen, wirelen = struct.unpack(endian + "HHIIII", body[:20])
            ticks = (high << 32) | low
        if not interfaces:
            raise self.fail(f"packet block at offset {pos} comes before any interface description block")
        if interface >= len(interfaces):
            raise self.fail(f"packet block at offset {pos} is on interface {interface}, "
                            f"which has no interface description block")
        linktype, snaplen, per_second = interfaces[interface]
        if block_type == SPB and snaplen:
            caplen = min(caplen, snaplen)
        if caplen > MAX_CAPLEN:
            raise self.fail(f"packet block at offset {pos}: invalid capture length {caplen} "
                            f"(more than {MAX_CAPLEN} bytes): a damaged file")
        if fixed + caplen > len(body):
            raise self.fail(f"packet block at offset {pos} is too short for its {caplen} captured bytes: "
                            "a damaged file")
        if self.linktype is None:
            self.linktype = linktype
        self.add(body[fixed:fixed + caplen], wirelen, ticks, per_second)


def write_pcap(path: str, packets: Sequence[Packet], linktype: int) -> None:
    """Write packets as a classic pcap file, keeping their lengths and times."""
    utils = _scapy_utils()
    try:
        writer = utils.RawPcapWriter(path, linktype=linktype, snaplen=262144)
        with writer:
            writer.write_header(None)  # also for zero packets: still a valid, empty capture
            for p in packets:
                writer.write_packet(p.data, sec=p.sec, usec=p.usec, caplen=len(p.data), wirelen=p.wirelen)
    except OSError as error:
        raise CaptureError(f"{path}: cannot write: {error.strerror or error}") from None
