"""Bombs left on the table (BONUS Y MALUS): Área de activación and Bomba autónoma.

A weapon dropped with Soltar (ACCIONES GENÉRICAS: "una bomba o similar", X = its ENE),
or an object used with Usar, that carries Área de activación (or Bomba autónoma, which
needs it) is left on the table, at the bearer's centre or at a point of its base
(``Action.point``), and is kept in ``GameState.mines`` (hashed only when there is one):

- It is armed once the Pj that was acting when it was left ends its activation.  A
  figure standing within its reach then does not set it off: the entry speaks of a
  figure coming in, so one already there must step out and come back.
- After every action (and every step of the sequence that checks for the end of the
  game), the first figure that has come within its ALC in K (edge of the base to the
  point, at the bomb's height), friend or foe, its owner too, sets it off; the nearest
  one if several came in at once.
- The blast is the piece's Área template (an R centred on the bomb; an L or G laid
  from the bomb toward that figure), or, with no Área (or an S), every base within its
  ALC: an R twice its ALC across (at least 1 K).  Bomba autónoma first leaps at the
  figure that set it off when it is 5 K or less away (to its base edge) and bursts
  centred on it; farther off it bursts where it lies.
- DAÑ: a weapon's DAÑ (less its wounds, at least 1); an object, which has no DAÑ, its
  CAL.  A base wholly inside takes the whole DAÑ, one partly inside half (rounded half
  up), each with its CH DEF, no cover (it goes off at their feet, as Bomba viviente)
  and nobody striking: the owner's entries do not ride on it.

The data is ``data/effects/mines.yaml`` (``tripwire``, ``homing``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from wartime.board.shapes import Disc, Point
from wartime.engine.actions import Action
from wartime.engine.areas import caught
from wartime.engine.combat import defend
from wartime.engine.core import hookspecs
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.profiles import Gear, Weapon
from wartime.errors import IllegalActionError
from wartime.geometry.distance import center_distance, point_to_base
from wartime.geometry.templates import Template, make_template
from wartime.rules.dice import round_half_up
from wartime.rules.effects import load_effects
from wartime.rules.tables import parse_shape

if TYPE_CHECKING:
    from wartime.engine.state import GameState

AREA = "Área"
_TOUCH = 1e-6  # K: a base exactly at the bomb's reach has come within it
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
    effects = load_effects()
    found = [(n, e) for n in names for e in effects.get(n, ()) if e.tripwire or e.homing]
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
    if point_to_base(action.point, figure.position, figure.radius) > _TOUCH:
        raise IllegalActionError(f"{figure.id} can only leave it within reach of its own base")
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
    text = (
        f"{entry}: {figure.id} deja {item} en ({point[0]:.1f}, {point[1]:.1f}); "
        f"queda armado al acabar la actuación de {waits} (a {reach} K, DAÑ {damage})"
    )
    data = {"figure": figure.id, "item": item, "entry": entry, "point": list(point),
            "reach": reach, "damage": damage}  # fmt: skip
    return [Event("mine_laid", text, data)]


# -- setting them off ------------------------------------------------------------------------


def _near(state: GameState, mine: Mine) -> list[Figure]:
    return [
        f
        for f in state.figures.values()
        if f.present
        and f.level == mine.level
        and point_to_base(mine.point, f.position, f.radius) <= mine.reach + _TOUCH
    ]


@hookspecs.after_action.impl(order=10, key="mines")
def after_action(state: GameState) -> list[Event]:
    """Arm the bombs whose Pj's activation is over; set off those a figure came near."""
    if not state.mines:
        return []
    events: list[Event] = []
    for mine in state.mines:
        if mine not in state.mines:  # gone off already in this pass
            continue
        near = _near(state, mine)
        ids = tuple(sorted(f.id for f in near))
        if mine.waits_for is not None:
            if state.active == mine.waits_for:
                continue
            _swap(state, mine, replace(mine, waits_for=None, inside=ids))
            text = f"{mine.item} de {mine.owner} queda armado ({mine.entry})"
            events.append(Event("mine_armed", text, {"figure": mine.owner, "item": mine.item}))
            continue
        newcomers = [f for f in near if f.id not in mine.inside]
        if not newcomers:
            if ids != mine.inside:
                _swap(state, mine, replace(mine, inside=ids))  # who stepped out may come back
            continue
        trigger = min(newcomers, key=lambda f: (_gap(mine, f), f.id))
        events += _go_off(state, mine, trigger)
    return events


def _gap(mine: Mine, figure: Figure) -> float:
    return point_to_base(mine.point, figure.position, figure.radius)


def _swap(state: GameState, old: Mine, new: Mine) -> None:
    state.mines = tuple(new if m is old else m for m in state.mines)


def _go_off(state: GameState, mine: Mine, trigger: Figure) -> list[Event]:
    state.mines = tuple(m for m in state.mines if m is not mine)
    gap = _gap(mine, trigger)
    leaps = mine.homing > 0 and gap <= mine.homing + _TOUCH
    centre = trigger.position if leaps else mine.point
    how = f"se lanza contra {trigger.id} y estalla" if leaps else "estalla"
    events = [
        Event(
            "mine_blast",
            f"{trigger.id} llega a {gap:.1f} K de {mine.item} de {mine.owner}: {how}",
            {"figure": mine.owner, "item": mine.item, "trigger": trigger.id,
             "leaps": leaps, "centre": list(centre)},
        )
    ]  # fmt: skip
    template = _template(state, mine, centre, trigger)
    covered, hit, event = caught(state, template, mine.level)
    origin = template.origin
    events.append(event)
    for target in hit:
        if target.casualty:
            continue
        full = target.id in covered.full
        dealt = mine.damage if full else round_half_up(Fraction(mine.damage, 2))
        text = (
            f"La explosión alcanza {'de lleno' if full else 'en parte'} a {target.id} (DAÑ {dealt})"
        )
        detail = {"figure": mine.owner, "target": target.id, "damage": dealt,
                  "covered": "full" if full else "partial", "cover": "none"}  # fmt: skip
        events.append(Event("hit", text, detail))
        events += defend(state, target, dealt, "none", None, source=origin)
    return events


def _template(state: GameState, mine: Mine, centre: Point, trigger: Figure) -> Template:
    """The blast: the Área shape (R on ``centre``; L, G from the bomb toward the figure),
    or every base within its ALC."""
    parsed = parse_shape(mine.blast) if mine.blast else None
    if parsed is None or parsed.kind == "S":
        return make_template(f"R{max(1.0, 2 * mine.reach):g}", centre)
    if parsed.kind == "R":
        return make_template(mine.blast or "", centre)
    aim = trigger.position
    if center_distance(aim, mine.point) == 0:
        aim = (mine.point[0] + 1.0, mine.point[1])  # no direction: it points along x
    bomb = Disc(mine.item, mine.point, 0.0)
    return make_template(mine.blast or "", aim, bomb, state.scenario.ruleset.line_width)
