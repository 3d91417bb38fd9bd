"""Hypothesis strategies for CCAM code, shared by the reference-machine tests
and the C machine's differential tests.

  programs()        any well-formed Program (for bytecode round trips): every
                    opcode, operand kind and nesting, not meant to run well
  raw_cases()       (code, start) random well-formed instruction sequences on
                    a random start value: they mostly stop early with TYPE,
                    UNDERFLOW, ... which both machines must agree on
  runnable_cases()  (code, start) built like compiled code: expressions of a
                    small typed language compiled in the CAM style (⟦M⟧
                    consumes the environment and leaves M's value), covering
                    let, functions and application, conditionals, switch,
                    handlers, primitives (raising Div, Overflow, Subscript...),
                    refs, arrays, strings, output, globals and run-time code
                    generation (emit, lift, call). They run to the end (or to
                    an ML exception) in a bounded number of reductions.

A case is run with `Machine(Program(code, NGLOBALS)).run([start_value(start)])`
(tests.machine_cases); both machines must agree on status, value (by
values.show), output and every counter.
"""

from __future__ import annotations

from hypothesis import strategies as st

from ccam.instructions import (
    BUILTIN_EXNS,
    FALSE,
    INT_MAX,
    INT_MIN,
    OPS,
    PRIMS,
    TRUE,
    ConstCon,
    ConstInt,
    ConstStr,
    ConstUnit,
    I,
    Ins,
    Program,
    CONST,
    INSTR,
    NAT,
    PRIM,
    PROG,
    PROGS,
    STR,
)
from tests.machine_cases import G_FREE, NGLOBALS, block_onto

# ------------------------------------------------------------- any well-formed code

small_ints = st.one_of(st.integers(-3, 10), st.sampled_from([INT_MIN, INT_MAX, -1, 1 << 40]))
any_ints = st.one_of(small_ints, st.integers(INT_MIN, INT_MAX))
short_bytes = st.binary(max_size=6)

consts = st.one_of(
    st.just(ConstUnit()),
    any_ints.map(ConstInt),
    short_bytes.map(ConstStr),
    st.integers(0, 4).map(ConstCon),
)

SIMPLE_OPS = [op for op in OPS if op.simple]


def _operand(kind: str, op: str, depth: int):
    if kind == NAT:
        if op in ("getglobal", "setglobal"):
            return st.integers(0, NGLOBALS - 1)
        if op in ("rec", "mergeswitch"):
            return st.integers(1, 3)
        return st.integers(0, 3)
    if kind == CONST:
        return consts
    if kind == PRIM:
        return st.sampled_from([p.name for p in PRIMS])
    if kind == STR:
        return short_bytes
    if kind == PROG:
        return code_sequences(depth + 1)
    if kind == PROGS:
        return st.lists(code_sequences(depth + 1), min_size=1, max_size=3).map(tuple)
    if kind == INSTR:
        return simple_instructions()
    raise AssertionError(kind)


def _instruction(spec, depth: int):
    return st.tuples(*(_operand(k, spec.name, depth) for k in spec.operands)).map(
        lambda args: Ins(spec.name, tuple(args)))


def simple_instructions():
    return st.one_of(*(_instruction(spec, 0) for spec in SIMPLE_OPS))


def instructions(depth: int = 0):
    specs = SIMPLE_OPS if depth >= 2 else list(OPS)
    return st.one_of(*(_instruction(spec, depth) for spec in specs))


def code_sequences(depth: int = 0, max_size: int = 6):
    return st.lists(instructions(depth), max_size=max_size).map(tuple)


def programs():
    names = st.lists(st.sampled_from(["", "f", "main", "x'", "λ"]), max_size=NGLOBALS).map(tuple)
    return st.builds(lambda code, names: Program(code, NGLOBALS, names), code_sequences(0, 12), names)


# ------------------------------------------------------------- start values (host literals)

start_literals = st.recursive(
    st.one_of(st.just(()), small_ints, short_bytes, st.lists(small_ints, max_size=3)),
    lambda inner: st.tuples(inner, inner),
    max_leaves=6,
)


def raw_cases():
    return st.tuples(code_sequences(0, 10), start_literals)


# ------------------------------------------------------------- runnable, compiled-style code
# Kinds of the little language: "int", "bool", "str", "unit", "exn" (a
# handler's exception), ("pair", k1, k2). An environment is a tuple of the
# kinds of its variables, innermost first: variable i is `acc i`.

INT, BOOL, STR_, UNIT_ = "int", "bool", "str", "unit"
BASE_KINDS = [INT, BOOL, STR_, UNIT_]
G_DIV = BUILTIN_EXNS.index("Div")
SAFE_INT_PRIMS = ["add", "sub", "mul", "div", "mod"]


def _pair_up(left, right, then):
    """⟨left, right⟩; then"""
    return [I.push, *left, I.swap, *right, I.cons, *then]


@st.composite
def expr(draw, kind, env: tuple, depth: int, simple: bool = False):
    """Code for an expression of `kind` in environment `env`. With `simple`,
    only simple instructions (it will be emitted)."""
    leaf = depth <= 0
    forms = ["const"]
    if any(k == kind for k in env):
        forms += ["var", "var"]
    if not leaf:
        forms += ["let", "if"] if not simple else []
        forms += {
            INT: ["arith", "arith", "size", "fst"] + ([] if simple else
                                                       ["app", "try", "gen", "lift", "switch", "ref", "array",
                                                        "vector", "global", "raise", "genfun", "genbranch", "genswitch",
                                                        "gentry"]),
            BOOL: ["compare", "scompare", "eq"] + ([] if simple else ["veq"]),
            STR_: ["itos", "concat"] + ([] if simple else ["substring"]),
            UNIT_: [] if simple else ["print"],
        }.get(kind if isinstance(kind, str) else "pair", ["pairof"])
    form = draw(st.sampled_from(forms))
    sub = lambda k, e=env: expr(k, e, depth - 1, simple)  # noqa: E731

    if form == "const":
        return _const(draw, kind)
    if form == "var":
        return [I.acc(draw(st.sampled_from([i for i, k in enumerate(env) if k == kind])))]
    if form == "let":
        k = draw(st.sampled_from(BASE_KINDS))
        return [I.push, *draw(sub(k)), I.cons, *draw(sub(kind, (k,) + env))]
    if form == "if":
        return [I.push, *draw(sub(BOOL)), I.branch(draw(sub(kind)), draw(sub(kind)))]
    if form == "arith":
        return _pair_up(draw(sub(INT)), draw(sub(INT)), [I.prim(draw(st.sampled_from(SAFE_INT_PRIMS)))])
    if form == "size":
        return [*draw(sub(STR_)), I.prim("size")]
    if form == "fst":
        other = draw(st.sampled_from(BASE_KINDS))
        first = draw(st.booleans())
        pair = ("pair", INT, other) if first else ("pair", other, INT)
        return [*draw(sub(pair)), I.fst if first else I.snd]
    if form == "pairof":
        return _pair_up(draw(sub(kind[1])), draw(sub(kind[2])), [])
    if form == "app":
        arg = draw(st.sampled_from([INT, STR_]))
        body = draw(sub(INT, (arg,) + env))
        return [I.push, I.cur(body), I.swap, *draw(sub(arg)), I.cons, I.app]
    if form == "try":
        body = draw(sub(INT))
        handler = draw(sub(INT, ("exn",) + env))
        return [Ins("try", (tuple(body), tuple(handler)))]
    if form == "raise":
        return [I.getglobal(draw(st.sampled_from([G_DIV, 0, 9]))), I.mkexn, Ins("raise")]
    if form == "gen":
        # (e, {}) ; emit the simple code of an int expression ; call
        emitted = draw(expr(INT, env, depth - 1, simple=True))
        return [I.push, I.arena, I.cons, *(I.emit(i) for i in emitted), I.call]
    if form == "genfun":
        # ⟨F, A⟩; app where F builds [e : body] by merging a generated block
        body = draw(expr(INT, (INT,) + env, depth - 1, simple=True))
        make = [I.push, I.arena, I.cons, *block_onto(*body), I.merge, I.call]
        return _pair_up(make, draw(sub(INT)), [I.app])
    if form == "genbranch":
        # emit push; cond, then merge branch(P1, P2) built in two more blocks
        cond = draw(expr(BOOL, env, depth - 1, simple=True))
        arms = [draw(expr(INT, env, depth - 1, simple=True)) for _ in range(2)]
        return [I.push, I.arena, I.cons, I.emit(I.push), *(I.emit(i) for i in cond),
                *block_onto(*arms[0]), *block_onto(*arms[1]), I.mergebranch, I.call]
    if form == "genswitch":
        n = draw(st.integers(1, 3))
        scrutinee = draw(expr(INT, env, depth - 1, simple=True))
        tag = draw(st.integers(0, 3))
        arms = [draw(expr(INT, env, depth - 1, simple=True)) for _ in range(n)]
        blocks = [ins for arm in arms for ins in block_onto(*arm)]
        return [I.push, I.arena, I.cons, I.emit(I.push), *(I.emit(i) for i in scrutinee), I.emit(I.pack(tag)),
                *blocks, I.mergeswitch(n), I.call]
    if form == "gentry":
        body = draw(expr(INT, env, depth - 1, simple=True))
        handler = draw(expr(INT, ("exn",) + env, depth - 1, simple=True))
        return [I.push, I.arena, I.cons, *block_onto(*body), *block_onto(*handler), I.mergetry, I.call]
    if form == "lift":
        return [*draw(sub(INT)), I.push, I.arena, I.cons, I.lift, I.call]
    if form == "switch":
        n = draw(st.integers(1, 3))
        tag = draw(st.integers(0, 3))  # tag >= n stops with SWITCH
        arms = [draw(sub(INT)) for _ in range(n)]
        return [I.push, *draw(sub(INT)), I.pack(tag), I.switch(arms)]
    if form == "ref":
        # let r = ref A in (r := B; !r), with sequencing push; P1; drop; P2
        assign = _pair_up([I.acc(0)], draw(sub(INT, ("ref",) + env)), [I.prim("assign")])
        return [I.push, *draw(sub(INT)), I.prim("ref"), I.cons, I.push, *assign, I.drop, I.acc(0), I.prim("deref")]
    if form == "array":
        length = _const(draw, INT, small=True)
        array = _pair_up(length, draw(sub(INT)), [I.prim("array")])
        return _pair_up(array, draw(sub(INT)), [I.prim("asub")])
    if form == "vector":
        # vsub (Vector.fromList [A, ...], i) (Subscript when i is out of
        # range), or the length of Array.vector of an array
        if draw(st.booleans()):
            vector = [*_list_of(draw, sub, INT), I.prim("vfromlist")]
            return _pair_up(vector, _const(draw, INT, small=True), [I.prim("vsub")])
        length = _const(draw, INT, small=True)
        return [*_pair_up(length, draw(sub(INT)), [I.prim("array")]), I.prim("vfromarray"), I.prim("vlength")]
    if form == "veq":
        # two vectors of ints or strings, of lengths that may differ
        item = draw(st.sampled_from([INT, STR_]))
        left = [*_list_of(draw, sub, item), I.prim("vfromlist")]
        right = [*_list_of(draw, sub, item), I.prim("vfromlist")]
        return _pair_up(left, right, [I.prim(draw(st.sampled_from(["eq", "ne"])))])
    if form == "global":
        slot = draw(st.integers(G_FREE, NGLOBALS - 1))
        return [I.push, *draw(sub(INT)), I.setglobal(slot), I.drop, I.getglobal(slot)]
    if form == "compare":
        return _pair_up(draw(sub(INT)), draw(sub(INT)), [I.prim(draw(st.sampled_from(["lt", "le", "gt", "ge"])))])
    if form == "scompare":
        return _pair_up(draw(sub(STR_)), draw(sub(STR_)), [I.prim(draw(st.sampled_from(["slt", "sge"])))])
    if form == "eq":
        k = draw(st.sampled_from([INT, STR_, BOOL, ("pair", INT, BOOL)]))
        return _pair_up(draw(sub(k)), draw(sub(k)), [I.prim(draw(st.sampled_from(["eq", "ne"])))])
    if form == "itos":
        return [*draw(sub(INT)), I.prim("itos")]
    if form == "concat":
        return _pair_up(draw(sub(STR_)), draw(sub(STR_)), [I.prim("concat")])
    if form == "substring":
        return _pair_up(draw(sub(STR_)), _pair_up(_const(draw, INT, small=True), _const(draw, INT, small=True), []),
                        [I.prim("substring")])
    if form == "print":
        return [*draw(sub(STR_)), I.prim("print")]
    raise AssertionError(form)


def _list_of(draw, sub, item) -> list:
    """Code for a machine list of 0 to 3 expressions of kind `item`."""
    code = [I.quote(ConstCon(0))]
    for _ in range(draw(st.integers(0, 3))):
        code = _pair_up(draw(sub(item)), code, [I.pack(1)])
    return code


def _const(draw, kind, small: bool = False):
    if kind == INT:
        return [I.quote(ConstInt(draw(st.integers(-1, 4) if small else small_ints)))]
    if kind == BOOL:
        return [I.quote(draw(st.sampled_from([TRUE, FALSE])))]
    if kind == STR_:
        return [I.quote(ConstStr(draw(short_bytes)))]
    if kind == UNIT_:
        return [I.quote(ConstUnit())]
    if isinstance(kind, tuple):
        return _pair_up(_const(draw, kind[1]), _const(draw, kind[2]), [])
    return [I.quote(ConstCon(0))]


def runnable_cases(max_depth: int = 5):
    """(code, start): an int, string, bool or pair expression on the start
    environment ()."""
    kinds = st.sampled_from([INT, INT, STR_, BOOL, UNIT_, ("pair", INT, STR_)])
    return st.tuples(
        st.integers(2, max_depth).flatmap(lambda d: kinds.flatmap(lambda k: expr(k, (), d))).map(tuple),
        st.just(()),
    )
