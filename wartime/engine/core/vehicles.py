"""How a transport drives (MOVIMIENTO, Girar y pivotar; CREACIÓN DE TRANSPORTES).

A transport goes straight along its facing, forward or back, and turns up to 45° at
the end of the move; its ENE starts it moving, paid on its first move of each turn;
with as many wounds as CAL it cannot move.  Every movement rule reads these: the
moves, Maniobrar and Pivotar, Embestir (a transport's ram, :func:`ram`), Caza's extra
turn.  Passengers get out beside
it (Embarcar / desembarcar), and a wreck throws them out, and its rider clear when an
entry says so (Asiento eyectable).  What a transport may not do at all is the driving
action module's refusal (actions/driving.py); its actions and its wounds are in
:mod:`wartime.engine.actions.transport`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.engine.core.combat import _resolve_hit, bonus_damage, defend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import ENGAGED_GAP, free_spot, has_room
from wartime.engine.core.profiles import UNARMED
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say
from wartime.rules.dice import Outcome, round_half_up

if TYPE_CHECKING:
    from wartime.engine.core.modifiers import Context
    from wartime.engine.core.state import GameState

TURN_LIMIT = 45.0  # Girar y pivotar: degrees a transport may turn at the end of its move


def drives(figure: Figure) -> bool:
    """It rides a working transport that moves as a vehicle (a Mecha moves as a Pj)."""
    vehicle = figure.profile.transport
    return vehicle is not None and figure.riding and not vehicle.mecha


def unusable(figure: Figure) -> bool:
    """HERIDAS: a transport with as many wounds as CAL cannot be used."""
    vehicle = figure.profile.transport
    return vehicle is not None and figure.vehicle_wounds == vehicle.cal


def unusable_text(figure: Figure) -> Message:
    vehicle = figure.profile.transport
    assert vehicle is not None
    return say(
        "refused.vehicles.unusable",
        vehicle=vehicle.id,
        wounds=figure.vehicle_wounds,
        cal=vehicle.cal,
    )


def movement_problem(figure: Figure) -> Reason | None:
    """An unusable transport cannot move (HERIDAS: equipment at CAL cannot be used)."""
    return unusable_text(figure) if drives(figure) and unusable(figure) else None


def along_axis(figure: Figure, goal: Point) -> Point:
    """Where a transport heading for ``goal`` ends up: straight ahead or straight back.

    The point is projected on the line of its facing, so a click anywhere in front
    (or behind) drives it that far along its nose.
    """
    heading = math.radians(figure.facing)
    ux, uy = math.cos(heading), math.sin(heading)
    ahead = (goal[0] - figure.position[0]) * ux + (goal[1] - figure.position[1]) * uy
    return figure.position[0] + ahead * ux, figure.position[1] + ahead * uy


def ahead(figure: Figure, target: Figure) -> bool:
    """The target's base lies across the transport's path straight ahead (Embestir)."""
    heading = math.radians(figure.facing)
    ux, uy = math.cos(heading), math.sin(heading)
    dx, dy = target.position[0] - figure.position[0], target.position[1] - figure.position[1]
    forward, aside = dx * ux + dy * uy, abs(dy * ux - dx * uy)
    return forward > 0 and aside < figure.radius + target.radius


def start_cost(figure: Figure) -> tuple[int, Reason]:
    """CREACIÓN DE TRANSPORTES, ENE: starting it moving; paid on the first move of a turn."""
    vehicle = figure.profile.transport
    if vehicle is None or not drives(figure) or figure.moved > 0:
        return 0, ""
    return vehicle.ene, say("phrase.vehicles.start", ene=vehicle.ene, vehicle=vehicle.id)


def turn_problem(figure: Figure, facing: float | None) -> Reason | None:
    """Why a transport may not end its move facing ``facing``: at most 45° from its nose."""
    if facing is None or not drives(figure):
        return None
    if not math.isfinite(facing):
        return say("refused.routes.facing")
    if _angle(figure.facing, facing) > TURN_LIMIT + 1e-9:
        return say("refused.vehicles.turn", limit=TURN_LIMIT, asked=_angle(figure.facing, facing))
    return None


def final_turn(figure: Figure, facing: float | None) -> list[Event]:
    """Girar y pivotar: the transport's turn of up to 45° once its move is over."""
    problem = turn_problem(figure, facing)
    if problem:
        raise IllegalActionError(problem)
    if facing is None or _angle(figure.facing, facing) == 0:
        return []
    return turn_to(figure, facing)


def turn_to(figure: Figure, facing: float) -> list[Event]:
    """Face ``facing`` degrees, logged."""
    figure.facing = facing % 360
    text = say("log.vehicles.turn", figure=figure.id, facing=figure.facing)
    return [Event("turn", text, {"figure": figure.id, "facing": figure.facing})]


def _angle(a: float, b: float) -> float:
    return abs((b - a + 180) % 360 - 180)


# -- Embestir ---------------------------------------------------------------------------


def ram(
    state: GameState, figure: Figure, target: Figure, outcome: Outcome, run: float,
    ctx: Context,
) -> list[Event]:  # fmt: skip
    """Embestir with a transport: DAÑ = CON + K run straight (at most CON×2), CON being its CAL.

    On a hit the transport takes DAÑ = the target's CON (a transport's CAL) + K/2, and
    the target is thrown DAÑ − its CON K straight on.
    """
    vehicle = figure.profile.transport
    assert vehicle is not None
    power, k = vehicle.cal, round_half_up(run)
    damage = max(1, min(2 * power, power + k) + bonus_damage(state, figure, target, ctx))
    events = _resolve_hit(state, figure, target, UNARMED, outcome, damage, "none", melee=False)
    if not outcome.passed:
        return events
    toughness = _toughness(target)
    back = toughness + round_half_up(run / 2)
    text = say("log.vehicles.rammed", figure=figure.id, damage=back, toughness=toughness, k=k)
    events.append(Event("hit", text, {"figure": target.id, "target": figure.id, "damage": back}))
    events += defend(state, figure, back, "none", attacker=None)
    return events + _thrown(state, figure, target, damage - toughness)


def _toughness(figure: Figure) -> int:
    """What a ram meets: a Pj's CON, or a working transport's CAL."""
    vehicle = figure.profile.transport
    return vehicle.cal if vehicle is not None and figure.riding else figure.profile.con


def _thrown(state: GameState, figure: Figure, target: Figure, k: int) -> list[Event]:
    """Embestir, transport: the target is pushed DAÑ − CON K along the ram's line."""
    if k <= 0 or target.level != 1 or target.casualty:  # a casualty is off the physics table
        return []
    heading = math.radians(figure.facing)
    start = target.position
    goal = (start[0] + k * math.cos(heading), start[1] + k * math.sin(heading))
    result = state.physics().move_toward(target.id, goal, float(k))
    target.position = result.end
    end = result.end
    text = say(
        "log.vehicles.thrown", figure=target.id, travelled=result.travelled, x=end[0], y=end[1]
    )
    data = {"figure": target.id, "from": list(start), "to": list(end),
            "travelled": round(result.travelled, 6)}  # fmt: skip
    return [Event("move", text, data)]


# -- passengers (Embarcar / desembarcar) and a wreck -------------------------------------


def beside(ride: Figure, figure: Figure, toward: Point) -> Point:
    """In base contact with ``ride``, on the side of ``toward``."""
    dx, dy = toward[0] - ride.position[0], toward[1] - ride.position[1]
    length = math.hypot(dx, dy) or 1.0
    gap = ride.radius + figure.radius + ENGAGED_GAP / 2
    return ride.position[0] + dx / length * gap, ride.position[1] + dy / length * gap


def set_down(state: GameState, figure: Figure, spot: Point) -> list[Event]:
    """The passenger's base is back on the table at ``spot``."""
    ride = figure.aboard
    figure.aboard, figure.position = None, spot
    state.settle(figure)
    text = say("log.vehicles.unboard", figure=figure.id, ride=ride, x=spot[0], y=spot[1])
    return [Event("unboard", text, {"figure": figure.id, "transport": ride, "to": list(spot)})]


def evacuate(state: GameState, ride: Figure) -> list[Event]:
    """A destroyed transport throws its passengers out: the first free spots around it."""
    events: list[Event] = []
    for figure in sorted(state.figures.values(), key=lambda f: f.id):
        if figure.aboard != ride.id:
            continue
        spot = next(
            (s for s in _ring(ride, figure) if has_room(state, figure, s)), ride.position
        )  # nowhere free: it is left where the wreck is
        if spot == ride.position:
            figure.aboard = None
            continue
        events += set_down(state, figure, spot)
    return events


def _ring(ride: Figure, figure: Figure) -> list[Point]:
    """Points in contact with ``ride`` all around it, in 16 steps from its nose."""
    out = []
    for step in range(16):
        angle = math.radians(ride.facing) + 2 * math.pi * step / 16
        out.append(beside(ride, figure, (ride.position[0] + math.cos(angle),
                                         ride.position[1] + math.sin(angle))))  # fmt: skip
    return out


def thrown_clear(state: GameState, figure: Figure, name: str) -> list[Event]:
    """The rider flies 1D10 K from the wreck in a random direction and lands on the
    nearest free spot to that point (on the table); none: it stays by the wreck.
    ``name`` is the entry that throws it clear (Asiento eyectable)."""
    drift = state.dice.d10()
    angle = state.dice.uniform() * 360.0
    width, depth = state.scenario.battlefield.size
    x, y = figure.position
    rad = math.radians(angle)
    r = figure.radius
    goal = (
        min(max(x + drift * math.cos(rad), r), width - r),
        min(max(y + drift * math.sin(rad), r), depth - r),
    )
    start = figure.position
    state.lift(figure)
    figure.position = goal
    spot = free_spot(state, figure)
    figure.position = start if spot is None else spot
    state.settle(figure)
    text = say(
        "log.vehicles.ejected",
        entry=name,
        figure=figure.id,
        drift=drift,
        angle=angle,
        x=figure.position[0],
        y=figure.position[1],
    )
    data = {"figure": figure.id, "entry": name, "roll": drift, "angle": angle,
            "to": list(figure.position)}  # fmt: skip
    return [Event("ejected", text, data)]
