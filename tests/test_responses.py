"""Huir and Esquivar en CaC: answers to an action declared against the Pj (ACCIONES DE COMBATE).

Huir "is declared right after the acting Pj declares its action and target";
Esquivar en CaC "after the target is chosen", in place of the CH IMP.  The
readings are in docs/rules-interpretations.md, "Answers to a declared action".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.profiles import Trait, Transport

from .engine_support import KNIFE, do, profile, refused, scenario, started


def _shot_at(b_at: tuple[float, float], faces: list[int], b_facing: float = 180.0) -> GameState:
    """a (fusil, ALC 20) at (10, 10) facing east shoots at b; a B ally waits far off."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, b_facing), ("z", "B", (5, 28), 0.0)]
    state = started(scenario(units), faces)
    state.apply(Action("ataque_distancia", "a", target="b", item="fusil"))
    return state


def _brawl(faces: list[int]) -> GameState:
    """a and b in base contact; a strikes b with its cuchillo and b may dodge."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
    units.append(("z", "B", (35.0, 25.0), 180.0))
    state = started(scenario(units), faces)
    state.apply(Action("ataque_cac", "a", target="b", item=KNIFE.id))
    return state


def _kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def test_an_attack_at_a_watching_enemy_waits_for_its_answer() -> None:
    """Huir: declared right after the enemy declares its action and target, before it resolves."""
    state = _shot_at((29.0, 10.0), [5] * 12)  # dice for the legality probes of each answer
    pending = state.pending
    assert (pending.kind, pending.figure, pending.side) == (PendingKind.RESPOND, "b", "B")
    assert state.figure("a").ene == 8  # nothing paid yet
    options = {a.kind for a in state.legal_actions()}
    assert options == {"pass", "huir", "desenfundar"}  # not engaged: no Esquivar en CaC
    refused(state, Action("react", "b"), "not an answer b can give now")


def test_fleeing_out_of_reach_loses_the_declared_action() -> None:
    """Huir (1, PSI): up to 3 K in any direction, then CH PSI; the shot now out of ALC is lost."""
    state = _shot_at((29.0, 10.0), [3, 5, 5, 5])  # b's CH PSI 3 passes (VOL 4); spares
    events = do(state, Action("huir", "b", point=(32.0, 10.0)))
    b, a = state.figure("b"), state.figure("a")
    assert b.position == pytest.approx((32.0, 10.0)) and b.ene == -1 and b.facing == 180.0
    assert "CH PSI (huida)" in [e.data.get("purpose") for e in events if e.kind == "roll"]
    lost = next(e for e in events if e.kind == "action_lost")
    assert lost.data["reason"] == "Target outside the CdV"  # VOL 4 × 5 = 20 K
    assert (a.ene, a.actions_taken) == (8, 1)  # nothing paid, but it was an action
    assert "hit" not in _kinds(events) and "miss" not in _kinds(events)


def test_a_shot_still_in_reach_resolves_where_the_target_fled() -> None:
    """Huir: the action goes on against the target's new place."""
    state = _shot_at((20.0, 10.0), [3, 2, 9, 5])  # PSI 3; CH IMP 2; CH DEF 9; PSI 5
    events = do(state, Action("huir", "b", point=(23.0, 10.0)))
    assert state.figure("b").position == pytest.approx((23.0, 10.0))
    hit = next(e for e in events if e.kind == "hit")
    assert hit.data["target"] == "b" and state.figure("b").wounds == 4 - 0  # DAÑ 4, DEF 0 failed
    assert state.figure("a").ene == 8 - 3


def test_no_answer_to_what_the_target_cannot_see() -> None:
    """Huir needs the Pj to see the action coming: a shot in its back resolves at once."""
    state = _shot_at((20.0, 10.0), [2, 9, 5], b_facing=0.0)  # b faces away from a
    assert state.pending.kind is not PendingKind.RESPOND
    assert state.figure("b").wounds == 4


def test_a_transport_does_not_flee_or_dodge() -> None:
    """Huir and Esquivar en CaC are a Pj's; a transport has neither (actions/driving.py)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    buggy = Transport("buggy", ene=2, mov=6.0, defense=4, cal=9)
    state = started(scenario(units, {"b": replace(profile("b"), transport=buggy)}), [2, 9])
    state.apply(Action("ataque_distancia", "a", target="b", item="fusil"))
    assert state.pending.kind is not PendingKind.RESPOND


def test_an_illegal_action_is_refused_before_any_answer() -> None:
    """An illegal action is refused as ever; no window opens, nothing changes."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 10.0), 180.0)]
    state = started(scenario(units))
    refused(state, Action("ataque_distancia", "a", target="b", item="fusil"), "CdV")


def test_esquivar_offered_in_cac_and_not_huir() -> None:
    """Esquivar en CaC (3, AGI ENF): against a CaC blow; Huir needs the Pj not engaged."""
    state = _brawl([5] * 6)
    assert {a.kind for a in state.legal_actions()} == {"pass", "esquivar_en_cac"}
    refused(state, Action("huir", "b", point=(14.0, 10.0)), "not an answer b can give now")


@pytest.mark.parametrize(("b_ene", "offered"), [(-7, False), (-6, True)])
def test_esquivar_made_dearer_by_halito_de_hambre_is_offered_only_when_paid(
    b_ene: int, offered: bool
) -> None:
    """Esquivar en CaC (ENE 3, as an answer down to ENE −10) with BONUS Y MALUS, Hálito de
    hambre (enemies within 5 K of the bearer pay ENE +1): at ENE −7 the dodge costs 4 and
    would leave −11, so b is not offered it and a's blow strikes at once (it used to be
    offered at its plain cost, and playing it crashed AI games); at −6 it is offered and
    paid down to −10."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0),
             ("z", "B", (35.0, 25.0), 180.0)]  # fmt: skip
    hungry = replace(profile("a"), traits=(Trait("Hálito de hambre"),))
    state = started(scenario(units, profiles={"a": hungry}), [5] * 12)
    state.figure("b").ene = b_ene
    state.apply(Action("ataque_cac", "a", target="b", item=KNIFE.id))
    answering = state.pending.kind is PendingKind.RESPOND
    assert answering is offered
    if not offered:
        assert state.figure("b").ene == b_ene and "CH IMP" in [
            e.data.get("purpose") for e in state.log if e.kind == "roll"
        ]
        return
    assert {a.kind for a in state.legal_actions()} == {"pass", "esquivar_en_cac"}
    state.apply(Action("esquivar_en_cac", "b"))
    assert state.figure("b").ene == -10


@pytest.mark.parametrize(
    ("faces", "hit", "a_wounds", "b_wounds"),
    [
        # a's CH AGI ENF 3, b's 2: both pass, the lowest wins: b dodges.
        ([3, 2], False, 0, 0),
        # a 2, b 3: a wins and hits (cuchillo 2 + CON 4 − 4 = DAÑ 2); b's CH DEF 9, PSI 3.
        ([2, 3, 9, 3], True, 0, 2),
        # b's critical 1: it dodges and strikes back with DAÑ 1; a's CH DEF 9, PSI 3.
        ([2, 1, 9, 3], False, 1, 0),
        # b's fumble 10: a hits with DAÑ +1 = 3; b's CH DEF 9, PSI 3.
        ([3, 10, 9, 3], True, 0, 3),
    ],
)
def test_esquivar_replaces_the_ch_imp_with_ch_agi_enf(
    faces: list[int], hit: bool, a_wounds: int, b_wounds: int
) -> None:
    """Esquivar en CaC: CH AGI ENF instead of CH IMP; if it passes the blow misses;
    critical, DAÑ 1 at the attacker; fumble, DAÑ +1 to the blow (DESIGN §7 opposed checks)."""
    state = _brawl(faces)
    events = do(state, Action("esquivar_en_cac", "b"))
    rolls = [e.data for e in events if e.kind == "roll"]
    assert [r["purpose"] for r in rolls[:2]] == ["CH AGI ENF (esquivar)"] * 2
    assert "CH IMP" not in [r["purpose"] for r in rolls]
    assert ("hit" in _kinds(events)) is hit
    assert (state.figure("a").wounds, state.figure("b").wounds) == (a_wounds, b_wounds)
    assert state.figure("b").ene == -3  # ENE 3, outside its activation


def test_passing_lets_the_declared_action_resolve_unchanged() -> None:
    """Without an answer the action resolves as it would have (same dice, same result)."""
    state = _brawl([2, 9, 3])  # CH IMP 2; b's CH DEF 9; PSI 3
    events = do(state, Action("pass", "b"))
    assert [e.kind for e in events][:3] == ["answer_pass", "ene", "roll"]
    assert state.figure("b").wounds == 2


def test_an_answer_carries_its_entries() -> None:
    """BONUS Y MALUS, Maestría en combate (X): +1 to the CH ATR of that action, answers too."""
    from wartime.engine.core.profiles import Trait

    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    units.append(("z", "B", (5.0, 28.0), 0.0))
    skilled = replace(profile("b"), traits=(Trait("Maestría en combate", 1, None, "Huir"),))
    state = started(scenario(units, {"b": skilled}), [5, 5, 5, 5, 2, 9, 5])
    state.apply(Action("ataque_distancia", "a", target="b", item="fusil"))
    events = do(state, Action("huir", "b", point=(20.0, 13.0)))
    psi = next(e.data for e in events if e.kind == "roll" and e.data["who"] == "b")
    assert psi["purpose"] == "CH PSI (huida)" and ["Maestría en combate", 1] in psi["modifiers"]


def test_desenfundar_won_fires_first_then_the_shot_goes_off() -> None:
    """Desenfundar (1, AGI ENF), settling a duel (our reading): the target of a shot draws;
    CH AGI ENF, lowest passing die wins; the winner fires first, then the declared shot."""
    # b's draw 2 against a's 5; b's CH IMP 2, a's CH DEF 9 (4 wounds, CON 4: out).
    state = _shot_at((20.0, 10.0), [2, 5, 2, 9, *[5] * 6])
    events = do(state, Action("desenfundar", "b", item="fusil"))
    kinds = [e.kind for e in events]
    assert kinds.index("draw_won") < kinds.index("hit")
    assert state.figure("a").casualty  # it never got its shot off
    assert "action_lost" in kinds and state.figure("a").ene == 8
    assert state.figure("b").ene == -1 - 3  # the draw and its shot, as a reactor pays


def test_desenfundar_lost_leaves_the_shot_as_declared() -> None:
    """Desenfundar: lost, the draw is spent and the shot goes off."""
    state = _shot_at((20.0, 10.0), [5, 2, 2, 9, *[5] * 6])  # b 5, a 2: a wins; CH IMP 2; DEF 9
    events = do(state, Action("desenfundar", "b"))
    assert "draw_lost" in [e.kind for e in events]
    assert state.figure("b").wounds == 4 and state.figure("b").ene == -1
