"""BONUS Y MALUS, batch L (entries/minds.py): Gallina, Locura asesina and Runas de vacío,
each played with scripted dice, with a case where the entry stays quiet."""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState, Scenario
from wartime.engine.core.profiles import Metaability, Profile, Trait
from wartime.engine.entries import minds

from . import engine_support as support

PAD = [5] * 12  # dice for what follows the rolls a test looks at
R = 0.5  # the default base radius of a test figure (K)


def carrying(name: str, *entries: str, **stats: int) -> Profile:
    return replace(support.profile(name, **stats), traits=tuple(Trait(e) for e in entries))


def kinds(events: list, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == kind]


# -- Gallina -----------------------------------------------------------------------------------


def melee(outnumbered: bool) -> Scenario:
    """a (Gallina) in base contact with b; d joins b's side in contact with a when
    ``outnumbered``, else d stands far away."""
    d_at = (10.0, 10.0 + 2 * R) if outnumbered else (30.0, 25.0)
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (10.0 + 2 * R, 10.0), 180.0),
        ("d", "B", d_at, 270.0),
    ]
    return support.scenario(units, profiles={"a": carrying("a", "Gallina")})


def test_gallina_outnumbered_must_disengage_first() -> None:
    """BONUS Y MALUS, Gallina: a starts its activation alone against two in CaC: a melee
    blow is refused, only Destrabarse (or handing over) is offered, and it gets away."""
    state = support.started(melee(outnumbered=True), faces=[3, *PAD])
    assert minds.mark(state.figures["a"]).urge == ("Gallina",)
    assert kinds(state.log, "urge") == [{"figure": "a", "entry": "Gallina"}]
    support.refused(state, Action("ataque_cac", target="b"), "outnumbered")
    offered = {a.kind for a in state.legal_actions()}
    assert offered == {"end", "destrabarse"}
    support.do(state, Action("destrabarse", point=(8.0, 10.0)))
    a = state.figures["a"]
    assert a.position == (8.0, 10.0) and a.actions_taken == 1
    assert state.check(Action("mover", point=(7.0, 10.0))) is None  # the duty is met


def test_gallina_even_melee_fights_on() -> None:
    """BONUS Y MALUS, Gallina: one against one, its side is not outnumbered: no duty, and a
    melee blow is allowed."""
    state = support.started(melee(outnumbered=False), faces=PAD)
    assert minds.mark(state.figures["a"]).urge == ()
    assert state.check(Action("ataque_cac", target="b")) is None


# -- Locura asesina ----------------------------------------------------------------------------


def madness(hundred: int, faces: list[int]) -> GameState:
    """a (Locura asesina) acts first; its ally c stands 3 K ahead, the enemy b 12 K ahead."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("c", "A", (13.0 + 2 * R, 10.5), 0.0),
        ("b", "B", (22.0 + 2 * R, 12.0), 180.0),
    ]
    scn = support.scenario(units, profiles={"a": carrying("a", "Locura asesina")})
    state = scn.new_game()
    state.dice = support.PercentDice([9, 1, *faces], [hundred])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.apply(Action("activate", "a"))
    return state


def test_locura_asesina_shoots_the_nearest_figure_even_a_friend() -> None:
    """BONUS Y MALUS, Locura asesina: 1D100 = 15 ≤ 20 as its activation starts: its first
    action must be a shot at the nearest figure, its ally c; a shot at the enemy b is
    refused, and the shot at c hits and wounds it."""
    state = madness(15, [3, 9, *PAD])  # CH IMP 3 hits; c's CH DEF 9 fails
    assert minds.mark(state.figures["a"]).urge == ("Locura asesina", "c")
    support.refused(state, Action("ataque_distancia", target="b", item="fusil"), "gone mad")
    assert {(a.kind, a.target) for a in state.legal_actions()} <= {
        ("end", None),
        ("ataque_distancia", "c"),
    }
    events = support.do(state, Action("ataque_distancia", target="c", item="fusil"))
    assert support.rolls_of(events, "a", "CH IMP") and state.figures["c"].wounds > 0
    # the duty is spent: a friend is off limits again, the enemy is fair game
    support.refused(state, Action("ataque_distancia", target="c", item="fusil"), "own side")


@pytest.mark.parametrize(
    ("friend_at", "victim"), [(None, "b"), ((10.0, 12.5), "c")], ids=["enemy", "friend"]
)
def test_locura_asesina_with_ansia_de_sangre_charges(
    friend_at: tuple[float, float] | None, victim: str
) -> None:
    """BONUS Y MALUS, Locura asesina with Ansia de sangre (the madness table hands out
    both): 1D100 = 15 sets a on the nearest figure, but while a can charge the enemy b
    (2.5 K off) a shot is no action open to it.  So a madman whose victim is b charges it;
    one whose victim is its ally c (1.5 K off, never charged) owes nothing and charges b.
    Each duty asks whether the other's action is open without asking itself again (they
    used to ask each other without end)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
    if friend_at is not None:
        units.append(("c", "A", friend_at, 0.0))
    mad = carrying("a", "Ansia de sangre", "Locura asesina")
    state = support.scenario(units, profiles={"a": mad}).new_game()
    state.dice = support.PercentDice([9, 1, *PAD], [15])
    for action in (Action("initiative", "a"), Action("initiative", "b"), Action("activate", "a")):
        state.apply(action)
    assert minds.mark(state.figures["a"]).urge == ("Locura asesina", victim)
    shot = Action("ataque_distancia", target=victim, item="fusil")
    support.refused(state, shot, "must charge while it can")
    support.refused(state, Action("agacharse"), "must charge while it can")
    assert {(a.kind, a.target) for a in state.legal_actions()} == {("end", None), ("cargar", "b")}
    events = support.do(state, Action("cargar", target="b"))
    assert kinds(events, "engage") and state.figures["a"].charging


def test_locura_asesina_quiet_roll_leaves_friends_alone() -> None:
    """BONUS Y MALUS, Locura asesina: 1D100 = 21 > 20: no duty; its ally is off limits
    and the enemy may be shot."""
    state = madness(21, PAD)
    assert minds.mark(state.figures["a"]).urge == ()
    support.refused(state, Action("ataque_distancia", target="c", item="fusil"), "own side")
    assert state.check(Action("ataque_distancia", target="b", item="fusil")) is None


def test_locura_asesina_no_roll_in_cac() -> None:
    """BONUS Y MALUS, Locura asesina: engaged in CaC as its activation starts, no 1D100 is
    rolled (the scripted 1D100 list is empty and stays unused)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (10.0 + 2 * R, 10.0), 180.0)]
    scn = support.scenario(units, profiles={"a": carrying("a", "Locura asesina")})
    state = scn.new_game()
    state.dice = support.PercentDice([9, 1, *PAD], [])
    for action in (Action("initiative", "a"), Action("initiative", "b"), Action("activate", "a")):
        state.apply(action)
    assert minds.mark(state.figures["a"]).urge == ()


# -- Runas de vacío ----------------------------------------------------------------------------

SHIELD = Metaability("escudo", ene=2, alc=6, cal=5, attribute="AGI", grants=(Trait("Refuerzo"),))


def runes_game(faces: list[int]) -> GameState:
    """a (Cinético) casts escudo; b (B, Runas de vacío) faces it 3 K away; c is a's ally."""
    a = replace(support.profile("a"), metaabilities=(SHIELD,), traits=support.users_of(SHIELD))
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("c", "A", (12.0, 12.0), 0.0),
        ("b", "B", (14.0, 10.0), 180.0),
    ]
    profiles = {"a": a, "b": carrying("b", "Runas de vacío"), "c": carrying("c", "Runas de vacío")}
    state = support.started(support.scenario(units, profiles=profiles), [])
    state.dice = support.ScriptedDice(faces)
    return state


def test_runas_de_vacio_cancel_an_enemy_metaability_once_a_turn() -> None:
    """BONUS Y MALUS, Runas de vacío: a's escudo on b passes its CH AGI 3 and wins the CH
    VOL ENF (2 against 6); b's 1D10 4 ≤ 5 cancels it.  Cast again the same turn, the
    runes are spent: no 1D10, b carries it."""
    state = runes_game([3, 2, 6, 4, 3, 2, 6])
    events = support.do(state, Action("usar", target="b", item="escudo"))
    assert [r["roll"] for r in support.rolls_of(events, "b", "Runas de vacío")] == [4]
    assert kinds(events, "cancelled") and state.figures["b"].granted == []
    assert state.figures["a"].stress == 0
    events = support.do(state, Action("usar", target="b", item="escudo"))
    assert not support.rolls_of(events, "b", "Runas de vacío")
    assert [g.ability for g in state.figures["b"].granted] == ["escudo"]


def test_runas_de_vacio_critical_costs_the_caster_a_psi() -> None:
    """BONUS Y MALUS, Runas de vacío: a 1 on the runes' 1D10 cancels it and makes the caster
    take a CH PSI; 9 > VOL 4 fails: 1 stress."""
    state = runes_game([3, 2, 6, 1, 9])
    events = support.do(state, Action("usar", target="b", item="escudo"))
    assert support.rolls_of(events, "a", "CH PSI (Runas de vacío)")[0]["outcome"] == "fail"
    assert state.figures["a"].stress == 1 and state.figures["b"].granted == []


@pytest.mark.parametrize("faces", [[3, 2, 6, 6], [3]])
def test_runas_de_vacio_high_roll_or_a_friend_lets_it_work(faces: list[int]) -> None:
    """BONUS Y MALUS, Runas de vacío: a 6 > 5 does not cancel the enemy's escudo; an ally's
    metaability (a on c) brings no roll at all."""
    state = runes_game(faces)
    target = "b" if len(faces) > 1 else "c"
    events = support.do(state, Action("usar", target=target, item="escudo"))
    assert len(support.rolls_of(events, target, "Runas de vacío")) == (target == "b")
    assert [g.ability for g in state.figures[target].granted] == ["escudo"]


# -- the vocabulary and random games -----------------------------------------------------------


def test_mind_fields_are_validated() -> None:
    """The vocabulary: percents and faces in range, each field standing alone."""
    from wartime.errors import DataError
    from wartime.rules.effects import validated

    with pytest.raises(DataError, match="'murderous' is a whole number"):
        validated({"minds.yaml": {"Locura asesina": [{"murderous": 0}]}})
    with pytest.raises(DataError, match="'void_runes' is a face of 1D10"):
        validated({"minds.yaml": {"Runas de vacío": [{"void_runes": 20}]}})
    with pytest.raises(DataError, match="stands alone"):
        validated({"minds.yaml": {"Gallina": [{"outnumbered_flees": True, "check": "PSI"}]}})


def test_random_games_with_the_mind_entries_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves (and the baseline AI on one side) between bearers
    of Gallina, Locura asesina and Runas de vacío end cleanly and replay to the same hash."""
    profiles = {
        "a": carrying("a", "Locura asesina", "Gallina"),
        "b": carrying("b", "Gallina", "Runas de vacío"),
        "c": carrying("c", "Locura asesina"),
        "d": carrying("d", "Locura asesina", "Runas de vacío"),
    }
    scn = support.two_pairs(profiles, 16.0, (18.0, 15.0))
    seen = {e.kind for d in support.random_games(scn, 10) for e in d.events}
    assert "urge" in seen
