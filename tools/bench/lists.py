"""Benchmark: ``legal_actions()`` over whole games, this checkout against another one.

Run from the repo root:

    git worktree add ../wartime-old <commit>
    python tools/bench/lists.py --against ../wartime-old [--rounds 3]

Each round plays the engine bench's three games (tools/bench/engine.py: ten riflemen a
side in the ruined village, baseline AIs) once with this checkout's ``wartime`` and
once with the other's, in alternation, each in a fresh process (so that neither starts
with a warm cover memory, and a swing in the shared machine's speed falls on both).  A
game times ``legal_actions()`` before every choice of an acting or reacting Pj, as a
play UI asks it, and the same game is then timed whole without the lists.  Prints the
median and p90 of the lists, the median game, and the ratios; and says whether both
checkouts offered the same lists, in the same order, at every decision of every game,
and ended the games on the same hashes (when the AI or the rules changed they play other
positions, and the ratios compare those).  Without ``--against`` it times this checkout.
The other checkout's ``wartime`` plays this checkout's bench scenario, so it must have
what tools/bench/engine.py imports (``World.fill_cover``: b1fe837 or later).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]


@dataclass(frozen=True)
class Run:
    """One checkout's three games: list times (ms), game times (s), what was played."""

    lists_ms: list[float]
    games_s: list[float]
    digests: list[str]  # of every list offered, decision by decision, game by game
    hashes: list[str]

    @property
    def median(self) -> float:
        return statistics.median(self.lists_ms)

    @property
    def p90(self) -> float:
        return statistics.quantiles(self.lists_ms, n=10)[-1]

    @property
    def game(self) -> float:
        return statistics.median(self.games_s)


def _digest(actions: object) -> str:
    return hashlib.sha256(repr(actions).encode()).hexdigest()[:16]


def worker() -> None:
    """Play the bench games with the ``wartime`` on the path; print a Run as JSON."""
    sys.path.insert(0, str(HERE.parent))
    from engine import LISTED, SEEDS, play, scenario

    from wartime.engine.ai.players import choose

    lists_ms, games_s, digests, hashes = [], [], [], []
    for seed in SEEDS:
        state = scenario(seed).new_game()
        while not state.over:
            start = time.perf_counter()
            offered = state.legal_actions()
            if state.pending.kind in LISTED:  # the Pj's lists: the costly ones, timed
                lists_ms.append((time.perf_counter() - start) * 1e3)
            digests.append(_digest(offered))
            state.apply(choose(state))
        seconds, played = play(choose, seed)
        games_s.append(seconds)
        hashes += [state.hash(), played.hash()]
    print(json.dumps({"lists_ms": lists_ms, "games_s": games_s, "digests": digests,
                      "hashes": hashes}))  # fmt: skip


def run(checkout: Path) -> Run:
    """The games in a fresh process importing ``wartime`` from ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    out = subprocess.run(
        [sys.executable, str(HERE), "--worker"], env=env, cwd=checkout,
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return Run(**json.loads(out.stdout))


def report(label: str, runs: list[Run]) -> None:
    medians = [r.median for r in runs]
    p90s = [r.p90 for r in runs]
    games = [r.game for r in runs]
    print(
        f"{label}: legal_actions median {min(medians):.2f}–{max(medians):.2f} ms, "
        f"p90 {min(p90s):.2f}–{max(p90s):.2f} ms ({len(runs[0].lists_ms)} lists); "
        f"a whole game {min(games):.2f}–{max(games):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout of the repo")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(args.rounds):
        if args.against is not None:
            theirs.append(run(args.against.resolve()))
        ours.append(run(ROOT))
    report("this checkout", ours)
    if not theirs:
        return
    report(str(args.against), theirs)
    same = all(
        m.digests == o.digests and m.hashes == o.hashes for m, o in zip(ours, theirs, strict=True)
    )
    ratio = [o.median / m.median for m, o in zip(ours, theirs, strict=True)]
    tail = [o.p90 / m.p90 for m, o in zip(ours, theirs, strict=True)]
    game = [o.game / m.game for m, o in zip(ours, theirs, strict=True)]
    print(
        f"  other / this, round by round: median {min(ratio):.2f}–{max(ratio):.2f}×, "
        f"p90 {min(tail):.2f}–{max(tail):.2f}×, game {min(game):.2f}–{max(game):.2f}×; "
        + (
            f"the same {len(ours[0].digests)} lists and the same hashes"
            if same
            else "but the games differ (the AI or the rules changed), so these are not the "
            "same positions"
        )
    )


if __name__ == "__main__":
    main()
