"""The `wartime` command: subcommands, text output and the JSON contracts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wartime.cli import main
from wartime.engine.core.modifiers import not_yet_automated

from .conftest import ARMIES

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

LEGION = str(ARMIES / "legion.yaml")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_no_arguments_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    assert status == 0
    for command in ("points", "catalog", "check"):
        assert command in out


def test_help_lists_the_subcommands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "wartime", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert all(c in result.stdout for c in ("points", "catalog", "check"))


def test_points_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "points", LEGION, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"archetypes", "characters", "lists", "warnings"}
    assert data["archetypes"]["fusil"] == 31 + 15 + 4 - 5
    assert data["characters"] == {
        "sargento": 91,
        "fusilero": 76,
        "granadero": 73,
        "ametrallador": 111,
    }
    assert data["lists"] == {"seccion": {"points": 427, "limit": 450, "within_limit": True}}
    assert data["warnings"] == []


def test_points_text_shows_breakdowns_totals_and_limits(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "points", LEGION)
    assert status == 0
    assert "ENE 4 × DAÑ 5 (table)" in out  # the machine gun's table cell
    assert "Área L5" in out
    assert "427 / 450  within limit" in out


def test_points_warnings_reach_json(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    army = tmp_path / "a.yaml"
    army.write_text(
        "wartime_army: 1\n"
        "archetypes:\n"
        "  - {id: r, kind: race, CON: 3, AGI: 3, INT: 3, VOL: 3, bonus: [Shin]}\n"
        "characters: [{id: pj, race: r}]\n",
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "points", str(army), "--json")
    assert status == 0
    (warning,) = json.loads(out)["warnings"]
    assert "characters[0]" in warning and "Neuromante" in warning


def test_catalog_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "catalog", "--json")
    assert status == 0
    entries = json.loads(out)
    assert len(entries) == 369
    keys = {"name", "cost", "per_level", "max_level", "param", "tags", "hook", "summary"}
    assert all(set(e) == {*keys, "automated"} for e in entries)
    left = {e["name"] for e in entries if not e["automated"]}  # issue 15: shown, not hidden
    assert left == set(not_yet_automated()) and "Control remoto" not in left
    area = next(e for e in entries if e["name"] == "Área")
    assert area["cost"] == "area_table"
    shield = next(e for e in entries if e["name"] == "Escudo de energía")
    assert (shield["cost"], shield["per_level"], shield["max_level"]) == (5, True, 10)


def test_catalog_search_filters(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "catalog", "--search", "ESCUDO DE ENERGIA", "--json")
    assert status == 0
    names = {e["name"] for e in json.loads(out)}
    assert {"Escudo de energía", "Escudo de energía avanzado"} <= names
    assert "Afilada" not in names


def test_catalog_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "catalog", "--search", "afilada")
    assert status == 0
    assert "Afilada" in out and "1 entry" in out


def test_check_accepts_both_sample_armies(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--lang", "en", "check", LEGION, str(ARMIES / "culto.yaml"))
    assert status == 0
    assert out.count(": OK: army") == 2


def test_check_refuses_unknown_file_types(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "notes.yaml"
    other.write_text("hello: world\n", encoding="utf-8")
    status, _, err = run(capsys, "--lang", "en", "check", str(other))
    assert status == 2
    assert "notes.yaml" in err and "unknown file type" in err


def test_no_arguments_opens_the_start_screen_when_a_window_can_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13: `wartime` alone opens the start screen (a new game, a save, a replay,
    the editor); so does `wartime play` with no map."""
    import wartime.cli
    import wartime.ui.modes.start

    opened: list[str] = []
    monkeypatch.setattr(wartime.cli, "has_display", lambda: True)
    monkeypatch.setattr(wartime.ui.modes.start, "run_start", lambda: opened.append("start") or 0)
    assert main([]) == 0
    assert main(["play"]) == 0
    assert opened == ["start", "start"]


def test_samples_are_found_from_a_checkout() -> None:
    from wartime import resources

    default = resources.default_map()
    assert default is not None and default.name == "aldea-en-ruinas.yaml"
    assert (resources.armies_dir() / "legion.yaml").is_file()
    assert resources.theme_file() is not None
