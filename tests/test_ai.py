"""The baseline AI with the catalogue's choices: it drinks a healing object when badly
hurt, restores its energy shield when it has nothing to shoot, spends its Poder and
Maestro de esgrima's +1 on its blows, and never takes an option with a price."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import shapely

from wartime.board.battlefield import Wall
from wartime.engine import GameState, find_path
from wartime.engine.ai.players import _gap, _has_attack, choose
from wartime.engine.core.movement import engaged_with, moves
from wartime.engine.core.profiles import Trait, Transport, Weapon
from wartime.engine.entries import options as options_entry

from .engine_support import KNIFE, PISTOL, do, face_off, profile, scenario, started
from .test_areas import GRENADE
from .test_gear import ELIXIR


def engaged(traits: tuple[Trait, ...], **extra: Any) -> GameState:
    a = replace(profile("a", weapons=(KNIFE,)), traits=traits, **extra)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
    return started(scenario(units, profiles={"a": a, "b": profile("b", con=9)}), [5] * 10)


def test_the_baseline_drinks_its_elixir_once_half_its_con_is_wounds() -> None:
    state = engaged((), gear=(ELIXIR,))
    assert choose(state).kind == "ataque_cac"  # unhurt: it strikes
    state.figures["a"].wounds = 2
    action = choose(state)
    assert (action.kind, action.item) == ("usar", "elixir")


def test_the_baseline_spends_its_poder_and_picks_where_maestro_helps() -> None:
    state = engaged((Trait("Poderoso"), Trait("Maestro de esgrima"), Trait("Frenesí")))
    options_entry.put(state.figures["a"], options_entry.Chosen(3))
    # AGI 4: a CH IMP of 4 or less is 40%, under the 70% it trusts: the +1 goes there.
    assert choose(state).options == ("Poderoso (3)", "Maestro de esgrima (IMP)")


def test_the_baseline_restores_its_shield_when_it_has_nothing_to_shoot() -> None:
    a = replace(profile("a", weapons=()), traits=(Trait("Escudo de energía", 2),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 25.0), 180.0)]
    state = started(scenario(units, profiles={"a": a}), [5] * 10)
    assert choose(state).kind != "usar_bonus"  # a full shield
    state.figures["a"].shield_lost = 1
    action = choose(state)
    assert (action.kind, action.item) == ("usar_bonus", "Escudo de energía")
    do(state, action)
    assert state.figures["a"].shield_lost == 0


# -- A baseline that fights (issue 12): paths, sprints, cover, area weapons -----------------


WALL = Wall(((10.0, 0.0), (10.0, 12.0)), 3.0, 4, id="muro")  # tall: it shuts the way east


def test_the_baseline_advances_round_a_wall_along_the_shortest_way() -> None:
    """It heads for the nearest enemy along find_path, not into the wall between them."""
    units = [("a", "A", (9.0, 6.0), 0.0), ("b", "B", (16.0, 6.0), 180.0)]
    a = profile("a", weapons=(KNIFE,))
    state = started(scenario(units, profiles={"a": a}, walls=(WALL,)), [5] * 10)
    way = find_path(state, state.figures["a"], state.figures["b"].position)
    action = choose(state)
    assert action.kind in ("esprintar", "correr", "mover") and action.point is not None
    line = shapely.LineString(way.legs)
    assert line.distance(shapely.Point(action.point)) < 1e-6  # a point on the way round
    before = line.project(shapely.Point(state.figures["a"].position))
    do(state, action)
    after = line.project(shapely.Point(state.figures["a"].position))
    assert after - before > 1.0  # real progress round the wall, not a bump against it


def test_the_baseline_sprints_only_while_nothing_could_reach_an_enemy() -> None:
    """Esprintar bars attacking this turn: it sprints when even a run would leave every
    weapon and a charge out of reach, and runs once a target is within reach."""
    far = [("a", "A", (2.0, 2.0), 0.0), ("b", "B", (38.0, 28.0), 180.0)]
    a = profile("a", weapons=(PISTOL,))
    assert choose(started(scenario(far, profiles={"a": a}), [5] * 10)).kind == "esprintar"
    near = [("a", "A", (2.0, 2.0), 0.0), ("b", "B", (19.0, 2.0), 180.0)]  # 16 K: ALC 15
    assert choose(started(scenario(near, profiles={"a": a}), [5] * 10)).kind == "correr"


def test_the_baseline_keeps_an_area_weapon_for_a_group() -> None:
    """A lone enemy is not worth a grenade; two enemies side by side are."""
    a = profile("a", weapons=(GRENADE,))
    lone = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (18.0, 10.0), 180.0)]
    assert choose(started(scenario(lone, profiles={"a": a}), [5] * 10)).kind != ("ataque_distancia")
    group = [*lone, ("c", "B", (18.0, 11.5), 180.0)]
    action = choose(started(scenario(group, profiles={"a": a}), [5] * 10))
    assert (action.kind, action.item) == ("ataque_distancia", "granada")


def test_the_baseline_ends_a_move_short_when_that_hides_it_from_a_gun() -> None:
    """It stops a K or two short of its whole stride when a wall then covers it from an
    enemy rifle by much more than it would at the far spot."""
    cover = Wall(((13.5, 0.0), (13.5, 7.2)), 3.0, 4, id="abrigo")  # hides y < 7 from b
    units = [("a", "A", (5.0, 6.0), 0.0), ("b", "B", (30.0, 6.0), 180.0)]
    a = profile("a", weapons=(KNIFE,))
    state = started(scenario(units, profiles={"a": a}, walls=(cover,)), [5] * 10)
    action = choose(state)
    assert action.point is not None
    full = find_path(state, state.figures["a"], state.figures["b"].position)
    reach = full.reach[action.kind]
    line = shapely.LineString(full.legs)
    assert line.project(shapely.Point(action.point)) < reach - 0.5  # it stopped short


# -- The baseline keeps fighting: it reloads, charges from a run-up, drives round walls --

BRUTE = profile("a", con=5, agi=4, defense=2, weapons=(KNIFE,))
# Cargadores without X: 10 − DAÑ = 6 rounds; Recargar costs its DAÑ, 4 ENE
CARBINE = Weapon("carabina", ene=1, dan=4, alc=20, cal=4, bonuses=("Cargadores",))


def test_the_baseline_reloads_an_empty_gun_instead_of_standing_idle() -> None:
    """Cargadores: an empty magazine shoots no more (Recargar, X = DAÑ). With a target in
    range it reloads first, then shoots, where it used to hand over or walk on."""
    a = profile("a", weapons=(CARBINE,))
    state = face_off(a, faces=[5] * 20)
    assert choose(state).kind == "ataque_distancia"  # a full magazine: it shoots
    state.figures["a"].rounds["carabina"] = 0
    action = choose(state)
    assert (action.kind, action.item) == ("recargar", "carabina")
    do(state, action)
    assert choose(state).kind == "ataque_distancia"


def test_an_empty_gun_gives_the_baseline_no_attack_to_react_with() -> None:
    """It reacts only with an attack to make (_has_attack): a reaction it could only spend
    on a refused shot is not worth its CH VOL and ENE."""
    a = profile("a", weapons=(CARBINE,))
    state = face_off(a, faces=[5] * 20)
    assert _has_attack(state, state.figure("a"))
    state.figures["a"].rounds["carabina"] = 0
    assert not _has_attack(state, state.figure("a"))


def test_a_baseline_charger_stops_where_its_charge_can_start() -> None:
    """Cargar needs at least charge_min K of way: a brute with too little ENE left to
    charge walks on only as far as a charge can start from next time, not on to the 1 K
    ring, from where no charge can start."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]  # 2.5 K gap
    state = started(scenario(units, profiles={"a": BRUTE}), [5] * 30)
    state.figures["a"].ene = 1  # a Mover, not a Cargar (ENE 2)
    while state.pending.figure == "a" and (action := choose(state)).kind != "end":
        do(state, action)
    assert _gap(state.figure("a"), state.figure("b")) >= moves().charge_min
    state.figures["a"].ene = 9
    assert choose(state).kind == "cargar"


def test_a_baseline_charger_too_close_to_charge_steps_back_and_charges() -> None:
    """1.2 K from its enemy a brute is too close for Cargar and may not walk into contact
    (the 1 K rule): it steps back to where a charge can start, then charges."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (12.2, 10.0), 180.0)]  # 1.2 K gap
    state = started(scenario(units, profiles={"a": BRUTE}), [5] * 30)
    action = choose(state)
    assert action.kind in ("mover", "correr")
    do(state, action)
    assert _gap(state.figure("a"), state.figure("b")) >= moves().charge_min
    charge = choose(state)
    assert (charge.kind, charge.target) == ("cargar", "b")
    do(state, charge)
    assert state.figure("b").id in {e.id for e in engaged_with(state, state.figure("a"))}


def test_a_baseline_transport_drives_round_a_wall_it_faces() -> None:
    """A transport goes along its nose and turns 45° at most at the end of a move: facing
    a wall, it pivots onto the walking way and follows it leg by leg, where it used to
    stop against the wall for the rest of the game."""
    vehicle = Transport("buggy", ene=2, mov=6.0, defense=4, cal=2)
    buggy = replace(profile("a", weapons=(KNIFE,)), transport=vehicle)
    units = [("a", "A", (9.0, 6.0), 0.0), ("b", "B", (30.0, 6.0), 180.0)]
    state = started(scenario(units, profiles={"a": buggy}, walls=(WALL,)), [5] * 60)
    start = find_path(state, state.figure("a"), state.figure("b").position).length
    kinds = []
    for _ in range(6):
        action = choose(state)
        if action.kind == "end":
            break
        kinds.append(action.kind)
        do(state, action)
    left = find_path(state, state.figure("a"), state.figure("b").position).length
    assert "pivotar" in kinds and {"mover", "correr"} & set(kinds)
    assert left < start - 6.0  # a full drive's worth nearer along the way round
