"""The action list's own modifiers and requirements, played (issue 15 §1).

``wartime/data/actions.yaml`` gives every action its ``modifiers`` and ``requires``.
Each of them is either applied by the engine, with a test that names the action and its
rulebook section, or covered by a ruling in ``docs/rules-interpretations.md`` that says
why not.  :data:`AUDIT` links every one of them to its test or ruling, and the audit
tests below fail when the list and the table drift apart either way: a modifier, a
requirement or a conditional check added to the data (a new term among them) that no
test or ruling covers, or a row left behind by a change of the data.

The tests of this module cover the ones no other test pinned down; ScriptedDice force
every die.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from wartime.board.battlefield import Battlefield, Posture, Terrain, TerrainKind, Unit, Wall
from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.core.profiles import Trait, Transport, Weapon
from wartime.rules.actions import Action as Entry
from wartime.rules.actions import ConditionalCheck, Modifier, Requirement, load_actions
from wartime.rules.text import fold

from .engine_support import (
    RIFLE,
    ScriptedDice,
    do,
    profile,
    refused,
    rolls,
    rolls_of,
    scenario,
    started,
)

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rules-interpretations.md"
FAR = ("b", "B", (35.0, 25.0), 90.0)  # out of sight and hearing: no chance to react


def act(state: GameState, action: Action) -> list[Any]:
    """Apply an action and pass any chance to react or respond it opens."""
    events = state.apply(action)
    while state.pending.kind.value in ("react", "respond"):
        events += state.apply(Action("pass"))
    return events


def labelled(roll: dict[str, Any], label: str) -> list[int]:
    return [value for name, value in roll["modifiers"] if name == label]


# -- Correr ---------------------------------------------------------------------------


def test_correr_next_movement_ch_agi_plus_1() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: after a run, the CH AGI of a movement action (here
    Salto de longitud) takes +1."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR]), faces=[4])
    act(state, Action("correr", "a", point=(12.0, 10.0)))
    events = act(state, Action("salto_de_longitud", "a", point=(30.0, 10.0)))
    (jump,) = rolls(events, "CH AGI (Salto de longitud)")
    assert labelled(jump, "tras correr") == [1]
    # AGI 4, chained −1, after running +1: the 4 passes, where it would fail without it
    assert jump["target"] == 4 and jump["outcome"] == "pass"


def test_correr_next_not_movement_ch_agi_minus_1() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: after a run, a CH AGI of an action that is not a
    movement (a shot's CH IMP, a CH AGI with a weapon) takes −1."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (19.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[2, 9, 5])
    act(state, Action("correr", "a", point=(11.0, 10.0)))
    events = act(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "tras correr") == [-1]
    assert impact["target"] == 4 - 1 - 1  # AGI 4, chained −1, after running −1


def test_correr_modifier_lasts_one_action_and_not_after_cargar_or_mover() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: the modifier is for the next action only; it does not
    reach the action after that, nor does Mover give it."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (19.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[9, 9])  # both shots miss
    state.figures["a"].ene = 10
    act(state, Action("correr", "a", point=(11.0, 10.0)))
    act(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    events = act(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "tras correr") == []
    walked = started(scenario(units), faces=[9])
    act(walked, Action("mover", "a", point=(11.0, 10.0)))
    events = act(walked, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    assert labelled(rolls(events, "CH IMP")[0], "tras correr") == []


def test_correr_then_cargar_changes_nothing() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: Cargar after a run is not affected, and its blow (the
    action after Cargar) is not the run's next action."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (16.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[4, 9, 5])
    state.figures["a"].ene = 10
    act(state, Action("correr", "a", point=(11.0, 10.0)))
    act(state, Action("cargar", "a", target="b"))
    events = act(state, Action("ataque_cac", "a", target="b", item="cuchillo"))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "tras correr") == [] and labelled(impact, "carga") == [1]


# -- Esprintar ------------------------------------------------------------------------


def test_esprintar_next_action_ch_atr_minus_3() -> None:
    """ACCIONES DE MOVIMIENTO, Esprintar: the check of the next action takes CH ATR −3,
    and the action after it no longer does."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR]), faces=[1, 1])
    state.figures["a"].ene = 10
    act(state, Action("esprintar", "a", point=(12.0, 10.0)))
    events = act(state, Action("salto_de_longitud", "a", point=(30.0, 10.0)))
    (jump,) = rolls(events, "CH AGI (Salto de longitud)")
    assert labelled(jump, "tras esprintar") == [-3]
    events = act(state, Action("salto_de_longitud", "a", point=(40.0, 10.0)))
    (jump,) = rolls(events, "CH AGI (Salto de longitud)")
    assert labelled(jump, "tras esprintar") == []


def test_esprintar_ch_imp_minus_1_against_it_in_cac_too() -> None:
    """ACCIONES DE MOVIMIENTO, Esprintar: CH IMP −1 for whoever attacks the Pj that
    sprinted this turn, in CaC as at range."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[5, 9])  # b's CH IMP 5 fails, a's CH DEF unused
    act(state, Action("esprintar", "a", point=(15.0, 10.0)))
    act(state, Action("end"))
    act(state, Action("activate", "b"))
    act(state, Action("cargar", "b", target="a"))
    events = act(state, Action("ataque_cac", "b", target="a", item="cuchillo"))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "blanco esprintando") == [-1]
    # AGI 4, chained −1, charge +1, sprinted −1: 3
    assert impact["target"] == 3


# -- Requirements: each one refuses the action without it -------------------------------

BUGGY = Transport("buggy", ene=2, mov=6.0, defense=4, cal=2)
CANNON = Weapon("cañón", ene=1, dan=3, alc=40, cal=3)
TALL = Wall(((15.0, 5.0), (15.0, 15.0)), 3.0, 4, id="tapia")  # between a and b, hides b
DUEL = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
ENGAGED = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
ENGAGED_ELSEWHERE = [*DUEL, ("c", "B", (11.0, 10.0), 180.0)]  # a is in CaC with c
BEHIND = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (5.0, 10.0), 180.0)]
MELEE_BEHIND = [*BEHIND, ("c", "A", (4.0, 10.0), 0.0)]  # b fights c, at a's back
MELEE_WALLED = [*DUEL, ("c", "A", (22.0, 10.0), 180.0)]  # b fights c, behind TALL


def game(
    units: list[tuple[str, str, tuple[float, float], float]] | None = None,
    walls: tuple[Wall, ...] = (),
    setup: tuple[Action, ...] = (),
    **profiles: Any,
) -> GameState:
    """a (side A, acting, ENE 10) faces b (side B) 11 K east, unless ``units`` say
    otherwise; ``profiles`` by figure id; ``setup`` is played first."""
    state = started(scenario(units or DUEL, profiles=profiles or None, walls=walls), [5] * 20)
    state.figures["a"].ene = 10
    for action in setup:
        do(state, action)
    return state


def _shot(kind: str, item: str | None = None) -> Action:
    return Action(kind, "a", target="b", item=item)


_LONG = {"a": profile("a", weapons=(CANNON,))}
# (action id, requirement) -> (the state, the action, what the refusal says)
REFUSALS: dict[tuple[str, str], tuple[Any, Action, str]] = {
    ("esprintar", "once_per_activation"): (
        lambda: game(setup=(Action("esprintar", "a", point=(10.0, 13.0)),)),
        Action("esprintar", "a", point=(10.0, 20.0)), "only once per activation"),
    ("levantarse", "crouched_or_prone"): (game, Action("levantarse", "a"), "already standing"),
    ("mover_cargado", "carrying_object"): (
        game, Action("mover_cargado", "a", point=(11.0, 10.0)), "needs the fallen character"),
    ("nadar", "in_water"): (game, Action("nadar", "a", point=(12.0, 10.0)), "Nadar needs water"),
    ("pivotar", "transport_or_reacting"): (
        game, Action("pivotar", "a", facing=90.0), "only a transport or a reacting Pj"),
    ("maniobrar", "transport"): (
        lambda: game(setup=(Action("mover", "a", point=(11.0, 10.0)),)),
        Action("maniobrar", "a", point=(11.5, 10.0)), "Maniobrar is for a transport"),
    ("ataque_distancia", "weapon_alc_gt_0"): (
        game, _shot("ataque_distancia", "cuchillo"), "needs ALC > 0"),
    ("ataque_distancia", "target_in_cdv"): (
        lambda: game(BEHIND), _shot("ataque_distancia"), "outside the CdV"),
    ("ataque_distancia", "in_los"): (
        lambda: game(walls=(TALL,)), _shot("ataque_distancia"), "No LdV to b"),
    ("ataque_distancia", "not_engaged"): (
        lambda: game(ENGAGED_ELSEWHERE), _shot("ataque_distancia"), "Engaged in CaC"),
    ("ataque_distancia_a_bulto", "weapon_alc_gt_0"): (
        game, _shot("ataque_distancia_a_bulto", "cuchillo"), "needs ALC > 0"),
    ("ataque_distancia_a_bulto", "target_in_cdv_plus_50"): (
        lambda: game([("a", "A", (2.0, 10.0), 0.0), ("b", "B", (38.0, 10.0), 180.0)], **_LONG),
        _shot("ataque_distancia_a_bulto"), "reaches the CdV \\+50%"),
    ("ataque_distancia_a_bulto", "in_los"): (
        lambda: game([("a", "A", (2.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)],
                     (Wall(((25.0, 5.0), (25.0, 15.0)), 3.0, 4),), **_LONG),
        _shot("ataque_distancia_a_bulto"), "No LdV to b"),
    ("ataque_distancia_a_bulto", "not_engaged"): (
        lambda: game(ENGAGED_ELSEWHERE), _shot("ataque_distancia_a_bulto"), "Engaged in CaC"),
    ("ataque_distancia_a_ciegas", "weapon_alc_gt_0"): (
        lambda: game(walls=(TALL,)), _shot("ataque_distancia_a_ciegas", "cuchillo"),
        "needs ALC > 0"),
    ("ataque_distancia_a_ciegas", "target_in_cdv"): (
        lambda: game(BEHIND), _shot("ataque_distancia_a_ciegas"), "outside the CdV"),
    ("ataque_distancia_a_ciegas", "allied_sees_target"): (
        lambda: game(walls=(TALL,)), _shot("ataque_distancia_a_ciegas"), "No ally of a sees b"),
    ("ataque_distancia_a_ciegas", "not_engaged"): (
        lambda: game(ENGAGED_ELSEWHERE), _shot("ataque_distancia_a_ciegas"), "Engaged in CaC"),
    ("ataque_distancia_a_larga_distancia", "weapon_alc_gt_0"): (
        game, _shot("ataque_distancia_a_larga_distancia", "cuchillo"), "needs ALC > 0"),
    ("ataque_distancia_a_larga_distancia", "target_in_cdv"): (
        lambda: game(BEHIND), _shot("ataque_distancia_a_larga_distancia"), "outside the CdV"),
    ("ataque_distancia_a_larga_distancia", "in_los"): (
        lambda: game([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (36.0, 10.0), 180.0)],
                     (Wall(((30.0, 5.0), (30.0, 15.0)), 3.0, 4),), a=profile("a", vol=6)),
        _shot("ataque_distancia_a_larga_distancia"), "No LdV to b"),
    ("ataque_distancia_a_larga_distancia", "not_engaged"): (
        lambda: game(ENGAGED_ELSEWHERE), _shot("ataque_distancia_a_larga_distancia"),
        "Engaged in CaC"),
    ("ataque_distancia_a_combate_cac", "weapon_alc_gt_0"): (
        lambda: game(MELEE_WALLED), _shot("ataque_distancia_a_combate_cac", "cuchillo"),
        "needs ALC > 0"),
    ("ataque_distancia_a_combate_cac", "target_in_cdv"): (
        lambda: game(MELEE_BEHIND), _shot("ataque_distancia_a_combate_cac"), "outside the CdV"),
    ("ataque_distancia_a_combate_cac", "in_los"): (
        lambda: game(MELEE_WALLED, (TALL,)), _shot("ataque_distancia_a_combate_cac"),
        "No LdV to b"),
    ("ataque_distancia_a_combate_cac", "not_engaged"): (
        lambda: game([*ENGAGED_ELSEWHERE, ("d", "A", (22.0, 10.0), 180.0)]),
        _shot("ataque_distancia_a_combate_cac"), "Engaged in CaC"),
    ("ataque_distancia_a_combate_cac", "target_engaged"): (
        game, _shot("ataque_distancia_a_combate_cac"), "b is not engaged in CaC"),
    ("lanzar_armas_objetos", "target_in_cdv"): (
        lambda: game(BEHIND), _shot("lanzar_armas_objetos"), "outside the CdV"),
    ("lanzar_armas_objetos", "in_los"): (
        lambda: game([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.0, 10.0), 180.0)],
                     (Wall(((11.7, 5.0), (11.7, 15.0)), 3.0, 4),)),
        _shot("lanzar_armas_objetos"), "No LdV to b"),
    ("lanzar_armas_objetos", "not_engaged"): (
        lambda: game(ENGAGED_ELSEWHERE), _shot("lanzar_armas_objetos"), "Engaged in CaC"),
    ("ataque_cac", "weapon_alc_0"): (
        lambda: game(ENGAGED), _shot("ataque_cac", "fusil"), "needs ALC 0"),
    ("ataque_cac", "engaged"): (game, _shot("ataque_cac", "cuchillo"), "not engaged with a"),
    ("ataque_cac_arma_disparo", "weapon_alc_gt_0"): (
        lambda: game(ENGAGED), _shot("ataque_cac_arma_disparo", "cuchillo"), "needs ALC > 0"),
    ("ataque_cac_arma_disparo", "engaged"): (
        game, _shot("ataque_cac_arma_disparo", "fusil"), "not engaged with a"),
    ("ataque_cac_objeto_improvisado", "engaged"): (
        game, _shot("ataque_cac_objeto_improvisado"), "not engaged with a"),
    ("ataque_cac_sin_armas", "engaged"): (
        game, _shot("ataque_cac_sin_armas"), "not engaged with a"),
    ("cargar", "in_los"): (
        lambda: game([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)],
                     (Wall(((12.0, 5.0), (12.0, 15.0)), 3.0, 4),)),
        _shot("cargar"), "No LdV to b"),
    ("desarmar", "engaged"): (game, _shot("desarmar"), "not engaged with a"),
    ("empujar", "engaged"): (game, _shot("empujar"), "not engaged with a"),
    ("empujar", "target_con_def_under_double"): (
        lambda: game(ENGAGED, b=profile("b", con=8)), _shot("empujar"),
        "CON and DEF below twice your CON"),
    ("esquivar_en_cac", "targeted_in_cac"): (
        lambda: game(ENGAGED), Action("esquivar_en_cac", "a"), "offered when one is declared"),
    ("poseer", "neuromante_or_titiritero"): (
        game, _shot("poseer"), "Only a neuromante .* or a titiritero"),
    ("desenfundar", "duel"): (game, _shot("desenfundar"), "offered when one is declared"),
    ("huir", "reacting_to_declared_action"): (
        game, Action("huir", "a", point=(10.0, 12.0)), "offered when one is declared"),
    ("inmovilizar_enemigo", "engaged"): (game, _shot("inmovilizar_enemigo"), "not engaged with a"),
    ("noquear", "engaged"): (game, _shot("noquear"), "not engaged with a"),
    ("esperar", "not_engaged"): (
        lambda: game(ENGAGED), Action("esperar", "a"), "not allowed while engaged"),
    ("marcar_un_objetivo", "neuromante_or_titiritero"): (
        game, _shot("marcar_un_objetivo"), "Only a neuromante .* or a titiritero"),
    ("comerciar", "character_in_contact"): (
        lambda: game([*DUEL, ("c", "A", (14.0, 10.0), 0.0)]),
        Action("comerciar", "a", target="c", item="cuchillo"), "not in base contact"),
    ("soltar", "holding_object"): (game, Action("soltar", "a", item="arco"), "carries no 'arco'"),
    ("pivotar", "not_altitude_3"): (
        lambda: _high(game(a=replace(profile("a"), transport=BUGGY))),
        Action("pivotar", "a", facing=90.0), "altitude 3"),
    ("corromper_hackear", "neuromante_or_titiritero"): (
        game, _shot("corromper_hackear"), "Only a neuromante .* or a titiritero"),
    ("combate_mental", "target_of_corruption"): (
        game, _shot("combate_mental"), "answers a Corromper / Hackear"),
    ("contramagia", "reacting_to_neuromante"): (
        game, _shot("contramagia"), "answers an enemy neuromante's casting"),
    ("curar_reparar", "target_curable"): (
        lambda: game([*DUEL, ("c", "A", (11.0, 10.0), 0.0)]),
        Action("curar_reparar", "a", target="c"), "no wounds to heal"),
    ("desatarse", "tied"): (game, Action("desatarse", "a"), "neither tied up nor held"),
    ("eliminar", "corpse_in_contact"): (game, _shot("eliminar"), "b is not a casualty"),
    ("saquear", "corpse_in_contact"): (game, _shot("saquear"), "b is not a casualty"),
    ("esconderse", "cover_over_50"): (
        game, Action("esconderse", "a"), "0% cover: Esconderse needs more than 50%"),
}  # fmt: skip


def _high(state: GameState) -> GameState:
    state.figures["a"].level = 3
    return state


@pytest.mark.parametrize(("requirement"), list(REFUSALS), ids="-".join)
def test_requirement_refused(requirement: tuple[str, str]) -> None:
    """ACCIONES (DE MOVIMIENTO, DE COMBATE, GENÉRICAS), every action's ``requires``: without
    the requirement the action is refused with a reason, and nothing changes."""
    build, action, reason = REFUSALS[requirement]
    assert action.kind == requirement[0]
    refused(build(), action, reason)


# -- Agacharse and Cuerpo a tierra: the CH IMP of and against a figure in that posture ----

POSTURES = {"agacharse": Posture.CROUCHED, "cuerpo_a_tierra": Posture.PRONE}


@pytest.mark.parametrize(
    ("kind", "label", "value"),
    [("agacharse", "tirador agachado", 1), ("cuerpo_a_tierra", "tirador cuerpo a tierra", 1)],
)
def test_posture_shooting_ch_imp(kind: str, label: str, value: int) -> None:
    """ACCIONES DE MOVIMIENTO, Agacharse / Cuerpo a tierra: a crouched or prone Pj shooting
    takes CH IMP +1."""
    state = game()
    act(state, Action(kind, "a"))
    events = act(state, _shot("ataque_distancia", RIFLE.id))
    assert labelled(rolls(events, "CH IMP")[0], label) == [value]


@pytest.mark.parametrize(
    ("kind", "label", "value"),
    [("agacharse", "blanco agachado y lejos", -1),
     ("cuerpo_a_tierra", "blanco cuerpo a tierra y lejos", -2)],
)  # fmt: skip
def test_posture_shot_at_beyond_3_k(kind: str, label: str, value: int) -> None:
    """ACCIONES DE MOVIMIENTO, Agacharse / Cuerpo a tierra: a shot at a crouched (−1) or
    prone (−2) Pj more than 3 K away; at 3 K or less, nothing."""
    far = game()
    far.figures["b"].posture = POSTURES[kind]
    events = act(far, _shot("ataque_distancia", RIFLE.id))
    assert labelled(rolls(events, "CH IMP")[0], label) == [value]
    near = game([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)])
    near.figures["b"].posture = POSTURES[kind]
    events = act(near, _shot("ataque_distancia", RIFLE.id))
    assert labelled(rolls(events, "CH IMP")[0], label) == []


@pytest.mark.parametrize(
    ("kind", "mine", "theirs"),
    [("agacharse", ("atacante agachado", -1), ("blanco agachado", 1)),
     ("cuerpo_a_tierra", ("atacante cuerpo a tierra", -2), ("blanco cuerpo a tierra", 2))],
)  # fmt: skip
def test_posture_in_cac_ch_imp(kind: str, mine: tuple[str, int], theirs: tuple[str, int]) -> None:
    """ACCIONES DE MOVIMIENTO, Agacharse / Cuerpo a tierra: in CaC the crouched (−1) or prone
    (−2) Pj strikes worse, and is struck better (+1, +2)."""
    striking = game(ENGAGED)
    striking.figures["a"].posture = POSTURES[kind]
    events = act(striking, _shot("ataque_cac", "cuchillo"))
    assert labelled(rolls(events, "CH IMP")[0], mine[0]) == [mine[1]]
    struck = game(ENGAGED)
    struck.figures["b"].posture = POSTURES[kind]
    events = act(struck, _shot("ataque_cac", "cuchillo"))
    assert labelled(rolls(events, "CH IMP")[0], theirs[0]) == [theirs[1]]


def test_esprintar_ch_imp_minus_1_against_it_at_range() -> None:
    """ACCIONES DE MOVIMIENTO, Esprintar: a shot at the Pj that sprinted this turn takes
    CH IMP −1; the next turn, no more."""
    state = started(scenario(DUEL), faces=[9, 9, 9, 9])
    act(state, Action("esprintar", "a", point=(10.0, 14.0)))
    act(state, Action("end"))
    act(state, Action("activate", "b"))
    events = act(state, Action("ataque_distancia", "b", target="a", item=RIFLE.id))
    assert labelled(rolls(events, "CH IMP")[0], "blanco esprintando") == [-1]


# -- The five ranged attacks: CH IMP −1 per 10 K beyond the first 10 K --------------------

RANGED = {
    "ataque_distancia": (lambda: game([*DUEL[:1], ("b", "B", (23.0, 10.0), 180.0)]), -1),
    "ataque_distancia_a_bulto": (
        lambda: game([*DUEL[:1], ("b", "B", (33.0, 10.0), 180.0)], **_LONG), -2),
    "ataque_distancia_a_ciegas": (
        lambda: game([*DUEL[:1], ("b", "B", (23.0, 10.0), 180.0), ("c", "A", (27.0, 14.0), 180.0)],
                     (TALL,)), -1),
    "ataque_distancia_a_larga_distancia": (
        lambda: game([*DUEL[:1], ("b", "B", (33.0, 10.0), 180.0)], a=profile("a", vol=6)), -2),
    "ataque_distancia_a_combate_cac": (
        lambda: game([*DUEL[:1], ("b", "B", (23.0, 10.0), 180.0), ("c", "A", (24.0, 10.0), 180.0)]),
        -1),
}  # fmt: skip


@pytest.mark.parametrize(
    "kind",
    ["ataque_distancia", "ataque_distancia_a_bulto", "ataque_distancia_a_ciegas",
     "ataque_distancia_a_larga_distancia", "ataque_distancia_a_combate_cac"],
)  # fmt: skip
def test_ranged_attack_ch_imp_per_10_k_beyond_10_k(kind: str) -> None:
    """ACCIONES DE COMBATE, Ataque a distancia (and its four variants), MODIFICADORES: the
    CH IMP takes −1 for each started 10 K to the target beyond the first 10 K."""
    build, band = RANGED[kind]
    state = build()
    item = CANNON.id if kind == "ataque_distancia_a_bulto" else RIFLE.id
    events = act(state, Action(kind, "a", target="b", item=item))
    assert labelled(rolls_of(events, "a", "CH IMP")[0], "distancia") == [band]


# -- Maniobrar, Despegar / aterrizar, Contramagia ---------------------------------------


def test_maniobrar_after_20_k_ch_agi_minus_3() -> None:
    """ACCIONES DE MOVIMIENTO, Maniobrar: having moved 20 K or more, the CH AGI takes −3 in
    all (not the −1 of 10 K as well)."""
    fast = Transport("bólido", ene=2, mov=22.0, defense=4, cal=2)
    units = [("a", "A", (5.0, 10.0), 0.0), FAR]
    state = started(scenario(units, {"a": replace(profile("a"), transport=fast)}), [5])
    act(state, Action("mover", "a", point=(27.0, 10.0)))
    events = act(state, Action("maniobrar", "a", point=(27.0, 11.0)))
    (check,) = rolls(events, "CH AGI (Maniobrar)")
    assert labelled(check, "movió 20 K o más") == [-3]
    assert labelled(check, "movió 10 K o más") == []


@pytest.mark.parametrize(
    ("face", "level", "ene", "wounds"), [(3, 1, 7, 0), (8, 2, 4, 0), (10, 2, 4, 3)]
)
def test_despegar_aterrizar_on_rough_ground(face: int, level: int, ene: int, wounds: int) -> None:
    """ACCIONES DE MOVIMIENTO, Despegar / aterrizar (as Cambiar de altitud): on difficult
    ground a CH AGI; failed, ENE −3 more; fumbled, 3 wounds as well."""
    mud = Terrain(((8.0, 8.0), (12.0, 8.0), (12.0, 12.0), (8.0, 12.0)), TerrainKind.DIFFICULT)
    units = (Unit("a", "A", (10.0, 10.0), 0.0, level=2), Unit("b", "B", (35.0, 25.0), 180.0))
    field = Battlefield("sky", (40.0, 30.0), terrain=(mud,), units=units)
    scn = Scenario(field, {u.id: profile(u.id) for u in units}, Ruleset(), 1)
    state = started(scn, [face, 5, 5])
    events = act(state, Action("despegar_aterrizar", "a", level=1))
    assert len(rolls(events, "CH AGI (Despegar / aterrizar)")) == 1
    a = state.figures["a"]
    assert (a.level, a.ene, a.wounds) == (level, ene, wounds)


def _countered(faces: list[int]) -> GameState:
    """a (neuromante, INT 7) hacks b; c, an enemy neuromante (INT 6) 2 K from a, counters."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0),
             ("c", "B", (10.0, 13.0), 270.0)]  # fmt: skip
    profiles = {
        "a": replace(profile("a"), int_=7, traits=(Trait("Neuromante"),)),
        "b": profile("b"),
        "c": replace(profile("c"), int_=6, traits=(Trait("Neuromante"),)),
    }
    state = started(scenario(units, profiles=profiles), [*faces, *[5] * 8])
    state.apply(Action("corromper_hackear", "a", target="b"))
    state.apply(Action("contramagia", "c"))
    return state


def test_contramagia_critical_stresses_the_opponent() -> None:
    """ACCIONES DE COMBATE, Contramagia: the counter-mage's critical gives the caster 1 level
    of stress (unless its CH VOL passes)."""
    state = _countered([5, 1, 9])  # a 5, c 1 (critical) wins; a's CH VOL 9 fails
    assert state.figures["a"].stress == 1 and state.figures["c"].stress == 0


def test_contramagia_fumble_stresses_the_counter_mage() -> None:
    """ACCIONES DE COMBATE, Contramagia: the counter-mage's fumble gives itself 1 level of
    stress (unless its CH VOL passes)."""
    state = _countered([3, 10, 9])  # a 3, c 10 (fumble): a goes on; c's CH VOL 9 fails
    assert state.figures["c"].stress == 1 and state.figures["a"].stress == 0


# -- En guardia and Esconderse: no Pivotar -------------------------------------------------

PIVOTING = {"a": replace(profile("a"), traits=(Trait("Pivotante"),))}  # Pivotar when acting


def test_en_guardia_cannot_pivot() -> None:
    """ACCIONES GENÉRICAS, En guardia: a Pj on guard may not pivot (here with Pivotante,
    which lets it pivot in its own activation); before the guard it may."""
    state = game(**PIVOTING)
    turn = Action("pivotar", "a", facing=90.0)
    assert turn in state.legal_actions()
    act(state, Action("en_guardia", "a"))
    assert turn not in state.legal_actions()
    refused(state, turn, "a is on guard: after En guardia it may not pivot")


def _reacting_b(guard: bool) -> GameState:
    """b acts first (on guard or not), then a crouches in b's CdV and b reacts (CH VOL 3)."""
    state = scenario(DUEL).new_game()
    state.dice = ScriptedDice([1, 9, 3, 5, 5])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.apply(Action("activate", "b"))
    if guard:
        do(state, Action("en_guardia", "b"))
    do(state, Action("end"))
    state.apply(Action("activate", "a"))
    state.apply(Action("agacharse", "a"))
    state.apply(Action("react", "b"))
    return state


def test_en_guardia_cannot_pivot_as_its_reaction() -> None:
    """ACCIONES GENÉRICAS, En guardia: the reaction of a Pj on guard may not be Pivotar,
    which a reacting Pj not on guard may take (ENE 1)."""
    turn = Action("pivotar", "b", facing=90.0)
    free = _reacting_b(guard=False)
    assert free.pending.kind.value == "react_act" and turn in free.legal_actions()
    guarded = _reacting_b(guard=True)
    assert guarded.pending.kind.value == "react_act" and turn not in guarded.legal_actions()
    refused(guarded, turn, "b is on guard: after En guardia it may not pivot")


def test_esconderse_cannot_pivot() -> None:
    """ACCIONES GENÉRICAS, Esconderse: a hidden Pj may not pivot."""
    state = game(**PIVOTING)
    state.figures["a"].hidden = True
    refused(state, Action("pivotar", "a", facing=90.0), "a is hidden: after Esconderse")


# -- The audit: every modifier, requirement and conditional check is covered -------------

AUDIT_TESTS = Path(__file__).name


@dataclass(frozen=True)
class Covered:
    """How one item of the list is covered: a test (``file::name`` under tests/) that
    plays it, or a ruling (the start of a heading of rules-interpretations.md) that says
    why the engine does nothing more; ``where`` says where the engine applies it."""

    test: str | None = None
    ruling: str | None = None
    where: str = ""


def played(test: str, where: str) -> Covered:
    """Applied in the engine at ``where``, played by ``test`` (this module's if no file)."""
    return Covered(test=test if "::" in test else f"{AUDIT_TESTS}::{test}", where=where)


def ruled(heading: str) -> Covered:
    return Covered(ruling=heading)


_OWN = "The action list's own modifiers"
_GENERIC = "Generic actions (ACCIONES GENÉRICAS)"
_POSTURE = "core/combat.py posture_modifiers"
_RANGE = "core/combat.py range_penalty"
_ALTITUDE = "actions/altitude.py _check, _failed"

# The action list's modifiers and conditional checks, by the key modifier_key and
# conditional_key give them.
MODIFIERS: dict[str, Covered] = {
    "correr: check=AGI value=1 when=next_action_movement until=next_action":
        played("test_correr_next_movement_ch_agi_plus_1", "actions/moving.py after_running"),
    "correr: check=AGI value=-1 when=next_action_not_movement until=next_action":
        played("test_correr_next_not_movement_ch_agi_minus_1", "actions/moving.py after_running"),
    "esprintar: check=ATR value=-3 until=next_action":
        played("test_esprintar_next_action_ch_atr_minus_3",
            "actions/moving.py, checks.acting_modifiers"),
    "esprintar: effect=cannot_attack until=end_of_turn":
        played("test_engine.py::test_esprintar_once_per_activation_and_no_attack_this_turn",
            "core/combat.py, actions/melee.py, actions/mind.py (Figure.sprinted)"),
    "esprintar: check=IMP value=-1 who=attackers until=end_of_turn":
        played("test_esprintar_ch_imp_minus_1_against_it_in_cac_too", "core/combat.py sprinted_at"),
    "agacharse: effect=half_height until=stands_up":
        played("test_engine.py::test_postures_cost_one_and_change_height", "Figure.current_height"),
    "agacharse: stat=ENE value=1 when=moving_on_easy_terrain until=stands_up":
        played("test_paths.py::test_agacharse_a_crouched_figure_pays_easy_ground_as_difficult",
            "core/routes.py"),
    "agacharse: check=IMP value=1 when=attacking_ranged until=stands_up":
        played("test_posture_shooting_ch_imp", _POSTURE),
    "agacharse: check=IMP value=-1 when=attacking_cac until=stands_up":
        played("test_posture_in_cac_ch_imp", _POSTURE),
    "agacharse: check=IMP value=-1 who=attackers when=ranged_beyond_3k until=stands_up":
        played("test_posture_shot_at_beyond_3_k", _POSTURE),
    "agacharse: check=IMP value=1 who=attackers when=attacking_cac until=stands_up":
        played("test_posture_in_cac_ch_imp", _POSTURE),
    "cuerpo_a_tierra: effect=prone_or_full_cover until=stands_up": ruled(_OWN),
    "cuerpo_a_tierra: check=IMP value=1 when=attacking_ranged until=stands_up":
        played("test_posture_shooting_ch_imp", _POSTURE),
    "cuerpo_a_tierra: check=IMP value=-2 when=attacking_cac until=stands_up":
        played("test_posture_in_cac_ch_imp", _POSTURE),
    "cuerpo_a_tierra: check=IMP value=-2 who=attackers when=ranged_beyond_3k until=stands_up":
        played("test_posture_shot_at_beyond_3_k", _POSTURE),
    "cuerpo_a_tierra: check=IMP value=2 who=attackers when=attacking_cac until=stands_up":
        played("test_posture_in_cac_ch_imp", _POSTURE),
    "mover_sin_hacer_ruido: effect=silent":
        played("test_terrain_moves.py::test_mover_sin_hacer_ruido_moves_mov_for_two_ene_without_noise",
            "actions/terrain.py"),
    "giro_180: check=AGI value=-1 when=difficult_terrain":
        played("test_terrain_moves.py::test_giro_180_difficult_ground_costs_ene_and_a_further_minus_one",
            "actions/terrain.py giro_180"),
    "cambiar_de_altitud: stat=ENE value=-3 when=check_failed":
        played("test_altitude.py::test_changing_height_on_rough_ground_needs_ch_agi", _ALTITUDE),
    "cambiar_de_altitud: stat=wounds value=3 when=check_fumbled":
        played("test_altitude.py::test_changing_height_on_rough_ground_needs_ch_agi", _ALTITUDE),
    "cambiar_de_altitud: conditional AGI complex when=difficult_or_extreme_terrain":
        played("test_altitude.py::test_changing_height_on_rough_ground_needs_ch_agi", _ALTITUDE),
    "despegar_aterrizar: stat=ENE value=-3 when=check_failed":
        played("test_despegar_aterrizar_on_rough_ground", _ALTITUDE),
    "despegar_aterrizar: stat=wounds value=3 when=check_fumbled":
        played("test_despegar_aterrizar_on_rough_ground", _ALTITUDE),
    "despegar_aterrizar: conditional AGI complex when=difficult_or_extreme_terrain":
        played("test_despegar_aterrizar_on_rough_ground", _ALTITUDE),
    "embarcar_desembarcar: conditional AGI difficult when=transport_moving":
        played("test_boarding.py::test_passengers_go_where_the_transport_goes_and_get_out_beside_it",
            "actions/boarding.py"),
    "maniobrar: check=AGI value=-1 when=moved_10_to_19k":
        played("test_transports.py::test_maniobrar_after_10_k_is_difficult_and_a_failure_stays_put",
            "actions/transport.py maniobrar"),
    "maniobrar: check=AGI value=-3 when=moved_20k_or_more":
        played("test_maniobrar_after_20_k_ch_agi_minus_3", "actions/transport.py maniobrar"),
    "ataque_distancia: check=IMP value=-1 per=each_10k_beyond_10k":
        played("test_ranged_attack_ch_imp_per_10_k_beyond_10_k", _RANGE),
    "ataque_distancia_a_bulto: check=IMP value=-1 per=each_10k_beyond_10k":
        played("test_ranged_attack_ch_imp_per_10_k_beyond_10_k", _RANGE),
    "ataque_distancia_a_ciegas: check=IMP value=-1 per=each_10k_beyond_10k":
        played("test_ranged_attack_ch_imp_per_10_k_beyond_10_k", _RANGE),
    "ataque_distancia_a_larga_distancia: check=IMP value=-1 per=each_10k_beyond_10k":
        played("test_ranged_attack_ch_imp_per_10_k_beyond_10_k", _RANGE),
    "ataque_distancia_a_combate_cac: check=IMP value=-1 per=each_10k_beyond_10k":
        played("test_ranged_attack_ch_imp_per_10_k_beyond_10_k", _RANGE),
    "ataque_distancia_a_combate_cac: effect=second_impact_check when=impact_not_critical":
        played("test_melee_variants.py::test_into_melee_a_critical_needs_no_second_roll",
            "actions/melee.py (2º CH IMP, combate CaC)"),
    "ataque_cac_arma_disparo: effect=second_impact_check when=impact_passed":
        played("test_melee_variants.py::test_cac_with_a_gun_failed_second_roll_misses",
            "actions/melee.py (2º CH IMP, arma de disparo)"),
    "ataque_cac_objeto_improvisado: check=IMP value=-1":
        played("test_melee_variants.py::test_improvised_object_impact_minus_one_and_damage_by_material",
            "actions/melee.py (book_modifiers)"),
    "ataque_sorpresa: effect=auto_hit until=next_cac_action":
        played("test_surprise.py::test_a_surprise_blow_hits_without_ch_imp_and_takes_def_two_off",
            "actions/surprise.py"),
    "ataque_sorpresa: check=DEF value=-2 who=target until=next_cac_action":
        played("test_surprise.py::test_a_surprise_blow_hits_without_ch_imp_and_takes_def_two_off",
            "core/melee.py (book_modifiers)"),
    "cargar: check=IMP value=1 until=next_cac_action":
        played("test_engine.py::test_charge_engages_and_gives_plus_one_to_impact_and_damage",
            "core/combat.py ataque_cac, actions/melee.py (Figure.charging)"),
    "cargar: stat=DAÑ value=1 until=next_cac_action":
        played("test_engine.py::test_charge_engages_and_gives_plus_one_to_impact_and_damage",
            "core/combat.py ataque_cac, actions/melee.py (Figure.charging)"),
    "contracarga: check=DEF value=1 when=against_charge":
        played("test_melee_variants.py::test_contracarga_gives_def_plus_one_against_the_charging_blow",
            "core/combat.py against_charge (book_modifiers)"),
    "destrabarse: effect=skip_check when=own_side_outnumbers":
        played("test_melee_variants.py::test_destrabarse_free_when_own_side_outnumbers",
            "actions/melee.py destrabarse"),
    "destrabarse: effect=free_attack who=nearest_enemy when=check_failed":
        played("test_melee_variants.py::test_destrabarse_failed_psi_gives_a_free_attack_with_impact_plus_one",
            "actions/melee.py destrabarse"),
    "destrabarse: check=IMP value=1 who=nearest_enemy when=check_failed":
        played("test_melee_variants.py::test_destrabarse_failed_psi_gives_a_free_attack_with_impact_plus_one",
            "actions/melee.py destrabarse (book_modifiers)"),
    "esquivar_en_cac: stat=DAÑ value=1 who=opponent when=check_fumbled":
        played("test_responses.py::test_esquivar_replaces_the_ch_imp_with_ch_agi_enf",
            "core/responses.py"),
    "contramagia: stat=stress value=1 who=opponent when=check_critical":
        played("test_contramagia_critical_stresses_the_opponent", "core/magic.py cast_roll"),
    "contramagia: stat=stress value=1 when=check_fumbled":
        played("test_contramagia_fumble_stresses_the_counter_mage", "core/magic.py cast_roll"),
    "apoyar: check=ATR value=1 who=ally until=next_check":
        played("test_generic_actions.py::test_apoyar_gives_the_ally_plus_one_on_its_next_check_only",
            "actions/generic.py apoyar, checks.acting_modifiers"),
    "concentrarse: check=ATR value=1 per=consecutive_use max=3 until=first_check_next_action":
        played("test_generic_actions.py::test_concentrarse_adds_up_to_three_for_the_next_action",
            "actions/generic.py concentrarse, checks.acting_modifiers"),
    "curar_reparar: stat=wounds value=-1 who=target when=check_passed":
        played("test_generic_actions.py::test_curar_outcomes", "actions/generic.py curar_reparar"),
    "curar_reparar: stat=wounds value=-3 who=target when=check_critical":
        played("test_generic_actions.py::test_curar_outcomes", "actions/generic.py curar_reparar"),
    "curar_reparar: stat=wounds value=1 who=target when=check_failed":
        played("test_generic_actions.py::test_curar_outcomes", "actions/generic.py curar_reparar"),
    "curar_reparar: stat=wounds value=3 who=target when=check_fumbled":
        played("test_generic_actions.py::test_curar_outcomes", "actions/generic.py curar_reparar"),
    "desatarse: stat=wounds value=1 when=check_fumbled":
        played("test_holds.py::test_a_fumbled_desatarse_costs_a_wound", "actions/holds.py"),
    "en_guardia: effect=cannot_pivot":
        played("test_en_guardia_cannot_pivot", "actions/transport.py still"),
    "en_guardia: effect=los_arc_180": ruled(_GENERIC),
    "en_guardia: check=VOL value=2 when=reaction_check until=next_reaction_or_other_action":
        played("test_generic_actions.py::test_en_guardia_gives_plus_two_to_the_next_reaction_check",
            "actions/generic.py en_guardia, core/reactions.py"),
    "esconderse: effect=cannot_pivot":
        played("test_esconderse_cannot_pivot", "actions/transport.py still"),
    "esconderse: effect=los_arc_180": ruled(_OWN),
    "esconderse: effect=hidden":
        played("test_generic_actions.py::test_shooting_a_hidden_pj_needs_a_won_int_contest_first",
            "actions/generic.py esconderse, core/perform.py"),
    "saquear: check=AGI value=-1 per=looted_object until=end_of_turn":
        played("test_items.py::test_saquear_takes_one_piece_and_costs_ch_agi_minus_one",
            "actions/items.py saquear, checks.burden_modifiers"),
}  # fmt: skip

# Requirements that another module's test refuses (the others are REFUSALS above).
REQUIRED_ELSEWHERE: dict[tuple[str, str], str] = {
    ("giro_180", "min_mov"): "test_terrain_moves.py::test_giro_180_refusals",
    ("giro_180", "not_altitude_3"): "test_terrain_moves.py::test_giro_180_refusals",
    ("maniobrar", "after_move_or_run"):
        "test_transports.py::test_maniobrar_needs_a_move_first_and_keeps_the_facing",
    ("ataque_sorpresa", "behind_target"):
        "test_surprise.py::test_ataque_sorpresa_needs_the_back_contact_and_an_unnoticed_arrival",
    ("ataque_sorpresa", "unnoticed_approach"):
        "test_surprise.py::test_ataque_sorpresa_needs_the_back_contact_and_an_unnoticed_arrival",
    ("contracarga", "reacting_to_charge"):
        "test_melee_variants.py::test_contracarga_answers_only_a_charge_against_the_reactor",
    ("destrabarse", "engaged"): "test_melee_variants.py::test_destrabarse_refusals",
    ("combate_mental", "neuromante_titiritero_or_hielo"):
        "test_effects_vanish.py::test_without_hielo_a_plain_target_has_no_answer",
    ("contramagia", "neuromante"):
        "test_mind.py::test_contramagia_is_offered_to_an_enemy_neuromante_in_reach",
    ("poseer", "target_stress_full"): "test_mind.py::test_poseer_refusals",
    ("huir", "not_engaged"): "test_responses.py::test_esquivar_offered_in_cac_and_not_huir",
    ("marcar_un_objetivo", "possessing_target"):
        "test_mind.py::test_marking_needs_the_possession_and_a_passed_check",
}  # fmt: skip

_FIELDS = ("check", "stat", "effect", "value", "per", "max", "who", "when", "until")


def modifier_key(action_id: str, modifier: Modifier) -> str:
    """``action: field=value ...``: every field the modifier sets (who=self is the default)."""
    parts = [
        f"{name}={value}"
        for name in _FIELDS
        if (value := getattr(modifier, name)) is not None and (name, value) != ("who", "self")
    ]
    return f"{action_id}: {' '.join(parts)}"


def conditional_key(action_id: str, check: ConditionalCheck) -> str:
    return (
        f"{action_id}: conditional {check.check.value} {check.difficulty.value} when={check.when}"
    )


@cache
def _tests(file: str) -> dict[str, str]:
    """The test functions of a module of tests/: name -> name and docstring, folded."""
    tree = ast.parse((ROOT / "tests" / file).read_text(encoding="utf-8"))
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            decorators = " ".join(ast.unparse(d) for d in node.decorator_list)
            said = f"{node.name.replace('_', ' ')} {ast.get_docstring(node) or ''} {decorators}"
            found[node.name] = fold(said.replace("_", " "))
    return found


def _ruling(heading: str) -> str | None:
    """The folded text of the rulings section whose heading starts with ``heading``."""
    text = RULINGS.read_text(encoding="utf-8")
    found = re.search(rf"^(#+) {re.escape(heading)}.*$", text, re.M)
    if found is None:
        return None
    level = len(found.group(1))
    rest = text[found.end() :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return fold(rest if end is None else rest[: end.start()])


def _names(action: Entry) -> tuple[str, ...]:
    """How a test or a ruling may name the action: its book name or its id."""
    return fold(action.name), action.id.replace("_", " ")


def _test_problem(where: str, test: str, action: Entry) -> str | None:
    file, _, name = test.partition("::")
    if not (ROOT / "tests" / file).is_file() or name not in _tests(file):
        return f"{where}: no test {test}"
    if not any(n in _tests(file)[name] for n in _names(action)):
        return f"{where}: {test} does not name {action.name} (name, docstring or parameters)"
    return None


def audit_problems(actions: tuple[Entry, ...]) -> list[str]:
    """What the audit finds wrong: items of the list nothing covers, rows of the tables
    that no item of the list has, and references to tests or rulings that do not exist
    or do not name the action."""
    problems: list[str] = []
    seen: set[str] = set()
    required: set[tuple[str, str]] = set()
    for action in actions:
        keys = [modifier_key(action.id, m) for m in action.modifiers]
        keys += [conditional_key(action.id, c) for c in action.conditional_checks]
        for key in keys:
            seen.add(key)
            covered = MODIFIERS.get(key)
            if covered is None:
                problems.append(f"{key}: no test or ruling covers it (add it to MODIFIERS)")
            elif covered.test is not None:
                problems.append(_test_problem(key, covered.test, action) or "")
            else:
                assert covered.ruling is not None
                section = _ruling(covered.ruling)
                if section is None:
                    problems.append(f"{key}: no ruling '{covered.ruling}' in {RULINGS.name}")
                elif not any(n in section for n in _names(action)):
                    problems.append(f"{key}: the ruling '{covered.ruling}' does not name it")
        for requirement in action.requires:
            pair = (action.id, requirement.id)
            required.add(pair)
            if pair in REFUSALS:
                continue
            test = REQUIRED_ELSEWHERE.get(pair)
            if test is None:
                problems.append(f"{action.id} requires {requirement.id}: nothing refuses it")
            else:
                problems.append(_test_problem(f"{pair}", test, action) or "")
    problems += [f"{key}: not in the action list" for key in MODIFIERS.keys() - seen]
    stale = (REFUSALS.keys() | REQUIRED_ELSEWHERE.keys()) - required
    problems += [f"{pair}: not a requirement of the action list" for pair in sorted(stale)]
    problems += [f"{pair}: covered twice" for pair in REFUSALS.keys() & REQUIRED_ELSEWHERE.keys()]
    return [p for p in problems if p]


def test_every_modifier_requirement_and_conditional_check_is_covered() -> None:
    """ACCIONES (issue 15 §1): each modifier, requirement and conditional check of the 61
    actions is played by a test that names the action, or read by a ruling."""
    actions = load_actions().actions
    assert len(actions) == 61
    assert audit_problems(actions) == []


def test_the_audit_fails_on_an_uncovered_or_a_stale_item() -> None:
    """The audit itself: a modifier or requirement that nothing covers, a row of the table
    the list no longer has, and a test that does not name its action are all found."""
    actions = load_actions().actions
    first = actions[0]  # Mover: no modifiers, no requirements
    extra = replace(
        first,
        modifiers=(Modifier(check="AGI", value=1, when="reaction_check"),),
        requires=(Requirement("in_los"),),
    )
    problems = audit_problems((extra, *actions[1:]))
    assert "mover: check=AGI value=1 when=reaction_check: no test or ruling covers it" in " ".join(
        problems
    )
    assert "mover requires in_los: nothing refuses it" in problems
    correr = next(a for a in actions if a.id == "correr")
    bare = tuple(replace(a, modifiers=()) if a is correr else a for a in actions)
    assert sorted(audit_problems(bare)) == sorted(
        f"{key}: not in the action list" for key in MODIFIERS if key.startswith("correr:")
    )
    posture = f"{AUDIT_TESTS}::test_posture_shooting_ch_imp"
    assert "does not name Correr" in (_test_problem("correr", posture, correr) or "")
    missing = "test_engine.py::test_no_such_test"
    assert _test_problem("correr", missing, correr) == f"correr: no test {missing}"
    assert (
        _test_problem("correr", f"{AUDIT_TESTS}::test_correr_then_cargar_changes_nothing", correr)
        is None
    )
