"""Reading and writing packet captures (pcap and pcapng) for `mlbox pf`.

Captures are read here, by a small reader of both formats that checks every
length before it trusts it, with libpcap 1.10's rules (sf-pcap.c and
sf-pcapng.c): pcap in either byte order, micro- or nanosecond, versions 2.0
to 2.4 (wirelen and caplen swapped before 2.3), Kuznetzov's variant;
records cut to the file's snapshot length. pcapng sections, interfaces
with their timestamp resolution and offset, enhanced, simple and obsolete
packet blocks; other blocks skipped. Like libpcap, one link type and one
snapshot length per file (an interface of another link type is an error:
one filter program cannot serve two link types) and one byte order. It
gives each record's original length (wirelen) next to its captured bytes:
a BPF `len` load needs the former (the shared data has truncated packets,
caplen < wirelen), and the file's link type and snapshot length, for which
a filter expression is compiled (mlbox.libpcap). tests/test_hostile_captures.py
compares the packets read with libpcap's on every case.
Why not a library: each one tried disagrees with libpcap, on those cases.
scapy's readers (used before) and dpkt's read damaged files silently wrong:
a record cut short or with an absurd caplen, a pcapng packet on an unknown
interface or before any, a block shorter than its caplen come back as fewer
or shorter packets, or as "no packets", with no error. python-pcapng (2.1.1)
is strict about damage but also refuses pcapng files that libpcap reads: a
malformed or non-UTF-8 packet option, which no filter needs; scapy silently
drops such a packet.
Captures (`mlbox pf -w`) are written here too: pcap is a 24-byte header
and a 16-byte header per record.
"""

from __future__ import annotations

import os
import struct
import sys
from typing import Sequence

import attrs

ETHERNET = 1  # DLT_EN10MB

# libpcap's bound on a record's captured length (max_snaplen_for_dlt in
# pcap-common.c): MAXIMUM_SNAPLEN for most link types, more for a few. A
# larger caplen in a pcap record is a damaged file, not a packet. It is also
# the snapshot length of a file whose header gives none.
MAX_CAPLEN = 262144

EMPTY_CAPTURE = "contains no packets"
DIFFERENT_BYTE_ORDERS = ("the file has sections of different byte orders, which libpcap does not read "
                         "(one byte order per file)")
NO_INTERFACE = "a pcapng file with no interface description block, so no link type (libpcap refuses it too)"
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
    # libpcap's snapshot length for the file (a filter expression's "accept"
    # value, as tcpdump compiles it for the file)
    snaplen: int = MAX_CAPLEN
    # a pcap header's upper 6 link-type bits (an FCS and its length,
    # libpcap's linktype_ext): no part of the link type, but tcpdump -w
    # writes them back, and so does `mlbox pf -w`
    linktype_ext: int = 0


MAX_CAPLEN_FOR_LINKTYPE = {231: 128 << 20, 279: 8 << 20, 249: 1 << 20}  # DBUS, EBHSCR, USBPCAP
PCAP_MAGIC, PCAP_NSEC_MAGIC, PCAP_KUZNETZOV_MAGIC = 0xA1B2C3D4, 0xA1B23C4D, 0xA1B2CD34
PCAP_MAGICS = {PCAP_MAGIC: 1_000_000, PCAP_NSEC_MAGIC: 1_000_000_000,
               PCAP_KUZNETZOV_MAGIC: 1_000_000}  # -> timestamp ticks per second
# The upper 6 bits of a pcap header's link type say whether there is an FCS
# and its length (LT_LINKTYPE_EXT), they are no part of the link type.
LINKTYPE_MASK = 0x03FFFFFF
PCAPNG_SHB = 0x0A0D0D0A
PCAPNG_BYTE_ORDER = 0x1A2B3C4D
PCAPNG_SHB_MAX = 1 << 20  # libpcap's BT_SHB_INSANE_MAX
PCAPNG_MAX_BLOCK = 16 << 20  # libpcap's INITIAL_MAX_BLOCKSIZE
IDB, PB, SPB, EPB = 1, 2, 3, 6  # pcapng block types that carry interfaces and packets
TSRESOL_OPTION, TSOFFSET_OPTION = 9, 14
GZIP_MAGIC = b"\x1f\x8b"
NOT_GZIP = "is gzip-compressed; mlbox pf, like tcpdump, reads uncompressed captures (gunzip it first)"
MIXED_LINK_TYPES = ("interface {index} has link type {linktype}, unlike the first interface ({first}): libpcap "
                    "(and so mlbox pf) filters one link type per file; split the capture per interface first")


def max_caplen(linktype: int) -> int:
    return MAX_CAPLEN_FOR_LINKTYPE.get(linktype, MAX_CAPLEN)


INT_MAX = 0x7FFFFFFF  # libpcap holds a snapshot length in an int


def snapshot_length(linktype: int, snaplen: int) -> int:
    """The snapshot length libpcap 1.10 gives a file whose header says
    `snaplen` (pcap_adjust_snapshot): 0 or more than INT_MAX means the link
    type's maximum; any other value stands, even above that maximum."""
    return max_caplen(linktype) if snaplen == 0 or snaplen > INT_MAX else snaplen


# The capture is read whole into memory: beyond this it is refused rather
# than read until memory runs out (an endless stream).
MAX_CAPTURE_BYTES = 1 << 30
TOO_LARGE = "larger than {gb} GB, more than mlbox pf reads (cut it with `editcap -r`)"


def _capture_magic(head: bytes) -> bool:
    """Whether a file's first bytes (up to 4) can start a pcap or pcapng file."""
    magics = [struct.pack("<I", PCAPNG_SHB)]
    magics += [struct.pack(endian + "I", magic) for magic in PCAP_MAGICS for endian in "<>"]
    return any(magic.startswith(head) for magic in magics)


def _not_a_capture(path: str, head: bytes) -> CaptureError:
    return CaptureError(f"{path}: {NOT_GZIP if head.startswith(GZIP_MAGIC) else NOT_A_CAPTURE}")


def read_capture(path: str) -> Capture:
    """Every packet of a pcap or pcapng file, in order, as libpcap 1.10
    reads them (tcpdump -r). A file that ends in the middle of a record
    keeps the packets before it (with a warning), as tcpdump does; a
    capture of no packets is one (with a warning); an unreadable file,
    garbage or a damaged record is a CaptureError whose message follows
    libpcap's. `-` is standard input."""
    if path == "-":
        from mlbox.cli import StdinUnreadable, read_stdin

        try:
            data = read_stdin(MAX_CAPTURE_BYTES + 1)
        except StdinUnreadable as error:
            raise CaptureError(str(error)) from None
        if not data:
            raise CaptureError(f"<stdin>: empty, {NOT_A_CAPTURE}")
        if not _capture_magic(data[:4]):
            raise _not_a_capture("<stdin>", data)
        return _parsed("<stdin>", data)
    if not os.path.lexists(path):  # (a dangling or looping link: open says which)
        raise CaptureError(f"{path}: {NO_SUCH_FILE}")
    if os.path.isdir(path):
        raise CaptureError(f"{path}: is a directory, not a capture file")
    try:
        with open(path, "rb") as f:
            # the magic first: a file that is no capture (or a device,
            # /dev/zero) is refused without reading it whole
            data = f.read(4)
            if data and not _capture_magic(data):
                raise _not_a_capture(path, data)
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
    if not reader.packets and reader.truncation:
        # a file cut inside its first record says so, rather than "no packets"
        raise CaptureError(f"{reader.truncation}, before any complete packet")
    if reader.linktype is None or reader.snapshot is None:
        raise CaptureError(f"{path}: {NO_INTERFACE}")
    # A capture of no packets is a capture, as for tcpdump (which filters
    # it and prints nothing); the warning says so.
    warnings = reader.warnings + ([] if reader.packets else [f"{path}: {EMPTY_CAPTURE}"])
    return Capture(tuple(reader.packets), reader.linktype, reader.format, tuple(warnings), reader.snapshot,
                   reader.linktype_ext)


class _Reader:
    format = ""

    def __init__(self, path: str, data: bytes) -> None:
        self.path, self.data = path, data
        self.packets: list[Packet] = []
        self.warnings: list[str] = []
        self.linktype: int | None = None
        self.snapshot: int | None = None  # libpcap's snapshot length for the file
        self.truncation: str | None = None  # where the file ends inside a record, if it does
        self.linktype_ext = 0  # pcap only (libpcap's pcapng reader keeps none)

    def fail(self, message: str) -> CaptureError:
        return CaptureError(f"{self.path}: {message}")

    def cut(self, what: str, wanted: int, got: int) -> None:
        self.truncation = f"{self.path}: the file ends inside {what} {len(self.packets)} ({got} of {wanted} bytes)"
        self.warnings.append(f"{self.truncation}; it and anything after it are ignored")

    def add(self, payload: bytes, wirelen: int, ticks: int, per_second: int, offset_seconds: int = 0) -> None:
        sec, fraction = divmod(ticks, per_second)
        self.packets.append(Packet(payload, wirelen, sec + offset_seconds, fraction * 1_000_000 // per_second))


def _signed32(value: int) -> int:
    return value - (1 << 32) if value >= 1 << 31 else value


class _Pcap(_Reader):
    """libpcap's sf-pcap.c: versions 2.0 to 2.4 (and DG/UX's 543.0), whose
    records before 2.3 give wirelen before caplen; Alexey Kuznetzov's
    variant with 24-byte record headers; a record longer than the
    snapshot length is cut to it, one longer than the link type allows is
    a damaged file."""

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
        magic, major, minor, _zone, _sigfigs, snaplen, linktype = struct.unpack(endian + "IHHiIII", data[:24])
        if major < 2:
            raise self.fail(f"archaic pcap format (version {major}.{minor}), which libpcap does not read")
        if not ((major == 2 and minor <= 4) or (major, minor) == (543, 0)):
            raise self.fail(f"unsupported pcap version {major}.{minor} (libpcap reads 2.0 to 2.4)")
        # Before 2.3 (and in DG/UX's 543.0) a record gives wirelen, then
        # caplen; some 2.3 files do, some do not: libpcap takes the smaller
        # of the two as caplen.
        lengths_swapped = "yes" if major == 543 or minor < 3 else "maybe" if minor == 3 else "no"
        per_second = PCAP_MAGICS[magic]
        native_order = endian == ("<" if sys.byteorder == "little" else ">")
        self.linktype = linktype & LINKTYPE_MASK
        self.linktype_ext = linktype & ~LINKTYPE_MASK
        self.snapshot = snapshot_length(self.linktype, snaplen)
        record_header = 16
        if magic == PCAP_KUZNETZOV_MAGIC:
            record_header = 24  # an interface index, protocol and packet type follow the lengths
            if self.linktype == ETHERNET:
                # libpcap: it may have been captured in cooked mode, with a
                # fake header added; an int, it stops at INT_MAX (a header
                # snaplen of 0x7FFFFFF2 made 2^31 here, so an expression was
                # compiled to return 262144 where libpcap's returns INT_MAX)
                self.snapshot = min(self.snapshot + 14, INT_MAX)
        pos = 24
        while pos < len(data):
            if len(data) - pos < record_header:
                self.cut("the header of packet record", record_header, len(data) - pos)
                return
            sec, frac, caplen, wirelen = struct.unpack(endian + "IIII", data[pos:pos + 16])
            if lengths_swapped == "yes" or (lengths_swapped == "maybe" and caplen > wirelen):
                caplen, wirelen = wirelen, caplen
            if caplen > max_caplen(self.linktype):
                raise self.fail(f"packet record {len(self.packets)}: invalid capture length {caplen} "
                                f"(more than {max_caplen(self.linktype)} bytes): a damaged file")
            pos += record_header
            if len(data) - pos < caplen:
                self.cut("packet record", caplen, len(data) - pos)
                return
            # a record longer than the file's snapshot length is cut to it, as libpcap does
            # libpcap's timestamp (sf-pcap.c): microseconds are not carried
            # into seconds (1500000 µs stays so); nanoseconds are divided by
            # 1000 in C, as signed 32-bit values in a file of the host's byte
            # order (struct pcap_timeval), unsigned in a swapped one (SWAPLONG)
            if native_order:
                sec, frac = _signed32(sec), _signed32(frac)
            usec = frac if per_second == 1_000_000 else (abs(frac) // 1000) * (1 if frac >= 0 else -1)
            self.packets.append(Packet(data[pos:pos + min(caplen, self.snapshot)], wirelen, sec, usec))
            pos += caplen


@attrs.frozen
class _Interface:
    linktype: int
    ticks_per_second: int
    offset_seconds: int  # if_tsoffset: added to every timestamp


class _PcapNg(_Reader):
    """libpcap's sf-pcapng.c: sections (one byte order for the whole file,
    major version 1), their interfaces (one link type and snapshot length
    for the whole file, as libpcap has), enhanced, simple and obsolete
    packet blocks; other blocks are skipped. Each check that fails is a
    damaged file, as in libpcap."""

    format = "pcapng"

    def read(self) -> None:
        """The blocks in libpcap's order of checks: the first section
        header by its byte-order magic and length; then each block's type
        and length (8 bytes), the length's sanity, the whole block, its
        trailer, and only then what it holds."""
        data, pos = self.data, 0
        if len(data) < 12:
            raise self.fail(f"truncated section header ({len(data)} bytes); {NOT_A_CAPTURE}")
        endian = "<" if data[8:12] == struct.pack("<I", PCAPNG_BYTE_ORDER) else ">"
        if data[8:12] != struct.pack(endian + "I", PCAPNG_BYTE_ORDER):
            raise self.fail(f"{NOT_A_CAPTURE} (bad byte-order magic in the section header)")
        max_block = PCAPNG_MAX_BLOCK
        interfaces: list[_Interface] = []  # the current section's
        while pos < len(data):
            if len(data) - pos < 8:
                self.cut("the block header before packet", 8, len(data) - pos)
                return
            block_type, length = struct.unpack(endian + "II", data[pos:pos + 8])
            other_order = struct.pack(("<" if endian == ">" else ">") + "I", PCAPNG_BYTE_ORDER)
            if block_type == PCAPNG_SHB and data[pos + 8:pos + 12] == other_order:
                # libpcap fails on its length, read in the wrong byte order; say why
                raise self.fail(DIFFERENT_BYTE_ORDERS)
            first_section = pos == 0
            if first_section and not 28 <= length <= PCAPNG_SHB_MAX:
                raise self.fail(f"the section header block has a length of {length}, not in "
                                f"28..{PCAPNG_SHB_MAX}: {NOT_A_CAPTURE}")
            if length < 12:
                raise self.fail(f"block at offset {pos} has a length of {length} < 12: a damaged file")
            if length % 4:
                raise self.fail(f"block at offset {pos} has a length of {length}, not a multiple of 4: "
                                "a damaged file")
            if length > max_block:
                raise self.fail(f"block at offset {pos} has a length of {length}, more than libpcap's "
                                f"maximum of {max_block}: a damaged file")
            if length > len(data) - pos:
                self.cut("the block of packet", length, len(data) - pos)
                return
            trailer = struct.unpack(endian + "I", data[pos + length - 4:pos + length])[0]
            # libpcap reads the first section header by its own code, which does not check its trailer
            if trailer != length and not first_section:
                raise self.fail(f"block at offset {pos} has a length of {length} in its header, "
                                f"{trailer} in its trailer: a damaged file")
            body = data[pos + 8:pos + length - 4]
            if block_type == PCAPNG_SHB:
                self.section(endian, body, pos)
                interfaces = []
            elif block_type == IDB:
                interfaces.append(self.interface(endian, body, pos, len(interfaces)))
                max_block = max(max_block, 12 + 20 + max_caplen(self.linktype) + 131072 + 4)
            elif block_type in (EPB, PB, SPB):
                self.packet(endian, block_type, body, interfaces, pos)
            pos += length

    def section(self, endian: str, body: bytes, pos: int) -> None:
        if len(body) < 16:
            raise self.fail(f"section header block at offset {pos} is too short")
        if body[:4] != struct.pack(endian + "I", PCAPNG_BYTE_ORDER):
            raise self.fail(f"the section header block at offset {pos} has a bad byte-order magic: "
                            "a damaged file")
        major, minor = struct.unpack(endian + "HH", body[4:8])
        # libpcap reads versions 1.0 and 1.2 (1.2 adds block types only);
        # a later section only needs major version 1
        if major != 1 or (pos == 0 and minor not in (0, 2)):
            raise self.fail(f"unsupported pcapng version {major}.{minor} (libpcap reads 1.0 and 1.2)")

    def interface(self, endian: str, body: bytes, pos: int, index: int) -> _Interface:
        if len(body) < 8:
            raise self.fail(f"interface description block at offset {pos} is too short")
        linktype, _reserved, snaplen = struct.unpack(endian + "HHI", body[:8])
        if self.linktype is None:  # the file's first interface sets the link type and snapshot length
            self.linktype, self.snapshot = linktype, snapshot_length(linktype, snaplen)
        elif linktype != self.linktype:
            raise self.fail(f"interface description block at offset {pos}: "
                            + MIXED_LINK_TYPES.format(index=index, linktype=linktype, first=self.linktype))
        elif snapshot_length(linktype, snaplen) != self.snapshot:
            raise self.fail(f"interface description block at offset {pos}: interface {index} has snapshot "
                            f"length {snaplen}, unlike the first interface ({self.snapshot}): libpcap reads "
                            "one snapshot length per file")
        per_second, offset_seconds = self.interface_options(endian, body[8:], pos)
        return _Interface(linktype, per_second, offset_seconds)

    def interface_options(self, endian: str, options: bytes, pos: int) -> tuple[int, int]:
        """The timestamp resolution (ticks per second) and offset (seconds)
        from an interface's options, which libpcap checks as it reads them."""
        where = f"interface description block at offset {pos}"
        per_second, offset_seconds = 1_000_000, 0
        seen: set[int] = set()
        while options:
            if len(options) < 4:
                raise self.fail(f"{where} is too short for the header of its option")
            code, size = struct.unpack(endian + "HH", options[:4])
            padded = size + (-size) % 4
            if len(options) - 4 < padded:
                raise self.fail(f"{where} is too short for its option {code} of {size} bytes")
            value = options[4:4 + size]
            if code == 0:
                if size != 0:
                    raise self.fail(f"{where}: its end-of-options option has length {size}, not 0")
                break
            if code in (TSRESOL_OPTION, TSOFFSET_OPTION):
                name, wanted = ("if_tsresol", 1) if code == TSRESOL_OPTION else ("if_tsoffset", 8)
                if size != wanted:
                    raise self.fail(f"{where}: its {name} option has length {size}, not {wanted}")
                if code in seen:
                    raise self.fail(f"{where} has more than one {name} option")
                seen.add(code)
                if code == TSRESOL_OPTION:
                    resolution = value[0]
                    exponent = resolution & 0x7F
                    if (resolution & 0x80 and exponent > 63) or (not resolution & 0x80 and exponent > 19):
                        raise self.fail(f"{where}: timestamp resolution option {resolution:#04x} is too fine "
                                        "(more than 64 bits of ticks)")
                    per_second = 2 ** exponent if resolution & 0x80 else 10 ** exponent
                else:
                    offset_seconds = struct.unpack(endian + "q", value)[0]
            options = options[4 + padded:]
        return per_second, offset_seconds

    def packet(self, endian: str, block_type: int, body: bytes, interfaces: list[_Interface], pos: int) -> None:
        if self.snapshot is None:
            raise self.fail(f"packet block at offset {pos} comes before any interface description block")
        if block_type == SPB:
            fixed, interface, ticks = 4, 0, 0
            if len(body) < fixed:
                raise self.fail(f"simple packet block at offset {pos} is too short")
            wirelen = struct.unpack(endian + "I", body[:4])[0]
            # no caplen in the block: the packet, up to the snapshot length
            caplen = min(wirelen, self.snapshot)
        else:
            fixed = 20
            if len(body) < fixed:
                raise self.fail(f"packet block at offset {pos} is too short")
            if block_type == EPB:
                interface, high, low, caplen, wirelen = struct.unpack(endian + "IIIII", body[:20])
            else:  # the obsolete Packet Block: a 16-bit interface id and a drops count
                interface, _drops, high, low, caplen, wirelen = struct.unpack(endian + "HHIIII", body[:20])
            ticks = (high << 32) | low
        if interface >= len(interfaces):
            raise self.fail(f"packet block at offset {pos} is on interface {interface}, "
                            f"which has no interface description block in its section")
        if caplen > self.snapshot:
            raise self.fail(f"packet block at offset {pos}: invalid capture length {caplen} "
                            f"(more than the snapshot length {self.snapshot}): a damaged file")
        if fixed + caplen > len(body):
            raise self.fail(f"packet block at offset {pos} is too short for its {caplen} captured bytes: "
                            "a damaged file")
        described = interfaces[interface]
        self.add(body[fixed:fixed + caplen], wirelen, ticks, described.ticks_per_second, described.offset_seconds)


# Old files carry some DLT_ values where the LINKTYPE_ belongs (DLT_RAW 12
# for LINKTYPE_RAW 101, ...); libpcap reads them as those DLT_s, and
# tcpdump -w (pcap_dump) writes the LINKTYPE_ of each, libpcap's
# dlt_to_linktype: ATM_RFC1483, RAW, SLIP_BSDOS, PPP_BSDOS, ATM_CLIP.
LINKTYPE_WRITTEN_FOR = {11: 100, 12: 101, 15: 102, 16: 103, 19: 106}


def write_pcap(path: str, packets: Sequence[Packet], linktype: int, snaplen: int = MAX_CAPLEN,
               linktype_ext: int = 0) -> None:
    """Write packets as a classic pcap file (little-endian, microseconds,
    version 2.4, as tcpdump -w), keeping their lengths and times and the
    link type (as tcpdump writes it: LINKTYPE_WRITTEN_FOR, with the FCS
    bits `linktype_ext` of a pcap header) and snapshot length of the
    capture they came from; `-` is standard output
    (tcpdump's `-w -`). Written here, not with scapy: its RawPcapWriter
    took link type 0 (BSD loopback) for "none given" and wrote Ethernet's 1."""
    linktype = LINKTYPE_WRITTEN_FOR.get(linktype, linktype) | linktype_ext
    records = [struct.pack("<IHHiIII", PCAP_MAGIC, 2, 4, 0, 0, snaplen, linktype)]
    for p in packets:
        records.append(struct.pack("<IIII", p.sec & 0xFFFFFFFF, p.usec & 0xFFFFFFFF, len(p.data), p.wirelen) + p.data)
    if path == "-":
        sys.stdout.buffer.write(b"".join(records))
        sys.stdout.buffer.flush()
        return
    try:
        with open(path, "wb") as f:
            f.write(b"".join(records))
    except OSError as error:
        raise CaptureError(f"{path}: cannot write: {error.strerror or error}") from None
