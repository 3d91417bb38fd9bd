"""The CCAM instruction set: the single table that everything uses.

The assembler/`Ins` constructors, the disassembler, the bytecode reader and
writer, the Python reference machine, and (through a generated header) the
C machine all read this table. docs/ccam.md is written from it.

Machine state (paper §5, Figure 3): a value stack S whose top is the current
environment/accumulator, and a program P (a sequence of instructions). The
transitions below are written (stack, program) ⟹ (stack, program) with the
stack top first: `(e, f) :: S` is a stack whose top is the pair (e, f).
`P'; P` is sequencing: running a sub-program P' and then the rest P.

Values (abstract; each machine picks a representation):
  ()            unit
  n             63-bit two's complement integer (also chars and words:
                a word is the same 63-bit pattern read as unsigned)
  s             immutable byte string
  C_k           nullary constructor with tag k (false = C_0, true = C_1,
                nil = C_0, NONE = C_0)
  C_k(v)        constructor with tag k and argument v (x :: l = C_1((x, l)),
                SOME v = C_1(v)); tuples are right-nested pairs:
                (a, b, c) = (a, (b, c))
  (e, f)        pair (mutable only through `update`, see there)
  [e : P]       closure
  {P}           code block: a growable instruction sequence; `call` and the
                merge instructions seal it, after which emitting into it is
                the error SEALED (this keeps a running block immutable)
  ref v, array  mutable cells (identity equality)
  #[v0, ..]     vector: an immutable sequence of values, compared element
                by element (SML's 'a vector)
  X             exception name (generative: `newexn` makes a fresh one)
  X(v)/X        exception value: an exception name with or without argument
  ⊥             the placeholder in a recursive environment before `update`

Reductions: every transition counts one reduction, except that a fused
instruction counts the paper steps it replaces (`acc n` = fst^n; snd counts
n + 1). Reaching the end of a sub-program (returning to its continuation)
is not a transition and counts nothing, as in the paper where P'; P is
plain concatenation.
"""

from __future__ import annotations

import enum
from typing import Iterable, Optional, Union

import attrs

# Operand kinds, in the order they follow the opcode.
NAT = "nat"  # non-negative integer (index, tag, count)
CONST = "const"  # a constant: see Const below
PROG = "prog"  # one sub-program
PROGS = "progs"  # a counted list of sub-programs (switch arms)
INSTR = "instr"  # one simple instruction (the argument of emit)
PRIM = "prim"  # a primitive operation, see PRIMS
STR = "str"  # a byte string (exception name)


@attrs.frozen
class OpSpec:
    name: str
    code: int
    operands: tuple[str, ...]
    simple: bool  # may appear inside emit (§5.3.1): not composite
    paper: bool  # one of the instructions of the paper's Figure 3
    transition: str  # (stack, program) ⟹ (stack, program)
    doc: str
    notation: str = ""  # the paper's notation, where it has one

    @property
    def composite(self) -> bool:
        return not self.simple


def _op(name, code, operands, simple, paper, transition, doc, notation=""):
    return OpSpec(name, code, tuple(operands), simple, paper, transition, doc, notation)


OPS: tuple[OpSpec, ...] = (
    # ---- the CAM (paper, Figure 3, upper part)
    _op("id", 0, [], True, True, "S, id; P ⟹ S, P", "do nothing"),
    _op("fst", 1, [], True, True, "(e, f) :: S, fst; P ⟹ e :: S, P", "first projection"),
    _op("snd", 2, [], True, True, "(e, f) :: S, snd; P ⟹ f :: S, P", "second projection"),
    _op("push", 3, [], True, True, "e :: S, push; P ⟹ e :: e :: S, P", "duplicate the top", "⟨"),
    _op("swap", 4, [], True, True, "e :: f :: S, swap; P ⟹ f :: e :: S, P", "exchange the two top values", ","),
    _op("cons", 5, [], True, True, "e :: f :: S, cons; P ⟹ (f, e) :: S, P", "pair the two top values", "⟩"),
    _op("app", 6, [], True, True, "([e : P'], f) :: S, app; P ⟹ (e, f) :: S, P'; P",
        "apply a closure to an argument; when P is empty the continuation is not kept (tail call)"),
    _op("quote", 7, [CONST], True, True, "e :: S, 'c; P ⟹ c :: S, P", "replace the top by a constant", "'"),
    _op("cur", 8, [PROG], False, True, "e :: S, Cur(P'); P ⟹ [e : P'] :: S, P", "make a closure", "Cur"),
    # ---- run-time code generation (paper, Figure 3, lower part)
    _op("arena", 9, [], True, True, "e :: S, arena; P ⟹ {·} :: S, P", "a new empty code block"),
    _op("emit", 10, [INSTR], False, True, "(e, {P'}) :: S, emit(i); P ⟹ (e, {P'; i}) :: S, P",
        "append simple instruction i to the block (error SEALED if the block is sealed)", "emit"),
    _op("lift", 11, [], True, True, "(e, {P'}) :: S, lift; P ⟹ (e, {P'; 'e}) :: S, P",
        "append a quotation of the value e to the block"),
    _op("merge", 12, [], True, True, "({P'}, (e, {P''})) :: S, merge; P ⟹ (e, {P''; Cur(P')}) :: S, P",
        "append Cur(P') built from a generated block (which is sealed)"),
    _op("call", 13, [], True, True, "(e, {P'}) :: S, call; P ⟹ e :: S, P'; P",
        "seal the block and run its code"),
    # ---- extensions: environment access and stack discipline
    _op("acc", 20, [NAT], True, False, "(...((e, vn), ...), v0) :: S, acc(n); P ⟹ vn :: S, P",
        "fused fst^n; snd: fetch the n-th variable of the environment; counts n + 1 reductions"),
    _op("drop", 21, [], True, False, "v :: e :: S, drop; P ⟹ e :: S, P",
        "discard the top value and restore the saved environment (sequencing: push; P1; drop; P2)"),
    # ---- conditionals and data
    _op("branch", 22, [PROG, PROG], False, False,
        "C_1 :: e :: S, branch(P1, P2); P ⟹ e :: S, P1; P   and   C_0 :: e :: S, branch(P1, P2); P ⟹ e :: S, P2; P",
        "two-way conditional on a boolean (error TYPE on anything else)"),
    _op("switch", 23, [PROGS], False, False,
        "v :: e :: S, switch(P0, ..., Pn-1); P ⟹ e :: S, Pk; P   where v = C_k or C_k(w), k < n",
        "case analysis on a constructor's tag (error SWITCH if k ≥ n, TYPE if v is no constructor)"),
    _op("pack", 24, [NAT], True, False, "v :: S, pack(k); P ⟹ C_k(v) :: S, P",
        "build a constructor value with an argument"),
    _op("arg", 25, [], True, False, "C_k(v) :: S, arg; P ⟹ v :: S, P   and   X(v) :: S, arg; P ⟹ v :: S, P",
        "the argument of a constructor or exception value"),
    # ---- recursion: closures that see themselves through a patched environment
    _op("rec", 26, [NAT], True, False, "e :: S, rec(n); P ⟹ ((...(e, ⊥), ...), ⊥) :: S, P",
        "extend the environment with n placeholders (n ≥ 1) for mutually recursive functions"),
    _op("update", 27, [NAT], True, False,
        "c :: E :: S, update(k); P ⟹ E :: S, P   where slot k of E (acc(k)) becomes c",
        "fill placeholder k of a recursive environment (E is changed in place, so closures that captured E see c); "
        "error TYPE unless slot k holds ⊥"),
    # ---- primitives of the basis
    _op("prim", 28, [PRIM], True, False, "v :: S, prim(p); P ⟹ p(v) :: S, P",
        "a primitive operation (see PRIMS); may raise a built-in exception"),
    # ---- exceptions
    _op("raise", 29, [], True, False, "X(v) :: S, raise; P ⟹ unwind to the innermost handler",
        "raise an exception value; without a handler the machine stops with status UNCAUGHT"),
    _op("try", 30, [PROG, PROG], False, False,
        "e :: S, try(P1, P2); P ⟹ e :: S, P1; P  (handler installed); if P1 raises x: (e, x) :: S, P2; P",
        "run P1 with a handler; on an exception the stack is cut back to S and P2 runs on (e, x)"),
    _op("newexn", 31, [STR], True, False, "e :: S, newexn(s); P ⟹ X :: S, P   (X a fresh exception name called s)",
        "create a generative exception name"),
    _op("mkexn", 32, [], True, False, "X :: S, mkexn; P ⟹ X() :: S, P",
        "make an exception value without argument from an exception name"),
    _op("mkexnarg", 39, [], True, False, "(X, v) :: S, mkexnarg; P ⟹ X(v) :: S, P",
        "make an exception value with argument v from an exception name"),
    _op("exnis", 33, [], True, False, "(x, Y) :: S, exnis; P ⟹ b :: S, P   where b = C_1 iff x's name is Y",
        "test an exception value's name (for handlers and patterns)"),
    # ---- globals: top-level declarations and the basis, usable at every stage
    _op("getglobal", 34, [NAT], True, False, "e :: S, getglobal(n); P ⟹ g[n] :: S, P",
        "read global n (error GLOBAL if it has not been set)"),
    _op("setglobal", 35, [NAT], True, False, "v :: S, setglobal(n); P ⟹ v :: S, P   (g[n] := v)",
        "define global n"),
    # ---- merge-style builders of composite instructions in generated code
    _op("mergebranch", 36, [], True, False,
        "({P2}, ({P1}, (e, {P}))) :: S, mergebranch; P' ⟹ (e, {P; branch(P1, P2)}) :: S, P'",
        "append branch(P1, P2) built from two generated blocks (both sealed)"),
    _op("mergeswitch", 37, [NAT], True, False,
        "({Pn-1}, (...({P0}, (e, {P}))...)) :: S, mergeswitch(n); P' ⟹ (e, {P; switch(P0, ..., Pn-1)}) :: S, P'",
        "append switch(P0..Pn-1) built from n generated blocks (all sealed)"),
    _op("mergetry", 38, [], True, False,
        "({P2}, ({P1}, (e, {P}))) :: S, mergetry; P' ⟹ (e, {P; try(P1, P2)}) :: S, P'",
        "append try(P1, P2) built from two generated blocks (both sealed)"),
)

BY_NAME: dict[str, OpSpec] = {op.name: op for op in OPS}
BY_CODE: dict[int, OpSpec] = {op.code: op for op in OPS}
assert len(BY_NAME) == len(OPS) and len(BY_CODE) == len(OPS)


@attrs.frozen
class PrimSpec:
    name: str
    code: int
    arg: str  # shape of the argument on the stack
    result: str
    doc: str
    raises: tuple[str, ...] = ()


def _p(name, code, arg, result, doc, raises=()):
    return PrimSpec(name, code, arg, result, doc, tuple(raises))


# Integers are 63-bit two's complement; words are the same 63 bits read as
# unsigned. Booleans are C_0/C_1, options NONE = C_0 / SOME v = C_1(v), lists
# nil = C_0 / x :: l = C_1((x, l)). Chars are ints 0..255. Strings are bytes.
PRIMS: tuple[PrimSpec, ...] = (
    _p("add", 0, "(int, int)", "int", "a + b", ["Overflow"]),
    _p("sub", 1, "(int, int)", "int", "a - b", ["Overflow"]),
    _p("mul", 2, "(int, int)", "int", "a * b", ["Overflow"]),
    _p("div", 3, "(int, int)", "int", "floor division (SML div)", ["Div", "Overflow"]),
    _p("mod", 4, "(int, int)", "int", "modulus with the sign of b (SML mod)", ["Div"]),
    _p("neg", 5, "int", "int", "~a", ["Overflow"]),
    _p("abs", 6, "int", "int", "abs a", ["Overflow"]),
    _p("lt", 7, "(int, int)", "bool", "a < b (also chars)"),
    _p("le", 8, "(int, int)", "bool", "a <= b"),
    _p("gt", 9, "(int, int)", "bool", "a > b"),
    _p("ge", 10, "(int, int)", "bool", "a >= b"),
    _p("eq", 11, "(v, v)", "bool", "structural equality: ints, strings, constructors, pairs, unit, vectors (length, then "
       "element by element); refs, arrays and exception names by identity; a value opposite itself is equal at once; "
       "error TYPE on closures and code blocks met before a difference, and on a comparison of cycles"),
    _p("ne", 12, "(v, v)", "bool", "not (a = b)"),
    _p("wadd", 13, "(word, word)", "word", "a + b mod 2^63"),
    _p("wsub", 14, "(word, word)", "word", "a - b mod 2^63"),
    _p("wmul", 15, "(word, word)", "word", "a * b mod 2^63"),
    _p("wdiv", 16, "(word, word)", "word", "unsigned a div b", ["Div"]),
    _p("wmod", 17, "(word, word)", "word", "unsigned a mod b", ["Div"]),
    _p("wandb", 18, "(word, word)", "word", "bitwise and"),
    _p("worb", 19, "(word, word)", "word", "bitwise or"),
    _p("wxorb", 20, "(word, word)", "word", "bitwise exclusive or"),
    _p("wnotb", 21, "word", "word", "bitwise complement (63 bits)"),
    _p("wshl", 22, "(word, word)", "word", "a << b mod 2^63 (0 when b ≥ 63)"),
    _p("wshr", 23, "(word, word)", "word", "logical a >> b (0 when b ≥ 63)"),
    _p("washr", 24, "(word, word)", "word", "arithmetic a ~>> b on 63 bits (b ≥ 63 acts as 62)"),
    _p("wlt", 25, "(word, word)", "bool", "unsigned a < b"),
    _p("wle", 26, "(word, word)", "bool", "unsigned a <= b"),
    _p("wgt", 27, "(word, word)", "bool", "unsigned a > b"),
    _p("wge", 28, "(word, word)", "bool", "unsigned a >= b"),
    _p("wfromint", 29, "int", "word", "Word.fromInt: the low 63 bits"),
    _p("wtoint", 30, "word", "int", "Word.toInt", ["Overflow"]),
    _p("wtointx", 31, "word", "int", "Word.toIntX: the same bits as a signed int"),
    _p("wtostring", 32, "word", "string", "Word.toString: upper-case hexadecimal, no prefix"),
    _p("concat", 33, "(string, string)", "string", "a ^ b", ["Size"]),
    _p("size", 34, "string", "int", "length in bytes"),
    _p("ssub", 35, "(string, int)", "char", "String.sub", ["Subscript"]),
    _p("substring", 36, "(string, (int, int))", "string", "String.substring (s, i, n)", ["Subscript"]),
    _p("sconcat", 37, "string list", "string", "String.concat", ["Size"]),
    _p("implode", 38, "char list", "string", "implode", ["Size"]),
    _p("explode", 39, "string", "char list", "explode"),
    _p("slt", 40, "(string, string)", "bool", "lexicographic a < b"),
    _p("sle", 41, "(string, string)", "bool", "a <= b"),
    _p("sgt", 42, "(string, string)", "bool", "a > b"),
    _p("sge", 43, "(string, string)", "bool", "a >= b"),
    _p("chr", 44, "int", "char", "Char.chr", ["Chr"]),
    _p("itos", 45, "int", "string", "Int.toString (~ for minus)"),
    _p("stoi", 46, "string", "int option", "Int.fromString: optional leading white space, optional sign (~, - or +), "
       "decimal digits; NONE when no digits", ["Overflow"]),
    _p("print", 47, "string", "unit", "write to the output"),
    _p("ref", 48, "v", "ref", "a new reference cell"),
    _p("deref", 49, "ref", "v", "contents of a cell"),
    _p("assign", 50, "(ref, v)", "unit", "set a cell"),
    _p("array", 51, "(int, v)", "array", "Array.array (n, v)", ["Size"]),
    _p("asub", 52, "(array, int)", "v", "Array.sub", ["Subscript"]),
    _p("aupdate", 53, "(array, (int, v))", "unit", "Array.update", ["Subscript"]),
    _p("alength", 54, "array", "int", "Array.length"),
    _p("afromlist", 55, "v list", "array", "Array.fromList", ["Size"]),
    _p("exnname", 56, "exn value", "string", "the name of an exception value's exception (for messages)"),
    _p("vfromlist", 57, "v list", "vector", "Vector.fromList", ["Size"]),
    _p("vsub", 58, "(vector, int)", "v", "Vector.sub", ["Subscript"]),
    _p("vlength", 59, "vector", "int", "Vector.length"),
    _p("vfromarray", 60, "array", "vector", "Array.vector: a vector of the array's current items"),
    _p("output", 61, "(int, string)", "unit", "TextIO.output: stream 1 (TextIO.stdOut) is print's output, 2 "
       "(TextIO.stdErr) the process's standard error; error TYPE on any other stream"),
)

PRIM_BY_NAME: dict[str, PrimSpec] = {p.name: p for p in PRIMS}
PRIM_BY_CODE: dict[int, PrimSpec] = {p.code: p for p in PRIMS}
assert len(PRIM_BY_NAME) == len(PRIMS) and len(PRIM_BY_CODE) == len(PRIMS)

# Globals 0 .. len(BUILTIN_EXNS)-1 hold the built-in exception names, made by
# the machine before the program starts, in this order. Primitives raise
# these; `Fail` carries a string.
BUILTIN_EXNS: tuple[str, ...] = (
    "Match", "Bind", "Div", "Overflow", "Subscript", "Size", "Chr", "Empty", "Option", "Fail",
)

# Size limits of the primitives (SML's String.maxSize, Array.maxLen and
# Vector.maxLen): concat/sconcat/implode raise Size beyond MAX_STRING_SIZE
# bytes, array/afromlist/vfromlist raise Size beyond MAX_ARRAY_LENGTH
# elements (and array on a negative length). MAX_STRING_SIZE is also the verifier's string limit.
MAX_STRING_SIZE = 1 << 30
MAX_ARRAY_LENGTH = 1 << 24
# Default limits of a run (both machines; each can be changed per machine).
# The stacks grow on demand, so a generous depth costs nothing until used.
DEFAULT_MAX_STACK = 16_000_000  # value stack entries + control frames
DEFAULT_MAX_HEAP = 1 << 30  # live heap (C machine only) and kept output bytes
# How deeply sub-programs may nest in a .ccam file (the main program is at
# depth 1, a sub-program operand of an instruction at depth d at d + 1).
# Every walker over code (both readers, the writer, the verifier, the
# disassembler, the C machine's conversions) is iterative, so this bounds
# heap, not stack; it is the Python reader's and the C loader's limit both
# (ccam_c/ccam_opcodes.h CCAM_MAX_NESTING is generated from it).
MAX_CODE_NESTING = 100_000

# Data constructor tags fixed by the machine (primitives produce them).
TAG_FALSE, TAG_TRUE = 0, 1
TAG_NIL, TAG_CONS = 0, 1
TAG_NONE, TAG_SOME = 0, 1


class Status(enum.IntEnum):
    """How a run ends. Both machines end every run with one of these."""

    OK = 0
    UNCAUGHT = 1  # an exception reached the top; the value is the exception
    TYPE = 2  # an instruction found a value of the wrong kind (hand-made bytecode)
    SWITCH = 3  # switch on a tag with no arm
    SEALED = 4  # emit/lift/merge into a sealed block
    GLOBAL = 5  # read of an unset or out-of-range global
    STACK_LIMIT = 6  # value or control stack beyond its limit
    HEAP_LIMIT = 7  # live heap beyond its limit
    REDUCTION_LIMIT = 8  # more reductions than allowed
    UNDERFLOW = 9  # an instruction needed more stack than there is
    INTERRUPTED = 10  # stopped from outside (Ctrl-C, interrupt())
    OUTPUT = 11  # print or output could not write to its stream (closed pipe, full disk); see output_errno


# ------------------------------------------------------------- programs


@attrs.frozen
class ConstUnit:
    pass


@attrs.frozen
class ConstInt:
    value: int  # -2^62 <= value < 2^62


@attrs.frozen
class ConstStr:
    value: bytes


@attrs.frozen
class ConstCon:
    tag: int  # a nullary constructor C_tag


Const = Union[ConstUnit, ConstInt, ConstStr, ConstCon]
UNIT = ConstUnit()
FALSE = ConstCon(TAG_FALSE)
TRUE = ConstCon(TAG_TRUE)

INT_MIN = -(1 << 62)
INT_MAX = (1 << 62) - 1


@attrs.frozen
class Ins:
    """One instruction: an opcode name and its operands, in the order of the
    table (sub-programs are tuples of Ins; emit's operand is an Ins)."""

    op: str
    args: tuple = ()

    def __attrs_post_init__(self):
        spec = BY_NAME.get(self.op)
        if spec is None:
            raise ValueError(f"unknown instruction {self.op!r}")
        if len(self.args) != len(spec.operands):
            raise ValueError(f"{self.op} takes {len(spec.operands)} operand(s), got {len(self.args)}")

    @property
    def spec(self) -> OpSpec:
        return BY_NAME[self.op]


Prog = tuple  # tuple[Ins, ...]

# For each opcode, the (position, kind) of its operands that hold code
# (PROG, PROGS, INSTR): walks of a program look them up rather than going
# through every operand of every instruction, most of which hold none.
NESTED: dict[str, tuple[tuple[int, str], ...]] = {
    op.name: tuple((i, kind) for i, kind in enumerate(op.operands) if kind in (PROG, PROGS, INSTR))
    for op in OPS}


def reductions(ins: Ins) -> int:
    """Reductions one execution of `ins` counts (docs/ccam.md, Counting reductions)."""
    return ins.args[0] + 1 if ins.op == "acc" else 1


class _Builder:
    """`I.fst`, `I.acc(2)`, `I.cur([...])`, `I.emit(I.app)`, `I.prim("add")`:
    terse construction of instructions, checked against the table."""

    def __getattr__(self, name: str):
        spec = BY_NAME.get(name)
        if spec is None:
            raise AttributeError(name)
        if not spec.operands:
            return Ins(name)  # (a fresh one each time, as any Ins(...) is)
        make = _makers.get(name)
        if make is None:
            # made once per opcode, not at each use: the compiler builds
            # every instruction through here. An opcode none of whose
            # operands is normalised (a sub-program, progs, a string) takes
            # its arguments as they are.
            if any(kind in (PROG, PROGS, STR) for kind in spec.operands):
                def make(*args):
                    return Ins(name, tuple(_norm(k, a) for k, a in zip(spec.operands, args))
                               + args[len(spec.operands):])
            else:
                def make(*args):
                    return Ins(name, args)
            _makers[name] = make
        return make


_makers: dict = {}  # _Builder's constructor for each opcode with operands


def _norm(kind: str, a):
    if kind == PROG:
        return tuple(a)
    if kind == PROGS:
        return tuple(tuple(p) for p in a)
    if kind == STR and isinstance(a, str):
        return a.encode("latin-1")
    return a


I = _Builder()


def walk(prog: Iterable[Ins]) -> Iterable[Ins]:
    """Every instruction of a program, sub-programs included (pre-order).
    Iterative, with a stack of iterators: nested `yield from`s would cost
    each instruction one step per level of nesting (and a Python frame per
    level), which made deeply nested `code` quadratic to measure."""
    nested = NESTED
    stack = [iter(prog)]
    while stack:
        for ins in stack[-1]:
            yield ins
            parts = nested[ins.op]
            if parts:  # most instructions hold no code: nothing to push
                inner = []
                for i, kind in parts:
                    a = ins.args[i]
                    if kind == PROG:
                        inner.append(a)
                    elif kind == PROGS:
                        inner.extend(a)
                    else:  # INSTR
                        inner.append((a,))
                # pushed last first, so that the first operand is walked
                # first; the current program resumes after them
                stack.extend(iter(p) for p in reversed(inner))
                break
        else:
            stack.pop()


@attrs.frozen
class Program:
    """A whole compiled program: top-level code run on the empty environment
    `()`, and the number of globals it uses (built-in exceptions included)."""

    code: tuple  # tuple[Ins, ...]
    nglobals: int
    global_names: tuple[str, ...] = ()  # for diagnostics and the disassembler; may be empty


def check_emit_operand(i: Ins) -> Optional[str]:
    """Why `i` may not be the argument of emit (None if it may)."""
    if not i.spec.simple:
        return f"emit of composite instruction {i.op}"
    return None
