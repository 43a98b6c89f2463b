"""How the benchmarks time a call: one place, so every figure means the same thing."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def samples_ms(run: Callable[[], object], repeat: int, warmup: int = 0) -> list[float]:
    """Milliseconds of each of ``repeat`` calls, after ``warmup`` untimed ones."""
    for _ in range(warmup):
        run()
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        out.append((time.perf_counter() - start) * 1e3)
    return out


def median_s(run: Callable[[], object], repeat: int = 5) -> float:
    """The median of ``repeat`` calls, in seconds."""
    return statistics.median(samples_ms(run, repeat)) / 1e3
