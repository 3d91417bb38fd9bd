"""A stateful test of the C machine's garbage collector, driven by programs.

One C machine and, in lockstep, the reference machine run the same small
programs (run_more) that allocate pairs, constructors, refs, arrays,
strings, closures, exception values and generated code into a few global
slots, link slots through refs and arrays, build cycles through `update`
and refs, generate code into blocks (arena, emit, lift, merge, call) and
keep or drop the blocks and the closures over them, drop slots, churn
through enough garbage to trigger collections in the middle of a run, and
collect from outside. Any program may run in the debug mode that collects
before every instruction and checks the heap around every collection.

The reference machine is the model: what each slot holds (its shape,
sharing and cycles included) and what is reachable. Checked:
  * the heap checker passes after every step;
  * every slot decodes to the same value on both machines, compared as an
    identity graph (sharing and cycles must match, not only the shape);
  * after a collection the live objects are exactly the objects reachable
    from the globals (walked through the C API) plus the fixed roots, and
    the live objects and bytes never exceed a bound computed from the
    reference machine's values;
  * after dropping everything and collecting, the heap is back at its
    baseline object count and byte size.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from ccam import cmachine, refmachine
from ccam.instructions import (
    BUILTIN_EXNS,
    BY_CODE,
    CONST,
    INSTR,
    NAT,
    PRIM,
    PROG,
    PROGS,
    STR,
    UNIT,
    ConstCon,
    ConstInt,
    ConstStr,
    I,
    Ins,
    Program,
    Status,
)
from ccam.values import UNIT_VALUE, Array, Block, Closure, Con, ExnName, ExnVal, Pair, Placeholder, Ref, Unit

BASE = len(BUILTIN_EXNS)  # the first slot of the model
NSLOTS = 5
LOOP_SLOT = BASE + NSLOTS  # holds the churn loop's function while it runs
NGLOBALS = LOOP_SLOT + 1
G_FAIL = BUILTIN_EXNS.index("Fail")
STRESS = cmachine.DEBUG_COLLECT_ALWAYS | cmachine.DEBUG_HEAP_CHECK
HEAP_CHECK_FAILED = "heap check"

# The C layout the byte bound is computed from (ccam_c/ccam_int.h).
SMALL_CELL = 24
STRING_HEADER = 16  # obj + len; the data carries a terminating 0
ARRAY_HEADER = 16  # obj + len
BLOCK_STRUCT = 32  # obj, code pointer, len, cap, ninstr (padded)
# Objects outside the globals that every collection keeps: the main block
# of the last program (RESET: one block, no constants) and the block `app`
# that calls run.
RESET = Program((I.quote(UNIT),), NGLOBALS)
FIXED_ROOTS = 2

slots = st.integers(0, NSLOTS - 1)
# Static closure bodies that run on any (env, arg) without error.
CLOSURE_BODIES = [(I.fst,), (I.snd,), (I.push, I.cons), (I.fst, I.prim("ref")), (I.snd, I.pack(3))]
# Runs of simple instructions that run on any stack without error: what
# generated code is made of, so calling a generated block or closure never
# fails (a lone cons could underflow, so it comes after a push).
SAFE_EMITS = [(I.id,), (I.push,), (I.push, I.cons), (I.quote(ConstInt(7)),), (I.quote(ConstStr(b"gen")),),
              (I.quote(ConstStr(b"a longer generated str")),), (I.pack(2),), (I.prim("ref"),)]
CONSTANTS = st.sampled_from([ConstInt(0), ConstInt(-5), ConstStr(b""), ConstStr(b"short"),
                             ConstStr(b"a string too long for a cell"), ConstCon(4), UNIT])


def g(slot: int) -> Ins:
    return I.getglobal(BASE + slot)


def s(slot: int) -> Ins:
    return I.setglobal(BASE + slot)


def kind_of(v) -> str:
    """The model's view of a slot, for choosing well-typed programs."""
    t = type(v)
    if t is Block:
        return "sealed block" if v.sealed else "block"
    return {int: "int", bytes: "string", Unit: "unit", Pair: "pair", Con: "con", Ref: "ref", Array: "array",
            Closure: "closure", ExnVal: "exn"}.get(t, "other")


# ------------------------------------------------------------- comparing values


def canonical(root):
    """A value as a nested tuple in which every object with an identity gets
    a number when first met and is named by that number when met again, so
    two values are equal only if their sharing and cycles are the same.
    Code is compared instruction by instruction, lifted values included."""
    numbers: dict[int, int] = {}

    def value(v):
        t = type(v)
        if t is int or t is bytes:
            return v
        if t is Unit:
            return "()"
        if t is Placeholder:
            return "⊥"
        if t is Con and v.arg is None:
            return ("C", v.tag)
        if id(v) in numbers:
            return ("@", numbers[id(v)])
        n = numbers[id(v)] = len(numbers)
        if t is Pair:
            return ("pair", n, value(v.fst), value(v.snd))
        if t is Con:
            return ("con", n, v.tag, value(v.arg))
        if t is Ref:
            return ("ref", n, value(v.value))
        if t is Array:
            return ("array", n, tuple(value(x) for x in v.items))
        if t is Closure:
            return ("closure", n, value(v.env), code(v.code))
        if t is Block:
            return ("block", n, v.sealed, code(v.code))
        if t is ExnName:
            return ("exnname", n, v.name)
        if t is ExnVal:
            return ("exn", n, value(v.name), None if v.arg is None else value(v.arg))
        raise TypeError(f"not a machine value: {v!r}")

    def code(instructions):
        return tuple(ins_form(i) for i in instructions)

    def ins_form(ins):
        spec = BY_CODE_NAME[ins.op]
        out = [ins.op]
        for kind, a in zip(spec.operands, ins.args):
            if kind == PROG:
                out.append(code(a))
            elif kind == PROGS:
                out.append(tuple(code(p) for p in a))
            elif kind == INSTR:
                out.append(ins_form(a))
            elif kind == CONST and type(a) not in (ConstInt, ConstStr, ConstCon, type(UNIT)):
                out.append(value(a))  # a lifted machine value
            else:
                out.append(a)
        return tuple(out)

    return value(root)


BY_CODE_NAME = {spec.name: spec for spec in BY_CODE.values()}


# ------------------------------------------------------------- the bound from the model


def block_words(code) -> int:
    """Words of a C block holding `code` (ccam_int.h: opcode, operands; the end word)."""
    words = 1
    for ins in code:
        words += 1
        for kind, a in zip(ins.spec.operands, ins.args):
            words += 1 + len(a) if kind == PROGS else 2 if kind == INSTR else 1
    return words


def block_bytes(code) -> int:
    """An upper bound of the bytes a block is charged: its buffer grows by
    doubling from 16 words, so it is at most twice its words (or 16)."""
    return BLOCK_STRUCT + 8 * max(16, 2 * block_words(code))


def string_bytes(b: bytes) -> int:
    size = STRING_HEADER + len(b) + 1
    return SMALL_CELL if size <= SMALL_CELL else size


def model_bound(values) -> tuple[int, int]:
    """(objects, bytes) that the C heap needs at most for `values` of the
    reference machine: each object with an identity once, each string and
    each code block once per occurrence (the C machine may share more)."""
    seen: set[int] = set()
    objects = nbytes = 0
    work = list(values)

    def add_code(code):
        nonlocal objects, nbytes
        objects += 1
        nbytes += block_bytes(code)
        for ins in code:
            for kind, a in zip(ins.spec.operands, ins.args):
                if kind == PROG:
                    add_code(a)
                elif kind == PROGS:
                    for p in a:
                        add_code(p)
                elif kind in (CONST, STR, INSTR):
                    operand = a.args[0] if kind == INSTR and a.args else a
                    if type(operand) is ConstStr:
                        work.append(operand.value)
                    elif type(operand) is bytes:
                        work.append(operand)
                    elif type(operand) not in (ConstInt, ConstCon, type(UNIT), int, Ins):
                        work.append(operand)  # a lifted machine value

    while work:
        v = work.pop()
        t = type(v)
        if t is bytes:
            objects += 1
            nbytes += string_bytes(v)
            continue
        if t in (int, Unit, Placeholder) or (t is Con and v.arg is None) or id(v) in seen:
            continue
        seen.add(id(v))
        objects += 1
        if t is Pair:
            nbytes += SMALL_CELL
            work += (v.fst, v.snd)
        elif t in (Con, Ref):
            nbytes += SMALL_CELL
            work.append(v.arg if t is Con else v.value)
        elif t is Array:
            size = ARRAY_HEADER + 8 * len(v.items)
            nbytes += SMALL_CELL if size <= SMALL_CELL else size
            work += v.items
        elif t is Closure:
            nbytes += SMALL_CELL
            work.append(v.env)
            add_code(v.code)
        elif t is Block:
            objects -= 1  # counted by add_code
            add_code(v.code)
        elif t is ExnName:
            nbytes += SMALL_CELL
            work.append(v.name)
        elif t is ExnVal:
            nbytes += SMALL_CELL
            work.append(v.name)
            if v.arg is not None:
                work.append(v.arg)
    return objects, nbytes


# ------------------------------------------------------------- the C heap, walked through the API


IMMEDIATE_KINDS = (cmachine.K_INT, cmachine.K_UNIT, cmachine.K_CON0, cmachine.K_BOTTOM)


def c_reachable(machine: cmachine.Machine) -> int:
    """The number of C heap objects reachable from the globals, found
    through the handle API (not through the collector's own marking)."""
    lib, m = cmachine.lib, machine._m
    word = cmachine.ffi.new("int64_t *")
    seen: set[int] = set()
    owned: list[int] = []
    count = 0

    def pinned(h: int) -> int:
        assert h >= 0, "the C API could not pin a value"
        owned.append(h)
        return h

    work = [pinned(lib.ccam_get_global(m, i)) for i in range(machine.nglobals)]
    try:
        while work:
            h = work.pop()
            ident = lib.ccam_identity(m, h)
            if ident == 0 or ident in seen:
                continue
            seen.add(ident)
            count += 1
            kind = lib.ccam_kind(m, h)
            if kind == cmachine.K_EXNNAME:
                count += 1  # its name string, which the API does not hand out
            elif kind == cmachine.K_EXN:
                work.append(pinned(lib.ccam_exn_name(m, h)))
                k = lib.ccam_child(m, h, 0, word)  # -1: no argument
                if k >= 0 and k not in IMMEDIATE_KINDS:
                    work.append(pinned(word[0]))
            elif kind == cmachine.K_BLOCK:
                work += block_operands(m, h, pinned)
            elif kind in (cmachine.K_PAIR, cmachine.K_CON, cmachine.K_REF, cmachine.K_ARRAY, cmachine.K_CLOSURE):
                n = {cmachine.K_PAIR: 2, cmachine.K_CLOSURE: 2, cmachine.K_ARRAY: lib.ccam_length(m, h)}.get(kind, 1)
                for i in range(n):
                    k = lib.ccam_child(m, h, i, word)
                    assert k >= 0
                    if k not in IMMEDIATE_KINDS:  # else word is the immediate itself, not a handle
                        work.append(pinned(word[0]))
    finally:
        lib.ccam_release_many(m, owned, len(owned))
    return count


def block_operands(m, h: int, pinned) -> list[int]:
    """Handles of the objects a block's code refers to (constants, sub-programs)."""
    lib = cmachine.lib
    out = []
    nwords = lib.ccam_block_nwords(m, h)
    pc = 0
    while pc < nwords:
        spec = BY_CODE[lib.ccam_block_word(m, h, pc)]
        pc += 1
        for kind in spec.operands:
            if kind in (CONST, STR, PROG):
                operand = pinned(lib.ccam_block_operand(m, h, pc))
                if lib.ccam_identity(m, operand) != 0:
                    out.append(operand)
                pc += 1
            elif kind == PROGS:
                count = lib.ccam_block_word(m, h, pc)
                out += [pinned(lib.ccam_block_operand(m, h, pc + 1 + i)) for i in range(count)]
                pc += 1 + count
            elif kind == INSTR:
                inner = BY_CODE[lib.ccam_block_word(m, h, pc)]
                if inner.operands and inner.operands[0] in (CONST, STR):
                    operand = pinned(lib.ccam_block_operand(m, h, pc + 1))
                    if lib.ccam_identity(m, operand) != 0:
                        out.append(operand)
                pc += 2
            else:
                assert kind in (NAT, PRIM)
                pc += 1
    return out


# ------------------------------------------------------------- programs


def churn_loop(iterations: int, keep: int) -> list[Ins]:
    """f n = if n <= 0 then n else (work; f (n - 1)) in LOOP_SLOT, run for
    `iterations`: each round allocates a 128 KB array and a pair holding
    slot `keep`, and drops both, so the run crosses the collection
    threshold (8 MB) and collects at a safe point while slots are live."""
    work = [I.push, I.quote(ConstInt(1 << 14)), I.push, I.quote(UNIT), I.cons, I.prim("array"), I.drop,
            I.push, I.push, g(keep), I.cons, I.prim("ref"), I.drop]
    recurse = [*work, I.push, I.getglobal(LOOP_SLOT), I.swap, I.acc(0), I.push, I.quote(ConstInt(1)), I.cons,
               I.prim("sub"), I.cons, I.app]
    body = [I.push, I.acc(0), I.push, I.quote(ConstInt(0)), I.cons, I.prim("le"),
            Ins("branch", ((I.acc(0),), tuple(recurse)))]
    return [I.push, I.cur(body), I.setglobal(LOOP_SLOT), I.push, I.quote(ConstInt(iterations)), I.cons, I.app, I.drop,
            I.quote(UNIT), I.setglobal(LOOP_SLOT)]


# Pieces of programs, each starting and ending with one value on the stack.


def emit_code(block: int, run: tuple) -> list[Ins]:
    return [I.push, g(block), I.cons, *(I.emit(ins) for ins in run)]


def lift_code(block: int, src: int) -> list[Ins]:
    """Quote slot src into a block: the block's code keeps the value alive."""
    return [I.push, g(src), I.swap, g(block), I.cons, I.lift]


def merge_code(target: int, inner: int) -> list[Ins]:
    """({inner}, (e, {target})) merge: append Cur(inner) to target, sealing inner."""
    return [I.push, g(inner), I.swap, I.push, g(target), I.cons, I.cons, I.merge]


def call_code(block: int, env: int, dst: int) -> list[Ins]:
    """Seal and run a block on slot env; its result goes to slot dst."""
    return [I.push, g(env), I.swap, g(block), I.cons, I.call, s(dst)]


def apply_code(closure: int, arg: int, dst: int) -> list[Ins]:
    return [I.push, g(closure), I.swap, g(arg), I.cons, I.app, s(dst)]


def snapshot_code() -> list[Ins]:
    """((((), g0), g1), ...): every slot in one value, so one decoding shows
    the sharing between slots too."""
    code = [I.quote(UNIT)]
    for slot in range(NSLOTS):
        code += [I.push, g(slot), I.cons]
    return code


class GCModel(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        clear = Program(tuple(x for slot in range(NSLOTS) for x in (I.quote(UNIT), s(slot)))
                        + (I.quote(UNIT), I.setglobal(LOOP_SLOT)), NGLOBALS)
        self.ref = refmachine.Machine(clear)
        self.c = cmachine.Machine(clear, plain=True)
        assert self.ref.run().status == Status.OK
        assert self.c.run().status == Status.OK
        self.baseline = self.collected()

    # ---- running

    def run(self, code: list, stress: bool = False, may_stop: tuple = ()):
        """Run `code` (then `quote ()`, so the result keeps nothing alive) on
        both machines; they must agree on status and counters, and the run
        must end OK unless it may stop with one of `may_stop`."""
        program = Program(tuple(code) + (I.quote(UNIT),), NGLOBALS)
        expected = self.ref.run_more(program)
        cmachine.lib.ccam_set_debug(self.c._m, STRESS if stress else 0)
        try:
            got = self.c.run_more(program)
        finally:
            cmachine.lib.ccam_set_debug(self.c._m, 0)
        assert HEAP_CHECK_FAILED not in got.message, got.message
        assert (got.status, got.reductions, got.emitted) == (expected.status, expected.reductions,
                                                             expected.emitted), (got.message, expected.message)
        assert got.status == Status.OK or got.status in may_stop, got.message
        return got

    def collected(self) -> tuple[int, int]:
        """Collect with only the globals and the fixed roots alive: (objects, bytes)."""
        assert self.c.run_more(RESET).status == Status.OK
        self.c.collect()
        stats = self.c.heap_stats()
        # the binding keeps one handle per exception name it has decoded
        # (only built-in names here, which are roots anyway)
        assert stats["pinned"] == len(self.c._owner.exn_names)
        return stats["objects"], stats["bytes"]

    def slot_kind(self, slot: int) -> str:
        return kind_of(self.ref.global_value(BASE + slot))

    def slots_of(self, *kinds) -> list[int]:
        return [slot for slot in range(NSLOTS) if self.slot_kind(slot) in kinds]

    # ---- allocation

    @rule(dst=slots, const=CONSTANTS)
    def store_constant(self, dst, const):
        self.run([I.quote(const), s(dst)])

    @rule(dst=slots, a=slots, b=slots, stress=st.booleans())
    def store_pair(self, dst, a, b, stress):
        self.run([I.push, g(a), I.swap, g(b), I.cons, s(dst)], stress)

    @rule(dst=slots, a=slots, tag=st.integers(0, 3), stress=st.booleans())
    def store_constructor(self, dst, a, tag, stress):
        self.run([g(a), I.pack(tag), s(dst)], stress)

    @rule(dst=slots, a=slots, stress=st.booleans())
    def store_ref(self, dst, a, stress):
        self.run([g(a), I.prim("ref"), s(dst)], stress)

    @rule(dst=slots, a=slots, length=st.sampled_from([1, 3, 40]), stress=st.booleans())
    def store_array(self, dst, a, length, stress):
        self.run([I.push, I.quote(ConstInt(length)), I.swap, g(a), I.cons, I.prim("array"), s(dst)], stress)

    @rule(dst=slots, a=slots, body=st.sampled_from(CLOSURE_BODIES), stress=st.booleans())
    def store_closure(self, dst, a, body, stress):
        self.run([g(a), I.cur(body), s(dst)], stress)

    @rule(dst=slots, a=slots, stress=st.booleans())
    def store_exception(self, dst, a, stress):
        self.run([I.push, I.getglobal(G_FAIL), I.swap, g(a), I.cons, I.mkexnarg, s(dst)], stress)

    @precondition(lambda self: self.slots_of("string"))
    @rule(dst=slots, data=st.data(), stress=st.booleans())
    def concat_strings(self, dst, data, stress):
        strings = self.slots_of("string")
        a, b = data.draw(st.sampled_from(strings)), data.draw(st.sampled_from(strings))
        self.run([I.push, g(a), I.swap, g(b), I.cons, I.prim("concat"), s(dst)], stress)

    @rule(dst=slots, src=slots)
    def copy(self, dst, src):
        self.run([g(src), s(dst)])

    @rule(dst=slots)
    def drop(self, dst):
        self.run([I.quote(UNIT), s(dst)])

    # ---- links and cycles

    @precondition(lambda self: self.slots_of("ref", "array"))
    @rule(data=st.data(), src=slots, index=st.integers(0, 39), stress=st.booleans())
    def link(self, data, src, index, stress):
        """Store slot src inside the ref or array of another slot (a cycle
        when src reaches that ref or array)."""
        dst = data.draw(st.sampled_from(self.slots_of("ref", "array")))
        if self.slot_kind(dst) == "ref":
            self.run([I.push, g(dst), I.swap, g(src), I.cons, I.prim("assign")], stress)
        else:
            index %= len(self.ref.global_value(BASE + dst).items)
            self.run([I.push, g(dst), I.swap, I.push, I.quote(ConstInt(index)), I.swap, g(src), I.cons, I.cons,
                      I.prim("aupdate")], stress)

    @rule(dst=slots, a=slots, n=st.integers(1, 2), filled=st.sets(st.integers(0, 1)),
          make=st.sampled_from([(I.cur((I.fst,)),), (I.push, I.cons), (I.prim("ref"),)]), stress=st.booleans())
    def recursive_environment(self, dst, a, n, filled, make, stress):
        """rec n over slot a, then fill some placeholders with a value made
        from the environment itself (closure, pair or ref): a cycle through
        `update`; unfilled slots keep ⊥."""
        code = [g(a), I.rec(n)]
        for k in sorted(k for k in filled if k < n):
            code += [I.push, *make, I.update(k)]
        self.run(code + [s(dst)], stress)

    # ---- generated code

    @rule(dst=slots)
    def new_block(self, dst):
        self.run([I.arena, s(dst)])

    @precondition(lambda self: self.slots_of("block"))
    @rule(data=st.data(), run=st.sampled_from(SAFE_EMITS), stress=st.booleans())
    def emit(self, data, run, stress):
        block = data.draw(st.sampled_from(self.slots_of("block")))
        self.run(emit_code(block, run), stress)

    @precondition(lambda self: self.slots_of("block"))
    @rule(data=st.data(), src=slots, stress=st.booleans())
    def lift(self, data, src, stress):
        block = data.draw(st.sampled_from(self.slots_of("block")))
        self.run(lift_code(block, src), stress)

    @precondition(lambda self: self.slots_of("block") and self.slots_of("block", "sealed block"))
    @rule(data=st.data(), stress=st.booleans())
    def merge(self, data, stress):
        """Append Cur(inner) to the target block (sealing inner; SEALED on both
        machines when both slots hold the same block)."""
        target = data.draw(st.sampled_from(self.slots_of("block")))
        inner = data.draw(st.sampled_from(self.slots_of("block", "sealed block")))
        self.run(merge_code(target, inner), stress, may_stop=(Status.SEALED,))

    @precondition(lambda self: self.slots_of("block", "sealed block"))
    @rule(data=st.data(), env=slots, dst=slots, stress=st.booleans())
    def call_block(self, data, env, dst, stress):
        """Seal and run a generated block on slot env; its result (closures
        made by merged Cur among others) goes to dst."""
        block = data.draw(st.sampled_from(self.slots_of("block", "sealed block")))
        self.run(call_code(block, env, dst), stress)

    @rule(dst=slots, data=st.data(), stress=st.booleans())
    def generate_code(self, dst, data, stress):
        """One program that generates a block in dst: emits and lifts, an
        inner block (in another slot) merged into it as a Cur, more emits;
        then it keeps the block or calls it right away on a slot, putting
        the result (often a closure over the generated code) in a slot."""
        inner = data.draw(st.sampled_from([slot for slot in range(NSLOTS) if slot != dst]))
        pieces = st.one_of(st.sampled_from(SAFE_EMITS).map(lambda run: ("emit", run)),
                           slots.map(lambda src: ("lift", src)))

        def body(block: int) -> list[Ins]:
            code = []
            for what, x in data.draw(st.lists(pieces, max_size=4)):
                code += emit_code(block, x) if what == "emit" else lift_code(block, x)
            return code

        code = [I.arena, s(dst), I.arena, s(inner)] + body(inner) + body(dst) + merge_code(dst, inner) + body(dst)
        if data.draw(st.booleans()):
            code += call_code(dst, data.draw(slots), data.draw(slots))
        self.run(code, stress)

    @precondition(lambda self: self.slots_of("closure"))
    @rule(data=st.data(), arg=slots, dst=slots, stress=st.booleans())
    def apply(self, data, arg, dst, stress):
        closure = data.draw(st.sampled_from(self.slots_of("closure")))
        self.run(apply_code(closure, arg, dst), stress)

    # ---- collections

    @rule(iterations=st.sampled_from([1, 80]), keep=slots)
    def churn(self, iterations, keep):
        """An allocation-heavy loop: 80 rounds allocate 10 MB, past the
        collection threshold, so the collector runs at a safe point in the
        middle of the run with the loop's closure and stack as roots."""
        before = self.c.heap_stats()["collections"]
        self.run(churn_loop(iterations, keep))
        if iterations == 80:
            assert self.c.heap_stats()["collections"] > before

    @rule()
    def collect(self):
        objects, nbytes = self.collected()
        assert objects == c_reachable(self.c) + FIXED_ROOTS
        bound_objects, bound_bytes = model_bound(self.ref.global_value(BASE + slot) for slot in range(NSLOTS))
        assert objects <= self.baseline[0] + bound_objects
        assert nbytes <= self.baseline[1] + bound_bytes

    @rule()
    def drop_everything(self):
        self.run([x for slot in range(NSLOTS) for x in (I.quote(UNIT), s(slot))])
        assert self.collected() == self.baseline

    # ---- invariants

    @invariant()
    def heap_is_sound(self):
        self.c.heap_check()

    @invariant()
    def slots_agree(self):
        code = snapshot_code()
        expected = self.ref.run_more(Program(tuple(code), NGLOBALS))
        got = self.c.run_more(Program(tuple(code), NGLOBALS))
        assert got.status == expected.status == Status.OK, got.message
        assert canonical(got.value) == canonical(expected.value)

    def teardown(self):
        self.drop_everything()
        self.c.heap_check()


TestGCModel = GCModel.TestCase
TestGCModel.settings = settings(max_examples=100, stateful_step_count=40, deadline=None)


def test_canonical_form_tells_sharing_apart():
    """The comparison this test relies on: the same shape with different
    sharing, or a cycle instead of a copy, is a different value."""
    leaf = Pair(1, 2)
    shared = Pair(leaf, leaf)
    copied = Pair(Pair(1, 2), Pair(1, 2))
    assert canonical(shared) != canonical(copied)
    cell = Ref(UNIT_VALUE)
    cell.value = cell
    assert canonical(cell) != canonical(Ref(Ref(UNIT_VALUE)))
    assert canonical(Pair(Pair(1, 2), Pair(1, 2))) == canonical(copied)


def test_a_cycle_through_lifted_code_decodes_as_on_the_reference_machine():
    """x = C2({quote x}): the block quotes the constructor that holds it. The
    C binding decodes the constructor while its argument is still pending,
    and once decoded that operand as the nullary constant C2 (found by
    GCModel: the snapshot of such a slot differed from the reference)."""
    code = (I.arena, s(0), g(0), I.pack(2), s(1), *lift_code(0, 1), g(1))
    program = Program(code, NGLOBALS)
    expected = refmachine.Machine(program).run()
    got = cmachine.Machine(program, plain=True).run()
    assert got.status == expected.status == Status.OK
    assert canonical(got.value) == canonical(expected.value)
