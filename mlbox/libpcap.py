"""Compile a tcpdump filter expression to classic BPF through libpcap, when
it is installed (ctypes: pcap_open_offline + pcap_compile, as tcpdump -r), so that
`mlbox pf 'tcp port 23' capture.pcap` works like tcpdump. libpcap is
optional: without it, the error says how to get the program another way.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import struct
import tempfile

import attrs

from mlbox.pf_capture import MAX_CAPLEN
from mlbox.pf_filter import FilterError, Insn

NOT_INSTALLED = ("compiling a filter expression needs libpcap, which is not installed "
                 "(e.g. `apt-get install libpcap0.8`); or give a file of `tcpdump -ddd` output instead")
# What tcpdump -r gives pcap_compile: netmask 0 (it knows no network for a
# file), so `ip broadcast` compiles (tested against 0 and 255.255.255.255)
# where an unknown netmask would refuse it.
SAVEFILE_NETMASK = 0
SNAPLEN = MAX_CAPLEN  # what a capture file without its own snapshot length gets
PCAP_ERRBUF_SIZE = 256


class _BpfInsn(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint32)]


class _BpfProgram(ctypes.Structure):
    _fields_ = [("bf_len", ctypes.c_uint), ("bf_insns", ctypes.POINTER(_BpfInsn))]


class _PacketHeader(ctypes.Structure):  # struct pcap_pkthdr
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_usec", ctypes.c_long), ("caplen", ctypes.c_uint32),
                ("len", ctypes.c_uint32)]


_library = None


def _load():
    global _library
    if _library is None:
        name = ctypes.util.find_library("pcap")
        if name is None:
            raise FilterError(NOT_INSTALLED)
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            raise FilterError(NOT_INSTALLED) from None
        lib.pcap_compile.restype = ctypes.c_int
        lib.pcap_compile.argtypes = [ctypes.c_void_p, ctypes.POINTER(_BpfProgram), ctypes.c_char_p,
                                     ctypes.c_int, ctypes.c_uint32]
        lib.pcap_geterr.restype = ctypes.c_char_p
        lib.pcap_geterr.argtypes = [ctypes.c_void_p]
        lib.pcap_freecode.argtypes = [ctypes.POINTER(_BpfProgram)]
        lib.pcap_close.argtypes = [ctypes.c_void_p]
        lib.pcap_open_offline.restype = ctypes.c_void_p
        lib.pcap_open_offline.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        lib.pcap_datalink.argtypes = [ctypes.c_void_p]
        lib.pcap_next_ex.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.POINTER(_PacketHeader)),
                                     ctypes.POINTER(ctypes.c_void_p)]
        lib.pcap_snapshot.argtypes = [ctypes.c_void_p]
        lib.pcap_offline_filter.argtypes = [ctypes.POINTER(_BpfProgram), ctypes.POINTER(_PacketHeader),
                                            ctypes.c_void_p]
        lib.bpf_validate.restype = ctypes.c_int
        lib.bpf_validate.argtypes = [ctypes.POINTER(_BpfInsn), ctypes.c_int]
        lib.bpf_filter.restype = ctypes.c_uint
        lib.bpf_filter.argtypes = [ctypes.POINTER(_BpfInsn), ctypes.c_char_p, ctypes.c_uint, ctypes.c_uint]
        _library = lib
    return _library


def available() -> bool:
    try:
        _load()
    except FilterError:
        return False
    return True


@contextlib.contextmanager
def _savefile_handle(linktype: int, snaplen: int):
    """A libpcap handle reading a capture file with this link type (a
    LINKTYPE_ value) and snapshot length, and no packets: what tcpdump -r
    has when it compiles its filter."""
    lib = _load()
    with tempfile.NamedTemporaryFile(prefix="mlbox-pf-", suffix=".pcap", delete=False) as header:
        header.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, snaplen, linktype))
    try:
        errors = ctypes.create_string_buffer(PCAP_ERRBUF_SIZE)
        handle = lib.pcap_open_offline(os.fsencode(header.name), errors)
    finally:
        os.unlink(header.name)
    if not handle:
        raise FilterError(f"libpcap cannot read a capture of link type {linktype}: "
                          f"{errors.value.decode('utf-8', 'replace')}")
    try:
        yield handle
    finally:
        lib.pcap_close(handle)


def dlt_for_capture(linktype: int, snaplen: int = SNAPLEN) -> int:
    """The DLT_ value libpcap gives a capture file of LINKTYPE_ `linktype`
    (LINKTYPE_RAW 101 is DLT_RAW 12 on Linux)."""
    with _savefile_handle(linktype, snaplen) as handle:
        return _load().pcap_datalink(handle)


def compile_expression(expression: str, linktype: int = 1, optimize: bool = True,
                       snaplen: int = SNAPLEN) -> list[Insn]:
    """The program `tcpdump -r CAPTURE -ddd EXPRESSION` gives for a capture
    whose link type is `linktype` (a LINKTYPE_ value, 1 = Ethernet) and
    whose snapshot length (the value a match returns) is `snaplen`.
    Raises FilterError with libpcap's message.

    libpcap compiles for a capture file differently from a live or dead
    handle: it maps the file's LINKTYPE_ value to its DLT_ (LINKTYPE_RAW 101
    is DLT_RAW 12 on Linux), tests a BSD loopback's every AF_INET6 value (24,
    28 and 30) instead of the host's, and refuses `inbound`/`outbound`/`ifindex`
    on most link types (a file has no packet direction). So the expression
    is compiled on a handle that reads a capture file."""
    lib = _load()
    with _savefile_handle(linktype, snaplen) as handle:
        program = _BpfProgram()
        # surrogateescape: an expression from a command line that is not UTF-8
        # reaches Python with surrogates; libpcap gets its original bytes back.
        if lib.pcap_compile(handle, ctypes.byref(program), expression.encode("utf-8", "surrogateescape"),
                            int(optimize), SAVEFILE_NETMASK) != 0:
            message = lib.pcap_geterr(handle).decode("utf-8", "replace")
            raise FilterError(f"libpcap cannot compile {expression!r}: {message}")
        try:
            return [Insn(i.code, i.jt, i.jf, i.k) for i in program.bf_insns[:program.bf_len]]
        finally:
            lib.pcap_freecode(ctypes.byref(program))


def _insn_array(insns):
    array = (_BpfInsn * max(1, len(insns)))()
    for slot, insn in zip(array, insns):
        slot.code, slot.jt, slot.jf, slot.k = insn.code, insn.jt, insn.jf, insn.k
    return array


def bpf_validate(insns) -> bool:
    """libpcap's own verdict on a program (`bpf_validate`): more lenient
    than mlbox.pf_filter's (see tests/test_pf_differential.py)."""
    lib = _load()
    return lib.bpf_validate(_insn_array(insns), len(insns)) != 0


def bpf_filter(insns, packet: bytes, wirelen: int) -> int:
    """libpcap's `bpf_filter` value for one packet (its captured bytes and
    original length). Only for programs mlbox.pf_filter.validate accepts:
    libpcap 1.10 aborts on an undefined opcode, divides by a constant 0 and
    reads uninitialised scratch memory."""
    lib = _load()
    return lib.bpf_filter(_insn_array(insns), packet, wirelen, len(packet))


@attrs.frozen
class Savefile:
    """A capture file as libpcap reads it (tcpdump -r): the DLT_ value,
    snapshot length, every packet's (captured bytes, wirelen) before the
    end or an error, and each one's verdict under `expression` if given."""

    dlt: int
    snaplen: int
    packets: tuple[tuple[bytes, int], ...]
    verdicts: tuple[int, ...]
    error: str | None  # libpcap's message when it stopped on an error


def read_savefile(path: str, expression: str | None = None) -> Savefile:
    """Read a capture with libpcap (pcap_open_offline, pcap_next_ex) and,
    if `expression` is given, filter it as tcpdump -r does (the expression
    compiled on that handle, pcap_offline_filter). For tests: the reference
    that mlbox.pf_capture and `mlbox pf` are compared with. A file libpcap
    cannot open is a Savefile with no packets and its error."""
    lib = _load()
    errors = ctypes.create_string_buffer(PCAP_ERRBUF_SIZE)
    handle = lib.pcap_open_offline(os.fsencode(path), errors)
    if not handle:
        return Savefile(-1, 0, (), (), errors.value.decode("utf-8", "replace"))
    try:
        program = None
        if expression is not None:
            program = _BpfProgram()
            if lib.pcap_compile(handle, ctypes.byref(program), expression.encode(), 1, SAVEFILE_NETMASK) != 0:
                raise FilterError(f"libpcap cannot compile {expression!r}: "
                                  + lib.pcap_geterr(handle).decode("utf-8", "replace"))
        packets, verdicts = [], []
        header, data = ctypes.POINTER(_PacketHeader)(), ctypes.c_void_p()
        while True:
            status = lib.pcap_next_ex(handle, ctypes.byref(header), ctypes.byref(data))
            if status != 1:
                error = None if status == -2 else lib.pcap_geterr(handle).decode("utf-8", "replace")
                break
            packets.append((ctypes.string_at(data, header.contents.caplen), header.contents.len))
            if program is not None:
                verdicts.append(lib.pcap_offline_filter(ctypes.byref(program), header, data))
        if program is not None:
            lib.pcap_freecode(ctypes.byref(program))
        return Savefile(lib.pcap_datalink(handle), lib.pcap_snapshot(handle), tuple(packets), tuple(verdicts), error)
    finally:
        lib.pcap_close(handle)
