"""Reading and writing packet captures (pcap and pcapng) for `mlbox pf`.

Captures are read with scapy's raw readers (RawPcapReader/RawPcapNgReader),
a maintained library that gives, for both formats, each record's original
length (wirelen) next to its captured bytes: a BPF `len` load needs the
former (the shared data has truncated packets, caplen < wirelen). Only
scapy.utils is imported (not scapy.all), which keeps start-up short.
"""

from __future__ import annotations

import logging
import os
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


def read_capture(path: str) -> Capture:
    """Every packet of a pcap or pcapng file, in order. A file that ends in
    the middle of a record keeps the packets before it (with a warning), as
    tcpdump does; an empty capture, an unreadable file or garbage is a
    CaptureError."""
    if not os.path.exists(path):
        raise CaptureError(f"{path}: {NO_SUCH_FILE}")
    if os.path.isdir(path):
        raise CaptureError(f"{path}: is a directory, not a capture file")
    if os.path.getsize(path) == 0:
        raise CaptureError(f"{path}: empty file, {NOT_A_CAPTURE}")
    utils = _scapy_utils()
    try:
        reader = utils.RawPcapReader(path)  # picks RawPcapNgReader for pcapng
    except OSError as error:
        raise CaptureError(f"{path}: {error.strerror or error}") from None
    except Exception:  # scapy raises Scapy_Exception (and struct errors) on garbage
        raise CaptureError(f"{path}: {NOT_A_CAPTURE}") from None
    is_ng = isinstance(reader, utils.RawPcapNgReader)
    packets: list[Packet] = []
    warnings: list[str] = []
    linktype = getattr(reader, "linktype", None)
    try:
        with reader:
            for data, meta in reader:
                if is_ng:
                    linktype = meta.linktype if linktype is None else linktype
                    ticks = (meta.tshigh << 32) | meta.tslow
                    sec, usec = divmod(ticks * 1_000_000 // meta.tsresol, 1_000_000)
                    caplen = len(data)
                else:
                    sec, usec, caplen = meta.sec, meta.usec, meta.caplen
                if len(data) < caplen:
                    warnings.append(f"{path}: the file ends inside packet record {len(packets)} "
                                    f"({len(data)} of {caplen} bytes); it and anything after it are ignored")
                    break
                packets.append(Packet(bytes(data), meta.wirelen, sec, usec))
    except Exception as error:  # a damaged block in the middle of the file
        raise CaptureError(f"{path}: unreadable after {len(packets)} packet(s): {error}") from None
    if not packets:
        raise CaptureError(f"{path}: {EMPTY_CAPTURE}")
    return Capture(tuple(packets), ETHERNET if linktype is None else linktype,
                   "pcapng" if is_ng else "pcap", tuple(warnings))


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
