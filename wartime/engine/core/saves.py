"""Saved games (``wartime_save: 1``): the scenario, the seed, the actions and the hash.

The scenario's files are embedded as text, so a save replays anywhere and
even after the map or armies change.  Loading replays every action and
verifies the final hash (DESIGN.md §3).  The save says which version of the hash it
holds (``hash_version``; a save without it holds version 1): one written with another
version still replays, and says that its hash could not be checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from wartime.engine.core.action import Action, MalformedActionError
from wartime.engine.core.scenario import Ruleset, scenario_from_texts
from wartime.engine.core.state import HASH_VERSION, GameState
from wartime.errors import DataError, IllegalActionError, Problem
from wartime.formats.document import read_document
from wartime.formats.files import write_atomic
from wartime.geometry.noise import NoiseRule

VERSION = 1


def save_data(state: GameState) -> dict[str, Any]:
    scenario = state.scenario
    ruleset = scenario.ruleset
    return {
        "wartime_save": VERSION,
        "scenario": {
            "names": dict(scenario.source.get("names", {})),
            "lists": dict(scenario.source.get("lists", {})),
            "texts": dict(scenario.source.get("texts", {})),
            "seed": scenario.seed,
            "ruleset": {
                "noise_wall_rule": ruleset.noise_wall_rule.value,
                "line_width": ruleset.line_width,
                "turn_limit": ruleset.turn_limit,
            },
        },
        "actions": [a.to_data() for a in state.history],
        "hash": state.hash(),
        "hash_version": HASH_VERSION,
    }


def save_game(state: GameState, path: str | Path) -> None:
    """Write atomically; a scenario built in code (no texts) cannot be saved."""
    if not state.scenario.source.get("texts"):
        raise ValueError(
            "this scenario was built in code: only scenarios loaded from files can be saved"
        )
    text = yaml.safe_dump(save_data(state), allow_unicode=True, sort_keys=False, width=100)
    write_atomic(Path(path), text)


@dataclass(frozen=True)
class Replayed:
    """A saved game replayed: the state, and why its hash was not checked (or None)."""

    state: GameState
    unchecked: str | None = None


def load_game(path: str | Path, verify: bool = True) -> GameState:
    """Replay a saved game; a changed history or scenario gives a DataError naming the file."""
    return replay_save(path, verify).state


def replay_save(path: str | Path, verify: bool = True) -> Replayed:
    """Replay a saved game and, when ``verify`` and the save's hash version is this
    program's, check its final hash: a mismatch is a DataError naming the file."""
    doc = read_document(path)
    data = doc.data
    file = str(path)
    if not isinstance(data, dict) or data.get("wartime_save") != VERSION:
        raise DataError(
            [Problem(file, "", f"not a Wartime save: it must start with 'wartime_save: {VERSION}'")]
        )
    try:
        scenario_data = data["scenario"]
        rules = scenario_data.get("ruleset", {})
        ruleset = Ruleset(
            NoiseRule(rules.get("noise_wall_rule", "subtract_def")),
            float(rules.get("line_width", 1.0)),
            int(rules.get("turn_limit", 6)),
        )
        scenario = scenario_from_texts(
            scenario_data["texts"],
            scenario_data["names"],
            int(scenario_data["seed"]),
            ruleset,
            scenario_data.get("lists") or None,
        )
        listed = data["actions"]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise DataError([Problem(file, "", f"malformed save: {exc}")]) from None
    if not isinstance(listed, list):
        raise DataError([Problem(file, "actions", "a save's actions are a list")])
    version = data.get("hash_version", 1)  # saves from before the field hold version 1
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DataError([Problem(file, "hash_version", "the hash version is a whole number ≥ 1")])
    actions = []
    for index, raw in enumerate(listed):
        try:
            actions.append(Action.from_data(raw))
        except MalformedActionError as exc:
            where = f"actions[{index}]" + (f".{exc.field}" if exc.field else "")
            raise DataError([Problem(file, where, exc.reason)]) from None
    state = scenario.new_game()
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise DataError(
                [Problem(file, f"actions[{index}]", f"cannot be replayed: {exc}")]
            ) from None
    if not verify:
        return Replayed(state)
    if version != HASH_VERSION:
        return Replayed(
            state,
            f"saved with hash version {version}, and this program hashes with version "
            f"{HASH_VERSION}: the moves replayed, but the final hash cannot be compared",
        )
    if state.hash() != data.get("hash"):
        message = (
            f"hash mismatch: the replay gives {state.hash()}, the save says {data.get('hash')}"
        )
        raise DataError([Problem(file, "hash", message)])
    return Replayed(state)
