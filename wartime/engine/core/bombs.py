"""Leaving a bomb on the table (BONUS Y MALUS: Área de activación, Bomba autónoma).

A weapon dropped with Soltar (ACCIONES GENÉRICAS: "una bomba o similar") or an object
used with Usar that carries Área de activación is left on the table, at the bearer's
centre or at a point of its base (``Action.point``), and kept in ``GameState.mines``.
Two action families leave one (generic's Soltar, gear's Usar), so what makes a bomb and
how it is laid is core; setting it off is the entry's (entries/mines.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wartime.board.shapes import Point
from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.profiles import Gear, Weapon
from wartime.errors import IllegalActionError
from wartime.geometry.distance import point_to_base
from wartime.i18n import say
from wartime.rules.effects import Trap, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

AREA = "Área"
TOUCH = 1e-6  # K: a base exactly at the bomb's reach has come within it
_PLACES = 3  # decimals kept of a bomb's point (its state and its hash)


@dataclass(frozen=True)
class Mine:
    """A bomb lying on the table."""

    entry: str  # the catalogue entry that makes it one (Bomba autónoma over the other)
    item: str  # the weapon or object it was
    owner: str  # who left it
    point: Point
    level: int  # the movement height it lies at
    reach: float  # its ALC: how near a base must come to set it off
    blast: str | None  # the shape of its Área entry, or None
    damage: int
    homing: float = 0.0  # Bomba autónoma: how far it leaps at who set it off (0: it does not)
    waits_for: str | None = None  # armed once this Pj's activation is over (None: armed)
    inside: tuple[str, ...] = ()  # figures already within its reach (they set nothing off)

    def snapshot(self) -> tuple[Any, ...]:
        return (self.entry, self.item, self.owner, list(self.point), self.level,
                self.reach, self.blast, self.damage, self.homing, self.waits_for,
                list(self.inside))  # fmt: skip


# -- what makes a bomb ------------------------------------------------------------------------


def _traits(names: list[str]) -> tuple[str | None, float]:
    """(the entry that makes it a bomb, the K Bomba autónoma leaps), or (None, 0)."""
    found = [(n, e) for n in names for e in effects_of(n, Trap) if e.tripwire or e.homing]
    if not found:
        return None, 0.0
    homing = max((e.homing or 0.0 for _, e in found), default=0.0)
    entry = next((n for n, e in found if e.homing), found[0][0])
    return entry, homing


def weapon_bomb(weapon: Weapon) -> bool:
    """A weapon that stays armed on the table when dropped (Área de activación)."""
    return _traits(list(weapon.bonuses))[0] is not None


def gear_bomb(gear: Gear) -> bool:
    """An object that stays armed on the table when used (Área de activación)."""
    return _traits([t.name for t in gear.traits])[0] is not None


# -- leaving one -----------------------------------------------------------------------------


def spot(figure: Figure, action: Action) -> Point:
    """Where the bomb is left: the Pj's centre, or ``Action.point`` within its base."""
    if action.point is None:
        return figure.position
    if point_to_base(action.point, figure.position, figure.radius) > TOUCH:
        raise IllegalActionError(say("refused.bombs.reach", figure=figure.id))
    return action.point


def dropped(state: GameState, figure: Figure, weapon: Weapon, where: Point) -> list[Event]:
    """Soltar of a weapon with Área de activación: it lies armed where it fell."""
    entry, homing = _traits(list(weapon.bonuses))
    assert entry is not None
    damage = max(1, weapon.dan - figure.weapon_wounds.get(weapon.id, 0))
    return _leave(state, figure, weapon.id, entry, homing, where, weapon.alc, weapon.area, damage)


def used(state: GameState, figure: Figure, gear: Gear, where: Point) -> list[Event]:
    """Usar of an object with Área de activación: it is left on the table, its CAL as DAÑ."""
    entry, homing = _traits([t.name for t in gear.traits])
    assert entry is not None
    shape = next((t.param for t in gear.traits if t.name == AREA), None)
    return _leave(state, figure, gear.id, entry, homing, where, gear.alc, shape, gear.cal)


def _leave(
    state: GameState, figure: Figure, item: str, entry: str, homing: float, where: Point,
    reach: int, shape: str | None, damage: int,
) -> list[Event]:  # fmt: skip
    point = (round(where[0], _PLACES), round(where[1], _PLACES))
    waits = state.active or figure.id
    mine = Mine(entry, item, figure.id, point, figure.level, float(reach), shape, damage,
                homing, waits)  # fmt: skip
    state.mines = (*state.mines, mine)
    text = say(
        "log.bombs.laid", entry=entry, figure=figure.id, item=item, x=point[0], y=point[1],
        waits=waits, reach=reach, damage=damage,
    )  # fmt: skip
    data = {"figure": figure.id, "item": item, "entry": entry, "point": list(point),
            "reach": reach, "damage": damage}  # fmt: skip
    return [Event("mine_laid", text, data)]
