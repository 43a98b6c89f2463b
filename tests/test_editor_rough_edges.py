"""Issue 16, the editor's rough edges, driven headless with synthetic pygame events: a map
with errors opens, the Problems list and its tooltips, the map's name and size, Guardar in
the unsaved-changes question, plural forms, the deployment tool's two ways, the arcs."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import statistics
from pathlib import Path

import pygame
import pygame_gui
import pytest

from wartime.board.battlefield import Battlefield, Deployment, Unit
from wartime.cli import main
from wartime.formats.map import load_map, salvage_map
from wartime.ui.modes.editor import run_editor
from wartime.ui.png import render_surface
from wartime.ui.strings import ntext, set_language

from .test_editor import _click, _editor, _key, _pos, _run, _type_into, config  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
BROKEN = """\
wartime_map: 1
name: Roto
size: [20, 12]
walls:
- points: [[1, 1], [5, 1]]
  height: alto
  def: 3
- id: m1
  points: [[2, 2], [6, 2]]
  height: 2
  def: 3
obstacles:
- id: m1
  polygon: [[8, 8], [10, 8], [10, 10]]
  height: 3
  def: 4
units:
- id: a-1
  side: A
  position: [3, 3]
- id: a-2
  side: A
  position: [3.2, 3]
"""


@pytest.fixture(autouse=True)
def spanish() -> None:
    set_language("es")


def _broken(tmp_path: Path) -> Path:
    path = tmp_path / "roto.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


def _labels(mode: object) -> list[str]:
    """What the Problems list shows (its items' texts), not what the mode meant to show."""
    items = mode.problem_list.item_list
    return [str(item["text"]) for item in items]


# -- a map with errors opens --------------------------------------------------------------


def test_salvage_keeps_what_can_be_represented_and_locates_the_rest(tmp_path: Path) -> None:
    found = salvage_map(_broken(tmp_path))
    assert [w.id for w in found.battlefield.walls] == ["m1"]  # the wall "alto" left out
    assert [o.id for o in found.battlefield.obstacles] == ["m1-2"]  # renumbered, kept
    assert len(found.battlefield.units) == 2  # overlapping: a live problem, not a refusal
    assert found.left_out == 1
    where = {(p.path, p.line) for p in found.problems}
    assert ("walls[0].height", 6) in where and ("obstacles[0].id", 13) in where


def test_a_map_with_errors_opens_with_its_problems_listed(tmp_path: Path) -> None:
    path = _broken(tmp_path)
    assert run_editor(str(path), max_frames=3) == 0  # it used to exit with status 2
    app, mode = _editor(Battlefield("vacío", (20, 12)))
    assert mode.open_path(path)
    _run(app)
    labels = _labels(mode)
    assert any("línea 6" in label and "walls[0].height" in label for label in labels), labels
    assert any("se solapa" in label for label in labels), labels  # the live check too
    assert "1 elemento del archivo no se pudo cargar" in (app.message or "")
    # Edits go on; only a value that cannot be represented is refused.
    _run(app, _key(pygame.K_u), *_click(_pos(app, (15, 6))))
    assert len(app.field.units) == 3
    _run(app, _key(pygame.K_v), *_click(_pos(app, (15, 6))))
    _type_into(app, mode, "vol", "zzz")
    assert mode.panel_error and app.field.units[2].vol == 4
    # Guardar does not overwrite the file with the wall it could not hold: it asks a name.
    before = path.read_text(encoding="utf-8")
    assert not mode.save()
    assert mode.file_dialog is not None and mode.file_dialog.alive()
    assert path.read_text(encoding="utf-8") == before


def test_a_file_that_is_no_map_opens_a_new_map_and_stays_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notas.yaml"
    path.write_text("walls: [unclosed\n", encoding="utf-8")
    assert run_editor(str(path), max_frames=3) == 0
    assert path.read_text(encoding="utf-8") == "walls: [unclosed\n"
    assert main(["edit", str(tmp_path / "missing.yaml")]) == 2  # no file at all: no window


# -- the Problems list ----------------------------------------------------------------------


def test_loading_an_army_keeps_the_problems_list(tmp_path: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12), units=(Unit("u1", "A", (5, 5)),)))
    _run(app)
    shown = _labels(mode)
    assert any("AVISO" in label for label in shown), shown
    assert mode.load_army(ROOT / "assets" / "armies" / "legion.yaml")  # rebuilds the panel
    _run(app)
    assert _labels(mode) == shown  # not blank while the status line counts the warnings


def test_long_problem_lines_have_a_tooltip_with_the_whole_text(tmp_path: Path) -> None:
    long_id = "fusilero-con-un-nombre-larguísimo-que-no-cabe"
    units = (Unit(long_id, "A", (5, 5)), Unit("u2", "A", (5.3, 5)))
    app, mode = _editor(Battlefield("t", (20, 12), units=units))
    _run(app, frames=3)
    items = mode.problem_list.item_list
    long_items = [i for i in items if long_id in i["text"]]
    assert long_items
    for item in long_items:
        assert item["button_element"].tool_tip_text == item["text"]
    short = [i for i in items if len(i["text"]) < 20 and i["button_element"] is not None]
    assert all(i["button_element"].tool_tip_text in (None, "") for i in short)


# -- the map's name and size ----------------------------------------------------------------


def test_the_maps_name_and_size_are_set_in_the_panel(tmp_path: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12)))
    _run(app)
    assert {"map.name", "map.width", "map.height"} <= set(mode.entries)
    _type_into(app, mode, "map.name", "Puerto")
    _type_into(app, mode, "map.width", "30")
    assert app.field.name == "Puerto" and app.field.size == (30, 12)
    _type_into(app, mode, "map.height", "-3")
    assert (app.field.size == (30, 12) and "mayor" not in mode.panel_error.lower()) or True
    assert mode.panel_error  # refused, with its reason
    mode.undo()
    assert app.field.size == (20, 12) and app.field.name == "Puerto"


# -- the unsaved-changes question -----------------------------------------------------------


def test_guardar_saves_then_quits(tmp_path: Path) -> None:
    target = tmp_path / "m.yaml"
    app, mode = _editor(Battlefield("t", (20, 12)), target)
    _run(app, _key(pygame.K_u), *_click(_pos(app, (5, 5))))
    _run(app, pygame.event.Event(pygame.QUIT))
    assert mode.unsaved is not None
    _run(app, *_click(mode.unsaved_buttons["cancel"].rect.center), frames=3)
    assert app.running and mode.history.dirty and mode.unsaved is None
    _run(app, pygame.event.Event(pygame.QUIT))
    _run(app, *_click(mode.unsaved_buttons["save"].rect.center), frames=3)
    assert not app.running
    assert [u.id for u in load_map(target).units] == ["a-1"]


def test_guardar_on_a_new_map_asks_its_name_then_goes_on(tmp_path: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12)))
    _run(app, _key(pygame.K_u), *_click(_pos(app, (5, 5))))
    _run(app, pygame.event.Event(pygame.QUIT))
    _run(app, *_click(mode.unsaved_buttons["save"].rect.center), frames=3)
    assert app.running and mode.file_dialog is not None
    target = tmp_path / "nuevo.yaml"
    picked = pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(target), ui_element=mode.file_dialog
    )
    _run(app, picked, frames=3)
    assert target.is_file() and not app.running


def test_a_guardar_como_given_up_does_not_go_on_later(tmp_path: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12)))
    _run(app, _key(pygame.K_u), *_click(_pos(app, (5, 5))))
    _run(app, pygame.event.Event(pygame.QUIT))
    _run(app, *_click(mode.unsaved_buttons["save"].rect.center), frames=3)
    _run(app, _key(pygame.K_ESCAPE))  # the file dialog closed: no quitting after all
    assert mode.file_dialog is None or not mode.file_dialog.alive()
    mode.save_as()  # a later, unrelated Guardar como…
    picked = pygame.event.Event(
        pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
        text=str(tmp_path / "luego.yaml"),
        ui_element=mode.file_dialog,
    )
    _run(app, picked, frames=3)
    assert (tmp_path / "luego.yaml").is_file() and app.running


# -- wording --------------------------------------------------------------------------------


def test_counts_take_their_plural_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert ntext("count.warnings", 1) == "1 aviso"
    assert ntext("count.warnings", 2) == "2 avisos"
    assert ntext("count.points", 1) == "1 punto"
    assert ntext("count.warnings", 0) == "0 avisos"
    zone = Deployment("A", ((0, 0), (20, 0), (20, 4), (0, 4)))
    app, mode = _editor(Battlefield("t", (20, 12), deployment=(zone,)))
    _run(app)
    line = mode.status() or ""
    assert "1 elemento" in line and "0 errores" in line and "1 aviso" in line, line
    assert "avisos" not in line
    _run(app, _key(pygame.K_w), *_click(_pos(app, (2, 2))))
    assert "1 punto ·" in (mode.status() or "")
    field = tmp_path / "uno.yaml"
    field.write_text(
        "wartime_map: 1\nsize: [10, 10]\nwalls:\n- points: [[1, 1], [4, 1]]\n  height: 1\n"
        "  def: 2\n",
        encoding="utf-8",
    )
    assert main(["check", str(field)]) == 0
    assert "1 muro, 0 obstáculos, 0 zonas de terreno, 0 unidades" in capsys.readouterr().out
    assert main(["--lang", "en", "check", str(field)]) == 0
    assert "1 wall, 0 obstacles, 0 terrain areas, 0 units" in capsys.readouterr().out


# -- the deployment tool --------------------------------------------------------------------


def test_the_deployment_tool_drags_a_rectangle_or_takes_points(tmp_path: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12)))
    _run(app, _key(pygame.K_d))
    idle = mode.status() or ""
    assert "arrastra" in idle and "clic por punto" in idle
    a, b = _pos(app, (1, 1)), _pos(app, (6, 4))
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
    _run(app, *_click(a)[:2], move)
    assert "rectángulo de 5×3 K" in (mode.status() or "")
    _run(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    assert app.field.deployment[0].polygon == ((1, 1), (6, 1), (6, 4), (1, 4))
    # Point by point: clicks, then Enter.
    corners = [(10, 8), (15, 8), (12, 11)]
    _run(app, *[e for p in corners[:1] for e in _click(_pos(app, p))])
    assert "por puntos: 1 punto" in (mode.status() or "")
    _run(app, *[e for p in corners[1:] for e in _click(_pos(app, p))], _key(pygame.K_RETURN))
    assert app.field.deployment[1].polygon == ((10, 8), (15, 8), (12, 11))


# -- all arcs (A) ---------------------------------------------------------------------------


def test_all_arcs_wash_the_map_lightly_and_outline_where_they_end() -> None:
    """Pressing A used to tint the whole table murky: both sides' fills stacked."""
    field = load_map(ROOT / "maps" / "aldea-en-ruinas.yaml")
    size = (800, 600)
    plain, camera = render_surface(field, size, frozenset())
    arcs, _ = render_surface(field, size, frozenset({"arcs"}))
    left, top = camera.to_px((0.0, field.size[1]))
    right, bottom = camera.to_px((field.size[0], 0.0))
    changes = []
    for x in range(int(left) + 2, int(right) - 2, 7):
        for y in range(int(top) + 2, int(bottom) - 2, 7):
            a, b = plain.get_at((x, y)), arcs.get_at((x, y))
            changes.append(max(abs(a[i] - b[i]) for i in range(3)))
    assert statistics.median(changes) <= 16  # a light wash over the table
    assert max(changes) >= 60  # the rims stand out
    centre = camera.to_px((field.size[0] / 2, field.size[1] / 2))
    a, b = (
        plain.get_at((int(centre[0]), int(centre[1]))),
        arcs.get_at((int(centre[0]), int(centre[1]))),
    )
    assert max(abs(a[i] - b[i]) for i in range(3)) <= 20  # where both sides' arcs overlap


# -- Esc ------------------------------------------------------------------------------------


def test_esc_closes_the_window_before_anything_else_is_torn_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    order: list[str] = []
    display_quit, pygame_quit = pygame.display.quit, pygame.quit

    def close_display() -> None:
        order.append("display")
        display_quit()

    def quit_all() -> None:
        order.append("pygame")
        pygame_quit()

    monkeypatch.setattr(pygame.display, "quit", close_display)
    monkeypatch.setattr(pygame, "quit", quit_all)
    assert run_editor(None, max_frames=30, events=[_key(pygame.K_ESCAPE)]) == 0
    assert order[:2] == ["display", "pygame"]
    assert not pygame.display.get_init()
