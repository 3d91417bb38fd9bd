"""The .ccam bytecode file: writer, and a reader that verifies everything
before anything can run. The format is the contract of docs/ccam.md,
"Bytecode format"; the C loader enforces the same rules.

Nesting depth: the main program is at depth 1, a sub-program operand of an
instruction at depth d is at depth d + 1; more than MAX_DEPTH is rejected.
The writer, the reader and the verifier keep the programs they are inside
on explicit stacks, never Python frames, so any depth up to the bound works
on any thread (the caller's recursion limit and C stack play no part).
"""

from __future__ import annotations

import struct
from typing import Optional

from ccam.instructions import (
    BUILTIN_EXNS,
    BY_CODE,
    BY_NAME,
    CONST,
    INSTR,
    INT_MAX,
    INT_MIN,
    MAX_CODE_NESTING,
    MAX_STRING_SIZE,
    NAT,
    PRIM,
    PRIM_BY_CODE,
    PRIM_BY_NAME,
    PROG,
    PROGS,
    STR,
    ConstCon,
    ConstInt,
    ConstStr,
    ConstUnit,
    Ins,
    Program,
)
from ccam.nested import run_nested
from ccam.values import VALUE_TYPES, describe_kind

MAGIC = b"CCAM"
VERSION = 1
MAX_GLOBALS = 1 << 24
MAX_PROGRAM_LENGTH = 1 << 24  # instructions in one PROG
MAX_DEPTH = MAX_CODE_NESTING
MAX_ACC = 1 << 20  # acc n, rec n and update k need n < MAX_ACC
MAX_TAG = 1 << 24  # pack and constant tags
MAX_STRING = MAX_STRING_SIZE

CONST_UNIT, CONST_INT, CONST_STR, CONST_CON = 0, 1, 2, 3
# Operands that must be at least 1 (a zero would make a meaningless instruction).
POSITIVE_NAT_OPS = frozenset({"rec", "mergeswitch"})
# Operands bounded like acc's index (each unit costs the machine a step).
INDEX_NAT_OPS = frozenset({"acc", "rec", "update"})
GLOBAL_OPS = frozenset({"getglobal", "setglobal"})
# Instructions with sub-program operands (the writer descends into them).
_NESTING_OPS = frozenset(spec.name for spec in BY_CODE.values() if PROG in spec.operands or PROGS in spec.operands)

# Reason fragments (tests match on these).
R_MAGIC = "bad magic (not a .ccam file)"
R_VERSION = "format version {}, this mlbox reads version 1"
R_FLAGS = "unsupported flags {}"
R_TRUNCATED = "truncated file"
R_TRUNCATED_PROG = "truncated program (expected {} instructions)"
R_OPCODE = "unknown opcode {}"
R_PRIM = "unknown primitive code {}"
R_CONST_KIND = "unknown constant kind {}"
R_INT_RANGE = "int constant {} outside the 63-bit range"
R_DEPTH = f"programs nested deeper than {MAX_DEPTH}"
R_GLOBAL = "{} {}: global index out of range (nglobals = {})"
R_ZERO = "{} with n = 0"
R_ZERO_ARMS = "switch with no arms"
R_ACC = f"{{}} {{}}: index too large (limit {MAX_ACC})"
R_TAG = f"tag {{}} too large (limit {MAX_TAG})"
R_STRING = f"string of {{}} bytes (limit {MAX_STRING})"
R_TRAILING = "{} trailing bytes"
R_NAMES = "{} global names for {} globals"
R_NGLOBALS_SMALL = f"nglobals {{}} < {len(BUILTIN_EXNS)} (the built-in exceptions)"
R_NGLOBALS_LARGE = f"nglobals {{}} > {MAX_GLOBALS}"
R_PROG_LENGTH = f"program of {{}} instructions (limit {MAX_PROGRAM_LENGTH})"
R_EMIT_COMPOSITE = "emit of composite instruction {}"
R_LIFTED = "a lifted run-time value ({}) cannot be written to a file"
R_OPERAND = "{}: bad operand {!r}"


class BytecodeError(ValueError):
    """A malformed bytecode file (or a Program that cannot be written)."""

    def __init__(self, reason: str, offset: Optional[int] = None):
        super().__init__(reason if offset is None else f"offset {offset}: {reason}")
        self.reason = reason
        self.offset = offset


# ------------------------------------------------------------- writer


_U16, _U32, _I64 = struct.Struct("<H"), struct.Struct("<I"), struct.Struct("<q")


class _Writer:
    def __init__(self):
        self.buf = bytearray()

    def u8(self, n: int):
        if not 0 <= n < 256:
            raise struct.error("ubyte format requires 0 <= number <= 255")
        self.buf.append(n)  # (a byte at a time; struct.pack was a tenth of writing a large program)

    def u16(self, n: int):
        self.buf += _U16.pack(n)

    def u32(self, n: int):
        if not 0 <= n < 1 << 32:
            raise BytecodeError(f"value {n} does not fit in u32", len(self.buf))
        self.buf += _U32.pack(n)

    def i64(self, n: int):
        self.buf += _I64.pack(n)

    def string(self, s: bytes):
        self.u32(len(s))
        self.buf += s

    def prog(self, prog):
        """A PROG and everything inside it, in file order. Iterative: a
        stack of iterators over what is still to be written (instructions,
        and the operands of a composite instruction being written)."""
        self.u32(len(prog))
        stack = [iter(prog)]
        while stack:
            for item in stack[-1]:
                if type(item) is tuple:  # (kind, operand) of a composite instruction
                    kind, a = item
                    if kind == PROG:
                        self.u32(len(a))
                        stack.append(iter(a))
                        break
                    if kind == PROGS:
                        self.u32(len(a))
                        stack.append(iter([(PROG, p) for p in a]))
                        break
                    self.operand(kind, a)
                    continue
                if not isinstance(item, Ins):
                    raise BytecodeError(f"not an instruction: {item!r}", len(self.buf))
                spec = BY_NAME[item.op]
                self.buf.append(spec.code)  # (the table's codes are bytes)
                if not item.args:  # most instructions: the opcode is all
                    continue
                if spec.name in _NESTING_OPS:
                    stack.append(iter(tuple(zip(spec.operands, item.args))))
                    break
                for kind, a in zip(spec.operands, item.args):
                    self.operand(kind, a)
            else:
                stack.pop()

    def operand(self, kind: str, a):
        """An operand that is not a sub-program (emit's is written whole)."""
        if kind == NAT:
            self.u32(a)
        elif kind == CONST:
            self.const(a)
        elif kind == INSTR:
            if not isinstance(a, Ins):
                raise BytecodeError(f"not an instruction: {a!r}", len(self.buf))
            self.u8(a.spec.code)
            for inner_kind, b in zip(a.spec.operands, a.args):
                self.operand(inner_kind, b)
        elif kind == PRIM:
            self.u8(PRIM_BY_NAME[a].code)
        elif kind == STR:
            self.string(a.encode("latin-1") if isinstance(a, str) else a)

    def const(self, c):
        t = type(c)
        if t is ConstUnit:
            self.u8(CONST_UNIT)
        elif t is ConstInt:
            self.u8(CONST_INT)
            self.i64(c.value)
        elif t is ConstStr:
            self.u8(CONST_STR)
            self.string(c.value)
        elif t is ConstCon:
            self.u8(CONST_CON)
            self.u32(c.tag)
        else:
            raise BytecodeError(R_LIFTED.format(describe_kind(c)), len(self.buf))


def write(program: Program) -> bytes:
    """The bytecode of a program. The program is checked first (the file
    must pass the reader's verifier); a quote of a lifted run-time value (a
    closure, pair, ... from generated code) cannot be written."""
    check_program(program, allow_lifted=False)
    w = _Writer()
    w.buf += MAGIC
    w.u16(VERSION)
    w.u16(0)
    w.u32(program.nglobals)
    w.prog(program.code)
    w.u32(len(program.global_names))
    for name in program.global_names:
        w.string(name.encode("utf-8", "surrogateescape"))
    return bytes(w.buf)


# ------------------------------------------------------------- reader


class _Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0
        self.nglobals = 0

    def fail(self, reason: str, offset: Optional[int] = None):
        raise BytecodeError(reason, self.pos if offset is None else offset)

    def take(self, n: int) -> bytes:
        if n > len(self.data) - self.pos:
            self.fail(R_TRUNCATED)
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def u8(self) -> int:
        return self.take(1)[0]

    def u16(self) -> int:
        return struct.unpack("<H", self.take(2))[0]

    def u32(self) -> int:
        return struct.unpack("<I", self.take(4))[0]

    def i64(self) -> int:
        return struct.unpack("<q", self.take(8))[0]

    def string(self) -> bytes:
        at = self.pos
        n = self.u32()
        if n > MAX_STRING:
            self.fail(R_STRING.format(n), at)
        if n > len(self.data) - self.pos:
            self.fail(R_TRUNCATED, at)
        return self.take(n)

    def prog(self) -> tuple:
        """The PROG at the current position (the main program, depth 1).
        Iterative: each PROG being read is a generator on an explicit stack
        (see _read_prog), so any nesting up to MAX_DEPTH costs no Python
        frames."""
        return run_nested(self._read_prog(1))

    def _read_prog(self, depth: int):
        at = self.pos
        if depth > MAX_DEPTH:
            self.fail(R_DEPTH, at)
        n = self.u32()
        if n > MAX_PROGRAM_LENGTH:
            self.fail(R_PROG_LENGTH.format(n), at)
        if n > len(self.data) - self.pos:  # every instruction takes at least one byte
            self.fail(R_TRUNCATED_PROG.format(n), at)
        out = []
        for _ in range(n):
            at = self.pos
            code = self.u8()
            spec = BY_CODE.get(code)
            if spec is None:
                self.fail(R_OPCODE.format(code), at)
            if spec.simple:  # no sub-program operand: read it in place
                out.append(self._simple_operands(spec))
                continue
            args = []
            for kind in spec.operands:
                operand_at = self.pos
                if kind == PROG:
                    args.append((yield self._read_prog(depth + 1)))
                elif kind == PROGS:
                    n_arms = self.u32()
                    if n_arms == 0:
                        self.fail(R_ZERO_ARMS, operand_at)
                    if n_arms > (len(self.data) - self.pos) // 4:  # every PROG takes at least 4 bytes
                        self.fail(R_TRUNCATED, operand_at)
                    arms = []
                    for _ in range(n_arms):
                        arms.append((yield self._read_prog(depth + 1)))
                    args.append(tuple(arms))
                else:
                    args.append(self._operand(spec, kind, operand_at))
            out.append(Ins(spec.name, tuple(args)))
        return tuple(out)

    def _simple_operands(self, spec) -> Ins:
        """A simple instruction's operands (none is a sub-program)."""
        return Ins(spec.name, tuple(self._operand(spec, kind, self.pos) for kind in spec.operands))

    def _operand(self, spec, kind: str, operand_at: int):
        """One operand that is not a sub-program."""
        if kind == NAT:
            return self.nat(spec.name, operand_at)
        if kind == CONST:
            return self.const()
        if kind == INSTR:
            code = self.u8()
            inner = BY_CODE.get(code)
            if inner is None:
                self.fail(R_OPCODE.format(code), operand_at)
            if not inner.simple:
                self.fail(R_EMIT_COMPOSITE.format(inner.name), operand_at)
            return self._simple_operands(inner)
        if kind == PRIM:
            p = self.u8()
            if p not in PRIM_BY_CODE:
                self.fail(R_PRIM.format(p), operand_at)
            return PRIM_BY_CODE[p].name
        if kind == STR:
            return self.string()
        raise AssertionError(f"sub-program operand {kind} of {spec.name}")

    def nat(self, op: str, at: int) -> int:
        n = self.u32()
        reason = _nat_problem(op, n, self.nglobals)
        if reason:
            self.fail(reason, at)
        return n

    def const(self):
        at = self.pos
        kind = self.u8()
        if kind == CONST_UNIT:
            return ConstUnit()
        if kind == CONST_INT:
            n = self.i64()
            if not INT_MIN <= n <= INT_MAX:
                self.fail(R_INT_RANGE.format(n), at)
            return ConstInt(n)
        if kind == CONST_STR:
            return ConstStr(self.string())
        if kind == CONST_CON:
            tag = self.u32()
            if tag >= MAX_TAG:
                self.fail(R_TAG.format(tag), at)
            return ConstCon(tag)
        self.fail(R_CONST_KIND.format(kind), at)


def _nat_problem(op: str, n: int, nglobals: int) -> Optional[str]:
    """Why the nat operand n of `op` is invalid (None if it is fine)."""
    if op in POSITIVE_NAT_OPS and n == 0:
        return R_ZERO.format(op)
    if op in INDEX_NAT_OPS and n >= MAX_ACC:
        return R_ACC.format(op, n)
    if op == "pack" and n >= MAX_TAG:
        return R_TAG.format(n)
    if op in GLOBAL_OPS and n >= nglobals:
        return R_GLOBAL.format(op, n, nglobals)
    return None


def read(data: bytes) -> Program:
    """Read and verify a .ccam file; BytecodeError(reason, offset) if it is malformed."""
    r = _Reader(bytes(data))
    if r.data[:4] != MAGIC:
        r.fail(R_MAGIC, 0)
    r.pos = 4
    at = r.pos
    version = r.u16()
    if version != VERSION:
        r.fail(R_VERSION.format(version), at)
    at = r.pos
    flags = r.u16()
    if flags != 0:
        r.fail(R_FLAGS.format(flags), at)
    at = r.pos
    nglobals = r.u32()
    if nglobals < len(BUILTIN_EXNS):
        r.fail(R_NGLOBALS_SMALL.format(nglobals), at)
    if nglobals > MAX_GLOBALS:
        r.fail(R_NGLOBALS_LARGE.format(nglobals), at)
    r.nglobals = nglobals
    code = r.prog()
    at = r.pos
    nnames = r.u32()
    if nnames > nglobals:
        r.fail(R_NAMES.format(nnames, nglobals), at)
    names = tuple(r.string().decode("utf-8", "surrogateescape") for _ in range(nnames))
    if r.pos != len(r.data):
        r.fail(R_TRAILING.format(len(r.data) - r.pos), r.pos)
    return Program(code, nglobals, names)


# ------------------------------------------------------------- in-memory check


def check_program(program: Program, *, allow_lifted: bool = True) -> None:
    """The verifier's rules on a Program built in memory (e.g. by the
    compiler): BytecodeError (offset None) naming the first problem.
    With allow_lifted, a quote may hold a lifted machine value (as in
    generated code); a file cannot."""
    if not isinstance(program, Program):
        raise BytecodeError(f"not a Program: {type(program).__name__}")
    if not len(BUILTIN_EXNS) <= program.nglobals <= MAX_GLOBALS:
        raise BytecodeError(R_NGLOBALS_SMALL.format(program.nglobals) if program.nglobals < len(BUILTIN_EXNS)
                            else R_NGLOBALS_LARGE.format(program.nglobals))
    if len(program.global_names) > program.nglobals:
        raise BytecodeError(R_NAMES.format(len(program.global_names), program.nglobals))
    _check_code(program.code, program.nglobals, allow_lifted)


def _check_code(code, nglobals: int, allow_lifted: bool) -> None:
    """Check a program and its sub-programs in file order (the first
    problem a reader would meet is the one reported). Iterative: a stack of
    [program, depth, iterator] with the program being checked on top; its
    iterator is made when it is reached, after its own checks."""
    stack: list = [[code, 1, None]]
    while stack:
        top = stack[-1]
        if top[2] is None:  # a program reached: its own checks first
            prog, depth, _ = top
            if depth > MAX_DEPTH:
                raise BytecodeError(R_DEPTH)
            if not isinstance(prog, tuple):
                raise BytecodeError(f"a program must be a tuple of instructions, not {type(prog).__name__}")
            if len(prog) > MAX_PROGRAM_LENGTH:
                raise BytecodeError(R_PROG_LENGTH.format(len(prog)))
            top[2] = iter(prog)
        depth = top[1]
        for ins in top[2]:
            if type(ins) is Ins and not ins.args:
                continue  # an opcode without operands: _check_ins would find nothing
            inner = _check_ins(ins, depth, nglobals, allow_lifted, False)
            if inner:
                # sub-programs (checked next, in order, before the rest of
                # this one) or emit's instruction (simple, so it holds none)
                programs = [[item, d, None] for item, d, emitted in inner if emitted is None]
                for item, d, emitted in inner:
                    if emitted:
                        _check_ins(item, d, nglobals, allow_lifted, True)
                if programs:
                    stack.extend(reversed(programs))
                    break
        else:
            stack.pop()


def _check_ins(ins, depth: int, nglobals: int, allow_lifted: bool, emitted: bool) -> list:
    """Check one instruction's own operands; its sub-programs and emitted
    instruction are returned as work items, in operand order."""
    if not isinstance(ins, Ins):
        raise BytecodeError(f"not an instruction: {ins!r}")
    spec = ins.spec
    if emitted and not spec.simple:
        raise BytecodeError(R_EMIT_COMPOSITE.format(spec.name))
    inner: list = []
    for kind, a in zip(spec.operands, ins.args):
        if kind == NAT:
            if type(a) is not int or not 0 <= a < 1 << 32:
                raise BytecodeError(R_OPERAND.format(ins.op, a))
            reason = _nat_problem(ins.op, a, nglobals)
            if reason:
                raise BytecodeError(reason)
        elif kind == CONST:
            _check_const(ins, a, allow_lifted)
        elif kind == PROG:
            inner.append((a, depth + 1, None))
        elif kind == PROGS:
            if not isinstance(a, tuple) or not a:
                raise BytecodeError(R_ZERO_ARMS if a == () else R_OPERAND.format(ins.op, a))
            inner.extend((p, depth + 1, None) for p in a)
        elif kind == INSTR:
            inner.append((a, depth, True))
        elif kind == PRIM:
            if a not in PRIM_BY_NAME:
                raise BytecodeError(R_OPERAND.format(ins.op, a))
        elif kind == STR:
            if type(a) is not bytes or len(a) > MAX_STRING:
                raise BytecodeError(R_OPERAND.format(ins.op, a))
    return inner


def _check_const(ins: Ins, c, allow_lifted: bool) -> None:
    t = type(c)
    if t is ConstInt:
        if type(c.value) is not int or not INT_MIN <= c.value <= INT_MAX:
            raise BytecodeError(R_INT_RANGE.format(c.value))
    elif t is ConstStr:
        if type(c.value) is not bytes or len(c.value) > MAX_STRING:
            raise BytecodeError(R_OPERAND.format(ins.op, c))
    elif t is ConstCon:
        if type(c.tag) is not int or not 0 <= c.tag < MAX_TAG:
            raise BytecodeError(R_TAG.format(c.tag))
    elif t is not ConstUnit:
        if t not in VALUE_TYPES:
            raise BytecodeError(R_OPERAND.format(ins.op, c))
        if not allow_lifted:
            raise BytecodeError(R_LIFTED.format(describe_kind(c)))
