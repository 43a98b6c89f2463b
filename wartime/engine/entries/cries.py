"""Cries and a blast on death (BONUS Y MALUS): the catalogue entries that change moves,
give blows or credits, or blow up, rather than a check's number.

- Grito berserker: Cargar reaches farther for the bearer's allies within range.
- Grito de sangre: an ally within range that takes an enemy out in CaC, in its own
  activation, earns a credit (its :class:`Credits` mark): its next Cargar of that activation
  reaches farther.  The credit is lost when the activation ends.
- Grito de venganza: an ally within range taken out in CaC strikes its killer once,
  for free, right away, with its CaC weapon.
- Grito de veterano: an ally within range that rolls a critical CH IMP in its own
  activation earns a credit: its next attack with a weapon in that activation costs
  ENE 0 (checks.afford).  Lost when the activation ends.
- Apestoso: no ally of the bearer may end a move of its own within range of it
  (core.routes.route refuses it, so legal_actions() never offers it).
- Bomba viviente: taken out by wounds, the bearer blows up around its base; the
  blast is a destroyed transport's (core/blasts.py).
- Berserker and Sed de sangre (batch F): the bearer's own Grito berserker and Grito
  de sangre (``own_charge``, ``own_kill_charge``); a cry does not add to them.  The free
  blow of Grito de venganza is the core's (``combat.free_blow``), as Orgulloso's is.

The data is in ``data/effects/auras.yaml`` and ``damage.yaml`` (see
:mod:`wartime.rules.effects`); docs/rules-interpretations.md has the readings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs, marks
from wartime.engine.core.blasts import burst
from wartime.engine.core.combat import free_blow
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import _auras, action_weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import entries_of
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say
from wartime.rules.dice import Outcome, round_half_up
from wartime.rules.effects import Aura, Damage, Trigger, effects_of
from wartime.rules.effects.damage import FRACTION_OF

if TYPE_CHECKING:
    from wartime.engine.core.hits import Wounded

BLOOD = "Grito de sangre"  # the credit's name in its Credits mark
VETERAN = "Grito de veterano"  # the credit's name, and the label of its ENE in the log
THIRST = "Sed de sangre"  # Batch F: the bearer's own kill credit (own_kill_charge)
_KILL_CREDITS = (BLOOD, THIRST)
_EDGE = 1e-9  # a base exactly at the limit of Apestoso is not closer than it


@dataclass(frozen=True)
class Credits(marks.Mark):
    """The cries' mark: credits earned in the bearer's own activation, lost as it ends."""

    credits: tuple[str, ...] = ()


_SLOT = marks.Slot("cries", Credits())


def mark(figure: Figure) -> Credits:
    """Its cries' mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Credits) -> None:
    """Give it this cries' mark."""
    _SLOT.put(figure, new)


@hookspecs.activation_ends.impl(order=4, key="cries")
def activation_ends(state: GameState, figure: Figure) -> list[Event]:
    """The credits last for one activation (cleared before any other entry's end)."""
    put(figure, Credits())
    return []


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def _ally_auras(state: GameState, figure: Figure, key: str) -> Iterator[tuple[str, Aura]]:
    """The cries of ``key`` that reach ``figure`` from a living ally, labelled with the
    bearer ("Grito berserker (c)"); the bearer's own cry is for the others."""
    for bearer in state.figures.values():
        if bearer is figure or bearer.side != figure.side or not bearer.present:
            continue
        for trait, effect in _auras(bearer):
            if (
                isinstance(effect, Aura)
                and getattr(effect, key)
                and effect.within is not None
                and (_gap(figure, bearer) <= effect.within)
            ):
                yield f"{trait.name} ({bearer.id})", effect


def _own(state: GameState, figure: Figure) -> bool:
    """Acting in its own activation (not reacting, not as a puppet)."""
    return state.active == figure.id and not figure.reacting


# -- Cargar: Grito berserker and Grito de sangre ------------------------------------------------


@hookspecs.charge_reach.impl(order=10, key="cries")
def charge_bonuses(state: GameState, figure: Figure) -> list[tuple[str, float]]:
    """The K the cries add to ``figure``'s Cargar now, each with its label."""
    own = [(t.name, e.own_charge) for t, e in entries_of(figure, None, Trigger) if e.own_charge]
    found = own[:1]
    if not found:  # Berserker, its own; a cry does not add to it (batch F)
        found = [(lb, e.charge_reach) for lb, e in _ally_auras(state, figure, "charge_reach")]
    found = found[:1]  # two shouting allies do not add up: the cry is heard or not
    blood = _blood(figure)
    if blood is not None:
        found.append(blood)
    return found


def _blood(figure: Figure) -> tuple[str, float] | None:
    for credit in mark(figure).credits:
        if credit.startswith(_KILL_CREDITS):
            return credit.partition(":")[0], float(credit.partition(":")[2])
    return None


@hookspecs.charged.impl(order=10, key="cries")
def charged(figure: Figure, bonuses: list[tuple[str, float]]) -> list[Event]:
    """A charge went ahead: the kill's credit is spent, and the log says what reach it had."""
    put(figure, Credits(tuple(c for c in mark(figure).credits if not c.startswith(_KILL_CREDITS))))
    return [
        Event(
            "charge_reach",
            say("log.cries.charge_reach", entry=label, figure=figure.id, reach=k),
            {"figure": figure.id},
        )
        for label, k in bonuses
    ]


# -- A kill in CaC: Grito de sangre and Grito de venganza ---------------------------------------


def taken_out_in_melee(state: GameState, striker: Figure, victim: Figure) -> list[Event]:
    """``striker``'s CaC blow just took ``victim`` out (called once, as it falls)."""
    events: list[Event] = []
    if not striker.casualty and _own(state, striker):
        own = [(t.name, e) for t, e in entries_of(striker, None, Trigger) if e.own_kill_charge]
        events += _thirst(striker, victim, own[:1])  # Sed de sangre (batch F)
    if not striker.casualty and _own(state, striker) and not events:
        for label, effect in _ally_auras(state, striker, "kill_charge"):
            kept = tuple(c for c in mark(striker).credits if not c.startswith(BLOOD))
            put(striker, Credits((*kept, f"{label}:{effect.kill_charge:g}")))
            text = say(
                "log.cries.kill_charge", entry=label, figure=striker.id, victim=victim.id,
                reach=effect.kill_charge,
            )  # fmt: skip
            events.append(Event("credit", text, {"figure": striker.id, "entry": BLOOD}))
            break
    if striker.casualty:
        return events
    for label, _ in _ally_auras(state, victim, "avenge"):
        return events + _avenge(state, victim, striker, label)
    return events


def _thirst(striker: Figure, victim: Figure, own: list[tuple[str, Trigger]]) -> list[Event]:
    """Sed de sangre: the bearer's own credit for a longer next Cargar (as Grito de sangre's)."""
    if not own:
        return []
    name, effect = own[0]
    kept = tuple(c for c in mark(striker).credits if not c.startswith(_KILL_CREDITS))
    put(striker, Credits((*kept, f"{name}:{effect.own_kill_charge:g}")))
    text = say(
        "log.cries.kill_charge", entry=name, figure=striker.id, victim=victim.id,
        reach=effect.own_kill_charge,
    )  # fmt: skip
    return [Event("credit", text, {"figure": striker.id, "entry": name})]


def _avenge(state: GameState, victim: Figure, killer: Figure, label: str) -> list[Event]:
    """Grito de venganza: the fallen ally's one free CaC blow (ENE 0) at its killer."""
    text = say("log.cries.avenge", entry=label, figure=victim.id, killer=killer.id)
    opening = Event("avenge", text, {"figure": victim.id, "target": killer.id})
    return free_blow(state, victim, killer, label, opening)


# -- Grito de veterano ---------------------------------------------------------------------------


@hookspecs.action_played.impl(order=10, key="cries")
def after_action(state: GameState, figure: Figure, events: list[Event]) -> list[Event]:
    """A critical CH IMP of ``figure`` in its own activation, near a veteran's cry, earns
    its next attack of the activation at ENE 0 (one credit at a time)."""
    critical = Outcome.CRITICAL.value
    if not any(
        e.kind == "roll" and e.data.get("who") == figure.id
        and str(e.data.get("purpose", "")).startswith("CH IMP")
        and e.data.get("outcome") == critical
        for e in events
    ) or figure.casualty or not _own(state, figure):  # fmt: skip
        return []
    for label, _ in _ally_auras(state, figure, "critical_attack"):
        if VETERAN not in mark(figure).credits:
            put(figure, Credits((*mark(figure).credits, VETERAN)))
        text = say("log.cries.veteran", entry=label, figure=figure.id)
        return [Event("credit", text, {"figure": figure.id, "entry": VETERAN})]
    return []


def free_attack(figure: Figure) -> bool:
    """The action under way is an attack with a weapon that the veteran's credit pays."""
    doing = figure.doing
    return (
        VETERAN in mark(figure).credits
        and doing is not None
        and (action_weapon(figure, doing) is not None)
    )


def spend_free_attack(figure: Figure) -> None:
    put(figure, Credits(tuple(c for c in mark(figure).credits if c != VETERAN)))


@hookspecs.ene_cost.impl(order=20, key="cries")
def _veteran_pays(
    cost: tuple[int, tuple[tuple[str, int], ...]], figure: Figure
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Grito de veterano: the attack its credit pays costs nothing (the cost is shown)."""
    if mark(figure).credits and free_attack(figure):
        return 0, (*cost[1], (VETERAN, -cost[0]))
    return cost


@hookspecs.ene_paid.impl(order=10, key="cries")
def _veteran_paid(figure: Figure, mods: tuple[tuple[str, int], ...]) -> None:
    """The credit that paid an attack is used up."""
    if any(name == VETERAN for name, _ in mods):
        spend_free_attack(figure)


# -- Apestoso ------------------------------------------------------------------------------------


@hookspecs.keeps_away.impl(order=10, key="cries")
def keep_away_problem(state: GameState, figure: Figure, end: Point) -> Reason | None:
    """Why a move of ``figure`` may not end at ``end``: too close to a smelly ally.

    Asked for every sampled move of legal_actions(): it looks only at the figures whose
    own entries keep allies away (known per scenario, as presence.py reads its bearers:
    a metaability that grants Apestoso is left to the players).
    """
    for bearer_id in sorted(_smelly(state)):
        bearer = state.figures.get(bearer_id)
        if bearer is None or bearer is figure or bearer.side != figure.side or bearer.casualty:
            continue
        for trait, effect in _auras(bearer):
            if not (isinstance(effect, Aura) and effect.keep_away) or effect.within is None:
                continue
            gap = edge_distance(end, figure.radius, bearer.position, bearer.radius)
            if gap < effect.within - _EDGE:
                return say(
                    "refused.cries.keep_away",
                    entry=trait.name,
                    bearer=bearer.id,
                    within=effect.within,
                    gap=gap,
                )
    return None


_SMELLY: dict[int, tuple[object, frozenset[str]]] = {}


def _smelly(state: GameState) -> frozenset[str]:
    """The figures of the scenario (placed or in reserve) whose own entries keep allies away."""
    scenario = state.scenario
    found = _SMELLY.get(id(scenario))
    if found is None or found[0] is not scenario:
        profiles = [*scenario.profiles.items(), *((r.id, r.profile) for r in scenario.reserves)]
        ids = frozenset(
            fid
            for fid, profile in profiles
            for trait in profile.traits
            if trait.weapon is None and any(e.keep_away for e in effects_of(trait.name, Aura))
        )
        if len(_SMELLY) >= 1_000:
            _SMELLY.clear()
        found = _SMELLY[id(scenario)] = (scenario, ids)
    return found[1]


# -- Bomba viviente ------------------------------------------------------------------------------


def _share(state: GameState, figure: Figure, spec: str) -> int:
    """ "CON/2": the attribute over the divisor, rounded half up."""
    match = FRACTION_OF.fullmatch(spec)
    assert match is not None  # the vocabulary checked it
    name, divisor = match.group(1), int(match.group(2))
    have = vol(state, figure) if name == "VOL" else figure.profile.attribute(name)
    return round_half_up(Fraction(have, divisor))


@hookspecs.taken_out.impl(order=10, key="cries")
def _taken_out(state: GameState, figure: Figure, damage: int) -> list[Event]:
    """Bomba viviente blows up first, before the way back (revival.py) and Explota."""
    return death_blast(state, figure)


def death_blast(state: GameState, figure: Figure) -> list[Event]:
    """``figure`` was just taken out by wounds: a bearer of a blast on death blows up
    around its base, and each figure caught makes its CH DEF (a chain may follow)."""
    found = next(
        ((t, e) for t, e in entries_of(figure, None, Damage) if e.death_blast and e.blast_radius),
        None,
    )
    if found is None:
        return []
    trait, effect = found
    assert effect.death_blast is not None and effect.blast_radius is not None
    damage = _share(state, figure, effect.death_blast)
    radius = _share(state, figure, effect.blast_radius)
    return burst(state, figure, trait.name, damage, radius)


@hookspecs.wounded.impl(order=10, key="cries")
def _wounded(state: GameState, target: Figure, wounded: Wounded) -> list[Event]:
    """The cries of a kill in CaC (called once, as the victim falls)."""
    if not (wounded.blow.melee and wounded.taken_out):
        return []
    return taken_out_in_melee(state, wounded.blow.striker, target)
