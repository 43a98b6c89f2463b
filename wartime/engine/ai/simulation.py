"""Many games between two baseline AIs: the `wartime sim` command.

Game ``i`` uses seed ``seed + i``, so the same seed gives byte-identical
results.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from wartime.engine.ai.players import play_out
from wartime.engine.core.scenario import load_scenario
from wartime.errors import DataError, Problem
from wartime.formats.army import load_army


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
    progress: bool = False,
    warn: Callable[[Problem], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; the map's units pick the characters of each side's army
    (a side given none here uses the armies the map links).

    A side given as FILE:LIST also deploys the characters of that list that no
    unit on the map stands for.  ``warn`` hears the scenario's warnings, such as
    units naming characters that no army defines, before the games start.
    """
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
    for index in range(games):
        state = play_out(scenario.with_seed(seed + index).new_game())
        wins[state.winner or "draw"] += 1
        turns += state.turn
        hashes.append(state.hash())
        if progress:
            done = (index + 1) * 30 // max(1, games)
            sys.stderr.write(f"\r[{'#' * done}{'.' * (30 - done)}] {index + 1}/{games}")
    if progress:
        sys.stderr.write("\n")
    return {
        "games": games,
        "wins": wins,
        "mean_turns": round(turns / games, 4) if games else 0.0,
        "hashes": hashes,
    }
