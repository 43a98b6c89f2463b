"""ACCIONES DE MOVIMIENTO (and Esperar): moving bases with the geometry and physics layers."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine import afloat, cries, flight, ghost, heat, limits, wear
from wartime.engine.actions import Action
from wartime.engine.bonuses import ene_modifiers
from wartime.engine.checks import afford, spend
from wartime.engine.combat import sight
from wartime.engine.core import movement, stats
from wartime.engine.core.movement import (
    BLOCKED,
    CHARGE_MIN,
    HIGH,
    STRIDES,
    Stride,
    engaged_with,
    noise_event,
)
from wartime.engine.core.vehicles import (
    along_axis,
    drives,
    final_turn,
    movement_problem,
    start_cost,
    turn_problem,
    turn_to,
)
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.handlers import Handler, register
from wartime.engine.sequence import end_activation, fleeing_only
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.geometry.movement import too_close
from wartime.geometry.noise import movement_noise
from wartime.geometry.terrain import SURCHARGE

if TYPE_CHECKING:
    from wartime.engine.state import GameState

def esperar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Esperar (1): pass to a later phase; it does not count as having acted."""
    if engaged_with(state, figure):
        raise IllegalActionError("Esperar is not allowed while engaged in CaC")
    events = [spend(figure, 1, "Esperar")]
    figure.waiting_below = state.phase
    events.append(Event("wait", f"{figure.id} espera a una fase posterior", {"figure": figure.id}))
    return events + end_activation(state, figure, acted=False)


def _posture(new: Posture, label: str) -> Handler:
    def handler(state: GameState, figure: Figure, action: Action) -> list[Event]:
        if figure.posture is new:
            raise IllegalActionError(f"{figure.id} is already {new.value}")
        events = [spend(figure, 1, label)]
        figure.posture = new
        return [
            *events,
            Event("posture", f"{figure.id}: {label}", {"figure": figure.id, "posture": new.value}),
        ]

    return handler


agacharse = _posture(Posture.CROUCHED, "Agacharse")
cuerpo_a_tierra = _posture(Posture.PRONE, "Cuerpo a tierra")
levantarse = _posture(Posture.STANDING, "Levantarse")


def _facing(start: Point, end: Point, current: float) -> float:
    """Pj turn freely while acting (Girar y pivotar): they face where they went."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return current if dx == dy == 0 else math.degrees(math.atan2(dy, dx)) % 360


@dataclass(frozen=True)
class Route:
    """Where a movement action would end and what it would cost."""

    start: Point
    end: Point
    travelled: float
    ene: int
    extra: str  # the surcharge explained, for the ENE message


def route(
    state: GameState, figure: Figure, goal: Point, budget: float, stride: Stride,
    engaging: frozenset[str] = frozenset(), keep: bool = False, steered: bool = False,
    clear: bool = False, ground: str = "easy",
) -> Route:  # fmt: skip
    """Plan a move toward ``goal``: physics, terrain surcharge, ENE and the 1 K rule.

    A transport goes along its facing (core.vehicles.along_axis) unless the action
    ``steered`` it (Maniobrar), and starting it costs its ENE.  ``clear``: the caller
    has already probed the straight way at least this far (legal_actions); ``ground``:
    the least the terrain counts as (a load: Mover cargado).  Raises
    IllegalActionError.  The base goes back where it was unless ``keep``.
    """
    problem = movement_problem(figure)
    if problem:
        raise IllegalActionError(problem)
    if drives(figure) and not steered:
        goal = along_axis(figure, goal)
    if figure.level == HIGH and not steered and not flight.brakes(figure):  # Retros stops
        goal = _whole_mov(figure, goal, budget)
    start = figure.position
    passes = figure.level == 1 and movement.intangible(figure)  # Incorpóreo: through walls
    if passes:
        end, travelled = ghost.through(state, figure, goal, budget, keep)
    elif figure.level == 1 and not (clear and not keep):
        table = state.physics()
        move = table.move_toward if keep else table.probe_move
        result = move(figure.id, goal, budget)
        end, travelled = result.end, result.travelled
    else:
        end, travelled = _fly(start, goal, budget)
    if travelled < BLOCKED and math.dist(start, goal) >= BLOCKED:
        raise IllegalActionError("The way is blocked: the base cannot move toward that point")
    # a height of 0 leaves every solid out of the surcharge: the incorporeal pass through
    cost = state.world.terrain.cost([start, end], 0.0 if passes else figure.current_height)
    cost = afloat.on_ground(figure, cost)  # Levitador, Pez, Anfibio
    if cost.swims:
        raise IllegalActionError(f"The path crosses water ({', '.join(cost.swims)}): use Nadar")
    surcharge, why = cost.ene, cost.worst
    if figure.posture is Posture.CROUCHED and cost.ene < SURCHARGE["difficult"]:
        surcharge, why = SURCHARGE["difficult"], "agachado"  # Agacharse: easy counts as difficult
    if SURCHARGE[ground] > surcharge:
        surcharge, why = SURCHARGE[ground], f"{ground} por la carga"
    surcharge, why = wear.ground(figure, surcharge, why)  # Equipo pesado, Cojitranco
    extra = f" (+{surcharge} {why})" if surcharge else ""
    starting, why = start_cost(figure)
    ene, extra = max(1, stride.ene + surcharge) + starting, extra + why
    afford(figure, ene, stride.label, extra)  # raises with the player's message
    others = [
        e.disc()
        for e in state.enemies_of(figure)
        if e.level == figure.level and not movement.intangible(e)
    ]
    near = [] if passes else too_close(figure.disc(), end, others, engaging)
    if near:
        raise IllegalActionError(f"Within 1 K of an enemy without engaging: {', '.join(near)}")
    smelly = cries.keep_away_problem(state, figure, end)  # Apestoso
    if smelly:
        raise IllegalActionError(smelly)
    return Route(start, end, travelled, ene, extra)


def travel(
    state: GameState, figure: Figure, goal: Point, budget: float, stride: Stride,
    engaging: frozenset[str] = frozenset(), ground: str = "easy",
) -> tuple[list[Event], Point, float]:  # fmt: skip
    """Move toward ``goal``, pay its ENE and log it; the move also makes noise."""
    plan = route(state, figure, goal, budget, stride, engaging, keep=True, ground=ground)
    events = [spend(figure, plan.ene, stride.label, plan.extra)]
    figure.position = plan.end
    figure.moved += plan.travelled
    if not figure.reacting and not drives(figure):  # Girar y pivotar: Pj turn freely acting
        figure.facing = _facing(plan.start, plan.end, figure.facing)
    end, travelled = plan.end, plan.travelled
    text = f"{figure.id} se mueve {travelled:.2f} K hasta ({end[0]:.2f}, {end[1]:.2f})"
    data = {
        "figure": figure.id,
        "from": list(plan.start),
        "to": list(end),
        "travelled": round(travelled, 6),
    }
    events.append(Event("move", text, data))
    if travelled > 0:
        events.append(noise_event(figure, end, movement_noise(travelled)))
    return events, end, travelled


def move_problem(
    state: GameState, figure: Figure, action: Action, *, engaged: bool | None = None,
    clear: bool = False,
) -> str | None:  # fmt: skip
    """Why a Mover/Correr/Esprintar would be refused, without a trial state (fast).

    ``engaged`` may be passed when the caller already knows it (many samples, one check);
    ``clear`` when it has probed the straight way at least as far (see :func:`route`).
    """
    stride = STRIDES[action.kind]
    if action.point is None:
        return f"{stride.label} needs a destination point"
    if engaged if engaged is not None else engaged_with(state, figure):
        return "Engaged in CaC: use Destrabarse to leave the combat"
    if action.kind == "esprintar" and figure.sprinted_now:
        return "Esprintar only once per activation"
    bound = limits.limits(figure) is not limits.NONE  # most figures carry none of these
    problem = _facing_problem(figure, action.facing)
    if bound:  # limits: Lastrado, Piernas muy cortas
        problem = problem or limits.refusal(state, figure, action)
    if problem:
        return problem
    budget = figure.mov + stride.extra_k
    if bound:  # Rápido
        budget += stats.stride_extra(figure, action.kind)
    saved = figure.ene_pending, figure.ene_modifiers
    if bound and stats.prices_moves(figure):  # Lento: the move is priced as it will be paid
        from functools import partial


        figure.ene_pending = partial(ene_modifiers, state, figure, action)
    try:
        if figure.panic:
            fleeing_only(state, figure, action)
        route(state, figure, action.point, budget, stride, clear=clear)
    except IllegalActionError as exc:
        return str(exc)
    finally:
        figure.ene_pending, figure.ene_modifiers = saved
    return None


def _whole_mov(figure: Figure, goal: Point, budget: float) -> Point:
    """Volar en altura 3: it always moves its whole MOV, toward ``goal``."""
    if goal == figure.position:
        return goal
    dx, dy = goal[0] - figure.position[0], goal[1] - figure.position[1]
    scale = budget / math.hypot(dx, dy)
    return figure.position[0] + dx * scale, figure.position[1] + dy * scale


def _fly(start: Point, goal: Point, budget: float) -> tuple[Point, float]:
    dx, dy = goal[0] - start[0], goal[1] - start[1]
    length = math.hypot(dx, dy)
    if length <= budget:
        return goal, length
    scale = budget / length
    return (start[0] + dx * scale, start[1] + dy * scale), budget


def _facing_problem(figure: Figure, facing: float | None) -> str | None:
    """A final facing: up to 45° for a transport; a Pj outside its activation keeps its own."""
    if facing is not None and figure.reacting and not drives(figure):
        return "A Pj cannot pivot outside its activation (Girar y pivotar): use Pivotar"
    if facing is not None and not math.isfinite(facing):
        return "The facing must be a number of degrees"
    return turn_problem(figure, facing)


def _end_facing(figure: Figure, facing: float | None) -> list[Event]:
    """Turn at the end of a move: a transport up to 45°, a Pj acting as it likes."""
    if drives(figure):
        return final_turn(figure, facing)
    return [] if facing is None else turn_to(figure, facing)


def _stride(kind: str) -> Handler:
    stride = STRIDES[kind]

    def handler(state: GameState, figure: Figure, action: Action) -> list[Event]:
        if action.point is None:
            raise IllegalActionError(f"{stride.label} needs a destination point")
        if engaged_with(state, figure):
            raise IllegalActionError("Engaged in CaC: use Destrabarse to leave the combat")
        veins = heat.extra_stride(figure, action)  # Fuego en las venas: K more, a wound
        if kind == "esprintar":
            if figure.sprinted_now:
                raise IllegalActionError("Esprintar only once per activation")
            figure.sprinted_now = figure.sprinted = True
        hunted = wear.hunt_split(figure, action.facing)  # Caza: a CH AGI turns it further
        problem = None if hunted else _facing_problem(figure, action.facing)
        if problem:
            raise IllegalActionError(problem)
        budget = figure.mov + stride.extra_k + stats.stride_extra(figure, kind)  # Rápido
        budget += veins
        events, _, _ = travel(state, figure, action.point, budget, stride)
        events += heat.stride_paid(state, figure, action)
        if hunted is None:
            events += _end_facing(figure, action.facing)
        else:
            events += [] if hunted[0] == figure.facing else _end_facing(figure, hunted[0])
            events += wear.hunt(state, figure, hunted[1])
        if kind == "esprintar":
            figure.next_action_modifier = -3  # the next action CH ATR −3
        elif figure.next_action_modifier:
            figure.next_action_modifier = 0
        return events

    return handler


mover = _stride("mover")
correr = _stride("correr")
esprintar = _stride("esprintar")


def cargar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Cargar (2): up to MOV+3 K, at least 2 K, into contact with an enemy in LdV."""
    target = state.figure(action.target)
    if target.side == figure.side or target.casualty:
        raise IllegalActionError(f"{target.id} is not a living enemy")
    if engaged_with(state, figure):
        raise IllegalActionError("Already engaged in CaC")
    gap = edge_distance(figure.position, figure.radius, target.position, target.radius)
    shouts = cries.charge_bonuses(state, figure)  # Grito berserker, Grito de sangre
    reach = figure.mov + STRIDES["cargar"].extra_k + sum(k for _, k in shouts)
    if gap > reach:
        raise IllegalActionError(f"{target.id} is {gap:.1f} K away: Cargar reaches {reach:g} K")
    if gap < CHARGE_MIN:
        raise IllegalActionError(
            f"Cargar needs at least {CHARGE_MIN:g} K of run-up; {target.id} is {gap:.1f} K away"
        )
    if sight(state, figure, target).line_of_sight == "blocked":
        raise IllegalActionError(f"No LdV to {target.id}: Cargar needs to see the target")
    contact = _contact_point(figure, target)
    events, _, _ = travel(state, figure, contact, reach, STRIDES["cargar"], frozenset({target.id}))
    if not any(e.id == target.id for e in engaged_with(state, figure)):
        raise IllegalActionError(
            f"The way to {target.id} is blocked: the charge cannot make contact"
        )
    figure.charging = True
    figure.next_action_modifier = 0
    if figure.fury == target.id:  # Crítico en CH LOC: the charge it owed
        figure.fury = None
    return [
        *events,
        *cries.charged(figure, shouts),
        Event(
            "engage",
            f"{figure.id} carga y se traba con {target.id}",
            {"figure": figure.id, "target": target.id},
        ),
    ]


def _contact_point(figure: Figure, target: Figure) -> Point:
    dx, dy = figure.position[0] - target.position[0], figure.position[1] - target.position[1]
    length = math.hypot(dx, dy) or 1.0
    reach = target.radius + figure.radius
    return (target.position[0] + dx / length * reach, target.position[1] + dy / length * reach)


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
