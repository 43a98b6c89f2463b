"""BONUS Y MALUS, Fortuna: once a turn, its bearer's side spends it when a chance comes
up (entries/fortune.py; pending ``fortune``, core/midway.py), played with scripted dice.

a (side A) shoots b (side B) 10 K away with its fusil (DAÑ 4, CH IMP on AGI 4); b's CH DEF
is on DEF 3, and a wounded b checks CH PSI on VOL 4.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.ai.players import choose
from wartime.engine.core.profiles import Trait
from wartime.engine.entries import fortune

from . import engine_support as support

LUCK = Trait("Fortuna")
SHOT = Action("ataque_distancia", target="b", item="fusil")
PAD = [5] * 10


def duel(faces: list[int], a_lucky: bool = True, b_lucky: bool = False) -> GameState:
    a = replace(support.profile("a"), traits=(LUCK,) if a_lucky else ())
    b = replace(support.profile("b", con=9), traits=(LUCK,) if b_lucky else ())
    scn = support.scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)], {"a": a, "b": b}
    )
    return support.started(scn, faces=[*faces, *PAD])


def luck(use: str, who: str = "a") -> Action:
    return Action("fortune", who, item=use)


def question(state: GameState) -> list[str]:
    """The uses the open question offers (the pending must be Fortuna's)."""
    assert state.pending.kind is PendingKind.FORTUNE
    return [a.item or "" for a in state.legal_actions()]


def test_a_failed_check_asks_the_bearers_side_and_a_new_die_may_be_rolled() -> None:
    """BONUS Y MALUS, Fortuna (anular un dado): a's CH IMP 9 fails against 4; its side is
    asked before anything else happens, and takes a new die (3: a hit)."""
    state = duel([9, 3, 9, 5])
    events = support.do(state, SHOT)
    assert events[-1].kind == "fortune_choice" and "1D10 = 9 contra 4: fallado" in events[-1].text
    assert state.pending.side == "A" and state.pending.figure == "a"
    assert question(state) == ["anular dado", "no"]  # 9 + 1 is no pass: no "éxito +1"
    events = support.do(state, luck("anular dado"))
    (imp,) = support.rolls_of(events, "a", "CH IMP")
    assert (imp["roll"], imp["rerolled"], imp["outcome"], imp["fortune"]) == (
        3,
        9,
        "pass",
        "anular dado",
    )
    assert state.figure("b").wounds == 4 and fortune.mark(state.figure("a")).fortune_turn == 1


def test_plus_one_is_offered_only_when_it_makes_the_check_pass() -> None:
    """BONUS Y MALUS, Fortuna (éxito +1): a CH IMP 5 against 4 passes with +1."""
    state = duel([5, 9, 5])
    support.do(state, SHOT)
    assert question(state) == ["anular dado", "éxito +1", "no"]
    events = support.do(state, luck("éxito +1"))
    (imp,) = support.rolls_of(events, "a", "CH IMP")
    assert imp["outcome"] == "pass" and ["Fortuna", 1] in imp["modifiers"]


def test_a_fumble_may_become_a_plain_failure() -> None:
    """BONUS Y MALUS, Fortuna (ignorar una pifia): a fumbled CH IMP (10) is only a miss:
    no DAÑ 1 on the shooter, no wound on the weapon."""
    state = duel([10])
    support.do(state, SHOT)
    assert question(state) == ["anular dado", "ignorar pifia", "no"]
    events = support.do(state, luck("ignorar pifia"))
    assert support.rolls_of(events, "a", "CH IMP")[0]["outcome"] == "fail"
    assert not [e for e in events if e.kind == "fumble"] and not state.figure("a").weapon_wounds


def test_declining_keeps_it_for_a_later_chance_and_spent_it_asks_no_more() -> None:
    """BONUS Y MALUS, Fortuna: once a turn; "no" keeps it for later in the turn, and once
    taken nothing more is asked until the next turn."""
    state = duel([9, 9, 9, 9])
    support.do(state, SHOT)
    support.do(state, luck("no"))
    assert fortune.mark(state.figure("a")).fortune_turn == 0
    support.do(state, SHOT)  # the second shot's 9: asked again
    support.do(state, luck("anular dado"))  # the new die, 9, fails: nothing more to ask
    assert (
        state.pending.kind is PendingKind.ACT and fortune.mark(state.figure("a")).fortune_turn == 1
    )
    state.turn += 1  # a new turn: it is back
    assert Action("usar_bonus", "a", item="Fortuna") not in state.legal_actions()  # no wound
    state.figure("a").wounds = 1
    assert Action("usar_bonus", "a", item="Fortuna") in state.legal_actions()


def test_the_bearer_may_ignore_the_wounds_of_a_hit_after_keeping_its_ch_def_die() -> None:
    """BONUS Y MALUS, Fortuna (ignorar un DAÑ): b's CH DEF 9 fails; its side is asked
    twice, in order: keeps the die ("no"), then ignores the 4 wounds."""
    state = duel([3, 9], a_lucky=False, b_lucky=True)
    support.do(state, SHOT)
    assert state.pending.side == "B" and question(state) == ["anular dado", "no"]
    support.do(state, luck("no", "b"))
    assert question(state) == ["ignorar DAÑ", "no"]
    events = support.do(state, luck("ignorar DAÑ", "b"))
    assert [e.data["wounds"] for e in events if e.kind == "fortune"] == [4]
    assert state.figure("b").wounds == 0 and not support.rolls_of(events, "b", "CH PSI")


def test_a_hit_it_lands_may_deal_one_more_dan() -> None:
    """BONUS Y MALUS, Fortuna (DAÑ +1): a's hit goes in at DAÑ 5; b's failed CH DEF takes
    5 wounds."""
    state = duel([3, 9, 5])
    support.do(state, SHOT)
    assert question(state) == ["DAÑ +1", "no"]
    events = support.do(state, luck("DAÑ +1"))
    assert [e.data["damage"] for e in events if e.kind == "hit"] == [5]
    assert state.figure("b").wounds == 5


def test_usar_bonus_heals_a_wound_once_a_turn() -> None:
    """BONUS Y MALUS, Fortuna (curar 1 herida): Usar bonus (ENE 1) heals a wound; spent,
    it is refused until the next turn; a Pj without wounds has nothing to heal."""
    state = duel([])
    heal = Action("usar_bonus", "a", item="Fortuna")
    support.refused(state, heal, "has no wounds to heal")
    state.figure("a").wounds = 2
    support.do(state, heal)
    a = state.figure("a")
    assert (a.wounds, a.ene, fortune.mark(a).fortune_turn) == (1, support.START_ENE - 1, 1)
    support.refused(state, heal, "already used Fortuna this turn")
    assert heal not in state.legal_actions()


def test_without_fortuna_nothing_is_asked() -> None:
    """Negative: the same failed CH IMP without the entry is a plain miss."""
    state = duel([9], a_lucky=False)
    events = support.do(state, SHOT)
    assert state.pending.kind is PendingKind.ACT
    assert [e.kind for e in events if e.kind in ("miss", "fortune_choice")] == ["miss"]


def test_an_illegal_answer_is_refused_and_replays_reach_the_same_states() -> None:
    """DESIGN §3: a wrong answer leaves the state as it was; the decisions replay to the
    same hash, the question included (what undo replays to)."""
    state = duel([9, 3, 9, 5])
    support.do(state, SHOT)
    support.refused(state, luck("DAÑ +1"), "Fortuna is spent as one of these, or not")
    support.refused(state, Action("end"), "a must first answer")
    asked = state.hash()
    support.do(state, luck("anular dado"))
    for upto, expected in ((-2, asked), (None, state.hash())):  # before the answer, and all
        replay = duel([9, 3, 9, 5])
        for action in state.history[len(replay.history) : upto]:
            replay.apply(action)
        assert replay.hash() == expected


def test_the_baseline_ai_spends_it_on_the_first_chance() -> None:
    """The baseline AI takes a sure pass first, then a new die."""
    state = duel([5, 9, 5])
    support.do(state, SHOT)
    assert choose(state) == luck("éxito +1")


def test_random_games_with_fortuna_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between Fortuna bearers end without an exception
    and replay to the same hash (DESIGN §3), and every use gets taken."""
    profiles = {f: replace(support.profile(f), traits=(LUCK,)) for f in ("a", "b", "c", "d")}
    scn = support.two_pairs(profiles, 13.0, (16.0, 14.0))
    taken = {d.action.item for d in support.random_games(scn, 12) if d.action.kind == "fortune"}
    assert {"anular dado", "no", "ignorar DAÑ", "DAÑ +1"} <= taken
