"""``wartime check`` agrees with the costing (issue 15 §3; LISTAS DE JUEGO: a list's
characters may not cost more than its limit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartime.cli import main

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

ROOT = Path(__file__).resolve().parents[1]
LEGION = ROOT / "assets" / "armies" / "legion.yaml"


def test_a_list_over_its_limit_is_an_error_with_its_place_total_and_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    army = tmp_path / "legion.yaml"
    army.write_text(LEGION.read_text(encoding="utf-8").replace("limit: 450", "limit: 100"))
    assert main(["check", str(army)]) == 2
    err = capsys.readouterr().err
    assert f"{army}:" in err and "lists[0]" in err
    assert "costs 427 points, over its limit of 100" in err
    assert main(["points", str(army)]) == 0  # the same 427 the costing prints
    assert "427 / 100" in capsys.readouterr().out


def test_a_list_within_its_limit_checks_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(LEGION)]) == 0
    assert "OK" in capsys.readouterr().out
