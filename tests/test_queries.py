"""What lies where (wartime.board.queries): plain values in, plain values out, no pygame."""

from __future__ import annotations

import math

import pytest

from wartime.board.battlefield import Battlefield, Deployment, Posture, Terrain, TerrainKind, Unit
from wartime.board.edits import EditError, add_obstacle, add_wall
from wartime.board.queries import (
    Description,
    describe,
    element,
    exists,
    hit_test,
    inside,
    is_open,
    nearest_edge,
    pick,
    segment_distance,
    vertex_at,
    vertices,
)
from wartime.geometry.vision import vision_range

SQUARE = ((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0))


def small_map() -> Battlefield:
    """A wall along y = 1, a house, a wood under the house's corner, a zone and a unit."""
    field = Battlefield("Prueba", (24.0, 18.0))
    field, _ = add_wall(field, [(1, 1), (5, 1)], height=2.0, defense=4, ident="muro")
    field, _ = add_obstacle(field, [(10, 10), (14, 10), (14, 13), (10, 13)], ident="casa")
    wood = Terrain(((12, 12), (18, 12), (18, 16), (12, 16)), TerrainKind.DIFFICULT, "bosque")
    zone = Deployment("A", ((0, 0), (24, 0), (24, 4), (0, 4)))
    unit = Unit("u1", "A", (7.0, 7.0), posture=Posture.PRONE)
    return Battlefield(
        "Prueba",
        (24.0, 18.0),
        walls=field.walls,
        obstacles=field.obstacles,
        terrain=(wood,),
        deployment=(zone,),
        units=(unit,),
    )


def test_segment_distance_measures_to_the_nearest_point_of_the_segment() -> None:
    assert segment_distance((2, 3), (0, 0), (4, 0)) == 3
    assert segment_distance((7, 4), (0, 0), (4, 0)) == 5  # past the end: to the end point
    assert segment_distance((1, 1), (2, 2), (2, 2)) == pytest.approx(math.sqrt(2))  # a point


def test_inside_is_even_odd() -> None:
    assert inside((2, 2), SQUARE)
    assert not inside((5, 2), SQUARE)
    ring = ((0, 0), (6, 0), (6, 6), (0, 6), (0, 0), (2, 2), (2, 4), (4, 4), (4, 2), (2, 2))
    assert not inside((3, 3), ring)  # in the hole
    assert inside((1, 3), ring)


def test_hit_test_prefers_units_then_walls_then_obstacles() -> None:
    field = small_map()
    assert hit_test(field, (7.2, 7.2)) == "u1"
    assert hit_test(field, (3, 1.05)) == "muro"
    assert hit_test(field, (3, 1.3)) is None
    assert hit_test(field, (3, 1.3), tolerance=0.3) == "muro"
    assert hit_test(field, (12, 11)) == "casa"
    assert hit_test(field, (16, 14)) is None  # terrain is not hovered


def test_hit_test_names_unnamed_elements_by_their_place() -> None:
    field = Battlefield("t", (10, 10))
    field, _ = add_wall(field, [(1, 1), (5, 1)])
    field, _ = add_obstacle(field, SQUARE)
    assert hit_test(field, (3, 1)) == "walls[0]"
    assert hit_test(field, (2, 3)) == "obstacles[0]"


def test_pick_falls_back_to_terrain_then_zones() -> None:
    field = small_map()
    assert pick(field, (12, 11), 0.0) == "casa"  # the house over the wood
    assert pick(field, (16, 14), 0.0) == "bosque"
    assert pick(field, (20, 2), 0.0) == "deployment[0]"
    assert pick(field, (20, 8), 0.0) is None


def test_describe_gives_plain_values_for_the_ui_to_word() -> None:
    field = small_map()
    unit = describe(field, "u1")
    assert unit == Description(
        "unit",
        {
            "id": "u1",
            "side": "A",
            "vol": str(field.units[0].vol),
            "cdv": f"{vision_range(field.units[0].vol):g}",
            "height": f"{field.units[0].current_height:g}",
            "level": "1",
            "posture": "prone",
        },
    )
    wall = describe(field, "muro")
    assert wall == Description(
        "wall", {"id": "muro", "height": "2", "defense": "4", "thickness": "0.2"}
    )
    house = describe(field, "casa")
    assert house is not None and house.kind == "obstacle" and house.values["id"] == "casa"
    assert describe(field, "bosque") is None and describe(field, "nadie") is None


def test_element_and_exists() -> None:
    field = small_map()
    kind, index, item = element(field, "bosque")
    assert (kind, index) == ("terrain", 0) and item is field.terrain[0]
    assert exists(field, "deployment[0]") and not exists(field, "deployment[1]")
    with pytest.raises(EditError):
        element(field, "nadie")


def test_vertices_of_walls_and_polygons_not_of_units() -> None:
    field = small_map()
    assert vertices(field.walls[0]) == ((1, 1), (5, 1))
    assert vertices(field.obstacles[0])[0] == (10, 10)
    assert vertices(field.units[0]) == ()
    assert is_open(field.walls[0]) and not is_open(field.obstacles[0])


def test_nearest_edge_splits_the_closest_edge() -> None:
    assert nearest_edge(SQUARE, (2, -0.1), closed=True) == 1
    assert nearest_edge(SQUARE, (4.1, 2), closed=True) == 2
    assert nearest_edge(SQUARE, (-0.1, 2), closed=True) == 4  # the closing edge
    assert nearest_edge(SQUARE, (-0.1, 3.5), closed=True) == 4
    assert nearest_edge(SQUARE, (-0.1, 3.5), closed=False) == 3  # an open line has no closing edge


def test_vertex_at_takes_the_nearest_within_reach() -> None:
    assert vertex_at(SQUARE, (3.8, 0.1), 0.5) == 1
    assert vertex_at(SQUARE, (2, 2), 0.5) is None
    assert vertex_at(((0, 0), (0.4, 0)), (0.3, 0), 1.0) == 1
