"""The real `mlbox` REPL driven through a pseudo-terminal: prompts, line
editing through readline, Ctrl-C during an evaluation and Ctrl-D, with the
persistent history file.

`Terminal` is a small pexpect-like helper (pty.fork + select): every wait
is a read until a pattern appears, with a generous timeout, so the test
does not depend on timing.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import sys
import time

import pytest

from mlbox.repl import INTERRUPT

TIMEOUT = 60.0
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]")
PROMPT = re.compile(r"(^|\n)- $")

COMP_POLY = [
    "fun compPoly (nil) = code (fn x => 0)",
    "  | compPoly (a::p) =",
    "    let cogen f = compPoly p",
    "        cogen a' = lift a",
    "    in code (fn x => a' + (x * f x)) end;",
]
POLY_AT_47 = 2 + 4 * 47 + 0 * 47 ** 2 + 2333 * 47 ** 3  # 242219249


class Terminal:
    def __init__(self, argv: list[str], env: dict):
        pid, fd = pty.fork()
        if pid == 0:  # the child: become the program
            try:
                # Ctrl-C's default action, as a shell gives the program it
                # starts on a terminal: a test process started with SIGINT
                # ignored (a background job of a non-interactive shell)
                # would pass SIG_IGN on, and Python then leaves it ignored.
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.seen = ""  # everything read so far, escape sequences removed
        self.pos = 0  # where the next expect starts looking
        self.status: int | None = None

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def sendline(self, line: str) -> None:
        self.send(line + "\r")

    def _read(self, deadline: float) -> bool:
        """Read what is available; False at end of file."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            return False
        if not data:
            return False
        self.seen += ANSI.sub(b"", data).decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "")
        return True

    def expect(self, pattern, timeout: float = TIMEOUT) -> re.Match:
        """Wait until `pattern` (a regex or a plain string) appears after
        the previous match; return the match."""
        regex = pattern if isinstance(pattern, re.Pattern) else re.compile(re.escape(pattern))
        deadline = time.monotonic() + timeout
        while True:
            m = regex.search(self.seen, self.pos)
            if m:
                self.pos = m.end()
                return m
            if time.monotonic() >= deadline or not self._read(deadline):
                m = regex.search(self.seen, self.pos)
                if m:
                    self.pos = m.end()
                    return m
                raise AssertionError(f"did not see {regex.pattern!r}; the terminal showed:\n{self.seen}")

    def prompt(self) -> None:
        self.expect(PROMPT)

    def interrupt(self, then, tries: int = 10, patience: float = 3.0) -> None:
        """Ctrl-C until `then` appears. A SIGINT that lands in the instant
        between printing a prompt and waiting for a key (or between Python
        code and the C machine's own handler) is noted but acted on only at
        the next event, so a person would press Ctrl-C again: so do we."""
        for attempt in range(tries):
            self.send("\x03")
            try:
                self.expect(then, timeout=patience)
                return
            except AssertionError:
                if attempt == tries - 1:
                    raise

    def wait(self, timeout: float = TIMEOUT) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
            self._read(min(deadline, time.monotonic() + 0.2))
        raise AssertionError(f"mlbox did not exit; the terminal showed:\n{self.seen}")

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)


def mlbox_command() -> list[str]:
    return [sys.executable, "-m", "mlbox"]


@pytest.mark.parametrize("machine", ["c", "py"])
def test_a_session_through_a_terminal(tmp_path, machine):
    env = dict(os.environ)
    history = tmp_path / "history"
    env.update(TERM="dumb", HOME=str(tmp_path), MLBOX_HISTORY=str(history), INPUTRC=os.devnull)
    t = Terminal(mlbox_command() + ["--machine", machine], env)
    try:
        t.expect(f"({machine} machine)")
        t.prompt()

        # a multi-line declaration: continuation prompts, then the reply
        for i, line in enumerate(COMP_POLY):
            t.sendline(line)
            if i < len(COMP_POLY) - 1:
                t.expect("= ")
        t.expect("val compPoly = fn : int list -> [int -> int]")
        t.prompt()

        t.sendline("eval (compPoly [2,4,0,2333]) 47;")
        t.expect(f"val it = {POLY_AT_47} : int")
        t.prompt()

        t.sendline(":type compPoly")
        t.expect("compPoly : int list -> [int -> int]")
        t.prompt()

        t.sendline(":gen compPoly [1,2]")
        t.expect(re.compile(r"\d+ instructions generated"))
        t.prompt()

        # a type error and a staging error leave the session going
        t.sendline('compPoly 3;')
        t.expect("stdIn:1:10: error: this argument has type int")
        t.prompt()
        t.sendline("fun bad x = code x;")
        t.expect("value variable 'x' cannot be used inside 'code'")
        t.prompt()

        # Ctrl-C interrupts a loop; the earlier bindings are intact
        t.sendline("let fun loop () = loop () in loop () end;")
        t.expect("end;\n")  # readline has taken the line: it is being compiled and run
        # Whether the interrupt lands while compiling or while running, the
        # answer is the same; a short pause makes it land in the machine.
        time.sleep(0.5)
        t.interrupt(INTERRUPT)
        t.prompt()
        t.sendline("eval (compPoly [1,2]) 10;")
        t.expect("val it = 21 : int")
        t.prompt()

        # Ctrl-C at the prompt discards a half-typed input
        t.sendline("val lost =")
        t.expect("= ")
        t.interrupt(PROMPT)
        t.sendline("lost;")
        t.expect("unbound variable or constructor 'lost'")
        t.prompt()

        t.send("\x04")  # Ctrl-D
        assert t.wait() == 0
    finally:
        t.close()
    assert "eval (compPoly [2,4,0,2333]) 47;" in history.read_text()


def test_quit_and_an_unwritable_history(tmp_path):
    env = dict(os.environ)
    env.update(TERM="dumb", HOME=str(tmp_path), MLBOX_HISTORY=str(tmp_path / "no" / "such" / "dir" / "h"),
               INPUTRC=os.devnull)
    t = Terminal(mlbox_command(), env)
    try:
        t.prompt()
        t.sendline("val x = 42;")
        t.expect("val x = 42 : int")
        t.prompt()
        t.sendline(":quit")
        assert t.wait() == 0
    finally:
        t.close()
    assert "Traceback" not in t.seen
