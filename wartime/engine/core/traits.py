"""What a figure carries: its catalogue entries (traits) and their effects as data.

Everything that reads an entry starts here: the rolls' modifiers (modifiers.py), the
hits' DAÑ and DEF (hits.py), a figure's body (anatomy.py) and every entry module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import chain
from typing import TYPE_CHECKING, TypeVar, overload

from wartime.rules.effects import Choice, Effect, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.profiles import Gear, Trait, Weapon


def carried(figure: Figure) -> Iterator[Trait]:
    """Its own entries and those its metaabilities at work grant, less what Magia: anular
    switched off on it (Figure.suppressed: an entry's name or a metaability's id)."""
    if not figure.suppressed:
        yield from chain(figure.profile.traits, *(g.traits for g in figure.granted))
        return
    off = {name for name, _ in figure.suppressed}
    granted = (t for g in figure.granted if g.ability not in off for t in g.traits)
    yield from (t for t in chain(figure.profile.traits, granted) if t.name not in off)


E = TypeVar("E", bound=Effect)
Entries = tuple[tuple["Trait", Effect], ...]  # a figure's entries, each with one effect


@overload
def entries_of(figure: Figure, weapon: Weapon | None) -> Iterator[tuple[Trait, Effect]]: ...
@overload
def entries_of(
    figure: Figure, weapon: Weapon | None, family: type[E]
) -> Iterator[tuple[Trait, E]]: ...
def entries_of(
    figure: Figure, weapon: Weapon | None, family: type[Effect] = Effect
) -> Iterator[tuple[Trait, Effect]]:
    """Each entry the figure carries (on ``weapon``, or on no weapon) with each of its
    effects, in the order the entries come; with ``family``, only that family's effects.

    Every roll's modifiers ask this of each figure near it, so the answer is kept per
    profile, weapon and family (a profile is frozen); a figure whose entries a
    metaability changes (granted, suppressed) is read afresh."""
    if figure.granted or figure.suppressed:
        return iter(_entries(figure, weapon, family))
    profile = figure.profile
    key = (id(profile), None if weapon is None else weapon.id, family)
    found = _KEPT.get(key)
    if found is None or found[0] is not profile:
        if len(_KEPT) >= PROFILES_KEPT * 8:
            _KEPT.clear()
        found = _KEPT[key] = (profile, _entries(figure, weapon, family))
    return iter(found[1])


def _entries(figure: Figure, weapon: Weapon | None, family: type[Effect]) -> Entries:
    return tuple(
        (trait, effect)
        for trait in carried(figure)
        if trait.weapon is None or (weapon is not None and weapon.id == trait.weapon)
        for effect in effects_of(trait.name, family)
    )


# (id of a profile, weapon id, family) -> (that profile, its entries and effects)
_KEPT: dict[
    tuple[int, str | None, type[Effect]], tuple[object, tuple[tuple[Trait, Effect], ...]]
] = {}


_T = TypeVar("_T")
PROFILES_KEPT = 1_000  # profiles remembered per question (each game makes its own)


def per_profile(find: Callable[[Figure], _T]) -> Callable[[Figure], _T]:
    """``find`` answered once per profile: what a figure's entries say does not change
    while its profile does not, and legal_actions() asks it for every sampled move.

    The profile itself is the key's check (an id is only trusted while that profile is
    kept); a figure a metaability grants entries to is looked at afresh.
    """
    kept: dict[int, tuple[object, _T]] = {}

    def answer(figure: Figure) -> _T:
        if figure.granted or figure.suppressed:  # metaabilities at work: entries come and go
            return find(figure)
        profile = figure.profile
        found = kept.get(id(profile))
        if found is None or found[0] is not profile:
            if len(kept) >= PROFILES_KEPT:
                kept.clear()
            found = kept[id(profile)] = (profile, find(figure))
        return found[1]

    return answer


def used(gear: Gear) -> list[tuple[Trait, Choice]]:
    """The entries of ``gear`` (an object) that act when it is used (Usar objeto)."""
    return [
        (t, e)
        for t in gear.traits
        for e in effects_of(t.name, Choice)
        if e.heals or e.ene_now or e.boost or e.consumed
    ]
