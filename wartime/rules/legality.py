"""Whether an army is legal beyond its numbers: requirement tags and list limits.

These are warnings, not errors: the rulebook does not forbid costing such an
army, and a player may be sketching a list.  Paths mirror the army file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from wartime.i18n import Message, say
from wartime.rules.archetypes import KINDS, Archetype, Army, Kind
from wartime.rules.catalog import Catalog, Requirement, load_catalog
from wartime.rules.limbs import MISSING_LIMB, limb
from wartime.rules.tables import parse_shape
from wartime.rules.text import fold


@dataclass(frozen=True)
class Finding:
    path: str  # e.g. "characters[2]"
    message: Message


def _meets(way: Requirement, carried: list[Archetype], owner: Archetype) -> bool:
    if way.bonus is not None:
        return any(fold(b.name) == fold(way.bonus) for a in carried for b in a.bonuses)
    if way.kind is not None:
        return any(a.kind.value == way.kind for a in carried)
    shapes = (parse_shape(b.param or "") for b in owner.bonuses if fold(b.name) == fold("Área"))
    return any(s is not None and s.kind == way.area_shape for s in shapes)


def requirement_findings(army: Army, catalog: Catalog) -> list[Finding]:
    """Entries whose requirement tag ([Neuromante], ...) their character does not meet."""
    findings = []
    for index, character in enumerate(army.characters):
        carried = [army.archetype(aid) for aid in dict.fromkeys(character.archetype_ids())]
        for archetype in carried:
            for ref in archetype.bonuses:
                entry = catalog.find(ref.name)
                for tag in entry.tags if entry else ():
                    ways = catalog.requirements.get(tag)
                    if ways and not any(_meets(w, carried, archetype) for w in ways):
                        findings.append(
                            Finding(
                                f"characters[{index}]",
                                say(
                                    "problem.legality.requires",
                                    name=ref.name,
                                    id=archetype.id,
                                    tag=tag,
                                    character=character.id,
                                ),
                            )
                        )
    return findings


def list_findings(army: Army, catalog: Catalog) -> list[Finding]:
    """Archetypes that may appear once per list (Reliquia) but appear more often."""
    unique = {
        a.id
        for a in army.archetypes
        for b in a.bonuses
        if (entry := catalog.find(b.name)) is not None and entry.unique_in_list
    }
    findings = []
    for index, army_list in enumerate(army.lists):
        uses = Counter(
            aid
            for cid in army_list.characters
            for aid in army.character(cid).archetype_ids()
            if aid in unique
        )
        for aid, count in sorted(uses.items()):
            if count > 1:
                findings.append(
                    Finding(f"lists[{index}]", say("problem.legality.relic", id=aid, count=count))
                )
    return findings


NO_EQUIPMENT = "Garras y dientes"  # BONUS Y MALUS: it cannot take equipment
RAISES = "Servus"  # the engine raises CON and AGI when the profile is built (profiles.py)
_EQUIPMENT = (Kind.WEAPON, Kind.PROTECTION, Kind.OBJECT)
_NOT_RAISING = (Kind.WEAPON, Kind.METAABILITY)


def entry_findings(army: Army) -> list[Finding]:
    """Entries whose rule a character breaks, or that the engine cannot apply where they sit.

    Garras y dientes bars equipment (weapons, protections, objects).  Servus is applied
    when the profile is built, so on a weapon (used now and then) or on a metaability
    (granted for a while) the players keep track of it.
    """
    findings = []
    for index, character in enumerate(army.characters):
        carried = [army.archetype(aid) for aid in dict.fromkeys(character.archetype_ids())]
        clawed = [a for a in carried if _has(a, NO_EQUIPMENT)]
        gear = sorted(a.id for a in carried if a.kind in _EQUIPMENT and a not in clawed)
        if clawed and gear:
            findings.append(
                Finding(
                    f"characters[{index}]",
                    say(
                        "problem.legality.no_equipment",
                        entry=NO_EQUIPMENT,
                        character=character.id,
                        gear=", ".join(gear),
                    ),
                )
            )
        for archetype in carried:
            findings += _limb_findings(index, archetype)
            if archetype.kind in _NOT_RAISING and _has(archetype, RAISES):
                findings.append(
                    Finding(
                        f"characters[{index}]",
                        say(
                            "problem.legality.raises",
                            entry=RAISES,
                            kind=KINDS[archetype.kind],
                            id=archetype.id,
                        ),
                    )
                )
    return findings


def _limb_findings(index: int, archetype: Archetype) -> list[Finding]:
    """Sin miembro (X) whose X names no limb the engine knows: the players adjudicate it."""
    return [
        Finding(
            f"characters[{index}]",
            say("problem.legality.limb", entry=MISSING_LIMB, limb=b.param or "", id=archetype.id),
        )
        for b in archetype.bonuses
        if fold(b.name) == fold(MISSING_LIMB) and limb(b.param) is None
    ]


def _has(archetype: Archetype, name: str) -> bool:
    return any(fold(b.name) == fold(name) for b in archetype.bonuses)


def army_findings(army: Army, catalog: Catalog | None = None) -> list[Finding]:
    from wartime.rules.equipment import equipment_findings  # Enorme, Requiere (X)

    catalog = catalog or load_catalog()
    found = requirement_findings(army, catalog) + list_findings(army, catalog)
    return found + entry_findings(army) + equipment_findings(army, catalog)
