"""Movement as every rule reads it (MOVIMIENTO, ACCIONES DE MOVIMIENTO): the strides of
the action list, contact in CaC, and the noise a move makes.

The movement actions themselves (Mover, Correr, Cargar...) are played by their action
module; what an entry changes about moving (Incorpóreo) it answers through a hook.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.events import Event
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance, toward
from wartime.geometry.vision import in_arc
from wartime.i18n import say
from wartime.rules.actions import Action as ListedAction
from wartime.rules.actions import JumpTable, load_actions
from wartime.rules.effects import EntryAction

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.state import GameState

HIGH = 3  # Volar en altura 3 (MOVIMIENTO): the height where figures always move their whole MOV
BLOCKED = 1e-6  # K: a move that gets no farther than this goes nowhere, and is refused
ENGAGED_GAP = 0.05  # K: bases this close are in contact, engaged in CaC
FAST = 5.0  # K moved this turn: shooting from or at it takes CH IMP −1
_DISTANCE = re.compile(r"^MOV(?:\+(\d+(?:\.\d+)?))?(?: \(min (\d+(?:\.\d+)?)\))?$")


@dataclass(frozen=True)
class Stride:
    """How one movement action is paid and how far it may go, from the action list."""

    label: str
    ene: int
    extra_k: float  # added to MOV
    minimum_k: float = 0.0


def stride(action_id: str) -> Stride:
    """Read a "MOV+N (min M)" movement of the action list (data/actions.yaml)."""
    action = load_actions().find(action_id)
    match = _DISTANCE.match(action.distance or "") if action else None
    if action is None or match is None or not isinstance(action.ene, int):
        raise ValueError(f"'{action_id}' is not a MOV-based action with a fixed ENE cost")
    return Stride(action.name, action.ene, float(match.group(1) or 0), float(match.group(2) or 0))


def listed(action_id: str) -> ListedAction:
    """The movement action ``action_id`` of the action list (a missing one is a bug)."""
    entry = load_actions().find(action_id)
    if entry is None:
        raise ValueError(f"'{action_id}' is not in the action list")
    return entry


def agi_table(entry: ListedAction) -> JumpTable:
    """The AGI table an action of the list reads its reach from (Salto de longitud...)."""
    if entry.table is None:
        raise ValueError(f"'{entry.id}' has no AGI table")
    return entry.table


@dataclass(frozen=True)
class Moves:
    """The movement actions of the list as the rules read them: the strides, and the
    terrain moves that the legal lists sample as well as their handlers play."""

    strides: Mapping[str, Stride]  # mover, correr, esprintar, cargar
    charge_min: float  # Cargar: at least 2 K of movement
    silent: Stride  # Mover sin hacer ruido
    turn: Stride  # Giro de 180°
    turn_entry: ListedAction
    turn_min_mov: int
    jump: ListedAction  # Salto de longitud
    jump_table: JumpTable


# Read when a rule first asks, never at import: commands that play no game must not
# parse actions.yaml (issue 16).
@functools.cache
def moves() -> Moves:
    """The list's movement actions, read once."""
    strides = {kind: stride(kind) for kind in ("mover", "correr", "esprintar", "cargar")}
    turn_entry, jump = listed("giro_180"), listed("salto_de_longitud")
    return Moves(
        strides=strides,
        charge_min=strides["cargar"].minimum_k,
        silent=stride("mover_sin_hacer_ruido"),
        turn=stride("giro_180"),
        turn_entry=turn_entry,
        turn_min_mov=next((r.value or 0 for r in turn_entry.requires if r.id == "min_mov"), 0),
        jump=jump,
        jump_table=agi_table(jump),
    )


def intangible(figure: Figure) -> bool:
    """It touches nothing and nothing touches it (Incorpóreo, switched on)."""
    return any(hookspecs.intangible.collect(figure))


def climbs(figure: Figure) -> bool:
    """Its moves go over walls and obstacles as easy ground (Araña)."""
    return any(hookspecs.climbs.collect(figure))


def through(
    state: GameState, figure: Figure, goal: Point, budget: float, keep: bool
) -> tuple[Point, float]:
    """An intangible base's way toward ``goal`` (at most ``budget`` K): straight, through
    anything; the base must end clear.  With ``keep`` the movement table follows it there."""
    if math.dist(figure.position, goal) == 0:
        return goal, 0.0
    end, travelled = toward(figure.position, goal, budget)
    disc = replace(figure.disc(), centre=end)
    table = state.physics()
    found = table.overlaps(disc)
    if found:
        raise IllegalActionError(
            say("refused.movement.intangible", figure=figure.id, others=", ".join(found))
        )
    if keep and table.holds(figure.id):
        table.remove(figure.id)
        table.place(disc)
    return end, travelled


def engaged_with(state: GameState, figure: Figure) -> list[Figure]:
    """Enemies in base contact: engaged in CaC (never an intangible one)."""
    if intangible(figure):
        return []
    # The contact first: it rules out most enemies before their hooks are asked.
    return [
        e
        for e in state.enemies_of(figure)
        if e.level == figure.level
        and e.perch == figure.perch  # one on a roof is not in CaC with one below
        and edge_distance(figure.position, figure.radius, e.position, e.radius) <= ENGAGED_GAP
        and not intangible(e)
    ]


def melee_group(state: GameState, figure: Figure) -> list[Figure]:
    """Combate CaC múltiple: everyone linked to ``figure`` through base contacts with enemies."""
    found = {figure.id: figure}
    frontier = [figure]
    while frontier:
        for other in engaged_with(state, frontier.pop()):
            if other.id not in found:
                found[other.id] = other
                frontier.append(other)
    return sorted(found.values(), key=lambda f: f.id)


def in_contact(figure: Figure, other: Figure) -> bool:
    """Base contact on the same ground (the 0.05 K of CaC contact)."""
    gap = edge_distance(figure.position, figure.radius, other.position, other.radius)
    return other.level == figure.level and other.perch == figure.perch and gap <= ENGAGED_GAP


def lends_a_hand(state: GameState, figure: Figure, ally: Figure) -> bool:
    """Whether ``ally`` could help ``figure`` bodily (a leg-up, a share of a load).

    Another figure of its side that could act with its body: standing on the ground
    (not crouched or prone, not on top of anything, not aboard), neither a casualty nor
    in panic, not held or tied, and not engaged in CaC.  Base contact is the caller's.
    """
    return (
        ally is not figure
        and ally.side == figure.side
        and ally.on_table
        and not ally.removed
        and ally.posture is Posture.STANDING
        and not ally.panic
        and ally.held_by is None
        and ally.tied is None
        and not engaged_with(state, ally)
    )


def contact_point(figure: Figure, target: Figure) -> Point:
    """Where ``figure``'s base touches ``target``'s, coming straight from where it stands
    (Cargar, Embestir)."""
    dx, dy = figure.position[0] - target.position[0], figure.position[1] - target.position[1]
    length = math.hypot(dx, dy) or 1.0
    reach = target.radius + figure.radius
    return (target.position[0] + dx / length * reach, target.position[1] + dy / length * reach)


def has_room(state: GameState, figure: Figure, spot: Point) -> bool:
    """Whether ``figure``'s base would overlap nothing at ``spot`` (a landing, a passenger
    set down)."""
    disc = replace(figure.disc(), centre=spot)
    return not state.physics().overlaps(disc, ignore=figure.id)


def free_high(figure: Figure) -> str | None:
    """The entry that frees ``figure`` of Volar en altura 3's limits on pivoting and on
    actions in a row (Aerostático), or None."""
    return hookspecs.free_high.first(figure)


def pivot_cost(figure: Figure) -> int | None:
    """Pivotante: the ENE its bearer's Pivotar costs (None: it carries no such entry)."""
    return min((e.pivot for _, e in entries_of(figure, None, EntryAction) if e.pivot), default=None)


def previous_action(state: GameState, figure: Figure) -> str | None:
    """The figure's last action in this activation (history holds every decision): what
    Maniobrar must follow, what Volar en altura 3 must not take twice in a row."""
    if figure.actions_taken == 0:
        return None
    for past in reversed(state.history):
        if past.figure == figure.id and past.kind not in ("react", "pass", "activate"):
            return past.kind
    return None


def noise_event(figure: Figure, source: Point, radius: float) -> Event:
    """A sound for REACCIONES: heard through walls by the geometry noise rule."""
    text = say("log.movement.noise", figure=figure.id, radius=radius)
    return Event("noise", text, {"figure": figure.id, "source": list(source), "radius": radius})


SPOT_REACH = 10.0  # K around where a base was that a free spot is looked for
SPOT_STEP = 0.25  # K between the rings looked at


def shove(state: GameState, target: Figure, away_from: Point, distance: float) -> Event:
    """Push ``target`` straight away from ``away_from``; walls and bases stop it (Empujar,
    Munición de parada)."""
    dx, dy = target.position[0] - away_from[0], target.position[1] - away_from[1]
    length = math.hypot(dx, dy) or 1.0
    goal = (
        target.position[0] + dx / length * distance,
        target.position[1] + dy / length * distance,
    )
    start = target.position
    if target.level == 1:
        moved = state.physics().move_toward(target.id, goal, distance)
        end, travelled = moved.end, moved.travelled
    else:
        end, travelled = goal, distance
    target.position = end
    text = say("log.movement.pushed", figure=target.id, travelled=travelled, x=end[0], y=end[1])
    data = {"figure": target.id, "from": list(start), "to": list(end), "travelled": travelled}
    return Event("pushed", text, data)


def free_spot(state: GameState, figure: Figure) -> Point | None:
    """The nearest point to where ``figure`` stands or fell where its base overlaps nothing (bases,
    solids, the table's edge): rings of 16 to 64 points every SPOT_STEP K, up to SPOT_REACH K."""
    table = state.physics()
    x, y = figure.position
    base = figure.disc()
    if not table.overlaps(base, ignore=figure.id):
        return figure.position
    rings = int(SPOT_REACH / SPOT_STEP)
    for ring in range(1, rings + 1):
        radius = ring * SPOT_STEP
        count = min(64, max(16, int(2 * math.pi * radius / SPOT_STEP)))
        for step in range(count):
            angle = math.radians(figure.facing) + 2 * math.pi * step / count
            spot = (round(x + radius * math.cos(angle), 6), round(y + radius * math.sin(angle), 6))
            if not table.overlaps(replace(base, centre=spot), ignore=figure.id):
                return spot
    return None


def holder(state: GameState, figure: Figure) -> Figure | None:
    """Who holds ``figure`` now (Inmovilizar enemigo): the hold lasts while the holder
    stands and touches it."""
    if figure.held_by is None:
        return None
    grip = state.figures.get(figure.held_by)
    if grip is None or grip.casualty or grip not in engaged_with(state, figure):
        return None
    return grip


def backs_at(state: GameState, figure: Figure, point: Point) -> frozenset[str]:
    """The enemies whose back a silent mover reaching ``point`` would touch: the CaC it
    may engage in, coming within 1 K (MOVIMIENTO, Restricciones)."""
    return frozenset(
        e.id
        for e in state.enemies_of(figure)
        if e.level == figure.level
        and not in_arc(e.position, e.facing, point, 0.0)
        and edge_distance(point, figure.radius, e.position, e.radius) <= ENGAGED_GAP
    )
