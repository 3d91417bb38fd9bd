"""The C machine (ccam_c/) behind the reference machine's API.

    Machine(program_or_bytes, *, max_reductions=None, max_stack=1_000_000,
            max_heap=1 << 30, out=None).run() -> Result

`program_or_bytes` is a Program (written to bytecode with ccam/bytecode.py)
or the bytes of a .ccam file (verified by the C loader; a rejected file
raises BytecodeError with the loader's reason). Results are the Result of
ccam/values.py with values converted to the classes of ccam/values.py, so
`show` renders both machines alike. Closures, code blocks, refs, arrays and
exception names are also recorded in the machine's handle table with a
pinned handle to their C object: passing one back (to `call`, `set_global`)
hands over the very same C object, and the C collector keeps it alive until
`forget()` drops the table. (values.show checks exact classes, so these
are plain values.* objects, not subclasses.)
"""

from __future__ import annotations

from typing import Optional

from ccam.instructions import (
    BY_CODE,
    CONST,
    INSTR,
    NAT,
    PRIM,
    PRIM_BY_CODE,
    PROG,
    PROGS,
    STR,
    ConstCon,
    ConstInt,
    ConstStr,
    ConstUnit,
    Ins,
    Program,
    Status,
)
from ccam.values import (
    PLACEHOLDER,
    UNIT_VALUE,
    Array,
    Block,
    Closure,
    Con,
    ExnName,
    ExnVal,
    Pair,
    Placeholder,
    Ref,
    Result,
    Unit,
)

ABI_VERSION = 3  # must equal CCAM_ABI_VERSION in ccam_c/ccam_int.h
NO_TRACE = "the C machine cannot trace transitions; use ccam.refmachine.Machine(trace=...)"
STALE_BUILD = "the C machine (ccam_c._ccam) is stale or missing: rebuild it with `make install` or `pip install -e .`"

DEFAULT_MAX_STACK = 1_000_000
DEFAULT_MAX_HEAP = 1 << 30
DEBUG_COLLECT_ALWAYS = 1
DEBUG_HEAP_CHECK = 2

# ccam.h CCAM_K_*
K_INT, K_UNIT, K_CON0, K_CON, K_PAIR, K_STRING, K_CLOSURE, K_BLOCK, K_REF, K_ARRAY, K_EXNNAME, K_EXN, K_BOTTOM = range(13)


class StaleBuildError(ImportError):
    pass


def _load_extension():
    try:
        from ccam_c import _ccam
    except ImportError as err:
        raise StaleBuildError(f"{STALE_BUILD} ({err})") from err
    from ccam_c.gen_opcodes import table_hash

    lib, ffi = _ccam.lib, _ccam.ffi
    if lib.ccam_abi_version() != ABI_VERSION:
        raise StaleBuildError(f"{STALE_BUILD} (ABI {lib.ccam_abi_version()}, expected {ABI_VERSION})")
    built = ffi.string(lib.ccam_table_hash()).decode()
    if built != table_hash():
        raise StaleBuildError(f"{STALE_BUILD} (built from another instruction table: {built})")
    return ffi, lib


ffi, lib = _load_extension()


class Machine:
    """The C machine with the reference machine's API: run, call, run_more,
    global_value; plus set_global and the C-only heap limit and debug modes."""

    def __init__(self, program, *, max_reductions: Optional[int] = None, max_stack: int = DEFAULT_MAX_STACK,
                 max_heap: int = DEFAULT_MAX_HEAP, out=None, trace=None, debug: int = 0,
                 catch_sigint: bool = True):
        if trace is not None:
            raise ValueError(NO_TRACE)
        data = _image(program)
        err = ffi.new("char[512]")
        m = lib.ccam_load(data, len(data), err, 512)
        if m == ffi.NULL:
            _reject(err)
        # The owner frees the C machine once nothing refers to it: the Machine
        # and every _Pin hold it, so pins released by finalizers of a
        # collected cycle still find a live machine (no ordering hazard).
        self._owner = _Owner(m)
        self._m = m
        self.max_reductions = max_reductions
        self.max_stack = max_stack
        self.max_heap = max_heap
        self.out = out
        self.catch_sigint = catch_sigint
        lib.ccam_set_debug(self._m, debug)
        self._apply_limits()
        self._exn_names: dict[int, ExnName] = {}  # C identity -> the one Python object
        self._handles: dict[int, tuple] = {}  # id(python object) -> (object, _Pin)
        self._code_cache: dict[int, tuple] = {}  # sealed block identity -> instructions

    def _apply_limits(self):
        lib.ccam_set_limits(self._m, -1 if self.max_reductions is None else self.max_reductions,
                            self.max_stack, self.max_heap)

    # ------------------------------------------------------------- runs

    def run(self, stack: Optional[list] = None) -> Result:
        """Run the program on `stack` (bottom first; default [()])."""
        if stack is None:
            return self._finish(self._with_output(lambda: lib.ccam_run(self._m)))
        if not stack:
            raise ValueError("the C machine needs a start stack of at least one value")
        handles = [self.to_handle(v) for v in stack]
        try:
            arr = ffi.new("int64_t[]", handles)
            return self._finish(self._with_output(lambda: lib.ccam_run_stack(self._m, arr, len(handles))))
        finally:
            for h in handles:
                lib.ccam_release(self._m, h)

    def call(self, closure, arg) -> Result:
        """Apply a closure (from this machine) to an argument: the program
        `app` on ([e : P], arg), which counts the app."""
        ch = self.to_handle(closure)
        ah = self.to_handle(arg)
        try:
            return self._finish(self._with_output(lambda: lib.ccam_call(self._m, ch, ah)))
        finally:
            lib.ccam_release(self._m, ch)
            lib.ccam_release(self._m, ah)

    def run_more(self, program) -> Result:
        """Run another program against the same globals and heap (the global
        table grows to the program's nglobals)."""
        data = _image(program)
        err = ffi.new("char[512]")
        if lib.ccam_extend(self._m, data, len(data), err, 512) != 0:
            _reject(err)
        self._code_cache.clear()
        return self.run()

    def interrupt(self) -> None:
        lib.ccam_interrupt(self._m)

    def _with_output(self, go) -> int:
        fd = _fileno(self.out)
        if fd is not None:
            self.out.flush()
        lib.ccam_set_output_fd(self._m, -1 if fd is None else fd, 1)
        lib.ccam_output_clear(self._m)
        self._apply_limits()
        catch = self.catch_sigint and _main_thread()
        if catch:
            lib.ccam_catch_sigint(self._m, 1)
        try:
            return go()
        finally:
            if catch:
                lib.ccam_catch_sigint(self._m, 0)

    def _finish(self, status: int) -> Result:
        n = ffi.new("size_t *")
        buf = lib.ccam_output(self._m, n)
        output = bytes(ffi.buffer(buf, n[0])) if n[0] else b""
        if self.out is not None and _fileno(self.out) is None and output:
            self.out.write(output)
        status = Status(status)
        value = None
        if status in (Status.OK, Status.UNCAUGHT):
            h = lib.ccam_result(self._m)
            value = self.from_handle(h)
            lib.ccam_release(self._m, h)
        return Result(status, value, ffi.string(lib.ccam_message(self._m)).decode("utf-8", "replace"),
                      lib.ccam_reductions(self._m), output, lib.ccam_gen_reductions(self._m),
                      lib.ccam_emitted(self._m))

    # ------------------------------------------------------------- globals

    @property
    def nglobals(self) -> int:
        return lib.ccam_nglobals(self._m)

    def global_value(self, slot: int):
        """The value of a global slot (None if unset)."""
        if not 0 <= slot < self.nglobals:
            raise IndexError(slot)
        h = lib.ccam_get_global(self._m, slot)
        if h < 0:
            return None
        try:
            return self.from_handle(h)
        finally:
            lib.ccam_release(self._m, h)

    def set_global(self, slot: int, value) -> None:
        if not 0 <= slot < self.nglobals:
            raise IndexError(slot)
        h = self.to_handle(value)
        try:
            lib.ccam_set_global(self._m, slot, h)
        finally:
            lib.ccam_release(self._m, h)

    # ------------------------------------------------------------- GC (tests, tools)

    def collect(self) -> None:
        lib.ccam_collect(self._m)

    def heap_check(self) -> None:
        if lib.ccam_heap_check(self._m) != 0:
            raise AssertionError(ffi.string(lib.ccam_message(self._m)).decode())

    def heap_stats(self) -> dict:
        return {"live": lib.ccam_heap_live(self._m), "bytes": lib.ccam_heap_bytes(self._m),
                "objects": lib.ccam_heap_objects(self._m), "collections": lib.ccam_collections(self._m),
                "pinned": lib.ccam_npinned(self._m), "total": lib.ccam_heap_total(self._m)}

    def fail_alloc_after(self, n: int) -> None:
        lib.ccam_fail_alloc_after(self._m, n)

    # ------------------------------------------------------------- C values -> Python

    def from_handle(self, h: int, memo: Optional[dict] = None):
        """The Python value of a handle (the handle stays owned by the caller).
        Iterative, shares and cycles preserved (objects are memoised by their
        C identity), so deep lists and cyclic refs convert safely."""
        m = self._m
        if memo is None:
            memo = {}
        result = [None]
        owned: list[int] = []
        # tasks: (handle, container, field) — container[field] = value
        tasks = [(h, result, 0)]
        try:
            while tasks:
                hh, container, field = tasks.pop()
                _set(container, field, self._convert(hh, memo, tasks, owned))
        finally:
            for o in owned:
                lib.ccam_release(m, o)
        return result[0]

    def _child(self, h, i, owned):
        c = lib.ccam_field(self._m, h, i)
        owned.append(c)
        return c

    def _convert(self, h, memo, tasks, owned):
        m = self._m
        k = lib.ccam_kind(m, h)
        if k == K_INT:
            return lib.ccam_int_value(m, h)
        if k == K_UNIT:
            return UNIT_VALUE
        if k == K_BOTTOM:
            return PLACEHOLDER
        if k == K_CON0:
            return Con(lib.ccam_tag(m, h))
        if k == K_STRING:
            return bytes(ffi.buffer(lib.ccam_string_data(m, h), lib.ccam_length(m, h)))
        ident = lib.ccam_identity(m, h)
        if ident in memo:
            return memo[ident]
        if k == K_EXNNAME:
            v = self._exn_name(h)
        elif k == K_CON:
            v = Con(lib.ccam_tag(m, h), None)
            tasks.append((self._child(h, 0, owned), v, "arg"))
        elif k == K_PAIR:
            v = Pair(None, None)
            tasks.append((self._child(h, 1, owned), v, "snd"))
            tasks.append((self._child(h, 0, owned), v, "fst"))
        elif k == K_EXN:
            nh = lib.ccam_exn_name(m, h)
            try:
                v = ExnVal(self._exn_name(nh), None)
            finally:
                lib.ccam_release(m, nh)
            ah = self._child(h, 0, owned)
            if ah >= 0:
                tasks.append((ah, v, "arg"))
        elif k == K_REF:
            v = self._handled(Ref, h)
            v.value = None
            tasks.append((self._child(h, 0, owned), v, "value"))
        elif k == K_ARRAY:
            n = lib.ccam_length(m, h)
            v = self._handled(Array, h)
            v.items = [None] * n
            for i in range(n):
                tasks.append((self._child(h, i, owned), v.items, i))
        elif k == K_CLOSURE:
            # memoised before its code is decoded: generated code may quote
            # a value that leads back here
            v = memo[ident] = self._handled(Closure, h)
            v.env = None
            v.code = ()
            v.code = self._decode_block(self._child(h, 1, owned), memo)
            tasks.append((self._child(h, 0, owned), v, "env"))
        elif k == K_BLOCK:
            v = memo[ident] = self._handled(Block, h)
            v.sealed = lib.ccam_block_sealed(m, h) == 1
            v.code = []
            code = self._decode_block(h, memo)
            v.code = code if v.sealed else list(code)  # as values.Block keeps them
        else:
            raise ValueError(f"bad handle {h} (kind {k})")
        memo[ident] = v
        return v

    def _handled(self, cls, h):
        v = cls.__new__(cls)
        self._handles[id(v)] = (v, _Pin(self._owner, lib.ccam_dup(self._m, h)))
        return v

    def forget(self) -> None:
        """Drop the handle table: values returned so far can no longer be
        passed back, and the C objects only they kept alive become garbage."""
        self._handles.clear()
        self._exn_names.clear()

    def _exn_name(self, h) -> ExnName:
        ident = lib.ccam_identity(self._m, h)
        v = self._exn_names.get(ident)
        if v is None:
            v = self._handled(ExnName, h)
            sh = lib.ccam_exn_name(self._m, h)
            v.name = bytes(ffi.buffer(lib.ccam_string_data(self._m, sh), lib.ccam_length(self._m, sh)))
            lib.ccam_release(self._m, sh)
            self._exn_names[ident] = v
        return v

    def _decode_block(self, h, memo: dict) -> tuple:
        """A block's instructions as Ins (sub-programs decoded too)."""
        m = self._m
        ident = lib.ccam_identity(m, h)
        sealed = lib.ccam_block_sealed(m, h) == 1
        if sealed and ident in self._code_cache:
            return self._code_cache[ident]
        n = lib.ccam_block_nwords(m, h)
        out = []
        pc = 0
        while pc < n:
            ins, pc = self._decode_ins(h, pc, memo)
            out.append(ins)
        code = tuple(out)
        if sealed:
            self._code_cache[ident] = code
        return code

    def _decode_ins(self, h, pc, memo):
        m = self._m
        spec = BY_CODE[lib.ccam_block_word(m, h, pc)]
        pc += 1
        args = []
        for kind in spec.operands:
            if kind == NAT:
                args.append(lib.ccam_block_word(m, h, pc))
                pc += 1
            elif kind == PRIM:
                args.append(PRIM_BY_CODE[lib.ccam_block_word(m, h, pc)].name)
                pc += 1
            elif kind in (CONST, STR):
                v = self._operand_value(h, pc, memo)
                args.append(v if kind == STR else _as_const(v))
                pc += 1
            elif kind == PROG:
                args.append(self._operand_block(h, pc, memo))
                pc += 1
            elif kind == PROGS:
                count = lib.ccam_block_word(m, h, pc)
                args.append(tuple(self._operand_block(h, pc + 1 + i, memo) for i in range(count)))
                pc += 1 + count
            elif kind == INSTR:
                inner = BY_CODE[lib.ccam_block_word(m, h, pc)]
                inner_args = []
                for ik in inner.operands:
                    if ik == NAT:
                        inner_args.append(lib.ccam_block_word(m, h, pc + 1))
                    elif ik == PRIM:
                        inner_args.append(PRIM_BY_CODE[lib.ccam_block_word(m, h, pc + 1)].name)
                    else:
                        v = self._operand_value(h, pc + 1, memo)
                        inner_args.append(v if ik == STR else _as_const(v))
                args.append(Ins(inner.name, tuple(inner_args)))
                pc += 2
        return Ins(spec.name, tuple(args)), pc

    def _operand_value(self, h, i, memo):
        oh = lib.ccam_block_operand(self._m, h, i)
        try:
            return self.from_handle(oh, memo)
        finally:
            lib.ccam_release(self._m, oh)

    def _operand_block(self, h, i, memo):
        bh = lib.ccam_block_operand(self._m, h, i)
        try:
            return self._decode_block(bh, memo)
        finally:
            lib.ccam_release(self._m, bh)

    # ------------------------------------------------------------- Python -> C values

    def to_handle(self, value) -> int:
        """A new handle for a Python machine value (the caller releases it).
        Iterative; objects that came from this machine (closures, refs, ...)
        are passed as themselves."""
        m = self._m
        made: dict[int, int] = {}  # id(python object) -> handle, for shared substructure
        # Post-order construction with an explicit stack: ("v", x) visits x,
        # ("build", x) builds x once its children have handles.
        stack = [("v", value)]
        keep = []  # temporaries to release at the end
        try:
            while stack:
                what, x = stack.pop()
                if id(x) in made and what == "v":
                    continue
                if what == "v":
                    direct = self._direct_handle(x)
                    if direct is not None:
                        made[id(x)] = direct
                        keep.append(direct)
                        continue
                    children = _children(x)
                    stack.append(("build", x))
                    for c in children:
                        if id(c) not in made:
                            stack.append(("v", c))
                    continue
                h = self._build(x, made)
                if h < 0:
                    raise MemoryError("the C machine could not allocate a host value")
                made[id(x)] = h
                keep.append(h)
            return lib.ccam_dup(m, made[id(value)])
        finally:
            for h in keep:
                lib.ccam_release(m, h)

    def _code_handle(self, code, sealed: bool) -> int:
        """A C block holding `code` (instructions of the reference machine)."""
        from ccam.bytecode import write

        data = write(Program(tuple(code), max(self.nglobals, 10)))
        err = ffi.new("char[512]")
        h = lib.ccam_mk_block(self._m, data, len(data), 1 if sealed else 0, err, 512)
        if h < 0:
            _reject(err)
        return h

    def _direct_handle(self, x) -> Optional[int]:
        m = self._m
        t = type(x)
        if t is int:
            h = lib.ccam_mk_int(m, x) if -(1 << 62) <= x < (1 << 62) else -1
            if h < 0:
                raise ValueError(f"int {x} outside the 63-bit range")
            return h
        if t is bytes:
            return lib.ccam_mk_string(m, x, len(x))
        if t is Unit:
            return lib.ccam_mk_unit(m)
        if t is Placeholder:
            return lib.ccam_mk_bottom(m)
        if t is Con and x.arg is None:
            return lib.ccam_mk_con0(m, x.tag)
        known = self._handles.get(id(x))
        if known is not None and known[0] is x:
            return lib.ccam_dup(m, known[1].h)
        if t is Block:
            return self._code_handle(x.code, x.sealed)
        if t is ExnName:
            raise ValueError("an exception name that did not come from this machine")
        return None

    def _build(self, x, made) -> int:
        m = self._m
        t = type(x)
        if t is Pair:
            return lib.ccam_mk_pair(m, made[id(x.fst)], made[id(x.snd)])
        if t is Con:
            return lib.ccam_mk_con(m, x.tag, made[id(x.arg)])
        if t is Ref:
            return lib.ccam_mk_ref(m, made[id(x.value)])
        if t is Array:
            items = ffi.new("int64_t[]", [made[id(i)] for i in x.items])
            return lib.ccam_mk_array(m, items, len(x.items))
        if t is Closure:
            code = self._code_handle(x.code, True)
            try:
                return lib.ccam_mk_closure(m, made[id(x.env)], code)
            finally:
                lib.ccam_release(m, code)
        if t is ExnVal:
            name = self._direct_handle(x.name)
            try:
                return lib.ccam_mk_exn(m, name, -1 if x.arg is None else made[id(x.arg)])
            finally:
                lib.ccam_release(m, name)
        raise ValueError(f"cannot pass {type(x).__name__} to the C machine")


class _Owner:
    """Owns a ccam_machine*; frees it when the last reference goes. Refers to
    nothing else, so it never sits in a reference cycle."""

    __slots__ = ("m",)

    def __init__(self, m):
        self.m = m

    def __del__(self):
        lib.ccam_free(self.m)


class _Pin:
    """Owns one handle; releases it when it dies."""

    __slots__ = ("owner", "h")

    def __init__(self, owner: _Owner, h: int):
        self.owner = owner
        self.h = h

    def __del__(self):
        lib.ccam_release(self.owner.m, self.h)


def _children(x) -> list:
    t = type(x)
    if t is Pair:
        return [x.fst, x.snd]
    if t is Con:
        return [x.arg]
    if t is Ref:
        return [x.value]
    if t is Array:
        return list(x.items)
    if t is ExnVal:
        return [] if x.arg is None else [x.arg]
    if t is Closure:
        return [x.env]
    raise ValueError(f"not a machine value: {x!r}")


def _set(container, field, value):
    if isinstance(field, str):
        setattr(container, field, value)
    else:
        container[field] = value


def _as_const(v):
    """A quote operand as the reference machine holds it (see refmachine.lifted_operand)."""
    t = type(v)
    if t is int:
        return ConstInt(v)
    if t is bytes:
        return ConstStr(v)
    if t is Unit:
        return ConstUnit()
    if t is Con and v.arg is None:
        return ConstCon(v.tag)
    return v


def _image(program) -> bytes:
    if isinstance(program, (bytes, bytearray, memoryview)):
        return bytes(program)
    if isinstance(program, Program):
        from ccam.bytecode import write

        return write(program)
    raise TypeError(f"expected a Program or .ccam bytes, not {type(program).__name__}")


def _reject(err) -> None:
    from ccam.bytecode import BytecodeError

    reason = ffi.string(err).decode("utf-8", "replace") or "out of memory while loading"
    raise BytecodeError(reason)


def _fileno(out) -> Optional[int]:
    if out is None:
        return None
    try:
        return out.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def run(program, **limits) -> Result:
    """Run a program on a fresh C machine."""
    return Machine(program, **limits).run()


__all__ = ["Machine", "Result", "run", "StaleBuildError"]
