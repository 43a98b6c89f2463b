"""What automated bonus/malus entries do, as data (``data/effects/<family>.yaml``).

An entry of the catalogue is automated when it has effects here.  Each file is a
family: a frozen dataclass that extends :class:`Effect` (the vocabulary several
families share, :mod:`.vocabulary`) with what only its entries do, and a validator
that checks what that file may say.  A field of one family is refused in another
family's file, so a reader that asks for a family (:func:`effects_of`, or
``core/traits.entries_of(figure, weapon, Family)``) sees every effect that can carry
the field.  The engine applies the shared vocabulary in ``engine/core/modifiers.py``
and each family in the engine module its docstring names.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from importlib import resources
from typing import Any, TypeVar, cast

from wartime.data import load_yaml
from wartime.errors import DataError, Problem
from wartime.rules.catalog import load_catalog
from wartime.rules.effects import (
    afterlife,
    auras,
    behaviour,
    checks,
    choices,
    clouds,
    constraints,
    curses,
    damage,
    engine,
    entry_actions,
    fate,
    fire,
    flight,
    heat,
    limits,
    minds,
    mines,
    necromancy,
    reach,
    rerolls,
    revival,
    senses,
    specials,
    spells,
    targets,
    triggers,
    use,
    vocabulary,
)
from wartime.rules.effects.afterlife import Afterlife
from wartime.rules.effects.auras import Aura
from wartime.rules.effects.behaviour import Behaviour
from wartime.rules.effects.checks import CheckModifier
from wartime.rules.effects.choices import Choice
from wartime.rules.effects.clouds import Cloud
from wartime.rules.effects.constraints import Constraint
from wartime.rules.effects.curses import Curse
from wartime.rules.effects.damage import Damage
from wartime.rules.effects.engine import PlayedBy
from wartime.rules.effects.entry_actions import EntryAction
from wartime.rules.effects.fate import Fate
from wartime.rules.effects.fire import Fire
from wartime.rules.effects.flight import Flight
from wartime.rules.effects.heat import Heat
from wartime.rules.effects.limits import Limit
from wartime.rules.effects.minds import Mind
from wartime.rules.effects.mines import Trap
from wartime.rules.effects.necromancy import Necromancy
from wartime.rules.effects.reach import Reach
from wartime.rules.effects.rerolls import Reroll
from wartime.rules.effects.revival import Revival
from wartime.rules.effects.senses import Sense
from wartime.rules.effects.specials import Special
from wartime.rules.effects.spells import Spell
from wartime.rules.effects.targets import Targeting
from wartime.rules.effects.triggers import Trigger
from wartime.rules.effects.use import Wear
from wartime.rules.effects.vocabulary import Effect

__all__ = [
    "FAMILIES", "Afterlife", "Aura", "Behaviour", "CheckModifier", "Choice", "Cloud",
    "Constraint", "Curse", "Damage", "Effect", "EntryAction", "Family", "Fate", "Fire",
    "Flight", "Heat", "Limit", "Mind", "Necromancy", "PlayedBy", "Reach", "Reroll",
    "Revival", "Sense", "Special", "Spell", "Targeting", "Trap", "Trigger", "Wear", "effects_of",
    "load_effects", "validated",
]  # fmt: skip

E = TypeVar("E", bound=Effect)


@dataclass(frozen=True)
class Family:
    """One file of ``data/effects``: the class its items become and what checks them."""

    kind: type[Effect]
    problems: Callable[[dict[str, Any]], list[str]]

    def keys(self) -> frozenset[str]:
        return frozenset(f.name for f in fields(self.kind))


FAMILIES: Mapping[str, Family] = {
    "afterlife.yaml": Family(Afterlife, afterlife.problems),
    "auras.yaml": Family(Aura, auras.problems),
    "behaviour.yaml": Family(Behaviour, behaviour.problems),
    "checks.yaml": Family(CheckModifier, checks.problems),
    "choices.yaml": Family(Choice, choices.problems),
    "clouds.yaml": Family(Cloud, clouds.problems),
    "constraints.yaml": Family(Constraint, constraints.problems),
    "curses.yaml": Family(Curse, curses.problems),
    "damage.yaml": Family(Damage, damage.problems),
    "engine.yaml": Family(PlayedBy, engine.problems),
    "entry_actions.yaml": Family(EntryAction, entry_actions.problems),
    "fate.yaml": Family(Fate, fate.problems),
    "fire.yaml": Family(Fire, fire.problems),
    "flight.yaml": Family(Flight, flight.problems),
    "heat.yaml": Family(Heat, heat.problems),
    "limits.yaml": Family(Limit, limits.problems),
    "minds.yaml": Family(Mind, minds.problems),
    "mines.yaml": Family(Trap, mines.problems),
    "necromancy.yaml": Family(Necromancy, necromancy.problems),
    "reach.yaml": Family(Reach, reach.problems),
    "rerolls.yaml": Family(Reroll, rerolls.problems),
    "revival.yaml": Family(Revival, revival.problems),
    "senses.yaml": Family(Sense, senses.problems),
    "specials.yaml": Family(Special, specials.problems),
    "spells.yaml": Family(Spell, spells.problems),
    "targets.yaml": Family(Targeting, targets.problems),
    "triggers.yaml": Family(Trigger, triggers.problems),
    "use.yaml": Family(Wear, use.problems),
}


def _problems(raw: Any, family: Family, where: str) -> list[str]:
    if not isinstance(raw, dict):
        return [f"{where}: expected a mapping"]
    keys = family.keys()
    unknown = [k for k in raw if k not in keys]
    if unknown:  # the rest would only add noise about a field the file cannot hold
        fields_of = ", ".join(sorted(keys - frozenset(f.name for f in fields(Effect))))
        return [f"{where}: unknown field {k!r} (this family's own: {fields_of})" for k in unknown]
    return [f"{where}: {p}" for p in vocabulary.problems(raw) + family.problems(raw)]


def validated(files: Mapping[str, Any]) -> dict[str, tuple[Effect, ...]]:
    """Check every effect file against its family and the catalogue's names."""
    catalog = load_catalog()
    effects: dict[str, tuple[Effect, ...]] = {}
    problems: list[Problem] = []
    for file, raw in files.items():
        source = f"wartime/data/effects/{file}"
        family = FAMILIES.get(file)
        if family is None:
            problems.append(
                Problem(source, "", f"not a family of effects: one of {', '.join(FAMILIES)}")
            )
            continue
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
            found = [
                p for i, item in enumerate(items or []) for p in _problems(item, family, f"[{i}]")
            ]
            if found or not items:
                problems += [Problem(source, str(name), p) for p in found or ["no effects listed"]]
                continue
            effects[name] = tuple(family.kind(**item) for item in items)
    if problems:
        raise DataError(problems)
    return effects


@functools.cache
def load_effects() -> dict[str, tuple[Effect, ...]]:
    """Every automated entry's effects, by catalogue name."""
    folder = resources.files("wartime.data").joinpath("effects")
    files = {
        item.name: load_yaml(item.read_text(encoding="utf-8"))
        for item in sorted(folder.iterdir(), key=lambda f: f.name)
        if item.name.endswith(".yaml")
    }
    return validated(files)


def effects_of(name: str, family: type[E]) -> tuple[E, ...]:
    """The effects of the entry ``name`` in ``family`` (none when it has no such effect)."""
    found = _BY_FAMILY.get((name, family))
    if found is None:
        found = _BY_FAMILY[name, family] = tuple(
            e for e in load_effects().get(name, ()) if isinstance(e, family)
        )
    return cast(tuple[E, ...], found)  # kept under its family: each item is one


# (entry name, family) -> its effects of that family; the catalogue is fixed, so it only grows
_BY_FAMILY: dict[tuple[str, type[Effect]], tuple[Effect, ...]] = {}
