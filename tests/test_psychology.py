"""PSICOLOGÍA: CH PSI, CH LOC, panic and fleeing, stress."""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.engine.core.psychology import loc_check, psi_check

from .engine_support import ScriptedDice, do, profile, refused, scenario, started


def quiet():  # type: ignore[no-untyped-def]
    """a and b far apart, b looking away: no reactions get in the way."""
    return scenario(
        [("a", "A", (5.0, 5.0), 90.0), ("b", "B", (35.0, 25.0), 90.0)],
        profiles={"a": profile("a", vol=4), "b": profile("b", vol=3)},
    )


def test_critical_psi_gives_atr_plus_one_for_the_activation() -> None:
    """CH PSI, Crítico: CH ATR +1 until the end of the activation."""
    state = started(quiet(), faces=[1])
    psi_check(state, state.figures["a"], "prueba")
    assert state.figures["a"].psi_bonus == 1


def test_failed_psi_adds_stress_and_outside_its_turn_costs_the_next_action() -> None:
    """CH PSI, Fallo: +1 stress; outside its activation the Pj loses its next action (DESIGN §7)."""
    state = started(quiet(), faces=[8])
    events = psi_check(state, state.figures["b"], "heridas")
    b = state.figures["b"]
    assert b.stress == 1 and b.lose_next and "perderá" in events[-1].text
    do(state, Action("end"))
    state.dice = ScriptedDice([])
    events = do(state, Action("activate", "b"))
    assert any(e.kind == "lost_action" for e in events) and b is not state.figures["b"]
    assert state.figures["b"].actions_taken == 1 and not state.figures["b"].lose_next


def test_fumbled_psi_calls_for_loc_and_failed_loc_means_panic() -> None:
    """CH PSI, Pifia: +1 stress and CH LOC; CH LOC, Fallo: panic."""
    state = started(quiet(), faces=[10, 9, 1])
    events = psi_check(state, state.figures["a"], "heridas")
    assert [e.data["purpose"] for e in events if e.kind == "roll"] == [
        "CH PSI (heridas)",
        "CH LOC (heridas)",
    ]
    assert state.figures["a"].panic and state.figures["a"].stress == 1


def test_fumbled_loc_costs_one_vol_for_good() -> None:
    """CH LOC, Pifia: panic and VOL −1 permanently."""
    state = started(quiet(), faces=[10, 1])
    loc_check(state, state.figures["a"], "prueba")
    assert state.figures["a"].vol == 3 and state.figures["a"].panic
    assert carried(state.figures["a"]) == ["Muy miedoso"]  # and the malus, row 1


def test_panic_means_atr_minus_one_and_fleeing_only() -> None:
    """Pánico: CH ATR −1; a Pj in panic always flees (away from the enemy)."""
    state = started(quiet(), faces=[9, 9])
    state.figures["a"].panic = True
    with pytest.raises(IllegalActionError, match="can only flee"):
        do(state, Action("agacharse"))
    with pytest.raises(IllegalActionError, match="must move away from b"):
        do(state, Action("mover", point=(6, 6)))
    do(state, Action("mover", point=(4, 4)))
    from wartime.engine.core.checks import acting_modifiers

    assert ("pánico", -1) in acting_modifiers(state.figures["a"])


def test_panic_ends_with_a_vol_check_helped_by_calm_allies() -> None:
    """Pánico: CH VOL at the start of its activation, +1 per calm ally within 5 K."""
    scn = scenario(
        [
            ("a", "A", (5.0, 5.0), 90.0),
            ("c", "A", (8.0, 5.0), 90.0),
            ("b", "B", (35.0, 25.0), 90.0),
        ],
        profiles={"a": profile("a", vol=4), "c": profile("c", vol=2), "b": profile("b", vol=3)},
    )
    state = scn.new_game()
    state.figures["a"].panic = True
    state.dice = ScriptedDice([9, 1, 5, 4])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    events = state.apply(Action("activate", "a"))
    check = next(e for e in events if e.kind == "roll")
    assert check.data["modifiers"] == [["aliado sereno", 1]] and check.data["outcome"] == "pass"
    assert not state.figures["a"].panic


def test_outnumbered_checks_psi_at_the_start_of_its_activation() -> None:
    """PSICOLOGÍA: more enemies within 5 K than VOL + allies within 5 K: CH PSI."""
    crowd = [
        ("e0", "B", (8.0, 8.0), 270.0),
        ("e1", "B", (9.2, 8.0), 270.0),
        ("e2", "B", (8.0, 9.2), 270.0),
    ]
    scn = scenario(
        [("a", "A", (5.0, 5.0), 90.0), *crowd],
        profiles={"a": profile("a", vol=2), **{f"e{i}": profile(f"e{i}", vol=1) for i in range(3)}},
    )
    state = scn.new_game()
    state.dice = ScriptedDice([9, 1, 1, 1, 4])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "e0"))
    events = state.apply(Action("activate", "a"))
    assert any(
        e.data.get("purpose") == "CH PSI (superado en número)" for e in events if e.kind == "roll"
    )


def test_stress_at_vol_ends_the_activation_with_a_loc_check() -> None:
    """Estrés: starting to act with stress = VOL calls for a CH LOC and ends the activation."""
    state = quiet().new_game()
    state.figures["a"].stress = 4
    state.dice = ScriptedDice([9, 1, 5, 4])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    events = state.apply(Action("activate", "a"))
    assert [e.data["purpose"] for e in events if e.kind == "roll"] == ["CH LOC (estrés)"]
    assert state.figures["a"].acted and state.pending.kind is not PendingKind.ACT


def test_stress_above_vol_knocks_out() -> None:
    """Estrés: above VOL the Pj is unconscious, a casualty."""
    from wartime.engine.core.psychology import stress_limits

    state = started(quiet())
    a = state.figures["a"]
    a.stress = 5
    events = stress_limits(state, a)
    assert a.unconscious and a.casualty and events[0].kind == "unconscious"


def test_a_panicking_pj_is_only_offered_ways_away() -> None:
    """Pánico: the legal moves of a Pj in panic all take it away from the nearest enemy."""
    import math

    state = started(quiet(), faces=[9] * 10)
    state.figures["a"].panic = True
    moves = [a for a in state.legal_actions() if a.point is not None]
    foe = state.figures["b"].position
    start = state.figures["a"].position
    assert moves and all(math.dist(a.point, foe) > math.dist(start, foe) for a in moves)
    assert {a.kind for a in state.legal_actions() if a.point is None} <= {"end"}


def _wounded_by_b(faces: list[int]) -> GameState:
    """b (B, acting) shoots a 3.5 K away: the hit wounds a, whose CH PSI and CH LOC follow."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.5, 10.0), 180.0)]
    scn = scenario(units, profiles={"a": profile("a", con=9), "b": profile("b", con=9)})
    state = scn.new_game()
    state.dice = ScriptedDice([1, 9, *faces, *[6, 5] * 10])  # B wins the initiative
    for action in (Action("initiative", "a"), Action("initiative", "b"), Action("activate", "b")):
        state.apply(action)
    return state


def test_critical_loc_sends_the_pj_to_charge_what_caused_it() -> None:
    """CH LOC, Crítico: the Pj charges what brought the check: hit by b, its CH PSI fumbled
    and its CH LOC a 1, a must charge b as it next acts; any other action is refused
    while the charge can be made, and the charge ends the fury."""
    # b's CH IMP 3 hits, a's CH DEF 9 fails, a's CH PSI 10 is a fumble, its CH LOC a 1.
    state = _wounded_by_b([3, 9, 10, 1])
    events = do(state, Action("ataque_distancia", target="a", item="fusil"))
    assert state.figures["a"].fury == "b" and not state.figures["a"].panic
    assert any(e.kind == "fury" for e in events)
    do(state, Action("end"))
    do(state, Action("activate", "a"))
    with pytest.raises(IllegalActionError, match="must charge b"):
        state.apply(Action("ataque_distancia", target="b", item="fusil"))
    offered = {a.kind for a in state.legal_actions()}
    assert offered <= {"end", "cargar"} and "cargar" in offered
    do(state, Action("cargar", target="b"))
    assert state.figures["a"].fury is None


def test_the_fury_lapses_when_the_charge_cannot_be_made_or_the_activation_ends() -> None:
    """CH LOC, Crítico: out of Cargar's reach the Pj acts freely; the fury is owed for
    one activation of its own only."""
    state = _wounded_by_b([3, 9, 10, 1])
    do(state, Action("ataque_distancia", target="a", item="fusil"))
    state.figures["b"].position = (30.0, 10.0)  # beyond MOV + 3 K
    do(state, Action("end"))
    do(state, Action("activate", "a"))
    do(state, Action("agacharse"))  # allowed: the charge is impossible
    do(state, Action("end"))
    assert state.figures["a"].fury is None


def test_outnumbered_critical_loc_charges_the_nearest_enemy() -> None:
    """CH LOC, Crítico, when the check came from being outnumbered: the cause is the
    nearest of the enemies around it."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (13.0, 10.0), 180.0),
        ("c", "B", (14.0, 12.0), 180.0),
        ("d", "B", (13.0, 14.0), 180.0),
    ]
    profiles = {k: profile(k, vol=2) for k in "abcd"}  # all act in phase 2
    # a's CH PSI (superado en número) 10 is a fumble, its CH LOC a 1.
    state = started(scenario(units, profiles=profiles), faces=[10, 1, *[6, 5] * 5])
    assert state.figures["a"].fury == "b"  # three enemies within 5 K against VOL 2


# -- the malus of a failed CH LOC (our table, data/madness.yaml) --------------------------------


def carried(figure) -> list[str]:  # type: ignore[no-untyped-def]
    """The maluses a figure has gained for the rest of the game."""
    return [t.name for g in figure.granted if g.lasting for t in g.traits]


def test_failed_loc_gains_the_malus_its_d10_names_for_the_rest_of_the_game() -> None:
    """CH LOC, Fallo: panic and a malus; the 1D10 row 2 is Loco, whose CH LOC −1 then counts,
    and which no activation takes away."""
    state = started(quiet(), faces=[9, 2, 3])
    a = state.figures["a"]
    events = loc_check(state, a, "prueba")
    assert a.panic and carried(a) == ["Loco"]
    assert [e.data["roll"] for e in events if e.kind == "malus"] == [2]
    from wartime.engine.actions.metaabilities import activation_ends, activation_starts

    for _ in range(2):
        activation_starts(state, a)
        activation_ends(state, a)
    assert carried(a) == ["Loco"]
    (loc,) = [e.data for e in loc_check(state, a, "prueba") if e.kind == "roll"]
    assert ["Loco", -1] in loc["modifiers"]


def test_a_passed_or_critical_loc_gains_no_malus() -> None:
    """CH LOC, Supera / Crítico: it goes on as normal; no malus is rolled."""
    for face in (4, 1):
        state = started(quiet(), faces=[face])
        events = loc_check(state, state.figures["a"], "prueba")
        assert not [e for e in events if e.kind == "malus"] and not state.figures["a"].granted


def test_a_malus_already_carried_moves_down_the_table() -> None:
    """Our ruling: a row the Pj carries already gives the next one down; row 10 wraps to 1."""
    from wartime.engine.core.profiles import Trait

    timid = replace(profile("a", vol=4), traits=(Trait("Loco"), Trait("Muy tonto")))
    scn = scenario([("a", "A", (5.0, 5.0), 90.0), ("b", "B", (35.0, 25.0), 90.0)], {"a": timid})
    state = started(scn, faces=[9, 2, 9, 10])
    a = state.figures["a"]
    loc_check(state, a, "prueba")  # row 2, Loco, carried: Cobarde (row 3)
    a.panic = False
    loc_check(state, a, "prueba")  # row 10, Muy tonto, carried: Muy miedoso (row 1)
    assert carried(a) == ["Cobarde", "Muy miedoso"]


def test_the_madness_table_is_ten_psychological_maluses_of_the_catalogue() -> None:
    """The table's rows are catalogue maluses the engine plays; one carrying all gets none."""
    from wartime.engine.core.modifiers import not_yet_automated
    from wartime.rules.catalog import load_catalog
    from wartime.rules.madness import loc_maluses, malus_for

    rows = loc_maluses()
    costs = {e.name: e.cost for e in load_catalog().entries}
    assert len(rows) == len(set(rows)) == 10
    assert all(isinstance(costs[r], int) and costs[r] < 0 for r in rows)  # maluses
    assert not set(rows) & set(not_yet_automated())
    assert [malus_for(face, frozenset()) for face in range(1, 11)] == list(rows)
    assert malus_for(5, frozenset(rows)) is None


def test_a_bad_madness_table_names_the_file_and_the_row() -> None:
    """Data errors name the file, the path inside it and the reason."""
    from wartime.errors import DataError
    from wartime.rules.madness import _validated

    with pytest.raises(DataError, match=r"madness.yaml.*loc_malus\[1\].*'Valiente'"):
        _validated({"loc_malus": ["Loco", "Valiente", *["Cobarde"] * 8]})
    with pytest.raises(DataError, match="expected 10 entry names"):
        _validated({"loc_malus": ["Loco"]})


def test_a_gained_malus_changes_the_state_hash() -> None:
    """Replays compare hashes: a malus gained is part of the position."""
    state = started(quiet(), faces=[9, 2])
    loc_check(state, state.figures["a"], "prueba")
    without = state.clone()
    without.figures["a"].granted = []
    assert state.hash() != without.hash()


# -- traumatic situations (our reading: an ally falls within 5 K in sight) ---------------------


def _fall(c_at: tuple[float, float], c_facing: float, faces: list[int], walls=()):  # type: ignore[no-untyped-def]
    """a (A) shoots b (B, CON 1) 10 K away; b's ally c stands at ``c_at``."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("c", "B", c_at, c_facing), ("d", "A", (21.0, 6.0), 90.0)]  # fmt: skip
    scn = scenario(units, {"b": profile("b", con=1)}, walls=walls)
    state = started(scn, faces=[2, 9, *faces])  # a's CH IMP 2 hits; b's CH DEF 9 fails
    return state, do(state, Action("ataque_distancia", target="b", item="fusil"))


def test_an_ally_that_sees_a_pj_fall_within_5_k_checks_psi() -> None:
    """PSICOLOGÍA, situación traumática: c, 4.9 K from b and facing it, sees it fall: CH PSI;
    failed outside its activation, +1 stress and its next action lost. d (b's enemy, as
    near) checks nothing."""
    state, events = _fall((21.0, 15.9), 270.0, [8])
    assert state.figures["b"].casualty
    (psi,) = [e.data for e in events if e.kind == "roll" and e.data["who"] == "c"]
    assert psi["purpose"] == "CH PSI (situación traumática: cae b)"
    c = state.figures["c"]
    assert c.stress == 1 and c.lose_next
    assert not [e for e in events if e.kind == "roll" and e.data["who"] == "d"]


@pytest.mark.parametrize(
    ("c_at", "facing", "walls"),
    [
        ((21.0, 16.1), 270.0, ()),  # 5.1 K away
        ((21.0, 15.9), 90.0, ()),  # looking away
        ((21.0, 15.9), 270.0, (Wall(((15.0, 13.0), (27.0, 13.0)), 3.0, 5),)),  # a wall between
    ],
    ids=["too-far", "looking-away", "behind-a-wall"],
)
def test_an_ally_that_does_not_see_the_fall_within_5_k_checks_nothing(
    c_at: tuple[float, float], facing: float, walls: tuple[object, ...]
) -> None:
    """Negative: beyond 5 K, out of its CdV or wholly hidden, c checks nothing."""
    state, events = _fall(c_at, facing, [], walls)
    assert state.figures["b"].casualty
    assert not [e for e in events if e.kind == "roll" and e.data["who"] == "c"]


# -- Estrés: a neuromante's Curar treats it -----------------------------------------------------


def _ward(faces: list[int], stress: int, healer_traits: tuple[str, ...] = ("Neuromante",)):  # type: ignore[no-untyped-def]
    """a (a neuromante unless told otherwise) in base contact with its ally c, stressed."""
    from wartime.engine.core.profiles import Trait

    a = replace(profile("a"), traits=tuple(Trait(t) for t in healer_traits))
    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (11.0, 10.0), 0.0),
             ("b", "B", (35.0, 25.0), 90.0)]  # fmt: skip
    state = started(scenario(units, {"a": a}), faces=faces)
    state.figures["c"].stress = stress
    return state


TREAT = Action("curar_reparar", target="c", item="estrés")


@pytest.mark.parametrize(
    ("face", "before", "after"), [(3, 2, 1), (1, 3, 0), (8, 2, 3), (10, 3, 6)],
    ids=["pass", "critical", "fail", "fumble"],
)  # fmt: skip
def test_a_neuromantes_curar_treats_stress(face: int, before: int, after: int) -> None:
    """PSICOLOGÍA, Estrés: cured with Curar by a neuromante: its CH INT takes 1 stress off,
    3 with a critical (never below 0); a failure adds 1, a fumble 3 (above VOL 4: out)."""
    state = _ward([face], before)
    events = do(state, TREAT)
    assert [e.data["purpose"] for e in events if e.kind == "roll"] == ["CH INT (Curar / Reparar)"]
    c = state.figures["c"]
    assert c.stress == after and c.unconscious is (after > 4)
    assert state.figures["a"].ene == 8 - 3


def test_treating_stress_brings_round_one_out_cold_from_it() -> None:
    """PSICOLOGÍA, Estrés: unconscious from stress above VOL, a critical treatment (5 → 2)
    brings it round, its base back on the table; plain Curar cannot help it."""
    state = _ward([1], 5)
    state.figures["c"].unconscious = True
    refused(state, Action("curar_reparar", target="c"), "only a neuromante's Curar")
    do(state, TREAT)
    c = state.figures["c"]
    assert (c.stress, c.unconscious, c.casualty) == (2, False, False)
    assert state.physics().holds("c")


def test_only_a_neuromante_treats_stress_and_only_stress_there_is() -> None:
    """PSICOLOGÍA, Estrés: anyone else is refused; so is a patient with no stress (the
    state unchanged, DESIGN §3)."""
    refused(_ward([3], 2, healer_traits=()), TREAT, "Only a neuromante cures stress")
    refused(_ward([3], 0), TREAT, "no stress to cure")


def test_legal_actions_offer_the_neuromantes_treatment_of_stress() -> None:
    """PSICOLOGÍA, Estrés: legal_actions() offers a neuromante's Curar on a stressed ally in
    base contact, and nobody else's."""
    offered = replace(TREAT, figure="a")
    assert offered in _ward([5] * 10, 2).legal_actions()
    assert offered not in _ward([5] * 10, 2, healer_traits=()).legal_actions()
    assert offered not in _ward([5] * 10, 0).legal_actions()
