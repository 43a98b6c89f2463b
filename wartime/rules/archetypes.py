"""Archetypes, characters and lists: the building blocks of an army.

Section CREACIÓN DE PERSONAJES.  The attribute ranges are data
(``data/archetypes.yaml``); the rules that relate two attributes are here.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from wartime import data
from wartime.i18n import Message, say
from wartime.rules.tables import Tables


class Kind(StrEnum):
    RACE = "race"
    WEAPON = "weapon"
    PROTECTION = "protection"
    METAABILITY = "metaability"
    OBJECT = "object"
    TRANSPORT = "transport"


# Each kind as a reason names it ("'x' is a weapon, not a race"), in the reader's language.
KINDS: Mapping[Kind, Message] = {
    Kind.RACE: say("phrase.archetypes.race"),
    Kind.WEAPON: say("phrase.archetypes.weapon"),
    Kind.PROTECTION: say("phrase.archetypes.protection"),
    Kind.METAABILITY: say("phrase.archetypes.metaability"),
    Kind.OBJECT: say("phrase.archetypes.object"),
    Kind.TRANSPORT: say("phrase.archetypes.transport"),
}


@dataclass(frozen=True)
class Range:
    low: int
    high: int | None  # None: no upper bound

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and self.low <= value
            and (self.high is None or value <= self.high)
        )

    def __str__(self) -> str:
        return f"{self.low} to {self.high}" if self.high is not None else f"{self.low} or more"


@functools.cache
def attribute_ranges() -> Mapping[Kind, Mapping[str, Range]]:
    """Each kind's attributes, in the rulebook's order, with their ranges."""
    raw = data.read("archetypes.yaml")
    return {
        Kind(kind): {name: Range(r["min"], r["max"]) for name, r in attrs.items()}
        for kind, attrs in raw.items()
    }


@dataclass(frozen=True)
class BonusRef:
    """A bonus/malus chosen for an archetype, by catalogue name."""

    name: str  # the catalogue's spelling
    level: int = 1
    param: str | None = None

    def label(self) -> str:
        text = self.name
        if self.param is not None:
            text += f" {self.param}" if self.name == "Área" else f" ({self.param})"
        return f"{text} ×{self.level}" if self.level != 1 else text


@dataclass(frozen=True)
class Archetype:
    id: str
    kind: Kind
    attributes: Mapping[str, int]
    bonuses: tuple[BonusRef, ...] = ()
    height: float = 1.0  # races only: figure height in human heights
    # Weapons only: what its hits are made of or deal (fuego, plata...), the X that
    # Alérgico (X), Resistencia a (X) and Invulnerable (X) of the figure hit may name.
    material: str | None = None

    def __getitem__(self, attribute: str) -> int:
        return self.attributes[attribute]


def cross_attribute_problems(archetype: Archetype, tables: Tables) -> list[tuple[str, Message]]:
    """Rules between attributes, as (attribute, message) pairs.

    Call only once each attribute is within its own range.
    """
    if archetype.kind is not Kind.WEAPON:
        return []
    ene, dan, alc = archetype["ENE"], archetype["DAÑ"], archetype["ALC"]
    problems = []
    if tables.weapon_cell(ene, dan) is None:
        problems.append(("DAÑ", say("problem.archetypes.weapon_table", ene=ene, damage=dan)))
    if alc > 5 * dan:
        problems.append(("ALC", say("problem.archetypes.alc", alc=alc, most=5 * dan)))
    return problems


@dataclass(frozen=True)
class Character:
    """A Pj: one race, any weapons, protections, metaabilities and objects, 0–1 transport."""

    id: str
    race: str
    name: str = ""
    weapons: tuple[str, ...] = ()
    protections: tuple[str, ...] = ()
    metaabilities: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    transport: str | None = None
    # Control remoto: the character that operates this one (it acts when that one says)
    controller: str | None = None
    # Mascota mágica: the entries of the character's pet (up to three)
    pet: tuple[BonusRef, ...] = ()
    # Avatar: the characters that may summon this one into the game
    summoners: tuple[str, ...] = ()

    @property
    def display_name(self) -> str:
        return self.name or self.id

    def archetype_ids(self) -> tuple[str, ...]:
        """Every archetype the character carries, repeats included, race first."""
        transport = (self.transport,) if self.transport else ()
        return (
            self.race,
            *self.weapons,
            *self.protections,
            *self.metaabilities,
            *self.objects,
            *transport,
        )


@dataclass(frozen=True)
class ArmyList:
    """A list of play: characters recruited against a points limit."""

    id: str
    limit: int
    characters: tuple[str, ...]


@dataclass(frozen=True)
class Army:
    name: str
    archetypes: tuple[Archetype, ...] = ()
    characters: tuple[Character, ...] = ()
    lists: tuple[ArmyList, ...] = ()
    _index: Mapping[str, Archetype] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {a.id: a for a in self.archetypes})

    def archetype(self, archetype_id: str) -> Archetype:
        return self._index[archetype_id]

    def character(self, character_id: str) -> Character:
        return next(c for c in self.characters if c.id == character_id)
