"""Issue 12 §5: the simulator (`wartime sim`).

AI players chosen by name from a registry, casualties per side and per game, every
game written as a save that `wartime replay` verifies, a progress bar on a terminal
only, `--games` of at least 1, and byte-identical output for a seed whichever AIs play.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from wartime.cli import main
from wartime.engine import Action, GameState, PendingKind, load_scenario
from wartime.engine.ai import (
    PLAYERS,
    Played,
    Player,
    casualties,
    choose,
    make_player,
    play_out,
    player_names,
    simulate,
    taken_out,
)

from .conftest import ROOT

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

FIELD = str(ROOT / "maps" / "campo-abierto.yaml")
VILLAGE = str(ROOT / "maps" / "aldea-en-ruinas.yaml")
SMALL = """\
wartime_map: 1
size: [24, 18]
units:
  - {id: a1, side: A, position: [4, 2], character: sargento}
  - {id: b1, side: B, position: [4, 16], facing: 270, character: bruto}
"""


def sim(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["--lang", "en", "sim", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """argparse's refusal: exit status 2 and the usage, no traceback; returns stderr."""
    with pytest.raises(SystemExit) as info:
        main(["--lang", "en", "sim", *argv])
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("usage: wartime sim") and "Traceback" not in err
    return err


def passive(calls: list[tuple[int, str | None]]) -> Callable[[int], Player]:
    """A test player: the baseline, except that its Pj hand over at once.  It records the
    seed it was made with and the side of every decision it is asked for."""

    def factory(seed: int) -> Player:
        def decide(state: GameState) -> Action:
            calls.append((seed, state.pending.side))
            if state.pending.kind is PendingKind.ACT:
                return Action("end")
            return choose(state)

        return decide

    return factory


# -- the registry -------------------------------------------------------------------


def test_the_registry_names_the_baseline() -> None:
    assert player_names()[0] == "baseline"
    assert make_player("baseline", 3).player is choose  # played fair (Invisible)
    names = ", ".join(player_names())
    with pytest.raises(ValueError, match=rf"unknown AI player 'nadie': choose from {names}$"):
        make_player("nadie", 3)
    with pytest.raises(ValueError, match="unknown AI player"):
        simulate(FIELD, {}, 1, 0, {"A": "nadie"})


def test_an_unknown_ai_is_refused_with_the_names_allowed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    allowed = ", ".join(f"'{name}'" for name in player_names())
    for flag in ("--ai-a", "--ai-b"):
        err = refused(capsys, FIELD, flag, "nadie")
        assert f"argument {flag}: invalid choice: 'nadie' (choose from {allowed})" in err


def test_the_help_lists_the_registered_players(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLAYERS, "passive", passive([]))
    with pytest.raises(SystemExit):
        main(["--lang", "en", "sim", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    unwrapped = text.replace("- ", "-")  # argparse wraps the lines at a name's hyphen
    assert f"AI player of side A: {', '.join(player_names())} (default baseline)" in unwrapped
    assert player_names()[-1] == "passive"
    assert "bodies removed (Eliminar); a figure merely away (Desaparecer) is not one" in text


def test_other_commands_do_not_import_the_engine() -> None:
    """The player names are read only when `sim` needs them: `catalog` stays light."""
    code = (
        "import sys\n"
        "from wartime.cli import build_parser\n"
        "build_parser().parse_args(['catalog'])\n"
        "build_parser().parse_args(['sim', 'map.yaml', '--games', '2'])\n"
        "assert not [m for m in sys.modules if m.startswith('wartime.engine')]\n"
        "assert 'tqdm' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_each_side_plays_its_own_player(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[int, str | None]] = []
    monkeypatch.setitem(PLAYERS, "passive", passive(calls))
    status, out, _ = sim(
        capsys, FIELD, "--games", "2", "--seed", "5", "--ai-b", "passive", "--json"
    )
    assert status == 0
    result = json.loads(out)
    assert result["ai"] == {"A": "baseline", "B": "passive"}
    assert calls and {side for _, side in calls} == {"B"}  # asked only for B's decisions
    assert [seed for seed, _ in calls] == sorted(seed for seed, _ in calls)
    assert {seed for seed, _ in calls} == {5, 6}  # made afresh for each game, from its seed
    _, baseline, _ = sim(capsys, FIELD, "--games", "2", "--seed", "5", "--json")
    assert json.loads(baseline)["hashes"] != result["hashes"]


# -- byte-identical for a seed ------------------------------------------------------


@pytest.mark.parametrize(
    "players",
    [[], ["--ai-a", "baseline", "--ai-b", "baseline"], ["--ai-a", "passive"]],
    ids=["default", "baseline", "passive"],
)
@pytest.mark.parametrize("json_flag", [[], ["--json"]], ids=["text", "json"])
def test_the_same_seed_gives_the_same_bytes(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    players: list[str],
    json_flag: list[str],
) -> None:
    monkeypatch.setitem(PLAYERS, "passive", passive([]))
    argv = [FIELD, "--games", "2", "--seed", "4", *players, *json_flag]
    first = sim(capsys, *argv)
    assert first[0] == 0 and first[1]
    assert sim(capsys, *argv) == first


# -- casualties ---------------------------------------------------------------------


def test_json_counts_the_figures_taken_out(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = sim(capsys, VILLAGE, "--games", "2", "--seed", "7", "--json")
    assert (status, err) == (0, "")
    result = json.loads(out)
    per_game = result["casualties_per_game"]
    assert len(per_game) == 2 and all(set(game) == {"A", "B"} for game in per_game)
    assert result["casualties"] == {s: per_game[0][s] + per_game[1][s] for s in "AB"}
    assert sum(result["casualties"].values()) > 0  # the village's armed figures do fall
    scenario = load_scenario(VILLAGE)
    for index, game in enumerate(per_game):
        state = play_out(scenario.with_seed(7 + index).new_game())
        assert state.hash() == result["hashes"][index]
        out_of_game = [f for f in state.figures.values() if f.casualty or f.removed]
        assert game == {s: sum(f.side == s for f in out_of_game) for s in "AB"}


def test_text_shows_the_casualties_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = sim(capsys, VILLAGE, "--games", "2", "--seed", "7", "--json")
    fallen = json.loads(out)["casualties"]
    status, out, err = sim(capsys, VILLAGE, "--games", "2", "--seed", "7")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("2 games: A ")
    assert lines[1] == (
        f"casualties: A {fallen['A']}, B {fallen['B']} (figures taken out, all games)"
    )
    assert lines[2] == "players: A baseline, B baseline"


def test_taken_out_is_a_casualty_or_a_removed_body_not_one_away() -> None:
    state = load_scenario(VILLAGE).with_seed(1).new_game()
    assert casualties(state) == {"A": 0, "B": 0}
    a, b, c = sorted((f for f in state.figures.values() if f.side == "A"), key=lambda f: f.id)[:3]
    a.vanished = 1  # Desaparecer: away from the table for now
    assert a.away and not taken_out(a)
    b.wounds = b.profile.con  # incapacitated
    c.removed = True  # Eliminar: the body left the table for good
    assert taken_out(b) and taken_out(c)
    assert casualties(state) == {"A": 2, "B": 0}


# -- saves --------------------------------------------------------------------------


def test_every_game_is_saved_and_replays_to_its_hash(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "new" / "saves"  # created, parents too
    status, out, err = sim(
        capsys, VILLAGE, "--games", "2", "--seed", "7", "--save-dir", str(folder), "--json"
    )
    assert (status, err) == (0, "")
    hashes = json.loads(out)["hashes"]
    names = ["game-001-seed-7.yaml", "game-002-seed-8.yaml"]
    assert sorted(p.name for p in folder.iterdir()) == names  # no temporary file left
    for name, expected in zip(names, hashes, strict=True):
        assert (folder / name).read_text(encoding="utf-8").startswith("wartime_save: 1\n")
        assert main(["--lang", "en", "replay", str(folder / name), "--verify"]) == 0
        out, err = capsys.readouterr()
        assert out.splitlines()[-1] == f"hash {expected} (verified)" and err == ""


def test_text_output_says_where_the_saves_went(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = sim(capsys, FIELD, "--games", "1", "--save-dir", str(tmp_path))
    assert status == 0 and out.splitlines()[-1] == f"saved 1 game in {tmp_path}"
    assert [p.name for p in tmp_path.iterdir()] == ["game-001-seed-0.yaml"]


def test_the_names_are_wide_enough_to_sort(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thousand games get four digits (no game is played: only the names are at stake)."""

    def fake(map_path, armies, games, seed, players, warn, on_game):  # type: ignore[no-untyped-def]
        for index in range(games):
            on_game(Played(index, seed + index, None, {}))  # type: ignore[arg-type]
        return {"games": games, "wins": {}, "casualties": {}, "ai": {}, "hashes": []}

    written: list[str] = []
    monkeypatch.setattr("wartime.engine.ai.simulate", fake)
    monkeypatch.setattr("wartime.engine.save_game", lambda state, path: written.append(path.name))
    argv = ["--games", "1000", "--seed", "3", "--save-dir", str(tmp_path), "--json"]
    assert sim(capsys, FIELD, *argv)[0] == 0
    assert written[:2] == ["game-0001-seed-3.yaml", "game-0002-seed-4.yaml"]
    assert written[-1] == "game-1000-seed-1002.yaml" and written == sorted(written)


@pytest.mark.parametrize("where", ["a file", "under a file"])
def test_a_folder_that_cannot_be_made_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    (tmp_path / "file").write_text("x")
    folder = tmp_path / "file" if where == "a file" else tmp_path / "file" / "saves"
    status, out, err = sim(capsys, FIELD, "--games", "1", "--save-dir", str(folder))
    assert (status, out) == (2, "")
    (line,) = err.splitlines()
    assert line.startswith(f"wartime sim: --save-dir {folder}: cannot create the folder: ")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tmp_path.chmod(0o500)
    try:
        status, out, err = sim(capsys, FIELD, "--games", "1", "--save-dir", str(tmp_path))
    finally:
        tmp_path.chmod(0o700)
    assert (status, out, err) == (
        2,
        "",
        f"wartime sim: --save-dir {tmp_path}: the folder is not writable\n",
    )


def test_a_folder_without_write_access_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same refusal as above, where the suite runs as root (who may write anywhere)."""
    monkeypatch.setattr("wartime.cli.os.access", lambda path, mode: False)
    monkeypatch.setattr("wartime.engine.ai.simulate", None)  # no game may start
    status, out, err = sim(capsys, FIELD, "--save-dir", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == f"wartime sim: --save-dir {tmp_path}: the folder is not writable\n"


def test_a_save_that_cannot_be_written_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(state: GameState, path: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("wartime.engine.save_game", full)
    status, out, err = sim(capsys, FIELD, "--games", "2", "--save-dir", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == (
        f"wartime sim: --save-dir {tmp_path}: cannot write game-001-seed-0.yaml: "
        "No space left on device\n"
    )


# -- --games and the progress bar ---------------------------------------------------


@pytest.mark.parametrize("games", ["0", "-3"])
def test_fewer_than_one_game_is_refused(capsys: pytest.CaptureFixture[str], games: str) -> None:
    err = refused(capsys, FIELD, "--games", games)
    assert f"argument --games: at least 1 game, got {games}" in err


def test_games_must_be_a_whole_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert "argument --games: expected a whole number, got 'two'" in refused(
        capsys, FIELD, "--games", "two"
    )
    with pytest.raises(ValueError, match="at least 1"):
        simulate(FIELD, {}, 0, 0)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_progress_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [VILLAGE, "--games", "2", "--seed", "7"]
    _, plain, _ = sim(capsys, *argv)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status, out, _ = sim(capsys, *argv)
    assert (status, out) == (0, plain)  # stdout is the same with the bar
    bar = terminal.getvalue()
    assert "0/2" in bar and "2/2" in bar  # games done
    wins = re.search(r"(\d+) games: A (\d+), B (\d+), draws (\d+)", plain)
    assert wins is not None, plain
    assert "wins A {} B {} draws {}".format(*wins.groups()[1:]) in bar  # wins so far
    assert "<00:00" in bar  # the time left (elapsed<remaining)


def test_no_bar_with_json_nor_off_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert sim(capsys, FIELD, "--games", "2")[2] == ""  # capsys's stderr is no terminal
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status, out, _ = sim(capsys, FIELD, "--games", "2", "--json")
    assert status == 0 and json.loads(out)["games"] == 2
    assert terminal.getvalue() == ""


def test_warnings_print_above_the_bar(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    army = str(ROOT / "assets" / "armies" / "legion.yaml")
    assert sim(capsys, str(path), "--games", "1", "--army-a", army)[0] == 0
    shown = terminal.getvalue()
    assert f"{path}:3: units: warning: 1 unit name" in shown and "1/1" in shown
