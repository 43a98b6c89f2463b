"""Printable templates at 1:1: the pages of `wartime print`, laid out in millimetres.

Pure layout (no PDF here; render/pdf.py writes it).  Every template of the
rulebook's area table that has a shape on the table (the R disks, the L lines at
the ruleset's width, the G teardrops; S is a chain, not a shape) is drawn from
geometry/templates.py at the chosen scale, plus a K ruler.  A template larger than
a page's free area is cut into tiles, each labelled with its place, to tape
together.  Every page carries a 10 cm check square and the scale it was made for:
a printer that scales the page shows at once.

Page coordinates are millimetres from the top-left corner, y down (the PDF's).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely

from wartime.board.shapes import Disc, Point
from wartime.geometry.scale import cm_per_k
from wartime.geometry.templates import DEFAULT_LINE_WIDTH, make_template
from wartime.i18n import text_in
from wartime.rules.tables import load_tables, parse_shape

MARGIN = 10.0  # mm round the page: most printers cannot print nearer the edge
HEADER = 12.0  # mm for the caption at the top
CHECK_SIDE = 100.0  # mm: the 10 cm check square
GAP = 4.0  # mm between pieces
LABEL_ROOM = 6.0  # mm above a piece for its name


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm
    height: float  # mm


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}


def _texts(lang: str) -> dict[str, str]:
    """The sheet's texts in ``lang``, from the catalogue (``cli.sheet.*``), unfilled."""
    return {key: text_in(lang, f"cli.sheet.{key}") for key in ("caption", "check", "ruler", "tile")}


@dataclass(frozen=True)
class Stroke:
    """A straight line, mm."""

    start: Point
    end: Point


@dataclass(frozen=True)
class Label:
    at: Point  # mm, the text's baseline start
    text: str
    size: float = 9.0  # points


@dataclass(frozen=True)
class Drawing:
    """One template or the ruler in its own frame: mm from its top-left corner."""

    name: str
    width: float
    height: float
    outlines: tuple[tuple[Point, ...], ...]  # closed polygons
    strokes: tuple[Stroke, ...] = ()
    labels: tuple[Label, ...] = ()


@dataclass(frozen=True)
class Piece:
    """A drawing (or a tile of it) placed on a page.

    The drawing's frame starts at ``origin``; only what falls inside ``clip`` is
    drawn (a tile shows its part of a larger template).
    """

    drawing: Drawing
    origin: Point
    clip: tuple[float, float, float, float]  # x, y, width, height in mm
    title: Label
    tiled: bool = False  # a tile of a larger drawing: its edges are where it joins the next


@dataclass(frozen=True)
class Page:
    pieces: tuple[Piece, ...]
    check_square: tuple[float, float, float]  # x, y (top-left) and side, mm
    caption: Label
    check_note: Label


@dataclass(frozen=True)
class Sheet:
    paper: Paper
    scale: str  # as the caption names it: "28 mm" or "2.5 cm/K"
    cm_per_k: float
    pages: tuple[Page, ...]


def template_names() -> list[str]:
    """The R, L and G templates of the rulebook's area table, in book order."""
    shapes = [(parse_shape(n), n) for n in load_tables().area_cost]
    drawn = [(p, n) for p, n in shapes if p is not None and p.kind in "RLG"]
    order = {"R": 0, "L": 1, "G": 2}
    drawn.sort(key=lambda item: (order[item[0].kind], item[0].size, item[0].disk or 0))
    return [n for _, n in drawn]


def template_drawing(name: str, mm_per_k: float, line_width: float = DEFAULT_LINE_WIDTH) -> Drawing:
    """One template's outline at ``mm_per_k``, as geometry/templates.py makes it.

    L and G start from a point (an attacker's base of no size) and point right.
    """
    origin = Disc("print", (0.0, 0.0), 0.0)
    made = make_template(name, (0.0, 0.0) if name.startswith("R") else (1.0, 0.0), origin,
                         line_width)  # fmt: skip
    x0, y0, x1, y1 = (float(v) for v in shapely.bounds(made.area))
    rings = [shapely.get_exterior_ring(g) for g in shapely.get_parts(made.area)]
    outlines = tuple(
        tuple(((x - x0) * mm_per_k, (y1 - y) * mm_per_k) for x, y in shapely.get_coordinates(r))
        for r in rings
    )
    return Drawing(made.shape, (x1 - x0) * mm_per_k, (y1 - y0) * mm_per_k, outlines)


def ruler_drawing(k: int, mm_per_k: float, name: str) -> Drawing:
    """A strip ``k`` K long, 1 cm high: a tick every K (numbered) and every half K."""
    length, height = k * mm_per_k, 10.0
    strokes = []
    labels = []
    for half in range(2 * k + 1):
        x = half * mm_per_k / 2
        whole = half % 2 == 0
        strokes.append(Stroke((x, 0.0), (x, height * (0.6 if whole else 0.3))))
        if whole and 0 < half < 2 * k:
            labels.append(Label((x - 1.0, height - 1.5), str(half // 2), 7.0))
    box = ((0.0, 0.0), (length, 0.0), (length, height), (0.0, height))
    return Drawing(name, length, height, (box,), tuple(strokes), tuple(labels))


def layout(
    scale_mm: float | None = None, cm: float | None = None, paper: str = "a4", lang: str = "es",
    line_width: float = DEFAULT_LINE_WIDTH,
) -> Sheet:  # fmt: skip
    """Every template and a ruler at true size, packed into pages of ``paper``.

    Give the figure scale in mm (``scale_mm``, 1 K = mm/10 cm) or ``cm`` per K.
    """
    if (scale_mm is None) == (cm is None):
        raise ValueError("give the scale either in mm or in cm per K")
    per_k = cm_per_k(scale_mm) if scale_mm is not None else float(cm or 0.0)
    if not per_k > 0.0:
        raise ValueError("the scale must be above 0 cm per K")
    texts, sheet_paper = _texts(lang), PAPERS[paper]
    mm_per_k = 10.0 * per_k
    area = _free_area(sheet_paper)
    ruler_k = max(1, math.floor(area[2] / mm_per_k))
    drawings = [ruler_drawing(ruler_k, mm_per_k, texts["ruler"].format(k=ruler_k))]
    drawings += [template_drawing(n, mm_per_k, line_width) for n in template_names()]
    placed = _pack([tile for d in drawings for tile in _tiles(d, area, texts)], sheet_paper)
    scale = f"{scale_mm:g} mm" if scale_mm is not None else f"{per_k:g} cm/K"
    pages = tuple(
        _page(sheet_paper, pieces, texts, scale, per_k, k + 1, len(placed))
        for k, pieces in enumerate(placed)
    )
    return Sheet(sheet_paper, scale, per_k, pages)


def _free_area(paper: Paper) -> tuple[float, float, float, float]:
    """Where pieces go: below the caption, above the check square's band."""
    top = MARGIN + HEADER
    bottom = paper.height - MARGIN - CHECK_SIDE - 2 * GAP
    return (MARGIN, top, paper.width - 2 * MARGIN, bottom - top)


@dataclass(frozen=True)
class _Tile:
    drawing: Drawing
    offset: Point  # the part of the drawing this tile shows starts here (mm, drawing frame)
    width: float
    height: float
    title: str


def _tiles(drawing: Drawing, area: tuple[float, ...], texts: dict[str, str]) -> list[_Tile]:
    """The drawing whole, or cut into the fewest equal tiles that each fit the area."""
    room_w, room_h = area[2], area[3] - LABEL_ROOM
    cols = max(1, math.ceil(drawing.width / room_w - 1e-9))
    rows = max(1, math.ceil(drawing.height / room_h - 1e-9))
    if rows == cols == 1:
        return [_Tile(drawing, (0.0, 0.0), drawing.width, drawing.height, drawing.name)]
    w, h = drawing.width / cols, drawing.height / rows
    return [
        _Tile(drawing, (c * w, r * h), w, h, texts["tile"].format(
            name=drawing.name, row=r + 1, col=c + 1, rows=rows, cols=cols))
        for r in range(rows)
        for c in range(cols)
    ]  # fmt: skip


def _pack(tiles: list[_Tile], paper: Paper) -> list[list[Piece]]:
    """First-fit decreasing height on shelves, over every page's free regions.

    The ruler stays first; the rest go tallest first, each onto the first shelf
    with room, else onto a new shelf in the first region with room, else onto a
    new page.  Pieces never overlap and never leave their region.
    """
    regions = _regions(paper)
    pages: list[list[Piece]] = []
    shelves: list[list[float]] = []  # page, region, y, height, next free x
    used: list[list[float]] = []  # per page, per region: the height taken
    order = tiles[:1] + sorted(tiles[1:], key=lambda t: -t.height)
    for tile in order:
        tall = tile.height + LABEL_ROOM
        spot = _on_shelf(shelves, regions, tile.width, tall)
        if spot is None:
            spot = _new_shelf(shelves, used, regions, pages, tile.width, tall)
        page, x, y = spot
        top = y + LABEL_ROOM
        origin = (x - tile.offset[0], top - tile.offset[1])
        title = Label((x, y + LABEL_ROOM - 2.0), tile.title)
        tiled = tile.title != tile.drawing.name
        clip = (x, top, tile.width, tile.height)
        pages[page].append(Piece(tile.drawing, origin, clip, title, tiled))
    return pages


def _on_shelf(
    shelves: list[list[float]], regions: list[tuple[float, float, float, float]], width: float,
    tall: float,
) -> tuple[int, float, float] | None:  # fmt: skip
    for shelf in shelves:
        page, region, y, height, x = shelf
        rx, _, rw, _ = regions[int(region)]
        if tall <= height + 1e-9 and x + width <= rx + rw + 1e-9:
            shelf[4] = x + width + GAP
            return int(page), x, y
    return None


def _new_shelf(
    shelves: list[list[float]], used: list[list[float]],
    regions: list[tuple[float, float, float, float]], pages: list[list[Piece]], width: float,
    tall: float,
) -> tuple[int, float, float]:  # fmt: skip
    for page, taken in enumerate(used):
        for k, (rx, ry, rw, rh) in enumerate(regions):
            if width <= rw + 1e-9 and taken[k] + tall <= rh + 1e-9:
                y = ry + taken[k]
                taken[k] += tall + GAP
                shelves.append([page, k, y, tall, rx + width + GAP])
                return page, rx, y
    pages.append([])
    used.append([0.0] * len(regions))
    return _new_shelf(shelves, used, regions, pages, width, tall)


def _regions(paper: Paper) -> list[tuple[float, float, float, float]]:
    """The free area above the check square, and the strip beside the square."""
    main = _free_area(paper)
    x = MARGIN + CHECK_SIDE + GAP
    side = (x, paper.height - MARGIN - CHECK_SIDE, paper.width - MARGIN - x, CHECK_SIDE)
    return [main, side]


def _page(
    paper: Paper, pieces: list[Piece], texts: dict[str, str], scale: str, per_k: float,
    number: int, total: int,
) -> Page:  # fmt: skip
    square = (MARGIN, paper.height - MARGIN - CHECK_SIDE, CHECK_SIDE)
    caption = texts["caption"].format(scale=scale, cm=f"{per_k:g}", page=number, pages=total)
    note = Label((MARGIN, square[1] - 2.0), texts["check"], 8.0)
    return Page(tuple(pieces), square, Label((MARGIN, MARGIN + 5.0), caption, 10.0), note)
