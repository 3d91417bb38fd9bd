"""Compile a tcpdump filter expression to classic BPF through libpcap, when
it is installed (ctypes: pcap_open_dead + pcap_compile), so that
`mlbox pf 'tcp port 23' capture.pcap` works like tcpdump. libpcap is
optional: without it, the error says how to get the program another way.
"""

from __future__ import annotations

import ctypes
import ctypes.util

from mlbox.pf_filter import FilterError, Insn

NOT_INSTALLED = ("compiling a filter expression needs libpcap, which is not installed "
                 "(e.g. `apt-get install libpcap0.8`); or give a file of `tcpdump -ddd` output instead")
PCAP_NETMASK_UNKNOWN = 0xFFFFFFFF
SNAPLEN = 262144
# A capture file names its link type by a LINKTYPE_ value, pcap_open_dead
# wants the DLT_ value: they are the same number except for these (libpcap's
# own table, pcap-common.c), whose DLT_ value depends on the platform, so it
# is looked up by name. Without the mapping a raw-IP capture (LINKTYPE_RAW,
# 101) would be "unknown data link type 101".
LINKTYPE_DLT_NAMES = {100: "ATM_RFC1483", 101: "RAW", 102: "SLIP_BSDOS", 103: "PPP_BSDOS", 106: "ATM_CLIP"}


class _BpfInsn(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint32)]


class _BpfProgram(ctypes.Structure):
    _fields_ = [("bf_len", ctypes.c_uint), ("bf_insns", ctypes.POINTER(_BpfInsn))]


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
        lib.pcap_open_dead.restype = ctypes.c_void_p
        lib.pcap_open_dead.argtypes = [ctypes.c_int, ctypes.c_int]
        lib.pcap_compile.restype = ctypes.c_int
        lib.pcap_compile.argtypes = [ctypes.c_void_p, ctypes.POINTER(_BpfProgram), ctypes.c_char_p,
                                     ctypes.c_int, ctypes.c_uint32]
        lib.pcap_geterr.restype = ctypes.c_char_p
        lib.pcap_geterr.argtypes = [ctypes.c_void_p]
        lib.pcap_freecode.argtypes = [ctypes.POINTER(_BpfProgram)]
        lib.pcap_close.argtypes = [ctypes.c_void_p]
        lib.pcap_datalink_name_to_val.restype = ctypes.c_int
        lib.pcap_datalink_name_to_val.argtypes = [ctypes.c_char_p]
        _library = lib
    return _library


def available() -> bool:
    try:
        _load()
    except FilterError:
        return False
    return True


def dlt_for_linktype(linktype: int) -> int:
    """The DLT_ value libpcap uses for a capture file's LINKTYPE_ value."""
    name = LINKTYPE_DLT_NAMES.get(linktype)
    if name is None:
        return linktype
    dlt = _load().pcap_datalink_name_to_val(name.encode("ascii"))
    return linktype if dlt < 0 else dlt


def compile_expression(expression: str, linktype: int = 1, optimize: bool = True) -> list[Insn]:
    """The program tcpdump would run for `expression` on a capture whose
    file header gives link type `linktype` (a LINKTYPE_ value, 1 = Ethernet).
    Raises FilterError with libpcap's message."""
    lib = _load()
    handle = lib.pcap_open_dead(dlt_for_linktype(linktype), SNAPLEN)
    if not handle:
        raise FilterError(f"libpcap cannot open a handle for link type {linktype}")
    try:
        program = _BpfProgram()
        # surrogateescape: an expression from a command line that is not UTF-8
        # reaches Python with surrogates; libpcap gets its original bytes back.
        if lib.pcap_compile(handle, ctypes.byref(program), expression.encode("utf-8", "surrogateescape"), int(optimize),
                            PCAP_NETMASK_UNKNOWN) != 0:
            message = lib.pcap_geterr(handle).decode("utf-8", "replace")
            raise FilterError(f"libpcap cannot compile {expression!r}: {message}")
        try:
            return [Insn(i.code, i.jt, i.jf, i.k) for i in program.bf_insns[:program.bf_len]]
        finally:
            lib.pcap_freecode(ctypes.byref(program))
    finally:
        lib.pcap_close(handle)


def _insn_array(insns):
    array = (_BpfInsn * max(1, len(insns)))()
    for slot, insn in zip(array, insns):
        slot.code, slot.jt, slot.jf, slot.k = insn.code, insn.jt, insn.jf, insn.k
    return array


def bpf_validate(insns) -> bool:
    """libpcap's own verdict on a program (`bpf_validate`): more lenient
    than mlbox.pf_filter's (see tests/test_pf_differential.py)."""
    lib = _load()
    lib.bpf_validate.restype = ctypes.c_int
    lib.bpf_validate.argtypes = [ctypes.POINTER(_BpfInsn), ctypes.c_int]
    return lib.bpf_validate(_insn_array(insns), len(insns)) != 0


def bpf_filter(insns, packet: bytes, wirelen: int) -> int:
    """libpcap's `bpf_filter` value for one packet (its captured bytes and
    original length). Only for programs mlbox.pf_filter.validate accepts:
    libpcap 1.10 aborts on an undefined opcode, divides by a constant 0 and
    reads uninitialised scratch memory."""
    lib = _load()
    lib.bpf_filter.restype = ctypes.c_uint
    lib.bpf_filter.argtypes = [ctypes.POINTER(_BpfInsn), ctypes.c_char_p, ctypes.c_uint, ctypes.c_uint]
    return lib.bpf_filter(_insn_array(insns), packet, wirelen, len(packet))
