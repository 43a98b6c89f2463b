"""The map editor (wartime.ui.modes.editor), driven headless with synthetic pygame events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest

from wartime.board.battlefield import Battlefield, Deployment, Unit, Wall
from wartime.board.history import autosave_path
from wartime.cli import main
from wartime.formats.map import load_map
from wartime.render.battlefield import DEFAULT_PALETTE
from wartime.ui import strings
from wartime.ui.modes.editor import EditorMode, run_editor
from wartime.ui.shell import ViewApp

EXPECTED = """\
wartime_map: 1
name: Prueba
size: [20, 12]
walls:
- points:
  - [2, 2]
  - [6, 2]
  - [6, 5]
  height: 2
  def: 3
obstacles: []
terrain: []
deployment: []
units:
- id: a-1
  side: A
  position: [10, 8]
- id: a-2
  side: A
  position: [14, 8]
"""


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "config"
    monkeypatch.setenv("WARTIME_CONFIG_DIR", str(folder))
    yield folder
    pygame.quit()


def _editor(
    field: Battlefield, path: Path | None = None, *, interval: float = 60.0
) -> tuple[ViewApp, EditorMode]:
    mode = EditorMode(field, path, autosave_interval=interval)
    app = ViewApp(field, path, size=(1280, 800), mode=mode)
    return app, mode


def _run(app: ViewApp, *events: pygame.event.Event, frames: int = 2) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=app.frames + frames)


def _pos(app: ViewApp, point: tuple[float, float]) -> tuple[int, int]:
    x, y = app.camera.to_px(point)
    return (round(x) + app.view_rect.x, round(y) + app.view_rect.y)


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _ctrl(key: int, shift: bool = False) -> pygame.event.Event:
    return _key(key, pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0))


def _type_into(app: ViewApp, mode: EditorMode, name: str, value: str) -> None:
    """Click a property entry, select its text and type ``value``."""
    entry = mode.entries[name]
    centre = entry.rect.center
    _run(app, pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    _run(app, *_click(centre)[1:], frames=1)
    _run(app, _ctrl(pygame.K_a), pygame.event.Event(pygame.TEXTINPUT, text=value), frames=3)


def test_draw_a_wall_set_its_height_place_units_undo_redo_and_save(tmp_path: Path) -> None:
    target = tmp_path / "prueba.yaml"
    app, mode = _editor(Battlefield("Prueba", (20, 12)), target)
    _run(app)
    assert app.title.startswith("prueba.yaml")
    # A wall: three clicks a little off the grid (they snap), then a double-click.
    clicks = [(2.2, 1.9), (5.8, 2.1), (6.1, 4.8), (6.1, 4.8)]
    events = [_key(pygame.K_w)] + [e for p in clicks for e in _click(_pos(app, p))]
    _run(app, *events)
    assert len(app.field.walls) == 1
    assert app.field.walls[0].points == ((2, 2), (6, 2), (6, 5))
    assert mode.selection == ["walls[0]"] and mode.tool == "wall"
    assert app.title.startswith("*prueba.yaml")
    # Its height, typed into the property panel.
    _type_into(app, mode, "height", "2")
    assert app.field.walls[0].height == 2
    assert mode.panel_error == ""
    # Two units (Enter leaves the entry first).
    units = [*_click(_pos(app, (10, 8))), *_click(_pos(app, (14, 8.2)))]
    _run(app, _key(pygame.K_RETURN), _key(pygame.K_u), *units)
    assert [u.id for u in app.field.units] == ["a-1", "a-2"]
    _run(app, _ctrl(pygame.K_z))
    assert [u.id for u in app.field.units] == ["a-1"]
    _run(app, _ctrl(pygame.K_y))
    assert [u.id for u in app.field.units] == ["a-1", "a-2"]
    _run(app, _ctrl(pygame.K_s))
    assert target.read_text(encoding="utf-8") == EXPECTED
    assert not mode.history.dirty and not app.title.startswith("*")
    assert load_map(target) == app.field  # it reopens identical
    # Every step undoes, one at a time: units, the height (one step for the typing), the wall.
    for _ in range(4):
        _run(app, _ctrl(pygame.K_z), frames=1)
    assert app.field == Battlefield("Prueba", (20, 12))
    assert app.title.startswith("*")


def test_a_refused_edit_changes_nothing_and_ctrl_z_after_it_neither(tmp_path: Path) -> None:
    wall = Wall(((1, 1), (5, 1)), 2.0, 4, 0.2, "muro")
    field = Battlefield("t", (10, 10), walls=(wall,))
    app, mode = _editor(field, tmp_path / "t.yaml")
    _run(app, *_click(_pos(app, (3, 1))))
    assert mode.selection == ["muro"]
    _type_into(app, mode, "height", "-1")
    assert app.field is field
    assert "altura" in mode.panel_error and "-1" in mode.panel_error
    assert not mode.history.can_undo and not app.title.startswith("*")
    _run(app, _ctrl(pygame.K_z))
    assert app.field is field and mode.history.current is field
    _type_into(app, mode, "def", "11")
    assert "DEF" in mode.panel_error and app.field is field


def test_select_move_rotate_duplicate_delete_and_vertices(tmp_path: Path) -> None:
    field = Battlefield(
        "t",
        (20, 12),
        walls=(Wall(((2, 2), (6, 2)), 1.0, 3),),
        units=(Unit("u1", "A", (10, 6)),),
    )
    app, mode = _editor(field)
    drag = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_pos(app, (10, 6)), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=_pos(app, (12, 7)), rel=(1, 1), buttons=(1,)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_pos(app, (12, 7)), button=1),
    ]
    _run(app, *drag)
    assert app.field.units[0].position == pytest.approx((12, 7))
    _run(app, _key(pygame.K_r))
    assert app.field.units[0].facing == 105
    _run(app, _ctrl(pygame.K_d))
    assert [u.id for u in app.field.units] == ["u1", "u1-2"] and mode.selection == ["u1-2"]
    _run(app, _key(pygame.K_DELETE))
    assert [u.id for u in app.field.units] == ["u1"]
    # Select the wall, drag its end vertex, add one on its edge, remove it again.
    _run(app, *_click(_pos(app, (4, 2))))
    assert mode.selection == ["walls[0]"]
    vertex = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_pos(app, (6, 2)), button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=_pos(app, (7, 4)), rel=(1, 1), buttons=(1,)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_pos(app, (7, 4)), button=1),
    ]
    _run(app, *vertex)
    assert app.field.walls[0].points == ((2, 2), (7, 4))
    hover = _pos(app, (4, 3))
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(0, 0), buttons=(0, 0, 0))
    _run(app, motion, _key(pygame.K_INSERT))
    assert app.field.walls[0].points == ((2, 2), (4, 3), (7, 4))
    _run(app, _key(pygame.K_BACKSPACE))
    assert app.field.walls[0].points == ((2, 2), (7, 4))
    # A rectangle obstacle, dragged; a terrain polygon finished with Enter.
    start, end = _pos(app, (14, 2)), _pos(app, (17, 4))
    _run(
        app,
        _key(pygame.K_b),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1,)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    )
    assert app.field.obstacles[0].polygon == ((14, 2), (17, 2), (17, 4), (14, 4))
    corners = [(1, 8), (5, 8), (3, 11)]
    events = [_key(pygame.K_t)] + [e for p in corners for e in _click(_pos(app, p))]
    _run(app, *events, _key(pygame.K_RETURN))
    assert app.field.terrain[0].polygon == ((1, 8), (5, 8), (3, 11))
    # Esc cancels a wall being drawn.
    _run(app, _key(pygame.K_w), *_click(_pos(app, (1, 1))), _key(pygame.K_ESCAPE))
    assert mode.points == [] and len(app.field.walls) == 1


def test_autosave_after_the_interval_and_recovery_at_the_next_start(
    tmp_path: Path, config: Path
) -> None:
    field = Battlefield("t", (20, 12))
    app, mode = _editor(field, interval=3600)
    _run(app, _key(pygame.K_u), *_click(_pos(app, (5, 5))), frames=5)
    assert len(app.field.units) == 1
    assert not autosave_path(config).exists()  # the interval has not passed
    mode.autosave_interval = 0.05
    _run(app, frames=10)
    assert autosave_path(config).is_file()
    pygame.quit()  # a crash: no clean exit
    app, mode = _editor(field)
    _run(app)
    assert mode.confirm is not None and mode.confirm.alive()
    button = mode.confirm.confirm_button.rect.center
    _run(app, *_click(button), frames=3)
    assert [u.id for u in app.field.units] == ["a-1"]
    assert mode.history.dirty and app.title.startswith("*")
    # A clean save clears the autosave.
    assert mode.save_to(tmp_path / "recuperado.yaml")
    assert not autosave_path(config).exists()


def test_closing_with_unsaved_changes_asks_first(tmp_path: Path, config: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12)))
    _run(app, _key(pygame.K_u), *_click(_pos(app, (5, 5))))
    _run(app, pygame.event.Event(pygame.QUIT))
    assert app.running and mode.unsaved is not None and mode.unsaved.alive()
    assert set(mode.unsaved_buttons) == {"save", "discard", "cancel"}
    button = mode.unsaved_buttons["discard"].rect.center
    _run(app, *_click(button), frames=3)
    assert not app.running


def test_the_problems_list_shows_overlapping_units_and_selects_the_culprit(
    tmp_path: Path,
) -> None:
    zone = Deployment("A", ((0, 0), (20, 0), (20, 4), (0, 4)))
    zone_b = Deployment("B", ((0, 8), (20, 8), (20, 12), (0, 12)))
    units = (Unit("u1", "A", (5, 2)), Unit("u2", "A", (5.5, 2)))
    app, mode = _editor(Battlefield("t", (20, 12), deployment=(zone, zone_b), units=units))
    _run(app)
    labels = mode._problem_labels
    overlap = [label for label in labels if "se solapa" in label]
    assert overlap, labels
    assert mode.problems()  # outlined in red
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            text=overlap[0],
            ui_element=mode.problem_list,
        )
    )
    _run(app)
    culprit = mode.selection[0]
    assert culprit in ("u1", "u2")
    outlines = [s for s in app.dynamic_layer() if getattr(s, "key", None) == culprit]
    colours = {getattr(s, "outline", None) for s in outlines}
    assert DEFAULT_PALETTE.problem in colours and DEFAULT_PALETTE.selected in colours
    # Saving refuses a map that would not load back, and says why.
    target = tmp_path / "never-written.yaml"
    assert not mode.save_to(target)
    assert not target.exists()
    assert mode.message_window is not None and mode.message_window.alive()


def test_army_characters_are_placed_with_their_character(tmp_path: Path) -> None:
    app, mode = _editor(Battlefield("t", (20, 12)))
    root = Path(__file__).resolve().parent.parent
    assert mode.load_army(root / "assets" / "armies" / "legion.yaml")
    assert mode.characters and mode.tool == "unit"
    first = mode.characters[0]
    _run(app, *_click(_pos(app, (5, 5))))
    unit = app.field.units[0]
    assert unit.character == first and unit.id == f"{first}-1"


def test_help_lists_the_editor_shortcuts() -> None:
    body = strings.text("help.editor")
    for key in ("Ctrl+Z", "Ctrl+Y", "Ctrl+S", "Ctrl+N", "Ctrl+O", "Ctrl+D", "Supr", "Ins", "R"):
        assert key in body


def test_run_editor_and_the_cli_open_the_editor(tmp_path: Path) -> None:
    assert run_editor(None, max_frames=3, events=[_key(pygame.K_ESCAPE)]) == 0
    assert not pygame.display.get_init()
    assert main(["edit", str(tmp_path / "none.yaml")]) == 2  # a bad file: no window
