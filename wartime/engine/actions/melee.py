"""ACCIONES DE COMBATE beyond the two core attacks: the ranged and CaC variants.

Section ACCIONES DE COMBATE of the rulebook, with COMBATE (hits, criticals,
fumbles, cover) and MODIFICADORES.  Costs, checks, difficulty marks, ranges,
distances and the material table are read from the action list
(``data/actions.yaml``, through :mod:`wartime.engine.core.book`); the core checks,
hits and wounds are those of :mod:`wartime.engine.core.combat`.

Contracarga is played as a reaction to a charge (CH DEF +1 against its blow).
Esquivar en CaC and Huir answer an action before it resolves (core/responses.py);
Inmovilizar enemigo's hold and tie are kept by actions/holds.py; Desenfundar, the duel's
quick draw, is an answer to a shot (actions/duels.py).

A dropped or thrown weapon (Desarmar, Lanzar) leaves the figure's profile (the hash
lists the weapons of a figure whose weapons changed); it is not on the ground to be
picked up again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import chain

from wartime.board.battlefield import Posture, Throwable
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import (
    attribute,
    book_modifiers,
    cost,
    difficulty,
    entry,
    material,
)
from wartime.engine.core.checks import Modifiers, acting_modifiers, contest, roll, spend
from wartime.engine.core.combat import (
    _damage,
    _enemy,
    _melee_modifiers,
    _ranged_modifiers,
    _resolve_hit,
    _shot_cover,
    _weapon,
    blunt_charge,
    bonus_damage,
    critical_bonus,
    defend,
    melee_damage,
    sight,
    wound,
)
from wartime.engine.core.combat import melee_weapon as _melee_weapon  # moved to the core
from wartime.engine.core.dispatch import Handler, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, drop_weapon
from wartime.engine.core.hits import Blow, action_damage
from wartime.engine.core.holds import hold, tie
from wartime.engine.core.melee import cac_impact
from wartime.engine.core.modifiers import Context, strength, unarmed_divisor
from wartime.engine.core.movement import (
    Stride,
    contact_point,
    engaged_with,
    holder,
    melee_group,
    noise_event,
    shove,
)
from wartime.engine.core.profiles import UNARMED, Weapon
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.routes import travel
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import sight_extra, vol
from wartime.engine.core.throwables import NAMES as THROWN_NAMES
from wartime.engine.core.throwables import at_feet, lift_problem, on_table
from wartime.engine.core.vehicles import ahead, drives, ram
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.geometry.noise import weapon_noise
from wartime.geometry.scatter import scatter
from wartime.geometry.vision import can_interact, in_arc, vision_range
from wartime.i18n import Message, Reason, say, told
from wartime.rules.actions import Action as Entry
from wartime.rules.dice import OpposedResult, Outcome

BEYOND_CDV = 0.5  # Ataque a distancia a bulto: out past the CdV by up to half again
UNARMED_MAX_WOUNDS = 1  # Ataque CaC sin armas: at most 1 wound, plus 1 for each critical
_PERCENT = re.compile(r"^ALC\+(\d+)%$")
_MOV_PLUS = re.compile(r"^MOV\+(\d+(?:\.\d+)?) \(min (\d+(?:\.\d+)?)\)$")
# A throwable's size in the log, by its size's value (core/throwables.py's NAMES in Spanish).
_SIZES: dict[str, Message] = {
    "car": say("phrase.melee.size_car"),
    "lorry": say("phrase.melee.size_lorry"),
    "larger": say("phrase.melee.size_larger"),
}


# -- shared checks -----------------------------------------------------------------------------


def _no_attack_after_sprint(figure: Figure) -> None:
    if figure.sprinted:
        raise IllegalActionError(say("refused.combat.sprinted"))


def _no_area(weapon: Weapon, book: Entry) -> None:
    """ÁREAS: a weapon with Área hits by its template, which these variants do not play yet."""
    if weapon.area is not None:
        raise IllegalActionError(
            say("refused.melee.area_weapon", weapon=weapon.id, area=weapon.area, action=book.name)
        )


def _shooter(
    state: GameState, figure: Figure, action: Action, book: Entry
) -> tuple[Weapon, Figure]:
    """Atacar a distancia: a ranged weapon, a living enemy in reach of height, not in CaC."""
    weapon = _weapon(figure, action, ranged=True)
    _no_area(weapon, book)
    target = _far_target(state, figure, action, "shoot", weapon)
    hookspecs.shot_barred.collect(state, figure, target, weapon)  # Campo ciego, Anónimo
    return weapon, target


def _far_target(
    state: GameState, figure: Figure, action: Action, verb: str, weapon: Weapon | None = None
) -> Figure:
    """A living enemy at a height a ranged action reaches, from a Pj not engaged in CaC."""
    target = _enemy(state, figure, action)
    high = any(hookspecs.any_height.collect(figure, weapon))  # Arma ATA
    if not can_interact(figure.level, target.level, ranged=True) and not high:
        raise IllegalActionError(say("refused.combat.height", target=target.id))
    if engaged_with(state, figure):
        if verb == "shoot":
            raise IllegalActionError(say("refused.combat.engaged"))
        raise IllegalActionError(say("refused.melee.engaged_throw"))
    _no_attack_after_sprint(figure)
    return target


def _brawler(state: GameState, figure: Figure, action: Action) -> Figure:
    """Atacar CaC: the target must be an enemy engaged with the attacker."""
    target = _enemy(state, figure, action)
    if target not in engaged_with(state, figure):
        raise IllegalActionError(
            say("refused.combat.not_engaged", target=target.id, figure=figure.id)
        )
    _no_attack_after_sprint(figure)
    return target


def _in_range(distance: float, reach: float, what: Message) -> None:
    """``what`` says whose reach it is ("a bulto reaches the CdV +50% =", "M1 has ALC")."""
    if distance > reach + 1e-9:
        raise IllegalActionError(
            say("refused.melee.out_of_range", distance=distance, what=what, reach=reach)
        )


def _need_los(seen_los: str, target: Figure) -> None:
    if seen_los == "blocked":
        raise IllegalActionError(say("refused.combat.no_ldv", target=target.id))


def _held_weapon(figure: Figure) -> Weapon | None:
    """What a Pj holds in CaC: its CaC weapon, else its first ranged weapon, else nothing."""
    held = sorted(figure.profile.weapons, key=lambda w: w.ranged)  # stable: CaC ones first
    return held[0] if held else None


# -- rolls -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Impact:
    """A CH IMP in CaC: its result, and what a second CH IMP or the DAÑ needs from it."""

    outcome: Outcome
    events: list[Event]
    modifiers: Modifiers
    ctx: Context
    bonus: int  # DAÑ +1 from a Cargar used up by this blow, +1 more if Esquivar was fumbled


def _impact(
    state: GameState, figure: Figure, target: Figure, weapon: Weapon, extra: Modifiers
) -> Impact:
    """CH IMP in CaC with AGI; a pending Cargar gives CH IMP +1 and DAÑ +1 and is used up."""
    mods = acting_modifiers(figure) + _melee_modifiers(state, figure, target) + extra
    blunted = blunt_charge(figure, target)  # Contracarga (the entry): no charge bonus
    charge = 0
    if figure.charging:
        mods.append(("carga", +1))
        charge = 1
        figure.charging = False
    ctx = Context(target, melee=True, weapon=None if weapon is UNARMED else weapon)
    outcome, events, fumbled_dodge = cac_impact(state, figure, target, mods, ctx)
    return Impact(outcome, blunted + events, mods, ctx, charge + fumbled_dodge)


def _blow(state: GameState, figure: Figure, target: Figure, base: int, impact: Impact) -> int:
    """DAÑ of a CaC blow: its base, the charge and the automated bonus/malus (min 1)."""
    return max(1, base + impact.bonus + bonus_damage(state, figure, target, impact.ctx))


def _pick_by_dice(
    state: GameState, who: Figure, candidates: list[Figure], purpose: Message
) -> tuple[Figure, list[Event]]:
    """Each candidate rolls 1D10 and the lowest is picked; tied lowest roll again."""
    events: list[Event] = []
    pool = sorted(candidates, key=lambda f: f.id)
    while len(pool) > 1:
        faces: dict[str, int] = {}
        for candidate in pool:
            faces[candidate.id] = face = state.dice.d10()
            events.append(
                Event(
                    "roll",
                    say(
                        "log.melee.pick",
                        who=who.id,
                        purpose=purpose,
                        face=face,
                        candidate=candidate.id,
                    ),
                    {
                        "purpose": told(purpose, "es"),  # in Spanish, as roll_event keeps it
                        "who": who.id,
                        "roll": face,
                        "target": None,
                        "modifiers": [],
                        "outcome": candidate.id,
                    },
                )
            )
        low = min(faces.values())
        pool = [c for c in pool if faces[c.id] == low]
    return pool[0], events


def _gunfire(figure: Figure, weapon: Weapon) -> Event:
    """Ruido: a weapon with ALC > 0 is heard at DAÑ×2 K, as the core shot (for REACCIONES)."""
    return noise_event(figure, figure.position, weapon_noise(weapon.dan))


# -- hits --------------------------------------------------------------------------------------


def _ranged_hit(
    state: GameState, shooter: Figure, target: Figure, weapon: Weapon, outcome: Outcome,
    damage: int,
) -> list[Event]:  # fmt: skip
    """After a ranged CH IMP: as the core shot, and total cover checks its own DEF first.

    Cobertura: a target hidden 100% is defended first by a CH DEF of the cover; only if
    it fails does the target roll its CH DEF +2.  A critical CH IMP ignores cover.
    """
    cover = _shot_cover(state, shooter, target)
    if outcome is not Outcome.PASS or cover != "total":
        return _resolve_hit(state, shooter, target, weapon, outcome, damage, cover, melee=False)
    text = say("log.combat.hit", figure=shooter.id, target=target.id, damage=damage)
    events = [Event("hit", text, {"figure": shooter.id, "target": target.id, "damage": damage})]
    blow = Blow(shooter, None if weapon is UNARMED else weapon, melee=False)
    return events + defend(
        state, target, damage, cover, attacker=None, source=shooter.position, blow=blow
    )


# -- ranged variants ---------------------------------------------------------------------------


def ataque_distancia_a_bulto(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque a distancia a bulto (X, AGI D): in the arc, beyond VOL×5 K by at most 50%."""
    book = entry("ataque_distancia_a_bulto")
    weapon, target = _shooter(state, figure, action, book)
    seen = sight(state, figure, target)
    if not in_arc(figure.position, figure.facing, target.position, target.radius):
        raise IllegalActionError(say("refused.melee.outside_arc"))
    vision = vision_range(vol(state, figure)) + sight_extra(figure)  # Súper vista...
    if seen.in_vision:
        raise IllegalActionError(
            say("refused.melee.inside_cdv", target=target.id, distance=seen.distance, vision=vision)
        )
    reaches = say("phrase.melee.bulto_reaches")
    _in_range(seen.distance, vision * (1 + BEYOND_CDV), reaches)
    _in_range(seen.distance, weapon.alc, say("phrase.melee.has_alc", weapon=weapon.id))
    _need_los(seen.line_of_sight, target)
    return _shoot(state, figure, target, weapon, book, seen.distance)


def ataque_distancia_a_ciegas(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque a distancia a ciegas (X, AGI D): no LdV of one's own, but an ally sees the target."""
    book = entry("ataque_distancia_a_ciegas")
    weapon, target = _shooter(state, figure, action, book)
    seen = sight(state, figure, target)
    if not seen.in_vision:
        raise IllegalActionError(say("refused.combat.outside_cdv"))
    _in_range(seen.distance, weapon.alc, say("phrase.melee.has_alc", weapon=weapon.id))
    if seen.line_of_sight != "blocked":
        raise IllegalActionError(say("refused.melee.has_los", figure=figure.id, target=target.id))
    spotters = [
        ally.id
        for ally in state.living(figure.side)
        if ally.id != figure.id
        and can_interact(ally.level, target.level, ranged=True)
        and (view := sight(state, ally, target)).in_vision
        and view.line_of_sight != "blocked"
    ]
    if not spotters:
        spotless = say("refused.melee.no_spotter", figure=figure.id, target=target.id)
        raise IllegalActionError(spotless)
    events = [
        Event(
            "spotter",
            say("log.melee.spotter", spotter=spotters[0], target=target.id, figure=figure.id),
            {"figure": figure.id, "target": target.id, "spotters": spotters},
        )
    ]
    return events + _shoot(state, figure, target, weapon, book, seen.distance)


def ataque_distancia_a_larga_distancia(
    state: GameState, figure: Figure, action: Action
) -> list[Event]:
    """Ataque a distancia a larga distancia (X, AGI D): beyond ALC by at most 50%."""
    book = entry("ataque_distancia_a_larga_distancia")
    weapon, target = _shooter(state, figure, action, book)
    seen = sight(state, figure, target)
    if not seen.in_vision:
        raise IllegalActionError(say("refused.combat.outside_cdv"))
    if seen.distance <= weapon.alc:
        raise IllegalActionError(
            say(
                "refused.melee.within_alc", target=target.id, distance=seen.distance, alc=weapon.alc
            )
        )
    match = _PERCENT.match(book.range or "")
    extra = int(match.group(1)) / 100 if match else 0.0
    reach = weapon.alc * (1 + extra)
    what = say("phrase.melee.has_alc_plus", weapon=weapon.id, alc=weapon.alc, extra=extra)
    _in_range(seen.distance, reach, what)
    _need_los(seen.line_of_sight, target)
    return _shoot(state, figure, target, weapon, book, seen.distance)


def _shoot(
    state: GameState, figure: Figure, target: Figure, weapon: Weapon, book: Entry, distance: float
) -> list[Event]:
    events = [
        spend(
            figure, cost(book, weapon), say("phrase.checks.with", label=book.name, other=weapon.id)
        )
    ]
    mods = acting_modifiers(figure) + difficulty(book) + _ranged_modifiers(figure, target, distance)
    ctx = Context(target, melee=False, weapon=weapon)
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    events += [event, _gunfire(figure, weapon)]
    damage = _damage(figure, weapon) + bonus_damage(state, figure, target, ctx)
    events += _ranged_hit(state, figure, target, weapon, outcome, damage)
    figure.next_action_modifier = 0
    return events


def ataque_distancia_a_combate_cac(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque a distancia a un combate CaC (X, AGI): a shot into a melee.

    Without a critical a second CH IMP follows: passed, the target is hit; failed, another
    fighter of that melee is, picked by the dice.  The second roll only decides who is hit.
    """
    book = entry("ataque_distancia_a_combate_cac")
    weapon, target = _shooter(state, figure, action, book)
    if not engaged_with(state, target):
        raise IllegalActionError(say("refused.melee.target_not_engaged", target=target.id))
    seen = sight(state, figure, target)
    if not seen.in_vision:
        raise IllegalActionError(say("refused.combat.outside_cdv"))
    _in_range(seen.distance, weapon.alc, say("phrase.melee.has_alc", weapon=weapon.id))
    _need_los(seen.line_of_sight, target)
    events = [
        spend(
            figure, cost(book, weapon), say("phrase.checks.with", label=book.name, other=weapon.id)
        )
    ]
    mods = acting_modifiers(figure) + difficulty(book)
    mods += _ranged_modifiers(figure, target, seen.distance)
    ctx = Context(target, melee=False, weapon=weapon)
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    events += [event, _gunfire(figure, weapon)]
    struck = target
    sure = (  # Franco tirador: no second CH IMP
        list(chain.from_iterable(hookspecs.sure_shot.collect(figure, target)))
        if outcome is Outcome.PASS
        else []
    )
    events += sure
    if outcome is Outcome.PASS and not sure:
        purpose = "2º CH IMP (combate CaC)"
        second, event = roll(state, figure, purpose, figure.profile.agi, mods, ctx)
        events.append(event)
        if not second.passed:
            others = [f for f in melee_group(state, target) if f.id != target.id]
            picked = say("phrase.melee.struck_fighter")
            struck, picks = _pick_by_dice(state, figure, others, picked)
            events += picks
            events.append(
                Event(
                    "stray",
                    say("log.melee.stray", figure=figure.id, struck=struck.id, target=target.id),
                    {"figure": figure.id, "target": target.id, "struck": struck.id},
                )
            )
    hit = Context(struck, melee=False, weapon=weapon)
    damage = _damage(figure, weapon) + bonus_damage(state, figure, struck, hit)
    events += _ranged_hit(state, figure, struck, weapon, outcome, damage)
    figure.next_action_modifier = 0
    return events


def lanzar_armas_objetos(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Lanzar armas / objetos (2, AGI): to MOV+CON K; DAÑ by material (steel 2, wood 1).

    ``item`` names a carried weapon (thrown: it leaves the thrower, and hits as steel), one
    of the map's throwable objects (a car, a lorry...: Súper fuerza lifts it first with a
    CH CON, core/throwables.py; it hits as steel and lands where it falls) or a material
    (an object at hand); without one the object is of steel or hard rock.
    """
    book = entry("lanzar_armas_objetos")
    thrown = figure.profile.weapon(action.item)
    if thrown is not None:
        _no_area(thrown, book)
    thing = None if thrown else state.throwable(action.item)
    if thing is not None:
        _check_lift(state, figure, thing)
    _, dan = material(book, None if thrown or thing else action.item)
    target = _far_target(state, figure, action, "throw", thrown)
    hookspecs.shot_barred.collect(state, figure, target, None)  # Anónimo
    seen = sight(state, figure, target)
    if not seen.in_vision:
        raise IllegalActionError(say("refused.combat.outside_cdv"))
    reach = figure.profile.mov + figure.profile.con  # "MOV+CON": the thrower's own MOV
    plain = (reach, dan, "MOV+CON")  # unless an entry says otherwise (Arma arrojada: CON+AGI)
    reach, dan, rule = hookspecs.thrown.first(figure, thrown, reach, dan) or plain
    _in_range(seen.distance, reach, say("phrase.melee.throw_reaches", rule=rule))
    _need_los(seen.line_of_sight, target)
    what: Reason = thrown.id if thrown else thing.id if thing else action.item or ""
    what = what or say("phrase.melee.an_object")
    events = [spend(figure, cost(book), say("phrase.checks.about", label=book.name, what=what))]
    if thing is not None:
        lifted, more = _lift(state, figure, thing)
        events += more
        if not lifted:
            figure.next_action_modifier = 0
            return events
    mods = acting_modifiers(figure) + difficulty(book)
    mods += _ranged_modifiers(figure, target, seen.distance)
    ctx = Context(target, melee=False, weapon=thrown)
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    events.append(event)
    if thrown is not None:
        drop_weapon(figure, thrown)
        text = say("log.melee.thrown_weapon", figure=figure.id, item=thrown.id)
        events.append(Event("gear", text, {"figure": figure.id, "item": thrown.id}))
    damage = max(1, dan + bonus_damage(state, figure, target, ctx))
    spot = target.position  # (where the target stood when the object left the thrower)
    events += _ranged_hit(state, figure, target, UNARMED, outcome, damage)
    if thing is not None:
        aim = at_feet(thing, spot, target.radius, figure.position)
        events += _land(state, thing, spot, aim, seen.distance, outcome)
    figure.next_action_modifier = 0
    return events


# -- Súper fuerza: the map's throwables (core/throwables.py) ----------------------------------


def _check_lift(state: GameState, figure: Figure, thing: Throwable) -> Throwable:
    """Refuse a throw of ``thing`` that ``figure`` may not make; returns the object."""
    problem = lift_problem(figure, thing, state.throwable_at(thing))
    if problem is not None:
        raise IllegalActionError(problem)
    return thing


def _lift(state: GameState, figure: Figure, thing: Throwable) -> tuple[bool, list[Event]]:
    """The CH CON to lift ``thing`` (after the ENE is spent): (lifted, events).

    Failed, the thrower takes the entry's wounds with no CH DEF and the object stays.
    """
    heave = hookspecs.heaves.first(figure, thing.size.value)
    if heave is None:  # (_check_lift refused it before anything was spent)
        raise IllegalActionError(say("refused.melee.only_super_strength", item=thing.id))
    entry, shift, backlash = heave
    mods = acting_modifiers(figure)
    if shift:
        mods = [*mods, (f"{entry}: {THROWN_NAMES[thing.size.value]}", shift)]
    purpose = f"CH CON ({entry})"
    outcome, rolled = roll(state, figure, purpose, figure.profile.con, mods)
    if outcome.passed:
        size = _SIZES[thing.size.value]
        text = say("log.melee.lifted", figure=figure.id, item=thing.id, size=size)
        return True, [rolled, Event("lifted", text, {"figure": figure.id, "item": thing.id})]
    text = say(
        "log.melee.lift_failed", figure=figure.id, item=thing.id, wounds=backlash, entry=entry
    )
    data = {"figure": figure.id, "item": thing.id, "wounds": backlash}
    return False, [rolled, Event("lift_failed", text, data), *wound(state, figure, backlash)]


def _land(
    state: GameState, thing: Throwable, target: Point, aim: Point, distance: float,
    outcome: Outcome,
) -> list[Event]:  # fmt: skip
    """The thrown ``thing`` comes down: at ``aim`` (against the target's base) after a hit,
    scattered from the ``target``'s centre after a miss; always wholly on the table."""
    events: list[Event] = []
    point = aim
    if not outcome.passed:
        drift = scatter(target, distance, state.dice)
        dice = " + ".join(map(str, drift.rolls))
        text = say(
            "log.melee.scatter",
            item=thing.id,
            distance=drift.distance,
            dice=dice,
            angle=drift.angle_deg,
        )
        data = {"item": thing.id, "rolls": list(drift.rolls), "angle": drift.angle_deg}
        events.append(Event("scatter", text, data))
        point = drift.end
    spot = on_table(state.scenario.battlefield.size, thing, point)
    state.thrown[thing.id] = spot
    text = say("log.melee.landed", item=thing.id, x=spot[0], y=spot[1])
    return [*events, Event("landed_object", text, {"item": thing.id, "point": list(spot)})]


# -- CaC variants ------------------------------------------------------------------------------


def ataque_cac_arma_disparo(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque CaC con arma de disparo (X, AGI): a passed CH IMP needs a second one.

    DAÑ as any CaC attack: weapon DAÑ + CON − 4 − wounds (min 1).  The critical that counts
    is the first roll's; the second only confirms the hit.
    """
    book = entry("ataque_cac_arma_disparo")
    weapon = _weapon(figure, action, ranged=True)
    _no_area(weapon, book)
    target = _brawler(state, figure, action)
    events = [spend(figure, cost(book, weapon), f"{book.name} ({weapon.id})")]
    impact = _impact(state, figure, target, weapon, difficulty(book))
    outcome = impact.outcome
    events += [*impact.events, _gunfire(figure, weapon)]
    if outcome.passed:
        purpose = "2º CH IMP (arma de disparo)"
        second, event = roll(
            state, figure, purpose, figure.profile.agi, impact.modifiers, impact.ctx
        )
        events.append(event)
        if not second.passed:
            outcome = Outcome.FAIL
    damage = _blow(state, figure, target, melee_damage(figure, weapon), impact)
    events += _resolve_hit(state, figure, target, weapon, outcome, damage, "none", melee=True)
    figure.next_action_modifier = 0
    return events


def ataque_cac_objeto_improvisado(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque CaC con objeto improvisado (3, AGI): CH IMP −1; DAÑ by material + CON − 4 − wounds.

    ``item`` is the material (steel_or_hard_rock, wood, or acero / roca / madera); an
    improvised object is not tracked gear, so a fumble wounds no weapon.
    """
    book = entry("ataque_cac_objeto_improvisado")
    name, dan = material(book, action.item)
    target = _brawler(state, figure, action)
    events = [spend(figure, cost(book), f"{book.name} ({name})")]
    extra = difficulty(book) + book_modifiers(book, "objeto improvisado")
    impact = _impact(state, figure, target, UNARMED, extra)
    events += impact.events
    base = max(1, dan + figure.profile.con + strength(figure) - 4 - figure.wounds)  # Mulo
    damage = _blow(state, figure, target, base, impact)
    events += _resolve_hit(
        state, figure, target, UNARMED, impact.outcome, damage, "none", melee=True
    )
    figure.next_action_modifier = 0
    return events


def ataque_cac_sin_armas(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque CaC sin armas (1, AGI): DAÑ CON − 4 − wounds (min 1), at most 1 wound + 1 per crit."""
    book = entry("ataque_cac_sin_armas")
    target = _brawler(state, figure, action)
    events = [spend(figure, cost(book), book.name)]
    impact = _impact(state, figure, target, UNARMED, difficulty(book))
    outcome = impact.outcome
    events += impact.events
    damage = _blow(state, figure, target, melee_damage(figure, UNARMED), impact)
    if not outcome.passed:
        events += _resolve_hit(state, figure, target, UNARMED, outcome, damage, "none", melee=True)
    else:
        critical = outcome is Outcome.CRITICAL
        if critical:  # Crítico en CH IMP: DAÑ +1 (more with Daño extra, Matarife)
            damage += critical_bonus(state, figure, target, None, melee=True)
        text = say("log.combat.hit", figure=figure.id, target=target.id, damage=damage)
        data = {"figure": figure.id, "target": target.id, "damage": damage}
        events.append(Event("hit", text, data))
        claws = unarmed_divisor(figure) is not None  # Garras y dientes: natural weapons
        cap = None if claws else UNARMED_MAX_WOUNDS + (1 if critical else 0)
        blow = Blow(figure, None, melee=True, critical=critical)
        events += defend(state, target, damage, "none", figure, blow=blow, cap=cap)
    figure.next_action_modifier = 0
    return events


def _contested_blow(
    state: GameState, figure: Figure, action: Action, action_id: str
) -> tuple[Figure, OpposedResult | None, Outcome | None, list[Event]]:
    """The CaC variants that swap CH DEF for a CH ENF: CH IMP, then the contest on a hit.

    Returns the target, the contest's result and the actor's outcome in it (None when the
    CH IMP missed), and the events so far.
    """
    book = entry(action_id)
    weapon = _weapon(figure, action, ranged=False)
    target = _brawler(state, figure, action)
    _precondition(action_id, figure, target)
    events = [spend(figure, cost(book), book.name)]
    impact = _impact(state, figure, target, weapon, difficulty(book))
    outcome = impact.outcome
    events += impact.events
    if not outcome.passed:
        events += _resolve_hit(state, figure, target, weapon, outcome, 0, "none", melee=True)
        figure.next_action_modifier = 0
        return target, None, None, events
    text = say("log.melee.reached", figure=figure.id, target=target.id, action=book.name)
    events.append(Event("hit", text, {"figure": figure.id, "target": target.id, "damage": 0}))
    name, _ = attribute(state, figure, book)
    result, mine, contested = contest(state, figure, target, name)
    figure.next_action_modifier = 0
    return target, result, mine, events + contested


def _precondition(action_id: str, figure: Figure, target: Figure) -> None:
    if action_id == "empujar":
        limit = 2 * figure.profile.con
        if target.profile.con >= limit or target.defense >= limit:
            raise IllegalActionError(
                say(
                    "refused.melee.push_too_strong",
                    limit=limit,
                    target=target.id,
                    con=target.profile.con,
                    defense=target.defense,
                )
            )
    if action_id == "desarmar" and _held_weapon(target) is None:
        raise IllegalActionError(say("refused.melee.no_weapon_held", target=target.id))


def desarmar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Desarmar (3, AGI ENF): a CaC blow; on a hit CH AGI ENF instead of CH DEF.

    Won, the weapon the target fights with (its CaC weapon, else its first ranged one)
    falls to the ground: the target no longer carries it.
    """
    target, result, _, events = _contested_blow(state, figure, action, "desarmar")
    if result is OpposedResult.ACTOR:
        weapon = _held_weapon(target)
        assert weapon is not None  # checked before the roll
        drop_weapon(target, weapon)
        text = say("log.melee.disarmed", target=target.id, weapon=weapon.id)
        events.append(Event("disarmed", text, {"figure": target.id, "item": weapon.id}))
    return events


def empujar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Empujar (1, CON ENF): won, the target goes CON − its CON K away (min 1); crit: prone."""
    target, result, mine, events = _contested_blow(state, figure, action, "empujar")
    if result is OpposedResult.ACTOR:
        distance = max(1, figure.profile.con - target.profile.con)
        events.append(shove(state, target, figure.position, distance))
        if mine is Outcome.CRITICAL and target.posture is not Posture.PRONE:
            target.posture = Posture.PRONE
            events.append(
                Event(
                    "posture",
                    say("log.melee.critical_prone", target=target.id),
                    {"figure": target.id, "posture": Posture.PRONE.value},
                )
            )
    return events


def inmovilizar_enemigo(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Inmovilizar enemigo (1, CON ENF): won, the target is held until its next activation;
    at a Pj it already holds, ENE 3 and a new CH CON ENF tie it up (actions/holds.py)."""
    target = _brawler(state, figure, action)
    if holder(state, target) is figure:
        return tie(state, figure, target, action)
    target, result, _, events = _contested_blow(state, figure, action, "inmovilizar_enemigo")
    if result is OpposedResult.ACTOR:
        events += hold(figure, target)
    return events


def noquear(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Noquear (1, CON ENF): won, the target is unconscious, a casualty until someone tends it.

    It is the unconscious state of PSICOLOGÍA (a casualty, with no wounds added); tending
    it (Curar) must wake it.
    """
    target, result, _, events = _contested_blow(state, figure, action, "noquear")
    if result is OpposedResult.ACTOR:
        target.unconscious = True
        state.lift(target)  # a casualty no longer blocks movement
        text = say("log.melee.knocked_out", target=target.id)
        events.append(Event("knocked_out", text, {"figure": target.id, "by": figure.id}))
    return events


def destrabarse(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Destrabarse del combate CaC (2, PSI): move away up to 2 K.

    Free when the Pj's side outnumbers the enemy in that melee; otherwise a CH PSI, and
    on a failure the nearest engaged enemy strikes once at ENE 0 with CH IMP +1 as the Pj
    leaves.  The CH PSI has its usual results (PSICOLOGÍA: stress, CH LOC on a fumble);
    the Pj still gets away.
    """
    book = entry("destrabarse")
    foes = engaged_with(state, figure)
    if not foes:
        raise IllegalActionError(say("refused.melee.not_engaged_move", figure=figure.id))
    if action.point is None:
        raise IllegalActionError(say("refused.melee.needs_point", action=book.name))
    group = melee_group(state, figure)
    own = sum(1 for f in group if f.side == figure.side)
    enemy = len(group) - own
    nearest = min(
        foes,
        key=lambda e: (edge_distance(figure.position, figure.radius, e.position, e.radius), e.id),
    )
    strike_mods = book_modifiers(
        book, "ataque al destrabarse", who="nearest_enemy", when="check_failed"
    )
    strike_mods += _melee_modifiers(state, nearest, figure)  # judged in contact, before leaving
    reach = float(book.distance or 0)
    stride = Stride(book.name, cost(book), reach)
    events, _, _ = travel(state, figure, action.point, reach, stride)
    figure.next_action_modifier = 0
    if own > enemy:
        text = say("log.melee.disengage_outnumber", figure=figure.id, own=own, enemy=enemy)
        return [*events, Event("disengage", text, {"figure": figure.id, "free": True})]
    check = psi_check(state, figure, say("phrase.melee.disengage"))
    events += check
    if check[0].data["outcome"] in (Outcome.CRITICAL, Outcome.PASS):
        text = say("log.melee.disengage_free", figure=figure.id)
        return [*events, Event("disengage", text, {"figure": figure.id, "free": True})]
    text = say("log.melee.disengage_struck", figure=figure.id, enemy=nearest.id)
    events.append(Event("disengage", text, {"figure": figure.id, "free": False, "by": nearest.id}))
    if figure.casualty:  # fallen unconscious from the stress: nothing left to strike at
        return events
    if nearest.sprinted:
        note = say("log.melee.sprinted_no_attack", figure=nearest.id)
        return [*events, Event("no_attack", note, {"figure": nearest.id})]
    weapon = _melee_weapon(nearest)
    ctx = Context(figure, melee=True, weapon=None if weapon is UNARMED else weapon)
    strike, event = roll(
        state, nearest, say("phrase.melee.free_blow"), nearest.profile.agi, strike_mods, ctx
    )
    events.append(event)
    damage = max(1, melee_damage(nearest, weapon) + bonus_damage(state, nearest, figure, ctx))
    return events + _resolve_hit(state, nearest, figure, weapon, strike, damage, "none", melee=True)


def embestir(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Embestir (X+1, AGI), a Pj: run MOV+1 K (at least 2 K) into the target; DAÑ = CON.

    X+1 is Correr's ENE + 1, plus terrain.  A Pj takes no hit back from its ram (a fumbled
    CH IMP still hurts it, as any fumbled attack).
    """
    book = entry("embestir")
    target = _enemy(state, figure, action)
    if target.level != figure.level:
        raise IllegalActionError(say("refused.combat.height", target=target.id))
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.engaged_ram"))
    _no_attack_after_sprint(figure)
    match = _MOV_PLUS.match(book.distance or "")
    if match is None:
        raise ValueError(f"embestir: unexpected distance {book.distance!r}")
    reach = figure.mov + float(match.group(1))
    least = float(match.group(2))
    gap = edge_distance(figure.position, figure.radius, target.position, target.radius)
    if gap > reach:
        raise IllegalActionError(
            say("refused.melee.ram_too_far", target=target.id, gap=gap, reach=reach)
        )
    if gap < least:
        raise IllegalActionError(
            say("refused.melee.ram_too_close", least=least, target=target.id, gap=gap)
        )
    stride = Stride(book.name, cost(book), float(match.group(1)), least)
    if drives(figure) and not ahead(figure, target):
        raise IllegalActionError(say("refused.melee.ram_not_ahead", target=target.id))
    contact = contact_point(figure, target)
    events, _, run = travel(state, figure, contact, reach, stride, frozenset({target.id}))
    if target not in engaged_with(state, figure):
        raise IllegalActionError(say("refused.melee.ram_blocked", target=target.id))
    _, value = attribute(state, figure, book)
    ctx = Context(target, melee=True, action="embestir")  # for Ariete's DAÑ +1
    outcome, event = roll(
        state, figure, say("phrase.melee.ram"), value, acting_modifiers(figure), ctx
    )
    events.append(event)
    if drives(figure):
        figure.next_action_modifier = 0
        return events + ram(state, figure, target, outcome, run, ctx)
    con = figure.profile.con + strength(figure)  # DAÑ máx. = CON (Mulo +1); Ariete above
    rammer = action_damage(state, figure, target, ctx)
    damage = max(1, min(con, con + bonus_damage(state, figure, target, ctx) - rammer)) + rammer
    events += _resolve_hit(state, figure, target, UNARMED, outcome, damage, "none", melee=False)
    figure.next_action_modifier = 0
    return events


# -- reactions and duels ----------------------------------------------------------------------


def contracarga(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Contracarga (3): a reaction to an enemy that has just charged this Pj; CH DEF +1
    against that charge's blow (combat.against_charge)."""
    book = entry("contracarga")
    charger = state.figures.get(state.active or "")
    if not figure.reacting or charger is None:
        raise IllegalActionError(say("refused.melee.counter_not_reacting", action=book.name))
    if not charger.charging or figure not in engaged_with(state, charger):
        raise IllegalActionError(
            say(
                "refused.melee.counter_no_charge",
                action=book.name,
                figure=figure.id,
                charger=charger.id,
            )
        )
    events = [spend(figure, cost(book), book.name)]
    figure.counter_charge = charger.id
    text = say("log.melee.counter_charge", figure=figure.id, charger=charger.id)
    return [*events, Event("counter_charge", text, {"figure": figure.id, "by": charger.id})]


HANDLERS: dict[str, Handler] = {
    "ataque_distancia_a_bulto": ataque_distancia_a_bulto,
    "ataque_distancia_a_ciegas": ataque_distancia_a_ciegas,
    "ataque_distancia_a_larga_distancia": ataque_distancia_a_larga_distancia,
    "ataque_distancia_a_combate_cac": ataque_distancia_a_combate_cac,
    "lanzar_armas_objetos": lanzar_armas_objetos,
    "ataque_cac_arma_disparo": ataque_cac_arma_disparo,
    "ataque_cac_objeto_improvisado": ataque_cac_objeto_improvisado,
    "ataque_cac_sin_armas": ataque_cac_sin_armas,
    "desarmar": desarmar,
    "destrabarse": destrabarse,
    "empujar": empujar,
    "inmovilizar_enemigo": inmovilizar_enemigo,
    "noquear": noquear,
    "embestir": embestir,
    "contracarga": contracarga,
}
register(HANDLERS)
