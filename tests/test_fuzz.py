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
