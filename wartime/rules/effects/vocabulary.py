"""The vocabulary more than one family of effects speaks, and its validator.

An effect says what a modifier is and when it holds; a family (one module here per
``data/effects/<family>.yaml``) adds what only its entries do.  The fields below are
the ones several families share, so they sit on the base every family extends:

- ``check`` + ``value``: a modifier to a check: CON, AGI, INT, VOL, ATR (any
  attribute check), IMP, DEF, PSI, LOC or ENF (opposed checks);
- ``stat`` + ``value``: a modifier to a number: DEF (the figure's CH DEF
  target), DAÑ (damage dealt), CdV (vision range in K), ENE (the ENE an
  action costs), INI (the bearer's initiative roll);
- ``reroll``: a failed check of that kind may be rolled once more; ``reroll_on``: only
  for a ``fumble``, or only for a plain ``failure`` (not a fumble);
- ``critical_to`` / ``fumble_from``: the faces that count as critical (1..N) or fumble
  (N..10) on that ``check`` (any check when omitted); ``no_critical``: its 1s are plain
  rolls; ``auto_pass``: checks of that kind always pass (as a critical);
- ``damage_taken``: a factor on the DAÑ the bearer takes (Blandito: 2).

Scope: ``who`` is ``self`` (default), ``attackers`` (enemies acting against the
bearer), ``allies`` or ``enemies`` (an aura, with ``within`` K), ``targets`` (what the
striker's entries do to the figure it hits) or ``all``; ``when`` is ``ranged``,
``melee`` or ``charge``; ``per_level`` multiplies ``value`` by the entry's level.

- ``who: attackers`` counts only for enemies; with ``within`` it reaches the
  enemies whose check is made against an ally of the bearer within that many K
  (attacking it, or defending from it); ``who: all`` + ``within``: every
  figure within that many K, the bearer too;
- ``who: targets`` + ``check: DEF``: a modifier to the CH DEF of the figure hit;
- ``when: uncharged``: a CaC blow that is not a charge's; ``when: initiating``
  / ``defending``: the bearer's side of a CH ENF it started, or one another
  figure started against it; ``opposed``: only on a CH ENF;
- ``group``: only in the checks of an action of that group (movement, combat,
  generic); ``action``: only in that action (an id of ``data/actions.yaml``), for
  checks, DAÑ and strides alike.  The CH PSI and CH LOC that wounds, fumbles or stress
  bring are not an action's checks;
- ``with_weapon``: only while attacking with a weapon whose CH IMP is a CH of
  that attribute (``AGI`` for physical weapons; ``INT`` for one with
  Invocación...) or with ``any`` weapon; on ``stat: ENE``, only an action that
  costs the weapon's ENE; ``weapon_has``: only with a weapon carrying one of these
  entries;
- ``unless_ally`` + ``ally_within``: not while an ally within that many K carries one
  of those entries;
- ``halve``: the attribute the check rolls on (``check``'s, or the check's own
  for ATR) counts half, rounded half up; two halvings do not add up;
- ``option``: the effect holds only in an attack the bearer takes the entry with
  (``Action.options`` names it);
- ``hit_by_param``: only against a hit with a weapon whose id names the entry's X;
- ``weapon_alc``: a factor on the ALC of the bearer's weapons (the one it sits on, or
  all of them), applied as the profile is built (core/profiles.py);
- ``no_noise``: the attacks with it (with any weapon, on the character) make no noise;
- ``stride_k`` + ``action``: that many K more for that movement action (Mover, Correr,
  Esprintar or Salto de longitud);
- ``forbids``: the bearer may not take that action (an id of ``data/actions.yaml``);
- ``use``: Usar bonus at that ENE does what one field of ``entry_actions`` or
  ``specials`` says.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wartime.rules.actions import load_actions
from wartime.rules.catalog import load_catalog

CHECKS = ("CON", "AGI", "INT", "VOL", "ATR", "IMP", "DEF", "PSI", "LOC", "ENF")
STATS = ("DEF", "DAÑ", "CdV", "ENE", "INI")
WHO = ("self", "attackers", "allies", "enemies", "targets", "all")
WHEN = ("ranged", "melee", "charge", "uncharged", "initiating", "defending")
GROUPS = ("movement", "combat", "generic")
REROLL_ON = ("fumble", "failure")
ATTRIBUTES = ("CON", "AGI", "INT", "VOL")
# What ``use`` may do: one of these fields goes with it (entry_actions.py, specials.py).
USES = ("stress_ene", "regenerate", "steal_ene", "mark", "fortune", "orders", "vanish", "pet",
        "invisible",
        "eat", "regain", "challenge", "death_hand")  # fmt: skip
# What stride_k may lengthen (actions/moving.py; a jump: actions/terrain.py).
STRIDES = ("mover", "correr", "esprintar", "salto_de_longitud")


@dataclass(frozen=True, kw_only=True)
class Effect:
    """What more than one family says; a family's class adds its own fields."""

    check: str | None = None
    stat: str | None = None
    value: int = 0
    reroll: str | None = None
    reroll_on: str | None = None
    critical_to: int | None = None
    fumble_from: int | None = None
    no_critical: bool = False
    auto_pass: str | None = None
    damage_taken: int | None = None
    who: str = "self"
    within: float | None = None
    when: str | None = None
    per_level: bool = False
    opposed: bool = False
    group: str | None = None
    action: str | None = None
    with_weapon: str | None = None
    weapon_has: Sequence[str] = ()
    unless_ally: Sequence[str] = ()
    ally_within: float | None = None
    halve: bool = False
    option: bool = False
    hit_by_param: bool = False
    weapon_alc: float | None = None
    no_noise: bool = False
    stride_k: float = 0.0
    forbids: str | None = None
    use: int | None = None


def unknown_entries(names: Sequence[Any]) -> list[str]:
    return [f"unknown entry {n!r}" for n in names if n and load_catalog().find(str(n)) is None]


def not_whole(
    raw: dict[str, Any], keys: Sequence[str], what: str = "a whole number of 1 or more"
) -> list[str]:
    """The keys of ``raw`` whose value is not an int of at least 1."""
    return [f"{k!r} is {what}" for k in keys
            if k in raw and not (isinstance(raw[k], int) and raw[k] >= 1)]  # fmt: skip


def not_reach(
    raw: dict[str, Any], keys: Sequence[str], what: str = "a number of K above 0"
) -> list[str]:
    """The keys of ``raw`` whose value is not a number above 0."""
    return [f"{k!r} is {what}" for k in keys
            if k in raw and not (isinstance(raw[k], int | float) and raw[k] > 0)]  # fmt: skip


def not_alone(raw: dict[str, Any], keys: Sequence[str], allowed: Sequence[str] = ()) -> list[str]:
    """The first of ``keys`` that ``raw`` sets, when anything but ``allowed`` goes with it."""
    alone = [k for k in keys if raw.get(k) not in (None, False)]
    if alone and set(raw) - {alone[0], *allowed}:
        return [f"{alone[0]!r} stands alone"]
    return []


def problems(raw: dict[str, Any]) -> list[str]:
    """What is wrong with the shared vocabulary of one effect (any family)."""
    found = []
    checks = [raw.get(k) for k in ("check", "reroll", "auto_pass") if raw.get(k) is not None]
    found += [f"unknown check {c!r}" for c in checks if c not in CHECKS]
    if raw.get("stat") is not None and raw["stat"] not in STATS:
        found.append(f"unknown stat {raw['stat']!r}")
    if raw.get("who", "self") not in WHO:
        found.append(f"unknown who {raw.get('who')!r}")
    if raw.get("when") is not None and raw["when"] not in WHEN:
        found.append(f"unknown when {raw['when']!r}")
    reach = raw.get("within") or raw.get("within_vol")  # within_vol: as many K as VOL
    if raw.get("who") in ("allies", "enemies") and not reach:
        found.append("an aura needs 'within' K")
    if raw.get("who") == "all" and not raw.get("within"):
        found.append("'who: all' needs 'within' K")
    if (
        (raw.get("check") or raw.get("stat"))
        and "value" not in raw
        and not any(raw.get(k) for k in ("critical_to", "fumble_from", "halve", "fixed"))
        and not {"equals", "power"} & raw.keys()  # DEF = N (Frenesí), DAÑ + Poder spent
    ):
        found.append("a modifier needs a 'value'")
    if raw.get("group") is not None and raw["group"] not in GROUPS:
        found.append(f"group is one of {GROUPS}, not {raw['group']!r}")
    if raw.get("with_weapon") not in (None, "any", *ATTRIBUTES):
        found.append(f"with_weapon is 'any' or an attribute, not {raw['with_weapon']!r}")
    if bool(raw.get("unless_ally")) != bool(raw.get("ally_within")):
        found.append("'unless_ally' (a list of entries) and 'ally_within' go together")
    found += unknown_entries([*(raw.get("unless_ally") or ()), *(raw.get("weapon_has") or ())])
    if raw.get("halve") and raw.get("check") not in (*ATTRIBUTES, "ATR"):
        found.append("'halve' needs 'check' CON, AGI, INT, VOL or ATR")
    if raw.get("reroll_on") is not None and raw["reroll_on"] not in REROLL_ON:
        found.append(f"reroll_on is one of {REROLL_ON}, not {raw['reroll_on']!r}")
    if raw.get("reroll_on") and not raw.get("reroll"):
        found.append("'reroll_on' goes with 'reroll'")
    if raw.get("action") is not None and load_actions().find(str(raw["action"])) is None:
        found.append(f"unknown action {raw['action']!r}")
    if raw.get("stride_k") and raw.get("action") not in STRIDES:
        found.append(f"'stride_k' goes with 'action', one of {STRIDES}")
    if raw.get("forbids") is not None and load_actions().find(str(raw["forbids"])) is None:
        found.append(f"forbids an unknown action {raw['forbids']!r}")
    return found + _use_problems(raw)


def _use_problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if raw.get("use") is not None and not (isinstance(raw["use"], int) and raw["use"] >= 1):
        found.append("'use' is an ENE of 1 or more")
    does = [k for k in USES if raw.get(k)]
    if raw.get("use") is not None and len(does) != 1:
        found.append(f"'use' goes with one of {USES}")
    if does and raw.get("use") is None:
        found.append(f"{does[0]!r} goes with 'use'")
    return found
