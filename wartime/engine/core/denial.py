"""Niega (X): the enemy entry X does nothing against the bearer (BONUS Y MALUS).

Our ruling (docs/rules-interpretations.md): X names a catalogue entry (or a tag some entries
carry); an X that names neither is left to the players.  Only enemies' entries are
denied (the bearer's own maluses stay), and only where the bearer takes part:

- checks: an enemy's entry that would change the bearer's roll (Mimético on its target,
  an aura such as Grito de oscuridad), or the roll of an enemy acting against it or
  defending from it (the enemy's own Puntería, an ally's Grito de fuego...):
  ``bonuses.sources`` leaves them out, so rerolls and fixed faces go too;
- DAÑ: the same sources give the DAÑ of a blow at it or by it (``hits._damage_effects``),
  and the striker's entries on its CH DEF (Munición perforante) are dropped
  (``hits.defence``);
- targeting: a target's Anónimo, Horror and Radiante do not bind the bearer
  (``targets``).

The denied names are found once per profile (``traits.per_profile``): figures without
Niega pay one dictionary look-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core.traits import carried, per_profile
from wartime.rules.catalog import load_catalog
from wartime.rules.effects import Reach, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure


@per_profile
def denied(figure: Figure) -> frozenset[str]:
    """The entries the figure's Niega (X) name (an X naming a tag: each entry with it)."""
    catalog = load_catalog()
    found: set[str] = set()
    for trait in carried(figure):
        if trait.weapon is not None or not trait.param:
            continue
        if not any(e.denies for e in effects_of(trait.name, Reach)):
            continue
        entry = catalog.find(trait.param)
        if entry is not None:
            found.add(entry.name)
        found.update(e.name for e in catalog.entries if trait.param in e.tags)
    return frozenset(found)


def denies(figure: Figure | None, name: str) -> bool:
    """``figure`` carries Niega naming the entry ``name``."""
    return figure is not None and name in denied(figure)


def void(owner: Figure, name: str, actor: Figure, against: Figure | None) -> bool:
    """The entry ``name`` of ``owner`` does nothing in ``actor``'s roll against
    ``against``: one of the two is an enemy of ``owner`` that denies it."""
    return any(
        other is not None and other.side != owner.side and denies(other, name)
        for other in (actor, against)
    )
