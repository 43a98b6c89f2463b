"""The play screen's model, headless (issue 13): seats, the undo rule, saves, the move
under the cursor, the labels on targets, the action bar and the replay's steps."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.i18n import told
from wartime.play import Replay, Seat, Session, action_bar, aim, footprint, plan_move

from .engine_support import duel, scenario, started

PEOPLE = {"A": Seat("A"), "B": Seat("B")}
SHOT = Action("ataque_distancia", "a", target="b", item="fusil")


def _duel(seats: dict[str, Seat] = PEOPLE) -> Session:
    state = started(duel())
    state.reseed(5)
    return Session(state, seats)


def test_a_turn_without_dice_is_taken_back_and_the_game_is_as_before() -> None:
    """Into the Breach's rule: undo while no die has been rolled since."""
    session = _duel()
    before = session.state.hash()
    session.decide(Action("girar", "a", facing=90.0))
    assert session.undo_refusal() is None
    assert session.undo() == Action("girar", "a", facing=90.0)
    assert session.state.hash() == before


def test_a_decision_that_rolled_a_die_stands() -> None:
    session = _duel()
    session.decide(SHOT)
    while session.pending.kind is PendingKind.RESPOND:
        session.decide(Action("pass", session.pending.figure))
    reason = session.undo_refusal()
    assert reason is not None and "die" in reason
    with pytest.raises(ValueError, match="die"):
        session.undo()


def test_an_illegal_decision_changes_nothing() -> None:
    session = _duel()
    before = session.state.hash()
    with pytest.raises(IllegalActionError):
        session.decide(Action("ataque_distancia", "a", target="b", item="cuchillo"))
    assert session.state.hash() == before and not session.decided


def test_the_ai_plays_its_side_and_its_decision_is_not_the_persons_to_undo() -> None:
    session = _duel({"A": Seat("A"), "B": Seat("B", "baseline")})
    session.decide(Action("end", "a"))
    for _ in range(20):
        if not session.ai_to_decide():
            break
        action, _ = session.play_ai()
        assert action.figure in (None, "b")
    assert session.decided[-1].by_person is False
    assert session.undo_refusal() == "The last decision was the AI's"


def test_hot_seat_hands_off_when_the_other_person_must_decide() -> None:
    session = _duel()
    assert not session.hand_off("A")  # a still acts
    session.decide(Action("end", "a"))
    assert session.pending.side == "B" and session.hand_off("A")


def test_a_saved_session_loads_as_the_same_game(tmp_path: Path) -> None:
    session = Session(scenario_state(), PEOPLE)
    path = tmp_path / "partida.yaml"
    session.save(path)
    again = Session.load(path, PEOPLE)
    assert again.state.hash() == session.state.hash()


def scenario_state() -> GameState:
    from wartime.engine import load_scenario

    maps = Path(__file__).resolve().parents[1] / "maps"
    state = load_scenario(maps / "campo-abierto.yaml", seed=3).new_game()
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    return state


def test_the_move_under_the_cursor_walks_round_a_wall_and_names_its_stride() -> None:
    """MOVIMIENTO: Mover reaches MOV, Correr MOV+1, Esprintar further; the way bends."""
    wall = Wall(((12.0, 6.0), (12.0, 14.0)), height=3.0, defense=3, id="muro")
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 20.0), 180.0)]
    state = started(scenario(units, walls=(wall,)))
    goal = (14.0, 10.0)
    plan = plan_move(state, "a", goal)
    assert plan.length > 4.0  # round the wall, not through it
    assert len(plan.path.legs) > 2
    if plan.stride is None:
        assert plan.refusal is not None and "Out of reach" in told(plan.refusal, "en")
    near = plan_move(state, "a", (10.0, 10.8))
    assert near.stride == "mover" and near.action is not None and near.refusal is None
    assert near.ene == near.path.ene["mover"]


def test_a_move_out_of_reach_is_refused_before_the_click() -> None:
    state = started(duel())
    plan = plan_move(state, "a", (10.0, 28.0))
    assert plan.stride is None and plan.action is None
    assert plan.refusal is not None and "Out of reach" in told(plan.refusal, "en")


def test_every_enemy_gets_a_label_a_reason_or_the_resolvers_odds() -> None:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("c", "B", (2.0, 10.0), 0.0)]  # fmt: skip
    state = started(scenario(units))
    state.reseed(1)
    labels = {label.target: label for label in aim(state, "a", "ataque_distancia", "fusil")}
    assert set(labels) == {"b", "c"}
    ahead, behind = labels["b"], labels["c"]
    assert ahead.reason is None and ahead.preview is not None
    assert ahead.hit_chance == next(c for c in ahead.preview.checks if c.check == "IMP").success
    assert ahead.range_modifier == 0  # 10 K: the first band
    assert behind.preview is None and behind.reason == state.check(behind.action)


def test_the_bar_holds_the_legal_actions_and_greys_out_the_rest_with_reasons() -> None:
    state = started(duel())
    state.reseed(2)
    bar = {entry.kind: entry for entry in action_bar(state, "a")}
    assert bar["ataque_distancia"].allowed and bar["ataque_distancia"].group == "combat"
    assert not bar["cargar"].allowed and "reaches" in told(bar["cargar"].reason or "", "en")
    assert bar["mover"].ene == 1 and bar["mover"].group == "movement"
    assert bar["end"].group == "other" and bar["end"].allowed
    legal = {a for a in state.legal_actions() if a.figure in ("a", None)}
    assert {a for e in bar.values() for a in e.actions} == legal


def test_the_replay_steps_forward_and_back_through_the_same_states() -> None:
    game = scenario_state()
    for _ in range(30):
        if game.pending.kind is PendingKind.GAME_OVER:
            break
        game.apply(game.legal_actions()[-1])
    replay = Replay.of(game)
    assert replay.go(replay.steps).hash() == game.hash()
    middle = replay.go(7).hash()
    replay.forward()
    assert replay.back().hash() == middle
    assert replay.go(0).hash() == game.scenario.new_game().hash()
    assert replay.events(1) and replay.step == 0  # reading a step moves nothing


def test_an_area_weapon_shows_its_template_and_whom_it_covers() -> None:
    """ÁREAS: an R template is centred on the aim; wholly covered bases take full DAÑ,
    partly covered ones half."""
    from wartime.engine.core.profiles import Weapon

    from .engine_support import profile

    grenade = Weapon("granada", ene=3, dan=5, alc=15, cal=3, bonuses=("Área",), area="R4")
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0),
             ("c", "B", (21.8, 10.0), 180.0), ("d", "B", (30.0, 10.0), 180.0)]  # fmt: skip
    state = started(scenario(units, profiles={"a": profile("a", weapons=(grenade,))}))
    laid = footprint(state, "a", "granada", (20.0, 10.0))
    assert laid is not None and laid.shape == "R4"
    assert laid.full == ("b",) and laid.partial == ("c",)  # c's base reaches past the edge
    assert all(math.dist(p, (20.0, 10.0)) == pytest.approx(2.0, abs=1e-3) for p in laid.outline)
    assert footprint(state, "a", "fusil", (20.0, 10.0)) is None  # no area
