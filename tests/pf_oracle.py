"""A Python transcription of libpcap 1.10's `bpf_filter()` (bpf_filter.c),
for the programs mlbox.pf_filter.validate accepts.

Why it exists: the randomized differential tests of the packet filter
(tests/test_pf_differential.py) need the value libpcap would return for
programs and packets nobody recorded, and libpcap is optional (CI has no
libpcap). This oracle answers on the core test path; where libpcap is
installed, the same tests check the oracle itself against libpcap's
exported `bpf_filter` on every example, so it cannot drift from the
reference unnoticed.

The semantics it transcribes (libpcap 1.10.3, checked on this machine):
A and X are unsigned 32-bit, both 0 at the start; the scratch memory
M[0..15] (libpcap leaves it uninitialised; validated programs write a word
before reading it, so its start value is never seen: 0 here); a load that
reaches past the captured bytes returns 0 from the filter (the bounds
test is done on unbounded integers: libpcap's is written so that X + k
cannot wrap); `len` is the wire length; division or modulus by X = 0
returns 0; a shift by X >= 32 gives A = 0; `neg` is 0 - A modulo 2^32;
jumps are unsigned comparisons of A with k or X.
"""

from __future__ import annotations

from typing import Sequence

from mlbox.pf_filter import Insn

MASK32 = 0xFFFFFFFF


class OracleError(Exception):
    """The program is one the oracle does not model (an undefined opcode,
    a jump off the end): the caller should have validated it."""


def _load(packet: bytes, offset: int, size: int) -> int | None:
    """Big-endian `size` bytes at `offset`, or None past the captured bytes."""
    if offset + size > len(packet):
        return None
    return int.from_bytes(packet[offset:offset + size], "big")


def _alu(op: int, a: int, operand: int) -> int | None:
    """A op operand (op: the BPF_OP bits), modulo 2^32; None for a
    division or modulus by 0 (the filter returns 0)."""
    if op == 0x00:
        return (a + operand) & MASK32
    if op == 0x10:
        return (a - operand) & MASK32
    if op == 0x20:
        return (a * operand) & MASK32
    if op in (0x30, 0x90):
        if operand == 0:
            return None
        return a // operand if op == 0x30 else a % operand
    if op == 0x40:
        return a | operand
    if op == 0x50:
        return a & operand
    if op == 0xA0:
        return a ^ operand
    if op == 0x60:
        return (a << operand) & MASK32 if operand < 32 else 0
    if op == 0x70:
        return a >> operand if operand < 32 else 0
    raise OracleError(f"undefined ALU operation 0x{op:02x}")


_LOAD_SIZES = {0x00: 4, 0x08: 2, 0x10: 1}  # BPF_W, BPF_H, BPF_B


def bpf_filter(insns: Sequence[Insn], packet: bytes, wirelen: int) -> int:
    """What libpcap's bpf_filter(insns, packet, wirelen, len(packet)) returns."""
    a = x = 0
    mem = [0] * 16
    pc = 0
    while True:
        if not 0 <= pc < len(insns):
            raise OracleError(f"control reached instruction {pc}, outside the program")
        insn = insns[pc]
        code, k = insn.code, insn.k
        pc += 1
        if code in (0x20, 0x28, 0x30, 0x40, 0x48, 0x50):  # ld{,h,b} [k] and [x + k]
            offset = k + x if code & 0x40 else k
            value = _load(packet, offset, _LOAD_SIZES[code & 0x18])
            if value is None:
                return 0
            a = value
        elif code == 0xB1:  # ldxb 4 * ([k] & 0xf)
            value = _load(packet, k, 1)
            if value is None:
                return 0
            x = (value & 0xF) << 2
        elif code == 0x80:
            a = wirelen
        elif code == 0x81:
            x = wirelen
        elif code == 0x00:
            a = k
        elif code == 0x01:
            x = k
        elif code == 0x60:
            a = mem[k]
        elif code == 0x61:
            x = mem[k]
        elif code == 0x02:
            mem[k] = a
        elif code == 0x03:
            mem[k] = x
        elif code == 0x84:
            a = (0 - a) & MASK32
        elif code < 0x100 and code & 0x07 == 0x04:  # the ALU class: op | K (0x_4) or op | X (0x_c)
            result = _alu(code & 0xF0, a, x if code & 0x08 else k)
            if result is None:
                return 0
            a = result
        elif code == 0x05:
            pc += k if k < 1 << 31 else k - (1 << 32)
        elif code in (0x15, 0x25, 0x35, 0x45, 0x1D, 0x2D, 0x3D, 0x4D):
            operand = x if code & 0x08 else k
            test = code & 0xF0
            taken = (a == operand if test == 0x10 else a > operand if test == 0x20
                     else a >= operand if test == 0x30 else a & operand != 0)
            pc += insn.jt if taken else insn.jf
        elif code == 0x06:
            return k
        elif code == 0x16:
            return a
        elif code == 0x07:
            x = a
        elif code == 0x87:
            a = x
        else:
            raise OracleError(f"undefined opcode 0x{code:02x} at instruction {pc - 1}")
