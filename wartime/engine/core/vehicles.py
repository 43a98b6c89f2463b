"""How a transport drives (MOVIMIENTO, Girar y pivotar; CREACIÓN DE TRANSPORTES).

A transport goes straight along its facing, forward or back, and turns up to 45° at
the end of the move; its ENE starts it moving, paid on its first move of each turn;
with as many wounds as CAL it cannot move.  Every movement rule reads these: the
moves, Maniobrar and Pivotar, Embestir, Caza's extra turn.  What a transport may not
do at all is the driving action module's refusal (engine/driving.py); its actions and
its wounds are in :mod:`wartime.engine.transports`.
"""

from __future__ import annotations

import math

from wartime.board.shapes import Point
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.errors import IllegalActionError

TURN_LIMIT = 45.0  # Girar y pivotar: degrees a transport may turn at the end of its move


def drives(figure: Figure) -> bool:
    """It rides a working transport that moves as a vehicle (a Mecha moves as a Pj)."""
    vehicle = figure.profile.transport
    return vehicle is not None and figure.riding and not vehicle.mecha


def unusable(figure: Figure) -> bool:
    """HERIDAS: a transport with as many wounds as CAL cannot be used."""
    vehicle = figure.profile.transport
    return vehicle is not None and figure.vehicle_wounds == vehicle.cal


def unusable_text(figure: Figure) -> str:
    vehicle = figure.profile.transport
    assert vehicle is not None
    return f"{vehicle.id} has {figure.vehicle_wounds} wounds (CAL {vehicle.cal}): it is unusable"


def movement_problem(figure: Figure) -> str | None:
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


def start_cost(figure: Figure) -> tuple[int, str]:
    """CREACIÓN DE TRANSPORTES, ENE: starting it moving; paid on the first move of a turn."""
    vehicle = figure.profile.transport
    if vehicle is None or not drives(figure) or figure.moved > 0:
        return 0, ""
    return vehicle.ene, f" (+{vehicle.ene} arrancar {vehicle.id})"


def turn_problem(figure: Figure, facing: float | None) -> str | None:
    """Why a transport may not end its move facing ``facing``: at most 45° from its nose."""
    if facing is None or not drives(figure):
        return None
    if not math.isfinite(facing):
        return "The facing must be a number of degrees"
    if _angle(figure.facing, facing) > TURN_LIMIT + 1e-9:
        return (
            f"A transport turns at most {TURN_LIMIT:g}° at the end of its move "
            f"({_angle(figure.facing, facing):.0f}° asked): use Pivotar"
        )
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
    text = f"{figure.id} gira hasta {figure.facing:.0f}°"
    return [Event("turn", text, {"figure": figure.id, "facing": figure.facing})]


def _angle(a: float, b: float) -> float:
    return abs((b - a + 180) % 360 - 180)
