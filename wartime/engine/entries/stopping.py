"""Munición de parada (BONUS Y MALUS): a ranged hit pushes its target back.

Once the target has met the hit with its CH DEF (whether it was wounded or not), a
target still standing is pushed DAÑ + 2 − CON K straight away from where the hit came
from: the shooter, or an area's centre.  DAÑ is the hit's, as the CH DEF met it (half
for a base partly under a template); nothing happens when that is 0 or less, when
cover or a shield stopped the hit, or in CaC.  Walls and bases stop the push, as
Empujar's (actions/melee.py).  The data is ``data/effects/clouds.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import shove
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.effects import Cloud

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow, Landing

PUSH_BASE = 2  # the push is DAÑ + 2 − CON K


def pushed(
    state: GameState, target: Figure, blow: Blow, damage: int, source: Point | None,
    events: list[Event],
) -> list[Event]:  # fmt: skip
    """``blow`` hit ``target`` and ``events`` resolved it: the push, if any."""
    if blow.melee or target.casualty or not target.on_table:
        return []
    entry = next(
        (t.name for t, e in entries_of(blow.striker, blow.weapon, Cloud) if e.stopping), None
    )
    if entry is None or any(
        e.kind == "saved" and ("cover" in e.data or "shield" in e.data) for e in events
    ):
        return []
    distance = damage + PUSH_BASE - target.profile.con
    origin = source if source is not None else blow.striker.position
    if distance <= 0 or origin == target.position:
        return []

    text = say(
        "log.stopping.pushed", entry=entry, figure=target.id, distance=distance, damage=damage,
        con=target.profile.con,
    )  # fmt: skip
    note = Event("stopped", text, {"figure": target.id, "entry": entry, "distance": distance})
    return [note, shove(state, target, origin, distance)]


@hookspecs.landed.impl(order=30, key="stopping")
def _pushed(state: GameState, target: Figure, landing: Landing) -> list[Event]:
    """Munición de parada, once the CH DEF against its hit is over."""
    return pushed(state, target, landing.blow, landing.damage, landing.source, landing.events)
