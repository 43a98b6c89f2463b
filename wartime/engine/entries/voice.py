"""Orador: a voice that carries as far as VOL×2 K (BONUS Y MALUS).

Our ruling (docs/rules-interpretations.md, "Orador"): the line gives a reach, not what it
is the reach of.
What a voice carries in play is the bearer's cries (the catalogue's "Grito ..." entries,
auras with ``within`` K) and its metaabilities (their ALC, METAHABILIDADES).  Each of
them reaches as many K as the bearer's VOL × ``orator`` (2) when that is farther than its
own reach; a shorter reach of its own stays.  The VOL is the profile's (the character's
attribute, raised by its entries), so each profile's reach is found once.

- cries: :func:`voiced`, read by ``bonuses._auras`` (which cries.py and every roll use);
- metaabilities: :func:`spoken`, read as the profile is built (profiles.py), so
  metaabilities.py and legal_actions() see the longer ALC.  On a metaability archetype,
  Orador stretches that metaability alone; on the character, all of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.rules.effects import Effect, Reach, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.profiles import Metaability, Trait

CRY = "Grito "  # the catalogue's cries all begin so


def factor(names: Iterable[str]) -> tuple[str, int] | None:
    """(entry, factor) of the first Orador-like entry among ``names``."""
    for name in names:
        for effect in effects_of(name, Reach):
            if effect.orator:
                return name, effect.orator
    return None


def reach(vol: int, names: Iterable[str]) -> int | None:
    """The K an Orador voice reaches with this VOL (None: no such entry)."""
    found = factor(names)
    return None if found is None else vol * found[1]


@hookspecs.auras.impl(order=10, key="voice")
def _voiced(
    auras: tuple[tuple[Trait, Effect], ...], figure: Figure
) -> tuple[tuple[Trait, Effect], ...]:
    return voiced(figure, auras)


def voiced(
    figure: Figure, auras: tuple[tuple[Trait, Effect], ...]
) -> tuple[tuple[Trait, Effect], ...]:
    """The bearer's cries with Orador's reach when it is farther than their own."""
    own = [t.name for t in figure.profile.traits if t.weapon is None]
    far = reach(figure.profile.vol, own)
    if far is None:
        return auras
    return tuple(
        (t, replace(e, within=float(far)))
        if t.name.startswith(CRY) and e.within is not None and far > e.within
        else (t, e)
        for t, e in auras
    )


@hookspecs.metaability_built.impl(order=10, key="voice")
def spoken(ability: Metaability, vol: int, carried: Iterable[str]) -> Metaability:
    """The metaability with Orador's ALC when farther: the character's entries
    (``carried``) or the metaability's own (its grants) may carry it."""
    far = reach(vol, [*carried, *(t.name for t in ability.grants)])
    if far is None or far <= ability.alc:
        return ability
    return replace(ability, alc=far)
