"""A figure's body as the rules read it: its limbs, those it lacks, and a spare one.

Several catalogue entries meet here, and the checks and wounds of the core read them:

- Sin miembro (X): the actions that need the missing limb are difficult (CH −1).
  Which checks need which limb is data (the entry's effects in
  ``data/effects/checks.yaml``): those of the movement group need legs, every other
  one the arms and hands.  X picks the limb ("brazo", "mano", "pierna", "pie"...); any
  other X, or none, leaves every effect out and the players adjudicate it.
- Miembros prescindibles: four expendable limbs, filled with wounds in a fixed order
  (:data:`LIMBS`, arms first), each holding CON/2; a full limb is lost for good.  The
  wounds are laid by its entry module (body_zones.py); how each limb stands is read
  here from ``Figure.limb_wounds``.
- Miembro extra: the spare limb stands in for one missing limb, an arm first (what
  most actions and A 2 manos want), else a leg.  With Miembros prescindibles it is a
  fifth expendable limb, the first to take wounds, and once lost it stands in for
  nothing.  (Rulings: docs/rules-interpretations.md.)
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import chain
from typing import TYPE_CHECKING

from wartime.engine.core.traits import carried, per_profile
from wartime.rules.dice import round_half_up
from wartime.rules.effects import Reach, effects_of
from wartime.rules.limbs import MISSING_LIMB, limb
from wartime.rules.text import fold

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.profiles import Trait
    from wartime.rules.effects import Effect

LEG_GROUP = "movement"  # the effects of this action group are the legs'
_BOTH = frozenset({"brazos", "manos", "ambos", "ambas", "dos", "2"})  # X naming both arms

EXPENDABLE = "Miembros prescindibles"
# In the order they take wounds: (name, its article in the log, the X of its Sin miembro)
LIMBS = (
    ("brazo izquierdo", "el", "brazo"),
    ("brazo derecho", "el", "brazo"),
    ("pierna izquierda", "la", "pierna"),
    ("pierna derecha", "la", "pierna"),
)
# Miembro extra: a fifth limb, the first to take wounds; its loss brings
# no Sin miembro (its X is empty).
SPARE_LIMB = ("miembro extra", "el", "")
_KINDS = {name: limb(word) for name, _, word in LIMBS}  # each limb: "arms" or "legs"


@per_profile
def has_spare(figure: Figure) -> bool:
    """It carries an entry with ``spare_limb`` (on itself, not on a weapon)."""
    return any(
        t.weapon is None and any(e.spare_limb for e in effects_of(t.name, Reach))
        for t in carried(figure)
    )


def spare_whole(figure: Figure) -> bool:
    """It has a spare limb that Miembros prescindibles has not taken off."""
    if not has_spare(figure):
        return False
    return SPARE_LIMB[0] not in lost(figure)


def stands_in(figure: Figure, arms: int, legs: int) -> str | None:
    """What the spare limb makes up for: "arms", "legs" or None, given how many of each
    the figure lacks."""
    if not spare_whole(figure):
        return None
    if arms:
        return "arms"
    return "legs" if legs else None


def body(figure: Figure) -> tuple[tuple[str, str, str], ...]:
    """The figure's expendable limbs, in the order they take wounds."""
    return (SPARE_LIMB, *LIMBS) if has_spare(figure) else LIMBS


def bearer(figure: Figure) -> bool:
    """It carries Miembros prescindibles (in its profile, or granted)."""
    granted = (t for g in figure.granted for t in g.traits)
    return any(t.name == EXPENDABLE for t in chain(figure.profile.traits, granted))


def limb_cap(figure: Figure) -> int:
    """The wounds one limb holds before it is lost: CON/2, rounded half up (at least 1)."""
    return max(1, round_half_up(Fraction(figure.profile.con, 2)))


def limbs(figure: Figure) -> tuple[int, ...]:
    """The wounds on each limb, in the order of its body (LIMBS, after a spare one)."""
    cap = limb_cap(figure)
    count = len(body(figure))
    return tuple(min(cap, max(0, figure.limb_wounds - i * cap)) for i in range(count))


def lost(figure: Figure) -> tuple[str, ...]:
    """The limbs it has lost, in the order of LIMBS."""
    cap = limb_cap(figure)
    return tuple(
        name for (name, _, _), held in zip(body(figure), limbs(figure), strict=True) if held >= cap
    )


def sourced_traits(figure: Figure) -> Iterator[tuple[str | None, Trait]]:
    """Its entries with the grant that brought each (None: its profile's own)."""
    yield from ((None, t) for t in figure.profile.traits)
    yield from ((g.ability, t) for g in figure.granted for t in g.traits)


def missing_arms(figure: Figure) -> int:
    """How many arms it lacks (0–2), less the one Miembro extra stands in for."""
    arms = missing_limbs(figure, "arms")
    if arms and stands_in(figure, arms, 0) == "arms":
        return arms - 1
    return arms


def missing_limbs(figure: Figure, kind: str) -> int:
    """How many arms (or legs) it lacks (0–2): each Sin miembro of that kind counts one
    (an X in the plural, or "ambos", two), and each limb Miembros prescindibles took off."""
    count = 0
    for source, trait in sourced_traits(figure):
        if trait.name != MISSING_LIMB or trait.weapon is not None or source == EXPENDABLE:
            continue  # the lost limbs themselves are counted below, one by one
        if limb(trait.param) == kind:
            words = set(fold((trait.param or "").replace("_", " ")).split())
            count += 2 if words & _BOTH else 1
    if figure.limb_wounds:  # (no wound on a limb: none lost)
        count += sum(1 for name in lost(figure) if _KINDS.get(name) == kind)
    return min(2, count)


def serves(trait: Trait, effect: Effect, bearer: Figure | None = None) -> bool:
    """Whether an effect of the entry reaches the roll: always for other entries; for Sin
    miembro, only the effects of the limb its X names, and not while the bearer's
    Miembro extra makes up for its only missing limb of that kind."""
    if trait.name != MISSING_LIMB:
        return True
    wanted = limb(trait.param)
    if wanted is None or wanted != ("legs" if effect.group == LEG_GROUP else "arms"):
        return False
    return bearer is None or not _made_up(bearer, wanted)


def _made_up(bearer: Figure, wanted: str) -> bool:
    if not has_spare(bearer):
        return False
    arms, legs = missing_limbs(bearer, "arms"), missing_limbs(bearer, "legs")
    lacking = arms if wanted == "arms" else legs
    return lacking <= 1 and stands_in(bearer, arms, legs) == wanted
