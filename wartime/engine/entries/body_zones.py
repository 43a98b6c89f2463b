"""Miembros prescindibles: a body of expendable limbs and one critical zone (BONUS Y MALUS).

Our ruling (docs/rules-interpretations.md, "Miembros prescindibles"):

- the bearer has four limbs, filled one at a time in a fixed order (the arms first, so
  it keeps its legs longest): LIMBS.  Each holds up to CON/2 wounds, rounded half up;
- a limb that reaches its limit is lost for the rest of the game, and the bearer then
  carries the malus "Sin miembro (brazo)" or "(pierna)" (core/anatomy.py reads it) as
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

from itertools import chain

from wartime.engine.core import hookspecs
from wartime.engine.core.anatomy import EXPENDABLE, bearer, body, limb_cap, limbs
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Grant
from wartime.engine.core.profiles import Trait
from wartime.i18n import Message, say
from wartime.rules.limbs import MISSING_LIMB, limb


@hookspecs.wounds_laid.impl(order=10, key="body_zones")
def laid(taken: tuple[int, list[Event]], figure: Figure) -> tuple[int, list[Event]]:
    """The wounds ``figure`` takes: its limbs take theirs first (combat.wound)."""
    wounds, events = split(figure, taken[0])
    return wounds, taken[1] + events


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
        text = say(
            "log.body_zones.limb_wounds", entry=EXPENDABLE, figure=figure.id, wounds=new - old,
            limb=limb_phrase(name), total=new, cap=cap,
        )  # fmt: skip
        data = {"figure": figure.id, "limb": name, "wounds": new - old, "total": new, "cap": cap}
        events.append(Event("limb_wounds", text, data))
        if new >= cap:
            events += _lose(figure, name, article, kind)
    return wounds - taken, events


# Each limb's words with its article ("el brazo izquierdo", "its left arm"), by its name.
LIMB_PHRASES = {
    "brazo izquierdo": "left_arm",
    "brazo derecho": "right_arm",
    "pierna izquierda": "left_leg",
    "pierna derecha": "right_leg",
    "miembro extra": "spare",
}


def limb_phrase(name: str) -> Message:
    """The limb ``name`` (one of anatomy's LIMBS or its SPARE_LIMB) with its article."""
    return say(f"phrase.body_zones.{LIMB_PHRASES[name]}")


def _lose(figure: Figure, name: str, article: str, kind: str) -> list[Event]:
    """The limb is lost for good; the malus of its kind, unless it carries it already."""
    said = say("log.body_zones.limb_lost", figure=figure.id, limb=limb_phrase(name))
    events = [Event("limb_lost", said, {"figure": figure.id, "limb": name})]
    if not kind:  # the spare limb of Miembro extra: nothing it needs is missing
        return events
    granted = (t for g in figure.granted for t in g.traits)
    carried = (t for t in chain(figure.profile.traits, granted) if t.name == MISSING_LIMB)
    if any(limb(t.param) == limb(kind) for t in carried):
        return events
    malus = Trait(MISSING_LIMB, param=kind)
    figure.granted = [*figure.granted, Grant(EXPENDABLE, figure.id, (malus,), False, lasting=True)]
    text = say("log.body_zones.malus", figure=figure.id, malus=MISSING_LIMB, kind=kind)
    events.append(Event("malus", text, {"figure": figure.id, "entry": MISSING_LIMB}))
    return events
