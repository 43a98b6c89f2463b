"""Draw a :class:`~wartime.render.primitives.DrawList` onto a pygame Surface.

The pygame adapter of the pure draw list (DESIGN.md §2, §8): shapes in K go
through one :class:`~wartime.ui.camera.Camera` to pixels.

Performance (DESIGN.md §8):

* circles (bases) and labels become sprites cached by their pixel size and
  colours, and runs of sprites go to the target in one ``Surface.fblits`` call;
* translucent shapes of one layer are drawn opaque-with-alpha onto one shared
  scratch ``SRCALPHA`` surface and blended once, through the dirty rectangle
  only: no ``set_alpha`` on a full-screen surface, no surface per shape.  Within
  such a run an overlapping later shape replaces an earlier one instead of
  darkening it, so overlapping arcs of one colour read as one area;
* the translucent wedges of a layer (every CdV arc at once) are merged per
  colour into one outline first (cached in K), so each pixel is filled once
  per colour; each colour is blended on its own, so where both sides' arcs
  overlap both tints show;
* :class:`StaticLayer` keeps the map's static shapes drawn in one opaque
  Surface per zoom, wider than the view so that a pan only moves the blit.

``Painter(cache=False)`` draws the same picture with no sprites, no merging
and one blend per translucent shape: the naive reference the frame benchmark
compares against.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pygame
import shapely

from wartime.render.primitives import (
    Circle,
    Colour,
    DrawList,
    Label,
    Polygon,
    Polyline,
    Shape,
    Wedge,
)
from wartime.ui.camera import Camera, Point

BACKGROUND = (38, 40, 44)  # around the table
SCALE_BAR_STRIP = 30  # px a fitted view keeps free under the table for the scale bar

_DEFAULT_FONT_RATIO = 0.6875  # pygame scales its default font by this much
_MAX_SPRITE_RADIUS = 160  # px: larger circles are drawn directly, not cached
_MAX_CACHED = 4096  # entries per cache before it is dropped and rebuilt


def _rgb(colour: Colour) -> tuple[int, int, int]:
    return (colour[0], colour[1], colour[2])


def _opaque(colour: Colour) -> bool:
    return colour[3] >= 255


_fonts: dict[int, pygame.font.Font] = {}


def font(size_px: int) -> pygame.font.Font:
    """pygame's bundled sans font, with a line about ``size_px`` pixels tall (cached)."""
    found = _fonts.get(size_px)
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        found = pygame.font.Font(None, max(6, round(size_px / _DEFAULT_FONT_RATIO)))
        _fonts[size_px] = found
    return found


def render_text(text: str, colour: Colour, size_px: int) -> pygame.Surface:
    """Anti-aliased text on a transparent background."""
    try:
        surface = font(size_px).render(text, True, _rgb(colour))
    except pygame.error:  # pygame.quit() since the font was loaded: load it again
        _fonts.clear()
        surface = font(size_px).render(text, True, _rgb(colour))
    if not _opaque(colour):
        surface.set_alpha(colour[3])  # a small label surface, never the screen
    return surface


def wedge_points(
    centre: Point, radius: float, start_deg: float, end_deg: float, step_deg: float = 4.0
) -> list[Point]:
    """A circular sector as a polygon (centre first), in the coordinates given (y up)."""
    span = end_deg - start_deg
    if span <= 0:
        span += 360.0
    span = min(span, 360.0)
    n = max(2, math.ceil(span / step_deg))
    cx, cy = centre
    points = [] if span >= 360.0 else [(cx, cy)]
    for i in range(n + 1):
        a = math.radians(start_deg + span * i / n)
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


def _thick_segments(points: Sequence[Point], width: float) -> list[list[Point]]:
    """Each segment of a polyline as a quad ``width`` pixels across.

    As the walls' solids do (``wartime.board.shapes.wall_solids``), a segment
    reaches half the width past each joint, so corners are square and leave no
    notch; the free ends stay flush, and a closed polyline has none.
    """
    half = width / 2
    last = len(points) - 2
    closed = len(points) > 2 and points[0] == points[-1]
    quads = []
    for i, ((ax, ay), (bx, by)) in enumerate(itertools.pairwise(points)):
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length == 0:
            continue
        ux, uy = dx / length, dy / length
        start = half if i > 0 or closed else 0.0
        end = half if i < last or closed else 0.0
        ax, ay = ax - ux * start, ay - uy * start
        bx, by = bx + ux * end, by + uy * end
        nx, ny = -uy * half, ux * half
        quads.append(
            [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]
        )
    return quads


class Painter:
    """Draws shapes through a camera; keeps its sprite caches between frames."""

    def __init__(self, *, cache: bool = True) -> None:
        self.cache = cache
        self._circles: dict[tuple[Any, ...], pygame.Surface] = {}
        self._labels: dict[tuple[str, Colour, int], pygame.Surface] = {}
        self._unions: dict[tuple[Wedge, ...], list[tuple[list[Point], list[list[Point]]]]] = {}
        self._scratch: pygame.Surface | None = None
        # Per-draw state.
        self._target: pygame.Surface | None = None
        self._sprites: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._dirty: pygame.Rect | None = None
        self._wedge_clip: pygame.Rect | None = None

    # --- public ------------------------------------------------------------------------

    def draw_list(self, target: pygame.Surface, drawing: DrawList, camera: Camera) -> None:
        """The whole list in layer order; arcs stop at the table's edge."""
        self.draw(target, drawing.ordered(), camera, table=drawing.size)

    def draw(
        self,
        target: pygame.Surface,
        shapes: Iterable[Shape],
        camera: Camera,
        *,
        table: tuple[float, float] | None = None,
    ) -> None:
        """Draw ``shapes`` in the order given (sort by layer first: ``DrawList.ordered``).

        With ``table`` (its size in K), wedges are clipped to the table: a CdV
        reaching past the edge would only tint the background.
        """
        self._target = target
        self._wedge_clip = None
        if table is not None:
            (x0, y0), (x1, y1) = camera.to_px((0.0, table[1])), camera.to_px((table[0], 0.0))
            self._wedge_clip = pygame.Rect(
                math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1
            )
        bounds = target.get_rect()
        layer: int | None = None
        run: list[Wedge] = []
        try:
            for shape in shapes:
                if shape.layer != layer:
                    self._flush_wedges(run, camera)
                    self._flush_all()
                    layer = shape.layer
                if isinstance(shape, Wedge) and self.cache and not _opaque(shape.fill):
                    run.append(shape)  # merged per colour when the run ends
                    continue
                self._flush_wedges(run, camera)
                if isinstance(shape, Circle):
                    self._circle(shape, camera, bounds)
                elif isinstance(shape, Label):
                    self._label(shape, camera, bounds)
                elif isinstance(shape, Polygon):
                    self._polygon(shape, camera, bounds)
                elif isinstance(shape, Polyline):
                    self._polyline(shape, camera, bounds)
                else:
                    self._wedge(shape, camera, bounds)
            self._flush_wedges(run, camera)
            self._flush_all()
        finally:  # after an error too, leave nothing queued for the next frame
            self._sprites = []
            if self._dirty is not None and self._scratch is not None:
                self._scratch.fill((0, 0, 0, 0), self._dirty)
            self._dirty = None
            self._target = None

    def clear(self) -> None:
        """Drop every cached sprite (e.g. after a theme change)."""
        self._circles.clear()
        self._labels.clear()
        self._unions.clear()

    # --- batching ----------------------------------------------------------------------

    def _flush_sprites(self) -> None:
        if self._sprites:
            assert self._target is not None
            self._target.fblits(self._sprites)
            self._sprites = []

    def _flush_scratch(self) -> None:
        if self._dirty is not None:
            assert self._target is not None and self._scratch is not None
            rect = self._dirty.clip(self._target.get_rect())
            if rect.width > 0 and rect.height > 0:
                self._target.blit(self._scratch, rect.topleft, rect)
            self._scratch.fill((0, 0, 0, 0), self._dirty)
            self._dirty = None

    def _flush_all(self) -> None:
        self._flush_sprites()
        self._flush_scratch()

    def _direct(self) -> pygame.Surface:
        """The target, for an opaque draw: everything queued before it goes first."""
        self._flush_all()
        assert self._target is not None
        return self._target

    def _translucent(self) -> pygame.Surface:
        """The shared scratch layer for a translucent draw, blended later through its dirty rect."""
        assert self._target is not None
        self._flush_sprites()
        w, h = self._target.get_size()
        scratch = self._scratch
        if scratch is None or scratch.get_width() < w or scratch.get_height() < h:
            # One scratch layer serves every target up to its size: no allocation per frame.
            if scratch is not None:
                w, h = max(w, scratch.get_width()), max(h, scratch.get_height())
            self._scratch = scratch = pygame.Surface((w, h), pygame.SRCALPHA)
            self._dirty = None
        return scratch

    def _touched(self, rect: pygame.Rect) -> None:
        self._dirty = rect if self._dirty is None else self._dirty.union(rect)
        if not self.cache:  # the naive path blends every shape on its own
            self._flush_scratch()

    def _fill(self, colour: Colour, points: Sequence[Point]) -> None:
        if _opaque(colour):
            pygame.draw.polygon(self._direct(), _rgb(colour), points)
        else:
            self._touched(pygame.draw.polygon(self._translucent(), colour, points))

    # --- shapes ------------------------------------------------------------------------

    def _polygon(self, shape: Polygon, camera: Camera, bounds: pygame.Rect) -> None:
        if len(shape.points) < 3:
            return
        points = camera.to_px_many(shape.points)
        if not _visible(points, bounds):
            return
        if shape.fill is not None:
            self._fill(shape.fill, points)
        if shape.outline is not None:
            width = max(1, shape.width_px)
            if _opaque(shape.outline):
                pygame.draw.polygon(self._direct(), _rgb(shape.outline), points, width)
            else:
                target = self._translucent()
                self._touched(pygame.draw.polygon(target, shape.outline, points, width))

    def _polyline(self, shape: Polyline, camera: Camera, bounds: pygame.Rect) -> None:
        if len(shape.points) < 2:
            return
        points = camera.to_px_many(shape.points)
        width = shape.width_px if shape.width_k is None else camera.length_px(shape.width_k)
        if not _visible(points, bounds.inflate(int(width) + 2, int(width) + 2)):
            return
        colour = shape.colour
        opaque = _opaque(colour)
        target = self._direct() if opaque else self._translucent()
        paint = _rgb(colour) if opaque else colour
        if width < 3.5:  # hairlines and thin strokes: pygame's own line joints are fine
            rect = pygame.draw.lines(target, paint, False, points, max(1, round(width)))
        else:  # thick strokes (walls): a quad per segment, square corners
            rect = pygame.Rect(0, 0, 0, 0)
            for quad in _thick_segments(points, width):
                rect.union_ip(pygame.draw.polygon(target, paint, quad))
        if not opaque:
            self._touched(rect)

    def _circle(self, shape: Circle, camera: Camera, bounds: pygame.Rect) -> None:
        cx, cy = camera.to_px(shape.centre)
        r = camera.length_px(shape.radius)
        if (
            cx + r < bounds.left
            or cx - r > bounds.right
            or cy + r < bounds.top
            or cy - r > bounds.bottom
        ):
            return
        radius = max(1, round(r))
        if self.cache and radius <= _MAX_SPRITE_RADIUS:
            key = (radius, shape.fill, shape.outline, shape.width_px)
            sprite = self._circles.get(key)
            if sprite is None:
                if len(self._circles) > _MAX_CACHED:
                    self._circles.clear()
                sprite = _circle_sprite(radius, shape.fill, shape.outline, shape.width_px)
                self._circles[key] = sprite
            self._flush_scratch()
            pad = radius + 2
            self._sprites.append((sprite, (round(cx) - pad, round(cy) - pad)))
            return
        centre = (cx, cy)
        if shape.fill is not None:
            if _opaque(shape.fill):
                pygame.draw.circle(self._direct(), _rgb(shape.fill), centre, radius)
            else:
                target = self._translucent()
                self._touched(pygame.draw.circle(target, shape.fill, centre, radius))
        if shape.outline is not None:
            width = max(1, shape.width_px)
            if _opaque(shape.outline):
                pygame.draw.circle(self._direct(), _rgb(shape.outline), centre, radius, width)
            else:
                target = self._translucent()
                self._touched(pygame.draw.circle(target, shape.outline, centre, radius, width))

    def _wedge(self, shape: Wedge, camera: Camera, bounds: pygame.Rect) -> None:
        points = camera.to_px_many(
            wedge_points(shape.centre, shape.radius, shape.start_deg, shape.end_deg)
        )
        if not _visible(points, bounds):
            return
        surface = self._direct() if _opaque(shape.fill) else self._translucent()
        with _clipped(surface, self._wedge_clip):
            self._fill(shape.fill, points)
            if shape.outline is not None:
                self._touched(pygame.draw.polygon(surface, shape.outline, points, 2))

    def _flush_wedges(self, run: list[Wedge], camera: Camera) -> None:
        """A layer's translucent wedges, by colour: each colour's union, filled once."""
        if not run:
            return
        groups: dict[tuple[Colour, Colour | None], list[Wedge]] = {}
        for wedge in run:
            groups.setdefault((wedge.fill, wedge.outline), []).append(wedge)
        run.clear()
        assert self._target is not None
        bounds = self._target.get_rect()
        for (colour, rim), wedges in groups.items():
            self._flush_scratch()  # each colour blends on its own: both sides' arcs show
            if len(wedges) == 1:
                self._wedge(wedges[0], camera, bounds)
                continue
            key = tuple(wedges)
            parts = self._unions.get(key)
            if parts is None:
                if len(self._unions) > 64:
                    self._unions.clear()
                parts = _union_outlines(wedges)
                self._unions[key] = parts
            scratch = self._translucent()
            with _clipped(scratch, self._wedge_clip):
                for exterior, holes in parts:
                    outline = camera.to_px_many(exterior)
                    if not _visible(outline, bounds):
                        continue
                    self._touched(pygame.draw.polygon(scratch, colour, outline))
                    for hole in holes:
                        pygame.draw.polygon(scratch, (0, 0, 0, 0), camera.to_px_many(hole))
                    if rim is not None:  # the union's rim: where the arcs end shows
                        pygame.draw.polygon(scratch, rim, outline, 2)
                        for hole in holes:
                            pygame.draw.polygon(scratch, rim, camera.to_px_many(hole), 2)

    def _label(self, shape: Label, camera: Camera, bounds: pygame.Rect) -> None:
        if not shape.text:
            return
        x, y = camera.to_px(shape.position)
        if not bounds.inflate(400, 100).collidepoint(x, y):
            return
        if self.cache:
            key = (shape.text, shape.colour, shape.size_px)
            sprite = self._labels.get(key)
            if sprite is None:
                if len(self._labels) > _MAX_CACHED:
                    self._labels.clear()
                sprite = render_text(shape.text, shape.colour, shape.size_px)
                self._labels[key] = sprite
        else:
            sprite = render_text(shape.text, shape.colour, shape.size_px)
        w, h = sprite.get_size()
        position = (round(x - w / 2), round(y - h / 2))
        if self.cache:
            self._flush_scratch()
            self._sprites.append((sprite, position))
        else:
            self._direct().blit(sprite, position)


@contextmanager
def _clipped(surface: pygame.Surface, rect: pygame.Rect | None) -> Iterator[None]:
    """Draw within ``rect`` (and the surface's current clip) for the duration."""
    if rect is None:
        yield
        return
    before = surface.get_clip()
    surface.set_clip(before.clip(rect))
    try:
        yield
    finally:
        surface.set_clip(before)


class StaticLayer:
    """The map's static shapes drawn once into an opaque Surface, reused across frames.

    The surface is ``margin_px`` larger than the view on every side, so a pan
    of up to that many pixels only moves the blit; a zoom, a resize, a longer
    pan or new shapes (``key``) redraw it.
    """

    def __init__(self, painter: Painter, margin_px: int = 256) -> None:
        self.painter = painter
        self.margin = margin_px
        self.builds = 0
        self._cached: tuple[Any, Camera, pygame.Surface] | None = None
        self._spare: pygame.Surface | None = None

    def invalidate(self) -> None:
        """Forget the drawing (its surface is kept for reuse)."""
        self._cached = None

    def _reusable(self, size: tuple[int, int]) -> pygame.Surface:
        """The previous surface when it has this size, else a new one in the display's format."""
        if self._spare is not None and self._spare.get_size() == size:
            return self._spare
        screen = pygame.display.get_surface() if pygame.display.get_init() else None
        self._spare = (
            pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
        )
        return self._spare

    def blit(
        self, target: pygame.Surface, key: Any, shapes: Sequence[Shape], camera: Camera
    ) -> None:
        """Put the static layer for ``camera`` on ``target`` (drawing it if needed)."""
        surface, position = self.surface(key, shapes, camera)
        target.blit(surface, position)

    def surface(
        self, key: Any, shapes: Sequence[Shape], camera: Camera
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The cached surface and where its top-left goes in the view."""
        m = self.margin
        full_key = (key, camera.scale, camera.viewport)
        if self._cached is not None and self._cached[0] == full_key:
            _, origin, surface = self._cached
            dx = (origin.offset[0] - camera.offset[0]) * camera.scale
            dy = (camera.offset[1] - origin.offset[1]) * camera.scale
            if abs(dx) <= m and abs(dy) <= m:
                return surface, (round(dx) - m, round(dy) - m)
        w, h = camera.viewport
        s = camera.scale
        wide = Camera(
            (camera.offset[0] - m / s, camera.offset[1] + m / s), s, (w + 2 * m, h + 2 * m)
        )
        surface = self._reusable(wide.viewport)
        surface.fill(BACKGROUND)
        self.painter.draw(surface, shapes, wide)
        self._cached = (full_key, camera, surface)
        self.builds += 1
        return surface, (-m, -m)


def _visible(points: Sequence[Point], bounds: pygame.Rect) -> bool:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return not (
        max(xs) < bounds.left
        or min(xs) > bounds.right
        or max(ys) < bounds.top
        or min(ys) > bounds.bottom
    )


def _circle_sprite(
    radius: int, fill: Colour | None, outline: Colour | None, width_px: int
) -> pygame.Surface:
    """A disc with an anti-aliased rim, on a transparent square."""
    pad = radius + 2
    sprite = pygame.Surface((2 * pad + 1, 2 * pad + 1), pygame.SRCALPHA)
    centre = (pad, pad)
    if fill is not None:
        pygame.draw.circle(sprite, fill, centre, radius)
        if outline is None and _opaque(fill):
            pygame.draw.aacircle(sprite, fill, centre, radius, 1)
    if outline is not None:
        width = max(1, width_px)
        pygame.draw.aacircle(sprite, outline, centre, radius, width)
    return sprite


def _union_outlines(run: Sequence[Wedge]) -> list[tuple[list[Point], list[list[Point]]]]:
    """The union of wedges as (exterior, holes) rings in K, the largest part first."""
    pieces = [
        shapely.Polygon(wedge_points(w.centre, w.radius, w.start_deg, w.end_deg)) for w in run
    ]
    merged = shapely.union_all([p if p.is_valid else p.buffer(0) for p in pieces])
    polygons = list(getattr(merged, "geoms", [merged]))
    polygons = [p for p in polygons if isinstance(p, shapely.Polygon) and not p.is_empty]
    polygons.sort(key=lambda p: p.area, reverse=True)
    return [
        (
            [(float(x), float(y)) for x, y in p.exterior.coords],
            [[(float(x), float(y)) for x, y in ring.coords] for ring in p.interiors],
        )
        for p in polygons
    ]


# --- the scale bar ---------------------------------------------------------------------

_NICE = (0.5, 1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 500, 1000)


def scale_bar_length(camera: Camera, target_px: float = 160.0) -> float:
    """The round length in K whose bar is closest to ``target_px`` wide."""
    return min(_NICE, key=lambda k: abs(math.log(max(k * camera.scale, 1e-9) / target_px)))


def draw_scale_bar(
    surface: pygame.Surface, camera: Camera, cm_per_k: float, corner: Point | None = None
) -> pygame.Rect:
    """A bar of a round number of K, labelled in K and cm, on a light plate.

    ``corner`` is the plate's bottom-left pixel (default: the surface's bottom
    left, 10 px in).  Returns the plate's rectangle.
    """
    length = scale_bar_length(camera)
    px = max(4, round(length * camera.scale))
    label = render_text(f"{length:g} K = {length * cm_per_k:g} cm", (20, 20, 20, 255), 14)
    pad, gap, bar_h = 6, 8, 6
    height = max(label.get_height(), bar_h) + 2 * pad
    x0, y1 = corner if corner is not None else (10, surface.get_height() - 10)
    box = pygame.Rect(round(x0), round(y1) - height, px + gap + label.get_width() + 2 * pad, height)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    plate.fill((250, 250, 245, 215))
    surface.blit(plate, box.topleft)
    # Alternating dark and light quarters, as on a printed map.
    bar = pygame.Rect(box.left + pad, box.centery - bar_h // 2, px, bar_h)
    for i in range(4):
        left = bar.left + round(i * px / 4)
        right = bar.left + round((i + 1) * px / 4)
        colour = (20, 20, 20) if i % 2 == 0 else (250, 250, 250)
        surface.fill(colour, (left, bar.top, right - left, bar_h))
    pygame.draw.rect(surface, (20, 20, 20), bar, 1)
    surface.blit(label, (bar.right + gap, box.centery - label.get_height() // 2))
    return box
