"""BONUS Y MALUS: Incorpóreo (entries/ghost.py).

ScriptedDice force every die, in the order the actions roll them.  A figure starts its
first activation with ENE CON + AGI = 8.  a (side A, Incorpóreo, MOV 4) stands at
(10, 10) facing b (side B) 11 K east; a tall wall runs north-south at x 12.
"""

from __future__ import annotations

import dataclasses

from wartime.board.battlefield import Obstacle, Wall
from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.modifiers import not_yet_automated
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.profiles import Profile, Trait
from wartime.engine.entries import ghost
from wartime.i18n import told

from . import engine_support as support
from .engine_support import START_ENE, profile, scenario, started

ENTRY = "Incorpóreo"
SWITCH = Action("usar_bonus", "a", item=ENTRY)
WALL = Wall(((12.0, 0.0), (12.0, 30.0)), 3.0, 5)
BLOCK = Obstacle(((16.0, 8.0), (18.0, 8.0), (18.0, 12.0), (16.0, 12.0)), 3.0, 5)


def _ghost(pid: str = "a") -> Profile:
    return dataclasses.replace(profile(pid, mov=4.0), traits=(Trait(ENTRY),))


def _state(b_at: tuple[float, float] = (21.0, 10.0), on: bool = True) -> GameState:
    """a (Incorpóreo) acting, switched on when ``on``; the wall at x 12, a block at x 16..18."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, 180.0)]
    scn = scenario(units, profiles={"a": _ghost()}, walls=(WALL,), obstacles=(BLOCK,))
    state = started(scn, [5] * 12)
    if on:
        support.do(state, SWITCH)
    return state


def test_incorporeo_is_automated_as_a_switch() -> None:
    """BONUS Y MALUS, Incorpóreo: Usar bonus (ENE 1) turns it on, and again off."""
    assert ENTRY not in not_yet_automated()
    state = _state(on=False)
    assert SWITCH in state.legal_actions()
    events = support.do(state, SWITCH)
    a = state.figures["a"]
    assert ENTRY in a.switched and a.ene == START_ENE - 1
    assert [e.data["on"] for e in events if e.kind == "switched"] == [True]
    events = support.do(state, SWITCH)
    a = state.figures["a"]
    assert ENTRY not in a.switched and a.ene == START_ENE - 2
    assert [e.data["on"] for e in events if e.kind == "switched"] == [False]


def test_an_incorporeal_stride_goes_straight_through_a_wall() -> None:
    """BONUS Y MALUS, Incorpóreo: switched on, Mover crosses the wall in a straight line
    at no surcharge, and the movement table follows the base."""
    state = _state()
    ene = state.figures["a"].ene
    support.do(state, Action("mover", "a", point=(14.0, 10.0)))
    a = state.figures["a"]
    assert a.position == (14.0, 10.0)
    assert state.physics().position("a") == (14.0, 10.0)
    assert a.ene == ene - support.book_cost("mover")


def test_a_solid_figure_is_stopped_by_the_wall() -> None:
    """BONUS Y MALUS, Incorpóreo: switched off, the same move stops at the wall."""
    state = _state(on=False)
    support.do(state, Action("mover", "a", point=(14.0, 10.0)))
    assert state.figures["a"].position[0] < 12.0


def test_an_incorporeal_stride_may_not_end_inside_a_solid_or_a_base() -> None:
    """BONUS Y MALUS, Incorpóreo: a move ending overlapping a solid, another base or the
    table's edge is refused, and the sampled moves offer none."""
    state = _state(b_at=(14.0, 14.0))
    state.figures["a"].position = (14.0, 10.0)
    state.lift(state.figures["a"])
    state.settle(state.figures["a"])
    support.refused(state, Action("mover", "a", point=(16.5, 10.0)), "overlapping")
    support.refused(state, Action("mover", "a", point=(14.0, 13.5)), "overlapping b")
    for action in state.legal_actions():
        if action.kind in ("mover", "correr", "esprintar"):
            assert state.check(action) is None


def test_nothing_aims_at_an_incorporeal_figure() -> None:
    """BONUS Y MALUS, Incorpóreo: an enemy's shot at it is refused and not offered; it is
    still on the table and seen (enemies_of keeps it)."""
    state = _state()
    support.do(state, Action("end"))
    state.apply(Action("activate", "b"))
    support.refused(state, Action("ataque_distancia", "b", target="a", item="fusil"), "incorporeal")
    assert all(action.target != "a" for action in state.legal_actions())
    assert state.figures["a"] in state.enemies_of(state.figures["b"])


def test_an_incorporeal_figure_acts_on_nobody_and_is_never_in_cac() -> None:
    """BONUS Y MALUS, Incorpóreo: in base contact it is engaged with no one; its blows,
    shots and Empujar are refused; switched off, it is in CaC again."""
    state = _state(b_at=(11.0, 10.0))
    a, b = state.figures["a"], state.figures["b"]
    assert engaged_with(state, a) == [] and engaged_with(state, b) == []
    support.refused(state, Action("ataque_cac", "a", target="b", item="cuchillo"), "cannot act")
    support.refused(state, Action("ataque_distancia", "a", target="b", item="fusil"), "cannot")
    support.refused(state, Action("empujar", "a", target="b"), "cannot act on b")
    assert all(action.target in (None, "a") for action in state.legal_actions())
    support.do(state, SWITCH)
    a, b = state.figures["a"], state.figures["b"]
    assert engaged_with(state, a) == [b]


def test_an_incorporeal_figure_may_still_act_on_itself() -> None:
    """BONUS Y MALUS, Incorpóreo: actions on no other figure stay open (Agacharse)."""
    state = _state()
    support.do(state, Action("agacharse", "a"))
    assert state.figures["a"].posture.value != "standing"


def test_it_cannot_switch_off_inside_a_solid() -> None:
    """BONUS Y MALUS, Incorpóreo: turning solid is refused while the base overlaps a
    solid.  No play puts it there (its moves cannot end inside, and the movement table
    holds no overlapping base), so the guard is asked directly on a base set by hand."""
    state = _state()
    a = state.figures["a"]
    assert ghost.refusal(state, a, SWITCH) is None
    state.lift(a)
    a.position = (12.0, 10.0)  # astride the wall
    problem = ghost.refusal(state, a, SWITCH)
    assert problem is not None and "cannot turn solid" in told(problem, "en")


def test_random_games_with_incorporeal_figures() -> None:
    """BONUS Y MALUS, Incorpóreo: random play switches it on and off; while on, no
    decision of the bearer aims at another figure and none aims at it."""
    profiles = {"a": _ghost("a"), "b": _ghost("b")}
    scn = support.two_pairs(profiles, 16.0, (16.0, 14.0), walls=(WALL,))
    on: set[str] = set()
    switched = 0
    for decision in support.random_games(scn, 6):
        action = decision.action
        if action.target is not None and action.target != action.figure:
            assert action.target not in on, action
            assert action.figure not in on, action
        for event in decision.events:
            if event.kind == "switched" and event.data["entry"] == ENTRY:
                switched += 1
                (on.add if event.data["on"] else on.discard)(event.data["figure"])
    assert switched


def test_enemies_still_see_it() -> None:
    """BONUS Y MALUS, Incorpóreo: it is translucent, not invisible: its move in sight of
    an enemy opens a reaction, whose choices never aim at it (a shot is refused)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = started(scenario(units, profiles={"a": _ghost()}), [2, *[5] * 12])
    support.do(state, SWITCH)
    state.apply(Action("mover", "a", point=(12.0, 10.0)))
    assert state.pending.kind is PendingKind.REACT
    assert state.window is not None and "b" in state.window.candidates
    state.apply(Action("react", "b"))  # its CH to react passes (2)
    assert state.pending.kind is PendingKind.REACT_ACT
    assert all(action.target != "a" for action in state.legal_actions())
    shot = Action("ataque_distancia", "b", target="a", item="fusil")
    support.refused(state, shot, "incorporeal")
