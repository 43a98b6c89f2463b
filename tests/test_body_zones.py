"""BONUS Y MALUS, Miembros prescindibles (entries/body_zones.py), played with scripted dice.

a shoots b 11 K away with its fusil (DAÑ 4): a's CH IMP 3 passes, then b's CH DEF
(3 passes against DEF 3 and lets 1 wound through, 9 fails and lets all 4 through),
then b's CH PSI if it is wounded.  With CON 4 each limb holds CON/2 = 2 wounds.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine import Action, GameState
from wartime.engine.core.anatomy import EXPENDABLE, limbs, lost
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.profiles import Trait

from . import engine_support as support

SHOT = Action("ataque_distancia", target="b", item="fusil")
BEARER = (Trait(EXPENDABLE),)
PAD = [5] * 8


def game(faces: list[int], *, bearer: str = "b", con: int = 4, ally: bool = False) -> GameState:
    """a shoots b; ``bearer`` carries Miembros prescindibles (none if empty); ``ally``: c
    stands in base contact with a (to tend it)."""
    profiles = {
        name: replace(support.profile(name, con=con), traits=BEARER if name == bearer else ())
        for name in ("a", "b", "c")
    }
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    if ally:
        units.append(("c", "A", (11.0, 10.0), 0.0))
    return support.started(support.scenario(units, profiles=profiles), [*faces, *PAD])


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def texts(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def test_a_wound_fills_the_left_arm_first_and_is_no_wound_of_the_trunk() -> None:
    """BONUS Y MALUS, Miembros prescindibles: wounds pile up on a limb first.  Our ruling: the
    left arm takes the first; it is no Figure wound (ENE at the next activation is whole),
    but the Pj was wounded, so it checks CH PSI."""
    state = game([3, 3, 3])
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert (b.wounds, b.limb_wounds, limbs(b), lost(b)) == (0, 1, (1, 0, 0, 0), ())
    assert "wounds" not in kinds(events) and "limb_wounds" in kinds(events)
    assert f"{EXPENDABLE}: b sufre 1 herida(s) en el brazo izquierdo (1/2)" in texts(events)
    assert support.rolls_of(events, "b", "CH PSI (heridas)")
    assert b.start_activation() == 4 + 4  # CON + AGI − 0 wounds
    assert not b.casualty and not b.granted


def test_a_full_arm_is_lost_and_its_malus_reaches_the_next_ch_imp() -> None:
    """BONUS Y MALUS, Miembros prescindibles: a limb at CON/2 wounds is lost.  Our ruling: the
    bearer then carries Sin miembro (brazo) for the rest of the game (each CH IMP −1)."""
    state = game([3, 3], bearer="a")  # a's CH PSI 3
    a = state.figures["a"]
    events = wound(state, a, 2)
    assert (a.wounds, limbs(a), lost(a)) == (0, (2, 0, 0, 0), ("brazo izquierdo",))
    assert "a pierde el brazo izquierdo" in texts(events)
    assert [(g.traits, g.lasting) for g in a.granted] == [
        ((Trait("Sin miembro", param="brazo"),), True)
    ]
    shot = support.do(state, SHOT)  # CH IMP 3 against AGI 4 − 1
    roll = support.rolls_of(shot, "a", "CH IMP")[0]
    assert support.labelled(roll, "Sin miembro") == [["Sin miembro", -1]] and roll["target"] == 3


def test_one_hit_spills_over_into_the_next_limb() -> None:
    """BONUS Y MALUS, Miembros prescindibles: 4 wounds fill both arms (2 each), both lost;
    the second arm adds no second Sin miembro (brazo): a difficult action is just that."""
    state = game([3, 9, 3])
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert (b.wounds, limbs(b), lost(b)) == (0, (2, 2, 0, 0), ("brazo izquierdo", "brazo derecho"))
    said = texts(events)
    assert "b pierde el brazo izquierdo" in said and "b pierde el brazo derecho" in said
    assert [g.traits for g in b.granted] == [(Trait("Sin miembro", param="brazo"),)]
    assert support.rolls_of(events, "b", "CH PSI (heridas)")


def test_the_legs_go_last_and_bring_their_own_malus() -> None:
    """BONUS Y MALUS, Miembros prescindibles: after the arms, the left leg then the right;
    a lost leg brings Sin miembro (pierna)."""
    state = game([3, 3])  # the CH PSI of each wound
    b = state.figures["b"]
    wound(state, b, 4)
    events = wound(state, b, 3)
    assert (b.wounds, limbs(b), lost(b)[-1]) == (0, (2, 2, 2, 1), "pierna izquierda")
    assert "b pierde la pierna izquierda" in texts(events)
    assert [g.traits[0].param for g in b.granted] == ["brazo", "pierna"]


def test_the_trunk_takes_wounds_only_after_all_four_limbs() -> None:
    """BONUS Y MALUS, Miembros prescindibles: "después en cabeza".  11 wounds: 8 to the four
    limbs (2 each), the 3 left to the head and trunk, which count against CON 4."""
    state = game([3])
    b = state.figures["b"]
    events = wound(state, b, 11)
    assert (b.limb_wounds, b.wounds, len(lost(b))) == (8, 3, 4) and not b.casualty
    hurt = next(e for e in events if e.kind == "wounds")
    assert hurt.data["wounds"] == 3 and hurt.text == "b sufre 3 herida(s): 3/4, herido"
    assert b.start_activation() == 4 + 4 - 3  # the trunk's wounds lower ENE


def test_incapacitated_and_dead_only_from_the_critical_zone() -> None:
    """COMBATE, Heridas (CON: incapacitated, more: dead) with Miembros prescindibles: 8
    wounds on CON 4 leave the bearer standing; then 4 more incapacitate it, 1 more kills."""
    state = game([3])
    b = state.figures["b"]
    wound(state, b, 8)
    assert (b.wounds, len(lost(b))) == (0, 4) and not b.casualty
    wound(state, b, 4)
    assert b.wounds == 4 and b.casualty and not b.dead
    wound(state, b, 1)
    assert b.dead and b.limb_wounds == 8


def test_a_figure_without_the_entry_takes_its_wounds_as_ever() -> None:
    """COMBATE: without Miembros prescindibles 4 wounds are 4 wounds on CON 4: incapacitated."""
    state = game([3, 9], bearer="")
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert (b.wounds, b.limb_wounds) == (4, 0) and b.casualty
    assert "limb_wounds" not in kinds(events) and not b.granted


def test_healing_reaches_the_trunk_only_and_lost_limbs_stay_lost() -> None:
    """BONUS Y MALUS, Miembros prescindibles, our ruling: Curar / Reparar heals the head and
    trunk; the limbs' wounds stay, and a lost limb never comes back."""
    state = game([3, 3], bearer="c", ally=True)  # c's CH PSI, then a's CH INT to heal
    c = state.figures["c"]
    wound(state, c, 9)  # 8 on the limbs, 1 on the trunk
    assert (c.wounds, c.limb_wounds) == (1, 8)
    support.do(state, Action("curar_reparar", target="c"))
    c = state.figures["c"]  # the action worked on the state's own figures
    assert (c.wounds, c.limb_wounds, len(lost(c))) == (0, 8, 4)
    assert len(c.granted) == 2  # Sin miembro (brazo) and (pierna) stay
    support.refused(state, Action("curar_reparar", target="c"), "c has no wounds to heal")


def test_limb_wounds_change_the_state_hash_and_a_copy_keeps_them() -> None:
    """Replays compare hashes (DESIGN §3): the limbs' wounds are part of the state; a figure
    that never took any hashes as before."""
    state = game([3])
    before = state.hash()
    plain = state.figures["b"].snapshot()
    state.figures["b"].limb_wounds = 1
    assert state.hash() != before and state.figures["b"].snapshot() != plain
    twin = state.figures["b"].copy()
    assert twin.limb_wounds == 1
    state.figures["b"].limb_wounds = 0
    assert state.hash() == before and twin.limb_wounds == 1
