"""Mutation fuzzing of the C loader and machine (tests/ccam_fuzz.py): at
least 20,000 mutants of valid .ccam files per run. Every mutant is either
rejected with a reason by both the Python reader and the C loader, or
accepted by both and runs to a status under small limits. The runs happen in
a child process, so a crash fails the test instead of killing pytest; a
sample of the accepted mutants is also compared with the reference machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from ccam import cmachine, refmachine
from ccam.bytecode import BytecodeError, read
from tests.ccam_fuzz import mutants

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N_MUTANTS = 20_000
LIMITS = {"max_reductions": 5_000, "max_stack": 500}

CHILD = """
import json, sys
from ccam import cmachine
from ccam.bytecode import BytecodeError, read
from tests.ccam_fuzz import mutants

out = {"accepted": 0, "rejected": 0, "disagree": [], "statuses": {}, "empty_reason": 0}
for i, data in enumerate(mutants(%(n)d, seed=%(seed)d)):
    try:
        read(data)
        py_ok = True
    except BytecodeError:
        py_ok = False
    try:
        m = cmachine.Machine(data, max_reductions=5_000, max_stack=500, max_heap=16 << 20)
    except BytecodeError as err:
        out["rejected"] += 1
        if not str(err):
            out["empty_reason"] += 1
        if py_ok:
            out["disagree"].append([i, "C rejects: " + str(err)])
        continue
    out["accepted"] += 1
    if not py_ok:
        out["disagree"].append([i, "C accepts"])
        continue
    r = m.run()
    out["statuses"][r.status.name] = out["statuses"].get(r.status.name, 0) + 1
print(json.dumps(out))
"""


def test_twenty_thousand_mutants():
    r = subprocess.run([sys.executable, "-c", CHILD % {"n": N_MUTANTS, "seed": 1}], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, f"the fuzz child died (exit {r.returncode}): {r.stderr[-2000:]}"
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["disagree"] == []
    assert out["empty_reason"] == 0
    assert out["accepted"] + out["rejected"] == N_MUTANTS
    # the corpus must exercise both sides of the verifier and running code
    assert out["accepted"] >= 1000 and out["rejected"] >= 1000
    assert out["statuses"].get("OK", 0) >= 100


def test_accepted_mutants_agree_with_the_reference_machine():
    compared = 0
    for data in mutants(3_000, seed=2):
        try:
            program = read(data)
        except BytecodeError:
            continue
        ref = refmachine.Machine(program, **LIMITS).run()
        c = cmachine.Machine(data, **LIMITS).run()
        assert (c.status, c.reductions, c.output, c.gen_reductions, c.emitted) == \
            (ref.status, ref.reductions, ref.output, ref.gen_reductions, ref.emitted), (c.message, ref.message)
        compared += 1
    assert compared >= 200


def deep_seeds() -> list[bytes]:
    """Valid files nested 60 deep through every kind of sub-program operand
    (cur, both operands of branch and try, a switch's arms), each level
    doing a little work, so that mutants resume instructions after a
    sub-program in the C loader's frame stack and still reach the machine."""
    from ccam.bytecode import write
    from ccam.instructions import TRUE, ConstCon, ConstInt, I, Program
    from tests.machine_cases import NGLOBALS

    seeds = []
    for shape in range(4):
        body: tuple = (I.quote(ConstInt(7)),)
        for level in range(60):
            kind = (level + shape) % 4
            if kind == 0:
                body = (I.cur(body), I.push, I.quote(ConstInt(level)), I.cons, I.app)
            elif kind == 1:
                body = (I.push, I.quote(TRUE), I.branch(body, (I.quote(ConstInt(level)),)))
            elif kind == 2:
                body = (I.push, I.quote(ConstCon(1)), I.switch([(I.quote(ConstInt(level)),), body]))
            else:
                body = (getattr(I, "try")(body, (I.quote(ConstInt(level)),)),)
        seeds.append(write(Program(body, NGLOBALS)))
    return seeds


def test_mutants_of_deeply_nested_files_agree_on_both_readers_and_machines():
    import random

    from tests.ccam_fuzz import mutate

    seeds = deep_seeds()
    rng = random.Random(7)
    accepted = rejected = 0
    for _ in range(2_000):
        data = mutate(rng, rng.choice(seeds), seeds)
        try:
            program = read(data)
        except BytecodeError:
            rejected += 1
            try:
                cmachine.Machine(data)
            except BytecodeError as err:
                assert str(err)
                continue
            raise AssertionError("the C loader accepts a file the Python reader rejects")
        accepted += 1
        c = cmachine.Machine(data, **LIMITS).run()
        ref = refmachine.Machine(program, **LIMITS).run()
        assert (c.status, c.reductions, c.output) == (ref.status, ref.reductions, ref.output), (c.message, ref.message)
    assert accepted >= 200 and rejected >= 200
