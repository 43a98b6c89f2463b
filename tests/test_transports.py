"""Transports: driving, Pivotar, Maniobrar, their wounds and the explosion (HERIDAS).

Each test names its rule; the readings the rulebook leaves open are in
docs/rules-interpretations.md, "Transports".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.checks import burden_modifiers
from wartime.engine.core.profiles import Transport

from .engine_support import do, profile, refused, scenario, started

BUGGY = Transport("buggy", ene=2, mov=6.0, defense=4, cal=2)
MECHA = replace(BUGGY, id="mecha", mecha=True)


def _riding(vehicle: Transport = BUGGY, faces: tuple[int, ...] = (), **extra: object) -> GameState:
    """a (side A) rides ``vehicle`` at (10, 10) facing east (0°); b waits far off."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    units += extra.get("units", [])  # type: ignore[operator]
    profiles = {"a": replace(profile("a"), transport=vehicle), **extra.get("profiles", {})}  # type: ignore[dict-item]
    return started(scenario(units, profiles), faces)


def test_a_transport_gives_its_mov_and_def_but_no_overload() -> None:
    """MOVIMIENTO: transports choose their MOV; CH DEF sums the transport's DEF;
    MODIFICADORES, por sobrecarga, counts what the Pj wears, not what it rides."""
    state = _riding()
    a = state.figure("a")
    assert (a.mov, a.defense, a.profile.mov) == (6.0, 3 + 4, 1.0)
    assert burden_modifiers(a, "CH IMP") == []


def test_a_transport_drives_along_its_facing() -> None:
    """Girar y pivotar: a transport goes straight; an off-axis point is reached along the nose."""
    state = _riding()
    do(state, Action("mover", "a", point=(14.0, 13.0)))
    a = state.figure("a")
    assert a.position == pytest.approx((14.0, 10.0)) and a.facing == 0.0


def test_a_transport_may_back_straight_up() -> None:
    """Girar y pivotar (our reading): straight back along the axis is a straight move too."""
    state = _riding()
    do(state, Action("mover", "a", point=(7.0, 10.0)))
    assert state.figure("a").position == pytest.approx((7.0, 10.0))
    assert state.figure("a").facing == 0.0


def test_a_transport_turns_up_to_45_degrees_at_the_end() -> None:
    """Girar y pivotar: up to 45° at the end of its move, and no more."""
    state = _riding()
    refused(state, Action("mover", "a", point=(14.0, 10.0), facing=60.0), "at most 45°")
    do(state, Action("mover", "a", point=(14.0, 10.0), facing=315.0))
    a = state.figure("a")
    assert a.position == pytest.approx((14.0, 10.0)) and a.facing == 315.0


def test_starting_a_transport_costs_its_ene_once_a_turn() -> None:
    """CREACIÓN DE TRANSPORTES, ENE: starting it moving costs its ENE on top of the move."""
    state = _riding()
    assert state.figure("a").ene == 8
    events = do(state, Action("mover", "a", point=(12.0, 10.0)))
    assert state.figure("a").ene == 8 - (1 + BUGGY.ene)
    assert [e.data["cost"] for e in events if e.kind == "ene"] == [1 + BUGGY.ene]
    do(state, Action("mover", "a", point=(14.0, 10.0)))
    assert state.figure("a").ene == 8 - (1 + BUGGY.ene) - 1  # already under way this turn


def test_pivotar_turns_a_transport_for_ene_3() -> None:
    """Pivotar (3/1): a transport pivots on its base for ENE 3, to any facing."""
    state = _riding()
    do(state, Action("pivotar", "a", facing=180.0))
    a = state.figure("a")
    assert (a.facing, a.ene, a.position) == (180.0, 8 - 3, (10.0, 10.0))
    do(state, Action("pivotar", "a", point=(10.0, 20.0)))  # or toward a point
    assert state.figure("a").facing == 90.0


def test_pivotar_is_not_for_a_pj_in_its_own_activation() -> None:
    """Girar y pivotar: a Pj turns for free when it acts; Pivotar is for transports or reactions."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)]))
    refused(state, Action("pivotar", "a", facing=90.0), "turns freely")


def test_a_pj_may_choose_where_it_faces_after_a_move() -> None:
    """Girar y pivotar: a Pj acting turns and pivots at no ENE cost."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)]))
    do(state, Action("mover", "a", point=(11.0, 10.0), facing=200.0))
    assert state.figure("a").facing == 200.0


def test_maniobrar_needs_a_move_first_and_keeps_the_facing() -> None:
    """Maniobrar (1, AGI): after Mover or Correr, up to 1 K more, facing unchanged."""
    state = _riding(faces=(3,))
    refused(state, Action("maniobrar", "a", point=(10.0, 11.0)), "follows a Mover or Correr")
    do(state, Action("mover", "a", point=(14.0, 10.0)))
    events = do(state, Action("maniobrar", "a", point=(14.0, 13.0)))
    a = state.figure("a")
    assert a.position == pytest.approx((14.0, 11.0)) and a.facing == 0.0
    roll = next(e for e in events if e.kind == "roll")
    assert roll.data["base"] == 4 and dict(roll.data["modifiers"]) == {"acción encadenada": -1}


def test_maniobrar_after_10_k_is_difficult_and_a_failure_stays_put() -> None:
    """Maniobrar: having moved 10 K or more this turn, CH AGI D (−1); a failure does not move."""
    fast = replace(BUGGY, mov=12.0)
    state = _riding(fast, faces=(4,))
    do(state, Action("mover", "a", point=(22.0, 10.0)))
    events = do(state, Action("maniobrar", "a", point=(22.0, 11.0)))
    roll = next(e for e in events if e.kind == "roll")
    assert ("movió 10 K o más", -1) in [tuple(m) for m in roll.data["modifiers"]]
    assert roll.data["outcome"] == "fail"
    assert state.figure("a").position == pytest.approx((22.0, 10.0))


def test_a_transport_does_not_fight_in_cac_nor_crouch() -> None:
    """BONUS Y MALUS, Mecha: only a Mecha engages in CaC; a transport has no posture."""
    state = _riding(units=[("c", "B", (15.0, 10.0), 180.0)])
    refused(state, Action("cargar", "a", target="c"), "a transport cannot take 'cargar'")
    refused(state, Action("agacharse", "a"), "cannot take 'agacharse'")
    mecha = _riding(MECHA)
    do(mecha, Action("agacharse", "a"))  # a Mecha acts as a Pj on foot
    do(mecha, Action("mover", "a", point=(10.0, 12.0)))
    assert mecha.figure("a").position == pytest.approx((10.0, 12.0))


def _shot_at_the_buggy(defence_die: int, cal: int, **extra: object) -> tuple[GameState, list]:  # type: ignore[type-arg]
    """a (A) shoots b (B), who rides a buggy; b fails its CH DEF with ``defence_die``."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    units += extra.get("units", [])  # type: ignore[operator]
    profiles = {"b": replace(profile("b"), transport=replace(BUGGY, cal=cal, mov=2.0))}
    state = started(scenario(units, profiles), [2, defence_die, *extra.get("faces", ())])  # type: ignore[arg-type]
    events = do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    return state, events


def test_hits_on_a_rider_wound_its_transport() -> None:
    """HERIDAS: equipment takes wounds; at CAL it is unusable and cannot move."""
    state, events = _shot_at_the_buggy(9, cal=4, units=[("e", "B", (35.0, 25.0), 180.0)])
    b = state.figure("b")
    assert (b.wounds, b.vehicle_wounds) == (0, 4)
    assert any("4/4, inutilizado" in e.text for e in events)
    assert b.defense == 3 + 1  # DEF −1 per wound, never below 1
    state.apply(Action("end", "a"))
    state.apply(Action("activate", "b"))
    refused(state, Action("mover", "b", point=(18.0, 10.0)), "unusable")


def test_a_destroyed_transport_explodes_over_its_mov_at_least_3_k() -> None:
    """HERIDAS: above CAL it is destroyed and explodes, DAÑ = DEF, radius MOV (min 3 K)."""
    near = ("c", "A", (24.0, 10.0), 180.0)  # 3.0 K centre to centre: inside the 3 K blast
    far = ("d", "A", (30.0, 10.0), 180.0)  # well outside
    spare = ("e", "B", (35.0, 25.0), 180.0)
    # b's DEF fails (9): 4 wounds > CAL 1; the blast: b on foot (DEF 3) 9, c (DEF 3) 9;
    # d sees c fall 5 K away and passes its CH PSI (2) for the traumatic situation.
    state, events = _shot_at_the_buggy(9, cal=1, units=[near, far, spare], faces=(9, 9, 2))
    blast = next(e for e in events if e.kind == "explosion")
    assert blast.data["damage"] == BUGGY.defense and blast.data["radius"] == 3.0
    assert blast.data["victims"] == ["b", "c"]
    b, c, d = (state.figure(x) for x in "bcd")
    assert not b.riding and b.mov == 1.0 and b.defense == 3
    assert (b.wounds, c.wounds, d.wounds) == (4, 4, 0)


def test_a_transport_rams_with_its_cal_plus_the_run() -> None:
    """Embestir, Transporte: DAÑ = CON + K straight (max CON×2); it takes the target's
    CON + K/2; the target is thrown DAÑ − CON K (our reading: a transport's CON is its CAL)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (16.0, 10.0), 180.0)]
    profiles = {"a": replace(profile("a"), transport=replace(BUGGY, cal=3, mov=8.0))}
    # CH IMP 2; b's CH DEF 2 passes (6 − 3 = 3 wounds), its CH PSI 3; a's CH DEF 2 passes.
    state = started(scenario(units, profiles), [2, 2, 3, 2])
    events = do(state, Action("embestir", "a", target="b"))
    run = next(e for e in events if e.kind == "move").data["travelled"]
    assert run == pytest.approx(5.0)  # 6 K between centres, bases of 0.5 K
    hits = [e.data["damage"] for e in events if e.kind == "hit"]
    assert hits == [6, 4 + 3]  # min(2×3, 3 + 5) = 6; b's CON 4 + 5/2 rounded up
    assert state.figure("b").wounds == 3
    assert state.figure("a").vehicle_wounds == 0  # DEF 3 + 4: the recoil of 7 is held off
    thrown = [e for e in events if e.kind == "move" and e.data["figure"] == "b"]
    assert thrown and thrown[0].data["travelled"] == pytest.approx(6 - 4)


def test_a_transport_rams_only_straight_ahead() -> None:
    """Embestir, Transporte: the K are run in a straight line, along its nose."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 14.0), 180.0)]
    state = started(scenario(units, {"a": replace(profile("a"), transport=BUGGY)}))
    refused(state, Action("embestir", "a", target="b"), "not in its way")
