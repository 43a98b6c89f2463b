"""Scenarios: a battlefield, the forces on it, the ruleset and a seed (immutable)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartime.board.battlefield import Battlefield
from wartime.board.validation import battlefield_problems
from wartime.engine.core.profiles import Profile, bare_profile, profile_from_army
from wartime.engine.core.state import GameState
from wartime.errors import DataError, Problem
from wartime.formats.army import parse_army
from wartime.formats.document import Document, parse_document, read_document
from wartime.formats.map import linked_army_files, parse_map, undefined_characters
from wartime.geometry.noise import NoiseRule
from wartime.i18n import say
from wartime.rules.archetypes import Army

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

DEFAULT_TURN_LIMIT = 6


@dataclass(frozen=True)
class Ruleset:
    """Switches where the rulebook contradicts itself, and game length."""

    noise_wall_rule: NoiseRule = NoiseRule.SUBTRACT_DEF
    line_width: float = 1.0
    turn_limit: int = DEFAULT_TURN_LIMIT


@dataclass(frozen=True)
class Reserve:
    """A character of a list that is not on the map yet: its side deploys it."""

    id: str
    side: str
    profile: Profile
    base: float = 1.0  # diameter in K
    height: float = 1.0


@dataclass(frozen=True)
class Scenario:
    battlefield: Battlefield
    profiles: Mapping[str, Profile]  # unit id -> what that figure can do
    ruleset: Ruleset = Ruleset()
    seed: int = 0
    source: Mapping[str, Any] = field(default_factory=dict)  # how to load it again (saves)
    reserves: tuple[Reserve, ...] = ()  # deployed before the first turn
    warnings: tuple[Problem, ...] = ()  # e.g. units naming characters no army defines
    summonable: tuple[Reserve, ...] = ()  # Avatar: characters that wait to be summoned

    def __post_init__(self) -> None:
        found = battlefield_problems(self.battlefield)
        if found:
            name = self.battlefield.name
            raise DataError([Problem(name, path, message) for path, message in found])

    def new_game(self) -> GameState:
        return GameState(self)

    def start_level(self, unit_id: str) -> int:
        """The height the map places a figure at (a deployed reserve starts on the ground)."""
        return next((u.level for u in self.battlefield.units if u.id == unit_id), 1)

    def with_seed(self, seed: int) -> Scenario:
        return replace(self, seed=seed)


def load_scenario(
    map_path: str | Path,
    armies: Mapping[str, str | Path] | None = None,
    seed: int = 0,
    ruleset: Ruleset | None = None,
    lists: Mapping[str, str] | None = None,
) -> Scenario:
    """A map plus one army file per side; units link characters by their `character` id.

    A side given no army here takes its characters from the armies the map links
    (`armies:`).  With ``lists``, every character of a side's list that no unit on
    the map stands for (counting repeats) waits in reserve and is deployed in play.
    """
    doc = read_document(map_path)
    docs = {"map": doc}
    names = {"map": str(map_path)}
    for entry, path in linked_army_files(doc).items():
        docs[f"linked:{entry}"] = read_document(path)
        names[f"linked:{entry}"] = str(path)
    docs.update({f"army:{side}": read_document(path) for side, path in (armies or {}).items()})
    names.update({f"army:{s}": str(p) for s, p in (armies or {}).items()})
    texts = {key: document.text for key, document in docs.items()}
    return scenario_from_texts(texts, names, seed, ruleset, lists, parsed=docs)


def scenario_from_texts(
    texts: Mapping[str, str],
    names: Mapping[str, str],
    seed: int,
    ruleset: Ruleset | None = None,
    lists: Mapping[str, str] | None = None,
    *,
    parsed: Mapping[str, Document] | None = None,
) -> Scenario:
    """Build a scenario from file contents (``map``, ``army:A``/``army:B`` for the
    sides' armies, ``linked:ENTRY`` for the armies the map's `armies:` names).

    Keeping the texts lets a save embed the whole scenario, so it replays even
    if the files change or move.  ``parsed`` holds those of the texts already parsed
    (a file read from disk is parsed once, for its links and for itself).
    """
    documents = _Documents(texts, names, parsed or {})
    linked = _armies(documents, "linked:")
    doc = documents["map"]
    field_ = parse_map(doc, linked)
    rosters = _armies(documents, "army:")
    profiles: dict[str, Profile] = {}
    problems = []
    unarmed = []
    for index, unit in enumerate(field_.units):
        army = rosters.get(unit.side)
        if army is None and unit.character is not None:
            army = _defining(unit.character, [linked[e] for e in field_.armies if e in linked])
        if army is None or unit.character is None:
            profiles[unit.id] = bare_profile(unit)
            if unit.character is not None:
                unarmed.append(unit)
        elif unit.character in {c.id for c in army.characters}:
            profiles[unit.id] = profile_from_army(army, unit.character)
        else:
            message = say("problem.scenario.no_character", name=unit.character, side=unit.side)
            problems.append(Problem(names["map"], f"units[{index}].character", message))
    waiting = _reserves(field_, rosters, lists or {}, names, problems)
    if problems:
        raise DataError(problems)
    source = {"texts": dict(texts), "names": dict(names), "lists": dict(lists or {})}
    warnings = tuple(undefined_characters(doc, unarmed))
    reserves = tuple(r for r in waiting if not r.profile.summoners)
    summonable = tuple(r for r in waiting if r.profile.summoners)  # Avatar (entries/avatar.py)
    return Scenario(
        field_, profiles, ruleset or ruleset_of(field_), seed, source, reserves, warnings,
        summonable,
    )  # fmt: skip


class _Documents:
    """The scenario's texts as documents, each parsed once."""

    def __init__(
        self, texts: Mapping[str, str], names: Mapping[str, str], parsed: Mapping[str, Document]
    ) -> None:
        self.texts, self.names, self._parsed = texts, names, dict(parsed)

    def __getitem__(self, key: str) -> Document:
        if key not in self._parsed:
            self._parsed[key] = parse_document(self.texts[key], self.names[key])
        return self._parsed[key]


def _armies(documents: _Documents, prefix: str) -> dict[str, Army]:
    """The armies among the texts whose key starts with ``prefix``, by the rest of the key."""
    return {
        key.removeprefix(prefix): parse_army(documents[key]).army
        for key in documents.texts
        if key.startswith(prefix)
    }


def _defining(character: str, armies: list[Army]) -> Army | None:
    """The first of the map's linked armies that defines ``character``."""
    return next((a for a in armies if character in {c.id for c in a.characters}), None)


def _reserves(
    field_: Battlefield, rosters: Mapping[str, Army], lists: Mapping[str, str],
    names: Mapping[str, str], problems: list[Problem],
) -> tuple[Reserve, ...]:  # fmt: skip
    """The characters of each chosen list that the map's units do not already stand for."""
    out: list[Reserve] = []
    for side, list_id in sorted(lists.items()):
        army = rosters.get(side)
        chosen = next((lst for lst in army.lists if lst.id == list_id), None) if army else None
        if army is None or chosen is None:
            where = names.get(f"army:{side}", names["map"])
            problems.append(
                Problem(where, "lists", say("problem.scenario.no_list", id=list_id, side=side))
            )
            continue
        placed = Counter(u.character for u in field_.units if u.side == side and u.character)
        taken = {u.id for u in field_.units}
        for character in chosen.characters:
            if placed[character] > 0:
                placed[character] -= 1
                continue
            ident = _fresh(f"{side.lower()}-{character}", taken)
            taken.add(ident)
            height = army.archetype(army.character(character).race).height
            out.append(Reserve(ident, side, profile_from_army(army, character), 1.0, height))
    return tuple(out)


def _fresh(stem: str, taken: set[str]) -> str:
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def ruleset_of(field_: Battlefield) -> Ruleset:
    """The map's `scenario:` block as the engine's ruleset."""
    rules = field_.rules
    return Ruleset(NoiseRule(rules.noise_wall_rule), rules.line_width, rules.turn_limit)
