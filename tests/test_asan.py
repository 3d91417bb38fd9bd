"""The C machine under AddressSanitizer and UndefinedBehaviorSanitizer.

The test compiles ccam_c/driver.c with the machine's sources twice — the
computed-goto dispatch and the switch dispatch (-DCCAM_SWITCH_DISPATCH) —
with -fsanitize=address,undefined -fno-sanitize-recover=all, and runs on
both: the hand-worked cases and GC loops (plain, with a collection before
every instruction plus the heap checker, and with failing allocators) and
the fuzz corpus of tests/ccam_fuzz.py. Any sanitizer report aborts the
driver, which fails the test; both builds must print the same lines, and
they must match the extension's runs and the Python reader's verdicts.
The extension itself runs under both sanitizers too, and ccam_interrupt from
another thread under ThreadSanitizer.

Skipped only when no C compiler is installed, or (the TSan test) no TSan
runtime (the reason says so)."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from ccam import cmachine
from ccam.bytecode import MAX_DEPTH, BytecodeError, read
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


def compile_c(out, *args: str) -> None:
    r = subprocess.run([CC, "-std=gnu11", "-O1", "-g", *SANITIZE, "-I", CSRC, *args],
                       capture_output=True, text=True, cwd=out)
    assert r.returncode == 0, r.stderr


@pytest.fixture(scope="module")
def drivers(tmp_path_factory):
    out = tmp_path_factory.mktemp("asan")
    # Only vm.c differs between the two dispatches: the other sources are
    # compiled once (compiling them twice was a quarter of the build).
    shared = [s for s in SOURCES if s != "vm.c"]
    compile_c(out, "-c", *(os.path.join(CSRC, s) for s in shared))
    objects = [str(out / s.replace(".c", ".o")) for s in shared]
    built = {}
    for name, extra in (("goto", []), ("switch", ["-DCCAM_SWITCH_DISPATCH"])):
        exe = str(out / f"driver_{name}")
        compile_c(out, *extra, os.path.join(CSRC, "vm.c"), *objects, "-o", exe)
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


def python_reader_accepts(data: bytes) -> bool:
    try:
        read(data)
        return True
    except BytecodeError:
        return False


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


def test_printing_nothing_before_any_output_under_sanitizers(drivers):
    """print "" (or TextIO.output of "") before anything was printed: the
    output buffer did not exist yet, and the machine copied no bytes to a
    null pointer (undefined behaviour UBSan reports: found running
    tests/data/polyml/155_edges_textio.sml under the sanitizers)."""
    from ccam.bytecode import write
    from mlbox.driver import compile_source

    built, out = drivers
    sources = ['val _ = print ""',
               'val _ = TextIO.output (TextIO.stdOut, "")\nval _ = print "ok"',
               'val _ = print ""\nval _ = print ""\nval _ = print "ab"\nval _ = print ""']
    images = [write(compile_source(text).program) for text in sources]
    corpus = write_corpus(out, "print_nothing.bin", images)
    for exe in (built["goto"], built["switch"]):
        for debug in ("0", "1"):
            lines = run_driver(exe, corpus, "-d", debug)
            assert [line.split()[1] for line in lines] == ["0"] * 3, lines
            assert [line.split()[-1] for line in lines] == ["0", "2", "2"], lines


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
        assert python_reader_accepts(data) == line.startswith("RUN"), line


def test_the_loaders_bounds_under_sanitizers(drivers):
    """The files at each bound of the format and one past it
    (tests/test_bytecode.py): one past a table's last entry (primitive 62
    of 62, ccam_prim_names) is refused without reading past the table."""
    from tests.test_bytecode import LIMITS, MALFORMED

    built, out = drivers
    images = [data for _name, data, _reason, _offset in MALFORMED if len(data) < 1 << 20]
    images += [data for _name, fine, bad in LIMITS for data in (fine, bad)]
    corpus = write_corpus(out, "bounds.bin", images)
    lines = run_driver(built["goto"], corpus)
    assert lines == run_driver(built["switch"], corpus)
    assert [line.startswith("RUN") for line in lines] == [python_reader_accepts(data) for data in images]


def deep_images() -> list[bytes]:
    """Files nested at the bound and one past it, through every kind of
    sub-program operand (cur; branch's first operand, so the loader resumes
    the instruction after it; a switch's last arm), whole and truncated."""
    from tests.test_bytecode import NO_NAMES, header, nested, op, u32

    def chain(prefix: bytes, inner: bytes, suffix: bytes, depth: int) -> bytes:
        return header() + prefix * (depth - 1) + inner + suffix * (depth - 1) + NO_NAMES

    kinds = [(u32(1) + op("branch"), u32(0)),  # branch(deeper | ·)
             (u32(1) + op("switch") + u32(2) + u32(0), b"")]  # switch(· | deeper)
    images = [nested(MAX_DEPTH), nested(MAX_DEPTH + 1)]
    for prefix, suffix in kinds:
        for depth in (MAX_DEPTH, MAX_DEPTH + 1):
            images.append(chain(prefix, u32(0), suffix, depth))
    whole = list(images)
    for data in whole:
        images += [data[:cut] for cut in (len(data) // 3, len(data) // 2, len(data) - 5)]
    return images


def test_deep_nesting_under_sanitizers_on_a_small_stack(drivers):
    built, out = drivers
    images = deep_images()
    corpus = write_corpus(out, "deep.bin", images)
    # Once for both builds: the Python reader takes about a second an image
    # at this depth (it was two thirds of this test when read per build).
    verdicts = [python_reader_accepts(data) for data in images]
    assert verdicts[:2] == [True, False] and verdicts[2:6] == [True, False, True, False]
    small_stack = "ulimit -s 512 && exec \"$0\" \"$@\""  # the loader must not recurse
    for exe in (built["goto"], built["switch"]):
        for fail_after in ("-1", "3", "40000"):
            r = subprocess.run(["sh", "-c", small_stack, exe, *LIMITS, "-f", fail_after, corpus],
                               capture_output=True, text=True, env=ENV, timeout=600)
            assert r.returncode == 0, f"driver exit {r.returncode}:\n{r.stderr[-4000:]}"
            assert "Sanitizer" not in r.stderr and "runtime error" not in r.stderr, r.stderr[-4000:]
            lines = r.stdout.splitlines()
            assert len(lines) == len(images)
            if fail_after == "-1":
                assert [line.startswith("RUN") for line in lines] == verdicts


# ------------------------------------------------------------- the binding under ASan

# The extension's own sources and cdef, built with the sanitizers into a
# scratch package that shadows ccam_c for a child interpreter.
BUILD_EXTENSION = """
import re, sys
from cffi import FFI
src, out, flags = sys.argv[1], sys.argv[2], sys.argv[3].split()
text = open(src + "/ccam.h", encoding="utf-8").read()
ffi = FFI()
ffi.cdef(re.search(r"/\\* CDEF BEGIN \\*/(.*)/\\* CDEF END \\*/", text, re.S).group(1))
ffi.set_source("ccam_c._ccam", '#include "ccam.h"\\n',
               sources=[src + "/" + s for s in ("heap.c", "load.c", "vm.c", "prims.c", "api.c")],
               include_dirs=[src], extra_compile_args=["-O1", "-g", *flags], extra_link_args=flags)
ffi.compile(tmpdir=out)
"""

# What corrupted the heap: handles finalized after their machine (a machine
# in a reference cycle with its values; interpreter exit with live values),
# generating code into a host-made empty block, forget() then passing a
# value back, cyclic host values; and interrupts from other threads. Any
# ASan report fails the child.
BINDING_SCENARIOS = """
import gc
from ccam import cmachine
from ccam.instructions import I, Ins, Program, ConstInt
from ccam.values import Block, Pair, Ref
from tests.machine_cases import NGLOBALS
g = NGLOBALS - 1
# gen b = emit 'n; emit push; merge a block of (acc 0; push; cons); emit swap, cons, app into b
gen = [I.acc(0), I.push, I.arena, I.swap, I.snd, I.cons,
       I.emit(I.quote(ConstInt(5))), I.emit(I.push), I.push, I.arena, I.push, I.cons,
       I.emit(I.acc(0)), I.emit(I.push), I.emit(I.cons), I.snd, I.swap, I.cons, I.merge,
       I.emit(I.swap), I.emit(I.cons), I.emit(I.app)]
program = Program((I.cur(gen), I.setglobal(g)), NGLOBALS)
keep = []
for round in range(30):
    m = cmachine.Machine(program)
    m.run()
    f = m.global_value(g)
    for _ in range(5):
        r = m.call(f, Pair(0, Block()))
        assert r.ok, r.message
        block = r.value.snd
        assert len(block.code) == 6, block.code
        assert m.call(f, Pair(0, block)).ok
    m.cycle = (m, f, r)
    if round % 3 == 0:
        keep.append(r.value)      # alive at exit
    elif round % 3 == 1:
        m.forget()
        try:
            m.call(f, Pair(0, Block()))
        except cmachine.StaleValueError:
            pass
    cyclic = Ref(None)
    cyclic.value = Pair(cyclic, 1)
    try:
        m.set_global(g, cyclic)
    except cmachine.HostValueError:
        pass
    del m, f, r, block
    gc.collect()
# Program.interrupt() from other threads while calls and batches start, run
# and end (the machine's flag is written by one thread, read by another).
import random, threading, time
from mlbox import api
prog = api.load_source("fun count (n : int) : int = if n = 0 then 0 else count (n - 1)\\n"
                       "fun forever (n : int) : int = forever n", machine="c")
stopped = []
worker = threading.Thread(target=lambda: stopped.append(pcall(prog.call, "forever", 0)))
def pcall(f, *args):
    try:
        return f(*args)
    except api.MachineFailure as error:
        return error.status.name
worker.start()
while not prog.interrupt():
    pass
worker.join()
assert stopped == ["INTERRUPTED"], stopped
rng = random.Random(5)
for round in range(60):
    n = rng.choice([0, 100, 70000, 300000])
    args = ([prog.function("count").map, [n, n]] if round % 2 else [prog.call, "count", n])
    done = []
    worker = threading.Thread(target=lambda: done.append(pcall(*args)))
    worker.start()
    time.sleep(rng.choice([0, 0.001, 0.01]))
    accepted = prog.interrupt()
    worker.join()
    assert done == (["INTERRUPTED"] if accepted else [[0, 0] if round % 2 else 0]), (accepted, done)
assert prog.call("count", 100000) == 0
# print to pipes (prims.c, write_all): through the twin descriptor to a
# reader, and stopped by the deadline and by interrupt() on one nobody reads
import os
from mlbox import driver
from mlbox.diagnostics import Source
big = driver.compile_source(Source("p.sml", 'fun dup (s, 0) = s | dup (s, n) = dup (s ^ s, n - 1)\\n'
                                            'val _ = print (dup ("x", 18))\\n')).program
read_end, write_end = os.pipe()
received = []
reader = threading.Thread(target=lambda: received.append(os.fdopen(read_end, "rb").read()))
reader.start()
with open(write_end, "wb") as stream:
    assert cmachine.Machine(big, out=stream, keep_output=False).run().status.name == "OK"
reader.join()
assert received == [b"x" * (1 << 18)]
read_end, write_end = os.pipe()
with open(write_end, "wb") as stream:
    m = cmachine.Machine(big, out=stream, keep_output=False)
    m.set_deadline(0.3)
    assert m.run().message == "the deadline passed"
    m.set_deadline(None)
    threading.Timer(0.3, m.interrupt).start()
    assert m.run().message == "interrupted"
os.close(read_end)
print("scenarios ok")
"""


def sanitizer_runtime(name: str) -> str | None:
    r = subprocess.run([CC, f"-print-file-name={name}"], capture_output=True, text=True)
    path = r.stdout.strip()
    return path if os.path.isabs(path) and os.path.exists(path) else None


def test_binding_under_sanitizers(tmp_path):
    import sys

    asan, ubsan = sanitizer_runtime("libasan.so"), sanitizer_runtime("libubsan.so")
    assert asan and ubsan, "the C compiler has no ASan/UBSan runtime"
    out = tmp_path / "build"
    r = subprocess.run([sys.executable, "-c", BUILD_EXTENSION, CSRC, str(out),
                        "-fsanitize=address,undefined -fno-omit-frame-pointer"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-4000:]
    package = tmp_path / "pkg" / "ccam_c"
    package.mkdir(parents=True)
    built = list((out / "ccam_c").glob("_ccam*.so"))
    assert len(built) == 1
    shutil.copy(built[0], package)
    for name in ("__init__.py", "gen_opcodes.py"):
        shutil.copy(os.path.join(CSRC, name), package)
    env = {**ENV, "LD_PRELOAD": f"{asan} {ubsan}", "PYTHONPATH": f"{tmp_path / 'pkg'}{os.pathsep}{ROOT}",
           "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:exitcode=66"}
    check = "import ccam_c._ccam as c, sys; print(c.__file__)"
    r = subprocess.run([sys.executable, "-c", check], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert str(tmp_path / "pkg") in r.stdout, (r.stdout, r.stderr[-2000:])
    r = subprocess.run([sys.executable, "-c", BINDING_SCENARIOS], cwd=tmp_path, env=env, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0 and "scenarios ok" in r.stdout, r.stderr[-6000:]
    assert "Sanitizer" not in r.stderr and "runtime error" not in r.stderr, r.stderr[-6000:]


def test_mutation_heavy_programs_under_sanitizers(drivers):
    """The write barrier's programs (tests/test_gc_generations.py) under the
    sanitizers: collecting every few instructions (young objects live across
    stores into old ones) with the heap checker, and before every
    instruction, they end as the plain runs do; with failing allocators (the
    remembered set among them) every run ends cleanly and the heap checks."""
    from ccam.bytecode import write
    from tests.test_gc_generations import PROGRAMS, compile_program

    built, out = drivers
    images = [write(compile_program(name, text)) for name, text in sorted(PROGRAMS.items())]
    corpus = write_corpus(out, "mutations.bin", images)
    enough = ["-r", "100000000", "-m", str(64 << 20)]
    plain = run_driver(built["goto"], corpus, *enough)
    assert len(plain) == len(images) and all(line.split()[1] == "0" for line in plain), plain
    sometimes = str(cmachine.DEBUG_COLLECT_SOMETIMES | cmachine.DEBUG_HEAP_CHECK)
    # Before every instruction without the heap checker: the checker walking
    # the heap at every step under ASan took 95% of this test (5 minutes),
    # and tests/test_gc_generations.py runs it at every step already.
    always = str(cmachine.DEBUG_COLLECT_ALWAYS)
    assert run_driver(built["goto"], corpus, *enough, "-d", sometimes) == plain
    assert run_driver(built["switch"], corpus, *enough, "-d", always) == plain
    # (after 400 raw allocations none of them fails any more: that was the
    # run above again, for half a minute)
    for n in (0, 3, 40):
        lines = run_driver(built["goto"], corpus, *enough, "-d", sometimes, "-f", str(n))
        assert len(lines) == len(images) and all(line.startswith("RUN") for line in lines)
        assert any(line.split()[1] != "0" for line in lines), f"no run met the failing allocator after {n}"


# ------------------------------------------------------------- interrupts under TSan

# ccam_interrupt from another thread while a run polls the flag (a data race
# while the flag was a plain int), and before a run begins (the request is
# kept: the run stops at its first instruction).
INTERRUPT_HARNESS = r"""
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include "ccam.h"
static void *stopper(void *m) {
    /* long enough for the main thread to be in ccam_run on a loaded host
       (at 20 ms it was once not yet, and the interrupt, kept for the next
       run, stopped it before its first reduction) */
    struct timespec t = {0, 200 * 1000 * 1000};
    nanosleep(&t, NULL);
    ccam_interrupt((ccam_machine *)m);
    return NULL;
}
int main(int argc, char **argv) {
    static uint8_t image[1 << 16];
    FILE *f = fopen(argv[1], "rb");
    size_t n = fread(image, 1, sizeof image, f);
    fclose(f);
    char err[512];
    ccam_machine *m = ccam_load(image, n, err, sizeof err);
    if (!m) return 2;
    for (int i = 0; i < 3; i++) {
        pthread_t t;
        pthread_create(&t, NULL, stopper, m);
        int st = ccam_run(m);
        pthread_join(t, NULL);
        printf("during %d %lld\n", st, (long long)(ccam_reductions(m) > 0));
    }
    ccam_interrupt(m);
    int st = ccam_run(m);
    printf("before %d %lld\n", st, (long long)ccam_reductions(m));
    ccam_free(m);
    return 0;
}
"""


def _run_under_thread_sanitizer(tmp_path, harness: str, program: list, image_name: str):
    """Build `harness` (C, with the machine's sources) under ThreadSanitizer,
    run it on `program` written as a bytecode file, and return the run,
    checked to have ended cleanly with no TSan report."""
    from ccam.bytecode import write
    from ccam.instructions import Program
    from tests.machine_cases import NGLOBALS

    if sanitizer_runtime("libtsan.so") is None:
        pytest.skip("the C compiler has no ThreadSanitizer runtime (libtsan)")
    (tmp_path / image_name).write_bytes(write(Program(tuple(program), NGLOBALS)))
    (tmp_path / "harness.c").write_text(harness)
    exe = str(tmp_path / "harness")
    shared = [os.path.join(CSRC, s) for s in SOURCES if s != "driver.c"]
    r = subprocess.run([CC, "-std=gnu11", "-O1", "-g", "-fsanitize=thread", "-I", CSRC, "harness.c", *shared,
                        "-o", exe, "-lpthread"], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    # without address-space randomisation: TSan's fixed shadow mapping can
    # clash with a kernel's wider randomisation
    setarch = shutil.which("setarch")
    command = [setarch, "-R", exe] if setarch else [exe]
    r = subprocess.run([*command, str(tmp_path / image_name)], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "TSAN_OPTIONS": "exitcode=66"})
    assert "ThreadSanitizer" not in r.stderr and r.returncode == 0, r.stderr[-4000:]
    return r


def test_interrupt_from_another_thread_under_thread_sanitizer(tmp_path):
    from ccam.instructions import I, Status

    forever = [I.cur([I.acc(0), I.push, I.cons, I.app]), I.push, I.cons, I.app]  # f f where f x = x x
    r = _run_under_thread_sanitizer(tmp_path, INTERRUPT_HARNESS, forever, "forever.ccam")
    interrupted = int(Status.INTERRUPTED)
    assert r.stdout.splitlines() == [f"during {interrupted} 1"] * 3 + [f"before {interrupted} 0"], r.stdout


# A host thread entering a machine while another runs it: ccam_collect, a
# new pair and the heap checker from a second thread, 20 ms into a run that
# allocates forever (a third thread stops it at 300 ms).  Each entry waits
# for the run to end (one thread in a machine at a time, ccam.h), where it
# used to collect under the running loop, whose registers were not saved:
# TSan reported the race, and the plain build crashed.
ENTRY_HARNESS = r"""
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include "ccam.h"
static int checked = -1;
static void pause_ms(long ms) {
    struct timespec t = {0, ms * 1000 * 1000};
    nanosleep(&t, NULL);
}
static void *intruder(void *m) {
    pause_ms(20);
    ccam_collect((ccam_machine *)m);
    int64_t a = ccam_mk_int((ccam_machine *)m, 1), p = ccam_mk_pair((ccam_machine *)m, a, a);
    checked = ccam_heap_check((ccam_machine *)m);
    ccam_release((ccam_machine *)m, p);
    ccam_release((ccam_machine *)m, a);
    return NULL;
}
static void *stopper(void *m) {
    pause_ms(300);
    ccam_interrupt((ccam_machine *)m);
    return NULL;
}
int main(int argc, char **argv) {
    static uint8_t image[1 << 16];
    FILE *f = fopen(argv[1], "rb");
    size_t n = fread(image, 1, sizeof image, f);
    fclose(f);
    char err[512];
    ccam_machine *m = ccam_load(image, n, err, sizeof err);
    if (!m) return 2;
    pthread_t t1, t2;
    pthread_create(&t1, NULL, intruder, m);
    pthread_create(&t2, NULL, stopper, m);
    int st = ccam_run(m);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("run %d check %d pinned %lld\n", st, checked, (long long)ccam_npinned(m));
    ccam_free(m);
    return 0;
}
"""


def test_entry_from_another_thread_during_a_run_waits_under_thread_sanitizer(tmp_path):
    from ccam.instructions import I, Status

    forever = [I.cur([I.acc(0), I.push, I.cons, I.app]), I.push, I.cons, I.app]  # f f where f x = x x
    r = _run_under_thread_sanitizer(tmp_path, ENTRY_HARNESS, forever, "forever.ccam")
    assert r.stdout.splitlines() == [f"run {int(Status.INTERRUPTED)} check 0 pinned 0"], r.stdout


# Two machines run in two threads, each swapping the Ctrl-C handler in and
# out around its runs (ccam_set_catch_sigint): the swap's state is global,
# and changed without a lock it raced (TSan), which could leave the
# machine's handler installed for good, swallowing Ctrl-C.  After the runs
# the process's own handler (the default) must be back.
SIGINT_HARNESS = r"""
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include "ccam.h"
static uint8_t image[1 << 16];
static size_t image_len;
static void *runner(void *unused) {
    char err[512];
    ccam_machine *m = ccam_load(image, image_len, err, sizeof err);
    if (!m) return (void *)1;
    ccam_set_catch_sigint(m, 1);
    for (int i = 0; i < 300; i++)
        if (ccam_run(m) != 0) return (void *)1;
    ccam_free(m);
    return NULL;
}
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    image_len = fread(image, 1, sizeof image, f);
    fclose(f);
    pthread_t t1, t2;
    void *r1, *r2;
    pthread_create(&t1, NULL, runner, NULL);
    pthread_create(&t2, NULL, runner, NULL);
    pthread_join(t1, &r1);
    pthread_join(t2, &r2);
    struct sigaction now;
    sigaction(SIGINT, NULL, &now);
    printf("runs %s handler %s\n", !r1 && !r2 ? "ok" : "failed", now.sa_handler == SIG_DFL ? "default" : "other");
    return 0;
}
"""


def test_machines_in_two_threads_swap_the_ctrl_c_handler_under_thread_sanitizer(tmp_path):
    from ccam.instructions import I

    r = _run_under_thread_sanitizer(tmp_path, SIGINT_HARNESS, [I.push, I.cons, I.push, I.cons], "short.ccam")
    assert r.stdout.splitlines() == ["runs ok handler default"], r.stdout


# ccam_run_stack with a start stack of 2^61 + 1 values under a max_stack of
# 2^63 - 1: the bytes of its copy, n * 8, wrapped around to 8, and the
# second handle was written past them.  The host's array holds three
# handles, the third invalid, so that the copy stops there.
RUN_STACK_HARNESS = r"""
#include <stdio.h>
#include "ccam.h"
int main(int argc, char **argv) {
    static uint8_t image[1 << 16];
    FILE *f = fopen(argv[1], "rb");
    size_t n = fread(image, 1, sizeof image, f);
    fclose(f);
    char err[512];
    ccam_machine *m = ccam_load(image, n, err, sizeof err);
    if (!m) return 2;
    ccam_set_limits(m, -1, INT64_MAX, -1);
    int64_t unit = ccam_mk_unit(m);
    int64_t handles[3] = {unit, unit, -1};
    int st = ccam_run_stack(m, handles, (INT64_C(1) << 61) + 1);
    printf("%d %s\n", st, ccam_message(m));
    ccam_free(m);
    return 0;
}
"""


def test_a_start_stack_too_large_to_copy_under_sanitizers(tmp_path):
    from ccam.bytecode import write
    from ccam.instructions import I, Program, Status
    from tests.machine_cases import NGLOBALS

    (tmp_path / "id.ccam").write_bytes(write(Program((I.id,), NGLOBALS)))
    (tmp_path / "harness.c").write_text(RUN_STACK_HARNESS)
    shared = [os.path.join(CSRC, s) for s in SOURCES if s != "driver.c"]
    compile_c(tmp_path, "harness.c", *shared, "-o", str(tmp_path / "harness"))
    r = subprocess.run([str(tmp_path / "harness"), str(tmp_path / "id.ccam")], capture_output=True, text=True,
                       timeout=60, env=ENV)
    assert r.returncode == 0, r.stderr[-4000:]
    assert r.stdout == f"{int(Status.UNDERFLOW)} run: a start stack of {(1 << 61) + 1} values\n"
