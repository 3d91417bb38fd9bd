"""Timing helpers: every wall-clock figure of the bench is the median of
several runs, measured with time.perf_counter."""

from __future__ import annotations

import statistics
import time
from typing import Callable

import attrs


@attrs.frozen
class Timing:
    median: float  # seconds
    runs: tuple[float, ...]

    @property
    def n(self) -> int:
        return len(self.runs)

    @property
    def spread(self) -> float:
        """(max - min) / median: how noisy the runs were."""
        return (max(self.runs) - min(self.runs)) / self.median if self.median else 0.0


def measure(action: Callable[[], object], runs: int, warmup: int = 1) -> Timing:
    """Run `action` `warmup` times untimed, then `runs` times timed."""
    for _ in range(warmup):
        action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return Timing(statistics.median(times), tuple(times))
