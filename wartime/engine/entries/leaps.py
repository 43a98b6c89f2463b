"""Entries about jumps and falls (BONUS Y MALUS; ACCIONES DE MOVIMIENTO).

- **Saltador**: Salto de longitud reaches 2 K farther (``stride_k`` data, read with
  limits.stride_extra); its jumps clear walls, obstacles and figures as tall as the
  jumper itself, not only lower ones, and Subir a un alto reaches at least its own
  height whatever its AGI (``clears_own_height``, :func:`clearance`, :func:`own_reach`);
  the DAÑ of its falls is halved, rounded half up (``fall_halved``, :func:`fall_dan`).
  Each answers the hook the jumps of actions/terrain.py fire.
- **Súper salto** (``leap`` + ``leap_ene``) is a Salto de longitud taken with the entry
  among its options: the jump action plays it from the entry's data
  (actions/terrain.py).
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.engine.core.traits import entries_of, per_profile
from wartime.rules.dice import round_half_up
from wartime.rules.effects import Flight

AS_TALL = 1e-6  # K: "as tall as the jumper" still clears (float noise on equal heights)


@per_profile
def _jumper(figure: Figure) -> tuple[str | None, str | None]:
    """(the entry that clears its own height, the entry that halves its falls)."""
    tall = next((t.name for t, e in entries_of(figure, None, Flight) if e.clears_own_height), None)
    soft = next((t.name for t, e in entries_of(figure, None, Flight) if e.fall_halved), None)
    return tall, soft


@hookspecs.jump_clearance.impl(order=10, key="leaps")
def clearance(height: float, figure: Figure) -> float:
    """A jump clears what is lower than this (Saltador: as tall as the jumper too)."""
    return height + (AS_TALL if _jumper(figure)[0] else 0.0)


@hookspecs.climb_reach.impl(order=10, key="leaps")
def own_reach(reach: float, figure: Figure) -> float:
    """Subir a un alto: Saltador reaches at least its own height."""
    return max(reach, figure.height) if _jumper(figure)[0] else reach


@hookspecs.fall_dan.impl(order=10, key="leaps")
def fall_dan(fall: tuple[int, str | None], figure: Figure) -> tuple[int, str | None]:
    """The DAÑ of a fall for the figure, and the entry that halved it (Saltador)."""
    dan = fall[0]
    soft = _jumper(figure)[1]
    if soft is None or dan == 0:
        return fall
    return round_half_up(dan / 2), soft
