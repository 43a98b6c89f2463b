"""Benchmark: peak memory of the app on the industrial map (issue 5: ≤ 300 MB).

Run from the repo root:  python tools/bench/memory.py

Opens the battlefield view headless (SDL's dummy driver) on
maps/complejo-industrial.yaml, shows every arc, zooms in and out and pans for
a few hundred frames, then prints the process's peak resident memory, and,
for comparison, the peak of a bare interpreter that only imports pygame and
the package (measured in a child process in the same run).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

BASELINE = (
    "import resource, pygame, wartime.ui.app; "
    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports KiB


def main() -> None:
    import pygame

    from wartime.ui.app import run_view

    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")]
    for i in range(30):
        events.append(
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if i < 15 else -1, flipped=False)
        )
    run_view("maps/complejo-industrial.yaml", max_frames=300, events=events)
    bare = subprocess.run(
        [sys.executable, "-c", BASELINE], capture_output=True, text=True, check=True
    )
    baseline = int(bare.stdout.strip()) / 1024
    print(f"peak resident memory, view on the industrial map: {peak_mb():.0f} MB (target ≤ 300 MB)")
    print(f"bare interpreter with pygame and the app imported: {baseline:.0f} MB")


if __name__ == "__main__":
    main()
