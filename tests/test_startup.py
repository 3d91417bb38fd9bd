"""Start-up of `mlbox run`/`check` (docs/benchmarks.md §3): the PLY lexer built once per
process, basis types parsed at most once each, the compiled prelude cached
on disk (mlbox/prelude_cache.py) and subcommand modules imported lazily.
Functional tests only: what is reused and what is imported, never how
long it takes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import ply.lex
import pytest

from mlbox import basis, cli, driver, lexer, prelude_cache
from mlbox.diagnostics import Source
from mlbox.lexer import Lexer, tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELLO = 'val _ = print "hello, world\\n"\n'
USES_THE_PRELUDE = 'val _ = print (Int.toString (foldl op+ 0 (map (fn x => x * x) [1, 2, 3])) ^ "\\n")\n'
TRACE_PREFIX = "mlbox: prelude cache: "

# Modules that `mlbox run hello.sml` must not import (the packet filter,
# the REPL, the embedding API, test-only libraries).
NOT_ON_THE_RUN_PATH = ("mlbox.pf", "mlbox.pf_capture", "mlbox.pf_filter", "mlbox.libpcap", "mlbox.repl",
                       "mlbox.api", "hypothesis", "pytest")


# ------------------------------------------------------------ helpers


def _environment(cache_home: str, **extra) -> dict:
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = cache_home
    env[prelude_cache.TRACE_VARIABLE] = "1"
    env.update(extra)
    return env


def _mlbox(args: list[str], cache_home: str, **extra) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mlbox", *args], capture_output=True, text=True,
                          cwd=ROOT, env=_environment(cache_home, **extra), timeout=120)


def _statuses(stderr: str) -> list[str]:
    """The cache statuses a process traced."""
    return [line[len(TRACE_PREFIX):].split(":")[0] for line in stderr.splitlines()
            if line.startswith(TRACE_PREFIX)]


@pytest.fixture
def hello(tmp_path):
    path = tmp_path / "hello.sml"
    path.write_text(HELLO)
    return str(path)


@pytest.fixture
def cache_home(tmp_path):
    return str(tmp_path / "cache")


def _cache_file(cache_home: str) -> str:
    return os.path.join(cache_home, "mlbox", prelude_cache.CACHE_FILE)


# ------------------------------------------------------------ the lexer


def test_the_ply_lexer_is_built_once_per_process(monkeypatch):
    tokenize("val warm = 1")  # the prototype exists from here on
    builds = []
    real_lex = ply.lex.lex
    monkeypatch.setattr(ply.lex, "lex", lambda *a, **k: builds.append(1) or real_lex(*a, **k))
    for text in ("val x = 1", "fun f y = y + 1", "'a list -> int"):
        tokens, errors = tokenize(text)
        assert tokens and not errors
    assert builds == []


def test_lexers_sharing_the_prototype_keep_their_own_state():
    """Each Lexer's clone calls back into that Lexer: errors, positions and
    the inside-a-comment flag never leak between instances."""
    seen_a, seen_b = [], []
    a = Lexer(lambda message, span: seen_a.append((message, span.col)))
    b = Lexer(lambda message, span: seen_b.append((message, span.col)))
    assert [t.value for t in a.tokenize("x $ \u00a7")] == ["x", "$"]
    b.tokenize("(* open")
    assert [t.span.col for t in a.tokenize("  yy")] == [3]
    assert seen_a == [(lexer.MSG_BAD_CHAR.format("\u00a7"), 5)]
    assert seen_b == [(lexer.MSG_UNTERMINATED_COMMENT, 1)]
    assert b.ended_inside_literal and not a.ended_inside_literal


# ------------------------------------------------------------ the basis types


def test_basis_types_are_parsed_at_most_once_each_and_all_elaborate():
    """In a fresh process: both basis scopes (the prelude's and the
    programs'), every value's type forced, and each distinct type text
    parsed exactly once. Forcing them all also checks that every basis type
    elaborates, which the lazy BasisValue would otherwise defer to a use."""
    script = textwrap.dedent("""
        import mlbox.parser
        from mlbox import basis, checker
        calls = []
        real = mlbox.parser.parse_type
        mlbox.parser.parse_type = lambda text: calls.append(text) or real(text)
        for prelude in (False, True):
            for entry in checker._basis_scope(prelude).values.values():
                entry.ty
        assert len(calls) == len(set(calls)), sorted(calls)
        texts = {text for text, _ in basis.VALUES.values()}
        assert texts <= set(calls), texts - set(calls)
        print("ok", len(calls))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok ")


def test_a_program_elaborates_only_the_basis_types_it_uses():
    script = textwrap.dedent("""
        from mlbox import checker, parser
        checker.check_program(parser.parse_program('val _ = print "x"'))
        forced = [name for name, entry in checker._basis_scope(False).values.items()
                  if isinstance(entry, checker.BasisValue) and entry._ty is not None]
        print(forced)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['print']"


# ------------------------------------------------------------ the prelude cache


def test_the_cache_is_written_once_then_used(hello, cache_home):
    first = _mlbox(["run", hello], cache_home)
    assert first.returncode == 0 and first.stdout == "hello, world\n", first.stderr
    assert _statuses(first.stderr) == [prelude_cache.MISSING]
    assert os.path.isfile(_cache_file(cache_home))
    second = _mlbox(["run", hello], cache_home)
    assert second.returncode == 0 and second.stdout == "hello, world\n", second.stderr
    assert _statuses(second.stderr) == [prelude_cache.HIT]
    # no temporary file is left behind
    assert os.listdir(os.path.dirname(_cache_file(cache_home))) == [prelude_cache.CACHE_FILE]


def test_without_the_trace_variable_nothing_is_said(hello, cache_home):
    done = _mlbox(["run", hello], cache_home, **{prelude_cache.TRACE_VARIABLE: ""})
    assert done.returncode == 0 and done.stdout == "hello, world\n" and done.stderr == ""


def test_a_cached_prelude_gives_the_same_program_and_reductions(tmp_path, cache_home):
    """Built and cached, then read back: same output and the same reduction
    counts (the cached code is the compiled code)."""
    program = tmp_path / "squares.sml"
    program.write_text(USES_THE_PRELUDE)
    runs = [_mlbox(["run", str(program), "--machine", "py", "--stats=json"], cache_home) for _ in range(2)]
    assert [_statuses(r.stderr) for r in runs] == [[prelude_cache.MISSING], [prelude_cache.HIT]]
    assert runs[0].stdout == runs[1].stdout == "14\n"
    stats = [json.loads(r.stderr.splitlines()[-1]) for r in runs]
    for s in stats:
        del s["time_seconds"]
    assert stats[0] == stats[1] and stats[0]["reductions"] > 0


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped byte"])
def test_a_corrupted_cache_file_is_ignored_and_rebuilt(hello, cache_home, damage):
    assert _mlbox(["run", hello], cache_home).returncode == 0
    path = _cache_file(cache_home)
    data = open(path, "rb").read()
    if damage == "garbage":
        data = b"\x00not a cache\xff" * 7
    elif damage == "truncated":
        data = data[: len(data) - 9]
    else:  # an instruction's operand: only the payload digest notices
        data = data[:-40] + bytes([data[-40] ^ 0x01]) + data[-39:]
    with open(path, "wb") as f:
        f.write(data)
    rebuilt = _mlbox(["run", hello], cache_home)
    assert rebuilt.returncode == 0 and rebuilt.stdout == "hello, world\n", rebuilt.stderr
    assert _statuses(rebuilt.stderr) == [prelude_cache.CORRUPT]
    assert _statuses(_mlbox(["run", hello], cache_home).stderr) == [prelude_cache.HIT]


def test_a_stale_cache_file_is_rebuilt(hello, cache_home):
    """A well-formed file made for other sources (its key differs)."""
    assert _mlbox(["run", hello], cache_home).returncode == 0
    path = _cache_file(cache_home)
    data = open(path, "rb").read()
    key_at = len(prelude_cache.MAGIC)
    key_end = data.index(b"\n", key_at)
    with open(path, "wb") as f:
        f.write(data[:key_at] + b"0" * (key_end - key_at) + data[key_end:])
    rebuilt = _mlbox(["run", hello], cache_home)
    assert rebuilt.returncode == 0 and rebuilt.stdout == "hello, world\n", rebuilt.stderr
    assert _statuses(rebuilt.stderr) == [prelude_cache.STALE]
    assert _statuses(_mlbox(["run", hello], cache_home).stderr) == [prelude_cache.HIT]


def test_an_unusable_cache_directory_means_no_cache(hello, tmp_path):
    # A regular file where the cache directory's parent should be: nothing
    # can be created under it, even by root (which ignores permissions).
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    for _ in range(2):
        done = _mlbox(["run", hello], str(blocker))
        assert done.returncode == 0 and done.stdout == "hello, world\n", done.stderr
        assert _statuses(done.stderr) == [prelude_cache.NO_CACHE]


def test_a_relative_xdg_cache_home_is_ignored(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert prelude_cache.cache_dir() == os.path.join(str(tmp_path), ".cache", "mlbox")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert prelude_cache.cache_dir() == str(tmp_path / "xdg" / "mlbox")


def test_concurrent_first_runs_all_succeed_and_leave_one_valid_file(hello, cache_home):
    argv = [sys.executable, "-m", "mlbox", "run", hello]
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env=_environment(cache_home)) for _ in range(4)]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out == "hello, world\n", err
        assert _statuses(err) in ([prelude_cache.MISSING], [prelude_cache.HIT])
    assert os.listdir(os.path.dirname(_cache_file(cache_home))) == [prelude_cache.CACHE_FILE]
    assert _statuses(_mlbox(["run", hello], cache_home).stderr) == [prelude_cache.HIT]


def test_the_key_changes_with_the_prelude_source(tmp_path):
    copy = tmp_path / "prelude.sml"
    text = open(driver.PRELUDE_PATH, encoding="utf-8").read()
    copy.write_text(text, encoding="utf-8")
    key = prelude_cache.source_key(str(copy))
    assert key == prelude_cache.source_key(driver.PRELUDE_PATH)
    copy.write_text(text.replace("fun ", "fun  ", 1), encoding="utf-8")
    assert prelude_cache.source_key(str(copy)) != key


def test_the_key_covers_the_compilers_sources():
    """Every mlbox or ccam module loaded while the prelude is compiled is
    hashed into the key (so a compiler change can never leave a stale
    cache behind)."""
    script = textwrap.dedent("""
        import sys
        from mlbox import driver, prelude_cache
        driver._compile_prelude()
        keyed = set(prelude_cache.source_files(driver.PRELUDE_PATH))
        loaded = {m.__file__ for name, m in list(sys.modules.items())
                  if name.split(".")[0] in ("mlbox", "ccam") and getattr(m, "__file__", None)}
        print(sorted(loaded - keyed))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _same_prelude(a: prelude_cache.CachedPrelude, b: prelude_cache.CachedPrelude) -> bool:
    return (a.names, a.prelude) == (b.names, b.prelude) and len(a.segments) == len(b.segments) and all(
        (x.sets, x.reads, x.code) == (y.sets, y.reads, y.code) for x, y in zip(a.segments, b.segments))


def test_encode_decode_round_trip_equals_the_compiled_prelude():
    compiled = driver._compile_prelude()
    data = prelude_cache.encode("k" * 64, compiled)
    decoded = prelude_cache.decode(data, "k" * 64)
    assert not any(segment.decoded for segment in decoded.segments)  # nothing is decoded before it is used
    assert _same_prelude(decoded, compiled)
    # what the header says a declaration sets and reads is what its code does
    assert all((s.sets, s.reads) == (t.sets, t.reads)
               for s, t in zip(decoded.segments, map(prelude_cache.Segment.of, (s.code for s in decoded.segments))))
    with pytest.raises(prelude_cache.StaleCache):
        prelude_cache.decode(data, "j" * 64)
    assert set(compiled.prelude) == {name for name, (_, impl) in basis.VALUES.items() if impl == ("prelude",)} \
        | set(basis.PRELUDE_EXCEPTIONS)


def _with_digest(data: bytes) -> bytes:
    """A cache file's content with its payload digest made right again: the
    damage left is one only the later checks can see (a writer's bug)."""
    key, digest, payload = data[len(prelude_cache.MAGIC):].split(b"\n", 2)
    return prelude_cache.MAGIC + key + b"\n" + prelude_cache._digest(payload).hexdigest().encode() + b"\n" + payload


def _replace_line(data: bytes, old: bytes, new: bytes) -> bytes:
    at = data.index(b"\n" + old + b"\n") + 1
    return _with_digest(data[:at] + new + data[at + len(old):])


def _declaration_line(compiled, index: int) -> bytes:
    data = prelude_cache.encode("k" * 64, compiled)
    lines = data.split(b"\n")
    first = lines.index(b"%d" % len(compiled.segments), 3 + len(compiled.prelude))
    return lines[first + 1 + index]


@pytest.mark.parametrize("damage", ["no declarations", "a slot out of range", "sizes too large", "sizes too small",
                                    "a size of zero"])
def test_a_damaged_header_makes_the_cache_corrupt(damage):
    compiled = driver._compile_prelude()
    data = prelude_cache.encode("k" * 64, compiled)
    line = _declaration_line(compiled, 0)
    size, sets, reads = line.split(b" ")
    if damage == "no declarations":
        data = prelude_cache.encode("k" * 64, compiled._replace(segments=()))
    elif damage == "a slot out of range":
        data = _replace_line(data, line, b"%s %d %s" % (size, len(compiled.names), reads))
    else:
        new_size = {"sizes too large": int(size) + 1, "sizes too small": int(size) - 1, "a size of zero": 0}[damage]
        data = _replace_line(data, line, b"%d %s %s" % (new_size, sets, reads))
    with pytest.raises(prelude_cache.CacheCorrupt):
        prelude_cache.decode(data, "k" * 64)


def _damage_declaration_code(data: bytes, compiled, index: int) -> bytes:
    """A cache with declaration `index`'s bytecode made invalid (its .ccam
    magic overwritten), the digest recomputed."""
    sizes = [int(_declaration_line(compiled, i).split(b" ")[0]) for i in range(len(compiled.segments))]
    start = len(data) - sum(sizes[index:])
    return _with_digest(data[:start] + b"XXXX" + data[start + 4:])


def test_a_declaration_that_fails_the_verifier_is_corrupt_when_it_is_used():
    compiled = driver._compile_prelude()
    data = _damage_declaration_code(prelude_cache.encode("k" * 64, compiled), compiled, 3)
    decoded = prelude_cache.decode(data, "k" * 64)  # the header is fine
    assert decoded.segments[2].code == compiled.segments[2].code
    with pytest.raises(prelude_cache.CacheCorrupt):
        decoded.segments[3].code
    recovered = prelude_cache.decode(data, "k" * 64, recover=lambda i: compiled.segments[i].code)
    assert recovered.segments[3].code == compiled.segments[3].code


def test_a_program_is_right_when_the_code_it_links_from_the_cache_is_damaged(tmp_path, cache_home):
    """The digest matches but a declaration's code does not verify: a
    program that does not link it never notices; one that does gets the
    prelude rebuilt (and the file rewritten) and runs as it should."""
    program = tmp_path / "squares.sml"
    program.write_text(USES_THE_PRELUDE)
    assert _mlbox(["run", str(program)], cache_home).stdout == "14\n"
    path = _cache_file(cache_home)
    compiled = driver._compile_prelude()
    linked = driver.compile_source(Source("squares.sml", USES_THE_PRELUDE)).program.code
    used = next(i for i, segment in enumerate(compiled.segments)
                if segment.sets and tuple(linked[:len(segment.code)]) == segment.code)
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(_damage_declaration_code(data, compiled, used))
    hello = tmp_path / "hello.sml"
    hello.write_text(HELLO)
    untouched = _mlbox(["run", str(hello)], cache_home)
    assert untouched.stdout == "hello, world\n" and _statuses(untouched.stderr) == [prelude_cache.HIT]
    damaged = _mlbox(["run", str(program)], cache_home)
    assert damaged.returncode == 0 and damaged.stdout == "14\n", damaged.stderr
    assert _statuses(damaged.stderr) == [prelude_cache.HIT, prelude_cache.CORRUPT]
    again = _mlbox(["run", str(program)], cache_home)
    assert again.stdout == "14\n" and _statuses(again.stderr) == [prelude_cache.HIT]


# ------------------------------------------------------------ lazy imports


def _modules_after(args: list[str], cache_home: str) -> set[str]:
    script = textwrap.dedent(f"""
        import sys
        from mlbox.cli import main
        status = main({args!r})
        sys.stdout.flush()
        print("MODULES", " ".join(sorted(sys.modules)))
        sys.exit(status)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env=_environment(cache_home), timeout=120)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("MODULES "))
    return set(line.split()[1:])


def _imported(modules: set[str], names) -> list[str]:
    return sorted(m for m in modules for n in names if m == n or m.startswith(n + "."))


def test_run_imports_neither_the_packet_filter_nor_the_repl(hello, cache_home):
    _mlbox(["run", hello], cache_home)  # fill the cache: then a run is a hit
    modules = _modules_after(["run", hello], cache_home)
    assert "mlbox.runner" in modules and "mlbox.compiler" in modules
    assert _imported(modules, NOT_ON_THE_RUN_PATH) == []
    # only a cache miss writes (tempfile); only --stats=json formats JSON
    assert _imported(modules, ("tempfile", "json")) == []


def test_check_imports_neither_the_compiler_nor_the_machines(cache_home):
    modules = _modules_after(["check", os.path.join(ROOT, "examples", "poly.sml")], cache_home)
    assert "mlbox.checker" in modules
    assert _imported(modules, NOT_ON_THE_RUN_PATH + ("mlbox.compiler", "mlbox.runner", "ccam.cmachine",
                                                       "mlbox.prelude_cache")) == []


def test_every_subcommand_still_parses_its_arguments():
    """The full parser (every subcommand configured) accepts each one's
    own options; main() configures only the one that runs."""
    parser = cli.build_parser()
    assert parser.parse_args(["run", "x.sml", "--machine", "py", "--stats=json"]).handler.__name__ == "cmd_run"
    assert parser.parse_args(["check", "x.sml"]).handler is cli.cmd_check
    assert parser.parse_args(["compile", "x.sml", "-o", "x.ccam"]).output == "x.ccam"
    assert parser.parse_args(["dis", "x.ccam", "--plain"]).plain
    assert parser.parse_args(["pf", "f.bpf", "c.pcap"]).handler.__module__ == "mlbox.pf"
    assert parser.parse_args(["repl"]).handler.__module__ == "mlbox.repl"
    assert set(cli._SUBCOMMANDS) == {"check", "pf", "run", "compile", "dis", "repl"}


def test_help_lists_every_subcommand_without_importing_them(cache_home):
    done = _mlbox(["--help"], cache_home)
    assert done.returncode == 0
    listed = [line.split()[0] for line in done.stdout.splitlines()
              if line.startswith("    ") and not line.startswith("     ")]  # not wrapped help text
    assert listed == list(cli._SUBCOMMANDS)
    modules = _modules_after(["--help"], cache_home)
    assert _imported(modules, ("mlbox.pf", "mlbox.repl", "mlbox.runner")) == []


def test_help_points_a_newcomer_to_a_first_step(cache_home):
    done = _mlbox(["--help"], cache_home)
    assert "--help" in cli._EPILOG and "docs/tutorial.md" in cli._EPILOG
    assert " ".join(cli._EPILOG.split()) in " ".join(done.stdout.split())  # argparse reflows it
    assert "mlbox/" not in done.stdout  # help names commands, not the modules behind them


@pytest.mark.parametrize("name", list(cli._SUBCOMMANDS))
def test_each_command_help_says_what_the_command_does(name, cache_home):
    help_line = cli._SUBCOMMANDS[name][0]
    done = _mlbox([name, "--help"], cache_home)
    assert done.returncode == 0
    description = help_line[0].upper() + help_line[1:] + "."
    assert " ".join(description.split()) in " ".join(done.stdout.split())


def test_version_is_the_installed_package_version(cache_home):
    from importlib.metadata import version

    done = _mlbox(["--version"], cache_home)
    assert (done.returncode, done.stdout) == (0, f"mlbox {version('mlbox')}\n")
    modules = _modules_after(["--version"], cache_home)
    assert _imported(modules, ("mlbox.pf", "mlbox.repl", "mlbox.runner")) == []


def test_the_command_line_collects_less_often_than_python_by_default(hello):
    """Checking a large program spent a quarter of its time in Python's
    collector at the default thresholds; the command line raises them (its
    own process), so a return to the default shows here."""
    import gc

    before = gc.get_threshold()
    try:
        assert cli.main(["check", hello]) == cli.EXIT_OK
        assert gc.get_threshold()[0] >= 10_000
    finally:
        gc.set_threshold(*before)
