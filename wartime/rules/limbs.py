"""The limbs the X of "Sin miembro (X)" may name (BONUS Y MALUS).

Words are compared folded (accents and case ignored) and without a final "s", so
"brazo izquierdo" and "Manos" name the arms.  Shared by the engine (engine/core/anatomy.py,
which checks they apply) and list building (rules/legality.py, which warns when the X
names no limb the engine knows).
"""

from __future__ import annotations

from wartime.rules.text import fold

MISSING_LIMB = "Sin miembro"
ARMS = frozenset({"brazo", "mano"})
LEGS = frozenset({"pierna", "pie"})


def limb(param: str | None) -> str | None:
    """ "arms" or "legs" for the X of Sin miembro, None when X names neither."""
    words = {w.removesuffix("s") for w in fold((param or "").replace("_", " ")).split()}
    if words & ARMS and not words & LEGS:
        return "arms"
    if words & LEGS and not words & ARMS:
        return "legs"
    return None
