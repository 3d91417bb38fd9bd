"""Programs loaded and called in several threads at once (docs/embedding.md:
"For calls in parallel, load the program once per thread"): the state the
front end, the compiler and the machines keep for the whole process must
not let one thread's load or call see another's.

Each test provokes its race with sys.setswitchinterval(1e-6) (a thread
switch every few bytecodes) and many rounds; a race on what the first loads
of a process build runs in a subprocess, which rebuilds it every round.
tests/thread_stress.py is the long version: the whole corpus, loaded in 8
threads, compared with a one-thread run."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mlbox import api

MACHINES = [m for m in ("py", "c") if m == "py" or api.default_machine() == "c"]


def run_python(program: str, *args: str) -> str:
    """Run `program` in a fresh interpreter (with `args`); its standard output."""
    done = subprocess.run([sys.executable, "-c", program, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


BASIS_RACE = r"""
import sys, threading
from mlbox import basis, checker

sys.setswitchinterval(1e-6)
problems = []
for round in range(30):
    # what the first checks of a process build: both basis scopes, the
    # constructors of the built-in datatypes, the basis abbreviations
    checker._basis_scopes.clear()
    checker._basis_abbrevs.clear()
    for name in basis.DATATYPES:
        checker.BUILTIN_TYCONS[name].cons = []
    barrier = threading.Barrier(8)
    envs = [None] * 8

    def work(i):
        barrier.wait()
        envs[i] = checker.initial_env(prelude=i % 4 == 3)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name in basis.DATATYPES:
        cons = [c.name for c in checker.BUILTIN_TYCONS[name].cons]
        if len(cons) != len(basis.DATATYPES[name][1]):
            problems.append(f"{name}: {cons}")
    for i, env in enumerate(envs):
        for name in ("nil", "::", "SOME", "NONE", "LESS", "true"):
            if env.scope.find_value(name) is None:
                problems.append(f"thread {i}: no {name}")
        if env.scope.find_type("StringCvt.reader") is not checker._basis_abbrevs["StringCvt.reader"]:
            problems.append(f"thread {i}: another StringCvt.reader")
print(sorted(set(problems)))
"""


def test_the_basis_is_built_once_when_first_checks_race():
    # Threads checking the first programs of a process built the basis
    # scopes together: a program then failed with "unbound constructor
    # '::'" (or 'SOME'), and so did every later one of its thread.
    assert run_python(BASIS_RACE).strip() == "[]"


CONVERSION_DURING_DEEP_RUN = r"""
import sys, threading, time
from mlbox import api
from mlbox.deep import with_deep_stack

prog = api.load_source("datatype t = L | N of t\nfun mk 0 = L | mk n = N (mk (n - 1))\nval a = mk 5000\n",
                       machine=sys.argv[1])
started = threading.Event()

@with_deep_stack
def deep_pass(n):  # a compiler's pass over a deeply nested program: the recursion limit is raised meanwhile
    if n:
        return deep_pass.__wrapped__(n - 1)
    started.set()
    time.sleep(0.5)

compiling = threading.Thread(target=deep_pass, args=(3000,))
compiling.start()
started.wait()
outcome = []
def convert():
    try:
        value, depth = prog["a"], 0
        while value != "L" and value.constructor == "N":
            value, depth = value.arg, depth + 1
        outcome.append(depth)
    except api.HostValueError as error:
        outcome.append(str(error)[:40])
converting = threading.Thread(target=convert)
converting.start()
compiling.join()
converting.join()
print(outcome)
"""


@pytest.mark.parametrize("machine", MACHINES)
def test_a_conversion_waits_while_another_thread_compiles_deep(machine):
    # A program is compiled with Python's recursion limit raised (deep.py),
    # which is the whole process's: a value containing itself, converted
    # meanwhile in another thread, recursed far past the ordinary limit,
    # and when the compile put the limit back Python killed the process
    # ("Fatal Python error: Cannot recover from stack overflow"). A value
    # nested deeper than the ordinary limit lets a conversion go is
    # converted on the deep stack, after the compile.
    assert run_python(CONVERSION_DURING_DEEP_RUN, machine).strip() == "[5000]"


CTRL_C_DURING_DEEP_RUN = r"""
import os, signal, threading, time
from mlbox.deep import with_deep_stack

started = threading.Event()
finished = []

def deeper(n):
    return deeper(n - 1) if n else "the pass ended"

@with_deep_stack
def deep_pass(n):
    if n:
        return deep_pass.__wrapped__(n - 1)
    started.set()
    time.sleep(0.5)
    try:
        finished.append(deeper(100))  # the pass goes on, deeper
    except RecursionError as error:
        finished.append(repr(error))

threading.Thread(target=lambda: (started.wait(), os.kill(os.getpid(), signal.SIGINT))).start()
try:
    deep_pass(3000)
except KeyboardInterrupt:
    print("interrupted")
time.sleep(1)
print(finished)
"""


def test_ctrl_c_during_a_deep_pass_leaves_the_process_alive():
    # Ctrl-C in the main thread stopped its wait for the deep thread, which
    # then put the recursion limit back under the pass still running there:
    # the pass failed with a RecursionError, or the process died with "Fatal
    # Python error: Cannot recover from stack overflow" (the REPL or `mlbox
    # check` interrupted while compiling a deeply nested program).
    assert run_python(CTRL_C_DURING_DEEP_RUN).splitlines() == ["interrupted", "['the pass ended']"]


CALLS_DURING_DEEP_RUN = r"""
import sys, threading, time
from mlbox import api
from mlbox.api import Data
from mlbox.deep import with_deep_stack

prog = api.load_source("fun inc (x : int) = x + 1\ndatatype t = L | N of t\n"
                       "fun depth L = 0 | depth (N t) = 1 + depth t", machine=sys.argv[1])
inc, depth = prog.function("inc"), prog.function("depth")
deep = "L"
for _ in range(5000):  # deeper than the ordinary recursion limit lets a conversion go
    deep = Data("N", deep)
started, stop = threading.Event(), threading.Event()
outcome = []

@with_deep_stack
def deep_pass(n):  # the recursion limit is raised meanwhile
    if n:
        return deep_pass.__wrapped__(n - 1)
    started.set()
    stop.wait(5)

def call_deep():
    try:
        outcome.append(depth(deep))
    except api.HostValueError as error:
        outcome.append(str(error)[:40])

compiling = threading.Thread(target=deep_pass, args=(3000,))
compiling.start()
started.wait()
# an int converts shallowly: the call need not wait for the deep run
outcome.append(inc(41))
converting = threading.Thread(target=call_deep)
converting.start()
time.sleep(0.2)
outcome.append(converting.is_alive())  # a datatype's conversion waits for it
stop.set()
compiling.join()
converting.join()
print(outcome)
"""


@pytest.mark.skipif("c" not in MACHINES, reason="the C machine is not built")
def test_a_call_converts_shallow_values_during_a_deep_run_and_waits_to_convert_deep_ones():
    # The API's fast call path (C machine) leaves the ORDINARY_RECURSION section out
    # where the conversion is a few frames deep whatever the value (an
    # int): such a call goes on while another thread compiles deep; one
    # that converts a value as deep as it is (a datatype) still waits, and
    # then, too deep for the ordinary limit, converts on the deep stack.
    assert run_python(CALLS_DURING_DEEP_RUN, "c").strip() == "[42, True, 5000]"
