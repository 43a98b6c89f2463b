"""Miembro extra: one more useful limb (BONUS Y MALUS).

Our ruling (/tmp/notes_reach.md): the spare limb stands in for one missing limb.  It
makes up for a missing arm first (an arm is what most actions and A 2 manos want); with
both arms, for a missing leg.  So with one arm missing the bearer still wields a two-
hander with both hands and its Sin miembro (brazo) does nothing; with both missing it
counts as missing one.  With Miembros prescindibles the spare is a fifth expendable
limb and the first to take wounds (body_zones.py); once it is lost it stands in for
nothing, and its loss brings no Sin miembro.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.bonuses import carried, per_profile
from wartime.rules.effects import load_effects

if TYPE_CHECKING:
    from wartime.engine.figures import Figure

SPARE = "Miembro extra"


@per_profile
def has_spare(figure: Figure) -> bool:
    """It carries an entry with ``spare_limb`` (on itself, not on a weapon)."""
    effects = load_effects()
    return any(
        t.weapon is None and any(e.spare_limb for e in effects.get(t.name, ()))
        for t in carried(figure)
    )


def spare_whole(figure: Figure) -> bool:
    """It has a spare limb that Miembros prescindibles has not taken off."""
    if not has_spare(figure):
        return False
    from wartime.engine.body_zones import SPARE_LIMB, lost

    return SPARE_LIMB[0] not in lost(figure)


def stands_in(figure: Figure, arms: int, legs: int) -> str | None:
    """What the spare limb makes up for: "arms", "legs" or None, given how many of each
    the figure lacks."""
    if not spare_whole(figure):
        return None
    if arms:
        return "arms"
    return "legs" if legs else None
