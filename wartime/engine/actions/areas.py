"""ÁREAS in play: area weapons, templates, full and half damage, and scatter.

Sections ÁREAS and COMBATE of the rulebook, the bonus and malus entries
"Área ()", "Dispersión", "Munición estabilizadora" and "Corrector de
puntería", and DESIGN.md §5 for the templates:

- The weapon aims at an enemy figure (its centre) or at a point on the table.
  Aiming at a figure needs what any ranged attack needs (CdV, ALC, LdV); a
  point needs the CdV arc, VOL×5 and ALC, but no LdV (a lobbed shot).  Golpe de los
  dioses lifts the CdV for an open point within ALC (entries/godstrike.py); such a
  shot scatters as with Dispersión and no LdV.
- R is centred on the aim; L and G start at the attacker's base edge and point
  at it; S jumps from the target figure to the nearest figure within 3 K (equally
  near ones: the attacker's side picks, asked midway as the attack resolves, before
  its CH IMP; the issue that specifies the engine wins over DESIGN §5's 1D10 each,
  docs/rules-interpretations.md).
- A base wholly inside takes the whole DAÑ, one partly inside half of it
  (rounded half up).  Cover is judged from the template's centre, at the
  attacker's muzzle height.  The attacker is never hit by its own L, G or S,
  but an R that covers it hits it like anyone else.
- A critical CH IMP: DAÑ +1 for the attack (so half of DAÑ + 1 for a partly
  covered base) and no cover.  A fumble: the attacker takes DAÑ 1 and the
  weapon a wound, as for any weapon.
- A failed CH IMP scatters the template 1D10 K per 15 K to the aim.  With the
  malus Dispersión, any CH IMP but a critical scatters, 1D10 K per 30 K with
  LdV to the aim or per 20 K without.  Munición estabilizadora halves the
  drift; Corrector de puntería rolls the scatter again and keeps the shorter
  drift (these three count on the weapon, or on the character for all its
  weapons).  A template that lands off the table hits nobody.  S chains do
  not scatter: a failed CH IMP misses.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.combat import (
    _damage,
    _enemy,
    _ranged_modifiers,
    _resolve_hit,
    _shot_cover,
    bonus_damage,
    check_shot,
    defend,
    ready_to_shoot,
    sight,
)
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.hits import Blow
from wartime.engine.core.midway import ask
from wartime.engine.core.modifiers import Context
from wartime.engine.core.movement import noise_event
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.sight import endless
from wartime.engine.core.state import GameState
from wartime.engine.core.templates import caught
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.cover import cover_class, cover_pairs, line_of_sight
from wartime.geometry.distance import center_distance
from wartime.geometry.noise import weapon_noise
from wartime.geometry.scatter import K_PER_DIE, Scatter, scatter
from wartime.geometry.templates import (
    Chain,
    Template,
    jump_chain,
    make_template,
)
from wartime.geometry.vision import muzzle_point
from wartime.i18n import Reason, say
from wartime.rules.dice import Outcome, round_half_up
from wartime.rules.effects import Special
from wartime.rules.tables import Shape, parse_shape

DISPERSION = "Dispersión"  # malus: every CH IMP but a critical scatters
STABILISING = "Munición estabilizadora"  # bonus: the scatter is halved
AIM_CORRECTOR = "Corrector de puntería"  # bonus: the scatter is rolled again
DISPERSION_K_WITH_LDV = 30.0  # Dispersión: 1D10 K per 30 K with LdV to the aim
DISPERSION_K_WITHOUT_LDV = 20.0  # ... and per 20 K without
SPOT_BASE = 1.0  # LdV to a point: as to a human-size figure standing there (DESIGN §4)
SPOT_HEIGHT = 1.0
_STARTS_AT_ATTACKER = ("L", "G")  # templates laid from the attacker's base edge
JUMP = "jump"  # Salto's tie: Action("jump", target=<the figure the jump goes to>)


@dataclass(frozen=True)
class Aim:
    """Where the attack is aimed, checked: a figure's centre or a point."""

    point: Point
    target: Figure | None  # None when aimed at a point
    distance: float  # from the attacker's base edge to the target's edge or the point
    level: int  # the movement height the template lands at
    line_of_sight: bool  # LdV to the aim (always, for a figure)
    in_vision: bool = True  # in the CdV (Alcance infinito may aim beyond it: senses.py)
    strike: str | None = None  # aimed through Golpe de los dioses (godstrike.py)


@dataclass(frozen=True)
class Shot:
    """One area attack after its CH IMP: who fires what, where, and its DAÑ."""

    figure: Figure
    weapon: Weapon
    aim: Aim
    ctx: Context  # for the bonus/malus hooks: the target aimed at (if any) and the weapon
    damage: int  # the weapon's DAÑ, a critical's +1 included
    critical: bool  # Crítico en CH IMP: DAÑ +1 (already in ``damage``) and no cover

    def damage_to(self, state: GameState, victim: Figure) -> int:
        """The attack's DAÑ against one figure: automated bonus/malus (theirs too) added."""
        return self.damage + bonus_damage(state, self.figure, victim, self.ctx)

    @property
    def blow(self) -> Blow:
        """For the weapon's entries that reach each figure hit (Munición perforante...)."""
        return Blow(self.figure, self.weapon, melee=False, critical=self.critical)


@dataclass(frozen=True)
class Drift:
    """One scatter roll, after Munición estabilizadora."""

    rolls: tuple[int, ...]
    angle: float
    distance: int  # K actually drifted
    end: Point


@hookspecs.area_shot.impl(order=10, key="areas")
def area_attack(state: GameState, figure: Figure, action: Action, weapon: Weapon) -> list[Event]:
    """Ataque a distancia with a weapon that has the bonus Área (R, L, G or S)."""
    shape = parse_shape(weapon.area or "")
    if shape is None:
        raise IllegalActionError(say("refused.areas.shape", weapon=weapon.id, area=weapon.area))
    aim = _aim(state, figure, action, weapon, shape)
    # ÁREAS, Salto: where a tied jump goes is picked before the dice (actions/areas.py)
    chain = _plan_chain(state, figure, aim, shape.size) if shape.kind == "S" else None
    label = say("phrase.areas.shot", weapon=weapon.id, area=weapon.area)
    events = [spend(figure, weapon.ene, label)]
    # A point is measured as a target that stands upright and still, of the shooter's size:
    # the range band and the shooter's own modifiers count, no target's.
    aimed_at = aim.target or _spot(figure, aim.point)
    mods = acting_modifiers(figure) + _ranged_modifiers(figure, aimed_at, aim.distance)
    if aim.target is None:  # Humo: at a point (checks.roll adds it for a figure)
        mods += itertools.chain.from_iterable(
            hookspecs.point_shifts.collect(state, figure, aim.point, None)
        )
    ctx = Context(aim.target, melee=False, weapon=weapon)
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    events.append(event)
    events.append(noise_event(figure, figure.position, weapon_noise(weapon.dan)))
    damage = _damage(figure, weapon)
    critical = outcome is Outcome.CRITICAL
    aimed = Context(aim.target, melee=False, weapon=weapon, critical=critical)  # Daño extra
    shot = Shot(figure, weapon, aim, aimed, damage + 1 if critical else damage, critical)
    if outcome is Outcome.FUMBLE:  # Pifia en CH IMP: DAÑ 1 on oneself, the weapon a wound
        victim = aim.target or figure
        events += _resolve_hit(state, figure, victim, weapon, outcome, damage, "none", melee=False)
    elif chain is not None:
        events += _chain(state, shot, chain, outcome, shape.size)
    else:
        events += _template_attack(state, shot, outcome)
    figure.next_action_modifier = 0
    return events


# -- aiming ---------------------------------------------------------------------------------


def _aim(state: GameState, figure: Figure, action: Action, weapon: Weapon, shape: Shape) -> Aim:
    """COMBATE, Atacar a distancia: check the aim; raise IllegalActionError if it is not allowed."""
    if action.target is not None and action.point is not None:
        raise IllegalActionError(say("refused.areas.both"))
    if action.target is None and action.point is None:
        raise IllegalActionError(say("refused.areas.neither", weapon=weapon.id, area=weapon.area))
    if action.target is not None:
        aim = _aim_at_figure(state, figure, action, weapon)
    else:
        assert action.point is not None
        aim = _aim_at_point(state, figure, action.point, weapon, shape)
    if shape.kind in _STARTS_AT_ATTACKER and (
        center_distance(figure.position, aim.point) <= figure.radius
    ):
        raise IllegalActionError(say("refused.areas.own_base", shape=shape.kind))
    return aim


def _carries(figure: Figure, weapon: Weapon, entry: str) -> bool:
    """The weapon has the entry, or the character does (an object's, its race's)."""
    return entry in weapon.bonuses or any(
        t.name == entry and t.weapon is None for t in figure.profile.traits
    )


def _aim_at_figure(state: GameState, figure: Figure, action: Action, weapon: Weapon) -> Aim:
    """The same requirements as any ranged attack (combat.check_shot)."""
    target = _enemy(state, figure, action)
    seen = check_shot(state, figure, target, weapon)
    return Aim(target.position, target, seen.distance, target.level, True, seen.in_vision)


def _aim_at_point(
    state: GameState, figure: Figure, point: Point, weapon: Weapon, shape: Shape
) -> Aim:
    """A point: in the CdV arc, within VOL×5 and ALC of the attacker's base edge, on the table."""
    if shape.kind == "S":
        raise IllegalActionError(say("refused.areas.jump", weapon=weapon.id, area=weapon.area))
    width, height = state.scenario.battlefield.size
    if not _on_table(point, width, height):
        raise IllegalActionError(
            say("refused.areas.off_table", x=point[0], y=point[1], width=width, height=height)
        )
    ready_to_shoot(state, figure)
    seen = sight(state, figure, _spot(figure, point))  # a point: a base of radius 0
    boundless = endless(figure, weapon)  # Alcance infinito: no ALC nor CdV, LdV needed
    strike = None if seen.in_vision else hookspecs.far_strike.first(figure, weapon)
    if strike is not None and (boundless is None or not _sees_point(state, figure, point)):
        hookspecs.far_strike_aimed.collect(state, figure, weapon, point, seen.distance, strike)
        return Aim(point, None, seen.distance, figure.level, False, False, strike)
    if not seen.in_vision and boundless is None:
        raise IllegalActionError(say("refused.areas.outside_cdv"))
    if seen.distance > weapon.alc and boundless is None:
        raise IllegalActionError(
            say("refused.areas.range", gap=seen.distance, weapon=weapon.id, alc=weapon.alc)
        )
    sees = _sees_point(state, figure, point)
    if boundless is not None and not sees and (not seen.in_vision or seen.distance > weapon.alc):
        raise IllegalActionError(say("refused.areas.no_ldv", entry=boundless))
    return Aim(point, None, seen.distance, figure.level, sees, seen.in_vision)


def _spot(figure: Figure, point: Point) -> Figure:
    """A stand-in with no base at ``point``, to measure it as a target is measured.

    It stands upright and still and has the shooter's profile (so no size modifier).
    """
    return Figure("(punto)", "", figure.profile, point, 0.0, 0.0, 0.0, figure.level)


def _sees_point(state: GameState, figure: Figure, point: Point) -> bool:
    """LdV to a point: to a human-size figure standing on it, not wholly hidden."""
    eye = figure.eye()
    hidden = state.world.cover(eye, point, SPOT_BASE, SPOT_HEIGHT)
    return line_of_sight(hidden) != "blocked"


def _on_table(point: Point, width: float, height: float) -> bool:
    return 0.0 <= point[0] <= width and 0.0 <= point[1] <= height


# -- R, L and G templates -------------------------------------------------------------------


def _template_attack(state: GameState, shot: Shot, outcome: Outcome) -> list[Event]:
    """Lay the template at the aim, or where it scatters to, and hit what it covers."""
    figure, weapon, aim = shot.figure, shot.weapon, shot.aim
    where = {"figure": figure.id, "point": list(aim.point)}
    if shot.critical:
        text = say("log.areas.critical", figure=figure.id)
        return [Event("area_on_target", text, where), *_hit_template(state, shot, aim.point)]
    strays = None if aim.in_vision or aim.strike else endless(figure, weapon)
    if _carries(figure, weapon, DISPERSION) or strays or aim.strike:  # all but a critical
        per_die = DISPERSION_K_WITH_LDV if aim.line_of_sight else DISPERSION_K_WITHOUT_LDV
        seen = say("phrase.areas.with_ldv") if aim.line_of_sight else say("phrase.areas.no_ldv")
        verdict = say("phrase.areas.hits") if outcome.passed else say("phrase.areas.misses")
        why: Reason = say("phrase.areas.strays", entry=strays) if strays else DISPERSION
        why = f"{aim.strike}, {DISPERSION}" if aim.strike else why  # its tag (godstrike.py)
        text = say("log.areas.scatters", figure=figure.id, verdict=verdict, why=why, seen=seen)
    elif outcome.passed:
        text = say("log.areas.on_target", figure=figure.id)
        return [Event("area_on_target", text, where), *_hit_template(state, shot, aim.point)]
    elif weapon.alc > 0:  # ÁREAS, Dispersión: a failed CH IMP scatters
        per_die = K_PER_DIE
        text = say("log.areas.miss_scatters", figure=figure.id)
    else:
        return [Event("miss", say("log.areas.miss", figure=figure.id), where)]
    beacon = hookspecs.unscattered.first(state, aim.point)  # Faro: nothing scatters near it
    if beacon is not None:
        verdict = say("phrase.areas.hits") if outcome.passed else say("phrase.areas.misses")
        note = say("log.areas.beacon", figure=figure.id, verdict=verdict, entry=beacon)
        placed = Event("area_on_target", note, {**where, "beacon": beacon})
        return [placed, *_hit_template(state, shot, aim.point)]
    drift, rolled = _scatter(state, figure, weapon, aim, per_die)
    events = [Event("miss" if not outcome.passed else "area_off_aim", text, where), *rolled]
    width, height = state.scenario.battlefield.size
    if not _on_table(drift.end, width, height):
        text = say("log.areas.off_table")
        return [*events, Event("area_off_table", text, {"point": list(drift.end)})]
    return events + _hit_template(state, shot, drift.end)


def _scatter(
    state: GameState, figure: Figure, weapon: Weapon, aim: Aim, per_die: float
) -> tuple[Drift, list[Event]]:
    """Roll the scatter (twice with Corrector de puntería, keeping the shorter drift)."""
    halve = _carries(figure, weapon, STABILISING)
    first = _drift(_roll(state, aim, per_die), halve)
    events = [_scatter_event(figure, aim, first, per_die, "")]
    if not _carries(figure, weapon, AIM_CORRECTOR):
        return first, events
    again = _drift(_roll(state, aim, per_die), halve)
    events.append(_scatter_event(figure, aim, again, per_die, " (Corrector de puntería)"))
    kept = again if again.distance < first.distance else first
    text = say("log.areas.kept", distance=kept.distance)
    return kept, [*events, Event("scatter_kept", text, {"distance": kept.distance})]


def _roll(state: GameState, aim: Aim, per_die: float) -> Scatter:
    """1D10 K per ``per_die`` K (or part of it) from the attacker to the aim, at least one."""
    if per_die == K_PER_DIE:
        return scatter(aim.point, aim.distance, state.dice)
    count = max(1, math.ceil(aim.distance / per_die))
    return scatter(aim.point, count * K_PER_DIE, state.dice)  # exactly ``count`` D10


def _drift(rolled: Scatter, halve: bool) -> Drift:
    """Apply Munición estabilizadora ("dispersa la mitad", rounded half up) to a roll."""
    if not halve:
        return Drift(rolled.rolls, rolled.angle_deg, rolled.distance, rolled.end)
    drift = round_half_up(Fraction(rolled.distance, 2))
    rad = math.radians(rolled.angle_deg)
    end = (rolled.aim[0] + drift * math.cos(rad), rolled.aim[1] + drift * math.sin(rad))
    return Drift(rolled.rolls, rolled.angle_deg, drift, end)


def _scatter_event(figure: Figure, aim: Aim, drift: Drift, per_die: float, note: str) -> Event:
    dice = " + ".join(str(r) for r in drift.rolls)
    halved: Reason = (
        say("phrase.areas.halved", distance=drift.distance)
        if drift.distance != sum(drift.rolls)
        else ""
    )
    text = say(
        "log.areas.scatter", note=note, dice_count=len(drift.rolls), dice=dice,
        total=sum(drift.rolls), halved=halved, angle=drift.angle, x=drift.end[0], y=drift.end[1],
    )  # fmt: skip
    data = {
        "figure": figure.id,
        "aim": list(aim.point),
        "per_die": per_die,
        "rolls": list(drift.rolls),
        "angle": drift.angle,
        "distance": drift.distance,
        "end": list(drift.end),
    }
    return Event("scatter", text, data)


def _lay(state: GameState, shot: Shot, point: Point) -> Template:
    """R centred on ``point``; L and G from the attacker's base edge toward it."""
    figure, area = shot.figure, shot.weapon.area
    assert area is not None
    if area[0].upper() in _STARTS_AT_ATTACKER and figure.position == point:
        point = shot.aim.point  # no direction from the attacker's own centre: keep the aim's
    area = hookspecs.template_shape.thread(area, figure, shot.weapon)  # Arco concentrado
    return make_template(area, point, figure.disc(), state.scenario.ruleset.line_width)


def _hit_template(state: GameState, shot: Shot, point: Point) -> list[Event]:
    """ÁREAS, Daño: whole DAÑ to bases wholly inside, half to those partly inside."""
    figure = shot.figure
    template = _lay(state, shot, point)
    own = figure.id if template.shape[0] in _STARTS_AT_ATTACKER else None
    covered, hit, event = caught(state, template, shot.aim.level, own)
    origin = template.origin
    events = [event]
    # Humo, Área permanente (entries/clouds.py): what the template leaves on the table
    dan = _damage(figure, shot.weapon)
    laid = hookspecs.template_laid.collect(
        state, figure, shot.weapon, template, point, shot.aim.level, bool(hit), dan
    )
    events += itertools.chain.from_iterable(laid)
    if any(hookspecs.hits_nobody.collect(figure, shot.weapon)):  # a DAÑ 0 smoke weapon
        return events
    covers = _covers(state, shot, origin, hit)
    for target, cover in zip(hit, covers, strict=True):
        full = target.id in covered.full
        damage = _faded(figure, shot.weapon, origin, target, shot.damage_to(state, target))
        if damage <= 0:  # Área manguante: the DAÑ fades out before this base
            text = say("log.areas.faded", figure=figure.id, target=target.id)
            events.append(Event("faded", text, {"figure": figure.id, "target": target.id}))
            continue
        dealt = damage if full else round_half_up(Fraction(damage, 2))
        text = (
            say("log.areas.hit_full", figure=figure.id, target=target.id, damage=dealt)
            if full
            else say("log.areas.hit_part", figure=figure.id, target=target.id, damage=dealt)
        )
        detail = {
            "figure": figure.id,
            "target": target.id,
            "damage": dealt,
            "covered": "full" if full else "partial",
            "cover": cover,
        }
        events.append(Event("hit", text, detail))
        events += defend(state, target, dealt, cover, None, source=origin, blow=shot.blow)
    return events


def _fading(figure: Figure, weapon: Weapon) -> str | None:
    """Área manguante: the entry that makes this weapon's templates fade (None: they do not)."""
    return next((t.name for t, e in entries_of(figure, weapon, Special) if e.fading), None)


def _faded(figure: Figure, weapon: Weapon, origin: Point, target: Figure, damage: int) -> int:
    """Área manguante: ``damage`` less 1 per whole K from ``origin`` to the target's base."""
    if _fading(figure, weapon) is None:
        return damage
    gap = max(0.0, center_distance(origin, target.position) - target.radius)
    return max(0, damage - math.floor(gap + 1e-9))


def _covers(state: GameState, shot: Shot, origin: Point, hit: list[Figure]) -> list[str]:
    """Cobertura seen from the template's centre, at the attacker's muzzle height."""
    if shot.critical or not hit:  # Crítico en CH IMP: ignores cover
        return ["none"] * len(hit)
    figure = shot.figure
    x, y, z = muzzle_point(origin, figure.current_height, figure.level)
    muzzle = (x, y, z + figure.perch)
    percents = cover_pairs(
        [muzzle] * len(hit),
        [f.position for f in hit],
        [2 * f.radius for f in hit],
        [f.current_height for f in hit],
        state.world.occluders,
        [f.feet() for f in hit],
    )
    return [cover_class(float(p)) for p in percents]


# -- S chains -------------------------------------------------------------------------------


def _plan_chain(state: GameState, figure: Figure, aim: Aim, jumps: int) -> Chain:
    """ÁREAS, Salto: the target, then the nearest figure within 3 K each time; a tie is
    the attacker's pick (actions/areas.py)."""
    target = aim.target
    assert target is not None  # _aim refuses a point for S
    reachable = [
        f.disc()
        for f in state.figures.values()
        if f.present and f.level == target.level and f.id != figure.id
    ]
    return jump_chain(target.id, reachable, jumps, pick=_picker(state, figure))


def _picker(state: GameState, figure: Figure) -> Callable[[list[str], tuple[str, ...]], str]:
    """The tie-breaker for ``figure``'s chain: its side's pick among the tied figures.

    The pick is asked as the attack resolves, before its CH IMP is rolled: the chain is
    fixed by where the figures stand, so nothing the dice say is known when choosing.
    It is one of the questions asked midway through a resolution (core/midway.py).
    """

    def pick(tied: list[str], chain: tuple[str, ...]) -> str:
        both: Reason = tied[0]
        for other in tied[1:]:
            both = say("phrase.areas.and", left=both, right=other)
        text = say(
            "log.areas.jump_choice", figure=figure.id, last=chain[-1], tied=both, side=figure.side
        )
        data = {"figure": figure.id, "chain": list(chain), "options": list(tied)}
        return ask(state, JUMP, figure, tied, tied[0], Event("jump_choice", text, data))

    return pick


def _chain(state: GameState, shot: Shot, chain: Chain, outcome: Outcome, jumps: int) -> list[Event]:
    """ÁREAS, Salto: each figure of the chain takes the whole DAÑ."""
    figure, target = shot.figure, shot.aim.target
    assert target is not None
    if not outcome.passed:
        text = say("log.combat.miss", figure=figure.id, target=target.id)
        return [Event("miss", text, {"figure": figure.id, "target": target.id})]
    text = say("log.areas.chain", jumps=jumps, figure=figure.id, chain=" → ".join(chain.ids))
    events = [Event("chain", text, {"figure": figure.id, "chain": list(chain.ids)})]
    source = figure
    for link_id in chain.ids:
        link = state.figures[link_id]
        cover = "none" if shot.critical else _link_cover(state, figure, source, link)
        damage = shot.damage_to(state, link)
        text = say("log.areas.jump_hit", figure=figure.id, target=link.id, damage=damage)
        detail = {"figure": figure.id, "target": link.id, "damage": damage, "cover": cover}
        events.append(Event("hit", text, detail))
        events += defend(state, link, damage, cover, None, source=source.position, blow=shot.blow)
        source = link
    return events


def _link_cover(state: GameState, attacker: Figure, source: Figure, link: Figure) -> str:
    """The target's cover along the line of fire; each jump's from the figure it leapt from."""
    if source is attacker:
        return _shot_cover(state, attacker, link)
    percent = state.world.cover(
        source.muzzle(), link.position, 2 * link.radius, link.current_height, link.feet()
    )
    return cover_class(percent)
