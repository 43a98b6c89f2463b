"""Scenarios: a battlefield, the forces on it, the ruleset and a seed (immutable)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartime.board.battlefield import Battlefield
from wartime.engine.profiles import Profile, bare_profile, profile_from_army
from wartime.errors import DataError, Problem
from wartime.formats.army import load_army
from wartime.formats.map import load_map
from wartime.geometry.noise import NoiseRule

if TYPE_CHECKING:
    from wartime.engine.state import GameState

DEFAULT_TURN_LIMIT = 6


@dataclass(frozen=True)
class Ruleset:
    """Switches where the rulebook contradicts itself, and game length."""

    noise_wall_rule: NoiseRule = NoiseRule.SUBTRACT_DEF
    line_width: float = 1.0
    turn_limit: int = DEFAULT_TURN_LIMIT


@dataclass(frozen=True)
class Scenario:
    battlefield: Battlefield
    profiles: Mapping[str, Profile]  # unit id -> what that figure can do
    ruleset: Ruleset = Ruleset()
    seed: int = 0
    source: Mapping[str, Any] = field(default_factory=dict)  # how to load it again (saves)

    def new_game(self) -> GameState:
        from wartime.engine.state import GameState

        return GameState(self)

    def with_seed(self, seed: int) -> Scenario:
        return Scenario(
            self.battlefield, self.profiles, self.ruleset, seed, {**self.source, "seed": seed}
        )


def load_scenario(
    map_path: str | Path,
    armies: Mapping[str, str | Path] | None = None,
    seed: int = 0,
    ruleset: Ruleset | None = None,
) -> Scenario:
    """A map plus one army file per side; units link characters by their `character` id."""
    field_ = load_map(map_path)
    rosters = {side: load_army(path).army for side, path in (armies or {}).items()}
    profiles: dict[str, Profile] = {}
    problems = []
    for index, unit in enumerate(field_.units):
        army = rosters.get(unit.side)
        if army is None or unit.character is None:
            profiles[unit.id] = bare_profile(unit)
            continue
        if unit.character not in {c.id for c in army.characters}:
            message = f"no character '{unit.character}' in the army of side {unit.side}"
            problems.append(Problem(str(map_path), f"units[{index}].character", message))
            continue
        profiles[unit.id] = profile_from_army(army, unit.character)
    if problems:
        raise DataError(problems)
    source = {
        "map": str(map_path),
        "armies": {s: str(p) for s, p in (armies or {}).items()},
        "seed": seed,
    }
    return Scenario(field_, profiles, ruleset or Ruleset(), seed, source)
