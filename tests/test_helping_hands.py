"""Allies lending a hand (wartime/engine/actions/terrain.py and items.py): the leg-up of
Subir a un alto and the load shared by several carriers of Mover cargado con un objeto.

Each test cites the rulebook's section; ScriptedDice force every die (the first two
faces are the initiative rolls of engine_support.started).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.board.battlefield import Posture, Wall
from wartime.engine import Action, GameState
from wartime.engine.core.events import Event
from wartime.engine.core.profiles import Trait

from . import engine_support as support

FAR = ("b", "B", (35.0, 25.0), 90.0)  # out of sight and hearing: no chance to react


def _wall(height: float) -> Wall:
    """A wall along x = 10.8 (x 10.7–10.9): a at x 10.2 touches it."""
    return Wall(((10.8, 0), (10.8, 20)), height, 4, id="muralla")


def _climb(height: float, helpers: list[tuple[str, tuple[float, float]]], agi: int = 4,
           faces: tuple[int, ...] = (2,), more: tuple[Any, ...] = ()) -> GameState:  # fmt: skip
    """a (AGI ``agi``, 1 K tall) in contact with a wall ``height`` K high; the allies
    ``helpers`` (side A) where they are put; b far off."""
    units = [("a", "A", (10.2, 10.0), 0.0), FAR, *more]
    units += [(hid, "A", at, 0.0) for hid, at in helpers]
    profiles = {"a": support.profile("a", agi=agi)}
    scn = support.scenario(units, profiles=profiles, walls=(_wall(height),))
    return support.started(scn, faces=faces)


UP = Action("subir_a_un_alto", point=(10.8, 10.0))
BEHIND = (9.2, 10.0)  # in base contact with a, on the side away from the wall
NORTH = (10.2, 11.0)  # in base contact with a, beside the wall
SOUTH = (10.2, 9.0)


def _text(events: list[Event], kind: str) -> str:
    (found,) = [e.text for e in events if e.kind == kind]
    return found


# -- Subir a un alto (3, AGI): a leg-up ----------------------------------------------------------


def test_a_leg_up_adds_half_the_helpers_height() -> None:
    """ACCIONES DE MOVIMIENTO, Subir a un alto: the height grows if someone helps; an ally
    in base contact adds half its height (AGI 4 reaches 1 K, with a 1 K ally 1.5 K).
    The helper spends no ENE and does not move; the climber's ENE and CH AGI are as ever."""
    state = _climb(1.5, [("h", BEHIND)])
    events = support.do(state, UP)
    a, h = state.figures["a"], state.figures["h"]
    assert (a.perch, a.position, a.ene) == (1.5, (10.8, 10.0), support.START_ENE - 3)
    assert (h.ene, h.position, h.moved) == (0, BEHIND, 0.0)
    assert [r["target"] for r in support.rolls(events, "CH AGI (Subir a un alto)")] == [4]
    assert _text(events, "climb_up") == "a sube a muralla (1.5 K) con la ayuda de h (+0.5 K)"
    assert [e.data.get("helpers") for e in events if e.kind == "climb_up"] == [["h"]]


def test_two_leg_ups_at_most_the_tallest_first() -> None:
    """Subir a un alto with help: at most two allies count, the two tallest (a 2 K ally adds
    1 K); only the help the climb needs is counted and logged."""
    helpers = [("h1", BEHIND), ("h2", NORTH), ("h3", SOUTH)]
    for wall, used in [(3.0, "h3 (+1 K)"), (3.5, "h3 (+1 K) y h1 (+0.5 K)")]:
        state = _climb(wall, helpers, agi=6)  # AGI 6: twice its height, 2 K
        state.figures["h3"].height = 2.0
        events = support.do(state, UP)
        assert _text(events, "climb_up") == f"a sube a muralla ({wall:g} K) con la ayuda de {used}"
    state = _climb(4.0, helpers, agi=6)
    state.figures["h3"].height = 2.0
    support.refused(
        state,
        UP,
        "muralla is 4 K high: a reaches 2 K with Subir a un alto .*; with the leg-up of "
        r"h3 \(\+1 K\) and h1 \(\+0.5 K\), 3.5 K",
    )


def test_no_help_is_logged_when_the_climber_reaches_alone() -> None:
    """Subir a un alto: within its own reach the climber needs nobody."""
    events = support.do(_climb(1.0, [("h", BEHIND)]), UP)
    assert _text(events, "climb_up") == "a sube a muralla (1 K)"


def test_a_failed_climb_with_help_spends_the_climbers_ene_only() -> None:
    """Subir a un alto: a failed CH AGI leaves it below, helped or not; the helper spends
    nothing."""
    state = _climb(1.5, [("h", BEHIND)], faces=(9,))
    events = support.do(state, UP)
    assert _text(events, "stay") == "a no consigue subir a muralla pese a la ayuda de h (+0.5 K)"
    a, h = state.figures["a"], state.figures["h"]
    assert (a.perch, a.ene, h.ene) == (0.0, support.START_ENE - 3, 0)


ENEMY_ON_H = ("x", "B", (8.2, 10.0), 0.0)  # in base contact with h at BEHIND


@pytest.mark.parametrize(
    ("case", "at", "more"),
    [
        ("too far", (9.1, 10.0), ()),  # 0.1 K between the bases
        ("engaged", BEHIND, (ENEMY_ON_H,)),
        ("crouched", BEHIND, ()),
        ("prone", BEHIND, ()),
        ("panic", BEHIND, ()),
        ("casualty", BEHIND, ()),
        ("perched", BEHIND, ()),
    ],
)
def test_only_a_standing_free_ally_in_contact_gives_a_leg_up(
    case: str, at: tuple[float, float], more: tuple[Any, ...]
) -> None:
    """Subir a un alto: the helper must be in base contact (0.05 K) and able to act with
    its body: standing, not engaged in CaC, not in panic, not a casualty, not on top of
    something itself.  Without its help the climb is refused and nothing changes."""
    state = _climb(1.5, [("h", at)], more=more)
    h = state.figures["h"]
    if case in ("crouched", "prone"):
        h.posture = Posture.CROUCHED if case == "crouched" else Posture.PRONE
    elif case == "panic":
        h.panic = True
    elif case == "casualty":
        h.wounds = h.profile.con
        state.lift(h)
    elif case == "perched":
        h.perch = 1.0
        state.lift(h)
    support.refused(state, UP, r"muralla is 1.5 K high: a reaches 1 K with Subir a un alto \(")


# -- Mover cargado con un objeto: several carriers -----------------------------------------------


def _carry(load_con: int, helpers: list[tuple[str, tuple[float, float]]], mov: float = 1.0,
           walls: tuple[Wall, ...] = (), more: tuple[Any, ...] = (),
           **profiles: Any) -> GameState:  # fmt: skip
    """a (CON 4, MOV ``mov``) at (10, 10) facing east with c, a fallen ally of CON
    ``load_con``, in contact behind it at (9, 10); ``helpers`` are allies of side A."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (9.0, 10.0), 0.0)]
    units += [(hid, "A", at, 0.0) for hid, at in helpers]
    units += [("e", "B", (35.0, 25.0), 180.0), *more]
    chosen = {"a": support.profile("a", mov=mov), "c": support.profile("c", con=load_con)}
    scn = support.scenario(units, profiles={**chosen, **profiles}, walls=walls)
    state = support.started(scn, [], first="a", second="e")
    state.figures["c"].wounds = load_con  # incapacitated: a body to carry
    state.lift(state.figures["c"])
    return state


BESIDE_BODY = (9.0, 11.0)  # h in base contact with the body, north of it
CARRY = Action("mover_cargado", "a", target="c", point=(12.0, 10.0))


def test_a_load_above_con_is_shared_with_an_ally_in_contact() -> None:
    """ACCIONES DE MOVIMIENTO, Mover cargado con un objeto: ≤ CON of several, difficult
    ground.  CON 6 is more than a's CON 4 but not than a's and h's together: the ground
    counts as difficult (Mover's ENE 1 +1), paid by a alone; h goes along, keeping its
    place beside the body, and counts the K as moved."""
    state = _carry(6, [("h", BESIDE_BODY)])
    events = support.do(state, CARRY)
    assert [e.data["cost"] for e in events if e.kind == "ene"] == [1 + 1]
    a, c, h = (state.figures[i] for i in "ach")
    assert a.position == pytest.approx((11.0, 10.0))
    assert c.position == pytest.approx((11.0 - 1.025, 10.0))
    assert h.position == pytest.approx((11.0 - 1.025, 11.0))  # beside the body, as before
    assert (h.ene, h.moved) == (0, pytest.approx(1.0))
    assert state.physics().position("h") == pytest.approx(h.position)
    assert _text(events, "carried").endswith("con la ayuda de h (CON 4)")
    assert _text(events, "carry_help").startswith("h ayuda a llevar a c y queda en (9.97, 11.00)")


def test_helpers_are_only_called_when_the_carrier_cannot_bear_it_alone() -> None:
    """Mover cargado: a load within the carrier's CON is its own (extreme ground up to CON,
    as for one carrier): the ally beside it stays where it is."""
    state = _carry(4, [("h", BESIDE_BODY)])
    events = support.do(state, CARRY)
    assert [e.data["cost"] for e in events if e.kind == "ene"] == [1 + 2]
    assert state.figures["h"].position == BESIDE_BODY
    assert not [e for e in events if e.kind == "carry_help"]


def test_the_strongest_helpers_first_and_only_as_many_as_needed() -> None:
    """Mover cargado with several carriers: CON 7 needs one more CON 4 ally beside a's 4;
    of h1 (CON 3) and h2 (CON 4), h2 helps and h1 stays; Mulo counts for a helper too."""
    helpers = [("h1", BESIDE_BODY), ("h2", (10.0, 11.0))]  # h2 touches the carrier
    state = _carry(7, helpers, h1=support.profile("h1", con=3))
    events = support.do(state, CARRY)
    assert _text(events, "carried").endswith("con la ayuda de h2 (CON 4)")
    assert state.figures["h1"].position == BESIDE_BODY
    assert state.figures["h2"].position == pytest.approx((11.0, 11.0))  # beside a, as before
    mule = replace(support.profile("h1", con=3), traits=(Trait("Mulo"),))  # CON 3+1
    state = _carry(8, [("h1", BESIDE_BODY)], h1=mule)
    events = support.do(state, CARRY)
    assert _text(events, "carried").endswith("con la ayuda de h1 (CON 4)")


def test_a_load_too_heavy_even_with_helpers_is_refused() -> None:
    """Mover cargado: > CON (of all the carriers), it cannot be carried."""
    support.refused(
        _carry(9, [("h", BESIDE_BODY)]),
        CARRY,
        "c is too heavy for a: CON 9 against its CON 4, 8 with the help of h",
    )


@pytest.mark.parametrize("case", ["too far", "engaged", "crouched", "panic", "enemy"])
def test_only_a_free_standing_ally_in_contact_shares_the_load(case: str) -> None:
    """Mover cargado with several carriers: a helper is an ally in base contact with the
    body or the carrier, standing, not engaged in CaC and not in panic; an enemy never
    helps.  Without it the load is too heavy, and the refusal leaves no trace."""
    at, more, side_b = BESIDE_BODY, (), case == "enemy"
    if case == "too far":
        at = (9.0, 11.1)  # 0.1 K from the body
    if case == "engaged":
        more = (("x", "B", (9.0, 12.0), 0.0),)  # in contact with h
    units = [] if side_b else [("h", at)]
    if side_b:
        more = (("h", "B", at, 0.0),)
    state = _carry(6, units, more=more)
    h = state.figures["h"]
    if case == "crouched":
        h.posture = Posture.CROUCHED
    if case == "panic":
        h.panic = True
    support.refused(state, CARRY, "c is too heavy for a: CON 6 against its CON 4$")


CORRIDOR = (
    Wall(((9.6, 9.35), (20.0, 9.35)), 2.0, 4, id="norte"),  # y 9.25–9.45
    Wall(((9.6, 10.65), (20.0, 10.65)), 2.0, 4, id="sur"),  # y 10.55–10.75
)


def test_a_helper_that_cannot_keep_its_place_takes_the_nearest_free_spot() -> None:
    """Mover cargado with several carriers: into a corridor one base wide, h, straight
    behind the body, follows in single file; it stays in base contact with the body."""
    state = _carry(6, [("h", (8.0, 10.0))], mov=4.0, walls=CORRIDOR)
    support.do(state, CARRY)
    a, c, h = (state.figures[i] for i in "ach")
    assert a.position == pytest.approx((12.0, 10.0))
    assert c.position == pytest.approx((12.0 - 1.025, 10.0))
    assert h.position == pytest.approx((12.0 - 1.025 - 1.0, 10.0))
    assert h.moved == pytest.approx(2.0)


def test_a_helper_that_cannot_follow_refuses_the_carry() -> None:
    """Mover cargado with several carriers: h, beside the body, cannot follow it into the
    corridor (the wall's end is in its way and no spot beside the body is free), so the
    carry is refused and nothing moves."""
    state = _carry(6, [("h", BESIDE_BODY)], mov=4.0, walls=CORRIDOR)
    support.refused(state, CARRY, "h cannot go along: no free spot in base contact with c or a")
