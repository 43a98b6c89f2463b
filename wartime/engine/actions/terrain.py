"""ACCIONES DE MOVIMIENTO beyond walking: stealth, water, walls, jumps, falls and 180°.

Every number (ENE, distance, the AGI tables of the jumps, the fall bands, the
difficulty of 180°) is read from the action list (``data/actions.yaml``).
What the book leaves open, and how this flat 2D table represents heights, is
read as follows (to be listed in docs/rules-interpretations.md):

- A critical on the check of a movement action moves 1 K more (MOVIMIENTO,
  Crítico en acciones de movimiento): the extra K goes on toward the chosen
  point, never past it, and is dropped when the base cannot go on (in the way,
  within 1 K of an enemy).  A fumble that the action does not describe is a
  plain failure.
- Every refusal is decided before any die is rolled: the path, the landing
  spot, the 1 K rule and the ENE (terrain surcharge included) are settled
  first, and the check then only says whether the figure does it.
- Movement noise is K moved in plan × 2, from where the figure ends; silent
  moves and moves of 0 K make none.
- Mover sin hacer ruido moves exactly like Mover for its own ENE.
- Nadar: legal when the figure stands in water or the straight way toward the
  point (up to MOV) enters water; it may swim out onto land in the same action.
  Other ground crossed adds its usual surcharge.  A failed check: the ENE is
  spent and the figure stays where it was.
- Escalar: the only heights are walls and obstacles, so Escalar crosses those
  too tall to step over (over 0.7 K, the 1 K figure's chest, as for every
  move).  The climb is limited by MOV: the K gone up count against MOV, and
  so do the K walked on the ground before and after; the K spent over the
  obstacle and the way down the far side do not (a drop no deeper than the
  climb is Dejarse caer's harmless band).  A climb taller than MOV would leave
  the figure on the wall at the end of the action, which the model cannot
  hold, so it is refused as not yet supported.  A failed check: no movement.
- Salto de longitud: a straight jump of the table's factor × MOV that ignores
  the ground it flies over (no surcharge, water included) and clears walls,
  obstacles and figures lower than the jumper's standing height; taller ones
  block it.  It must land on a free spot, not within 1 K of an enemy.  A failed
  check: the figure lands short, at half the jump, or at the last free spot
  before it; the ground is flat in this model, so the fall has no height and
  Dejarse caer's first band (no DAÑ) applies.
- Subir a un alto: the height limit (the figure's height × the table's factor)
  and contact with the wall or obstacle are checked; a passed check stands it on
  top (Figure.perch).  Help raises the limit: each ally in base contact that could
  act (standing on the ground, not engaged, not a casualty, not in panic, not
  held or tied) gives a leg-up of half its own height, the tallest first and at
  most two, and only those the climb needs are counted.  The helpers do not act:
  no ENE, no check; the climber's check and ENE do not change.
- Dejarse caer: the only heights a figure can fall from are movement levels:
  level 2 is 3 K up (ALTURAS DE MOVIMIENTO) and level 3, "gran altitud", is
  above every band.  The figure drops straight down to level 1 and makes its
  CH DEF against the band's DAÑ.
- 180°: "D = CON−AGI" replaces the −1 of a difficult action, but never by
  less than −1 (it stays a difficult action); difficult or extreme ground
  (or moving crouched) on the run adds its CH AGI −1.  "MOV mínimo de 4K" is
  the natural MOV.  The run is straight: a point whose way is blocked is
  refused.  The check decides the turn only: on a pass the figure faces the
  figure named as the action's target, or about-faces; on a failure it keeps
  the heading of its run; a fumble also takes a hit of DAÑ = K moved (rounded
  half up), resolved with its own CH DEF.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import shapely

from wartime.board.battlefield import Posture
from wartime.board.shapes import Disc, Point, Solid
from wartime.engine.core import hookspecs, modifiers, stats
from wartime.engine.core.action import Action, option_refused
from wartime.engine.core.book import movement_ids
from wartime.engine.core.checks import Modifiers, acting_modifiers, roll, spend
from wartime.engine.core.combat import defend, wound
from wartime.engine.core.dispatch import Handler, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.heights import rough, rough_failure
from wartime.engine.core.movement import (
    ENGAGED_GAP,
    Stride,
    agi_table,
    backs_at,
    engaged_with,
    in_contact,
    lends_a_hand,
    listed,
    moves,
    noise_event,
    stride,
)
from wartime.engine.core.routes import travel
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.movement import too_close
from wartime.geometry.noise import movement_noise
from wartime.geometry.terrain import CHEST_FACTOR, SURCHARGE
from wartime.geometry.vision import LEVEL_2_LIFT
from wartime.i18n import Message, Reason, say
from wartime.rules import actions as book
from wartime.rules.dice import Outcome, round_half_up
from wartime.rules.effects import Flight

CRITICAL_EXTRA_K = 1.0  # MOVIMIENTO: a critical on a movement action goes 1 K further
STEP_HEIGHT = 1.0  # the table steps every figure over what reaches a 1 K figure's chest
SHORT_STEP = 0.05  # K: how finely a failed jump looks back for a free spot to land
_SLACK = 2e-6  # K: deeper than the physics' overlap tolerance counts as in the way
_FIT = 1e-6  # K: a climb this much over budget still fits (float noise)
PERCH_STEP = 1.0  # K: off a perch, Dejarse caer lands this far from the base at most
LEG_UP = 0.5  # Subir a un alto: an ally's leg-up adds this much of its own height
MAX_LEG_UPS = 2  # ... and no more than this many allies (the tallest) help one climber
_BISECTIONS = 60


# -- the action list ------------------------------------------------------------------


def _fixed_ene(entry: book.Action) -> int:
    if not isinstance(entry.ene, int):
        raise ValueError(f"'{entry.id}' has no fixed ENE cost")
    return entry.ene


@dataclass(frozen=True)
class _Book:
    """The terrain moves of the list that only this family plays."""

    swim: Stride
    swim_entry: book.Action
    climb: Stride
    climb_entry: book.Action
    high: book.Action  # Subir a un alto
    fall: book.Action  # Dejarse caer
    high_table: book.JumpTable
    turn_not_altitude_3: bool
    turn_rough: int  # Giro de 180°'s AGI modifier on difficult ground


# Read when one of these moves is first played, never at import (issue 16).
@functools.cache
def _book() -> _Book:
    turn = moves().turn_entry
    high = listed("subir_a_un_alto")
    return _Book(
        swim=stride("nadar"),
        swim_entry=listed("nadar"),
        climb=stride("escalar"),
        climb_entry=listed("escalar"),
        high=high,
        fall=listed("dejarse_caer"),
        high_table=agi_table(high),
        turn_not_altitude_3=any(r.id == "not_altitude_3" for r in turn.requires),
        turn_rough=sum(
            m.value or 0
            for m in turn.modifiers
            if m.check == "AGI" and m.when == "difficult_terrain"
        ),
    )


# -- small geometry -------------------------------------------------------------------


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _along(start: Point, goal: Point, k: float) -> Point:
    """``k`` K from ``start`` toward ``goal``, or ``goal`` when it is nearer."""
    length = math.dist(start, goal)
    return goal if length <= k else _lerp(start, goal, k / length)


def _heading(start: Point, end: Point, current: float) -> float:
    dx, dy = end[0] - start[0], end[1] - start[1]
    return current if dx == dy == 0 else math.degrees(math.atan2(dy, dx)) % 360


def _segment_gap(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.dist(p, (a[0] + dx * t, a[1] + dy * t))


def _boundary(clear: Callable[[float], bool], free: float, blocked: float) -> float:
    """Bisect between a clear and a blocked position; returns the clear side."""
    for _ in range(_BISECTIONS):
        mid = (free + blocked) / 2
        if clear(mid):
            free = mid
        else:
            blocked = mid
    return free


def _gaps(line: shapely.LineString, solids: Sequence[Solid]) -> list[float]:
    """Distance from ``line`` to each solid."""
    if not solids:
        return []
    return [float(g) for g in shapely.distance(line, [s.polygon() for s in solids])]


def _names(ids: Sequence[str]) -> Message | str:
    """The ids joined with ", "; the table's edge ("#table") in the reader's language."""
    if "#table" not in ids:
        return ", ".join(ids)
    at = list(ids).index("#table")
    before = "".join(f"{i}, " for i in ids[:at])
    rest = ids[at + 1 :]
    after = say("phrase.terrain.more", names=_names(rest)) if rest else ""
    return say("phrase.terrain.with_edge", before=before, after=after)


# -- shared steps of the handlers -----------------------------------------------------


def _destination(state: GameState, figure: Figure, action: Action, label: str) -> Point:
    if action.point is None:
        raise IllegalActionError(say("refused.melee.needs_point", action=label))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.engaged_ram"))
    return (float(action.point[0]), float(action.point[1]))


def _on_ground(figure: Figure, label: str) -> None:
    if figure.level != 1:
        raise IllegalActionError(
            say("refused.terrain.on_ground", action=label, figure=figure.id, level=figure.level)
        )


def _ground(state: GameState, figure: Figure, path: Sequence[Point]) -> tuple[int, Reason, bool]:
    """The ENE surcharge of the ground on ``path``, its text, and whether it enters water.

    Only figures at level 1 walk on the ground; flyers pay nothing for it.
    """
    if figure.level != 1:
        return 0, "", False
    cost = state.world.terrain.cost(path, figure.current_height)
    cost = hookspecs.ground_cost.thread(cost, figure)  # Levitador, Pez, Anfibio
    surcharge = cost.ene
    if figure.posture is Posture.CROUCHED:  # Agacharse: easy ground counts as difficult
        surcharge = max(surcharge, SURCHARGE["difficult"])
    why: Reason = cost.worst if cost.ene else say("phrase.routes.crouched")
    # Equipo pesado, Cojitranco
    surcharge, why = hookspecs.ground_surcharge.thread((surcharge, why), figure)
    extra: Reason = say("phrase.routes.surcharge", extra=surcharge, why=why) if surcharge else ""
    return surcharge, extra, bool(cost.swims)


def _no_water(swims: bool) -> None:
    if swims:
        raise IllegalActionError(say("refused.terrain.water"))


def _enemies_near(state: GameState, figure: Figure, at: Point) -> list[str]:
    others = [e.disc() for e in state.enemies_of(figure) if e.level == figure.level]
    return too_close(figure.disc(), at, others)


def _refuse_near(state: GameState, figure: Figure, at: Point) -> None:
    near = _enemies_near(state, figure, at)
    if near:
        raise IllegalActionError(say("refused.terrain.near_enemy", enemies=", ".join(near)))


def _slide(
    state: GameState, figure: Figure, goal: Point, budget: float
) -> tuple[Point, float, tuple[str, ...]]:
    """Walk the base toward ``goal`` (physics at level 1); the table moves, the figure not yet."""
    if figure.level == 1:
        result = state.physics().move_toward(figure.id, goal, budget)
        return result.end, result.travelled, result.contacts
    end = _along(figure.position, goal, budget)
    return end, math.dist(figure.position, end), ()


def _critical_slide(
    state: GameState, figure: Figure, goal: Point, end: Point, travelled: float, *, straight: bool
) -> tuple[Point, float]:
    """A critical's extra K toward ``goal``, kept only if the base can go on."""
    contacts: tuple[str, ...] = ()
    if figure.level == 1:
        result = state.physics().move_toward(figure.id, goal, CRITICAL_EXTRA_K)
        more, extra, contacts = result.end, result.travelled, result.contacts
    else:
        more = _along(end, goal, CRITICAL_EXTRA_K)
        extra = math.dist(end, more)
    if extra <= 0 or (straight and contacts) or _enemies_near(state, figure, more):
        _seat(state, figure, end)
        return end, travelled
    return more, travelled + extra


def _seat(state: GameState, figure: Figure, at: Point) -> None:
    """Put the figure's base at ``at`` on the physics table (level 1 only)."""
    if figure.level != 1:
        return
    table = state.physics()
    table.remove(figure.id)
    table.place(Disc(figure.id, at, figure.radius, figure.side))


def _landing_problem(
    state: GameState, figure: Figure, start: Point, end: Point, clears: float | None = None
) -> Reason | None:
    """Why the base cannot go straight from ``start`` and stand at ``end``, or None.

    Other bases on the way block it, except those lower than ``clears`` (a jump).
    """
    if figure.level == 1:
        hits = state.physics().overlaps(Disc(figure.id, end, figure.radius, figure.side))
        if hits:
            return say("refused.terrain.overlap", names=_names(hits))
    blockers = [
        o.id
        for o in state.figures.values()
        if o.id != figure.id
        and o.present
        and o.level == figure.level
        and (clears is None or o.current_height >= clears)
        and _segment_gap(o.position, start, end) < figure.radius + o.radius - _SLACK
    ]
    if blockers:
        return say("refused.terrain.in_the_way", names=_names(blockers))
    near = _enemies_near(state, figure, end)
    if near:
        return say("refused.terrain.near_enemy", enemies=", ".join(near))
    return None


def _check(
    state: GameState, figure: Figure, entry: book.Action, extra: Modifiers
) -> tuple[Outcome, Event]:
    """The action's CH (its attribute from the list); it uses up "the next action" modifiers."""
    attribute = entry.check[0].value
    mods = acting_modifiers(figure) + extra
    target = figure.profile.attribute(attribute)
    outcome, event = roll(state, figure, f"CH {attribute} ({entry.name})", target, mods)
    figure.next_action_modifier = 0
    return outcome, event


def _arrive(
    figure: Figure, start: Point, end: Point, moved: float, verb: Message, **data: Any
) -> list[Event]:
    """Set the figure down at ``end``: the move event and the noise it makes."""
    figure.position = end
    if not figure.reacting:  # a Pj cannot pivot outside its activation (Girar y pivotar)
        figure.facing = _heading(start, end, figure.facing)
    text = say("log.terrain.move", figure=figure.id, verb=verb, moved=moved, x=end[0], y=end[1])
    info = {"figure": figure.id, "from": list(start), "to": list(end), "travelled": round(moved, 6)}
    events = [Event("move", text, {**info, **data})]
    if moved > 0:
        events.append(noise_event(figure, end, movement_noise(moved)))
    return events


def _stays(figure: Figure, what: Message) -> Event:
    text = say("log.terrain.stays", figure=figure.id, what=what)
    return Event("no_move", text, {"figure": figure.id})


# -- Mover sin hacer ruido (2) ---------------------------------------------------------


def mover_sin_hacer_ruido(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Mover sin hacer ruido (2): Mover's MOV, and no noise.

    It may end in base contact with an enemy's back (MOVIMIENTO, Restricciones: one
    may come within 1 K to engage in CaC), which is how an Ataque sorpresa begins.
    """
    goal = _destination(state, figure, action, moves().silent.label)
    budget = figure.mov + moves().silent.extra_k
    backs = backs_at(state, figure, goal)
    events, _, _ = travel(state, figure, goal, budget, moves().silent, engaging=backs)
    figure.next_action_modifier = 0
    return [_silenced(e) for e in events if e.kind != "noise"]


def _silenced(event: Event) -> Event:
    if event.kind != "move":
        return event
    # The move's own line, whatever its wording, with the silence added (never parsed).
    text = say("log.terrain.silent", line=event.message)
    return Event("move", text, {**event.data, "silent": True})


# -- Nadar (2, AGI) --------------------------------------------------------------------


def nadar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Nadar (2, AGI): MOV K through water; a failed CH AGI spends the ENE, no movement."""
    goal = _destination(state, figure, action, _book().swim.label)
    _on_ground(figure, _book().swim.label)
    start = figure.position
    budget = figure.mov + _book().swim.extra_k
    planned = [start, _along(start, goal, budget)]
    if not state.world.terrain.cost(planned, figure.current_height).swims:
        raise IllegalActionError(say("refused.terrain.no_water", figure=figure.id))
    end, travelled, _ = _slide(state, figure, goal, budget)
    _refuse_near(state, figure, end)
    surcharge, extra, _ = _ground(state, figure, [start, end])
    events = [spend(figure, _book().swim.ene + surcharge, _book().swim.label, extra)]
    outcome, event = _check(state, figure, _book().swim_entry, [])
    events.append(event)
    if not outcome.passed:
        _seat(state, figure, start)
        return [*events, _stays(figure, say("phrase.terrain.swim_failed"))]
    if outcome is Outcome.CRITICAL:
        end, travelled = _critical_slide(state, figure, goal, end, travelled, straight=False)
    return events + _arrive(figure, start, end, travelled, say("phrase.terrain.swims"))


# -- Escalar (3, AGI) ------------------------------------------------------------------


@dataclass(frozen=True)
class _Climb:
    """A straight climb over the solids in the way, measured along the line to the goal."""

    start: Point
    goal: Point
    length: float  # K from start to goal
    over: tuple[str, ...]  # ids of what is climbed
    ascent: float  # K climbed up: the tallest of each group of touching solids, summed
    on_top: float  # K of the line along which the base overlaps them
    clear: float  # K along the line where the base is past the last of them

    @property
    def needed(self) -> float:
        """Up, plus the ground walked before the obstacles (the least the climb costs)."""
        return self.ascent + self.clear - self.on_top

    def landing(self, budget: float) -> Point | None:
        """The farthest point toward the goal the budget reaches, or None when it falls short."""
        spare = budget - self.needed
        if spare < -_FIT:
            return None
        reach = min(self.length, self.clear + max(0.0, spare))
        return _lerp(self.start, self.goal, reach / self.length)


def _climb(state: GameState, figure: Figure, start: Point, goal: Point) -> _Climb:
    """Measure the climb toward ``goal``; refuse when there is nothing to climb or no way past."""
    length = math.dist(start, goal)
    chest = CHEST_FACTOR * STEP_HEIGHT
    line = shapely.LineString([start, goal]) if length > 0 else None
    radius = figure.radius
    solids: list[Solid] = []
    if line is not None:
        tall = state.world.blocking(STEP_HEIGHT)
        solids = [
            s for s, gap in zip(tall, _gaps(line, tall), strict=True) if gap < radius - _SLACK
        ]
    if line is None or not solids:
        raise IllegalActionError(say("refused.terrain.nothing_to_climb", chest=chest))
    parts = list(shapely.get_parts(shapely.union_all([s.polygon() for s in solids])))
    ids = tuple(dict.fromkeys(s.id for s in solids))
    end = shapely.Point(goal)
    if any(part.distance(end) < radius for part in parts):
        raise IllegalActionError(say("refused.terrain.climb_on_top", names=_names(ids)))
    spans: list[tuple[float, float]] = []
    ascent = 0.0
    for part in parts:
        seed = line.project(shapely.Point(shapely.shortest_line(line, part).coords[0]))

        def clear(t: float, part: Any = part) -> bool:
            return float(shapely.distance(part, line.interpolate(t))) >= radius

        spans.append((_boundary(clear, 0.0, seed), _boundary(clear, length, seed)))
        ascent += max(s.height for s in solids if s.polygon().intersects(part))
    return _Climb(start, goal, length, ids, ascent, _covered(spans), max(b for _, b in spans))


def _covered(spans: list[tuple[float, float]]) -> float:
    """Total length of a union of intervals."""
    total, reach = 0.0, -math.inf
    for a, b in sorted(spans):
        if b > reach:
            total += b - max(a, reach)
            reach = b
    return total


def escalar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Escalar (3, AGI): climb over a wall or obstacle too tall to step over."""
    goal = _destination(state, figure, action, _book().climb.label)
    _on_ground(figure, _book().climb.label)
    start = figure.position
    budget = figure.mov + _book().climb.extra_k
    climb = _climb(state, figure, start, goal)
    if climb.ascent > budget + _FIT:
        raise IllegalActionError(
            say(
                "refused.terrain.climb_too_tall",
                names=_names(climb.over),
                ascent=climb.ascent,
                budget=budget,
            )
        )
    land = climb.landing(budget)
    if land is None:
        ground = climb.clear - climb.on_top
        raise IllegalActionError(
            say(
                "refused.terrain.climb_out_of_reach",
                names=_names(climb.over),
                ascent=climb.ascent,
                ground=ground,
                needed=climb.needed,
                budget=budget,
            )
        )
    problem = _landing_problem(state, figure, start, land)
    if problem:
        raise IllegalActionError(problem)
    surcharge, extra, swims = _ground(state, figure, [start, land])
    _no_water(swims)
    events = [spend(figure, _book().climb.ene + surcharge, _book().climb.label, extra)]
    outcome, event = _check(state, figure, _book().climb_entry, [])
    events.append(event)
    if not outcome.passed:
        failed = say("phrase.terrain.climb_failed", names=_names(climb.over))
        return [*events, _stays(figure, failed)]
    if outcome is Outcome.CRITICAL:
        further = climb.landing(budget + CRITICAL_EXTRA_K)
        if further is not None and _landing_problem(state, figure, start, further) is None:
            land = further
    _seat(state, figure, land)
    moved = math.dist(start, land)
    return events + _arrive(
        figure,
        start,
        land,
        moved,
        say("phrase.terrain.climbs"),
        climbed=list(climb.over),
        up=climb.ascent,
    )


# -- Salto de longitud (3, AGI) --------------------------------------------------------


def _scale(table: book.JumpTable, figure: Figure) -> float:
    return figure.mov if table.scale == "MOV" else figure.height


def _too_tall_to_jump(state: GameState, figure: Figure, start: Point, end: Point) -> list[Solid]:
    if start == end:
        return []
    line = shapely.LineString([start, end])
    tall = [s for s in state.world.solids if s.height >= _clearance(figure)]
    return [
        s for s, gap in zip(tall, _gaps(line, tall), strict=True) if gap < figure.radius - _SLACK
    ]


def _clearance(figure: Figure) -> float:
    """A jump clears what is lower than this: the jumper's height (Saltador: as tall too)."""
    return hookspecs.jump_clearance.thread(figure.height, figure)


def _jump_problem(state: GameState, figure: Figure, start: Point, end: Point) -> Reason | None:
    tall = _too_tall_to_jump(state, figure, start, end)
    if tall:
        what = _names(list(dict.fromkeys(f"{s.id} ({s.height:g} K)" for s in tall)))
        return say(
            "refused.terrain.too_tall_to_jump", what=what, figure=figure.id, height=figure.height
        )
    return _landing_problem(state, figure, start, end, clears=_clearance(figure))


def salto_de_longitud(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Salto de longitud (3, AGI): a straight jump of MOV × the AGI factor."""
    if action.options:  # Súper salto: a leap of the entry's K
        return _leap(state, figure, action)
    goal = _destination(state, figure, action, moves().jump.name)
    _on_ground(figure, moves().jump.name)
    start = figure.position
    length = math.dist(start, goal)
    if length == 0:
        raise IllegalActionError(say("refused.terrain.jump_point", action=moves().jump.name))
    factor = moves().jump_table.factor(figure.profile.agi)
    reach = _scale(moves().jump_table, figure) * factor + stats.stride_extra(
        figure, moves().jump.id
    )  # Saltador
    events, passed, land = _jump(
        state, figure, start, goal, reach, _fixed_ene(moves().jump), moves().jump.name
    )
    _seat(state, figure, land)
    if passed:
        jumps = say("phrase.terrain.jumps")
        return events + _arrive(figure, start, land, math.dist(start, land), jumps, reach=reach)
    events.append(
        Event(
            "short_jump",
            say("log.terrain.short_jump_flat", figure=figure.id),
            {"figure": figure.id},
        )
    )
    fell = say("phrase.terrain.fell_after_jump")
    return events + _arrive(figure, start, land, math.dist(start, land), fell)


def _jump(
    state: GameState, figure: Figure, start: Point, goal: Point, reach: float, ene: int,
    name: str,
) -> tuple[list[Event], bool, Point]:  # fmt: skip
    """A jump of ``reach`` K toward ``goal``, paid ``ene`` and checked with CH AGI: the
    events, whether it passed, and where it lands (a critical 1 K further when that is
    free; a failure half the way, or the last free spot before it)."""
    land = _along(start, goal, reach)
    problem = _jump_problem(state, figure, start, land)
    if problem:
        raise IllegalActionError(problem)
    events = [spend(figure, ene, name)]
    outcome, event = _check(state, figure, moves().jump, [])
    events.append(event)
    if not outcome.passed:
        return events, False, _short_landing(state, figure, start, goal, math.dist(start, land) / 2)
    if outcome is Outcome.CRITICAL:
        further = _along(start, goal, reach + CRITICAL_EXTRA_K)
        if further != land and _jump_problem(state, figure, start, further) is None:
            land = further
    return events, True, land


def _short_landing(
    state: GameState, figure: Figure, start: Point, goal: Point, distance: float
) -> Point:
    """Half the jump, or the last free spot before it (at worst where it took off)."""
    k = distance
    while k > 0:
        spot = _along(start, goal, k)
        if _landing_problem(state, figure, start, spot, clears=_clearance(figure)) is None:
            return spot
        k -= SHORT_STEP
    return start


def _leap_of(figure: Figure, label: str) -> tuple[float, int, int | None, int | None]:
    """(K, ENE, rough ENE, rough wounds) of the leap entry ``label`` the figure carries."""
    for trait, effect in entries_of(figure, None, Flight):
        if trait.name == label and effect.leap is not None and effect.leap_ene is not None:
            return effect.leap, effect.leap_ene, effect.rough_ene, effect.rough_wounds
    allowed = [t.name for t, e in entries_of(figure, None, Flight) if e.leap is not None]
    raise IllegalActionError(
        option_refused(figure.id, label, say("phrase.action.with_jump"), allowed)
    )


def _leap(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Súper salto (``leap`` + ``leap_ene``): a Salto de longitud that names the entry among
    its options goes that many K (plus Saltador's) for that ENE, with the jump's CH AGI as
    usual (a failure lands short at half the way).  When it takes off from or lands on
    difficult or extreme ground, a second CH AGI follows the landing: failed, it loses
    ``rough_ene`` ENE and checks CH CON, and a failed CH CON costs ``rough_wounds``
    wounds with no CH DEF (core.heights.rough_failure)."""
    if len(action.options) != 1:
        raise IllegalActionError(say("refused.terrain.one_leap"))
    label = action.options[0]
    k, ene, rough_ene, rough_wounds = _leap_of(figure, label)
    name = f"{moves().jump.name} ({label})"
    goal = _destination(state, figure, action, name)
    _on_ground(figure, name)
    start = figure.position
    if math.dist(start, goal) == 0:
        raise IllegalActionError(say("refused.terrain.jump_point", action=name))
    reach = k + stats.stride_extra(figure, moves().jump.id)  # Saltador
    events, passed, land = _jump(state, figure, start, goal, reach, ene, name)
    verb = say("phrase.terrain.jumps")
    if not passed:
        text = say("log.terrain.short_jump", figure=figure.id)
        events.append(Event("short_jump", text, {"figure": figure.id}))
        verb = say("phrase.terrain.fell_after_jump")
    _seat(state, figure, land)
    events += _arrive(figure, start, land, math.dist(start, land), verb, reach=reach)
    if rough_ene is None or rough_wounds is None or not (rough(state, start) or rough(state, land)):
        return events
    agi = figure.profile.agi
    outcome, event = roll(state, figure, f"CH AGI ({label})", agi, acting_modifiers(figure))
    events.append(event)
    if outcome.passed:
        return events
    return events + rough_failure(
        state, figure, label, rough_ene, rough_wounds, say("phrase.terrain.bad_landing")
    )


# -- Subir a un alto (3, AGI) ----------------------------------------------------------


def subir_a_un_alto(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Subir a un alto (3, AGI): jump up onto a wall or obstacle in contact, no higher than
    its height times the AGI band's factor, plus the leg-ups of up to two allies in base
    contact (half the helper's height each, :func:`_helping`); it then stands on top
    (Figure.perch), off the ground's table, until it gets down with Dejarse caer."""
    if action.point is None:
        raise IllegalActionError(say("refused.terrain.high_point", action=_book().high.name))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.engaged_ram"))
    _on_ground(figure, _book().high.name)
    if figure.perch:
        raise IllegalActionError(say("refused.terrain.already_on_top", figure=figure.id))
    spot = shapely.Point(action.point)
    under = [s for s in state.world.solids if s.polygon().distance(spot) <= _SLACK]
    if not under:
        raise IllegalActionError(say("refused.terrain.no_solid", action=_book().high.name))
    solid = max(under, key=lambda s: s.height)
    gap = solid.polygon().distance(shapely.Point(figure.position)) - figure.radius
    if gap > ENGAGED_GAP:
        raise IllegalActionError(
            say(
                "refused.terrain.high_not_in_contact",
                solid=solid.id,
                gap=gap,
                action=_book().high.name,
            )
        )
    factor = _book().high_table.factor(figure.profile.agi)
    own = hookspecs.climb_reach.thread(
        _scale(_book().high_table, figure) * factor, figure
    )  # Saltador
    helped = _helping(state, figure, solid.height - own)
    reach = own + sum(lift for _, lift in helped)
    if solid.height > reach + _FIT:
        with_help = (
            say("phrase.terrain.with_leg_up", lifts=_lifts(helped), reach=reach) if helped else ""
        )
        raise IllegalActionError(
            say(
                "refused.terrain.high_too_tall",
                solid=solid.id,
                height=solid.height,
                figure=figure.id,
                own=own,
                action=_book().high.name,
                figure_height=figure.height,
                factor=factor,
                agi=figure.profile.agi,
                help=with_help,
            )
        )
    events = [spend(figure, _fixed_ene(_book().high), _book().high.name)]
    outcome, event = _check(state, figure, _book().high, [])
    events.append(event)
    helpers = {"helpers": [h.id for h, _ in helped]} if helped else {}
    if not outcome.passed:
        aided = _aided(helped, say("phrase.terrain.despite_help", helpers=_lifts(helped)))
        text = say("log.terrain.high_failed", figure=figure.id, solid=solid.id, aided=aided)
        return [*events, Event("stay", text, {"figure": figure.id, **helpers})]
    state.lift(figure)  # up there it no longer stands among the bases on the ground
    start = figure.position
    figure.position, figure.perch = action.point, solid.height
    aided = _aided(helped, say("phrase.terrain.with_help", helpers=_lifts(helped)))
    text = say(
        "log.terrain.high_up", figure=figure.id, solid=solid.id, height=solid.height, aided=aided
    )
    moved = round(math.dist(start, action.point), 6)
    data = {"figure": figure.id, "from": list(start), "to": list(action.point),
            "perch": solid.height, "travelled": moved, **helpers}  # fmt: skip
    return [*events, Event("climb_up", text, data)]


def _helping(state: GameState, figure: Figure, short: float) -> list[tuple[Figure, float]]:
    """The leg-ups a climb ``short`` K beyond the climber's own reach takes: allies in base
    contact that could act (core.movement.lends_a_hand), the tallest first (ties by id), each
    adding half its height, until the climb is reached or two have helped.

    None when the climber reaches alone; all that can help when they are not enough.
    """
    allies = [
        o
        for o in state.figures.values()
        if lends_a_hand(state, figure, o) and in_contact(figure, o)
    ]
    allies.sort(key=lambda o: (-o.height, o.id))
    helped: list[tuple[Figure, float]] = []
    for ally in allies[:MAX_LEG_UPS]:
        if short <= _FIT:
            break
        lift = ally.height * LEG_UP
        helped.append((ally, lift))
        short -= lift
    return helped


def _lifts(helped: Sequence[tuple[Figure, float]]) -> Message | str:
    """The leg-ups, "b1 (+0.5 K) and c (+0.5 K)", joined in the reader's language."""
    joined: Message | str = ""
    for number, (ally, lift) in enumerate(helped):
        one = f"{ally.id} (+{lift:g} K)"
        joined = one if number == 0 else say("phrase.areas.and", left=joined, right=one)
    return joined


def _aided(helped: Sequence[tuple[Figure, float]], phrase: Message) -> Message | str:
    """The leg-ups in the log (" con la ayuda de b1 (+0.5 K) y c (+0.5 K)"), or nothing."""
    return phrase if helped else ""


# -- Dejarse caer (1) ------------------------------------------------------------------


def _fall_height(figure: Figure) -> float:
    """K to the ground from the figure's movement level (ALTURAS DE MOVIMIENTO), or from
    what it stands on (Subir a un alto)."""
    if figure.perch:
        return figure.perch
    if figure.level == 2:
        return LEVEL_2_LIFT
    if figure.level == 3:
        return math.inf  # gran altitud: above every band
    if figure.level == 1:
        raise IllegalActionError(say("refused.terrain.fall_on_ground", figure=figure.id))
    if figure.level < 1:
        raise IllegalActionError(
            say("refused.terrain.fall_below", figure=figure.id, level=figure.level)
        )
    raise IllegalActionError(
        say("refused.terrain.fall_space", figure=figure.id, level=figure.level)
    )


def _landing_spot(figure: Figure, point: Point | None) -> Point:
    """Straight down; off a perch, any spot within 1 K of the base's edge (its edge)."""
    if point is None or math.dist(point, figure.position) <= _FIT:
        return figure.position
    if not figure.perch:
        raise IllegalActionError(say("refused.terrain.fall_straight", action=_book().fall.name))
    if math.dist(point, figure.position) > figure.radius * 2 + PERCH_STEP:
        raise IllegalActionError(
            say("refused.terrain.fall_perch_step", action=_book().fall.name, step=PERCH_STEP)
        )
    return point


def fall_damage(height: float, figure_height: float) -> int:
    """Dejarse caer: the DAÑ of the band for a fall measured in the model's heights."""
    times = height / figure_height
    return next(
        b.dan
        for b in _book().fall.fall_damage
        if b.height_max is None or times <= b.height_max + _FIT
    )


def dejarse_caer(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Dejarse caer (1): drop straight down to the ground and take the band's DAÑ."""
    height = _fall_height(figure)
    spot = _landing_spot(figure, action.point)
    table = state.physics()  # level-1 bases only: the falling figure is not on it yet
    landing = Disc(figure.id, spot, figure.radius, figure.side)
    hits = table.overlaps(landing)
    if hits:
        raise IllegalActionError(say("refused.terrain.fall_on", names=_names(hits)))
    ground = [e.disc() for e in state.enemies_of(figure) if e.level == 1]
    near = too_close(landing, spot, ground)
    if near:
        raise IllegalActionError(say("refused.terrain.near_enemy", enemies=", ".join(near)))
    dan, halved = hookspecs.fall_dan.thread((fall_damage(height, figure.height), None), figure)
    spared = modifiers.falls_unharmed(figure) if dan else None  # Caer con estilo
    events = [spend(figure, _fixed_ene(_book().fall), _book().fall.name)]
    figure.next_action_modifier = 0
    figure.level, figure.perch, figure.position = 1, 0.0, spot
    table.place(landing)  # nothing may refuse the action after this
    drop = say("phrase.terrain.from_altitude") if math.isinf(height) else f"{height:g} K"
    events.append(
        Event(
            "fall",
            say(
                "log.terrain.fall",
                figure=figure.id,
                drop=drop,
                damage=dan,
                halved=say("phrase.terrain.halved", by=halved) if halved else "",
                spared=say("phrase.terrain.spared", entry=spared) if spared else "",
            ),
            {"figure": figure.id, "height": None if math.isinf(height) else height, "damage": dan},
        )
    )
    if dan == 0 or spared:
        return events + wound(state, figure, 0)
    return events + defend(state, figure, dan, "none", attacker=None)


# -- 180° (4, AGI D) -------------------------------------------------------------------


def _difficulty(entry: book.Action, figure: Figure) -> tuple[str, int]:
    """A difficult action's CH −1, or what the list names instead (180°: D = CON−AGI)."""
    if entry.difficulty_modifier is None:
        return ("difícil", -1)
    first, second = entry.difficulty_modifier.split("-")
    d = figure.profile.attribute(first) - figure.profile.attribute(second)
    return (f"difícil, D = {first}−{second} = {d}", -max(1, d))


def giro_180(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """180° (4, AGI D): MOV+4 K in a straight line, then a turn of up to 180°."""
    goal = _destination(state, figure, action, moves().turn.label)
    if figure.mov < moves().turn_min_mov:
        raise IllegalActionError(
            say(
                "refused.terrain.turn_min_mov",
                action=moves().turn.label,
                least=moves().turn_min_mov,
                figure=figure.id,
                mov=figure.mov,
            )
        )
    if _book().turn_not_altitude_3 and figure.level == 3:
        raise IllegalActionError(say("refused.terrain.turn_altitude", action=moves().turn.label))
    face = state.figure(action.target) if action.target is not None else None
    if face is figure:
        raise IllegalActionError(say("refused.terrain.face_itself", figure=figure.id))
    start = figure.position
    end, travelled, contacts = _slide(state, figure, goal, figure.mov + moves().turn.extra_k)
    if contacts:
        raise IllegalActionError(
            say("refused.terrain.turn_blocked", action=moves().turn.label, names=_names(contacts))
        )
    _refuse_near(state, figure, end)
    surcharge, extra, swims = _ground(state, figure, [start, end])
    _no_water(swims)
    events = [spend(figure, moves().turn.ene + surcharge, moves().turn.label, extra)]
    mods: Modifiers = [_difficulty(moves().turn_entry, figure)]
    if surcharge and _book().turn_rough:
        mods.append(("terreno difícil", _book().turn_rough))
    outcome, event = _check(state, figure, moves().turn_entry, mods)
    events.append(event)
    if outcome is Outcome.CRITICAL:
        end, travelled = _critical_slide(state, figure, goal, end, travelled, straight=True)
    heading = _heading(start, end, figure.facing)
    events += _arrive(figure, start, end, travelled, say("phrase.terrain.runs_straight"))
    if outcome.passed:
        if face is None:
            figure.facing = (heading + 180) % 360
        else:
            figure.facing = _heading(figure.position, face.position, heading)
        text = say("log.terrain.turned", figure=figure.id, facing=figure.facing)
        return [*events, Event("facing", text, {"figure": figure.id, "facing": figure.facing})]
    events.append(
        Event("no_turn", say("log.terrain.no_turn", figure=figure.id), {"figure": figure.id})
    )
    if outcome is Outcome.FUMBLE:
        dan = round_half_up(travelled)
        if dan > 0:
            text = say("log.terrain.fumble", figure=figure.id, damage=dan)
            events.append(Event("fumble", text, {"figure": figure.id, "damage": dan}))
            events += defend(state, figure, dan, "none", attacker=None)
    return events


# Registered for their checks and reasons, but always refused in the end: the
# board cannot yet stand a figure on top of an obstacle.
# What a Pj on top of something may still do that moves or turns its body there.
_PERCHED_OK = frozenset({"dejarse_caer", "agacharse", "cuerpo_a_tierra", "levantarse"})
_MOVING_COMBAT = frozenset({"embestir", "huir", "destrabarse", "cargar", "contracarga"})


@hookspecs.refusal.impl(order=70, key="perch")
def perch_refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """On top of a wall or obstacle (Subir a un alto) a Pj gets down before it moves."""
    if not figure.perch or action.kind in _PERCHED_OK:
        return None
    if action.kind in movement_ids() or action.kind in _MOVING_COMBAT:
        return say("refused.terrain.perched", figure=figure.id, height=figure.perch)
    return None


HANDLERS: dict[str, Handler] = {
    "mover_sin_hacer_ruido": mover_sin_hacer_ruido,
    "nadar": nadar,
    "escalar": escalar,
    "salto_de_longitud": salto_de_longitud,
    "subir_a_un_alto": subir_a_un_alto,
    "dejarse_caer": dejarse_caer,
    "giro_180": giro_180,
}
register(HANDLERS)
