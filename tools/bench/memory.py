"""Benchmark: peak memory of the app on the industrial map (issue 5: ≤ 300 MB).

Run from the repo root:  python tools/bench/memory.py

Opens the battlefield view headless (SDL's dummy driver) on
maps/complejo-industrial.yaml, shows every arc, zooms in and out and pans for
a few hundred frames, then prints the process's peak resident memory, and,
for comparison, the peak of a bare interpreter that only imports pygame and
the package, measured in a fresh child process in the same run.

The child reports its own peak from /proc/self/status (VmHWM), not getrusage:
on Linux a child's ru_maxrss starts from the forking parent's peak (the kernel
keeps the high-water mark across fork and exec), so it read the parent's 88 MB
where a bare import peaks near 48 MB (issue 16).  It is also spawned before
the view opens, while the parent is still small.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# The child's own high-water mark in KiB: VmHWM belongs to the process's memory map,
# which exec makes anew, where ru_maxrss carries the parent's peak over.
BASELINE = """
import resource, pathlib, pygame, wartime.ui.app
try:
    status = pathlib.Path("/proc/self/status").read_text().splitlines()
    print(next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")))
except OSError:  # not Linux: getrusage is the child's own there
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def bare_peak_mb() -> float:
    """The peak of a fresh interpreter that imports pygame and the app, and nothing more."""
    bare = subprocess.run(
        [sys.executable, "-c", BASELINE], capture_output=True, text=True, check=True
    )
    return int(bare.stdout.split()[-1]) / 1024  # after pygame's greeting, if it prints one


def main() -> None:
    baseline = bare_peak_mb()  # first, while this process is still small
    import pygame

    from wartime.ui.app import run_view

    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")]
    for i in range(30):
        events.append(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if i < 15 else -1, flipped=False)
        )
    run_view("maps/complejo-industrial.yaml", max_frames=300, events=events)
    print(f"peak resident memory, view on the industrial map: {peak_mb():.0f} MB (target ≤ 300 MB)")
    print(f"bare interpreter with pygame and the app imported: {baseline:.0f} MB")


if __name__ == "__main__":
    main()
