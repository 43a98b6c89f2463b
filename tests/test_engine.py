"""The engine contract (DESIGN.md §3) and the first rules of play, each citing its section."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Posture, Terrain, TerrainKind, Wall
from wartime.engine import Action, GameState, IllegalActionError, PendingKind, Scenario
from wartime.engine.core.combat import range_penalty
from wartime.engine.core.scenario import load_scenario

from .conftest import ROOT
from .engine_support import KNIFE, RIFLE, ScriptedDice, do, duel, profile, scenario, started


def rolls(events: list, purpose: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == "roll" and e.data["purpose"].startswith(purpose)]


# -- SECUENCIA DE JUEGO ---------------------------------------------------------------------


def test_initiative_is_chosen_by_each_side_then_rolled() -> None:
    """TURNOS E INICIATIVA: each side picks a living Pj; 1D10 + its VOL, highest wins."""
    state = duel().new_game()
    assert state.pending.kind is PendingKind.INITIATIVE and state.pending.side == "A"
    assert [a.figure for a in state.legal_actions()] == ["a"]
    state.dice = ScriptedDice([2, 7])
    do(state, Action("initiative", "a"))
    assert state.pending.side == "B"
    events = do(state, Action("initiative", "b"))
    assert [r["outcome"] for r in rolls(events, "iniciativa")] == [2 + 4, 7 + 4]
    assert state.leader == "B"
    assert state.pending.kind is PendingKind.ACTIVATE and state.pending.side == "B"


def test_initiative_tie_is_rolled_again() -> None:
    state = duel().new_game()
    state.dice = ScriptedDice([5, 5, 3, 8])
    do(state, Action("initiative", "a"))
    events = do(state, Action("initiative", "b"))
    assert len(rolls(events, "iniciativa")) == 4 and state.leader == "B"


def test_phases_run_down_from_ten_and_a_pj_acts_at_its_vol() -> None:
    """FASES DE INICIATIVA: phase 10 to 1; a Pj acts in the first phase ≤ its VOL (DESIGN §7)."""
    scn = scenario(
        [("a", "A", (5, 5), 90), ("b", "B", (30, 25), 270), ("c", "B", (35, 25), 270)],
        profiles={"a": profile("a", vol=3), "b": profile("b", vol=7), "c": profile("c", vol=5)},
    )
    state = scn.new_game()
    state.dice = ScriptedDice([9, 1])
    do(state, Action("initiative", "a"))
    do(state, Action("initiative", "b"))
    assert state.leader == "A"
    assert (state.phase, state.pending.side) == (7, "B")  # A has nobody with VOL ≥ 7
    do(state, Action("activate", "b"))
    do(state, Action("end"))
    assert (state.phase, state.pending.side) == (5, "B")
    do(state, Action("activate", "c"))
    do(state, Action("end"))
    assert (state.phase, state.pending.side) == (3, "A")


def test_sides_alternate_within_a_phase_leader_first() -> None:
    """SECUENCIA: after a Pj acts the turn passes to the other player."""
    scn = scenario([("a1", "A", (5, 5), 90), ("a2", "A", (8, 5), 90), ("b1", "B", (30, 25), 270)])
    state = scn.new_game()
    state.dice = ScriptedDice([9, 1])
    do(state, Action("initiative", "a1"))
    do(state, Action("initiative", "b1"))
    assert state.pending.side == "A"
    do(state, Action("activate", "a1"))
    do(state, Action("end"))
    assert state.pending.side == "B"
    do(state, Action("activate", "b1"))
    do(state, Action("end"))
    assert state.pending.side == "A" and [a.figure for a in state.legal_actions()] == ["a2"]


def test_new_turn_after_everyone_has_acted() -> None:
    state = started(duel())
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    do(state, Action("end"))
    assert state.turn == 2 and state.pending.kind is PendingKind.INITIATIVE


def test_esperar_passes_to_a_later_phase_without_counting_as_acted() -> None:
    """ACCIONES GENÉRICAS, Esperar (1): acts again in a later phase."""
    scn = scenario(
        [("a", "A", (5, 5), 90), ("b", "B", (30, 25), 270)],
        profiles={"a": profile("a", vol=6), "b": profile("b", vol=3)},
    )
    state = scn.new_game()
    state.dice = ScriptedDice([9, 1])
    do(state, Action("initiative", "a"))
    do(state, Action("initiative", "b"))
    do(state, Action("activate", "a"))
    do(state, Action("esperar"))
    figure = state.figures["a"]
    assert figure.ene == 8 - 1 and not figure.acted
    assert state.phase == 5 and state.pending.side == "A"  # waits into phase 5
    do(state, Action("activate", "a"))
    assert state.figures["a"].ene == 10  # + CON + AGI again, capped at 10


# -- ENERGÍA ---------------------------------------------------------------------------------


def test_energy_starts_at_zero_and_activation_adds_con_agi_minus_wounds() -> None:
    """ENERGÍA, Inicio / Inicio actuación: ENE 0, then + CON + AGI − wounds, max 10."""
    state = duel().new_game()
    assert all(f.ene == 0 for f in state.figures.values())
    state.figures["a"].wounds = 1
    state.dice = ScriptedDice([9, 1])
    do(state, Action("initiative", "a"))
    do(state, Action("initiative", "b"))
    do(state, Action("activate", "a"))
    assert state.figures["a"].ene == 4 + 4 - 1


def test_unused_energy_is_saved_up_to_ten() -> None:
    """ENERGÍA, Acción: a Pj may stop early and keep its ENE; the cap is 10."""
    state = started(duel())
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    do(state, Action("end"))
    state.dice = ScriptedDice([9, 1])
    do(state, Action("initiative", "a"))
    do(state, Action("initiative", "b"))
    do(state, Action("activate", "a"))
    assert state.figures["a"].ene == 10


def test_not_enough_energy_is_refused_with_the_cost() -> None:
    state = started(duel())
    state.figures["a"].ene = 1
    with pytest.raises(IllegalActionError, match=r"Not enough ENE: Correr costs 2, you have 1"):
        do(state, Action("correr", point=(10, 12)))


def test_every_action_costs_at_least_one() -> None:
    from wartime.engine.core.checks import spend
    from wartime.engine.core.figures import Figure

    fig = Figure("x", "A", profile("x"), (0, 0), 0, 0.5, 1.0, ene=5)
    spend(fig, 0, "Nada")
    assert fig.ene == 4


# -- the contract: illegal actions, determinism ------------------------------------------------


def test_illegal_action_leaves_the_state_unchanged() -> None:
    state = started(duel())
    before = (state.hash(), len(state.history), len(state.log), state.dice.faces[:])
    for bad in (
        Action("ataque_distancia", target="a"),  # own side
        Action("mover"),  # no point
        Action("activate", "b"),  # not the pending kind's side
        Action("volar"),  # unknown
        Action("ataque_cac", target="b"),  # not engaged
    ):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert (state.hash(), len(state.history), len(state.log), state.dice.faces) == before


def test_a_dropped_trial_where_a_hero_stood_up_on_a_fallen_pj_puts_the_bases_back() -> None:
    """CONCEPTOS BÁSICOS, Peanas (bases never overlap) with BONUS Y MALUS, Héroe: in a
    legality probe the acting Pj a falls and the hero h, down where a now stands, gets its
    wound back and stands up on a's spot, free in the trial.  Dropping the trial must take
    h's base off before a's goes back (it used to place a first and raise a ValueError
    from the movement table, crashing AI games)."""
    from wartime.engine.core.profiles import Trait
    from wartime.engine.entries import revival

    hero = replace(profile("h"), traits=(Trait("Héroe"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("h", "A", (10.0, 14.0), 0.0)]  # fmt: skip
    state = started(scenario(units, profiles={"h": hero}))
    down = state.figures["h"]
    down.wounds = down.profile.con
    revival.put(down, revival.Coming(revival.HERO))
    state.lift(down)
    down.position = state.figures["a"].position  # a stepped onto where the hero lies
    stood: list[tuple[float, float]] = []

    def fall_and_rise(trial: GameState) -> None:
        fallen = trial.figures["a"]
        fallen.wounds = fallen.profile.con
        trial.lift(fallen)
        revival.turn_starts(trial)  # the hero's wound back: it stands up where it lay
        stood.append(trial.physics().position("h"))

    assert state.probe(fall_and_rise) is None
    assert stood == [(10.0, 10.0)]
    table = state.physics()
    assert table.position("a") == (10.0, 10.0) and not table.holds("h")
    assert {d.id for d in table.bases} == {"a", "b"}


def test_same_seed_and_actions_give_the_same_hash() -> None:
    scn = load_scenario(
        ROOT / "maps" / "aldea-en-ruinas.yaml",
        {
            "A": ROOT / "assets" / "armies" / "legion.yaml",
            "B": ROOT / "assets" / "armies" / "culto.yaml",
        },
        seed=11,
    )
    first = play_randomly(scn.new_game(), random.Random(5), 150)
    replay = scn.new_game()
    for action in first.history:
        replay.apply(action)
    assert replay.hash() == first.hash()
    other = play_randomly(scn.with_seed(12).new_game(), random.Random(5), 150)
    assert other.hash() != first.hash()


def play_randomly(state, rng: random.Random, steps: int):  # type: ignore[no-untyped-def]
    for _ in range(steps):
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.sampled_from(
    ["mover", "correr", "cargar", "ataque_distancia", "ataque_cac", "activate", "initiative", "end",
     "esperar", "agacharse", "x", "pass", "react"]), min_size=1, max_size=30),
    st.lists(st.tuples(st.floats(-5, 45), st.floats(-5, 35)), min_size=1, max_size=30),
)  # fmt: skip
def test_random_actions_are_applied_or_refused_cleanly(seed, kinds, points) -> None:  # type: ignore[no-untyped-def]
    """Fuzz: every action either applies or raises IllegalActionError leaving no trace."""
    state = duel().with_seed(seed).new_game()
    rng = random.Random(seed)
    for i, kind in enumerate(kinds):
        who, target = rng.choice(["a", "b", None]), rng.choice(["a", "b", None])
        item = rng.choice(["fusil", "cuchillo", None])
        action = Action(kind, who, target, points[i % len(points)], item)
        before = state.hash()
        try:
            state.apply(action)
        except IllegalActionError as exc:
            assert str(exc)
            assert state.hash() == before
        if state.over:
            break


# -- MOVIMIENTO -------------------------------------------------------------------------------


def test_mover_goes_at_most_mov() -> None:
    """MOVIMIENTO, Mover: up to the figure's MOV; the Pj turns to face its way."""
    state = started(duel())
    events = do(state, Action("mover", point=(10, 20)))
    assert state.figures["a"].position == pytest.approx((10, 11))
    assert state.figures["a"].facing == pytest.approx(90)
    assert state.figures["a"].ene == 8 - 1
    assert [e.kind for e in events][:3] == ["ene", "move", "noise"]


@pytest.mark.parametrize(("kind", "reach", "cost"), [("correr", 2, 2), ("esprintar", 6, 3)])
def test_correr_and_esprintar_reach(kind: str, reach: float, cost: int) -> None:
    """Correr (2) MOV+1 K; Esprintar (3) MOV+5 K."""
    state = started(duel())
    do(state, Action(kind, point=(10, 29)))
    assert state.figures["a"].position == pytest.approx((10, 10 + reach))
    assert state.figures["a"].ene == 8 - cost


def test_esprintar_once_per_activation_and_no_attack_this_turn() -> None:
    """Esprintar: once per activation; its next action CH ATR −3; it cannot attack this turn."""
    state = started(duel())
    do(state, Action("esprintar", point=(10, 29)))
    with pytest.raises(IllegalActionError, match="once per activation"):
        do(state, Action("esprintar", point=(10, 0)))
    with pytest.raises(IllegalActionError, match="cannot attack this turn"):
        do(state, Action("ataque_distancia", target="b"))


def test_difficult_ground_costs_one_more() -> None:
    """MOVIMIENTO, Terreno y Energía: difficult ENE +1, extreme ENE +2."""
    mud = Terrain(((10.5, 5), (13, 5), (13, 15), (10.5, 15)), TerrainKind.DIFFICULT, "barro")
    scn = scenario([("a", "A", (10, 10), 0), ("b", "B", (30, 10), 180)], terrain=(mud,))
    state = started(scn)
    do(state, Action("mover", point=(20, 10)))
    assert state.figures["a"].ene == 8 - 2
    state.figures["a"].ene = 2
    with pytest.raises(
        IllegalActionError, match=r"Correr costs 3 \(\+1 difficult\), you have 2"
    ) as info:
        do(state, Action("correr", point=(20, 10)))
    # the ground is worded in the reader's language, as the editor names it (issue 16)
    assert "(+1 difícil)" in info.value.text("es")


def test_water_needs_nadar() -> None:
    pond = Terrain(((10.6, 5), (13, 5), (13, 15), (10.6, 15)), TerrainKind.WATER, "charca")
    state = started(scenario([("a", "A", (10, 10), 0), ("b", "B", (30, 10), 180)], terrain=(pond,)))
    with pytest.raises(IllegalActionError, match="Nadar"):
        do(state, Action("mover", point=(20, 10)))


def test_tall_wall_stops_a_move_and_a_low_one_is_difficult() -> None:
    """MOVIMIENTO, Obstáculos: up to the chest difficult; taller, the base stops at it."""
    low = Wall(((10.8, 0), (10.8, 20)), 0.5, 2)
    tall = Wall(((10.8, 0), (10.8, 20)), 1.5, 4)
    state = started(scenario([("a", "A", (10, 10), 0), ("b", "B", (30, 10), 180)], walls=(low,)))
    do(state, Action("mover", point=(20, 10)))
    assert state.figures["a"].position == pytest.approx((11, 10))
    assert state.figures["a"].ene == 8 - 2
    blocked = started(scenario([("a", "A", (10, 10), 0), ("b", "B", (30, 10), 180)], walls=(tall,)))
    do(blocked, Action("mover", point=(20, 10)))
    assert blocked.figures["a"].position[0] < 10.8 - 0.5 + 1e-4


def test_no_ending_within_one_k_of_an_enemy() -> None:
    """MOVIMIENTO, Restricciones: not within 1 K of an enemy unless engaging it."""
    state = started(scenario([("a", "A", (10, 10), 0), ("b", "B", (12.8, 10), 180)]))
    with pytest.raises(IllegalActionError, match="Within 1 K of an enemy without engaging: b"):
        do(state, Action("mover", point=(20, 10)))


def test_postures_cost_one_and_change_height() -> None:
    """Agacharse (1), Cuerpo a tierra (1), Levantarse (1)."""
    state = started(duel())
    do(state, Action("agacharse"))
    assert (
        state.figures["a"].posture is Posture.CROUCHED and state.figures["a"].current_height == 0.5
    )
    do(state, Action("cuerpo_a_tierra"))
    assert state.figures["a"].current_height == 0.25
    do(state, Action("levantarse"))
    assert state.figures["a"].posture is Posture.STANDING and state.figures["a"].ene == 5
    with pytest.raises(IllegalActionError, match="already standing"):
        do(state, Action("levantarse"))


# -- COMBATE ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "penalty"), [(5, 0), (10, 0), (10.5, -1), (20, -1), (20.01, -2), (35, -3)]
)
def test_range_bands(distance: float, penalty: int) -> None:
    """MODIFICADORES: CH IMP −1 per 10 K beyond the first 10 K (10.1–20 K is −1)."""
    assert range_penalty(distance) == penalty


def test_ranged_hit_then_failed_defence_takes_full_damage() -> None:
    """COMBATE: CH IMP with AGI; a failed CH DEF takes the whole DAÑ; then CH PSI."""
    tough = scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)],
        profiles={"b": profile("b", con=6)},
    )
    state = started(tough, faces=[3, 9, 4])  # IMP 3 ≤ 4 hits; DEF 9 > 3 fails; PSI 4 ≤ 4
    events = do(state, Action("ataque_distancia", target="b", item="fusil"))
    (imp,) = rolls(events, "CH IMP")
    assert imp["target"] == 4 and imp["modifiers"] == []  # 10 K: no range penalty
    assert state.figures["b"].wounds == RIFLE.dan
    assert state.figures["a"].ene == 8 - RIFLE.ene
    assert rolls(events, "CH PSI")[0]["outcome"] == "pass"


def test_passed_defence_takes_dan_minus_def() -> None:
    state = started(duel(), faces=[3, 2, 4])
    do(state, Action("ataque_distancia", target="b"))
    assert state.figures["b"].wounds == RIFLE.dan - 3


def test_critical_defence_takes_nothing_and_fumbled_attack_hurts_the_shooter() -> None:
    """Críticos y pifias: a 1 on CH DEF means no wounds; a 10 on CH IMP hits oneself."""
    state = started(duel(), faces=[3, 1])
    do(state, Action("ataque_distancia", target="b"))
    assert state.figures["b"].wounds == 0
    state = started(duel(), faces=[10, 9, 5])  # fumble; own CH DEF 9 fails; PSI passes
    do(state, Action("ataque_distancia", target="b"))
    assert state.figures["a"].wounds == 1
    assert state.figures["a"].weapon_wounds == {"fusil": 1}


def test_critical_impact_adds_one_damage() -> None:
    state = started(duel(), faces=[1, 9, 5])
    do(state, Action("ataque_distancia", target="b"))
    assert state.figures["b"].wounds == RIFLE.dan + 1


def test_out_of_range_and_outside_the_cdv_are_refused() -> None:
    far = scenario(
        [("a", "A", (5, 10), 0), ("b", "B", (27, 10), 180)], profiles={"a": profile("a", vol=6)}
    )
    with pytest.raises(IllegalActionError, match="out of range"):
        started(far).apply(Action("ataque_distancia", target="b"))
    behind = scenario([("a", "A", (10, 10), 180), ("b", "B", (21, 10), 180)])
    with pytest.raises(IllegalActionError, match="Target outside the CdV"):
        started(behind).apply(Action("ataque_distancia", target="b"))


def test_cover_over_half_gives_def_plus_two() -> None:
    """Cobertura: a target hidden over 50% defends with CH DEF +2."""
    wall = Wall(((19.5, 0), (19.5, 20)), 0.7, 3)  # the knee-to-chest wall hides b below 0.66 K
    state = started(
        scenario([("a", "A", (10, 10), 0), ("b", "B", (21, 10), 180)], walls=(wall,)),
        faces=[3, 5, 4],
    )
    events = do(state, Action("ataque_distancia", target="b"))
    (defence,) = rolls(events, "CH DEF")
    assert defence["modifiers"] == [["cobertura", 2]] and defence["target"] == 5
    assert state.figures["b"].wounds == RIFLE.dan - 3


def test_charge_engages_and_gives_plus_one_to_impact_and_damage() -> None:
    """Cargar (2): MOV+3 into contact; next CaC CH IMP +1 and DAÑ +1."""
    state = started(
        scenario([("a", "A", (10, 10), 0), ("b", "B", (13.5, 10), 180)]), faces=[4, 9, 5]
    )
    do(state, Action("cargar", target="b"))
    assert state.figures["a"].position[0] == pytest.approx(12.5, abs=1e-3)
    events = do(state, Action("ataque_cac", target="b", item="cuchillo"))
    (imp,) = rolls(events, "CH IMP")
    assert ["carga", 1] in imp["modifiers"] and ["acción encadenada", -1] in imp["modifiers"]
    # DAÑ = 2 (knife) + CON 4 − 4 − 0 wounds + 1 (charge) = 3; CH DEF 9 fails: 3 wounds
    assert state.figures["b"].wounds == 3


def test_melee_damage_formula() -> None:
    """MODIFICADORES, DAÑ en CaC: DAÑ + CON − 4 − wounds (minimum 1)."""
    from wartime.engine.core.combat import melee_damage
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.profiles import UNARMED

    strong = Figure("s", "A", profile("s", con=7), (0, 0), 0, 0.5, 1.0)
    assert melee_damage(strong, KNIFE) == 2 + 7 - 4
    strong.wounds = 6
    assert melee_damage(strong, KNIFE) == 1
    weak = Figure("w", "A", profile("w", con=3), (0, 0), 0, 0.5, 1.0)
    assert melee_damage(weak, UNARMED) == 1  # CON − 4, minimum 1 (DESIGN §7)


def test_melee_needs_engagement() -> None:
    state = started(duel())
    with pytest.raises(IllegalActionError, match="not engaged"):
        do(state, Action("ataque_cac", target="b"))


def test_casualties_and_game_over() -> None:
    """HERIDAS: wounds = CON incapacitate (a casualty); a side with no one left loses."""
    state = started(duel(), faces=[1, 9])  # critical: DAÑ 5 ≥ CON 4
    events = do(state, Action("ataque_distancia", target="b"))
    assert state.figures["b"].casualty and state.figures["b"].dead
    assert state.over and state.winner == "A"
    assert state.pending.kind is PendingKind.GAME_OVER
    assert events[-1].data["reason"] == "casualties"
    with pytest.raises(IllegalActionError, match="over"):
        do(state, Action("end"))


def test_turn_limit_winner_on_points() -> None:
    """Victory (issue 4): at the turn limit, the side that took more enemy points wins."""
    scn = scenario(
        [("a", "A", (5, 5), 90), ("b", "B", (30, 25), 270), ("c", "B", (35, 25), 270)], turn_limit=1
    )
    state = scn.new_game()
    state.figures["c"].wounds = 4  # already a casualty: worth 50 points to A
    state.dice = ScriptedDice([9, 1])
    do(state, Action("initiative", "a"))
    do(state, Action("initiative", "b"))
    do(state, Action("activate", "a"))
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    events = do(state, Action("end"))
    assert state.over and state.winner == "A" and events[-1].data["scores"] == {"A": 50, "B": 0}


def test_every_roll_names_its_purpose_target_and_modifiers() -> None:
    state = started(duel(), faces=[3, 9, 4])
    state.figures["a"].posture = Posture.CROUCHED
    events = do(state, Action("ataque_distancia", target="b"))
    (imp,) = rolls(events, "CH IMP")
    assert imp["modifiers"] == [["tirador agachado", 1]] and imp["target"] == 5
    assert "1D10 = 3 contra 5" in next(e.text for e in events if e.kind == "roll")


def test_legal_actions_are_all_legal() -> None:
    state = started(duel(), faces=[5] * 50)
    for action in state.legal_actions():
        assert state.check(action) is None, action


def test_overload_and_talla_burden_agility_and_impact() -> None:
    """MODIFICADORES, por sobrecarga: CH IMP and CH AGI −1 per DEF above CON − wounds;
    the TAL vs CON modifier: CH AGI −1 per point of difference between them."""
    from dataclasses import replace

    from wartime.engine.core.checks import burden_modifiers
    from wartime.engine.core.figures import Figure

    heavy = Figure(
        "h", "A", replace(profile("h", con=4, defense=6), talla=(6,)), (0, 0), 0, 0.5, 1.0
    )
    both = [("sobrecarga", -2), ("TAL contra CON", -2)]
    assert burden_modifiers(heavy, "CH IMP") == both  # CH IMP is a CH AGI (COMBATE)
    assert burden_modifiers(heavy, "CH AGI (Nadar)") == both
    assert burden_modifiers(heavy, "CH VOL (reacción)") == []
    heavy.wounds = 1
    assert burden_modifiers(heavy, "CH IMP")[0] == ("sobrecarga", -3)


def test_speed_costs_the_shooter_one() -> None:
    """MODIFICADORES, por velocidad: CH IMP −1 shooting from or at a figure that moved over 5 K."""
    state = started(duel(), faces=[3, 9, 4])
    state.figures["b"].moved = 6.0
    events = do(state, Action("ataque_distancia", target="b"))
    (imp,) = rolls(events, "CH IMP")
    assert ["velocidad", -1] in imp["modifiers"]


def test_shooting_into_a_melee_needs_its_own_action() -> None:
    """ACCIONES DE COMBATE: a target engaged in CaC is shot with the into-a-melee variant."""
    scn = scenario(
        [
            ("a", "A", (5.0, 10.0), 0.0),
            ("c", "A", (16.0, 10.0), 0.0),
            ("b", "B", (17.0, 10.0), 180.0),
        ]
    )
    state = started(scn)
    with pytest.raises(IllegalActionError, match="a un combate CaC"):
        do(state, Action("ataque_distancia", target="b"))


def _burdened() -> Scenario:
    """The duel, both riflemen carrying entries that change costs, reach and sight."""
    from dataclasses import replace

    from wartime.engine.core.profiles import Trait

    entries = tuple(Trait(n) for n in ("Lento", "Corto de vista", "Sin sangre", "Lastrado"))
    profiles = {k: replace(profile(k), traits=entries) for k in "ab"}
    return scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)], profiles=profiles
    )


@pytest.mark.parametrize("make", [duel, _burdened], ids=["plain", "burdened"])
def test_fast_legality_of_simple_actions_agrees_with_check(make: Callable[[], Scenario]) -> None:
    """The shortcuts for postures, Esperar and shots out of reach in legal_actions() match
    GameState.check, with the entries that change costs and sight (Lento, Corto de vista,
    Sin sangre) too."""
    from wartime.engine.ai.players import choose

    for seed in range(6):
        state = make().with_seed(seed).new_game()
        for _ in range(120):
            if state.over:
                break
            if state.pending.kind is PendingKind.ACT:
                listed = {a.kind for a in state.legal_actions()}
                for kind in ("agacharse", "cuerpo_a_tierra", "levantarse", "esperar"):
                    legal = state.check(Action(kind, state.pending.figure)) is None
                    assert (kind in listed) == legal, (seed, kind)
                shots = {a for a in state.legal_actions() if a.kind == "ataque_distancia"}
                for enemy in state.enemies_of(state.figure(state.pending.figure)):
                    shot = Action("ataque_distancia", state.pending.figure, enemy.id, item="fusil")
                    assert (shot in shots) == (state.check(shot) is None), (seed, enemy.id)
            state.apply(choose(state))


def test_the_hash_sees_weapons_change_hands_and_passengers() -> None:
    """DESIGN §3: the same position gives the same hash, and a different one a different
    hash, even when only a figure's weapons (Soltar, Desarmar) or its transport differ."""
    from wartime.engine.actions.melee import drop_weapon

    from .engine_support import duel, started

    state = started(duel())
    twin = state.clone()
    assert twin.hash() == state.hash()
    figure = twin.figure("a")
    drop_weapon(figure, figure.profile.weapons[0])
    assert twin.hash() != state.hash()
    other = state.clone()
    other.figure("a").aboard = "b"
    assert other.hash() != state.hash()
