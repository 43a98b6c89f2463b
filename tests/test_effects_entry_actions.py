"""BONUS Y MALUS: the actions some entries give their bearer (actions/usar_bonus.py):
Pivotante, Energía psíquica, Regeneración, Sed de energía and Marcador de objetivos,
played with scripted dice.

a (side A) stands at (10, 10) facing east with START_ENE after its first activation
began; b (side B) faces it from ``where``.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Trait, Weapon

from . import engine_support as support
from .test_transports import BUGGY

PAD = [5] * 10


def game(
    a_traits: tuple[Trait, ...] = (),
    faces: list[int] | tuple[int, ...] = (),
    *,
    where: tuple[float, float] = (21.0, 10.0),
    weapons: tuple[Weapon, ...] = (support.RIFLE, support.KNIFE),
    extra: bool = False,
) -> GameState:
    """a carries ``a_traits``; with ``extra``, c (side B) stands at (10, 20)."""
    a = replace(support.profile("a", weapons=weapons), traits=a_traits)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0)]
    if extra:
        units.append(("c", "B", (21.0, 12.0), 180.0))
    return support.started(support.scenario(units, profiles={"a": a}), faces=[*faces, *PAD])


def use(entry: str, target: str | None = None) -> Action:
    return Action("usar_bonus", "a", target=target, item=entry)


# -- Pivotante ------------------------------------------------------------------------------


def test_pivotante_lets_a_pj_pivot_in_its_own_activation_for_ene_1() -> None:
    """BONUS Y MALUS, Pivotante: its bearer has Pivotar at ENE 1, in its own activation too
    (a Pj without it turns only by moving there)."""
    state = game((Trait("Pivotante"),))
    turn = Action("pivotar", "a", facing=90.0)
    assert turn in state.legal_actions()
    support.do(state, turn)
    a = state.figure("a")
    assert (a.facing, a.ene, a.position) == (90.0, support.START_ENE - 1, (10.0, 10.0))
    plain = game()
    assert turn not in plain.legal_actions()
    support.refused(plain, turn, "turns freely")


def test_pivotante_on_a_transport_pivots_for_ene_1_not_3() -> None:
    """BONUS Y MALUS, Pivotante: a transport carrying it pivots for ENE 1 instead of 3."""
    rider = replace(support.profile("a"), transport=BUGGY, traits=(Trait("Pivotante"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": rider}))
    support.do(state, Action("pivotar", "a", facing=180.0))
    assert (state.figure("a").facing, state.figure("a").ene) == (180.0, support.START_ENE - 1)


# -- Energía psíquica -----------------------------------------------------------------------


def test_energia_psiquica_trades_a_stress_for_ene_3_paying_1_for_the_action() -> None:
    """BONUS Y MALUS, Energía psíquica: 1 stress more for ENE +3; as an action it costs ENE
    1 first, and ENE never goes above 10."""
    state = game((Trait("Energía psíquica"),))
    action = use("Energía psíquica")
    assert action in state.legal_actions()
    events = support.do(state, action)
    a = state.figure("a")
    assert (a.ene, a.stress) == (support.START_ENE - 1 + 3, 1)
    assert "stress" in [e.kind for e in events] and "ene_gain" in [e.kind for e in events]
    state.figure("a").ene = 9
    support.do(state, action)
    assert (state.figure("a").ene, state.figure("a").stress) == (10, 2)  # 9 − 1 + 3, capped


def test_energia_psiquica_is_refused_at_ene_10_and_stress_limits_apply() -> None:
    """BONUS Y MALUS, Energía psíquica: nothing to gain at ENE 10; the stress counts as
    any other (above VOL the Pj falls unconscious)."""
    state = game((Trait("Energía psíquica"),))
    state.figure("a").ene = 10
    support.refused(state, use("Energía psíquica"), "already has ENE 10")
    state.figure("a").ene = 5
    state.figure("a").stress = 4  # VOL 4
    events = support.do(state, use("Energía psíquica"))
    assert state.figure("a").unconscious and "unconscious" in [e.kind for e in events]
    support.refused(game(), use("Energía psíquica"), "no entry")


# -- Regeneración ---------------------------------------------------------------------------


def test_regeneracion_takes_a_wound_off_on_a_passed_ch_con() -> None:
    """BONUS Y MALUS, Regeneración: an action of ENE 3 whose passed CH CON removes one
    of its wounds; a failed one removes none."""
    state = game((Trait("Regeneración"),), faces=[3, 9])
    state.figure("a").wounds = 2
    action = use("Regeneración")
    assert action in state.legal_actions()
    events = support.do(state, action)
    check = support.rolls_of(events, "a", "CH CON")[0]
    assert check["target"] == 4 and check["outcome"] == "pass"
    assert (state.figure("a").wounds, state.figure("a").ene) == (1, support.START_ENE - 3)
    events = support.do(state, action)  # the 9 fails
    assert support.rolls_of(events, "a", "CH CON")[0]["outcome"] == "fail"
    assert state.figure("a").wounds == 1 and state.figure("a").ene == support.START_ENE - 6


def test_regeneracion_needs_a_wound_and_never_works_with_sin_cura() -> None:
    """BONUS Y MALUS, Regeneración: with no wound there is nothing to heal; Sin cura
    forbids any recovery of wounds."""
    state = game((Trait("Regeneración"),))
    support.refused(state, use("Regeneración"), "no wounds")
    assert use("Regeneración") not in state.legal_actions()
    cursed = game((Trait("Regeneración"), Trait("Sin cura")))
    cursed.figure("a").wounds = 1
    support.refused(cursed, use("Regeneración"), "Sin cura")


# -- Sed de energía -------------------------------------------------------------------------


def test_sed_de_energia_steals_ene_3_on_a_won_ch_vol_enf() -> None:
    """BONUS Y MALUS, Sed de energía: ENE 1 and a CH VOL that the victim, within VOL K,
    opposes with its own: won, 3 of the victim's ENE go to the bearer."""
    state = game((Trait("Sed de energía"),), faces=[2, 6], where=(15.0, 10.0))  # 4 K
    state.figure("b").ene = 5
    action = use("Sed de energía", "b")
    assert action in state.legal_actions()
    events = support.do(state, action)
    assert support.rolls_of(events, "a", "CH VOL ENF") and support.rolls_of(
        events, "b", "CH VOL ENF"
    )
    assert state.figure("b").ene == 2 and state.figure("a").ene == support.START_ENE - 1 + 3


def test_sed_de_energia_takes_only_what_there_is_and_fills_up_to_10() -> None:
    """BONUS Y MALUS, Sed de energía: a victim with less than 3 loses what it has; the
    bearer never goes above ENE 10 (the rest is lost); a lost CH VOL ENF takes nothing."""
    state = game((Trait("Sed de energía"),), faces=[2, 6, 2, 6, 6, 2], where=(15.0, 10.0))
    state.figure("b").ene = 2
    support.do(state, use("Sed de energía", "b"))
    assert (state.figure("b").ene, state.figure("a").ene) == (0, support.START_ENE - 1 + 2)
    state.figure("b").ene, state.figure("a").ene = 5, 9
    support.do(state, use("Sed de energía", "b"))
    assert (state.figure("b").ene, state.figure("a").ene) == (2, 10)
    support.do(state, use("Sed de energía", "b"))  # b wins this one
    assert (state.figure("b").ene, state.figure("a").ene) == (2, 9)


def test_sed_de_energia_reaches_vol_k_never_from_cac_and_needs_ene_to_take() -> None:
    """BONUS Y MALUS, Sed de energía: no further than VOL K (4), not while engaged in CaC,
    and not at a victim with no ENE."""
    far = game((Trait("Sed de energía"),), where=(15.2, 10.0))
    far.figure("b").ene = 5
    support.refused(far, use("Sed de energía", "b"), "as many K as VOL")
    assert use("Sed de energía", "b") not in far.legal_actions()
    engaged = game((Trait("Sed de energía"),), where=(11.0, 10.0))
    engaged.figure("b").ene = 5
    support.refused(engaged, use("Sed de energía", "b"), "engaged in CaC")
    empty = game((Trait("Sed de energía"),), where=(15.0, 10.0))
    support.refused(empty, use("Sed de energía", "b"), "no ENE to take")


# -- Marcador de objetivos ------------------------------------------------------------------


def test_marcador_de_objetivos_marks_for_ene_1_and_gives_ch_imp_1_against_it() -> None:
    """BONUS Y MALUS, Marcador de objetivos: ENE 1 marks an enemy within ALC K; CH IMP +1
    against the marked target, and not against another."""
    state = game((Trait("Marcador de objetivos"),), faces=[3, 9, 3, 9], extra=True)
    action = use("Marcador de objetivos", "b")
    assert action in state.legal_actions()
    support.do(state, action)
    assert (state.figure("a").marking, state.figure("a").ene) == ("b", support.START_ENE - 1)
    support.refused(state, action, "already carries")
    events = support.do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    assert ["Marcador de objetivos", 1] in support.rolls_of(events, "a", "CH IMP")[0]["modifiers"]
    state.figure("a").ene = 10
    events = support.do(state, Action("ataque_distancia", "a", target="c", item="fusil"))
    assert not [
        m for m in support.rolls_of(events, "a", "CH IMP")[0]["modifiers"] if "Marcador" in m[0]
    ]


def test_marcador_de_objetivos_reaches_its_alc_and_marks_enemies_it_sees() -> None:
    """BONUS Y MALUS, Marcador de objetivos: not beyond the ALC of its ranged weapons
    (a pistol: 15 K), only an enemy, only one it sees, and with a ranged weapon."""
    far = game((Trait("Marcador de objetivos"),), where=(30.0, 10.0), weapons=(support.PISTOL,))
    support.refused(far, use("Marcador de objetivos", "b"), "reaches the ALC 15")
    assert use("Marcador de objetivos", "b") not in far.legal_actions()
    behind = game((Trait("Marcador de objetivos"),), where=(2.0, 10.0))
    support.refused(behind, use("Marcador de objetivos", "b"), "does not see")
    unarmed = game((Trait("Marcador de objetivos"),), weapons=(support.KNIFE,))
    support.refused(unarmed, use("Marcador de objetivos", "b"), "no ranged weapon")
    units = [("a", "A", (10.0, 10.0), 0.0), ("f", "A", (15.0, 10.0), 0.0),
             ("b", "B", (30.0, 10.0), 180.0)]  # fmt: skip
    a = replace(support.profile("a"), traits=(Trait("Marcador de objetivos"),))
    friendly = support.started(support.scenario(units, profiles={"a": a}), faces=PAD)
    support.refused(friendly, use("Marcador de objetivos", "f"), "marks an enemy")


# -- In play --------------------------------------------------------------------------------


def test_random_games_with_every_entry_action_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these five entries end
    without an exception and replay to the same hash (DESIGN §3)."""
    entries = ("Pivotante", "Energía psíquica", "Regeneración", "Sed de energía",
               "Marcador de objetivos")  # fmt: skip
    every = tuple(Trait(name) for name in entries)
    profiles = {
        "a": replace(support.profile("a"), traits=every),
        "b": replace(support.profile("b"), traits=every[2:]),
        "c": replace(support.profile("c"), traits=every[:3]),
        "d": replace(
            support.profile("d", weapons=(support.PISTOL, support.KNIFE)), traits=every[3:]
        ),
    }
    scn = support.two_pairs(profiles, 13.0, (16.0, 14.0))
    taken: set[str] = set()
    # 30 seeds: Sed de energía is a rare pick of random play (2 uses in 30 games, none in
    # the first 12 since Pivotar is refused on guard and hidden)
    for decision in support.random_games(scn, 30):
        action = decision.action
        if action.kind == "usar_bonus":
            taken.add(action.item or "")
        if action.kind == "pivotar" and not decision.reacting:
            taken.add("Pivotante")
    assert {"Pivotante", "Energía psíquica", "Sed de energía", "Marcador de objetivos"} <= taken
