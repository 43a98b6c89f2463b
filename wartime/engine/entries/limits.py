"""Catalogue entries that change numbers and limits (BONUS Y MALUS, batch E).

- **CdV** (``stat: CdV``, Corto de vista, Súper vista): :func:`sight_extra` is the K the
  bearer's entries add to its CdV (VOL×5); every rule that measures a CdV adds it.
- **Strides** (``stride_k`` + ``action``, Rápido): :func:`stride_extra` is the K more a
  Mover, Correr or Esprintar of the bearer reaches (actions/moving.py).
- **Forbidden actions** (``forbids``, Lastrado, Piernas muy cortas) and **heavy weapons**
  (``heavy``, Arma pesada: CON must be above the weapon's DAÑ): :func:`refusal` says why
  an action is refused, for ``generic.perform`` and for the sampled moves of
  ``legal_actions()`` (``core.routes.move_problem``, through the ``move_refusal`` hook).
- **A cap on a weapon's ENE** (``ene_cap``, Rambo): :func:`capped` lowers the ENE of an
  action that uses a weapon to the cap, after every other modifier (``checks.afford``).
- **Lento** (``stat: ENE`` + ``group: movement``) is an ordinary ENE modifier; the moves
  that ``legal_actions()`` samples are priced with it (:func:`prices_moves`).

The ALC entries (``alc_plus``, ``weapon_alc``) act as the profile is built
(core/profiles.py); Sin sangre, Silencioso and Silenciador are plain data.

Only bearers pay: each profile's own limits are found once and kept (a figure carrying
a metaability's entries looks afresh while they last).
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import action_weapon
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.i18n import Reason, say
from wartime.rules.actions import load_actions
from wartime.rules.effects import Limit, effects_of


@dataclass(frozen=True)
class Limits:
    """What a figure's own entries (not a weapon's) change here, with the entry's name."""

    sight: float = 0.0  # K on the CdV
    strides: tuple[tuple[str, str, float], ...] = ()  # (action id, entry, K more)
    forbidden: tuple[tuple[str, str], ...] = ()  # (action id, entry)
    cap: tuple[str, int] | None = None  # (entry, the most ENE a weapon's action costs)
    pricey_moves: bool = False  # an ENE modifier on movement actions (Lento)
    heavy: tuple[str, ...] = ()  # its weapons that carry Arma pesada


NONE = Limits()


@per_profile
def limits(figure: Figure) -> Limits:
    """The figure's limits (kept per profile, looked at afresh while entries are granted)."""
    sight = 0.0
    strides: list[tuple[str, str, float]] = []
    forbidden: list[tuple[str, str]] = []
    cap: tuple[str, int] | None = None
    pricey = False
    for trait, effect in entries_of(figure, None):
        if trait.weapon is not None or effect.who != "self":
            continue
        if effect.stat == "CdV":
            sight += effect.value * (trait.level if effect.per_level else 1)
        if effect.stride_k and effect.action is not None:
            strides.append((effect.action, trait.name, float(effect.stride_k)))
        if effect.forbids is not None:
            forbidden.append((effect.forbids, trait.name))
        if (
            isinstance(effect, Limit)
            and effect.ene_cap is not None
            and (cap is None or effect.ene_cap < cap[1])
        ):
            cap = (trait.name, effect.ene_cap)
        if effect.stat == "ENE" and _on_moves(effect.group, effect.action):
            pricey = True
    heavy = tuple(w.id for w in figure.profile.weapons if _heavy(figure, w))
    found = Limits(sight, tuple(strides), tuple(forbidden), cap, pricey, heavy)
    return NONE if found == NONE else found


def _on_moves(group: str | None, action: str | None) -> bool:
    if group == "movement":
        return True
    book = load_actions().find(action) if action else None
    return book is not None and book.group.value == "movement"


# -- CdV ---------------------------------------------------------------------------------------


@hookspecs.sight.impl(order=10, key="limits")
def sight_extra(figure: Figure) -> float:
    """K the figure's entries add to its CdV (Súper vista +5, Corto de vista −5)."""
    return limits(figure).sight


# -- Strides -----------------------------------------------------------------------------------


@hookspecs.stride.impl(order=10, key="limits")
def stride_extra(figure: Figure, kind: str) -> float:
    """K more the figure's ``kind`` movement reaches (Rápido: Correr and Esprintar +1)."""
    return sum(k for action, _, k in limits(figure).strides if action == kind)


# -- Refusals ----------------------------------------------------------------------------------


@hookspecs.refusal.impl(order=100, key="limits")
@hookspecs.move_refusal.impl(order=10, key="limits")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why the figure may not take ``action``: an entry forbids it (Lastrado), or the
    weapon is too heavy for it (Arma pesada); None when neither."""
    for kind, name in limits(figure).forbidden:
        if kind == action.kind:
            book = load_actions().find(kind)
            label = book.name if book else kind
            return say("refused.limits.forbidden", entry=name, figure=figure.id, action=label)
    if not limits(figure).heavy:
        return None
    weapon = action_weapon(figure, action)
    return None if weapon is None else heavy_problem(figure, weapon)


def heavy_problem(figure: Figure, weapon: Weapon) -> Reason | None:
    """Arma pesada: the weapon needs a user whose CON is above its DAÑ."""
    if weapon.id not in limits(figure).heavy:
        return None
    con = figure.profile.con
    if con > weapon.dan:
        return None
    return say("refused.limits.heavy", weapon=weapon.id, dan=weapon.dan, figure=figure.id, con=con)


def _heavy(figure: Figure, weapon: Weapon) -> bool:
    """Arma pesada sits on the weapon (its archetype's entries, or a trait on it)."""
    on_it = [*weapon.bonuses, *(t.name for t in figure.profile.traits if t.weapon == weapon.id)]
    return any(e.heavy for name in on_it for e in effects_of(name, Limit))


# -- ENE ---------------------------------------------------------------------------------------


@hookspecs.ene_cost.impl(order=10, key="limits")
def _capped(
    cost: tuple[int, tuple[tuple[str, int], ...]], figure: Figure
) -> tuple[int, tuple[tuple[str, int], ...]]:
    return capped(figure, *cost)


def capped(
    figure: Figure, cost: int, mods: tuple[tuple[str, int], ...]
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Rambo: the ENE of an action that uses a weapon (the action under way) never goes
    above the cap; the cut is shown as a modifier of the entry."""
    cap = limits(figure).cap
    if cap is None or cost <= cap[1] or figure.doing is None:
        return cost, mods
    if action_weapon(figure, figure.doing) is None:
        return cost, mods
    return cap[1], (*mods, (cap[0], cap[1] - cost))


@hookspecs.prices_moves.impl(order=10, key="limits")
def prices_moves(figure: Figure) -> bool:
    """Whether the figure's entries change what its movement actions cost (Lento), so a
    sampled move must be priced with them."""
    return limits(figure).pricey_moves
