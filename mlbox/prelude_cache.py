"""The on-disk cache of the compiled prelude (for start-up time).

Parsing, checking and compiling mlbox/prelude.sml costs tens of
milliseconds, more than everything else `mlbox run hello.sml` does, so
the result is kept in one file under the user's cache directory
($XDG_CACHE_HOME/mlbox, else ~/.cache/mlbox) and read back by later
processes.

Never stale: the file records a key, a hash of prelude.sml and of every
Python source of the mlbox and ccam packages (the lexer, parser, checker,
compiler and instruction table all shape the prelude's code; hashing the
whole packages needs no list to keep up to date). A file whose key differs
is rebuilt.

Never wrong: the payload carries its own digest, and its code goes
through the .ccam reader's verifier; a file that fails either check is
ignored and rebuilt. Writers write a private temporary file and rename it
into place (atomic), so concurrent processes see the old file or the new
one, never half of one. If the directory cannot be created or written,
mlbox runs without a cache, silently.

Set MLBOX_CACHE_TRACE=1 to have each process say on stderr what it did
with the cache (the statuses below): a debugging aid, and how the tests
tell a cache hit from a rebuild.

Read lazily: the file's header says what each top-level declaration of
the prelude sets and reads, which is all that linking looks at
(driver.link_prelude), and a declaration's code is decoded, and verified,
only when a program links it. Most programs link a few declarations;
`hello, world` links none, and decoding all 10,000 instructions was a
fifth of its start-up.

File layout (text lines, then .ccam bytecode):

    mlbox-prelude-cache 3
    <key: hex BLAKE2b-256 of the sources>
    <payload digest: hex BLAKE2b-256 of everything after this line>
    <n: number of prelude bindings>
    <slot> <basis name>        (n lines)
    <m: number of top-level declarations with code>
    <bytes> <sets> <reads>     (m lines: the size of the declaration's
                                bytecode, the global slots it sets and
                                reads, comma-separated, `-` for none)
    <bytes of the names' bytecode>
    <bytecode of Program((), nglobals, global names)>
    <bytecode of Program(code of declaration i, nglobals, ())>  (m of them)
"""

from __future__ import annotations

import hashlib
import os
import sys
from typing import Callable, NamedTuple, Optional

from ccam.instructions import walk

MAGIC = b"mlbox-prelude-cache 3\n"
CACHE_FILE = "prelude.cache"
TRACE_VARIABLE = "MLBOX_CACHE_TRACE"

# What a process did with the cache (traced as "mlbox: prelude cache: STATUS").
HIT = "hit"  # read a valid file for these sources
MISSING = "missing"  # no file yet: built and written
STALE = "stale"  # a file for other sources: rebuilt and replaced
CORRUPT = "corrupt"  # an unreadable or damaged file: rebuilt and replaced
NO_CACHE = "no cache"  # no usable cache directory, or writing failed: built only

_PACKAGES = ("mlbox", "ccam")


class Segment:
    """The code of one top-level declaration of the prelude, the global
    slots it sets and those it reads (sub-programs and emitted code
    included). Read from the cache, the code is decoded on first use."""

    __slots__ = ("sets", "reads", "_code", "_load")

    def __init__(self, sets: frozenset, reads: frozenset, code: Optional[tuple] = None,
                 load: Optional[Callable[[], tuple]] = None):
        self.sets, self.reads, self._code, self._load = sets, reads, code, load

    @classmethod
    def of(cls, code: tuple) -> "Segment":
        sets, reads = set(), set()
        for ins in walk(code):
            if ins.op == "setglobal":
                sets.add(ins.args[0])
            elif ins.op == "getglobal":
                reads.add(ins.args[0])
        return cls(frozenset(sets), frozenset(reads), code)

    @property
    def decoded(self) -> bool:
        return self._code is not None

    @property
    def code(self) -> tuple:
        if self._code is None:
            self._code, self._load = self._load(), None
        return self._code


class CachedPrelude(NamedTuple):
    """What the cache holds: the global names the prelude defines (built-in
    exceptions first), the basis names it implements with their global
    slots (Globals.prelude), and its top-level declarations with code (the
    units a program links, see driver.link_prelude)."""

    names: tuple
    prelude: dict
    segments: tuple  # of Segment, in declaration order


class CacheCorrupt(ValueError):
    """A cache file that cannot be trusted (the reason is for tracing)."""


class StaleCache(CacheCorrupt):
    """A well-formed file made for other sources."""


def _digest(data: bytes = b""):
    return hashlib.blake2b(data, digest_size=32)


def cache_dir() -> Optional[str]:
    """$XDG_CACHE_HOME/mlbox or ~/.cache/mlbox; None when neither gives an
    absolute path (no HOME, a relative XDG_CACHE_HOME, which the XDG
    specification says to ignore)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(base):
            return None
    return os.path.join(base, "mlbox")


def source_files(prelude_path: str) -> list[str]:
    """Every file whose content the compiled prelude depends on."""
    import importlib

    files = [prelude_path]
    for package in _PACKAGES:
        directory = os.path.dirname(os.path.abspath(importlib.import_module(package).__file__))
        files += sorted(os.path.join(directory, name) for name in os.listdir(directory)
                        if name.endswith(".py"))
    return files


def source_key(prelude_path: str) -> str:
    """The hash of the sources, names and contents (OSError if one is unreadable)."""
    digest = _digest(MAGIC)
    for path in source_files(prelude_path):
        with open(path, "rb") as f:
            content = f.read()
        digest.update(b"%d %s %d\n" % (len(os.path.basename(path)), os.path.basename(path).encode(), len(content)))
        digest.update(content)
    return digest.hexdigest()


def _slots(slots: frozenset) -> bytes:
    return b",".join(b"%d" % slot for slot in sorted(slots)) or b"-"


def _parse_slots(field: bytes, nglobals: int) -> frozenset:
    slots = frozenset() if field == b"-" else frozenset(int(slot) for slot in field.split(b","))
    if any(not 0 <= slot < nglobals for slot in slots):
        raise CacheCorrupt("a declaration's slot out of range")
    return slots


def encode(key: str, compiled: CachedPrelude) -> bytes:
    """The cache file's content for a compiled prelude."""
    from ccam.bytecode import write
    from ccam.instructions import Program

    nglobals = len(compiled.names)
    names = write(Program((), nglobals, tuple(compiled.names)))
    codes = [write(Program(tuple(segment.code), nglobals, ())) for segment in compiled.segments]
    lines = [b"%d" % len(compiled.prelude)]
    lines += [b"%d %s" % (slot, name.encode("utf-8")) for name, slot in compiled.prelude.items()]
    lines.append(b"%d" % len(codes))
    lines += [b"%d %s %s" % (len(code), _slots(segment.sets), _slots(segment.reads))
              for code, segment in zip(codes, compiled.segments)]
    lines.append(b"%d" % len(names))
    payload = b"\n".join(lines) + b"\n" + names + b"".join(codes)
    return MAGIC + key.encode() + b"\n" + _digest(payload).hexdigest().encode() + b"\n" + payload


def decode(data: bytes, key: str, recover: Optional[Callable[[int], tuple]] = None) -> CachedPrelude:
    """The names, prelude slots and declarations of a cache file made for
    `key`; raises CacheCorrupt, or StaleCache when it was made for other
    sources. A declaration's code is decoded when first asked for; should
    it fail the reader's verifier then, `recover(i)` gives the code of
    declaration i (by default CacheCorrupt is raised)."""
    from ccam.bytecode import BytecodeError, read

    if not data.startswith(MAGIC):
        raise CacheCorrupt("bad magic")
    header, sep, payload = data[len(MAGIC):].partition(b"\n")
    if not sep:
        raise CacheCorrupt("truncated")
    if header != key.encode():
        raise StaleCache()
    digest, sep, payload = payload.partition(b"\n")
    if not sep or digest != _digest(payload).hexdigest().encode():
        raise CacheCorrupt("payload digest mismatch")
    try:  # the digest matched: what follows guards against a writer's bug
        count_line, rest = payload.split(b"\n", 1)
        count = int(count_line)
        lines = rest.split(b"\n", count)
        rest = lines.pop()
        segment_count, rest = rest.split(b"\n", 1)
        lines += rest.split(b"\n", int(segment_count) + 1)
        bytecode = lines.pop()
        names_size = int(lines.pop())
        names_program = read(bytecode[:names_size])
        nglobals = names_program.nglobals
        prelude = {}
        for line in lines[:count]:
            slot, name = line.split(b" ", 1)
            prelude[name.decode("utf-8")] = int(slot)
        segments, at = [], names_size
        for index, line in enumerate(lines[count:]):
            size, sets, reads = line.split(b" ")
            code = bytecode[at:at + int(size)]
            if int(size) <= 0 or len(code) != int(size):
                raise CacheCorrupt("a declaration's code cut short")
            at += int(size)
            segments.append(Segment(_parse_slots(sets, nglobals), _parse_slots(reads, nglobals),
                                    load=_loader(code, nglobals, index, recover)))
    except (ValueError, BytecodeError) as err:
        raise CacheCorrupt(str(err))
    if len(prelude) != count or any(not 0 <= slot < nglobals for slot in prelude.values()):
        raise CacheCorrupt("bad prelude slots")
    if len(names_program.global_names) != nglobals or names_program.code:
        raise CacheCorrupt("global names missing")
    if not segments or at != len(bytecode):
        raise CacheCorrupt("bad declarations")
    return CachedPrelude(names_program.global_names, prelude, tuple(segments))


def _loader(bytecode: bytes, nglobals: int, index: int,
            recover: Optional[Callable[[int], tuple]]) -> Callable[[], tuple]:
    """Decode declaration `index`'s code, checked against what the header
    says it sets and reads; on failure recover(index), else CacheCorrupt."""
    from ccam.bytecode import BytecodeError, read

    def load() -> tuple:
        try:
            program = read(bytecode)
            if program.nglobals != nglobals or not program.code:
                raise CacheCorrupt("a declaration's code does not fit the prelude")
            return program.code
        except (BytecodeError, CacheCorrupt) as err:
            if recover is None:
                raise CacheCorrupt(str(err)) from None
            return recover(index)

    return load


def _trace(status: str, detail: str = "") -> None:
    if os.environ.get(TRACE_VARIABLE):
        print(f"mlbox: prelude cache: {status}{': ' + detail if detail else ''}", file=sys.stderr)


def _write_atomically(directory: str, data: bytes) -> None:
    import tempfile

    os.makedirs(directory, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".prelude-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, os.path.join(directory, CACHE_FILE))
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def load_or_build(prelude_path: str, build: Callable[[], CachedPrelude]) -> CachedPrelude:
    """The compiled prelude, from the cache when it holds one for the
    current sources, else from `build()` (then written to the cache)."""
    directory = cache_dir()
    if directory is None:
        _trace(NO_CACHE, "no cache directory")
        return build()
    try:
        key = source_key(prelude_path)
    except OSError as err:  # e.g. an installation without its sources
        _trace(NO_CACHE, f"cannot hash the sources ({err.strerror or err})")
        return build()
    path = os.path.join(directory, CACHE_FILE)

    def build_and_write(status: str) -> CachedPrelude:
        compiled = build()
        try:
            if source_key(prelude_path) != key:
                # The sources changed while this process compiled (a tree
                # being edited): its modules may be the old or the new ones,
                # so what it built belongs to no key for sure.
                _trace(NO_CACHE, "the sources changed during the build")
                return compiled
            _write_atomically(directory, encode(key, compiled))
        except OSError as err:
            _trace(NO_CACHE, f"cannot write {path} ({err.strerror or err})")
        except ValueError as err:  # BytecodeError: code the .ccam format cannot hold
            _trace(NO_CACHE, f"cannot encode the prelude ({err})")
        else:
            _trace(status, path)
        return compiled

    rebuilt: list[CachedPrelude] = []

    def recover(index: int) -> tuple:
        """A declaration whose code failed the verifier though the digest
        matched (a writer's bug): rebuild the whole prelude, once."""
        if not rebuilt:
            rebuilt.append(build_and_write(CORRUPT))
        return rebuilt[0].segments[index].code

    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return build_and_write(MISSING)
    try:
        compiled = decode(data, key, recover)
    except StaleCache:
        return build_and_write(STALE)
    except CacheCorrupt:
        return build_and_write(CORRUPT)
    _trace(HIT, path)
    return compiled
