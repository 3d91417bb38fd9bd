"""Hostile input to every entry point: the CLI (as a subprocess), the REPL's
:load and the embedding API must answer with a clean error (a location where
there is one, a non-zero exit), never a Python traceback, a crash of the C
machine or an internal error (exit 70)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

from mlbox import api, cli, runner
from mlbox.deep import MAX_NESTING

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.MULTILINE)
EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 1, 2, 70


def mlbox(*args, stdin: bytes = b"", timeout: float = 60):
    proc = subprocess.run([sys.executable, "-m", "mlbox", *map(str, args)], input=stdin,
                          capture_output=True, timeout=timeout, cwd=ROOT)
    return proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")


def assert_clean(rc: int, err: str, *, expect_rc=None, located: bool = False) -> None:
    """No traceback, no crash (negative status: a signal), no internal error."""
    assert "Traceback" not in err, err[-2000:]
    assert rc >= 0, f"killed by signal {-rc}: {err[-500:]}"
    assert rc != EXIT_INTERNAL, err[-500:]
    if expect_rc is not None:
        assert rc == expect_rc, (rc, err[-800:])
    if located:
        assert LOCATED.search(err), err[-800:]


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# ------------------------------------------------------------------ source files


@pytest.mark.parametrize("data, where, line, caret", [
    (b"val x = \"\xff\";\n", ":1:10: error: not UTF-8 text", 'val x = "\N{REPLACEMENT CHARACTER}";', " " * 9 + "^"),
    (b"val x = 1;\nval y = \"\x80\";\n", ":2:10: error: not UTF-8 text", 'val y = "\ufffd";', " " * 9 + "^"),
    # the column counts characters, as the lexer's do: \xc3\xa9 is one
    (b"val \xc3\xa9 = \"\xc3\x28\";\n", ":1:10: error: not UTF-8 text (byte 0xc3 at offset 10)",
     'val \u00e9 = "\ufffd(";', " " * 9 + "^"),
])
def test_invalid_utf8_is_located(tmp_path, data, where, line, caret):
    # the error had no source line and caret, which every other one has
    path = write(tmp_path, "bad.sml", data)
    for command in ("check", "run", "compile", "dis"):
        rc, _out, err = mlbox(command, path)
        assert_clean(rc, err, expect_rc=EXIT_USAGE)
        assert err.startswith(path + where), err
        assert err.splitlines()[1:] == ["    " + line, "    " + caret]
    with pytest.raises(api.APIError) as caught:  # the API reads files as the command line does
        api.load(path)
    assert str(caught.value).splitlines()[1:] == ["    " + line, "    " + caret]


def test_byte_order_mark_is_not_part_of_the_program(tmp_path):
    path = write(tmp_path, "bom.sml", b"\xef\xbb\xbfval () = print \"ok\\n\";\n")
    rc, out, err = mlbox("run", path)
    assert (rc, out) == (0, "ok\n"), err


@pytest.mark.parametrize("data", [b"val x = 1;\x00\n", b"\x01\x02\x03" * 200, b"val x = (* no end\n",
                                  b"val x = \"no end\n", b"val x = 99999999999999999999999;\n",
                                  b"val x = 0wx1FFFFFFFFFFFFFFFFF;\n", b"val x = #\"ab\";\n",
                                  b"val x = 1;\r\nval y = \"a\r\n\";\r\n", b"\tval x =\t;\n"])
def test_bad_source_is_a_located_error(tmp_path, data):
    path = write(tmp_path, "bad.sml", data)
    rc, _out, err = mlbox("check", path)
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert len(err.splitlines()) < 200  # a binary file does not give one error per byte


@pytest.mark.parametrize("literal", ["9" * 1_000_000, "~" + "0" * 1_000_000 + "9" * 30, "0w" + "9" * 10_000,
                                     "0x" + "f" * 1_000_000])
def test_a_million_digit_literal_is_one_short_error(tmp_path, literal):
    # once a Python ValueError (int conversion limit) or a million-digit message
    rc, _out, err = mlbox("check", write(tmp_path, "huge.sml", f"val x = {literal};\n"))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert "does not fit in 63 bits" in err and len(err) < 2000


@pytest.mark.parametrize("line_end", [b"\r\n", b"\r"], ids=["crlf", "cr-only"])
def test_windows_and_old_mac_line_ends_give_the_lines_the_editor_shows(tmp_path, line_end):
    data = line_end.join([b"val x = 1", b"val y = x + \"a\"", b""])
    rc, _out, err = mlbox("check", write(tmp_path, "lines.sml", data))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS)
    assert err.splitlines()[:3] == [f"{tmp_path}/lines.sml:2:13: error: this operand of '+' has type string but int "
                                    "is expected", '    val y = x + "a"', "                ^^^"]


def test_a_raw_carriage_return_in_a_string_is_refused_as_poly_ml_refuses_it(tmp_path):
    rc, _out, err = mlbox("check", write(tmp_path, "cr.sml", b'val s = "a\rb"\n'))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)


def test_a_very_long_line_is_shown_around_the_error(tmp_path):
    text = "val x = " + "1+" * 2000 + '"a" + ' + "1+" * 2000 + "1\n"
    rc, _out, err = mlbox("check", write(tmp_path, "long.sml", text))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS)
    head, line, caret = err.splitlines()[:3]
    assert head.endswith(":1:4009: error: this operand of '+' has type string but int is expected")
    assert line.startswith("    ...1+1+") and line.endswith("+1+...") and len(line) < 200
    assert caret.strip() == "^^^" and line[caret.index("^"):][:3] == '"a"'


def test_control_characters_do_not_reach_the_terminal(tmp_path):
    rc, _out, err = mlbox("check", write(tmp_path, "esc.sml", b"val x = \x1b[31m 1;\x00\n"))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert "\x1b" not in err and "\x00" not in err
    echoed, caret = err.splitlines()[1:3]
    assert echoed.index("\N{REPLACEMENT CHARACTER}") == caret.index("^")  # the caret still points at it


@pytest.mark.parametrize("before, columns", [("日本語", 6), ("ｆｕｌｌ", 8), ("e\u0301e\u0301", 2), ("\U0001F600", 2),
                                            ("a\u200bb", 2), ("ascii", 5)])
def test_the_caret_is_under_the_error_after_wide_and_combining_characters(tmp_path, before, columns):
    # the caret counted characters, not the columns a terminal shows them in:
    # after "日本語" it stood three columns left of the error
    rc, _out, err = mlbox("check", write(tmp_path, "w.sml", f'val s = "{before}" ^ 1\n'))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    echoed, caret = err.splitlines()[1:3]
    assert echoed == f'    val s = "{before}" ^ 1'
    assert caret == " " * (4 + len('val s = "" ^ ') + columns) + "^"


def test_bidirectional_controls_do_not_reach_the_terminal(tmp_path):
    # U+202E (right-to-left override) made the terminal show the echoed line
    # in another order than the caret counts it ("Trojan Source")
    rc, _out, err = mlbox("check", write(tmp_path, "bidi.sml", 'val s = "\u202eabc\u2066" ^ 1\n'))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert err.splitlines()[1] == '    val s = "\N{REPLACEMENT CHARACTER}abc\N{REPLACEMENT CHARACTER}" ^ 1'


def test_files_that_are_not_source(tmp_path):
    compiled = write(tmp_path, "x.sml", "val () = print \"hi\\n\";\n")
    assert mlbox("compile", compiled)[0] == 0
    ccam = str(tmp_path / "x.ccam")
    rc, _out, err = mlbox("check", ccam)
    assert_clean(rc, err, expect_rc=EXIT_USAGE)
    assert "compiled .ccam file" in err
    (tmp_path / "dir.sml").mkdir()
    for command in ("check", "run", "dis", "compile"):
        for path in (tmp_path / "dir.sml", tmp_path / "missing.sml"):
            rc, _out, err = mlbox(command, path)
            assert_clean(rc, err, expect_rc=EXIT_USAGE)
    rc, _out, err = mlbox("compile", compiled, "-o", tmp_path / "no" / "such" / "dir.ccam")
    assert_clean(rc, err, expect_rc=EXIT_USAGE)
    assert "cannot write" in err


def test_compile_refuses_to_write_over_its_source(tmp_path):
    # the bytecode replaced the program: `-o` the source itself, a link to
    # it, or a source named .ccam compiled to its default output
    source = write(tmp_path, "p.sml", "val x = 1\n")
    os.symlink(source, tmp_path / "link.ccam")
    named_ccam = write(tmp_path, "q.ccam", "val y = 2\n")
    for args in ([source, "-o", source], [source, "-o", tmp_path / "link.ccam"], [named_ccam]):
        rc, _out, err = mlbox("compile", *args)
        assert_clean(rc, err, expect_rc=EXIT_USAGE)
        assert "is the source file itself" in err
    assert open(source).read() == "val x = 1\n" and open(named_ccam).read() == "val y = 2\n"


def mutants(data: bytes, rng: random.Random, count: int):
    """Token-ish and byte mutants of a program: deletions, duplications,
    swaps of adjacent chunks, truncations, random bytes."""
    for _ in range(count):
        i = rng.randrange(len(data))
        j = min(len(data), i + rng.randrange(1, 12))
        k = min(len(data), j + rng.randrange(1, 12))
        yield rng.choice([
            data[:i] + data[j:],
            data[:i] + data[i:j] * 2 + data[j:],
            data[:i] + data[j:k] + data[i:j] + data[k:],
            data[:i],
            data[:i] + bytes([rng.randrange(256)]) + data[i + 1:],
        ])


def test_mutated_programs_never_crash(tmp_path):
    """Mutants of the example and conformance programs, all in one REPL
    session through :load (one process: fast), then a few through `run`."""
    rng = random.Random(20261121)
    sources = [os.path.join(ROOT, "examples", f) for f in sorted(os.listdir(os.path.join(ROOT, "examples")))
               if f.endswith(".sml") and f != "bpf.sml"]
    paths = []
    for n, src in enumerate(sources):
        with open(src, "rb") as f:
            data = f.read()
        for m, mutant in enumerate(mutants(data, rng, 12)):
            paths.append(write(tmp_path, f"m{n}_{m}.sml", mutant))
    script = "".join(f":load {p}\n" for p in paths).encode()
    rc, _out, err = mlbox("repl", stdin=script, timeout=120)
    assert_clean(rc, err)
    for path in paths[::15]:
        rc, _out, err = mlbox("run", path, "--max-reductions", "10000000")
        assert_clean(rc, err)


# ------------------------------------------------------------------ deep nesting

NEST = MAX_NESTING // 4  # well inside the bound (an infix operator is two levels: App and Tuple)


@pytest.mark.parametrize("text, output", [
    ("val x = " + "+".join(["1"] * NEST) + "\nval () = print (Int.toString x)", str(NEST)),
    ("val x = length [" + ",".join(["1"] * 100_000) + "]\nval () = print (Int.toString x)", "100000"),
    ("val x = " + "(" * NEST + "7" + ")" * NEST + "\nval () = print (Int.toString x)", "7"),
    ("val x = " + "let val a = 1 in " * 2000 + "a" + " end" * 2000 + "\nval () = print (Int.toString x)", "1"),
    ("val x = " + "code " * 80 + "1\nval () = print \"ok\"", "ok"),  # 3 code blocks deep per `code`
    # compiled in linear time (the tail of the nested pairs was copied per component)
    ("val x = (" + ",".join(["1"] * 100_000) + ")\nval () = print \"ok\"", "ok"),
])
def test_large_but_fine_programs_run(tmp_path, text, output):
    rc, out, err = mlbox("run", write(tmp_path, "big.sml", text))
    assert_clean(rc, err, expect_rc=0)
    assert out == output


@pytest.mark.parametrize("text", [
    "val x = " + "+".join(["1"] * MAX_NESTING),
    "val x = " + "[" * (MAX_NESTING + 10) + "]" * (MAX_NESTING + 10),
    "val x = " + "fn a => " * (MAX_NESTING + 10) + "1",
    "val x = " + "if true then " * (MAX_NESTING + 10) + "1" + " else 2" * (MAX_NESTING + 10),
    "val x = " + "1 :: " * MAX_NESTING + "nil",
    "type t = " + "int -> " * (MAX_NESTING + 10) + "int",
])
def test_too_deep_is_a_located_error(tmp_path, text):
    path = write(tmp_path, "deep.sml", text)
    for command in ("check", "run"):
        rc, _out, err = mlbox(command, path)
        assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
        assert "nested too deeply" in err


@pytest.mark.slow
@pytest.mark.parametrize("text", [
    "val x = " + "let val a = 1 in " * 100_000 + "a" + " end" * 100_000,
    "val x = " + "+".join(["1"] * 100_000),
    "val x = " + "::".join(["1"] * 100_000) + "::nil",
    "fun f (" + "::".join(f"a{i}" for i in range(100_000)) + "::_) = 1",
], ids=["lets", "infix-left", "infix-right", "pattern"])
def test_five_times_too_deep_is_refused_in_linear_time(tmp_path, text):
    """100,000 levels: the parser once copied a sequence's list per item and
    looked up each identifier's fixity through every enclosing `let`, which
    took many minutes here; linear, it is well within the timeout."""
    rc, _out, err = mlbox("check", write(tmp_path, "deep.sml", text), timeout=240)
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert "nested too deeply" in err and len(err) < 2000  # the line is shown clipped


@pytest.mark.parametrize("construct", ["if true then {} else 0", "fn a => {}", "code {}",
                                       "case 1 of 0 => 0 | _ => {}"])
def test_code_nested_past_the_bytecode_bound_is_a_located_error(tmp_path, construct, monkeypatch, capfd):
    # The bound (MAX_CODE_NESTING, 100,000) is beyond what the programs
    # within the syntax bound measured compile to (`code`, the deepest, opens
    # 3 levels a syntax level: 3 x 20,000 < 100,000), so the guard is
    # checked against a small bound, in process.
    from ccam import bytecode
    from mlbox import cli

    monkeypatch.setattr(bytecode, "MAX_DEPTH", 256)
    exp = "1"
    for _ in range(300):
        exp = construct.format(exp)
    rc = cli.main(["run", write(tmp_path, "deep.sml", f"val x = {exp}\n")])
    err = capfd.readouterr().err
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert "code blocks nested" in err and "more than the 256" in err


def test_deep_input_at_the_repl(tmp_path):
    deep = write(tmp_path, "deep.sml", "val x = " + "+".join(["1"] * MAX_NESTING))
    lines = ["val y = " + "+".join(["1"] * MAX_NESTING) + ";", f":load {deep}", f":load {tmp_path}",
             "val ok = 1 + 1;"]
    rc, out, err = mlbox("repl", stdin=("\n".join(lines) + "\n").encode(), timeout=120)
    assert_clean(rc, err)
    assert out.count("nested too deeply") == 2 and "val ok = 2 : int" in out, out[-800:]


# ------------------------------------------------------------------ bytecode


def test_damaged_bytecode(tmp_path):
    path = write(tmp_path, "p.sml", "val () = print \"hi\\n\"")
    assert mlbox("compile", path)[0] == 0
    with open(tmp_path / "p.ccam", "rb") as f:
        good = f.read()
    rng = random.Random(7)
    cases = [b"", good[:3], good[:20], good[: len(good) // 2], good[:-1], b"val x = 1;\n",
             good[:4] + b"\xff\xff" + good[6:]]
    for _ in range(6):
        damaged = bytearray(good)
        for _ in range(3):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        cases.append(bytes(damaged))
    for n, data in enumerate(cases):
        bad = write(tmp_path, f"bad{n}.ccam", data)
        for command in ("run", "dis"):
            rc, _out, err = mlbox(command, bad, *(["--max-reductions", "1000000"] if command == "run" else []))
            assert_clean(rc, err)


@pytest.mark.parametrize("machine", ["c", "py"])
def test_names_in_a_crafted_bytecode_file_are_shown_escaped(tmp_path, machine):
    """Global and exception names are a .ccam file's own bytes: shown raw,
    a crafted file sent terminal escapes to stderr/stdout, and a name that
    is not UTF-8 made `dis` an internal error on a strict UTF-8 stdout."""
    from ccam.bytecode import write as write_ccam
    from ccam.instructions import I, Program

    names = ("ok",) * 10 + ("\x1b]0;title\x07\udcff", "ok")
    raising = write(tmp_path, "raise.ccam", write_ccam(Program(
        (I.newexn(b"\x1b[2J\xff"), I.mkexn, getattr(I, "raise")), 12, names)))
    rc, _out, err = mlbox("run", "--machine", machine, raising)
    assert (rc, err) == (EXIT_ERRORS, 'uncaught exception "\\x1b[2J\\xff"\n')
    naming = write(tmp_path, "names.ccam", write_ccam(Program((I.newexn(b"x"), I.setglobal(10)), 12, names)))
    for flags in ([], ["--all"], ["--plain"]):
        proc = subprocess.run([sys.executable, "-m", "mlbox", "dis", *flags, naming], capture_output=True,
                              timeout=60, cwd=ROOT, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        out = proc.stdout.decode()
        assert_clean(proc.returncode, proc.stderr.decode(), expect_rc=0)
        assert '10:"\\x1b]0;title\\x07\\xff"' in out and "\x1b" not in out


def test_a_file_name_s_control_characters_are_escaped_in_messages(tmp_path):
    # a name holding ESC [2J (clear the screen) and a byte that is not
    # UTF-8 was printed raw: the terminal obeyed the sequence; the pf report
    # on standard output printed its names raw too
    name = os.fsdecode(b"\xfe\x1b[2J")
    source = tmp_path / (name + ".sml")
    source.write_text('val x = 1 + "a"')
    shown = str(tmp_path) + "/\\xfe\\x1b[2J"
    rc, _out, err = mlbox("check", source)
    assert_clean(rc, err, expect_rc=EXIT_ERRORS, located=True)
    assert err.startswith(shown + ".sml:1:13: error: ") and "\x1b" not in err
    rc, _out, err = mlbox("run", tmp_path / (name + "-missing.sml"))
    assert (rc, err) == (EXIT_USAGE, f"mlbox: cannot read {shown}-missing.sml: no such file\n")
    capture = tmp_path / (name + ".pcapng")
    with open(os.path.join(ROOT, "tests", "data", "pf", "mixed_small.pcapng"), "rb") as f:
        capture.write_bytes(f.read())
    proc = subprocess.run([sys.executable, "-m", "mlbox", "pf", os.path.join(ROOT, "tests", "data", "pf", "tcp_port_23.dd"),
                           str(capture)], capture_output=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert f"capture     {shown}.pcapng (pcapng".encode() in proc.stdout and b"\x1b" not in proc.stdout


def test_looping_links_and_an_empty_output_name_are_named_as_such(tmp_path):
    # a looping link was "no such file" as pf's capture and, as pf's filter,
    # an expression for libpcap; `compile -o ''` was "cannot write : No such file"
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    filter_file = os.path.join(ROOT, "tests", "data", "pf", "tcp_port_23.dd")
    capture = os.path.join(ROOT, "tests", "data", "pf", "mixed_small.pcapng")
    rc, _out, err = mlbox("pf", loop, capture)
    assert (rc, err) == (EXIT_USAGE, f"mlbox pf: {loop}: cannot read the filter file: Too many levels of symbolic links\n")
    rc, _out, err = mlbox("pf", filter_file, loop)
    assert (rc, err) == (EXIT_USAGE, f"mlbox pf: {loop}: Too many levels of symbolic links\n")
    rc, _out, err = mlbox("run", loop)
    assert (rc, err) == (EXIT_USAGE, f"mlbox: cannot read {loop}: Too many levels of symbolic links\n")
    source = write(tmp_path, "p.sml", "val x = 1")
    rc, _out, err = mlbox("compile", source, "-o", "")
    assert (rc, err) == (EXIT_USAGE, "mlbox: -o: the file name is empty; name the .ccam file to write\n")


def test_dash_is_standard_input(tmp_path):
    rc, out, err = mlbox("run", "-", stdin=b'val () = print "from stdin\\n"')
    assert (rc, out, err) == (0, "from stdin\n", "")
    rc, _out, err = mlbox("check", "-", stdin=b'val x = 1 + "a"\n')
    assert_clean(rc, err, expect_rc=EXIT_ERRORS)
    assert err.startswith("<stdin>:1:13: error: ")
    rc, _out, err = mlbox("compile", "-", stdin=b"val x = 1\n")
    assert (rc, err) == (EXIT_USAGE, "mlbox: compiling standard input (-) needs -o FILE for the bytecode\n")
    ccam = tmp_path / "p.ccam"
    assert mlbox("compile", "-", "-o", ccam, stdin=b'val () = print "compiled\\n"')[0] == 0
    assert mlbox("run", "-", stdin=ccam.read_bytes())[:2] == (0, "compiled\n")


@pytest.mark.parametrize("stdin", ["closed", "write-only"])
def test_standard_input_that_cannot_be_read_is_the_input_s_error(tmp_path, stdin):
    """`<&-` left Python no sys.stdin: every command reading `-`, and the
    REPL, failed with an internal error (AttributeError, exit 70); `0>FILE`
    (readable by no one) was reported as a failure to write the output."""
    capture, bpf = os.path.join(ROOT, "examples", "captures", "telnet_small.pcap"), \
        os.path.join(ROOT, "examples", "filters", "tcp_port_23.bpf")
    reason = "it is closed" if stdin == "closed" else "Bad file descriptor"
    commands = [(["run", "-"], "mlbox"), (["check", "-"], "mlbox"), (["dis", "-"], "mlbox"),
                (["compile", "-", "-o", tmp_path / "p.ccam"], "mlbox"), (["repl"], "mlbox"), ([], "mlbox"),
                (["pf", "-", capture], "mlbox pf"), (["pf", bpf, "-"], "mlbox pf")]
    with open(tmp_path / "write-only", "wb") as write_only:
        for args, who in commands:
            proc = subprocess.run(
                [sys.executable, "-m", "mlbox", *map(str, args)], capture_output=True, timeout=60, cwd=ROOT,
                **({"stdin": write_only} if stdin == "write-only" else {"preexec_fn": lambda: os.close(0)}))
            err = proc.stderr.decode()
            assert (proc.returncode, err) == (EXIT_USAGE, f"{who}: cannot read standard input: {reason}\n"), args


def test_bytecode_is_known_by_its_content(tmp_path):
    """`mlbox run prog` runs a compiled program whatever its name; check and
    compile, which need source, say what the file is."""
    path = write(tmp_path, "p.sml", 'val () = print "hi\\n"')
    assert mlbox("compile", path, "-o", tmp_path / "compiled")[0] == 0
    compiled = str(tmp_path / "compiled")
    assert mlbox("run", compiled)[:2] == (0, "hi\n")
    rc, out, err = mlbox("dis", compiled)
    assert rc == 0 and out.startswith("; CCAM program"), err
    for command in ("check", "compile"):
        rc, _out, err = mlbox(command, compiled)
        assert (rc, err) == (EXIT_USAGE, f"mlbox: {compiled}: is a compiled .ccam file, not ML source "
                                         "(run it with `mlbox run`)\n")


def test_an_endless_or_huge_file_is_refused_before_it_fills_the_memory(tmp_path, monkeypatch, capfd):
    if os.path.exists("/dev/zero"):
        rc, _out, err = mlbox("run", "/dev/zero")
        assert (rc, err) == (EXIT_USAGE, "mlbox: cannot read /dev/zero: more than 64 MB, too large for a program\n")
    monkeypatch.setattr(cli, "MAX_FILE_BYTES", 1000)
    big = write(tmp_path, "big.ccam", b"x" * 1001)
    assert cli.main(["run", big]) == EXIT_USAGE
    assert capfd.readouterr().err.endswith(", too large for a program\n")


# ------------------------------------------------------------------ limits


@pytest.mark.parametrize("flag, value", [("--max-reductions", "-5"), ("--max-reductions", "0"),
                                         ("--max-reductions", "99999999999999999999"), ("--max-stack", "x"),
                                         ("--max-heap", "99999999999999999G"), ("--max-heap", "lots"),
                                         ("--max-heap", "0"), ("--max-heap", "0M")])
def test_bad_limit_flags(tmp_path, flag, value):
    rc, _out, err = mlbox("run", write(tmp_path, "p.sml", "val x = 1"), flag, value)
    assert_clean(rc, err, expect_rc=EXIT_USAGE)


# int() takes these, so they were limits (1000, 5, 10, 5), and a size of
# 5,000 digits reached int()'s own refusal, which names
# sys.set_int_max_str_digits: each is now the flag's usage error
@pytest.mark.parametrize("flag, value, says", [
    ("--max-stack", "1_000", "bad limit"), ("--max-reductions", "+5", "bad limit"),
    ("--max-reductions", "\uff11\uff10", "bad limit"), ("--max-heap", "\u0665K", "bad size"),
    ("--max-heap", "9" * 5000, "bad size"), ("--max-stack", "9" * 5000, "bad limit")])
def test_a_limit_is_ascii_digits_and_a_number_too_long_says_so(tmp_path, flag, value, says):
    rc, _out, err = mlbox("run", write(tmp_path, "p.sml", "val x = 1"), flag, value)
    assert_clean(rc, err, expect_rc=EXIT_USAGE)
    assert f"error: argument {flag}: {says} " in err and "set_int_max_str_digits" not in err, err[-300:]


def test_api_a_limit_too_long_to_show_is_shown_by_its_size():
    for value, shown in ((10 ** 5000, "an int of 16610 bits"), (-(2 ** 99), "a negative int of 100 bits")):
        with pytest.raises(ValueError, match=f"max_heap must be None or an int from 1 to .*, not {shown}$"):
            api.load_source("val x = 1", max_heap=value)


RUNAWAY_GENERATION = "fun build (c : [int]) = let cogen u = c in build (code (u + 1)) end\nval _ = build (code 0)"


LIMIT_CASES = [
    # a stack this deep is a recursion's, most often one that never ends: said before "raise it"
    ("fun f x = 1 + f x val _ = f 1", ["--max-stack", "100000"], "STACK_LIMIT",
     "note: the stack holds 100000 entries (values and return frames): a recursion this deep may never end; "
     "check that each recursive call comes closer to its base case"),
    ("fun codePower e = if e = 0 then code (fn _ => 1) else let cogen p = codePower (e - 1) in "
     "code (fn b => b * (p b)) end\nval cube = eval (codePower ~1)", ["--max-stack", "100000"], "STACK_LIMIT",
     "(a countdown to 0 given a negative number never reaches it); if it does end, raise the limit with "
     "--max-stack N"),
    # a limit set this low is the limit, not a sign of a runaway recursion
    ("fun f x = 1 + f x val _ = f 1", ["--max-stack", "1000"], "STACK_LIMIT",
     "note: the stack holds 1000 entries (values and return frames); raise it with --max-stack N\n"),
    ("fun f x = f x val _ = f 1", ["--max-reductions", "1000000"], "REDUCTION_LIMIT",
     "note: raise the limit with a larger --max-reductions N"),
    ("fun g (s, 0) = s | g (s, n) = g (s ^ s, n - 1) val s = g (\"ab\", 40)", ["--max-heap", "16M"], "HEAP_LIMIT",
     "note: the live heap may hold 16M; raise it with --max-heap SIZE"),
    ("fun f l = f (1 :: l) val _ = f []", ["--max-heap", "8M"], "HEAP_LIMIT",
     "note: the live heap may hold 8M; raise it with --max-heap SIZE"),
    ("fun f l = f (1 :: l) val _ = f []", ["--max-heap", "1000000"], "HEAP_LIMIT",
     "note: the live heap may hold 1000000 bytes; raise it"),  # a size without a unit is bytes
    # generation that never ends: ever larger code (the heap or the reductions stop it), or a generator
    # recursing without end (the stack)
    (RUNAWAY_GENERATION, ["--max-heap", "8M"], "HEAP_LIMIT", "note: the live heap may hold 8M"),
    (RUNAWAY_GENERATION, ["--max-reductions", "1000000"], "REDUCTION_LIMIT", "note: raise the limit"),
    ("fun gen n = let cogen u = gen (n + 1) cogen m = lift n in code (m + u) end\nval _ = gen 0",
     ["--max-stack", "100000"], "STACK_LIMIT", "note: the stack holds 100000 entries"),
]


# The Python machine has no heap limit (docs/ccam.md): of the heap cases it
# runs only the string doubling, which its string bound stops.
@pytest.mark.parametrize("text, flags, status, hint, machine", [
    (*case, machine) for case in LIMIT_CASES for machine in ("c", "py")
    if machine == "c" or case[2] != "HEAP_LIMIT" or "s ^ s" in case[0]])
def test_runaway_programs_stop_at_their_limit_and_say_how_to_raise_it(tmp_path, text, flags, status, hint, machine):
    expect_rc = 3
    if machine == "py" and status == "HEAP_LIMIT":
        # no heap limit there, but a string longer than the machine's bound raises Size
        expect_rc, status, hint = EXIT_ERRORS, "uncaught exception Size", runner.NO_HEAP_LIMIT
    rc, _out, err = mlbox("run", write(tmp_path, "p.sml", text), "--machine", machine, *flags)
    assert_clean(rc, err, expect_rc=expect_rc)
    assert status in err and hint in err, err


EATS_MEMORY = 'fun eat l = eat (Array.array (16000000, 0) :: l)\nval _ = print "start\\n"\nval _ = eat []'


@pytest.mark.parametrize("machine", ["c", "py"])
def test_a_process_out_of_memory_stops_both_machines_alike(tmp_path, machine):
    """Under a memory limit of the process (ulimit -v), the heap limit set
    above it: the C machine's malloc fails, the Python machine's MemoryError
    was `internal error: MemoryError`, exit 70."""
    import resource

    if machine == "c" and not _c_machine_built():
        pytest.skip("the C machine is not built")
    path = write(tmp_path, "p.sml", EATS_MEMORY)
    limit = 1500 << 20  # (no sanitizer here: ASan reserves far more address space)
    above = ["--max-heap", "8G"] if machine == "c" else []  # (the default 1G would stop it first)
    proc = subprocess.run([sys.executable, "-m", "mlbox", "run", path, "--machine", machine, *above],
                          capture_output=True, timeout=300, cwd=ROOT,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    err = proc.stderr.decode()
    assert_clean(proc.returncode, err, expect_rc=3)
    assert (proc.stdout, err.splitlines()[-1]) == (b"start\n", "mlbox: machine error (HEAP_LIMIT): out of memory")


def test_huge_allocation_is_an_ml_exception(tmp_path):
    rc, _out, err = mlbox("run", write(tmp_path, "p.sml", "val a = Array.array (1000000000, 0)"))
    assert_clean(rc, err, expect_rc=EXIT_ERRORS)
    assert "uncaught exception Size" in err


def test_interrupt_stops_a_run_cleanly(tmp_path):
    import signal
    import time

    path = write(tmp_path, "loop.sml", "val () = print \"go\\n\"\nfun loop x = loop x\nval _ = loop ()")
    # Ctrl-C's default action, as a shell gives the program it starts on a
    # terminal: a test run started with SIGINT ignored (a background job of
    # a non-interactive shell) would pass SIG_IGN on, and mlbox, as Python,
    # then leaves it ignored and loops on
    proc = subprocess.Popen([sys.executable, "-m", "mlbox", "run", path], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout.readline() == b"go\n"  # the machine is running the loop now
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # (failed: no endless loop left behind)
            proc.kill()
            proc.communicate()
    err = err.decode()
    assert "Traceback" not in err
    assert proc.returncode in (3, 130), (proc.returncode, err)
    assert "interrupt" in err.lower()


# ------------------------------------------------------------------ the embedding API

API_PROGRAM = """
fun inc (x : int) = x + 1
fun count (l : int list list) = length l
datatype t = Leaf | Node of t * int
fun depth Leaf = 0 | depth (Node (l, _)) = 1 + depth l
fun pair (a : int, b : string) = a
"""


@pytest.fixture(scope="module")
def program():
    return api.load_source(API_PROGRAM)


def test_api_wrong_values_are_host_value_errors(program):
    cyclic: list = [1]
    cyclic.append(cyclic)
    deep_list: list = []
    cur = deep_list
    for _ in range(100_000):
        cur.append([])
        cur = cur[0]
    deep_data = api.Data("Leaf")
    for _ in range(100_000):
        deep_data = api.Data("Node", (deep_data, 1))
    for name, args in [("inc", ("3",)), ("inc", (2 ** 62,)), ("inc", (True,)), ("inc", (1.5,)), ("inc", (None,)),
                       ("inc", ()), ("count", (cyclic,)), ("count", ([cyclic],)), ("count", (deep_list,)),
                       ("depth", (api.Data("Nope"),)), ("pair", ("a", 1)),
                       ("pair", ((1, "a", "b"),)), ("inc", (lambda x: x,))]:
        with pytest.raises(api.HostValueError) as caught:
            program.call(name, *args)
        assert isinstance(caught.value, api.APIError) and isinstance(caught.value, TypeError)
        assert len(str(caught.value)) < 400
    # deeper than Python's recursion limit, but not than the deep stack's (docs/embedding.md, Errors)
    assert program.call("depth", deep_data) == 100_000


def test_api_source_names():
    # name=None reported errors as "None:1:9"
    for name, shown in ((None, "<source>"), ("rules.sml", "rules.sml")):
        with pytest.raises(api.CompileFailed) as failed:
            api.load_source('val x = 1 + "a"', name=name, machine="py")
        assert str(failed.value).startswith(f"{shown}:1:13: error: ")
    with pytest.raises(TypeError, match="name is a str"):
        api.load_source("val x = 1", name=3, machine="py")


def test_api_bad_loads(tmp_path):
    for bad in (12, b"val x = 1", None):
        with pytest.raises(TypeError, match="load_source takes the program text as a str"):
            api.load_source(bad)
    for path in (tmp_path, tmp_path / "missing.sml", write(tmp_path, "bad.sml", b"\xff")):
        with pytest.raises(api.APIError):
            api.load(path)
    with pytest.raises(TypeError, match="unknown limit"):
        api.load_source("val x = 1", bogus=3)
    for value in (-1, 0, 2 ** 70, "10", True):
        with pytest.raises(ValueError):
            api.load_source("val x = 1", max_reductions=value)
    with pytest.raises(api.CompileFailed, match="nested too deeply"):
        api.load_source("val x = " + "+".join(["1"] * MAX_NESTING))


def _c_machine_built() -> bool:
    from mlbox import driver

    return driver.c_machine_available()


@pytest.mark.skipif(not _c_machine_built(), reason="the C machine is not built (max_heap is its limit)")
def test_api_calls_after_one_stopped_at_the_heap_limit_still_run():
    # The stopped call's stacks held most of the heap; the next collection
    # came only at the next run's first safe point, so converting the next
    # arguments (and allocating before that point) failed: every later call
    # raised HEAP_LIMIT "out of memory", and words leaked the C binding's own
    # HostValueError.
    prog = api.load_source("fun hog (n : int) = let fun f (0, acc) = acc | f (k, acc) = f (k - 1, k :: acc) "
                           "in length (f (n, [])) end\nfun succ (w : word) = w + 0w1\n"
                           "fun size' (s : string) = size s", machine="c", max_heap=16 << 20)
    for _ in range(3):
        with pytest.raises(api.MachineFailure, match="HEAP_LIMIT: heap limit exceeded"):
            prog.call("hog", 10 ** 7)
        assert prog.call("succ", 41) == 42
        assert prog.function("succ").map([1, 2]) == [2, 3]
    # an argument that cannot fit under the limit is the API's error, not the binding's
    with pytest.raises(api.MachineFailure, match="do not fit under the heap limit.*raise max_heap") as caught:
        prog.call("size'", b"x" * (32 << 20))
    assert caught.value.status.name == "HEAP_LIMIT"
    # each argument fits alone: the one before it is garbage once its call
    # returned, and the API collects in full before it refuses a host value
    assert prog.function("size'").map([b"x" * (10 << 20)] * 3) == [10 << 20] * 3
    with pytest.raises(api.MachineFailure, match="do not fit under the heap limit"):
        prog.function("size'").map([b"abc", b"x" * (20 << 20)])
    with pytest.raises(api.HostValueError, match="more than 4,194,304 nodes"):
        api.load_source("fun n (l : int list) = length l", machine="c").call("n", [0] * 3_000_000)
    assert prog.call("size'", "abc") == 3


@pytest.mark.skipif(not _c_machine_built(), reason="the C machine is not built (max_heap is its limit)")
def test_an_argument_too_big_for_the_heap_limit_is_refused_before_the_heap_passes_it():
    # Building a host value has no safe point, so the build itself must stop
    # at max_heap: it used to finish a 48 MB list under a 40 MB limit and
    # leave the run's first safe point to refuse it.
    limit = 40 << 20
    # (A run may pass the limit by what it allocates before its next safe
    # point, so the peak is checked before any large run.)
    prog = api.load_source("fun len (xs : int list) = length xs", machine="c", max_heap=limit)
    with pytest.raises(api.MachineFailure, match="do not fit under the heap limit.*raise max_heap") as caught:
        prog.call("len", list(range(1_000_000)))
    assert caught.value.status.name == "HEAP_LIMIT"
    assert prog._machine.heap_stats()["peak"] <= limit
    # the garbage of the refused build does not stop the next call
    assert prog.call("len", list(range(500_000))) == 500_000


def test_api_heap_limit_on_the_python_machine_warns_as_the_cli_does():
    with pytest.warns(RuntimeWarning, match="has no heap limit: there max_heap bounds only the output a call keeps"):
        prog = api.load_source("val x = 1", machine="py", max_heap=1 << 20)
    assert prog["x"] == 1


@pytest.mark.parametrize("machine", ["c", "py"])
def test_a_bad_argument_in_a_batch_is_named_by_its_position(machine):
    """One bad value among a batch's arguments (a million packets) was a
    HostValueError that did not say which; a failed call says which."""
    prog = api.load_source("fun inc (x : int) = x + 1\nfun len l = length l", machine=machine)
    # `inc` converts through a compiled plan, polymorphic `len` through the generic converter
    for name, args, index in [("inc", [1, 2, "x", 4], 2), ("inc", ["x"], 0), ("len", [[1], [2], ["a", 1]], 2)]:
        with pytest.raises(api.HostValueError) as caught:
            prog.function(name).map(args)
        assert caught.value.index == index
        assert str(caught.value).endswith(f" (argument {index} of the batch, counting from 0; no call was made)")
    with pytest.raises(api.HostValueError) as caught:  # one call: no batch to place it in
        prog.call("inc", "x")
    assert caught.value.index is None and "batch" not in str(caught.value)
