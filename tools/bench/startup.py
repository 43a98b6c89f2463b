"""Benchmark: how fast `wartime --help` and the light commands start (issue 16: ≤ 3× a
bare interpreter).

Run from the repo root:  python tools/bench/startup.py [--runs N]

Times, in fresh processes taking turns so that a busy moment hits every command alike,
a bare `python -c pass`, `wartime --help`, `wartime --version`, `wartime catalog
--search afilada` and `wartime points` on the Legion, and prints the median of N runs
(default 15) of each, and its ratio against the bare interpreter timed in the same run.
The `wartime` script beside this interpreter is what is run (a user's command), or
`python -m wartime` when there is none.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = 3.0  # issue 16: --help within 3× a bare interpreter


def _wartime() -> list[str]:
    script = Path(sys.executable).with_name("wartime")
    found = str(script) if script.exists() else shutil.which("wartime")
    return [found] if found else [sys.executable, "-m", "wartime"]


def commands() -> dict[str, list[str]]:
    wartime = _wartime()
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "wartime --help": [*wartime, "--help"],
        "wartime --version": [*wartime, "--version"],
        "wartime catalog --search afilada": [*wartime, "catalog", "--search", "afilada"],
        "wartime points legion.yaml": [*wartime, "points", "assets/armies/legion.yaml"],
    }


def once(argv: list[str]) -> float:
    """Seconds from spawning ``argv`` to its exit (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (15)")
    runs = parser.parse_args().runs
    cases = commands()
    times: dict[str, list[float]] = {name: [] for name in cases}
    for argv in cases.values():  # one untimed run each: the disk cache is warm
        once(argv)
    for _ in range(runs):
        for name, argv in cases.items():
            times[name].append(once(argv))
    bare = statistics.median(times["python -c pass"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{runs} runs each, medians; load average {load:.2f} on {os.cpu_count()} cores")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(
            f"{name:<34} {median * 1e3:7.1f} ms  (min {min(samples) * 1e3:6.1f}, "
            f"max {max(samples) * 1e3:6.1f})  {median / bare:5.2f}× bare"
        )
    ratio = statistics.median(times["wartime --help"]) / bare
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"wartime --help: {ratio:.2f}× the bare interpreter (target ≤ {TARGET:g}×: {verdict})")


if __name__ == "__main__":
    main()
