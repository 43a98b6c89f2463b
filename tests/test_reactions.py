"""REACCIONES: who may react, the CH VOL, acting with ENE down to −10."""

from __future__ import annotations

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, IllegalActionError, PendingKind

from .engine_support import profile, scenario, started

SHOOTER = profile("b", vol=4)


def watched():  # type: ignore[no-untyped-def]
    """a acts in b's CdV, 10 K away."""
    return scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)], profiles={"b": SHOOTER}
    )


def fragile():  # type: ignore[no-untyped-def]
    """As watched(), with a at CON 2 (one good shot takes it out) and an ally c far off."""
    return scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("c", "A", (2.0, 25.0), 90.0),
            ("b", "B", (21.0, 10.0), 180.0),
        ],
        profiles={"a": profile("a", con=2), "b": SHOOTER},
    )


def test_an_action_in_the_cdv_opens_a_chance_to_react() -> None:
    """REACCIONES: an action of an enemy in the CdV may be answered."""
    state = started(watched())
    events = state.apply(Action("agacharse"))
    assert events[-1].kind == "reaction_window" and events[-1].data["candidates"] == ["b"]
    assert state.pending.kind is PendingKind.REACT and state.pending.side == "B"
    assert {a.kind for a in state.legal_actions()} == {"pass", "react"}
    with pytest.raises(IllegalActionError, match="react with, or pass"):
        state.apply(Action("levantarse"))


def test_unseen_and_unheard_actions_open_nothing() -> None:
    """A figure looking away that hears nothing cannot react (a posture change is silent)."""
    away = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 0.0)])
    state = started(away)
    state.apply(Action("agacharse"))
    assert state.pending.kind is PendingKind.ACT


def test_noise_through_a_wall_lets_a_listener_react() -> None:
    """Reaccionar al ruido: the sound of a move reaches a listener looking away."""
    away = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (12.0, 10.0), 0.0)])
    state = started(away)
    state.apply(Action("mover", point=(10, 14)))  # 1 K moved: heard at 2 K; b is 1.74 K off
    assert state.pending.kind is PendingKind.REACT
    muffled = scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (12.0, 10.0), 0.0)],
        walls=(Wall(((11.0, 0), (11.0, 30)), 3.0, 3),),
    )
    state = started(muffled)
    state.apply(Action("mover", point=(10, 14)))
    assert state.pending.kind is PendingKind.ACT  # the wall took 3 K off a 2 K sound


def test_failed_vol_check_means_no_reaction() -> None:
    state = started(watched(), faces=[9])
    state.apply(Action("agacharse"))
    events = state.apply(Action("react", "b"))
    assert events[0].data["purpose"] == "CH VOL (reacción)" and events[0].data["outcome"] == "fail"
    assert state.pending.kind is PendingKind.ACT and state.pending.figure == "a"


def test_a_reaction_may_spend_ene_down_to_minus_ten() -> None:
    """REACCIONES: reacting, ENE may go as low as −10."""
    state = started(watched(), faces=[2, 9, 2])  # VOL passes; IMP 9 misses; VOL passes again
    state.apply(Action("agacharse"))
    state.apply(Action("react", "b"))
    assert state.pending.kind is PendingKind.REACT_ACT and state.pending.figure == "b"
    state.apply(Action("ataque_distancia", "b", target="a"))
    assert state.figures["b"].ene == -3 and not state.figures["b"].acted
    assert state.pending.kind is PendingKind.ACT and state.pending.figure == "a"
    state.figures["b"].ene = -9
    state.apply(Action("levantarse"))
    state.apply(Action("react", "b"))
    with pytest.raises(IllegalActionError, match="may go down to ENE −10"):
        state.apply(Action("ataque_distancia", "b", target="a"))


def test_a_reacting_pj_does_not_pivot() -> None:
    """Girar y pivotar: a Pj cannot pivot outside its own activation."""
    state = started(watched(), faces=[2])
    state.apply(Action("agacharse"))
    state.apply(Action("react", "b"))
    state.apply(Action("mover", "b", point=(21, 14)))
    assert state.figures["b"].facing == 180 and state.figures["b"].position == pytest.approx(
        (21, 11)
    )


def test_only_witnesses_may_react_and_pass_ends_the_window() -> None:
    state = started(watched())
    state.apply(Action("agacharse"))
    with pytest.raises(IllegalActionError, match="neither saw nor heard"):
        state.apply(Action("react", "a"))
    state.apply(Action("pass"))
    assert state.pending.kind is PendingKind.ACT


def test_an_actor_taken_out_by_a_reaction_ends_its_activation() -> None:
    """HERIDAS: a casualty cannot act; its activation ends and play goes on."""
    frail = fragile()
    state = started(frail, faces=[2, 1, 9])  # VOL; critical IMP: DAÑ 5; DEF 9 fails
    state.apply(Action("agacharse"))
    state.apply(Action("react", "b"))
    state.apply(Action("ataque_distancia", "b", target="a"))
    assert state.figures["a"].casualty and not state.over
    assert state.active is None and state.pending.kind is PendingKind.ACTIVATE


def test_tiempo_bala_trades_actions_without_new_vol_checks() -> None:
    """REACCIONES, Tiempo bala: after a passed CH VOL the reactor answers the same actor
    again, this activation, without checking VOL; it ends with the activation."""
    state = started(watched(), faces=[2, 9, 9])  # VOL passes; two misses (IMP 9, 9)
    state.apply(Action("agacharse"))
    state.apply(Action("react", "b"))
    state.apply(Action("ataque_distancia", "b", target="a"))
    state.apply(Action("levantarse"))
    events = state.apply(Action("react", "b"))
    assert events[0].kind == "bullet_time" and not any(e.kind == "roll" for e in events)
    state.apply(Action("ataque_distancia", "b", target="a"))
    state.apply(Action("end"))
    assert state.bullet_time == set()


def _imp(events):  # type: ignore[no-untyped-def]
    return next(e.data for e in events if e.kind == "roll" and e.data["purpose"] == "CH IMP")


def test_reacting_before_a_move_ends_catches_the_mover_on_its_path() -> None:
    """REACCIONES, reacting before the action ends: the reactor names a point of the mover's
    path; it acts with CH ATR −1 (MODIFICADORES, por reaccionar antes: one −1), with
    the mover there; then the move goes on to its end."""
    state = started(watched(), faces=[3, 2, 1])  # VOL; IMP 2; DEF critical: no wounds
    state.apply(Action("mover", point=(10.0, 11.0)))
    events = state.apply(Action("react", "b", point=(10.0, 10.5)))
    assert state.figures["a"].position == (10.0, 10.5)
    assert [e for e in events if e.kind == "early_reaction"]
    events = state.apply(Action("ataque_distancia", "b", target="a"))
    assert ["reacción antes de terminar la acción", -1] in _imp(events)["modifiers"]
    assert events[-1].kind == "move_resumed"
    assert state.figures["a"].position == (10.0, 11.0)
    assert not state.figures["b"].reacting_early


def test_a_late_reaction_takes_no_early_penalty() -> None:
    state = started(watched(), faces=[3, 2, 1])
    state.apply(Action("mover", point=(10.0, 11.0)))
    state.apply(Action("react", "b"))
    events = state.apply(Action("ataque_distancia", "b", target="a"))
    assert all(
        label != "reacción antes de terminar la acción" for label, _ in _imp(events)["modifiers"]
    )


def test_a_mover_taken_out_by_an_early_reaction_stays_where_it_fell() -> None:
    frail = fragile()
    state = started(frail, faces=[2, 1, 9])  # VOL; critical IMP; DEF fails
    state.apply(Action("mover", point=(10.0, 11.0)))
    state.apply(Action("react", "b", point=(10.0, 10.25)))
    events = state.apply(Action("ataque_distancia", "b", target="a"))
    assert state.figures["a"].casualty and state.figures["a"].position == (10.0, 10.25)
    assert [e for e in events if e.kind == "move_cut"]


def test_an_early_reaction_needs_a_point_on_a_moves_path() -> None:
    state = started(watched(), faces=[3])
    state.apply(Action("mover", point=(10.0, 11.0)))
    before = state.hash()
    with pytest.raises(IllegalActionError, match="not on a's path"):
        state.apply(Action("react", "b", point=(11.0, 10.5)))
    with pytest.raises(IllegalActionError, match="not on a's path before its end"):
        state.apply(Action("react", "b", point=(10.0, 11.0)))
    assert state.hash() == before and state.figures["a"].position == (10.0, 11.0)
    state = started(watched(), faces=[3])
    state.apply(Action("agacharse"))
    with pytest.raises(IllegalActionError, match="only a move can be answered before it ends"):
        state.apply(Action("react", "b", point=(10.0, 10.0)))
