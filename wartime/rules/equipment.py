"""List building for the catalogue entries that limit who may carry or use a piece.

BONUS Y MALUS.  Our rulings (the engine plays them too: entries/constraints.py):

- **Enorme**: a piece that carries it goes on a character with a transport.  A weapon may
  also go on one that carries **Mega armadura** (on any of its archetypes).  Anything else
  is a finding: the character cannot field it.
- **Requiere (X)**: X names a catalogue entry (or a tag of one) or an archetype id.  A
  character that carries neither cannot use the piece: a finding.  An X that is neither
  (a condition, a level...) is left to the players: a warning says so.
- **Animal** on a transport describes the mount, but the engine reads a transport's
  entries as its rider's: a warning says so.

Findings are warnings, as every finding of rules/legality.py is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.i18n import Message, say
from wartime.rules.archetypes import KINDS, Archetype, Army, Kind
from wartime.rules.catalog import Catalog
from wartime.rules.text import fold

if TYPE_CHECKING:
    from wartime.rules.legality import Finding  # legality imports this module

ENORMOUS = "Enorme"
MEGA_ARMOUR = "Mega armadura"
REQUIRES = "Requiere"
ANIMAL = "Animal"


def equipment_findings(army: Army, catalog: Catalog) -> list[Finding]:
    """Enorme pieces off transports, unmet Requiere (X), and an Animal transport."""
    from wartime.rules.legality import Finding

    findings = []
    known = {fold(a.id) for a in army.archetypes}
    for index, character in enumerate(army.characters):
        path = f"characters[{index}]"
        carried = [army.archetype(aid) for aid in dict.fromkeys(character.archetype_ids())]
        names = {fold(b.name) for a in carried for b in a.bonuses}
        tags = {fold(t) for n in names if (e := catalog.find(n)) for t in e.tags}
        ids = {fold(a.id) for a in carried}
        vehicle = any(a.kind is Kind.TRANSPORT for a in carried)
        for archetype in carried:
            if _has(archetype, ENORMOUS) and not vehicle:
                armoured = archetype.kind is Kind.WEAPON and fold(MEGA_ARMOUR) in names
                if not armoured:
                    findings.append(Finding(path, _enormous(character.id, archetype)))
            if archetype.kind is Kind.TRANSPORT and _has(archetype, ANIMAL):
                findings.append(
                    Finding(
                        path,
                        say(
                            "problem.equipment.animal",
                            entry=ANIMAL,
                            id=archetype.id,
                            character=character.id,
                        ),
                    )
                )
            for ref in archetype.bonuses:
                if fold(ref.name) != fold(REQUIRES) or not ref.param:
                    continue
                wanted = fold(ref.param)
                entry = catalog.find(ref.param)
                if entry is None and wanted not in known:
                    findings.append(
                        Finding(
                            path,
                            say(
                                "problem.equipment.requires_unknown",
                                entry=REQUIRES,
                                param=ref.param,
                                id=archetype.id,
                            ),
                        )
                    )
                elif (entry is None and wanted not in ids) or (
                    entry is not None and fold(entry.name) not in names | tags
                ):
                    findings.append(
                        Finding(
                            path,
                            say(
                                "problem.equipment.requires",
                                id=archetype.id,
                                param=ref.param,
                                character=character.id,
                            ),
                        )
                    )
    return findings


def _enormous(character: str, archetype: Archetype) -> Message:
    kind, ident = KINDS[archetype.kind], archetype.id
    if archetype.kind is Kind.WEAPON:  # a weapon may also go on a Mega armadura
        return say(
            "problem.equipment.enormous_weapon",
            entry=ENORMOUS,
            kind=kind,
            id=ident,
            character=character,
            armour=MEGA_ARMOUR,
        )
    return say(
        "problem.equipment.enormous", entry=ENORMOUS, kind=kind, id=ident, character=character
    )


def _has(archetype: Archetype, name: str) -> bool:
    return any(fold(b.name) == fold(name) for b in archetype.bonuses)
