"""The core of sight: what a figure's senses entries let it see and aim at.

Combat's cover and CdV, the clouds' smoke and the areas' templates read them; the
entries' own reactions (Sentido arácnido) and Meta visión's unveiling stay with the
entry module (entries/senses.py).

- **Meta visión** (``sees_through: INT``): within as many K as its INT (edge to edge)
  obstacles hide nothing from its eyes (:func:`sees_through`, read by
  ``combat.Sight.cover``).  The shot itself still meets the obstacle (the cover of the
  line of fire, from the muzzle).
- **Alcance infinito** (``endless_reach``, on a weapon or the character): no ALC limit
  and no CdV limit on its shots, LdV still needed; out of the CdV the shot strays: only
  a critical CH IMP hits a figure, and a template scatters unless critical
  (:func:`endless`, :func:`astray`).
- **Súper sentidos** (``fine_sight``): the smoke of a cloud does not lower its CH IMP
  (:func:`fine_sight`, read by ``clouds.smoke_modifiers``).
- **Darkness** (the map's ``darkness`` and ``lights``, geometry.darkness): a figure
  standing in the dark has no LdV to it (:func:`hidden_in_dark`, read by
  ``combat.Sight.cover`` as total cover, so shots, charges, reactions and witnesses all
  follow it), unless an entry on the ``sees_in_dark`` hook lets the viewer see it
  (entries/light.py: Radar and Luz on the viewer, Luz on the figure).  A map with no
  darkness pays one attribute read.

Each profile's senses entries are found once and kept (``traits.per_profile``), so the
hot path pays one dictionary look-up for figures without any.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.stats import sight_extra, vol
from wartime.engine.core.traits import carried, per_profile
from wartime.geometry.distance import edge_distance
from wartime.geometry.vision import in_arc, vision_range
from wartime.i18n import say
from wartime.rules.dice import Outcome
from wartime.rules.effects import Sense, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

TIE = 1e-9


@dataclass(frozen=True)
class Senses:
    """A profile's senses entries (read once per profile)."""

    through: tuple[str, str] | None = None  # (entry, attribute): Meta visión
    unveils: frozenset[str] = frozenset()  # enemy entries it ignores
    unveiled_by: tuple[str, ...] = ()  # the entries that ignore them
    spider: tuple[str, str] | None = None  # (entry, attribute): Sentido arácnido
    endless_own: str | None = None  # Alcance infinito on the character: all its weapons
    endless_weapons: frozenset[str] = frozenset()  # weapon ids it sits on
    fine: str | None = None  # Súper sentidos
    dark_sight: str | None = None  # Radar, Luz: it sees figures standing in the dark
    shines: str | None = None  # Luz: it is seen standing in the dark


NONE = Senses()


@per_profile
def senses(figure: Figure) -> Senses:
    """The figure's senses entries (kept per profile unless some are granted)."""
    through = spider = None
    endless_own = fine = dark_sight = shines = None
    unveils: set[str] = set()
    unveiled_by: list[str] = []
    weapons: set[str] = set()
    for trait in carried(figure):
        for effect in effects_of(trait.name, Sense):
            if trait.weapon is not None:
                if effect.endless_reach:
                    weapons.add(trait.weapon)
                continue
            if effect.sees_through:
                through = (trait.name, effect.sees_through)
            if effect.unveils:
                unveils.update(effect.unveils)
                unveiled_by.append(trait.name)
            if effect.spider_sense:
                spider = (trait.name, effect.spider_sense)
            if effect.endless_reach:
                endless_own = trait.name
            if effect.fine_sight:
                fine = trait.name
            if effect.sees_in_dark:
                dark_sight = dark_sight or trait.name
            if effect.seen_in_dark:
                shines = shines or trait.name
    for weapon in figure.profile.weapons:  # an archetype's entries not listed as traits
        if any(e.endless_reach for n in weapon.bonuses for e in effects_of(n, Sense)):
            weapons.add(weapon.id)
    found = Senses(
        through, frozenset(unveils), tuple(unveiled_by), spider, endless_own,
        frozenset(weapons), fine, dark_sight, shines,
    )  # fmt: skip
    return NONE if found == NONE else found


def attribute(figure: Figure, name: str) -> int:
    """The attribute a sense reaches as many K as (VOL as it stands now)."""
    return figure.vol if name == "VOL" else figure.profile.attribute(name)


# -- Meta visión -------------------------------------------------------------------------------


def sees_through(viewer: Figure, distance: float) -> bool:
    """Meta visión: ``distance`` K (edge to edge) is within its INT, so nothing hides."""
    through = senses(viewer).through
    return through is not None and distance <= attribute(viewer, through[1]) + TIE


# -- Alcance infinito --------------------------------------------------------------------------


def endless(figure: Figure, weapon: Weapon | None) -> str | None:
    """Alcance infinito: the entry, when ``weapon`` (a ranged one) has no ALC limit."""
    if weapon is None or weapon.alc <= 0:
        return None
    found = senses(figure)
    if found is NONE:
        return None
    if weapon.id in found.endless_weapons:
        return "Alcance infinito"
    return found.endless_own


def astray(
    figure: Figure, weapon: Weapon, in_vision: bool, outcome: Outcome
) -> tuple[Outcome, list[Event]]:
    """Alcance infinito out of the CdV: a CH IMP that is not a critical misses."""
    name = endless(figure, weapon)
    if name is None or in_vision or outcome is Outcome.CRITICAL or not outcome.passed:
        return outcome, []
    text = say("log.sight.astray", entry=name, figure=figure.id)
    return Outcome.FAIL, [Event("astray", text, {"figure": figure.id, "entry": name})]


# -- Súper sentidos ----------------------------------------------------------------------------


def fine_sight(figure: Figure) -> str | None:
    """Súper sentidos: thin things in the way (smoke) do not hinder its aim."""
    return senses(figure).fine


# -- Darkness and light -------------------------------------------------------------------------


def in_the_dark(state: GameState, figure: Figure, at: Point | None = None) -> bool:
    """``figure`` (standing ``at``, else where it stands) is wholly in the map's darkness
    and no light reaches it."""
    shade = state.world.shade
    spot = figure.position if at is None else at
    return shade is not None and shade.dark(spot, figure.radius)


def hidden_in_dark(
    state: GameState, viewer: Figure, target: Figure, at: Point | None = None
) -> bool:
    """The darkness hides ``target`` (standing ``at``, else where it stands) from
    ``viewer``: no LdV.  Not when an entry answers ``sees_in_dark`` (Luz, Radar)."""
    if state.world.shade is None or not in_the_dark(state, target, at):
        return False
    return hookspecs.sees_in_dark.first(viewer, target) is None


# -- Invisible (entries/invisible.py) ----------------------------------------------------------

INVISIBLE = "Invisible"


def unseen(state: GameState, viewer: Figure, target: Figure) -> bool:
    """``target`` is invisible to ``viewer`` (Invisible): an enemy, with no entry that
    ignores it (Radar).  Its own side knows where it is."""
    return (
        target.id in state.invisible
        and viewer.side != target.side
        and INVISIBLE not in senses(viewer).unveils
    )


def in_vision(state: GameState, viewer: Figure, target: Figure) -> bool:
    """``target`` is within ``viewer``'s CdV: in its 180° arc and within its reach."""
    gap = edge_distance(viewer.position, viewer.radius, target.position, target.radius)
    arc = in_arc(viewer.position, viewer.facing, target.position, target.radius)
    return arc and gap <= vision_range(vol(state, viewer)) + sight_extra(viewer)  # Líder...
