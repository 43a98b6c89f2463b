"""What a figure can do, derived once from its character's archetypes.

A profile is the character sheet the engine reads: attributes from the race,
natural MOV from the race height (MOVIMIENTO: as many K as times a human's
height), weapons, and the summed DEF of its protections (CH DEF).
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.board.battlefield import Unit
from wartime.rules.archetypes import Army, BonusRef, Kind
from wartime.rules.costing import army_cost


@dataclass(frozen=True)
class Weapon:
    id: str
    ene: int
    dan: int
    alc: int
    cal: int
    bonuses: tuple[str, ...] = ()
    area: str | None = None  # the shape of its Área bonus, e.g. "R3"
    magazine: int | None = None  # the X of Cargadores (X); None: not given

    @property
    def ranged(self) -> bool:
        return self.alc > 0


UNARMED = Weapon("sin armas", ene=1, dan=0, alc=0, cal=10)


@dataclass(frozen=True)
class Trait:
    """A catalogue entry the character carries; a weapon's counts only while it is used."""

    name: str
    level: int = 1
    weapon: str | None = None


@dataclass(frozen=True)
class Profile:
    character: str
    name: str
    con: int
    agi: int
    int_: int
    vol: int
    mov: float  # natural MOV in K
    defense: int  # CH DEF: the sum of the DEF of its protections
    weapons: tuple[Weapon, ...] = ()
    points: int = 10  # what its loss is worth to the enemy
    traits: tuple[Trait, ...] = ()
    talla: tuple[int, ...] = ()  # TAL of each protection worn (TAL 0, not worn, is left out)

    def attribute(self, name: str) -> int:
        return {"CON": self.con, "AGI": self.agi, "INT": self.int_, "VOL": self.vol}[name]

    def weapon(self, weapon_id: str | None) -> Weapon | None:
        if weapon_id is None:
            return None
        return next((w for w in self.weapons if w.id == weapon_id), None)


def profile_from_army(army: Army, character_id: str) -> Profile:
    character = army.character(character_id)
    race = army.archetype(character.race)
    weapons = tuple(
        Weapon(
            a.id, a["ENE"], a["DAÑ"], a["ALC"], a["CAL"],
            tuple(b.name for b in a.bonuses),
            next((b.param for b in a.bonuses if b.name == "Área"), None),
            _magazine(a.bonuses),
        )
        for a in (army.archetype(w) for w in character.weapons)
    )  # fmt: skip
    defense = sum(army.archetype(p)["DEF"] for p in character.protections)
    talla = tuple(
        army.archetype(p)["TAL"] for p in character.protections if army.archetype(p)["TAL"]
    )
    if character.transport:
        defense += army.archetype(character.transport)["DEF"]
    points = next(c.points for c in army_cost(army).characters if c.character == character_id)
    transport = army.archetype(character.transport) if character.transport else None
    mov = float(transport["MOV"]) if transport and transport.kind is Kind.TRANSPORT else race.height
    traits = tuple(
        Trait(b.name, b.level, aid if army.archetype(aid).kind is Kind.WEAPON else None)
        for aid in dict.fromkeys(character.archetype_ids())
        for b in army.archetype(aid).bonuses
    )
    return Profile(
        character=character_id,
        name=character.display_name,
        con=race["CON"],
        agi=race["AGI"],
        int_=race["INT"],
        vol=race["VOL"],
        mov=mov,
        defense=defense,
        weapons=weapons,
        points=points,
        traits=traits,
        talla=talla,
    )


def _magazine(bonuses: tuple[BonusRef, ...]) -> int | None:
    """The rounds of Cargadores (X), when X is a whole number."""
    param = next((b.param for b in bonuses if b.name == "Cargadores"), None)
    return int(param) if param is not None and param.isdigit() and int(param) > 0 else None


def bare_profile(unit: Unit) -> Profile:
    """A figure with no character linked: an average human with its map VOL, unarmed."""
    return Profile(
        character=unit.character or unit.id,
        name=unit.id,
        con=4,
        agi=4,
        int_=4,
        vol=unit.vol,
        mov=unit.height,
        defense=0,
        points=10,
    )
