"""Golpe de los dioses (BONUS Y MALUS): an area weapon that strikes from the sky.

- ``godstrike`` on a weapon (that weapon) or on the character (all its area weapons):
  the weapon may be aimed at any point of the table within its ALC that is in the open,
  in any direction and without LdV: neither the CdV arc nor VOL×5 binds such an aim.
  The maps have no roofs: "in the open" is any point outside every obstacle's
  footprint (the obstacles are buildings nobody stands in); a point inside one is
  refused.  A point on an outline still counts as open (the street side of the wall).
- Only aims the usual rules refuse rely on it (actions/areas.py asks here once a point
  is out of the CdV); an aim the usual rules allow plays as usual.
- The entry carries the tag Dispersión: a shot aimed through it scatters on any CH IMP
  but a critical, 1D10 K per 20 K to the aim, as a shot without LdV (areas.py), with
  Munición estabilizadora, Corrector de puntería and Faro as for any scatter.

See docs/rules-interpretations.md, "Senses and far sight".
"""

from __future__ import annotations

from dataclasses import dataclass

import shapely

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried, per_profile
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.effects import Fate, effects_of

GODSTRIKE = "Golpe de los dioses"


@dataclass(frozen=True)
class Strikes:
    """A profile's Golpe de los dioses: on the character, or on some of its weapons."""

    own: str | None = None  # the entry, on the character: all its area weapons
    weapons: tuple[tuple[str, str], ...] = ()  # (weapon id, entry) it sits on


NONE = Strikes()


@per_profile
def strikes(figure: Figure) -> Strikes:
    """The figure's Golpe de los dioses entries (kept per profile unless granted)."""
    own = None
    weapons: list[tuple[str, str]] = []
    for trait in carried(figure):
        if not any(e.godstrike for e in effects_of(trait.name, Fate)):
            continue
        if trait.weapon is None:
            own = trait.name
        else:
            weapons.append((trait.weapon, trait.name))
    for weapon in figure.profile.weapons:  # an archetype's entries not listed as traits
        for name in weapon.bonuses:
            if any(e.godstrike for e in effects_of(name, Fate)):
                weapons.append((weapon.id, name))
    found = Strikes(own, tuple(weapons))
    return NONE if found == NONE else found


@hookspecs.far_strike.impl(order=10, key="godstrike")
def entry(figure: Figure, weapon: Weapon) -> str | None:
    """The entry that lets ``weapon`` strike from afar, if any (an area weapon only)."""
    found = strikes(figure)
    if found is NONE or not weapon.area:
        return None
    on_weapon = next((name for wid, name in found.weapons if wid == weapon.id), None)
    return on_weapon or found.own


@hookspecs.far_strike_aimed.impl(order=10, key="godstrike")
def check(state: GameState, figure: Figure, weapon: Weapon, point: Point, distance: float,
          name: str) -> None:  # fmt: skip
    """Refuse an aim through ``name`` beyond ALC or at a point inside an obstacle."""
    if distance > weapon.alc:
        raise IllegalActionError(
            say(
                "refused.godstrike.range",
                entry=name,
                distance=distance,
                weapon=weapon.id,
                alc=weapon.alc,
            )
        )
    spot = shapely.Point(point)
    for index, obstacle in enumerate(state.scenario.battlefield.obstacles):
        if shapely.Polygon(obstacle.polygon).contains(spot):
            label = obstacle.id or f"obstacles[{index}]"
            raise IllegalActionError(
                say("refused.godstrike.obstacle", entry=name, x=point[0], y=point[1], id=label)
            )
