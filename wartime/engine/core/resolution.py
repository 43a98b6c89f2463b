"""An action resolves: it is performed, it counts, the game may be over, and the
Pj's enemies may get their chance to react.

This sits between the chance to react (:mod:`wartime.engine.core.reactions`), which it
opens, and the answers to a declared action (:mod:`wartime.engine.core.responses`), which
let the action resolve once answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.dispatch import HANDLERS
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.perform import perform
from wartime.engine.core.reactions import open_window
from wartime.engine.core.sequence import check_game_over, done_for, end_activation, fleeing_only

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


def carry_out(
    state: GameState, figure: Figure, action: Action, puppet: Figure | None = None
) -> list[Event]:
    """Play the acting Pj's action (or its puppet's), then open the chance to react."""
    handler = HANDLERS.get(action.kind)
    if puppet is not None:
        played = hookspecs.puppet_acts.first(state, figure, puppet, action, handler)
        assert played is not None  # only Poseer makes puppets, and it plays them (mind.py)
        events = played
    else:
        if figure.panic:
            fleeing_only(state, figure, action)
        assert handler is not None
        events = perform(state, figure, action, handler)
    figure.actions_taken += 1  # a possessed figure's action is one of the possessor's
    events += check_game_over(state)
    if not state.over and state.active == figure.id and done_for(state, figure):
        events += end_activation(state, figure, acted=True)
    if puppet is not None:
        return events  # no chance to react to a possessed figure's action yet (mind.py)
    if state.exchange is not None:
        return events  # a Combate mental first: the chance to react waits (responses.py)
    return events + open_window(state, figure, action, events)
