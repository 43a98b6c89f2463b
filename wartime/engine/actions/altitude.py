"""Heights of movement (MOVIMIENTO, Alturas de movimiento; Volar en altura 3).

Cambiar de altitud moves a figure one height up or down (−1, 1, 2, 3, 4), in a
straight line up to its MOV; Despegar / aterrizar is the same action between the
ground (1) and height 2.  Taking off or landing on difficult or extreme ground
needs a CH AGI: a failure costs ENE 3 more and the figure stays where it was, a
fumble also deals 3 wounds.

The book has no "can fly" entry, so what a figure may reach is read from the map:
a figure the designer placed above the ground flies (heights 1 to 4), one placed
below it moves underground or underwater (heights −1 and 1); a figure placed on
the ground walks.  At height 3 a figure always moves its whole MOV and never takes
two actions in a row that are not movement (Pivotar and 180° are refused there).
"""

from __future__ import annotations

import math

from wartime.board.battlefield import LEVELS  # DESIGN §7: the book's −3 is −1
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import cost, entry, movement_ids
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.combat import wound
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.engine.core.heights import reach, rough, rough_failure
from wartime.engine.core.movement import (
    HIGH,
    engaged_with,
    free_high,
    has_room,
    noise_event,
    previous_action,
)
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.noise import movement_noise
from wartime.i18n import Reason, say
from wartime.rules.dice import Outcome

FAILED_ENE = 3  # Cambiar de altitud: a failed CH AGI costs ENE 3 more
FUMBLE_WOUNDS = 3  # ... and a fumble 3 wounds


def change(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Cambiar de altitud (1) and Despegar / aterrizar (1): one height, straight up to MOV."""
    book = entry(action.kind)
    new = _new_level(state, figure, action, book.name)
    start = figure.position
    goal = _goal(figure, action.point, start)
    landing = new == 1
    if landing and not has_room(state, figure, goal):
        raise IllegalActionError(say("refused.altitude.no_room", x=goal[0], y=goal[1]))
    if 1 in (figure.level, new):  # Pista de aterrizaje: a clear strip to take off or land
        strip = hookspecs.runway.first(state, figure, start, action.point or start, landing)
        if strip:
            raise IllegalActionError(strip)
    events = [spend(figure, cost(book), book.name)]
    ground = goal if landing else start
    if 1 in (figure.level, new) and rough(state, ground):  # leaving or reaching the ground
        outcome, event = _check(state, figure, book.name)
        events.append(event)
        if not outcome.passed:
            return events + _failed(state, figure, outcome, book.name)
    state.lift(figure)  # off the ground: it no longer blocks bases
    figure.level, figure.position = new, goal
    state.settle(figure)  # a landing puts the base back on the table
    moved = math.dist(start, goal)
    figure.moved += moved
    text = say("log.altitude.changed", figure=figure.id, level=new, x=goal[0], y=goal[1])
    data = {"figure": figure.id, "level": new, "from": list(start), "to": list(goal),
            "travelled": round(moved, 6)}  # fmt: skip
    events.append(Event("altitude", text, data))
    return events + ([noise_event(figure, goal, movement_noise(moved))] if moved > 0 else [])


def _new_level(state: GameState, figure: Figure, action: Action, name: str) -> int:
    if action.level is None or action.level not in LEVELS:
        raise IllegalActionError(say("refused.altitude.needs_level", action=name, levels=LEVELS))
    here = LEVELS.index(figure.level) if figure.level in LEVELS else None
    if here is None or abs(LEVELS.index(action.level) - here) != 1:
        raise IllegalActionError(say("refused.altitude.one_step", action=name, level=figure.level))
    if action.kind == "despegar_aterrizar" and {figure.level, action.level} != {1, 2}:
        raise IllegalActionError(say("refused.altitude.take_off", action=name))
    low, high = reach(state, figure)
    if not low <= action.level <= high:
        if action.level > 1:
            raise IllegalActionError(say("refused.altitude.cannot_fly", figure=figure.id))
        raise IllegalActionError(say("refused.altitude.cannot_go_below", figure=figure.id))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.engaged_ram"))
    return action.level


def _goal(figure: Figure, point: Point | None, start: Point) -> Point:
    """Straight toward ``point`` up to MOV (no point: straight up or down)."""
    if point is None:
        return start
    length = math.dist(start, point)
    if length <= figure.mov:
        return point
    scale = figure.mov / length
    return start[0] + (point[0] - start[0]) * scale, start[1] + (point[1] - start[1]) * scale


def _check(state: GameState, figure: Figure, name: str) -> tuple[Outcome, Event]:
    """The conditional CH AGI of the action list (on difficult or extreme ground)."""
    agi = figure.profile.agi
    outcome, event = roll(state, figure, f"CH AGI ({name})", agi, acting_modifiers(figure))
    figure.next_action_modifier = 0
    return outcome, event


def _failed(state: GameState, figure: Figure, outcome: Outcome, name: str) -> list[Event]:
    rule = hookspecs.rough_landing.first(figure)  # Planeador: ENE −3 and a CH CON, failed 3 wounds
    if rule is not None:
        failed = say("phrase.altitude.fails", action=name.lower())
        return rough_failure(state, figure, rule[0], rule[1], rule[2], failed)
    lost = min(FAILED_ENE, figure.ene - (REACTION_FLOOR if figure.reacting else 0))
    figure.ene -= max(0, lost)
    text = say(
        "log.altitude.failed",
        figure=figure.id,
        action=name.lower(),
        lost=max(0, lost),
        ene=figure.ene,
    )
    events = [Event("stay", text, {"figure": figure.id, "ene": figure.ene})]
    if outcome is Outcome.FUMBLE:
        events += wound(state, figure, FUMBLE_WOUNDS)
    return events


@hookspecs.refusal.impl(order=40, key="altitude")
def high_flight_problem(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Volar en altura 3: no two actions in a row that are not movement."""
    if figure.level != HIGH or action.kind in movement_ids():
        return None
    if free_high(figure):  # Aerostático: any actions in a row
        return None
    before = previous_action(state, figure)
    if before is not None and before not in movement_ids():
        return say("refused.altitude.high_row", figure=figure.id)
    return None


@hookspecs.offers.impl(order=20, key="altitude")
def offers(state: GameState, figure: Figure) -> list[Action]:
    """Cambiar de altitud one height up or down, in place, where the figure may go."""
    low, high = reach(state, figure)
    if low == high or figure.level not in LEVELS:
        return []
    here = LEVELS.index(figure.level)
    near = [LEVELS[i] for i in (here - 1, here + 1) if 0 <= i < len(LEVELS)]
    return [Action("cambiar_de_altitud", figure.id, level=v) for v in near if low <= v <= high]


HANDLERS = {"cambiar_de_altitud": change, "despegar_aterrizar": change}
register(HANDLERS)
