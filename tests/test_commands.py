"""The editor's tools as pure commands (wartime.board.commands), tested without pygame."""

from __future__ import annotations

import pytest

from wartime.board import commands
from wartime.board.battlefield import Battlefield, TerrainKind, Unit
from wartime.board.edits import EditError, add_obstacle, add_unit, add_wall
from wartime.board.history import History

SQUARE = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)]


def empty() -> Battlefield:
    return Battlefield("Prueba", (24.0, 18.0))


def test_every_tool_has_a_name_and_the_shape_tools_a_least_count() -> None:
    assert set(commands.SHAPE_TOOLS) < set(commands.TOOLS)
    assert not commands.shape_done("wall", [(0, 0)])
    assert commands.shape_done("wall", [(0, 0), (1, 0)])
    assert not commands.shape_done("polygon", [(0, 0), (1, 0)])
    assert not commands.shape_done("select", SQUARE)  # draws no shape


@pytest.mark.parametrize(
    ("tool", "kind", "key"),
    [
        ("wall", "walls", "walls[0]"),
        ("polygon", "obstacles", "obstacles[0]"),
        ("terrain", "terrain", "terrain[0]"),
        ("deploy", "deployment", "deployment[0]"),
    ],
)
def test_add_shape_adds_what_each_drawing_tool_draws(tool: str, kind: str, key: str) -> None:
    field, added = commands.add_shape(empty(), tool, SQUARE, kind="water", side="B")
    assert added == key and len(getattr(field, kind)) == 1
    if tool == "terrain":
        assert field.terrain[0].kind == TerrainKind.WATER
    if tool == "deploy":
        assert field.deployment[0].side == "B"


def test_add_shape_refuses_too_few_points_and_non_drawing_tools() -> None:
    with pytest.raises(EditError):
        commands.add_shape(empty(), "polygon", SQUARE[:2], kind="water", side="A")
    with pytest.raises(EditError):
        commands.add_shape(empty(), "unit", SQUARE, kind="water", side="A")


def test_rectangle_from_any_two_opposite_corners() -> None:
    assert commands.rectangle((4, 1), (1, 3)) == [(1, 1), (4, 1), (4, 3), (1, 3)]
    field, key = commands.add_rectangle(empty(), (1, 1), (4, 3)) or (empty(), "")
    assert key == "obstacles[0]" and field.obstacles[0].polygon[2] == (4, 3)
    assert commands.add_rectangle(empty(), (1, 1), (4, 1)) is None  # no area


def test_place_unit_numbers_ids_and_faces_the_enemy() -> None:
    field, first = commands.place_unit(empty(), "A", (5.0, 5.0))
    field, second = commands.place_unit(field, "A", (9.0, 5.0))
    field, enemy = commands.place_unit(field, "B", (5.0, 12.0))
    assert (first, second, enemy) == ("a-1", "a-2", "b-1")
    facings = {u.id: u.facing for u in field.units}
    assert facings == {"a-1": 90.0, "a-2": 90.0, "b-1": 270.0}
    field, hero = commands.place_unit(field, "A", (12.0, 5.0), "sargento")
    assert hero == "sargento-1" and field.units[-1].character == "sargento"


def test_place_unit_refuses_a_clash_and_ids_avoid_features() -> None:
    field, _ = add_wall(empty(), [(0, 9), (24, 9)], ident="a-1")
    field, key = commands.place_unit(field, "A", (5.0, 5.0))
    assert key == "a-2"  # "a-1" names the wall
    with pytest.raises(EditError):
        commands.place_unit(field, "A", (5.0, 5.0))  # on top of a-2


def test_rotate_all_turns_each_key_or_nothing() -> None:
    field = add_unit(empty(), Unit("u", "A", (5.0, 5.0), facing=90.0))
    field, _ = add_wall(field, [(10, 10), (14, 10)], ident="muro")
    turned = commands.rotate_all(field, ["u", "muro"], 90.0)
    assert turned.units[0].facing != field.units[0].facing
    assert turned.walls[0].points != field.walls[0].points
    with pytest.raises(EditError):
        commands.rotate_all(field, ["u", "nadie"], 90.0)


def test_drag_moves_in_half_k_steps_on_the_grid() -> None:
    assert commands.drag_offset((1, 1), (2.3, 0.8), on_grid=False) == pytest.approx((1.3, -0.2))
    assert commands.drag_offset((1, 1), (2.3, 0.8), on_grid=True) == (1.5, 0.0)
    field = add_unit(empty(), Unit("u", "A", (5.0, 5.0)))
    moved = commands.drag(field, ["u"], (5, 5), (7.2, 5.9), on_grid=True)
    assert moved.units[0].position == (7.0, 6.0)


def test_insert_vertex_near_splits_the_nearest_edge() -> None:
    field, key = add_obstacle(empty(), SQUARE)
    field = commands.insert_vertex_near(field, key, (4.1, 2.0), (4.5, 2.0))
    assert field.obstacles[0].polygon == ((0, 0), (4, 0), (4.5, 2.0), (4, 4), (0, 4))
    field, wall = add_wall(field, [(10, 10), (14, 10)])
    field = commands.insert_vertex_near(field, wall, (12, 10.2), (12, 11))
    assert field.walls[0].points == ((10, 10), (12, 11), (14, 10))
    unit_field = add_unit(empty(), Unit("u", "A", (5.0, 5.0)))
    with pytest.raises(EditError):
        commands.insert_vertex_near(unit_field, "u", (5, 5), (6, 6))


def test_commands_are_values_history_undoes_and_redoes() -> None:
    start = empty()
    history = History(start)
    field, _ = commands.add_shape(start, "wall", SQUARE[:2], kind="water", side="A")
    history.push(field)
    field, _ = commands.place_unit(history.current, "A", (5.0, 5.0))
    history.push(field)
    assert len(history.current.units) == 1 and start == empty()  # nothing was changed in place
    assert history.undo().units == ()
    assert history.undo() is start
    assert len(history.redo().walls) == 1
