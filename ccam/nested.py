"""Recursion over nested code without Python frames.

Code nests up to MAX_CODE_NESTING (100,000) levels, far beyond the
recursion limit of the thread that happens to call us (1,000 by default,
and the API may be called from any thread, however small its C stack).
A walker that must build its result bottom-up (a reader making tuples of
instructions, a disassembler laying out sub-programs) is written as a
generator that yields the generator of each sub-walk where it would have
called itself, and receives that walk's result back; `run_nested` drives
them from an explicit stack, one Python frame deep whatever the nesting.
"""

from __future__ import annotations

from typing import Generator, TypeVar

T = TypeVar("T")


def run_nested(root: Generator) -> T:
    """The result (return value) of the generator `root`, each generator
    it yields run in turn and its result sent back to the one that yielded
    it. An exception raised in a sub-walk is thrown into the walk that
    yielded it, so each level's `finally` runs, innermost first."""
    stack = [root]
    result = None
    error: BaseException | None = None
    while True:
        walk = stack[-1]
        try:
            if error is None:
                sub = walk.send(result)
            else:
                error, sub = None, walk.throw(error)
        except StopIteration as done:
            stack.pop()
            if not stack:
                return done.value
            result = done.value
            continue
        except BaseException as failure:  # noqa: BLE001 - handed to the walk below, or re-raised at the root
            stack.pop()
            if not stack:
                raise
            error, result = failure, None
            continue
        stack.append(sub)
        result = None
