"""Holds and ties: Inmovilizar enemigo and Desatarse (ACCIONES DE COMBATE, GENÉRICAS).

- A won Inmovilizar enemigo holds the target until its next activation starts, while
  the holder stays in base contact: a held Pj cannot move.  It may break the hold
  with Desatarse at the cost the Inmovilizar text gives (ENE 3, CH CON ENF).
- The holder may then tie it: Inmovilizar enemigo again at the Pj it holds, ENE 3
  and a new CH CON ENF.  A tied Pj can do nothing but Desatarse (4, AGI D); steel
  (``item: acero``) needs two criticals in a row, and a fumble costs 1 wound.

The hold, the tie and the wrestle for them are core (core/holds.py); who holds a figure
is core.movement.holder.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import attribute, cost, difficulty, entry, movement_ids
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.combat import wound
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.holds import STEEL, wrestle
from wartime.engine.core.movement import holder
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say
from wartime.rules.dice import Outcome

FUMBLE_WOUNDS = 1  # Desatarse: a fumble costs 1 wound
UNTIE = "desatarse"
_LEAVING = frozenset({"huir", "destrabarse"})  # combat actions that move the Pj away


@hookspecs.forced_actions.impl(order=20, key="holds")
def _tied_up(state: GameState, figure: Figure, reacting: bool) -> list[Action] | None:
    """Tied up: Desatarse, when it can, or nothing."""
    if figure.tied is None:
        return None
    return [a for a in [Action(UNTIE, figure.id)] if state.check(a) is None]


@hookspecs.offers.impl(order=5, key="holds")
def _held(state: GameState, figure: Figure) -> list[Action]:
    """Held (Inmovilizar enemigo): it may try to break free."""
    return [Action(UNTIE, figure.id)] if holder(state, figure) is not None else []


@hookspecs.refusal.impl(order=60, key="holds")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """What a held or tied Pj may not do."""
    if action.kind == UNTIE:
        return None
    if figure.tied is not None:
        return say("refused.holds.tied_up", figure=figure.id, material=_material(figure.tied))
    grip = holder(state, figure)
    if grip is not None and (action.kind in movement_ids() or action.kind in _LEAVING):
        return say("refused.holds.held", figure=figure.id, by=grip.id)
    return None


@hookspecs.activation_starts.impl(order=20, key="holds")
def release(state: GameState, figure: Figure) -> list[Event]:
    """The hold ends as the held Pj's activation starts (Inmovilizar enemigo)."""
    if figure.held_by is None:
        return []
    figure.held_by = None
    return [Event("released", say("log.holds.released", figure=figure.id), {"figure": figure.id})]


def _material(tied: str) -> Message:
    """What ties it, in the reader's words (the state keeps the Spanish id)."""
    return say("phrase.holds.steel") if tied == STEEL else say("phrase.holds.rope")


def desatarse(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Desatarse (4, AGI D), or breaking a hold (ENE 3, CH CON ENF against the holder)."""
    if figure.tied is not None:
        return _untie(state, figure)
    grip = holder(state, figure)
    if grip is None:
        raise IllegalActionError(say("refused.holds.free", figure=figure.id))
    label = say("phrase.holds.break", action=entry(UNTIE).name)
    won, events = wrestle(state, figure, grip, label)
    if won:
        figure.held_by = None
        text = say("log.holds.broke_free", figure=figure.id, grip=grip.id)
        events.append(Event("released", text, {"figure": figure.id, "from": grip.id}))
    return events


def _untie(state: GameState, figure: Figure) -> list[Event]:
    book = entry(UNTIE)
    events = [spend(figure, cost(book), book.name)]
    name, value = attribute(state, figure, book)
    mods = acting_modifiers(figure) + difficulty(book)
    outcome, event = roll(state, figure, f"CH {name} ({book.name})", value, mods)
    figure.next_action_modifier = 0
    events.append(event)
    if outcome is Outcome.FUMBLE:
        figure.untie_crits = 0
        return events + wound(state, figure, FUMBLE_WOUNDS)
    needed = 2 if figure.tied == STEEL else 1
    figure.untie_crits = figure.untie_crits + 1 if outcome is Outcome.CRITICAL else 0
    free = figure.untie_crits >= needed if figure.tied == STEEL else outcome.passed
    if not free:
        still = (
            say("log.holds.still_steel", figure=figure.id, crits=figure.untie_crits, needed=needed)
            if figure.tied == STEEL
            else say("log.holds.still_tied", figure=figure.id)
        )
        return [*events, Event("still_tied", still, {"figure": figure.id})]
    figure.tied, figure.untie_crits = None, 0
    return [
        *events,
        Event("untied", say("log.holds.untied", figure=figure.id), {"figure": figure.id}),
    ]


HANDLERS = {UNTIE: desatarse}
register(HANDLERS)
