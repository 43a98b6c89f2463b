"""``wartime play``, ``wartime replay --window`` and the start screen's entry points
(issue 13): bad files are located errors with status 2, and each entry point opens and
closes headless."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartime.cli import main
from wartime.engine import WARTIME
from wartime.engine.ai import choose
from wartime.play import Seat
from wartime.ui.modes.play import run_play
from wartime.ui.modes.replay import run_replay
from wartime.ui.modes.start import run_start

from . import ui_driver  # noqa: F401  (SDL's dummy drivers before pygame starts)

ROOT = Path(__file__).resolve().parents[1]
FIELD = ROOT / "maps" / "campo-abierto.yaml"


def test_a_map_that_cannot_be_read_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "roto.yaml"
    bad.write_text("wartime_map: 1\nsize: [10, oops]\n", encoding="utf-8")
    assert main(["play", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err


def test_a_tampered_save_is_refused_before_the_viewer_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = WARTIME.new_game(FIELD, seed=3)
    for _ in range(12):
        state.apply(choose(state))  # type: ignore[arg-type]
    path = tmp_path / "partida.yaml"
    WARTIME.save(state, path)
    text = path.read_text(encoding="utf-8").replace("seed: 3", "seed: 4", 1)
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--window"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_every_entry_point_opens_and_closes_headless(tmp_path: Path) -> None:
    state = WARTIME.new_game(FIELD, seed=3)
    for _ in range(12):
        state.apply(choose(state))  # type: ignore[arg-type]
    path = tmp_path / "partida.yaml"
    WARTIME.save(state, path)
    config = tmp_path / "config"
    assert run_start(max_frames=3, settings_dir=config) == 0
    seats = {"A": Seat("A", "baseline"), "B": Seat("B", "baseline")}
    assert run_play(FIELD, seats=seats, pace=0.0, max_frames=30, settings_dir=config) == 0
    assert (config / "partida-en-curso.yaml").is_file()  # the game in progress is kept
    assert run_play(None, load=path, max_frames=3, settings_dir=config) == 0
    assert run_replay(path, max_frames=3, settings_dir=config) == 0


def test_play_refuses_an_unknown_ai(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", str(FIELD), "--ai-b", "nadie"])
    assert exit_.value.code == 2
