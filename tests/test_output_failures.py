"""print on an output stream that refuses the bytes: a reader that closed
the pipe (`mlbox run p.sml | head -1`), a full disk (`> /dev/full`), and a
non-blocking stdout that is only slow. Both machines stop at the same print
with Status.OUTPUT (the errno in `output_errno`); the command line exits 141
quietly on a closed pipe and 74 with one line on stderr otherwise, for
`run`, `dis` and the REPL alike."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ccam.instructions import Status
from ccam.refmachine import DEADLINE_MESSAGE
from mlbox import cli, driver
from mlbox.diagnostics import Source

ROOT = Path(__file__).resolve().parents[1]
MACHINES = ["c", "py"]
TWO_PRINTS = 'val r = ref 0\nval _ = (r := 1; print "first\\n"; r := 2; print "second\\n"; r := 3)\n'
# never ends on its own: a machine that ignored a failed write would hang the test (timeout), not pass it
PRINTS_FOREVER = 'fun loop n = (print (Int.toString n ^ "\\n"); loop (n + 1))\nval _ = loop 0\n'
DISK_FULL = "mlbox: cannot write the output: " + os.strerror(errno.ENOSPC) + "\n"
needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")


def machine(name: str, text: str, out, **options):
    program = driver.compile_source(Source("p.sml", text)).program
    return driver.machine_class(name)(program, out=out, **options)


@pytest.fixture
def closed_pipe():
    """A binary stream on a pipe whose reader has gone: every write fails with EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    with open(write_end, "wb") as stream:
        yield stream


# ------------------------------------------------------------------ the machines


def test_both_machines_stop_at_the_same_print_on_a_closed_pipe(closed_pipe):
    results = {}
    for name in MACHINES:
        m = machine(name, TWO_PRINTS, closed_pipe)
        result = m.run()
        assert result.status == Status.OUTPUT
        assert result.message == "cannot write the output: " + os.strerror(errno.EPIPE)
        assert m.output_errno == errno.EPIPE
        assert result.output == b""  # the refused bytes are not reported as printed
        results[name] = result
    assert results["c"].reductions == results["py"].reductions
    ok = machine("py", TWO_PRINTS, None).run()
    assert ok.status == Status.OK and ok.output == b"first\nsecond\n"
    assert 0 < results["py"].reductions < ok.reductions  # it stopped, and at the first print


@needs_dev_full
@pytest.mark.parametrize("name", MACHINES)
def test_a_full_disk_stops_the_run_with_its_errno(name):
    with open("/dev/full", "wb") as full:
        m = machine(name, TWO_PRINTS, full)
        result = m.run()
    assert (result.status, m.output_errno) == (Status.OUTPUT, errno.ENOSPC)
    assert result.message == "cannot write the output: " + os.strerror(errno.ENOSPC)


@pytest.mark.parametrize("name", MACHINES)
def test_output_errno_is_cleared_by_the_next_run(name, closed_pipe):
    m = machine(name, TWO_PRINTS, closed_pipe)
    assert m.run().status == Status.OUTPUT
    m.out = None
    assert m.run().status == Status.OK
    assert m.output_errno == 0


@pytest.mark.parametrize("name", MACHINES)
def test_keep_output_false_writes_the_stream_only(name, tmp_path):
    with open(tmp_path / "out", "wb") as stream:
        kept = machine(name, TWO_PRINTS, stream).run()
        not_kept = machine(name, TWO_PRINTS, stream, keep_output=False).run()
    assert kept.output == b"first\nsecond\n" and not_kept.output == b""
    assert (tmp_path / "out").read_bytes() == b"first\nsecond\n" * 2


@pytest.mark.parametrize("name", MACHINES)
def test_a_stream_without_a_descriptor_refusing_a_write(name):
    """The reference machine writes such a stream as it prints, the C
    machine after the run: the failure is a status of the run on the one,
    the stream's own exception on the other, and never silent."""

    class Refusing:
        def write(self, data):
            raise OSError(errno.EIO, os.strerror(errno.EIO))

        def flush(self):
            pass

    m = machine(name, TWO_PRINTS, Refusing())
    if name == "py":
        result = m.run()
        assert (result.status, m.output_errno) == (Status.OUTPUT, errno.EIO)
    else:
        with pytest.raises(OSError):
            m.run()


@pytest.mark.parametrize("name", MACHINES)
def test_a_non_blocking_output_that_is_slow_loses_nothing(name):
    """O_NONBLOCK on stdout (set by another process sharing the pipe): a
    full pipe makes write fail with EAGAIN, which only means `wait`."""
    text = 'val line = implode (List.tabulate (99, fn _ => #"x")) ^ "\\n"\n' \
           'fun loop 0 = () | loop n = (print line; loop (n - 1))\nval _ = loop 3000\n'
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETFL, fcntl.fcntl(write_end, fcntl.F_GETFL) | os.O_NONBLOCK)
    received = []
    reader_may_start = threading.Event()

    def read_slowly():
        reader_may_start.wait(60)
        with open(read_end, "rb") as r:
            received.append(r.read())

    reader = threading.Thread(target=read_slowly)
    reader.start()
    with open(write_end, "wb") as stream:
        m = machine(name, text, stream, keep_output=False)
        # 300 kB: more than a pipe holds, so the writes meet a full pipe until the reader starts
        threading.Timer(0.5, reader_may_start.set).start()
        result = m.run()
    reader.join(60)
    assert result.status == Status.OK, result.message
    assert received == [("x" * 99 + "\n").encode() * 3000]


# Ctrl-C while print waits for a non-blocking output's reader (no reader
# here: the pipe stays full).  The C machine waited in poll, which the
# signal woke, then wrote again and waited again: the run never stopped.
# In a process of its own (a machine that missed it would hang the test).
CTRL_C_WHILE_WAITING = r"""
import fcntl, os, signal, sys, threading
from mlbox import driver
from mlbox.diagnostics import Source
text = 'fun loop n = (print "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\n"; loop (n + 1))\nval _ = loop 0\n'
program = driver.compile_source(Source("p.sml", text)).program
read_end, write_end = os.pipe()
fcntl.fcntl(write_end, fcntl.F_SETFL, fcntl.fcntl(write_end, fcntl.F_GETFL) | os.O_NONBLOCK)
signal.signal(signal.SIGINT, signal.default_int_handler)
with open(write_end, "wb") as stream:
    machine = driver.machine_class(sys.argv[1])(program, out=stream, keep_output=False)
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    print(machine.run().status.name)
"""


@pytest.mark.parametrize("name", MACHINES)
def test_ctrl_c_stops_a_print_waiting_for_a_non_blocking_outputs_reader(name):
    r = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_WAITING, name], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert (r.stdout, r.returncode) == ("INTERRUPTED\n", 0), r.stderr[-2000:]


# A blocking pipe nobody reads: print waited in write() for ever, where the
# machine sees no stop request but a Ctrl-C (a signal's EINTR), so neither
# the deadline nor interrupt() from another thread stopped it. One print of
# 256 kB (more than a pipe holds), made in 18 concatenations.
ONE_BIG_PRINT = 'fun dup (s, 0) = s | dup (s, n) = dup (s ^ s, n - 1)\nval _ = print (dup ("x", 18))\n'


def run_on_a_pipe_nobody_reads(name, text, before=None, meanwhile=None):
    """Run in a thread, on a pipe nobody reads (a blocking one): the Result.
    A run still blocked after 60 s fails the test (the pipe is then drained
    so that the thread ends). before(m) is called before the run,
    meanwhile(m, write_end) during it."""
    read_end, write_end = os.pipe()
    with open(write_end, "wb") as stream:
        m = machine(name, text, stream, keep_output=False)
        if before:
            before(m)
        results = []
        runner = threading.Thread(target=lambda: results.append(m.run()))
        runner.start()
        if meanwhile:
            meanwhile(m, write_end)
        runner.join(60)
        blocked = runner.is_alive()
        while runner.is_alive():
            if select.select([read_end], [], [], 0.1)[0]:
                os.read(read_end, 1 << 16)
    os.close(read_end)
    assert not blocked, "the run stayed blocked in its print"
    return results[0]


def wait_until_full(write_end: int) -> None:
    poller = select.poll()
    poller.register(write_end, select.POLLOUT)
    while poller.poll(0):
        time.sleep(0.01)


@pytest.mark.parametrize("name", MACHINES)
def test_the_deadline_stops_a_print_blocked_on_a_pipe_nobody_reads(name):
    result = run_on_a_pipe_nobody_reads(name, ONE_BIG_PRINT, before=lambda m: m.set_deadline(0.5))
    assert (result.status, result.message) == (Status.INTERRUPTED, DEADLINE_MESSAGE)


@pytest.mark.parametrize("name", MACHINES)
def test_interrupt_stops_a_print_blocked_on_a_pipe_nobody_reads(name):
    def interrupt_once_full(m, write_end):
        wait_until_full(write_end)  # the run is in its print: nothing else is left to poll
        m.interrupt()

    result = run_on_a_pipe_nobody_reads(name, ONE_BIG_PRINT, meanwhile=interrupt_once_full)
    assert (result.status, result.message) == (Status.INTERRUPTED, "interrupted")


@pytest.mark.parametrize("name", MACHINES)
def test_a_print_to_a_pipe_is_whole_and_leaves_no_descriptor_open(name):
    """The C machine writes a pipe through a non-blocking twin descriptor of
    its own (ccam_stream): the bytes all arrive, in order with the host's,
    and the twin is closed when the run ends (the reader then sees the end
    of the file once the host closes its end)."""
    text = 'fun loop 0 = () | loop n = (print (Int.toString n ^ "\\n"); loop (n - 1))\nval _ = loop 20000\n'
    read_end, write_end = os.pipe()
    received = []
    reader = threading.Thread(target=lambda: received.append(os.fdopen(read_end, "rb").read()))
    reader.start()
    open_before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    with open(write_end, "wb") as stream:
        stream.write(b"host\n")  # flushed before the run
        result = machine(name, text, stream, keep_output=False).run()
        assert result.status == Status.OK
        if open_before is not None:
            assert len(os.listdir("/proc/self/fd")) == open_before
    reader.join(60)
    assert received == [b"host\n" + b"".join(b"%d\n" % n for n in range(20000, 0, -1))]


# ------------------------------------------------------------------ the command line


def mlbox(*args: str, stdin=None, stdout=subprocess.PIPE, input_: bytes | None = None):
    return subprocess.run([sys.executable, "-m", "mlbox", *args], stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, input=input_, cwd=ROOT, timeout=120)


@pytest.fixture
def program(tmp_path):
    def make(text: str) -> str:
        path = tmp_path / "p.sml"
        path.write_text(text)
        return str(path)

    return make


@pytest.mark.parametrize("name", MACHINES)
def test_run_stops_quietly_when_the_reader_goes_away(name, program):
    """`mlbox run p.sml | head -1`, with a program that prints forever."""
    process = subprocess.Popen([sys.executable, "-m", "mlbox", "run", "--machine", name, program(PRINTS_FOREVER)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert process.stdout.readline() == b"0\n"
    process.stdout.close()
    assert process.wait(timeout=120) == cli.EXIT_BROKEN_PIPE
    assert process.stderr.read() == b""


def test_run_on_a_closed_pipe_stops_at_the_same_print_on_both_machines(program):
    path = program(TWO_PRINTS)
    stats = {}
    for name in MACHINES:
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            done = mlbox("run", "--machine", name, "--stats=json", path, stdout=write_end)
        finally:
            os.close(write_end)
        assert done.returncode == cli.EXIT_BROKEN_PIPE
        stats[name] = json.loads(done.stderr.decode().strip().splitlines()[-1])
    assert stats["c"]["status"] == stats["py"]["status"] == "OUTPUT"
    assert stats["c"]["reductions"] == stats["py"]["reductions"]


@needs_dev_full
@pytest.mark.parametrize("name", MACHINES)
def test_run_to_a_full_disk_is_one_line_and_status_74(name, program):
    with open("/dev/full", "wb") as full:
        done = mlbox("run", "--machine", name, program(PRINTS_FOREVER), stdout=full)
    assert (done.returncode, done.stderr.decode()) == (cli.EXIT_OUTPUT, DISK_FULL)


@needs_dev_full
@pytest.mark.parametrize("command", [["dis"], ["check"], ["compile", "-o", "/dev/full"]])
def test_the_other_commands_to_a_full_disk(command, program):
    path = program(TWO_PRINTS)
    with open("/dev/full", "wb") as full:
        done = mlbox(*command, path, stdout=full)
    if command[0] == "compile":  # a named output file: its own message, with the name
        assert done.returncode == cli.EXIT_USAGE
        assert done.stderr.decode().startswith("mlbox: cannot write /dev/full: ")
    else:
        assert (done.returncode, done.stderr.decode()) == (cli.EXIT_OUTPUT, DISK_FULL)


@needs_dev_full
@pytest.mark.parametrize("args", [["--help"], ["run", "--help"], ["pf", "--help"], ["--version"]])
def test_help_and_version_to_a_full_disk(args):
    """argparse swallows a failed write of its help and exits 0; mlbox's
    parser reports it like any other output error."""
    with open("/dev/full", "wb") as full:
        done = mlbox(*args, stdout=full)
    assert (done.returncode, done.stderr.decode()) == (cli.EXIT_OUTPUT, DISK_FULL)


@needs_dev_full
@pytest.mark.parametrize("name", MACHINES)
def test_the_repl_to_a_full_disk(name):
    with open("/dev/full", "wb") as full:
        done = mlbox("--machine", name, stdout=full, input_=b'print "hi\\n";\nval x = 1;\n')
    assert (done.returncode, done.stderr.decode()) == (cli.EXIT_OUTPUT, DISK_FULL)


@pytest.mark.parametrize("name", MACHINES)
def test_the_repl_stops_quietly_when_the_reader_goes_away(name):
    """The banner fits the pipe; the first print of a program printing
    forever fails once the reader is gone, and the session ends."""
    process = subprocess.Popen([sys.executable, "-m", "mlbox", "--machine", name], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert process.stdout.readline().startswith(b"mlbox: ")  # the banner
    process.stdout.close()
    process.stdin.write(PRINTS_FOREVER.replace("\nval _ = loop 0\n", ";\nloop 0;\n").encode())
    process.stdin.close()
    assert process.wait(timeout=120) == cli.EXIT_BROKEN_PIPE
    assert process.stderr.read() == b""


@pytest.mark.parametrize("command", [["run"], ["check"], ["dis"]])
def test_a_closed_standard_output_is_an_output_error(command, program):
    """fd 1 not open at all (`mlbox run p.sml >&-`): one line, status 74."""
    path = program(TWO_PRINTS)
    done = subprocess.run([sys.executable, "-m", "mlbox", *command, path], stderr=subprocess.PIPE, cwd=ROOT,
                          timeout=120, preexec_fn=lambda: os.close(1))  # closed before Python starts
    assert (done.returncode, done.stderr.decode()) == (
        cli.EXIT_OUTPUT, "mlbox: cannot write the output: standard output is closed\n")


def _with_stderr_closed(*args: str, input_: bytes = b"") -> subprocess.CompletedProcess:
    """mlbox started with fd 2 not open at all (`2>&-`), where Python's sys.stderr is None."""
    return subprocess.run([sys.executable, "-m", "mlbox", *args], input=input_, stdout=subprocess.PIPE,
                          cwd=ROOT, timeout=120, preexec_fn=lambda: os.close(2))


@pytest.mark.parametrize("text, args, status, out", [
    ("val _ = 1 div 0", ["--machine", "c"], cli.EXIT_ERRORS, b"out\n"),  # uncaught exception
    ("val _ = 1 div 0", ["--machine", "py"], cli.EXIT_ERRORS, b"out\n"),
    ("val x = ", [], cli.EXIT_ERRORS, b""),  # a diagnostic
    ("val x = 1", ["--max-stack", "0"], cli.EXIT_USAGE, b""),  # argparse's usage error
    ("fun f x = f x val _ = f 1", ["--max-reductions", "100"], 3, b"out\n"),  # a limit
])
def test_a_closed_standard_error_keeps_mlboxs_messages_out_of_standard_output(program, text, args, status, out):
    """print(file=sys.stderr) with sys.stderr None writes on stdout: the
    messages would be mixed into the program's output. They are dropped."""
    done = _with_stderr_closed("run", program('val _ = print "out\\n"\n' + text), *args)
    assert (done.returncode, done.stdout) == (status, out)


def test_the_repl_runs_with_standard_error_closed():
    done = _with_stderr_closed("--machine", "c", input_=b'val x = 1 + 2;\nx div 0;\nprint "yo\\n";\n')
    assert done.returncode == 0
    out = done.stdout.decode()
    assert "val x = 3 : int" in out and "yo" in out and "internal error" not in out


@pytest.mark.parametrize("name", MACHINES)
def test_a_programs_error_output_to_a_closed_standard_error_is_still_an_output_error(program, name):
    """No descriptor takes the place of the closed fd 2: TextIO.stdErr still fails there."""
    done = _with_stderr_closed("run", "--machine", name, program('val _ = TextIO.output (TextIO.stdErr, "e")'))
    assert (done.returncode, done.stdout) == (cli.EXIT_OUTPUT, b"")
