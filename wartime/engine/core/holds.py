"""Holding and tying a Pj (ACCIONES DE COMBATE, Inmovilizar enemigo; GENÉRICAS, Desatarse).

A won Inmovilizar enemigo holds the target (:func:`hold`); at a Pj it already holds it
ties it up (:func:`tie`); breaking a hold is the same wrestle (:func:`wrestle`).  The
combat action (actions/melee.py) and Desatarse (actions/holds.py) both play
them; who holds a figure now is core.movement.holder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core.book import entry
from wartime.engine.core.checks import contest, spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.errors import IllegalActionError
from wartime.i18n import Reason, say
from wartime.rules.dice import OpposedResult

if TYPE_CHECKING:
    from wartime.engine.core.action import Action
    from wartime.engine.core.state import GameState

HOLD_ENE = 3  # Inmovilizar enemigo: breaking free, or tying the held Pj, costs ENE 3
STEEL = "acero"  # Desatarse: steel needs two criticals in a row
ROPE = "cuerda"


def hold(figure: Figure, target: Figure) -> list[Event]:
    """A won Inmovilizar enemigo: held until its next activation starts."""
    target.held_by = figure.id
    text = say("log.holds.held", figure=target.id, by=figure.id)
    return [Event("immobilised", text, {"figure": target.id, "by": figure.id})]


def tie(state: GameState, figure: Figure, target: Figure, action: Action) -> list[Event]:
    """Inmovilizar enemigo at a Pj it holds: ENE 3 and a new CH CON ENF tie it up."""
    if target.tied is not None:
        raise IllegalActionError(say("refused.holds.tied", figure=target.id))
    material = STEEL if action.item == STEEL else ROPE
    label = say("phrase.holds.tie", action=entry("inmovilizar_enemigo").name)
    won, events = wrestle(state, figure, target, label)
    if won:
        target.tied = material
        tied_with = say("phrase.holds.steel") if material == STEEL else say("phrase.holds.rope")
        text = say("log.holds.tied", figure=figure.id, target=target.id, material=tied_with)
        events.append(Event("tied", text, {"figure": target.id, "by": figure.id, "with": material}))
    return events


def wrestle(
    state: GameState, figure: Figure, other: Figure, label: Reason
) -> tuple[bool, list[Event]]:
    """ENE 3 and a CH CON ENF against ``other`` (tying, or breaking a hold): won or not."""
    events = [spend(figure, HOLD_ENE, label)]
    result, _, contested = contest(state, figure, other, "CON")
    figure.next_action_modifier = 0
    return result is OpposedResult.ACTOR, events + contested
