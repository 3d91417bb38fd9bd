"""The on-disk cache of the compiled prelude (SPEC §7, start-up).

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

File layout (text lines, then the .ccam bytecode of the prelude's code):

    mlbox-prelude-cache 2
    <key: hex BLAKE2b-256 of the sources>
    <payload digest: hex BLAKE2b-256 of everything after this line>
    <n: number of prelude bindings>
    <slot> <basis name>        (n lines)
    <end> <end> ...            (where each top-level declaration's code ends)
    <bytecode (ccam/bytecode.py) of Program(code, nglobals, global names)>
"""

from __future__ import annotations

import hashlib
import os
import sys
from typing import Callable, NamedTuple, Optional

MAGIC = b"mlbox-prelude-cache 2\n"
CACHE_FILE = "prelude.cache"
TRACE_VARIABLE = "MLBOX_CACHE_TRACE"

# What a process did with the cache (traced as "mlbox: prelude cache: STATUS").
HIT = "hit"  # read a valid file for these sources
MISSING = "missing"  # no file yet: built and written
STALE = "stale"  # a file for other sources: rebuilt and replaced
CORRUPT = "corrupt"  # an unreadable or damaged file: rebuilt and replaced
NO_CACHE = "no cache"  # no usable cache directory, or writing failed: built only

_PACKAGES = ("mlbox", "ccam")


class CachedPrelude(NamedTuple):
    """What the cache holds: the prelude's code, the global names it
    defines (built-in exceptions first), the basis names it implements
    with their global slots (Globals.prelude), and where the code of each
    top-level declaration ends (the units a program links, see
    driver.link_prelude)."""

    code: tuple
    names: tuple
    prelude: dict
    segment_ends: tuple


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


def encode(key: str, compiled: CachedPrelude) -> bytes:
    """The cache file's content for a compiled prelude."""
    from ccam.bytecode import write
    from ccam.instructions import Program

    lines = [b"%d" % len(compiled.prelude)]
    lines += [b"%d %s" % (slot, name.encode("utf-8")) for name, slot in compiled.prelude.items()]
    lines.append(b" ".join(b"%d" % end for end in compiled.segment_ends))
    names = tuple(compiled.names)
    payload = b"\n".join(lines) + b"\n" + write(Program(tuple(compiled.code), len(names), names))
    return MAGIC + key.encode() + b"\n" + _digest(payload).hexdigest().encode() + b"\n" + payload


def decode(data: bytes, key: str) -> CachedPrelude:
    """(code, global names, prelude slots) from a cache file made for `key`;
    raises CacheCorrupt, or StaleCache when it was made for other sources."""
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
    try:
        count_line, rest = payload.split(b"\n", 1)
        count = int(count_line)
        entries = rest.split(b"\n", count + 1)
        bytecode = entries.pop()
        segment_ends = tuple(int(end) for end in entries.pop().split())
        prelude = {}
        for line in entries:
            slot, name = line.split(b" ", 1)
            prelude[name.decode("utf-8")] = int(slot)
        program = read(bytecode)
    except (ValueError, BytecodeError) as err:  # digest matched: a writer's bug, still not trusted
        raise CacheCorrupt(str(err))
    if len(prelude) != count or any(not 0 <= slot < program.nglobals for slot in prelude.values()):
        raise CacheCorrupt("bad prelude slots")
    if len(program.global_names) != program.nglobals:
        raise CacheCorrupt("global names missing")
    if list(segment_ends) != sorted(set(segment_ends)) or segment_ends[-1:] != (len(program.code),) \
            or segment_ends[0] <= 0:
        raise CacheCorrupt("bad segment ends")
    return CachedPrelude(program.code, program.global_names, prelude, segment_ends)


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
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        status = MISSING
    else:
        try:
            compiled = decode(data, key)
        except StaleCache:
            status = STALE
        except CacheCorrupt:
            status = CORRUPT
        else:
            _trace(HIT, path)
            return compiled
    compiled = build()
    try:
        if source_key(prelude_path) != key:
            # The sources changed while this process compiled (a tree being
            # edited): its modules may be the old or the new ones, so what
            # it built belongs to no key for sure.
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
