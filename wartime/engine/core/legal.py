"""The legal decisions of a position, for players, the AI and tests.

Discrete choices are listed in full.  Move destinations are continuous: the
list holds a sample (eight directions at full stride), and
:meth:`GameState.check` validates any other point (DESIGN.md §3).
"""

from __future__ import annotations

import math
from itertools import chain
from typing import TYPE_CHECKING

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import candidates as offers
from wartime.engine.core import hookspecs, midway
from wartime.engine.core.acting import SAME_FACING, TURN
from wartime.engine.core.action import Action
from wartime.engine.core.book import COUNTER, MENTAL
from wartime.engine.core.deployment import choices
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.engine.core.movement import engaged_with, holder, moves
from wartime.engine.core.pending import PendingKind
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.responses import DODGE, FLEE, GUARD, answers, counter_mages
from wartime.engine.core.routes import move_problem
from wartime.engine.core.sequence import candidates, possessed
from wartime.engine.core.sight import endless
from wartime.engine.core.stats import charge_extra, prices_moves, sight_extra, stride_extra, vol
from wartime.engine.core.vehicles import TURN_LIMIT, drives
from wartime.geometry.distance import edge_distance
from wartime.geometry.vision import in_arc, vision_range

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

# Sampled destinations: Mover in eight directions, the longer strides in four
# (any other point is validated on demand with GameState.check).
SAMPLES = {"mover": 8, "correr": 4, "esprintar": 4}


def legal_actions(state: GameState) -> list[Action]:
    pending = state.pending
    if pending.kind is PendingKind.DEPLOY:
        return choices(state)
    if pending.kind is PendingKind.INITIATIVE:
        return [Action("initiative", f.id) for f in state.living(pending.side or "")]
    if pending.kind is PendingKind.ACTIVATE:
        return [Action("activate", f.id) for f in candidates(state, pending.side)]
    if pending.kind is PendingKind.ACT:
        actor = state.figure(pending.figure)
        return _act_choices(state, actor) + _puppet_choices(state, actor)
    if pending.kind is PendingKind.REACT:
        window = state.window
        assert window is not None

        reacts = [Action("react", fid) for fid in window.candidates]
        volleys = chain.from_iterable(hookspecs.reaction_offers.collect(state, window))
        return [Action("pass"), *reacts, *volleys]
    if pending.kind is PendingKind.RESPOND:
        return _answers(state, state.figure(pending.figure))
    if pending.kind is PendingKind.REACT_ACT:
        reactor = state.figure(pending.figure)
        return [Action("pass", reactor.id), *_act_choices(state, reactor, reacting=True)]
    if state.suspended is not None:  # a question midway through a resolution (midway.py)
        return midway.choices(state)
    return []


def _answers(state: GameState, figure: Figure) -> list[Action]:
    """Pass, Esquivar en CaC, or Huir 3 K in eight directions (each checked); in a
    Combate mental, pass or strike back."""
    if state.exchange is not None:
        back = Action(MENTAL, figure.id, target=state.exchange.striker)
        return [Action("pass", figure.id), *([back] if state.check(back) is None else [])]
    declared = state.declared
    assert declared is not None
    caster = state.figure(declared.actor)
    found = answers(state, caster, declared.action)
    mages = counter_mages(state, caster, declared.action)
    options = [Action("pass", figure.id), *(Action(COUNTER, m) for m in mages)]
    options += [Action(GUARD, g) for g in declared.guards]  # Guardaespaldas (guards.py)
    if DODGE in found:
        options.append(Action(DODGE, figure.id))
    for kind in found:  # an action's or an entry's answer: Desenfundar, Manipulador
        if kind not in (DODGE, FLEE):
            offered = hookspecs.answer_choices.first(state, figure, caster, declared.action, kind)
            options += [Action(kind, figure.id)] if offered is None else offered
    if FLEE in found:
        x, y = figure.position
        ways = [2 * math.pi * k / 8 for k in range(8)]
        points = [(round(x + 3 * math.cos(a), 6), round(y + 3 * math.sin(a), 6)) for a in ways]
        flights = [Action(FLEE, figure.id, point=p) for p in points]
        options += [a for a in flights if state.check(a) is None]
    return options


def _puppet_choices(state: GameState, possessor: Figure) -> list[Action]:
    """Poseer: what the figures ``possessor`` possesses may do, on its ENE, for its side.

    The candidates come from a copy in which each puppet already holds the possessor's
    ENE, side and chained-action count (as mind.puppet_action lends them); each is then
    checked on the real state.  Nothing to do when no figure is possessed (the usual case).
    """
    puppets = [
        f for f in state.figures.values()
        if f.possessed_by == possessor.id and possessed(state, f)
    ]  # fmt: skip
    found: list[Action] = []
    for puppet in puppets:
        trial = state.clone()
        body = trial.figures[puppet.id]
        body.ene, body.side = possessor.ene, possessor.side
        body.actions_taken = possessor.actions_taken
        candidates = (a for a in _act_choices(trial, body) if a.kind != "end")
        found += [a for a in candidates if state.check(a) is None]
    return found


def _act_choices(state: GameState, figure: Figure, reacting: bool = False) -> list[Action]:
    options = [] if reacting else [Action("end", figure.id)]
    forced = hookspecs.forced_actions.first(state, figure, reacting)  # away, tied, a fury...
    if forced is not None:
        return [*options, *forced]
    held = holder(state, figure) is not None  # Inmovilizar enemigo: no change of posture
    options += _attacks(state, figure) + _metaabilities(state, figure)
    options += chain.from_iterable(hookspecs.offers.collect(state, figure))
    steady = [
        Action(kind, figure.id) for kind in POSTURES if not held and _posture_ok(figure, kind)
    ]
    if not reacting and _can_wait(state, figure):
        steady.append(Action("esperar", figure.id))
    if prices_moves(figure):  # Lento: a posture costs more than it looks (limits.py)
        steady = [a for a in steady if state.check(a) is None]
    moves: list[Action] = []
    free: dict[int, float] = {}
    charges: list[Action] = []
    if figure.aboard is None and not figure.perch and not engaged_with(state, figure):
        free = _open_ways(state, figure)
        moves = [
            a
            for a, way in _moves(figure, free)
            if move_problem(state, figure, a, engaged=False, clear=_within(figure, a, free, way))
            is None
        ]
        charges = reachable_charges(state, figure)
        options += charges
    views = offers.look(state, figure, charges)  # the lines of sight checked below, at once
    plain = offers.plain_position(state, figure)
    legal = [
        a
        for a in options
        if a.kind == "end"
        or (not (plain and offers.hopeless(views, figure, a)) and state.check(a) is None)
    ]
    more = offers.choices(state, figure, legal + moves, free, views, reacting)  # variants...
    return list(dict.fromkeys(legal + steady + moves + more + _turns(figure, reacting)))


def _turns(figure: Figure, reacting: bool) -> list[Action]:
    """Girar y pivotar: the eight facings a Pj may turn to for free while it acts (any
    other facing is as legal; the list samples them as it samples moves)."""
    if reacting or drives(figure) or figure.panic:
        return []
    facings = (45.0 * k for k in range(8))
    return [
        Action(TURN, figure.id, facing=f)
        for f in facings
        if abs((f - figure.facing + 180.0) % 360.0 - 180.0) >= SAME_FACING
    ]


# The simple actions whose legality is plain to see: checked without a trial state
# (tests/test_engine.py holds them equal to GameState.check).
POSTURES = {"agacharse": Posture.CROUCHED, "cuerpo_a_tierra": Posture.PRONE,
            "levantarse": Posture.STANDING}  # fmt: skip


def _affords(figure: Figure, cost: int) -> bool:
    return figure.ene - cost >= (REACTION_FLOOR if figure.reacting else 0)


def _posture_ok(figure: Figure, kind: str) -> bool:
    if figure.panic or drives(figure) or figure.aboard:  # no posture in or as a transport
        return False
    return figure.posture is not POSTURES[kind] and _affords(figure, 1)


def _can_wait(state: GameState, figure: Figure) -> bool:
    return not figure.panic and _affords(figure, 1) and not engaged_with(state, figure)


def reachable_charges(state: GameState, figure: Figure) -> list[Action]:
    """Cargar at enemies within reach; the full check (LdV, the way) follows."""
    if figure.ene < moves().strides["cargar"].ene:
        return []
    reach = figure.mov + moves().strides["cargar"].extra_k + charge_extra(state, figure)  # a cry
    return [
        Action("cargar", figure.id, target=e.id)
        for e in state.enemies_of(figure)
        if moves().charge_min
        <= edge_distance(figure.position, figure.radius, e.position, e.radius)
        <= reach
    ]


def _attacks(state: GameState, figure: Figure) -> list[Action]:
    enemies = state.enemies_of(figure)
    ranged = [w for w in figure.profile.weapons if w.ranged]
    melee: list[str | None] = [w.id for w in figure.profile.weapons if not w.ranged] or [None]
    shots = [
        Action("ataque_distancia", figure.id, target=e.id, item=w.id)
        for w in ranged
        for e in enemies
        if _may_shoot(state, figure, e, w)
    ]
    engaged = engaged_with(state, figure)
    blows = [Action("ataque_cac", figure.id, target=e.id, item=w) for w in melee for e in engaged]
    attacks = shots + blows  # and an entry's own attack (Arma corta):
    attacks += chain.from_iterable(hookspecs.extra_attacks.collect(state, figure))
    if attacks:  # Frenesí, Maestro de esgrima, Poderoso... (options.py)
        attacks += chain.from_iterable(hookspecs.attack_variants.collect(figure, attacks))
    return list(dict.fromkeys(attacks))  # an entry's own attack may be a variant too


def _may_shoot(state: GameState, figure: Figure, target: Figure, weapon: Weapon) -> bool:
    """What a shot needs before its full check (combat.check_shot): the target in the CdV
    arc and range, and within the weapon's ALC.  Cheap: no cover, no trial state."""
    if endless(figure, weapon):  # Alcance infinito: only LdV limits it
        return True
    gap = edge_distance(figure.position, figure.radius, target.position, target.radius)
    if gap > weapon.alc or gap > vision_range(vol(state, figure)) + sight_extra(figure):
        return False
    return in_arc(figure.position, figure.facing, target.position, target.radius)


def _metaabilities(state: GameState, figure: Figure) -> list[Action]:
    """Usar each metaability on itself and on every figure within its ALC."""
    options: list[Action] = []
    for ability in figure.profile.metaabilities:
        if ability.attribute is None or not _affords(figure, ability.ene):
            continue
        near = [
            other
            for other in state.figures.values()
            if other is not figure
            and other.present
            and edge_distance(figure.position, figure.radius, other.position, other.radius)
            <= ability.alc
        ]
        options += chain.from_iterable(
            hookspecs.metaability_offers.collect(state, figure, ability, near)
        )  # at itself, a point, a figure near, a body
    return options


WAYS = 8  # sampled directions; a stride sampled in fewer takes every other one


def _moves(figure: Figure, free: dict[int, float]) -> list[tuple[Action, int]]:
    """The sampled moves, each with its direction (0..7, counterclockwise from +x): as far
    as the stride reaches, or as far as the straight run is free.  (A point beyond what
    shuts the way is as legal, the move winding round it, core.routes; but the list is a
    sample, and a way round costs a path search for each.)"""
    if drives(figure):
        return [(a, -1) for a in _drives(figure)]
    out = []
    for kind, directions in SAMPLES.items():
        if figure.ene < moves().strides[kind].ene:  # cannot pay even on easy ground
            continue
        reach = figure.mov + moves().strides[kind].extra_k + stride_extra(figure, kind)  # Rápido
        for step in range(directions):
            way = step * WAYS // directions
            run = min(reach, free.get(way, reach))
            if run > SHORTEST:
                out.append((Action(kind, figure.id, point=_ahead(figure, way, run)), way))
    return out


SHORTEST = 0.05  # K: a sampled move shorter than this is no move (routes.BLOCKED)


def _within(figure: Figure, action: Action, free: dict[int, float], way: int) -> bool:
    """The sampled destination lies within the free straight run of its direction."""
    assert action.point is not None
    return way in free and math.dist(figure.position, action.point) <= free[way] + 1e-6


def _ahead(figure: Figure, way: int, reach: float) -> Point:
    angle = 2 * math.pi * way / WAYS
    x = figure.position[0] + reach * math.cos(angle)
    y = figure.position[1] + reach * math.sin(angle)
    return round(x, 6), round(y, 6)


def _open_ways(state: GameState, figure: Figure) -> dict[int, float]:
    """How far the base runs straight and free in each sampled direction: one physics
    probe there vouches for every shorter stride on that line (a prefix of a free
    straight path is free), up to where its straight piece ended (before any slide)."""
    if figure.level != 1 or drives(figure):
        return {}
    longest = max((k for k in SAMPLES if figure.ene >= moves().strides[k].ene), default=None,
                  key=lambda k: moves().strides[k].extra_k)  # fmt: skip
    if longest is None:
        return {}
    reach = figure.mov + moves().strides[longest].extra_k + stride_extra(figure, longest)
    table = state.physics()
    free = {}
    for way in range(WAYS):
        probe = table.probe_move(figure.id, _ahead(figure, way, reach), reach)
        free[way] = math.dist(figure.position, probe.stop or probe.end)
    return free


def _drives(figure: Figure) -> list[Action]:
    """A transport: ahead at full stride (and back at Mover's), turning 0° or ±45° at the end."""
    out = []
    heading = math.radians(figure.facing)
    turns = [None, (figure.facing - TURN_LIMIT) % 360, (figure.facing + TURN_LIMIT) % 360]
    for kind in SAMPLES:
        if figure.ene < moves().strides[kind].ene:
            continue
        reach = figure.mov + moves().strides[kind].extra_k
        for way in (1, -1) if kind == "mover" else (1,):
            x = figure.position[0] + way * reach * math.cos(heading)
            y = figure.position[1] + way * reach * math.sin(heading)
            point = (round(x, 6), round(y, 6))
            out += [
                Action(kind, figure.id, point=point, facing=None if t is None else round(t, 6))
                for t in turns
            ]
    return out
