"""Avatar (BONUS Y MALUS): a character that comes into the game only when summoned.

s (the bruja, side A) may summon d (the demonio, an Avatar of side A's list, waiting
off the table); e stands for side B.  See entries/avatar.py for the reading.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.engine.ai import choose
from wartime.engine.core.profiles import Trait
from wartime.engine.core.saves import load_game, save_game
from wartime.engine.core.scenario import Reserve, load_scenario

from .conftest import ROOT
from .engine_support import do, profile, scenario, started

OPEN_FIELD = ROOT / "tests" / "corpus" / "maps" / "campo-abierto.yaml"  # no characters placed

DEMON = replace(profile("d", con=6), traits=(Trait("Avatar"),), summoners=("s",))
SPOT = (11.2, 10.0)  # in base contact with the bruja, on her right


def _game(faces: list[int], summoners: tuple[str, ...] = ("s",)) -> GameState:
    units = [("s", "A", (10.0, 10.0), 0.0), ("e", "B", (30.0, 10.0), 180.0)]
    waiting = Reserve("d", "A", replace(DEMON, summoners=summoners))
    scn = replace(scenario(units), summonable=(waiting,))
    return started(scn, faces=[*faces, *[5] * 12], first="s", second="e")


def _summon(point: tuple[float, float] = SPOT) -> Action:
    return Action("usar_bonus", "s", target="d", point=point, item="Avatar")


def test_the_avatar_waits_off_the_table() -> None:
    state = _game([])
    assert "d" not in state.figures and state.summonable == ["d"]
    assert state.pending.kind is PendingKind.ACT  # no deployment waits for it


def test_a_passed_ch_int_brings_it_in_for_ene_3() -> None:
    """Avatar: ENE 3 and CH INT (INT 4: a 2 passes); it stands where the bruja said."""
    state = _game([2])
    offered = [a for a in state.legal_actions() if a.item == "Avatar"]
    assert [(a.target, a.figure) for a in offered] == [("d", "s")]
    ene = state.figures["s"].ene
    events = do(state, _summon())
    assert state.figures["s"].ene == ene - 3 and state.summonable == []
    assert state.figures["d"].position == SPOT and state.figures["d"].on_table
    assert "s invoca a d, que aparece en (11.2, 10.0)" in [e.text for e in events]


def test_a_failed_ch_int_leaves_it_waiting() -> None:
    state = _game([8])
    events = do(state, _summon())
    assert "d" not in state.figures and state.summonable == ["d"]
    assert any(e.kind == "summon_failed" for e in events)


def test_it_acts_in_the_phases_order_once_summoned() -> None:
    state = _game([2])
    do(state, _summon())
    do(state, Action("end"))
    do(state, Action("activate", "e"))
    do(state, Action("end"))
    assert state.pending.kind is PendingKind.ACTIVATE and state.pending.side == "A"
    assert Action("activate", "d") in state.legal_actions()


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (_summon((14.0, 10.0)), "within 1 K of s"),
        (_summon((10.5, 10.0)), "would overlap s"),
        (replace(_summon(), point=None), "say where d is to appear"),
        (replace(_summon(), target="x"), "no avatar waiting"),
    ],
)
def test_a_summoning_that_cannot_be_is_refused(action: Action, words: str) -> None:
    state = _game([2])
    before = state.hash()
    with pytest.raises(IllegalActionError, match=words):
        state.apply(action)
    assert state.hash() == before and state.summonable == ["d"]


def test_only_its_summoners_call_it() -> None:
    state = _game([2], summoners=("nadie",))
    assert not [a for a in state.legal_actions() if a.item == "Avatar"]
    with pytest.raises(IllegalActionError, match="summoned by nadie only"):
        state.apply(_summon())


def test_the_baseline_ai_summons_it() -> None:
    state = _game([2])
    chosen = choose(state)
    assert (chosen.item, chosen.target) == ("Avatar", "d")


def test_an_avatar_in_a_list_waits_to_be_summoned_and_the_game_replays(tmp_path: Path) -> None:
    """A list's Avatar is not deployed: it waits, the baseline summons it, and the saved
    game replays to the same hash (the waiting avatars are part of the state)."""
    text = (ROOT / "assets" / "armies" / "culto.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "lists:\n",
        "  - {id: demonio, race: infernal, weapons: [hacha], summoners: [titiritero]}\n"
        "lists:\n  - {id: aquelarre, limit: 600, characters: [titiritero, bruto, demonio]}\n",
    ).replace(
        "archetypes:\n",
        "archetypes:\n  - {id: infernal, kind: race, CON: 6, AGI: 5, INT: 2, VOL: 5,"
        " bonus: [Avatar]}\n",
    )
    army = tmp_path / "culto.yaml"
    army.write_text(text, encoding="utf-8")
    armies = {"A": ROOT / "assets" / "armies" / "legion.yaml", "B": army}
    scn = load_scenario(OPEN_FIELD, armies, seed=10, lists={"A": "seccion", "B": "aquelarre"})
    assert [r.id for r in scn.summonable] == ["b-demonio-1"]
    assert "b-demonio-1" not in {r.id for r in scn.reserves}
    state = scn.new_game()
    for _ in range(400):
        if state.pending.kind is PendingKind.GAME_OVER or not state.summonable:
            break
        state.apply(choose(state))
    assert not state.summonable and "b-demonio-1" in state.figures  # summoned in play
    save_game(state, tmp_path / "game.yaml")
    assert load_game(tmp_path / "game.yaml").hash() == state.hash()
