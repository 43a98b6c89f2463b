"""Passengers: Embarcar / desembarcar (ACCIONES DE MOVIMIENTO).

A Pj on foot in base contact with a friendly transport gets in (ENE 1; a CH AGI
difficult when the transport has moved this turn, "en marcha").  Aboard, it leaves
the table: it goes where the transport goes, nobody can target it, it cannot move
or fight in CaC, and it may still shoot, use its mind and metaabilities, and the
generic actions.  Getting out sets its base down in contact with the transport,
toward the chosen point, where there is room (the same check when moving).  When
the transport is destroyed its passengers are thrown out around it before the
explosion, and caught in it.
"""

from __future__ import annotations

import functools

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import cost, entry
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import ENGAGED_GAP, engaged_with, has_room
from wartime.engine.core.state import GameState
from wartime.engine.core.vehicles import beside, set_down
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say
from wartime.rules.actions import load_actions

ACTION = "embarcar_desembarcar"


@functools.cache
def _inside() -> frozenset[str]:
    """What a passenger may do inside: no movement of its own, no CaC (the list is read
    on first use, not at import)."""
    return frozenset(
        a.id
        for a in load_actions().actions
        if a.group.value == "generic" or a.id.startswith("ataque_distancia")
    ) | {"corromper_hackear", "poseer", "usar", "lanzar_armas_objetos", ACTION}


def carrier(figure: Figure) -> bool:
    """A figure riding a working transport can take passengers (a Mecha too)."""
    return figure.profile.transport is not None and figure.riding


@hookspecs.refusal.impl(order=50, key="boarding")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why ``action`` cannot be taken by or at a passenger, or None."""
    if figure.aboard is not None and action.kind not in _inside():
        return say("refused.boarding.inside", figure=figure.id, ride=figure.aboard)
    aimed = state.figures.get(action.target or "")
    if aimed is not None and aimed.aboard is not None and aimed is not figure:
        return say("refused.boarding.aimed_inside", target=aimed.id, ride=aimed.aboard)
    if action.kind == ACTION and figure.aboard is None and aimed is not None:
        return hookspecs.no_room.first(state, figure, aimed)  # Capacidad
    return None


def embarcar_desembarcar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Embarcar / desembarcar (1): in, at a friendly transport in contact; out, toward a point."""
    if figure.aboard is not None:
        return _get_out(state, figure, action)
    return _get_in(state, figure, action)


def _get_in(state: GameState, figure: Figure, action: Action) -> list[Event]:
    book = entry(ACTION)
    ride = state.figure(action.target)
    if ride.side != figure.side or not carrier(ride):
        raise IllegalActionError(say("refused.boarding.not_our_transport", ride=ride.id))
    if carrier(figure) or ride is figure:
        raise IllegalActionError(say("refused.boarding.own_transport", figure=figure.id))

    full = hookspecs.no_room.first(state, figure, ride)  # Capacidad
    if full is not None:
        raise IllegalActionError(full)
    gap = edge_distance(figure.position, figure.radius, ride.position, ride.radius)
    if gap > ENGAGED_GAP or ride.level != figure.level:
        raise IllegalActionError(say("refused.boarding.no_contact", figure=figure.id, ride=ride.id))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.engaged_ram"))
    events = [spend(figure, cost(book), book.name)]
    if not _steady(state, figure, ride, events):
        return events
    state.lift(figure)
    figure.aboard, figure.position = ride.id, ride.position
    text = say("log.boarding.board", figure=figure.id, ride=ride.id)
    return [*events, Event("board", text, {"figure": figure.id, "transport": ride.id})]


def _get_out(state: GameState, figure: Figure, action: Action) -> list[Event]:
    book = entry(ACTION)
    ride = state.figure(figure.aboard)
    if action.point is None:
        raise IllegalActionError(say("refused.boarding.needs_point", action=book.name))
    spot = beside(ride, figure, action.point)
    if not has_room(state, figure, spot):
        raise IllegalActionError(say("refused.boarding.no_room", x=spot[0], y=spot[1]))
    events = [spend(figure, cost(book), book.name)]
    if not _steady(state, figure, ride, events):
        return events
    return events + set_down(state, figure, spot)


def _steady(state: GameState, figure: Figure, ride: Figure, events: list[Event]) -> bool:
    """A transport under way (it moved this turn) asks for a CH AGI difficult."""
    if ride.moved <= 0 or ride.casualty:
        return True
    name = entry(ACTION).name
    mods = [*acting_modifiers(figure), ("acción difícil", -1)]  # the list's conditional CH AGI D
    outcome, event = roll(state, figure, f"CH AGI ({name})", figure.profile.agi, mods)
    figure.next_action_modifier = 0
    events.append(event)
    if not outcome.passed:
        if figure.aboard:
            text = say("log.boarding.cannot_get_off", figure=figure.id, ride=ride.id)
        else:
            text = say("log.boarding.cannot_get_on", figure=figure.id, ride=ride.id)
        events.append(Event("stay", text, {"figure": figure.id}))
    return outcome.passed


@hookspecs.followers_moved.impl(order=10, key="boarding")
def carry(state: GameState) -> None:
    """Passengers go where their transport went."""
    for figure in state.figures.values():
        if figure.aboard is not None:
            figure.position = state.figures[figure.aboard].position


@hookspecs.offers.impl(order=30, key="boarding")
def offers(state: GameState, figure: Figure) -> list[Action]:
    """Get in a friendly transport in contact, or out of one on four sides (checked later)."""
    if figure.aboard is not None:
        x, y = figure.position
        sides = [(x + 5, y), (x - 5, y), (x, y + 5), (x, y - 5)]
        return [Action(ACTION, figure.id, point=p) for p in sides]
    return [
        Action(ACTION, figure.id, target=ride.id)
        for ride in state.living(figure.side)
        if carrier(ride) and ride is not figure and not carrier(figure)
        and edge_distance(figure.position, figure.radius, ride.position, ride.radius) <= ENGAGED_GAP
    ]  # fmt: skip


HANDLERS = {ACTION: embarcar_desembarcar}
register(HANDLERS)
