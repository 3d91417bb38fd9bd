"""The C machine under AddressSanitizer and UndefinedBehaviorSanitizer.

The test compiles ccam_c/driver.c with the machine's sources twice — the
computed-goto dispatch and the switch dispatch (-DCCAM_SWITCH_DISPATCH) —
with -fsanitize=address,undefined -fno-sanitize-recover=all, and runs on
both: the hand-worked cases and GC loops (plain, with a collection before
every instruction plus the heap checker, and with failing allocators) and
the fuzz corpus of tests/ccam_fuzz.py. Any sanitizer report aborts the
driver, which fails the test; both builds must print the same lines, and
they must match the extension's runs and the Python reader's verdicts.

Skipped only when no C compiler is installed (the reason says so)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from ccam import cmachine
from ccam.bytecode import BytecodeError, read
from tests.ccam_fuzz import corpus_bytes, mutants, seed_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CSRC = os.path.join(ROOT, "ccam_c")
SOURCES = ["heap.c", "load.c", "vm.c", "prims.c", "api.c", "driver.c"]
CC = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
ENV = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0:exitcode=66",
       "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=67"}
LIMITS = ["-r", "20000", "-s", "2000", "-m", str(16 << 20)]

pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler (cc/gcc/clang) on this machine")


@pytest.fixture(scope="module")
def drivers(tmp_path_factory):
    out = tmp_path_factory.mktemp("asan")
    built = {}
    for name, extra in (("goto", []), ("switch", ["-DCCAM_SWITCH_DISPATCH"])):
        exe = str(out / f"driver_{name}")
        cmd = [CC, "-std=gnu11", "-O1", "-g", *SANITIZE, *extra, "-I", CSRC,
               *(os.path.join(CSRC, s) for s in SOURCES), "-o", exe]
        r = subprocess.run(cmd, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        built[name] = exe
    return built, out


def run_driver(exe: str, corpus: str, *args: str) -> list[str]:
    r = subprocess.run([exe, *LIMITS, *args, corpus], capture_output=True, text=True, env=ENV, timeout=600)
    assert r.returncode == 0, f"driver exit {r.returncode}:\n{r.stderr[-4000:]}"
    assert "runtime error" not in r.stderr and "Sanitizer" not in r.stderr, r.stderr[-4000:]
    return r.stdout.splitlines()


def write_corpus(directory, name: str, images: list[bytes]) -> str:
    path = os.path.join(directory, name)
    with open(path, "wb") as f:
        f.write(corpus_bytes(images))
    return path


def test_seed_programs_under_sanitizers(drivers):
    built, out = drivers
    seeds = seed_files()
    corpus = write_corpus(out, "seeds.bin", seeds)
    plain = run_driver(built["goto"], corpus)
    assert plain == run_driver(built["switch"], corpus)
    # the debug modes: collect before every instruction, check the heap
    assert run_driver(built["goto"], corpus, "-d", "3") == plain
    assert run_driver(built["switch"], corpus, "-d", "3") == plain
    # the same runs through the extension
    for data, line in zip(seeds, plain):
        r = cmachine.Machine(data, max_reductions=20000, max_stack=2000, max_heap=16 << 20).run()
        assert line.split()[1:5] == [str(int(r.status)), str(r.reductions), str(r.gen_reductions), str(r.emitted)]


def test_failing_allocator_under_sanitizers(drivers):
    built, out = drivers
    corpus = write_corpus(out, "seeds_fail.bin", seed_files()[::4])
    for n in (0, 1, 2, 5, 17, 60):
        lines = run_driver(built["goto"], corpus, "-f", str(n))
        assert all(line.startswith("RUN") for line in lines)
        assert run_driver(built["switch"], corpus, "-f", str(n), "-d", "2") == lines


def test_fuzz_corpus_under_sanitizers(drivers):
    built, out = drivers
    images = mutants(4_000, seed=3)
    corpus = write_corpus(out, "fuzz.bin", images)
    lines = run_driver(built["goto"], corpus)
    assert lines == run_driver(built["switch"], corpus)
    assert len(lines) == len(images)
    for data, line in zip(images, lines):
        try:
            read(data)
            python_accepts = True
        except BytecodeError:
            python_accepts = False
        assert python_accepts == line.startswith("RUN"), line
