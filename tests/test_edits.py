"""The map editor's pure core (issue 5): edits, refusals, history, autosave."""

from __future__ import annotations

import contextlib
import math
from pathlib import Path

import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Battlefield, Posture, TerrainKind, Unit
from wartime.board.edits import (
    EditError,
    History,
    add_deployment,
    add_obstacle,
    add_terrain,
    add_unit,
    add_wall,
    autosave,
    can_save,
    clear_autosave,
    delete,
    duplicate,
    find,
    insert_vertex,
    key_of,
    move,
    move_vertex,
    problems,
    recover,
    remove_vertex,
    rotate,
    set_property,
    snap,
)
from wartime.board.validation import battlefield_problems
from wartime.formats.document import parse_document
from wartime.formats.map import dump_map, load_map, parse_map
from wartime.i18n import told

SQUARE = ((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0))


def _shifted(points: tuple[tuple[float, float], ...], dx: float, dy: float) -> list[list[float]]:
    return [[x + dx, y + dy] for x, y in points]


def base_map() -> Battlefield:
    """A 24×18 table: a wall, a house, a wood, two zones and two units."""
    field = Battlefield("Prueba", (24.0, 18.0))
    field, _ = add_wall(field, [(2, 9), (8, 9), (8, 12)], height=0.7, defense=3)
    field, _ = add_obstacle(field, [(12, 8), (16, 8), (16, 11), (12, 11)], ident="casa")
    field, _ = add_terrain(field, [(18, 2), (22, 2), (22, 6), (18, 6)], "difficult", ident="bosque")
    field, _ = add_deployment(field, "A", [(0, 0), (24, 0), (24, 4), (0, 4)])
    field, _ = add_deployment(field, "B", [(0, 14), (24, 14), (24, 18), (0, 18)])
    field = add_unit(field, Unit("a1", "A", (3.0, 2.0)))
    return add_unit(field, Unit("b1", "B", (3.0, 16.0), facing=270.0))


def roundtrip(field: Battlefield) -> Battlefield:
    return parse_map(parse_document(dump_map(field), "again.yaml"))


# -- keys ----------------------------------------------------------------------


def test_keys_follow_the_renderer_scheme() -> None:
    field = base_map()
    assert key_of(field, "walls", 0) == "walls[0]"
    assert key_of(field, "obstacles", 0) == "casa"
    assert key_of(field, "terrain", 0) == "bosque"
    assert key_of(field, "deployment", 1) == "deployment[1]"
    assert key_of(field, "units", 1) == "b1"
    for kind, index in [("walls", 0), ("obstacles", 0), ("deployment", 1), ("units", 0)]:
        assert find(field, key_of(field, kind, index)) == (kind, index)
    assert find(field, "obstacles[0]") == ("obstacles", 0)


def test_key_refusals() -> None:
    field = base_map()
    with pytest.raises(EditError, match="no wall number 5: the map has 1"):
        key_of(field, "walls", 4)
    with pytest.raises(EditError, match="unknown kind of element 'roads'"):
        key_of(field, "roads", 0)
    with pytest.raises(EditError, match="nothing called 'ghost'"):
        find(field, "ghost")
    with pytest.raises(EditError, match="nothing called 'walls\\[3\\]'"):
        find(field, "walls[3]")


# -- adding --------------------------------------------------------------------


def test_add_returns_keys_and_values() -> None:
    field = Battlefield("x", (10.0, 10.0))
    field, key = add_wall(field, [(1, 1), (5, 1)], thickness=0.5)
    assert key == "walls[0]" and field.walls[0].thickness == 0.5
    field, key = add_wall(field, [(1, 3), (5, 3)], ident="muro")
    assert key == "muro"
    field, key = add_obstacle(field, SQUARE)
    assert key == "obstacles[0]" and field.obstacles[0].height == 3.0
    field, key = add_terrain(field, SQUARE, "water", ident="charca")
    assert key == "charca" and field.terrain[0].kind is TerrainKind.WATER
    field, key = add_deployment(field, "B", SQUARE)
    assert key == "deployment[0]" and field.deployment[0].side == "B"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda f: add_wall(f, [(1, 1)]), "a wall needs at least 2 points, got 1"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], height=-1), "height -1 is not allowed"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], defense=11), "DEF 11 is out of range"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], defense=2.5), "DEF must be a whole number"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], thickness=0), "must be above 0"),
        (lambda f: add_wall(f, [(1, 1), (math.nan, 2)]), "x must be a finite number, got nan"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], ident="casa"), "'casa' is already used"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], ident="a1"), "'a1' is already used"),
        (lambda f: add_wall(f, [(1, 1), (2, 2)], ident=" "), "must be non-empty text"),
        (lambda f: add_obstacle(f, [(1, 1), (2, 2)]), "an obstacle needs at least 3 points"),
        (lambda f: add_terrain(f, SQUARE, "lava"), "unknown terrain kind 'lava': allowed"),
        (lambda f: add_deployment(f, "C", SQUARE), "unknown side 'C': allowed A, B"),
    ],
)
def test_add_refusals(call: object, message: str) -> None:
    with pytest.raises(EditError, match=message):
        call(base_map())  # type: ignore[operator]


def test_add_unit_refuses_overlaps_with_reasons() -> None:
    field = base_map()
    with pytest.raises(EditError, match="'a1' is already used"):
        add_unit(field, Unit("a1", "A", (10.0, 2.0)))
    with pytest.raises(EditError, match="unit 'a2' would overlap unit 'a1'"):
        add_unit(field, Unit("a2", "A", (3.5, 2.5)))
    with pytest.raises(EditError, match="unit 'a2' would stand inside 'casa'"):
        add_unit(field, Unit("a2", "A", (14.0, 9.0)))
    with pytest.raises(EditError, match="would stand inside 'walls\\[0\\]'"):
        add_unit(field, Unit("a2", "A", (5.0, 9.3)))
    with pytest.raises(EditError, match="unit 'a2' would be off the 24×18 K table"):
        add_unit(field, Unit("a2", "A", (0.2, 2.0)))
    with pytest.raises(EditError, match="VOL 11 is out of range: allowed 1 to 10"):
        add_unit(field, Unit("a2", "A", (10.0, 2.0), vol=11))
    with pytest.raises(EditError, match="level 0 is not allowed"):
        add_unit(field, Unit("a2", "A", (10.0, 2.0), level=0))
    # touching is fine; a flyer passes over the house
    touching = add_unit(field, Unit("a2", "A", (4.0, 2.0)))
    assert touching.unit("a2").position == (4.0, 2.0)
    flyer = add_unit(field, Unit("f1", "A", (14.0, 9.0), level=2, facing=-90.0))
    assert flyer.unit("f1").facing == 270.0
    assert problems(flyer) == [("f1", "warning", problems(flyer)[0][2])]


# -- move, rotate, delete, duplicate ---------------------------------------------


def test_move_translates_shapes_and_units() -> None:
    field = base_map()
    moved = move(field, ["walls[0]", "casa", "bosque", "deployment[0]", "a1"], 1.0, -0.5)
    assert moved.walls[0].points == ((3.0, 8.5), (9.0, 8.5), (9.0, 11.5))
    assert moved.obstacles[0].polygon[0] == (13.0, 7.5)
    assert moved.terrain[0].polygon[0] == (19.0, 1.5)
    assert moved.deployment[0].polygon[0] == (1.0, -0.5)
    assert moved.unit("a1").position == (4.0, 1.5)
    assert moved.deployment[1] == field.deployment[1]


def test_move_refuses_units_that_would_overlap() -> None:
    field = add_unit(base_map(), Unit("a2", "A", (6.0, 2.0)))
    with pytest.raises(EditError, match="unit 'a1' would overlap unit 'a2'"):
        move(field, ["a1"], 2.5, 0.0)
    with pytest.raises(EditError, match="unit 'a1' would stand inside 'casa'"):
        move(field, ["a1"], 11.0, 7.0)
    with pytest.raises(EditError, match="off the 24×18 K table"):
        move(field, ["a1"], -3.0, 0.0)
    # two units moved together keep their distance
    both = move(field, ["a1", "a2"], 2.5, 0.0)
    assert both.unit("a1").position == (5.5, 2.0)
    # a unit moved along with the house it would have hit
    with_house = move(add_unit(field, Unit("a3", "A", (14.0, 6.0))), ["a3", "casa"], 0.0, 5.0)
    assert battlefield_problems(with_house) == []


def test_rotate() -> None:
    field = base_map()
    assert rotate(field, "b1", 100.0).unit("b1").facing == 10.0
    turned = rotate(field, "casa", 90.0)
    xs = sorted(round(x, 9) for x, _ in turned.obstacles[0].polygon)
    ys = sorted(round(y, 9) for _, y in turned.obstacles[0].polygon)
    assert xs == [12.5, 12.5, 15.5, 15.5] and ys == [7.5, 7.5, 11.5, 11.5]
    zone = rotate(field, "deployment[0]", 180.0).deployment[0].polygon
    assert [(round(x, 9), round(y, 9)) for x, y in zone] == [(24, 4), (0, 4), (0, 0), (24, 0)]
    wall = rotate(field, "walls[0]", 0.0).walls[0]
    assert wall == field.walls[0]
    with pytest.raises(EditError, match="the angle must be a number"):
        rotate(field, "b1", "left")  # type: ignore[arg-type]


def test_delete() -> None:
    field = base_map()
    left = delete(field, ["walls[0]", "a1", "deployment[1]"])
    assert left.walls == () and [u.id for u in left.units] == ["b1"]
    assert left.deployment == field.deployment[:1]
    assert delete(field, "casa").obstacles == ()
    with pytest.raises(EditError, match="nothing called 'nope'"):
        delete(field, ["nope"])


def test_duplicate_makes_fresh_unique_ids() -> None:
    field = base_map()
    copy, keys = duplicate(field, ["casa", "walls[0]", "a1", "deployment[0]"], offset=(2.0, 0.0))
    assert keys == ["walls[1]", "casa-2", "deployment[2]", "a1-2"]
    assert copy.obstacles[1].polygon[0] == (14.0, 8.0)
    assert copy.unit("a1-2").position == (5.0, 2.0)
    again, keys = duplicate(copy, ["casa", "casa-2"])
    assert keys == ["casa-3", "casa-4"]
    ids = [o.id for o in again.obstacles] + [t.id for t in again.terrain]
    ids += [u.id for u in again.units]
    assert len(ids) == len(set(ids))
    assert roundtrip(again) == again
    with pytest.raises(EditError, match="unit 'a1-2' would overlap unit 'a1'"):
        duplicate(field, ["a1"], offset=(0.5, 0.0))


# -- vertices --------------------------------------------------------------------


def test_vertex_edits() -> None:
    field = base_map()
    moved = move_vertex(field, "walls[0]", 2, (8.0, 13.0))
    assert moved.walls[0].points[-1] == (8.0, 13.0)
    added = insert_vertex(field, "casa", 4, (14.0, 12.0))
    assert added.obstacles[0].polygon[-1] == (14.0, 12.0)
    added = insert_vertex(field, "walls[0]", 0, (1.0, 9.0))
    assert added.walls[0].points[:2] == ((1.0, 9.0), (2.0, 9.0))
    removed = remove_vertex(field, "walls[0]", 1)
    assert removed.walls[0].points == ((2.0, 9.0), (8.0, 12.0))
    with pytest.raises(EditError, match="a wall needs at least 2 points"):
        remove_vertex(removed, "walls[0]", 0)
    triangle = remove_vertex(field, "bosque", 0)
    with pytest.raises(EditError, match="a polygon needs at least 3 points"):
        remove_vertex(triangle, "bosque", 0)
    with pytest.raises(EditError, match="'casa' has no vertex number 4: allowed 0 to 3"):
        move_vertex(field, "casa", 4, (0.0, 0.0))
    with pytest.raises(EditError, match="allowed 0 to 4"):
        insert_vertex(field, "casa", 5, (0.0, 0.0))
    with pytest.raises(EditError, match="unit 'a1' has no vertices"):
        move_vertex(field, "a1", 0, (0.0, 0.0))


# -- properties ------------------------------------------------------------------


def test_set_property_values() -> None:
    field = base_map()
    assert set_property(field, "walls[0]", "height", 2).walls[0].height == 2.0
    assert set_property(field, "walls[0]", "def", "7").walls[0].defense == 7
    assert set_property(field, "walls[0]", "defense", 4.0).walls[0].defense == 4
    assert set_property(field, "walls[0]", "thickness", "0,5").walls[0].thickness == 0.5
    assert set_property(field, "bosque", "kind", "extreme").terrain[0].kind is TerrainKind.EXTREME
    assert set_property(field, "deployment[0]", "side", "B").deployment[0].side == "B"
    unit = set_property(field, "a1", "facing", -450).unit("a1")
    assert unit.facing == 270.0
    assert set_property(field, "a1", "posture", "prone").unit("a1").posture is Posture.PRONE
    assert set_property(field, "a1", "level", 3).unit("a1").level == 3
    assert set_property(field, "a1", "base", 1.5).unit("a1").base == 1.5
    assert set_property(field, "a1", "height", 2).unit("a1").height == 2.0
    assert set_property(field, "a1", "vol", 6).unit("a1").vol == 6
    assert set_property(field, "a1", "character", "sargento").unit("a1").character == "sargento"
    assert set_property(field, "a1", "side", "B").unit("a1").side == "B"


def test_set_property_renames_ids_keeping_everything_else() -> None:
    field = base_map()
    renamed = set_property(field, "casa", "id", "iglesia")
    assert renamed.obstacles[0].id == "iglesia"
    assert renamed.obstacles[0].polygon == field.obstacles[0].polygon
    unit = set_property(field, "a1", "id", "sargento").unit("sargento")
    assert unit.position == (3.0, 2.0) and unit.side == "A"
    assert set_property(field, "casa", "id", None).obstacles[0].id is None
    named = set_property(field, "walls[0]", "id", "muro")
    assert key_of(named, "walls", 0) == "muro"
    assert set_property(field, "casa", "id", "casa") == field


@pytest.mark.parametrize(
    ("key", "name", "value", "message"),
    [
        ("walls[0]", "height", -0.5, "height -0.5 is not allowed: it must be 0 or more"),
        ("walls[0]", "def", 11, "DEF 11 is out of range: allowed 0 to 10"),
        ("walls[0]", "def", 2.5, "DEF must be a whole number, got 2.5"),
        ("walls[0]", "def", True, "DEF must be a number, got True"),
        ("walls[0]", "thickness", 0, "thickness 0 is not allowed: it must be above 0"),
        ("walls[0]", "kind", "water", "a wall has no property 'kind': allowed id, height"),
        ("bosque", "kind", "lava", "unknown terrain kind 'lava': allowed difficult, extreme"),
        ("deployment[0]", "side", "C", "unknown side 'C': allowed A, B"),
        ("deployment[0]", "id", "zona", "a deployment zone has no property 'id'"),
        ("a1", "facing", "north", "facing must be a number, got 'north'"),
        ("a1", "facing", math.inf, "facing must be a finite number"),
        ("a1", "posture", "sitting", "unknown posture 'sitting': allowed standing, crouched"),
        ("a1", "level", 5, "level 5 is not allowed: allowed -1, 1, 2, 3, 4"),
        ("a1", "base", 0, "base 0 is not allowed: it must be above 0"),
        ("a1", "height", 0, "height 0 is not allowed: it must be above 0"),
        ("a1", "vol", 0, "VOL 0 is out of range: allowed 1 to 10"),
        ("a1", "id", "b1", "the id 'b1' is already used on this map"),
        ("a1", "id", "casa", "the id 'casa' is already used on this map"),
        ("a1", "id", "", "an id must be non-empty text"),
        ("a1", "id", None, "an id must be non-empty text, got None"),
        ("casa", "id", 7, "an id must be non-empty text, got 7"),
        ("a1", "id", "units[3]", "looks like a place in the map file"),
        ("a1", "character", 3, "a character must be text, got 3"),
        ("a1", "wings", 2, "a unit has no property 'wings'"),
        ("a1", "base", 20, "unit 'a1' would be off the 24×18 K table"),
    ],
)
def test_set_property_refusals(key: str, name: str, value: object, message: str) -> None:
    with pytest.raises(EditError) as caught:
        set_property(base_map(), key, name, value)
    assert message in str(caught.value)


def test_set_property_keeps_units_clear() -> None:
    field = add_unit(base_map(), Unit("f1", "A", (14.0, 9.0), level=2))
    with pytest.raises(EditError, match="unit 'f1' would stand inside 'casa'"):
        set_property(field, "f1", "level", 1)
    field = add_unit(base_map(), Unit("a2", "A", (4.5, 2.0)))
    with pytest.raises(EditError, match="unit 'a2' would overlap unit 'a1'"):
        set_property(field, "a2", "base", 2.4)


# -- snapping ------------------------------------------------------------------


def test_snap_prefers_vertices_then_grid() -> None:
    field = base_map()
    assert snap((8.2, 11.9), field, grid=True) == (8.0, 12.0)  # the wall's end
    assert snap((12.1, 8.25), field, grid=True, step=0.5) == (12.0, 8.0)  # house corner
    assert snap((5.4, 6.6), field, grid=True) == (5.0, 7.0)
    assert snap((5.4, 6.6), field, grid=True, step=0.5) == (5.5, 6.5)
    assert snap((5.4, 6.6), field, grid=False) == (5.4, 6.6)
    # the vertex wins over a nearer grid crossing, only within the radius
    assert snap((16.25, 11.0), field, grid=True, step=0.25) == (16.0, 11.0)
    assert snap((16.4, 11.0), field, grid=True, step=0.25) == (16.5, 11.0)
    assert snap((16.4, 11.0), field, grid=True, step=0.25, vertex_radius=0.5) == (16.0, 11.0)
    # the nearest of two vertices in range
    assert snap((0.1, 3.9), field, grid=False, vertex_radius=1.0) == (0.0, 4.0)


# -- problems and saving ---------------------------------------------------------


def problems_en(field: Battlefield) -> list[tuple[str, str, str]]:
    """The editor's live problems, their messages worded in English (the core's language)."""
    return [(key, severity, told(message, "en")) for key, severity, message in problems(field)]


def can_save_en(field: Battlefield) -> tuple[bool, list[str]]:
    ok, messages = can_save(field)
    return ok, [told(message, "en") for message in messages]


def test_problems_of_a_clean_map_and_deployment_warnings() -> None:
    field = base_map()
    assert problems_en(field) == []
    assert can_save_en(field) == (True, [])
    bare = delete(field, ["deployment[0]", "deployment[1]"])
    assert problems_en(bare) == [("", "warning", "there is no deployment zone")]
    assert can_save_en(bare) == (True, ["there is no deployment zone"])
    one = delete(field, ["deployment[1]"])
    assert ("", "warning", "side B has no deployment zone") in problems_en(one)
    outside = move(field, ["a1"], 0.0, 1.8)  # the base now pokes out of zone A
    assert problems_en(outside) == [
        ("a1", "warning", "unit 'a1' is not wholly inside a deployment zone of side A")
    ]


def test_problems_map_findings_to_keys() -> None:
    field = base_map()
    crossed = move_vertex(field, "casa", 1, (12.0, 11.0))  # a bow tie
    crossed = move_vertex(crossed, "deployment[1]", 1, (0.0, 16.0))
    found = [p for p in problems_en(crossed) if p[1] == "error"]
    assert {(k, s) for k, s, _ in found} == {("casa", "error"), ("deployment[1]", "error")}
    assert any("crosses itself" in m for _, _, m in found)
    ok, messages = can_save_en(crossed)
    assert not ok and all("polygon" in m for m in messages)
    # a house drawn over a unit: the unit is the culprit
    covered = move(field, ["casa"], -10.0, -7.0)
    assert problems_en(covered) == [("a1", "error", "unit 'a1' stands inside 'casa'")]
    assert can_save_en(covered) == (False, ["unit 'a1' stands inside 'casa'"])
    # a wall key without an id
    walled = move(field, ["walls[0]"], -1.0, -7.0)
    assert problems_en(walled) == [("a1", "error", "unit 'a1' stands inside 'walls[0]'")]


def test_dump_and_parse_round_trip_after_edits() -> None:
    field = base_map()
    field = set_property(field, "a1", "posture", "crouched")
    field = rotate(field, "b1", 33.0)
    field = set_property(field, "walls[0]", "thickness", 0.35)
    field, _ = duplicate(field, ["casa"], offset=(0.0, -5.0))
    field = insert_vertex(field, "bosque", 2, (23.0, 4.0))
    assert roundtrip(field) == field


def test_sample_maps_survive_editing(root: Path) -> None:
    for path in sorted((root / "maps").glob("*.yaml")):
        field = load_map(path)
        assert [p for p in problems(field) if p[1] == "error"] == []
        keys = [key_of(field, "obstacles", i) for i in range(len(field.obstacles))]
        for i, key in enumerate(keys):
            assert find(field, key) == ("obstacles", i)


# -- history ---------------------------------------------------------------------


def test_history_undo_redo_and_dirty() -> None:
    start = base_map()
    history = History(start)
    assert not history.can_undo and not history.can_redo and not history.dirty
    assert history.undo() is start and history.redo() is start
    one = move(start, ["a1"], 1.0, 0.0)
    history.push(one)
    history.push(one)  # unchanged: ignored
    two = delete(one, ["casa"])
    history.push(two)
    assert history.dirty and history.current is two
    assert history.undo() is one and history.undo() is start
    assert not history.can_undo and history.can_redo and not history.dirty
    assert history.redo() is one
    history.mark_saved()
    assert not history.dirty
    history.push(rotate(one, "b1", 10.0))  # forgets the redo
    assert not history.can_redo and history.dirty
    history.undo()
    assert not history.dirty  # back at the saved state


def test_history_limit() -> None:
    field = base_map()
    history = History(field, limit=3)
    for i in range(10):
        history.push(set_property(field, "walls[0]", "height", i + 1))
    undone = 0
    while history.can_undo:
        history.undo()
        undone += 1
    assert undone == 3 and history.current.walls[0].height == 7.0
    with pytest.raises(ValueError, match="limit"):
        History(field, limit=0)


_EDITS = st.lists(
    st.tuples(
        st.sampled_from(["move", "rotate", "set", "duplicate", "delete", "vertex", "wall"]),
        st.sampled_from(["walls[0]", "casa", "bosque", "deployment[0]", "a1", "b1"]),
        st.floats(-3, 3, allow_nan=False),
    ),
    min_size=1,
    max_size=25,
)


def _edit(field: Battlefield, op: str, key: str, amount: float) -> Battlefield:
    if op == "move":
        return move(field, [key], amount, -amount)
    if op == "rotate":
        return rotate(field, key, amount * 40)
    if op == "set":
        kind, _ = find(field, key)
        name = {"units": "facing", "terrain": "kind", "deployment": "side"}.get(kind, "height")
        value: object = abs(amount)
        if name == "kind":
            value = "water" if amount > 0 else "extreme"
        elif name == "side":
            value = "B" if amount > 0 else "A"
        return set_property(field, key, name, value)
    if op == "duplicate":
        return duplicate(field, [key], (amount, 5.0))[0]
    if op == "delete":
        return delete(field, [key])
    if op == "vertex":
        return insert_vertex(field, key, 1, (10 + amount, 10 - amount))
    return add_wall(field, [(amount + 5, 5), (amount + 6, 7)], height=abs(amount))[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_EDITS)
def test_undo_all_restores_the_original_and_redo_all_the_final(
    edits: list[tuple[str, str, float]],
) -> None:
    start = base_map()
    history = History(start)
    states = [start]
    for op, key, amount in edits:
        try:
            field = _edit(history.current, op, key, amount)
        except EditError:
            continue
        history.push(field)
        if history.current is not states[-1]:
            states.append(history.current)
    final = history.current
    seen = [history.current]
    while history.can_undo:
        seen.append(history.undo())
    assert history.current == start
    assert seen == states[::-1]
    while history.can_redo:
        history.redo()
    assert history.current == final
    if can_save(final)[0]:
        assert roundtrip(final) == final
    else:
        assert any(severity == "error" for _key, severity, _message in problems(final))


_SPOTS = st.tuples(st.floats(-1, 25, allow_nan=False), st.floats(-1, 19, allow_nan=False))


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.tuples(_SPOTS, st.floats(0.3, 2.0), st.sampled_from([1, 1, 1, 2])), max_size=12),
    st.lists(st.tuples(st.integers(0, 11), _SPOTS), max_size=12),
)
def test_placed_and_moved_units_never_overlap(
    placements: list[tuple[tuple[float, float], float, int]],
    moves: list[tuple[int, tuple[float, float]]],
) -> None:
    field = base_map()
    for i, (spot, base, level) in enumerate(placements):
        with contextlib.suppress(EditError):
            field = add_unit(field, Unit(f"u{i}", "A", spot, base=base, level=level))
        _assert_clear(field)
    for index, (dx, dy) in moves:
        unit = field.units[index % len(field.units)]
        with contextlib.suppress(EditError):
            field = move(field, [unit.id], dx - 12, dy - 9)
        _assert_clear(field)


def _assert_clear(field: Battlefield) -> None:
    """The loader's checks, and exact distances to every other base and solid."""
    assert battlefield_problems(field) == []
    solids = [s.polygon() for s in field.solids()]
    for i, unit in enumerate(field.units):
        x, y = unit.position
        r = unit.radius
        assert r - 1e-6 <= x <= field.size[0] - r + 1e-6
        assert r - 1e-6 <= y <= field.size[1] - r + 1e-6
        for other in field.units[:i]:
            if other.level == unit.level:
                gap = math.dist(unit.position, other.position) - r - other.radius
                assert gap >= -1e-6
        if unit.level == 1:
            centre = shapely.Point(unit.position)
            assert all(shapely.distance(p, centre) >= r - 1e-6 for p in solids)


# -- autosave --------------------------------------------------------------------


def test_autosave_and_recover(tmp_path: Path) -> None:
    folder = tmp_path / "config" / "autosave"
    assert recover(folder) is None
    field = base_map()
    path = autosave(field, folder)
    assert path == folder / "autosave.yaml" and path.read_text(encoding="utf-8") == dump_map(field)
    assert recover(folder) == (path, field)
    # a map still being drawn, with problems the loader would refuse, is recovered
    broken = move_vertex(move(field, ["casa"], -10.0, -7.0), "bosque", 1, (18.0, 6.0))
    autosave(broken, folder, "other")
    assert recover(folder, "other") == (folder / "other.yaml", broken)
    # linked armies are kept as written
    linked = Battlefield("x", (5.0, 5.0), armies=("legion.yaml",))
    autosave(linked, folder, "linked")
    recovered = recover(folder, "linked")
    assert recovered is not None and recovered[1] == linked
    clear_autosave(folder)
    assert recover(folder) is None
    clear_autosave(folder)  # nothing left: still fine
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize(
    "text",
    [
        "wartime_map: 1\nsize: [10, 10\n",  # cut short mid-write
        "wartime_map: 1\nsize: [10, 10]\nwalls: [{points: [[0, 0]], height: 1, def: 1}]\n",
        "",
        "\x00\x01garbage",
        "wartime_map: 7\nsize: [10, 10]\n",
    ],
)
def test_recover_ignores_a_corrupt_autosave(tmp_path: Path, text: str) -> None:
    (tmp_path / "autosave.yaml").write_text(text, encoding="utf-8")
    assert recover(tmp_path) is None


def test_a_facing_stays_below_360_even_after_a_tiny_negative_turn() -> None:
    """Facings are kept in [0, 360): a float modulo of a tiny negative angle is 360.0
    itself, which must read as 0 (found by the undo / redo property above)."""
    from wartime.board.edits import bearing

    assert bearing(-2.119493107589878e-111) == 0.0
    assert bearing(-90.0) == 270.0 and bearing(720.0) == 0.0 and bearing(359.5) == 359.5
