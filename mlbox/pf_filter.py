"""Classic BPF filter programs: reading them (`tcpdump -ddd` and `tcpdump -dd`
output) and validating them strictly before anything runs.

The strict rules (/work/shared/bpf/README.md, stricter than libpcap's
bpf_validate): 1 to 4096 instructions; only the opcodes libpcap's
bpf_filter interprets; every jump forward and landing inside the program;
no division or modulus by the constant 0; no shift by a constant of 32 or
more; scratch memory index below 16; the last instruction is a `ret`; no
scratch word read before it is written on every path to the read.
Validation reports the first violation in program order, with its reason.
"""

from __future__ import annotations

import re
from typing import Sequence

import attrs

MAX_INSNS = 4096
SCRATCH_WORDS = 16

# Reason fragments (tests use them; the wording matches the shared data's
# `strict_classic_bpf` column).
LENGTH_REASON = "program length {n} not in 1..4096"
FINAL_RET_REASON = "last instruction is not 'ret'"
UNDEFINED_OPCODE_REASON = "undefined opcode 0x{code:02x}"
COND_JUMP_REASON = "conditional jump target out of range"
JA_PAST_END_REASON = "ja offset {offset} goes past the end"
JA_BACKWARD_REASON = "ja offset {offset} is backward"
DIV_ZERO_REASON = "division/modulus by constant 0"
SHIFT_REASON = "constant shift by {k} (>= 32)"
SCRATCH_INDEX_REASON = "scratch memory index {k} >= 16"
SCRATCH_UNWRITTEN_REASON = "scratch memory word {k} may be read before it is written"


@attrs.frozen
class Insn:
    """One `struct bpf_insn`: 16-bit opcode, 8-bit jump offsets, 32-bit constant."""

    code: int
    jt: int
    jf: int
    k: int


class FilterError(Exception):
    """A filter that cannot be read or is not valid classic BPF."""


# The opcodes libpcap 1.10's bpf_filter() interprets (every other one makes
# it abort()), by name, as in <pcap/bpf.h>.
OPCODES: dict[int, str] = {
    0x20: "ld [k]", 0x28: "ldh [k]", 0x30: "ldb [k]",
    0x40: "ld [x+k]", 0x48: "ldh [x+k]", 0x50: "ldb [x+k]",
    0x80: "ld #len", 0x00: "ld #k", 0x60: "ld M[k]",
    0x81: "ldx #len", 0x01: "ldx #k", 0x61: "ldx M[k]", 0xB1: "ldxb 4*([k]&0xf)",
    0x02: "st M[k]", 0x03: "stx M[k]",
    0x04: "add #k", 0x14: "sub #k", 0x24: "mul #k", 0x34: "div #k", 0x94: "mod #k",
    0x54: "and #k", 0x44: "or #k", 0xA4: "xor #k", 0x64: "lsh #k", 0x74: "rsh #k",
    0x0C: "add x", 0x1C: "sub x", 0x2C: "mul x", 0x3C: "div x", 0x9C: "mod x",
    0x5C: "and x", 0x4C: "or x", 0xAC: "xor x", 0x6C: "lsh x", 0x7C: "rsh x",
    0x84: "neg",
    0x05: "ja", 0x15: "jeq #k", 0x25: "jgt #k", 0x35: "jge #k", 0x45: "jset #k",
    0x1D: "jeq x", 0x2D: "jgt x", 0x3D: "jge x", 0x4D: "jset x",
    0x06: "ret #k", 0x16: "ret a",
    0x07: "tax", 0x87: "txa",
}
JA = 0x05
CONDITIONAL_JUMPS = {0x15, 0x25, 0x35, 0x45, 0x1D, 0x2D, 0x3D, 0x4D}
RETURNS = {0x06, 0x16}
DIVISIONS_BY_K = {0x34, 0x94}
SHIFTS_BY_K = {0x64, 0x74}
SCRATCH_READS = {0x60, 0x61}
SCRATCH_WRITES = {0x02, 0x03}


# ------------------------------------------------------------------ reading

_DD_LINE = re.compile(
    r"^\{\s*(0x[0-9a-fA-F]+|\d+)\s*,\s*(\d+|0x[0-9a-fA-F]+)\s*,\s*(\d+|0x[0-9a-fA-F]+)\s*,\s*(0x[0-9a-fA-F]+|\d+)\s*\},?$"
)


def _field(text: str, what: str, limit: int, where: str) -> int:
    try:
        value = int(text, 0) if text.lower().startswith("0x") else int(text, 10)
    except ValueError:
        raise FilterError(f"{where}: {what} {text!r} is not a number") from None
    if not 0 <= value <= limit:
        raise FilterError(f"{where}: {what} {value} out of range 0..{limit}")
    return value


def _insn(fields: Sequence[str], where: str) -> Insn:
    return Insn(_field(fields[0], "opcode", 0xFFFF, where), _field(fields[1], "jt", 0xFF, where),
                _field(fields[2], "jf", 0xFF, where), _field(fields[3], "k", 0xFFFFFFFF, where))


def parse_filter(text: str, origin: str = "<filter>") -> list[Insn]:
    """Instructions from `tcpdump -ddd` output (a count line, then
    `code jt jf k` decimal lines) or `tcpdump -dd` output (C initialisers
    `{ 0x28, 0, 0, 0x0000000c },`). Raises FilterError saying which line is wrong."""
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise FilterError(f"{origin}: empty filter file (expected `tcpdump -ddd` or `tcpdump -dd` output)")
    if lines[0][1].startswith("{"):
        insns = []
        for number, line in lines:
            m = _DD_LINE.match(line)
            if m is None:
                raise FilterError(f"{origin}:{number}: expected `{{ code, jt, jf, k }},` (tcpdump -dd), got {line!r}")
            insns.append(_insn(m.groups(), f"{origin}:{number}"))
        return insns
    first_number, first = lines[0]
    if not first.isdigit():
        raise FilterError(f"{origin}:{first_number}: expected the instruction count of `tcpdump -ddd` output "
                          f"or a `{{ code, jt, jf, k }},` line of `tcpdump -dd` output, got {first!r}")
    count = int(first)
    body = lines[1:]
    if len(body) != count:
        raise FilterError(f"{origin}: the first line says {count} instruction(s) but {len(body)} follow")
    insns = []
    for number, line in body:
        fields = line.split()
        if len(fields) != 4:
            raise FilterError(f"{origin}:{number}: expected four numbers `code jt jf k`, got {line!r}")
        insns.append(_insn(fields, f"{origin}:{number}"))
    return insns


def format_ddd(insns: Sequence[Insn]) -> str:
    """The `tcpdump -ddd` text of a program."""
    return "\n".join([str(len(insns))] + [f"{i.code} {i.jt} {i.jf} {i.k}" for i in insns]) + "\n"


# --------------------------------------------------------------- validation


def _signed32(k: int) -> int:
    return k - (1 << 32) if k >= 1 << 31 else k


def successors(pc: int, insn: Insn) -> tuple[int, ...]:
    """Where control goes after instruction pc (targets absolute)."""
    if insn.code in RETURNS:
        return ()
    if insn.code == JA:
        return (pc + 1 + _signed32(insn.k),)
    if insn.code in CONDITIONAL_JUMPS:
        return (pc + 1 + insn.jt, pc + 1 + insn.jf)
    return (pc + 1,)


def _instruction_problem(pc: int, insn: Insn, n: int) -> str | None:
    code, k = insn.code, insn.k
    if code not in OPCODES:
        return UNDEFINED_OPCODE_REASON.format(code=code)
    if code == JA:
        offset = _signed32(k)
        if offset < 0:
            return JA_BACKWARD_REASON.format(offset=offset)
        if pc + 1 + offset >= n:
            return JA_PAST_END_REASON.format(offset=offset)
    if code in CONDITIONAL_JUMPS and max(pc + 1 + insn.jt, pc + 1 + insn.jf) >= n:
        return COND_JUMP_REASON
    if code in DIVISIONS_BY_K and k == 0:
        return DIV_ZERO_REASON
    if code in SHIFTS_BY_K and k >= 32:
        return SHIFT_REASON.format(k=k)
    if (code in SCRATCH_READS or code in SCRATCH_WRITES) and k >= SCRATCH_WORDS:
        return SCRATCH_INDEX_REASON.format(k=k)
    return None


def _unwritten_scratch_read(insns: Sequence[Insn]) -> tuple[int, int] | None:
    """The first (pc, word) whose read may see an unwritten scratch word:
    a forward must-analysis (the words written on every path to pc), which
    needs one pass in program order because every jump goes forward."""
    written_on_entry: list[frozenset | None] = [None] * len(insns)  # None: not reached (yet)
    written_on_entry[0] = frozenset()
    for pc, insn in enumerate(insns):
        written = written_on_entry[pc]
        if written is None:
            continue  # unreachable: no path, so no read on a path
        if insn.code in SCRATCH_READS and insn.k not in written:
            return pc, insn.k
        after = written | {insn.k} if insn.code in SCRATCH_WRITES else written
        for target in successors(pc, insn):
            known = written_on_entry[target]
            written_on_entry[target] = after if known is None else known & after
    return None


def validation_error(insns: Sequence[Insn]) -> str | None:
    """Why the program is not strictly valid classic BPF, or None."""
    n = len(insns)
    if not 1 <= n <= MAX_INSNS:
        return LENGTH_REASON.format(n=n)
    for pc, insn in enumerate(insns):
        problem = _instruction_problem(pc, insn, n)
        if problem is not None:
            return f"insn {pc}: {problem}"
    if insns[-1].code not in RETURNS:
        return FINAL_RET_REASON
    unwritten = _unwritten_scratch_read(insns)
    if unwritten is not None:
        pc, word = unwritten
        return f"insn {pc}: " + SCRATCH_UNWRITTEN_REASON.format(k=word)
    return None


def validate(insns: Sequence[Insn], origin: str = "<filter>") -> None:
    reason = validation_error(insns)
    if reason is not None:
        raise FilterError(f"{origin}: invalid classic BPF: {reason}")
