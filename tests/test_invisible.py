"""Invisible (BONUS Y MALUS): the figure leaves the board, its place marked in secret;
hidden information per side (GameState.observe, observed).  See entries/invisible.py.

a (side A, Invisible) stands 11 K from b (side B); r (side B, Radar) stands far away.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.engine.ai import choose, make_player
from wartime.engine.ai.registry import FairPlayer
from wartime.engine.core.combat import sight
from wartime.engine.core.profiles import Trait
from wartime.play.board import field_of, log_for

from .engine_support import do, profile, scenario, started

VANISH = Action("usar_bonus", "a", item="Invisible")


def _game(faces: list[int], radar: bool = False) -> GameState:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("r", "B", (35.0, 25.0), 180.0)]  # fmt: skip
    r_traits = (Trait("Radar"),) if radar else ()
    profiles = {"a": replace(profile("a"), traits=(Trait("Invisible"),)),
                "r": replace(profile("r"), traits=r_traits)}  # fmt: skip
    return started(scenario(units, profiles=profiles), [*faces, *[5] * 12])


def test_a_passed_ch_vol_takes_it_off_the_board() -> None:
    """Invisible: Usar bonus (ENE 1) and a CH VOL (VOL 4: a 3 passes)."""
    state = _game([3])
    assert VANISH in state.legal_actions()
    ene = state.figures["a"].ene
    events = do(state, VANISH)
    assert state.invisible == ("a",) and state.figures["a"].ene == ene - 1
    assert any(e.kind == "invisible" for e in events)


def test_a_failed_one_leaves_it_in_sight() -> None:
    state = _game([8])
    do(state, VANISH)
    assert state.invisible == ()


def test_no_enemy_sees_it_but_radar_and_its_own_side_know_where_it_is() -> None:
    state = _game([3], radar=True)
    do(state, VANISH)
    a, b, r = (state.figures[x] for x in "abr")
    assert sight(state, b, a).line_of_sight == "blocked"
    assert sight(state, r, a).line_of_sight != "blocked"  # Radar ignores Invisible
    assert "a" in state.observe("A").figures and "a" in state.observe("B").figures  # Radar
    plain = _game([3])
    do(plain, VANISH)
    assert "a" not in plain.observe("B").figures and "a" in plain.observe("A").figures


def test_an_enemy_cannot_shoot_it() -> None:
    state = _game([3])
    do(state, VANISH)
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    before = state.hash()
    assert not [x for x in state.legal_actions() if x.target == "a"]
    with pytest.raises(IllegalActionError, match="No LdV to a"):
        state.apply(Action("ataque_distancia", "b", target="a", item="fusil"))
    assert state.hash() == before


def test_it_comes_back_when_it_attacks() -> None:
    state = _game([3, 3, 9, 5])  # vanishes; then its shot hits, b's CH DEF 9 fails
    do(state, VANISH)
    events = do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    assert state.invisible == ()
    assert any(e.kind == "visible" for e in events)


def test_the_ai_plays_on_what_its_side_knows() -> None:
    """Every registered AI decides on its side's view (GameState.observed): side B's
    player is handed a game where the invisible a is not on the table at all, and its
    choice is played on the real game."""
    state = _game([3])
    do(state, VANISH)
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    seen: list[GameState] = []

    def spy(view: GameState) -> Action:
        seen.append(view)
        return choose(view)

    chosen = FairPlayer(spy)(state)
    (view,) = seen
    assert "a" not in view.figures and "a" in state.figures
    assert state.check(chosen) is None and chosen.target != "a"
    assert make_player("baseline", 1)(state) == chosen  # the registry's players are fair


def test_the_play_screen_shows_each_side_what_it_knows() -> None:
    state = _game([3])
    do(state, VANISH)
    assert "a" in {u.id for u in field_of(state, "A").units}
    assert "a" not in {u.id for u in field_of(state, "B").units}


def test_a_saved_game_hashes_who_is_invisible() -> None:
    state = _game([3])
    before = state.hash()
    do(state, VANISH)
    twin = state.clone()
    twin.invisible = ()
    assert twin.hash() != state.hash() != before


@settings(max_examples=40, deadline=None)
@given(hidden=st.sets(st.sampled_from(["a", "b", "r"])))
def test_a_sides_view_never_holds_the_other_sides_hidden_figures(hidden: set[str]) -> None:
    """Hypothesis: whatever is invisible, side A's view holds all of side A and none of
    side B's invisible figures, and the reverse."""
    state = _game([])
    state.invisible = tuple(sorted(hidden))
    for side in "AB":
        seen = state.observe(side).figures
        assert all(f in seen for f, fig in state.figures.items() if fig.side == side)
        assert not [f for f in hidden if state.figures[f].side != side and f in seen]
        assert state.pending.kind is PendingKind.ACT


def test_the_log_keeps_an_invisible_figures_doings_from_the_other_side() -> None:
    """The play screen's log for side B leaves out what a did while off the board; side A
    reads all of it, and both read that it vanished and came back."""
    state = _game([3, 3, 9, 5])
    do(state, VANISH)
    do(state, Action("mover", point=(11.0, 10.0), facing=0.0))
    do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    kinds_b = [e.kind for e in log_for(state, "B")]
    kinds_a = [e.kind for e in log_for(state, "A")]
    assert "move" in kinds_a and "move" not in kinds_b
    assert {"invisible", "visible"} <= set(kinds_b)
    assert log_for(state, None) == state.log
