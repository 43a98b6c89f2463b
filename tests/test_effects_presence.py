"""BONUS Y MALUS: presence auras played by entries/presence.py, each shown in play with
scripted dice: Líder and Despertando del letargo (the VOL a figure uses), Gran demonio,
Faro and Distorsión psíquica.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.board.battlefield import Battlefield, Deployment, Unit
from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.core.profiles import Profile, Trait
from wartime.engine.core.scenario import Reserve
from wartime.engine.entries import presence
from wartime.engine.entries.presence import vol

from . import engine_support as support
from .test_areas import FAIL_DEF, GRENADE, PASS_PSI, kinds, ready, tough

PAD = [5] * 8


def carrying(name: str, entry: str | None, **stats: Any) -> Profile:
    return replace(support.profile(name, **stats), traits=(Trait(entry),) if entry else ())


def above(x: float, y: float, gap_k: float) -> tuple[float, float]:
    """Where a 1 K base stands ``gap_k`` K (edge to edge) above a 1 K base at (x, y)."""
    return (x, y + 1.0 + gap_k)


def initiative(scn: Scenario, faces: list[int]) -> list[Any]:
    """Both sides roll the initiative with a and b; the events of the rolls."""
    state = scn.new_game()
    state.dice = support.ScriptedDice(faces)
    state.apply(Action("initiative", "a"))
    return state.apply(Action("initiative", "b"))


# -- Líder --------------------------------------------------------------------------------------


def leader_scene(gap_k: float, leader_vol: int = 8, a_vol: int = 4) -> Scenario:
    """a (A, VOL ``a_vol``) at (10, 10); c (A, Líder, VOL ``leader_vol``) ``gap_k`` K
    above it; b (B) 13 K off, beyond a's own CdV when its VOL is 2."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (24.0, 10.0), 180.0)]
    units.append(("c", "A", above(10.0, 10.0, gap_k), 0.0))
    profiles = {
        "a": support.profile("a", vol=a_vol),
        "b": support.profile("b", con=9),
        "c": carrying("c", "Líder", vol=leader_vol),
    }
    return support.scenario(units, profiles=profiles)


@pytest.mark.parametrize(("gap_k", "used"), [(4.9, 8), (5.1, 4)])
def test_lider_lends_its_vol_to_the_initiative_of_allies_within_5_k(
    gap_k: float, used: int
) -> None:
    """BONUS Y MALUS, Líder: an ally within 5 K uses the leader's VOL; TURNOS E INICIATIVA
    roll 1D10 + that VOL."""
    events = initiative(leader_scene(gap_k), [6, 1])
    data = next(e.data for e in events if e.kind == "roll" and e.data["who"] == "a")
    assert data["modifiers"] == [["VOL", used]] and data["outcome"] == 6 + used


def test_lider_sets_the_phase_an_ally_acts_in() -> None:
    """BONUS Y MALUS, Líder: SECUENCIA, a Pj acts in a phase up to its VOL: near the leader
    (VOL 8) a VOL 4 Pj acts in phase 8; 5.1 K away it may not."""
    near = support.started(leader_scene(4.9), [*PAD])
    assert near.phase == 8 and near.active == "a"
    far = leader_scene(5.1).new_game()
    far.dice = support.ScriptedDice([9, 1, *PAD])
    far.apply(Action("initiative", "a"))
    far.apply(Action("initiative", "b"))
    assert far.phase == 8
    support.refused(far, Action("activate", "a"), r"cannot act in phase 8 \(VOL 4")


def test_lider_widens_the_cdv_of_a_shot_and_never_lowers_a_vol() -> None:
    """BONUS Y MALUS, Líder: the CdV is VOL×5 K: a VOL 2 shooter near a VOL 4 leader sees 20 K
    and shoots at 13 K; once the leader is 5.1 K away it sees 10 K only.  A leader with
    less VOL than the ally changes nothing."""
    state = support.started(leader_scene(4.9, leader_vol=4, a_vol=2), [5, 9, *PAD])
    assert vol(state, state.figures["a"]) == 4
    shot = Action("ataque_distancia", target="b", item="fusil")
    assert support.rolls_of(support.do(state, shot), "a", "CH IMP")
    state = support.started(leader_scene(4.9, leader_vol=4, a_vol=2), [5, 9, *PAD])
    state.figures["c"].position = above(10.0, 10.0, 5.1)
    assert vol(state, state.figures["a"]) == 2
    support.refused(state, shot, "outside the CdV")
    weak = support.started(leader_scene(4.9, leader_vol=2, a_vol=4), [*PAD])
    assert vol(weak, weak.figures["a"]) == 4


def test_lider_reaches_the_ch_psi_of_an_ally() -> None:
    """BONUS Y MALUS, Líder: PSICOLOGÍA, the CH PSI of a wounded ally is a CH VOL with the
    leader's VOL (8), not its own (4)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    units.append(("c", "B", above(21.0, 10.0, 2.0), 0.0))
    profiles = {"a": support.profile("a", vol=9), "b": support.profile("b", con=9)}
    profiles["c"] = carrying("c", "Líder", vol=8)  # a (VOL 9) acts first
    state = support.started(support.scenario(units, profiles=profiles), [2, 9, 7, *PAD])
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    (psi,) = support.rolls_of(events, "b", "CH PSI")
    assert psi["target"] == 8 and psi["outcome"] == "pass"  # 7 ≤ 8: it would fail at VOL 4


# -- Despertando del letargo ------------------------------------------------------------------


def waking_scene(a_entry: str | None) -> Scenario:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    return support.scenario(
        units, profiles={"a": carrying("a", a_entry, vol=6), "b": support.profile("b")}
    )


@pytest.mark.parametrize(("turn", "entry", "used"), [(1, "Despertando del letargo", 1),
                                                      (3, "Despertando del letargo", 3),
                                                      (3, None, 6)])  # fmt: skip
def test_despertando_del_letargo_uses_the_turn_as_vol(
    turn: int, entry: str | None, used: int
) -> None:
    """BONUS Y MALUS, Despertando del letargo: its VOL is the number of the turn in play
    (VOL 6 on the sheet): 1 in the first turn, 3 in the third, in the initiative roll."""
    state = waking_scene(entry).new_game()
    state.turn = turn
    state.dice = support.ScriptedDice([6, 1])
    state.apply(Action("initiative", "a"))
    events = state.apply(Action("initiative", "b"))
    data = next(e.data for e in events if e.kind == "roll" and e.data["who"] == "a")
    assert data["modifiers"] == [["VOL", used]]


def test_despertando_del_letargo_acts_late_in_the_first_turn() -> None:
    """BONUS Y MALUS, Despertando del letargo: with VOL 1 in the first turn it acts in phase
    1 only (SECUENCIA), after b (VOL 4)."""
    state = waking_scene("Despertando del letargo").new_game()
    state.dice = support.ScriptedDice([9, 1, *PAD])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    assert state.phase == 4 and state.to_move == "B"
    state.apply(Action("activate", "b"))
    state.apply(Action("end"))
    assert state.phase == 1 and state.to_move == "A"


# -- Gran demonio ------------------------------------------------------------------------------


def demon_scene(gap_k: float, faces: list[int]) -> GameState:
    """a (A, VOL 7) starts its activation ``gap_k`` K from b (B, Gran demonio, VOL 6)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0 + gap_k, 10.0), 180.0)]
    profiles = {"a": support.profile("a", vol=7), "b": carrying("b", "Gran demonio", vol=6)}
    return support.started(support.scenario(units, profiles=profiles), faces)


def test_gran_demonio_makes_an_enemy_in_reach_check_psi_then_loc_minus_2() -> None:
    """BONUS Y MALUS, Gran demonio: an enemy within as many K as its VOL (6) checks CH PSI as
    it starts to act; failing it (+1 stress, PSICOLOGÍA), it faces CH LOC -2 (7 - 2 = 5)."""
    state = demon_scene(5.9, [9, 6, *PAD])
    events = state.log
    (psi,) = support.rolls(events, "CH PSI (Gran demonio de b)")
    assert psi["target"] == 7 and psi["outcome"] == "fail"
    (loc,) = support.rolls(events, "CH LOC (Gran demonio de b)")
    assert loc["modifiers"] == [["Gran demonio (b)", -2]] and loc["outcome"] == "fail"
    a = state.figures["a"]
    assert a.stress == 1 and a.panic and presence.mark(a).dread_turn == 1


def test_gran_demonio_passed_psi_no_loc_and_out_of_reach_nothing() -> None:
    """BONUS Y MALUS, Gran demonio: a passed CH PSI brings no CH LOC; 6.1 K away (VOL 6)
    there is no check at all."""
    state = demon_scene(5.9, [3, *PAD])
    assert support.rolls(state.log, "CH PSI (Gran demonio de b)") and not support.rolls_of(
        state.log, "a", "CH LOC"
    )
    state = demon_scene(6.1, [*PAD])
    assert (
        not support.rolls_of(state.log, "a", "CH PSI")
        and presence.mark(state.figures["a"]).dread_turn == 0
    )


# -- Faro --------------------------------------------------------------------------------------


def beacon_shot(c_gap: float, dice: list[int], angles: list[float]) -> list[Any]:
    """a throws a grenade at b (10 K) and misses; c (A, Faro) stands ``c_gap`` K from b."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    units.append(("c", "A", above(20.0, 10.0, c_gap), 0.0))
    profiles = {
        "a": tough("a", GRENADE),
        "b": tough("b"),
        "c": replace(tough("c"), traits=(Trait("Faro"),)),
    }
    state = ready(support.scenario(units, profiles), dice, angles)
    return support.do(state, Action("ataque_distancia", target="b", item="granada"))


def test_faro_keeps_a_missed_template_where_it_was_aimed() -> None:
    """BONUS Y MALUS, Faro: within 5 K of the bearer nothing scatters (ÁREAS, Dispersión):
    the failed CH IMP lays the template on b itself."""
    events = beacon_shot(4.0, [8, FAIL_DEF, PASS_PSI], [])
    assert support.rolls(events, "CH IMP")[0]["outcome"] == "fail"
    assert not kinds(events, "scatter")
    (placed,) = kinds(events, "area_on_target")
    assert placed["beacon"] == "Faro (c)"
    (template,) = kinds(events, "template")
    assert template["origin"] == pytest.approx([20.0, 10.0]) and "b" in template["full"]


def test_faro_out_of_reach_the_template_scatters() -> None:
    """BONUS Y MALUS, Faro: aimed 8 K from the bearer (6.5 K from its base), it scatters."""
    events = beacon_shot(6.0, [8, 5], [270.0])
    assert kinds(events, "scatter") and not kinds(events, "area_on_target")


def deploy_scene(beacon: bool) -> GameState:
    """Side A deploys r in its zone (x 0..10); b (B) stands at (11, 5), c (A) at (8, 10)."""
    units = (Unit("b", "B", (11.0, 5.0), 180.0), Unit("c", "A", (8.0, 10.0), 0.0))
    zones = (
        Deployment("A", ((0.0, 0.0), (10.0, 0.0), (10.0, 30.0), (0.0, 30.0))),
        Deployment("B", ((30.0, 0.0), (40.0, 0.0), (40.0, 30.0), (30.0, 30.0))),
    )
    field = Battlefield("faro", (40.0, 30.0), units=units, deployment=zones)
    c = carrying("c", "Faro" if beacon else None)
    profiles = {"b": support.profile("b"), "c": c}
    scn = Scenario(
        field, profiles, Ruleset(), 1, reserves=(Reserve("r", "A", support.profile("r")),)
    )
    return scn.new_game()


def test_faro_lets_its_side_deploy_near_the_enemy() -> None:
    """BONUS Y MALUS, Faro: a reserve of the bearer's side may deploy within 5 K of it even
    within 1 K of an enemy (otherwise refused, MOVIMIENTO's 1 K from an enemy)."""
    far = (9.4, 4.0)  # 0.9 K from b's base, 5.2 K from c's
    near = (9.4, 6.0)  # 0.9 K from b's base, 3.2 K from c's
    support.refused(deploy_scene(beacon=False), Action("deploy", "r", point=near), "Within 1 K")
    state = deploy_scene(beacon=True)
    support.refused(state, Action("deploy", "r", point=far), "Within 1 K")  # beyond the Faro's 5 K
    events = state.apply(Action("deploy", "r", point=near))
    assert events[0].kind == "deploy" and "r" in state.figures


# -- Distorsión psíquica -----------------------------------------------------------------------


def distortion_scene(
    a_traits: tuple[str, ...], c_gap: float, faro_gap: float | None = None
) -> GameState:
    """a shoots b; c (B, Distorsión psíquica) stands ``c_gap`` K above a; d (A, Faro) maybe."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    units.append(("c", "B", above(10.0, 10.0, c_gap), 180.0))
    profiles = {
        "a": replace(support.profile("a"), traits=tuple(Trait(t) for t in a_traits)),
        "b": support.profile("b", con=9),
        "c": carrying("c", "Distorsión psíquica"),
    }
    if faro_gap is not None:
        units.append(("d", "A", (10.0, 10.0 - 1.0 - faro_gap), 0.0))
        profiles["d"] = carrying("d", "Faro")
    return support.started(support.scenario(units, profiles=profiles), [2, 9, 3, *PAD])


def distortion_mods(state: GameState) -> list[list[Any]]:
    data = support.rolls_of(
        support.do(state, Action("ataque_distancia", target="b", item="fusil")), "a", "CH IMP"
    )
    return [m for m in data[0]["modifiers"] if m[0].startswith("Distorsión")]


@pytest.mark.parametrize("caster", ["Neuromante", "Atadura"])
def test_distorsion_psiquica_hampers_neuromantes_and_titiriteros(caster: str) -> None:
    """BONUS Y MALUS, Distorsión psíquica: a neuromante or a titiritero (Atadura) within 5 K
    has CH ATR -1 (here its CH IMP)."""
    assert distortion_mods(distortion_scene((caster,), 4.9)) == [["Distorsión psíquica (c)", -1]]


def test_distorsion_psiquica_spares_others_the_far_and_those_by_a_faro() -> None:
    """BONUS Y MALUS, Distorsión psíquica: not a Pj that is neither, nor one 5.1 K away; and
    Faro (BONUS Y MALUS) cancels distortion within 5 K of its bearer."""
    assert distortion_mods(distortion_scene((), 4.9)) == []
    assert distortion_mods(distortion_scene(("Neuromante",), 5.1)) == []
    assert distortion_mods(distortion_scene(("Neuromante",), 4.9, faro_gap=3.0)) == []


def flyer(c_gap_after: float, faces: list[int], faro: bool = False) -> GameState:
    """a flies at height 2 from (10, 10); c (B, Distorsión psíquica) waits at (20, 10)."""
    units = [
        Unit("a", "A", (10.0, 10.0), 0.0, level=2),
        Unit("b", "B", (35.0, 25.0), 180.0),
        Unit("c", "B", (20.0 + 1.0 + c_gap_after, 10.0), 180.0),
    ]
    profiles = {
        "a": support.profile("a", mov=20.0),
        "b": support.profile("b"),
        "c": carrying("c", "Distorsión psíquica"),
    }
    if faro:
        units.append(Unit("d", "A", (20.0, 13.0), 0.0))
        profiles["d"] = carrying("d", "Faro")
    field = Battlefield("sky", (40.0, 30.0), units=tuple(units))
    return support.started(Scenario(field, profiles, Ruleset(), 1), faces)


def test_distorsion_psiquica_a_flyer_ending_its_move_within_checks_agi_then_con() -> None:
    """BONUS Y MALUS, Distorsión psíquica: a flyer that ends a move within 5 K checks CH AGI;
    failed, CH CON; failed too, 3 wounds."""
    state = flyer(4.9, [9, 9, *PAD])
    events = support.do(state, Action("mover", point=(20.0, 10.0)))
    (agi,) = support.rolls(events, "CH AGI (Distorsión psíquica de c)")
    (con,) = support.rolls(events, "CH CON (Distorsión psíquica de c)")
    assert agi["outcome"] == "fail" and con["outcome"] == "fail"
    assert state.figures["a"].wounds == 3
    state = flyer(4.9, [3, *PAD])
    events = support.do(state, Action("mover", point=(20.0, 10.0)))
    assert (
        support.rolls(events, "CH AGI (Distorsión psíquica de c)")
        and state.figures["a"].wounds == 0
    )


def test_distorsion_psiquica_not_beyond_5_k_nor_by_a_faro() -> None:
    """BONUS Y MALUS, Distorsión psíquica: ending 5.1 K away, no check; nor by a Faro."""
    state = flyer(5.1, [*PAD])
    events = support.do(state, Action("mover", point=(20.0, 10.0)))
    assert not support.rolls_of(events, "a", "CH AGI")
    state = flyer(4.9, [*PAD], faro=True)
    events = support.do(state, Action("mover", point=(20.0, 10.0)))
    assert not support.rolls_of(events, "a", "CH AGI")


def test_a_game_with_every_presence_entry_plays_out_the_same_twice() -> None:
    """The AI plays a whole game with a bearer of each entry: same seed, same end."""
    from wartime.engine.ai.players import play_out

    entries = ["Líder", "Despertando del letargo", "Gran demonio", "Faro", "Distorsión psíquica"]
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (24.0, 10.0), 180.0)]
    profiles = {"a": support.profile("a", con=6), "b": support.profile("b", con=6)}
    for i, entry in enumerate(entries):
        side = "AB"[i % 2]
        fid = f"{side.lower()}{i}"
        units.append(
            (fid, side, (10.0 + 14.0 * (i % 2), 13.0 + 3.0 * i), 0.0 if side == "A" else 180.0)
        )
        profiles[fid] = carrying(fid, entry, vol=3 + i)
    scn = support.scenario(units, profiles=profiles, seed=7, turn_limit=3)
    first, second = play_out(scn.new_game()), play_out(scn.new_game())
    assert first.over and first.hash() == second.hash()
