"""Sin miembro (X): the actions that need the missing limb are difficult (CH −1).

BONUS Y MALUS; "DIF" is a difficult action, whose check takes −1 (CONCEPTOS BÁSICOS).
Which checks need which limb is data: the entry's effects in ``data/effects/checks.yaml``.
Those of the movement group need legs; every other one needs the arms and hands (each
CH IMP of an attack, and the actions named there).  X picks the limb: an arm or a hand
("brazo", "mano", "brazo izquierdo", "manos"...) or a leg or a foot ("pierna", "pie").
Any other X, or none, leaves every effect out: the players adjudicate it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.profiles import Trait
from wartime.rules.effects import Effect
from wartime.rules.limbs import MISSING_LIMB, limb

if TYPE_CHECKING:
    from wartime.engine.figures import Figure

LEG_GROUP = "movement"  # the effects of this action group are the legs'


def serves(trait: Trait, effect: Effect, bearer: Figure | None = None) -> bool:
    """Whether an effect of the entry reaches the roll: always for other entries; for Sin
    miembro, only the effects of the limb its X names, and not while the bearer's
    Miembro extra makes up for its only missing limb of that kind (spare_limb.py)."""
    if trait.name != MISSING_LIMB:
        return True
    wanted = limb(trait.param)
    if wanted is None or wanted != ("legs" if effect.group == LEG_GROUP else "arms"):
        return False
    return bearer is None or not _made_up(bearer, wanted)


def _made_up(bearer: Figure, wanted: str) -> bool:
    from wartime.engine.constraints import missing_limbs
    from wartime.engine.spare_limb import has_spare, stands_in

    if not has_spare(bearer):
        return False
    arms, legs = missing_limbs(bearer, "arms"), missing_limbs(bearer, "legs")
    lacking = arms if wanted == "arms" else legs
    return lacking <= 1 and stands_in(bearer, arms, legs) == wanted
