"""The measurement overlay (wartime.ui.modes.overlay), driven headless with synthetic
pygame events through its own input handling."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from wartime.board.battlefield import Battlefield, Unit, Wall
from wartime.cli import build_parser, main
from wartime.geometry.measure import Table
from wartime.geometry.noise import NoiseRule
from wartime.render.overlay import SIGHT_COLOURS
from wartime.render.primitives import Polyline
from wartime.ui import strings
from wartime.ui.modes import registry
from wartime.ui.modes.overlay import OverlayMode, run_overlay
from wartime.ui.shell import ViewApp

WALL = Wall(((10.0, 4.0), (10.0, 16.0)), 2.0, 3, 0.2, "muro")


def _field() -> Battlefield:
    units = (
        Unit("a", "A", (15.0, 17.0)),
        Unit("b", "B", (20.0, 10.0), facing=180.0),
        Unit("c", "B", (25.0, 5.0), facing=180.0),
        Unit("d", "B", (26.8, 5.0), facing=180.0),
        Unit("e", "B", (29.5, 5.0), facing=180.0),
        Unit("f", "B", (25.0, 17.0), facing=180.0),
    )
    return Battlefield("Prueba", (32.0, 20.0), walls=(WALL,), units=units)


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "config"
    monkeypatch.setenv("WARTIME_CONFIG_DIR", str(folder))
    strings.set_language("es")
    yield folder
    strings.set_language("es")
    pygame.quit()


@pytest.fixture
def overlay(tmp_path: Path) -> tuple[ViewApp, OverlayMode]:
    mode = OverlayMode()
    app = ViewApp(_field(), None, size=(1280, 800), settings_dir=tmp_path, mode=mode)
    _run(app)
    return app, mode


# -- a few event helpers ----------------------------------------------------------------


def _run(app: ViewApp, *events: pygame.event.Event, frames: int = 2) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=app.frames + frames)


def _pos(app: ViewApp, point: tuple[float, float]) -> tuple[int, int]:
    x, y = app.camera.to_px(point)
    return (round(x) + app.view_rect.x, round(y) + app.view_rect.y)


def _move(pos: tuple[int, int], held: bool = False) -> pygame.event.Event:
    buttons = (1, 0, 0) if held else (0, 0, 0)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        _move(pos),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def _drag(app: ViewApp, start: tuple[float, float], end: tuple[float, float]) -> None:
    a, b = _pos(app, start), _pos(app, end)
    steps = [(a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8) for i in range(9)]
    events = [_move(a), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]
    events += [_move(p, held=True) for p in steps[1:]]
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    _run(app, *events)


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _wheel(pos: tuple[int, int], notches: int) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=notches, precise_x=0.0, precise_y=float(notches),
        flipped=False, touch=False, pos=pos,
    )  # fmt: skip


def _panel(mode: OverlayMode) -> str:
    return mode.panel.shown


# -- mirroring the table ------------------------------------------------------------------


def test_the_overlay_is_a_mode_of_the_registry_and_the_cli_opens_it() -> None:
    assert registry()["overlay"] is OverlayMode
    args = build_parser().parse_args(["overlay", "maps/campo-abierto.yaml"])
    assert args.run == "windows:overlay" and args.blank is None
    assert build_parser().parse_args(["overlay", "--blank", "30x20"]).blank == (30.0, 20.0)


def test_run_overlay_opens_a_map_or_a_blank_table(tmp_path: Path) -> None:
    assert run_overlay("maps/campo-abierto.yaml", max_frames=2, settings_dir=tmp_path) == 0
    assert run_overlay(blank=(30.0, 20.0), max_frames=2, settings_dir=tmp_path) == 0


def test_drag_a_figure_behind_a_wall_and_read_the_cover_in_the_panel(
    overlay: tuple[ViewApp, OverlayMode],
) -> None:
    app, mode = overlay
    _run(app, *_click(_pos(app, (15.0, 17.0))))
    assert mode.chosen == "a"
    assert "b: LdV despejada · cobertura 0 %" in _panel(mode)
    _drag(app, (15.0, 17.0), (8.0, 10.0))
    assert app.field.unit("a").position == pytest.approx((8.0, 10.0), abs=0.05)
    # b looks at a across the 2 K wall: a is hidden whole.
    assert "b: LdV bloqueada · cobertura 100 %" in _panel(mode)
    expected = Table(app.field).measure("b", "a")
    assert expected.cover_percent == 100.0 and expected.line_of_sight == "blocked"


def test_a_dragged_base_stops_against_another_base(
    overlay: tuple[ViewApp, OverlayMode],
) -> None:
    app, _mode = overlay
    _drag(app, (15.0, 17.0), (25.0, 17.0))  # f stands there
    a, f = app.field.unit("a"), app.field.unit("f")
    gap = math.dist(a.position, f.position) - a.radius - f.radius
    assert -1e-4 <= gap < 0.05
    assert f.position == (25.0, 17.0)


def test_turn_with_the_wheel_and_q_e_then_add_and_remove_a_figure(
    overlay: tuple[ViewApp, OverlayMode],
) -> None:
    app, mode = overlay
    here = _pos(app, (15.0, 17.0))
    _run(app, *_click(here), _wheel(here, 2))
    assert app.field.unit("a").facing == pytest.approx(120.0)
    _run(app, _key(pygame.K_e), _key(pygame.K_e), _key(pygame.K_e))
    assert app.field.unit("a").facing == pytest.approx(75.0)
    # N adds a figure at the cursor with the panel's values; Supr removes the selected one.
    _run(app, _move(_pos(app, (4.0, 4.0))), _key(pygame.K_n))
    added = app.field.units[-1]
    assert added.id == "a-1" and added.position == pytest.approx((4.0, 4.0), abs=0.05)
    assert mode.chosen == "a-1"
    _run(app, _key(pygame.K_DELETE))
    assert "a-1" not in {u.id for u in app.field.units} and mode.chosen is None
    # A figure cannot be added on another base.
    _run(app, _move(_pos(app, (20.0, 10.0))), _key(pygame.K_n))
    assert len(app.field.units) == 6 and "No se puede" in (app.message or "")


def test_a_blank_table_of_the_panels_size(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    mode.tool.values.update(width="40", depth="30")
    assert mode.button("blank")
    _run(app)
    assert app.field.size == (40.0, 30.0) and app.field.units == ()


def test_a_map_that_cannot_be_read_opens_a_window_and_the_table_stays(
    overlay: tuple[ViewApp, OverlayMode], tmp_path: Path
) -> None:
    app, mode = overlay
    bad = tmp_path / "roto.yaml"
    bad.write_text("wartime_map: 1\nname: x\nsize: [20, 10]\nwalls:\n- points: [[1, 1], [2, 2]]\n"
                   "  height: -3\n  def: 2\n", encoding="utf-8")  # fmt: skip
    before = app.field
    app.open_dialog()
    picked = pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(bad), ui_element=app.dialog
    )
    _run(app, picked)
    assert app.field is before
    notice: Any = mode.notice
    assert notice is not None and notice.alive()
    assert "roto.yaml" in notice.window_display_title
    body = notice.text_block.html_text
    assert "walls[0].height" in body and ":6:" in body and "0 or more" in body
    # A good map opens through the same dialog.
    app.open_dialog()
    good = Path("maps/campo-abierto.yaml").resolve()
    _run(app, pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(good), ui_element=app.dialog))  # fmt: skip
    assert app.map_path == good and app.field is not before


# -- measuring ----------------------------------------------------------------------------


def test_measure_two_figures_the_panel_gives_the_geometrys_distance(
    overlay: tuple[ViewApp, OverlayMode],
) -> None:
    app, mode = overlay
    _drag(app, (15.0, 17.0), (8.0, 10.0))
    _run(app, _key(pygame.K_2), *_click(_pos(app, (20.0, 10.0))), *_click(_pos(app, (8.0, 10.0))))
    m = Table(app.field).measure("b", "a")
    panel = _panel(mode)
    assert f"<b>{m.distance_k:.2f} K</b>" in panel
    assert f"{m.distance_k * app.cm_per_k:.1f} cm" in panel
    assert "LdV: <b>bloqueada</b>" in panel and "Cobertura: <b>100.0 %</b>" in panel
    assert "la cobertura tira su propio CH DEF (DEF 3)" in panel
    assert "· muro a 9.9 K · altura 2 K · DEF 3" in panel  # b stands 10 K from its face
    assert "Alcance: de 10 a 20 K · CH IMP -1" in panel  # 11.0 K edge to edge
    # The odds tool takes the band and the cover from the measurement.
    _run(app, _key(pygame.K_6))
    assert mode.tool.values["modifier"] == "-1" and mode.tool.values["cover"] == "total"
    assert "Probabilidad de herir" in _panel(mode)


def test_threats_are_coloured_as_the_cover_says(
    overlay: tuple[ViewApp, OverlayMode], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, _mode = overlay
    _drag(app, (15.0, 17.0), (8.0, 17.5))  # at the wall's end: partly hidden, or not
    drawn: list[Any] = []
    real = app.painter.draw

    def spy(view: Any, shapes: Any, *args: Any, **kwargs: Any) -> None:
        drawn.append(list(shapes))
        real(view, shapes, *args, **kwargs)

    monkeypatch.setattr(app.painter, "draw", spy)
    _run(app, frames=1)
    lines = {
        (s.points[0], s.colour)
        for shapes in drawn
        for s in shapes
        if isinstance(s, Polyline) and s.colour in SIGHT_COLOURS.values()
    }
    table = Table(app.field)
    for enemy in ("b", "c", "d", "e", "f"):
        unit = app.field.unit(enemy)
        sight = table.measure(enemy, "a").line_of_sight
        assert (unit.position, SIGHT_COLOURS[sight]) in lines, enemy
    sights = {table.measure(e, "a").line_of_sight for e in ("b", "c", "d", "e", "f")}
    assert sights == {"clear", "partial"}  # the wall hides a from some, not from f


def test_an_r4_under_the_mouse_marks_who_is_covered(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    _run(app, _key(pygame.K_3), _move(_pos(app, (25.0, 5.0))))
    panel = _panel(mode)
    assert "Plantilla R4" in panel
    assert "Cubiertas del todo (DAÑ completo): c<" in panel
    assert "Cubiertas en parte (mitad de DAÑ): d" in panel and "e" not in panel.split("d")[-1]
    # + grows it to R9: d is inside whole, e (4.5 K from the centre) is touched now.
    _run(app, *[_key(pygame.K_PLUS)] * 5, _move(_pos(app, (25.0, 5.0))))
    assert "Plantilla R9" in _panel(mode) and "completo): c, d<" in _panel(mode)
    assert "(mitad de DAÑ): e" in _panel(mode)
    # Tab to L, the wheel turns it.
    _run(app, _key(pygame.K_TAB), _move(_pos(app, (22.0, 5.0))))
    assert "Plantilla L9" in _panel(
        mode
    ) and "nadie<br>Cubiertas en parte (mitad de DAÑ): nadie" in _panel(
        mode
    )  # it points up the table
    # Six notches back turn it 90° clockwise: pointing east from (22, 5), it meets c, d and e.
    _run(app, _wheel(_pos(app, (22.0, 5.0)), -6), _move(_pos(app, (22.0, 5.0))))
    covered = _panel(mode).split("<br>", 1)[1]
    assert all(f" {i}" in covered for i in "cde"), covered


def test_an_s_chain_shows_its_jumps(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    _run(app, _key(pygame.K_3), _key(pygame.K_TAB), _key(pygame.K_TAB), _key(pygame.K_TAB))
    _run(app, _key(pygame.K_MINUS), *_click(_pos(app, (25.0, 5.0))))
    assert "Salto S3 desde c: c -&gt; d -&gt; e" in _panel(mode) or "c -> d -> e" in _panel(mode)


def test_scatter_noise_and_odds(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    _run(app, _key(pygame.K_4), *_click(_pos(app, (16.0, 10.0))))
    scatter = mode.tool
    assert "2d10 (semilla 1)" not in _panel(mode) and "1d10 (semilla 1)" in _panel(mode)
    assert scatter.values["seed"] == "2"
    # Noise: a DAÑ 3 weapon heard 6 K off; the wall (DEF 3) cuts it toward a.
    _run(app, _key(pygame.K_5), *_click(_pos(app, (22.0, 10.0))))
    source = getattr(mode.tool, "source", None)
    assert source == pytest.approx((22.0, 10.0), abs=0.1)
    rule = NoiseRule(app.field.rules.noise_wall_rule)
    heard = Table(app.field).noise(source, 6.0, rule)["hears"]
    assert heard and "a" not in heard
    assert f"Lo oyen: {', '.join(heard)}" in _panel(mode) and "alcance 6 K" in _panel(mode)
    _run(app, _key(pygame.K_6))
    panel = _panel(mode)
    assert "crítico: 1/10 (10.0 %)" in panel and "pifia: 1/10 (10.0 %)" in panel
    assert "Probabilidad de herir: " in panel


def test_f1_lists_every_shortcut_in_both_languages(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    _run(app, _key(pygame.K_F1))
    assert app.help_open
    for language in ("es", "en"):
        strings.set_language(language)
        body = mode.help_body()
        for shortcut in ("<b>1</b>", "<b>2</b>", "<b>3</b>", "<b>4</b>", "<b>5</b>", "<b>6</b>",
                         "<b>T</b>", "<b>Q / E</b>", "<b>N</b>", "<b>Tab</b>", "<b>+ / −</b>",
                         "<b>Esc</b>", "<b>F1</b>", "<b>Ctrl+O</b>"):  # fmt: skip
            assert shortcut in body, (language, shortcut)


def test_threats_update_while_the_figure_is_dragged(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    start, end = _pos(app, (15.0, 17.0)), _pos(app, (8.0, 10.0))
    _run(app, _move(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    assert "b: LdV despejada" in _panel(mode)
    _run(app, _move(end, held=True), frames=1)  # the button is still down
    assert getattr(mode.tool, "dragging", None) == "a"
    assert {t.source: t.line_of_sight for t in mode.threats()}["b"] == "blocked"
    _run(app, frames=20)  # the panel follows a few times a second while dragging
    assert "b: LdV bloqueada · cobertura 100 %" in _panel(mode)
    _run(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert getattr(mode.tool, "dragging", None) is None


def test_typing_in_a_panel_field_changes_the_answer(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    _run(app, _key(pygame.K_6))
    assert "CH IMP</b> a 5<" in _panel(mode)
    entry = mode.panel.by_field["attribute"]
    typed = pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text="8", ui_element=entry)
    _run(app, typed)
    assert mode.tool.values["attribute"] == "8" and "CH IMP</b> a 8<" in _panel(mode)
    assert "pasa: 7/10 (70.0 %)" in _panel(mode)
    bad = pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text="ocho", ui_element=entry)
    _run(app, bad)
    assert "Valor no válido" in _panel(mode) and "ocho" in _panel(mode)


def test_panel_buttons_choose_the_tool_and_toggle_the_threats(
    overlay: tuple[ViewApp, OverlayMode],
) -> None:
    app, mode = overlay
    buttons = {name: button for button, name in mode.panel.buttons.items()}
    assert set(buttons) == {
        "table", "measure", "template", "scatter", "noise", "odds", "threats", "seen",
    }  # fmt: skip
    press = pygame_gui.UI_BUTTON_PRESSED
    _run(app, pygame.event.Event(press, ui_element=buttons["noise"]))
    assert mode.current == "noise" and "DAÑ del arma" in [
        getattr(label, "text", "") for label in _labels(mode)
    ]
    _run(app, *_click(_pos(app, (15.0, 17.0))))
    assert mode.chosen is None  # the noise tool does not pick figures
    buttons = {name: button for button, name in mode.panel.buttons.items()}
    _run(app, pygame.event.Event(press, ui_element=buttons["threats"]))
    assert not mode.show_threats
    _run(app, _key(pygame.K_t), _key(pygame.K_1), *_click(_pos(app, (15.0, 17.0))))
    assert mode.show_threats and mode.current == "table" and mode.chosen == "a"
    # Esc drops the selection first; with nothing held it quits.
    _run(app, _key(pygame.K_ESCAPE))
    assert mode.chosen is None and app.running
    _run(app, _key(pygame.K_ESCAPE), frames=1)
    assert not app.running


def _labels(mode: OverlayMode) -> list[Any]:
    panel: Any = mode.panel.panel
    return list(panel.get_container().elements)


def test_the_cli_refuses_a_map_it_cannot_read_before_any_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["overlay", str(tmp_path / "none.yaml")]) == 2
    assert "none.yaml" in capsys.readouterr().err


def test_dragging_a_figure_keeps_the_drawn_ground(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, _mode = overlay
    built = app.static.builds
    _drag(app, (15.0, 17.0), (8.0, 10.0))
    assert app.field.unit("a").position == pytest.approx((8.0, 10.0), abs=0.05)
    assert app.static.builds == built  # only the figures are drawn again


def test_the_status_line_gives_the_tools_hint_or_what_is_under_the_pointer(
    overlay: tuple[ViewApp, OverlayMode],
) -> None:
    app, mode = overlay
    _run(app, _move(_pos(app, (4.0, 18.0))))
    assert app._status_text == mode.tool.hint()
    _run(app, _move(_pos(app, (20.0, 10.0))))
    assert app.hover == "b" and app._status_text.startswith("b · bando B")


def test_a_new_wall_redraws_the_ground(overlay: tuple[ViewApp, OverlayMode]) -> None:
    app, mode = overlay
    built = app.static.builds
    field = app.field
    mode.set_field(replace(field, walls=(*field.walls, Wall(((2.0, 2.0), (6.0, 2.0)), 1.0, 2))))
    _run(app)
    assert app.static.builds == built + 1
