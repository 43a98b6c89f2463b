"""Saves, replays, undo and the baseline AI (DESIGN.md §3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartime.cli import main
from wartime.engine import IllegalActionError
from wartime.engine.actions.usar_bonus import HANDLERS as ENTRY_ACTIONS
from wartime.engine.ai.players import choose, play_out
from wartime.engine.core.dispatch import HANDLERS, not_yet_automated
from wartime.engine.core.saves import SAVE_HASH_VERSION, load_game, replay_save, save_game
from wartime.engine.core.scenario import load_scenario
from wartime.engine.core.state import HASH_VERSION
from wartime.errors import DataError
from wartime.rules.actions import load_actions

from .conftest import ROOT
from .engine_support import duel

ARMIES = {
    "A": ROOT / "assets" / "armies" / "legion.yaml",
    "B": ROOT / "assets" / "armies" / "culto.yaml",
}


@pytest.fixture(scope="module")
def village():  # type: ignore[no-untyped-def]
    return load_scenario(ROOT / "maps" / "aldea-en-ruinas.yaml", ARMIES, seed=7)


def test_sample_armies_link_to_the_default_battlefield(village) -> None:  # type: ignore[no-untyped-def]
    sargento = village.profiles["a-sargento"]
    assert (sargento.vol, sargento.mov, sargento.defense) == (5, 1.0, 3)
    assert [w.id for w in sargento.weapons] == ["fusil"]
    piloto = village.profiles["b-piloto"]
    assert piloto.transport is not None and (piloto.mov, piloto.transport.mov) == (1.0, 12)


def test_baseline_ai_plays_a_whole_game_deterministically(village) -> None:  # type: ignore[no-untyped-def]
    first = play_out(village.new_game())
    second = play_out(village.new_game())
    assert first.over and first.pending.kind.value == "game_over"
    assert first.hash() == second.hash() and first.history == second.history
    assert any(e.kind == "hit" for e in first.log)  # it does fight


def _played_and_saved(village, moves: int, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A new game of ``village`` after ``moves`` AI actions, saved to ``partida.yaml``."""
    state = village.new_game()
    for _ in range(moves):
        state.apply(choose(state))
    path = tmp_path / "partida.yaml"
    save_game(state, path)
    return state, path


def _hash(path: Path) -> str:
    """The hash a save holds."""
    line = next(x for x in path.read_text(encoding="utf-8").splitlines() if x.startswith("hash:"))
    return line.removeprefix("hash: ")


def test_save_and_load_replays_to_the_same_hash(village, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    state, path = _played_and_saved(village, 60, tmp_path)
    loaded = load_game(path)
    assert loaded.hash() == state.hash() and loaded.history == state.history
    loaded.apply(choose(loaded))  # and play goes on


def test_a_save_records_the_hash_version_it_was_checked_with(village, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """DESIGN §3: the final hash is verified only against a hash of the same version."""
    state, path = _played_and_saved(village, 30, tmp_path)
    assert f"hash_version: {SAVE_HASH_VERSION}" in path.read_text(encoding="utf-8")
    replayed = replay_save(path)
    assert replayed.unchecked is None and replayed.state.hash() == state.hash()


def test_a_save_of_another_hash_version_replays_unchecked(  # type: ignore[no-untyped-def]
    village, tmp_path: Path, capsys
) -> None:
    """A save whose hash another version computed still replays; its hash is not
    compared (it could only mismatch), and the replay says so."""
    state, path = _played_and_saved(village, 30, tmp_path)
    text = path.read_text(encoding="utf-8").replace(f"hash: {_hash(path)}", "hash: 0000")
    path.write_text(text.replace(f"hash_version: {SAVE_HASH_VERSION}", "hash_version: 99"))
    replayed = replay_save(path)
    assert replayed.state.history == state.history
    assert replayed.unchecked is not None and "hash version 99" in replayed.unchecked.text("en")
    assert main(["--lang", "en", "replay", str(path), "--verify"]) == 0
    assert "(not verified: saved with hash version 99" in capsys.readouterr().out


def test_a_save_without_hash_version_holds_version_one(village, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Saves from before the field were hashed with version 1, which left out the fields
    at their defaults: they replay, unchecked."""
    _, path = _played_and_saved(village, 10, tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(x for x in lines if not x.startswith("hash_version")) + "\n")
    replayed = replay_save(path)
    assert HASH_VERSION == 2 and replayed.unchecked is not None
    assert "saved with hash version 1" in replayed.unchecked.text("en")


def test_a_malformed_hash_version_is_a_located_error(village, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, path = _played_and_saved(village, 10, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"hash_version: {SAVE_HASH_VERSION}", "hash_version: dos"))
    with pytest.raises(DataError, match="hash_version"):
        load_game(path)


def test_a_tampered_save_is_refused_with_its_reason(village, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, path = _played_and_saved(village, 30, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"hash: {_hash(path)}", "hash: 0000"), encoding="utf-8")
    with pytest.raises(DataError, match="hash mismatch"):
        load_game(path)
    path.write_text(text.replace("kind: initiative", "kind: volar", 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"actions\[0\]: cannot be replayed"):
        load_game(path)


def test_undo_replays_up_to_the_previous_action(village) -> None:  # type: ignore[no-untyped-def]
    state = village.new_game()
    hashes = []
    for _ in range(25):
        hashes.append(state.hash())
        state.apply(choose(state))
    state.undo()
    assert state.hash() == hashes[-1] and len(state.history) == 24
    state.undo()
    assert state.hash() == hashes[-2]
    fresh = village.new_game()
    with pytest.raises(IllegalActionError, match="Nothing to undo"):
        fresh.undo()


def test_a_scenario_built_in_code_cannot_be_saved(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="built in code"):
        save_game(duel().new_game(), tmp_path / "x.yaml")


def test_every_handler_is_an_action_of_the_list() -> None:
    """ACCIONES: handlers are keyed by the action list's ids (data/actions.yaml)."""
    ids = {a.id for a in load_actions().actions}
    assert set(HANDLERS) - set(ENTRY_ACTIONS) <= ids  # Usar bonus: the catalogue's entries'
    pending = not_yet_automated()
    assert pending == []  # every action of the list is played
    assert "Comerciar" not in pending and "Combate mental" not in pending
    assert "Mover" not in pending and "Embestir" not in pending
    assert len(pending) >= len(ids) - len(HANDLERS)


GAME_BLOCKS = 20  # of 50 games: short enough that no worker waits long on the last


@pytest.mark.parametrize("block", range(GAME_BLOCKS))
def test_thousand_random_games_end_cleanly_and_replay(block: int) -> None:
    """1 000 seeded games in twenty blocks, the baseline against random legal moves:
    each reaches game over without an exception and replays to the same hash."""
    import random

    scn = duel()
    size = 1000 // GAME_BLOCKS
    for seed in range(block * size, block * size + size):
        state = scn.with_seed(seed).new_game()
        rng = random.Random(seed)
        while not state.over:
            side = state.pending.side
            action = choose(state) if side == "A" else rng.choice(state.legal_actions())
            state.apply(action)
        replay = scn.with_seed(seed).new_game()
        for action in state.history:
            replay.apply(action)
        assert replay.hash() == state.hash()


def test_sim_command_is_byte_identical_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    """`wartime sim MAP --games N --seed S --json`: same seed, same output."""
    from wartime.cli import main

    argv = [
        "sim",
        str(ROOT / "maps" / "campo-abierto.yaml"),
        "--games",
        "3",
        "--seed",
        "4",
        "--json",
    ]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    import json

    result = json.loads(first)
    assert result["games"] == 3 and sum(result["wins"].values()) == 3
    assert len(result["hashes"]) == 3 and result["mean_turns"] > 0


def test_sim_refuses_an_unknown_list(capsys: pytest.CaptureFixture[str]) -> None:
    from wartime.cli import main

    army = str(ARMIES["A"]) + ":nada"
    assert main(["sim", str(ROOT / "maps" / "aldea-en-ruinas.yaml"), "--army-a", army]) == 2
    assert "no list 'nada'" in capsys.readouterr().err


def test_replay_command_prints_the_log_and_verifies(village, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from wartime.cli import main

    state = village.new_game()
    for _ in range(20):
        state.apply(choose(state))
    path = tmp_path / "partida.yaml"
    save_game(state, path)
    assert main(["--lang", "en", "replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    # the log speaks the run's language too (issue 16): --lang en prints it in English
    assert "Initiative A: 1D10 =" in out and f"hash {state.hash()} (verified)" in out


def test_the_baseline_takes_cover_when_shot_at_and_unable_to_answer() -> None:
    """The baseline AI (issue: "take cover"): a knife fighter under a rifle's fire steps
    behind the wall beside it, on its way in, rather than walking on in the open."""
    from wartime.board.battlefield import Wall
    from wartime.engine.ai.players import choose

    from .engine_support import KNIFE, profile, scenario, started

    wall = Wall(((11.0, 9.0), (11.0, 11.5)), 3.0, 3)  # tall, just ahead of a, facing b
    units = [("a", "A", (10.0, 12.0), 0.0), ("b", "B", (22.0, 10.0), 180.0)]
    profiles = {"a": profile("a", weapons=(KNIFE,))}
    state = started(scenario(units, profiles, walls=(wall,)))
    from wartime.geometry.vision import eye_point

    b = state.figure("b")
    eye = eye_point(b.position, b.current_height, b.level)
    hidden = lambda spot: state.world.cover(eye, spot, 1.0, 1.0)  # noqa: E731
    assert hidden((10.0, 12.0)) < 50  # where it stands, b sees most of it
    action = choose(state)
    assert action.kind == "mover" and action.point is not None
    assert hidden(action.point) == 100.0  # the wall's lee, not the open walk toward b
