"""Many games between two AI players: the `wartime sim` command.

Game ``i`` uses seed ``seed + i``, and each side's player is made afresh for each
game from its name in the registry (registry.py), so the same seed and players
give byte-identical results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartime.board.battlefield import SIDES
from wartime.engine.ai.registry import DEFAULT_PLAYER, Player, make_player
from wartime.engine.core.figures import Figure
from wartime.engine.core.scenario import load_scenario
from wartime.engine.core.state import GameState
from wartime.errors import DataError, Problem
from wartime.formats.army import load_army

MAX_DECISIONS = 20_000  # a guard, as in players.play_out: a game stops there if not over


@dataclass(frozen=True)
class Played:
    """One game of a simulation as it ended: its number (from 0), its seed, its final
    state and the figures each side had taken out (:func:`casualties`)."""

    index: int
    seed: int
    state: GameState
    casualties: dict[str, int]


def taken_out(figure: Figure) -> bool:
    """Out of the game for good as it ends: a casualty (incapacitated, dead or
    unconscious: wounds at CON or more, or out from stress), or its body removed
    (Eliminar).  One merely away (Desaparecer) is not, nor one down who came back."""
    return figure.casualty or figure.removed


def casualties(state: GameState) -> dict[str, int]:
    """How many figures of each side are taken out (:func:`taken_out`), reserves
    deployed from a list included."""
    counts = dict.fromkeys(SIDES, 0)
    for figure in state.figures.values():
        if taken_out(figure):
            counts[figure.side] += 1
    return counts


def play_game(
    state: GameState, players: Mapping[str, Player], max_decisions: int = MAX_DECISIONS
) -> GameState:
    """Play to the end, asking each side's player for that side's decisions."""
    for _ in range(max_decisions):
        side = state.pending.side
        if state.over or side is None:
            break
        state.apply(players[side](state))
    return state


def _check_list(path: str, list_id: str | None) -> None:
    if list_id is None:
        return
    army = load_army(path).army
    if list_id not in {lst.id for lst in army.lists}:
        known = ", ".join(lst.id for lst in army.lists) or "none"
        raise DataError([Problem(path, "lists", f"no list '{list_id}' (lists: {known})")])


def simulate(
    map_path: str | Path,
    armies: Mapping[str, tuple[str, str | None]],
    games: int,
    seed: int,
    players: Mapping[str, str] | None = None,
    warn: Callable[[Problem], None] | None = None,
    on_game: Callable[[Played], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; the map's units pick the characters of each side's army
    (a side given none here uses the armies the map links).

    ``players`` names each side's AI player in the registry (``baseline`` for a side
    it leaves out); an unknown name is a ValueError, and so is ``games`` below 1.
    A side given as FILE:LIST also deploys the characters of that list that no
    unit on the map stands for.  ``warn`` hears the scenario's warnings, such as
    units naming characters that no army defines, before the games start;
    ``on_game`` hears each game as it ends (to save it, or to show progress).
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    names = {side: (players or {}).get(side, DEFAULT_PLAYER) for side in SIDES}
    for name in names.values():
        make_player(name, seed)  # an unknown name fails before the scenario loads
    for path, list_id in armies.values():
        _check_list(path, list_id)
    lists = {side: list_id for side, (_, list_id) in armies.items() if list_id is not None}
    scenario = load_scenario(
        map_path, {side: path for side, (path, _) in armies.items()}, lists=lists
    )
    if warn is not None:
        for warning in scenario.warnings:
            warn(warning)
    wins = {"A": 0, "B": 0, "draw": 0}
    turns, hashes = 0, []
    per_game: list[dict[str, int]] = []
    for index in range(games):
        game_seed = seed + index
        sides = {side: make_player(name, game_seed) for side, name in names.items()}
        state = play_game(scenario.with_seed(game_seed).new_game(), sides)
        wins[state.winner or "draw"] += 1
        turns += state.turn
        hashes.append(state.hash())
        per_game.append(casualties(state))
        if on_game is not None:
            on_game(Played(index, game_seed, state, dict(per_game[-1])))
    return {
        "games": games,
        "ai": names,
        "wins": wins,
        "mean_turns": round(turns / games, 4),
        "hashes": hashes,
        "casualties": {side: sum(game[side] for game in per_game) for side in SIDES},
        "casualties_per_game": per_game,
    }
