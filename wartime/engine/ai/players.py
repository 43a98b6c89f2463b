"""The baseline AI: a greedy, deterministic player for tests and the simulator.

It drinks a healing object when badly hurt and restores an energy shield, shoots or
strikes where the expected wounds are highest (spending its Poder and Maestro de
esgrima's +1, never an option with a price; an area weapon only at a group), reloads an
empty gun, charges when a blow would follow (stepping back first when it stands too
close for a Cargar), moves into cover when it is shot at and cannot answer, and
otherwise closes in on the nearest enemy along the shortest way round walls and bases
(core.paths): sprinting while nothing could reach an enemy anyway, ending a move short
where that hides it much better from the enemies' guns, and where a charger's Cargar can
start; a transport follows that way leg by leg.  A shot that promises little
waits until moving closer is not possible.  It hands over when nothing is worth its
ENE.  It proposes candidates in order of preference and plays the first one the engine
accepts, so it never needs the full list of legal actions.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import shapely

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import COUNTER, DRAW, MENTAL, USE_BONUS
from wartime.engine.core.combat import melee_damage, range_penalty, rounds_left, sight
from wartime.engine.core.figures import Figure
from wartime.engine.core.magic import mind_attribute
from wartime.engine.core.movement import engaged_with, moves
from wartime.engine.core.paths import Path, find_path
from wartime.engine.core.pending import (
    DECLINE,
    MORE_DAMAGE,
    NO_DAMAGE,
    NO_FUMBLE,
    PLUS_ONE,
    REROLL,
    PendingKind,
)
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.responses import DODGE, answers, counter_mages
from wartime.engine.core.sequence import candidates
from wartime.engine.core.shields import shield_of
from wartime.engine.core.sight import hidden_in_dark, in_vision
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import charge_extra, vol
from wartime.engine.core.traits import used
from wartime.engine.core.vehicles import TURN_LIMIT, drives
from wartime.geometry.distance import edge_distance
from wartime.geometry.vision import silhouette_base
from wartime.rules.dice import check_odds
from wartime.rules.linked import AVATAR, REMOTE_CONTROL

MAX_ACTIONS = 8  # per activation: a guard, the ENE runs out first
REACT_ODDS = Fraction(1, 2)  # react only when the CH VOL is at least even odds
# Fortuna: a sure pass first, then a new die, then the hits; "no" when nothing else fits.
LUCK_FIRST = (PLUS_ONE, REROLL, NO_DAMAGE, MORE_DAMAGE, NO_FUMBLE, DECLINE)


def choose(state: GameState) -> Action:
    """The baseline's decision for the pending choice."""
    pending = state.pending
    if pending.kind is PendingKind.DEPLOY:
        return state.legal_actions()[0]  # the first free spot, from the zone's corner
    if pending.kind is PendingKind.INITIATIVE:
        best = max(state.living(pending.side or ""), key=lambda f: (vol(state, f), f.id))
        return Action("initiative", best.id)
    if pending.kind is PendingKind.ACTIVATE:
        ready = candidates(state, pending.side)
        return Action("activate", min(ready, key=lambda f: (_nearest_gap(state, f), f.id)).id)
    if pending.kind is PendingKind.REACT:
        return _reactor(state)
    if pending.kind is PendingKind.FORTUNE:  # luck is spent on the first chance it gets
        offered = {a.item: a for a in state.legal_actions()}
        return next(offered[use] for use in LUCK_FIRST if use in offered)
    if pending.kind is PendingKind.JUMP:  # the jump goes at an enemy when it can
        options = state.legal_actions()
        attacker = state.figure(pending.figure)
        foes = [a for a in options if state.figure(a.target).side != attacker.side]
        return (foes or options)[0]
    figure = state.figure(pending.figure)
    if pending.kind is PendingKind.RESPOND:
        return _answer(state, figure)
    if pending.kind is PendingKind.REACT_ACT:
        return _first_legal(state, _attacks(state, figure), Action("pass", figure.id))
    if figure.actions_taken >= MAX_ACTIONS:
        return Action("end")
    if figure.away:  # Desaparecer: back at the first spot that fits (the forced choices)
        back = hookspecs.forced_actions.first(state, figure, False) or []
        return _first_legal(state, iter(back), Action("end"))
    return _first_legal(state, _preferences(state, figure), Action("end"))


def _first_legal(state: GameState, options: Iterator[Action], fallback: Action) -> Action:
    for action in options:
        if state.check(action) is None:
            return action
    return fallback


def _reactor(state: GameState) -> Action:
    """React with the likeliest CH VOL among those who could then hit someone."""
    window = state.window
    assert window is not None
    ready = [state.figures[fid] for fid in window.candidates]
    worth = [
        f for f in ready
        if check_odds(vol(state, f)).success >= REACT_ODDS and _has_attack(state, f)
    ]  # fmt: skip
    if not worth:
        return Action("pass")
    return Action("react", max(worth, key=lambda f: (vol(state, f), f.id)).id)


def _answer(state: GameState, figure: Figure) -> Action:
    """Dodge a CaC blow, or draw against a shot, when its AGI is at least the attacker's;
    otherwise take what comes.
    In a Combate mental, strike back while its mind is at least as strong."""
    if state.exchange is not None:
        striker = state.figure(state.exchange.striker)
        mine, theirs = mind_attribute(state, figure), mind_attribute(state, striker)
        back = Action(MENTAL, figure.id, target=striker.id)
        if mine and (theirs is None or mine[1] >= theirs[1]) and state.check(back) is None:
            return back
        return Action("pass", figure.id)
    declared = state.declared
    assert declared is not None
    attacker = state.figure(declared.actor)
    mages = [state.figure(m) for m in counter_mages(state, attacker, declared.action)]
    if mages:  # Contramagia from its strongest mind, when it is at least the caster's
        mage = max(mages, key=lambda m: (m.profile.int_, m.id))
        if mage.profile.int_ >= attacker.profile.int_:
            return Action(COUNTER, mage.id)
    found = answers(state, attacker, declared.action)
    quicker = figure.profile.agi >= attacker.profile.agi
    if DODGE in found and quicker:
        return Action(DODGE, figure.id)
    if DRAW in found and quicker:  # a duel it should win: draw and fire first
        draw = Action(DRAW, figure.id)
        if state.check(draw) is None:
            return draw
    return Action("pass", figure.id)


def _has_attack(state: GameState, figure: Figure) -> bool:
    return any(True for _ in _attacks(state, figure))


def _attacks(state: GameState, figure: Figure) -> Iterator[Action]:
    yield from _strikes(state, figure)
    if not engaged_with(state, figure):
        yield from _shots(state, figure, Fraction(0))


def _preferences(state: GameState, figure: Figure) -> Iterator[Action]:
    # what it owes before all else: the charge of a fury, Gallina's retreat... (the hook)
    yield from hookspecs.forced_actions.first(state, figure, False) or []
    yield from _mend(figure)
    yield from _operate(state, figure)
    yield from _summon(state, figure)
    yield from _strikes(state, figure)
    if engaged_with(state, figure):
        return
    yield from _shots(state, figure, WORTH)
    yield from _reload(figure)
    yield from _recharge(figure)
    yield from _charges(state, figure)
    yield from _run_up(state, figure)
    yield from _shelter(state, figure)
    yield from _advance(state, figure)
    yield from _shots(state, figure, Fraction(0))  # a poor shot beats standing idle
    yield from _take_cover(state, figure)


SHELTER_GAIN = 25.0  # % of cover worth a move when it cannot hit back
SURE_HIT = Fraction(7, 10)  # Maestro de esgrima: below these odds the +1 goes to the CH IMP
POWER = "Poderoso ("  # its options are "Poderoso (N)", N the Poder spent


def _mend(figure: Figure) -> Iterator[Action]:
    """Drink a healing object once half its CON is wounds."""
    if 2 * figure.wounds >= figure.profile.con:
        for gear in figure.profile.gear:
            if gear.id not in figure.used_up and any(e.heals for _, e in used(gear)):
                yield Action("usar", figure.id, item=gear.id)


def _operate(state: GameState, figure: Figure) -> Iterator[Action]:
    """Activate the remote units it operates (Control remoto) before acting itself: each
    has one activation a turn, and only its operator can give it."""
    for ally in state.living(figure.side):
        if ally.profile.controller == figure.profile.character and not ally.acted:
            yield Action(USE_BONUS, figure.id, target=ally.id, item=REMOTE_CONTROL)


def _summon(state: GameState, figure: Figure) -> Iterator[Action]:
    """Summon the avatars it may (Avatar): one more figure in the fight is worth ENE 3."""
    if state.summonable:
        offered = itertools.chain.from_iterable(hookspecs.offers.collect(state, figure))
        yield from (a for a in offered if a.item == AVATAR)


def _reload(figure: Figure) -> Iterator[Action]:
    """Recargar a weapon whose magazine is empty (Cargadores): an empty gun shoots no more,
    and a new magazine costs less than the fight it would sit out."""
    for weapon in figure.profile.weapons:
        if weapon.ranged and rounds_left(figure, weapon) == 0:
            yield Action("recargar", figure.id, item=weapon.id)


def _recharge(figure: Figure) -> Iterator[Action]:
    """Win back a lost level of its energy shield when it has nothing to shoot or strike."""
    shield = shield_of(figure)
    if shield is not None and figure.shield_lost and shield.left(figure):
        yield Action(USE_BONUS, figure.id, item=shield.name)


def _with_options(figure: Figure, action: Action, hit: Fraction) -> Iterator[Action]:
    """The attack with what its entries offer for free (all its Poder, Maestro de
    esgrima's +1 where it helps most), then plain; prices (Frenesí) are never taken."""
    variants = hookspecs.attack_variants.collect(figure, [action])
    offered = {o for answer in variants for v in answer for o in v.options}
    power = sorted(
        (o for o in offered if o.startswith(POWER)), key=lambda o: int(o[len(POWER) : -1])
    )
    fencing = f"Maestro de esgrima ({'IMP' if hit < SURE_HIT else 'DAÑ'})"
    chosen = tuple(power[-1:]) + ((fencing,) if fencing in offered else ())
    if chosen:
        yield replace(action, options=chosen)
    yield action


def _shelter(state: GameState, figure: Figure) -> Iterator[Action]:
    """Under fire it cannot answer: a Mover to the nearby spot the shooters see least of,
    no farther from the nearest enemy (cover on the way in)."""
    if any(w.ranged for w in figure.profile.weapons) or drives(figure) or figure.level != 1:
        return  # a shooter answers fire with fire (its shots come first)
    threats = [e for e in state.enemies_of(figure) if _can_shoot_at(state, e, figure)]
    if not threats:
        return
    reach = figure.mov + moves().strides["mover"].extra_k
    nearest = min(state.enemies_of(figure), key=lambda e: (_gap(figure, e), e.id))
    closeness = math.dist(figure.position, nearest.position)
    ways = []
    for step in range(8):  # cover on the way in, never away from the nearest enemy
        angle = 2 * math.pi * step / 8
        x = figure.position[0] + reach * math.cos(angle)
        y = figure.position[1] + reach * math.sin(angle)
        spot = (round(x, 6), round(y, 6))
        if math.dist(spot, nearest.position) <= closeness:
            ways.append((step, spot))
    if not ways:
        return
    _fill_exposures(state, figure, [figure.position] + [spot for _, spot in ways], threats)
    here = _exposure(state, figure, figure.position, threats)
    spots = [(_exposure(state, figure, spot, threats), step, spot) for step, spot in ways]
    exposure, _, spot = min(spots)
    if exposure <= here - SHELTER_GAIN * len(threats):
        yield Action("mover", figure.id, point=spot)


def _can_shoot_at(state: GameState, enemy: Figure, figure: Figure) -> bool:
    gap = _gap(enemy, figure)
    return (
        in_vision(state, enemy, figure)
        and any(w.ranged and gap <= w.alc for w in enemy.profile.weapons)
        and not hidden_in_dark(state, enemy, figure)
    )


def _fill_exposures(
    state: GameState, figure: Figure, spots: list[Point], threats: list[Figure]
) -> None:
    """The cover :func:`_exposure` reads at every spot, in one batch (World.fill_cover)."""
    height, width, feet = figure.current_height, 2 * figure.radius, silhouette_base(figure.level)
    state.world.fill_cover((e.eye(), spot, width, height, feet) for spot in spots for e in threats)


def _exposure(state: GameState, figure: Figure, spot: Point, threats: list[Figure]) -> float:
    """How much of the figure the shooters would see standing at ``spot`` (100 per shooter);
    nothing, from those the darkness there hides it from."""
    height, width, feet = figure.current_height, 2 * figure.radius, silhouette_base(figure.level)
    dark = state.world.shade is not None
    return sum(
        0.0
        if dark and hidden_in_dark(state, e, figure, spot)
        else 100.0 - state.world.cover(e.eye(), spot, width, height, feet)
        for e in threats
    )


def _take_cover(state: GameState, figure: Figure) -> Iterator[Action]:
    """Nothing better to do under enemy eyes: crouch, so it is smaller and harder to hit."""
    if figure.posture is Posture.STANDING and any(
        in_vision(state, e, figure) and not hidden_in_dark(state, e, figure)
        for e in state.enemies_of(figure)
    ):
        yield Action("agacharse", figure.id)


def _expected_wounds(hit: Fraction, damage: int, target: Figure) -> Fraction:
    defence = check_odds(target.defense)
    on_pass = max(0, damage - target.defense)
    return hit * (defence.passed * on_pass + (defence.failed + defence.fumble) * damage)


def _strikes(state: GameState, figure: Figure) -> Iterator[Action]:
    weapons: list[Weapon | None] = [w for w in figure.profile.weapons if not w.ranged] or [None]
    scored = []
    for target in engaged_with(state, figure):
        for weapon in weapons:
            damage = melee_damage(figure, weapon) if weapon else max(1, figure.profile.con - 4)
            hit = check_odds(figure.profile.agi).success
            scored.append(
                (_expected_wounds(hit, damage, target), target.id, weapon.id if weapon else None)
            )
    for _, target_id, weapon_id in sorted(scored, reverse=True):
        blow = Action("ataque_cac", figure.id, target=target_id, item=weapon_id)
        yield from _with_options(figure, blow, check_odds(figure.profile.agi).success)


WORTH = Fraction(1, 4)  # expected wounds a shot must promise to come before a move
AREA_GROUP = 2.0  # K: an area weapon waits for a second enemy this close to its target


def _shots(state: GameState, figure: Figure, worth: Fraction) -> Iterator[Action]:
    """Shots whose expected wounds (the CH IMP's odds at that range, then the CH DEF's)
    are above ``worth``, the best first, from weapons with rounds left (an empty one is
    reloaded first: :func:`_reload`); an area weapon only at a group of enemies with no
    friend among them."""
    scored = []
    for weapon in (w for w in figure.profile.weapons if w.ranged and rounds_left(figure, w) != 0):
        for target in state.enemies_of(figure):
            gap = edge_distance(figure.position, figure.radius, target.position, target.radius)
            if gap > weapon.alc or (weapon.area and not _grouped(state, figure, target)):
                continue
            hit = check_odds(figure.profile.agi, range_penalty(gap)).success
            scored.append((_expected_wounds(hit, weapon.dan, target), target.id, weapon.id))
    _fill_sights(state, figure, {t for value, t, _ in scored if value > worth})
    for value, target_id, weapon_id in sorted(scored, reverse=True):
        if value > worth:
            shot = Action("ataque_distancia", figure.id, target=target_id, item=weapon_id)
            yield from _with_options(figure, shot, Fraction(1))


def _grouped(state: GameState, figure: Figure, target: Figure) -> bool:
    """Another enemy within AREA_GROUP K of ``target``, and none of the figure's side."""
    near = [f for f in state.living(target.side) + state.living(figure.side)
            if f is not target and f.on_table and _gap(f, target) <= AREA_GROUP]  # fmt: skip
    return bool(near) and all(f.side == target.side for f in near)


def _fill_sights(state: GameState, figure: Figure, targets: set[str]) -> None:
    """The cover of each target in its CdV, which checking a shot at it reads (combat.Sight),
    in one batch (World.fill_cover)."""
    seen = [t for t in map(state.figure, sorted(targets)) if sight(state, figure, t).in_vision]
    state.world.fill_cover(
        (figure.eye(), t.position, 2 * t.radius, t.current_height, t.feet()) for t in seen
    )


def _charger(figure: Figure) -> bool:
    """Whether the figure fights by charging: it has a blade, or the CON to hit bare-handed
    (CON − 4), and does not drive (a transport cannot charge)."""
    blade = any(not w.ranged for w in figure.profile.weapons)
    return (blade or figure.profile.con > 4) and not drives(figure)


def _run_up_k() -> float:
    """The gap a charger keeps from its target: a Cargar needs this much way (charge_min)."""
    return moves().charge_min + RUN_UP_MARGIN


def _charges(state: GameState, figure: Figure) -> Iterator[Action]:
    if not _charger(figure):
        return  # nothing worth charging with
    reach = _charge_range(state, figure)
    for target in sorted(state.enemies_of(figure), key=lambda e: _gap(figure, e)):
        if moves().charge_min <= _gap(figure, target) <= reach:
            yield Action("cargar", figure.id, target=target.id)


RUN_UP_MARGIN = 0.1  # K beyond a Cargar's least way, so that rounding never spoils it
BACK_OFF_ANGLES = (0.0, 30.0, -30.0, 60.0, -60.0)  # degrees off straight away it tries


def _run_up(state: GameState, figure: Figure) -> Iterator[Action]:
    """Too close to charge (a Cargar needs charge_min K of way) and not in CaC: step back to
    where a charge can start, when its ENE pays for the step and the charge after it."""
    if not _charger(figure) or figure.level != 1:
        return
    target = _nearest(state, figure)
    if target is None or (gap := _gap(figure, target)) >= moves().charge_min:
        return
    strides = moves().strides
    dx, dy = figure.position[0] - target.position[0], figure.position[1] - target.position[1]
    away = math.atan2(dy, dx)
    need = _run_up_k() - gap
    for kind in ("mover", "correr"):
        stride = strides[kind]
        reach = figure.mov + stride.extra_k
        if figure.ene < stride.ene + strides["cargar"].ene or reach < need:
            continue
        for turn in BACK_OFF_ANGLES:
            angle = away + math.radians(turn)
            step = min(need / max(0.5, math.cos(math.radians(turn))), reach)
            x = figure.position[0] + step * math.cos(angle)
            y = figure.position[1] + step * math.sin(angle)
            yield Action(kind, figure.id, point=(round(x, 6), round(y, 6)))


def _advance(state: GameState, figure: Figure) -> Iterator[Action]:
    """Close in on the nearest enemy along the shortest way round walls and bases, stopping
    short of its 1 K ring (a charger: where its Cargar can start); sprint while no weapon
    could reach anyone after a run, and end the move a little short where that hides it
    much better from the enemies' guns.  A transport drives along the way (_drive_along)."""
    target = _nearest(state, figure)
    if target is None or _gap(figure, target) <= CLOSE_ENOUGH:
        return
    way = find_path(state, figure, _near_side(figure, target))  # to contact, or near it
    if drives(figure):
        yield from _drive_along(figure, way)
        return
    # a charger stops where its Cargar can start, on the way's last leg (a charge goes
    # straight); the others, and a charger whose way turns a corner late, just outside
    # the 1 K ring (it steps back to charge from there: _run_up)
    last = math.dist(way.legs[-2], way.legs[-1]) if len(way.legs) > 1 else 0.0
    straight = _charger(figure) and last >= _run_up_k()
    stand_off = _run_up_k() if straight else STAND_OFF
    kinds: tuple[str, ...] = ("correr", "mover")
    if not figure.sprinted_now and _out_of_reach(state, figure, way.length - way.reach["correr"]):
        kinds = ("esprintar", *kinds)
    for kind in kinds:
        reach = min(way.reach[kind], way.length - stand_off)
        if reach <= 0.05:
            continue
        spots = [_along(way.legs, reach - back) for back in SHORT_OF if reach - back > 0.05]
        yield Action(kind, figure.id, point=_sheltered(state, figure, spots))


STAND_OFF = 1.2  # K short of contact a move ends: outside the enemy's 1 K ring
CLOSE_ENOUGH = 1.5  # K from its nearest enemy within which a figure walks no closer
TOUCH = 0.05  # K between the bases of the contact point it walks to


def _near_side(figure: Figure, target: Figure) -> Point:
    """The point where the figure's base would touch ``target``'s on the side facing it
    (every point round a base is as near its centre: this one is the way in)."""
    dx, dy = figure.position[0] - target.position[0], figure.position[1] - target.position[1]
    length = math.hypot(dx, dy) or 1.0
    reach = figure.radius + target.radius + TOUCH
    return (target.position[0] + dx / length * reach, target.position[1] + dy / length * reach)


SHORT_OF = (0.0, 1.0, 2.0)  # K short of its whole stride a move may end, for cover


def _out_of_reach(state: GameState, figure: Figure, left: float) -> bool:
    """Whether, ``left`` K of way from the nearest enemy, no weapon of the figure reaches
    it nor a charge could (so a sprint, which bars attacking this turn, loses nothing)."""
    alc = max((w.alc for w in figure.profile.weapons if w.ranged), default=0)
    return left > max(alc, _charge_range(state, figure))


def _charge_range(state: GameState, figure: Figure) -> float:
    """How far a Cargar takes the figure now: MOV + its extra K, and what its entries add."""
    return figure.mov + moves().strides["cargar"].extra_k + charge_extra(state, figure)


def _along(legs: tuple[Point, ...], distance: float) -> Point:
    """The point ``distance`` K along the polyline ``legs`` (its end when it is shorter)."""
    if len(legs) < 2:
        return legs[0]
    spot = shapely.LineString(legs).interpolate(distance)
    return (round(spot.x, 6), round(spot.y, 6))


def _sheltered(state: GameState, figure: Figure, spots: list[Point]) -> Point:
    """The farthest spot, unless a nearer one hides it from the enemies' guns by at least
    SHELTER_GAIN % a gun (the cover the world measures, as for a shot)."""
    threats = [e for e in state.enemies_of(figure) if _armed(e)]
    if len(spots) == 1 or not threats:
        return spots[0]
    guns = [e for e in threats if any(_gap_to(e, s, figure) <= _alc(e) for s in spots)]
    if not guns:
        return spots[0]
    _fill_exposures(state, figure, spots, guns)
    far = _exposure(state, figure, spots[0], guns)
    best = min(spots, key=lambda s: (_exposure(state, figure, s, guns), -spots.index(s)))
    gain = far - _exposure(state, figure, best, guns)
    return best if gain >= SHELTER_GAIN * len(guns) else spots[0]


def _armed(enemy: Figure) -> bool:
    return any(w.ranged for w in enemy.profile.weapons)


def _alc(enemy: Figure) -> float:
    return max((w.alc for w in enemy.profile.weapons if w.ranged), default=0)


def _gap_to(enemy: Figure, spot: Point, figure: Figure) -> float:
    return edge_distance(enemy.position, enemy.radius, spot, figure.radius)


DRIVE_MIN = 1.0  # K: a drive along the nose shorter than this is not worth it; it pivots


def _drive_along(figure: Figure, way: Path) -> Iterator[Action]:
    """A transport goes straight along its nose and turns up to TURN_LIMIT at the end of a
    move, so it follows the walking way leg by leg: it drives along its nose as far as
    that brings it toward the next corner, turning at the end toward the leg after, and
    pivots to face the way when its nose points too far off it (into a wall, say)."""
    here = figure.position
    # the next corner worth a drive: one a hair away would leave it turning on the spot
    ahead_of = [i for i, leg in enumerate(way.legs) if math.dist(here, leg) >= DRIVE_MIN]
    if not ahead_of:
        return
    corner = way.legs[ahead_of[0]]
    nose = math.radians(figure.facing)
    ux, uy = math.cos(nose), math.sin(nose)
    # how far along the nose the corner lies: the drive that brings it nearest
    ahead = (corner[0] - here[0]) * ux + (corner[1] - here[1]) * uy
    left = way.length - STAND_OFF
    after = way.legs[min(ahead_of[0] + 1, len(way.legs) - 1)]
    for kind in ("correr", "mover"):
        reach = min(way.reach[kind], ahead, left)
        if reach < DRIVE_MIN:
            continue
        end = (here[0] + ux * reach, here[1] + uy * reach)
        # at the corner it turns for the leg after; short of it, toward the corner
        toward = after if math.dist(end, corner) < DRIVE_MIN else corner
        facing = round(figure.facing + _off(figure.facing, _bearing(end, toward)), 6) % 360
        yield Action(kind, figure.id, point=(round(end[0], 6), round(end[1], 6)), facing=facing)
    bearing = _bearing(here, corner)
    if abs(_off(figure.facing, bearing)) > 1.0:
        yield Action("pivotar", figure.id, facing=round(bearing % 360, 6))


def _bearing(a: Point, b: Point) -> float:
    """The direction from ``a`` to ``b`` in degrees, as facings are measured."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def _off(facing: float, bearing: float) -> float:
    """The turn from ``facing`` toward ``bearing``, in −TURN_LIMIT..TURN_LIMIT degrees (a
    transport turns no more at the end of a move)."""
    return max(-TURN_LIMIT, min(TURN_LIMIT, (bearing - facing + 180) % 360 - 180))


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def _nearest(state: GameState, figure: Figure) -> Figure | None:
    """The enemy nearest the figure, edge to edge (ties by id), or None."""
    return min(state.enemies_of(figure), key=lambda e: (_gap(figure, e), e.id), default=None)


def _nearest_gap(state: GameState, figure: Figure) -> float:
    return min((_gap(figure, e) for e in state.enemies_of(figure)), default=math.inf)


def play_out(state: GameState, max_decisions: int = 20_000) -> GameState:
    """Let the baseline play both sides to the end."""
    for _ in range(max_decisions):
        if state.over:
            break
        state.apply(choose(state))
    return state
