"""Heights of movement: Cambiar de altitud, Despegar / aterrizar, Volar en altura 3.

MOVIMIENTO, Alturas de movimiento, and the action list; the readings (who may
fly, what a failure costs) are in docs/rules-interpretations.md, "Heights".
"""

from __future__ import annotations

import pytest

from wartime.board.battlefield import Battlefield, Terrain, TerrainKind, Unit, Wall
from wartime.board.shapes import wall_solids
from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.core.combat import sight
from wartime.geometry.cover import cover_percent_reference

from .engine_support import do, profile, refused, started


def _sky(level: int, faces: list[int] | None = None, **extra: object) -> GameState:
    """a (side A) placed at ``level`` at (10, 10); b (B) on the ground far off; maybe mud."""
    units = (
        Unit("a", "A", (10.0, 10.0), 0.0, level=level),
        Unit("b", "B", (35.0, 25.0), 180.0),
        *extra.get("units", ()),  # type: ignore[misc]
    )
    terrain = extra.get("terrain", ())
    field = Battlefield("sky", (40.0, 30.0), terrain=terrain, units=units)  # type: ignore[arg-type]
    scn = Scenario(field, {u.id: profile(u.id) for u in units}, Ruleset(), 1)
    return started(scn, faces or [])


def test_a_flyer_climbs_and_moves_straight_up_to_its_mov() -> None:
    """Cambiar de altitud (1): one height, in a straight line up to its MOV (1 K here)."""
    state = _sky(2)
    do(state, Action("cambiar_de_altitud", "a", point=(14.0, 10.0), level=3))
    a = state.figure("a")
    assert (a.level, a.ene) == (3, 8 - 1)
    assert a.position == pytest.approx((11.0, 10.0))  # MOV 1


def test_a_figure_placed_on_the_ground_cannot_take_off() -> None:
    """Alturas de movimiento: pedestrians move at height 1 (the map says who flies)."""
    state = _sky(1)
    refused(state, Action("cambiar_de_altitud", "a", level=2), "cannot fly")
    refused(state, Action("despegar_aterrizar", "a", level=2), "cannot fly")


def test_one_height_at_a_time() -> None:
    """Cambiar de altitud: one height up or down (−1, 1, 2, 3, 4)."""
    state = _sky(2)
    refused(state, Action("cambiar_de_altitud", "a", level=4), "one height up or down")
    refused(state, Action("cambiar_de_altitud", "a"), "needs the height")
    refused(state, Action("despegar_aterrizar", "a", level=3), "between the ground")


def test_landing_puts_the_base_back_on_the_table_where_there_is_room() -> None:
    """Despegar / aterrizar: landing needs a free spot; the landed base blocks moves again."""
    blocker = Unit("c", "A", (10.0, 10.0), 0.0)  # on the ground right under a
    state = _sky(2, units=(blocker,))
    refused(state, Action("despegar_aterrizar", "a", level=1), "No room to land")
    do(state, Action("despegar_aterrizar", "a", point=(11.0, 10.0), level=1))
    assert state.figure("a").level == 1
    assert "a" in {d.id for d in state.physics().bases}


@pytest.mark.parametrize(
    ("face", "went", "ene", "wounds"),
    [(3, True, 8 - 1, 0), (8, False, 8 - 1 - 3, 0), (10, False, 8 - 1 - 3, 3)],
)
def test_changing_height_on_rough_ground_needs_ch_agi(
    face: int, went: bool, ene: int, wounds: int
) -> None:
    """Cambiar de altitud: on difficult ground CH AGI; a failure, ENE −3; a fumble, 3 wounds."""
    mud = Terrain(((8.0, 8.0), (12.0, 8.0), (12.0, 12.0), (8.0, 12.0)), TerrainKind.DIFFICULT)
    state = _sky(-1, [face, 5], terrain=(mud,))  # placed underground: it may come up to 1
    do(state, Action("cambiar_de_altitud", "a", level=1))
    a = state.figure("a")
    assert (a.level == 1, a.ene, a.wounds) == (went, ene, wounds)
    refused(state, Action("cambiar_de_altitud", "a", level=2), "one height|cannot fly")


def test_at_height_3_a_flyer_moves_its_whole_mov_and_alternates_actions() -> None:
    """Volar en altura 3: always the whole MOV; never two non-movement actions in a row;
    no Pivotar."""
    state = _sky(3)
    do(state, Action("mover", "a", point=(10.2, 10.0)))
    assert state.figure("a").position == pytest.approx((11.0, 10.0))  # MOV 1, not 0.2
    do(state, Action("concentrarse", "a"))
    refused(state, Action("en_guardia", "a"), "must move between two actions")
    refused(state, Action("pivotar", "a", facing=90.0), "altitude 3")


def test_a_refused_landing_leaves_the_table_as_it_was() -> None:
    """An illegal action leaves no trace (DESIGN §3), in the physics table too."""
    state = _sky(2, [5])
    state.physics()
    state.figures["a"].ene = 0  # too little ENE: the landing is refused after the check
    refused(state, Action("despegar_aterrizar", "a", level=1), "Not enough ENE")
    assert "a" not in {d.id for d in state.physics().bases}


def test_a_flyer_at_height_2_shows_over_a_wall_that_hides_walkers() -> None:
    """Alturas de movimiento: level 2 is 3 K up (DESIGN §5) for the eye that looks at it
    as for its own.  Behind a 2 K wall, b on the ground is wholly hidden from c; at height
    2 only its feet are, by the shapely reference's measure."""
    wall = Wall(((20.0, 0.0), (20.0, 30.0)), 2.0, 3)
    units = (
        Unit("c", "A", (15.0, 10.0), 0.0),
        Unit("b", "B", (25.0, 10.0), 180.0, level=2),
        Unit("w", "B", (25.0, 20.0), 180.0),
    )
    field = Battlefield("sky", (40.0, 30.0), walls=(wall,), units=units)
    state = Scenario(field, {u.id: profile(u.id) for u in units}, Ruleset(), 1).new_game()
    c, b, w = (state.figure(i) for i in "cbw")
    assert b.feet() == 3.0 and w.feet() == 0.0
    assert sight(state, c, w).cover == 100.0
    flyer = sight(state, c, b).cover
    solids = wall_solids("w", wall.points, wall.thickness, wall.height, wall.defense)
    assert flyer == pytest.approx(
        cover_percent_reference(c.eye(), b.position, 1.0, 1.0, solids, base=3.0), abs=0.05
    )
    assert 0.0 < flyer < 50.0 and sight(state, c, b).cover_class == "partial"
