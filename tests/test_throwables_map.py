"""The map's throwable objects (issue 15, Súper fuerza): the format, its checks, and the
editor's pure commands for them (no pygame).  See docs/map-format.md."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wartime.board import commands, edits, queries
from wartime.board.battlefield import Battlefield, Throwable, ThrowSize
from wartime.cli import main
from wartime.engine import Ruleset, Scenario
from wartime.engine.core.profiles import Profile
from wartime.errors import DataError
from wartime.formats.document import parse_document
from wartime.formats.map import dump_map, parse_map
from wartime.play.board import field_of
from wartime.render.battlefield import (
    DEFAULT_PALETTE,
    draw_battlefield,
    static_shapes,
)
from wartime.render.primitives import Layer, Polygon

MAP = """wartime_map: 1
size: [30, 20]
units:
  - {id: a1, side: A, position: [5, 5]}
throwables:
  - {id: coche, position: [10, 10], size: car}
  - {id: camion, position: [20, 5], size: lorry}
  - {id: grua, position: [25, 15], size: larger}
"""


def _load(text: str) -> Battlefield:
    return parse_map(parse_document(text, "m.yaml"))


def _problems(text: str) -> list[str]:
    with pytest.raises(DataError) as info:
        _load(text)
    return [f"{p.path}: {p.reason('en')}" for p in info.value.problems]


def test_a_map_lists_its_throwables_and_dumps_them_back() -> None:
    field = _load(MAP)
    assert field.throwables == (
        Throwable("coche", (10.0, 10.0), ThrowSize.CAR),
        Throwable("camion", (20.0, 5.0), ThrowSize.LORRY),
        Throwable("grua", (25.0, 15.0), ThrowSize.LARGER),
    )
    assert _load(dump_map(field)) == field


def test_a_map_without_throwables_dumps_as_before() -> None:
    """No `throwables:` key is written when there are none (older maps stay the same)."""
    field = _load(MAP.split("throwables:")[0])
    assert field.throwables == () and "throwables" not in dump_map(field)


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ("{id: x, position: [10, 10], size: van}", "throwables[0].size: unknown size 'van'"),
        ("{position: [10, 10], size: car}", "throwables[0]: missing 'id'"),
        ("{id: x, position: [10], size: car}", "throwables[0].position: expected a point"),
        ("{id: x, position: [10, 10], size: car, colour: red}", "throwables[0].colour"),
        ("{id: a1, position: [10, 10], size: car}", "throwables[0].id: duplicated id 'a1'"),
        ("{id: x, position: [29.5, 10], size: car}", "throwables[0].position: the car 'x' is off"),
        ("{id: x, position: [15, 0.6], size: larger}", "throwables[0].position: the larger"),
    ],
)
def test_a_bad_throwable_is_a_located_error(entry: str, expected: str) -> None:
    text = "wartime_map: 1\nsize: [30, 20]\nunits:\n  - {id: a1, side: A, position: [5, 5]}\n"
    found = _problems(text + f"throwables:\n  - {entry}\n")
    assert any(p.startswith(expected) for p in found), found


FIELD = _load(MAP)


def scenario_of(field: Battlefield) -> Scenario:
    profiles = {u.id: Profile(u.id, u.id, 4, 4, 4, 4, 1.0, 3, (), 10) for u in field.units}
    return Scenario(field, profiles, Ruleset(), 1)


def test_the_editor_places_a_car_with_a_fresh_id() -> None:
    field, key = commands.place_throwable(FIELD, (15.0, 15.0))
    assert key == "coche-1"
    assert field.throwables[-1] == Throwable("coche-1", (15.0, 15.0), ThrowSize.CAR)
    again, second = commands.place_throwable(field, (3.0, 15.0), "lorry")
    assert second == "camion-1" and again.throwables[-1].size is ThrowSize.LORRY
    assert "throwable" in commands.TOOLS


def test_the_editor_refuses_a_throwable_off_the_table() -> None:
    with pytest.raises(edits.EditError, match="the car 'coche-1' would be off the 30×20 K table"):
        commands.place_throwable(FIELD, (29.5, 10.0))


def test_the_editor_moves_deletes_and_duplicates_throwables() -> None:
    moved = edits.move(FIELD, ["coche"], 2.0, -1.0)
    assert moved.throwables[0].position == (12.0, 9.0)
    with pytest.raises(edits.EditError, match="would be off"):
        edits.move(FIELD, ["grua"], 5.0, 0.0)
    gone = edits.delete(FIELD, ["camion"])
    assert [t.id for t in gone.throwables] == ["coche", "grua"]
    copied, keys = edits.duplicate(FIELD, ["coche"])
    assert keys == ["coche-2"] and copied.throwables[-1].position == (11.0, 11.0)
    assert edits.rotate(FIELD, "coche", 45.0) == FIELD  # it lies square to the table


def test_the_panel_sets_a_throwables_size_and_id() -> None:
    bigger = edits.set_property(FIELD, "coche", "size", "larger")
    assert bigger.throwables[0].size is ThrowSize.LARGER
    with pytest.raises(edits.EditError, match="unknown size 'bus'"):
        edits.set_property(FIELD, "coche", "size", "bus")
    with pytest.raises(edits.EditError, match="would be off"):  # a 4 K object at x = 25.0
        edits.set_property(replace(FIELD, size=(26.0, 20.0)), "grua", "size", "larger")
    renamed = edits.set_property(FIELD, "coche", "id", "seat")
    assert renamed.throwables[0].id == "seat"
    with pytest.raises(edits.EditError, match="non-empty text"):
        edits.set_property(FIELD, "coche", "id", "")
    with pytest.raises(edits.EditError, match="already used"):
        edits.set_property(FIELD, "coche", "id", "a1")
    assert edits.PROPERTIES["throwables"] == ("id", "size")


def test_the_pointer_finds_and_describes_a_throwable() -> None:
    assert queries.hit_test(FIELD, (10.9, 10.4)) == "coche"  # inside its 2 × 1 K outline
    assert queries.hit_test(FIELD, (10.0, 11.2)) is None
    assert queries.pick(FIELD, (20.0, 5.5), 0.1) == "camion"
    found = queries.describe(FIELD, "grua")
    assert found is not None and found.kind == "throwable" and found.values["size"] == "larger"
    assert queries.vertices(FIELD.throwables[0]) == ()


def test_a_map_with_throwables_passes_the_save_check() -> None:
    ok, messages = edits.can_save(FIELD)
    assert ok, messages


def test_the_view_draws_each_throwable_to_scale_and_by_size() -> None:
    """Dynamic shapes (a throw moves them), under the bases, keyed by id; the three sizes
    have three colours, and the body's outline is the object's outline."""
    shapes = draw_battlefield(FIELD).shapes
    bodies = {
        s.key: s
        for s in shapes
        if isinstance(s, Polygon) and s.layer == Layer.THROWABLES and s.outline is not None
    }
    assert {"coche", "grua"} <= set(bodies) and "camion" in {s.key for s in shapes}
    assert Layer.ARCS <= Layer.THROWABLES < Layer.BASES
    assert bodies["coche"].points == FIELD.throwables[0].outline()
    colours = {DEFAULT_PALETTE.throwable(size.value) for size in ThrowSize}
    assert len(colours) == 3
    assert not [s for s in static_shapes(FIELD) if s.key in ("coche", "camion", "grua")]
    selected = draw_battlefield(FIELD, selected=frozenset({"grua"})).shapes
    assert any(s.key == "grua" and s.layer == Layer.OVERLAY for s in selected)


def test_the_play_screen_shows_a_thrown_object_where_it_landed() -> None:
    """play.board.field_of: the map's throwables at their current places."""
    state = scenario_of(FIELD).new_game()
    state.thrown["coche"] = (3.0, 3.0)
    shown = field_of(state)
    assert shown.throwables[0].position == (3.0, 3.0)
    assert shown.throwables[1].position == (20.0, 5.0)


def test_wartime_check_counts_the_throwables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`wartime check` names the throwables of a map that has some, in either language."""
    path = tmp_path / "m.yaml"
    path.write_text(MAP, encoding="utf-8")
    assert main(["--lang", "en", "check", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("1 unit, 3 throwable objects")
    assert main(["--lang", "es", "check", str(path)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("1 unidad, 3 objetos lanzables")
