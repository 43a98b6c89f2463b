"""BONUS Y MALUS, batch M: fire and coming back (entries/fire.py, entries/revival.py,
entries/mana.py): Munición incendiaria, Héroe, Ave Fénix, Resurrección, Rematador and
Maná, each played with scripted dice, with a case where it does nothing.

``a`` (side A) acts first from (10, 10) and shoots ``b`` (side B) at (21, 10) with its
rifle (DAÑ 4).  Profiles: CON 4, AGI 4, VOL 4, DEF 3.  A CH IMP of 2 passes; b's CH DEF
of 1 is a critical (no wounds), 2 passes (1 wound), 9 fails (4 wounds).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.profiles import Metaability, Profile, Trait
from wartime.engine.entries import fire, revival
from wartime.errors import DataError
from wartime.geometry.distance import edge_distance
from wartime.rules.effects import validated

from . import engine_support as support

PAD = [5] * 20
PASS, FAIL, CRIT = 2, 9, 1
SHOT = Action("ataque_distancia", target="b", item="fusil")
DOUSE = Action("usar_bonus", item="Munición incendiaria")


def bearer(name: str, *entries: str, **kw: Any) -> Profile:
    return replace(support.profile(name, **kw), traits=tuple(Trait(e) for e in entries))


def game(
    profiles: dict[str, Profile], dice: list[int],
    more: tuple[tuple[str, str, tuple[float, float], float], ...] = (),
) -> GameState:  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0), *more]
    scn = support.scenario(units, profiles=profiles)
    return support.started(scn, [*dice, *PAD])


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def to_b(state: GameState) -> list[Any]:
    """a ends its activation and b activates."""
    events = state.apply(Action("end"))
    return events + state.apply(Action("activate", "b"))


# -- Munición incendiaria ----------------------------------------------------------------------


def test_munición_incendiaria_sets_the_target_on_fire_and_it_burns_as_it_activates() -> None:
    """BONUS Y MALUS, Munición incendiaria: a hit sets the target on fire even when its CH
    DEF is a critical; as its activation starts it takes a DAÑ 1 hit with its CH DEF (9
    fails: 1 wound, then its CH PSI for the wound)."""
    state = game({"a": bearer("a", "Munición incendiaria")}, [PASS, CRIT, FAIL, PASS])
    events = support.do(state, SHOT)
    assert fire.mark(state.figures["b"]).burning and "burning" in kinds(events)
    assert state.figures["b"].wounds == 0
    events = to_b(state)
    assert "fire" in kinds(events)
    assert [r["outcome"] for r in support.rolls_of(events, "b", "CH DEF")] == ["fail"]
    assert state.figures["b"].wounds == 1


def test_without_the_entry_a_hit_starts_no_fire() -> None:
    """BONUS Y MALUS, Munición incendiaria: a plain rifle sets nothing on fire, and a
    figure that does not burn is offered no way to put a fire out."""
    state = game({}, [PASS, CRIT])
    events = support.do(state, SHOT)
    assert not fire.mark(state.figures["b"]).burning and "burning" not in kinds(events)
    events = to_b(state)
    assert "fire" not in kinds(events)
    assert replace(DOUSE, figure="b") not in state.legal_actions()
    support.refused(state, replace(DOUSE, figure="b"), "no entry")


@pytest.mark.parametrize(("psi", "out"), [(PASS, True), (FAIL, False)])
def test_putting_the_fire_out_costs_ene_3_and_a_ch_psi(psi: int, out: bool) -> None:
    """BONUS Y MALUS, Munición incendiaria: the burning figure is offered Usar bonus to put
    it out: ENE 3 and a CH PSI; passed, the fire is out; failed, it still burns and the
    failed CH PSI brings its stress."""
    state = game({"a": bearer("a", "Munición incendiaria")}, [PASS, CRIT, PASS, psi])
    support.do(state, SHOT)
    to_b(state)  # the fire's CH DEF 2 passes: DAÑ 1 against DEF 3, no wound
    b = state.figures["b"]
    assert replace(DOUSE, figure="b") in state.legal_actions()
    ene, stress = b.ene, b.stress
    events = support.do(state, replace(DOUSE, figure="b"))
    assert support.rolls_of(events, "b", "CH PSI")
    b = state.figures["b"]  # apply() works on a copy
    assert fire.mark(b).burning is not out
    assert b.stress == stress + (0 if out else 1)
    assert ene - b.ene == 3


# -- Héroe -------------------------------------------------------------------------------------


def test_a_hero_taken_out_lies_unconscious_and_stands_up_as_its_wounds_fall_below_con() -> None:
    """BONUS Y MALUS, Héroe: 4 wounds with CON 4 leave it unconscious, not dead, and the
    game does not end with it; as the next turn starts it recovers a wound (3/4) and is
    back on its feet, its base on the table again."""
    state = game({"b": bearer("b", "Héroe")}, [PASS, FAIL])
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert b.casualty and revival.mark(b).revival == revival.HERO and "hero_down" in kinds(events)
    assert not state.over
    events = state.apply(Action("end"))  # nobody else on B: a new turn
    assert "revived" in kinds(events) and not state.over
    b = state.figures["b"]
    assert (b.wounds, b.casualty) == (3, False)
    assert state.physics().holds("b")
    assert state.pending.kind is PendingKind.INITIATIVE


def test_a_hero_with_wounds_to_spare_stays_down_and_its_side_loses_with_nobody_standing() -> None:
    """BONUS Y MALUS, Héroe: 5 wounds with CON 3 (a fumbled CH DEF is DAÑ 5): a turn later
    it has 4, still down; with nobody of its side standing as the turn starts, B loses."""
    state = game({"b": bearer("b", "Héroe", con=3)}, [PASS, 10])
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert b.wounds == 5 and not state.over
    assert not b.dead and "5/3, incapacitado" in next(e.text for e in events if e.kind == "wounds")
    events = state.apply(Action("end"))
    b = state.figures["b"]
    assert b.wounds == 4 and b.casualty
    assert state.over and state.winner == "A"
    assert kinds(events)[-1] == "game_over"


# -- Ave Fénix ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "wounds"), [(CRIT, 0), (3, 2)])
def test_ave_fenix_comes_back_at_once_on_a_critical_or_2_to_5(face: int, wounds: int) -> None:
    """BONUS Y MALUS, Ave Fénix: once the shot that killed it is over, 1D10: a critical
    brings it back with no wounds, 2 to 5 with CON−1 (CON 3: 2)."""
    state = game({"b": bearer("b", "Ave Fénix", con=3)}, [PASS, FAIL, face])
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert "revived" in kinds(events) and not state.over
    assert (b.wounds, b.casualty) == (wounds, False)
    assert support.rolls_of(events, "b", "Ave Fénix")[0]["roll"] == face


def test_ave_fenix_waits_on_6_to_9_and_a_fumble_keeps_it_down() -> None:
    """BONUS Y MALUS, Ave Fénix: a 7 keeps it waiting (the game goes on); as the next turn
    starts it rolls again, and a fumble (10) makes it a casualty for good: B loses."""
    state = game({"b": bearer("b", "Ave Fénix", con=3)}, [PASS, FAIL, 7, 10])
    support.do(state, SHOT)
    assert revival.mark(state.figures["b"]).revival == revival.PHOENIX and not state.over
    events = state.apply(Action("end"))
    assert "revival_lost" in kinds(events)
    assert state.over and state.winner == "A"


def test_a_figure_back_stands_on_the_nearest_free_spot() -> None:
    """BONUS Y MALUS, Ave Fénix: where it fell is taken now (d stands there): it comes
    back in the nearest spot where its base fits, touching nothing."""
    more = (("d", "A", (30.0, 20.0), 0.0),)
    state = game({"b": bearer("b", "Ave Fénix", con=3)}, [PASS, FAIL, 7], more=more)
    support.do(state, SHOT)
    fell = state.figures["b"].position
    state.figures["d"].position = fell
    state._physics = None  # d's base is where b fell
    revival.put(state.figures["b"], revival.Coming(revival.PHOENIX))
    state.dice = support.ScriptedDice([CRIT])
    events = revival.turn_starts(state)
    b, d = state.figures["b"], state.figures["d"]
    assert "revived" in kinds(events)
    gap = edge_distance(b.position, b.radius, d.position, d.radius)
    assert 0.0 <= gap < 0.3


# -- Resurrección ------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "back"), [(CRIT, True), (2, False)])
def test_resurreccion_rolls_as_each_turn_starts(face: int, back: bool) -> None:
    """BONUS Y MALUS, Resurrección: no roll as it dies; as the next turn starts, 1D10: a
    critical brings it back with CON−1 wounds; anything else keeps it down, and with
    nobody of its side standing then, B loses."""
    state = game({"b": bearer("b", "Resurrección")}, [PASS, FAIL, face])
    events = support.do(state, SHOT)
    assert not support.rolls_of(events, "b", "Resurrección") and not state.over
    events = state.apply(Action("end"))
    assert support.rolls_of(events, "b", "Resurrección")[0]["roll"] == face
    b = state.figures["b"]
    assert (not b.casualty) is back and state.over is not back
    if back:
        assert b.wounds == 3


# -- Rematador ---------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", ["Ave Fénix", "Héroe", "Resurrección"])
def test_rematadors_victims_never_come_back(entry: str) -> None:
    """BONUS Y MALUS, Rematador: what it kills cannot come back: no Ave Fénix roll, no
    hero waking up; b was B's last figure, so the game ends at once."""
    state = game({"a": bearer("a", "Rematador"), "b": bearer("b", entry, con=3)}, [PASS, FAIL])
    events = support.do(state, SHOT)
    assert "finished" in kinds(events)
    assert revival.mark(state.figures["b"]).revival == revival.GONE
    assert not support.rolls_of(events, "b", entry)
    assert state.over and state.winner == "A"


# -- Maná --------------------------------------------------------------------------------------

HEAL = Metaability("alivio", ene=3, alc=6, cal=5, attribute="INT")


def caster(*entries: Trait) -> Profile:
    base = support.profile("a")
    return replace(base, metaabilities=(HEAL,), traits=(*entries, *support.users_of(HEAL)))


@pytest.mark.parametrize(("level", "ene_paid"), [(2, 1), (0, 3)])
def test_mana_pays_a_metaability_first(level: int, ene_paid: int) -> None:
    """BONUS Y MALUS, Maná: level 2 gives 2 ENE each turn for metaabilities only: a
    metaability of ENE 3 takes 2 of Maná and 1 of ENE; without it, ENE 3."""
    traits = (Trait("Maná", level=level),) if level else ()
    state = game({"a": caster(*traits)}, [PASS])
    before = state.figures["a"].ene
    support.do(state, Action("usar", item="alivio"))
    a = state.figures["a"]
    assert before - a.ene == ene_paid
    from wartime.engine.entries.mana import reserve

    assert reserve(state, a) == 0


def test_mana_is_for_metaabilities_only_and_comes_back_each_turn() -> None:
    """BONUS Y MALUS, Maná: a shot pays all its ENE; the Maná left is there until the
    turn ends, and a new turn fills it again."""
    from wartime.engine.entries.mana import pay, reserve

    state = game({"a": caster(Trait("Maná", level=3))}, [PASS, CRIT])
    before = state.figures["a"].ene
    support.do(state, SHOT)
    a = state.figures["a"]
    assert before - a.ene == 3 and reserve(state, a) == 3
    pay(state, a, 2, "Usar alivio")
    assert reserve(state, a) == 1
    state.turn += 1
    assert reserve(state, a) == 3


# -- The vocabulary and random games -----------------------------------------------------------


@pytest.mark.parametrize(
    "item", [("fire.yaml", {"ignites": 1}, "goes with 'douse'"),
             ("fire.yaml", {"douse": 3}, "goes with 'douse'"),
             ("fire.yaml", {"ignites": 0, "douse": 3}, "1..10"),
             ("revival.yaml", {"mana": 11}, "1..10"),
             ("revival.yaml", {"hero": True, "phoenix": True}, "stands alone")],
)  # fmt: skip
def test_the_vocabulary_refuses_bad_fire_and_revival_data(
    item: tuple[str, dict[str, Any], str],
) -> None:
    """The data is checked: fire with its ENE to put it out, Maná 1..10, one way back."""
    file, fields, reason = item
    with pytest.raises(DataError, match=reason):
        validated({file: {"Héroe": [fields]}})


def test_random_games_with_these_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": bearer("a", "Munición incendiaria", "Héroe", con=3),
        "b": bearer("b", "Ave Fénix", "Rematador", con=3),
        "c": bearer("c", "Resurrección", "Munición incendiaria"),
        "d": bearer("d", "Héroe", "Munición incendiaria", con=3),
    }
    scn = support.two_pairs(profiles, 11.0, (16.0, 14.0))
    seen: set[str] = set()
    for decision in support.random_games(scn, 12):
        seen |= set(kinds(decision.events))
    assert "burning" in seen and "fire" in seen
    assert seen & {"hero_down", "revived", "revival_wait", "finished"}
