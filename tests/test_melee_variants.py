"""ACCIONES DE COMBATE: the ranged and CaC variants (wartime/engine/actions/melee.py).

Each test cites the rulebook's section; ScriptedDice force every die, in the order
the action rolls them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from wartime.board.battlefield import Posture, Wall
from wartime.engine import Action, GameState
from wartime.engine.actions.melee import HANDLERS as VARIANTS
from wartime.engine.core.dispatch import HANDLERS, not_yet_automated
from wartime.engine.core.profiles import Trait, Weapon
from wartime.rules.actions import load_actions

from .engine_support import KNIFE, RIFLE, profile, refused, rolls, scenario, started

LONG_RIFLE = Weapon("rifle largo", ene=3, dan=4, alc=40, cal=4)
# REACCIONES' bookkeeping, and the declaration an answer may follow (core/responses.py)
META = frozenset({"noise", "reaction_window", "no_reaction", "declared", "answer_pass"})


def kinds(events: list[Any]) -> list[str]:
    """What the action did, without noise and the chances to react it opened."""
    return [e.kind for e in events if e.kind not in META]


def act(state: GameState, action: Action) -> list[Any]:
    """Apply ``action``; its target does not answer it, and every chance to react is passed."""
    events = state.apply(action)
    while state.pending.kind.value in ("respond", "react"):
        events += state.apply(Action("pass"))
    return events


def brawl(faces: list[int], **profiles: Any) -> GameState:
    """a and b in base contact (engaged in CaC); a acts.  A far-off B ally keeps the game on."""
    scn = scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("b", "B", (11.0, 10.0), 180.0),
            ("z", "B", (35.0, 25.0), 180.0),
        ],
        profiles=profiles,
    )
    return started(scn, faces)


# -- the registry ------------------------------------------------------------------------------


def test_every_variant_is_an_action_of_the_list_and_reaches_the_engine() -> None:
    """ACCIONES DE COMBATE: handlers keyed by data/actions.yaml ids, plugged into the engine."""
    ids = {a.id for a in load_actions().actions}
    expected = {
        "ataque_distancia_a_bulto", "ataque_distancia_a_ciegas",
        "ataque_distancia_a_larga_distancia", "ataque_distancia_a_combate_cac",
        "lanzar_armas_objetos", "ataque_cac_arma_disparo", "ataque_cac_objeto_improvisado",
        "ataque_cac_sin_armas", "contracarga", "desarmar", "destrabarse", "empujar",
        "inmovilizar_enemigo", "noquear", "embestir",
    }  # fmt: skip
    assert set(VARIANTS) == expected and expected <= ids
    assert all(HANDLERS[k] is VARIANTS[k] for k in expected)
    assert "Embestir" not in not_yet_automated()


# -- Ataque a distancia a bulto ----------------------------------------------------------------


def far_shot(
    shooter_x: float, target_x: float, faces: list[int], facing: float = 0.0, vol: int = 4
) -> GameState:
    scn = scenario(
        [("a", "A", (shooter_x, 10.0), facing), ("b", "B", (target_x, 10.0), 180.0)],
        profiles={
            "a": profile("a", agi=8, vol=vol, weapons=(LONG_RIFLE, RIFLE)),
            "b": profile("b", con=6),
        },
    )
    return started(scn, faces)


def test_a_bulto_hits_beyond_the_cdv_range_as_a_difficult_shot() -> None:
    """Ataque a distancia a bulto (X, AGI D): beyond the CdV (VOL×5 = 20 K), up to +50%."""
    state = far_shot(5, 31, [5, 9, 4])  # 25 K edge to edge; IMP 5 ≤ 8 − 1 − 2; DEF 9 fails
    events = act(state, Action("ataque_distancia_a_bulto", target="b", item="rifle largo"))
    (imp,) = rolls(events, "CH IMP")
    assert imp["modifiers"] == [["acción difícil", -1], ["distancia", -2]] and imp["target"] == 5
    assert state.figures["b"].wounds == LONG_RIFLE.dan
    assert state.figures["a"].ene == 10 - LONG_RIFLE.ene


def test_shots_make_weapon_noise_and_throws_do_not() -> None:
    """Ruido: weapons with ALC > 0 are heard at DAÑ×2 K (REACCIONES listen to it)."""
    events = act(far_shot(5, 31, [6]), Action("ataque_distancia_a_bulto", target="b"))
    (noise,) = [e.data for e in events if e.kind == "noise"]
    assert noise["radius"] == 2 * LONG_RIFLE.dan and noise["figure"] == "a"
    events = act(throw(14, [6]), Action("lanzar_armas_objetos", target="b"))
    assert not [e for e in events if e.kind == "noise"]


def test_a_bulto_miss_costs_the_weapon_ene() -> None:
    state = far_shot(5, 31, [6])
    events = act(state, Action("ataque_distancia_a_bulto", target="b", item="rifle largo"))
    assert kinds(events) == ["ene", "roll", "miss"]
    assert state.figures["b"].wounds == 0 and state.figures["a"].ene == 7


def test_a_bulto_is_refused_inside_the_cdv_past_half_again_and_behind() -> None:
    refused(
        far_shot(5, 21, []),
        Action("ataque_distancia_a_bulto", target="b", item="rifle largo"),
        r"inside the CdV \(15.0 K ≤ VOL×5 = 20 K\): use Ataque a distancia",
    )
    refused(
        far_shot(2, 36, []),
        Action("ataque_distancia_a_bulto", target="b", item="rifle largo"),
        r"out of range: 33.0 K, a bulto reaches the CdV \+50% = 30 K",
    )
    refused(
        far_shot(5, 31, [], facing=180),
        Action("ataque_distancia_a_bulto", target="b", item="rifle largo"),
        "outside the CdV arc",
    )
    refused(
        far_shot(5, 31, []),
        Action("ataque_distancia_a_bulto", target="b", item="fusil"),
        "out of range: 25.0 K, fusil has ALC 20 K",
    )


def test_area_weapons_are_not_played_by_the_variants_yet() -> None:
    """ÁREAS: a weapon with Área hits by its template."""
    launcher = Weapon("lanzagranadas", ene=3, dan=5, alc=30, cal=3, area="R3")
    scn = scenario(
        [("a", "A", (5.0, 10.0), 0.0), ("b", "B", (31.0, 10.0), 180.0)],
        profiles={"a": profile("a", weapons=(launcher,))},
    )
    refused(
        started(scn),
        Action("ataque_distancia_a_bulto", target="b"),
        "lanzagranadas has Área R3: Ataque a distancia a bulto with an area weapon",
    )


# -- Ataque a distancia a ciegas ---------------------------------------------------------------

TALL_WALL = Wall(((19.0, 5.0), (19.0, 15.0)), 2.0, 3)


def blind(faces: list[int], with_spotter: bool = True, wall: bool = True) -> GameState:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    if with_spotter:
        units.append(("c", "A", (21.0, 16.0), 270.0))  # sees b past the end of the wall
    return started(
        scenario(units, profiles={"b": profile("b", con=6)}, walls=(TALL_WALL,) if wall else ()),
        faces,
    )


def test_a_ciegas_shoots_without_ldv_and_the_cover_defends_first() -> None:
    """A ciegas (X, AGI D): no LdV, an ally sees the target.  Cobertura: a target hidden
    100% is first defended by the cover's CH DEF; failed, it rolls CH DEF +2."""
    state = blind([2, 5, 9, 4])  # IMP 2 ≤ 3; cover DEF 3 fails on 5; b's DEF +2 fails on 9
    events = act(state, Action("ataque_distancia_a_ciegas", target="b", item="fusil"))
    (imp,) = rolls(events, "CH IMP")
    assert imp["modifiers"] == [["acción difícil", -1]]
    (cover,) = rolls(events, "Cobertura (CH DEF)")
    assert cover["target"] == TALL_WALL.defense and cover["outcome"] == "fail"
    (defence,) = rolls(events, "CH DEF")
    assert defence["modifiers"] == [["cobertura", 2]]
    assert state.figures["b"].wounds == RIFLE.dan
    assert next(e for e in events if e.kind == "spotter").data["spotters"] == ["c"]


def test_a_ciegas_the_cover_can_stop_the_shot() -> None:
    state = blind([2, 3])
    events = act(state, Action("ataque_distancia_a_ciegas", target="b", item="fusil"))
    assert kinds(events)[-1] == "saved" and state.figures["b"].wounds == 0
    assert state.figures["a"].ene == 8 - RIFLE.ene


def test_a_ciegas_critical_ignores_the_cover() -> None:
    """Crítico en CH IMP: ignores cover, DAÑ +1."""
    state = blind([1, 9, 4])
    events = act(state, Action("ataque_distancia_a_ciegas", target="b", item="fusil"))
    assert not rolls(events, "Cobertura (CH DEF)")
    assert rolls(events, "CH DEF")[0]["modifiers"] == []
    assert state.figures["b"].wounds == RIFLE.dan + 1


def test_a_ciegas_needs_a_spotter_and_no_ldv() -> None:
    refused(
        blind([], with_spotter=False),
        Action("ataque_distancia_a_ciegas", target="b"),
        "No ally of a sees b",
    )
    refused(
        blind([], wall=False),
        Action("ataque_distancia_a_ciegas", target="b"),
        "a has LdV to b: use Ataque a distancia",
    )


# -- Ataque a distancia a larga distancia ------------------------------------------------------


def test_larga_distancia_reaches_half_again_the_alc() -> None:
    """Ataque a distancia a larga distancia (X, AGI D): beyond ALC 20 by up to half of it
    (30 K), in the CdV."""
    state = far_shot(5, 31, [5, 9, 4], vol=6)  # 25 K; CdV 30 K
    events = act(state, Action("ataque_distancia_a_larga_distancia", target="b", item="fusil"))
    assert rolls(events, "CH IMP")[0]["modifiers"] == [["acción difícil", -1], ["distancia", -2]]
    assert state.figures["b"].wounds == RIFLE.dan and state.figures["a"].ene == 10 - RIFLE.ene


def test_larga_distancia_refusals() -> None:
    refused(
        far_shot(5, 21, [], vol=6),
        Action("ataque_distancia_a_larga_distancia", target="b", item="fusil"),
        r"within ALC \(15.0 K ≤ 20 K\): use Ataque a distancia",
    )
    refused(
        far_shot(2, 35, [], vol=7),
        Action("ataque_distancia_a_larga_distancia", target="b", item="fusil"),
        r"out of range: 32.0 K, fusil has ALC 20 \+50% = 30 K",
    )
    refused(
        far_shot(5, 31, [], vol=4),  # CdV only 20 K
        Action("ataque_distancia_a_larga_distancia", target="b", item="fusil"),
        "outside the CdV",
    )


# -- Ataque a distancia a un combate CaC -------------------------------------------------------


def into_melee(faces: list[int], crowd: bool = False) -> GameState:
    """a shoots at b, who fights c (a's ally); with ``crowd``, d (B) fights c too."""
    units = [
        ("a", "A", (5.0, 10.0), 0.0),
        ("b", "B", (15.0, 10.0), 180.0),
        ("c", "A", (16.0, 10.0), 180.0),
    ]
    if crowd:
        units.append(("d", "B", (17.0, 10.0), 180.0))
    tough = {k: profile(k, con=6) for k in "bcd"}
    return started(scenario(units, profiles=tough), faces)


def test_into_melee_a_critical_needs_no_second_roll() -> None:
    """Ataque a distancia a un combate CaC (X, AGI): a critical CH IMP hits the target outright."""
    state = into_melee([1, 9, 4])
    events = act(state, Action("ataque_distancia_a_combate_cac", target="b"))
    assert len([e for e in events if e.kind == "roll" and "IMP" in e.data["purpose"]]) == 1
    assert state.figures["b"].wounds == RIFLE.dan + 1


def test_into_melee_a_passed_second_roll_hits_the_target() -> None:
    state = into_melee([3, 3, 9, 4])
    events = act(state, Action("ataque_distancia_a_combate_cac", target="b"))
    assert len(rolls(events, "2º CH IMP (combate CaC)")) == 1
    assert state.figures["b"].wounds == RIFLE.dan and state.figures["c"].wounds == 0
    assert state.figures["a"].ene == 8 - RIFLE.ene


def test_into_melee_a_failed_second_roll_hits_the_other_fighter() -> None:
    """A failed second roll strikes the other fighter instead: here a's own ally c."""
    state = into_melee([3, 8, 9, 4])
    events = act(state, Action("ataque_distancia_a_combate_cac", target="b"))
    assert next(e for e in events if e.kind == "stray").data["struck"] == "c"
    assert state.figures["c"].wounds == RIFLE.dan and state.figures["b"].wounds == 0


def test_into_melee_the_dice_pick_among_several_other_fighters() -> None:
    """Each other fighter rolls 1D10 and the lowest is hit (ties roll again)."""
    state = into_melee([3, 8, 5, 5, 7, 2, 9, 4], crowd=True)  # c, d tie on 5; then d rolls 2
    events = act(state, Action("ataque_distancia_a_combate_cac", target="b"))
    assert len(rolls(events, "luchador alcanzado")) == 4
    assert state.figures["d"].wounds == RIFLE.dan and state.figures["c"].wounds == 0


def test_into_melee_a_plain_miss_and_a_fumble() -> None:
    state = into_melee([6])
    assert kinds(act(state, Action("ataque_distancia_a_combate_cac", target="b")))[-1] == "miss"
    state = into_melee([10, 9, 5])  # Pifia en CH IMP: DAÑ 1 on oneself, the weapon a wound
    act(state, Action("ataque_distancia_a_combate_cac", target="b"))
    assert state.figures["a"].wounds == 1 and state.figures["a"].weapon_wounds == {"fusil": 1}


def test_into_melee_needs_an_engaged_target() -> None:
    state = started(scenario([("a", "A", (5.0, 10.0), 0.0), ("b", "B", (15.0, 10.0), 180.0)]))
    refused(
        state,
        Action("ataque_distancia_a_combate_cac", target="b"),
        "b is not engaged in CaC: use Ataque a distancia",
    )


# -- Lanzar armas / objetos --------------------------------------------------------------------


def throw(target_x: float, faces: list[int]) -> GameState:
    return started(
        scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (target_x, 10.0), 180.0)]), faces
    )


@pytest.mark.parametrize(("item", "dan"), [(None, 2), ("madera", 1), ("wood", 1), ("acero", 2)])
def test_lanzar_hits_by_material(item: str | None, dan: int) -> None:
    """Lanzar armas / objetos (2, AGI): steel or hard rock DAÑ 2, wood DAÑ 1."""
    state = throw(14, [3, 9, 4])
    act(state, Action("lanzar_armas_objetos", target="b", item=item))
    assert state.figures["b"].wounds == dan and state.figures["a"].ene == 8 - 2


def test_lanzar_takes_the_targets_damage_traits() -> None:
    """BONUS Y MALUS, Absorción de impacto: attackers' DAÑ −1 (automated catalogue effects)."""
    padded = dataclasses.replace(profile("b"), traits=(Trait("Absorción de impacto"),))
    scn = scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)], profiles={"b": padded}
    )
    state = started(scn, [3, 9, 4])
    events = act(state, Action("lanzar_armas_objetos", target="b"))
    assert next(e for e in events if e.kind == "hit").data["damage"] == 2 - 1
    assert state.figures["b"].wounds == 1


def test_lanzar_a_carried_weapon_leaves_the_thrower() -> None:
    state = throw(14, [3, 9, 4])
    events = act(state, Action("lanzar_armas_objetos", target="b", item="cuchillo"))
    assert state.figures["b"].wounds == 2
    assert state.figures["a"].profile.weapon("cuchillo") is None
    assert any(e.kind == "gear" for e in events)
    state.figures["a"].ene = 8
    refused(state, Action("lanzar_armas_objetos", target="b", item="cuchillo"), "Unknown material")


def test_lanzar_range_is_mov_plus_con() -> None:
    refused(
        throw(16.5, []),
        Action("lanzar_armas_objetos", target="b"),
        "out of range: 5.5 K, a throw reaches MOV\\+CON = 5 K",
    )
    refused(throw(14, []), Action("lanzar_armas_objetos", target="b", item="plástico"), "plástico")
    refused(brawl([]), Action("lanzar_armas_objetos", target="b"), "Engaged in CaC")


# -- Ataque CaC con arma de disparo ------------------------------------------------------------


def test_cac_with_a_gun_needs_two_passed_impact_checks() -> None:
    """Ataque CaC con arma de disparo (X, AGI): passed CH IMP, then a second CH IMP.
    DAÑ as Ataque CaC: weapon DAÑ + CON − 4 − wounds."""
    state = brawl([3, 4, 9, 4], b=profile("b", con=6))
    events = act(state, Action("ataque_cac_arma_disparo", target="b", item="fusil"))
    assert len(rolls(events, "2º CH IMP (arma de disparo)")) == 1
    assert state.figures["b"].wounds == RIFLE.dan + 4 - 4
    assert state.figures["a"].ene == 8 - RIFLE.ene


def test_cac_with_a_gun_failed_second_roll_misses() -> None:
    """ACCIONES DE COMBATE, Ataque CaC con arma de disparo: a passed CH IMP needs a second
    one, and failing that one misses."""
    state = brawl([3, 8])
    events = act(state, Action("ataque_cac_arma_disparo", target="b"))
    assert kinds(events) == ["ene", "roll", "roll", "miss"] and state.figures["b"].wounds == 0
    state = brawl([7])  # the first fails: no second roll
    assert kinds(act(state, Action("ataque_cac_arma_disparo", target="b")))[-1] == "miss"


def test_cac_with_a_gun_refusals() -> None:
    refused(
        brawl([]),
        Action("ataque_cac_arma_disparo", target="b", item="cuchillo"),
        "it needs ALC > 0",
    )
    refused(
        started(scenario([("a", "A", (5.0, 10.0), 0.0), ("b", "B", (15.0, 10.0), 180.0)])),
        Action("ataque_cac_arma_disparo", target="b"),
        "b is not engaged with a in CaC",
    )


# -- Ataque CaC con objeto improvisado ---------------------------------------------------------


@pytest.mark.parametrize(("item", "dan"), [(None, 2), ("madera", 1)])
def test_improvised_object_impact_minus_one_and_damage_by_material(
    item: str | None, dan: int
) -> None:
    """Ataque CaC con objeto improvisado (3, AGI): CH IMP −1; DAÑ 2 (steel, hard rock) or 1
    (wood) + CON − 4."""
    state = brawl([3, 9, 4])
    events = act(state, Action("ataque_cac_objeto_improvisado", target="b", item=item))
    (imp,) = rolls(events, "CH IMP")
    assert imp["modifiers"] == [["objeto improvisado", -1]] and imp["target"] == 3
    assert state.figures["b"].wounds == dan and state.figures["a"].ene == 8 - 3


def test_improvised_object_fumble_hurts_the_attacker_but_no_gear() -> None:
    state = brawl([10, 9, 4])
    act(state, Action("ataque_cac_objeto_improvisado", target="b"))
    assert state.figures["a"].wounds == 1 and state.figures["a"].weapon_wounds == {}


def test_improvised_object_after_a_charge() -> None:
    """Cargar: CH IMP +1 and DAÑ +1 on the next CaC combat action."""
    scn = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)])
    state = started(scn, [3, 9, 4])
    act(state, Action("cargar", target="b"))
    events = act(state, Action("ataque_cac_objeto_improvisado", target="b"))
    assert ["carga", 1] in rolls(events, "CH IMP")[0]["modifiers"]
    assert state.figures["b"].wounds == 3 and not state.figures["a"].charging


# -- Ataque CaC sin armas ----------------------------------------------------------------------


def test_unarmed_deals_at_most_one_wound() -> None:
    """Sin armas (1, AGI): DAÑ = CON − 4; at most 1 wound."""
    state = brawl([3, 9, 4], a=profile("a", con=7), b=profile("b", con=6, defense=0))
    events = act(state, Action("ataque_cac_sin_armas", target="b"))
    assert next(e for e in events if e.kind == "hit").data["damage"] == 3
    assert any(e.kind == "cap" for e in events)
    assert state.figures["b"].wounds == 1 and state.figures["a"].ene == 10 - 1


def test_unarmed_critical_allows_one_more_wound() -> None:
    """... + 1 per critical (and Crítico en CH IMP: DAÑ +1)."""
    state = brawl([1, 9, 4], a=profile("a", con=7), b=profile("b", con=6, defense=0))
    act(state, Action("ataque_cac_sin_armas", target="b"))
    assert state.figures["b"].wounds == 2


def test_unarmed_weak_attacker_still_does_one_and_a_passed_defence_can_stop_it() -> None:
    """DAÑ CON − 4, minimum 1 (DESIGN §7); a passed CH DEF takes DAÑ − DEF."""
    state = brawl([3, 9, 4], a=profile("a", con=3))
    act(state, Action("ataque_cac_sin_armas", target="b"))
    assert state.figures["b"].wounds == 1
    state = brawl([3, 2], a=profile("a", con=3))
    act(state, Action("ataque_cac_sin_armas", target="b"))
    assert state.figures["b"].wounds == 0


def test_unarmed_critical_defence_strikes_back() -> None:
    """Crítico en CH DEF: 0 wounds and, in CaC, DAÑ 1 at the attacker."""
    state = brawl([3, 1, 9, 4])
    act(state, Action("ataque_cac_sin_armas", target="b"))
    assert state.figures["b"].wounds == 0 and state.figures["a"].wounds == 1


def test_unarmed_is_refused_without_enough_ene() -> None:
    state = brawl([])
    state.figures["a"].ene = 0
    refused(state, Action("ataque_cac_sin_armas", target="b"), "Not enough ENE: .* costs 1")


# -- Desarmar ----------------------------------------------------------------------------------


def test_desarmar_won_drops_the_targets_weapon() -> None:
    """Desarmar (3, AGI ENF): on a hit, CH AGI ENF instead of CH DEF; won, a held object falls."""
    state = brawl([3, 2, 5])
    events = act(state, Action("desarmar", target="b"))
    assert [r["purpose"] for r in rolls(events, "CH AGI ENF")] == ["CH AGI ENF"] * 2
    assert not rolls(events, "CH DEF")
    assert [w.id for w in state.figures["b"].profile.weapons] == ["fusil"]
    assert state.figures["a"].ene == 8 - 3 and state.figures["b"].wounds == 0


def test_desarmar_second_time_takes_the_gun() -> None:
    state = brawl([3, 2, 5, 3, 2, 5])
    act(state, Action("desarmar", target="b"))
    act(state, Action("desarmar", target="b"))
    assert state.figures["b"].profile.weapons == ()
    state.figures["a"].ene = 5
    refused(state, Action("desarmar", target="b"), "b holds no weapon to knock away")


@pytest.mark.parametrize(
    ("faces", "result"),
    [([3, 5, 2], "defender"), ([3, 4, 4], "defender"), ([3, 9, 8], "none"), ([3, 2, 9], "actor")],
)
def test_desarmar_contest_lowest_passing_die_wins_tie_to_the_defender(
    faces: list[int], result: str
) -> None:
    """DESIGN §7: CH ENF, the lowest passing die wins; both fail, nothing; a tie, the defender."""
    state = brawl(faces)
    events = act(state, Action("desarmar", target="b"))
    assert next(e for e in events if e.kind == "opposed").data["result"] == result
    assert (state.figures["b"].profile.weapon("cuchillo") is None) == (result == "actor")


def test_desarmar_missed_impact_has_no_contest() -> None:
    state = brawl([7])
    events = act(state, Action("desarmar", target="b"))
    assert kinds(events) == ["ene", "roll", "miss"]


def test_desarmar_chained_contest_takes_the_chain_penalty() -> None:
    """Acciones combinadas: each action after the first, CH ATR −1 (also on its CH ENF)."""
    state = brawl([7, 3, 2, 5])
    act(state, Action("ataque_cac_sin_armas", target="b"))
    events = act(state, Action("desarmar", target="b"))
    mine = rolls(events, "CH AGI ENF")[0]
    assert mine["modifiers"] == [["acción encadenada", -1]] and mine["who"] == "a"


# -- Destrabarse del combate CaC ---------------------------------------------------------------


def test_destrabarse_free_when_own_side_outnumbers() -> None:
    """Destrabarse (2, PSI): if the Pj's side outnumbers the enemy in that CaC, it leaves free."""
    scn = scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("b", "B", (11.0, 10.0), 180.0),
            ("c", "A", (12.0, 10.0), 180.0),
        ]
    )
    state = started(scn)  # no dice: no check
    events = act(state, Action("destrabarse", point=(8.0, 10.0)))
    assert not [e for e in events if e.kind == "roll"]
    assert state.figures["a"].position == pytest.approx((8.0, 10.0))
    assert state.figures["a"].ene == 8 - 2


def test_destrabarse_passed_psi_leaves_free() -> None:
    state = brawl([4])
    events = act(state, Action("destrabarse", point=(8.0, 10.0)))
    assert rolls(events, "CH PSI (destrabarse)")[0]["outcome"] == "pass"
    assert state.figures["a"].position == pytest.approx((8.0, 10.0))
    assert state.figures["a"].wounds == 0 and state.figures["a"].stress == 0


def test_destrabarse_failed_psi_gives_a_free_attack_with_impact_plus_one() -> None:
    """... if not, the nearest enemy attacks with CH IMP +1 and ENE 0."""
    state = brawl([5, 5, 9, 4])  # PSI 5 > 4; b's IMP 5 ≤ 4 + 1; a's DEF 9 fails; a's PSI
    ene_b = state.figures["b"].ene
    events = act(state, Action("destrabarse", point=(8.0, 10.0)))
    (strike,) = rolls(events, "CH IMP (ataque gratuito)")
    assert strike["who"] == "b" and strike["modifiers"] == [["ataque al destrabarse", 1]]
    assert state.figures["a"].wounds == KNIFE.dan  # knife DAÑ 2 + CON 4 − 4
    assert state.figures["a"].stress == 1 and state.figures["b"].ene == ene_b
    assert state.figures["a"].position == pytest.approx((8.0, 10.0))


def test_destrabarse_fumbled_psi_also_checks_loc() -> None:
    """PSICOLOGÍA, CH PSI pifia: +1 stress and a CH LOC."""
    state = brawl([10, 5, 3, 7])  # PSI fumble; CH LOC 5 > 4: panic, malus 3; b misses
    events = act(state, Action("destrabarse", point=(8.0, 10.0)))
    assert len(rolls(events, "CH LOC (destrabarse)")) == 1
    assert state.figures["a"].stress == 1 and state.figures["a"].panic


def test_destrabarse_critical_psi_gives_ch_atr_plus_one() -> None:
    """PSICOLOGÍA, CH PSI crítico: CH ATR +1 to the end of the activation."""
    state = brawl([1])
    act(state, Action("destrabarse", point=(8.0, 10.0)))
    assert state.figures["a"].psi_bonus == 1


def test_destrabarse_refusals() -> None:
    refused(brawl([]), Action("destrabarse"), "needs a destination point")
    near = "Within 1 K of an enemy without engaging: b"
    refused(brawl([]), Action("destrabarse", point=(9.5, 10.0)), near)
    free = started(scenario([("a", "A", (5.0, 10.0), 0.0), ("b", "B", (15.0, 10.0), 180.0)]))
    refused(free, Action("destrabarse", point=(3.0, 10.0)), "a is not engaged in CaC: use Mover")


# -- Empujar -----------------------------------------------------------------------------------


def test_empujar_pushes_con_minus_con_k() -> None:
    """Empujar (1, CON ENF): won, the target goes CON − its CON K away."""
    state = brawl([3, 3, 5], a=profile("a", con=6))
    events = act(state, Action("empujar", target="b"))
    assert rolls(events, "CH CON ENF")[0]["target"] == 6
    assert state.figures["b"].position == pytest.approx((13.0, 10.0))
    assert state.figures["b"].posture is Posture.STANDING
    assert state.figures["a"].ene == 10 - 1 and state.figures["b"].wounds == 0


def test_empujar_at_least_one_k_and_a_critical_knocks_prone() -> None:
    """... minimum 1 K; Crítico, se tumba al objetivo."""
    state = brawl([3, 1, 5])
    act(state, Action("empujar", target="b"))
    assert state.figures["b"].position == pytest.approx((12.0, 10.0))
    assert state.figures["b"].posture is Posture.PRONE


def test_empujar_lost_contest_moves_nobody() -> None:
    state = brawl([3, 5, 2])
    act(state, Action("empujar", target="b"))
    assert state.figures["b"].position == (11.0, 10.0)


def test_empujar_a_wall_stops_the_push() -> None:
    wall = Wall(((12.6, 0.0), (12.6, 20.0)), 2.0, 3, thickness=0.2)
    scn = scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)],
        profiles={"a": profile("a", con=7)},
        walls=(wall,),
    )
    state = started(scn, [3, 3, 5])
    act(state, Action("empujar", target="b"))
    assert state.figures["b"].position[0] == pytest.approx(12.0, abs=1e-3)


def test_empujar_not_against_con_or_def_twice_ones_con() -> None:
    """... refused when the target's CON or DEF reaches twice the pusher's CON
    (rules-interpretations 8)."""
    refused(
        brawl([], a=profile("a", con=3), b=profile("b", con=6)),
        Action("empujar", target="b"),
        r"below twice your CON \(6\): b has CON 6, DEF 3",
    )
    refused(
        brawl([], a=profile("a", con=3), b=profile("b", defense=6)),
        Action("empujar", target="b"),
        "b has CON 4, DEF 6",
    )


# -- Inmovilizar enemigo and Noquear -----------------------------------------------------------


def test_inmovilizar_won_holds_the_target() -> None:
    """Inmovilizar enemigo (1, CON ENF): won, held until the start of its activation."""
    state = brawl([3, 2, 5])
    events = act(state, Action("inmovilizar_enemigo", target="b"))
    assert any(e.kind == "immobilised" and e.data["figure"] == "b" for e in events)
    assert state.figures["a"].ene == 8 - 1 and state.figures["b"].wounds == 0


def test_noquear_won_leaves_the_target_unconscious_a_casualty() -> None:
    """Noquear (1, CON ENF): CH CON ENF instead of wounds; won, the enemy is unconscious."""
    state = brawl([3, 2, 5])
    state.figures["b"].wounds = 1
    events = act(state, Action("noquear", target="b"))
    b = state.figures["b"]
    assert b.unconscious and b.casualty and b.wounds == 1 and not rolls(events, "CH DEF")
    assert any(e.kind == "knocked_out" for e in events) and not state.over
    assert state.figures["a"].ene == 8 - 1


def test_noquear_lost_or_missed_does_nothing() -> None:
    state = brawl([3, 5, 2])
    act(state, Action("noquear", target="b"))
    assert not state.figures["b"].unconscious and not state.figures["b"].casualty
    state = brawl([8])
    assert kinds(act(state, Action("noquear", target="b"))) == ["ene", "roll", "miss"]


def test_noquear_the_last_enemy_ends_the_game() -> None:
    state = started(
        scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]), [3, 2, 5]
    )
    act(state, Action("noquear", target="b"))
    assert state.over and state.winner == "A"


# -- Embestir ----------------------------------------------------------------------------------


def ram(target_x: float, faces: list[int]) -> GameState:
    scn = scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (target_x, 10.0), 180.0)],
        profiles={"b": profile("b", con=6)},
    )
    return started(scn, faces)


def test_embestir_runs_into_the_target_with_dan_con() -> None:
    """Embestir (X+1, AGI): at least 2 K; a Pj does DAÑ CON at most; X+1 = Correr 2 + 1."""
    state = ram(13.0, [3, 9, 4])
    events = act(state, Action("embestir", target="b"))
    assert state.figures["a"].position == pytest.approx((12.0, 10.0), abs=1e-3)
    assert next(e for e in events if e.kind == "hit").data["damage"] == 4
    assert state.figures["b"].wounds == 4 and state.figures["a"].ene == 8 - 3


def test_embestir_receives_no_hit_back() -> None:
    """Personaje: no recibe impacto (not even from a critical CH DEF)."""
    state = ram(13.0, [3, 1])  # no more dice: a strike back would run out of them
    act(state, Action("embestir", target="b"))
    assert state.figures["a"].wounds == 0 and state.figures["b"].wounds == 0


def test_embestir_missed_still_ends_in_contact() -> None:
    state = ram(13.0, [7])
    events = act(state, Action("embestir", target="b"))
    assert kinds(events) == ["ene", "move", "roll", "miss"]
    assert state.figures["a"].position == pytest.approx((12.0, 10.0), abs=1e-3)


def test_embestir_distance_limits() -> None:
    refused(ram(12.5, []), Action("embestir", target="b"), "at least 2 K of run-up; b is 1.5 K")
    refused(ram(14.0, []), Action("embestir", target="b"), "b is 3.0 K away: Embestir reaches 2 K")
    refused(brawl([]), Action("embestir", target="b"), "Engaged in CaC")


def test_embestir_not_after_esprintar() -> None:
    state = ram(20.0, [])
    act(state, Action("esprintar", point=(14.0, 10.0)))
    refused(state, Action("embestir", target="b"), "cannot attack this turn")


# -- as reactions ------------------------------------------------------------------------------


def test_a_variant_can_be_a_reaction_spending_ene_below_zero() -> None:
    """REACCIONES: after a passed CH VOL the reactor takes one action, ENE down to −10."""
    state = brawl([3, 3, 9, 4])  # b's CH VOL 3; b's IMP 3; a's DEF 9 fails; a's PSI 4
    state.apply(Action("agacharse"))
    assert state.pending.kind.value == "react"
    state.apply(Action("react", "b"))
    state.apply(Action("ataque_cac_sin_armas", target="a"))
    assert state.figures["b"].ene == -1 and state.figures["a"].wounds == 1
    assert state.pending.kind.value == "act" and state.pending.figure == "a"


# -- reactions and duels -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "why"),
    [
        ("esquivar_en_cac", "Esquivar en CaC answers an enemy's action aimed at this Pj"),
        ("huir", "Huir answers an enemy's action aimed at this Pj"),
        ("desenfundar", "Desenfundar answers an enemy's action aimed at this Pj"),
    ],
)
def test_answers_and_duels_are_refused_as_actions_with_the_reason(kind: str, why: str) -> None:
    """Esquivar en CaC, Huir and Desenfundar are answers to a declared action
    (tests/test_responses.py)."""
    refused(brawl([]), Action(kind, target="b"), why)


def charged() -> GameState:
    """a charges b, who reacts (CH VOL 2) with Contracarga."""
    scn = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)])
    state = started(scn, [2, 3, 2])  # b's CH VOL; a's CH IMP 3; b's CH DEF 2
    state.apply(Action("cargar", target="b"))
    state.apply(Action("pass"))  # b does not flee the charge (Huir)
    state.apply(Action("react", "b"))
    return state


def test_contracarga_gives_def_plus_one_against_the_charging_blow() -> None:
    """Contracarga (3): a reaction to a Cargar; CH DEF +1 against that charge."""
    state = charged()
    events = state.apply(Action("contracarga", "b"))
    assert [e for e in events if e.kind == "counter_charge"]
    assert state.figures["b"].ene == -3 and state.figures["b"].counter_charge == "a"
    events = act(state, Action("ataque_cac", target="b", item=KNIFE.id))
    assert ["contracarga", 1] in rolls(events, "CH DEF")[0]["modifiers"]
    assert state.figures["b"].counter_charge is None  # used up by that blow
    state = charged()
    state.apply(Action("contracarga", "b"))
    act(state, Action("end"))  # the charger never struck: the charge is over all the same
    assert state.figures["b"].counter_charge is None


def test_contracarga_answers_only_a_charge_against_the_reactor() -> None:
    state = brawl([])
    refused(state, Action("contracarga", target="b"), "is a reaction to an enemy's Cargar")
    scn = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)])
    state = started(scn, [2])
    state.apply(Action("mover", point=(11.0, 10.0)))
    state.apply(Action("react", "b"))
    refused(state, Action("contracarga", "b"), "a has not charged it")
