"""CLI contracts of `wartime measure`, `template` and `noise` on a hand-made table.

The expected figures are worked out by hand from DESIGN.md §5, so this file is
a small golden position: a regression in any definition shows up here.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from pathlib import Path

import pytest

from wartime.board.battlefield import DEFAULT_WALL_THICKNESS
from wartime.board.shapes import wall_solids
from wartime.cli import main
from wartime.formats.map import load_map
from wartime.geometry.cover import cover_percent_reference
from wartime.geometry.measure import Table

from .conftest import ROOT

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

TABLE = """\
wartime_map: 1
name: Golden
size: [40, 20]
walls:
  - {id: tapia, points: [[10, 0], [10, 8]], height: 3, def: 4}
  - {id: murete, points: [[10, 12], [10, 20]], height: 0.3, def: 2}
obstacles:
  - {id: casa, polygon: [[24, 2], [28, 2], [28, 6], [24, 6]], height: 4, def: 3}
units:
  - {id: a, side: A, position: [5, 4], facing: 0, vol: 4}
  - {id: b, side: B, position: [15, 4], facing: 180}
  - {id: c, side: A, position: [5, 16], facing: 0}
  - {id: d, side: B, position: [15, 16], facing: 180, posture: prone}
  - {id: e, side: B, position: [35, 4], facing: 180}
  - {id: f, side: B, position: [5, 10], facing: 270}
"""


@pytest.fixture
def table(tmp_path: Path) -> str:
    path = tmp_path / "golden.yaml"
    path.write_text(TABLE, encoding="utf-8")
    return str(path)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_measure_contract_behind_a_tall_wall(
    table: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 3 K wall between two standing figures: total cover, LdV blocked."""
    m = run_json(capsys, "measure", table, "--from", "a", "--to", "b")
    assert m == {
        "from": "a",
        "to": "b",
        "distance_k": 9.0,
        "center_distance_k": 10.0,
        "distance_cm": 25.2,
        "in_arc": True,
        "in_vision": True,
        "cover_percent": 100.0,
        "cover_class": "total",
        "line_of_sight": "blocked",
    }


def test_measure_knee_wall_against_a_prone_target(
    table: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Prone: 0.25 K tall; a 0.3 K wall halfway hides it up to ~0.165 K (eye 0.9 K)."""
    m = run_json(capsys, "measure", table, "--from", "c", "--to", "d")
    assert isinstance(m, dict)
    # eye z 0.9, wall at t = 0.5: occluded below 0.9 + (0.3 - 0.9) / 0.5 = -0.3 -> none.
    # From the far side the wall is nearer the eye, so the prone figure is visible.
    assert m["cover_class"] == "none"
    back = run_json(capsys, "measure", table, "--from", "d", "--to", "c")
    assert isinstance(back, dict) and back["in_arc"] is True


def test_vision_range_and_arc(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    """CdV: f is behind a (facing 0) only by its centre; a's VOL 4 reaches 20 K."""
    behind = run_json(capsys, "measure", table, "--from", "b", "--to", "f")
    assert isinstance(behind, dict) and behind["in_arc"] is True  # b faces 180, f is to its left
    far = run_json(capsys, "measure", table, "--from", "a", "--to", "e")
    assert isinstance(far, dict)
    assert far["distance_k"] == 29.0 and far["in_arc"] and not far["in_vision"]


def test_measure_all_lists_every_ordered_pair(
    table: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pairs = run_json(capsys, "measure", table, "--all")
    assert isinstance(pairs, list) and len(pairs) == 6 * 5
    assert {(p["from"], p["to"]) for p in pairs} >= {("a", "b"), ("b", "a")}


def test_template_round(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    hits = run_json(capsys, "template", table, "--shape", "R4", "--at", "5,5")
    assert hits == {"full": ["a"], "partial": []}


def test_template_line_from_a_unit(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    """L10 from a toward b: from x 5.5 to 15.5, so b's base (14.5..15.5) is wholly inside."""
    hits = run_json(capsys, "template", table, "--shape", "L10", "--at", "15,4", "--from", "a")
    assert hits == {"full": ["b"], "partial": []}


def test_template_chain(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    hits = run_json(capsys, "template", table, "--shape", "S3", "--target", "a")
    assert hits == {"chain": ["a"]}  # nobody within 3 K of a


def test_noise_through_a_building(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A sound at (20, 4) of radius 16: the house (DEF 3) is crossed twice toward e."""
    heard = run_json(capsys, "noise", table, "--at", "20,4", "--range", "16")
    assert isinstance(heard, dict)
    assert heard["reach"]["e"] == 10.0  # 16 - 3 - 3
    assert "e" not in heard["hears"]  # e's base is 14.5 K away
    assert "b" in heard["hears"]  # open ground, 4.5 K
    halved = run_json(capsys, "noise", table, "--at", "20,4", "--range", "16", "--rule", "halve")
    assert isinstance(halved, dict)
    # first wall at 4 K: 4 + (16 - 4) / 2 = 10; second at 8 K: 8 + (10 - 8) / 2 = 9
    assert halved["reach"]["e"] == 9.0


def test_unknown_unit_is_a_clean_error(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", table, "--from", "a", "--to", "zz"]) == 2
    assert "no unit with id 'zz'" in capsys.readouterr().err


def test_measure_text_form(table: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["measure", table, "--from", "a", "--to", "b"]) == 0
    out = capsys.readouterr().out
    assert "9.00 K" in out and "LdV blocked" in out


def test_a_level_2_target_is_measured_3_k_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DESIGN §5 Heights: a target at level 2 stands 3 K up, for the one looking at it too.

    Behind *tapia* lowered to 2 K it was 100 % hidden when measured on the ground; 3 K
    up only its feet stay behind the wall, as the shapely reference says.
    """
    path = tmp_path / "flyer.yaml"
    text = TABLE.replace("height: 3, def: 4", "height: 2, def: 4")
    ground = tmp_path / "ground.yaml"
    ground.write_text(text, encoding="utf-8")
    afoot = run_json(capsys, "measure", str(ground), "--from", "a", "--to", "b")
    assert isinstance(afoot, dict) and afoot["cover_percent"] == 100.0
    text = text.replace("[15, 4], facing: 180}", "[15, 4], facing: 180, level: 2}")
    path.write_text(text, encoding="utf-8")
    m = run_json(capsys, "measure", str(path), "--from", "a", "--to", "b")
    assert isinstance(m, dict)
    wall = wall_solids("tapia", [(10.0, 0.0), (10.0, 8.0)], DEFAULT_WALL_THICKNESS, 2.0, 4)
    expected = cover_percent_reference((5.0, 4.0, 0.9), (15.0, 4.0), 1.0, 1.0, wall, base=3.0)
    assert 0.0 < expected < 50.0
    assert m["cover_percent"] == pytest.approx(expected, abs=0.05)
    assert m["cover_class"] == "partial"


@pytest.mark.parametrize(
    ("name", "lifted"),
    [("complejo-industrial.yaml", "a3"), ("aldea-en-ruinas.yaml", "a-fusilero-1")],
)
def test_measure_all_equals_the_pairs_one_by_one(
    name: str, lifted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--all` takes the all-pairs path (one cover_matrix call): its output is, pair by
    pair and bit for bit, what `--from A --to B` gives.  One unit is lifted to level 2 so
    the lifted silhouette is part of the comparison."""
    text = (ROOT / "maps" / name).read_text(encoding="utf-8")
    field = load_map(ROOT / "maps" / name)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    table = Table(dataclasses.replace(field, units=tuple(
        dataclasses.replace(u, level=2) if u.id == lifted else u for u in field.units
    )))  # fmt: skip
    every = table.measure_all()
    ids = [u.id for u in field.units]
    assert [(m.source, m.target) for m in every] == list(itertools.permutations(ids, 2))
    assert every == [table.measure(m.source, m.target) for m in every]
    ground = Table(field).measure_all()
    assert any(m.cover_percent < g.cover_percent for m, g in zip(every, ground, strict=True))
    listed = run_json(capsys, "measure", str(path), "--all")
    assert isinstance(listed, list) and len(listed) == len(ids) * (len(ids) - 1)
    for m in listed[:: max(1, len(listed) // 40)]:
        assert m == run_json(capsys, "measure", str(path), "--from", m["from"], "--to", m["to"])
