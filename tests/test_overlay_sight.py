"""The overlay's cross-section (X), what a figure can see (V) and its print button, driven
headless with synthetic pygame events (issue 14)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
import shapely

from wartime.board.battlefield import Battlefield, Unit, Wall
from wartime.board.shapes import wall_solids
from wartime.geometry.cover import Occluders
from wartime.geometry.cross_section import cross_section
from wartime.geometry.visible_area import visible_area
from wartime.geometry.vision import eye_point, silhouette_base
from wartime.render.primitives import Polygon
from wartime.render.sight import SEEN_FILL, SHADOW, section_shapes, seen_area_shapes
from wartime.ui import strings
from wartime.ui.modes.overlay import OverlayMode
from wartime.ui.shell import ViewApp

from .test_overlay import _click, _drag, _key, _pos, _run, config  # noqa: F401  (autouse fixture)
from .test_print import pages_of, squares_mm

WALLS = (
    Wall(((10.0, 4.0), (10.0, 16.0)), 1.2, 3, 0.2, "muro"),
    Wall(((15.0, 6.0), (15.0, 14.0)), 0.5, 1, 0.2, "murete"),
)


def _field(level: int = 1) -> Battlefield:
    units = (
        Unit("a", "A", (4.0, 10.5), facing=0.0),
        Unit("b", "B", (22.0, 9.0), facing=180.0, level=level),
    )
    return Battlefield("Corte", (32.0, 20.0), walls=WALLS, units=units)


def _open(tmp_path: Path, field: Battlefield) -> tuple[ViewApp, OverlayMode]:
    mode = OverlayMode()
    app = ViewApp(field, None, size=(1280, 800), settings_dir=tmp_path, mode=mode)
    _run(app)
    return app, mode


def _measure(app: ViewApp, a: tuple[float, float], b: tuple[float, float]) -> None:
    _run(app, _key(pygame.K_2), *_click(_pos(app, a)), *_click(_pos(app, b)))


# -- the cross-section --------------------------------------------------------------------


@pytest.mark.parametrize("level", [1, 2])
def test_x_after_a_measurement_opens_the_cross_section_of_that_ldv(
    tmp_path: Path, level: int
) -> None:
    app, mode = _open(tmp_path, _field(level))
    a, b = app.field.unit("a"), app.field.unit("b")
    _measure(app, a.position, b.position)
    _run(app, _key(pygame.K_x))
    assert mode.section.is_open
    expected = cross_section(
        eye_point(a.position, a.current_height, a.level), b.position, b.current_height,
        app.field.solids(), silhouette_base(b.level),
    )  # fmt: skip
    shown = mode.section.section
    assert shown == expected
    assert [(c.id, c.height, c.defense) for c in shown.crossings] == [
        ("muro", 1.2, 3),
        ("murete", 0.5, 1),
    ]
    assert shown.silhouette_bottom == (3.0 if level == 2 else 0.0)  # level 2: 3 K up
    # Each wall is drawn as a bar as tall as the wall (at the chart's vertical stretch),
    # labelled with its height and DEF.
    bars = {s.key: s for s in mode.section.shapes if isinstance(s, Polygon) and s.key}
    tops = {key: max(y for _, y in bar.points) for key, bar in bars.items()}
    assert tops["muro"] / tops["murete"] == pytest.approx(1.2 / 0.5)
    captions = [getattr(s, "text", "") for s in mode.section.shapes]
    assert "muro: 1.2 K · DEF 3" in captions and "murete: 0.5 K · DEF 1" in captions
    # X closes it, X opens it again, Esc closes it and keeps the measurement.
    _run(app, _key(pygame.K_x))
    assert not mode.section.is_open
    _run(app, _key(pygame.K_x), _key(pygame.K_ESCAPE))
    assert not mode.section.is_open and app.running
    assert mode.tools["measure"].report().startswith("<b>")  # still measured


def test_the_cross_section_follows_the_table_and_needs_a_measurement(tmp_path: Path) -> None:
    app, mode = _open(tmp_path, _field())
    _run(app, _key(pygame.K_x))
    assert not mode.section.is_open and "mide antes" in (app.message or "")
    a, b = app.field.unit("a"), app.field.unit("b")
    _measure(app, a.position, b.position)
    _run(app, _key(pygame.K_x))
    before = mode.section.section
    mode.set_unit(Unit("b", "B", (22.0, 9.0), facing=180.0, level=2))  # b climbs
    _run(app)
    assert mode.section.section != before and mode.section.section is not None
    assert mode.section.section.silhouette_bottom == 3.0


# -- what a figure can see --------------------------------------------------------------


def test_v_shades_what_the_selected_figure_can_see(tmp_path: Path) -> None:
    app, mode = _open(tmp_path, _field())
    drawn: list[Any] = []
    original = app.painter.draw

    def spy(view: Any, shapes: Any, *args: Any, **kwargs: Any) -> None:
        shapes = list(shapes)
        drawn.append(shapes)
        original(view, shapes, *args, **kwargs)

    app.painter.draw = spy  # type: ignore[method-assign,assignment]
    a = app.field.unit("a")
    _run(app, _key(pygame.K_1), *_click(_pos(app, a.position)), _key(pygame.K_v))
    assert mode.chosen == "a" and mode.seen.on
    expected = shapely.intersection(
        visible_area(eye_point(a.position, a.current_height, a.level), a.facing, a.vol,
                     Occluders.from_solids(app.field.solids()), viewer_radius=a.radius),
        shapely.box(0.0, 0.0, *app.field.size),
    )  # fmt: skip
    area = mode.seen.area
    assert area is not None
    assert shapely.area(area) == pytest.approx(shapely.area(expected), rel=1e-9)
    assert shapely.area(shapely.symmetric_difference(area, expected)) < 1e-6
    # In front and clear: seen; right behind the 1.2 K wall (eye 0.9 K): hidden; behind a.
    inside, hidden, behind = (7.0, 10.0), (12.0, 10.0), (2.0, 10.0)
    assert [bool(shapely.contains_xy(area, *p)) for p in (inside, hidden, behind)] == [
        True,
        False,
        False,
    ]
    fills = [s for s in drawn[-1] if isinstance(s, Polygon) and s.fill == SEEN_FILL]
    shaded = sum(shapely.Polygon(s.points).area for s in fills)
    assert shaded == pytest.approx(shapely.area(area), rel=0.02)  # simplified to 0.05 K
    assert mode.seen.last_ms > 0.0
    # Turned, it sees elsewhere; V again hides it.
    _run(app, _key(pygame.K_q))
    assert mode.seen.area is not None and not shapely.equals(mode.seen.area, area)
    _run(app, _key(pygame.K_v))
    drawn.clear()
    _run(app)
    assert not any(isinstance(s, Polygon) and s.fill == SEEN_FILL for s in drawn[-1])
    # The panel's toggle says so, and turns it back on.
    buttons = {name: button for button, name in mode.panel.buttons.items()}
    assert getattr(buttons["seen"], "text", None) == "V Lo que ve: no"
    _run(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=buttons["seen"]))
    assert mode.seen.on


def test_the_seen_area_follows_a_dragged_figure(tmp_path: Path) -> None:
    """Cached per figure; after a drag it is the area from where the figure stands."""
    app, mode = _open(tmp_path, _field())
    start = app.field.unit("a").position
    _run(app, _key(pygame.K_1), *_click(_pos(app, start)), _key(pygame.K_v))
    before = mode.seen.area
    _drag(app, start, (6.0, 14.0))
    _run(app)
    a = app.field.unit("a")
    assert a.position != start and mode.seen.area is not before
    expected = visible_area(
        eye_point(a.position, a.current_height, a.level), a.facing, a.vol,
        Occluders.from_solids(app.field.solids()), viewer_radius=a.radius,
    )  # fmt: skip
    clipped = shapely.intersection(expected, shapely.box(0.0, 0.0, *app.field.size))
    assert mode.seen.area is not None
    assert shapely.area(shapely.symmetric_difference(mode.seen.area, clipped)) < 1e-6


# -- printing -----------------------------------------------------------------------------


def test_the_print_button_writes_the_templates_pdf_at_the_scale_in_use(tmp_path: Path) -> None:
    app, mode = _open(tmp_path, _field())
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.top.buttons["print"])
    _run(app, press)
    assert app.dialog is not None and mode.printer.dialog is app.dialog
    out = tmp_path / "plantillas.pdf"
    picked = pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(out), ui_element=app.dialog
    )
    _run(app, picked)
    assert app.dialog is None and app.field.name == "Corte"  # not taken for a map
    pages = pages_of(out.read_bytes())
    assert any(math.isclose(side, 100.0, abs_tol=0.01) for side in squares_mm(pages[0]))
    assert "escala 28 mm: 1 K = 2.8 cm" in pages[0]
    assert str(out) in (app.message or "")
    # A folder that does not exist: nothing written, and the reason said.
    _run(app, press)
    missing = tmp_path / "no-such" / "x.pdf"
    again = pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(missing), ui_element=app.dialog
    )
    _run(app, again)
    assert not missing.exists() and "la carpeta no existe" in (app.message or "")


def test_f1_names_the_new_keys_in_both_languages(tmp_path: Path) -> None:
    _, mode = _open(tmp_path, _field())
    for language, words in (("es", ("Imprimir", "corte")), ("en", ("Print", "cross-section"))):
        strings.set_language(language)
        body = mode.help_body()
        assert "<b>X</b>" in body and "<b>V</b>" in body
        assert all(word in body for word in words)


# -- the pure shapes ----------------------------------------------------------------------


def test_the_seen_fill_keeps_the_holes() -> None:
    """The painter's polygons have no holes: the fill is triangles covering the area only."""
    ring = shapely.box(0.0, 0.0, 10.0, 10.0).difference(shapely.box(4.0, 4.0, 6.0, 6.0))
    shapes = seen_area_shapes(ring)
    fills = [s for s in shapes if isinstance(s, Polygon)]
    assert sum(shapely.Polygon(s.points).area for s in fills) == pytest.approx(96.0)
    assert not any(shapely.Polygon(s.points).contains(shapely.Point(5, 5)) for s in fills)
    assert seen_area_shapes(shapely.Polygon()) == []


def test_the_chart_shades_behind_each_wall_up_to_its_shadow() -> None:
    """Behind a wall above the eye, the shaded region reaches ``shadow`` at the target."""
    wall = wall_solids("tapia", [(4.1, -2.0), (4.1, 2.0)], 0.2, 2.0, 3)
    section = cross_section((0.0, 0.0, 0.9), (8.0, 0.0), 1.0, wall)
    labels = {"eye": "ojo {height} K", "target": "objetivo", "wall": "{id} {height} {defense}"}
    shapes = section_shapes(section, "blocked", labels)
    shade = next(s for s in shapes if isinstance(s, Polygon) and s.fill == SHADOW)
    assert (8.0, section.crossings[0].shadow) in shade.points
    assert "tapia 2 3" in [getattr(s, "text", "") for s in shapes]
