"""`mlbox check FILE`: bindings on stdout, diagnostics on stderr, exit
statuses 0 (ok), 1 (errors), 2 (usage / unreadable file)."""

import subprocess
import sys

from mlbox.cli import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, main

PROGRAM = """
datatype shape = Circle of int | Square of int
type 'a pair = 'a * 'a
exception Bad of string
fun compPoly (nil) = code (fn x => 0)
  | compPoly (a :: p) =
    let cogen f = compPoly p
        cogen a' = lift a
    in code (fn x => a' + (x * f x)) end
cogen u = lift 3
fun area (Circle r) = r * r
"""


def run(tmp_path, text, name="prog.sml", capsys=None):
    path = tmp_path / name
    path.write_text(text)
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    return status, out, err, str(path)


def test_prints_every_binding(tmp_path, capsys):
    status, out, err, path = run(tmp_path, PROGRAM, capsys=capsys)
    assert status == EXIT_OK
    assert out.splitlines() == [
        "datatype shape",
        "con Circle : int -> shape",
        "con Square : int -> shape",
        "type 'a pair = 'a * 'a",
        "exception Bad of string",
        "val compPoly : int list -> [int -> int]",
        "cogen u : int",
        "val area : shape -> int",
    ]
    # the warning goes to stderr, with its location and example
    assert f"{path}:11:5: warning: match nonexhaustive; not covered: Square _" in err


def test_ml_extension_accepted(tmp_path, capsys):
    status, out, _, _ = run(tmp_path, "val x = 1", name="prog.ml", capsys=capsys)
    assert status == EXIT_OK and out == "val x : int\n"


def test_errors_go_to_stderr_with_source_line_and_caret(tmp_path, capsys):
    text = "fun f a = code (fn x => a + x)\nval y = 1 + \"one\"\n"
    status, out, err, path = run(tmp_path, text, capsys=capsys)
    assert status == EXIT_ERRORS
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == f"{path}:1:25: error: value variable 'a' cannot be used inside 'code'"
    assert lines[1] == "    fun f a = code (fn x => a + x)"
    assert lines[2] == "                            ^"
    assert "note: to use its value in generated code, bind a code variable: cogen a' = lift a" in err
    # both errors are reported
    assert f"{path}:2:13: error: this operand of '+' has type string but int is expected" in err


def test_syntax_error_exits_1(tmp_path, capsys):
    status, out, err, path = run(tmp_path, "val = 3", capsys=capsys)
    assert status == EXIT_ERRORS and out == ""
    assert err.startswith(f"{path}:1:") and "error" in err


def test_missing_file(tmp_path, capsys):
    status = main(["check", str(tmp_path / "nope.sml")])
    _, err = capsys.readouterr()
    assert status == EXIT_USAGE
    assert err.strip() == f"mlbox: cannot read {tmp_path / 'nope.sml'}: no such file"


def test_directory_and_binary_files(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == EXIT_USAGE
    binary = tmp_path / "bin.sml"
    binary.write_bytes(b"\xff\xfe\x00junk")
    assert main(["check", str(binary)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "it is a directory" in err and "not UTF-8" in err


def test_usage_errors(capsys):
    assert main(["check"]) == EXIT_USAGE
    assert main(["no-such-command"]) == EXIT_USAGE
    assert "usage:" in capsys.readouterr().err


def test_an_unknown_option_is_blamed_on_its_subcommand(capsys):
    # argparse would report `mlbox: error:` under the top level's usage,
    # which does not list the options the subcommand does take
    assert main(["compile", "--max-heap", "64M", "p.sml"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "usage: mlbox compile" in err
    assert "mlbox compile: error: unrecognized arguments: --max-heap p.sml" in err
    assert main(["--no-such-option"]) == EXIT_USAGE  # the REPL's options, without `repl`
    assert "mlbox repl: error: unrecognized arguments: --no-such-option" in capsys.readouterr().err


def test_python_dash_m_entry_point(tmp_path):
    path = tmp_path / "p.sml"
    path.write_text("val answer = 6 * 7\n")
    done = subprocess.run([sys.executable, "-m", "mlbox", "check", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "val answer : int\n"
    assert "Traceback" not in done.stderr


def test_options_before_the_command_name_it_and_show_the_order(capsys):
    # `mlbox --machine py run p.sml` was taken for the REPL's options, and
    # argparse blamed the REPL: `mlbox repl: error: unrecognized arguments: run p.sml`
    assert main(["--machine", "py", "run", "my prog.sml"]) == EXIT_USAGE
    assert capsys.readouterr().err == ("mlbox: a command's options follow its name: "
                                       "mlbox run --machine py 'my prog.sml'\n")
    assert main(["--machine", "py", "repl"]) == EXIT_USAGE
    assert "follow its name: mlbox repl --machine py\n" in capsys.readouterr().err
    # an option the command does not take is named, not suggested after it
    assert main(["--stats", "check", "p.sml"]) == EXIT_USAGE
    assert capsys.readouterr().err == ("mlbox: a command's options follow its name, and `check` has no option "
                                       "--stats: `mlbox check --help` lists its options\n")
    assert main(["--max-reductions=9", "run", "p.sml"]) == EXIT_USAGE
    assert "follow its name: mlbox run --max-reductions=9 p.sml\n" in capsys.readouterr().err
