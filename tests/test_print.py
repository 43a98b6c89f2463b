"""`wartime print`: templates at 1:1 as a PDF (issue 14; DESIGN §4 scale, §5 templates).

The PDF is read back: its page size from the MediaBox, and its drawing commands
from the (inflated) content streams, where a rectangle is ``x y w h re`` in
points (1 mm = 72 / 25.4 pt).
"""

from __future__ import annotations

import math
import re
import zlib
from pathlib import Path

import pytest
import shapely

from wartime.cli import main
from wartime.geometry import scale as scale_module
from wartime.geometry.scale import SCALE_PRESETS
from wartime.render.pdf import sheet_pdf
from wartime.render.template_sheet import CHECK_SIDE, Sheet, layout, template_names

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

PT = 72 / 25.4  # points per mm
RECT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re S")


def pages_of(pdf: bytes) -> list[str]:
    """The inflated content stream of each page, in order."""
    found = []
    for head in re.finditer(rb"/Length (\d+)[^>]*>>\s*stream\r?\n", pdf):
        data = pdf[head.end() : head.end() + int(head[1])]  # binary: cut by /Length, not a regex
        found.append(zlib.decompress(data).decode("latin-1"))
    return found


def media_box(pdf: bytes) -> tuple[float, float]:
    boxes = {m for m in re.findall(rb"/MediaBox ?\[0 0 ([\d.]+) ([\d.]+)\]", pdf)}
    assert len(boxes) == 1, boxes  # every page the same size
    width, height = boxes.pop()
    return float(width), float(height)


def squares_mm(page: str) -> list[float]:
    """The sides, in mm, of the square rectangles stroked on a page."""
    found = []
    for match in RECT.finditer(page.encode("latin-1")):
        w, h = float(match[3]), float(match[4])
        if math.isclose(w, -h, abs_tol=0.01):
            found.append(w / PT)
    return found


@pytest.mark.parametrize(("paper", "size_mm"), [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_the_page_is_the_paper_at_its_true_size(
    paper: str, size_mm: tuple[float, float], tmp_path: Path
) -> None:
    out = tmp_path / "plantillas.pdf"
    assert main(["print", "--scale", "28", "--out", str(out), "--paper", paper]) == 0
    width, height = media_box(out.read_bytes())
    assert width == pytest.approx(size_mm[0] * PT, abs=0.01)
    assert height == pytest.approx(size_mm[1] * PT, abs=0.01)
    assert [p.name for p in tmp_path.iterdir()] == ["plantillas.pdf"]  # atomic: no leftovers


@pytest.mark.parametrize("mm", SCALE_PRESETS)
def test_every_page_has_a_10_cm_check_square_and_names_its_scale(mm: float) -> None:
    """Issue 14: a 10 × 10 cm square on every page, and the scale it was made for."""
    pdf = sheet_pdf(layout(scale_mm=mm))
    pages = pages_of(pdf)
    assert len(pages) == len(re.findall(rb"/Type /Page\b", pdf)) > 1
    for page in pages:
        assert any(math.isclose(side, 100.0, abs_tol=0.01) for side in squares_mm(page))
        assert f"escala {mm:g} mm: 1 K = {mm / 10:g} cm" in page


def test_a_custom_scale_is_named_in_cm_per_k() -> None:
    pages = pages_of(sheet_pdf(layout(cm=2.5, lang="en")))
    assert all("scale 2.5 cm/K: 1 K = 2.5 cm" in page for page in pages)


def test_templates_come_at_true_size_from_the_geometry() -> None:
    """ÁREAS: R4 is a 4 K disk, L6 a 6 K line at the ruleset's width, G4/3 a 4 K stem and a
    3 K disk; at 28 mm a K is 28 mm on paper."""
    sheet = layout(scale_mm=28, line_width=1.5)
    drawings = {p.drawing.name: p.drawing for page in sheet.pages for p in page.pieces}
    assert set(template_names()) <= set(drawings)
    assert {n[0] for n in template_names()} == {"R", "L", "G"}  # S is a chain, no shape
    r4, l6, g43 = drawings["R4"], drawings["L6"], drawings["G4/3"]
    assert (r4.width, r4.height) == pytest.approx((4 * 28.0, 4 * 28.0), abs=0.01)
    assert (l6.width, l6.height) == pytest.approx((6 * 28.0, 1.5 * 28.0))
    assert (g43.width, g43.height) == pytest.approx((7 * 28.0, 3 * 28.0), abs=0.01)
    area = shapely.Polygon(r4.outlines[0]).area
    assert area == pytest.approx(math.pi * (2 * 28.0) ** 2, rel=1e-3)


def test_pieces_stay_on_the_page_apart_from_each_other_and_the_square() -> None:
    """Tiles of a template larger than a page add up to the whole of it; nothing overlaps."""
    sheet = layout(scale_mm=54, paper="letter")
    for page in sheet.pages:
        x, y, side = page.check_square
        assert side == CHECK_SIDE
        boxes = [shapely.box(x, y, x + side, y + side)]
        for piece in page.pieces:
            px, py, w, h = piece.clip
            assert px >= 0 and px + w <= sheet.paper.width and py >= 0
            assert py + h <= sheet.paper.height
            boxes.append(shapely.box(px, py, px + w, py + h))
        for k, box in enumerate(boxes):
            assert all(box.intersection(other).area < 1e-6 for other in boxes[k + 1 :])
    _tiles_add_up(sheet)


def _tiles_add_up(sheet: Sheet) -> None:
    shown: dict[str, float] = {}
    size: dict[str, float] = {}
    for page in sheet.pages:
        for piece in page.pieces:
            name = piece.drawing.name
            shown[name] = shown.get(name, 0.0) + piece.clip[2] * piece.clip[3]
            size[name] = piece.drawing.width * piece.drawing.height
    assert any(p.tiled for page in sheet.pages for p in page.pieces)  # R10 at 54 mm: 54 cm
    for name, whole in size.items():
        assert shown[name] == pytest.approx(whole), name


def test_the_scale_presets_live_outside_the_window() -> None:
    """DESIGN §4: 15, 28, 32, 54 mm; the window's settings read the same table."""
    from wartime.ui import settings

    assert SCALE_PRESETS == (15.0, 28.0, 32.0, 54.0)
    assert settings.SCALE_PRESETS is scale_module.SCALE_PRESETS
    assert scale_module.cm_per_k(28.0) == pytest.approx(2.8)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--scale", "28", "--out", "x.png"], "must end in .pdf"),
        (["--scale", "28", "--out", "missing/x.pdf"], "no such folder"),
    ],
)
def test_bad_output_is_one_line_and_status_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    assert main(["print", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["--scale", "0"], ["--scale", "28", "--cm-per-k", "2"]])
def test_bad_scales_are_refused(argv: list[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["print", *argv, "--out", str(tmp_path / "x.pdf")])
    assert stop.value.code == 2
