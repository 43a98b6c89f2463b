"""BONUS Y MALUS: entries about targets and weapon reach (entries/targets.py), each played
with scripted dice, with a case where it does not apply.

a (side A) stands at (10, 10) facing b (side B); bases are 1 K wide, so b at (x, 10) is
x − 11 K away edge to edge.  AGI 4 hits on 4 or less; DEF 3.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.rules.effects import load_effects

from . import engine_support as support

PAD = [5] * 12
HIT, MISS, FAIL_DEF = 3, 9, 9
ENTRIES = (
    "Fuego a larga", "Arma arrojada", "Arma corta", "Arma muy larga", "Campo ciego",
    "Arma ATA", "Franco tirador", "Anónimo", "Horror", "Radiante", "Sombra",
)  # fmt: skip
JAVELIN = Weapon("jabalina", ene=2, dan=3, alc=0, cal=3)
DERRINGER = Weapon("derringer", ene=1, dan=3, alc=5, cal=3)
PIKE = Weapon("pica", ene=2, dan=3, alc=0, cal=3)
SHOT = Action("ataque_distancia", target="b", item="fusil")


def armed(name: str, weapons: tuple[Weapon, ...], *on: tuple[str, str], **stats: Any) -> Profile:
    """A profile whose weapons carry entries: (entry, weapon id) pairs."""
    base = support.profile(name, weapons=weapons, **stats)
    return replace(base, traits=tuple(Trait(e, 1, w) for e, w in on))


def carrying(name: str, *entries: str, **stats: Any) -> Profile:
    return replace(support.profile(name, **stats), traits=tuple(Trait(e) for e in entries))


def game(
    profiles: dict[str, Profile], b_at: float = 21.0, faces: list[int] = (),
    more: list[tuple[str, str, tuple[float, float], float]] = (), walls: tuple[Wall, ...] = (),
) -> GameState:  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (b_at, 10.0), 180.0), *more]
    scn = support.scenario(units, profiles=profiles, walls=walls)
    return support.started(scn, [*faces, *PAD])


def offered(state: GameState, kind: str, **match: Any) -> list[Action]:
    return [
        a
        for a in state.legal_actions()
        if a.kind == kind and all(getattr(a, k) == v for k, v in match.items())
    ]


def kinds(events: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def test_every_entry_of_the_batch_is_automated() -> None:
    """Each entry of this batch has effects in data/effects/targets.yaml."""
    assert set(ENTRIES) <= set(load_effects())


# -- Fuego a larga -----------------------------------------------------------------------------


def test_fuego_a_larga_doubles_the_alc_and_the_ene_of_the_shot_taken_with_it() -> None:
    """BONUS Y MALUS, Fuego a larga: b 25 K away, past the rifle's ALC 20: the shot taken
    with the entry reaches (ALC 40) and costs ENE 6 (3 × 2); legal_actions() offers it."""
    a = armed("a", (support.RIFLE, support.KNIFE), ("Fuego a larga", "fusil"), vol=8)
    state = game({"a": a}, b_at=36.0, faces=[MISS])
    support.refused(state, SHOT, "out of range")
    long = replace(SHOT, options=("Fuego a larga",))
    assert [x.options for x in offered(state, "ataque_distancia", target="b")] == [
        ("Fuego a larga",)
    ]
    ene = state.figures["a"].ene
    events = support.do(state, long)
    assert ene - state.figures["a"].ene == 2 * support.RIFLE.ene
    assert [r["outcome"] for r in support.rolls_of(events, "a", "CH IMP")] == ["fail"]


def test_fuego_a_larga_not_for_a_figure_without_it_nor_for_another_attack() -> None:
    """BONUS Y MALUS, Fuego a larga: without the entry the option is refused; with it, it
    goes with Ataque a distancia only (not Ataque a distancia a bulto)."""
    state = game({"a": support.profile("a", vol=8)}, b_at=36.0)
    support.refused(state, replace(SHOT, options=("Fuego a larga",)), "cannot take Fuego a larga")
    a = armed("a", (support.RIFLE, support.KNIFE), ("Fuego a larga", "fusil"), vol=8)
    state = game({"a": a}, b_at=25.0)
    bulk = Action("ataque_distancia_a_bulto", target="b", item="fusil", options=("Fuego a larga",))
    support.refused(state, bulk, "Ataque a distancia only")


# -- Arma arrojada -----------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [True, False])
def test_arma_arrojada_thrown_reaches_con_plus_agi_with_dan_plus_1(entry: bool) -> None:
    """BONUS Y MALUS, Arma arrojada: a javelin thrown at b 7 K away: with the entry it reaches
    CON+AGI = 8 K and hits with its DAÑ 3 +1 (b fails its CH DEF: 4 wounds on CON 9); a
    plain throw reaches MOV+CON = 5 K only."""
    on = (("Arma arrojada", "jabalina"),) if entry else ()
    a = armed("a", (JAVELIN, support.KNIFE), *on)
    state = game({"a": a, "b": support.profile("b", con=9)}, b_at=18.0, faces=[HIT, FAIL_DEF])
    throw = Action("lanzar_armas_objetos", target="b", item="jabalina")
    if not entry:
        support.refused(state, throw, r"a throw reaches MOV\+CON = 5 K")
        return
    events = support.do(state, throw)
    assert kinds(events, "hit")[0]["damage"] == JAVELIN.dan + 1
    assert state.figures["b"].wounds == JAVELIN.dan + 1


# -- Arma corta, Arma muy larga, Arma ATA ------------------------------------------------------


def test_arma_corta_serves_in_cac_as_alc_0() -> None:
    """BONUS Y MALUS, Arma corta: a derringer (ALC 5) strikes b in base contact as a CaC
    weapon: one CH IMP, DAÑ 3 + CON 4 − 4 = 3; legal_actions() offers the blow."""
    a = armed("a", (DERRINGER,), ("Arma corta", "derringer"))
    state = game({"a": a, "b": support.profile("b", con=9)}, b_at=11.0, faces=[HIT, FAIL_DEF])
    blow = Action("ataque_cac", target="b", item="derringer")
    assert blow in [replace(x, figure=None) for x in offered(state, "ataque_cac")]
    events = support.do(state, blow)
    assert len(support.rolls_of(events, "a", "CH IMP")) == 1
    assert state.figures["b"].wounds == 3


def test_arma_corta_not_on_a_longer_gun_nor_without_the_entry() -> None:
    """BONUS Y MALUS, Arma corta: a pistol of ALC 15 with the entry, or a derringer without
    it, is no CaC weapon."""
    a = armed("a", (support.PISTOL, DERRINGER), ("Arma corta", "pistola"))
    state = game({"a": a}, b_at=11.0)
    support.refused(state, Action("ataque_cac", target="b", item="pistola"), "needs ALC 0")
    support.refused(state, Action("ataque_cac", target="b", item="derringer"), "needs ALC 0")


def test_arma_muy_larga_strikes_2_k_away_without_being_engaged() -> None:
    """BONUS Y MALUS, Arma muy larga: a pike reaches b 1.5 K away, not engaged; 2.5 K away
    it does not, nor does a knife at 1.5 K."""
    a = armed("a", (PIKE, support.KNIFE), ("Arma muy larga", "pica"))
    state = game({"a": a, "b": support.profile("b", con=9)}, b_at=12.5, faces=[HIT, FAIL_DEF])
    support.refused(state, Action("ataque_cac", target="b", item="cuchillo"), "not engaged")
    blow = Action("ataque_cac", target="b", item="pica")
    assert blow in [replace(x, figure=None) for x in offered(state, "ataque_cac")]
    support.do(state, blow)
    assert state.figures["b"].wounds == PIKE.dan
    far = game({"a": a}, b_at=13.5)
    support.refused(far, blow, "not engaged")
    assert not offered(far, "ataque_cac")


def test_arma_ata_reaches_targets_at_another_height() -> None:
    """BONUS Y MALUS, Arma ATA: b flies at height 3, out of a rifle's reach from the ground;
    with the entry on the rifle, the shot is made (a miss here)."""
    plain = game({"a": support.profile("a")}, faces=[MISS])
    plain.figures["b"].level = 3
    support.refused(plain, SHOT, "another height")
    state = game(
        {"a": armed("a", (support.RIFLE, support.KNIFE), ("Arma ATA", "fusil"))}, faces=[MISS]
    )
    state.figures["b"].level = 3
    events = support.do(state, SHOT)
    assert [r["outcome"] for r in support.rolls_of(events, "a", "CH IMP")] == ["fail"]


def test_arma_ata_strikes_in_cac_across_heights() -> None:
    """BONUS Y MALUS, Arma ATA: b hovers at height 2 right over a's base contact: a knife
    with the entry strikes it; without it, they are not engaged."""
    a = armed("a", (support.KNIFE,), ("Arma ATA", "cuchillo"))
    state = game({"a": a, "b": support.profile("b", con=9)}, b_at=11.0, faces=[HIT, FAIL_DEF])
    state.figures["b"].level = 2
    support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
    assert state.figures["b"].wounds == support.KNIFE.dan
    plain = game({"a": support.profile("a")}, b_at=11.0)
    plain.figures["b"].level = 2
    support.refused(plain, Action("ataque_cac", target="b", item="cuchillo"), "not engaged")


# -- Campo ciego -------------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "gap", "allowed"), [(2, 8.0, False), (2, 12.0, True),
                                                        (1, 8.0, True)])  # fmt: skip
def test_campo_ciego_cannot_fire_within_5_k_per_level(
    level: int, gap: float, allowed: bool
) -> None:
    """BONUS Y MALUS, Campo ciego: level 2 keeps the rifle from firing within 10 K; at 12 K
    it fires, and at level 1 (5 K) it fires at 8 K."""
    a = replace(support.profile("a"), traits=(Trait("Campo ciego", level, "fusil"),))
    state = game({"a": a}, b_at=11.0 + gap, faces=[MISS])
    if not allowed:
        support.refused(state, SHOT, "Campo ciego: fusil cannot fire within 10 K")
        assert not offered(state, "ataque_distancia", target="b")
        return
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")


# -- Anónimo -----------------------------------------------------------------------------------


def test_anonimo_cannot_be_shot_with_another_figure_near_nor_charged() -> None:
    """BONUS Y MALUS, Anónimo: c stands 2 K from b: no shot at b (legal_actions() lists
    none); nobody may charge b, however near."""
    near = [("c", "B", (21.0, 13.0), 180.0)]
    state = game({"b": carrying("b", "Anónimo")}, faces=[MISS], more=near)
    support.refused(state, SHOT, "Anónimo: b cannot be shot at while c stands within 3 K")
    assert not offered(state, "ataque_distancia", target="b")
    close = game({"b": carrying("b", "Anónimo")}, b_at=13.0)
    support.refused(close, Action("cargar", target="b"), "Anónimo: nobody may charge b")
    assert not offered(close, "cargar", target="b")


def test_anonimo_alone_is_shot_as_anyone() -> None:
    """BONUS Y MALUS, Anónimo: with nobody else within 3 K of b, the shot is made."""
    far = [("c", "B", (21.0, 15.0), 180.0)]  # 4 K from b
    state = game({"b": carrying("b", "Anónimo")}, faces=[MISS], more=far)
    assert offered(state, "ataque_distancia", target="b")
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")


# -- Horror ------------------------------------------------------------------------------------


def test_horror_a_failed_psi_loses_the_cac_attack() -> None:
    """BONUS Y MALUS, Horror: a strikes b in CaC; first a CH PSI: 9 > VOL 4 fails, no CH IMP,
    the knife's ENE is paid and the failure gives stress; a passed one (3) lets it strike."""
    blow = Action("ataque_cac", target="b", item="cuchillo")
    state = game({"b": carrying("b", "Horror")}, b_at=11.0, faces=[9])
    ene = state.figures["a"].ene
    events = support.do(state, blow)
    assert [r["outcome"] for r in support.rolls_of(events, "a", "CH PSI (Horror)")] == ["fail"]
    assert not support.rolls_of(events, "a", "CH IMP") and kinds(events, "cowed")
    a = state.figures["a"]
    assert a.ene == ene - support.KNIFE.ene and a.stress == 1 and a.actions_taken == 1
    brave = game({"b": carrying("b", "Horror")}, b_at=11.0, faces=[3, MISS])
    events = support.do(brave, blow)
    assert [r["outcome"] for r in support.rolls_of(events, "a", "CH PSI (Horror)")] == ["pass"]
    assert support.rolls_of(events, "a", "CH IMP")


def test_horror_asks_nothing_of_a_shot_nor_of_a_charges_move() -> None:
    """BONUS Y MALUS, Horror: a shot at the bearer needs no CH PSI; nor does Cargar's move
    (the blow that follows it does)."""
    state = game({"b": carrying("b", "Horror")}, faces=[MISS])
    events = support.do(state, SHOT)
    assert not support.rolls_of(events, "a", "CH PSI") and support.rolls_of(events, "a", "CH IMP")
    close = game({"b": carrying("b", "Horror")}, b_at=14.0)
    events = support.do(close, Action("cargar", target="b"))
    assert not support.rolls_of(events, "a", "CH PSI") and close.figures["a"].charging


# -- Radiante ----------------------------------------------------------------------------------


def radiant_game(faces: list[int], r_at: tuple[float, float] = (19.0, 12.0)) -> GameState:
    """r (B, Radiante, 8.2 K away) and b (B) in front of a; a's CH VOL comes as its
    activation starts."""
    more = [("r", "B", r_at, 180.0)]
    return game({"r": carrying("r", "Radiante")}, faces=faces, more=more)


def test_radiante_failed_vol_means_shooting_at_it_first() -> None:
    """BONUS Y MALUS, Radiante: r 8.2 K away; a's CH VOL 9 fails as its activation starts:
    a shot at b is refused (and not offered) until a has shot at r; then b is free."""
    state = radiant_game([9, MISS, MISS])
    assert [r["outcome"] for r in support.rolls_of(state.log, "a", "CH VOL (Radiante")] == ["fail"]
    support.refused(state, SHOT, "must shoot at r first")
    assert {x.target for x in offered(state, "ataque_distancia")} == {"r"}
    support.do(state, Action("ataque_distancia", target="r", item="fusil"))
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")


def test_radiante_passed_vol_or_out_of_reach_leaves_the_choice() -> None:
    """BONUS Y MALUS, Radiante: a passed CH VOL (3) leaves a free to shoot at b; with r
    more than 10 K away no CH VOL is rolled at all."""
    state = radiant_game([3, MISS])
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")
    far = radiant_game([MISS], r_at=(25.0, 14.0))
    assert not support.rolls_of(far.log, "a", "CH VOL")
    assert support.rolls_of(support.do(far, SHOT), "a", "CH IMP")


# -- Franco tirador ----------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [True, False])
def test_franco_tirador_hits_its_target_in_a_melee(entry: bool) -> None:
    """BONUS Y MALUS, Franco tirador (Ataque a distancia a un combate CaC): b fights c; a's
    passed CH IMP hits b with no 2nd CH IMP; without the entry a failed 2nd CH IMP (9)
    sends the shot to c."""
    a = carrying("a", "Franco tirador") if entry else support.profile("a")
    fight = [("c", "A", (22.0, 10.0), 180.0)]
    faces = [HIT, FAIL_DEF] if entry else [HIT, MISS, FAIL_DEF]
    state = game({"a": a, "b": support.profile("b", con=9), "c": support.profile("c", con=9)},
                 faces=faces, more=fight)  # fmt: skip
    events = support.do(state, Action("ataque_distancia_a_combate_cac", target="b", item="fusil"))
    assert bool(support.rolls_of(events, "a", "2º CH IMP")) is not entry
    assert bool(kinds(events, "sure_shot")) is entry
    hurt = "b" if entry else "c"
    assert state.figures[hurt].wounds == support.RIFLE.dan


# -- Sombra ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("entry", "wounds"), [(True, 0), (False, 1)])
def test_sombra_def_plus_1_in_cover(entry: bool, wounds: int) -> None:
    """BONUS Y MALUS, Sombra: b over 50% hidden by a wall passes its CH DEF (4): DAÑ 4
    against DEF 3 + 1 leaves no wound; without the entry, 1 wound."""
    wall = Wall(((19.5, 0), (19.5, 20)), 0.7, 3)
    b = carrying("b", "Sombra") if entry else support.profile("b")
    state = game({"b": b}, faces=[HIT, 4], walls=(wall,))
    events = support.do(state, SHOT)
    (defence,) = support.rolls_of(events, "b", "CH DEF")
    assert defence["target"] == 3 + entry + 2  # DEF, Sombra, cover's CH DEF +2
    assert state.figures["b"].wounds == wounds


def test_sombra_no_def_in_the_open() -> None:
    """BONUS Y MALUS, Sombra: in the open the DEF stays 3 (a pass with 4 takes 1 wound)."""
    state = game({"b": carrying("b", "Sombra")}, faces=[HIT, 3])
    events = support.do(state, SHOT)
    assert support.rolls_of(events, "b", "CH DEF")[0]["target"] == 3
    assert state.figures["b"].wounds == 1


def test_sombra_hides_without_cover() -> None:
    """BONUS Y MALUS, Sombra: b in the open may take Esconderse; without the entry it is
    refused."""
    for entry in (False, True):
        b = carrying("b", "Sombra") if entry else support.profile("b")
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
        state = support.scenario(units, profiles={"b": b}).new_game()
        state.dice = support.ScriptedDice([1, 9, *PAD])  # B wins the initiative
        for action in ("a", "b"):
            state.apply(Action("initiative", action))
        state.apply(Action("activate", "b"))
        if not entry:
            support.refused(state, Action("esconderse"), "needs more than 50%")
            continue
        state.apply(Action("esconderse"))
        assert state.figures["b"].hidden


# -- Random games ------------------------------------------------------------------------------


def test_random_games_with_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception (nothing offered is refused) and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": replace(
            support.profile("a", weapons=(support.RIFLE, DERRINGER, PIKE)),
            traits=(Trait("Fuego a larga", 1, "fusil"), Trait("Arma corta", 1, "derringer"),
                    Trait("Arma muy larga", 1, "pica"), Trait("Franco tirador"))),
        "b": carrying("b", "Anónimo", "Horror"),
        "c": replace(carrying("c", "Radiante", "Sombra"),
                     traits=(Trait("Radiante"), Trait("Sombra"), Trait("Campo ciego", 1, "fusil"),
                             Trait("Arma ATA", 1, "fusil"))),
        "d": carrying("d", "Radiante"),
    }  # fmt: skip
    scn = support.two_pairs(profiles, 12.5, (20.0, 14.0))
    kinds_seen: set[str] = set()
    for decision in support.random_games(scn, 16):
        kinds_seen.add(decision.action.kind)
        kinds_seen |= {e.kind for e in decision.events}
        kinds_seen |= {"horror" for e in decision.events if "(Horror)" in e.text}
        if decision.action.kind == "cargar":
            assert decision.action.target != "b"  # Anónimo
    assert {"ataque_distancia", "ataque_cac", "dazzled", "horror"} <= kinds_seen
