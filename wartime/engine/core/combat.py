"""COMBATE: CH IMP, CH DEF, cover, range bands, criticals, fumbles, wounds and PSI.

Section COMBATE and MODIFICADORES of the rulebook; DESIGN.md §5 for cover.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING

import shapely

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import checks, hits, hookspecs, modifiers
from wartime.engine.core.action import Action
from wartime.engine.core.book import book_modifiers, entry
from wartime.engine.core.checks import Modifiers, acting_modifiers, roll, spend
from wartime.engine.core.dispatch import HANDLERS, register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.melee import cac_impact, surprised
from wartime.engine.core.modifiers import Context
from wartime.engine.core.movement import FAST, engaged_with, noise_event
from wartime.engine.core.profiles import UNARMED, Weapon
from wartime.engine.core.protections import crush, wall_pieces, wound_piece
from wartime.engine.core.psychology import TRAUMA, near, psi_check, stress_limits
from wartime.engine.core.sight import (
    astray,
    endless,
    hidden_in_dark,
    in_vision,
    sees_through,
    unseen,
)  # fmt: skip
from wartime.engine.core.stats import sight_extra, vol
from wartime.engine.core.traits import entries_of
from wartime.engine.core.world import CoverQuery
from wartime.errors import IllegalActionError
from wartime.geometry.cover import cover_class, line_of_sight
from wartime.geometry.distance import edge_distance
from wartime.geometry.noise import weapon_noise
from wartime.geometry.vision import can_interact, in_arc, vision_range
from wartime.i18n import Message, Reason, say, say_n
from wartime.rules.dice import Outcome, round_half_up
from wartime.rules.effects import Trigger
from wartime.rules.tables import load_tables

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

RANGE_BAND = 10.0  # CH IMP −1 per 10 K beyond the first 10 K
CLOSE = 3.0  # postures matter to a shooter beyond 3 K
COVER_CHECK = "Cobertura (CH DEF)"  # the cover's own check: no trait of the target applies
MAGAZINE = "Cargadores"  # BONUS Y MALUS: the weapon uses magazines, 1 mounted; reload them
MORE_AMMO = "Más munición"  # each magazine holds twice the rounds
MAGAZINE_BASE = 10  # Cargadores without X: X = 10 − DAÑ
UNARMED_CAC = "ataque_cac_sin_armas"  # what an Ataque CaC with no CaC weapon is


class Sight:
    """What ``viewer`` sees of ``target``: distance and CdV at once, cover when asked.

    Cover is the costly part, so it is computed only for the checks that need it.
    """

    def __init__(self, state: GameState, viewer: Figure, target: Figure) -> None:
        self._state, self._viewer, self._target = state, viewer, target
        self.distance = edge_distance(
            viewer.position, viewer.radius, target.position, target.radius
        )
        arc = in_arc(viewer.position, viewer.facing, target.position, target.radius)
        cdv = vision_range(vol(state, viewer)) + sight_extra(viewer)  # Súper vista (limits.py)
        self.in_vision = arc and self.distance <= cdv

    @cached_property
    def dark(self) -> bool:
        """The target stands in the map's darkness and the viewer cannot see it there."""
        return hidden_in_dark(self._state, self._viewer, self._target)

    @cached_property
    def cover(self) -> float:
        viewer, target = self._viewer, self._target
        if self._state.world.shade is not None and self.dark:  # no LdV into the dark
            return 100.0
        if self._state.invisible and unseen(self._state, viewer, target):  # Invisible
            return 100.0
        if sees_through(viewer, self.distance):  # Meta visión: obstacles hide nothing
            return 0.0
        return self._state.world.cover(*cover_query(viewer, target))

    @property
    def cover_class(self) -> str:
        return cover_class(self.cover)

    @property
    def line_of_sight(self) -> str:
        return line_of_sight(self.cover)


def sight(state: GameState, viewer: Figure, target: Figure) -> Sight:
    return Sight(state, viewer, target)


def cover_query(viewer: Figure, target: Figure) -> CoverQuery:
    """The question :attr:`Sight.cover` asks the world's cover memory: ``viewer``'s eye to
    ``target``'s silhouette.  A batch that fills the memory ahead of the checks
    (World.fill_cover) builds its keys here, so they cannot drift from the ones read."""
    return viewer.eye(), target.position, 2 * target.radius, target.current_height, target.feet()


def range_penalty(distance: float) -> int:
    """MODIFICADORES, CH IMP a distancia: −1 per started 10 K beyond the first 10 K.

    Our rounding: 10 K exactly is free, 10.1–20 K is −1, 20.1–30 K is −2.
    """
    return -max(0, math.ceil((distance - RANGE_BAND) / RANGE_BAND - 1e-9))


def _weapon(figure: Figure, action: Action, *, ranged: bool) -> Weapon:
    if action.item is None:
        choices = [w for w in figure.profile.weapons if w.ranged is ranged]
        if choices:
            return _chamber(figure, choices[0]) if ranged else choices[0]
        if ranged:
            raise IllegalActionError(say("refused.combat.no_ranged", figure=figure.id))
        return UNARMED
    weapon = figure.profile.weapon(action.item)
    if weapon is None:
        raise IllegalActionError(
            say("refused.combat.no_weapon", figure=figure.id, item=action.item)
        )
    if weapon.ranged is not ranged and (
        ranged or hookspecs.short_weapon.first(figure, weapon) is None
    ):
        # Arma corta: a short gun serves in CaC
        need: Reason = say("phrase.combat.alc_above") if ranged else "ALC 0"
        raise IllegalActionError(say("refused.combat.wrong_weapon", weapon=weapon.id, need=need))
    if figure.weapon_wounds.get(weapon.id, 0) >= weapon.cal:
        raise IllegalActionError(say("refused.combat.broken", weapon=weapon.id))
    return _chamber(figure, weapon) if ranged else weapon


def magazine_size(figure: Figure, weapon: Weapon) -> int | None:
    """Rounds in a full magazine of ``weapon``; None when it uses no magazines.

    Cargadores (X): X rounds, or 10 − DAÑ without X (at least 1); Más munición, on the
    weapon or on the character, doubles them.
    """
    if MAGAZINE not in weapon.bonuses:
        return None
    size = weapon.magazine or max(1, MAGAZINE_BASE - weapon.dan)
    doubled = MORE_AMMO in weapon.bonuses or any(
        t.name == MORE_AMMO and t.weapon is None for t in figure.profile.traits
    )
    return 2 * size if doubled else size


def rounds_left(figure: Figure, weapon: Weapon) -> int | None:
    """Shots left in the mounted magazine (a full one until the first shot); None: no magazines."""
    size = magazine_size(figure, weapon)
    return None if size is None else figure.rounds.get(weapon.id, size)


def _chamber(figure: Figure, weapon: Weapon) -> Weapon:
    """A ranged attack fires ``weapon``: with Cargadores it uses a round, and an empty one
    must be reloaded first (Recargar)."""
    left = rounds_left(figure, weapon)
    if left is None:
        return weapon
    if left <= 0:
        raise IllegalActionError(say("refused.combat.empty", weapon=weapon.id))
    figure.rounds[weapon.id] = left - 1
    return weapon


def _damage(figure: Figure, weapon: Weapon) -> int:
    """Weapons lose DAÑ 1 per wound, never below 1."""
    return max(1, weapon.dan - figure.weapon_wounds.get(weapon.id, 0))


def _enemy(state: GameState, figure: Figure, action: Action) -> Figure:
    target = state.figure(action.target)
    if target.side == figure.side and not any(  # Locura asesina may shoot a friend
        hookspecs.friendly_target.collect(state, figure, target)
    ):
        raise IllegalActionError(say("refused.combat.own_side", target=target.id))
    if target.casualty:
        raise IllegalActionError(say("refused.combat.casualty", target=target.id))
    return target


def ataque_distancia(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque a distancia (X, AGI): a target in the CdV, within ALC and with LdV."""
    # Fuego a larga stretches the weapon; Radiante's duty is met
    weapon = hookspecs.shot_weapon.thread(_weapon(figure, action, ranged=True), figure, action)
    if weapon.area is not None:  # a template: the rules of areas play it
        return _all(hookspecs.area_shot.collect(state, figure, action, weapon))
    volley = hookspecs.volley.first(state, figure, action, weapon)  # Arma de enjambre
    if volley is not None:
        return volley
    target, seen = shot_target(state, figure, action, weapon)
    events = [spend(figure, weapon.ene, say("phrase.combat.shot", weapon=weapon.id))]
    aimed = aim_shot(state, figure, target, weapon, seen)
    return events + aimed.events + land_shot(state, aimed)


@dataclass(frozen=True)
class Aimed:
    """A shot's CH IMP rolled: its outcome, and what a hit would deal through what cover."""

    shooter: Figure
    target: Figure
    weapon: Weapon
    outcome: Outcome
    damage: int
    cover: str
    events: list[Event]


def shot_target(
    state: GameState, figure: Figure, action: Action, weapon: Weapon
) -> tuple[Figure, Sight]:
    """The enemy ``figure`` may shoot with ``weapon`` (not down, in its CdV, range and
    LdV, not engaged in CaC), and how it sees it; raises IllegalActionError."""
    target = _enemy(state, figure, action)
    seen = check_shot(state, figure, target, weapon)
    if engaged_with(state, target):
        raise IllegalActionError(say("refused.combat.target_engaged", target=target.id))
    return target, seen


def aim_shot(
    state: GameState, figure: Figure, target: Figure, weapon: Weapon, seen: Sight
) -> Aimed:
    """The CH IMP of a shot, its noise, and the DAÑ and cover a hit would meet."""
    mods = acting_modifiers(figure) + _ranged_modifiers(figure, target, seen.distance)
    ctx = Context(target, melee=False, weapon=weapon)
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    outcome, strayed = astray(figure, weapon, seen.in_vision, outcome)  # Alcance infinito
    cover = _shot_cover(state, figure, target)
    noise = noise_event(figure, figure.position, weapon_noise(weapon.dan))
    damage = _damage(figure, weapon) + bonus_damage(state, figure, target, ctx)
    return Aimed(figure, target, weapon, outcome, damage, cover, [event, *strayed, noise])


def land_shot(state: GameState, aimed: Aimed, outcome: Outcome | None = None) -> list[Event]:
    """What the shot does: a miss, a fumble's backlash, or a hit and its CH DEF
    (``outcome`` in place of the CH IMP's, when a rule changed it: Arma de enjambre)."""
    shooter = aimed.shooter
    events = _resolve_hit(
        state, shooter, aimed.target, aimed.weapon, outcome or aimed.outcome, aimed.damage,
        aimed.cover, melee=False,
    )  # fmt: skip
    shooter.next_action_modifier = 0
    return events


def ready_to_shoot(state: GameState, figure: Figure) -> None:
    """COMBATE, Atacar a distancia: not while engaged in CaC, nor after Esprintar."""
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.combat.engaged"))
    if figure.sprinted:
        raise IllegalActionError(say("refused.combat.sprinted"))


def check_shot(state: GameState, figure: Figure, target: Figure, weapon: Weapon) -> Sight:
    """A ranged attack's requirements: same height band, ready, in the CdV, in ALC, LdV."""
    if not can_interact(figure.level, target.level, ranged=True) and not any(
        hookspecs.any_height.collect(figure, weapon)
    ):  # Arma ATA
        raise IllegalActionError(say("refused.combat.height", target=target.id))
    ready_to_shoot(state, figure)
    seen = sight(state, figure, target)
    unlimited = endless(figure, weapon)  # Alcance infinito: LdV is all it needs
    if not seen.in_vision and unlimited is None:
        raise IllegalActionError(say("refused.combat.outside_cdv"))
    if seen.distance > weapon.alc and unlimited is None:
        raise IllegalActionError(
            say("refused.combat.range", gap=seen.distance, weapon=weapon.id, alc=weapon.alc)
        )
    if seen.line_of_sight == "blocked":
        if state.world.shade is not None and seen.dark:
            raise IllegalActionError(say("refused.combat.no_ldv_dark", target=target.id))
        raise IllegalActionError(say("refused.combat.no_ldv", target=target.id))
    hookspecs.shot_barred.collect(state, figure, target, weapon)  # Campo ciego, Anónimo
    return seen


def _shot_cover(state: GameState, shooter: Figure, target: Figure) -> str:
    """Cover of the target along the line of fire, from the muzzle (DESIGN §5)."""
    return cover_class(state.world.cover(*shot_query(shooter, target)))


def shot_query(shooter: Figure, target: Figure) -> CoverQuery:
    """The question a shot's cover asks the world's cover memory: ``shooter``'s muzzle to
    ``target``'s silhouette (as :func:`cover_query`, for a batch ahead of the checks)."""
    diameter = 2 * target.radius
    return shooter.muzzle(), target.position, diameter, target.current_height, target.feet()


def _ranged_modifiers(shooter: Figure, target: Figure, distance: float) -> Modifiers:
    mods: Modifiers = []
    if (band := range_penalty(distance)) < 0:
        mods.append(("distancia", band))
    mods += posture_modifiers(shooter, "tirador {}", "self", "attacking_ranged")
    if distance > CLOSE:
        mods += posture_modifiers(target, "blanco {} y lejos", "attackers", "ranged_beyond_3k")
    if target.sprinted:
        mods += sprinted_at()
    if target.profile.mov > shooter.profile.mov:  # natural MOV: a transport chooses its own
        mods.append(("tamaño", +1))  # MODIFICADORES, Por tamaño
    if shooter.moved > FAST or target.moved > FAST:
        mods.append(("velocidad", -1))  # MODIFICADORES, Por velocidad
    return mods


def sprinted_at() -> Modifiers:
    """Esprintar: CH IMP −1 to whoever attacks the Pj that sprinted, to the end of the
    turn, at range or in CaC (the action list's modifier for ``attackers``)."""
    return book_modifiers(entry("esprintar"), "blanco esprintando", who="attackers")


_POSTURE = {Posture.CROUCHED: "agachado", Posture.PRONE: "cuerpo a tierra"}
_POSTURE_ACTION = {Posture.CROUCHED: "agacharse", Posture.PRONE: "cuerpo_a_tierra"}


def posture_modifiers(figure: Figure, label: str, who: str, when: str) -> Modifiers:
    """Agacharse and Cuerpo a tierra: the CH IMP modifiers the action list gives a figure in
    that posture (``who`` self) or whoever attacks it (``attackers``), ``when`` it holds;
    ``label`` takes the posture's name."""
    if figure.posture is Posture.STANDING:
        return []
    name = _POSTURE[figure.posture]
    book = entry(_POSTURE_ACTION[figure.posture])
    return book_modifiers(book, label.format(name), who=who, when=when)


def ataque_cac(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque CaC (X, AGI): an engaged enemy; DAÑ = weapon DAÑ + CON − 4 − wounds (min 1)."""
    weapon = _weapon(figure, action, ranged=False)
    if weapon is UNARMED:  # no CaC weapon: it is the unarmed attack, with its own limits
        return HANDLERS[UNARMED_CAC](state, figure, action)
    target = _enemy(state, figure, action)
    reach = (
        None
        if target in engaged_with(state, figure)
        else hookspecs.reaches.first(state, figure, target, weapon)
    )  # Arma muy larga, Arma ATA
    if reach is None and target not in engaged_with(state, figure):
        raise IllegalActionError(
            say("refused.combat.not_engaged", target=target.id, figure=figure.id)
        )
    if figure.sprinted:
        raise IllegalActionError(say("refused.combat.sprinted"))
    events = [spend(figure, weapon.ene, say("phrase.combat.blow", weapon=weapon.id))]
    events += blunt_charge(figure, target)  # Contracarga (the entry): no charge bonus
    mods = acting_modifiers(figure) + _melee_modifiers(state, figure, target)
    damage = melee_damage(figure, weapon)
    if figure.charging:
        mods.append(("carga", +1))
        damage += 1
    ctx = Context(target, melee=True, weapon=weapon)
    outcome, rolled, extra = cac_impact(state, figure, target, mods, ctx)
    events += rolled
    damage = max(1, damage + extra + bonus_damage(state, figure, target, ctx))
    figure.charging = False  # the charge's bonus (and "when: charge" effects) end with this blow
    events += _resolve_hit(state, figure, target, weapon, outcome, damage, "none", melee=True)
    figure.next_action_modifier = 0
    return events


def blunt_charge(figure: Figure, target: Figure) -> list[Event]:
    """Contracarga, the entry: a blow after Cargar at its bearer gets no charge bonus (nor
    the entries that ride on a charge), and the charge is spent on it all the same."""
    name = hits.blunts_charge(target)
    if not figure.charging or name is None:
        return []
    figure.charging = False
    text = say("log.combat.charge_blunted", entry=name, figure=figure.id, target=target.id)
    return [Event("charge_blunted", text, {"figure": figure.id, "target": target.id})]


def bonus_damage(state: GameState, attacker: Figure, target: Figure, ctx: Context) -> int:
    """DAÑ from automated bonus/malus of the attacker (and the target's, against it)."""
    return sum(v for _, v in hits.damage_modifiers(state, attacker, target, ctx))


def melee_damage(figure: Figure, weapon: Weapon) -> int:
    """MODIFICADORES, DAÑ en CaC: DAÑ + CON − 4 − wounds, minimum 1 (unarmed: CON − 4).

    Mulo counts CON +1; Garras y dientes makes the unarmed part CON/2 (half up).
    """
    con = figure.profile.con + modifiers.strength(figure)
    claws = modifiers.unarmed_divisor(figure) if weapon is UNARMED else None
    if claws is not None:
        return max(1, round_half_up(Fraction(con, claws[1])) - figure.wounds)
    base = 0 if weapon is UNARMED else _damage(figure, weapon)
    return max(1, base + con - 4 - figure.wounds)


def _melee_modifiers(state: GameState, attacker: Figure, target: Figure) -> Modifiers:
    mods: Modifiers = []
    mods += posture_modifiers(attacker, "atacante {}", "self", "attacking_cac")
    mods += posture_modifiers(target, "blanco {}", "attackers", "attacking_cac")
    if target.sprinted:  # Esprintar's CH IMP −1 against it holds in CaC too
        mods += sprinted_at()
    friends = {f.id for e in engaged_with(state, target) for f in [e]}
    foes = {e.id for e in engaged_with(state, attacker)}
    if len(friends) > len(foes):
        mods.append(("superioridad numérica", +1))  # MODIFICADORES, Por superioridad numérica
    return mods


def melee_weapon(figure: Figure) -> Weapon:
    """The weapon a Pj fights with in CaC: its first usable ALC 0 weapon, else its fists."""
    usable = (
        w
        for w in figure.profile.weapons
        if not w.ranged and figure.weapon_wounds.get(w.id, 0) < w.cal
    )
    return next(usable, UNARMED)


_FREE: list[str] = []  # the strikers of the free blows under way (never more than a few)


def striking_free() -> bool:
    """A free blow is being resolved now: it brings no other (Orgulloso answers no blow
    that was itself free)."""
    return bool(_FREE)


def free_blow(
    state: GameState, striker: Figure, target: Figure, label: str, opening: Event
) -> list[Event]:
    """One free CaC blow (ENE 0) of ``striker`` at ``target`` with its CaC weapon, right
    away (Grito de venganza, entries/cries.py; Orgulloso, entries/triggers.py)."""
    _FREE.append(striker.id)
    try:
        return _free_blow(state, striker, target, label, opening)
    finally:
        _FREE.pop()


def _free_blow(
    state: GameState, victim: Figure, killer: Figure, label: str, opening: Event
) -> list[Event]:
    weapon = melee_weapon(victim)
    events = [opening]
    ctx = Context(killer, melee=True, weapon=None if weapon is UNARMED else weapon)
    mods = _melee_modifiers(state, victim, killer)
    purpose = say("phrase.combat.free_blow", entry=label.partition(" (")[0])
    outcome, event = roll(state, victim, purpose, victim.profile.agi, mods, ctx)
    events.append(event)
    damage = max(1, melee_damage(victim, weapon) + bonus_damage(state, victim, killer, ctx))
    return events + _resolve_hit(state, victim, killer, weapon, outcome, damage, "none", melee=True)


def _resolve_hit(
    state: GameState, attacker: Figure, target: Figure, weapon: Weapon, outcome: Outcome,
    damage: int, cover: str, *, melee: bool,
) -> list[Event]:  # fmt: skip
    """After CH IMP: a miss, a fumble's backlash, or a hit and the target's CH DEF."""
    arm = None if weapon is UNARMED else weapon
    if outcome is Outcome.FUMBLE:
        # Pifia en CH IMP: an automatic DAÑ 1 hit on oneself, and the weapon takes a wound.
        corrosive = hits.fumble_wounds(attacker, arm)
        text = say("log.combat.fumble", figure=attacker.id)
        if corrosive is not None:  # Munición corrosiva: its own wound, with no CH DEF
            name, hurt = corrosive
            text = say_n("log.combat.fumble_corrosive", hurt, figure=attacker.id, entry=name)
        events = [Event("fumble", text, {"figure": attacker.id})]
        if weapon is not UNARMED:
            attacker.weapon_wounds[weapon.id] = attacker.weapon_wounds.get(weapon.id, 0) + 1
            worn = say("log.combat.weapon_wound", weapon=weapon.id)
            events.append(Event("gear", worn, {"item": weapon.id}))
        events += _dulled(attacker, arm, melee)
        immune = modifiers.own_invocation_immunity(attacker, arm)
        if immune is not None:  # Cuerpo de luz: its own invocation cannot hurt it
            text = say("log.combat.spared", entry=immune, figure=attacker.id)
            return [*events, Event("spared", text, {"figure": attacker.id, "entry": immune})]
        if corrosive is not None:
            return events + wound(state, attacker, corrosive[1])
        more, dan = _fumble_damage(attacker, arm)  # Peligro: more DAÑ
        events += more + defend(state, attacker, dan, "none", attacker=None)
        return events + _all(hookspecs.fumbled.collect(state, attacker, arm))
    if not outcome.passed:
        return [
            Event(
                "miss",
                say("log.combat.miss", figure=attacker.id, target=target.id),
                {"figure": attacker.id, "target": target.id},
            )
        ]
    critical = outcome is Outcome.CRITICAL
    if critical:  # Crítico en CH IMP: ignores cover, DAÑ +1 (more with Daño extra, Matarife)
        damage, cover = damage + critical_bonus(state, attacker, target, arm, melee), "none"
    damage = hookspecs.hit_damage.thread(damage, state, attacker, target)
    text = say("log.combat.hit", figure=attacker.id, target=target.id, damage=damage)
    events = [Event("hit", text, {"figure": attacker.id, "target": target.id, "damage": damage})]
    blow = hits.Blow(attacker, arm, melee, critical)
    return events + defend(
        state, target, damage, cover, attacker=attacker if melee else None, blow=blow
    )


def _fumble_damage(attacker: Figure, weapon: Weapon | None) -> tuple[list[Event], int]:
    """The DAÑ of a fumbled CH IMP's hit on the attacker: 1, more with Peligro."""
    found = [(t, e) for t, e in entries_of(attacker, weapon, Trigger) if e.fumble_dan]
    if not found:
        return [], 1
    dan = 1 + sum(e.fumble_dan for _, e in found)
    text = say("log.combat.danger", entry=found[0][0].name, figure=attacker.id, damage=dan)
    return [Event("danger", text, {"figure": attacker.id, "damage": dan})], dan


def _dulled(attacker: Figure, weapon: Weapon | None, melee: bool) -> list[Event]:
    """Afilada: a fumbled CH IMP that its DAÑ +1 would have served takes it away for good."""
    lost = hits.lost_on_fumble(attacker, weapon, melee)
    attacker.dulled = (*attacker.dulled, *lost)
    return [
        Event(
            "dulled",
            say("log.combat.dulled", figure=attacker.id, entry=key),
            {"figure": attacker.id},
        )
        for key in lost
    ]


def critical_bonus(
    state: GameState, attacker: Figure, target: Figure, weapon: Weapon | None, melee: bool
) -> int:
    """Crítico en CH IMP: DAÑ +1, and the entries that add to it (Daño extra, Matarife)."""
    ctx = Context(target, melee=melee, weapon=weapon)
    return 1 + sum(v for _, v in hits.critical_damage(state, attacker, target, ctx))


def cover_defence(state: GameState, source: Point, target: Figure) -> int | None:
    """DEF of the cover hiding ``target`` from ``source``: the strongest solid on the line.

    None when no solid lies across the line in plan.
    """
    line = shapely.LineString([source, target.position])
    crossed = [s.defense for s in state.world.solids if line.intersects(s.polygon())]
    return max(crossed) if crossed else None


def against_charge(target: Figure, attacker: Figure | None) -> Modifiers:
    """Contracarga: CH DEF +1 against the blow of the charge it answered.

    The charger's first CaC blow after Cargar is that charge's blow (it has already
    dropped its charging flag by the CH DEF), so the first CH DEF against it uses it up.
    """
    if attacker is None or target.counter_charge != attacker.id:
        return []
    target.counter_charge = None
    return book_modifiers(entry("contracarga"), "contracarga", "DEF", when="against_charge")


def defend(
    state: GameState, target: Figure, damage: int, cover: str, attacker: Figure | None,
    source: Point | None = None, blow: hits.Blow | None = None, cap: int | None = None,
) -> list[Event]:  # fmt: skip
    """CH DEF against ``damage``; ``attacker`` is set in CaC (a critical strikes back).

    Cobertura: behind total cover, seen from ``source``, the cover checks its own DEF
    first; only if that fails does the target roll its CH DEF, +2.  ``blow`` says who
    struck and with what, for the entries that reach the target from the striker
    (hits.defence); ``cap`` is a ceiling on the wounds (Ataque CaC sin armas).
    """
    immune = hookspecs.untouched.first(target, blow)  # Invulnerable (X): nothing at all
    if immune:
        return immune
    plan = hits.defence(state, target, blow)
    hurt, where = target.hurt, target.position  # Munición radiactiva, de parada
    if plan.hits is None:
        events = _defend_once(state, target, damage, cover, attacker, source, blow, plan, cap)
        return events + _landed(state, target, blow, events, (hurt, where, damage, source))
    name, times = plan.hits  # Munición explosiva: the one hit is defended again
    text = say("log.combat.hits", entry=name, figure=target.id, times=times)
    events = [Event("hits", text, {"figure": target.id, "hits": times})]
    for _ in range(times):
        events += _defend_once(state, target, damage, cover, attacker, source, blow, plan, cap)
    return events + _landed(state, target, blow, events, (hurt, where, damage, source))


def _landed(
    state: GameState, target: Figure, blow: hits.Blow | None, events: list[Event],
    before: tuple[int, Point, int, Point | None],
) -> list[Event]:  # fmt: skip
    """What the striker's entries do once the CH DEF is over (the landed hook)."""
    if blow is None:
        return []
    hurt, where, damage, source = before
    stopped = any(e.kind == "saved" and ("cover" in e.data or "shield" in e.data) for e in events)
    reached = not target.casualty and not stopped
    landing = hits.Landing(blow, events, where, hurt, damage, source, reached)
    return _all(hookspecs.landed.collect(state, target, landing))


def _all(answers: list[list[Event]]) -> list[Event]:
    """The events of every answer to a hook, in the order they ran."""
    return list(chain.from_iterable(answers))


def _defend_once(
    state: GameState, target: Figure, damage: int, cover: str, attacker: Figure | None,
    source: Point | None, blow: hits.Blow | None, plan: hits.Defence, cap: int | None,
) -> list[Event]:  # fmt: skip
    """One CH DEF (and the entries' repeats of it) and the wounds it lets through."""
    events, spared = _spared(state, target, plan.struck)
    if spared:
        return events
    psychic = hookspecs.stress_hit.first(blow)  # Munición psíquica: stress, not wounds
    walls = wall_pieces(target)  # Muro: what a stress hit meets, and no other hit does
    unmet = frozenset(range(len(target.profile.protections))) - walls if psychic else walls
    events += crush(target, blow, unmet)  # Aplasta
    guard = cover_defence(state, source, target) if cover == "total" and source else None
    if guard is not None and plan.no_cover is None:
        held, event = roll(state, target, COVER_CHECK, guard, [])
        events.append(event)
        if held.passed:
            saved = say("log.combat.cover_saves", figure=target.id)
            return [*events, Event("saved", saved, {"figure": target.id, "cover": guard})]
    more, shielded = _shielded(state, target, blow, damage)  # Escudo de energía
    events += more
    if shielded is None:
        return events
    damage = shielded
    more, spared = _spared(state, target, plan.own)
    events += more
    if spared:
        return events
    covered = cover in ("over_half", "total")
    if covered and plan.no_cover is not None:
        text = say("log.combat.no_cover", entry=plan.no_cover, figure=target.id)
        events.append(Event("no_cover", text, {"figure": target.id}))
    bonus = load_tables().cover_defence_bonus  # Cobertura: over 50% hidden, CH DEF +2
    mods: Modifiers = [("cobertura", bonus)] if covered and not plan.no_cover else []
    mods += against_charge(target, attacker) + surprised(target, attacker) + list(plan.checks)
    melee = blow.melee if blow else attacker is not None
    arm = blow.weapon if blow else None
    if psychic:  # only the Muro pieces defend from it
        own = target.mind_defense
    else:
        own = target.defense + hits.defense_bonus(state, target, melee, arm)  # Rabia: in CaC only
        own += hookspecs.cover_defense.fold(0, target) if covered else 0  # Sombra
    shift = sum(v for _, v in plan.defense)  # the striker's DEF entries (Munición perforante)
    defense = max(0, own + shift)
    if plan.defense:
        named = ", ".join(f"{n} {v:+d}" for n, v in plan.defense)
        text = say("log.combat.defense", figure=target.id, own=own, defense=defense, named=named)
        events.append(Event("defense", text, {"figure": target.id, "defense": defense}))
    striker = blow.striker if blow else attacker
    ctx = Context(striker, melee=melee, no_reroll=plan.no_repeat is not None)
    outcome, defense, rolled = _defence_checks(
        state, target, (own, shift, defense), mods, ctx, plan
    )
    events += rolled
    factors = hits.damage_factors(target, arm)
    if factors:  # Blandito, Alérgico (X): the DAÑ it takes is multiplied
        before, damage = damage, damage * math.prod(f for _, f in factors)
        named = ", ".join(f"{n} ×{f}" for n, f in factors)
        text = say(
            "log.combat.damage_factor", figure=target.id, before=before, damage=damage, named=named
        )
        events.append(Event("damage_factor", text, {"figure": target.id, "damage": damage}))
    if outcome is Outcome.CRITICAL:
        events.append(
            Event("saved", say("log.combat.critical", figure=target.id), {"figure": target.id})
        )
        if attacker is not None:  # Crítico en CH DEF en CaC: DAÑ 1 back at the attacker
            more, dan = _spikes(target)  # Pinchos: DAÑ 2
            events += more + defend(state, attacker, dan, "none", attacker=None)
        return events
    if outcome is Outcome.FUMBLE:  # a fumbled defence: one more DAÑ, and the armour is hurt
        damage += 1
        if target.profile.defense and not psychic:
            events += wound_piece(target, walls)
    wounds = max(0, damage - defense) if outcome is Outcome.PASS else damage
    if psychic:  # each wound is 1 stress instead: no wound entries, no CH PSI
        return events + _deal_stress(state, target, wounds, psychic)
    wounds, notes = _wound_entries(target, outcome, damage, wounds, plan)
    events += notes
    if cap is not None and wounds > cap:
        text = say_n("log.combat.cap", cap, wounds=wounds)
        events.append(Event("cap", text, {"figure": target.id, "wounds": wounds, "cap": cap}))
        wounds = cap
    spared_by_luck = hookspecs.wounds_ignored.first(state, target, wounds) if wounds else None
    if spared_by_luck is not None:  # Fortuna: ignorar un DAÑ
        return events + spared_by_luck
    down, hurt = target.casualty, target.hurt
    events += wound(state, target, wounds, blow.striker if blow else attacker, damage)
    if blow is None:
        return events
    wounded = hits.Wounded(blow, target.hurt - hurt, not down and target.casualty)
    events += _all(hookspecs.wounds_dealt.collect(state, target, wounded))
    # the striker heals (the target stays as dealt), unless the kill's own blast took it
    # out (Explota): a casualty does not feed (docs/rules-interpretations.md)
    if plan.kill_heals and wounded.taken_out and not blow.striker.casualty:
        events += _devour(blow.striker, target, plan.kill_heals)
    if blow.melee and wounded.dealt > 0:
        _blooded(blow)
    return events + _all(hookspecs.wounded.collect(state, target, wounded))


def _shielded(
    state: GameState, target: Figure, blow: hits.Blow | None, damage: int
) -> tuple[list[Event], int | None]:
    """The shields the hit meets before the CH DEF, in turn: the events, and the DAÑ that
    goes on (None: a shield stopped it)."""
    events: list[Event] = []
    left: int | None = damage
    for shield in hookspecs.shielded:
        if left is None:
            break
        more, left = shield.fn(state, target, blow, left)
        events += more
    return events, left


def _deal_stress(state: GameState, target: Figure, amount: int, name: str) -> list[Event]:
    """The wounds a hit that strikes the mind (``name``) lets through, as stress (above
    VOL: unconscious)."""
    if amount <= 0:
        text = say("log.combat.no_stress", entry=name, figure=target.id)
        return [Event("no_stress", text, {"figure": target.id, "entry": name})]
    target.stress += amount
    text = say(
        "log.combat.stress", entry=name, figure=target.id, gain=amount, stress=target.stress,
        vol=vol(state, target),
    )  # fmt: skip
    data = {"figure": target.id, "stress": target.stress, "gain": amount, "entry": name}
    return [Event("stress", text, data), *stress_limits(state, target)]


def _blooded(blow: hits.Blow) -> None:
    """Sanguinario: a bearer that wounds in CaC marks it, for DAÑ +1 until its next
    activation starts (only bearers, so other figures' state hashes stay as they were)."""
    if hits.after_wounding(blow.striker, blow.weapon):
        blow.striker.blooded = True


def _spared(
    state: GameState, target: Figure, chances: tuple[hits.Chance, ...]
) -> tuple[list[Event], bool]:
    """Entries that may leave the hit without DAÑ: Sin daño, De Padrón, Afortunado.

    A chance is a logged die (a Probabilidad is 1D100); the first that comes up spares.
    """
    events: list[Event] = []
    for chance in chances:
        if chance.die is not None:
            purpose = say("phrase.combat.chance", entry=chance.label, at_most=chance.at_most)
            hit, event = checks.chance(state, chance.owner, purpose, chance.die, chance.at_most)
            events.append(event)
            if not hit:
                continue
        text = say("log.combat.spared", entry=chance.label, figure=target.id)
        events.append(Event("spared", text, {"figure": target.id, "entry": chance.label}))
        return events, True
    return events, False


def _defence_checks(
    state: GameState, target: Figure, defense: tuple[int, int, int], mods: Modifiers,
    ctx: Context, plan: hits.Defence,
) -> tuple[Outcome, int, list[Event]]:  # fmt: skip
    """The CH DEF and its repeats; the last roll stands.  Returns it and the DEF it used.

    A passed CH DEF the entries force to repeat is rolled again once (Munición
    excepcional, Proveedor pirata); a failed one tries each second CH DEF in turn, the
    highest DEF first (7 vidas, Otra oportunidad, Salvaguarda), unless the striker's
    entry forbids repeats (Munición vida o muerte).
    """
    own, shift, used = defense
    seconds = [] if plan.no_repeat else sorted(
        ((n, max(0, hits.second_defense(spec, own) + shift)) for n, spec in plan.seconds),
        key=lambda pair: (-pair[1], pair[0]),
    )  # fmt: skip
    forced = plan.repeat_pass
    outcome, event = roll(state, target, "CH DEF", used, mods, ctx)
    events = [event]
    if plan.no_repeat and not outcome.passed and _could_repeat(state, target, ctx, plan):
        text = say("log.combat.no_repeat", entry=plan.no_repeat, figure=target.id)
        events.append(Event("no_repeat", text, {"figure": target.id}))
    while True:
        if outcome.passed and forced and (forced[1] == "any" or outcome is Outcome.PASS):
            purpose: Reason = say("phrase.combat.def_repeated", entry=forced[0])
            forced = None
        elif not outcome.passed and seconds:
            name, used = seconds.pop(0)
            purpose = say("phrase.combat.def_extra", entry=name)
        else:
            return outcome, used, events
        outcome, event = roll(state, target, purpose, used, mods, ctx)
        events.append(event)


def _spikes(defender: Figure) -> tuple[list[Event], int]:
    """The DAÑ a critical CH DEF in CaC strikes back with: 1, or Pinchos' number."""
    found = [(t, e) for t, e in entries_of(defender, None, Trigger) if e.spikes]
    if not found:
        return [], 1
    dan = max(e.spikes for _, e in found)
    text = say("log.combat.spikes", entry=found[0][0].name, figure=defender.id, damage=dan)
    return [Event("spikes", text, {"figure": defender.id, "damage": dan})], dan


def _could_repeat(state: GameState, target: Figure, ctx: Context, plan: hits.Defence) -> bool:
    """Whether the target had a repeat that the striker's entry took away (for the log)."""
    free = modifiers.faces(state, target, "CH DEF", replace(ctx, no_reroll=False))
    again = free.reroll or free.reroll_fumble or free.reroll_failure or free.once is not None
    return bool(plan.seconds) or again


def _wound_entries(
    target: Figure, outcome: Outcome, damage: int, wounds: int, plan: hits.Defence
) -> tuple[int, list[Event]]:
    """The entries that change the wounds a CH DEF lets through, in this order:
    Munición corrosiva, then Larga vida, then Gran bestia."""
    events: list[Event] = []

    def note(name: str, what: Message, now: int) -> None:
        text = say("log.combat.wound_rule", entry=name, figure=target.id, what=what)
        events.append(Event("wound_rule", text, {"figure": target.id, "wounds": now}))

    if outcome is Outcome.PASS and plan.pass_wounds and wounds < plan.pass_wounds[1]:
        wounds = plan.pass_wounds[1]
        note(plan.pass_wounds[0], say_n("phrase.combat.pass_wounds", wounds), wounds)
    if outcome.passed and plan.pass_saves and wounds:
        wounds = 0
        note(plan.pass_saves, say("phrase.combat.pass_saves"), wounds)
    if plan.wounded_above and wounds and damage <= plan.wounded_above[1] * target.profile.con:
        wounds = 0
        note(plan.wounded_above[0], say("phrase.combat.small_damage", damage=damage), wounds)
    return wounds, events


def _devour(striker: Figure, victim: Figure, heal: tuple[str, int]) -> list[Event]:
    """Devora almas: taking an enemy out in CaC heals the striker (not with Sin cura)."""
    name, amount = heal
    barred = hits.no_healing(striker)
    healed = 0 if barred else min(amount, striker.wounds)
    striker.wounds -= healed
    why = (
        say("phrase.combat.barred", entry=barred)
        if barred
        else say_n("phrase.combat.healed", healed)
    )
    text = say("log.combat.devour", entry=name, figure=striker.id, victim=victim.id, why=why)
    return [Event("healed", text, {"figure": striker.id, "healed": healed})]


def trauma(state: GameState, fallen: Figure, by: Figure | None) -> list[Event]:
    """PSICOLOGÍA, situación traumática (our reading): each ally within 5 K that sees a Pj
    fall checks PSI; ``by`` struck it down (a critical CH LOC would charge it)."""
    events: list[Event] = []
    for ally in sorted(near(state, fallen, side_is_ally=True), key=lambda f: f.id):
        if in_vision(state, ally, fallen) and sight(state, ally, fallen).cover_class != "total":
            cause = say("phrase.combat.trauma", trauma=TRAUMA, fallen=fallen.id)
            events += psi_check(state, ally, cause, source=by)
    return events


def wound(
    state: GameState, figure: Figure, wounds: int, by: Figure | None = None,
    damage: int | None = None,
) -> list[Event]:  # fmt: skip
    """Add wounds; a wounded Pj checks PSI (PSICOLOGÍA); ``by`` is who struck, if anyone,
    and ``damage`` the DAÑ of the hit (Explota, Inflamable: the taken_out hook).

    Escudo coriáceo: its levels take the wounds first, one level lost for each.
    """
    spared = _hide(figure, wounds)
    wounds -= int(spared[0].data["levels"]) if spared else 0
    if wounds <= 0:
        return [
            *spared,
            Event(
                "wounds",
                say("log.combat.no_wounds", figure=figure.id),
                {"figure": figure.id, "wounds": 0},
            ),
        ]
    if spared:
        return spared + wound(state, figure, wounds, by, damage)
    if figure.riding:  # HERIDAS: a rider's wounds go to its transport
        return _all(hookspecs.rider_wounded.collect(state, figure, wounds))
    down, taken = figure.casualty, wounds
    wounds, zones = hookspecs.wounds_laid.thread((wounds, []), figure)  # limbs first
    figure.wounds += wounds
    gained = _all(hookspecs.wounds_taken.collect(figure, taken))  # Poderoso: Poder grows
    if not wounds:  # its limbs took them all: the head and trunk are unhurt
        return zones + gained + psi_check(state, figure, say("phrase.combat.wounds"), source=by)
    dead = figure.dead and hookspecs.never_dies.first(figure) is None  # Héroe: unconscious
    state_word = (
        say("phrase.combat.dead")
        if dead
        else say("phrase.combat.down")
        if figure.casualty
        else say("phrase.combat.hurt")
    )
    text = say_n(
        "log.combat.wounds", wounds, figure=figure.id, total=figure.wounds,
        con=figure.profile.con, state=state_word,
    )  # fmt: skip
    events = [
        *zones,
        Event("wounds", text, {"figure": figure.id, "wounds": wounds, "total": figure.wounds}),
    ]
    if figure.casualty:
        state.lift(figure)  # a casualty no longer blocks movement
        if down:
            return events
        dealt = wounds if damage is None else damage  # Bomba viviente, Héroe, Explota...
        events += _all(hookspecs.taken_out.collect(state, figure, dealt))
        return events + trauma(state, figure, by)
    return events + gained + psi_check(state, figure, say("phrase.combat.wounds"), source=by)


def _hide(figure: Figure, wounds: int) -> list[Event]:
    """Escudo coriáceo: the levels it has left take up to ``wounds``, and are lost."""
    hide = hits.hide(figure)
    if wounds <= 0 or hide is None or figure.hide_lost >= hide[1]:
        return []
    name, levels = hide
    taken = min(wounds, levels - figure.hide_lost)
    figure.hide_lost += taken
    left = levels - figure.hide_lost
    text = say_n("log.combat.hide", taken, entry=name, figure=figure.id, left=left)
    return [Event("hide", text, {"figure": figure.id, "levels": taken, "left": left})]


register({"ataque_distancia": ataque_distancia, "ataque_cac": ataque_cac})
