"""Miembros prescindibles: a body of expendable limbs and one critical zone (BONUS Y MALUS).

Our ruling (docs/rules-interpretations.md, "Miembros prescindibles"):

- the bearer has four limbs, filled one at a time in a fixed order (the arms first, so
  it keeps its legs longest): LIMBS.  Each holds up to CON/2 wounds, rounded half up;
- a limb that reaches its limit is lost for the rest of the game, and the bearer then
  carries the malus "Sin miembro (brazo)" or "(pierna)" (engine/limbs.py plays it) as
  a lasting grant; a second arm or leg lost adds no second malus of the same kind;
- only the wounds beyond all four limbs reach the critical zone (head and trunk):
  Figure.wounds, the wounds that lower ENE and DAÑ and make it a casualty at CON;
- a wound on a limb is still a wound: the Pj checks CH PSI for it (combat.wound);
- healing reaches the critical zone only: a lost limb never comes back, and the
  wounds on a limb not yet lost stay.

Figure.limb_wounds counts every wound the limbs took; as they fill in order and are
never healed, that one number says how each limb stands.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import chain

from wartime.engine.events import Event
from wartime.engine.figures import Figure, Grant
from wartime.engine.profiles import Trait
from wartime.rules.dice import round_half_up
from wartime.rules.limbs import MISSING_LIMB, limb

EXPENDABLE = "Miembros prescindibles"
# In the order they take wounds: (name, its article in the log, the X of its Sin miembro)
LIMBS = (
    ("brazo izquierdo", "el", "brazo"),
    ("brazo derecho", "el", "brazo"),
    ("pierna izquierda", "la", "pierna"),
    ("pierna derecha", "la", "pierna"),
)
# Miembro extra (spare_limb.py): a fifth limb, the first to take wounds; its loss brings
# no Sin miembro (its X is empty).
SPARE_LIMB = ("miembro extra", "el", "")


def body(figure: Figure) -> tuple[tuple[str, str, str], ...]:
    """The figure's expendable limbs, in the order they take wounds."""
    from wartime.engine.spare_limb import has_spare

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


def split(figure: Figure, wounds: int) -> tuple[int, list[Event]]:
    """Lay ``wounds`` on the bearer's limbs first; return those left for the critical
    zone (all of them for any other figure) and the events of the limbs."""
    if wounds <= 0 or not bearer(figure):
        return wounds, []
    cap = limb_cap(figure)
    taken = min(wounds, cap * len(body(figure)) - figure.limb_wounds)
    if taken <= 0:  # every limb is lost: the head and trunk take them all
        return wounds, []
    before = limbs(figure)
    figure.limb_wounds += taken
    events: list[Event] = []
    for (name, article, kind), old, new in zip(body(figure), before, limbs(figure), strict=True):
        if new == old:
            continue
        text = f"{EXPENDABLE}: {figure.id} sufre {new - old} herida(s) en {article} {name}"
        data = {"figure": figure.id, "limb": name, "wounds": new - old, "total": new, "cap": cap}
        events.append(Event("limb_wounds", f"{text} ({new}/{cap})", data))
        if new >= cap:
            events += _lose(figure, name, article, kind)
    return wounds - taken, events


def _lose(figure: Figure, name: str, article: str, kind: str) -> list[Event]:
    """The limb is lost for good; the malus of its kind, unless it carries it already."""
    said = f"{figure.id} pierde {article} {name}"
    events = [Event("limb_lost", said, {"figure": figure.id, "limb": name})]
    if not kind:  # the spare limb of Miembro extra: nothing it needs is missing
        return events
    granted = (t for g in figure.granted for t in g.traits)
    carried = (t for t in chain(figure.profile.traits, granted) if t.name == MISSING_LIMB)
    if any(limb(t.param) == limb(kind) for t in carried):
        return events
    malus = Trait(MISSING_LIMB, param=kind)
    figure.granted = [*figure.granted, Grant(EXPENDABLE, figure.id, (malus,), False, lasting=True)]
    text = f"{figure.id} gana el malus {MISSING_LIMB} ({kind}) para el resto de la partida"
    events.append(Event("malus", text, {"figure": figure.id, "entry": MISSING_LIMB}))
    return events
