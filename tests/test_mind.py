"""The mind actions: Corromper / Hackear, Poseer, Marcar un objetivo (engine/actions/mind.py).

Each test cites the rulebook's section (METAHABILIDADES, PSICOLOGÍA and the actions of
ACCIONES); ScriptedDice force every die, in the order the action rolls them.  A figure
starts its first activation with ENE CON + AGI = 8.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.actions.mind import HANDLERS as MIND
from wartime.engine.core.dispatch import HANDLERS
from wartime.engine.core.profiles import Profile, Trait
from wartime.rules.actions import load_actions

from .engine_support import RIFLE, START_ENE, do, profile, refused, rolls, scenario, started


def mind(
    name: str, *traits: str, int_: int = 4, vol: int = 4, **kwargs: Any
) -> Profile:  # fmt: skip
    """A rifleman carrying ``traits`` (Neuromante, Atadura, Shin, No vivo...)."""
    base = profile(name, vol=vol, **kwargs)
    return dataclasses.replace(base, int_=int_, traits=tuple(Trait(t) for t in traits))


def game(
    faces: list[int], a: Profile | None = None, b: Profile | None = None,
    b_at: tuple[float, float] = (14.0, 10.0), **more: tuple[tuple[float, float], float],
) -> GameState:  # fmt: skip
    """a (side A, facing +x) acts; b (side B) faces it 3 K away; z (B) far off keeps the game on."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", b_at, 180.0),
        ("z", "B", (35.0, 28.0), 90.0),
        *((uid, "B", pos, facing) for uid, (pos, facing) in more.items()),
    ]
    profiles = {"a": a or mind("a", "Neuromante", int_=7), "b": b or mind("b")}
    return started(scenario(units, profiles=profiles), faces)


# -- the registry ------------------------------------------------------------------------------


def test_the_mind_actions_are_actions_of_the_list_and_reach_the_engine() -> None:
    """ACCIONES DE COMBATE / GENÉRICAS: handlers keyed by data/actions.yaml ids."""
    ids = {a.id for a in load_actions().actions}
    expected = {
        "corromper_hackear", "poseer", "marcar_un_objetivo", "combate_mental", "contramagia",
    }  # fmt: skip
    assert set(MIND) == expected and expected <= ids
    assert all(HANDLERS[k] is MIND[k] for k in expected)


# -- Corromper / Hackear -----------------------------------------------------------------------


def test_a_neuromante_hacks_with_int_and_a_failed_ch_vol_takes_the_full_dan() -> None:
    """Corromper / Hackear (3, INT o VOL): CH IMP with INT; DAÑ estrés INT − 4; CH DEF is a
    CH VOL, failed: the full DAÑ."""
    state = game([5, 6])  # CH INT 5 ≤ 7 passes; b's CH VOL 6 > 4 fails
    events = do(state, Action("corromper_hackear", target="b"))
    (imp,) = rolls(events, "CH INT (Corromper / Hackear)")
    (dfn,) = rolls(events, "CH VOL (defensa mental)")
    assert imp["outcome"] == "pass" and imp["target"] == 7 and dfn["target"] == 4
    hit = next(e.data for e in events if e.kind == "mind_hit")
    assert hit["damage"] == 3
    assert state.figures["b"].stress == 3 and not state.figures["b"].casualty
    assert state.figures["a"].ene == START_ENE - 3
    assert not [e for e in events if e.kind == "wounds"]


def test_a_passed_ch_vol_takes_dan_minus_vol_never_below_zero() -> None:
    """Corromper / Hackear, CH DEF: a passed CH VOL leaves DAÑ minus the target's VOL."""
    state = game([5, 2], b=mind("b", vol=2))  # DAÑ 3 − VOL 2 = 1
    do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 1
    state = game([5, 2])  # DAÑ 3 − VOL 4: nothing (not −1)
    events = do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 0 and [e for e in events if e.kind == "no_stress"]


def test_the_damage_is_at_least_one() -> None:
    """Corromper / Hackear: the stress DAÑ is the attribute minus 4, and never below 1."""
    state = game([3, 8], a=mind("a", "Neuromante", int_=4))
    events = do(state, Action("corromper_hackear", target="b"))
    assert next(e.data for e in events if e.kind == "mind_hit")["damage"] == 1
    assert state.figures["b"].stress == 1


def test_a_titiritero_hacks_with_vol() -> None:
    """METAHABILIDADES, Corrupción y Hacking: a titiritero (Atadura) uses VOL, not INT."""
    state = game([6, 7], a=mind("a", "Atadura", int_=3, vol=7))
    events = do(state, Action("corromper_hackear", target="b"))
    assert rolls(events, "CH VOL (Corromper / Hackear)")[0]["target"] == 7
    assert state.figures["b"].stress == 3  # VOL 7 − 4


def test_a_titiritero_only_hacks_living_characters_and_a_neuromante_anyone() -> None:
    """Corrupción y Hacking: a neuromante on any target, a titiritero on a living character."""
    robot = mind("b", "No vivo")
    state = game([5, 6], a=mind("a", "Atadura", vol=7), b=robot)
    refused(state, Action("corromper_hackear", target="b"), "only hacks a living character")
    state = game([5, 6], b=robot)
    do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 3


def test_shin_adds_one_to_the_damage() -> None:
    """Shin (BONUS Y MALUS): one more point of DAÑ when hacking."""
    state = game([5, 6], a=mind("a", "Neuromante", "Shin", int_=7))
    events = do(state, Action("corromper_hackear", target="b"))
    assert next(e.data for e in events if e.kind == "mind_hit")["damage"] == 4
    assert state.figures["b"].stress == 4


def test_criticals_and_fumbles_of_impact_and_defence() -> None:
    """COMBATE, Críticos y pifias: a critical CH IMP DAÑ+1; a critical CH DEF, nothing; a
    fumbled CH DEF, DAÑ+1."""
    seer = mind("a", "Neuromante", int_=7, vol=6)  # VOL 6: acts in phase 6, before b
    state = game([1, 6], a=seer, b=mind("b", vol=6))  # critical: DAÑ 4; CH VOL 6 passes: 4 − 6
    events = do(state, Action("corromper_hackear", target="b"))
    assert next(e.data for e in events if e.kind == "mind_hit")["damage"] == 4
    assert state.figures["b"].stress == 0
    state = game([1, 7], a=seer, b=mind("b", vol=6))  # critical, CH VOL fails: 4
    do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 4
    state = game([5, 1])  # a critical CH DEF: no stress at all
    do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 0
    state = game([5, 10])  # a fumbled CH DEF: DAÑ 3 + 1
    do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 4


def test_a_failed_hack_spends_the_ene_and_does_nothing() -> None:
    state = game([8])  # 8 > INT 7
    events = do(state, Action("corromper_hackear", target="b"))
    assert state.figures["b"].stress == 0 and [e for e in events if e.kind == "miss"]
    assert state.figures["a"].ene == START_ENE - 3
    assert not rolls(events, "CH VOL (defensa mental)")


def test_a_fumble_with_a_metaability_costs_stress_unless_a_ch_psi_passes() -> None:
    """METAHABILIDADES, Pifias con metahabilidades: one stress, unless a CH PSI passes."""
    state = game([10, 3])  # fumble; CH PSI 3 ≤ VOL 4 passes
    events = do(state, Action("corromper_hackear", target="b"))
    assert rolls(events, "CH PSI (pifia con metahabilidad)")[0]["outcome"] == "pass"
    assert state.figures["a"].stress == 0 and state.figures["b"].stress == 0
    state = game([10, 7])  # fumble; CH PSI 7 fails: +1 stress
    do(state, Action("corromper_hackear", target="b"))
    assert state.figures["a"].stress == 1


def test_stress_above_vol_knocks_the_target_out() -> None:
    """PSICOLOGÍA, Estrés: si estrés > VOL, inconsciente (a casualty)."""
    state = game([5, 6], b=mind("b", vol=3))
    state.figures["b"].stress = 1
    events = do(state, Action("corromper_hackear", target="b"))  # +3: 4 > VOL 3
    assert state.figures["b"].unconscious and state.figures["b"].casualty
    assert [e for e in events if e.kind == "unconscious"]


def test_corromper_refusals_explain_themselves_and_change_nothing() -> None:
    """Corromper / Hackear: only for a neuromante or titiritero, within INT / VOL K, in the CdV."""
    state = game([5, 6], a=mind("a"))
    refused(state, Action("corromper_hackear", target="b"), "Only a neuromante")
    state = game([5, 6], a=mind("a", "Neuromante", int_=5), b_at=(17.0, 10.0))  # 6 K away
    refused(state, Action("corromper_hackear", target="b"), "reaches INT 5 K")
    state = game([5, 6], b_at=(6.0, 10.0))  # behind a
    refused(state, Action("corromper_hackear", target="b"), "not in a's CdV")
    state = game([5, 6])
    refused(state, Action("corromper_hackear"), "needs a target")
    refused(state, Action("corromper_hackear", target="a"), "on your own side")
    state.figures["a"].ene = 2
    refused(state, Action("corromper_hackear", target="b"), "Not enough ENE")


# -- Poseer ------------------------------------------------------------------------------------


def possessing(faces: list[int], **kw: Any) -> GameState:
    """a possesses b (stress = VOL) with a CH INT 3."""
    state = game([3, *faces], **kw)
    state.figures["b"].stress = state.figures["b"].vol
    do(state, Action("poseer", target="b"))
    assert state.figures["b"].possessed_by == "a"
    return state


def test_poseer_takes_a_target_whose_stress_reached_its_vol() -> None:
    """Poseer (3, INT / VOL): the target's stress must have reached its VOL; a passed check
    possesses it."""
    state = game([3])
    state.figures["b"].stress = 4
    events = do(state, Action("poseer", target="b"))
    assert rolls(events, "CH INT (Poseer)")[0]["target"] == 7
    assert state.figures["b"].possessed_by == "a" and state.figures["a"].ene == START_ENE - 3
    state = game([9])  # a failed check: the ENE is spent, nothing happens
    state.figures["b"].stress = 4
    do(state, Action("poseer", target="b"))
    assert state.figures["b"].possessed_by is None and state.figures["a"].ene == START_ENE - 3


def test_a_titiritero_possesses_with_vol() -> None:
    state = game([6], a=mind("a", "Atadura", int_=2, vol=6))
    state.figures["b"].stress = 4
    events = do(state, Action("poseer", target="b"))
    assert rolls(events, "CH VOL (Poseer)")[0]["target"] == 6
    assert state.figures["b"].possessed_by == "a"


def test_poseer_refusals() -> None:
    """Poseer: the stress requirement, the range, and one possessor at a time."""
    state = game([3])
    state.figures["b"].stress = 3
    refused(state, Action("poseer", target="b"), "stress 3 of VOL 4")
    state.figures["b"].stress = 4
    state.figures["a"].ene = 1
    refused(state, Action("poseer", target="b"), "Not enough ENE")
    state = game([3], b_at=(20.0, 10.0))
    state.figures["b"].stress = 4
    refused(state, Action("poseer", target="b"), "reaches INT 7 K")
    state = possessing([])
    refused(state, Action("poseer", target="b"), "already possessed by you")


def test_the_possessed_figure_acts_with_the_possessors_ene_for_the_possessors_side() -> None:
    """Poseer: the possessor pays with its own ENE for what the possessed figure does.
    b shoots its former ally c; the shot is a's second action."""
    state = possessing([2, 1], c=((6.0, 14.0), 0.0))  # CH IMP 2 hits; c's CH DEF 1: critical
    events = do(state, Action("ataque_distancia", "b", target="c", item=RIFLE.id))
    (imp,) = rolls(events, "CH IMP")
    assert imp["who"] == "b" and ["acción encadenada", -1] in imp["modifiers"]
    assert [e for e in events if e.kind == "hit" and e.data.get("target") == "c"]
    assert state.figures["a"].ene == START_ENE - 3 - RIFLE.ene
    assert state.figures["b"].ene == 0 and state.figures["b"].side == "B"
    assert state.figures["a"].actions_taken == 2 and state.pending.figure == "a"
    do(state, Action("mover", "b", point=(14.0, 11.0)))  # MOV 1
    assert state.figures["b"].position == (14.0, 11.0)
    assert state.figures["a"].ene == START_ENE - 3 - RIFLE.ene - 1


def test_a_possessed_figure_cannot_attack_the_possessors_side_or_end_the_activation() -> None:
    state = possessing([])
    refused(state, Action("ataque_distancia", "b", target="a", item=RIFLE.id), "own side")
    refused(state, Action("end", "b"), "possessed: it cannot 'end'")
    refused(state, Action("esperar", "b"), "possessed: it cannot 'esperar'")
    refused(state, Action("mover", "z", point=(35.0, 27.0)), "It is a's activation, not z's")


def test_the_possessors_ene_limits_what_the_possessed_does() -> None:
    state = possessing([])
    state.figures["a"].ene = 0
    state.figures["b"].ene = 9  # its own ENE does not pay
    refused(state, Action("mover", "b", point=(14.0, 12.0)), "Not enough ENE")


def test_a_possessed_figure_neither_activates_nor_reacts_until_the_possessor_acts_again() -> None:
    """Poseer: the possession lasts until the possessor's next activation starts."""
    state = possessing([])
    events = state.apply(Action("mover", point=(10.0, 11.0)))  # b faces a and would see it
    assert not [e for e in events if e.kind == "reaction_window"]
    state.apply(Action("end"))
    assert state.pending.kind is PendingKind.ACTIVATE and state.pending.side == "B"
    assert [a.figure for a in state.legal_actions()] == ["z"]
    refused(state, Action("activate", "b"), "possessed by a")
    state.apply(Action("activate", "z"))
    state.apply(Action("end"))
    # a new turn: initiative (A wins), then a activates and lets b go
    state.dice.faces[:0] = [9, 1]
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "z"))
    events = state.apply(Action("activate", "a"))
    assert [e for e in events if e.kind == "released"]
    assert state.figures["b"].possessed_by is None


def test_without_possession_the_same_figure_would_react() -> None:
    """REACCIONES: the control case of the test above."""
    state = game([])
    state.figures["b"].stress = 4
    events = state.apply(Action("mover", point=(10.0, 11.0)))
    assert [e for e in events if e.kind == "reaction_window"]


def test_a_possession_lapses_when_the_possessor_is_a_casualty() -> None:
    state = possessing([])
    state.apply(Action("end"))
    state.figures["a"].wounds = 4  # incapacitated
    assert "b" in [a.figure for a in state.legal_actions()]


# -- Marcar un objetivo ------------------------------------------------------------------------


def test_a_marked_target_may_be_possessed_again_without_the_stress() -> None:
    """Marcar un objetivo (3, INT / VOL): whoever possesses a character may mark it, and
    possess it again later even when its stress is below its VOL."""
    state = possessing([4])  # CH INT 4 marks
    events = do(state, Action("marcar_un_objetivo", target="b"))
    assert rolls(events, "CH INT (Marcar un objetivo)")[0]["outcome"] == "pass"
    assert state.figures["b"].marked_by == "a"
    assert state.figures["a"].ene == START_ENE - 3 - 3
    refused(state, Action("marcar_un_objetivo", target="b"), "already carries a's mark")
    state.figures["a"].ene = START_ENE
    state.figures["b"].possessed_by = None  # as when a's next activation starts
    state.figures["b"].stress = 0  # as if cured
    state.dice.faces.append(2)
    do(state, Action("poseer", target="b"))
    assert state.figures["b"].possessed_by == "a"


def test_marking_needs_the_possession_and_a_passed_check() -> None:
    """ACCIONES GENÉRICAS, Marcar un objetivo: only on the figure one is possessing, and
    with a passed check."""
    state = game([4])
    refused(state, Action("marcar_un_objetivo", target="b"), "does not possess b")
    state = possessing([9])  # CH INT 9 fails
    do(state, Action("marcar_un_objetivo", target="b"))
    assert state.figures["b"].marked_by is None and state.figures["a"].ene == START_ENE - 6


def test_possession_and_marks_enter_the_hash_only_when_set() -> None:
    """DESIGN §3: the state hash sees every status; unused ones leave old hashes as they were."""
    state = game([])
    figure = state.figures["b"]
    plain, digest = figure.snapshot(), state.hash()
    figure.marked_by = "a"
    assert state.hash() != digest
    figure.marked_by = None
    figure.possessed_by = "a"
    assert state.hash() != digest
    figure.possessed_by = None
    assert figure.snapshot() == plain and state.hash() == digest


# -- Combate mental and Contramagia ------------------------------------------------------------


def test_contramagia_is_only_an_answer() -> None:
    """Contramagia answers an enemy neuromante's casting: never an action of its own."""
    refused(game([5]), Action("contramagia", target="b"), "answers an enemy neuromante")


def test_combate_mental_is_only_an_answer() -> None:
    """Combate mental answers a Corromper / Hackear: never an action of its own."""
    refused(game([5]), Action("combate_mental", target="b"), "answers a Corromper / Hackear")


def test_a_hacked_neuromante_strikes_back_and_the_exchange_goes_on_until_one_stops() -> None:
    """METAHABILIDADES, Combate mental: right after the Corromper / Hackear, not a reaction;
    ACCIONES, Combate mental (3, INT o VOL): blows in turn until one stops attacking."""
    b = mind("b", "Neuromante", int_=6)
    # a's CH INT 5 (7), b's CH VOL 9 fails: 3 stress; b's blow: CH INT 2 (6), a's CH VOL
    # 9 fails: 2 stress; a's blow: CH INT 3, b's CH VOL 2 passes: 3 − 4 → no stress.
    state = game([5, 9, 2, 9, 3, 2, *[5] * 6], b=b)
    state.apply(Action("corromper_hackear", target="b"))
    state.apply(Action("pass", "b"))  # no Huir: the hack resolves
    assert (state.pending.kind, state.pending.figure) == (PendingKind.RESPOND, "b")
    assert {a.kind for a in state.legal_actions()} == {"pass", "combate_mental"}
    events = state.apply(Action("combate_mental", "b", target="a"))
    assert rolls(events, "CH INT (Combate mental)")[0]["target"] == 6
    assert state.figures["a"].stress == 2 and state.figures["b"].ene == -3  # outside its turn
    assert (state.pending.kind, state.pending.figure) == (PendingKind.RESPOND, "a")
    state.apply(Action("combate_mental", "a", target="b"))
    assert state.figures["a"].ene == START_ENE - 3 - 3 and state.figures["b"].stress == 3
    assert state.pending.figure == "b"
    events = state.apply(Action("pass", "b"))
    assert [e.kind for e in events][:1] == ["answer_pass"]
    assert state.pending.kind in (PendingKind.REACT, PendingKind.ACT)  # the action's window


def test_shin_adds_one_to_the_blows_of_a_combate_mental() -> None:
    """BONUS Y MALUS, Shin: the blows traded in a Combate mental are psychic attacks too
    (DAÑ +1); a bearer without it strikes for its INT − 4 alone."""
    for traits, stress in ((("Neuromante", "Shin"), 3), (("Neuromante",), 2)):
        b = mind("b", *traits, int_=6)
        # As above: a's hack gives b 3 stress, b's blow (INT 6 − 4, +1 with Shin) gets in.
        state = game([5, 9, 2, 9, *[5] * 6], b=b)
        state.apply(Action("corromper_hackear", target="b"))
        state.apply(Action("pass", "b"))
        events = state.apply(Action("combate_mental", "b", target="a"))
        hit = next(e for e in events if e.kind == "mind_hit")
        assert hit.data["damage"] == stress and ("Shin +1" in hit.text) is (stress == 3)


def test_only_a_mind_user_fights_back() -> None:
    """Combate mental is for a neuromante or titiritero: a plain target has no answer."""
    state = game([5, 9, 5])
    state.apply(Action("corromper_hackear", target="b"))
    state.apply(Action("pass", "b"))  # no Huir: the hack resolves
    assert state.pending.kind is not PendingKind.RESPOND


def _countered(faces: list[int]) -> GameState:
    """a (neuromante, INT 7) hacks b; c, an enemy neuromante (INT 6) 2 K from a, may counter."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (14.0, 10.0), 180.0),
        ("c", "B", (10.0, 13.0), 270.0),
    ]
    profiles = {"a": mind("a", "Neuromante", int_=7), "b": mind("b"),
                "c": mind("c", "Neuromante", int_=6)}  # fmt: skip
    state = started(scenario(units, profiles=profiles), [*faces, *[5] * 8])
    state.apply(Action("corromper_hackear", target="b"))
    return state


def test_contramagia_is_offered_to_an_enemy_neuromante_in_reach() -> None:
    """Contramagia (3, INT ENF) [Neuromante]: within its INT in K of a neuromante acting."""
    state = _countered([])
    assert state.pending.kind is PendingKind.RESPOND
    assert Action("contramagia", "c") in state.legal_actions()
    refused(state, Action("contramagia", "b"), "cannot answer with Contramagia")


@pytest.mark.parametrize(("c_ene", "offered"), [(-7, False), (-6, True)])
def test_contramagia_made_dearer_by_halito_de_hambre_is_offered_only_when_paid(
    c_ene: int, offered: bool
) -> None:
    """Contramagia (ENE 3, an answer down to ENE −10) with BONUS Y MALUS, Hálito de hambre
    on the caster (enemies within 5 K pay ENE +1): at ENE −7 it would cost 4 and leave −11,
    so c is not offered it (it used to be, and paying it crashed AI games); at −6 it is
    offered and paid down to −10."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0),
             ("c", "B", (10.0, 13.0), 270.0)]  # fmt: skip
    hungry = mind("a", "Neuromante", int_=7)
    hungry = dataclasses.replace(hungry, traits=(*hungry.traits, Trait("Hálito de hambre")))
    profiles = {"a": hungry, "b": mind("b"), "c": mind("c", "Neuromante", int_=6)}
    state = started(scenario(units, profiles=profiles), [5] * 12)
    state.figure("c").ene = c_ene
    state.apply(Action("corromper_hackear", target="b"))
    assert (Action("contramagia", "c") in state.legal_actions()) is offered
    if offered:
        state.apply(Action("contramagia", "c"))
        assert state.figure("c").ene == -10
    else:
        refused(state, Action("contramagia", "c"), "cannot answer with Contramagia")


def test_contramagia_won_cancels_the_casting() -> None:
    """Contramagia: CH INT ENF instead of the caster's CH INT; if the caster loses, the
    action fails (DESIGN §7: the lowest passing die wins)."""
    state = _countered([4, 2])  # a's CH INT ENF 4 (7), c's 2 (6): c wins
    events = state.apply(Action("contramagia", "c"))
    purposes = [e.data["purpose"] for e in events if e.kind == "roll"]
    assert purposes[:2] == ["CH INT (Corromper / Hackear) ENF", "CH INT ENF (Contramagia)"]
    assert not [e for e in events if e.kind == "mind_hit"]
    assert state.figures["b"].stress == 0 and state.figures["c"].ene == -3
    assert state.figures["a"].ene == START_ENE - 3  # the hack was paid and failed


def test_contramagia_lost_lets_the_casting_go_on_and_a_critical_shakes_the_loser() -> None:
    """Contramagia: if the caster wins it goes on; a critical gives the other side
    1 stress unless its CH VOL passes."""
    state = _countered([1, 3, 9, 9, 9])  # a 1 (critical) beats c 3; c's CH VOL 9: +1
    events = state.apply(Action("contramagia", "c"))
    assert [e for e in events if e.kind == "mind_hit"]
    assert state.figures["c"].stress == 1
    assert "CH VOL (Contramagia)" in [e.data["purpose"] for e in events if e.kind == "roll"]


def test_legal_actions_offer_what_the_possessed_figure_may_do() -> None:
    """DESIGN §3: legal_actions() lists every concrete choice, those of a possessed figure
    too (Poseer: it acts in the possessor's activation, on the possessor's ENE): b may
    shoot its former ally c and move; it may not end the activation nor shoot a's side."""
    state = possessing([5] * 20, c=((6.0, 14.0), 0.0))  # the trials' dice
    offered = state.legal_actions()
    puppet = [a for a in offered if a.figure == "b"]
    assert Action("ataque_distancia", "b", target="c", item=RIFLE.id) in puppet
    assert any(a.kind == "mover" for a in puppet)
    assert not [a for a in puppet if a.kind == "end" or a.target == "a"]
    assert all(state.check(a) is None for a in puppet)
    plain = possessing([5] * 20, c=((6.0, 14.0), 0.0))
    plain.figures["b"].possessed_by = None  # not possessed: none of b's actions are offered
    assert not [a for a in plain.legal_actions() if a.figure == "b"]
