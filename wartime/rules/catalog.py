"""The bonus/malus catalogue (section BONUS Y MALUS), read from ``data/catalog.yaml``.

Like Wesnoth's unit data, entries are looked up by name; the code never
hard-codes an entry's cost.  Names match ignoring case and accents.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wartime import data
from wartime.errors import DataError, Problem
from wartime.rules.text import closest, fold

_SOURCE = "wartime/data/catalog.yaml"
AREA_TABLE = "area_table"  # the cost of Área comes from the area table


class Mechanism(StrEnum):
    """The engine mechanism an entry needs (used to plan and check coverage).

    Not the engine's runtime hooks (wartime/engine/hooks.py): this only sorts the
    catalogue. Files and the JSON contract keep the key ``hook`` for it.
    """

    CHECK_MODIFIER = "check_modifier"
    REROLL = "reroll"
    DAMAGE = "damage"
    AURA = "aura"
    AREA = "area"
    MOVEMENT = "movement"
    SPECIAL_ACTION = "special_action"
    EVENT_TRIGGER = "event_trigger"
    CONSTRAINT = "constraint"
    TARGETING = "targeting"
    BEHAVIOUR = "behaviour"
    PASSIVE = "passive"


@dataclass(frozen=True)
class Entry:
    name: str  # spelled as in the rulebook
    cost: int | None  # None: priced by the area table (only Área)
    per_level: bool
    max_level: int
    param: bool  # takes a parameter in brackets, e.g. "Alérgico (agua)"
    tags: tuple[str, ...]
    mechanism: Mechanism
    summary: str
    waives: str | None = None  # on the same archetype, that entry costs 0
    unique_in_list: bool = False  # may appear on one character of a list only


@dataclass(frozen=True)
class Requirement:
    """One way to satisfy a requirement tag; exactly one field is set."""

    bonus: str | None = None  # the character carries this entry
    kind: str | None = None  # the character has an archetype of this kind
    area_shape: str | None = None  # the same archetype has Área of this shape letter


@dataclass(frozen=True)
class Catalog:
    entries: tuple[Entry, ...]
    # tag -> alternatives; tags not listed here describe the entry, they demand nothing
    requirements: Mapping[str, tuple[Requirement, ...]]
    _by_key: Mapping[str, Entry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_key", {fold(e.name): e for e in self.entries})

    def find(self, name: str) -> Entry | None:
        """The entry called ``name``, ignoring case and accents."""
        return self._by_key.get(fold(name))

    def suggest(self, name: str) -> str | None:
        """The entry name a misspelt ``name`` most likely meant."""
        return closest(name, (e.name for e in self.entries))

    def search(self, text: str) -> tuple[Entry, ...]:
        """Entries whose name, tags, hook or summary contain ``text``."""
        key = fold(text)
        return tuple(
            e
            for e in self.entries
            if key in fold(" ".join((e.name, *e.tags, e.mechanism.value, e.summary)))
        )


def _entry(raw: Any, path: str, problems: list[Problem]) -> Entry | None:
    def bad(message: str) -> None:
        problems.append(Problem(_SOURCE, path, message))

    if not isinstance(raw, dict):
        bad("expected a mapping")
        return None
    try:
        entry = Entry(
            name=raw["name"],
            cost=None if raw["cost"] == AREA_TABLE else raw["cost"],
            per_level=raw["per_level"],
            max_level=raw["max_level"],
            param=raw["param"],
            tags=tuple(raw["tags"]),
            mechanism=Mechanism(raw["hook"]),
            summary=raw["summary"],
            waives=raw.get("waives"),
            unique_in_list=raw.get("unique_in_list", False),
        )
    except (KeyError, TypeError, ValueError) as exc:
        bad(f"malformed entry: {exc!r}")
        return None
    typed = (
        isinstance(entry.name, str)
        and (entry.cost is None or type(entry.cost) is int)
        and type(entry.max_level) is int
        and entry.max_level >= 1
        and (entry.per_level or entry.max_level == 1)
        and isinstance(entry.summary, str)
        and entry.summary.strip() != ""
        and all(isinstance(t, str) for t in entry.tags)
    )
    if not typed:
        bad(f"malformed entry {raw.get('name')!r}")
        return None
    return entry


def _validated(raw: Any) -> Catalog:
    problems: list[Problem] = []
    if not isinstance(raw, dict) or not isinstance(raw.get("entries"), list):
        raise DataError([Problem(_SOURCE, "", "expected a mapping with a list 'entries'")])
    entries = [_entry(item, f"entries[{i}]", problems) for i, item in enumerate(raw["entries"])]
    requirements: dict[str, tuple[Requirement, ...]] = {}
    for tag, ways in (raw.get("requirements") or {}).items():
        try:
            requirements[tag] = tuple(Requirement(**way) for way in ways)
        except TypeError as exc:
            problems.append(Problem(_SOURCE, f"requirements.{tag}", str(exc)))
    keys = [fold(e.name) for e in entries if e is not None]
    for key in {k for k in keys if keys.count(k) > 1}:
        problems.append(Problem(_SOURCE, "entries", f"duplicated entry {key!r}"))
    if problems:
        raise DataError(problems)
    return Catalog(tuple(e for e in entries if e is not None), requirements)


@functools.cache
def load_catalog() -> Catalog:
    """The full catalogue, parsed and validated once."""
    return _validated(data.read("catalog.yaml"))
