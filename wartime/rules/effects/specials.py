"""Areas and special actions (``specials.yaml``; engine/entries/specials.py).

- ``fading`` (a weapon's, or the bearer's for all its weapons): a template's DAÑ is 1
  lower for each whole K between the template's origin and the nearest point of a base;
- ``cluster`` (on a ranged weapon with no Área): the weapon's DAÑ is halved (rounded half
  up) and each shot lays an R template as wide as the DAÑ it had, as the profile is built;
- with ``use`` (Usar bonus at that ENE): ``eat``: the bearer eats from a corpse in base
  contact and heals that many wounds, each one a point of the corpse's CON gone
  (Figure.eaten); ``regain``: a CH CAL of the weapon the entry sits on gives back that
  many rounds of its magazine, and a failed one costs the weapon a wound;
  ``challenge``: a won CH VOL ENF makes an enemy owe the bearer a charge in its next
  activation (Figure.fury); ``death_hand``: a passed CH VOL moves a wound of the bearer
  (or, with VOL 6, of an ally within VOL K) onto an ally or an unconscious figure, or
  onto an enemy with a CH VOL ENF;
- ``manipulator``: a ranged attack at the bearer by a figure of lower VOL may be answered
  (core/responses.py) with a CH VOL ENF which, won, puts that shot's CH IMP at −1;
- ``swarm`` (DEF, with ``option``): Arma de enjambre (entries/swarm.py): a shot that
  names the entry is fired together with every ally's swarm weapon that can shoot the
  target; each fumble cancels a critical and each critical left lowers the target's DEF
  by that much;
- ``relay``: Resonador (entries/resonator.py): a neuromante's invocación may be cast from
  the bearer (its CdV and ALC measured from it); the bearer gains 1 stress and a CH PSI,
  and one of the other side may resist with a CH VOL ENF;
- ``unmarks`` (K per level): Campo de oscuridad (entries/darkfield.py): a mark on a
  figure within that many K per level of the bearer is lost, and when the bearer
  explodes, every figure within as many K as its level loses as many levels of its
  energy shield.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone, not_whole


@dataclass(frozen=True, kw_only=True)
class Special(Effect):
    fading: bool = False
    cluster: bool = False
    eat: int = 0
    regain: int = 0
    challenge: bool = False
    death_hand: bool = False
    manipulator: bool = False
    unmarks: int = 0  # Campo de oscuridad: K per level within which marks are lost
    swarm: int = 0  # Arma de enjambre: DEF off per critical of the volley (swarm.py)
    relay: bool = False  # Resonador: invocaciones are cast from the bearer (resonator.py)


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_whole(raw, ("eat", "regain", "unmarks"))
    found += not_whole(raw, ("swarm",)) + not_alone(raw, ("swarm",), ("option",))
    return found + not_alone(raw, ("fading", "cluster", "manipulator", "unmarks", "relay"))
