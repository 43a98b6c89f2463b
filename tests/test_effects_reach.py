"""BONUS Y MALUS: Orador, Niega, Miembro extra and Capacidad (entries/voice.py,
engine/denial.py, engine/spare_limb.py, entries/cargo.py).

a shoots b 11 K away (the fusil: CH IMP, then b's CH DEF and CH PSI); c is a's ally.
The readings are in /tmp/notes_reach.md until they reach the rulings file.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from wartime.engine import Action, GameState
from wartime.engine.core.anatomy import limbs, lost
from wartime.engine.core.combat import wound
from wartime.engine.core.profiles import Metaability, Profile, Trait, Transport, Weapon
from wartime.engine.entries.constraints import ONE_HAND, missing_arms
from wartime.engine.entries.voice import spoken

from . import engine_support as support

SHOT = Action("ataque_distancia", target="b", item="fusil")
PAD = [5] * 12
TWO_HANDED = replace(support.RIFLE, bonuses=("A 2 manos",))


def carrying(name: str, *traits: Trait, weapon: Weapon = support.RIFLE, **extra: Any) -> Profile:
    base = support.profile(name, weapons=(weapon, support.KNIFE))
    return replace(base, traits=traits, **extra)


def game(a: Profile, b: Profile | None = None, *, faces: tuple[int, ...] = (),
         more: tuple[Any, ...] = ()) -> GameState:  # fmt: skip
    """a (side A) at (10, 10) against b 11 K east; ``more``: (id, side, spot, profile)."""
    return support.face_off(a, b, faces=faces, more=more, pad=PAD)


def imp(events: list[Any]) -> dict[str, Any]:
    return support.rolls_of(events, "a", "CH IMP")[0]


# -- Orador ------------------------------------------------------------------------------------


def test_orador_carries_a_cry_to_vol_times_two() -> None:
    """BONUS Y MALUS, Orador: reach VOL×2.  Our ruling: its cries reach VOL×2 K (8 K at
    VOL 4) when farther than their own 5 K: Grito de fuego reaches a, 7 K off."""
    crier = carrying("c", Trait("Grito de fuego"), Trait("Orador"))
    state = game(support.profile("a"), faces=(3, 9, 4), more=(("c", "A", (10.0, 17.0), crier),))
    roll = imp(support.do(state, SHOT))
    assert support.labelled(roll, "Grito de fuego") == [["Grito de fuego (c)", 1]]


def test_without_orador_the_cry_keeps_its_five_k() -> None:
    """BONUS Y MALUS, Grito de fuego: allies within 5 K; 7 K off, a gains nothing."""
    crier = carrying("c", Trait("Grito de fuego"))
    state = game(support.profile("a"), faces=(3, 9, 4), more=(("c", "A", (10.0, 17.0), crier),))
    assert support.labelled(imp(support.do(state, SHOT)), "Grito de fuego") == []


def test_orador_lengthens_a_metaabilitys_alc_but_never_shortens_it() -> None:
    """BONUS Y MALUS, Orador: our ruling: its metaabilities reach VOL×2 K when farther
    than their ALC (METAHABILIDADES); a longer ALC stays."""
    short = Metaability("voz", ene=2, alc=3, cal=5, attribute="VOL")
    assert spoken(short, 4, ["Orador"]).alc == 8
    assert spoken(short, 4, ["Grito de fuego"]).alc == 3
    assert spoken(replace(short, alc=12), 4, ["Orador"]).alc == 12


# -- Niega -------------------------------------------------------------------------------------


def test_niega_drops_the_enemys_entry_from_the_bearers_check() -> None:
    """BONUS Y MALUS, Niega (X): cancels X.  Our ruling: b's Difícil de matar (CH IMP −1
    on its attackers) does nothing against a, who denies it."""
    tough = carrying("b", Trait("Difícil de matar"))
    state = game(carrying("a", Trait("Niega", param="Difícil de matar")), tough, faces=(3, 9, 4))
    assert support.labelled(imp(support.do(state, SHOT)), "Difícil de matar") == []


def test_niega_of_another_entry_leaves_it_in_force() -> None:
    """BONUS Y MALUS, Niega (X): only the entry X names is cancelled."""
    tough = carrying("b", Trait("Difícil de matar"))
    state = game(carrying("a", Trait("Niega", param="Refuerzo")), tough, faces=(3, 9, 4))
    assert support.labelled(imp(support.do(state, SHOT)), "Difícil de matar") == [
        ["Difícil de matar (b)", -1]
    ]


def test_niega_cancels_the_attackers_own_entry_against_the_bearer() -> None:
    """BONUS Y MALUS, Niega (X): our ruling: an enemy's own entry X does nothing in its
    checks against the bearer (a's Profesión arquero, shooting at b who denies it)."""
    archer = carrying("a", Trait("Profesión arquero"))
    state = game(archer, carrying("b", Trait("Niega", param="Profesión arquero")), faces=(3, 9, 4))
    assert support.labelled(imp(support.do(state, SHOT)), "Profesión arquero") == []
    state = game(archer, faces=(3, 9, 4))
    assert support.labelled(imp(support.do(state, SHOT)), "Profesión arquero") != []


def test_niega_anonimo_lets_the_bearer_shoot_and_charge() -> None:
    """BONUS Y MALUS, Anónimo: no charge at it, no shot with another Pj within 3 K.  Niega
    (Anónimo) frees the bearer of both; a figure without it is still refused."""
    hidden = carrying("b", Trait("Anónimo"))
    near = (("d", "B", (22.0, 12.0), support.profile("d")),)
    state = game(support.profile("a"), hidden, more=near)
    support.refused(state, SHOT, "Anónimo")
    support.refused(state, Action("cargar", target="b"), "Anónimo")
    state = game(carrying("a", Trait("Niega", param="Anónimo")), hidden, faces=(3, 9, 4), more=near)
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")


# -- Miembro extra -----------------------------------------------------------------------------


def test_miembro_extra_makes_up_for_one_missing_arm() -> None:
    """BONUS Y MALUS, Miembro extra: one more useful limb.  Our ruling: it stands in for
    one missing arm: the two-hander takes no −1 and Sin miembro (brazo) does nothing."""
    spare = carrying(
        "a", Trait("Sin miembro", param="brazo"), Trait("Miembro extra"), weapon=TWO_HANDED
    )
    state = game(spare, faces=(3, 9, 4))
    assert missing_arms(state.figures["a"]) == 0
    roll = imp(support.do(state, SHOT))
    assert support.labelled(roll, "A 2 manos") == [] and support.labelled(roll, "Sin miembro") == []


def test_miembro_extra_is_one_limb_only() -> None:
    """BONUS Y MALUS, Miembro extra: with both arms missing, one is still lacking: the
    two-hander is one-handed (CH IMP −1) and Sin miembro still counts."""
    spare = carrying(
        "a", Trait("Sin miembro", param="brazos"), Trait("Miembro extra"), weapon=TWO_HANDED
    )
    state = game(spare, faces=(3, 9, 4))
    assert missing_arms(state.figures["a"]) == 1
    roll = imp(support.do(state, SHOT))
    assert support.labelled(roll, "A 2 manos") == [[ONE_HAND, -1]]
    assert support.labelled(roll, "Sin miembro") == [["Sin miembro", -1]]


def test_miembro_extra_is_a_fifth_expendable_limb_taken_first() -> None:
    """BONUS Y MALUS, Miembros prescindibles with Miembro extra: our ruling: the spare is a
    fifth limb, the first to take wounds; its loss brings no Sin miembro, and an arm lost
    afterwards counts in full."""
    body = carrying("a", Trait("Miembros prescindibles"), Trait("Miembro extra"))
    state = game(body, faces=(3, 3))  # the CH PSI for each wound
    a = state.figures["a"]
    wound(state, a, 2)  # CON 4: a limb holds 2
    assert lost(a) == ("miembro extra",) and len(limbs(a)) == 5
    assert a.wounds == 0 and not [g for g in a.granted if g.traits]
    wound(state, a, 2)
    assert lost(a) == ("miembro extra", "brazo izquierdo") and missing_arms(a) == 1


# -- Capacidad ---------------------------------------------------------------------------------

TRUCK = Transport("camión", ene=1, mov=6.0, defense=3, cal=4)


def _truck(levels: str) -> GameState:
    """t (A) drives a truck with Capacidad (levels); p and q (A) stand in contact."""
    units = [
        ("p", "A", (9.0, 10.0), 0.0),
        ("t", "A", (10.0, 10.0), 0.0),
        ("q", "A", (11.0, 10.0), 0.0),
        ("e", "B", (35.0, 25.0), 180.0),
    ]
    truck = replace(
        support.profile("t"), transport=TRUCK, traits=(Trait("Capacidad", param=levels),)
    )
    return support.started(support.scenario(units, {"t": truck}), [], first="p", second="e")


def test_capacidad_refuses_a_passenger_with_no_room_left() -> None:
    """BONUS Y MALUS, Capacidad (N): N load levels; a base fills one per K² of its size.
    A 1 K base fills 1: a truck of Capacidad (1) takes p, and then refuses q."""
    state = _truck("1")
    support.do(state, Action("embarcar_desembarcar", "p", target="t"))
    assert state.figure("p").aboard == "t"
    state.figure("q").ene = 8
    state.active = "q"
    support.refused(state, Action("embarcar_desembarcar", "q", target="t"), "Capacidad")
    assert not [
        a for a in state.legal_actions() if a.kind == "embarcar_desembarcar" and a.figure == "q"
    ]


def test_capacidad_with_room_takes_both() -> None:
    """BONUS Y MALUS, Capacidad (N): with 2 levels both 1 K bases fit."""
    state = _truck("2")
    support.do(state, Action("embarcar_desembarcar", "p", target="t"))
    state.figure("q").ene = 8
    state.active = "q"
    support.do(state, Action("embarcar_desembarcar", "q", target="t"))
    assert state.figure("q").aboard == "t"


# -- random games ------------------------------------------------------------------------------


def test_random_games_with_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception (nothing offered is refused) and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": carrying("a", Trait("Orador"), Trait("Grito de fuego"),
                      Trait("Niega", param="Anónimo")),
        "b": carrying("b", Trait("Anónimo"), Trait("Difícil de matar")),
        "c": carrying("c", Trait("Miembros prescindibles"), Trait("Miembro extra"),
                      Trait("Sin miembro", param="brazo"), weapon=TWO_HANDED),
        "d": carrying("d", Trait("Niega", param="Grito de fuego"), Trait("Horror")),
    }  # fmt: skip
    scn = support.two_pairs(profiles, 24.0, (24.0, 14.0))
    seen: set[str] = set()
    for decision in support.random_games(scn, 8):
        seen.add(decision.action.kind)
    assert "ataque_distancia" in seen
