"""Clouds and lasting areas (BONUS Y MALUS): Humo, Humo denso, Área permanente and
Munición radiactiva.

What stays on the table after an area attack is kept in ``GameState.clouds``:

- Humo / Humo denso (``smoke``): each template of the weapon leaves a cloud as many K
  across as the entry says (2 K, 4 K), centred where the template lands (an R's centre;
  the point of an L or G nearest its aim).  It lasts through the turn after the one it
  was laid in.  A ranged CH IMP whose line of fire starts in, ends in or crosses a
  cloud, or whose shooter's or target's base touches one, takes the cloud's modifier
  (``smoke_imp``); several clouds do not add up, the worst one counts.  A weapon whose
  profile has DAÑ 0 only lays the smoke: nobody is hit.
- Área permanente (``lasting_area``): a template that reaches somebody stays where it
  landed for the rest of the game, with the weapon's DAÑ.
- Munición radiactiva (``fallout``): a hit that wounds or kills leaves an R template as
  many K across (R3) with the weapon's DAÑ where the target stood, for the rest of the
  game.
- A lasting area hits each figure that starts an activation touching it (at its
  level): the whole DAÑ wholly inside, half (rounded half up) partly inside, with the
  figure's CH DEF and no cover, as a fire's hit: nobody strikes it.

The data is ``data/effects/clouds.yaml``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import shapely

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.combat import defend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.sight import fine_sight
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import Message, say
from wartime.rules.dice import round_half_up
from wartime.rules.effects import Cloud as CloudEffect

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow, Landing
    from wartime.geometry.templates import Template

SMOKE, LASTING = "smoke", "lasting"
SMOKE_TURNS = 1  # a cloud stays through this many turns after the one it was laid in
_SEGMENTS = 16  # per quarter circle, for the clouds' disks
_PRECISION = 4  # decimals kept of a cloud's outline (its state and its hash)


@dataclass(frozen=True)
class Cloud:
    """Something an area attack left on the table: smoke, or a lasting area."""

    kind: str  # SMOKE or LASTING
    entry: str  # the catalogue entry that laid it
    owner: str  # the figure whose attack laid it
    outline: str  # its area, as WKT
    level: int  # the movement height it lies at
    imp: int = 0  # smoke: the CH IMP modifier of shots into, out of or across it
    damage: int = 0  # a lasting area: the DAÑ of its hit
    until: int | None = None  # the last turn it stays (None: the rest of the game)

    @property
    def area(self) -> shapely.Geometry:
        return _geometry(self.outline)

    @property
    def centre(self) -> Point:
        c = shapely.centroid(self.area)
        return (float(c.x), float(c.y))

    def snapshot(self) -> tuple[Any, ...]:
        return (self.kind, self.entry, self.owner, self.outline, self.level, self.imp,
                self.damage, self.until)  # fmt: skip


@functools.lru_cache(maxsize=256)
def _geometry(outline: str) -> shapely.Geometry:
    return shapely.from_wkt(outline)


def _outline(area: shapely.Geometry) -> str:
    return str(shapely.to_wkt(area, rounding_precision=_PRECISION))


def _disk(centre: Point, across: float) -> shapely.Geometry:
    return shapely.Point(centre).buffer(across / 2, quad_segs=_SEGMENTS)


def _base(figure: Figure) -> shapely.Geometry:
    return shapely.Point(figure.position).buffer(figure.radius, quad_segs=_SEGMENTS)


# -- laying them ------------------------------------------------------------------------------


def smoke_of(figure: Figure, weapon: Weapon) -> tuple[str, float, int] | None:
    """The weapon's smoke (on it, or on its bearer): (entry, K across, CH IMP), or None."""
    found = [
        (t.name, e.smoke, e.smoke_imp)
        for t, e in entries_of(figure, weapon, CloudEffect)
        if e.smoke
    ]
    return min(found, key=lambda s: s[2]) if found else None


@hookspecs.hits_nobody.impl(order=10, key="clouds")
def smoke_only(figure: Figure, weapon: Weapon) -> bool:
    """A smoke weapon with DAÑ 0 in its profile: it lays the cloud and hits nobody."""
    return weapon.dan <= 0 and smoke_of(figure, weapon) is not None


@hookspecs.template_laid.impl(order=10, key="clouds")
def laid(
    state: GameState, figure: Figure, weapon: Weapon, template: Template, aim: Point,
    level: int, reached: bool, damage: int,
) -> list[Event]:  # fmt: skip
    """A template of ``weapon`` landed: its smoke, and (if it ``reached`` somebody) the
    area that stays with Área permanente."""
    events: list[Event] = []
    smoke = smoke_of(figure, weapon)
    if smoke is not None:
        entry, across, imp = smoke
        centre = _landing(template, aim)
        until = state.turn + SMOKE_TURNS
        cloud = Cloud(SMOKE, entry, figure.id, _outline(_disk(centre, across)), level, imp=imp,
                      until=until)  # fmt: skip
        text = say(
            "log.clouds.smoke", entry=entry, across=across, x=centre[0], y=centre[1], imp=imp,
            until=until,
        )  # fmt: skip
        events.append(_add(state, cloud, text))
    lasting = next(
        (t.name for t, e in entries_of(figure, weapon, CloudEffect) if e.lasting_area), None
    )
    if lasting is not None and reached and damage > 0:
        cloud = Cloud(LASTING, lasting, figure.id, _outline(template.area), level, damage=damage)
        origin = template.origin
        text = say(
            "log.clouds.lasting", entry=lasting, shape=template.shape, figure=figure.id,
            x=origin[0], y=origin[1], damage=damage,
        )  # fmt: skip
        events.append(_add(state, cloud, text))
    return events


def _landing(template: Template, aim: Point) -> Point:
    """Where a cloud is centred: an R's centre; for an L or G, its point nearest the aim."""
    if template.circle is not None:
        return template.circle[0]
    x, y = shapely.get_coordinates(shapely.shortest_line(template.area, shapely.Point(aim)))[0]
    return (float(x), float(y))


def fallout(
    state: GameState, target: Figure, blow: Blow, where: Point, wounded: bool
) -> list[Event]:
    """Munición radiactiva: ``blow`` wounded or took out ``target``, hit at ``where``."""
    found = next(((t.name, e.fallout)
                  for t, e in entries_of(blow.striker, blow.weapon, CloudEffect)
                  if e.fallout), None)  # fmt: skip
    if found is None or not wounded or blow.weapon is None:
        return []
    entry, across = found
    weapon = blow.weapon
    damage = max(1, weapon.dan - blow.striker.weapon_wounds.get(weapon.id, 0))
    cloud = Cloud(LASTING, entry, blow.striker.id, _outline(_disk(where, across)),
                  target.level, damage=damage)  # fmt: skip
    text = say(
        "log.clouds.fallout", entry=entry, across=across, damage=damage, x=where[0], y=where[1]
    )
    return [_add(state, cloud, text)]


def _add(state: GameState, cloud: Cloud, text: Message) -> Event:
    state.clouds = (*state.clouds, cloud)
    data = {"kind": cloud.kind, "entry": cloud.entry, "figure": cloud.owner,
            "centre": list(cloud.centre), "damage": cloud.damage, "imp": cloud.imp,
            "until": cloud.until}  # fmt: skip
    return Event("cloud", text, data)


# -- what they do -----------------------------------------------------------------------------


@hookspecs.point_shifts.impl(order=10, key="clouds")
def smoke_modifiers(
    state: GameState, shooter: Figure, end: Point, target: Figure | None = None
) -> list[tuple[str, int]]:
    """Humo: the worst cloud the line of fire from ``shooter`` to ``end`` meets."""
    smokes = [c for c in state.clouds if c.kind == SMOKE]
    if not smokes or fine_sight(shooter):  # Súper sentidos: smoke does not hinder it
        return []
    start = shooter.position
    line = shapely.LineString([start, end]) if start != end else shapely.Point(start)
    levels = {shooter.level, *([target.level] if target is not None else [])}
    ends = [_base(shooter), *([_base(target)] if target is not None else [])]
    met = [
        c
        for c in smokes
        if c.level in levels
        and (shapely.intersects(line, c.area) or any(shapely.intersects(b, c.area) for b in ends))
    ]
    if not met:
        return []
    worst = min(met, key=lambda c: c.imp)
    return [(worst.entry.lower(), worst.imp)]


@hookspecs.check_shifts.impl(order=40, key="clouds")
def shot_shifts(
    state: GameState, who: Figure, purpose: str, ctx: Context | None
) -> list[tuple[str, int]]:
    """The smoke's modifier on a ranged CH IMP at a figure (cheap when there is no smoke)."""
    if not state.clouds or purpose != "CH IMP" or ctx is None or ctx.melee is not False:
        return []
    if ctx.against is None:
        return []  # an area shot at a point adds its own (actions/areas.py)
    return smoke_modifiers(state, who, ctx.against.position, ctx.against)


@hookspecs.activation_starts.impl(order=100, key="clouds")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """A lasting area hits the figure that starts its activation touching it."""
    if figure.casualty or not figure.on_table:
        return []

    events: list[Event] = []
    base = _base(figure)
    for cloud in state.clouds:
        if cloud.kind != LASTING or cloud.level != figure.level or figure.casualty:
            continue
        if not shapely.intersects(base, cloud.area):
            continue
        full = bool(shapely.contains(shapely.buffer(cloud.area, 1e-6), base))
        dealt = cloud.damage if full else round_half_up(Fraction(cloud.damage, 2))
        how = say("phrase.clouds.full") if full else say("phrase.clouds.partly")
        text = say(
            "log.clouds.lasting_hit", figure=figure.id, entry=cloud.entry, how=how, damage=dealt
        )
        data = {"figure": figure.id, "entry": cloud.entry, "damage": dealt,
                "covered": "full" if full else "partial"}  # fmt: skip
        events.append(Event("lasting_hit", text, data))
        events += defend(state, figure, dealt, "none", attacker=None, source=cloud.centre)
    return events


@hookspecs.turn_starts.impl(order=20, key="clouds")
def turn_starts(state: GameState) -> list[Event]:
    """A new turn: the smoke laid two turns ago is gone."""
    gone = [c for c in state.clouds if c.until is not None and c.until < state.turn]
    if not gone:
        return []
    state.clouds = tuple(c for c in state.clouds if c not in gone)
    return [
        Event("cloud_gone", say("log.clouds.gone", figure=c.owner, entry=c.entry),
              {"entry": c.entry, "figure": c.owner, "centre": list(c.centre)})
        for c in gone
    ]  # fmt: skip


@hookspecs.landed.impl(order=20, key="clouds")
def _fallout(state: GameState, target: Figure, landing: Landing) -> list[Event]:
    """Munición radiactiva, once the CH DEF against its hit is over."""
    wounded = target.hurt > landing.hurt_before
    return fallout(state, target, landing.blow, landing.where, wounded)
