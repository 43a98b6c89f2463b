"""The way a base goes when it moves (MOVIMIENTO, ACCIONES DE MOVIMIENTO).

:func:`route` plans a move toward a point: the physics of the table, the surcharge of
the ground, the ENE, the 1 K rule; :func:`travel` makes it.  Every action that moves a
base along the ground or the air reads them: Mover and its kin, Cargar, Embestir,
Maniobrar, Mover cargado, Huir.  What an entry changes on the way (the ground under a
floater, a heavy load, a smell that keeps allies off) it answers through a hook.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import afford, spend
from wartime.engine.core.events import Event
from wartime.engine.core.modifiers import ene_modifiers
from wartime.engine.core.movement import (
    BLOCKED,
    HIGH,
    Stride,
    climbs,
    engaged_with,
    intangible,
    moves,
    noise_event,
    through,
)
from wartime.engine.core.sequence import fleeing_only
from wartime.engine.core.stats import prices_moves, stride_extra
from wartime.engine.core.vehicles import (
    along_axis,
    drives,
    movement_problem,
    start_cost,
    turn_problem,
)
from wartime.errors import IllegalActionError
from wartime.geometry.movement import EXCLUSION_K, too_close
from wartime.geometry.noise import movement_noise
from wartime.geometry.pathfinding import Way
from wartime.geometry.terrain import SURCHARGE, PathCost
from wartime.i18n import Reason, say
from wartime.physics import TABLE

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.state import GameState


_WET = PathCost(0, "easy", ("water",), (), ())  # a probe: does water stop this figure?


# The strides that go round what stands in the way (MOVIMIENTO, Mover: the base moves
# up to its MOV, with no straight line asked); Cargar, Embestir and the rest go straight.
@functools.cache
def winding() -> tuple[Stride, ...]:
    """Mover, Correr and Esprintar (read on first use, not at import)."""
    return tuple(moves().strides[kind] for kind in ("mover", "correr", "esprintar"))


@dataclass(frozen=True)
class Route:
    """Where a movement action would end and what it would cost."""

    start: Point
    end: Point
    travelled: float
    ene: int
    extra: Reason  # the surcharge explained, for the ENE message
    corners: tuple[Point, ...] = ()  # where a winding move turned, in order


def way(state: GameState, figure: Figure, goal: Point) -> Way:
    """The shortest way for the figure's walking base to ``goal``, round the solids that
    stop the movement table, the water it would have to swim and the other bases (or to
    the nearest point it can reach: geometry.pathfinding)."""
    clearance = state.world.clearance(figure.radius, off_water=swims(figure))
    others = [f.disc() for f in state.figures.values() if f.on_table and f.id != figure.id]
    return clearance.way(figure.position, goal, others)


def swims(figure: Figure) -> bool:
    """Whether water stops the figure's walk (it would have to swim: Nadar)."""
    return bool(hookspecs.ground_cost.thread(_WET, figure).swims)


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
    if figure.level == HIGH and not steered and not hookspecs.brakes.first(figure):  # Retros
        goal = _whole_mov(figure, goal, budget)
    start = figure.position
    passes = figure.level == 1 and intangible(figure)  # Incorpóreo: through walls
    over = figure.level == 1 and not passes and climbs(figure)  # Araña: over walls
    corners: tuple[Point, ...] = ()
    if passes:
        end, travelled = through(state, figure, goal, budget, keep)
    elif over:
        end, travelled = _over_solids(state, figure, goal, budget, keep)
    elif figure.level == 1 and not (clear and not keep):
        table = state.physics()
        result = table.probe_move(figure.id, goal, budget)
        turns: tuple[Point, ...] = ()
        if result.blocked and stride in winding() and not drives(figure):
            turns = way(state, figure, goal).points[1:-1]  # round what stopped it
        if turns:
            result = table.probe_walk(figure.id, (*turns, goal), budget)
            corners = result.passed
            if keep:
                table.walk(figure.id, (*turns, goal), budget)
        elif keep:
            table.move_toward(figure.id, goal, budget)
        end, travelled = result.end, result.travelled
    else:
        end, travelled = _fly(start, goal, budget)
    if travelled < BLOCKED and math.dist(start, goal) >= BLOCKED:
        raise IllegalActionError(say("refused.routes.blocked"))
    cost = ground_under(state, figure, [start, *corners, end], passes or over)
    if cost.swims:
        raise IllegalActionError(say("refused.routes.water", areas=", ".join(cost.swims)))
    ene, extra = stride_cost(figure, stride, surcharge(figure, cost, ground))
    afford(figure, ene, stride.label, extra)  # raises with the player's message
    near = [] if passes else _too_close(state, figure, end, engaging)
    if near:
        raise IllegalActionError(say("refused.routes.near", enemies=", ".join(near)))
    kept_away = hookspecs.keeps_away.first(state, figure, end)  # Apestoso
    if kept_away:
        raise IllegalActionError(kept_away)
    return Route(start, end, travelled, ene, extra, corners)


def _over_solids(
    state: GameState, figure: Figure, goal: Point, budget: float, keep: bool
) -> tuple[Point, float]:
    """A climber's way toward ``goal`` (Araña): straight over walls and obstacles, which
    only bases and the edge stop; it must end on free ground, not on a solid."""
    table = state.physics()
    result = table.probe_move(figure.id, goal, budget, over_solids=True)
    on = [i for i in table.overlaps(replace(figure.disc(), centre=result.end)) if i != TABLE]
    if on:
        raise IllegalActionError(
            say("refused.routes.climber", figure=figure.id, solids=", ".join(on))
        )
    if keep:
        table.move_toward(figure.id, goal, budget, over_solids=True)
    return result.end, result.travelled


def ground_under(
    state: GameState, figure: Figure, path: Sequence[Point], passes: bool = False
) -> PathCost:
    """The ground a move along ``path`` crosses, as it counts for the figure (Terreno y
    Energía, Obstáculos); ``passes``: an incorporeal one, whom no solid slows."""
    # a height of 0 leaves every solid out of the surcharge: the incorporeal pass through
    cost = state.world.terrain.cost(path, 0.0 if passes else figure.current_height)
    return hookspecs.ground_cost.thread(cost, figure)  # Levitador, Pez, Anfibio


def surcharge(figure: Figure, cost: PathCost, ground: str = "easy") -> tuple[int, Reason]:
    """The ENE the ground adds to a move and why: the worst ground crossed, crouching
    (Agacharse), ``ground``, the least a load counts as (Mover cargado), and the entries."""
    extra = cost.ene
    reason: Reason = say(f"terrain.{cost.worst}")  # the ground, or why it counts as more
    if figure.posture is Posture.CROUCHED and cost.ene < SURCHARGE["difficult"]:
        # Agacharse: easy counts as difficult
        extra, reason = SURCHARGE["difficult"], say("phrase.routes.crouched")
    if SURCHARGE[ground] > extra:
        extra, reason = (
            SURCHARGE[ground],
            say("phrase.routes.loaded", ground=say(f"terrain.{ground}")),
        )
    # Equipo pesado, Cojitranco
    return hookspecs.ground_surcharge.thread((extra, reason), figure)


def stride_cost(figure: Figure, stride: Stride, ground: tuple[int, Reason]) -> tuple[int, Reason]:
    """The ENE of one ``stride`` over ground that adds ``ground`` (see :func:`surcharge`),
    a transport's start included, and the explanation for the ENE message; before the
    entries' modifiers, which checks.afford adds."""
    extra, why = ground
    explained: Reason = say("phrase.routes.surcharge", extra=extra, why=why) if extra else ""
    starting, start = start_cost(figure)
    total = max(1, stride.ene + extra) + starting
    if not starting:
        return total, explained
    return total, say("phrase.routes.extras", ground=explained, start=start)


def _too_close(state: GameState, figure: Figure, end: Point, engaging: frozenset[str]) -> list[str]:
    """The enemies at the figure's level within 1 K of ``end`` (geometry.movement.too_close),
    but the intangible.  A legal list asks it of every sampled move, so the enemies
    plainly out of reach are left out first (too_close would find each more than 1 K
    away, by far more than any rounding), then too_close decides, and only those it
    names are asked whether they are intangible (a hook)."""
    reach = figure.radius + EXCLUSION_K
    level = [
        e
        for e in state.enemies_of(figure)
        if e.level == figure.level and math.dist(end, e.position) < reach + e.radius
    ]
    close = set(too_close(figure.disc(), end, [e.disc() for e in level], engaging))
    return [e.id for e in level if e.id in close and not intangible(e)]


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
        figure.facing = _facing((plan.start, *plan.corners)[-1], plan.end, figure.facing)
    end, travelled = plan.end, plan.travelled
    text = say("log.routes.move", figure=figure.id, travelled=travelled, x=end[0], y=end[1])
    data = {
        "figure": figure.id,
        "from": list(plan.start),
        "to": list(end),
        "travelled": round(travelled, 6),
    }
    if plan.corners:  # a winding move: where it turned
        data["via"] = [list(corner) for corner in plan.corners]
    events.append(Event("move", text, data))
    if travelled > 0:
        events.append(noise_event(figure, end, movement_noise(travelled)))
    return events, end, travelled


def _facing(start: Point, end: Point, current: float) -> float:
    """Pj turn freely while acting (Girar y pivotar): they face where they went."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return current if dx == dy == 0 else math.degrees(math.atan2(dy, dx)) % 360


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


# -- the fast check of Mover, Correr and Esprintar (legal_actions) -------------------------


def move_problem(
    state: GameState, figure: Figure, action: Action, *, engaged: bool | None = None,
    clear: bool = False,
) -> Reason | None:  # fmt: skip
    """Why a Mover/Correr/Esprintar would be refused, without a trial state (fast).

    ``engaged`` may be passed when the caller already knows it (many samples, one check);
    ``clear`` when it has probed the straight way at least as far (see :func:`route`).
    """
    stride = moves().strides[action.kind]
    if action.point is None:
        return say("refused.melee.needs_point", action=stride.label)
    if engaged if engaged is not None else engaged_with(state, figure):
        return say("refused.melee.engaged_ram")
    if action.kind == "esprintar" and figure.sprinted_now:
        return say("refused.routes.sprint_once")
    problem = facing_problem(figure, action.facing)
    problem = problem or hookspecs.move_refusal.first(state, figure, action)  # Lastrado
    if problem:
        return problem
    budget = figure.mov + stride.extra_k + stride_extra(figure, action.kind)  # Rápido
    saved = figure.ene_pending, figure.ene_modifiers
    if prices_moves(figure):  # Lento: the move is priced as it will be paid
        figure.ene_pending = partial(ene_modifiers, state, figure, action)
    try:
        if figure.panic:
            fleeing_only(state, figure, action)
        route(state, figure, action.point, budget, stride, clear=clear)
    except IllegalActionError as exc:
        return exc.reason
    finally:
        figure.ene_pending, figure.ene_modifiers = saved
    return None


def facing_problem(figure: Figure, facing: float | None) -> Reason | None:
    """A final facing: up to 45° for a transport; a Pj outside its activation keeps its own."""
    if facing is not None and figure.reacting and not drives(figure):
        return say("refused.routes.pivot")
    if facing is not None and not math.isfinite(facing):
        return say("refused.routes.facing")
    return turn_problem(figure, facing)
