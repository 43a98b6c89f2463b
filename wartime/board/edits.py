"""The map editor's pure core: every edit is a function from one battlefield to the next.

No pygame here (DESIGN.md §2): the editor mode in ``wartime/ui`` calls these
functions (directly, or through the tools' commands in
:mod:`wartime.board.commands`) and keeps the values in a :class:`History`.  An element is named by
the same key the renderer uses: its id, else its place in the map file
(``walls[3]``, ``obstacles[0]``, ``terrain[2]``, ``deployment[1]``); units by
their id.  An edit that cannot be made raises :class:`EditError` whose message
says why in words a map designer understands (the UI translates it).

Units are kept clear while they are placed, moved or changed: never off the
table, never overlapping a base at their level, never standing in a wall or an
obstacle (level 1 only: flyers and tunnellers pass over and under buildings),
with the same rules the map loader checks (``board.validation``).  Walls,
obstacles and zones may be drawn anywhere; what that breaks shows up in
:func:`problems`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

import shapely

from wartime.board.battlefield import (
    LEVELS,
    SIDES,
    Battlefield,
    Darkness,
    Deployment,
    Light,
    Obstacle,
    Posture,
    Terrain,
    TerrainKind,
    Throwable,
    ThrowSize,
    Unit,
    Wall,
)
from wartime.board.history import History, autosave, clear_autosave, recover
from wartime.board.shapes import Point, Solid
from wartime.board.validation import battlefield_problems, thing_name
from wartime.errors import DataError, ReasonError
from wartime.formats.document import parse_document
from wartime.formats.map import (
    A_POLYGON,
    A_WALL,
    ABOVE_0,
    MAX_POINTS,
    MAX_TABLE_K,
    MAX_UNITS,
    MAX_VERTICES,
    NOISE_RULE,
    POSTURE,
    SIDE,
    SIZE,
    TERRAIN_KIND,
    ZERO_OR_MORE,
    dump_map,
    parse_map,
    too_many_points,
    too_many_units,
    too_many_vertices,
)
from wartime.i18n import Message, Reason, say

__all__ = [
    "KINDS",
    "EditError",
    "History",
    "add_darkness",
    "add_deployment",
    "add_light",
    "add_obstacle",
    "add_terrain",
    "add_throwable",
    "add_unit",
    "add_wall",
    "autosave",
    "can_save",
    "clear_autosave",
    "delete",
    "duplicate",
    "find",
    "insert_vertex",
    "key_of",
    "move",
    "move_vertex",
    "problems",
    "recover",
    "remove_vertex",
    "rotate",
    "set_map_property",
    "set_property",
    "snap",
]

KINDS = ("walls", "obstacles", "terrain", "deployment", "units", "throwables", "darkness", "lights")
PROPERTIES: dict[str, tuple[str, ...]] = {
    "walls": ("id", "height", "def", "thickness"),
    "obstacles": ("id", "height", "def"),
    "terrain": ("id", "kind"),
    "deployment": ("side",),
    "units": ("id", "side", "facing", "posture", "level", "base", "height", "vol", "character"),
    "throwables": ("id", "size"),
    "darkness": ("id",),
    "lights": ("id", "radius"),
}
_TOUCH = 1e-6  # K: bases may touch; only real penetration is an overlap (as in validation)
_PATH = re.compile(
    r"^(walls|obstacles|terrain|deployment|units|throwables|darkness|lights)\[(\d+)\]"
)
_NAMES = {  # each kind of element, bare: "there is no wall number 3"
    "walls": say("phrase.edits.wall"),
    "obstacles": say("phrase.edits.obstacle"),
    "terrain": say("phrase.edits.terrain_area"),
    "deployment": say("phrase.edits.deployment_zone"),
    "units": say("phrase.edits.unit"),
    "throwables": say("phrase.edits.throwable"),
    "darkness": say("phrase.edits.dark_area"),
    "lights": say("phrase.edits.light"),
}
_A_NAMES = {  # and with its article: "a wall has no property 'kind'"
    "walls": A_WALL,
    "obstacles": say("phrase.edits.a_obstacle"),
    "terrain": say("phrase.edits.a_terrain_area"),
    "deployment": say("phrase.edits.a_deployment_zone"),
    "units": say("phrase.edits.a_unit"),
    "throwables": say("phrase.edits.a_throwable"),
    "darkness": say("phrase.edits.a_dark_area"),
    "lights": say("phrase.edits.a_light"),
}
# What a checked value is for, by the name the code gives it ("height" in
# ``_measure(value, "height")``), as the refusal words it.
_WHAT = {
    "height": say("phrase.edits.height"),
    "thickness": say("phrase.edits.thickness"),
    "base": say("phrase.edits.base"),
    "facing": say("phrase.edits.facing"),
    "level": say("phrase.edits.level"),
    "DEF": say("phrase.edits.def"),
    "VOL": say("phrase.edits.vol"),
    "x": say("phrase.edits.x"),
    "y": say("phrase.edits.y"),
    "radius": say("phrase.edits.radius"),
    "move across": say("phrase.edits.move_across"),
    "move along": say("phrase.edits.move_along"),
    "angle": say("phrase.edits.angle"),
    "offset across": say("phrase.edits.offset_across"),
    "offset along": say("phrase.edits.offset_along"),
    "grid step": say("phrase.edits.grid_step"),
    "table width": say("phrase.edits.table_width"),
    "table height": say("phrase.edits.table_height"),
    "point": say("phrase.edits.a_point"),
    "position": say("phrase.edits.a_position"),
    "wall": A_WALL,
    "obstacle": say("phrase.edits.an_obstacle"),
    "terrain area": say("phrase.edits.a_terrain_area"),
    "deployment zone": say("phrase.edits.a_deployment_zone"),
    "dark area": say("phrase.edits.a_dark_area"),
}
_CHOICES = {  # what a choice is of
    "terrain kind": TERRAIN_KIND,
    "side": SIDE,
    "posture": POSTURE,
    "noise rule": NOISE_RULE,
    "size": SIZE,
}
_NAMED = ("walls", "obstacles", "terrain", "darkness", "lights")  # features with an optional id

Element = Wall | Obstacle | Terrain | Deployment | Unit | Throwable | Darkness | Light
_T = TypeVar("_T")


def _copy(value: _T, **changes: Any) -> _T:
    """``dataclasses.replace`` for changes named at run time."""
    return cast(_T, replace(cast(Any, value), **changes))


class EditError(ReasonError):
    """An edit refused; its reason says why, for a map designer: ``str()`` in English,
    :meth:`text` in the language of the moment (see :class:`~wartime.errors.ReasonError`)."""


# -- naming elements -----------------------------------------------------------


def _items(field: Battlefield, kind: str) -> tuple[Element, ...]:
    if kind not in KINDS:
        raise EditError(say("refused.edits.unknown_kind", kind=kind, allowed=", ".join(KINDS)))
    items: tuple[Element, ...] = getattr(field, kind)
    return items


def key_of(field: Battlefield, kind: str, index: int) -> str:
    """The key of the ``index``-th element of ``kind``: its id, else its path."""
    items = _items(field, kind)
    if not 0 <= index < len(items):
        name, count = _NAMES[kind], len(items)
        raise EditError(say("refused.edits.no_number", name=name, n=index + 1, count=count))
    item = items[index]
    ident = getattr(item, "id", None)
    return ident if ident else f"{kind}[{index}]"


def find(field: Battlefield, key: str) -> tuple[str, int]:
    """The (kind, index) an element key names; ids win over paths."""
    for kind in (*_NAMED, "units", "throwables"):
        for index, item in enumerate(_items(field, kind)):
            if getattr(item, "id", None) == key:
                return kind, index
    match = _PATH.fullmatch(key)
    if match and int(match[2]) < len(_items(field, match[1])):
        return match[1], int(match[2])
    raise EditError(say("refused.edits.nothing_called", key=key))


def _ids(field: Battlefield) -> set[str]:
    """Every id in use: features and units share one namespace, as in the map file."""
    out = {u.id for u in field.units} | {t.id for t in field.throwables}
    for kind in _NAMED:
        out |= {i for i in (getattr(x, "id", None) for x in _items(field, kind)) if i}
    return out


def _check_new_id(field: Battlefield, ident: str | None, *, optional: bool) -> str | None:
    if ident is None and optional:
        return None
    if not isinstance(ident, str) or not ident.strip():
        raise EditError(say("refused.edits.bad_id", value=repr(ident)))
    if ident in _ids(field):
        raise EditError(say("refused.edits.id_used", id=ident))
    if _PATH.fullmatch(ident):
        raise EditError(say("refused.edits.id_path", id=ident))
    return ident


def _fresh_id(base: str, taken: set[str]) -> str:
    stem = re.sub(r"-\d+$", "", base) or base
    n = 2
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def _with(field: Battlefield, kind: str, items: Sequence[Element]) -> Battlefield:
    return _copy(field, **{kind: tuple(items)})


# -- checked values ------------------------------------------------------------


def _number(value: object, what: str) -> float:
    """A finite number; text typed into a field is read as a number too.  ``what`` names
    the value for the refusal (a key of ``_WHAT``)."""
    if isinstance(value, bool):
        raise EditError(say("refused.edits.not_number", what=_WHAT[what], value=repr(value)))
    if isinstance(value, str):
        try:
            value = float(value.strip().replace(",", "."))
        except ValueError:
            refused = say("refused.edits.not_number", what=_WHAT[what], value=repr(value))
            raise EditError(refused) from None
    if not isinstance(value, int | float):
        raise EditError(say("refused.edits.not_number", what=_WHAT[what], value=repr(value)))
    try:
        number = float(value)
    except OverflowError:  # a whole number too large for a float
        raise EditError(say("refused.edits.too_large", what=_WHAT[what])) from None
    if not math.isfinite(number):
        raise EditError(say("refused.edits.not_finite", what=_WHAT[what], value=repr(value)))
    return number


def _whole(value: object, what: str) -> int:
    number = _number(value, what)
    if not number.is_integer():
        raise EditError(say("refused.edits.not_whole", what=_WHAT[what], value=number))
    return int(number)


def _measure(value: object, what: str, *, positive: bool = False) -> float:
    number = _number(value, what)
    if number < 0 or (positive and number == 0):
        bound = ABOVE_0 if positive else ZERO_OR_MORE
        refused = say("refused.edits.not_allowed", what=_WHAT[what], value=number, bound=bound)
        raise EditError(refused)
    return number


def _defense(value: object) -> int:
    number = _whole(value, "DEF")
    if not 0 <= number <= 10:
        raise EditError(say("problem.map.def_range", value=number))
    return number


def _choice(value: object, allowed: Sequence[str], what: str) -> str:
    text = str(value.value) if isinstance(value, TerrainKind | Posture | ThrowSize) else value
    if text not in allowed:
        named = ", ".join(allowed)
        raise EditError(
            say("problem.map.unknown_choice", what=_CHOICES[what], value=repr(value), allowed=named)
        )
    return str(text)


def _level(value: object) -> int:
    number = _whole(value, "level")
    if number not in LEVELS:
        allowed = ", ".join(map(str, LEVELS))
        raise EditError(say("refused.edits.level", value=number, allowed=allowed))
    return number


def _vol(value: object) -> int:
    number = _whole(value, "VOL")
    if not 1 <= number <= 10:
        raise EditError(say("problem.map.vol_range", value=number))
    return number


def _point(value: object, what: str = "point") -> Point:
    if not (isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 2):
        raise EditError(say("refused.edits.not_point", what=_WHAT[what], value=repr(value)))
    return (_number(value[0], "x"), _number(value[1], "y"))


def _points(values: Iterable[object], minimum: int, what: str) -> tuple[Point, ...]:
    points = tuple(_point(p) for p in values)
    if len(points) < minimum:
        count = len(points)
        raise EditError(say("refused.edits.too_few", what=_WHAT[what], n=minimum, count=count))
    return points


def _table(field: Battlefield) -> str:
    """The table's size as the refusals give it: ``48×36``."""
    return f"{field.size[0]:g}×{field.size[1]:g}"


# -- keeping units clear -------------------------------------------------------


def _clash(field: Battlefield, unit: Unit, solids: Sequence[Solid] | None = None) -> Message | None:
    """Why ``unit`` cannot stand where it is on ``field`` (other units as they are), or None."""
    x, y = unit.position
    r = unit.radius
    width, height = field.size
    if x - r < -_TOUCH or y - r < -_TOUCH or x + r > width + _TOUCH or y + r > height + _TOUCH:
        return say("refused.edits.unit_off", id=unit.id, size=_table(field))
    for other in field.units:
        if other.id == unit.id or other.level != unit.level:
            continue
        gap = math.dist(unit.position, other.position) - r - other.radius
        if gap < -_TOUCH:
            return say("refused.edits.overlap", id=unit.id, other=other.id)
    if unit.level != 1:  # flyers and tunnellers pass over and under buildings
        return None
    centre = shapely.Point(unit.position)
    for solid in field.solids() if solids is None else solids:
        if shapely.distance(solid.polygon(), centre) < r - _TOUCH:
            return say("refused.edits.inside", id=unit.id, solid=solid.id)
    return None


def _refuse_off_table(field: Battlefield, indices: Iterable[int]) -> None:
    """Refuse throwables (by index) whose outline would leave the table."""
    width, height = field.size
    for index in indices:
        thing = field.throwables[index]
        xs, ys = zip(*thing.outline(), strict=True)
        inside = min(xs) >= -_TOUCH and min(ys) >= -_TOUCH
        if not (inside and max(xs) <= width + _TOUCH and max(ys) <= height + _TOUCH):
            thing_size = thing_name(thing.size.value)
            raise EditError(
                say("refused.edits.thing_off", thing=thing_size, id=thing.id, size=_table(field))
            )


def _refuse_clashes(field: Battlefield, unit_ids: Iterable[str]) -> None:
    solids = field.solids()
    for ident in unit_ids:
        reason = _clash(field, field.unit(ident), solids)
        if reason:
            raise EditError(reason)


# -- adding --------------------------------------------------------------------


def add_wall(
    field: Battlefield,
    points: Iterable[Point],
    *,
    height: float = 1.0,
    defense: int = 3,
    thickness: float = 0.2,
    ident: str | None = None,
) -> tuple[Battlefield, str]:
    """A wall along ``points`` (2 or more); returns the new map and the wall's key."""
    wall = Wall(
        points=_points(points, 2, "wall"),
        height=_measure(height, "height"),
        defense=_defense(defense),
        thickness=_measure(thickness, "thickness", positive=True),
        id=_check_new_id(field, ident, optional=True),
    )
    out = _with(field, "walls", (*field.walls, wall))
    return out, key_of(out, "walls", len(out.walls) - 1)


def add_obstacle(
    field: Battlefield,
    polygon: Iterable[Point],
    *,
    height: float = 3.0,
    defense: int = 5,
    ident: str | None = None,
) -> tuple[Battlefield, str]:
    """A building or other obstacle with this footprint (3 or more points)."""
    obstacle = Obstacle(
        polygon=_points(polygon, 3, "obstacle"),
        height=_measure(height, "height"),
        defense=_defense(defense),
        id=_check_new_id(field, ident, optional=True),
    )
    out = _with(field, "obstacles", (*field.obstacles, obstacle))
    return out, key_of(out, "obstacles", len(out.obstacles) - 1)


def add_terrain(
    field: Battlefield,
    polygon: Iterable[Point],
    kind: str = "difficult",
    *,
    ident: str | None = None,
) -> tuple[Battlefield, str]:
    """An area of difficult, extreme, water or crevice terrain."""
    kinds = tuple(k.value for k in TerrainKind)
    area = Terrain(
        polygon=_points(polygon, 3, "terrain area"),
        kind=TerrainKind(_choice(kind, kinds, "terrain kind")),
        id=_check_new_id(field, ident, optional=True),
    )
    out = _with(field, "terrain", (*field.terrain, area))
    return out, key_of(out, "terrain", len(out.terrain) - 1)


def add_deployment(
    field: Battlefield, side: str, polygon: Iterable[Point]
) -> tuple[Battlefield, str]:
    """A deployment zone for side A or B."""
    zone = Deployment(_choice(side, SIDES, "side"), _points(polygon, 3, "deployment zone"))
    out = _with(field, "deployment", (*field.deployment, zone))
    return out, key_of(out, "deployment", len(out.deployment) - 1)


def add_darkness(
    field: Battlefield, polygon: Iterable[Point], *, ident: str | None = None
) -> tuple[Battlefield, str]:
    """A dark area: what stands wholly in it, lit by no light, is not seen."""
    area = Darkness(
        polygon=_points(polygon, 3, "dark area"), id=_check_new_id(field, ident, optional=True)
    )
    out = _with(field, "darkness", (*field.darkness, area))
    return out, key_of(out, "darkness", len(out.darkness) - 1)


def add_light(
    field: Battlefield, position: Point, radius: float = 3.0, *, ident: str | None = None
) -> tuple[Battlefield, str]:
    """A light source at ``position`` that lights every base within ``radius`` K."""
    light = Light(
        position=_point(position, "position"),
        radius=_measure(radius, "radius", positive=True),
        id=_check_new_id(field, ident, optional=True),
    )
    out = _with(field, "lights", (*field.lights, light))
    return out, key_of(out, "lights", len(out.lights) - 1)


def _checked_unit(unit: Unit) -> Unit:
    """``unit`` with every value checked like the map loader does (facing normalised)."""
    postures = tuple(p.value for p in Posture)
    character = unit.character
    if character is not None and (not isinstance(character, str) or not character.strip()):
        raise EditError(say("refused.edits.character_empty", value=repr(character)))
    return replace(
        unit,
        side=_choice(unit.side, SIDES, "side"),
        position=_point(unit.position, "position"),
        facing=bearing(_number(unit.facing, "facing")),
        base=_measure(unit.base, "base", positive=True),
        height=_measure(unit.height, "height", positive=True),
        level=_level(unit.level),
        posture=Posture(_choice(unit.posture, postures, "posture")),
        vol=_vol(unit.vol),
    )


def add_unit(field: Battlefield, unit: Unit) -> Battlefield:
    """Place ``unit``; refused off the table, on another base or in a wall or obstacle."""
    _check_new_id(field, unit.id, optional=False)
    unit = _checked_unit(unit)
    reason = _clash(field, unit)
    if reason:
        raise EditError(reason)
    return _with(field, "units", (*field.units, unit))


def add_throwable(
    field: Battlefield, point: Point, size: str = "car", *, ident: str | None = None
) -> tuple[Battlefield, str]:
    """An object Súper fuerza may throw, centred on ``point``; refused off the table.

    Its id (a throw names it) defaults to its size in Spanish, numbered: ``coche-1``.
    """
    kind = ThrowSize(_choice(size, tuple(s.value for s in ThrowSize), "size"))
    if ident is None:
        ident = _numbered(field, THROW_NAMES[kind.value])
    thing = Throwable(
        _check_new_id(field, ident, optional=False) or ident, _point(point, "position"), kind
    )
    out = _with(field, "throwables", (*field.throwables, thing))
    _refuse_off_table(out, (len(out.throwables) - 1,))
    return out, thing.id


THROW_NAMES = {"car": "coche", "lorry": "camion", "larger": "grande"}  # new ids' stems


def _numbered(field: Battlefield, base: str) -> str:
    """The first free id ``base-1``, ``base-2``…"""
    taken = _ids(field)
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


# -- moving, rotating, deleting, duplicating -------------------------------------


def _resolve(field: Battlefield, keys: Iterable[str]) -> dict[str, set[int]]:
    if isinstance(keys, str):
        keys = (keys,)
    chosen: dict[str, set[int]] = {kind: set() for kind in KINDS}
    for key in keys:
        kind, index = find(field, key)
        chosen[kind].add(index)
    return chosen


def _translate(points: tuple[Point, ...], dx: float, dy: float) -> tuple[Point, ...]:
    return tuple((x + dx, y + dy) for x, y in points)


def _shifted(item: Element, dx: float, dy: float) -> Element:
    if isinstance(item, Wall):
        return replace(item, points=_translate(item.points, dx, dy))
    if isinstance(item, Unit | Throwable | Light):
        x, y = item.position
        return replace(item, position=(x + dx, y + dy))
    return replace(item, polygon=_translate(item.polygon, dx, dy))


def _map_chosen(
    field: Battlefield, chosen: dict[str, set[int]], change: Callable[[Element], Element]
) -> Battlefield:
    updates = {}
    for kind, indices in chosen.items():
        if indices:
            items = _items(field, kind)
            updates[kind] = tuple(
                change(item) if i in indices else item for i, item in enumerate(items)
            )
    return _copy(field, **updates)


def move(field: Battlefield, keys: Iterable[str], dx: float, dy: float) -> Battlefield:
    """Move the elements named by ``keys`` together by (dx, dy) K.

    Refused when a moved unit would end up off the table, on another base or
    in a wall or obstacle (moved ones included, where they land).
    """
    dx, dy = _number(dx, "move across"), _number(dy, "move along")
    chosen = _resolve(field, keys)
    out = _map_chosen(field, chosen, lambda item: _shifted(item, dx, dy))
    _refuse_clashes(out, (out.units[i].id for i in sorted(chosen["units"])))
    _refuse_off_table(out, chosen["throwables"])
    return out


def _rotated(points: tuple[Point, ...], degrees: float, centre: Point) -> tuple[Point, ...]:
    angle = math.radians(degrees)
    c, s = math.cos(angle), math.sin(angle)
    cx, cy = centre
    return tuple(
        (cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points
    )


def _centre(points: tuple[Point, ...], closed: bool) -> Point:
    shape = shapely.Polygon(points) if closed else shapely.LineString(points)
    if shape.is_empty or (shape.area == 0 and closed):  # degenerate: use the vertices' mean
        xs, ys = zip(*points, strict=True)
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    c = shape.centroid
    return (float(c.x), float(c.y))


def rotate(field: Battlefield, key: str, degrees: float) -> Battlefield:
    """Turn a unit (its facing, counter-clockwise) or a shape about its centroid; a
    throwable lies square to the table and stays as it is."""
    degrees = _number(degrees, "angle")
    kind, index = find(field, key)
    item = _items(field, kind)[index]
    changed: Element
    if isinstance(item, Throwable):
        return field
    if isinstance(item, Unit):
        changed = replace(item, facing=bearing(item.facing + degrees))
    elif isinstance(item, Light):  # a point source: turning it changes nothing
        changed = item
    elif isinstance(item, Wall):
        changed = replace(item, points=_rotated(item.points, degrees, _centre(item.points, False)))
    else:
        polygon = _rotated(item.polygon, degrees, _centre(item.polygon, True))
        changed = replace(item, polygon=polygon)
    return _map_chosen(field, {kind: {index}}, lambda _: changed)


def delete(field: Battlefield, keys: Iterable[str]) -> Battlefield:
    """Remove every element named by ``keys`` (the others keep their order)."""
    chosen = _resolve(field, keys)
    updates = {
        kind: tuple(x for i, x in enumerate(_items(field, kind)) if i not in indices)
        for kind, indices in chosen.items()
        if indices
    }
    return _copy(field, **updates)


def duplicate(
    field: Battlefield, keys: Iterable[str], offset: tuple[float, float] = (1.0, 1.0)
) -> tuple[Battlefield, list[str]]:
    """Copies of the elements, shifted by ``offset``, with fresh unique ids.

    Returns the new map and the copies' keys (in the order of the map file).
    Refused when a copied unit would not stand clear.
    """
    dx, dy = _number(offset[0], "offset across"), _number(offset[1], "offset along")
    chosen = _resolve(field, keys)
    taken = _ids(field)
    out = field
    new_keys: list[str] = []
    for kind in KINDS:
        items = _items(field, kind)
        copies: list[Element] = []
        for index in sorted(chosen[kind]):
            copy = _shifted(items[index], dx, dy)
            ident = getattr(copy, "id", None)
            if ident:
                fresh = _fresh_id(ident, taken)
                taken.add(fresh)
                copy = _copy(copy, id=fresh)
            copies.append(copy)
        if copies:
            start = len(items)
            out = _with(out, kind, (*items, *copies))
            new_keys += [key_of(out, kind, start + i) for i in range(len(copies))]
    _refuse_clashes(out, (out.units[len(field.units) + i].id for i in range(len(chosen["units"]))))
    first = len(field.throwables)
    _refuse_off_table(out, range(first, first + len(chosen["throwables"])))
    return out, new_keys


# -- vertices ------------------------------------------------------------------


def _shape(field: Battlefield, key: str) -> tuple[str, int, tuple[Point, ...], int]:
    """(kind, index, vertices, the fewest allowed) of a wall or polygon."""
    kind, index = find(field, key)
    item = _items(field, kind)[index]
    if isinstance(item, Unit):
        raise EditError(say("refused.edits.unit_vertices", id=item.id))
    if isinstance(item, Throwable):
        raise EditError(say("refused.edits.thing_vertices", id=item.id))
    if isinstance(item, Light):
        raise EditError(say("refused.edits.light_vertices", id=key))
    if isinstance(item, Wall):
        return kind, index, item.points, 2
    return kind, index, item.polygon, 3


def _with_vertices(
    field: Battlefield, kind: str, index: int, points: tuple[Point, ...]
) -> Battlefield:
    item = _items(field, kind)[index]
    name = "points" if isinstance(item, Wall) else "polygon"
    changed = _copy(item, **{name: points})
    return _map_chosen(field, {kind: {index}}, lambda _: changed)


def _vertex_index(key: str, index: int, count: int, *, inserting: bool = False) -> int:
    top = count if inserting else count - 1
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= top:
        raise EditError(say("refused.edits.no_vertex", key=key, n=str(index), top=top))
    return index


def move_vertex(field: Battlefield, key: str, index: int, point: Point) -> Battlefield:
    kind, item, points, _minimum = _shape(field, key)
    index = _vertex_index(key, index, len(points))
    changed = (*points[:index], _point(point), *points[index + 1 :])
    return _with_vertices(field, kind, item, changed)


def insert_vertex(field: Battlefield, key: str, index: int, point: Point) -> Battlefield:
    """A new vertex before vertex ``index`` (``index`` = the count appends one)."""
    kind, item, points, _minimum = _shape(field, key)
    index = _vertex_index(key, index, len(points), inserting=True)
    changed = (*points[:index], _point(point), *points[index:])
    return _with_vertices(field, kind, item, changed)


def remove_vertex(field: Battlefield, key: str, index: int) -> Battlefield:
    kind, item, points, minimum = _shape(field, key)
    index = _vertex_index(key, index, len(points))
    if len(points) <= minimum:
        shape = A_WALL if minimum == 2 else A_POLYGON
        raise EditError(say("refused.edits.remove_vertex", key=key, shape=shape, n=minimum))
    return _with_vertices(field, kind, item, (*points[:index], *points[index + 1 :]))


# -- properties ----------------------------------------------------------------


def set_property(field: Battlefield, key: str, name: str, value: object) -> Battlefield:
    """Change one property, checked like the map loader checks it.

    Names as in the map file: walls ``id height def thickness``, obstacles
    ``id height def``, terrain ``id kind``, deployment ``side``, dark areas ``id``,
    lights ``id radius``, units ``id side facing posture level base height vol
    character``, throwables ``id size``.  A feature's id may be cleared with None or "";
    a unit's or a throwable's may not.  A unit whose new base or level would not stand
    clear is refused, and so is a throwable whose new size would leave the table.
    """
    kind, index = find(field, key)
    item = _items(field, kind)[index]
    if name == "defense":
        name = "def"
    allowed = PROPERTIES[kind]
    if name not in allowed:
        what, named = _A_NAMES[kind], ", ".join(allowed)
        raise EditError(say("refused.edits.no_property", what=what, prop=name, allowed=named))
    changed = _copy(item, **{_attribute(name): _value(field, item, name, value)})
    out = _map_chosen(field, {kind: {index}}, lambda _: changed)
    if isinstance(changed, Unit) and name in ("base", "level"):
        _refuse_clashes(out, (changed.id,))
    if isinstance(changed, Throwable) and name == "size":
        _refuse_off_table(out, (index,))
    return out


MAP_PROPERTIES = ("name", "width", "height")


def set_map_property(field: Battlefield, name: str, value: object) -> Battlefield:
    """Change the map's own name, or its table's width or height in K (issue 16).

    Checked like the loader checks them: a name is non-empty text, a side is above 0
    and at most the loader's limit.  A smaller table is not refused for what it leaves
    outside: those units show up in :func:`problems`, as any other map problem.
    """
    if name == "name":
        if not isinstance(value, str) or not value.strip():
            raise EditError(say("refused.edits.map_name", value=repr(value)))
        return replace(field, name=value.strip())
    if name not in MAP_PROPERTIES:
        allowed = ", ".join(MAP_PROPERTIES)
        raise EditError(say("refused.edits.map_property", prop=name, allowed=allowed))
    what = f"table {name}"
    side = _measure(value, what, positive=True)
    if side > MAX_TABLE_K:
        refused = say("refused.edits.table_size", what=_WHAT[what], top=MAX_TABLE_K, value=side)
        raise EditError(refused)
    width, height = field.size
    return replace(field, size=(side, height) if name == "width" else (width, side))


def _attribute(name: str) -> str:
    return "defense" if name == "def" else name


def _value(field: Battlefield, item: Element, name: str, value: object) -> object:
    if name == "id":
        current = getattr(item, "id", None)
        if value == current:
            return current
        if not isinstance(item, Unit | Throwable) and (value is None or value == ""):
            return None
        if not isinstance(value, str):
            raise EditError(say("refused.edits.bad_id", value=repr(value)))
        return _check_new_id(field, value, optional=False)
    if name == "height":
        return _measure(value, "height", positive=isinstance(item, Unit))
    if name == "def":
        return _defense(value)
    if name == "thickness":
        return _measure(value, "thickness", positive=True)
    if name == "size":
        return ThrowSize(_choice(value, tuple(s.value for s in ThrowSize), "size"))
    if name == "radius":
        return _measure(value, "radius", positive=True)
    if name == "kind":
        return TerrainKind(_choice(value, tuple(k.value for k in TerrainKind), "terrain kind"))
    if name == "side":
        return _choice(value, SIDES, "side")
    if name == "facing":
        return bearing(_number(value, "facing"))
    if name == "posture":
        return Posture(_choice(value, tuple(p.value for p in Posture), "posture"))
    if name == "level":
        return _level(value)
    if name == "base":
        return _measure(value, "base", positive=True)
    if name == "vol":
        return _vol(value)
    # character: text, or None / "" for a bare unit
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not value.strip():
        raise EditError(say("refused.edits.character_text", value=repr(value)))
    return value


# -- snapping ------------------------------------------------------------------


def _vertices(field: Battlefield) -> list[Point]:
    out = [p for w in field.walls for p in w.points]
    for kind in ("obstacles", "terrain", "deployment", "darkness"):
        out += [p for x in _items(field, kind) for p in getattr(x, "polygon", ())]
    return out


def snap(
    point: Point,
    field: Battlefield,
    *,
    grid: bool,
    step: float = 1.0,
    vertex_radius: float = 0.3,
) -> Point:
    """The nearest existing vertex within ``vertex_radius``, else the nearest grid
    crossing (when ``grid``), else ``point`` itself."""
    x, y = _point(point)
    best: Point | None = None
    best_distance = vertex_radius
    for vertex in _vertices(field):
        distance = math.dist((x, y), vertex)
        if distance <= best_distance:
            best, best_distance = vertex, distance
    if best is not None:
        return best
    if grid:
        step = _measure(step, "grid step", positive=True)
        return (round(x / step) * step, round(y / step) * step)
    return (x, y)


# -- problems ------------------------------------------------------------------

Issue = tuple[str, str, Reason]  # (element key or "", "error" | "warning", message)


def _key_of_path(field: Battlefield, path: str) -> str:
    match = _PATH.match(path)
    if not match or int(match[2]) >= len(_items(field, match[1])):
        return ""
    return key_of(field, match[1], int(match[2]))


def problems(field: Battlefield) -> list[Issue]:
    """Everything the editor shows live, each with the key of its culprit.

    Errors are what would stop the saved file from loading back (the loader's
    own checks); warnings are worth fixing but the map still loads.
    """
    found: list[Issue] = []
    vertices = sum(len(w.points) for w in field.walls) + len(
        [p for k in ("obstacles", "terrain", "deployment", "darkness") for x in _items(field, k)
         for p in getattr(x, "polygon", ())]
    )  # fmt: skip
    if vertices > MAX_VERTICES:
        found.append(("", "error", too_many_vertices(MAX_VERTICES)))
    if len(field.units) > MAX_UNITS:
        found.append(("", "error", too_many_units(MAX_UNITS)))
    for kind in ("walls", "obstacles", "terrain", "deployment", "darkness"):
        for index, item in enumerate(_items(field, kind)):
            count = len(item.points if isinstance(item, Wall) else getattr(item, "polygon", ()))
            if count > MAX_POINTS:
                what = A_WALL if kind == "walls" else A_POLYGON
                message = too_many_points(what, count, MAX_POINTS)
                found.append((key_of(field, kind, index), "error", message))
    found += [
        (_key_of_path(field, path), "error", message)
        for path, message in battlefield_problems(field)
    ]
    found += _deployment_warnings(field)
    return found


def _deployment_warnings(field: Battlefield) -> list[Issue]:
    if not field.deployment:
        return [("", "warning", say("problem.edits.no_deployment"))]
    out: list[Issue] = []
    zones: dict[str, list[shapely.Polygon]] = {side: [] for side in SIDES}
    for zone in field.deployment:
        polygon = shapely.Polygon(zone.polygon)
        zones[zone.side].append(polygon if polygon.is_valid else polygon.buffer(0))
    areas = {}
    for side in SIDES:
        if zones[side]:
            areas[side] = shapely.union_all(zones[side]).buffer(_TOUCH)
        else:
            out.append(("", "warning", say("problem.edits.side_no_zone", side=side)))
    for unit in field.units:
        area = areas.get(unit.side)
        base = shapely.Point(unit.position).buffer(unit.radius)
        if area is not None and not area.covers(base):
            message = say("problem.edits.outside_zone", id=unit.id, side=unit.side)
            out.append((unit.id, "warning", message))
    return out


def can_save(field: Battlefield) -> tuple[bool, list[Reason]]:
    """Whether a save would load back, and the messages to show.

    False (with the errors) only when the saved file could not be loaded back;
    otherwise True with the warnings, which the user may save over.  Linked
    armies are checked when the map is opened, beside its files, not here.
    """
    found = problems(field)
    errors = [message for _key, severity, message in found if severity == "error"]
    if not errors:
        try:  # the proof: what would be written parses back
            parse_map(parse_document(dump_map(replace(field, armies=())), "map.yaml"))
        except DataError as exc:
            errors = [p.message for p in exc.problems]
    if errors:
        return False, errors
    return True, [message for _key, _severity, message in found]


def bearing(degrees: float) -> float:
    """A facing in [0, 360): a float modulo can give 360.0 itself for a tiny negative
    angle (−1e−111 % 360 == 360.0), which must read as 0."""
    turned = degrees % 360
    return 0.0 if turned >= 360 else turned
