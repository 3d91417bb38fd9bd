"""Run test bodies in threads at once, switching between them as often as
Python can, so that a race in shared state shows up within a test's time."""

from __future__ import annotations

import sys
import threading
from typing import Callable, Iterable


def run_together(bodies: Iterable[Callable[[], None]]) -> None:
    """Start a thread per body, with the interpreter switching threads every
    microsecond (its default, 5 ms, lets most bodies finish unpreempted);
    return when all have ended, the switch interval put back."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=body) for body in bodies]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
