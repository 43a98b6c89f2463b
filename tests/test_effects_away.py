"""BONUS Y MALUS: Desaparecer (entries/vanishing.py).

ScriptedDice force every die, in the order the actions roll them.  A figure starts its
first activation with ENE CON + AGI = 8.  Side A deploys in x 0..5, side B in x 35..40.
"""

from __future__ import annotations

import dataclasses

from wartime.board.battlefield import Deployment
from wartime.engine import Action, GameState, PendingKind, Scenario
from wartime.engine.core.profiles import Trait
from wartime.engine.core.psychology import near

from . import engine_support as support
from .engine_support import START_ENE, profile, scenario, started

ZONES = (
    Deployment("A", ((0.0, 0.0), (5.0, 0.0), (5.0, 30.0), (0.0, 30.0))),
    Deployment("B", ((35.0, 0.0), (40.0, 0.0), (40.0, 30.0), (35.0, 30.0))),
)
VANISH = Action("usar_bonus", "a", item="Desaparecer")


def _scene(
    more: tuple[tuple[str, str, tuple[float, float]], ...] = (),
    zones: tuple[Deployment, ...] = ZONES,
    b_at: tuple[float, float] = (21.0, 10.0),
    everyone: bool = False,
) -> Scenario:
    """a (A, Desaparecer) at (10, 10) facing b (B); ``more`` adds riflemen."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, 180.0)]
    units += [(fid, side, spot, 0.0) for fid, side, spot in more]
    bearers = {u[0] for u in units} if everyone else {"a"}
    profiles = {
        fid: dataclasses.replace(profile(fid), traits=(Trait("Desaparecer"),)) for fid in bearers
    }
    scn = scenario(units, profiles=profiles)
    return dataclasses.replace(scn, battlefield=dataclasses.replace(scn.battlefield,
                                                                    deployment=zones))  # fmt: skip


def _away(scn: Scenario | None = None) -> GameState:
    """a vanishes in its first activation; b (B) is then to act."""
    state = started(scn or _scene(), [5] * 12)
    support.do(state, VANISH)
    return state


def _next_turn(state: GameState) -> None:
    """Everyone left hands over; the new turn's initiative goes to A, and a activates."""
    while state.pending.kind is PendingKind.ACTIVATE:
        support.do(state, state.legal_actions()[0])
        support.do(state, Action("end"))
    assert state.turn == 2 and state.pending.kind is PendingKind.INITIATIVE
    assert isinstance(state.dice, support.ScriptedDice)
    state.dice.faces[:0] = [9, 1]
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.apply(Action("activate", "a"))


def test_desaparecer_takes_the_bearer_off_the_table_and_ends_its_activation() -> None:
    """BONUS Y MALUS, Desaparecer: Usar bonus (ENE 1) and the bearer is away: no casualty,
    off the movement table, out of its enemies' reach; its activation is over."""
    state = started(_scene(), [5] * 12)
    before = state.hash()
    events = support.do(state, VANISH)
    a, b = state.figures["a"], state.figures["b"]
    assert [e.kind for e in events if e.kind == "vanished"] == ["vanished"]
    assert a.away and a.vanished == 1 and not a.casualty and not a.on_table
    assert a.ene == START_ENE - 1 and a.acted and state.active is None
    assert not state.physics().holds("a")
    assert state.enemies_of(b) == [] and state.living("A") == [a]
    assert not state.over and state.hash() != before
    assert "vanished" in a.snapshot()[-1]  # type: ignore[operator]


def test_an_away_figure_is_not_seen_aimed_at_or_counted() -> None:
    """BONUS Y MALUS, Desaparecer: nothing aims at an away figure (refused, and not
    offered), it witnesses nothing, and psychology's 5 K counts leave it out."""
    scn = _scene(more=(("c", "A", (20.0, 12.0)),))
    state = _away(scn)
    state.apply(Action("activate", "b"))
    shot = Action("ataque_distancia", "b", target="a", item="fusil")
    support.refused(state, shot, "away from the table")
    assert all(a.target != "a" for a in state.legal_actions())
    assert near(state, state.figures["b"], side_is_ally=False) == [state.figures["c"]]
    support.do(state, Action("mover", "b", point=(20.0, 10.0)))  # c may react, never a
    assert state.window is None or "a" not in state.window.candidates


def test_an_away_side_is_still_in_the_game() -> None:
    """BONUS Y MALUS, Desaparecer: a side whose only figure is away has not lost."""
    state = _away()
    assert not state.over and state.pending.kind is PendingKind.ACTIVATE


def test_desaparecer_refusals() -> None:
    """BONUS Y MALUS, Desaparecer: not while engaged in CaC, nor on a map where its side
    has no deployment zone; it takes no target nor point yet."""
    engaged = started(_scene(b_at=(11.0, 10.0)), [5] * 12)
    support.refused(engaged, VANISH, "engaged in CaC")
    assert VANISH not in engaged.legal_actions()
    bare = started(_scene(zones=ZONES[1:]), [5] * 12)
    support.refused(bare, VANISH, "no deployment zone")
    state = started(_scene(), [5] * 12)
    assert VANISH in state.legal_actions()
    support.refused(state, dataclasses.replace(VANISH, target="b"), "no target")
    support.refused(state, dataclasses.replace(VANISH, point=(4.5, 10.0)), "no point yet")


def test_desaparecer_comes_back_at_the_edge_of_its_zone_once_a_game() -> None:
    """BONUS Y MALUS, Desaparecer: in a later activation, Usar bonus with a point brings
    it back touching its zone's edge, clear of bases and 1 K from enemies, facing the
    centre; only that or ending is open while away, and it is once a game."""
    scn = _scene(more=(("c", "A", (4.5, 25.0)), ("e", "B", (6.0, 20.0))))
    state = _away(scn)
    _next_turn(state)
    a = state.figures["a"]
    assert a.away and state.active == "a"
    offered = state.legal_actions()
    assert offered[0] == Action("end", "a") and len(offered) > 10
    assert {x.kind for x in offered[1:]} == {"usar_bonus"}
    assert all(x.point is not None and state.check(x) is None for x in offered[1:])
    support.refused(state, Action("mover", "a", point=(11.0, 10.0)), "can only come back")
    back = dataclasses.replace(VANISH, point=(4.5, 10.0))
    support.refused(state, dataclasses.replace(back, point=(3.0, 10.0)), "touching the edge")
    support.refused(state, dataclasses.replace(back, point=(4.5, 20.0)), "Within 1 K")
    support.refused(state, dataclasses.replace(back, point=(4.5, 25.5)), "overlap c")
    support.refused(state, dataclasses.replace(back, point=(6.0, 10.0)), "wholly inside")
    ene = a.ene
    events = support.do(state, back)
    a = state.figures["a"]
    assert [e.kind for e in events if e.kind == "came_back"] == ["came_back"]
    assert a.position == (4.5, 10.0) and a.vanished == 2 and a.on_table and a.ene == ene - 1
    assert 17.0 < a.facing < 18.5  # towards (20, 15)
    assert state.physics().holds("a") and state.active == "a"
    assert a in state.enemies_of(state.figures["b"])
    support.refused(state, VANISH, "once a game")
    assert all(x.item != "Desaparecer" for x in state.legal_actions())


def test_an_away_figure_may_stay_away() -> None:
    """BONUS Y MALUS, Desaparecer: ending its activation keeps it off the table."""
    state = _away()
    _next_turn(state)
    support.do(state, Action("end"))
    assert state.figures["a"].away and not state.over


def test_random_games_with_desaparecer_bearers() -> None:
    """BONUS Y MALUS, Desaparecer: seeded random games with every figure a bearer replay
    to the same hash, and the figures leave and come back."""
    scn = _scene(more=(("c", "A", (12.0, 20.0)), ("d", "B", (25.0, 20.0))), everyone=True)
    kinds = {e.kind for d in support.random_games(scn, 6) for e in d.events}
    assert {"vanished", "came_back"} <= kinds
