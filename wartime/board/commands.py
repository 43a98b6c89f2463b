"""The map editor's tools as pure commands (issue 13).

Each tool of the editor ends in one of these: a function from the battlefield
(and the tool's plain inputs: points in K, the chosen side or terrain kind)
to the next battlefield, built on the edits of :mod:`wartime.board.edits`.
They raise :class:`~wartime.board.edits.EditError` when the edit cannot be
made.  The editor mode in ``wartime/ui`` only turns clicks and keys into
these calls and records the results in its
:class:`~wartime.board.history.History`, so undo and redo see whole values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wartime.board import edits
from wartime.board.battlefield import SIDES, Battlefield, Unit
from wartime.board.queries import element, is_open, nearest_edge
from wartime.board.shapes import Point
from wartime.i18n import say

TOOLS = (
    "select", "wall", "rect", "polygon", "terrain", "deploy", "unit", "throwable", "dark", "light",
)  # fmt: skip
SHAPE_TOOLS = {"wall": 2, "polygon": 3, "terrain": 3, "deploy": 3, "dark": 3}  # the fewest points
LIGHT_RADIUS = 3.0  # K: a new light's reach, changed in the properties
GRID_STEP = 0.5  # K: a move on the grid goes in half-K steps


def shape_done(tool: str, points: Sequence[Point]) -> bool:
    """Whether ``points`` are enough for the shape ``tool`` draws."""
    return len(points) >= SHAPE_TOOLS.get(tool, 99)


def add_shape(
    field: Battlefield, tool: str, points: Sequence[Point], *, kind: str, side: str
) -> tuple[Battlefield, str]:
    """Add what a drawing tool drew: a wall, an obstacle, terrain of ``kind``, ``side``'s
    zone or a dark area.

    Returns the new map and the new element's key.
    """
    if not shape_done(tool, points):
        raise edits.EditError(say("refused.commands.too_few", tool=tool, count=len(points)))
    if tool == "wall":
        return edits.add_wall(field, points)
    if tool == "polygon":
        return edits.add_obstacle(field, points)
    if tool == "terrain":
        return edits.add_terrain(field, points, kind)
    if tool == "deploy":
        return edits.add_deployment(field, side, points)
    if tool == "dark":
        return edits.add_darkness(field, points)
    raise edits.EditError(say("refused.commands.no_shape", tool=tool))


def rectangle(a: Point, b: Point) -> list[Point]:
    """The corners of the axis-aligned rectangle with opposite corners ``a`` and ``b``."""
    (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _flat(a: Point, b: Point) -> bool:
    return abs(b[0] - a[0]) <= 1e-9 or abs(b[1] - a[1]) <= 1e-9


def add_rectangle(field: Battlefield, a: Point, b: Point) -> tuple[Battlefield, str] | None:
    """Add the rectangular obstacle dragged from ``a`` to ``b``; None when it has no area."""
    if _flat(a, b):
        return None
    return edits.add_obstacle(field, rectangle(a, b))


def add_zone_rectangle(
    field: Battlefield, side: str, a: Point, b: Point
) -> tuple[Battlefield, str] | None:
    """Add ``side``'s deployment zone dragged from ``a`` to ``b``; None when it has no area.

    The deployment tool offers this drag as well as a polygon clicked point by point.
    """
    if _flat(a, b):
        return None
    return edits.add_deployment(field, side, rectangle(a, b))


def unit_id(field: Battlefield, base: str) -> str:
    """The first free id ``base-1``, ``base-2``…"""
    taken = {u.id for u in field.units} | {t.id for t in field.throwables}
    named = ("walls", "obstacles", "terrain", "darkness", "lights")
    taken |= {x.id for k in named for x in getattr(field, k) if x.id}
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def place_unit(
    field: Battlefield, side: str, point: Point, character: str | None = None
) -> tuple[Battlefield, str]:
    """Place a unit of ``side`` (a character's, when given) at ``point``, facing the enemy.

    Its id is the character's name, else the side in lower case, numbered.
    """
    unit = Unit(
        unit_id(field, character or side.lower()),
        side,
        point,
        facing=90.0 if side == SIDES[0] else 270.0,
        character=character,
    )
    return edits.add_unit(field, unit), unit.id


def place_throwable(field: Battlefield, point: Point, size: str = "car") -> tuple[Battlefield, str]:
    """Place an object Súper fuerza may throw (a car unless told) centred on ``point``.

    Its id is its size in Spanish, numbered (``coche-1``); the panel changes its size.
    """
    return edits.add_throwable(field, point, size)


def place_light(
    field: Battlefield, point: Point, radius: float = LIGHT_RADIUS
) -> tuple[Battlefield, str]:
    """Place a light at ``point`` reaching ``radius`` K (the light tool's click)."""
    return edits.add_light(field, point, radius)


def rotate_all(field: Battlefield, keys: Iterable[str], degrees: float) -> Battlefield:
    """Rotate each element of ``keys`` by ``degrees``; refused whole when one is refused."""
    for key in keys:
        field = edits.rotate(field, key, degrees)
    return field


def drag_offset(start: Point, point: Point, *, on_grid: bool) -> tuple[float, float]:
    """How far a drag from ``start`` to ``point`` moves things: in half-K steps on the grid."""
    dx, dy = point[0] - start[0], point[1] - start[1]
    if on_grid:
        dx, dy = round(dx / GRID_STEP) * GRID_STEP, round(dy / GRID_STEP) * GRID_STEP
    return dx, dy


def drag(
    field: Battlefield, keys: Iterable[str], start: Point, point: Point, *, on_grid: bool
) -> Battlefield:
    """``field`` with ``keys`` moved by a drag from ``start`` to ``point``."""
    dx, dy = drag_offset(start, point, on_grid=on_grid)
    return edits.move(field, keys, dx, dy)


def insert_vertex_near(field: Battlefield, key: str, near: Point, point: Point) -> Battlefield:
    """Add a vertex at ``point`` to the shape ``key``, on the edge nearest ``near``."""
    _kind, _index, item = element(field, key)
    shape = getattr(item, "points", None) or getattr(item, "polygon", None)
    if not shape:
        raise edits.EditError(say("refused.commands.no_vertices", key=key))
    index = nearest_edge(shape, near, closed=not is_open(item))
    return edits.insert_vertex(field, key, index, point)
