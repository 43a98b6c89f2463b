"""Choices, switches, counters, shields and objects (``choices.yaml``;
engine/entries/options.py, engine/entries/shields.py, engine/actions/gear.py).

- ``choice``: like ``option``, for one of several alternatives, labelled "Entry
  (choice)"; ``until_next`` (with either): from that attack until the bearer's next
  activation starts, not just in it;
- ``target_is_param`` (DAÑ): only against a target that the entry's X names (its id,
  character, name or race, an entry or tag it carries, its transport);
- ``equals`` (``stat: DEF``): the bearer's DEF is that number, whatever else applies;
- ``power`` (``stat: DAÑ``): the bearer gathers a point of Poder, up to that many,
  for each wound it suffers or deals, and may spend them as DAÑ in an attack
  ("Entry (N)" among its options);
- ``switch``: the entry is switched on and off with Usar bonus at that ENE, and its
  other effects hold only while it is on; ``incorporeal`` (with ``switch``):
  Incorpóreo (entries/ghost.py): while on, the bearer's strides go straight through
  walls and bases (ending clear), it is never in CaC, it acts on no other figure and
  nothing may aim at it;
- ``shield``: an energy shield: a ranged hit meets a check against that number
  before the CH DEF, and a failed one costs a level (the entry's levels);
  ``restore``: Usar bonus at that ENE gives back a level while one is left;
- ``drains_shield`` (targets): the hit deals no DAÑ and takes a level of the
  target's shield instead, with no CH DEF; ``halves_shield`` (targets): the
  target's shield checks against half its number (rounded half up), and a target
  with no shield left takes half the DAÑ (rounded half up);
- ``used_wounds`` / ``used_stress``: each action made with the weapon it sits on
  costs the user that many wounds (with no CH DEF) or that much stress;
  ``used_percent``: the wounds only come on 1D100 at most that number; on an
  object, each Usar of it;
- what an object does when used (Usar, actions/gear.py): ``heals`` that many
  wounds (``per_level``: times the entry's level); ``ene_now`` adds that much ENE
  (up to 10); ``crash``: the next activation starts at ENE 0 and there are no
  reactions until it ends; ``overdose``: a second use in one turn costs that many
  wounds as the activation ends; ``boost``: the attribute the action's options name
  is that much higher in the checks of the rest of the activation, and the next
  activation's attribute checks are at −1; ``consumed``: the object leaves the game;
- ``crushes`` (targets): each hit takes CAL 1 off one of the target's protections
  (engine/core/protections.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Choice(Effect):
    choice: str | None = None
    until_next: bool = False
    equals: int | None = None
    power: int | None = None
    switch: int | None = None
    shield: int | None = None
    restore: int | None = None
    drains_shield: bool = False
    halves_shield: bool = False
    used_wounds: int = 0
    used_percent: int | None = None
    used_stress: int = 0
    heals: int = 0
    ene_now: int = 0
    crash: bool = False
    overdose: int = 0
    boost: int = 0
    consumed: bool = False
    crushes: bool = False
    target_is_param: bool = False
    incorporeal: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if raw.get("until_next") and not (raw.get("option") or raw.get("choice")):
        found.append("'until_next' goes with 'option' or 'choice'")
    if raw.get("equals") is not None and raw.get("stat") != "DEF":
        found.append("'equals' goes with 'stat: DEF'")
    if raw.get("power") is not None and raw.get("stat") != "DAÑ":
        found.append("'power' goes with 'stat: DAÑ'")
    if raw.get("restore") is not None and raw.get("shield") is None:
        found.append("'restore' goes with 'shield'")
    shields = [k for k in ("drains_shield", "halves_shield", "crushes") if raw.get(k)]
    if shields and raw.get("who") != "targets":
        found.append(f"{shields[0]!r} needs 'who: targets'")
    if raw.get("incorporeal") and raw.get("switch") is None:
        found.append("'incorporeal' goes with 'switch'")
    if raw.get("used_percent") is not None and not raw.get("used_wounds"):
        found.append("'used_percent' goes with 'used_wounds'")
    return found
