"""ACCIONES DE MOVIMIENTO (and Esperar): moving bases with the geometry and physics layers."""

from __future__ import annotations

from itertools import chain

from wartime.board.battlefield import Posture
from wartime.engine.core import hookspecs, stats
from wartime.engine.core.action import Action
from wartime.engine.core.book import book_modifiers, entry, movement_ids
from wartime.engine.core.checks import Modifiers, acting_modifiers, roll, spend
from wartime.engine.core.combat import sight
from wartime.engine.core.dispatch import HANDLERS as ACTIONS
from wartime.engine.core.dispatch import Handler, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context, check_kinds
from wartime.engine.core.movement import contact_point, engaged_with, moves
from wartime.engine.core.routes import facing_problem, travel
from wartime.engine.core.sequence import end_activation
from wartime.engine.core.state import GameState
from wartime.engine.core.vehicles import drives, final_turn, turn_to
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Message, say


def esperar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Esperar (1): pass to a later phase; it does not count as having acted."""
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.moving.wait_engaged"))
    events = [spend(figure, 1, "Esperar")]
    figure.waiting_below = state.phase
    text = say("log.moving.wait", figure=figure.id)
    events.append(Event("wait", text, {"figure": figure.id}))
    return events + end_activation(state, figure, acted=False)


def _already(figure: Figure, posture: Posture) -> Message:
    """The refusal of taking the posture ``figure`` already has."""
    if posture is Posture.CROUCHED:
        return say("refused.moving.already_crouched", figure=figure.id)
    if posture is Posture.PRONE:
        return say("refused.moving.already_prone", figure=figure.id)
    return say("refused.moving.already_standing", figure=figure.id)


def _posture(new: Posture, label: str) -> Handler:
    def handler(state: GameState, figure: Figure, action: Action) -> list[Event]:
        if figure.posture is new:
            raise IllegalActionError(_already(figure, new))
        events = [spend(figure, 1, label)]
        figure.posture = new
        return [
            *events,
            Event(
                "posture",
                say("log.moving.posture", figure=figure.id, action=label),
                {"figure": figure.id, "posture": new.value},
            ),
        ]

    return handler


agacharse = _posture(Posture.CROUCHED, "Agacharse")
cuerpo_a_tierra = _posture(Posture.PRONE, "Cuerpo a tierra")
levantarse = _posture(Posture.STANDING, "Levantarse")


def _end_facing(figure: Figure, facing: float | None) -> list[Event]:
    """Turn at the end of a move: a transport up to 45°, a Pj acting as it likes."""
    if drives(figure):
        return final_turn(figure, facing)
    return [] if facing is None else turn_to(figure, facing)


def _stride(kind: str) -> Handler:
    def handler(state: GameState, figure: Figure, action: Action) -> list[Event]:
        stride = moves().strides[kind]  # read when played, not at import (issue 16)
        book = entry(kind)
        if action.point is None:
            raise IllegalActionError(say("refused.melee.needs_point", action=stride.label))
        if engaged_with(state, figure):
            raise IllegalActionError(say("refused.melee.engaged_ram"))
        veins = hookspecs.move_options.fold(0.0, figure, action)  # Fuego en las venas
        if kind == "esprintar":
            if figure.sprinted_now:
                raise IllegalActionError(say("refused.routes.sprint_once"))
            figure.sprinted_now = figure.sprinted = True
        hunted = hookspecs.turn_beyond.first(figure, action.facing)  # Caza: a CH AGI further
        problem = None if hunted else facing_problem(figure, action.facing)
        if problem:
            raise IllegalActionError(problem)
        budget = figure.mov + stride.extra_k + stats.stride_extra(figure, kind)  # Rápido
        budget += veins
        events, _, _ = travel(state, figure, action.point, budget, stride)
        events += chain.from_iterable(hookspecs.move_paid.collect(state, figure, action))
        if hunted is None:
            events += _end_facing(figure, action.facing)
        else:
            name, ends, wanted = hunted
            events += [] if ends == figure.facing else _end_facing(figure, ends)
            events += _turn_beyond(state, figure, name, wanted)
        if kind == "esprintar":  # the next action CH ATR −3
            figure.next_action_modifier = sum(v for _, v in book_modifiers(book, "", "ATR"))
        elif figure.next_action_modifier:
            figure.next_action_modifier = 0
        return events

    return handler


def _turn_beyond(state: GameState, figure: Figure, name: str, facing: float) -> list[Event]:
    """After the move, a passed CH AGI turns the figure on to ``facing`` (Caza)."""
    outcome, event = roll(
        state, figure, f"CH AGI ({name})", figure.profile.agi, acting_modifiers(figure)
    )
    if outcome.passed:
        return [event, *turn_to(figure, facing)]
    text = say("log.moving.no_extra_turn", entry=name, figure=figure.id)
    return [event, Event("no_turn", text, {"figure": figure.id, "entry": name})]


def last_action(state: GameState, figure: Figure) -> str | None:
    """The action ``figure`` took before the one it is carrying out, in this activation.

    History holds every decision: turning freely, passing and answers are no actions,
    and an entry without a figure is the acting Pj's (as a hand-written action is).  An
    action that resolves after an answer (a declared attack, a held decision applied
    again, core/midway.py) is itself in the history already: it is skipped.
    """
    if figure.actions_taken == 0:
        return None
    for past in reversed(state.history):
        if past.figure not in (figure.id, None) or past.kind not in ACTIONS:
            continue
        if past is not figure.doing:
            return past.kind
    return None


@hookspecs.check_shifts.impl(order=50, key="correr")
def after_running(state: GameState, figure: Figure, purpose: str, ctx: Context) -> Modifiers:
    """Correr: the CH AGI of the next action (a CH IMP with a weapon is one, as Saquear
    reads it) gets +1 if that action is a movement, −1 if not; after Cargar, nothing.

    The next action is the next one of the same activation (rules-interpretations,
    "The action list's own modifiers"); a reaction or an answered CH ENF is not it.
    """
    if figure.doing is None or figure.reacting or ctx.defending or ctx.action is None:
        return []
    if "AGI" not in check_kinds(purpose) or last_action(state, figure) != "correr":
        return []
    if ctx.action == "cargar":
        return []
    when = "next_action_movement" if ctx.action in movement_ids() else "next_action_not_movement"
    return book_modifiers(entry("correr"), "tras correr", "AGI", when=when)


mover = _stride("mover")
correr = _stride("correr")
esprintar = _stride("esprintar")


def cargar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Cargar (2): up to MOV+3 K, at least 2 K, into contact with an enemy in LdV."""
    target = state.figure(action.target)
    if target.side == figure.side or target.casualty:
        raise IllegalActionError(say("refused.moving.not_living_enemy", target=target.id))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.moving.already_engaged"))
    gap = edge_distance(figure.position, figure.radius, target.position, target.radius)
    shouts = list(chain.from_iterable(hookspecs.charge_reach.collect(state, figure)))
    reach = figure.mov + moves().strides["cargar"].extra_k + sum(k for _, k in shouts)
    if gap > reach:
        raise IllegalActionError(
            say("refused.moving.charge_too_far", target=target.id, gap=gap, reach=reach)
        )
    run_up = moves().charge_min
    if gap < run_up:
        raise IllegalActionError(
            say("refused.moving.charge_too_close", least=run_up, target=target.id, gap=gap)
        )
    if sight(state, figure, target).line_of_sight == "blocked":
        raise IllegalActionError(say("refused.moving.charge_no_los", target=target.id))
    contact = contact_point(figure, target)
    events, _, _ = travel(
        state, figure, contact, reach, moves().strides["cargar"], frozenset({target.id})
    )
    if not any(e.id == target.id for e in engaged_with(state, figure)):
        raise IllegalActionError(say("refused.moving.charge_blocked", target=target.id))
    figure.charging = True
    figure.next_action_modifier = 0
    if figure.fury == target.id:  # Crítico en CH LOC: the charge it owed
        figure.fury = None
    return [
        *events,
        *chain.from_iterable(hookspecs.charged.collect(figure, shouts)),
        Event(
            "engage",
            say("log.moving.charge", figure=figure.id, target=target.id),
            {"figure": figure.id, "target": target.id},
        ),
    ]


HANDLERS: dict[str, Handler] = {
    "mover": mover,
    "correr": correr,
    "esprintar": esprintar,
    "agacharse": agacharse,
    "cuerpo_a_tierra": cuerpo_a_tierra,
    "levantarse": levantarse,
    "esperar": esperar,
    "cargar": cargar,
}
register(HANDLERS)
