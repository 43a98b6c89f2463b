"""Benchmark: the engine on a 10-against-10 position (issue 4 targets).

Run from the repo root:  python tools/bench/engine.py

Ten riflemen a side on the ruined village's walls and houses.  Prints:
- `legal_actions()` at the first activation and in mid-game, against the
  naive way of checking each candidate (a full clone whose pymunk table is
  rebuilt, instead of a trial that borrows the state's table);
- `legal_actions()` at every choice of an acting or reacting Pj over whole
  games (median and p90), and whole games between two baseline AIs, each
  against the same games with the world's cover memory filled one pair per
  `cover_pairs` call, as it was before `World.fill_cover` batched a question's
  pairs; the two must play the same games, hash for hash;
- a whole game played with the naive legality check.

`OPENBLAS_NUM_THREADS=2 python tools/bench/engine.py` times it with the BLAS
thread pool that `wartime` otherwise caps at one thread (wartime/__init__.py).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial
from pathlib import Path

from timing import median_s

from wartime.board.battlefield import Battlefield, Unit
from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.ai.players import choose
from wartime.engine.core.legal import legal_actions
from wartime.engine.core.pending import PendingKind
from wartime.engine.core.profiles import Profile, Weapon
from wartime.engine.core.world import CoverQuery, World
from wartime.errors import IllegalActionError
from wartime.formats.document import Document, read_document
from wartime.formats.map import parse_map

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(3)
LISTED = (PendingKind.ACT, PendingKind.REACT_ACT)  # a Pj picks its action: the costly lists
RIFLE = Weapon("fusil", ene=3, dan=4, alc=20, cal=4)
KNIFE = Weapon("cuchillo", ene=2, dan=2, alc=0, cal=3)


def _village() -> Battlefield:
    """The village's walls, obstacles and terrain.  Its dark areas and lights are left out
    before it is read: the bench plays a map without darkness, and an older checkout
    (lists.py --against) would refuse the keys."""
    doc = read_document(ROOT / "maps" / "aldea-en-ruinas.yaml")
    data = {k: v for k, v in doc.data.items() if k not in ("darkness", "lights")}
    return parse_map(Document(doc.file, data, doc.lines))


def scenario(seed: int = 1) -> Scenario:
    village = _village()
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


def listed_game(seed: int) -> tuple[list[float], GameState]:
    """A baseline-AI game with ``legal_actions()`` timed (ms) before each Pj's choice,
    as a play UI would ask it after every step."""
    state = scenario(seed).new_game()
    times = []
    while not state.over:
        if state.pending.kind in LISTED:
            start = time.perf_counter()
            state.legal_actions()
            times.append((time.perf_counter() - start) * 1e3)
        state.apply(choose(state))
    return times, state


_FILL = World.fill_cover


def _one_pair_at_a_time(world: World, queries: Iterable[CoverQuery]) -> None:
    for query in queries:
        _FILL(world, [query])


@contextmanager
def one_pair_at_a_time() -> Iterator[None]:
    """The cover memory filled one ``cover_pairs`` call per pair, as before the batching."""
    World.fill_cover = _one_pair_at_a_time  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        World.fill_cover = _FILL  # type: ignore[method-assign]


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def cover_batching() -> None:
    """Lists over whole games and whole games, batched against one pair at a time.

    The two run in alternation, seed by seed, so a swing in the shared machine's speed
    falls on both; each game is a fresh scenario, so neither starts with a warm memory.
    """
    lists: dict[bool, list[float]] = {True: [], False: []}
    seconds: dict[bool, list[float]] = {True: [], False: []}
    decisions = []
    for seed in SEEDS:
        hashes = set()
        for batched in (True, False):
            memo: AbstractContextManager[None] = nullcontext() if batched else one_pair_at_a_time()
            with memo:
                times, listed = listed_game(seed)
                elapsed, played = play(choose, seed)
            lists[batched] += times
            seconds[batched].append(elapsed)
            hashes |= {listed.hash(), played.hash()}
            decisions.append(len(played.history))
        assert len(hashes) == 1, f"seed {seed}: batching the cover changed the game"
    for batched, label in ((True, "batched"), (False, "one pair a call")):
        times = lists[batched]
        print(
            f"legal_actions over {len(SEEDS)} whole games, {label}: median "
            f"{statistics.median(times):.2f} ms, p90 {p90(times):.2f} ms ({len(times)} lists)"
        )
    med, old_med = statistics.median(lists[True]), statistics.median(lists[False])
    print(f"  one pair a call / batched: median {old_med / med:.2f}×, "
          f"p90 {p90(lists[False]) / p90(lists[True]):.2f}×")  # fmt: skip
    fast, slow = statistics.median(seconds[True]), statistics.median(seconds[False])
    print(
        f"full 10 v 10 game, baseline AI: {fast:.2f} s median of {len(SEEDS)} "
        f"({statistics.median(decisions):.0f} decisions); one pair a call {slow:.2f} s "
        f"({slow / fast:.2f}×); the same hashes"
    )


def main() -> None:
    opening = mid_game(scenario().new_game(), 2)
    later = mid_game(scenario().new_game(), 120)
    for label, state in (("first activation", opening), ("mid-game", later)):
        count = len(state.legal_actions())
        fast = median_s(partial(GameState.legal_actions, state), 20)
        slow = median_s(partial(naive_legal, state), 3)
        print(f"legal_actions, {label}: {count} actions, {fast * 1e3:.2f} ms "
              f"(naive {slow * 1e3:.1f} ms, {slow / fast:.1f}×)")  # fmt: skip
    cover_batching()
    seconds, game = play(choose, 0)
    fast_check = GameState.check
    GameState.check = naive_check  # type: ignore[method-assign, assignment]
    try:
        naive_seconds, naive_state = play(choose, 0)
    finally:
        GameState.check = fast_check  # type: ignore[method-assign]
    assert naive_state.hash() == game.hash(), "the naive run must play the same game"
    print(
        f"the game of seed 0 with naive checks: {naive_seconds:.2f} s "
        f"({naive_seconds / seconds:.1f}× its {seconds:.2f} s)"
    )


if __name__ == "__main__":
    main()
