"""Bytecode: write/read round trips and the verifier's rejections."""

from __future__ import annotations

import re
import struct
import threading

import pytest
from hypothesis import given, settings

from ccam import bytecode
from ccam.bytecode import MAX_DEPTH, BytecodeError, read, write
from ccam.instructions import BY_NAME, MAX_CODE_NESTING, PRIM_BY_NAME, ConstInt, I, Ins, Program
from ccam.refmachine import Machine
from ccam.values import Pair
from tests.ccam_strategies import programs
from tests.machine_cases import CASES, NGLOBALS


def header(nglobals: int = NGLOBALS, version: int = 1, flags: int = 0) -> bytes:
    return b"CCAM" + struct.pack("<HHI", version, flags, nglobals)


def u32(n: int) -> bytes:
    return struct.pack("<I", n)


def op(name: str) -> bytes:
    return bytes([BY_NAME[name].code])


NO_NAMES = u32(0)


def file_of(*instructions: bytes, nglobals: int = NGLOBALS) -> bytes:
    """A file whose main program is the given encoded instructions."""
    return header(nglobals) + u32(len(instructions)) + b"".join(instructions) + NO_NAMES


def nested(depth: int) -> bytes:
    """cur(cur(...cur(id)...)) with `depth` programs in all (main included)."""
    return header() + (u32(1) + op("cur")) * (depth - 1) + u32(1) + op("id") + NO_NAMES


def nested_switches(depth: int) -> bytes:
    """switch(switch(...switch(id)...)), one arm each, `depth` programs in all."""
    return header() + (u32(1) + op("switch") + u32(1)) * (depth - 1) + u32(1) + op("id") + NO_NAMES


# ------------------------------------------------------------- round trips


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_round_trip_of_every_case(case):
    program = case.program()
    assert read(write(program)) == program


@settings(max_examples=200, deadline=None)
@given(programs())
def test_round_trip(program):
    data = write(program)
    assert read(data) == program
    assert write(read(data)) == data


def test_global_names_round_trip():
    program = Program((I.getglobal(10),), 12, ("Match",) * 10 + ("fact", "λx"))
    assert read(write(program)).global_names == program.global_names


def test_a_read_program_runs():
    program = Program((I.push, I.quote(ConstInt(3)), I.swap, I.quote(ConstInt(4)), I.cons, I.prim("add")), NGLOBALS)
    result = Machine(read(write(program))).run()
    assert result.value == 7 and result.reductions == 6


def test_lifted_values_cannot_be_written():
    program = Program((Ins("quote", (Pair(1, 2),)),), NGLOBALS)
    with pytest.raises(BytecodeError, match="lifted run-time value"):
        write(program)


def test_write_checks_the_program():
    with pytest.raises(BytecodeError, match="global index out of range"):
        write(Program((I.getglobal(NGLOBALS),), NGLOBALS))
    with pytest.raises(BytecodeError, match="emit of composite instruction cur"):
        write(Program((I.emit(I.cur([])),), NGLOBALS))


# ------------------------------------------------------------- the verifier

QUOTE_INT = op("quote") + bytes([bytecode.CONST_INT])

MALFORMED = [
    ("bad magic", b"CCAX" + header()[4:] + u32(0) + NO_NAMES, "bad magic", 0),
    ("empty file", b"", "bad magic", 0),
    ("version 2", header(version=2) + u32(0) + NO_NAMES, "format version 2, this mlbox reads version 1", 4),
    ("flags", header(flags=1) + u32(0) + NO_NAMES, "unsupported flags 1", 6),
    ("truncated header", header()[:10], "truncated", 8),
    ("too few globals", header(nglobals=3) + u32(0) + NO_NAMES, "nglobals 3 < 10", 8),
    ("too many globals", header(nglobals=(1 << 24) + 1) + u32(0) + NO_NAMES, "nglobals 16777217 >", 8),
    ("truncated program", header() + u32(5) + op("id"), "truncated program (expected 5 instructions)", 12),
    ("program too long", header() + u32((1 << 24) + 1), "program of 16777217 instructions", 12),
    ("unknown opcode", file_of(bytes([200])), "unknown opcode 200", 16),
    ("unknown primitive", file_of(op("prim") + bytes([250])), "unknown primitive code 250", 17),
    ("unknown constant kind", file_of(op("quote") + bytes([9])), "unknown constant kind 9", 17),
    ("int too large", file_of(QUOTE_INT + struct.pack("<q", 1 << 62)), "outside the 63-bit range", 17),
    ("int too small", file_of(QUOTE_INT + struct.pack("<q", -(1 << 62) - 1)), "outside the 63-bit range", 17),
    ("truncated int", file_of(QUOTE_INT + b"\x01\x02")[:-4], "truncated", 18),
    ("nesting too deep", nested(MAX_DEPTH + 1), f"nested deeper than {MAX_DEPTH}", None),
    ("getglobal out of range", file_of(op("getglobal") + u32(NGLOBALS)), "getglobal 14: global index out of range", 17),
    ("setglobal out of range", file_of(op("setglobal") + u32(99)), "setglobal 99: global index out of range", 17),
    ("rec 0", file_of(op("rec") + u32(0)), "rec with n = 0", 17),
    ("mergeswitch 0", file_of(op("mergeswitch") + u32(0)), "mergeswitch with n = 0", 17),
    ("switch without arms", file_of(op("switch") + u32(0)), "switch with no arms", 17),
    ("switch arms beyond the file", file_of(op("switch") + u32(1000)), "truncated", 17),
    ("acc too large", file_of(op("acc") + u32(1 << 20)), "acc 1048576: index too large", 17),
    ("update too large", file_of(op("update") + u32(1 << 20)), "update 1048576: index too large", 17),
    ("pack tag too large", file_of(op("pack") + u32(1 << 24)), "tag 16777216 too large", 17),
    ("constant tag too large", file_of(op("quote") + bytes([bytecode.CONST_CON]) + u32(1 << 24)),
     "tag 16777216 too large", 17),
    ("string too long", file_of(op("newexn") + u32((1 << 30) + 1)), "string of 1073741825 bytes", 17),
    ("string beyond the file", file_of(op("newexn") + u32(10) + b"abc"), "truncated", 17),
    ("emit of emit", file_of(op("emit") + op("emit") + op("id")), "emit of composite instruction emit", 17),
    ("emit of cur", file_of(op("emit") + op("cur") + u32(0)), "emit of composite instruction cur", 17),
    ("emit of branch", file_of(op("emit") + op("branch") + u32(0) + u32(0)), "emit of composite instruction branch",
     17),
    ("trailing bytes", file_of(op("id")) + b"xy", "2 trailing bytes", 21),
    ("too many names", header() + u32(0) + u32(NGLOBALS + 1), "15 global names for 14 globals", 16),
    ("truncated names", header() + u32(0) + u32(2) + u32(1) + b"a", "truncated", 25),
]


@pytest.mark.parametrize("data, reason, offset", [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_verifier_rejects(data, reason, offset):
    with pytest.raises(BytecodeError) as info:
        read(data)
    assert reason in info.value.reason
    if offset is not None:
        assert info.value.offset == offset
        assert str(info.value).startswith(f"offset {offset}: ")


def in_small_thread(fn):
    """fn() on a thread with a 256 KiB C stack and the default recursion
    limit, as an embedding application's worker thread may be: its result,
    or the exception it raised."""
    box = {}

    def body():
        try:
            box["result"] = fn()
        except BaseException as err:  # noqa: BLE001 - handed back to the test
            box["error"] = err

    old = threading.stack_size(256 * 1024)
    try:
        thread = threading.Thread(target=body)
        thread.start()
    finally:
        threading.stack_size(old)
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["result"]


def depth_of(code) -> int:
    depth, level = 1, code
    while level and level[0].op == "cur":
        level = level[0].args[0]
        depth += 1
    return depth


def test_the_limit_is_the_instruction_tables():
    assert MAX_DEPTH == MAX_CODE_NESTING >= 10_000


def test_nesting_at_the_limit_reads_writes_and_checks_on_a_small_stack():
    data = nested(MAX_DEPTH)
    program = in_small_thread(lambda: read(data))
    assert depth_of(program.code) == MAX_DEPTH
    assert in_small_thread(lambda: write(program)) == data
    in_small_thread(lambda: bytecode.check_program(program))


def test_nesting_beyond_the_limit_is_rejected_on_a_small_stack():
    with pytest.raises(BytecodeError, match=f"nested deeper than {MAX_DEPTH}"):
        in_small_thread(lambda: read(nested(MAX_DEPTH + 1)))
    too_deep = (I.id,)
    for _ in range(MAX_DEPTH):
        too_deep = (I.cur(too_deep),)
    with pytest.raises(BytecodeError, match=f"nested deeper than {MAX_DEPTH}"):
        in_small_thread(lambda: write(Program(too_deep, NGLOBALS)))


def test_switch_arms_count_towards_the_nesting_limit():
    # a switch's arms are read by their own path (a list of programs), not cur's
    with pytest.raises(BytecodeError, match=f"nested deeper than {MAX_DEPTH}"):
        in_small_thread(lambda: read(nested_switches(MAX_DEPTH + 1)))


def test_a_deep_program_error_names_the_first_problem():
    # the verifier walks in file order: the bad operand before the deep one
    deep = (I.id,)
    for _ in range(MAX_DEPTH):
        deep = (I.cur(deep),)
    bad = Program((I.getglobal(NGLOBALS), *deep), NGLOBALS)
    with pytest.raises(BytecodeError, match="global index out of range"):
        in_small_thread(lambda: bytecode.check_program(bad))


def test_every_prim_code_reads():
    for name, spec in PRIM_BY_NAME.items():
        assert read(file_of(op("prim") + bytes([spec.code]))).code == (I.prim(name),)


def test_every_truncation_of_a_valid_file_is_rejected():
    program = CASES[0].program()
    rich = Program(tuple(ins for case in CASES for ins in case.code), NGLOBALS, ("a", "bc"))
    for program in (program, rich):
        data = write(program)
        for cut in range(len(data)):
            with pytest.raises(BytecodeError):
                read(data[:cut])


def test_check_program_rejects_a_quote_of_a_non_value():
    with pytest.raises(BytecodeError, match="quote: bad operand 1.5"):
        Machine(Program((Ins("quote", (1.5,)),), NGLOBALS))


# ------------------------------------------------------------- the C loader
#
# ccam_c/load.c makes the Python reader's decisions on its own (the fuzzer,
# tests/test_fuzz.py, rarely lands exactly on a bound): every malformed file
# above is refused with the same offset, and each bound that is cheap to
# write is accepted at the limit and refused one past it, by both readers.

MAX_PRIM_CODE = max(spec.code for spec in PRIM_BY_NAME.values())
MAX_OP_CODE = max(spec.code for spec in BY_NAME.values())
INT_MAX, INT_MIN = (1 << 62) - 1, -(1 << 62)


def c_load(data: bytes):
    from ccam import cmachine

    return cmachine.Machine(data)


def assert_c_offset(c_error: BytecodeError, py_error: BytecodeError) -> None:
    """The C loader's offset is the Python reader's (a truncated string's is
    its length word's in both), and a truncated file is refused as truncated
    by both."""
    c_truncated = re.match(r"offset \d+: truncated ", str(c_error)) is not None
    assert c_truncated == py_error.reason.startswith("truncated"), (str(c_error), py_error.reason)
    assert str(c_error).startswith(f"offset {py_error.offset}: ")


@pytest.mark.parametrize("data, reason, offset", [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_the_c_loader_refuses_at_the_same_offset(data, reason, offset):
    with pytest.raises(BytecodeError) as py:
        read(data)
    with pytest.raises(BytecodeError) as c:
        c_load(data)
    if offset is not None:
        assert_c_offset(c.value, py.value)


def named(*names: bytes, nglobals: int = NGLOBALS) -> bytes:
    """A file with an empty main program and the given global names."""
    return header(nglobals) + u32(0) + u32(len(names)) + b"".join(u32(len(n)) + n for n in names)


LIMITS = [
    # (bound, accepted at the limit, refused one past it)
    ("acc index", file_of(op("acc") + u32(bytecode.MAX_ACC - 1)), file_of(op("acc") + u32(bytecode.MAX_ACC))),
    ("pack tag", file_of(op("pack") + u32(bytecode.MAX_TAG - 1)), file_of(op("pack") + u32(bytecode.MAX_TAG))),
    ("constant tag", file_of(op("quote") + bytes([bytecode.CONST_CON]) + u32(bytecode.MAX_TAG - 1)),
     file_of(op("quote") + bytes([bytecode.CONST_CON]) + u32(bytecode.MAX_TAG))),
    ("largest int", file_of(QUOTE_INT + struct.pack("<q", INT_MAX)), file_of(QUOTE_INT + struct.pack("<q", INT_MAX + 1))),
    ("smallest int", file_of(QUOTE_INT + struct.pack("<q", INT_MIN)), file_of(QUOTE_INT + struct.pack("<q", INT_MIN - 1))),
    ("global index", file_of(op("getglobal") + u32(NGLOBALS - 1)), file_of(op("getglobal") + u32(NGLOBALS))),
    ("primitive code", file_of(op("prim") + bytes([MAX_PRIM_CODE])), file_of(op("prim") + bytes([MAX_PRIM_CODE + 1]))),
    ("emitted opcode", file_of(op("emit") + op("id")), file_of(op("emit") + bytes([MAX_OP_CODE + 1]))),
    ("nglobals", named(nglobals=10), named(nglobals=9)),
    ("global names", named(*[b"g"] * NGLOBALS), named(*[b"g"] * (NGLOBALS + 1))),
    # the string's length: all of the rest of the file, or one byte more
    ("string length", named(b"ab"), named(b"ab")[:-1]),
    # the program's count: at most one instruction per byte left
    ("program length", header() + u32(4) + op("id") * 4 + NO_NAMES,
     header() + u32(4 + 5) + op("id") * 4 + NO_NAMES),
    # a switch's arm count: at most one arm per 4 bytes left
    ("switch arms", file_of(op("switch") + u32(2) + u32(0) + u32(0)), file_of(op("switch") + u32(4) + u32(0) + u32(0))),
]


@pytest.mark.parametrize("fine, bad", [m[1:] for m in LIMITS], ids=[m[0] for m in LIMITS])
def test_both_readers_draw_each_bound_at_the_same_place(fine, bad):
    read(fine)
    c_load(fine)
    with pytest.raises(BytecodeError) as py:
        read(bad)
    with pytest.raises(BytecodeError) as c:
        c_load(bad)
    assert_c_offset(c.value, py.value)
