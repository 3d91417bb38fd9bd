"""Classic BPF filter programs: reading them (`tcpdump -ddd` and `tcpdump -dd`
output) and validating them strictly before anything runs.

The strict rules (stricter than libpcap's
bpf_validate): 1 to 4096 instructions; only the opcodes libpcap's
bpf_filter interprets; every jump forward and landing inside the program;
no division or modulus by the constant 0; no shift by a constant of 32 or
more; scratch memory index below 16; the last instruction is a `ret`; no
scratch word read before it is written on every path to the read.
Validation reports the first violation in program order, with its reason.
"""

from __future__ import annotations

import codecs
import os
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

# Numbers are ASCII only: Python's int() and `\d` also take other scripts'
# digits ('１２' is 12) and underscores ('1_2' is 12), and str.isdigit() takes
# '²', which int() then refuses; none of them is in tcpdump's output.
_NUMBER = r"0[xX][0-9a-fA-F]+|[0-9]+"
_NUMBER_ONLY = re.compile(rf"(?:{_NUMBER})\Z")
# A -dd line's shape; its fields are checked one by one (so that the
# message names the field: "k '-12' is not a number").
_DD_FIELD = r"\s*([^,{}\s]*)\s*"
_DD_LINE = re.compile(rf"\{{{_DD_FIELD},{_DD_FIELD},{_DD_FIELD},{_DD_FIELD}\}}\s*,?\Z")
# Lines end at \n, \r\n or \r only: str.splitlines() also ends them at \v,
# \f, \x1c-\x1e, \x85 and U+2028/9, which would misnumber every later line.
_LINE_END = re.compile(r"\r\n|\r|\n")
# Comments, which neither tcpdump output has but an annotated filter file
# may: `#` or `//` to the end of the line, `/* ... */` anywhere (a -dd
# program copied from C source). An unclosed `/*` is an error at its line.
_COMMENT = re.compile(r"/\*.*?\*/|(?:#|//)[^\r\n]*|/\*", re.DOTALL)


def _without_comments(text: str, origin: str) -> str:
    """`text` with each comment blanked out, its line breaks kept (so that
    every line keeps its number)."""
    def blank(match: re.Match) -> str:
        if match.group() == "/*":
            line = len(_LINE_END.findall(text[:match.start()])) + 1
            raise FilterError(f"{origin}:{line}: `/*` comment is not closed by `*/`")
        return "".join(c if c in "\r\n" else " " for c in match.group())
    return _COMMENT.sub(blank, text)


def _field(text: str, what: str, limit: int, where: str, c_syntax: bool = False) -> int:
    if _NUMBER_ONLY.match(text) is None:
        raise FilterError(f"{where}: {what} {text!r} is not a number (decimal digits, or hex after 0x)")
    if c_syntax and len(text) > 1 and text[0] == "0" and text[1] not in "xX":
        # In a C initialiser (tcpdump -dd) a leading 0 means octal: `010` is
        # 8 to a C compiler; reading it as 10 or as 8 would each surprise someone.
        raise FilterError(f"{where}: {what} {text!r} has a leading 0, which C reads as octal; "
                          "write it in decimal without the 0, or in hex after 0x")
    value = int(text, 16) if text[:2] in ("0x", "0X") else int(text, 10)
    if not 0 <= value <= limit:
        raise FilterError(f"{where}: {what} {value} out of range 0..{limit}")
    return value


def _insn(fields: Sequence[str], where: str, c_syntax: bool = False) -> Insn:
    return Insn(_field(fields[0], "opcode", 0xFFFF, where, c_syntax), _field(fields[1], "jt", 0xFF, where, c_syntax),
                _field(fields[2], "jf", 0xFF, where, c_syntax), _field(fields[3], "k", 0xFFFFFFFF, where, c_syntax))


def parse_filter(text: str, origin: str = "<filter>") -> list[Insn]:
    """The instructions of a filter's text (see parse_filter_lines)."""
    return parse_filter_lines(text, origin)[0]


def parse_filter_lines(text: str, origin: str = "<filter>") -> tuple[list[Insn], list[int]]:
    """Instructions, and the line number of each, from `tcpdump -ddd` output (a count line, then
    `code jt jf k` decimal lines) or `tcpdump -dd` output (C initialisers
    `{ 0x28, 0, 0, 0x0000000c },`), with blank lines and comments anywhere.
    Raises FilterError saying which line is wrong."""
    text = _without_comments(text, origin)
    lines = [(number, line.strip()) for number, line in enumerate(_LINE_END.split(text), 1) if line.strip()]
    if not lines:
        raise FilterError(f"{origin}: empty filter file (expected `tcpdump -ddd` or `tcpdump -dd` output)")
    if lines[0][1].startswith("{"):
        insns = []
        for number, line in lines:
            m = _DD_LINE.match(line)
            if m is None:
                raise FilterError(f"{origin}:{number}: expected `{{ code, jt, jf, k }},` (tcpdump -dd), got {line!r}")
            insns.append(_insn(m.groups(), f"{origin}:{number}", c_syntax=True))
        return insns, [number for number, _ in lines]
    first_number, first = lines[0]
    if re.fullmatch("[0-9]+", first) is None:
        raise FilterError(f"{origin}:{first_number}: expected the instruction count of `tcpdump -ddd` output "
                          f"or a `{{ code, jt, jf, k }},` line of `tcpdump -dd` output, got {first!r}")
    count = int(first)
    body = lines[1:]
    if len(body) != count:
        raise FilterError(f"{origin}:{first_number}: the first line says {count} instruction(s) but {len(body)} follow")
    insns = []
    for number, line in body:
        fields = line.split()
        if len(fields) != 4:
            raise FilterError(f"{origin}:{number}: expected four numbers `code jt jf k`, got {line!r}")
        insns.append(_insn(fields, f"{origin}:{number}"))
    return insns, [number for number, _ in body]


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


def _validation_problem(insns: Sequence[Insn]) -> tuple[int | None, str] | None:
    """(the index of the instruction to blame, or None; why the program is
    not strictly valid classic BPF), or None."""
    n = len(insns)
    if not 1 <= n <= MAX_INSNS:
        return None, LENGTH_REASON.format(n=n)
    for pc, insn in enumerate(insns):
        problem = _instruction_problem(pc, insn, n)
        if problem is not None:
            return pc, f"insn {pc}: {problem}"
    if insns[-1].code not in RETURNS:
        return n - 1, FINAL_RET_REASON
    unwritten = _unwritten_scratch_read(insns)
    if unwritten is not None:
        pc, word = unwritten
        return pc, f"insn {pc}: " + SCRATCH_UNWRITTEN_REASON.format(k=word)
    return None


def validation_error(insns: Sequence[Insn]) -> str | None:
    """Why the program is not strictly valid classic BPF, or None."""
    problem = _validation_problem(insns)
    return None if problem is None else problem[1]


MAX_FILTER_CHARS = 1 << 20  # `tcpdump -ddd` output of the longest valid filter is far smaller


def read_filter_file(path: str) -> list[Insn]:
    """The instructions of a filter file (`tcpdump -ddd` or `-dd` output,
    UTF-8 or ASCII), validated: what `mlbox pf FILE CAPTURE` reads. A file
    that cannot be read, is not text, is too large, or holds no valid
    classic BPF raises FilterError, its message naming the file (and the
    line or byte to blame)."""
    if os.path.isdir(path):
        raise FilterError(f"{path}: is a directory, not a filter file")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILTER_CHARS * 4 + 1)  # bounded (a device, /dev/zero, never ends): 4 bytes a character
    except OSError as error:
        raise FilterError(f"{path}: cannot read the filter file: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8-sig")  # -sig: a Windows editor's byte-order mark is no error
    except UnicodeDecodeError as error:
        # (the offset in the file: the decoder's does not count the mark)
        offset = error.start + (len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0)
        raise FilterError(f"{path}: not a text file (byte {offset}): a filter file holds "
                          "`tcpdump -ddd` or `tcpdump -dd` output") from None
    if len(text) > MAX_FILTER_CHARS:
        raise FilterError(f"{path}: larger than {MAX_FILTER_CHARS >> 20} MB, too large for a filter file "
                          f"(classic BPF has at most {MAX_INSNS} instructions)")
    insns, lines = parse_filter_lines(text, path)
    validate(insns, path, lines)
    return insns


def validate(insns: Sequence[Insn], origin: str = "<filter>", lines: Sequence[int] | None = None) -> None:
    """Raise FilterError if the program is not strictly valid; `lines` (the
    line of each instruction in the filter text) puts the line of the
    instruction to blame in the message (`f.bpf:7: invalid classic BPF: insn 5: ...`)."""
    problem = _validation_problem(insns)
    if problem is not None:
        pc, reason = problem
        where = origin if pc is None or lines is None else f"{origin}:{lines[pc]}"
        raise FilterError(f"{where}: invalid classic BPF: {reason}")
