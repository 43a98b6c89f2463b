"""The acting Pj's decision (pending ``act``): hand over, or play an action.

An action aimed at an enemy that may answer it is declared and waits for the answer
(:mod:`wartime.engine.core.responses`); any other resolves at once
(:mod:`wartime.engine.core.resolution`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.dispatch import HANDLERS
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.psychology import keeps_nerve
from wartime.engine.core.resolution import carry_out
from wartime.engine.core.responses import declare
from wartime.engine.core.sequence import action_lost, end_activation, possessed
from wartime.engine.core.vehicles import drives, turn_to
from wartime.errors import IllegalActionError
from wartime.i18n import say

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


TURN = "girar"  # Girar y pivotar: no action of the list, so no ENE and no place in a chain


def turn_freely(figure: Figure, action: Action) -> list[Event]:
    """MOVIMIENTO, Girar y pivotar: a Pj turns as it likes while it acts, for no ENE and
    without it counting as an action (a transport turns 45° after a move, or pivots with an
    action; outside its activation a Pj cannot turn: reactions have no Girar)."""
    if drives(figure):
        raise IllegalActionError(say("refused.acting.transport", figure=figure.id))
    if figure.panic:
        raise IllegalActionError(say("refused.acting.panic", figure=figure.id))
    if action.facing is None:
        raise IllegalActionError(say("refused.acting.no_facing"))
    if abs((action.facing - figure.facing + 180.0) % 360.0 - 180.0) < SAME_FACING:
        raise IllegalActionError(
            say("refused.acting.same_facing", figure=figure.id, facing=figure.facing)
        )
    return turn_to(figure, action.facing)


SAME_FACING = 0.5  # degrees: a turn by less is no turn


def act(state: GameState, action: Action) -> list[Event]:
    """The acting Pj's decision: an action of the list, or "end" to hand over.

    An action aimed at an enemy that may answer it (Huir, Esquivar en CaC) waits
    for that answer once declared (core/responses.py).
    """
    figure = state.figure(state.active)
    puppet = None  # Poseer: a figure the active Pj possesses may act, paid with its ENE
    if action.figure not in (None, figure.id):
        puppet = state.figures.get(action.figure)
        if puppet is None or puppet.possessed_by != figure.id or not possessed(state, puppet):
            raise IllegalActionError(
                say("refused.acting.not_yours", active=figure.id, figure=action.figure)
            )
    if action.kind == "end" and puppet is None:
        return end_activation(state, figure, acted=True)
    if action.kind == TURN and puppet is None:
        return turn_freely(figure, action)
    if action.kind not in HANDLERS and action.kind != "end":  # a puppet's "end" is refused later
        raise IllegalActionError(say("refused.acting.unknown", kind=action.kind))
    early: list[Event] = []
    if puppet is None:
        hookspecs.compulsions.collect(state, figure, action)  # a fury's charge first...
        early, goes_ahead = keeps_nerve(state, figure, action)  # Cobarde: a CH PSI to attack
        if not goes_ahead:
            return early + action_lost(state, figure)
    if puppet is None and not state.probing:
        declared = declare(state, figure, action)
        if declared:
            return early + declared
    return early + carry_out(state, figure, action, puppet)
