"""The C machine (ccam_c/) behind the reference machine's API.

    Machine(program_or_bytes, *, max_reductions=None, max_stack=DEFAULT_MAX_STACK,
            max_heap=1 << 30, out=None).run() -> Result

`program_or_bytes` is a Program (written to bytecode with ccam/bytecode.py)
or the bytes of a .ccam file (verified by the C loader; a rejected file
raises BytecodeError with the loader's reason). Results are the Result of
ccam/values.py.

Values coming back. Data (ints, strings, (), constructors, pairs, vectors,
exception values) is converted to the classes of ccam/values.py. Values with an
identity in the machine — closures, code blocks, refs, arrays, exception
names — come back as *handles*: objects of the subclasses CClosure, CBlock,
CRef, CArray and CExnName of the values classes, which pin their C object
(the collector keeps it alive while the Python object lives) and decode
their contents only when read (`closure.code`, `closure.env`, `block.code`,
`ref.value`, `array.items`; a ref or array is read once, then kept). So a
call returning a closure costs a handle, not a decoding of its environment
and code. Passing a handle back (to `call`, `call_many`, `set_global`, or
inside a host value) hands over the very same C object.

values.show and other code that checks exact classes need plain values:
`machine.decode(v)` makes a plain structural copy of a value (handles
decoded, code included), and a machine made with `plain=True` returns every
value that way (the binding's old behaviour, exact sharing and cycles
included: what tests comparing with the reference machine use). Plain
values go back only as new host values.

Values going in. Any value of ccam/values.py is built in the machine in one
C call (a postfix program of ccam_build, see ccam_c/ccam.h). Shared
substructure stays shared; a cyclic host structure, one of more than
MAX_HOST_NODES nodes, an int outside the 63-bit range or a foreign object
raises HostValueError (a ValueError) with a message. A handle that came
from another machine, or from this one before `forget()`, raises
StaleValueError: it is never rebuilt structurally.

    call(closure, arg) -> Result
    call_many(closure, args) -> list[Result]

`call_many` applies one closure to each argument in ONE machine entry (one
C call builds every argument, runs every application and collects the
results): each Result has its own status, value, message, output and
counters, exactly as `call` would give them. A call that is interrupted
(Ctrl-C, `interrupt()`) ends the batch: the remaining Results have status
INTERRUPTED, no value and zero counters.

Limits, the output stream and the Ctrl-C handler are set in the machine
once (and again when the attributes max_reductions, max_stack, max_heap,
out or catch_sigint change), not per call.

Handles are released by their finalizers into a pending list that the
next machine entry hands to C in one call: a finalizer never calls into
the machine, so the order in which the garbage collector finalizes a
machine and its values cannot matter.

Threads: a machine (with its handle objects) may be used from several
threads; its runs, calls, conversions and handle reads are made one at a
time, each waiting for the one in progress (the machine's lock, held from
the C entry to the reading of its results), except `interrupt()`, which
never waits. Different machines run in parallel.
"""

from __future__ import annotations

import functools
import signal
import threading
from typing import Optional

import attrs

from ccam.instructions import (
    BY_CODE,
    CONST,
    DEFAULT_MAX_HEAP,
    DEFAULT_MAX_STACK,
    INSTR,
    NAT,
    PRIM,
    PRIM_BY_CODE,
    PROG,
    PROGS,
    STR,
    Ins,
    Program,
    Status,
)
from ccam.nested import run_nested
from ccam.output import output_fileno
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
    Vector,
    lifted_operand,
)

ABI_VERSION = 13  # must equal CCAM_ABI_VERSION in ccam_c/ccam_int.h
NO_TRACE = "the C machine cannot trace transitions; use ccam.refmachine.Machine(trace=...)"
STALE_BUILD = "the C machine (ccam_c._ccam) is stale or missing: rebuild it with `make install` or `pip install -e .`"
STALE_VALUE = ("a value from this C machine before forget() can no longer be used "
               "(forget() released it); get it again from the machine")
FOREIGN_VALUE = "a value from another C machine cannot be passed to this one"
FOREIGN_EXN_NAME = "an exception name that did not come from this machine"
HOST_VALUE_CYCLIC = "a cyclic host value cannot be passed to the C machine"
HOST_VALUE_TOO_LARGE = "a host value of more than {limit:,} nodes cannot be passed to the C machine"
NOT_A_VALUE = "cannot pass {kind} to the C machine: not a machine value"
INT_RANGE = "int {n} outside the 63-bit range"
OUT_OF_MEMORY = "the C machine could not allocate a host value"

DEBUG_COLLECT_ALWAYS = 1
DEBUG_HEAP_CHECK = 2
DEBUG_COLLECT_SOMETIMES = 4  # every 1-17 instructions, so stores reach the write barrier
# _Writer._tree: how deep a host value written as a tree may be (at most
# 2^depth leaves)
SMALL_TREE_DEPTH = 5
LIST_ITEM_DEPTH = 2  # _Writer._list: of each item of a list, at least
MAX_FAST_LIST_NESTING = 32  # _Writer._tree: lists in lists (deeper: the walk)
# Structural conversion of a host value is bounded: at most this many nodes.
MAX_HOST_NODES = 1 << 22
# Decoded code of sealed blocks is cached (with a pin, so an address is
# never reused under the cache); the cache is emptied beyond this many.
CODE_CACHE_LIMIT = 4096

# ccam.h CCAM_K_*
K_INT, K_UNIT, K_CON0, K_CON, K_PAIR, K_STRING, K_CLOSURE, K_BLOCK, K_REF, K_ARRAY, K_EXNNAME, K_EXN, K_BOTTOM, \
    K_VECTOR = range(14)
K_CODE = -2  # not a C kind: a conversion task, "decode this closure's or block's code"
# ccam.h CCAM_B_*: the host-value build program
(B_END, B_INT, B_UNIT, B_BOTTOM, B_CON0, B_CON, B_PAIR, B_STRING, B_REF, B_ARRAY, B_EXN, B_EXNARG, B_HANDLE,
 B_CLOSURE, B_LOAD, B_VECTOR) = range(16)
INFO_WORDS = 8  # ccam.h CCAM_INFO_WORDS
K_SMALL = 100  # ccam.h CCAM_K_SMALL: the kind ccam_call_small reports for a result it wrote out
# Room for such a result: ccam.h CCAM_SMALL_NODES nodes take at most 3 words
# each (and the word of the bytes used); the strings, this many bytes
SMALL_WORDS = 1 + 3 * 64
SMALL_BYTES = 4096
INT_MIN, INT_MAX = -(1 << 62), (1 << 62) - 1

_STATUS = {int(s): s for s in Status}
_MAIN_THREAD = threading.main_thread().ident
# (call_fields: module attributes looked up once)
_get_ident = threading.get_ident
_SIGINT, _SIG_IGN = int(signal.SIGINT), int(signal.SIG_IGN)

try:  # signal.getsignal without its conversion to an enum (a third of a short call's entry)
    from _signal import getsignal as _raw_getsignal
except ImportError:  # another Python implementation
    _raw_getsignal = signal.getsignal


class StaleBuildError(ImportError):
    pass


class HostValueError(ValueError):
    """A host value the C machine cannot take."""


class StaleValueError(HostValueError):
    """A handle from another machine, or from this one before forget()."""


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


# ------------------------------------------------------------------ the owner of a C machine


class _Owner:
    """Owns a ccam_machine* and the binding's state about it. Handles refer
    to it; it refers to handles only through its caches, so it may sit in a
    reference cycle: its finalizer frees the machine, and finalizers of
    handles only append to `pending` (never call C), whatever the order."""

    __slots__ = ("m", "lib", "lock", "pending", "live", "epoch", "exn_names", "code_cache", "word",
                 "read_ops", "read_data", "read_len")

    def __init__(self, m):
        self.m = m
        self.lib = lib  # kept: module globals may be gone when finalizers run at exit
        # One thread at a time from a machine entry to the reading of what it
        # left (its status, output and message, ccam_read's program, the
        # scratch cdata below and Machine's): the C machine takes its own
        # lock per entry only, and between two entries of one call another
        # thread's run would replace them (a call got another's result).
        # Reentrant: entries nest (run converts its start stack).
        self.lock = threading.RLock()
        self.pending: list[int] = []  # handles whose Python owner died: released at the next entry
        self.live: dict[int, None] = {}  # handles owned by handle objects of the current epoch
        self.epoch = 0  # forget() starts a new one
        self.exn_names: dict[int, CExnName] = {}  # C identity -> the one Python object
        self.code_cache: dict[int, tuple] = {}  # sealed block identity -> (instructions, pinning handle)
        self.word = ffi.new("int64_t *")  # scratch for ccam_child / ccam_peek
        # where ccam_read says where it wrote
        self.read_ops = ffi.new("const int64_t **")
        self.read_data = ffi.new("const uint8_t **")
        self.read_len = ffi.new("size_t *")

    def drain(self) -> None:
        """Release the handles of dead handle objects (one C call)."""
        if self.pending:
            handles, self.pending = self.pending, []
            self.lib.ccam_release_many(self.m, handles, len(handles))

    def forget(self) -> None:
        handles = list(self.live) + [entry[1] for entry in self.code_cache.values()]
        self.live.clear()
        self.code_cache.clear()
        self.exn_names.clear()
        self.epoch += 1
        self.drain()
        if handles:
            self.lib.ccam_release_many(self.m, handles, len(handles))

    def __del__(self):
        m, self.m = self.m, None
        if m is not None:
            self.lib.ccam_free(m)


# ------------------------------------------------------------------ handles


def _exclusive(method):
    """A method of Machine or of a handle object run holding its machine's
    lock (_Owner.lock)."""

    @functools.wraps(method)
    def exclusive(self, *args, **kwargs):
        with self._owner.lock:
            return method(self, *args, **kwargs)

    return exclusive


class _Handle:
    """Mixin of the handle classes (their slots: _owner, _h, _epoch, _got)."""

    __slots__ = ()

    def _adopt(self, owner: _Owner, h: int) -> None:
        self._owner = owner
        self._h = h
        self._epoch = owner.epoch
        self._got = False
        owner.live[h] = None

    def _handle(self, owner: _Owner) -> int:
        """The pinned handle, for passing the object back to `owner`."""
        if self._owner is not owner:
            raise StaleValueError(FOREIGN_VALUE)
        if self._epoch != owner.epoch:
            raise StaleValueError(STALE_VALUE)
        return self._h

    def _readable(self) -> _Owner:
        owner = self._owner
        if self._epoch != owner.epoch or owner.m is None:
            raise StaleValueError(STALE_VALUE)
        return owner

    @_exclusive
    def identity_key(self):
        """The object's identity in its machine, for values.show's cycle
        check: reading a handle twice (a ref inside itself) makes two
        Python objects for one C object."""
        owner = self._readable()
        return ("c", owner.lib.ccam_identity(owner.m, self._h))

    def __del__(self):
        try:
            owner, h = self._owner, self._h
        except AttributeError:
            return
        if self._epoch == owner.epoch:
            owner.live.pop(h, None)
            owner.pending.append(h)


class CClosure(_Handle, Closure):
    """A closure of the C machine; env and code are decoded when first read."""

    __slots__ = ("_owner", "_h", "_epoch", "_got")

    @_exclusive
    def _read(self):
        if not self._got:
            owner = self._readable()
            env = _Reader(owner).child(self._h, 0)
            code = _Reader(owner).closure_code(self._h)
            Closure.env.__set__(self, env)
            Closure.code.__set__(self, code)
            self._got = True

    @property
    def env(self):
        self._read()
        return Closure.env.__get__(self)

    @property
    def code(self):
        self._read()
        return Closure.code.__get__(self)

    def __repr__(self):
        return "CClosure(...)"


class CBlock(_Handle, Block):
    """A code block of the C machine. `code` is decoded when read (once for
    a sealed block; an unsealed one is decoded again when it has grown)."""

    __slots__ = ("_owner", "_h", "_epoch", "_got")

    @property
    @_exclusive
    def sealed(self) -> bool:
        owner = self._readable()
        return owner.lib.ccam_block_sealed(owner.m, self._h) == 1

    @property
    @_exclusive
    def code(self):
        owner = self._readable()
        nwords = owner.lib.ccam_block_nwords(owner.m, self._h)
        sealed = owner.lib.ccam_block_sealed(owner.m, self._h) == 1
        if self._got and Block.sealed.__get__(self) == (sealed, nwords):
            return Block.code.__get__(self)
        code = _Reader(owner).block_code(self._h, self)
        code = code if sealed else list(code)  # as values.Block keeps them
        Block.code.__set__(self, code)
        Block.sealed.__set__(self, (sealed, nwords))  # the slot remembers what was decoded
        self._got = True
        return code

    def seal(self):
        raise TypeError("a C machine block is sealed by the machine (call, merge), not by Python")

    def __repr__(self):
        return "CBlock(...)"


class CRef(_Handle, Ref):
    """A ref of the C machine; its content is read (once) when first used."""

    __slots__ = ("_owner", "_h", "_epoch", "_got")

    @property
    @_exclusive
    def value(self):
        if not self._got:
            Ref.value.__set__(self, _Reader(self._readable()).child(self._h, 0))
            self._got = True
        return Ref.value.__get__(self)

    def __repr__(self):
        return "CRef(...)"


class CArray(_Handle, Array):
    """An array of the C machine; its items are read (once) when first used."""

    __slots__ = ("_owner", "_h", "_epoch", "_got")

    @property
    @_exclusive
    def items(self):
        if not self._got:
            owner = self._readable()
            Array.items.__set__(self, _Reader(owner).array_items(self._h))
            self._got = True
        return Array.items.__get__(self)

    def __repr__(self):
        return "CArray(...)"


class CExnName(_Handle, ExnName):
    """An exception name of the C machine (one Python object per name)."""

    __slots__ = ("_owner", "_h", "_epoch", "_got")


_HANDLE_CLASSES = (CClosure, CBlock, CRef, CArray, CExnName)


# ------------------------------------------------------------------ C values -> Python


NOT_READ = object()  # _Reader._read: ccam_read failed (out of memory, a cycle), the slow way instead
_READ_OP_WORDS = {B_INT: 2, B_PAIR: 1, B_CON: 2, B_CON0: 2, B_LOAD: 2, B_STRING: 3, B_UNIT: 1, B_BOTTOM: 1,
                  B_HANDLE: 2, B_VECTOR: 2}


def _read_handles(ops: list, i: int) -> list:
    """The handles in ccam_read's program from word i on."""
    handles = []
    while i < len(ops):
        if ops[i] == B_HANDLE:
            handles.append(ops[i + 1])
        i += _READ_OP_WORDS.get(ops[i], len(ops))  # (an unknown operation ends the walk)
    return handles


def _decode(ops: list, i: int, end: int, data: bytes, take=None, release=None):
    """The value that words i..end of ops build (the program ccam_call_small
    and ccam_read write; see ccam.h), strings sliced from data: a composite
    met again (LOAD) the same Python object. HANDLE h is `yield from
    take(h)`, where take is given (ccam_read's programs); if the walk stops
    early, release gets the handles not yet taken."""
    stack: list = []
    made: list = []  # the strings, pairs, constructors and vectors, as LOAD numbers them
    push, pop, keep = stack.append, stack.pop, made.append
    try:
        while i < end:
            op = ops[i]
            if op == B_INT:
                push(ops[i + 1])
                i += 2
            elif op == B_PAIR:
                snd = pop()
                stack[-1] = v = Pair(stack[-1], snd)
                keep(v)
                i += 1
            elif op == B_CON:
                stack[-1] = v = Con(ops[i + 1], stack[-1])
                keep(v)
                i += 2
            elif op == B_CON0:
                push(Con(ops[i + 1]))
                i += 2
            elif op == B_LOAD:
                push(made[ops[i + 1]])
                i += 2
            elif op == B_STRING:
                start = ops[i + 1]
                v = data[start:start + ops[i + 2]]
                keep(v)
                push(v)
                i += 3
            elif op == B_VECTOR:
                n = ops[i + 1]
                v = Vector(stack[len(stack) - n:])
                del stack[len(stack) - n:]
                keep(v)
                push(v)
                i += 2
            elif op == B_UNIT:
                push(UNIT_VALUE)
                i += 1
            elif op == B_BOTTOM:
                push(PLACEHOLDER)
                i += 1
            elif op == B_HANDLE and take is not None:
                handle = ops[i + 1]
                i += 2  # (consumed by take, even if it fails)
                push((yield from take(handle)))
            else:
                raise HostValueError(f"bad value from the C machine (operation {op})")
    finally:
        if release is not None and i < end:
            release(_read_handles(ops, i))
    [value] = stack
    return value


class _Reader:
    """Converts C values of one machine to Python values: data structurally
    (iteratively, shares and cycles kept by C identity, strings included), identity values as
    handle objects (lazy), or — `plain` — everything as plain values of
    ccam/values.py (Machine.decode)."""

    def __init__(self, owner: _Owner, plain: bool = False, memo: Optional[dict] = None):
        self.owner = owner
        self.m = owner.m
        self.lib = owner.lib
        self.plain = plain
        self.memo = {} if memo is None else memo  # C identity -> Python value
        self.word = owner.word

    # ---- entry points

    def take(self, kind: int, word: int):
        """The value of (kind, word) as ccam_child / call info report it;
        a handle in `word` is consumed."""
        if kind == K_INT:
            return word
        if kind == K_UNIT:
            return UNIT_VALUE
        if kind == K_CON0:
            return Con(word)
        if kind == K_BOTTOM:
            return PLACEHOLDER
        if kind < 0:
            raise MemoryError(OUT_OF_MEMORY)
        return run_nested(self._take(kind, word))

    def child(self, h: int, i: int):
        kind = self.lib.ccam_child(self.m, h, i, self.word)
        if kind < 0:
            raise MemoryError(OUT_OF_MEMORY)
        return self.take(kind, self.word[0])

    def handle_value(self, h: int):
        """The value of a handle the caller keeps."""
        return run_nested(self._handle_value(h))

    # ---- the iterative conversion
    #
    # Data is converted by a task loop (_run); the code of a closure or
    # block, and a value quoted in that code (a lifted closure whose code
    # quotes another, ...), are walks for ccam/nested.py run_nested, so
    # neither deep code nor long chains of lifted values use Python frames.

    def _handle_value(self, h: int):
        kind = self.lib.ccam_peek(self.m, h, self.word)
        if kind < 0:
            raise HostValueError(f"bad handle {h}")
        if kind in (K_INT, K_UNIT, K_CON0, K_BOTTOM):
            return self.take(kind, self.word[0])
        return (yield from self._take(kind, self.lib.ccam_dup(self.m, h)))

    def _take(self, kind: int, word: int):
        if kind in (K_INT, K_UNIT, K_CON0, K_BOTTOM):
            return self.take(kind, word)
        if (kind == K_PAIR or kind == K_CON or kind == K_VECTOR) and not self.plain:
            # a list, a tree or a vector: read whole in one C call (ccam_read), not a call per node
            value = yield from self._read(word)
            if value is not NOT_READ:
                return value
        result = [None]
        yield from self._run([(kind, word, result, 0)])
        return result[0]

    def array_items(self, h: int) -> list:
        """The items of array h (kept), read in one C call where it can be."""
        items = run_nested(self._read(h, consume=False))
        if items is NOT_READ:
            return [self.child(h, i) for i in range(self.lib.ccam_length(self.m, h))]
        return items.items

    def _read(self, h: int, consume: bool = True):
        """The value of handle h (consumed) as ccam_read writes it out; what
        is not data (a closure, a ref, ...) comes as a handle, converted as
        _take converts it (an array at the root comes as a Vector of its
        items). NOT_READ, with h kept, if the read failed."""
        lib, m, owner = self.lib, self.m, self.owner
        nwords = lib.ccam_read(m, h, owner.read_ops, owner.read_data, owner.read_len)
        if nwords < 0:
            return NOT_READ
        if consume:
            lib.ccam_release(m, h)
        # copied out at once: a conversion below may read again, into the same buffers
        ops = ffi.unpack(owner.read_ops[0], nwords)  # (a list: indexing a cdata costs more)
        length = owner.read_len[0]
        data = ffi.buffer(owner.read_data[0], length)[:] if length else b""

        def take(handle: int):
            return self._take(lib.ccam_peek(m, handle, self.word), handle)

        def release(handles: list) -> None:
            lib.ccam_release_many(m, handles, len(handles))

        return (yield from _decode(ops, 0, nwords, data, take, release))

    def _run(self, tasks: list):
        lib, m = self.lib, self.m
        owned: list[int] = []
        try:
            while tasks:
                kind, h, container, field = tasks.pop()
                if kind == K_CODE:  # the code of the closure or block `container` (h: its handle)
                    if type(container) is Closure:
                        container.code = yield self._closure_code(h)
                    else:
                        sealed = lib.ccam_block_sealed(m, h) == 1
                        code = yield self._block_code(h, container)
                        container.code, container.sealed = (code, True) if sealed else (list(code), False)
                    continue
                if kind == K_INT:
                    v = h
                elif kind == K_UNIT:
                    v = UNIT_VALUE
                elif kind == K_CON0:
                    v = Con(h)
                elif kind == K_BOTTOM:
                    v = PLACEHOLDER
                elif (kind == K_PAIR or kind == K_CON or kind == K_VECTOR) and not self.plain:
                    # data inside what is not data (an exception's
                    # argument): read whole in one C call, as at the root
                    # (a list of a million items in an uncaught exception
                    # took 4 s node by node)
                    v = yield from self._read(h)
                    if v is NOT_READ:
                        v = self._object(kind, h, tasks, owned)
                else:
                    v = self._object(kind, h, tasks, owned)
                if type(field) is str:
                    setattr(container, field, v)
                else:
                    container[field] = v
        finally:
            if owned:
                lib.ccam_release_many(m, owned, len(owned))

    def _children(self, h, fields, tasks, owned, container, names) -> None:
        lib, m, word = self.lib, self.m, self.word
        for i, name in zip(fields, names):
            kind = lib.ccam_child(m, h, i, word)
            if kind < 0:
                raise MemoryError(OUT_OF_MEMORY)
            tasks.append((kind, word[0], container, name))

    def _object(self, kind, h, tasks, owned):
        """The Python value of a pinned heap object; h is consumed (owned by
        the result when it is a handle object, else released)."""
        lib, m = self.lib, self.m
        ident = lib.ccam_identity(m, h)
        known = self.memo.get(ident)
        if known is not None:
            owned.append(h)
            return known
        if kind == K_STRING:
            owned.append(h)
            # one bytes object per C string: a string shared in the machine
            # is copied (and, by the API, decoded) once
            v = self.memo[ident] = bytes(ffi.buffer(lib.ccam_string_data(m, h), lib.ccam_length(m, h)))
            return v
        if kind == K_EXNNAME:
            v = self._exn_name(h, ident)
            if self.plain:
                v = ExnName(v.name)
            self.memo[ident] = v
            return v
        if not self.plain and kind in (K_CLOSURE, K_BLOCK, K_REF, K_ARRAY):
            cls = {K_CLOSURE: CClosure, K_BLOCK: CBlock, K_REF: CRef, K_ARRAY: CArray}[kind]
            v = cls.__new__(cls)
            v._adopt(self.owner, h)
            self.memo[ident] = v
            return v
        owned.append(h)
        if kind == K_PAIR:
            v = Pair(None, None)
            self.memo[ident] = v
            self._children(h, (1, 0), tasks, owned, v, ("snd", "fst"))
        elif kind == K_CON:
            v = Con(lib.ccam_tag(m, h), None)
            self.memo[ident] = v
            self._children(h, (0,), tasks, owned, v, ("arg",))
        elif kind == K_EXN:
            nh = lib.ccam_exn_name(m, h)
            name_ident = lib.ccam_identity(m, nh)
            name = self._exn_name(nh, name_ident)
            if self.plain:
                name = self.memo.setdefault(name_ident, ExnName(name.name))
            v = ExnVal(name, None)
            self.memo[ident] = v
            arg_kind = lib.ccam_child(m, h, 0, self.word)  # -1: no argument
            if arg_kind >= 0:
                tasks.append((arg_kind, self.word[0], v, "arg"))
        elif kind == K_REF:
            v = Ref(None)
            self.memo[ident] = v
            self._children(h, (0,), tasks, owned, v, ("value",))
        elif kind == K_ARRAY or kind == K_VECTOR:
            n = lib.ccam_length(m, h)
            v = (Array if kind == K_ARRAY else Vector)([None] * n)
            self.memo[ident] = v
            self._children(h, range(n - 1, -1, -1), tasks, owned, v.items, range(n - 1, -1, -1))
        elif kind == K_CLOSURE:
            v = Closure(None, ())
            self.memo[ident] = v  # before its code: generated code may quote a value leading back here
            self._children(h, (0,), tasks, owned, v, ("env",))
            tasks.append((K_CODE, h, v, None))  # next, before the environment (h stays owned until then)
        elif kind == K_BLOCK:
            v = Block()
            self.memo[ident] = v
            tasks.append((K_CODE, h, v, None))
        else:
            raise HostValueError(f"bad handle {h} (kind {kind})")
        return v

    def _exn_name(self, h: int, ident: int) -> "CExnName":
        """The one CExnName of a C exception name; h is consumed."""
        owner = self.owner
        v = owner.exn_names.get(ident)
        if v is not None:
            self.lib.ccam_release(self.m, h)
            return v
        v = CExnName.__new__(CExnName)
        v._adopt(owner, h)
        sh = self.lib.ccam_exn_name(self.m, h)
        v.name = bytes(ffi.buffer(self.lib.ccam_string_data(self.m, sh), self.lib.ccam_length(self.m, sh)))
        self.lib.ccam_release(self.m, sh)
        owner.exn_names[ident] = v
        return v

    # ---- code

    def closure_code(self, h: int) -> tuple:
        return run_nested(self._closure_code(h))

    def _closure_code(self, h: int):
        bh = self.lib.ccam_field(self.m, h, 1)
        try:
            return (yield from self._block_code(bh, None))
        finally:
            self.lib.ccam_release(self.m, bh)

    def block_code(self, h: int, itself) -> tuple:
        """A block's instructions as Ins (sub-programs decoded too); `itself`
        is the Python object of the block, for code that quotes it.
        Iterative over sub-programs (ccam/nested.py): code nests up to
        MAX_CODE_NESTING deep, on whatever thread reads it."""
        return run_nested(self._block_code(h, itself))

    def _block_code(self, h: int, itself):
        lib, m = self.lib, self.m
        ident = lib.ccam_identity(m, h)
        sealed = lib.ccam_block_sealed(m, h) == 1
        cache = self.owner.code_cache
        if sealed and not self.plain and ident in cache:
            return cache[ident][0]
        if itself is not None:
            self.memo.setdefault(ident, itself)
        n = lib.ccam_block_nwords(m, h)
        out = []
        pc = 0
        while pc < n:
            ins, pc = yield from self._decode_ins(h, pc)
            out.append(ins)
        code = tuple(out)
        if sealed and not self.plain:
            if len(cache) >= CODE_CACHE_LIMIT:
                handles = [entry[1] for entry in cache.values()]
                cache.clear()
                lib.ccam_release_many(m, handles, len(handles))
            cache[ident] = (code, lib.ccam_dup(m, h))
        return code

    def _decode_ins(self, h, pc):
        """The instruction at word pc and the pc after it; yields the walk
        of each sub-program it holds (see block_code)."""
        lib, m = self.lib, self.m
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
                args.append((yield from (self._operand_value(h, pc) if kind == STR else self._const_operand(h, pc))))
                pc += 1
            elif kind == PROG:
                args.append((yield self._operand_block(h, pc)))
                pc += 1
            elif kind == PROGS:
                count = lib.ccam_block_word(m, h, pc)
                arms = []
                for i in range(count):
                    arms.append((yield self._operand_block(h, pc + 1 + i)))
                args.append(tuple(arms))
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
                        inner_args.append((yield from (self._operand_value(h, pc + 1) if ik == STR
                                                       else self._const_operand(h, pc + 1))))
                args.append(Ins(inner.name, tuple(inner_args)))
                pc += 2
        return Ins(spec.name, tuple(args)), pc

    def _operand_value(self, h, i):
        oh = self.lib.ccam_block_operand(self.m, h, i)
        try:
            return (yield self._handle_value(oh))
        finally:
            self.lib.ccam_release(self.m, oh)

    def _const_operand(self, h, i):
        """A quote's operand as the reference machine holds it: a table
        constant, or the lifted value itself. Told apart by the C kind, not
        the decoded value: a constructor met again inside its own argument
        (a cycle through lifted code) is decoded while its argument is still
        pending, and would look like a nullary constant."""
        oh = self.lib.ccam_block_operand(self.m, h, i)
        try:
            kind = self.lib.ccam_peek(self.m, oh, self.word)
            v = yield self._handle_value(oh)
        finally:
            self.lib.ccam_release(self.m, oh)
        return v if kind == K_CON else lifted_operand(v)

    def _operand_block(self, h, i):
        """The walk of the sub-program operand at word i (its handle is
        released when the walk ends, however it ends)."""
        bh = self.lib.ccam_block_operand(self.m, h, i)
        try:
            return (yield from self._block_code(bh, None))
        finally:
            self.lib.ccam_release(self.m, bh)


# ------------------------------------------------------------------ Python -> C values


class _Writer:
    """Encodes host values as a ccam_build program (ccam_c/ccam.h CCAM_B_*):
    iterative, shared substructure sent once (LOAD), cycles and oversized
    values refused before anything reaches the machine."""

    __slots__ = ("machine", "ops", "chunks", "offset", "temps", "limit", "lists_open")

    def __init__(self, machine: "Machine"):
        self.machine = machine
        self.ops: list[int] = []
        self.chunks: list[bytes] = []
        self.offset = 0
        self.temps: list[int] = []  # handles of host-made code blocks, released after the build
        self.limit = 0  # (value's fast path: the last word it may write, and)
        self.lists_open = 0  # (how many lists it is in)

    def data(self) -> bytes:
        return b"".join(self.chunks)

    def release(self) -> None:
        if self.temps:
            lib.ccam_release_many(self.machine._m, self.temps, len(self.temps))
            self.temps = []

    def value(self, x) -> None:
        """Append the program of one value (ending with END)."""
        ops = self.ops
        t = type(x)
        # the shapes of most arguments, without the general walk
        if t is int:
            if not INT_MIN <= x <= INT_MAX:
                raise HostValueError(INT_RANGE.format(n=x))
            ops += (B_INT, x, B_END)
            return
        if t is Pair or t is Con:
            # a small tree (an API call's tuple argument), lists of small
            # trees anywhere in it, without the walk's tables. Each node
            # writes one to three words: at most MAX_HOST_NODES words are
            # within the bound whatever they are; up to three times that,
            # the nodes written are counted (a list of a million ints, 5
            # words a cell, went to the walk, 4 times slower); beyond, or
            # past the bound (a node met twice is written twice here, once
            # by the walk), the walk counts them exactly
            mark, chunks, offset = len(ops), len(self.chunks), self.offset
            self.limit = mark + 3 * MAX_HOST_NODES
            self.lists_open = 0
            if self._tree(x, SMALL_TREE_DEPTH) is not None and (
                    len(ops) - mark <= MAX_HOST_NODES or _nodes_written(ops, mark) <= MAX_HOST_NODES):
                ops.append(B_END)
                return
            del ops[mark:], self.chunks[chunks:]  # (what it wrote of x)
            self.offset = offset
        self._walk(x)
        ops.append(B_END)

    def _list(self, x, item_depth: int) -> Optional[bool]:
        """Append x if it is a list (constructors of one tag, each of a
        pair, ending in a nullary constructor), each item a tree at most
        item_depth deep (see _tree), while the program stays within
        self.limit words: its items first, then its end and a PAIR and CON
        per cell, the postfix of the nested cells. None (having appended
        part of it) if it is not. (An item met twice is written twice: at
        most 2^LIST_ITEM_DEPTH times the nodes; the limit ends a cyclic
        spine.)"""
        tag = x.tag
        ops, limit = self.ops, self.limit
        cells = 0
        while type(x) is Con and x.tag == tag and type(x.arg) is Pair:
            if self._tree(x.arg.fst, item_depth) is None or len(ops) > limit:
                return None
            cells += 1
            x = x.arg.snd
        if type(x) is not Con or x.arg is not None:
            return None
        ops += (B_CON0, _tag(x.tag))
        ops += (B_PAIR, B_CON, _tag(tag)) * cells
        return True if len(ops) <= limit else None

    def _tree(self, x, depth: int) -> Optional[bool]:
        """Append x if it is a tree of pairs and constructors at most
        `depth` deep over ints, strings, (), nullary constructors and
        handles, and
        lists of such trees (the spine not counted: see _list); None
        (having appended part of it) if it is not. A node met twice is
        written twice (no LOAD): at this depth that costs less than the
        walk's table, and immutable data shared or not is the same ML value.
        The depth bound also ends a cycle, which the walk then refuses."""
        t = type(x)
        if t is int or t is bytes:
            self._leaf(x, t)
            return True
        if t is Pair:
            if not depth:
                return None
            # (an int or a string item without a call of its own)
            a, b = x.fst, x.snd
            ta, tb = type(a), type(b)
            if ta is int or ta is bytes:
                self._leaf(a, ta)
            elif self._tree(a, depth - 1) is None:
                return None
            if tb is int or tb is bytes:
                self._leaf(b, tb)
            elif self._tree(b, depth - 1) is None:
                return None
            self.ops.append(B_PAIR)
            return True
        if t is Con:
            arg = x.arg
            if arg is None:
                self.ops += (B_CON0, _tag(x.tag))
                return True
            if type(arg) is Pair and type(arg.snd) is Con and arg.snd.tag == x.tag:
                # a list's cell (of two or more): the list is written by
                # _list, its items as deep as here (the spine is not
                # counted: a list is not a tree). _list stops at a cycle
                # along the spine, a deep item or the limit, this bound at
                # a list that is its own item; the walk then takes the whole
                # value. (Nothing is tried twice: linear, or it gives up.)
                if self.lists_open == MAX_FAST_LIST_NESTING:
                    return None
                self.lists_open += 1
                try:
                    return self._list(x, max(depth - 1, LIST_ITEM_DEPTH))
                finally:
                    self.lists_open -= 1
            if not depth or self._tree(arg, depth - 1) is None:
                return None
            self.ops += (B_CON, _tag(x.tag))
            return True
        if t is Unit:
            self.ops.append(B_UNIT)
            return True
        if t in _HANDLE_CLASSES:  # (a kept ML value: an array filled in parts, by mlbox pf)
            self.ops += (B_HANDLE, x._handle(self.machine._owner))
            return True
        return None

    def _leaf(self, x, t) -> None:
        if t is int:
            if not INT_MIN <= x <= INT_MAX:
                raise HostValueError(INT_RANGE.format(n=x))
            self.ops += (B_INT, x)
        else:
            self.ops += (B_STRING, self.offset, len(x))
            self.chunks.append(x)
            self.offset += len(x)

    def _walk(self, root) -> None:
        ops = self.ops
        owner = self.machine._owner
        made: dict[int, int] = {}  # id(host object) -> its number among the composites made
        active: set[int] = set()  # composites whose parts are being encoded (cycle check)
        nodes = 0
        work = [root]
        pop, push = work.pop, work.append
        while work:
            x = pop()
            t = type(x)
            if t is tuple:  # a finished composite: (op, operand or None, object)
                op, arg, obj = x
                if arg is None:
                    ops.append(op)
                else:
                    ops += (op, arg)
                made[id(obj)] = len(made)
                active.discard(id(obj))
                continue
            nodes += 1
            if nodes > MAX_HOST_NODES:
                raise HostValueError(HOST_VALUE_TOO_LARGE.format(limit=MAX_HOST_NODES))
            if t is int or t is bytes:
                self._leaf(x, t)
                continue
            if t is Unit:
                ops.append(B_UNIT)
                continue
            if t is Placeholder:
                ops.append(B_BOTTOM)
                continue
            if t is Con and x.arg is None:
                ops += (B_CON0, _tag(x.tag))
                continue
            if t in _HANDLE_CLASSES:
                ops += (B_HANDLE, x._handle(owner))
                continue
            key = id(x)
            if key in made:
                ops += (B_LOAD, made[key])
                continue
            if key in active:
                raise HostValueError(HOST_VALUE_CYCLIC)
            if t is Pair:
                active.add(key)
                push((B_PAIR, None, x))
                push(x.snd)
                push(x.fst)
            elif t is Con:
                active.add(key)
                push((B_CON, _tag(x.tag), x))
                push(x.arg)
            elif t is Ref:
                active.add(key)
                push((B_REF, None, x))
                push(x.value)
            elif t is Array or t is Vector:
                active.add(key)
                items = x.items
                push((B_ARRAY if t is Array else B_VECTOR, len(items), x))
                work.extend(reversed(items))
            elif t is ExnVal:
                if type(x.name) is not CExnName:
                    raise HostValueError(FOREIGN_EXN_NAME)
                active.add(key)
                if x.arg is None:
                    push((B_EXN, None, x))
                else:
                    push((B_EXNARG, None, x))
                    push(x.arg)
                ops += (B_HANDLE, x.name._handle(owner))
            elif t is Closure:
                active.add(key)
                push((B_CLOSURE, None, x))
                self.temps.append(self.machine._code_handle(x.code, True))
                push(_BlockHandle(self.temps[-1]))
                push(x.env)
            elif t is _BlockHandle:
                ops += (B_HANDLE, x.h)
            elif t is Block:
                self.temps.append(self.machine._code_handle(x.code, x.sealed))
                ops += (B_HANDLE, self.temps[-1])
            elif t is ExnName:
                raise HostValueError(FOREIGN_EXN_NAME)
            else:
                raise HostValueError(NOT_A_VALUE.format(kind=type(x).__name__))


# The operands after each opcode the fast path of _Writer.value writes.
_FAST_OPERANDS = {B_INT: 1, B_STRING: 2, B_CON0: 1, B_CON: 1, B_PAIR: 0, B_UNIT: 0, B_HANDLE: 1}


def _nodes_written(ops: list, start: int) -> int:
    """The nodes (opcodes) of the build program ops[start:], as the fast
    path of _Writer.value writes it."""
    operands = _FAST_OPERANDS
    i, end, nodes = start, len(ops), 0
    while i < end:
        i += operands[ops[i]] + 1
        nodes += 1
    return nodes


class _BlockHandle:
    __slots__ = ("h",)

    def __init__(self, h: int):
        self.h = h


def _tag(tag) -> int:
    if type(tag) is not int or not 0 <= tag <= 0xFFFFFFFF:
        raise HostValueError(f"bad constructor tag {tag!r}")
    return tag


# ------------------------------------------------------------------ the machine


class Machine:
    """The C machine with the reference machine's API: run, call, run_more,
    global_value; plus call_many, set_global, decode, forget and the C-only
    heap limit and debug modes."""

    def __init__(self, program, *, max_reductions: Optional[int] = None, max_stack: int = DEFAULT_MAX_STACK,
                 max_heap: int = DEFAULT_MAX_HEAP, out=None, trace=None, debug: int = 0,
                 catch_sigint: bool = True, plain: bool = False, keep_output: bool = True):
        if trace is not None:
            raise ValueError(NO_TRACE)
        data = _image(program)
        err = ffi.new("char[512]")
        m = lib.ccam_load(data, len(data), err, 512)
        if m == ffi.NULL:
            _reject(err)
        self._owner = _Owner(m)
        self._m = m  # the raw machine (mlbox/valueprint.py reads handles through it)
        self._info = ffi.new("int64_t[]", INFO_WORDS)
        # call_fields' build programs of an int and of a string argument (the
        # int, the string's length, filled in per call)
        self._int_ops = ffi.new("int64_t[]", [B_INT, 0, B_END])
        self._string_ops = ffi.new("int64_t[]", [B_STRING, 0, 0, B_END])
        # where ccam_call_small writes a small result (see _small_value)
        self._small_ops = ffi.new("int64_t[]", SMALL_WORDS)
        self._small_data = ffi.new("char[]", SMALL_BYTES)
        self._size = ffi.new("size_t *")
        self._sigint_set = False
        self._plain = plain  # results as plain values (see the module docstring)
        self._max_reductions = max_reductions
        self._max_stack = max_stack
        self._max_heap = max_heap
        self._keep_output = keep_output
        self.out = out
        self.catch_sigint = catch_sigint
        lib.ccam_set_debug(m, debug)
        self._apply_limits()

    # ------------------------------------------------------------- settings (applied once, not per call)

    def _apply_limits(self):
        lib.ccam_set_limits(self._m, -1 if self._max_reductions is None else self._max_reductions,
                            self._max_stack, self._max_heap)

    @property
    def max_reductions(self):
        return self._max_reductions

    @max_reductions.setter
    def max_reductions(self, n):
        self._max_reductions = n
        self._apply_limits()

    @property
    def max_stack(self):
        return self._max_stack

    @max_stack.setter
    def max_stack(self, n):
        self._max_stack = n
        self._apply_limits()

    @property
    def max_heap(self):
        return self._max_heap

    @max_heap.setter
    def max_heap(self, n):
        self._max_heap = n
        self._apply_limits()

    @property
    def out(self):
        return self._out

    @out.setter
    def out(self, out):
        """Output goes to out's file descriptor directly when it has one
        (flushed before each run, so earlier writes come first), else it is
        written to `out` after the run; it is also kept for Result.output
        unless keep_output=False. A descriptor refusing the bytes stops the
        run at that print with Status.OUTPUT (see output_errno)."""
        self._out = out
        fd = output_fileno(out)
        self._out_flush = out.flush if fd is not None else None
        self._out_write = out.write if out is not None and fd is None else None
        lib.ccam_set_output_fd(self._m, -1 if fd is None else fd, 1 if self._keep_output else 0)

    @property
    def output_errno(self) -> int:
        """The errno of the print that stopped the latest run with Status.OUTPUT (0: none)."""
        return lib.ccam_output_errno(self._m)

    def _enter(self) -> None:
        """Before a run: pending releases, the stream, the Ctrl-C handler
        (only the main thread may take SIGINT from Python, and only where
        Python has a handler for it)."""
        self._owner.drain()
        if self._out_flush is not None:
            self._out_flush()
        # A process started with Ctrl-C ignored (`nohup`, a background job
        # of a script) keeps it ignored during runs too, as the Python
        # machine does (Python installs no handler then).
        want = (self.catch_sigint and threading.get_ident() == _MAIN_THREAD
                and _raw_getsignal(signal.SIGINT) != signal.SIG_IGN)
        if want != self._sigint_set:
            lib.ccam_set_catch_sigint(self._m, 1 if want else 0)
            self._sigint_set = want

    # ------------------------------------------------------------- runs

    @_exclusive
    def run(self, stack: Optional[list] = None) -> Result:
        """Run the program on `stack` (bottom first; default [()])."""
        self._enter()
        if stack is None:
            return self._finish(lib.ccam_run(self._m))
        if not stack:
            raise ValueError("the C machine needs a start stack of at least one value")
        handles = [self.to_handle(v) for v in stack]
        try:
            return self._finish(lib.ccam_run_stack(self._m, handles, len(handles)))
        finally:
            lib.ccam_release_many(self._m, handles, len(handles))

    @_exclusive
    def call(self, closure, arg) -> Result:
        """Apply a closure (from this machine) to an argument: the program
        `app` on ([e : P], arg), which counts the app."""
        self._enter()
        ch, temp = self._closure_handle(closure)
        writer = _Writer(self)
        try:
            writer.value(arg)
            ops = writer.ops
            info = self._info
            lib.ccam_call_value(self._m, ch, ops, len(ops), writer.data(), writer.offset, info)
            if info[0] < 0:
                raise HostValueError(self._message())
            return self._result(info, 0)
        finally:
            writer.release()
            if temp:
                lib.ccam_release(self._m, ch)

    def call_fields(self, closure, arg) -> tuple:
        """call(closure, arg) as the plain tuple of its Result's fields (see
        _call_fields), holding the machine's lock as call does."""
        with self._owner.lock:
            return self._call_fields(closure, arg)

    def _call_fields(self, closure, arg) -> tuple:
        """call(closure, arg) as the plain tuple of its Result's fields, in
        their order (Result(*fields) is call's Result): the embedding API's
        per-call path (mlbox/api.py), where each step of call() was a large
        part of a short call. The same C call; what differs is only Python
        work: no Writer for an int or a string argument (a build program of
        a few words, kept in cdata of this machine), the closure's handle
        checked in place, the output read only when the call printed, and
        no Result object."""
        owner = self._owner
        # _enter(), inline
        if owner.pending:
            owner.drain()
        if self._out_flush is not None:
            self._out_flush()
        want = self.catch_sigint and _get_ident() == _MAIN_THREAD and _raw_getsignal(_SIGINT) != _SIG_IGN
        if want != self._sigint_set:
            lib.ccam_set_catch_sigint(self._m, 1 if want else 0)
            self._sigint_set = want
        # the closure's handle (_closure_handle), checked as _Handle._handle checks it
        if type(closure) is CClosure and closure._owner is owner and closure._epoch == owner.epoch:
            ch, temp = closure._h, False
        else:
            ch, temp = self._closure_handle(closure)
        info = self._info
        writer = None
        try:
            kind = type(arg)
            if kind is int and INT_MIN <= arg <= INT_MAX:
                ops, nops, data = self._int_ops, 3, b""
                ops[1] = arg
            elif kind is bytes:
                ops, nops, data = self._string_ops, 4, arg
                ops[2] = len(arg)
            else:
                writer = _Writer(self)
                writer.value(arg)
                ops, data = writer.ops, writer.data()
                nops = len(ops)
            # (a plain machine's results are the reader's plain values: no small read)
            lib.ccam_call_small(self._m, ch, ops, nops, data, len(data), info, self._small_ops,
                                0 if self._plain else SMALL_WORDS, self._small_data, SMALL_BYTES)
            status, reductions, gen, emitted, out_len, kind, word, _message_end = info[0:INFO_WORDS]
            if status < 0:
                raise HostValueError(self._message())
        finally:
            if writer is not None:
                writer.release()
            if temp:
                lib.ccam_release(self._m, ch)
        if kind == K_INT:
            value = word
        elif kind == K_SMALL:
            value = self._small_value(word)
        else:
            value = self._reported_value(kind, word)
        output = self._emit(self._output()) if out_len else b""
        if status == 0:  # Status.OK
            return Status.OK, value, "", reductions, output, gen, emitted
        return _STATUS[status], value, self._message(), reductions, output, gen, emitted

    def _small_value(self, nwords: int):
        """The value ccam_call_small wrote (a program of nwords words; see
        ccam.h): as _Reader makes it, a composite met again the same Python
        object (the reader's memo by C identity), a nullary constructor or
        an immediate afresh."""
        ops = ffi.unpack(self._small_ops, nwords + 1)  # (a list: indexing a cdata costs more)
        data = ffi.unpack(self._small_data, ops[0]) if ops[0] else b""
        try:
            next(_decode(ops, 1, nwords + 1, data))  # (no HANDLE: it never yields)
        except StopIteration as done:
            return done.value
        raise HostValueError("bad value from the C machine (a handle in a small result)")

    @_exclusive
    def call_many(self, closure, args) -> list[Result]:
        """Apply one closure to each of `args` in one machine entry: a Result
        per argument, as `call` gives it (see the module docstring)."""
        args = list(args)
        if not args:
            return []
        self._enter()
        ch, temp = self._closure_handle(closure)
        writer = _Writer(self)
        try:
            for a in args:
                writer.value(a)
            ops = writer.ops
            info = ffi.new("int64_t[]", INFO_WORDS * len(args))
            done = lib.ccam_call_many(self._m, ch, ops, len(ops), writer.data(), writer.offset, len(args), info)
            if done == 0 or (done < len(args) and info[done * INFO_WORDS] < 0):
                message = self._message()
                self._release_results(info, done)
                raise HostValueError(message)
            output = self._output()
            messages = lib.ccam_call_messages(self._m, self._size)
            messages = bytes(ffi.buffer(messages, self._size[0])) if self._size[0] else b""
            # each call's Result as _result makes it, inline, from the info
            # words read in one piece (per call, _result and its slice of the
            # cdata were most of a short call's time in a batch)
            words = ffi.unpack(info, INFO_WORDS * done)
            results = []
            start = message_start = 0
            for base in range(0, INFO_WORDS * done, INFO_WORDS):
                status, reductions, gen, emitted, end, kind, word, message_end = words[base:base + INFO_WORDS]
                value = word if kind == K_INT else self._reported_value(kind, word)
                message = messages[message_start:message_end].decode("utf-8", "replace") \
                    if message_end != message_start else ""
                results.append(Result(_STATUS[status], value, message, reductions,
                                      self._emit(output[start:end]) if end != start else b"", gen, emitted))
                start, message_start = end, message_end
            interrupted = Result(Status.INTERRUPTED, None, "interrupted before this call", 0, b"", 0, 0)
            results.extend(interrupted for _ in range(len(args) - done))
            return results
        finally:
            writer.release()
            if temp:
                lib.ccam_release(self._m, ch)

    def _closure_handle(self, closure) -> tuple[int, bool]:
        """(handle, is it a temporary to release)."""
        if type(closure) is CClosure:
            return closure._handle(self._owner), False
        return self.to_handle(closure), True

    @_exclusive
    def run_more(self, program) -> Result:
        """Run another program against the same globals and heap (the global
        table grows to the program's nglobals)."""
        if isinstance(program, Program) and program.global_names:
            # the machine keeps no names, and a session's table grows with
            # every input: writing it each time made inputs cost its size
            program = attrs.evolve(program, global_names=())
        data = _image(program)
        err = ffi.new("char[512]")
        loaded = lib.ccam_extend(self._m, data, len(data), err, 512)
        if loaded == -2:  # the heap limit, not the bytes: a machine limit, as a run meets it
            return Result(Status.HEAP_LIMIT, message=self._message())
        if loaded != 0:
            _reject(err)
        return self.run()

    def interrupt(self) -> None:
        """Ask the machine to stop, from any thread: as the reference
        machine's interrupt() (see ccam_interrupt in ccam_c/ccam.h)."""
        lib.ccam_interrupt(self._m)

    def clear_interrupt(self) -> None:
        """Drop a stop request no run has answered yet."""
        lib.ccam_clear_interrupt(self._m)

    def set_deadline(self, seconds: Optional[float]) -> None:
        """Stop the runs that poll more than `seconds` from now (None: no
        deadline) with INTERRUPTED and the message DEADLINE_MESSAGE, as the
        reference machine's set_deadline (see ccam_set_deadline in ccam_c/ccam.h)."""
        lib.ccam_set_deadline(self._m, -1.0 if seconds is None else max(float(seconds), 0.0))

    def _message(self) -> str:
        return ffi.string(lib.ccam_message(self._m)).decode("utf-8", "replace")

    def _output(self) -> bytes:
        """The run's kept output, copied; the machine's buffer is then
        emptied (and freed if the run made it large: 100 MB printed held
        128 MB in the machine besides the host's copies until the next run)."""
        buf = lib.ccam_output(self._m, self._size)
        n = self._size[0]
        if not n:
            return b""
        output = bytes(ffi.buffer(buf, n))
        lib.ccam_output_clear(self._m)
        return output

    def _finish(self, status: int) -> Result:
        """The Result of a run (calls report through info instead)."""
        status = _STATUS[status]
        value = None
        if status is Status.OK or status is Status.UNCAUGHT:
            h = lib.ccam_result(self._m)
            if h < 0:
                raise MemoryError(OUT_OF_MEMORY)
            value = self._take_handle(h)
        return Result(status, value, "" if status is Status.OK else self._message(), lib.ccam_reductions(self._m),
                      self._emit(self._output()), lib.ccam_gen_reductions(self._m), lib.ccam_emitted(self._m))

    def _reader(self) -> "_Reader":
        return _Reader(self._owner, plain=self._plain)

    def _take_handle(self, h: int):
        """The value of a new handle, which this consumes."""
        kind = lib.ccam_peek(self._m, h, self._info)
        if kind in (K_INT, K_UNIT, K_CON0, K_BOTTOM):
            lib.ccam_release(self._m, h)
            return self._reader().take(kind, self._info[0])
        return self._reader().take(kind, h)

    def _emit(self, output: bytes) -> bytes:
        """Write a run's output to an `out` without a file descriptor."""
        if self._out_write is not None and output:
            self._out_write(output)
        return output

    def _reported_value(self, kind: int, word: int):
        """The result a call reported in its info words (its kind and word;
        kind -1: none)."""
        if kind == K_INT:
            return word
        if kind == -1:
            return None
        return self._reader().take(kind, word)

    def _result(self, info, base: int, output: Optional[bytes] = None, message: Optional[str] = None) -> Result:
        status, reductions, gen, emitted, _end, kind, word, _message_end = info[base:base + INFO_WORDS]
        status = _STATUS[status]
        value = self._reported_value(kind, word)
        output = self._emit(self._output() if output is None else output)
        if message is None:
            message = "" if status is Status.OK else self._message()
        return Result(status, value, message, reductions, output, gen, emitted)

    def _release_results(self, info, done: int) -> None:
        for i in range(done):
            kind = info[i * INFO_WORDS + 5]
            if kind not in (-1, K_INT, K_UNIT, K_CON0, K_BOTTOM):
                lib.ccam_release(self._m, info[i * INFO_WORDS + 6])

    # ------------------------------------------------------------- globals

    @property
    def nglobals(self) -> int:
        return lib.ccam_nglobals(self._m)

    @_exclusive
    def global_value(self, slot: int):
        """The value of a global slot (None if unset)."""
        if not 0 <= slot < self.nglobals:
            raise IndexError(slot)
        self._owner.drain()
        h = lib.ccam_get_global(self._m, slot)
        return None if h < 0 else self._take_handle(h)

    @_exclusive
    def set_global(self, slot: int, value) -> None:
        if not 0 <= slot < self.nglobals:
            raise IndexError(slot)
        h = self.to_handle(value)
        try:
            lib.ccam_set_global(self._m, slot, h)
        finally:
            lib.ccam_release(self._m, h)

    # ------------------------------------------------------------- GC (tests, tools)

    @_exclusive
    def collect(self) -> None:
        self._owner.drain()
        lib.ccam_collect(self._m)

    @_exclusive
    def heap_check(self) -> None:
        if lib.ccam_heap_check(self._m) != 0:
            raise AssertionError(self._message())

    @_exclusive
    def heap_stats(self) -> dict:
        self._owner.drain()
        return {"live": lib.ccam_heap_live(self._m), "bytes": lib.ccam_heap_bytes(self._m),
                "peak": lib.ccam_heap_peak(self._m),
                "objects": lib.ccam_heap_objects(self._m), "collections": lib.ccam_collections(self._m),
                "major_collections": lib.ccam_major_collections(self._m),
                "pinned": lib.ccam_npinned(self._m), "total": lib.ccam_heap_total(self._m),
                "gc_seconds": lib.ccam_gc_nanoseconds(self._m) / 1e9,
                "output_capacity": lib.ccam_output_capacity(self._m)}

    @_exclusive
    def fused_dispatches(self) -> int:
        """Superinstructions of the C machine (ccam_c/vm.c) that ran both of
        their instructions in one dispatch, over every run so far."""
        return lib.ccam_fused_dispatches(self._m)

    def fail_alloc_after(self, n: int) -> None:
        lib.ccam_fail_alloc_after(self._m, n)

    @_exclusive
    def forget(self) -> None:
        """Release every handle given out so far: those values can no longer
        be passed back or read (StaleValueError), and the C objects only
        they kept alive become garbage."""
        self._owner.forget()

    # ------------------------------------------------------------- conversions

    @_exclusive
    def from_handle(self, h: int):
        """The Python value of a handle (the handle stays owned by the caller)."""
        return self._reader().handle_value(h)

    @_exclusive
    def decode(self, value):
        """A plain structural copy of a value of this machine: handles (and
        handles inside data) decoded fully into the classes of
        ccam/values.py, code included, for values.show and comparisons."""
        reader = _Reader(self._owner, plain=True)
        h = self.to_handle(value)
        try:
            return reader.handle_value(h)
        finally:
            lib.ccam_release(self._m, h)

    @_exclusive
    def own(self, value):
        """A host value (ccam/values.py classes) built in this machine's
        heap, as this machine's own value: a closure, ref or array as a
        handle object that stays valid while it lives (until forget())."""
        h = self.to_handle(value)
        try:
            return self.from_handle(h)
        finally:
            lib.ccam_release(self._m, h)

    @_exclusive
    def to_handle(self, value) -> int:
        """A new handle for a Python machine value (the caller releases it)."""
        self._owner.drain()
        if type(value) in _HANDLE_CLASSES:
            return lib.ccam_dup(self._m, value._handle(self._owner))
        writer = _Writer(self)
        try:
            writer.value(value)
            ops = writer.ops
            h = lib.ccam_build(self._m, ops, len(ops), writer.data(), writer.offset)
            if h < 0:
                raise HostValueError(self._message())
            return h
        finally:
            writer.release()

    def _code_handle(self, code, sealed: bool) -> int:
        """A C block holding `code` (instructions of the reference machine)."""
        from ccam.bytecode import write

        data = write(Program(tuple(code), max(self.nglobals, 10)))
        err = ffi.new("char[512]")
        h = lib.ccam_mk_block(self._m, data, len(data), 1 if sealed else 0, err, 512)
        if h < 0:
            _reject(err)
        return h


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


def run(program, **limits) -> Result:
    """Run a program on a fresh C machine."""
    return Machine(program, **limits).run()


__all__ = ["Machine", "Result", "run", "StaleBuildError", "HostValueError", "StaleValueError", "CClosure", "CBlock",
           "CRef", "CArray", "CExnName"]
