"""Leaving and reaching the ground (MOVIMIENTO, Alturas de movimiento; BONUS Y MALUS).

Taking off or landing (Despegar / aterrizar, Cambiar de altitud) and a Súper salto's
landing ask a CH AGI on difficult or extreme ground (:func:`rough`).  When an entry
sets what a failure costs (Planeador, Súper salto), it is ENE lost and a CH CON whose
failure costs wounds (:func:`rough_failure`); the action modules and the entries read
these from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.checks import acting_modifiers, roll
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.i18n import Reason, say, say_n

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

ROUGH_CHECK = "CON"  # Planeador, Súper salto: a failed CH AGI brings a CH CON


def reach(state: GameState, figure: Figure) -> tuple[int, int]:
    """The lowest and highest heights the figure may use, from where the map placed it."""
    placed = state.scenario.start_level(figure.id)
    if placed >= 2:
        return hookspecs.heights.thread((1, 4), figure)  # Sub, Planeador, Aerostático
    if placed <= -1:
        return hookspecs.heights.thread((-1, 1), figure)
    return hookspecs.heights.thread((1, 1), figure)


def rough(state: GameState, spot: Point) -> bool:
    """Difficult or extreme ground under the base where it leaves or reaches the ground."""
    return state.world.terrain.cost([spot], 1.0).ene > 0


def rough_failure(
    state: GameState, figure: Figure, name: str, lost_ene: int, wounds: int, label: Reason
) -> list[Event]:
    """A failed CH AGI on rough ground: ENE lost (never below the floor), then a CH CON
    whose failure costs ``wounds`` wounds with no CH DEF."""
    lost = max(0, min(lost_ene, figure.ene - (REACTION_FLOOR if figure.reacting else 0)))
    figure.ene -= lost
    text = say(
        "log.heights.stay", figure=figure.id, label=label, entry=name, lost=lost, ene=figure.ene
    )
    events = [Event("stay", text, {"figure": figure.id, "ene": figure.ene})]
    outcome, event = roll(
        state, figure, f"CH {ROUGH_CHECK} ({name})", figure.profile.con, acting_modifiers(figure)
    )
    events.append(event)
    if outcome.passed:
        return events
    hurt = say_n("log.heights.hurt", wounds, figure=figure.id, entry=name)
    return [*events, Event("rough_landing", hurt, {"figure": figure.id, "wounds": wounds}),
            *wound(state, figure, wounds)]  # fmt: skip
