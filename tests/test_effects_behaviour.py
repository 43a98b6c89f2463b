"""BONUS Y MALUS: behaviour entries played by entries/behaviour.py, each shown in play with
scripted dice: Fanático, Cobarde, Ansia de sangre, Animal interior and Miedo en las manos.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState, PendingKind, Scenario
from wartime.engine.core.profiles import Profile, Trait
from wartime.i18n import told

from . import engine_support as support

FAIL_DEF, FUMBLE, MISS = 9, 10, 9  # against DEF 3, any check, AGI 4
PAD = [5] * 8  # dice for what follows the rolls a test looks at


def carrying(name: str, *entries: str, **stats: int) -> Profile:
    return replace(support.profile(name, **stats), traits=tuple(Trait(e) for e in entries))


def kinds(events: list, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == kind]


# -- Fanático ----------------------------------------------------------------------------------


def shot_at(entry: str | None, faces: list[int]) -> tuple[GameState, list]:  # type: ignore[type-arg]
    """b (B, acting) shoots a 3.5 K away; the hit wounds a, whose CH PSI and CH LOC follow."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.5, 10.0), 180.0)]
    a = carrying("a", entry, con=9) if entry else support.profile("a", con=9)
    state = support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)}).new_game()
    state.dice = support.ScriptedDice([1, 9, *faces])  # B wins the initiative
    for action in (Action("initiative", "a"), Action("initiative", "b"), Action("activate", "b")):
        state.apply(action)
    return state, support.do(state, Action("ataque_distancia", target="a", item="fusil"))


@pytest.mark.parametrize(("entry", "panics"), [("Fanático", False), (None, True)])
def test_fanatico_takes_no_panic_from_a_failed_loc(entry: str | None, panics: bool) -> None:
    """BONUS Y MALUS, Fanático: hit by b, a fumbles its CH PSI and fails the CH LOC that
    follows (8 > VOL 4): a fanatic stays out of panic; anyone else panics."""
    # b's CH IMP 3 hits; a's CH DEF 9 fails; CH PSI 10 fumbles; CH LOC 8 fails; the
    # malus it gains either way: 1D10 = 2, Loco.
    state, events = shot_at(entry, [3, FAIL_DEF, FUMBLE, 8, 2])
    assert support.rolls_of(events, "a", "CH LOC")[0]["outcome"] == "fail"
    assert state.figures["a"].panic is panics
    assert bool(kinds(events, "panic")) is panics
    assert bool(kinds(events, "no_panic")) is not panics
    assert [e["entry"] for e in kinds(events, "malus")] == ["Loco"]


def test_fanatico_fumbled_loc_still_costs_vol_and_it_acts_freely() -> None:
    """BONUS Y MALUS, Fanático: a fumbled CH LOC still takes a point of VOL for good, but the
    fanatic is not in panic, so it is not made to flee: it may shoot back at once."""
    state, events = shot_at("Fanático", [3, FAIL_DEF, FUMBLE, FUMBLE, *PAD])
    a = state.figures["a"]
    assert a.vol_loss == 1 and not a.panic and kinds(events, "no_panic")
    support.do(state, Action("end"))
    support.do(state, Action("activate", "a"))
    assert state.check(Action("ataque_distancia", target="b", item="fusil")) is None


# -- Cobarde -----------------------------------------------------------------------------------


def duel(a: Profile, gap: float = 10.0) -> Scenario:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0 + gap, 10.0), 180.0)]
    return support.scenario(units, profiles={"a": a, "b": support.profile("b", con=9)})


def test_cobarde_failed_psi_loses_the_shot_and_pays_its_ene() -> None:
    """BONUS Y MALUS, Cobarde: before shooting, a CH PSI; 9 > VOL 4 fails: no CH IMP is
    rolled, the rifle's ENE 3 is paid, the action counts and the failure gives stress."""
    state = support.started(duel(carrying("a", "Cobarde")), faces=[9])
    ene = state.figures["a"].ene
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    a = state.figures["a"]
    assert [r["outcome"] for r in support.rolls_of(events, "a", "CH PSI (Cobarde)")] == ["fail"]
    assert not support.rolls_of(events, "a", "CH IMP")
    assert a.ene == ene - support.RIFLE.ene and a.actions_taken == 1 and a.stress == 1
    assert kinds(events, "cowed") and state.figures["b"].wounds == 0
    assert state.pending.kind is PendingKind.ACT  # still its activation


def test_cobarde_passed_psi_lets_the_attack_go_ahead() -> None:
    """BONUS Y MALUS, Cobarde: a passed CH PSI (4 ≤ VOL 4) and the shot is made (its CH IMP
    9 misses); the ENE is paid once."""
    state = support.started(duel(carrying("a", "Cobarde")), faces=[4, MISS, *PAD])
    ene = state.figures["a"].ene
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    psi = support.rolls_of(events, "a", "CH PSI (Cobarde)")
    assert [r["outcome"] for r in psi] == ["pass"]
    assert [r["outcome"] for r in support.rolls_of(events, "a", "CH IMP")] == ["fail"]
    assert state.figures["a"].ene == ene - support.RIFLE.ene and not kinds(events, "cowed")


def test_cobarde_charge_needs_the_psi_too() -> None:
    """BONUS Y MALUS, Cobarde: Cargar launches an attack: failed CH PSI, the figure stays
    put and pays Cargar's ENE 2."""
    state = support.started(duel(carrying("a", "Cobarde"), gap=3.0), faces=[8])
    ene = state.figures["a"].ene
    support.do(state, Action("cargar", target="b"))
    a = state.figures["a"]
    assert a.position == (10.0, 10.0) and a.ene == ene - 2 and not a.charging


def test_cobarde_no_psi_for_a_move_an_illegal_attack_or_another_figure() -> None:
    """BONUS Y MALUS, Cobarde: a move is no attack (no CH PSI); an attack out of range is
    refused before any die is rolled; a figure without Cobarde shoots with no CH PSI."""
    state = support.started(duel(carrying("a", "Cobarde"), gap=25.0), faces=[])
    support.refused(state, Action("ataque_distancia", target="b", item="fusil"), "Target out")
    events = support.do(state, Action("mover", point=(11.0, 10.0)))
    assert not support.rolls_of(events, "a", "CH PSI")
    plain = support.started(duel(support.profile("a")), faces=[MISS])
    events = support.do(plain, Action("ataque_distancia", target="b", item="fusil"))
    assert not support.rolls_of(events, "a", "CH PSI") and support.rolls_of(events, "a", "CH IMP")


def test_cobarde_reacting_fails_its_psi_and_loses_its_next_action_too() -> None:
    """BONUS Y MALUS, Cobarde, in a reaction (REACCIONES): b reacts to a (CH VOL 2) and
    would shoot; its CH PSI 9 fails: the shot is lost (ENE 3 paid, down from 0), and a failed
    CH PSI outside its activation costs its next action as well."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    scn = support.scenario(units, profiles={"b": carrying("b", "Cobarde")})
    state = support.started(scn, faces=[2, 9])
    state.apply(Action("agacharse"))
    state.apply(Action("react", "b"))
    events = state.apply(Action("ataque_distancia", "b", target="a"))
    b = state.figures["b"]
    assert kinds(events, "cowed") and not support.rolls_of(events, "b", "CH IMP")
    assert b.ene == -support.RIFLE.ene and b.stress == 1 and b.lose_next
    assert state.pending.kind is PendingKind.ACT and state.pending.figure == "a"


# -- Ansia de sangre, Animal interior ----------------------------------------------------------


def charge_scene(
    entry: str, gap: float = 2.5, ally: str | None = None, ally_at: float = 0.0
) -> Scenario:
    """a (A, with ``entry``) at (10, 10) and b (B) ``gap`` K off; maybe an ally c of a with
    entry ``ally``, its base ``ally_at`` K from a's (straight up)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0 + gap, 10.0), 180.0)]
    profiles = {"a": carrying("a", entry), "b": support.profile("b", con=9)}
    if ally is not None:
        units.append(("c", "A", (10.0, 10.0 + 1.0 + ally_at), 0.0))
        profiles["c"] = carrying("c", ally)
    return support.scenario(units, profiles=profiles)


@pytest.mark.parametrize("entry", ["Ansia de sangre", "Animal interior"])
def test_a_bloodthirsty_figure_must_charge_while_it_can(entry: str) -> None:
    """BONUS Y MALUS, Ansia de sangre / Animal interior: with b 2.5 K off (within Cargar's
    MOV + 3 K), a may only charge or hand over; a shot is refused, and the charge is made."""
    state = support.started(charge_scene(entry))
    support.refused(state, Action("ataque_distancia", target="b", item="fusil"), "must charge")
    support.refused(state, Action("agacharse"), "must charge")
    offered = {a.kind for a in state.legal_actions()}
    assert offered == {"end", "cargar"}
    events = support.do(state, Action("cargar", target="b"))
    assert kinds(events, "engage") and state.figures["a"].charging


def test_ansia_de_sangre_acts_freely_when_no_charge_can_be_made() -> None:
    """BONUS Y MALUS, Ansia de sangre: b 6 K away is beyond Cargar's reach (4 K): a may
    shoot it (its CH IMP 9 misses)."""
    state = support.started(charge_scene("Ansia de sangre", gap=6.0), faces=[MISS])
    assert state.check(Action("agacharse")) is None
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert support.rolls_of(events, "a", "CH IMP")


@pytest.mark.parametrize(
    ("ally", "ally_at", "free"),
    [("Líder", 9.5, True), ("Presencia de honor", 3.0, True), ("Líder", 10.5, False),
     (None, 0.0, False)],
)  # fmt: skip
def test_animal_interior_is_calmed_by_a_steadying_ally_within_10_k(
    ally: str | None, ally_at: float, free: bool
) -> None:
    """BONUS Y MALUS, Animal interior: an ally within 10 K with Líder (or Presencia de honor)
    lets the bearer act as it likes; 10.5 K away, or with no such ally, it must charge."""
    scn = charge_scene("Animal interior", ally=ally or "Fanático", ally_at=ally_at if ally else 1.0)
    state = support.started(scn)
    problem = state.check(Action("agacharse"))
    assert (problem is None) is free
    if not free:
        assert problem is not None and "Animal interior" in told(problem, "en")


def test_a_critical_locs_charge_is_still_held_to_its_target() -> None:
    """CH LOC, Crítico (with Ansia de sangre): the fury's target comes first: with b and c
    both in reach and the fury on b, a charge at c is refused."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0),
             ("c", "B", (10.0, 13.5), 180.0)]  # fmt: skip
    state = support.started(
        support.scenario(units, profiles={"a": carrying("a", "Ansia de sangre")})
    )
    state.figures["a"].fury = "b"
    support.refused(state, Action("cargar", target="c"), "enraged: it must charge b")
    assert {(a.kind, a.target) for a in state.legal_actions()} == {("end", None), ("cargar", "b")}


def test_a_fury_out_of_reach_leaves_ansia_de_sangre_to_charge_another_enemy() -> None:
    """CH LOC, Crítico, with Ansia de sangre: the fury is on b, 6 K off and beyond Cargar's
    reach, so the entry holds a to the enemy it can charge, c; anything else is refused.
    Whether each owed charge can be made is asked of the rules of Cargar alone (asking the
    compulsion again about it used to recurse without end)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (17.0, 10.0), 180.0),
             ("c", "B", (10.0, 13.5), 180.0)]  # fmt: skip
    state = support.started(
        support.scenario(units, profiles={"a": carrying("a", "Ansia de sangre")})
    )
    state.figures["a"].fury = "b"
    support.refused(state, Action("agacharse"), "Cargar at c, or end its activation")
    support.refused(state, Action("ataque_distancia", target="c", item="fusil"), "must charge")
    assert {(a.kind, a.target) for a in state.legal_actions()} == {("end", None), ("cargar", "c")}
    events = support.do(state, Action("cargar", target="c"))
    assert kinds(events, "engage") and state.figures["a"].charging


# -- Miedo en las manos ------------------------------------------------------------------------


def crowd(near: tuple[float, float], far: tuple[float, float] = (24.0, 14.0)) -> Scenario:
    """a (A, Miedo en las manos) at (10, 10) facing +x; enemies b at ``near``, c at ``far``."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", near, 180.0), ("c", "B", far, 180.0)]
    profiles = {"a": carrying("a", "Miedo en las manos"), "b": support.profile("b", con=9),
                "c": support.profile("c", con=9)}  # fmt: skip
    return support.scenario(units, profiles=profiles)


def test_miedo_en_las_manos_must_shoot_the_nearest_enemy() -> None:
    """BONUS Y MALUS, Miedo en las manos: b 5 K off is nearer than c: a shot at c is
    refused, the shot at b is made (its CH IMP 9 misses)."""
    state = support.started(crowd(near=(16.0, 10.0)), faces=[MISS])
    support.refused(
        state, Action("ataque_distancia", target="c", item="fusil"), "nearest.*b is nearer"
    )
    shots = {a.target for a in state.legal_actions() if a.kind == "ataque_distancia"}
    assert shots == {"b"}
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert support.rolls_of(events, "a", "CH IMP")


def test_miedo_en_las_manos_ignores_what_it_could_not_shoot_and_allows_ties() -> None:
    """BONUS Y MALUS, Miedo en las manos: an enemy behind it (outside its CdV) does not
    count, so it shoots c; two enemies equally near may each be chosen."""
    state = support.started(crowd(near=(6.0, 10.0)), faces=PAD)
    assert state.check(Action("ataque_distancia", target="c", item="fusil")) is None
    tied = support.started(crowd(near=(16.0, 14.0), far=(16.0, 6.0)), faces=PAD)
    for target in ("b", "c"):
        assert tied.check(Action("ataque_distancia", target=target, item="fusil")) is None


# -- all of them in random games ---------------------------------------------------------------


def test_random_games_with_every_behaviour_entry_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves (and the baseline AI on one side) between bearers
    of the five behaviour entries end without an exception and replay to the same hash."""
    profiles = {
        "a": carrying("a", "Ansia de sangre", "Cobarde"),
        "b": carrying("b", "Animal interior", "Miedo en las manos"),
        "c": carrying("c", "Fanático", "Miedo en las manos"),
        "d": carrying("d", "Cobarde", "Fanático"),
    }
    scn = support.two_pairs(profiles, 16.0, (18.0, 15.0))
    seen = {e.kind for d in support.random_games(scn, 10) for e in d.events}
    assert "cowed" in seen and "engage" in seen


def test_behaviour_fields_stand_alone() -> None:
    """The vocabulary: a behaviour field takes no other field but must_charge's ally list."""
    from wartime.errors import DataError
    from wartime.rules.effects import validated

    with pytest.raises(DataError, match="does not go with 'check'"):
        validated(
            {"behaviour.yaml": {"Cobarde": [{"attack_psi": True, "check": "PSI", "value": 1}]}}
        )
    with pytest.raises(DataError, match="does not go with 'unless_ally'"):
        validated({"behaviour.yaml": {"Fanático": [
            {"no_panic": True, "unless_ally": ["Líder"], "ally_within": 5}]}})  # fmt: skip
