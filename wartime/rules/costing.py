"""Points of archetypes, characters and lists: section CREACIÓN DE PERSONAJES.

Every cost is returned with its breakdown (:class:`Term`), so a player can see
exactly where each point comes from.  Inputs are assumed valid: the army
loader has already checked ranges and catalogue names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wartime.i18n import text
from wartime.rules.archetypes import Archetype, Army, ArmyList, Character, Kind
from wartime.rules.catalog import Catalog, load_catalog
from wartime.rules.tables import Tables, load_tables, normalize_shape


@dataclass(frozen=True)
class Term:
    """One line of a breakdown, e.g. ("ENE 3 × DAÑ 5", 76) or ("−ENE 2", -2)."""

    label: str
    points: int


@dataclass(frozen=True)
class ArchetypeCost:
    archetype: str
    kind: Kind
    terms: tuple[Term, ...]

    @property
    def points(self) -> int:
        return sum(t.points for t in self.terms)


@dataclass(frozen=True)
class CharacterCost:
    character: str
    parts: tuple[Term, ...]  # one per archetype carried, repeats included
    minimum: int

    @property
    def raw_points(self) -> int:
        return sum(p.points for p in self.parts)

    @property
    def points(self) -> int:
        """A character never costs less than the minimum (LISTAS DE JUEGO)."""
        return max(self.minimum, self.raw_points)


@dataclass(frozen=True)
class ListCost:
    list: str
    points: int
    limit: int

    @property
    def within_limit(self) -> bool:
        return self.points <= self.limit


@dataclass(frozen=True)
class ArmyCost:
    archetypes: tuple[ArchetypeCost, ...]
    characters: tuple[CharacterCost, ...]
    lists: tuple[ListCost, ...]


def _race(a: Archetype, tables: Tables) -> list[Term]:
    # CREACIÓN DE RAZAS, step 3: each attribute by the table.
    return [
        Term(f"{attr} {a[attr]}", tables.race_cost(a[attr]))
        for attr in ("CON", "AGI", "INT", "VOL")
    ]


def _weapon(a: Archetype, tables: Tables) -> list[Term]:
    # CREACIÓN DE ARMAS, step 5: table cell + ALC + CAL.
    cell = tables.weapon_cell(a["ENE"], a["DAÑ"])
    if cell is None:
        raise ValueError(
            f"{a.id}: ENE {a['ENE']} × DAÑ {a['DAÑ']} is not allowed by the weapon table"
        )
    return [
        Term(text("cli.points.weapon_table", ene=a["ENE"], damage=a["DAÑ"]), cell),
        Term(f"ALC {a['ALC']}", a["ALC"]),
        Term(f"CAL {a['CAL']}", a["CAL"]),
    ]


def _protection(a: Archetype, tables: Tables) -> list[Term]:
    # CREACIÓN DE PROTECCIONES, step 6: DEF×3 + TAL + CAL − ENE.
    return [
        Term(f"DEF {a['DEF']} ×3", 3 * a["DEF"]),
        Term(f"TAL {a['TAL']}", a["TAL"]),
        Term(f"CAL {a['CAL']}", a["CAL"]),
        Term(f"−ENE {a['ENE']}", -a["ENE"]),
    ]


def _metaability(a: Archetype, tables: Tables) -> list[Term]:
    # CREACIÓN DE METAHABILIDADES, step 5: ALC + CAL − ENE×3.
    return [
        Term(f"ALC {a['ALC']}", a["ALC"]),
        Term(f"CAL {a['CAL']}", a["CAL"]),
        Term(f"−ENE {a['ENE']} ×3", -3 * a["ENE"]),
    ]


def _object(a: Archetype, tables: Tables) -> list[Term]:
    # CREACIÓN DE OBJETOS, step 5: ALC + CAL − ENE.
    return [
        Term(f"ALC {a['ALC']}", a["ALC"]),
        Term(f"CAL {a['CAL']}", a["CAL"]),
        Term(f"−ENE {a['ENE']}", -a["ENE"]),
    ]


def _transport(a: Archetype, tables: Tables) -> list[Term]:
    # CREACIÓN DE TRANSPORTES, step 7: MOV + DEF×3 + CAL − ENE.
    return [
        Term(f"MOV {a['MOV']}", a["MOV"]),
        Term(f"DEF {a['DEF']} ×3", 3 * a["DEF"]),
        Term(f"CAL {a['CAL']}", a["CAL"]),
        Term(f"−ENE {a['ENE']}", -a["ENE"]),
    ]


_FORMULAS: dict[Kind, Callable[[Archetype, Tables], list[Term]]] = {
    Kind.RACE: _race,
    Kind.WEAPON: _weapon,
    Kind.PROTECTION: _protection,
    Kind.METAABILITY: _metaability,
    Kind.OBJECT: _object,
    Kind.TRANSPORT: _transport,
}


def bonus_terms(a: Archetype, catalog: Catalog, tables: Tables) -> list[Term]:
    """Bonus/malus points: listed cost, × level when per level, Área by its shape."""
    entries = [catalog.find(b.name) for b in a.bonuses]
    waived = {e.waives for e in entries if e is not None and e.waives}
    terms = []
    for ref, entry in zip(a.bonuses, entries, strict=True):
        if entry is None:
            raise ValueError(f"{a.id}: unknown bonus {ref.name!r}")
        if entry.name in waived:
            points = 0
        elif entry.cost is None:  # Área: priced by the area table
            shape = normalize_shape(ref.param or "")
            area = tables.area_points(shape)
            if area is None:
                raise ValueError(f"{a.id}: unknown area {ref.param!r}")
            points = area
        else:
            points = entry.cost * (ref.level if entry.per_level else 1)
        terms.append(Term(ref.label(), points))
    return terms


def archetype_cost(
    a: Archetype, catalog: Catalog | None = None, tables: Tables | None = None
) -> ArchetypeCost:
    """The points of one archetype with its full breakdown."""
    catalog = catalog or load_catalog()
    tables = tables or load_tables()
    terms = _FORMULAS[a.kind](a, tables) + bonus_terms(a, catalog, tables)
    return ArchetypeCost(a.id, a.kind, tuple(terms))


def character_cost(c: Character, costs: dict[str, ArchetypeCost], minimum: int) -> CharacterCost:
    parts = tuple(Term(aid, costs[aid].points) for aid in c.archetype_ids())
    return CharacterCost(c.id, parts, minimum)


def list_cost(army_list: ArmyList, characters: dict[str, CharacterCost]) -> ListCost:
    points = sum(characters[cid].points for cid in army_list.characters)
    return ListCost(army_list.id, points, army_list.limit)


def army_cost(army: Army, catalog: Catalog | None = None, tables: Tables | None = None) -> ArmyCost:
    """Cost every archetype, character and list of a validated army."""
    tables = tables or load_tables()
    archetypes = {a.id: archetype_cost(a, catalog, tables) for a in army.archetypes}
    characters = {
        c.id: character_cost(c, archetypes, tables.minimum_character_cost) for c in army.characters
    }
    lists = tuple(list_cost(lst, characters) for lst in army.lists)
    return ArmyCost(tuple(archetypes.values()), tuple(characters.values()), lists)
