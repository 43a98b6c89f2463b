"""legal_actions reads lines of sight once per list, and skips the checks they settle.

The offers (core/candidates.py) ask the world's cover memory for a list's lines of sight
in one batch (``look``), and in plain positions leave out, without a trial, the shots
and throws whose check is sure to refuse them (``hopeless``) and take Esconderse when
no enemy sees the figure too well.  These tests hold every such shortcut equal to
GameState.check on a walled map, where lines of sight are blocked and partly covered.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
import shapely

from wartime.board.battlefield import Battlefield, Unit
from wartime.engine import Action, GameState, PendingKind, Ruleset, Scenario
from wartime.engine.actions import generic
from wartime.engine.ai.players import choose
from wartime.engine.core import candidates as offers
from wartime.engine.core.combat import sight
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.profiles import Profile, Weapon
from wartime.engine.core.world import World
from wartime.formats.map import load_map
from wartime.i18n import told

from .conftest import ROOT

RIFLE = Weapon("fusil", ene=3, dan=4, alc=20, cal=4)
KNIFE = Weapon("cuchillo", ene=2, dan=2, alc=0, cal=3)
SHOTS = ("ataque_distancia", "ataque_distancia_a_larga_distancia", "ataque_distancia_a_ciegas")
THROWN = (None, "wood", "fusil", "cuchillo")
LISTED = (PendingKind.ACT, PendingKind.REACT_ACT)


# Free spots of the village's rows y = 6 and y = 24, 18 K apart: within a rifle's ALC.
A_SPOTS = (5.0, 11.0, 17.0, 23.0, 29.0, 35.0)
B_SPOTS = (5.0, 8.0, 15.0, 18.0, 28.0, 35.0)


def village(seed: int) -> Scenario:
    """Riflemen among the ruined village's walls and houses, as the engine bench has
    them but within range of each other from the start."""
    field = load_map(ROOT / "maps" / "aldea-en-ruinas.yaml")
    units = [Unit(f"a{i}", "A", (x, 6.0), 90.0) for i, x in enumerate(A_SPOTS)]
    units += [Unit(f"b{i}", "B", (x, 24.0), 270.0) for i, x in enumerate(B_SPOTS)]
    battlefield = Battlefield(
        "village", field.size, walls=field.walls, obstacles=field.obstacles,
        terrain=field.terrain, units=tuple(units),
    )  # fmt: skip
    profiles = {
        u.id: Profile(u.id, u.id, 4, 4, 4, 4 + int(u.id[1:]) % 3, 1.0, 3, (RIFLE, KNIFE), 60)
        for u in units
    }
    return Scenario(battlefield, profiles, Ruleset(), seed)


def positions(seeds: int, per_game: int) -> Iterator[GameState]:
    """Positions where a Pj picks its action, from games of random legal moves (the
    baseline AI plays side A in odd seeds, so that the armies also close in)."""
    for seed in range(seeds):
        state = village(seed).new_game()
        rng = random.Random(seed)
        found = 0
        while not state.over and found < per_game:
            if state.pending.kind in LISTED:
                found += 1
                yield state
            ai = state.pending.side == "A" and seed % 2
            state.apply(choose(state) if ai else rng.choice(state.legal_actions()))


def test_the_lists_are_the_same_without_the_plain_shortcuts() -> None:
    """The same list in the same order with every plain shortcut switched off, and the
    shortcuts do take shots, a ciegas shots and Esconderse in these games."""
    taken: set[str] = set()
    for state in positions(4, 80):
        fast = state.legal_actions()
        plain, offers.plain_position = offers.plain_position, lambda s, f: False
        try:
            slow = state.legal_actions()
        finally:
            offers.plain_position = plain
        assert fast == slow, state.history
        taken |= {a.kind for a in fast}
    assert {"ataque_distancia", "ataque_distancia_a_ciegas", "esconderse"} <= taken


def candidates(state: GameState, fid: str) -> Iterator[Action]:
    """Every shot and throw at every enemy, offered or not."""
    figure = state.figure(fid)
    for enemy in state.enemies_of(figure):
        for kind in SHOTS:
            yield Action(kind, fid, target=enemy.id, item="fusil")
        for item in THROWN:
            yield Action("lanzar_armas_objetos", fid, target=enemy.id, item=item)


def test_a_hopeless_shot_is_refused_by_the_check() -> None:
    """Whatever ``hopeless`` leaves out, GameState.check refuses; and it leaves out some."""
    left_out = 0
    for state in positions(3, 25):
        fid = state.pending.figure
        assert fid is not None
        figure = state.figure(fid)
        if not offers.plain_position(state, figure):
            continue
        views = offers.look(state, figure, [])
        blind = [a for a in candidates(state, fid) if a.kind == offers.BLIND]
        offers._spot(state, figure, blind, views)
        for action in candidates(state, fid):
            if offers.hopeless(views, figure, action):
                left_out += 1
                assert state.check(action) is not None, action
    assert left_out > 50


def test_esconderse_is_refused_exactly_when_an_enemy_sees_the_figure() -> None:
    """generic.seen_by, which the offers read in plain positions, is the check's rule."""
    both = set()
    for state in positions(3, 30):
        fid = state.pending.figure
        assert fid is not None
        figure = state.figure(fid)
        if figure.hidden or figure.ene < 3:
            continue
        seen = generic.seen_by(state, figure) is not None
        assert seen == (state.check(Action("esconderse", fid)) is not None), state.history
        both.add(seen)
    assert both == {True, False}


def test_the_offers_lookouts_are_the_a_ciegas_rule() -> None:
    """offers.lookouts, which the offers read, find an ally that sees the target exactly
    when the a ciegas shot's check does (melee_variants.ataque_distancia_a_ciegas)."""
    both = set()
    for state in positions(3, 30):
        fid = state.pending.figure
        assert fid is not None
        figure = state.figure(fid)
        if figure.sprinted or engaged_with(state, figure) or figure.profile.weapon("fusil") is None:
            continue  # its check refuses any shot before it asks the allies (or dropped it)
        for enemy in state.enemies_of(figure):
            seen = sight(state, figure, enemy)
            if not seen.in_vision or seen.line_of_sight != "blocked" or seen.distance > RIFLE.alc:
                continue  # likewise
            looking = offers.lookouts(state, figure, enemy)
            spotted = any(view.line_of_sight != "blocked" for _, view in looking)
            refusal = state.check(Action(offers.BLIND, fid, target=enemy.id, item="fusil"))
            assert ("No ally of" in told(refusal or "", "en")) == (not spotted), state.history
            both.add(spotted)
    assert both == {True, False}


def test_the_checks_find_the_lines_of_sight_look_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """``look`` fills the memory with the keys the checks read (combat.cover_query and
    shot_query): a shot checked after it asks the geometry for no line of the shooter."""
    asked: list[tuple[object, ...]] = []
    fill = World.fill_cover

    def recorded(world: World, queries):  # type: ignore[no-untyped-def]
        queries = list(queries)
        asked.extend(q for q in queries if q not in world._cover)
        fill(world, queries)

    monkeypatch.setattr(World, "fill_cover", recorded)
    checked = 0
    for state in positions(2, 30):
        fid = state.pending.figure
        assert fid is not None
        figure = state.figure(fid)
        if not offers.look(state, figure, []).aims:
            continue
        asked.clear()
        for enemy in state.enemies_of(figure):
            if sight(state, figure, enemy).in_vision:
                state.check(Action("ataque_distancia", fid, target=enemy.id, item="fusil"))
                checked += 1
        assert not [q for q in asked if q[0] in (figure.eye(), figure.muzzle())], asked
    assert checked > 20


def test_the_worlds_solids_build_each_polygon_once_and_the_same() -> None:
    """World.solids keep their polygon (Shaped); it is the polygon Solid.polygon builds."""
    field = village(0).battlefield
    world = World.of(field)
    for shaped, solid in zip(world.solids, field.solids(), strict=True):
        assert (shaped.id, shaped.outline, shaped.height, shaped.defense) == (
            solid.id, solid.outline, solid.height, solid.defense,
        )  # fmt: skip
        assert shaped.polygon() is shaped.polygon()
        assert shapely.equals_exact(shaped.polygon(), solid.polygon(), tolerance=0.0)
