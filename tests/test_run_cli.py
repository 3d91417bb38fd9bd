"""`mlbox run`, `mlbox compile`, `mlbox dis` (docs/index.md): output discipline,
exit statuses and messages."""

from __future__ import annotations

import json
import re
import sys

import pytest

from ccam.bytecode import write
from mlbox import cli, driver
from mlbox.diagnostics import Source
from mlbox.runner import MACHINE_ERROR, REDUCTIONS_HINT, STACKS_IN_HEAP_HINT

HELLO = 'val _ = print "hello\\n"\n'
NOT_EXHAUSTIVE = 'fun f 0 = "zero"\nval _ = print (f 0 ^ "\\n")\n'
TYPE_ERROR = 'val x = 1 + "one"\n'
FOREVER = "fun loop x = loop x\nval _ = loop 0\n"


@pytest.fixture
def src(tmp_path):
    def make(text: str, name: str = "prog.sml"):
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return make


@pytest.mark.parametrize("machine", ["c", "py"])
def test_run_prints_only_the_program_output(src, capfd, machine):
    assert cli.main(["run", src(HELLO), "--machine", machine]) == 0
    out, err = capfd.readouterr()
    assert out == "hello\n" and err == ""


@pytest.mark.parametrize("machine", ["c", "py"])
def test_stats_json_is_the_last_line_of_stderr(src, capfd, machine):
    assert cli.main(["run", src(HELLO), "--machine", machine, "--stats=json"]) == 0
    out, err = capfd.readouterr()
    stats = json.loads(err.strip().splitlines()[-1])
    assert out == "hello\n"
    assert stats["reductions"] == stats["generating_reductions"] + stats["running_reductions"] > 0
    assert {"emitted", "time_seconds", "machine"} <= set(stats)


@pytest.mark.parametrize("machine", ["c", "py"])
def test_ctrl_c_in_the_machine_is_reported_as_in_the_front_end(src, capfd, machine, monkeypatch):
    """`mlbox: interrupted`, exit 130 (128 + SIGINT), wherever Ctrl-C falls;
    it once said `machine error (INTERRUPTED): interrupted`, exit 3, when the
    machine was running."""
    import os
    import signal
    import threading

    from mlbox.cli import EXIT_INTERRUPTED

    program = src(FOREVER)
    capfd.readouterr()
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in an interactive process
    # the SIGINT falls in the run: sent once the machine runs (a timer from
    # the start fell in the front end on a loaded host: no stats line)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    machine_class = driver.machine_class(machine)
    run = machine_class.run

    def run_then_interrupt(self, *args, **kwargs):
        timer.start()
        return run(self, *args, **kwargs)
    monkeypatch.setattr(machine_class, "run", run_then_interrupt)
    try:
        status = cli.main(["run", program, "--machine", machine, "--stats=json"])
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, inherited)
    out, err = capfd.readouterr()
    *_, stats, message = err.splitlines()
    assert (status, message, out) == (EXIT_INTERRUPTED, "mlbox: interrupted", "")
    assert json.loads(stats)["reductions"] > 0  # stopped in the machine, not before it


def _interrupting(*args, **kwargs):
    raise KeyboardInterrupt


@pytest.mark.parametrize("where", ["_EscapingStream", "_run_stats_style"])
def test_ctrl_c_before_the_command_runs_is_reported_too(src, capfd, monkeypatch, where):
    """Ctrl-C in main's first tenth of a second (loading mlbox.diagnostics:
    _EscapingStream is made just after) or in _main before _run's handler
    (_run_stats_style) was a KeyboardInterrupt traceback."""
    from mlbox.cli import EXIT_INTERRUPTED

    program = src("val x = 1")
    monkeypatch.setattr(cli, where, _interrupting)
    assert cli.main(["run", program]) == EXIT_INTERRUPTED
    assert capfd.readouterr() == ("", "mlbox: interrupted\n")


# Conses onto a list kept live forever, then (with room) drops it and
# allocates as much again: the heap at the end is below its peak.
GROW_THEN_DROP = """
fun build 0 acc = acc | build n acc = build (n - 1) (n :: acc)
val n = length (build N [])
val m = length (build N [])
val _ = print "done\\n"
"""


@pytest.mark.skipif(not driver.c_machine_available(), reason="the C machine is not built: no heap limit")
@pytest.mark.parametrize("limit, message, hint", [
    # an allocation refused at the limit said only "heap limit exceeded"
    # (and "1 bytes"), where the collector's check gave the figures
    ("1", "heap limit exceeded (0 bytes live, limit 1)", "the live heap may hold 1 byte;"),
    ("2M", "heap limit exceeded (", "the live heap may hold 2M;"),
])
def test_the_heap_limit_says_what_is_live_and_the_limit(src, capfd, limit, message, hint):
    assert cli.main(["run", src(GROW_THEN_DROP.replace("N", "1000000")), "--max-heap", limit]) == 3
    err = capfd.readouterr().err
    assert f"machine error (HEAP_LIMIT): {message}" in err and hint in err, err
    assert f"limit {1 if limit == '1' else 2 << 20})" in err, err


@pytest.mark.skipif(not driver.c_machine_available(), reason="the C machine is not built: its stacks' bound")
def test_a_runaway_recursion_under_a_stack_limit_past_memory_stops_at_the_stacks_bound(src, capfd):
    # With --max-stack 2^62 the stacks grew until the system killed the
    # process (24 GB); they now take at most the heap limit's bytes, or the
    # default heap limit's if more, so the default stack limit stays
    # reachable under a small heap.
    runaway = src("fun f n = 1 + f (n + 1)\nval _ = f 0\n")
    assert cli.main(["run", runaway, "--max-stack", str(1 << 62)]) == 3
    err = capfd.readouterr().err
    assert f"machine error (HEAP_LIMIT): the machine's stacks would take more than {1 << 30} bytes" in err, err
    assert STACKS_IN_HEAP_HINT in err, err
    deep = src('fun sum 0 = 0 | sum n = n + sum (n - 1)\nval _ = print (Int.toString (sum 400000))\n')
    assert cli.main(["run", deep, "--max-heap", "1M"]) == 0
    assert capfd.readouterr().out == "80000200000"


@pytest.mark.parametrize("machine", ["c", "py"])
def test_run_prints_more_than_the_heap_limit_as_it_goes(src, capfd, machine):
    # `mlbox run` writes the output and keeps none of it: the kept output's
    # share of --max-heap does not apply (a program may print forever to a pipe)
    text = ('fun double (s, 0) = s | double (s, n) = double (s ^ s, n - 1)\n'
            'val chunk = double ("x", 16)\nfun loop 0 = () | loop n = (print chunk; loop (n - 1))\nval _ = loop 64\n')
    assert cli.main(["run", src(text), "--max-heap", "1M", "--machine", machine]) == 0
    assert capfd.readouterr().out == "x" * (64 << 16)


@pytest.mark.skipif(not driver.c_machine_available(), reason="the C machine is not built: no heap figures")
def test_peak_heap_is_the_most_heap_used_at_once(src, capfd):
    # "peak heap" was the heap at the end of the run: after a run stopped at
    # --max-heap 2M it said about 14,000 bytes
    assert cli.main(["run", src(GROW_THEN_DROP.replace("N", "1000000")), "--max-heap", "2M", "--stats=json"]) == 3
    stats = json.loads(next(line for line in capfd.readouterr().err.splitlines() if line.startswith("{")))
    assert stats["status"] == "HEAP_LIMIT"
    assert 2 << 20 <= stats["peak_heap_bytes"] <= (2 << 20) + 4096
    from ccam import cmachine

    compiled = driver.compile_source(Source("grow.sml", GROW_THEN_DROP.replace("N", "100000")))
    machine = cmachine.Machine(compiled.program)
    assert machine.run().output == b"done\n"
    peak = machine.heap_stats()["peak"]
    # (the end of the run may be the peak: the first list died old, and only
    # a major collection frees it)
    assert peak >= machine.heap_stats()["bytes"]
    machine.collect()  # the lists are garbage now: the heap shrinks, its peak stays
    heap = machine.heap_stats()
    assert heap["peak"] == peak > 100_000 * 16 > heap["bytes"]


@pytest.mark.skipif(not driver.c_machine_available(), reason="the C machine is not built: no collector figures")
def test_stats_count_the_collections_and_their_time(src, capfd):
    # 200,000 conses and their garbage pass the first collection threshold (8 MB)
    program = src(GROW_THEN_DROP.replace("N", "200000"))
    assert cli.main(["run", program, "--stats=json"]) == 0
    stats = json.loads(next(line for line in capfd.readouterr().err.splitlines() if line.startswith("{")))
    assert stats["collections"] >= 1
    assert 0 <= stats["major_collections"] <= stats["collections"]
    assert 0 < stats["gc_seconds"] <= stats["time_seconds"]
    assert cli.main(["run", program, "--stats"]) == 0
    err = capfd.readouterr().err
    assert f"collector: {stats['collections']} collections ({stats['major_collections']} major), " in err


def test_stats_text(src, capfd):
    assert cli.main(["run", src(HELLO), "--machine", "py", "--stats"]) == 0
    err = capfd.readouterr().err
    assert "reductions:" in err and "instructions emitted:" in err and "time:" in err


@pytest.mark.parametrize("stats", ["--stats", "--stats=json"])
def test_stats_before_the_file_does_not_take_it_as_its_value(src, capfd, stats):
    assert cli.main(["run", stats, src(HELLO), "--machine", "py"]) == 0
    out, err = capfd.readouterr()
    assert out == "hello\n" and "reductions" in err


@pytest.mark.parametrize("style", ["text", "json"])
def test_stats_takes_its_style_as_the_usage_line_shows_it(src, capfd, style):
    # `--stats [{text,json}]`: `--stats json prog.sml` took `json` as the
    # style, then refused the file ("unrecognized arguments: prog.sml")
    assert cli.main(["run", "--stats", style, src(HELLO), "--machine", "py"]) == 0
    out, err = capfd.readouterr()
    assert out == "hello\n"
    last = err.strip().splitlines()[-1]
    assert (json.loads(last)["status"] == "OK") if style == "json" else last.startswith("time:")
    # after `--`, a file named like a style is a file
    path = src(HELLO, "json")
    assert cli.main(["run", "--stats", "--", path]) == 0
    assert capfd.readouterr().out == "hello\n"


@pytest.mark.parametrize("argv", [["repl", "--stats=json"], ["--stats=json"], ["--machine", "py", "--stats=text"]])
def test_the_repl_says_its_stats_takes_no_value(capfd, argv):
    # argparse said "argument --stats: ignored explicit argument 'json'"
    assert cli.main(argv) == 2
    err = capfd.readouterr().err
    assert err.startswith("usage: mlbox repl ")
    assert err.splitlines()[-1].startswith("mlbox repl: error: argument --stats: the REPL's --stats takes no value "
                                           f"({argv[-1]}): ")


def _help(command: str, capfd, monkeypatch) -> dict:
    """`mlbox COMMAND --help`: each option's help text, one line each."""
    monkeypatch.setenv("COLUMNS", "1000")
    assert cli.main([command, "--help"]) == 0
    out = capfd.readouterr().out
    options = out.split("\noptions:\n", 1)[1]
    return {line.split()[0]: line.strip() for line in options.splitlines() if line.startswith("  -")}


def test_every_limit_option_states_its_default(capfd, monkeypatch):
    # the help said "stop after N reductions", "stack depth limit" and
    # "heap limit of the C machine (e.g. 64M)": not what happens when the
    # option is left out (no limit, 16,000,000, 1G)
    for command in ("run", "repl"):
        options = _help(command, capfd, monkeypatch)
        assert options["--max-reductions"].endswith("(default: no limit)")
        assert options["--max-heap"].endswith("(default: 1G; the Python machine has no heap limit)")
        assert "K, M or G" in options["--max-heap"]
        assert options["--max-stack"].endswith("(default: 16,000,000)")


def test_machine_is_explained_alike_in_every_command(capfd, monkeypatch):
    # pf said "the CCAM to run on (default: c when built, else py)", run and
    # the REPL "the C machine (default when built) or the Python reference machine"
    helps = {command: " ".join(_help(command, capfd, monkeypatch)["--machine"].split()[2:])
             for command in ("run", "repl", "pf")}
    assert len(set(helps.values())) == 1, helps
    assert "c, the C machine (the default when it is built), or py, the Python reference machine" in helps["run"]


def test_warnings_do_not_stop_the_run(src, capfd):
    assert cli.main(["run", src(NOT_EXHAUSTIVE), "--machine", "py"]) == 0
    out, err = capfd.readouterr()
    assert out == "zero\n"
    assert "warning" in err


def test_compile_errors_are_diagnostics(src, capfd):
    path = src(TYPE_ERROR)
    assert cli.main(["run", path]) == 1
    err = capfd.readouterr().err
    assert f"{path}:1:" in err and "error" in err and "Traceback" not in err


def test_reduction_limit_is_a_clean_machine_error(src, capfd):
    status = cli.main(["run", src(FOREVER), "--machine", "py", "--max-reductions", "1000"])
    err = capfd.readouterr().err
    assert status not in (0, 1)
    assert err.splitlines() == [MACHINE_ERROR.format(status="REDUCTION_LIMIT", message="more than 1000 reductions"),
                                REDUCTIONS_HINT]


def test_compile_then_run_and_dis(src, tmp_path, capfd):
    path = src(HELLO)
    out_file = tmp_path / "hello.ccam"
    assert cli.main(["compile", path, "-o", str(out_file)]) == 0
    assert out_file.read_bytes() == write(driver.compile_source(Source(path, HELLO)).program)
    assert cli.main(["run", str(out_file), "--machine", "c"]) == 0
    assert capfd.readouterr().out == "hello\n"
    assert cli.main(["dis", str(out_file)]) == 0
    from_ccam = capfd.readouterr().out
    assert cli.main(["dis", path]) == 0
    assert capfd.readouterr().out == from_ccam
    assert "print" in from_ccam


def test_compile_default_output_name(src, tmp_path):
    path = src(HELLO, "named.sml")
    assert cli.main(["compile", path]) == 0
    assert (tmp_path / "named.ccam").exists()


def test_other_format_version_is_refused(src, tmp_path, capfd):
    data = bytearray(write(driver.compile_source(Source("h.sml", HELLO)).program))
    data[4] = 7  # the u16 version after the magic
    bad = tmp_path / "future.ccam"
    bad.write_bytes(bytes(data))
    assert cli.main(["run", str(bad), "--machine", "py"]) == 1
    err = capfd.readouterr().err
    assert "format version 7" in err and "Traceback" not in err


@pytest.mark.parametrize("machine", ["c", "py"])
@pytest.mark.parametrize("damage, reason", [
    (lambda data: data[:-3], "truncated file"),
    (lambda data: data[:4] + b"\x07" + data[5:], "offset 4: format version 7"),
])
def test_a_damaged_ccam_gets_the_readers_reason_on_either_machine(src, tmp_path, capfd, machine, damage, reason):
    from ccam.bytecode import BytecodeError, read

    data = damage(write(driver.compile_source(Source("h.sml", HELLO)).program))
    with pytest.raises(BytecodeError) as info:
        read(data)
    assert reason in str(info.value)
    bad = tmp_path / "damaged.ccam"
    bad.write_bytes(data)
    assert cli.main(["run", str(bad), "--machine", machine]) == 1
    assert capfd.readouterr().err == f"mlbox: {bad}: not a valid .ccam file: {info.value}\n"


def test_the_c_machine_runs_a_ccam_file_without_the_python_reader(src, tmp_path, capfd, monkeypatch):
    # the C loader verifies it: reading it in Python too took 3 of the 3.5 s
    # a 20,000-rule case's file took to start
    from ccam import bytecode

    out_file = tmp_path / "hello.ccam"
    assert cli.main(["compile", src(HELLO), "-o", str(out_file)]) == 0
    monkeypatch.setattr(bytecode, "read", lambda data: pytest.fail("read in Python"))
    assert cli.main(["run", str(out_file), "--machine", "c"]) == 0
    assert capfd.readouterr().out == "hello\n"


def test_garbage_ccam_is_refused(tmp_path, capfd):
    bad = tmp_path / "garbage.ccam"
    bad.write_bytes(b"not bytecode at all")
    assert cli.main(["dis", str(bad)]) == 1
    assert "not a valid .ccam file" in capfd.readouterr().err


def test_a_reader_closing_the_pipe_stops_dis_quietly():
    """`mlbox dis big.sml | head`: no internal error, no traceback; the
    status a process killed by SIGPIPE has. The listing (~115 kB) is larger
    than a pipe's buffer, so the write fails after the reader is gone."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    process = subprocess.Popen([sys.executable, "-m", "mlbox", "dis", "--all", str(root / "examples" / "bpf.sml")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root)
    assert process.stdout.read(100).startswith(b"; CCAM program")
    process.stdout.close()
    assert process.wait(timeout=60) == cli.EXIT_BROKEN_PIPE
    assert process.stderr.read() == b""


@pytest.mark.parametrize("name", ["prog.sml", "my prog.ccam"])
def test_a_program_given_without_run_is_pointed_to_run(name, capfd):
    assert cli.main([name]) == cli.EXIT_USAGE
    out, err = capfd.readouterr()
    assert out == ""
    expected_command = "mlbox run prog.sml" if name == "prog.sml" else "mlbox run 'my prog.ccam'"
    assert err.rstrip("\n").endswith(expected_command)
    assert "not a command" in err


def test_an_unknown_command_is_still_argparses_invalid_choice(capfd):
    assert cli.main(["frobnicate"]) == cli.EXIT_USAGE
    assert "invalid choice: 'frobnicate'" in capfd.readouterr().err


def test_an_empty_output_name_is_an_error_not_the_default(src, tmp_path, capfd):
    # `-o ''` wrote FILE.ccam, as if no -o had been given
    path = src(HELLO, "named.sml")
    assert cli.main(["compile", path, "-o", ""]) == 2
    assert capfd.readouterr().err == "mlbox: -o: the file name is empty; name the .ccam file to write\n"
    assert not (tmp_path / "named.ccam").exists()


@pytest.mark.parametrize("machine", ["c", "py"])
@pytest.mark.parametrize("text, report", [
    ('val _ = raise Fail "no config"', "uncaught exception Fail"),
    ("val _ = 1 div 0", "uncaught exception Div"),
    ("val _ = raise Domain", "uncaught exception Domain"),
    ("exception E of int\nval _ = raise E 3", "uncaught exception E"),
    ('exception Fail of string\nval _ = raise Fail "mine"', "uncaught exception Fail"),  # not the basis's
    ("val _ = hd []", "uncaught exception Empty"),
])
def test_an_uncaught_exception_is_reported_by_run_exactly_as_the_spec_says(src, tmp_path, capfd, machine, text, report):
    # docs/language.md §9: `uncaught exception NAME` on stderr, exit 1, from source and
    # from bytecode alike (the REPL adds SML/NJ's bracketed message); it is
    # the last line, after the string the exception carries, if any
    path = src(text + "\n")
    assert cli.main(["run", "--machine", machine, path]) == 1
    assert capfd.readouterr().err.splitlines()[-1] == report
    compiled = str(tmp_path / "compiled.ccam")
    assert cli.main(["compile", path, "-o", compiled]) == 0
    capfd.readouterr()
    assert cli.main(["run", "--machine", machine, compiled]) == 1
    string = re.search(r'raise (\w+ "[^"]*")', text)
    carried = [f"exception {string.group(1)} raised and not handled"] if string else []
    assert capfd.readouterr().err.splitlines() == carried + [report]


@pytest.mark.parametrize("machine", ["c", "py"])
def test_run_shows_the_string_an_uncaught_exception_carries(src, capfd, machine):
    # `raise Fail "why"` said only `uncaught exception Fail`: why is what the
    # user needs. Shown escaped as an SML string, cut after 300 bytes.
    long = "x" * 400
    program = ('exception Bad of string * int\nexception Note of string\n'
               'val _ = print "out\\n"\n'
               'val _ = (raise Bad ("no", 1)) handle Bad _ => ()\n'
               f'val _ = raise Note "tab\\tquote\\"\\200{long}"\n')
    assert cli.main(["run", "--machine", machine, src(program)]) == 1
    captured = capfd.readouterr()
    assert captured.out == "out\n"
    shown = 'tab\\tquote\\"\\200' + "x" * (300 - len('tab\tquote"\x80')) + "#"
    assert captured.err.splitlines() == [f'exception Note "{shown}" raised and not handled',
                                         "uncaught exception Note"]


@pytest.mark.parametrize("machine", ["c", "py"])
def test_run_shows_an_uncaught_exceptions_argument_by_its_declared_type(src, tmp_path, capfd, machine):
    # From source the types are known: any argument is shown as the REPL
    # shows values. A compiled program has no types: only a string is shown
    # there (a machine value does not tell an int from a char).
    program = ('infixr 5 +++\ndatatype t = A | B of char list | +++ of t * t\nexception Bad of int * string * t\n'
               'val _ = raise Bad (~3, "why", B [#"a", #"b"] +++ A)\n')
    path = src(program)
    assert cli.main(["run", "--machine", machine, path]) == 1
    assert capfd.readouterr().err.splitlines() == [
        'exception Bad (~3,"why",B [#"a",#"b"] +++ A) raised and not handled', "uncaught exception Bad"]
    compiled = str(tmp_path / "bad.ccam")
    assert cli.main(["compile", path, "-o", compiled]) == 0
    assert cli.main(["run", "--machine", machine, compiled]) == 1
    assert capfd.readouterr().err == "uncaught exception Bad\n"
    # a local exception: its one declaration gives the type; a shadowed
    # top-level one is told from the later one of the same name by identity
    program = ('fun f n = let exception Local of int list in raise Local [n, n] end\n'
               'exception E of string\nval e1 = E "first"\nexception E of int\n'
               'val _ = (f 4) handle _ => ()\nval _ = raise e1\n')
    assert cli.main(["run", "--machine", machine, src(program)]) == 1
    assert capfd.readouterr().err.splitlines() == ['exception E "first" raised and not handled', "uncaught exception E"]
    assert cli.main(["run", "--machine", machine, src('fun f n = let exception Local of int list in raise Local [n, n] end\n'
                                                      'val _ = f 4\n')]) == 1
    assert capfd.readouterr().err.splitlines() == ["exception Local [4,4] raised and not handled",
                                                   "uncaught exception Local"]
    # a cycle through a ref, as the REPL shows it, on both machines (the C
    # machine's refs come back as handles, a new one at each read)
    cycle = ("datatype t = N of t option ref\nexception R of t\nval r = ref NONE\nval n = N r\n"
             "val _ = r := SOME n\nval _ = raise R n\n")
    assert cli.main(["run", "--machine", machine, src(cycle)]) == 1
    assert capfd.readouterr().err.splitlines() == ["exception R (N (ref (SOME (N %0))) as %0) raised and not handled",
                                                   "uncaught exception R"]
    # of a type variable's type: not shown as `Poly -` but, as a string, by
    # its representation
    poly = "fun f (x : 'a) = let exception Poly of 'a in raise Poly x end\nval _ = f {}\n"
    for argument, shown in [("7", []), ('"seven"', ['exception Poly "seven" raised and not handled'])]:
        assert cli.main(["run", "--machine", machine, src(poly.format(argument))]) == 1
        assert capfd.readouterr().err.splitlines() == shown + ["uncaught exception Poly"]


@pytest.mark.parametrize("command", ["run", "repl"])
def test_a_bad_heap_size_is_reported_as_the_other_limits_are(src, capfd, command):
    # --max-heap alone was checked after parsing: `mlbox: bad size '64X'`,
    # without the option's name or the command's usage
    for size, why in [("64X", "use a number of bytes, optionally with K, M or G"), ("0", "(from 1 to ")]:
        args = [command, "--max-heap", size] + ([src(HELLO)] if command == "run" else [])
        assert cli.main(args) == 2
        err = capfd.readouterr().err
        assert f"usage: mlbox {command}" in err
        assert f"mlbox {command}: error: argument --max-heap: bad size '{size}': " in err and why in err
    assert cli.main(["run", "--max-heap", "64m", src(HELLO)]) == 0  # a good one is still taken as written
    assert capfd.readouterr().out == "hello\n"


@pytest.mark.parametrize("argv", [["run", "--machine", "c", "p.sml"], ["repl", "--machine", "c"],
                                  ["pf", "--machine", "c", "tcp", "c.pcap"]])
def test_machine_c_without_the_c_machine_says_how_to_build_it(argv, monkeypatch, capsys):
    # it was `mlbox: internal error: StaleBuildError: ...`, exit 70: a bug in
    # mlbox, when it is the set-up's (the extension not built or stale)
    import ccam_c

    # the extension not built: importing ccam.cmachine again fails as it would
    monkeypatch.delitem(sys.modules, "ccam.cmachine")
    monkeypatch.setitem(sys.modules, "ccam_c._ccam", None)
    monkeypatch.delattr(ccam_c, "_ccam", raising=False)
    assert cli.main(argv) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("mlbox: --machine c: the C machine (ccam_c._ccam) is stale or missing: "
                          "rebuild it with `make install`"), err
    assert "internal error" not in err
