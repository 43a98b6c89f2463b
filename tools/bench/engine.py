"""Benchmark: the engine on a 10-against-10 position (issue 4 targets).

Run from the repo root:  python tools/bench/engine.py

Ten riflemen a side on the ruined village's walls and houses.  Prints:
- `legal_actions()` at the first activation and in mid-game, against the
  naive way of checking each candidate (a full clone whose pymunk table is
  rebuilt, instead of a trial that borrows the state's table);
- a whole game between two baseline AIs, against the same game played with
  the naive legality check.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from timing import median_s

from wartime.board.battlefield import Battlefield, Unit
from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.ai import choose
from wartime.engine.choices import legal_actions
from wartime.engine.profiles import Profile, Weapon
from wartime.errors import IllegalActionError
from wartime.formats.map import load_map

ROOT = Path(__file__).resolve().parents[2]
RIFLE = Weapon("fusil", ene=3, dan=4, alc=20, cal=4)
KNIFE = Weapon("cuchillo", ene=2, dan=2, alc=0, cal=3)


def scenario(seed: int = 1) -> Scenario:
    village = load_map(ROOT / "maps" / "aldea-en-ruinas.yaml")
    units = [Unit(f"a{i}", "A", (3.0 + 4.0 * i, 1.0), 90.0) for i in range(10)]
    units += [Unit(f"b{i}", "B", (3.0 + 4.0 * i, 35.0), 270.0) for i in range(10)]
    field = Battlefield(
        "bench", village.size, walls=village.walls, obstacles=village.obstacles,
        terrain=village.terrain, units=tuple(units),
    )  # fmt: skip
    profiles = {
        u.id: Profile(u.id, u.id, 4, 4, 4, 4 + int(u.id[1:]) % 3, 1.0, 3, (RIFLE, KNIFE), 60)
        for u in units
    }
    return Scenario(field, profiles, Ruleset(), seed)


def naive_legal(state: GameState) -> list[Action]:
    """The same candidates, each checked on a full clone with a fresh physics table."""
    out = []
    for action in legal_actions(state):
        trial = state.clone()
        try:
            trial._apply(action)
        except IllegalActionError:
            continue
        out.append(action)
    return out


def mid_game(state: GameState, decisions: int) -> GameState:
    for _ in range(decisions):
        state.apply(choose(state))
    while state.pending.kind.value != "act":
        state.apply(choose(state))
    return state


def naive_check(state: GameState, action: Action) -> str | None:
    """GameState.check the naive way: a full clone that rebuilds its own pymunk table."""
    trial = state.clone()
    trial.probing = True
    try:
        trial._apply(action)
    except IllegalActionError as exc:
        return str(exc)
    return None


def play(choose_fn: Callable[[GameState], Action], seed: int) -> tuple[float, GameState]:
    state = scenario(seed).new_game()
    start = time.perf_counter()
    while not state.over:
        state.apply(choose_fn(state))
    return time.perf_counter() - start, state


def main() -> None:
    opening = mid_game(scenario().new_game(), 2)
    later = mid_game(scenario().new_game(), 120)
    for label, state in (("first activation", opening), ("mid-game", later)):
        count = len(state.legal_actions())
        fast = median_s(lambda s=state: s.legal_actions(), 20)
        slow = median_s(lambda s=state: naive_legal(s), 3)
        print(f"legal_actions, {label}: {count} actions, {fast * 1e3:.2f} ms "
              f"(naive {slow * 1e3:.1f} ms, {slow / fast:.1f}×)")  # fmt: skip
    games = [play(choose, seed) for seed in range(3)]
    seconds = statistics.median(t for t, _ in games)
    decisions = statistics.median(len(s.history) for _, s in games)
    fast_check = GameState.check
    GameState.check = naive_check  # type: ignore[method-assign]
    try:
        naive_seconds, naive_state = play(choose, 0)
    finally:
        GameState.check = fast_check  # type: ignore[method-assign]
    assert naive_state.hash() == games[0][1].hash(), "the naive run must play the same game"
    print(
        f"full 10 v 10 game, baseline AI: {seconds:.2f} s median of 3 ({decisions:.0f} decisions)"
    )
    ratio = naive_seconds / games[0][0]
    print(f"the same game, naive checks: {naive_seconds:.2f} s ({ratio:.1f}×)")


if __name__ == "__main__":
    main()
