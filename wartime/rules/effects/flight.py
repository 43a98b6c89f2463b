"""Jumps, falls, water and flight (``flight.yaml``; engine/entries/leaps.py, afloat.py,
flight.py), on the bearer.

- ``stride_k`` + ``action: salto_de_longitud`` (shared vocabulary): K more on its Salto
  de longitud (and on its leap, below); ``clears_own_height``: its jumps clear what is
  as tall as itself, and Subir a un alto reaches at least its own height;
  ``fall_halved``: the DAÑ of its falls is halved (rounded half up);
- ``leap`` + ``leap_ene``: a Salto de longitud that names the entry among its options
  goes that many K (not MOV × the AGI factor) for that ENE; ``rough_ene`` +
  ``rough_wounds``: leaving or reaching difficult or extreme ground with it (the leap, or
  a take-off or landing) takes a CH AGI, and a failure costs that much ENE and a CH CON,
  failed: that many wounds (no CH DEF);
- ``hover``: it floats that many K over the ground at height 1: the ground costs it no
  ENE and it crosses water as land; ``swims_as_moving``: its moves cross water as land;
  ``crevices_easy``: crevices (recovecos) are easy ground for it; ``walls_easy``: its
  moves go over walls and obstacles as easy ground (only bases and the edge stop them);
- ``lowest`` / ``highest``: heights it may reach whatever the map placed it at (Sub: −1,
  Planeador: 2); ``brakes``: at height 3 its moves may stop short of the whole MOV;
  ``free_high``: at height 3 it may Pivotar and take any actions in a row;
  ``runway``: it takes off and lands only along a straight clear strip that many K long.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_reach, not_whole


@dataclass(frozen=True, kw_only=True)
class Flight(Effect):
    clears_own_height: bool = False
    fall_halved: bool = False
    leap: float | None = None
    leap_ene: int | None = None
    rough_ene: int | None = None
    rough_wounds: int | None = None
    hover: float | None = None
    swims_as_moving: bool = False
    crevices_easy: bool = False
    walls_easy: bool = False
    lowest: int | None = None
    highest: int | None = None
    brakes: bool = False
    free_high: bool = False
    runway: float | None = None


_LEVELS = (-1, 1, 2, 3, 4)  # the heights of movement (actions/altitude.py)


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_whole(raw, ("leap_ene", "rough_ene", "rough_wounds"))
    found += not_reach(raw, ("leap", "hover", "runway"))
    if (raw.get("leap") is None) != (raw.get("leap_ene") is None):
        found.append("'leap' and 'leap_ene' go together")
    if (raw.get("rough_ene") is None) != (raw.get("rough_wounds") is None):
        found.append("'rough_ene' and 'rough_wounds' go together")
    found += [f"{k!r} is a height of {_LEVELS}" for k in ("lowest", "highest")
              if k in raw and raw[k] not in _LEVELS]  # fmt: skip
    return found
