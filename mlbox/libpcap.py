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
        _library = lib
    return _library


def available() -> bool:
    try:
        _load()
    except FilterError:
        return False
    return True


def compile_expression(expression: str, linktype: int = 1, optimize: bool = True) -> list[Insn]:
    """The program tcpdump would run for `expression` on a link of type
    `linktype` (1 = Ethernet). Raises FilterError with libpcap's message."""
    lib = _load()
    handle = lib.pcap_open_dead(linktype, SNAPLEN)
    if not handle:
        raise FilterError(f"libpcap cannot open a handle for link type {linktype}")
    try:
        program = _BpfProgram()
        if lib.pcap_compile(handle, ctypes.byref(program), expression.encode("utf-8"), int(optimize),
                            PCAP_NETMASK_UNKNOWN) != 0:
            message = lib.pcap_geterr(handle).decode("utf-8", "replace")
            raise FilterError(f"libpcap cannot compile {expression!r}: {message}")
        try:
            return [Insn(i.code, i.jt, i.jf, i.k) for i in program.bf_insns[:program.bf_len]]
        finally:
            lib.pcap_freecode(ctypes.byref(program))
    finally:
        lib.pcap_close(handle)
