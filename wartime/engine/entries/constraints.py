"""Catalogue entries that limit who may use, trade or place a piece (BONUS Y MALUS).

Our rulings (notes of the constraint batch):

- **A 2 manos**: the weapon wants two useful arms.  A bearer missing one arm ("Sin
  miembro" whose X names an arm or a hand, carried or granted for good by Miembros
  prescindibles) wields it one-handed: each CH IMP with it takes −1 more (the −1 of Sin
  miembro, a difficult action, still counts).  With no useful arm at all it cannot be
  used: every action with it is refused.
- **Enorme** (list building: rules/equipment.py): in play, a piece that sits on a transport
  fires only while its bearer rides one that still stands, unless it wears Mega armadura.
- **Laborioso**: Comerciar refuses to hand the piece over (either way, swaps too).
  Saquear is no trade: a body may still be stripped of it.
- **Artillero requerido**: the weapon wants a crewman: every action with it is refused
  unless an ally stands in base contact with the bearer (same height and footing), free to
  act: not a casualty, not engaged in CaC, not in panic, possessed, held or tied, and not
  aboard a transport.  The crewman spends nothing; one may serve several guns.
- **Requiere (X)**: X names a catalogue entry (or a tag of one) or an archetype id.  A
  bearer that carries neither cannot use the weapon (any action with it) or the object
  (Usar); an X that is neither is left to the players (the army gets a warning).
- **Animal**: the actions that need a person's hands and intent are data
  (``data/effects/constraints.yaml``, ``forbids``, refused by entries/limits.py); Usar of
  an object archetype is refused here (a metaability's Usar stays: it is the creature's
  own).
- **Perdido**: a reserve that carries it is placed by the enemy side, in its own side's
  zone, as one of that side's placements (the placed_by hook, which core/deployment.py asks).
- **Sin estudios** and **Comunicador**: nothing in play reads or talks at a distance, so
  there is nothing for them to act on (they only cost points).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

from wartime.board.battlefield import SIDES
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.anatomy import missing_arms
from wartime.engine.core.book import SWAP
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context, action_weapon, carries, check_kinds
from wartime.engine.core.movement import engaged_with, holder, in_contact
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.engine.core.sequence import possessed
from wartime.engine.core.state import GameState
from wartime.i18n import Reason, say
from wartime.rules.catalog import load_catalog
from wartime.rules.equipment import ENORMOUS, MEGA_ARMOUR
from wartime.rules.text import fold

if TYPE_CHECKING:
    from wartime.engine.core.scenario import Reserve

TWO_HANDED = "A 2 manos"
TOILSOME = "Laborioso"
CREWED = "Artillero requerido"
REQUIRES = "Requiere"  # its X: what the bearer must carry
ANIMAL = "Animal"
LOST = "Perdido"
NOTHING_IN_PLAY = ("Sin estudios", "Comunicador")  # nothing is read or radioed in play
ONE_HAND = "A 2 manos (a una mano)"  # the label of its CH IMP −1


# -- what a figure carries ---------------------------------------------------------------------


def on_weapon(figure: Figure, weapon: Weapon, name: str) -> bool:
    """The weapon carries the entry ``name`` (its archetype's, or one set on it)."""
    return name in weapon.bonuses or any(
        t.name == name and t.weapon == weapon.id for t in figure.profile.traits
    )


# -- A 2 manos: CH IMP −1 one-handed -----------------------------------------------------------


@hookspecs.check_shifts.impl(order=30, key="constraints")
def _check_shifts(
    state: GameState, figure: Figure, purpose: str, ctx: Context
) -> list[tuple[str, int]]:
    return check_modifiers(figure, purpose, ctx)


def check_modifiers(figure: Figure, purpose: str, ctx: Context) -> list[tuple[str, int]]:
    """A 2 manos wielded with one useful arm: its CH IMP takes −1."""
    weapon = ctx.weapon
    if weapon is None or "IMP" not in check_kinds(purpose):
        return []
    if on_weapon(figure, weapon, TWO_HANDED) and missing_arms(figure) == 1:
        return [(ONE_HAND, -1)]
    return []


# -- refusals ----------------------------------------------------------------------------------


@hookspecs.refusal.impl(order=130, key="constraints")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why the entries of this batch forbid ``action`` (None: they do not)."""
    if action.kind == "comerciar":
        return _untradeable(state, figure, action)
    weapon = action_weapon(figure, action)
    if weapon is not None:
        return (
            _hands(figure, weapon)
            or _mounted(figure, weapon)
            or _crew(state, figure, weapon)
            or _requirement(figure, weapon.id, _weapon_traits(figure, weapon))
        )
    gear = figure.profile.object(action.item) if action.kind == "usar" else None
    if gear is None:
        return None
    if carries(figure, ANIMAL):
        return say("refused.constraints.animal", entry=ANIMAL, figure=figure.id, item=gear.id)
    return _requirement(figure, gear.id, gear.traits)


def _hands(figure: Figure, weapon: Weapon) -> Reason | None:
    if on_weapon(figure, weapon, TWO_HANDED) and missing_arms(figure) >= 2:
        return say(
            "refused.constraints.hands", entry=TWO_HANDED, figure=figure.id, weapon=weapon.id
        )
    return None


def _mounted(figure: Figure, weapon: Weapon) -> Reason | None:
    if not on_weapon(figure, weapon, ENORMOUS) or figure.riding or carries(figure, MEGA_ARMOUR):
        return None
    return say(
        "refused.constraints.mounted",
        entry=ENORMOUS,
        weapon=weapon.id,
        figure=figure.id,
        armour=MEGA_ARMOUR,
    )


def _crew(state: GameState, figure: Figure, weapon: Weapon) -> Reason | None:
    if not on_weapon(figure, weapon, CREWED):
        return None
    if any(_crewman(state, figure, ally) for ally in state.figures.values()):
        return None
    return say("refused.constraints.crew", entry=CREWED, weapon=weapon.id, figure=figure.id)


def _crewman(state: GameState, figure: Figure, ally: Figure) -> bool:
    return (
        ally is not figure
        and ally.side == figure.side
        and not (ally.casualty or ally.removed or ally.panic or ally.aboard)
        and ally.tied is None
        and not possessed(state, ally)
        and holder(state, ally) is None
        and in_contact(figure, ally)
        and not engaged_with(state, ally)
    )


def _weapon_traits(figure: Figure, weapon: Weapon) -> tuple[Trait, ...]:
    return tuple(t for t in figure.profile.traits if t.weapon == weapon.id)


def _requirement(figure: Figure, piece: str, traits: tuple[Trait, ...]) -> Reason | None:
    """Requiere (X): the bearer must carry the entry or the archetype X names."""
    for trait in traits:
        if trait.name == REQUIRES and trait.param and meets(figure, trait.param) is False:
            return say(
                "refused.constraints.requires",
                entry=REQUIRES,
                wanted=trait.param,
                figure=figure.id,
                piece=piece,
            )
    return None


def meets(figure: Figure, wanted: str) -> bool | None:
    """Whether the figure has what Requiere (X) names: None when X names no catalogue
    entry and no archetype it could carry (the players adjudicate)."""
    entry = load_catalog().find(wanted)
    if entry is not None:
        return carries(figure, entry.name)
    key = fold(wanted)
    if key in {fold(a) for a in archetype_ids(figure.profile)}:
        return True
    return None


def archetype_ids(profile: Profile) -> Iterator[str]:
    """The archetypes the engine still knows a profile by."""
    vehicle = (profile.transport.id,) if profile.transport else ()
    yield from chain(
        (profile.race or "",),
        (w.id for w in profile.weapons),
        (p.id for p in profile.protections),
        (m.id for m in profile.metaabilities),
        (g.id for g in profile.gear),
        vehicle,
    )


def _untradeable(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Laborioso: no piece carrying it changes hands by Comerciar (a swap included)."""
    partner = state.figures.get(action.target or "")
    item = action.item
    if partner is None or item is None:
        return None  # Comerciar itself says what is missing
    holders = (figure, partner)
    names = [item]
    if SWAP in item and not any(h.profile.weapon(item) for h in holders):
        names = [part.strip() for part in item.split(SWAP, 1)]
    for name in names:
        for holder_ in holders:
            weapon = holder_.profile.weapon(name)
            if weapon is not None and on_weapon(holder_, weapon, TOILSOME):
                return say("refused.constraints.toilsome", entry=TOILSOME, weapon=weapon.id)
    return None


# -- Perdido: the enemy places it --------------------------------------------------------------


@hookspecs.placed_by.impl(order=10, key="constraints")
def placed_by(reserve: Reserve) -> tuple[str, str] | None:
    """Perdido: the enemy places the reserve that carries it."""
    if any(t.name == LOST for t in reserve.profile.traits):
        return SIDES[1 - SIDES.index(reserve.side)], LOST
    return None
