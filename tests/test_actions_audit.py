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
from dataclasses import replace
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Transport, Weapon
from wartime.rules.actions import Action as Entry
from wartime.rules.actions import Modifier, load_actions
from wartime.rules.text import fold

from .engine_support import RIFLE, do, profile, refused, rolls, scenario, started

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
        lambda: game(ENGAGED), Action("esquivar_en_cac", "a"), "it is offered when one is declared"),
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
