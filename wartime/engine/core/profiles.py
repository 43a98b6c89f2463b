"""What a figure can do, derived once from its character's archetypes.

A profile is the character sheet the engine reads: attributes from the race,
natural MOV from the race height (MOVIMIENTO: as many K as times a human's
height), weapons, and the summed DEF of its protections (CH DEF).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wartime.board.battlefield import Unit
from wartime.engine.core import hookspecs
from wartime.rules.archetypes import Archetype, Army, BonusRef, Kind
from wartime.rules.costing import army_cost
from wartime.rules.dice import round_half_up
from wartime.rules.effects import CheckModifier, Damage, Effect, Limit, Wear, effects_of


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
    material: str | None = None  # what its hits are (fuego, plata): Alérgico (X) reads it

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
    param: str | None = None  # the X of a parametrised entry, e.g. Maestría (Correr)


# METAHABILIDADES: the kind entry of a metaability archetype names the attribute its
# CH ATR uses (mutación CON, bunkai AGI, invocación INT, atadura VOL).
METAABILITY_KINDS = {"Mutación": "CON", "Bunkai": "AGI", "Invocación": "INT", "Atadura": "VOL"}


@dataclass(frozen=True)
class Metaability:
    """A metaability archetype: its ENE, ALC (K to the target), CAL, and what it grants.

    ``grants`` are its other catalogue entries: the target carries them while the
    metaability lasts, not all the time.
    """

    id: str
    ene: int
    alc: int
    cal: int
    attribute: str | None  # from its kind entry; None: it has none and cannot be used
    grants: tuple[Trait, ...] = ()


@dataclass(frozen=True)
class Protection:
    """A protection archetype worn: its DEF and its CAL (HERIDAS: DEF −1 per wound,
    never below 1; unusable at CAL wounds, destroyed above)."""

    id: str
    defense: int
    cal: int
    bonuses: tuple[str, ...] = ()  # its catalogue entries (Muro: DEF against stress only)

    @property
    def guards_the_mind(self) -> bool:
        """Muro: its DEF counts against hits that deal stress, and only against those."""
        return WALL in self.bonuses


WALL = "Muro"


@dataclass(frozen=True)
class Gear:
    """An object archetype (CREACIÓN DE OBJETOS) a character carries: Usar spends its
    ENE; its entries are the character's too, and some act only when it is used
    (Elixir, Drogas de combate: actions/gear.py)."""

    id: str
    ene: int
    alc: int
    cal: int
    traits: tuple[Trait, ...] = ()


@dataclass(frozen=True)
class Transport:
    """A transport archetype (CREACIÓN DE TRANSPORTES): the vehicle or mount a Pj rides.

    ``ene`` starts it moving, ``mov`` is how far it goes per action, ``defense`` adds to
    the rider's CH DEF, and ``cal`` is how many wounds it takes before it is unusable.
    """

    id: str
    ene: int
    mov: float
    defense: int
    cal: int
    mecha: bool = False  # BONUS Y MALUS, Mecha: it fights in CaC like a Pj on foot


@dataclass(frozen=True)
class Profile:
    character: str
    name: str
    con: int
    agi: int
    int_: int
    vol: int
    mov: float  # natural MOV in K (on foot; a transport has its own)
    defense: int  # CH DEF: the sum of the DEF of its protections (a transport's apart)
    weapons: tuple[Weapon, ...] = ()
    points: int = 10  # what its loss is worth to the enemy
    traits: tuple[Trait, ...] = ()
    talla: tuple[int, ...] = ()  # TAL of each protection worn (TAL 0, not worn, is left out)
    metaabilities: tuple[Metaability, ...] = ()
    transport: Transport | None = None
    gear: tuple[Gear, ...] = ()
    # The pieces behind ``defense``; empty for a profile built with a bare DEF (tests),
    # whose armour is then one piece with no CAL.
    protections: tuple[Protection, ...] = ()
    race: str | None = None  # the race archetype's id (what Munición anti (X) may name)
    controller: str | None = None  # Control remoto: the character that operates it
    pet: tuple[Trait, ...] = ()  # Mascota mágica: its pet's entries
    summoners: tuple[str, ...] = ()  # Avatar: the characters that may summon it
    fitted: tuple[bool, ...] = ()  # which pieces of ``talla`` are Ajustable (entries/wear.py)

    def attribute(self, name: str) -> int:
        return {"CON": self.con, "AGI": self.agi, "INT": self.int_, "VOL": self.vol}[name]

    def metaability(self, ability_id: str | None) -> Metaability | None:
        return next((m for m in self.metaabilities if m.id == ability_id), None)

    def object(self, object_id: str | None) -> Gear | None:
        return next((g for g in self.gear if g.id == object_id), None)

    def weapon(self, weapon_id: str | None) -> Weapon | None:
        if weapon_id is None:
            return None
        return next((w for w in self.weapons if w.id == weapon_id), None)


def profile_from_army(army: Army, character_id: str) -> Profile:
    character = army.character(character_id)
    race = army.archetype(character.race)
    carried = [
        b
        for aid in dict.fromkeys(character.archetype_ids())
        if army.archetype(aid).kind not in (Kind.WEAPON, Kind.METAABILITY)
        for b in army.archetype(aid).bonuses
    ]
    names = tuple(b.name for b in carried)
    weapons = tuple(
        hookspecs.weapon_built.thread(Weapon(
            a.id, a["ENE"], a["DAÑ"], *_reach_and_quality(a, carried),
            tuple(b.name for b in a.bonuses),
            next((b.param for b in a.bonuses if b.name == "Área"), None),
            _magazine(a.bonuses), a.material,
        ), names)
        for a in (army.archetype(w) for w in character.weapons)
    )  # fmt: skip
    defense = sum(army.archetype(p)["DEF"] for p in character.protections)
    talla = tuple(
        army.archetype(p)["TAL"] for p in character.protections if army.archetype(p)["TAL"]
    )
    points = next(c.points for c in army_cost(army).characters if c.character == character_id)
    transport = army.archetype(character.transport) if character.transport else None
    traits = tuple(
        Trait(b.name, b.level, aid if _is_weapon(army, aid) else None, b.param)
        for aid in dict.fromkeys(character.archetype_ids())
        for b in army.archetype(aid).bonuses
        if army.archetype(aid).kind is not Kind.METAABILITY or b.name in METAABILITY_KINDS
    )
    raised = _raised(carried)
    metaabilities = tuple(
        hookspecs.metaability_built.thread(_metaability(a), race["VOL"] + raised["VOL"], names)
        for a in map(army.archetype, dict.fromkeys(character.archetype_ids()))
        if a.kind is Kind.METAABILITY
    )
    return Profile(
        character=character_id,
        name=character.display_name,
        con=race["CON"] + raised["CON"],
        agi=race["AGI"] + raised["AGI"],
        int_=race["INT"] + raised["INT"],
        vol=race["VOL"] + raised["VOL"],
        mov=race.height,
        defense=defense,
        weapons=weapons,
        points=points,
        traits=traits,
        talla=talla,
        metaabilities=metaabilities,
        transport=_transport(transport) if transport and transport.kind is Kind.TRANSPORT else None,
        race=character.race,
        controller=character.controller,
        pet=tuple(Trait(b.name, b.level, None, b.param) for b in character.pet),
        summoners=character.summoners,
        fitted=tuple(
            any(e.fitted for b in army.archetype(p).bonuses for e in effects_of(b.name, Wear))
            for p in character.protections
            if army.archetype(p)["TAL"]
        ),
        protections=tuple(
            Protection(a.id, a["DEF"], a["CAL"], tuple(b.name for b in a.bonuses))
            for a in map(army.archetype, character.protections)
        ),
        gear=tuple(
            _gear(a)
            for a in map(army.archetype, dict.fromkeys(character.archetype_ids()))
            if a.kind is Kind.OBJECT
        ),
    )


def _gear(archetype: Archetype) -> Gear:
    traits = tuple(Trait(b.name, b.level, None, b.param) for b in archetype.bonuses)
    return Gear(archetype.id, archetype["ENE"], archetype["ALC"], archetype["CAL"], traits)


def _transport(archetype: Archetype) -> Transport:
    mecha = any(b.name == "Mecha" for b in archetype.bonuses)
    return Transport(
        archetype.id, archetype["ENE"], float(archetype["MOV"]), archetype["DEF"],
        archetype["CAL"], mecha,
    )  # fmt: skip


def _reach_and_quality(weapon: Archetype, carried: list[BonusRef]) -> tuple[int, int]:
    """The weapon's ALC and CAL after the entries that change them, on it or on the
    character (Munición aliento de dragón: ALC /2 rounded half up, CAL −1; at least CAL 1).
    K added to a ranged weapon's ALC (Más alcance) come after the factors."""
    alc, cal = weapon["ALC"], weapon["CAL"]
    added = 0
    for bonus in (*weapon.bonuses, *carried):
        for effect in effects_of(bonus.name, Effect):
            if effect.weapon_alc is not None:
                alc = round_half_up(alc * Fraction(str(effect.weapon_alc)))
            if isinstance(effect, Damage):
                cal += effect.weapon_cal
            elif isinstance(effect, Limit):  # numbers and limits (entries/limits.py)
                added += effect.alc_plus
    alc = max(1, alc + added) if alc > 0 else alc  # a CaC weapon (ALC 0) gains no reach
    return alc, cal if cal == weapon["CAL"] else max(1, cal)


def _raised(carried: list[BonusRef]) -> dict[str, int]:
    """What the entries the character carries add to its attributes (Servus: CON and AGI
    +1).  Only entries of the race, protections, objects and transport count: a weapon's
    or a metaability's Servus is left to the players (rules/legality.py warns)."""
    raised = dict.fromkeys(("CON", "AGI", "INT", "VOL"), 0)
    for bonus in carried:
        for effect in effects_of(bonus.name, CheckModifier):
            if effect.attribute is not None:
                raised[effect.attribute] += effect.value
    return raised


def _is_weapon(army: Army, archetype_id: str) -> bool:
    return army.archetype(archetype_id).kind is Kind.WEAPON


def _metaability(archetype: Archetype) -> Metaability:
    """Its kind entry says which CH ATR it takes; the rest is what the target receives."""
    kind = next((b.name for b in archetype.bonuses if b.name in METAABILITY_KINDS), None)
    bonuses = archetype.bonuses
    grants = tuple(
        Trait(b.name, b.level, None, b.param) for b in bonuses if b.name not in METAABILITY_KINDS
    )
    return Metaability(
        archetype.id, archetype["ENE"], archetype["ALC"], archetype["CAL"],
        METAABILITY_KINDS.get(kind or ""), grants,
    )  # fmt: skip


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
