"""The window's settings file and the strings table (no window needed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from wartime.ui import strings
from wartime.ui.settings import (
    FILE_NAME,
    MAX_RECENT,
    SCALE_PRESETS,
    Settings,
    parse_cm_per_k,
)


def _maps(folder: Path, count: int) -> list[Path]:
    paths = []
    for i in range(count):
        path = folder / f"mapa-{i}.yaml"
        path.write_text("wartime_map: 1\n", encoding="utf-8")
        paths.append(path.resolve())
    return paths


def test_round_trip(tmp_path: Path) -> None:
    maps = _maps(tmp_path, 2)
    settings = Settings(grid=False, language="en")
    settings.choose_custom(3.5)
    settings.remember(maps[0])
    settings.remember(maps[1])
    assert settings.save(tmp_path)
    back = Settings.load(tmp_path)
    assert back == settings
    assert back.scale_mm is None and back.cm_per_k == 3.5
    assert back.recent == [str(maps[1]), str(maps[0])]
    assert back.last_map == str(maps[1])
    assert not list(tmp_path.glob(".settings.json.*"))  # no temporary file left behind


def test_defaults() -> None:
    settings = Settings()
    assert settings.scale_mm == 28 and settings.effective_cm_per_k == pytest.approx(2.8)
    assert settings.grid and settings.language == "" and settings.recent == []
    assert settings.effective_language == "es"  # the tests' system language (conftest)


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "",
        "[1, 2, 3]",
        '"text"',
        '{"grid": true, "scale_mm": ',  # cut off mid-write by an old version
    ],
)
def test_corrupt_file_gives_the_defaults_and_says_so_once(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / FILE_NAME).write_text(content, encoding="utf-8")
    assert Settings.load(tmp_path) == Settings()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and FILE_NAME in err
    assert Settings.load(tmp_path) == Settings()
    assert capsys.readouterr().err == ""  # the same problem is not repeated


def test_bad_values_fall_back_one_by_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    maps = _maps(tmp_path, 1)
    data = {
        "grid": "yes",
        "scale_mm": 40,
        "cm_per_k": -1,
        "language": 3,
        "recent": [str(maps[0])],
        "unknown": 1,
    }
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    settings = Settings.load(tmp_path)
    assert settings == Settings(recent=[str(maps[0])])
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    for key in ("grid", "scale_mm", "cm_per_k", "language"):
        assert key in err


def test_partial_file_keeps_what_it_has(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / FILE_NAME).write_text('{"grid": false}', encoding="utf-8")
    assert Settings.load(tmp_path) == Settings(grid=False)
    assert capsys.readouterr().err == ""  # an older file lacking keys is not a problem


def test_missing_file_is_quiet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert Settings.load(tmp_path / "none") == Settings()
    assert capsys.readouterr().err == ""


def test_unwritable_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert not Settings().save(blocker / "sub")


def test_recent_order_uniqueness_and_limit(tmp_path: Path) -> None:
    maps = _maps(tmp_path, MAX_RECENT + 3)
    settings = Settings()
    for path in maps:
        settings.remember(path)
    assert settings.recent == [str(p) for p in reversed(maps)][:MAX_RECENT]
    settings.remember(maps[-3])  # again: moves to the front, not repeated
    assert settings.recent[0] == str(maps[-3])
    assert settings.recent.count(str(maps[-3])) == 1
    assert len(settings.recent) == MAX_RECENT
    relative = Path(maps[0].name)
    settings.remember(tmp_path / ".." / tmp_path.name / relative)  # same file, other spelling
    assert settings.recent[0] == str(maps[0])
    assert settings.recent.count(str(maps[0])) == 1


def test_recent_drops_missing_files_and_junk_on_load(tmp_path: Path) -> None:
    maps = _maps(tmp_path, 3)
    data = {"recent": [str(maps[0]), str(tmp_path / "gone.yaml"), 7, str(maps[0]), str(maps[2])]}
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    assert Settings.load(tmp_path).recent == [str(maps[0]), str(maps[2])]
    many = {"recent": [str(p) for p in _maps(tmp_path, MAX_RECENT + 4)]}
    (tmp_path / FILE_NAME).write_text(json.dumps(many), encoding="utf-8")
    assert len(Settings.load(tmp_path).recent) == MAX_RECENT


def test_setting_last_map_directly_records_it(tmp_path: Path) -> None:
    maps = _maps(tmp_path, 2)
    settings = Settings()
    settings.remember(maps[0])
    settings.last_map = str(maps[1])  # how older code records an opened map
    assert settings.save(tmp_path)
    assert Settings.load(tmp_path).recent == [str(maps[1]), str(maps[0])]


@pytest.mark.parametrize("mm", SCALE_PRESETS)
def test_preset_gives_mm_over_ten(mm: float) -> None:
    settings = Settings(cm_per_k=7.0)
    settings.choose_preset(mm)
    assert settings.effective_cm_per_k == pytest.approx(mm / 10)
    assert settings.scale_text() == f"{mm:g} mm ({mm / 10:g} cm/K)"


def test_custom_cm_per_k_wins_only_when_chosen() -> None:
    settings = Settings()
    settings.choose_custom(4.25)
    assert settings.scale_mm is None and settings.effective_cm_per_k == 4.25
    assert "4.25 cm/K" in settings.scale_text()
    settings.choose_preset(54)
    assert settings.effective_cm_per_k == pytest.approx(5.4)
    assert settings.cm_per_k == 4.25  # kept for when the custom scale is chosen again
    with pytest.raises(ValueError):
        settings.choose_preset(40)
    with pytest.raises(ValueError):
        settings.choose_custom(0)


@pytest.mark.parametrize(("raw", "value"), [("3.5", 3.5), (" 2,8 ", 2.8), ("20", 20.0)])
def test_parse_cm_per_k_accepts(raw: str, value: float) -> None:
    assert parse_cm_per_k(raw) == pytest.approx(value)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("0", "mayor que 0"),
        ("-2", "mayor que 0"),
        ("20.5", "no puede pasar de 20"),
        ("tres", "no es un número"),
        ("", "no es un número"),
        ("nan", "no es un número"),
        ("inf", "no es un número"),
    ],
)
def test_parse_cm_per_k_refuses_with_the_reason(raw: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_cm_per_k(raw)


# --- strings ---------------------------------------------------------------------------


@pytest.fixture
def english() -> Iterator[None]:
    strings.set_language("en")
    yield
    strings.set_language("es")


def test_strings_are_keyed_by_language() -> None:
    assert strings.current_language() == "es"
    assert strings.text("bar.open") == "Abrir…"


@pytest.mark.usefixtures("english")
def test_strings_speak_english_when_chosen() -> None:
    assert strings.current_language() == "en"
    assert strings.text("state.on") == "on"
    assert strings.text("bar.scale") == "Scale"  # a stub no more: English is complete
    assert strings.text("status.scale", scale="x") == "Scale: x"
    assert strings.text("no.such.key") == "no.such.key"


def test_unknown_language_shows_spanish() -> None:
    strings.set_language("fr")
    try:
        assert strings.text("bar.recent") == "Recientes"
    finally:
        strings.set_language("es")
