"""Hits that strike the mind: Munición psíquica, and the protections that stop them (Muro).

BONUS Y MALUS, our rulings (docs/rules-interpretations.md):

- a hit with "Munición psíquica" is defended with the usual CH DEF, but only the
  protections carrying "Muro" give DEF against it; each wound it would have dealt is
  1 stress instead (psychology.stress_limits: above VOL, unconscious).  It is no wound:
  no CH PSI for being wounded, no wound on a protection, no wound entries;
- a "Muro" piece gives no DEF against any other hit and is never the piece a fumbled
  CH DEF wounds.

Each protection of a profile keeps its own entries (Protection.bonuses), so the
Muro pieces are known: Figure.defense leaves them out, Figure.mind_defense sums them
(core/protections.py).  This module says which hits strike the mind (the ``stress_hit``
hook); combat defends from them and deals their stress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.traits import entries_of

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow

PSYCHIC = "Munición psíquica"  # its hits deal stress instead of wounds


@hookspecs.stress_hit.impl(order=10, key="psychic_hits")
def stress_ammo(blow: Blow | None) -> str | None:
    """The entry that makes this hit deal stress (Munición psíquica), on the weapon used
    or on the striker; a hit with no weapon (a fumble's, unarmed) never does."""
    if blow is None or blow.weapon is None:
        return None
    found = (t.name for t, _ in entries_of(blow.striker, blow.weapon) if t.name == PSYCHIC)
    return next(found, None)
