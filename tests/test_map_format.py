"""The map format (docs/map-format.md): located errors, caps and round trips."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Battlefield, Posture, Unit, Wall
from wartime.cli import main
from wartime.errors import DataError, Problem
from wartime.formats.document import Document, parse_document
from wartime.formats.map import (
    MAX_POINTS,
    MAX_VERTICES,
    dump_map,
    load_map,
    parse_map,
    save_map,
)

from .conftest import ROOT

MAPS = sorted((ROOT / "maps").glob("*.yaml"))

GOOD = """\
wartime_map: 1
name: Prueba
size: [48, 36]
walls:
  - {id: muro, points: [[10, 5], [10, 15], [20, 15]], height: 1.2, def: 4}
obstacles:
  - {id: casa, polygon: [[30, 20], [36, 20], [36, 26], [30, 26]], height: 4, def: 6}
terrain:
  - {id: bosque, polygon: [[2, 2], [8, 2], [8, 9], [2, 9]], kind: difficult}
deployment:
  - {side: A, polygon: [[0, 0], [48, 0], [48, 6], [0, 6]]}
units:
  - {id: a1, side: A, position: [12, 3]}
  - {id: b1, side: B, position: [12, 30], facing: 270, posture: crouched}
"""


def problems(tmp_path: Path, text: str) -> list[Problem]:
    path = tmp_path / "m.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_map(path)
    return list(info.value.problems)


# The lines of GOOD that several mistakes below start from.
A1_AT = "position: [12, 3]"
WOOD = "[[2, 2], [8, 2], [8, 9], [2, 9]]"


def paths(found: list[Problem]) -> list[str]:
    return [p.path for p in found]


def with_line(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new)


def test_the_example_map_loads(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(GOOD, encoding="utf-8")
    field = load_map(path)
    assert field.size == (48, 36)
    assert field.unit("b1").posture is Posture.CROUCHED
    assert field.unit("b1").current_height == 0.5
    assert field.walls[0].thickness == 0.2 and field.cm_per_k == pytest.approx(2.8)


@pytest.mark.parametrize(
    ("old", "new", "path", "words"),
    [
        ("height: 1.2", "height: -1", "walls[0].height", "0 or more"),
        ("height: 1.2, def: 4", "def: 4", "walls[0]", "missing 'height'"),
        ("height: 1.2", "height: tall", "walls[0].height", "expected a number"),
        ("[[10, 5], [10, 15], [20, 15]]", "[[10, 5]]", "walls[0].points", "at least 2"),
        ("[[10, 5], [10, 15], [20, 15]]", "[[10, 5], [10, 5]]", "walls[0].points", "no length"),
        (WOOD, "[[2, 2], [8, 2]]", "terrain[0].polygon", "at least 3"),
        (WOOD, "[[2, 2], [8, 9], [8, 2], [2, 9]]", "terrain[0].polygon", "crosses itself"),
        ("kind: difficult", "kind: swamp", "terrain[0].kind", "difficult, extreme, water, crevice"),
        ("side: B", "side: C", "units[1].side", "unknown side"),
        ("posture: crouched", "posture: sitting", "units[1].posture", "unknown posture"),
        (A1_AT, A1_AT + ", colour: red", "units[0].colour", "unknown key"),
        (A1_AT, "position: [0.2, 3]", "units[0].position", "off the 48×36 K table"),
        (A1_AT, "position: [12, 30.5]", "units[1].position", "overlaps unit 'a1'"),
        (A1_AT, "position: [33, 23]", "units[0].position", "inside 'casa'"),
        (A1_AT, "position: [10, 10]", "units[0].position", "inside 'muro'"),
        ("id: b1", "id: a1", "units[1].id", "duplicated id 'a1'"),
        ("id: bosque", "id: casa", "terrain[0].id", "duplicated id 'casa'"),
        ("def: 6", "def: 11", "obstacles[0].def", "allowed 0 to 10"),
        ("size: [48, 36]", "size: [48]", "size", "expected a point"),
        (A1_AT, A1_AT + ", level: 5", "units[0].level", "not one of"),
    ],
)  # fmt: skip
def test_each_mistake_is_located(tmp_path: Path, old: str, new: str, path: str, words: str) -> None:
    found = problems(tmp_path, with_line(old, new))
    assert path in paths(found), [str(p) for p in found]
    message = next(str(p) for p in found if p.path == path)
    assert words in message and "m.yaml" in message


def test_touching_bases_are_allowed(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(with_line("position: [12, 30]", "position: [13, 3]"), encoding="utf-8")
    assert load_map(path).unit("b1").position == (13, 3)


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    text = (
        GOOD.replace("height: 1.2", "height: -1")
        .replace("side: C", "x")
        .replace("side: B", "side: C")
    )
    text = text.replace("kind: difficult", "kind: swamp")
    assert len(problems(tmp_path, text)) >= 3


def test_missing_version_and_unsupported_version(tmp_path: Path) -> None:
    assert "wartime_map: 1" in str(problems(tmp_path, "size: [4, 4]\n")[0])
    assert "unsupported version 2" in str(problems(tmp_path, "wartime_map: 2\nsize: [4, 4]\n")[0])


def test_yaml_syntax_error_gives_line_and_column(tmp_path: Path) -> None:
    (problem,) = problems(tmp_path, "wartime_map: 1\nsize: [4, 4\n")
    assert "line" in problem.reason("en") and "column" in problem.reason("en")


def test_army_path_may_not_leave_the_map_folder(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text("wartime_army: 1\n", encoding="utf-8")
    found = problems(
        tmp_path, GOOD + "armies: [../escape.yaml, /etc/passwd, ok.yaml, missing.yaml]\n"
    )
    messages = {p.path: p.reason("en") for p in found}
    assert "leaves the map's folder" in messages["armies[0]"]
    assert "leaves the map's folder" in messages["armies[1]"]
    assert "armies[2]" not in messages
    assert "no army file" in messages["armies[3]"]


def test_vertex_cap_stops_hostile_files() -> None:
    many = [[i % 40, i // 40 % 30] for i in range(MAX_POINTS)]
    walls = [{"points": many, "height": 1, "def": 1}] * (MAX_VERTICES // MAX_POINTS + 1)
    doc = Document("huge.yaml", {"wartime_map": 1, "size": [48, 36], "walls": walls})
    with pytest.raises(DataError) as info:
        parse_map(doc)
    (problem,) = info.value.problems
    assert problem.path == f"walls[{MAX_VERTICES // MAX_POINTS}].points"
    assert problem.reason("en") == "too many vertices: a map may have at most 100,000"


@pytest.mark.parametrize(
    ("key", "path", "what"),
    [("walls", "walls[0].points", "a wall"), ("obstacles", "obstacles[0].polygon", "a polygon"),
     ("terrain", "terrain[0].polygon", "a polygon")],
)  # fmt: skip
def test_point_cap_per_wall_and_polygon(key: str, path: str, what: str) -> None:
    many = [[i % 40, i // 40 % 30] for i in range(MAX_POINTS + 1)]
    feature = {"points" if key == "walls" else "polygon": many, "height": 1, "def": 1}
    if key == "terrain":
        feature = {"polygon": many, "kind": "difficult"}
    doc = Document("huge.yaml", {"wartime_map": 1, "size": [48, 36], key: [feature]})
    with pytest.raises(DataError) as info:
        parse_map(doc)
    (problem,) = info.value.problems
    assert problem.path == path
    assert (
        problem.reason("en")
        == f"too many points: {what} may have at most 10,000, this one has 10,001"
    )


def test_a_wall_of_the_most_points_loads() -> None:
    many = [[i % 40, i // 40 % 30] for i in range(MAX_POINTS)]
    walls = [{"points": many, "height": 1, "def": 1}]
    field = parse_map(Document("big.yaml", {"wartime_map": 1, "size": [48, 36], "walls": walls}))
    assert len(field.walls[0].points) == MAX_POINTS


def test_round_trip_of_the_example(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    path.write_text(GOOD, encoding="utf-8")
    field = load_map(path)
    assert parse_map(parse_document(dump_map(field), "again.yaml")) == field


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path: Path) -> None:
    field = Battlefield(
        "t", (10, 10), walls=(Wall(((1, 1), (2, 2)), 1.0, 2),), units=(Unit("u", "A", (5, 5)),)
    )
    target = tmp_path / "saved.yaml"
    save_map(field, target)
    save_map(field, target)
    assert [p.name for p in tmp_path.iterdir()] == ["saved.yaml"]
    assert load_map(target) == field


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_sample_maps_load_check_and_round_trip(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = load_map(path)
    assert field.units and field.deployment
    assert parse_map(parse_document(dump_map(field), path.name)) == field
    assert main(["--lang", "en", "check", str(path)]) == 0
    assert ": OK: map" in capsys.readouterr().out


def test_the_three_sample_battlefields_exist() -> None:
    names = {p.stem for p in MAPS}
    assert {"campo-abierto", "aldea-en-ruinas", "complejo-industrial"} <= names


coordinate = st.floats(1, 40, allow_nan=False).map(lambda v: round(v, 3))


polyline = st.lists(st.tuples(coordinate, coordinate), min_size=2, max_size=4)
wall_height = st.floats(0, 5).map(lambda v: round(v, 2))


@settings(max_examples=60, deadline=None)
@given(
    walls=st.lists(st.tuples(polyline, wall_height, st.integers(0, 10)), max_size=4),
    units=st.lists(st.tuples(coordinate, coordinate, st.sampled_from(list(Posture))), max_size=4),
)
def test_any_generated_map_round_trips_or_fails_cleanly(walls, units) -> None:  # type: ignore[no-untyped-def]
    field = Battlefield(
        "gen",
        (48, 36),
        walls=tuple(Wall(tuple(p), h, d) for p, h, d in walls),
        units=tuple(Unit(f"u{i}", "A", (x, y), posture=pz) for i, (x, y, pz) in enumerate(units)),
    )
    try:
        loaded = parse_map(parse_document(dump_map(field), "gen.yaml"))
    except DataError as exc:
        assert exc.problems  # e.g. overlapping units: refused with a reason
        return
    assert loaded == field


def test_linked_armies_check_unit_characters(tmp_path: Path) -> None:
    """A unit's `character` must exist in the map's armies when armies are linked."""
    (tmp_path / "army.yaml").write_text(
        (ROOT / "assets" / "armies" / "legion.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    text = GOOD + "armies: [army.yaml]\n"
    linked = text.replace(
        "{id: a1, side: A, position: [12, 3]}",
        "{id: a1, side: A, position: [12, 3], character: sargento}",
    )
    path = tmp_path / "m.yaml"
    path.write_text(linked, encoding="utf-8")
    assert load_map(path).unit("a1").character == "sargento"
    found = problems(tmp_path, linked.replace("character: sargento", "character: sargentoo"))
    (problem,) = found
    assert problem.path == "units[0].character" and "did you mean 'sargento'" in problem.reason(
        "en"
    )


def test_invalid_linked_army_is_reported_on_the_map(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("wartime_army: 1\narchetypes: 3\n", encoding="utf-8")
    (problem,) = problems(tmp_path, GOOD + "armies: [bad.yaml]\n")
    assert problem.path == "armies[0]" and "the army file is invalid" in problem.reason("en")


def test_unit_count_is_capped() -> None:
    units = [
        {"id": f"u{i}", "side": "A", "position": [1 + i % 40, 1 + i // 40 % 30]}
        for i in range(1_001)
    ]
    with pytest.raises(DataError) as info:
        parse_map(Document("crowd.yaml", {"wartime_map": 1, "size": [48, 36], "units": units}))
    assert "too many units" in str(info.value)


def test_scenario_block_sets_the_game_length_and_ruleset(tmp_path: Path) -> None:
    """Issue 4: the map may carry the turn limit and the ruleset switches."""
    from wartime.engine.core.scenario import load_scenario
    from wartime.geometry.noise import NoiseRule

    path = tmp_path / "m.yaml"
    path.write_text(
        GOOD + "scenario: {turn_limit: 4, noise_wall_rule: halve, line_width: 1.5}\n",
        encoding="utf-8",
    )
    field = load_map(path)
    assert (field.rules.turn_limit, field.rules.noise_wall_rule, field.rules.line_width) == (
        4,
        "halve",
        1.5,
    )
    assert parse_map(parse_document(dump_map(field), "again.yaml")) == field
    ruleset = load_scenario(path).ruleset
    assert (ruleset.turn_limit, ruleset.noise_wall_rule, ruleset.line_width) == (
        4,
        NoiseRule.HALVE,
        1.5,
    )


def test_scenario_block_is_validated(tmp_path: Path) -> None:
    found = problems(
        tmp_path, GOOD + "scenario: {turn_limit: 0, noise_wall_rule: loud, width: 2}\n"
    )
    assert {p.path for p in found} == {
        "scenario.turn_limit",
        "scenario.noise_wall_rule",
        "scenario.width",
    }
