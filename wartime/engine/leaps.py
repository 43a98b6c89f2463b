"""Entries about jumps and falls (BONUS Y MALUS; ACCIONES DE MOVIMIENTO).

- **Saltador**: Salto de longitud reaches 2 K farther (``stride_k`` data, read with
  limits.stride_extra); its jumps clear walls, obstacles and figures as tall as the
  jumper itself, not only lower ones, and Subir a un alto reaches at least its own
  height whatever its AGI (``clears_own_height``, :func:`clearance`, :func:`own_reach`);
  the DAÑ of its falls is halved, rounded half up (``fall_halved``, :func:`fall_dan`).
- **Súper salto** (``leap`` + ``leap_ene``): a Salto de longitud that names the entry
  among its options (``Action.options``) goes that many K (plus Saltador's) for that
  ENE, with the jump's CH AGI as usual (a failure lands short at half the way).  When it
  takes off from or lands on difficult or extreme ground, a second CH AGI follows the
  landing: failed, it loses ``rough_ene`` ENE and checks CH CON, and a failed CH CON
  costs ``rough_wounds`` wounds with no CH DEF (:func:`leap`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wartime.engine import terrain_moves as moves
from wartime.engine.actions import Action, option_refused
from wartime.engine.checks import acting_modifiers, roll, spend
from wartime.engine.core import stats
from wartime.engine.core.heights import rough, rough_failure
from wartime.engine.core.traits import entries_of, per_profile
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.errors import IllegalActionError
from wartime.rules.dice import Outcome, round_half_up

if TYPE_CHECKING:
    from wartime.engine.state import GameState

JUMP_KIND = "salto_de_longitud"
AS_TALL = 1e-6  # K: "as tall as the jumper" still clears (float noise on equal heights)


@per_profile
def _jumper(figure: Figure) -> tuple[str | None, str | None]:
    """(the entry that clears its own height, the entry that halves its falls)."""
    tall = next((t.name for t, e in entries_of(figure, None) if e.clears_own_height), None)
    soft = next((t.name for t, e in entries_of(figure, None) if e.fall_halved), None)
    return tall, soft


def clearance(figure: Figure) -> float:
    """A jump clears what is lower than this (Saltador: as tall as the jumper too)."""
    return figure.height + (AS_TALL if _jumper(figure)[0] else 0.0)


def own_reach(figure: Figure, reach: float) -> float:
    """Subir a un alto: Saltador reaches at least its own height."""
    return max(reach, figure.height) if _jumper(figure)[0] else reach


def fall_dan(figure: Figure, dan: int) -> tuple[int, str | None]:
    """The DAÑ of a fall for the figure, and the entry that halved it (Saltador)."""
    soft = _jumper(figure)[1]
    if soft is None or dan == 0:
        return dan, None
    return round_half_up(dan / 2), soft


def jump_extra(figure: Figure) -> float:
    """K more on a jump (Saltador +2)."""
    return stats.stride_extra(figure, JUMP_KIND)


def _leap_of(figure: Figure, label: str) -> tuple[float, int, int | None, int | None]:
    """(K, ENE, rough ENE, rough wounds) of the leap entry ``label`` the figure carries."""
    for trait, effect in entries_of(figure, None):
        if trait.name == label and effect.leap is not None and effect.leap_ene is not None:
            return effect.leap, effect.leap_ene, effect.rough_ene, effect.rough_wounds
    allowed = [t.name for t, e in entries_of(figure, None) if e.leap is not None]
    raise IllegalActionError(option_refused(figure.id, label, "with a jump", allowed))


def leap(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Súper salto: a Salto de longitud of the entry's K for its ENE (see the module)."""
    if len(action.options) != 1:
        raise IllegalActionError("A jump takes one leap entry at most")
    label = action.options[0]
    k, ene, rough_ene, rough_wounds = _leap_of(figure, label)
    name = f"{moves.JUMP.name} ({label})"
    goal = moves._destination(state, figure, action, name)
    moves._on_ground(figure, name)
    start = figure.position
    if math.dist(start, goal) == 0:
        raise IllegalActionError(f"{name} needs a point to jump to")
    reach = k + jump_extra(figure)
    land = moves._along(start, goal, reach)
    problem = moves._jump_problem(state, figure, start, land)
    if problem:
        raise IllegalActionError(problem)
    events = [spend(figure, ene, name)]
    outcome, event = moves._check(state, figure, moves.JUMP, [])
    events.append(event)
    if outcome.passed:
        if outcome is Outcome.CRITICAL:
            further = moves._along(start, goal, reach + moves.CRITICAL_EXTRA_K)
            if further != land and moves._jump_problem(state, figure, start, further) is None:
                land = further
        verb = "salta"
    else:
        land = moves._short_landing(state, figure, start, goal, math.dist(start, land) / 2)
        text = f"{figure.id} falla el salto y cae corto"
        events.append(Event("short_jump", text, {"figure": figure.id}))
        verb = "cae tras saltar"
    moves._seat(state, figure, land)
    events += moves._arrive(figure, start, land, math.dist(start, land), verb, reach=reach)
    if rough_ene is None or rough_wounds is None or not (rough(state, start) or rough(state, land)):
        return events
    agi = figure.profile.agi
    outcome, event = roll(state, figure, f"CH AGI ({label})", agi, acting_modifiers(figure))
    events.append(event)
    if outcome.passed:
        return events
    return events + rough_failure(
        state, figure, label, rough_ene, rough_wounds, "cae mal en terreno difícil"
    )
