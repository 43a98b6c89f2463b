"""Invisible (BONUS Y MALUS): the figure leaves the board, its place marked in secret.

Our reading (docs/rules-interpretations.md): in its activation, out of CaC, the bearer
takes Usar bonus naming the entry and pays ENE 1; a passed CH VOL takes it off the board
(GameState.invisible).  It is still where it stands and its base still takes room (who
walks into it finds it), but no enemy has LdV to it (core/sight.unseen), so none can
aim at it, see what it does or react to it; a template laid over its spot still hits it.
Radar ignores Invisible.  Its own side knows where it is; the other side's view of the
game (GameState.observe, observed) leaves it out, and so do the AI and the play screen.
It comes back on the board when it attacks, when an enemy stands in base contact with
it, or when it takes Usar bonus of the entry again (ENE 1, no check).
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS, cac_ids, shot_ids
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.sight import INVISIBLE
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.i18n import Message, say
from wartime.rules.effects import Effect, EntryAction

ENTRY = INVISIBLE
_ATTACKS = ("cargar", "contracarga", "ataque_sorpresa")  # besides the shots and blows


def _reveal(state: GameState, figure: Figure, why: Message) -> Event:
    state.invisible = tuple(fid for fid in state.invisible if fid != figure.id)
    x, y = figure.position
    text = say("log.invisible.visible", figure=figure.id, x=x, y=y, why=why)
    return Event("visible", text, {"figure": figure.id, "point": [x, y]})


@hookspecs.bonus_offers.impl(order=57, key="invisible")
def offers(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Going off the board (out of CaC), or coming back, in its own activation."""
    if state.active != figure.id:
        return []
    if figure.id not in state.invisible and engaged_with(state, figure):
        return []
    return [Action(USE_BONUS, figure.id, item=name)]


@hookspecs.entry_used.impl(order=85, key="invisible")
def use(state: GameState, figure: Figure, action: Action, name: str, used: Effect) -> list[Event]:
    """Usar bonus: ENE 1 and a CH VOL to leave the board; ENE 1 to come back."""
    assert isinstance(used, EntryAction)  # answered under the key "invisible"
    if state.active != figure.id:
        raise IllegalActionError(say("refused.invisible.own", entry=name))
    events = [spend(figure, used.use or 1, name)]
    if figure.id in state.invisible:
        return [*events, _reveal(state, figure, say("phrase.invisible.chooses"))]
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.invisible.engaged", entry=name))
    outcome, rolled = roll(
        state, figure, f"CH VOL ({name})", vol(state, figure), acting_modifiers(figure)
    )
    events.append(rolled)
    if not outcome.passed:
        text = say("log.invisible.failed", figure=figure.id, entry=name)
        return [*events, Event("still_visible", text, {"figure": figure.id})]
    state.invisible = (*state.invisible, figure.id)
    text = say("log.invisible.gone", figure=figure.id, entry=name)
    return [*events, Event("invisible", text, {"figure": figure.id})]


@hookspecs.action_played.impl(order=20, key="invisible")
def attacked(state: GameState, figure: Figure, events: list[Event]) -> list[Event]:
    """An attack gives the invisible attacker away."""
    doing = figure.doing
    if figure.id not in state.invisible or doing is None:
        return []
    if doing.kind in cac_ids() | shot_ids() or doing.kind in _ATTACKS:
        return [_reveal(state, figure, say("phrase.invisible.attacked"))]
    return []


@hookspecs.after_action.impl(order=50, key="invisible")
def touched(state: GameState) -> list[Event]:
    """An enemy in base contact finds the invisible figure."""
    found = []
    for fid in state.invisible:
        figure = state.figures[fid]
        if figure.casualty:
            found.append(_reveal(state, figure, say("phrase.responses.fallen")))
        elif engaged_with(state, figure):
            found.append(_reveal(state, figure, say("phrase.invisible.touched")))
    return found
