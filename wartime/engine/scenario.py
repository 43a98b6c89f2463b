"""Scenarios: a battlefield, the forces on it, the ruleset and a seed (immutable)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartime.board.battlefield import Battlefield
from wartime.board.validation import battlefield_problems
from wartime.engine.profiles import Profile, bare_profile, profile_from_army
from wartime.errors import DataError, Problem
from wartime.formats.army import parse_army
from wartime.formats.document import parse_document, read_document
from wartime.formats.map import parse_map
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

    def __post_init__(self) -> None:
        found = battlefield_problems(self.battlefield)
        if found:
            name = self.battlefield.name
            raise DataError([Problem(name, path, message) for path, message in found])

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
    texts = {"map": _read(map_path)}
    texts.update({f"army:{side}": _read(path) for side, path in (armies or {}).items()})
    names = {"map": str(map_path), **{f"army:{s}": str(p) for s, p in (armies or {}).items()}}
    return scenario_from_texts(texts, names, seed, ruleset)


def _read(path: str | Path) -> str:
    return read_document(path).text


def scenario_from_texts(
    texts: Mapping[str, str], names: Mapping[str, str], seed: int, ruleset: Ruleset | None = None
) -> Scenario:
    """Build a scenario from file contents (``map`` and ``army:A``/``army:B``).

    Keeping the texts lets a save embed the whole scenario, so it replays even
    if the files change or move.
    """
    field_ = parse_map(parse_document(texts["map"], names["map"]))
    rosters = {
        key.split(":", 1)[1]: parse_army(parse_document(text, names[key])).army
        for key, text in texts.items()
        if key.startswith("army:")
    }
    profiles: dict[str, Profile] = {}
    problems = []
    for index, unit in enumerate(field_.units):
        army = rosters.get(unit.side)
        if army is None or unit.character is None:
            profiles[unit.id] = bare_profile(unit)
        elif unit.character in {c.id for c in army.characters}:
            profiles[unit.id] = profile_from_army(army, unit.character)
        else:
            message = f"no character '{unit.character}' in the army of side {unit.side}"
            problems.append(Problem(names["map"], f"units[{index}].character", message))
    if problems:
        raise DataError(problems)
    source = {"texts": dict(texts), "names": dict(names)}
    return Scenario(field_, profiles, ruleset or ruleset_of(field_), seed, source)


def ruleset_of(field_: Battlefield) -> Ruleset:
    """The map's `scenario:` block as the engine's ruleset."""
    rules = field_.rules
    return Ruleset(NoiseRule(rules.noise_wall_rule), rules.line_width, rules.turn_limit)
