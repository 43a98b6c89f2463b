"""BONUS Y MALUS, batch H: movement and use (entries/wear.py), played with scripted dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.board.battlefield import Terrain, TerrainKind
from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Gear, Profile, Trait, Transport, Weapon
from wartime.engine.entries import wear
from wartime.rules.effects import load_effects

from . import engine_support as support

PAD = [5] * 10
CHEAP_RIFLE = Weapon("fusil", ene=1, dan=4, alc=20, cal=4)
SHOT = Action("ataque_distancia", target="b", item="fusil")
MISS = 9  # a CH IMP face that misses (AGI 4)
BUGGY = Transport("buggy", ene=2, mov=6.0, defense=4, cal=2)
ROUGH = Terrain(((10.5, 8.0), (13.0, 8.0), (13.0, 12.0), (10.5, 12.0)), TerrainKind.DIFFICULT)
ENTRIES = (
    "Cojitranco", "Equipo pesado", "Dirección resistida", "Caza", "Ajustable", "Cargas",
    "Sin munición", "Munición atascada", "Prueba de agilidad", "Prueba de constitución",
    "Prueba de inteligencia", "Prueba de voluntad", "Neuropsico", "Arma de campaña",
)  # fmt: skip


def game(
    a: Profile | None = None, faces: list[int] = (), terrain: tuple[Terrain, ...] = ()
) -> GameState:  # fmt: skip
    """a (side A) at (10, 10) facing east; b 11 K east, facing a."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    b = support.profile("b", con=9)
    scn = support.scenario(
        units, profiles={"a": a or support.profile("a"), "b": b}, terrain=terrain
    )
    return support.started(scn, faces=[*faces, *PAD])


def shooter(*traits: Trait, weapons: tuple[Weapon, ...] = (CHEAP_RIFLE, support.KNIFE)) -> Profile:
    return replace(support.profile("a", weapons=weapons), traits=traits)


def on_rifle(name: str, param: str | None = None) -> Trait:
    return Trait(name, 1, "fusil", param)


def test_every_entry_of_the_batch_is_automated() -> None:
    """BONUS Y MALUS, batch H: each entry has effects in data/effects/use.yaml."""
    assert set(ENTRIES) <= set(load_effects())


# -- Cojitranco, Equipo pesado -----------------------------------------------------------------


def test_cojitranco_counts_every_ground_one_level_harder() -> None:
    """BONUS Y MALUS, Cojitranco: easy ground costs as difficult (ENE +1), difficult as
    extreme (+2)."""
    lame = shooter(Trait("Cojitranco"))
    state = game(lame)
    support.do(state, Action("mover", point=(9.0, 10.0)))  # easy ground
    assert state.figures["a"].ene == 8 - 2
    state = game(lame, terrain=(ROUGH,))
    state.figures["a"].ene = 2
    support.refused(state, Action("mover", point=(11.0, 10.0)), "Cojitranco")  # 3 needed
    state.figures["a"].ene = 8
    support.do(state, Action("mover", point=(11.0, 10.0)))  # into difficult ground
    assert state.figures["a"].ene == 8 - 3


def test_without_cojitranco_the_ground_costs_as_usual() -> None:
    """BONUS Y MALUS, Cojitranco (negative): without it difficult ground is ENE +1."""
    state = game(terrain=(ROUGH,))
    support.do(state, Action("mover", point=(11.0, 10.0)))
    assert state.figures["a"].ene == 8 - 2


@pytest.mark.parametrize(("con", "paid"), [(4, 2), (5, 1)])
def test_equipo_pesado_makes_ground_difficult_at_con_4_or_less(con: int, paid: int) -> None:
    """BONUS Y MALUS, Equipo pesado: with CON 4 or less its bearer moves as on difficult
    ground (ENE +1); with CON 5 it moves as usual."""
    heavy = replace(support.profile("a", con=con), traits=(Trait("Equipo pesado"),))
    state = game(heavy)
    before = state.figures["a"].ene
    support.do(state, Action("mover", point=(9.0, 10.0)))
    assert before - state.figures["a"].ene == paid


def test_equipo_pesado_does_not_slow_a_transport() -> None:
    """BONUS Y MALUS, Equipo pesado: riding a transport, the ground counts as it is."""
    rider = replace(support.profile("a"), traits=(Trait("Equipo pesado"),), transport=BUGGY)
    state = game(rider)
    support.do(state, Action("mover", point=(11.0, 10.0)))
    assert state.figures["a"].ene == 8 - 1 - BUGGY.ene  # the move and the start, no +1


# -- Dirección resistida, Caza -----------------------------------------------------------------


def test_direccion_resistida_refuses_a_turn_over_45_degrees() -> None:
    """BONUS Y MALUS, Dirección resistida: no action may turn it more than 45°; 180° is
    refused outright, and a move's free turn stops at 45°."""
    state = game(shooter(Trait("Dirección resistida")))
    support.refused(state, Action("mover", point=(11.0, 10.0), facing=90.0), "at most 45°")
    support.refused(state, Action("giro_180", point=(14.0, 10.0)), "at most 45°")
    events = support.do(state, Action("mover", point=(9.0, 10.0)))  # walking back, west
    assert state.figures["a"].facing == pytest.approx(315.0)
    assert any("Dirección resistida" in e.text for e in events)
    support.do(state, Action("mover", point=(9.0, 9.0), facing=270.0))  # 45° on: allowed
    assert state.figures["a"].facing == pytest.approx(270.0)


def test_without_direccion_resistida_a_pj_turns_freely() -> None:
    """BONUS Y MALUS, Dirección resistida (negative): a Pj acting faces where it goes."""
    state = game()
    support.do(state, Action("mover", point=(9.0, 10.0)))
    assert state.figures["a"].facing == pytest.approx(180.0)


def test_direccion_resistida_keeps_wide_pivots_out_of_the_choices() -> None:
    """BONUS Y MALUS, Dirección resistida: legal_actions() offers no Pivotar beyond 45°."""
    rider = replace(support.profile("a"), traits=(Trait("Dirección resistida"),), transport=BUGGY)
    state = game(rider)
    pivots = [a.facing for a in state.legal_actions() if a.kind == "pivotar"]
    assert pivots and all(f in (0.0, 45.0, 315.0) for f in pivots)
    support.refused(state, Action("pivotar", facing=90.0), "at most 45°")


@pytest.mark.parametrize(("face", "facing"), [(3, 80.0), (9, 45.0)])
def test_caza_turns_45_more_after_a_move_on_a_passed_ch_agi(face: int, facing: float) -> None:
    """BONUS Y MALUS, Caza: a transport ends its move turned 45°, then a passed CH AGI
    turns it 45° more (to 80° here); a failed one leaves it at 45°."""
    rider = replace(support.profile("a"), traits=(Trait("Caza"),), transport=BUGGY)
    state = game(rider, faces=[face])
    events = support.do(state, Action("mover", point=(13.0, 10.0), facing=80.0))
    check = support.rolls_of(events, "a", "CH AGI (Caza)")[0]
    assert check["roll"] == face
    assert state.figures["a"].facing == pytest.approx(facing)
    support.refused(state, Action("mover", point=(15.0, 10.0), facing=260.0), "at most 45°")


def test_without_caza_a_transport_turns_45_at_most() -> None:
    """BONUS Y MALUS, Caza (negative): without it, 80° at the end of a move is refused."""
    state = game(replace(support.profile("a"), transport=BUGGY))
    support.refused(state, Action("mover", point=(13.0, 10.0), facing=80.0), "at most 45°")


# -- Ajustable ---------------------------------------------------------------------------------


def _worn(talla: tuple[int, ...], fitted: tuple[bool, ...]) -> Profile:
    return replace(support.profile("a", con=4, defense=3), talla=talla, fitted=fitted)


def test_ajustable_drops_the_tal_malus_for_a_gap_of_one() -> None:
    """BONUS Y MALUS, Ajustable: a fitted protection of TAL 5 on CON 4 gives no TAL
    contra CON malus on the CH IMP; a plain one gives −1."""
    state = game(_worn((5,), (True,)), faces=[MISS])
    imp = support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]
    assert not [m for m in imp["modifiers"] if m[0] == "TAL contra CON"]
    state = game(_worn((5,), (False,)), faces=[MISS])
    imp = support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]
    assert ["TAL contra CON", -1] in imp["modifiers"]


def test_ajustable_does_not_cover_a_gap_of_two() -> None:
    """BONUS Y MALUS, Ajustable (negative): TAL 6 on CON 4 still costs −2."""
    state = game(_worn((6,), (True,)), faces=[MISS])
    imp = support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]
    assert ["TAL contra CON", -2] in imp["modifiers"]


# -- Cargas, Arma de campaña -------------------------------------------------------------------


def test_cargas_allows_x_uses_then_refuses() -> None:
    """BONUS Y MALUS, Cargas (2): the rifle fires twice; a third shot is refused and not
    offered, while the knife is free."""
    state = game(shooter(on_rifle("Cargas", "2")), faces=[MISS, MISS])
    support.do(state, SHOT)
    support.do(state, SHOT)
    assert wear.mark(state.figures["a"]).charged == ("fusil", "fusil")
    support.refused(state, SHOT, r"Cargas \(2\)")
    assert not [a for a in state.legal_actions() if a.item == "fusil" and a.kind != "soltar"]


def test_without_cargas_the_weapon_keeps_firing() -> None:
    """BONUS Y MALUS, Cargas (negative): a rifle without it fires a third time."""
    state = game(shooter(), faces=[MISS, MISS, MISS])
    for _ in range(3):
        support.do(state, SHOT)
    assert wear.mark(state.figures["a"]).charged == ()


def test_cargas_counts_the_uses_of_an_object() -> None:
    """BONUS Y MALUS, Cargas (1) on an object: one Usar, then it is refused."""
    kit = Gear("botiquín", ene=1, alc=0, cal=3, traits=(Trait("Cargas", param="1"),))
    state = game(replace(support.profile("a"), gear=(kit,)))
    support.do(state, Action("usar", item="botiquín"))
    support.refused(state, Action("usar", item="botiquín"), r"Cargas \(1\)")


def test_arma_de_campana_fired_shuts_out_the_other_one() -> None:
    """BONUS Y MALUS, Arma de campaña: after the pistol, the rifle (also a campaign
    weapon) may not fire; the pistol may fire again."""
    both = shooter(
        on_rifle("Arma de campaña"), Trait("Arma de campaña", 1, "pistola"),
        weapons=(CHEAP_RIFLE, support.PISTOL, support.KNIFE),
    )  # fmt: skip
    state = game(both, faces=[MISS, MISS])
    support.do(state, Action("ataque_distancia", target="b", item="pistola"))
    support.refused(state, SHOT, "Arma de campaña")
    support.do(state, Action("ataque_distancia", target="b", item="pistola"))
    assert wear.mark(state.figures["a"]).campaign == "pistola"


def test_a_weapon_without_arma_de_campana_is_free() -> None:
    """BONUS Y MALUS, Arma de campaña (negative): a plain rifle fires after the pistol."""
    only = shooter(
        Trait("Arma de campaña", 1, "pistola"), weapons=(CHEAP_RIFLE, support.PISTOL, support.KNIFE)
    )
    state = game(only, faces=[MISS, MISS])
    support.do(state, Action("ataque_distancia", target="b", item="pistola"))
    support.do(state, SHOT)
    assert support.rolls_of(state.log, "a", "CH IMP")


# -- Sin munición, Munición atascada -----------------------------------------------------------


@pytest.mark.parametrize("name", ["Sin munición", "Munición atascada"])
@pytest.mark.parametrize(("hundred", "lost"), [(10, True), (11, False)])
def test_a_misfire_on_1d100_up_to_10_loses_the_attack(name: str, hundred: int, lost: bool) -> None:
    """BONUS Y MALUS, Sin munición / Munición atascada: each shot, 1D100 ≤ 10 loses it
    (its ENE paid, no CH IMP); 11 or more and it goes ahead."""
    state = game(shooter(on_rifle(name)), faces=[MISS])
    state.dice = support.PercentDice(list(state.dice.faces), [hundred])  # type: ignore[attr-defined]
    events = support.do(state, SHOT)
    chance = support.rolls_of(events, "a", name)[0]
    assert (chance["roll"], chance["target"]) == (hundred, 10)
    assert bool(support.rolls_of(events, "a", "CH IMP")) is not lost
    assert any(e.kind == "use_lost" for e in events) is lost
    assert state.figures["a"].ene == 8 - 1
    assert state.figures["a"].actions_taken == 1


# -- Prueba de..., Neuropsico ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "attribute"),
    [("Prueba de agilidad", "AGI"), ("Prueba de constitución", "CON"),
     ("Prueba de inteligencia", "INT"), ("Prueba de voluntad", "VOL")],
)  # fmt: skip
@pytest.mark.parametrize(("face", "lost"), [(9, True), (3, False)])
def test_prueba_needs_a_passed_check_before_each_use(
    name: str, attribute: str, face: int, lost: bool
) -> None:
    """BONUS Y MALUS, Prueba de agilidad / constitución / inteligencia / voluntad: a CH of
    that attribute before the shot; failed, the shot is lost with its ENE paid."""
    state = game(shooter(on_rifle(name)), faces=[face, MISS])
    events = support.do(state, SHOT)
    check = support.rolls_of(events, "a", f"CH {attribute} ({name})")[0]
    assert check["roll"] == face
    assert bool(support.rolls_of(events, "a", "CH IMP")) is not lost
    assert state.figures["a"].ene == 8 - 1


def test_a_prueba_on_the_rifle_does_not_test_the_knife() -> None:
    """BONUS Y MALUS, Prueba de agilidad (negative): the knife's blow needs no CH AGI."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
    scn = support.scenario(units, profiles={"a": shooter(on_rifle("Prueba de agilidad"))})
    state = support.started(scn, faces=[MISS, *PAD])
    events = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
    assert not support.rolls_of(events, "a", "CH AGI (Prueba")


def test_neuropsico_brings_a_ch_psi_with_each_use() -> None:
    """BONUS Y MALUS, Neuropsico: using the rifle brings a CH PSI; failed, the user gains
    stress, and the shot still goes ahead."""
    state = game(shooter(on_rifle("Neuropsico")), faces=[9, MISS])
    events = support.do(state, SHOT)
    assert support.rolls_of(events, "a", "CH PSI (Neuropsico)")[0]["roll"] == 9
    assert state.figures["a"].stress == 1
    assert support.rolls_of(events, "a", "CH IMP")


def test_without_neuropsico_no_ch_psi() -> None:
    """BONUS Y MALUS, Neuropsico (negative): a plain rifle brings no CH PSI."""
    state = game(shooter(), faces=[MISS])
    events = support.do(state, SHOT)
    assert not support.rolls_of(events, "a", "CH PSI")


# -- Random games ------------------------------------------------------------------------------


def test_random_games_with_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception (nothing offered is refused) and replay to the same hash (DESIGN §3)."""
    rider = replace(support.profile("c"), traits=(Trait("Caza"), Trait("Dirección resistida")),
                    transport=BUGGY)  # fmt: skip
    profiles = {
        "a": shooter(
            on_rifle("Cargas", "1"),
            on_rifle("Sin munición"),
            Trait("Cojitranco"),
            Trait("Dirección resistida"),
        ),
        "b": replace(
            support.profile("b", weapons=(CHEAP_RIFLE, support.PISTOL, support.KNIFE)),
            traits=(
                on_rifle("Arma de campaña"),
                Trait("Arma de campaña", 1, "pistola"),
                on_rifle("Prueba de agilidad"),
                Trait("Neuropsico", 1, "pistola"),
                Trait("Equipo pesado"),
            ),
        ),
        "c": rider,
        "d": replace(
            support.profile("d"),
            traits=(Trait("Munición atascada", 1, "fusil"),),
            talla=(5,),
            fitted=(True,),
        ),
    }
    scn = support.two_pairs(profiles, 16.0, (20.0, 14.0), terrain=(ROUGH,))
    shots: dict[str, list[str | None]] = {}
    for decision in support.random_games(scn, 8):
        action = decision.action
        if action.kind.startswith("ataque_distancia"):
            shots.setdefault(action.figure or "", []).append(action.item)
    assert shots
