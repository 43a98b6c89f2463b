"""Campo de oscuridad (BONUS Y MALUS): a field that loses the marks on whoever is in it.

Our reading (docs/rules-interpretations.md): the field reaches 2 K per level from the
bearer's base.  A mark (Marcador de objetivos, Figure.marking) on a figure inside it is
lost as soon as an action (or an activation's start or end) is over, whoever made it.
When the bearer explodes (its transport destroyed, Explota, Inflamable...), every figure
within as many K as the level loses as many levels of its energy shield.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.shields import shield_of
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.effects import Special

ENTRY = "Campo de oscuridad"


@per_profile
def _field(figure: Figure) -> tuple[int, int]:
    """(its level, its reach in K); (0, 0) when it carries no field."""
    for trait, effect in entries_of(figure, None, Special):
        if effect.unmarks:
            return trait.level, effect.unmarks * trait.level
    return 0, 0


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


@hookspecs.after_action.impl(order=40, key="darkfield")
def lose_marks(state: GameState) -> list[Event]:
    """Marks on figures inside a field are lost."""
    markers = [f for f in state.figures.values() if f.marking is not None]
    if not markers:
        return []
    fields = [(f, _field(f)[1]) for f in state.figures.values() if f.present and _field(f)[1]]
    events = []
    for marker in markers:
        target = state.figures.get(marker.marking or "")
        bearer = next((b for b, reach in fields if target and _gap(b, target) <= reach), None)
        if target is None or bearer is None:
            continue
        marker.marking = None
        text = say(
            "log.darkfield.mark_lost", figure=marker.id, target=target.id, entry=ENTRY,
            bearer=bearer.id,
        )  # fmt: skip
        events.append(Event("mark_lost", text, {"figure": marker.id, "target": target.id}))
    return events


@hookspecs.exploded.impl(order=10, key="darkfield")
def strip_shields(state: GameState, figure: Figure) -> list[Event]:
    """The bearer exploded: shields within its level in K lose as many levels."""
    level = _field(figure)[0]
    if not level:
        return []
    events = []
    for other in state.figures.values():
        shield = shield_of(other)
        if shield is None or other.casualty or _gap(figure, other) > level:
            continue
        lost = min(level, shield.left(other))
        if lost:
            other.shield_lost += lost
            text = say(
                "log.darkfield.shield_lost", entry=ENTRY, bearer=figure.id, figure=other.id,
                levels=lost, shield=shield.name,
            )  # fmt: skip
            events.append(Event("shield_lost", text, {"figure": other.id, "levels": lost}))
    return events
