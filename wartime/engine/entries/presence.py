"""Presence auras of the catalogue (BONUS Y MALUS) that act outside one roll.

- **The VOL a figure uses** (:func:`vol`): every rule that reads VOL (the
  initiative, the phase it acts in, its CdV, its CH VOL, CH PSI and CH LOC, its
  stress limits, a titiritero's mind actions) asks here.  Despertando del letargo
  (``vol_is_turn``): the bearer's VOL is the number of the turn being played (a
  fumbled CH LOC still takes its point off).  Líder (``shares_vol``): a living ally
  within ``within`` K uses the leader's VOL when it is higher than its own; a
  leader lends its own VOL, not one lent to it.  It is worked out whenever a rule
  reads it, so a figure that walks away from its leader loses it at once.
- **Gran demonio** (``dread`` + ``within_vol``): an enemy that starts an
  activation within as many K as the bearer's VOL checks CH PSI (once a turn,
  whatever the number of demons); the usual failed CH PSI follows, and any failure
  also brings a CH LOC with ``dread`` as its modifier.
- **Faro** (``beacon``): a template aimed at a point within ``within`` K of the
  bearer lands where aimed; effects marked ``distortion`` do not reach a figure
  within it; a reserve of the bearer's side may deploy with its base within it
  even within 1 K of an enemy.
- **Distorsión psíquica** (``distortion``, ``flight_wounds``): a flying figure
  (height 2 or more) other than the bearer that ends a movement action within
  ``within`` K checks CH AGI; failed, CH CON; failed again, it takes that many
  wounds.  Its CH ATR −1 to neuromantes and titiriteros is an ordinary aura
  (``roller_has``, :mod:`wartime.engine.core.modifiers`).

Only games with a bearer pay for any of this: the bearers are found once per
scenario and figure count, from the figures' own entries (not a weapon's, not one
a metaability grants).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.book import movement_ids
from wartime.engine.core.checks import roll
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.effects import Aura, CheckModifier, effects_of

MAX_VOL = 10  # attributes go from 1 to 10 (CREACIÓN DE PERSONAJES)
FLYING = 2  # heights 2 and above are in the air (MOVIMIENTO, Alturas de movimiento)


@dataclass(frozen=True)
class Bearers:
    """The figures whose entries this module plays, with what each entry asks."""

    leaders: tuple[tuple[str, str, float], ...] = ()  # (figure, entry, within K)
    waking: frozenset[str] = frozenset()  # figures whose VOL is the turn's number
    dread: tuple[tuple[str, str, int, float | None], ...] = ()  # (figure, entry, LOC, within)
    beacons: tuple[tuple[str, str, float], ...] = ()  # (figure, entry, within K)
    fields: tuple[tuple[str, str, float, int], ...] = ()  # (figure, entry, within, wounds)


_FOUND: dict[int, tuple[object, int, Bearers | None]] = {}
_MEMORY = 1_000  # scenarios remembered (each game makes its own)


def bearers(state: GameState) -> Bearers | None:
    """The bearers of presence entries in this game, or None when there are none."""
    scenario = state.scenario
    found = _FOUND.get(id(scenario))
    if found is not None and found[0] is scenario and found[1] == len(state.figures):
        return found[2]
    if len(_FOUND) >= _MEMORY:
        _FOUND.clear()
    result = _find(state)
    _FOUND[id(scenario)] = (scenario, len(state.figures), result)
    return result


def _find(state: GameState) -> Bearers | None:
    leaders, dread, beacons, fields = [], [], [], []
    waking = set()
    for figure in sorted(state.figures.values(), key=lambda f: f.id):
        for trait in figure.profile.traits:
            if trait.weapon is not None:
                continue
            if any(e.vol_is_turn for e in effects_of(trait.name, CheckModifier)):
                waking.add(figure.id)
            for effect in effects_of(trait.name, Aura):
                within = effect.within
                if effect.shares_vol and within is not None:
                    leaders.append((figure.id, trait.name, within))
                if effect.dread is not None:
                    dread.append((figure.id, trait.name, effect.dread, within))
                if effect.beacon and within is not None:
                    beacons.append((figure.id, trait.name, within))
                if effect.flight_wounds and within is not None:
                    fields.append((figure.id, trait.name, within, effect.flight_wounds))
    if not (leaders or waking or dread or beacons or fields):
        return None
    return Bearers(tuple(leaders), frozenset(waking), tuple(dread), tuple(beacons), tuple(fields))


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def _present(state: GameState, figure_id: str) -> Figure | None:
    """A bearer still in the game and on the table (not a casualty, not away)."""
    figure = state.figures.get(figure_id)
    return None if figure is None or not figure.present else figure


# -- VOL: Líder, Despertando del letargo ------------------------------------------------------


@hookspecs.vol.impl(order=10, key="presence")
def _vol(value: int, state: GameState, figure: Figure) -> int:
    """VOL with Despertando del letargo and a leader's near (the best of them)."""
    found = bearers(state)
    if found is None or not (found.leaders or found.waking):
        return value
    best = _own(state, figure, found)
    for leader_id, _, within in found.leaders:
        leader = _present(state, leader_id)
        if leader is None or leader is figure or leader.side != figure.side:
            continue
        if _gap(figure, leader) <= within:
            best = max(best, _own(state, leader, found))
    return best


def _own(state: GameState, figure: Figure, found: Bearers) -> int:
    """Its own VOL: the turn's number with Despertando del letargo (less a fumbled CH LOC)."""
    if figure.id in found.waking:
        return max(1, min(MAX_VOL, state.turn) - figure.vol_loss)
    return figure.vol


# -- Gran demonio ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Dread(marks.Mark):
    """Gran demonio's mark: the turn it last checked CH PSI for one."""

    dread_turn: int = 0


_SLOT = marks.Slot("presence", Dread())


def mark(figure: Figure) -> Dread:
    """Its Gran demonio mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Dread) -> None:
    """Give it this Gran demonio mark."""
    _SLOT.put(figure, new)


@hookspecs.activation_starts.impl(order=63, key="presence")
def dread(state: GameState, figure: Figure) -> list[Event]:
    """As ``figure`` starts an activation: the CH PSI of an enemy Gran demonio in reach."""
    found = bearers(state)
    if found is None or not found.dread or mark(figure).dread_turn == state.turn:
        return []
    for bearer_id, name, loc, within in found.dread:
        bearer = _present(state, bearer_id)
        if bearer is None or bearer.side == figure.side:
            continue
        reach = within if within is not None else vol(state, bearer)
        if _gap(figure, bearer) > reach:
            continue

        put(figure, Dread(state.turn))
        cause = say("phrase.presence.of", entry=name, bearer=bearer.id)
        return psi_check(state, figure, cause, [(f"{name} ({bearer.id})", loc)], bearer)
    return []


# -- Faro --------------------------------------------------------------------------------------


@hookspecs.unscattered.impl(order=10, key="presence")
def beacon_at(state: GameState, point: Point) -> str | None:
    """The Faro (as "entry (bearer)") within whose reach ``point`` lies, if any."""
    found = bearers(state)
    if found is None or not found.beacons:
        return None
    for bearer_id, name, within in found.beacons:
        bearer = _present(state, bearer_id)
        if bearer is not None and math.dist(point, bearer.position) - bearer.radius <= within:
            return f"{name} ({bearer.id})"
    return None


@hookspecs.beacon.impl(order=10, key="presence")
def deploy_beacon(state: GameState, side: str, point: Point, radius: float) -> str | None:
    """A Faro of ``side`` whose reach takes in a base of ``radius`` deployed at ``point``."""
    found = bearers(state)
    if found is None or not found.beacons:
        return None
    for bearer_id, name, within in found.beacons:
        bearer = _present(state, bearer_id)
        if bearer is None or bearer.side != side:
            continue
        if edge_distance(point, radius, bearer.position, bearer.radius) <= within:
            return f"{name} ({bearer.id})"
    return None


@hookspecs.undistorted.impl(order=10, key="presence")
def shielded(state: GameState, figure: Figure) -> bool:
    """Within a Faro's reach: distortion does not reach the figure."""
    found = bearers(state)
    if found is None or not found.beacons:
        return False
    for bearer_id, _, within in found.beacons:
        bearer = _present(state, bearer_id)
        if bearer is not None and _gap(figure, bearer) <= within:
            return True
    return False


# -- Distorsión psíquica: flying through it ----------------------------------------------------


@hookspecs.action_ends_at.impl(order=10, key="presence")
def flight(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """After ``figure``'s action: a flyer that ends a move in a distortion field checks."""
    found = bearers(state)
    if found is None or not found.fields or state.probing:
        return []
    if action.kind not in movement_ids() or figure.level < FLYING or figure.casualty:
        return []
    for bearer_id, name, within, wounds in found.fields:
        bearer = _present(state, bearer_id)
        if bearer is None or bearer is figure or _gap(figure, bearer) > within:
            continue
        if shielded(state, figure):
            return []  # Faro: no distortion within its reach
        return _crossing(state, figure, name, bearer, wounds)
    return []


def _crossing(
    state: GameState, figure: Figure, name: str, bearer: Figure, wounds: int
) -> list[Event]:
    """CH AGI; failed, CH CON; failed again, ``wounds`` wounds (no CH DEF)."""
    label = say("phrase.presence.of", entry=name, bearer=bearer.id)
    said = say("phrase.checks.check", attribute="AGI", label=label)
    outcome, event = roll(state, figure, said, figure.profile.agi, [])
    if outcome.passed:
        return [event]
    said = say("phrase.checks.check", attribute="CON", label=label)
    second, again = roll(state, figure, said, figure.profile.con, [])
    if second.passed:
        return [event, again]
    text = say(
        "log.presence.distortion", figure=figure.id, wounds=wounds, entry=name, bearer=bearer.id
    )
    hurt = Event("distortion", text, {"figure": figure.id, "wounds": wounds})
    return [event, again, hurt, *wound(state, figure, wounds)]
