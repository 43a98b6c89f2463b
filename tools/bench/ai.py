"""Benchmark: the planner against the baseline AI on the sample maps (issue 12 §4).

Run from the repo root:  python tools/bench/ai.py [--games N] [--seed S]
                         [--planner NAME] [--horizon action|activation|reply] [--steps N]
                         [--budget FIELD=VALUE ...] [--weight FIELD=VALUE ...] [--side A|B]

``--horizon``, ``--steps`` and ``--budget`` (any field of planner.Budget, such as
``determinisations=12``) try another search budget; ``--weight`` (any field of
utility.Weights, such as ``exposure=0.3``) other weights than the named preset's.  Each
compares a variant with the default on the same seeds.

On each sample map (Aldea en ruinas and Complejo industrial with the armies they link;
Campo abierto with the Legión's `seccion` against the Culto's `culto`), through
``wartime.engine.ai.simulate``:

- the baseline against itself on N games (seeds S, S+1, ...): the share of games that
  end decisively (a side wins; a draw does not) and the figures taken out per game;
- the planner against the baseline on N games, half with the planner as side A and half
  as side B, on the same seeds (each seed is played both ways round): its wins per side
  and in all (a draw is not a win);
- the time of each decision, the planner's and, in the same games, the baseline's for
  the other side (the yardstick): median, p90 and max, for all the planner's decisions
  and for those it searches (a Pj's action, a reaction, an answer), and the ratio of the
  planner's median to the baseline's.

Timings are of one process on a shared machine: run nothing else alongside.
"""

from __future__ import annotations

# wartime first: it caps the BLAS threads at one before numpy loads (wartime/__init__.py)
import wartime  # noqa: F401

# isort: split
import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from wartime.engine import Action, GameState
from wartime.engine.ai import PLAYERS, Played, Player, choose, make_player, simulate
from wartime.engine.ai.planner import SEARCHED, Budget, Horizon, Planner
from wartime.engine.ai.presets import PRESETS
from wartime.engine.ai.utility import Weights

ROOT = Path(__file__).resolve().parents[2]
ARMIES = ROOT / "assets" / "armies"
MAPS: dict[str, dict[str, tuple[str, str | None]]] = {
    "aldea-en-ruinas": {},
    "complejo-industrial": {},
    "campo-abierto": {
        "A": (str(ARMIES / "legion.yaml"), "seccion"),
        "B": (str(ARMIES / "culto.yaml"), "culto"),
    },
}


class Clock:
    """Every decision's time in ms, and whether the planner searched it."""

    def __init__(self) -> None:
        self.all: list[float] = []
        self.searched: list[float] = []

    def timed(self, player: Player) -> Player:
        def decide(state: GameState) -> Action:
            searched = state.pending.kind in SEARCHED
            start = time.perf_counter()
            action = player(state)
            ms = (time.perf_counter() - start) * 1e3
            self.all.append(ms)
            if searched:
                self.searched.append(ms)
            return action

        return decide


def spread(ms: list[float]) -> str:
    if not ms:
        return "none"
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    return f"median {statistics.median(ms):7.1f} ms  p90 {p90:7.1f} ms  max {max(ms):7.1f} ms"


def tell(label: str) -> Callable[[Played], None]:
    def told(played: Played) -> None:
        winner = played.state.winner or "draw"
        print(f"  {label} game {played.index + 1} (seed {played.seed}): {winner}", file=sys.stderr)

    return told


def _fields(kind: type, pairs: list[str]) -> dict[str, Any]:
    """``FIELD=VALUE`` pairs as values of ``kind``'s fields (a bool, an int or a float)."""
    types: dict[str, type[Any]] = {f.name: type(f.default) for f in fields(kind)}
    found: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in types or types[name] not in (bool, int, float):
            sys.exit(f"{kind.__name__} has no number field {name!r}: {', '.join(types)}")
        cast = types[name]
        try:
            found[name] = value.lower() in ("1", "true", "yes") if cast is bool else cast(value)
        except ValueError:
            sys.exit(f"{kind.__name__}.{name} takes a {cast.__name__}, not {value!r}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=14, help="per map, an even number (14)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--planner", default="planner", help="the registry's name (planner)")
    parser.add_argument(
        "--horizon", choices=[h.value for h in Horizon],
        help="try the planner's rollouts to another horizon (its default: reply)",
    )  # fmt: skip
    parser.add_argument("--steps", type=int, help="decisions a rollout plays at most")
    parser.add_argument(
        "--budget", action="append", default=[], metavar="FIELD=VALUE",
        help="another value for a field of the planner's Budget (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--weight", action="append", default=[], metavar="FIELD=VALUE",
        help="another value for a field of the preset's Weights (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--side", choices=["A", "B"],
        help="play the planner as this side only (half the planner games, half the time)",
    )  # fmt: skip
    args = parser.parse_args()
    sides = [args.side] if args.side else ["A", "B"]
    half = max(1, args.games // 2)
    planner_clock, baseline_clock = Clock(), Clock()
    changed = _fields(Budget, args.budget)
    if args.horizon is not None:
        changed["horizon"] = Horizon(args.horizon)
    if args.steps is not None:
        changed["steps"] = args.steps
    if changed or args.weight:  # a variant to try instead of the registry's player
        budget = replace(Budget(), **changed)
        weights = next(p.weights for p in PRESETS if p.player == args.planner)
        weights = replace(weights, **_fields(Weights, args.weight))
        print(f"variant: {budget}, {weights}")
        PLAYERS["timed-planner"] = lambda seed: planner_clock.timed(Planner(seed, weights, budget))
    else:
        PLAYERS["timed-planner"] = lambda seed: planner_clock.timed(make_player(args.planner, seed))
    PLAYERS["timed-baseline"] = lambda seed: baseline_clock.timed(choose)
    version, per_map = platform.python_version(), half * len(sides)
    print(f"python {version}; {per_map} planner games per map, seeds from {args.seed}")
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for name, armies in MAPS.items():
        path = ROOT / "maps" / f"{name}.yaml"
        mirror = simulate(path, armies, args.games, args.seed)
        wins: dict[str, int | None] = {"A": None, "B": None}
        for side in sides:
            other = "B" if side == "A" else "A"
            players = {side: "timed-planner", other: "timed-baseline"}
            result = simulate(
                path, armies, half, args.seed, players, on_game=tell(f"{name} {side}")
            )
            wins[side] = result["wins"][side]
        games = mirror["games"]
        rows.append({
            "map": name, "A": wins["A"], "B": wins["B"], "half": half,
            "decisive": 1 - mirror["wins"]["draw"] / games,
            "mirror": mirror["wins"],
            "casualties": {s: mirror["casualties"][s] / games for s in ("A", "B")},
        })  # fmt: skip
    elapsed = time.perf_counter() - started
    print()
    print(f"{'map':22} {'planner as A':>13} {'as B':>7} {'both':>12}   baseline mirror:"
          f" {'A/B/draws':>10} {'decisive':>9} {'taken out per game A, B':>24}")  # fmt: skip
    total = 0
    played = half * len(sides)  # planner games a map
    for row in rows:
        both = sum(row[side] for side in sides)
        total += both
        mirror = row["mirror"]
        a, b = (f"{row[s]}/{row['half']}" if row[s] is not None else "-" for s in ("A", "B"))
        print(
            f"{row['map']:22} {a:>13} {b:>7}"
            f" {both:>4}/{played:<3}{both / played:>4.0%}"
            f"   {'':16}{mirror['A']:>3}/{mirror['B']}/{mirror['draw']:<4}"
            f" {row['decisive']:>9.0%} {row['casualties']['A']:>17.2f},"
            f" {row['casualties']['B']:.2f}"
        )
    counted = played * len(rows)
    print(f"{'all maps':22} {'':>25}{total:>4}/{counted:<3}{total / counted:>4.0%}")
    print()
    print(f"planner decisions, all ({len(planner_clock.all)}):      {spread(planner_clock.all)}")
    print(f"planner decisions, searched ({len(planner_clock.searched)}): "
          f"{spread(planner_clock.searched)}")  # fmt: skip
    print(f"baseline decisions, same games ({len(baseline_clock.all)}): "
          f"{spread(baseline_clock.all)}")  # fmt: skip
    ratio = statistics.median(planner_clock.all) / statistics.median(baseline_clock.all)
    searched = statistics.median(planner_clock.searched) / statistics.median(baseline_clock.all)
    print(f"ratio of medians, planner / baseline: {ratio:.0f}× (all), {searched:.0f}× (searched)")
    print(f"wall time {elapsed / 60:.1f} min")


if __name__ == "__main__":
    main()
