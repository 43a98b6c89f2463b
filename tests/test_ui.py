"""The pygame side (wartime.ui): camera, painter, PNG export, the app shell, `wartime render`.

Headless: SDL's dummy drivers are chosen here, before pygame is imported.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartime.board.battlefield import Battlefield, Unit, Wall
from wartime.board.queries import hit_test
from wartime.cli import main
from wartime.formats.map import load_map
from wartime.render.battlefield import DEFAULT_PALETTE
from wartime.render.primitives import Circle, DrawList, Label, Layer, Polygon, Polyline, Wedge
from wartime.ui import strings
from wartime.ui.app import run_view
from wartime.ui.camera import MAX_SCALE, MIN_SCALE, Camera
from wartime.ui.modes.editor import EditorMode
from wartime.ui.painter import Painter, draw_scale_bar, scale_bar_length
from wartime.ui.png import parse_size, render_png, view_camera
from wartime.ui.settings import Settings
from wartime.ui.shell import ViewApp
from wartime.ui.status import describe

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.yaml"))
VILLAGE = ROOT / "maps" / "aldea-en-ruinas.yaml"

coord = st.floats(-500, 500, allow_nan=False)
scales = st.floats(MIN_SCALE, MAX_SCALE)
viewports = st.tuples(st.integers(100, 3000), st.integers(100, 2000))
cameras = st.builds(Camera, st.tuples(coord, coord), scales, viewports)


# --- camera ----------------------------------------------------------------------------


@given(cameras, st.tuples(coord, coord))
def test_camera_round_trip(camera: Camera, point: tuple[float, float]) -> None:
    back = camera.to_k(camera.to_px(point))
    assert back == pytest.approx(point, abs=1e-6)
    pixel = (point[0] + 700, point[1] + 400)
    assert camera.to_px(camera.to_k(pixel)) == pytest.approx(pixel, abs=1e-6)


def test_camera_y_points_up_the_table_and_down_the_screen() -> None:
    camera = Camera((0.0, 10.0), 20.0, (400, 200))
    assert camera.to_px((0.0, 10.0)) == (0.0, 0.0)  # the top-left corner
    assert camera.to_px((1.0, 9.0)) == (20.0, 20.0)  # right and down
    assert camera.to_px_many([(1.0, 9.0), (2.0, 10.0)]) == [(20.0, 20.0), (40.0, 0.0)]
    assert camera.visible_k() == (0.0, 0.0, 20.0, 10.0)


@given(cameras, st.tuples(st.floats(0, 3000), st.floats(0, 2000)), st.floats(0.05, 20))
def test_zoom_keeps_the_point_under_the_cursor(
    camera: Camera, cursor: tuple[float, float], factor: float
) -> None:
    under = camera.to_k(cursor)
    zoomed = camera.zoom_at(cursor, factor)
    assert MIN_SCALE <= zoomed.scale <= MAX_SCALE
    assert zoomed.to_px(under) == pytest.approx(cursor, abs=1e-6)
    assert zoomed.to_k(cursor) == pytest.approx(under, abs=1e-6)


@given(cameras, st.floats(-2000, 2000), st.floats(-2000, 2000))
def test_pan_moves_everything_by_the_drag(camera: Camera, dx: float, dy: float) -> None:
    point = (3.0, 4.0)
    x, y = camera.to_px(point)
    assert camera.pan(dx, dy).to_px(point) == pytest.approx((x + dx, y + dy), abs=1e-6)
    assert camera.pan(dx, dy).pan(-dx, -dy).offset == pytest.approx(camera.offset, abs=1e-6)


@given(
    st.tuples(st.floats(1, 500), st.floats(1, 500)),
    st.tuples(st.integers(200, 3000), st.integers(200, 2000)),
    st.integers(0, 60),
)
def test_fit_shows_the_whole_table_centred(
    table: tuple[float, float], viewport: tuple[int, int], margin: int
) -> None:
    camera = Camera.fit(table, viewport, margin)
    (left, top), (right, bottom) = camera.to_px((0, table[1])), camera.to_px((table[0], 0))
    if MIN_SCALE < camera.scale < MAX_SCALE:
        assert left >= margin - 1e-6 and top >= margin - 1e-6
        assert right <= viewport[0] - margin + 1e-6 and bottom <= viewport[1] - margin + 1e-6
        # One pair of opposite margins is tight.
        assert min(left, top) == pytest.approx(margin, abs=1e-6)
    assert (left + right) / 2 == pytest.approx(viewport[0] / 2, abs=1e-6)
    assert (top + bottom) / 2 == pytest.approx(viewport[1] / 2, abs=1e-6)


def test_resize_keeps_the_centre() -> None:
    camera = Camera.fit((48, 36), (1280, 800))
    resized = camera.resized((800, 600))
    assert resized.scale == camera.scale
    assert resized.to_k((400, 300)) == pytest.approx(camera.to_k((640, 400)))


# --- painter ---------------------------------------------------------------------------


@pytest.fixture
def surface() -> Iterator[pygame.Surface]:
    pygame.font.init()
    yield pygame.Surface((200, 100))


def _pixel(surface: pygame.Surface, camera: Camera, point: tuple[float, float]) -> tuple[int, ...]:
    x, y = camera.to_px(point)
    return tuple(surface.get_at((int(x), int(y))))[:3]


def _scene() -> DrawList:
    """One shape of each kind, none overlapping another translucent one."""
    return DrawList(
        (20.0, 10.0),
        (
            Polygon(((0, 0), (20, 0), (20, 10), (0, 10)), (100, 120, 90, 255), layer=Layer.TABLE),
            Polygon(((1, 1), (5, 1), (5, 4), (1, 4)), (0, 0, 255, 128), layer=Layer.TERRAIN),
            Polyline(((7, 2), (12, 2)), (250, 250, 250, 255), width_k=0.5, layer=Layer.WALLS),
            Polyline(((7, 8), (12, 8)), (0, 0, 0, 255), width_k=0.001, layer=Layer.WALLS),
            Wedge((15, 5), 3, 0, 180, (255, 255, 0, 90)),
            Wedge((3, 8), 1.5, 180, 360, (255, 255, 0, 90)),
            Circle((15, 2), 1.0, (200, 30, 30, 255), (0, 0, 0, 255), 1),
            Label((10, 5), "ñandú", (255, 255, 255, 255), 14),
        ),
    )


def test_painter_draws_each_kind_of_shape(surface: pygame.Surface) -> None:
    camera = Camera.fit((20, 10), surface.get_size(), 0)
    assert camera.scale == 10
    Painter().draw_list(surface, _scene(), camera)
    assert _pixel(surface, camera, (19, 9)) == (100, 120, 90)  # the table
    terrain = _pixel(surface, camera, (3, 2.5))  # blue at half alpha over the table
    assert terrain == pytest.approx((50, 60, 172), abs=2)
    assert _pixel(surface, camera, (9.5, 2)) == (250, 250, 250)  # a 5 px wall
    assert _pixel(surface, camera, (9.5, 8)) == (0, 0, 0)  # a hairline: never under 1 px
    arc = _pixel(surface, camera, (15, 6.5))
    assert arc[0] > 120 and arc[1] > 130 and arc[2] < 90  # tinted yellow
    assert _pixel(surface, camera, (15, 3.5)) == (100, 120, 90)  # behind the wedge
    assert _pixel(surface, camera, (15, 2)) == (200, 30, 30)  # the base sprite
    label = pygame.Rect(camera.to_px((8, 6)), (40, 20))
    colours = {tuple(surface.get_at(p))[:3] for p in _points(label)}
    assert (255, 255, 255) in colours


def _points(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]


def test_cached_and_naive_paths_agree(surface: pygame.Surface) -> None:
    camera = Camera.fit((20, 10), surface.get_size(), 0)
    other = surface.copy()
    painter = Painter()
    painter.draw_list(surface, _scene(), camera)
    painter.draw_list(surface, _scene(), camera)  # from the caches this time
    Painter(cache=False).draw_list(other, _scene(), camera)
    differ = sum(
        1
        for p in _points(surface.get_rect())
        if max(abs(a - b) for a, b in zip(surface.get_at(p), other.get_at(p), strict=True)) > 40
    )
    assert differ < 0.01 * surface.get_width() * surface.get_height()  # anti-aliased rims only


def test_overlapping_arcs_of_one_colour_tint_once(surface: pygame.Surface) -> None:
    camera = Camera.fit((20, 10), surface.get_size(), 0)
    fill = (255, 255, 0, 100)
    table = Polygon(((0, 0), (20, 0), (20, 10), (0, 10)), (0, 0, 0, 255), layer=Layer.TABLE)
    one = DrawList((20, 10), (table, Wedge((10, 2), 6, 0, 180, fill)))
    two = DrawList((20, 10), (*one.shapes, Wedge((11, 2), 6, 0, 180, fill)))
    Painter().draw_list(surface, one, camera)
    single = _pixel(surface, camera, (10.5, 4))
    Painter().draw_list(surface, two, camera)
    assert _pixel(surface, camera, (10.5, 4)) == single


def test_arcs_of_two_colours_both_show_where_they_overlap(surface: pygame.Surface) -> None:
    camera = Camera.fit((20, 10), surface.get_size(), 0)
    table = Polygon(((0, 0), (20, 0), (20, 10), (0, 10)), (0, 0, 0, 255), layer=Layer.TABLE)
    red = Wedge((10, 2), 6, 0, 180, (255, 0, 0, 100))
    blue = Wedge((11, 2), 6, 0, 180, (0, 0, 255, 100))
    Painter().draw_list(surface, DrawList((20, 10), (table, red, blue)), camera)
    r, _, b = _pixel(surface, camera, (10.5, 4))
    assert r > 40 and b > 80


def test_arcs_stop_at_the_table_edge() -> None:
    target = pygame.Surface((300, 100))
    target.fill((0, 0, 0))
    camera = Camera.fit((10, 10), target.get_size(), 0)  # the table is the middle square
    drawing = DrawList((10, 10), (Wedge((5, 5), 40, 0, 360, (255, 255, 255, 200)),))
    Painter().draw_list(target, drawing, camera)
    assert _pixel(target, camera, (5, 5)) != (0, 0, 0)
    assert tuple(target.get_at((20, 50)))[:3] == (0, 0, 0)  # beside the table


def test_scale_bar_reads_k_and_cm(surface: pygame.Surface) -> None:
    camera = Camera((0, 0), 20.0, (200, 100))
    assert scale_bar_length(camera) == 10  # 200 px: the nearest round length to 160 px
    assert scale_bar_length(Camera((0, 0), 3.0, (200, 100))) == 50
    box = draw_scale_bar(surface, camera, 2.8)
    assert surface.get_rect().contains(box) or box.width > surface.get_width()


# --- PNG export ------------------------------------------------------------------------


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_sample_map_renders(path: Path, tmp_path: Path) -> None:
    field = load_map(path)
    out = render_png(field, tmp_path / "view.png", (960, 600))
    assert out.is_file()
    image = pygame.image.load(str(out))
    assert image.get_size() == (960, 600)
    samples = [tuple(image.get_at((x, y))) for x in range(0, 960, 4) for y in range(0, 600, 4)]
    assert len(set(samples)) > 50, "the picture is nearly blank"
    assert max(samples.count(c) for c in set(samples)) < 0.6 * len(samples)
    camera = view_camera(field.size, (960, 600))
    checked = 0
    for unit in field.units:
        if unit.level == -1:
            continue  # drawn greyed and translucent
        # A little behind the centre, clear of the notch and the posture marks.
        back = math.radians(unit.facing + 180)
        r = 0.3 * unit.radius
        point = (unit.position[0] + r * math.cos(back), unit.position[1] + r * math.sin(back))
        x, y = camera.to_px(point)
        got = tuple(image.get_at((round(x), round(y))))[:3]
        want = DEFAULT_PALETTE.side(unit.side)[:3]
        assert got == pytest.approx(want, abs=12), f"{unit.id} at {point}"
        checked += 1
    assert checked > 0
    # The table's far corner is felt, inside the frame; outside it is the background.
    x, y = camera.to_px((field.size[0] - 0.2, field.size[1] - 0.2))
    assert tuple(image.get_at((round(x), round(y))))[:3] != tuple(image.get_at((2, 2)))[:3]


def test_render_shows_the_arcs_when_asked(tmp_path: Path) -> None:
    field = load_map(VILLAGE)
    plain = pygame.image.load(str(render_png(field, tmp_path / "a.png", (640, 400))))
    arcs = render_png(field, tmp_path / "b.png", (640, 400), frozenset({"grid", "arcs"}))
    with_arcs = pygame.image.load(str(arcs))
    unit = field.units[0]
    ahead = math.radians(unit.facing)
    point = (unit.position[0] + 3 * math.cos(ahead), unit.position[1] + 3 * math.sin(ahead))
    x, y = view_camera(field.size, (640, 400)).to_px(point)
    assert plain.get_at((round(x), round(y))) != with_arcs.get_at((round(x), round(y)))


def test_parse_size() -> None:
    assert parse_size("1280x800") == (1280, 800)
    assert parse_size("640×480") == (640, 480)
    for bad in ("1280", "axb", "0x100", "100x-3", "99999x100", "12x800x3"):
        with pytest.raises(ValueError):
            parse_size(bad)


# --- the app shell -------------------------------------------------------------------


def _key(key: int, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)


def _wheel(pos: tuple[int, int], notches: int) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEWHEEL,
        x=0,
        y=notches,
        precise_x=0.0,
        precise_y=float(notches),
        flipped=False,
        touch=False,
        pos=pos,
    )


def _alive_window(window: object) -> bool:
    element: Any = window
    return element is not None and bool(element.alive())


def _screen_pos(app: ViewApp, point: tuple[float, float]) -> tuple[int, int]:
    x, y = app.camera.to_px(point)
    return (round(x) + app.view_rect.x, round(y) + app.view_rect.y)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[ViewApp]:
    view = ViewApp(load_map(VILLAGE), VILLAGE, size=(960, 640), settings_dir=tmp_path)
    yield view
    pygame.quit()


def _run(app: ViewApp, *events: pygame.event.Event, frames: int = 2) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=app.frames + frames)


def test_app_zooms_fits_toggles_and_helps(app: ViewApp, tmp_path: Path) -> None:
    fitted = app.camera
    unit = app.field.unit("a-sargento")
    pos = _screen_pos(app, unit.position)
    _run(app, _wheel(pos, 2))
    assert app.camera.scale == pytest.approx(fitted.scale * 1.15**2)
    assert _screen_pos(app, unit.position) == pytest.approx(pos, abs=1)  # the cursor's point
    grid = app.show_grid
    _run(app, _key(pygame.K_f, "f"), _key(pygame.K_g, "g"), _key(pygame.K_F1))
    assert app.camera == fitted
    assert app.show_grid is not grid
    assert Settings.load(tmp_path).grid is app.show_grid  # saved at once
    assert app.help_open
    _run(app, _key(pygame.K_a, "a"))
    assert app.show_arcs
    _run(app, _key(pygame.K_ESCAPE))  # closes the help first
    assert not app.help_open and app.running
    _run(app, _key(pygame.K_ESCAPE), frames=1000)
    assert not app.running and app.frames < 1000


def test_app_hover_shows_the_unit_and_its_arc(app: ViewApp) -> None:
    unit = app.field.unit("a-sargento")
    pos = _screen_pos(app, unit.position)
    ahead = _screen_pos(app, (unit.position[0], unit.position[1] + 4))
    _run(app)
    before = app.screen.get_at(ahead)
    _run(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert app.hover == unit.id
    assert f"VOL {unit.vol}" in app._status_text and unit.id in app._status_text
    assert any(isinstance(s, Wedge) and s.key == unit.id for s in app.dynamic_layer())
    assert app.screen.get_at(ahead) != before  # its CdV tints the table ahead of it


def test_app_pans_with_middle_drag_and_space_drag(app: ViewApp) -> None:
    start = app.camera.offset
    centre = app.view_rect.center
    _run(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2),
        pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(40, -20), buttons=(0, 1, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=2),
    )
    assert app.camera.offset == pytest.approx(
        (start[0] - 40 / app.camera.scale, start[1] - 20 / app.camera.scale)
    )
    moved = app.camera.offset
    _run(
        app,
        _key(pygame.K_SPACE, " "),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(-40, 20), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1),
    )
    assert app.camera.offset == pytest.approx(start)
    assert moved != start
    assert app.static.builds == 1  # short pans move the cached map, they do not redraw it


def test_app_buttons_and_resize(app: ViewApp) -> None:
    button = app.top.buttons["arcs"].rect.center
    _run(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button, button=1),
    )
    assert app.show_arcs
    _run(app, pygame.event.Event(pygame.VIDEORESIZE, w=800, h=520, size=(800, 520)))
    assert app.screen.get_size() == (800, 520)
    assert app.view_rect.width == 800 and app.view_rect.bottom < 520


def test_app_opens_a_map_and_reports_a_bad_one(app: ViewApp, tmp_path: Path) -> None:
    assert app.open_map(MAPS[0])
    assert app.field.name == load_map(MAPS[0]).name
    assert Settings.load(tmp_path).last_map == str(MAPS[0].resolve())
    bad = tmp_path / "bad.yaml"
    bad.write_text("wartime_map: 1\nname: x\nsize: [nope]\n", encoding="utf-8")
    assert not app.open_map(bad)
    assert app.field.name == load_map(MAPS[0]).name  # the open map stays
    assert app.message is not None and "bad.yaml" in app.message


def test_run_view_starts_and_quits_cleanly(tmp_path: Path) -> None:
    events = [_wheel((480, 320), -1), _key(pygame.K_f), _key(pygame.K_g), _key(pygame.K_F1)]
    assert run_view(str(VILLAGE), max_frames=5, events=events, settings_dir=tmp_path) == 0
    assert not pygame.display.get_init()
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["last_map"] == str(VILLAGE.resolve())
    assert saved["grid"] is False  # G turned the default grid off
    quit_now = [_key(pygame.K_ESCAPE)]
    assert run_view(None, max_frames=100, events=quit_now, settings_dir=tmp_path) == 0


def test_hit_test_and_descriptions() -> None:
    field = Battlefield(
        "t",
        (10, 10),
        walls=(Wall(((1, 1), (5, 1)), 2.0, 4, 0.2, "muro"),),
        units=(Unit("u1", "A", (7, 7), vol=3),),
    )
    assert hit_test(field, (7.2, 7.2)) == "u1"
    assert hit_test(field, (3, 1.05)) == "muro"
    assert hit_test(field, (3, 1.3)) is None
    assert hit_test(field, (3, 1.3), tolerance=0.3) == "muro"
    assert "VOL 3" in (describe(field, "u1") or "")
    assert "DEF 4" in (describe(field, "muro") or "")


def test_settings_survive_a_bad_file(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    assert Settings.load(tmp_path) == Settings()
    assert Settings(last_map="x.yaml", grid=False).save(tmp_path)
    assert Settings.load(tmp_path) == Settings(last_map="x.yaml", grid=False)


def _menu_choice(menu: object, option_id: str) -> pygame.event.Event:
    """What pygame_gui posts when an option of a drop-down is chosen."""
    return pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
        text=option_id,
        selected_option_id=option_id,
        ui_element=menu,
        ui_object_id="",
    )


def _scale_bar_label(app: ViewApp) -> str:
    length = scale_bar_length(app.camera)
    return f"{length:g} K = {length * app.cm_per_k:g} cm"


def test_app_scale_preset_from_the_drop_down(app: ViewApp, tmp_path: Path) -> None:
    _run(app)
    assert app.cm_per_k == pytest.approx(2.8)  # the default preset, 28 mm
    before = app.screen.copy()
    labels = [label for label, _ in app.top.scale_options()]
    assert labels == ["15 mm", "28 mm", "32 mm", "54 mm", "Personalizada…"]
    _run(app, _menu_choice(app.top.scale_menu, "54"))
    assert app.cm_per_k == pytest.approx(5.4)
    assert app._status_text == "Escala: 54 mm (5.4 cm/K)"
    assert _scale_bar_label(app).endswith(" cm") and "54 cm" in _scale_bar_label(app)
    bar = pygame.Rect(app.view_rect.x, app.view_rect.bottom - 50, 400, 50)
    assert any(app.screen.get_at(p) != before.get_at(p) for p in _points(bar))  # redrawn
    saved = Settings.load(tmp_path)
    assert saved.scale_mm == 54 and saved.effective_cm_per_k == pytest.approx(5.4)
    menu: Any = app.top.scale_menu
    assert menu.selected_option[1] == "54"  # the drop-down shows the choice


def test_app_scale_overrides_the_map(app: ViewApp) -> None:
    app.settings.choose_preset(15)
    assert app.field.cm_per_k == pytest.approx(2.8)  # the village says 28 mm
    assert app.open_map(VILLAGE)
    assert app.cm_per_k == pytest.approx(1.5)
    assert app.message is not None and "15 mm (1.5 cm/K)" in app.message
    assert "28 mm del mapa" in app.message


def test_app_custom_scale_refuses_zero_and_takes_a_number(app: ViewApp, tmp_path: Path) -> None:
    _run(app, _menu_choice(app.top.scale_menu, "custom"))
    assert app.scale.window is not None and app.scale.entry is not None
    entry: Any = app.scale.entry
    entry.set_text("0")
    _run(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.scale.ok))
    assert app.scale.refusal == "la escala debe ser mayor que 0 cm por K"
    error: Any = app.scale.error
    assert error.text == "La escala debe ser mayor que 0 cm por K"
    assert app._status_text == "No aplicada: la escala debe ser mayor que 0 cm por K"
    assert app.cm_per_k == pytest.approx(2.8) and app.settings.scale_mm == 28  # unchanged
    assert _alive_window(app.scale.window)  # still open, to correct the value
    for raw, reason in (("veinte", "no es un número"), ("25", "no puede pasar de 20")):
        entry.set_text(raw)
        _run(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.scale.ok))
        assert app.scale.refusal is not None and reason in app.scale.refusal
    entry.set_text("3,5")
    _run(app, pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry, text="3,5"))
    assert app.scale.window is None and app.scale.refusal is None
    assert app.cm_per_k == 3.5 and app.settings.scale_mm is None
    assert app._status_text == "Escala: personalizada (3.5 cm/K)"
    assert Settings.load(tmp_path).effective_cm_per_k == 3.5
    menu: Any = app.top.scale_menu
    assert menu.selected_option[1] == "custom"


def test_app_custom_scale_dialog_cancels(app: ViewApp) -> None:
    app.settings.choose_preset(32)
    _run(app, _menu_choice(app.top.scale_menu, "custom"))
    assert _alive_window(app.scale.window)
    _run(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.scale.cancel))
    assert app.scale.window is None and app.cm_per_k == pytest.approx(3.2)
    menu: Any = app.top.scale_menu
    assert menu.selected_option[1] == "32"  # back to the scale in use


def test_app_recent_files_fill_in_order_and_open(app: ViewApp, tmp_path: Path) -> None:
    first, second = MAPS[1], MAPS[2]
    assert app.open_map(first) and app.open_map(second)
    _run(app)
    assert app.settings.recent == [str(second.resolve()), str(first.resolve())]
    assert [label for label, _ in app.top.recent_options()] == [
        "Recientes",
        second.stem,
        first.stem,
    ]
    menu: Any = app.top.recent_menu
    assert [o[0] for o in menu.options_list] == ["Recientes", second.stem, first.stem]
    assert Settings.load(tmp_path).recent == app.settings.recent
    _run(app, _menu_choice(app.top.recent_menu, str(first.resolve())))
    assert app.field.name == load_map(first).name
    assert app.settings.recent[0] == str(first.resolve())
    menu = app.top.recent_menu
    assert menu.selected_option[1] == ""  # back to the title, ready for another choice
    _run(app, _menu_choice(app.top.recent_menu, ""))  # the title itself does nothing
    assert app.field.name == load_map(first).name


def test_editor_recent_files_ask_before_dropping_edits(tmp_path: Path) -> None:
    field = load_map(VILLAGE)
    mode = EditorMode(field, VILLAGE)
    app = ViewApp(field, VILLAGE, size=(1280, 800), settings_dir=tmp_path, mode=mode)
    try:
        other = MAPS[1] if MAPS[1] != VILLAGE else MAPS[2]
        app.settings.remember(other)
        _run(app)
        mode.commit(replace(app.field, name="cambiado"))  # an unsaved edit
        _run(app, _menu_choice(app.top.recent_menu, str(other.resolve())))
        assert app.field.name == "cambiado"  # not dropped: the editor asks first
        asked: Any = mode.unsaved
        assert asked is not None and asked.alive()
        discard = mode.unsaved_buttons["discard"]
        _run(app, pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=discard))
        assert app.field.name == load_map(other).name and mode.path == other.resolve()
        assert app.settings.recent[0] == str(other.resolve())
    finally:
        pygame.quit()


def test_help_lists_every_shortcut() -> None:
    body = strings.text("help.body")
    for key in ("F1", "F", "G", "A", "Esc", "Espacio", "Rueda", "central", "Ctrl+O"):
        assert key in body


# --- `wartime render` ---------------------------------------------------------------------


def test_cli_render_writes_the_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "aldea.png"
    status = main(["render", str(VILLAGE), "--out", str(out), "--size", "640x400"])
    assert status == 0, capsys.readouterr().err
    assert pygame.image.load(str(out)).get_size() == (640, 400)
    assert "640×400" in capsys.readouterr().out


@pytest.mark.parametrize(
    "extra",
    [
        ["--size", "640"],
        ["--size", "0x400"],
        ["--show", "arcs,walls"],
    ],
)
def test_cli_render_refuses_bad_options(
    extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.png"
    assert main(["render", str(VILLAGE), "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wartime render: --") and "Traceback" not in err
    assert not out.exists()


def test_cli_render_refuses_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(tmp_path / "none.yaml"), "--out", str(tmp_path / "x.png")]) == 2
    assert "none.yaml" in capsys.readouterr().err
    missing = tmp_path / "no" / "x.png"
    assert main(["render", str(VILLAGE), "--out", str(missing)]) == 2
    assert main(["render", str(VILLAGE), "--out", str(tmp_path / "x.jpg")]) == 2


def test_window_commands_say_what_they_open(capsys: pytest.CaptureFixture[str]) -> None:
    for command, opens in (
        ("edit", "battlefield view"), ("overlay", "battlefield view"), ("play", "start screen"),
    ):  # fmt: skip
        with pytest.raises(SystemExit):
            main(["--lang", "en", command, "--help"])
        assert opens in capsys.readouterr().out
