"""Automated bonus/malus: the catalogue's effects applied to checks and damage.

Each figure carries traits (the catalogue entries of its archetypes).  A
weapon's traits count only while that weapon is used; the others always do.
The effects themselves are data (``data/effects``, see
:mod:`wartime.rules.effects`); this module only decides which apply.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING

from wartime.engine.figures import Figure
from wartime.engine.profiles import Trait, Weapon
from wartime.geometry.distance import edge_distance
from wartime.rules.effects import Effect, load_effects

if TYPE_CHECKING:
    from wartime.engine.state import GameState

# Which effect names touch a check: CH IMP is a CH AGI with a physical weapon
# (COMBATE); CH PSI and CH LOC are CH VOL (PSICOLOGÍA).
_FAMILY = {
    "IMP": {"IMP", "AGI", "ATR"},
    "DEF": {"DEF"},
    "PSI": {"PSI", "VOL", "ATR"},
    "LOC": {"LOC", "VOL", "ATR"},
    "CON": {"CON", "ATR"},
    "AGI": {"AGI", "ATR"},
    "INT": {"INT", "ATR"},
    "VOL": {"VOL", "ATR"},
}
_PURPOSE = re.compile(r"(?:2º )?CH (\w+)")


def check_kinds(purpose: str) -> set[str]:
    """The effect names that apply to a roll, from its purpose ("CH IMP", "CH AGI ENF"...)."""
    match = _PURPOSE.match(purpose)
    kinds = set(_FAMILY.get(match.group(1), set())) if match else set()
    if "ENF" in purpose:
        kinds.add("ENF")
    return kinds


@dataclass(frozen=True)
class Context:
    """What a roll or a blow is about: the opposing figure, melee or not, the weapon."""

    against: Figure | None = None
    melee: bool | None = None
    weapon: Weapon | None = None
    action: str | None = None  # the action's name, when an effect depends on it
    critical: bool = False  # the CH IMP of this blow was a critical


@dataclass(frozen=True)
class Faces:
    """How a die is read: critical up to ``critical_to``, fumble from ``fumble_from``."""

    critical_to: int = 1
    fumble_from: int = 10
    reroll: bool = False
    auto_pass: bool = False


def _traits(figure: Figure, weapon: Weapon | None) -> Iterator[tuple[Trait, Effect]]:
    effects = load_effects()
    granted = (trait for grant in figure.granted for trait in grant.traits)
    for trait in chain(figure.profile.traits, granted):
        if trait.weapon is not None and (weapon is None or weapon.id != trait.weapon):
            continue
        for effect in effects.get(trait.name, ()):
            yield trait, effect


def _when(effect: Effect, actor: Figure, ctx: Context) -> bool:
    if effect.when == "ranged":
        return ctx.melee is False
    if effect.when == "melee":
        return ctx.melee is True
    if effect.when == "charge":
        return actor.charging
    return True


def _value(effect: Effect, trait: Trait) -> int:
    return effect.value * (trait.level if effect.per_level else 1)


def _sources(state: GameState, actor: Figure, ctx: Context) -> Iterator[tuple[str, Trait, Effect]]:
    """Every effect that may reach ``actor``'s roll, with whose it is."""
    for trait, effect in _traits(actor, ctx.weapon):
        if effect.who == "self":
            yield actor.id, trait, effect
    if ctx.against is not None:
        for trait, effect in _traits(ctx.against, None):
            if effect.who == "attackers":
                yield ctx.against.id, trait, effect
    for other in state.figures.values():
        if other is actor or other.casualty:
            continue
        for trait, effect in _traits(other, None):
            if effect.who not in ("allies", "enemies") or effect.within is None:
                continue
            if (effect.who == "allies") != (other.side == actor.side):
                continue
            gap = edge_distance(actor.position, actor.radius, other.position, other.radius)
            if gap <= effect.within:
                yield other.id, trait, effect


def check_modifiers(
    state: GameState, actor: Figure, purpose: str, ctx: Context
) -> list[tuple[str, int]]:
    kinds = check_kinds(purpose)
    return [
        (trait.name if owner == actor.id else f"{trait.name} ({owner})", _value(effect, trait))
        for owner, trait, effect in _sources(state, actor, ctx)
        if effect.check in kinds and effect.value and _when(effect, actor, ctx)
    ]


def faces(state: GameState, actor: Figure, purpose: str, ctx: Context) -> Faces:
    kinds = check_kinds(purpose)
    critical_to, fumble_from, reroll, auto = 1, 10, False, False
    for _, _, effect in _sources(state, actor, ctx):
        if not _when(effect, actor, ctx):
            continue
        applies = effect.check is None or effect.check in kinds
        if effect.critical_to and applies:
            critical_to = max(critical_to, effect.critical_to)
        if effect.fumble_from and applies:
            fumble_from = min(fumble_from, effect.fumble_from)
        if effect.no_critical and applies:
            critical_to = 0
        reroll = reroll or effect.reroll in kinds
        auto = auto or effect.auto_pass in kinds
    return Faces(critical_to, fumble_from, reroll, auto)


def damage_modifiers(
    state: GameState, attacker: Figure, target: Figure, ctx: Context
) -> list[tuple[str, int]]:
    """DAÑ from the attacker's traits and from the target's "attackers" traits."""
    mods = []
    for owner, trait, effect in _sources(state, attacker, Context(target, ctx.melee, ctx.weapon)):
        if effect.stat == "DAÑ" and _when(effect, attacker, ctx):
            mods.append(
                (
                    trait.name if owner == attacker.id else f"{trait.name} ({owner})",
                    _value(effect, trait),
                )
            )
    return mods


def damage_taken(target: Figure) -> int:
    """A factor on the DAÑ the target takes (Blandito ×2)."""
    factor = 1
    for _, effect in _traits(target, None):
        if effect.damage_taken:
            factor *= effect.damage_taken
    return factor


def defense_bonus(state: GameState, figure: Figure) -> int:
    """DEF from the figure's own traits (not its weapons')."""
    return sum(
        _value(e, t) for t, e in _traits(figure, None) if e.stat == "DEF" and e.who == "self"
    )


def not_yet_automated() -> list[str]:
    """Catalogue entries the engine does not apply yet: the players adjudicate them."""
    from wartime.rules.catalog import load_catalog

    automated = load_effects()
    return [e.name for e in load_catalog().entries if e.name not in automated]
