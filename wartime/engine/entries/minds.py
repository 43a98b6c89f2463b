"""Guarding, madness and minds (BONUS Y MALUS, batch L): entries that drive the bearer.

- **Gallina** (``outnumbered_flees``): as its activation starts in a CaC where its side
  has fewer figures than the enemy's (the whole linked melee, as Destrabarse counts), its
  first action must be a Destrabarse, or it hands over; the duty lapses when no
  Destrabarse is open to it (the ``urge`` of its :class:`Minds` mark).
- **Locura asesina** (``murderous``): as its activation starts out of CaC, a logged 1D100
  at most the entry's percent sets it on the nearest living figure, friend or foe (edge to
  edge; ties by id): its first action must be a shot at it if one is open, else a charge
  at it (a charge needs an enemy: a friend is only shot at); with neither, nothing is
  owed.  While that duty stands, a shot at a friend is allowed (:func:`mad_at`).
- **Runas de vacío** (``void_runes``): once per turn, a metaability an enemy has cast on
  it (its CH ATR passed and, if asked, its CH VOL ENF won) is cancelled on a logged 1D10
  at most the entry's number; a 1 also brings the caster a CH PSI, failed: 1 stress
  (:func:`void_runes`).

The duty of the first action is held by :func:`compel` (the refusal), offered alone by
:func:`forced` (the lists of choices and the AI), and ends with the activation.  The
refusal asks whether the owed action is open without asking this duty again (it would
probe the same action again, without end), but with behaviour.py's compulsions in force:
a shot Ansia de sangre forbids is no shot open to it, so a madman who must also charge
charges its victim, and owes nothing when it cannot (behaviour.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.checks import chance
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import engaged_with, melee_group
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say
from wartime.rules.effects import Mind

COWARD = "Gallina"
MAD = "Locura asesina"
RUNES = "Runas de vacío"
SHOTS = "ataque_distancia"
DISENGAGE = "destrabarse"
WAYS = 8  # directions tried for a Destrabarse offered in the lists of choices
BOUND = "minds"  # this module's duty, as GameState.unbound names it
Problem = Callable[[Action], Reason | None]  # why an action is illegal now, or None


@dataclass(frozen=True)
class Minds(marks.Mark):
    """Minds' mark: what the first action of this activation must be (Gallina, Locura
    asesina: owed in one activation only), and the turn Runas de vacío last tried."""

    urge: tuple[str, ...] = ()
    runes_turn: int = 0


_SLOT = marks.Slot("minds", Minds())


def mark(figure: Figure) -> Minds:
    """Its minds' mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Minds) -> None:
    """Give it this minds' mark."""
    _SLOT.put(figure, new)


def _urge(figure: Figure, urge: tuple[str, ...]) -> None:
    put(figure, replace(mark(figure), urge=urge))


@hookspecs.activation_ends.impl(order=6, key="minds")
def activation_ends(state: GameState, figure: Figure) -> list[Event]:
    """The duty of the first action is owed in this activation only."""
    _urge(figure, ())
    return []


def _effects(figure: Figure) -> list[Mind]:
    return [e for _, e in entries_of(figure, None, Mind)]


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


# -- the first action's duty -------------------------------------------------------------------


@hookspecs.activation_starts.impl(order=70, key="minds")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """Gallina and Locura asesina: what the first action of this activation must be."""
    _urge(figure, ())
    effects = _effects(figure)
    engaged = bool(engaged_with(state, figure))
    if engaged and any(e.outnumbered_flees for e in effects):
        group = melee_group(state, figure)
        own = sum(1 for f in group if f.side == figure.side)
        if own < len(group) - own:
            _urge(figure, (COWARD,))
            text = say(
                "log.minds.outnumbered", figure=figure.id, own=own, others=len(group) - own,
                entry=COWARD,
            )  # fmt: skip
            return [Event("urge", text, {"figure": figure.id, "entry": COWARD})]
    percent = max((e.murderous or 0 for e in effects), default=0)
    if engaged or not percent:
        return []
    hit, rolled = chance(state, figure.id, MAD, "1D100", percent)
    others = [f for f in state.figures.values() if f is not figure and f.present and not f.removed]
    if not hit or not others:
        return [rolled]
    victim = min(others, key=lambda f: (round(_gap(figure, f), 9), f.id))
    _urge(figure, (MAD, victim.id))
    text = say("log.minds.mad", figure=figure.id, entry=MAD, victim=victim.id)
    return [rolled, Event("urge", text, {"figure": figure.id, "entry": MAD, "target": victim.id})]


def _owed(state: GameState, figure: Figure) -> bool:
    return bool(mark(figure).urge) and state.active == figure.id and figure.actions_taken == 0


@hookspecs.friendly_target.impl(order=10, key="minds")
def mad_at(state: GameState, figure: Figure, target: Figure) -> bool:
    """Whether Locura asesina lets the figure attack this friend now."""
    return _owed(state, figure) and mark(figure).urge == (MAD, target.id)


@hookspecs.forced_actions.impl(order=40, key="minds")
def _urged(state: GameState, figure: Figure, reacting: bool) -> list[Action] | None:
    """Gallina, Locura asesina: the owed first action or nothing, in its own activation."""
    return None if reacting else forced(state, figure) or None


def forced(state: GameState, figure: Figure) -> list[Action]:
    """The legal actions the figure's first action must be one of ([] when free)."""
    return _duty(state, figure, state.check)


def _duty(state: GameState, figure: Figure, problem: Problem) -> list[Action]:
    """The owed first actions ``problem`` finds nothing against ([] when free)."""
    if not _owed(state, figure):
        return []
    if mark(figure).urge[0] == COWARD:
        x, y = figure.position
        ways = [2 * math.pi * k / WAYS for k in range(WAYS)]
        points = [(round(x + 2 * math.cos(a), 6), round(y + 2 * math.sin(a), 6)) for a in ways]
        options = [Action(DISENGAGE, figure.id, point=p) for p in points]
        return [a for a in options if problem(a) is None]
    return _shots(figure, problem) or _charge(figure, problem)


def _shots(figure: Figure, problem: Problem) -> list[Action]:
    shots = [
        Action(SHOTS, figure.id, target=mark(figure).urge[1], item=w.id)
        for w in figure.profile.weapons
        if w.ranged
    ]
    return [a for a in shots if problem(a) is None]


def _charge(figure: Figure, problem: Problem) -> list[Action]:
    charge = Action("cargar", figure.id, target=mark(figure).urge[1])
    return [charge] if problem(charge) is None else []


@hookspecs.compulsions.impl(order=20, key="minds")
def compel(state: GameState, figure: Figure, action: Action) -> None:
    """Refuse a first action other than the one owed (handing over is always allowed)."""
    if BOUND in state.unbound or action.kind == "end" or not _owed(state, figure):
        return  # (a probe of the owed action is not asked about again)
    open_now = partial(state.check, unbound=frozenset({BOUND}))
    if mark(figure).urge[0] == COWARD:
        if action.kind == DISENGAGE or not _duty(state, figure, open_now):
            return
        raise IllegalActionError(say("refused.minds.outnumbered", figure=figure.id, entry=COWARD))
    victim = mark(figure).urge[1]
    if action.target == victim and action.kind.startswith(SHOTS):
        return  # its own legality is the handler's to check
    if action.target == victim and action.kind == "cargar" and not _shots(figure, open_now):
        return
    if not _duty(state, figure, open_now):
        return
    raise IllegalActionError(say("refused.minds.mad", figure=figure.id, entry=MAD, victim=victim))


# -- Runas de vacío ----------------------------------------------------------------------------


@hookspecs.metaability_cancelled.impl(order=10, key="minds")
def void_runes(
    state: GameState, caster: Figure, target: Figure, ability: str
) -> tuple[list[Event], bool]:
    """Runas de vacío: the roll that may cancel an enemy's metaability on the bearer;
    returns its events and whether the metaability is cancelled."""
    if target.side == caster.side or mark(target).runes_turn == state.turn:
        return [], False
    face = min((e.void_runes for e in _effects(target) if e.void_runes), default=0)
    if not face:
        return [], False
    put(target, replace(mark(target), runes_turn=state.turn))
    said = say("phrase.checks.against", label=RUNES, other=ability)
    cancelled, rolled = chance(state, target.id, said, "1D10", face)
    events = [rolled]
    if not cancelled:
        return events, False
    text = say(
        "log.minds.cancelled", entry=RUNES, figure=target.id, ability=ability, caster=caster.id
    )
    events.append(Event("cancelled", text, {"figure": target.id, "ability": ability}))
    if rolled.data["roll"] == 1:
        events += psi_check(state, caster, RUNES)
    return events, True
