"""What automated bonus/malus entries do, as data (``data/effects/*.yaml``).

An entry of the catalogue is automated when it has effects here; the engine
(:mod:`wartime.engine.bonuses`) applies them through one small vocabulary:

- ``check`` + ``value``: a modifier to a check: CON, AGI, INT, VOL, ATR (any
  attribute check), IMP, DEF, PSI, LOC or ENF (opposed checks);
- ``stat`` + ``value``: a modifier to a number: DEF (the figure's CH DEF
  target), DAÑ (damage dealt), CdV (vision range in K), ENE (the ENE an
  action costs);
- ``reroll``: a failed check of that kind may be rolled once more;
- ``auto_pass``: checks of that kind always pass (as a critical);
- ``critical_to`` / ``fumble_from``: the faces that count as critical
  (1..N) or fumble (N..10) on that ``check`` (any check when omitted);
- ``no_critical``: its 1s are plain rolls;
- ``damage_taken``: a factor on the DAÑ the bearer takes (Blandito: 2).

Scope fields: ``who`` is ``self`` (default), ``attackers`` (enemies acting
against the bearer), ``allies`` or ``enemies`` (an aura, with ``within`` K);
``when`` is ``ranged``, ``melee`` or ``charge``; ``per_level`` multiplies
``value`` by the entry's level.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any

import yaml

from wartime.errors import DataError, Problem
from wartime.rules.catalog import load_catalog

CHECKS = ("CON", "AGI", "INT", "VOL", "ATR", "IMP", "DEF", "PSI", "LOC", "ENF")
STATS = ("DEF", "DAÑ", "CdV", "ENE")
WHO = ("self", "attackers", "allies", "enemies")
WHEN = ("ranged", "melee", "charge")


@dataclass(frozen=True)
class Effect:
    check: str | None = None
    stat: str | None = None
    value: int = 0
    reroll: str | None = None
    auto_pass: str | None = None
    critical_to: int | None = None
    fumble_from: int | None = None
    no_critical: bool = False
    damage_taken: int | None = None
    who: str = "self"
    within: float | None = None
    when: str | None = None
    per_level: bool = False
    # Fields for checks, auras and rerolls go above this line; fields for damage,
    # wounds and second CH DEF below it.


_KEYS = frozenset(f.name for f in fields(Effect))


def _problems(raw: Any, where: str) -> list[str]:
    if not isinstance(raw, dict):
        return [f"{where}: expected a mapping"]
    found = [f"{where}: unknown field {k!r}" for k in raw if k not in _KEYS]
    checks = [raw.get(k) for k in ("check", "reroll", "auto_pass") if raw.get(k) is not None]
    found += [f"{where}: unknown check {c!r}" for c in checks if c not in CHECKS]
    if raw.get("stat") is not None and raw["stat"] not in STATS:
        found.append(f"{where}: unknown stat {raw['stat']!r}")
    if raw.get("who", "self") not in WHO:
        found.append(f"{where}: unknown who {raw.get('who')!r}")
    if raw.get("when") is not None and raw["when"] not in WHEN:
        found.append(f"{where}: unknown when {raw['when']!r}")
    if raw.get("who") in ("allies", "enemies") and not raw.get("within"):
        found.append(f"{where}: an aura needs 'within' K")
    if (
        (raw.get("check") or raw.get("stat"))
        and "value" not in raw
        and not raw.get("critical_to")
        and not raw.get("fumble_from")
    ):
        found.append(f"{where}: a modifier needs a 'value'")
    return found


def validated(files: Mapping[str, Any]) -> dict[str, tuple[Effect, ...]]:
    """Check every effect file against the vocabulary and the catalogue's names."""
    catalog = load_catalog()
    effects: dict[str, tuple[Effect, ...]] = {}
    problems: list[Problem] = []
    for file, raw in files.items():
        source = f"wartime/data/effects/{file}"
        if not isinstance(raw, dict):
            problems.append(Problem(source, "", "expected entry name: [effects]"))
            continue
        for name, items in raw.items():
            entry = catalog.find(str(name))
            if entry is None or entry.name != name:
                problems.append(
                    Problem(
                        source, str(name), "not a catalogue entry (spell it as the catalogue does)"
                    )
                )
                continue
            if name in effects:
                problems.append(Problem(source, str(name), "effects given twice"))
                continue
            found = [p for i, item in enumerate(items or []) for p in _problems(item, f"[{i}]")]
            if found or not items:
                problems += [Problem(source, str(name), p) for p in found or ["no effects listed"]]
                continue
            effects[name] = tuple(Effect(**item) for item in items)
    if problems:
        raise DataError(problems)
    return effects


@functools.cache
def load_effects() -> dict[str, tuple[Effect, ...]]:
    """Every automated entry's effects, by catalogue name."""
    folder = resources.files("wartime.data").joinpath("effects")
    files = {
        item.name: yaml.safe_load(item.read_text(encoding="utf-8"))
        for item in sorted(folder.iterdir(), key=lambda f: f.name)
        if item.name.endswith(".yaml")
    }
    return validated(files)
