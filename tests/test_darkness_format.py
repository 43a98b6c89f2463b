"""Dark areas and lights in the map format (docs/map-format.md) and in the editor's pure
commands (board.edits): located errors, round trips, adding, moving, deleting."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from wartime.board import edits
from wartime.board.battlefield import Battlefield, Darkness, Light
from wartime.errors import DataError
from wartime.formats.document import parse_document
from wartime.formats.map import dump_map, load_map, parse_map
from wartime.i18n import told

LIT = """\
wartime_map: 1
size: [40, 20]
darkness:
  - {id: sotano, polygon: [[20, 4], [32, 4], [32, 16], [20, 16]]}
lights:
  - {id: farola, position: [22, 14], radius: 1.5}
"""


def _messages(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "m.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_map(path)
    return [f"{p.path}: {p.reason('en')}" for p in info.value.problems]


def test_dark_areas_and_lights_load_and_round_trip() -> None:
    field = parse_map(parse_document(LIT, "m.yaml"))
    assert field.darkness == (Darkness(((20, 4), (32, 4), (32, 16), (20, 16)), "sotano"),)
    assert field.lights == (Light((22, 14), 1.5, "farola"),)
    assert parse_map(parse_document(dump_map(field), "m.yaml")) == field


def test_a_map_without_them_dumps_as_before() -> None:
    text = dump_map(Battlefield("x", (10.0, 10.0)))
    assert "darkness" not in text and "lights" not in text


def test_bad_dark_areas_and_lights_are_located(tmp_path: Path) -> None:
    found = _messages(tmp_path, """\
        wartime_map: 1
        size: [40, 20]
        terrain:
          - {id: sotano, kind: difficult, polygon: [[0, 0], [1, 0], [1, 1]]}
        darkness:
          - {polygon: [[20, 4], [32, 4]]}
          - {id: sotano, polygon: [[1, 1], [2, 1], [2, 2]], shade: 3}
        lights:
          - {position: [22, 14], radius: 0}
          - {position: [22, 14]}
          - {position: [1, 2, 3], radius: 2}
    """)  # fmt: skip
    assert found == [
        "darkness[0].polygon: needs at least 3 points, got 2",
        "darkness[1].shade: unknown key 'shade' (allowed: id, polygon)",
        "darkness[1].id: duplicated id 'sotano' (first used at terrain[0])",
        "lights[0].radius: 0 is not allowed: must be above 0",
        "lights[1]: missing 'radius'",
        "lights[2].position: expected a point [x, y], got a list",
    ]


def test_geometric_problems_of_dark_areas_and_lights(tmp_path: Path) -> None:
    found = _messages(tmp_path, """\
        wartime_map: 1
        size: [40, 20]
        darkness:
          - {polygon: [[0, 0], [4, 4], [4, 0], [0, 4]]}
        lights:
          - {position: [41, 10], radius: 2}
    """)  # fmt: skip
    assert found[0] == "lights[0].position: the light is off the 40×20 K table"
    assert found[1].startswith("darkness[0].polygon: the polygon crosses itself")


def test_the_editor_draws_moves_and_deletes_them() -> None:
    field = Battlefield("x", (40.0, 20.0))
    field, area = edits.add_darkness(field, [(1, 1), (5, 1), (5, 5)], ident="cueva")
    field, lamp = edits.add_light(field, (8, 8))
    assert (area, lamp) == ("cueva", "lights[0]") and field.lights[0].radius == 3.0
    field = edits.move(field, [area, lamp], 1, 2)
    assert field.darkness[0].polygon[0] == (2, 3) and field.lights[0].position == (9, 10)
    field = edits.set_property(field, lamp, "radius", "4,5")
    assert field.lights[0].radius == 4.5
    field = edits.insert_vertex(field, area, 3, (2, 6))
    assert len(field.darkness[0].polygon) == 4
    copy, keys = edits.duplicate(field, [area, lamp])
    assert keys == ["cueva-2", "lights[1]"] and len(copy.lights) == 2
    field = edits.delete(field, [area, lamp])
    assert field.darkness == () and field.lights == ()


def test_the_editor_refuses_what_the_loader_would() -> None:
    field, lamp = edits.add_light(Battlefield("x", (40.0, 20.0)), (8, 8), 2)
    with pytest.raises(edits.EditError, match="radius 0 is not allowed"):
        edits.set_property(field, lamp, "radius", 0)
    with pytest.raises(edits.EditError, match="a dark area has no property 'kind'"):
        edits.set_property(edits.add_darkness(field, [(1, 1), (5, 1), (5, 5)])[0],
                           "darkness[0]", "kind", "water")  # fmt: skip
    with pytest.raises(edits.EditError, match="has no vertices"):
        edits.move_vertex(field, lamp, 0, (1, 1))
    with pytest.raises(edits.EditError, match="needs at least 3 points"):
        edits.add_darkness(field, [(1, 1), (5, 1)])
    off = edits.move(field, [lamp], 40, 0)
    found = [(key, severity, message.text("en")) for key, severity, message in edits.problems(off)]
    assert ("lights[0]", "error", "the light is off the 40×20 K table") in found
    assert not edits.can_save(off)[0]


def test_the_editor_tools_draw_a_dark_area_and_place_a_light() -> None:
    """The tools' pure commands: the dark tool draws a polygon, the light tool places a
    light of the default radius; a click picks the light's point, then the dark area."""
    from wartime.board import commands, queries

    field = Battlefield("x", (40.0, 20.0))
    assert "dark" in commands.TOOLS and "light" in commands.TOOLS
    assert not commands.shape_done("dark", [(1, 1), (5, 1)])
    field, area = commands.add_shape(field, "dark", [(1, 1), (9, 1), (9, 9), (1, 9)],
                                     kind="difficult", side="A")  # fmt: skip
    field, lamp = commands.place_light(field, (3, 3))
    assert field.lights[0].radius == commands.LIGHT_RADIUS
    assert queries.pick(field, (3.2, 3.0), 0.0) == lamp
    assert queries.pick(field, (7.0, 7.0), 0.0) == area
    assert queries.vertices(field.lights[0]) == ()


def test_the_view_shades_dark_areas_and_draws_each_lights_reach() -> None:
    from wartime.render.battlefield import LIGHTING_LAYER, draw_battlefield
    from wartime.render.primitives import Circle, Layer, Polygon

    field = parse_map(parse_document(LIT, "m.yaml"))
    shapes = [s for s in draw_battlefield(field, selected=frozenset({"farola"})).shapes
              if s.key in ("sotano", "farola")]  # fmt: skip
    shade = [s for s in shapes if isinstance(s, Polygon) and s.layer == LIGHTING_LAYER]
    assert len(shade) == 1 and shade[0].fill is not None and shade[0].fill[3] < 255
    reach = [s for s in shapes if isinstance(s, Circle) and s.layer == LIGHTING_LAYER]
    assert sorted(c.radius for c in reach)[-1] == 1.5
    assert any(isinstance(s, Circle) and s.layer == Layer.OVERLAY for s in shapes)  # selected
    assert Layer.DEPLOYMENT < LIGHTING_LAYER < Layer.OBSTACLES


def test_the_overlay_says_the_darkness_hides_a_target() -> None:
    """The measurement overlay (geometry.measure, board.tabletop): the LdV to a figure
    standing in the dark is blocked and says why; one by the lamp is seen."""
    from wartime.board.battlefield import Unit
    from wartime.board.tabletop import threats
    from wartime.geometry.measure import Table

    field = parse_map(parse_document(LIT, "m.yaml"))
    units = (Unit("a", "A", (8, 10), 0.0), Unit("b", "B", (26, 10), 180.0),
             Unit("c", "B", (22.5, 12.5), 180.0))  # fmt: skip
    table = Table(replace(field, units=units))
    hidden, lit = table.measure("a", "b"), table.measure("a", "c")
    assert hidden.dark and hidden.line_of_sight == "blocked" and hidden.cover_percent == 0.0
    assert hidden.to_json()["dark"] is True and "dark" not in lit.to_json()
    assert not lit.dark and lit.line_of_sight == "clear"
    found = {t.source: t for t in threats(table.field, "a", table.occluders)}
    assert not found["b"].dark  # a stands in the open
    seen = {t.source: t for t in threats(table.field, "b", table.occluders)}
    assert seen["a"].dark and seen["a"].line_of_sight == "blocked"


def test_the_editors_reasons_in_spanish() -> None:
    """The new elements' refusals and problems are catalogue messages (issue 16)."""
    field = Battlefield("t", (40.0, 20.0))
    with pytest.raises(edits.EditError) as few:
        edits.add_darkness(field, [(0.0, 0.0), (1.0, 1.0)])
    assert str(few.value) == "a dark area needs at least 3 points, got 2"
    assert few.value.text("es") == "una zona oscura necesita al menos 3 puntos y tiene 2"
    with pytest.raises(edits.EditError) as dim:
        edits.add_light(field, (5.0, 5.0), radius=0)
    assert dim.value.text("es") == "no se admite el radio 0: debe ser mayor que 0"
    off = replace(field, lights=(Light(position=(50.0, 5.0), radius=3.0),))
    said = [told(m, "es") for _key, _severity, m in edits.problems(off)]
    assert "la luz está fuera de la mesa de 40×20 K" in said
