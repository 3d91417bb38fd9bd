"""A mutation fuzzer over valid .ccam files, shared by tests/test_fuzz.py
(Python reader vs C loader, runs under small limits) and tests/test_asan.py
(the same mutants through the sanitizer build).

Mutants are made by a seeded random.Random, so every run sees the same
corpus for a given seed: bit flips, byte inserts and deletes, truncations,
splices of two files, and overwrites with boundary-value integers (counts,
lengths, indices at and around the format's limits)."""

from __future__ import annotations

import random
import struct

from ccam.bytecode import BytecodeError, write
from ccam.instructions import I, Program

from tests.cmachine_programs import GENERATE_RUN_DROP, PAIRS_AND_CLOSURE, big_array, loop
from tests.machine_cases import CASES, NGLOBALS

INTERESTING_U32 = [0, 1, 2, 3, 9, 10, 255, 256, 257, (1 << 20) - 1, 1 << 20, (1 << 24) - 1, 1 << 24, 1 << 30,
                   (1 << 30) + 1, 0x7FFFFFFF, 0xFFFFFFFF]


def seed_files() -> list[bytes]:
    """Valid images: every writable hand-worked case, and the GC loops."""
    seeds = []
    for case in CASES:
        try:
            seeds.append(write(Program(tuple(case.code), NGLOBALS)))
        except BytecodeError:
            pass  # a case quoting a lifted value cannot be a file
    for work in (PAIRS_AND_CLOSURE, GENERATE_RUN_DROP, big_array(5)):
        seeds.append(write(loop(30, work)))
    seeds.append(write(Program((I.id,), NGLOBALS, ("a", "b"))))
    return seeds


def mutate(rng: random.Random, data: bytes, seeds: list[bytes]) -> bytes:
    b = bytearray(data)
    if rng.random() < 0.5 and len(b) > 13:
        # one small change in the code, which often keeps the file valid and
        # so reaches the machine: a bit of an opcode or operand, or a small value
        i = rng.randrange(12, len(b))
        if rng.random() < 0.5:
            b[i] ^= 1 << rng.randrange(6)
        else:
            b[i] = rng.randrange(40)
        return bytes(b)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        kind = rng.randrange(6)
        if kind == 0 and b:  # bit flips
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(len(b))
                b[i] ^= 1 << rng.randrange(8)
        elif kind == 1:  # insert bytes
            i = rng.randint(0, len(b))
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        elif kind == 2 and b:  # delete bytes
            i = rng.randrange(len(b))
            del b[i:i + rng.randint(1, 4)]
        elif kind == 3 and b:  # truncate
            del b[rng.randrange(len(b)):]
        elif kind == 4:  # splice with another file
            other = rng.choice(seeds)
            b = b[:rng.randint(0, len(b))] + other[rng.randint(0, len(other)):]
        elif kind == 5 and len(b) >= 4:  # a boundary value in a u32 field
            i = rng.randrange(len(b) - 3)
            b[i:i + 4] = struct.pack("<I", rng.choice(INTERESTING_U32))
    return bytes(b)


def mutants(count: int, seed: int = 1) -> list[bytes]:
    rng = random.Random(seed)
    seeds = seed_files()
    return [mutate(rng, rng.choice(seeds), seeds) for _ in range(count)]


def corpus_bytes(images: list[bytes]) -> bytes:
    """The record format of ccam_c/driver.c: u32 length, bytes."""
    return b"".join(struct.pack("<I", len(x)) + x for x in images)
