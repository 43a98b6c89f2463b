"""Issue 12 §1: maps that play with their armies.

A map's `armies:` may name a packaged sample army by bare name; the sample maps
link theirs, so their figures play with their characters' weapons; units naming
characters that no army defines are reported as a warning, never played in silence.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from wartime import resources
from wartime.cli import main
from wartime.engine import load_game, load_scenario, save_game
from wartime.engine.ai import choose, play_out
from wartime.errors import DataError, Severity
from wartime.formats.document import read_document
from wartime.formats.map import army_file, load_map, read_map

from .conftest import ARMIES, ROOT

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

MAPS = sorted((ROOT / "maps").glob("*.yaml"))
VILLAGE = ROOT / "maps" / "aldea-en-ruinas.yaml"

SMALL = """\
wartime_map: 1
size: [24, 18]
units:
  - {id: a1, side: A, position: [4, 2], character: sargento}
  - {id: a2, side: A, position: [8, 2]}
  - {id: a3, side: A, position: [12, 2], character: fusilero}
  - {id: b1, side: B, position: [4, 16], facing: 270, character: bruto}
  - {id: b2, side: B, position: [8, 16], facing: 270}
"""


def write(folder: Path, text: str, name: str = "m.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def named_units(message: str) -> dict[str, str]:
    """The `unit (character)` pairs a warning names."""
    return dict(re.findall(r"([\w-]+) \(([\w-]+)\)", message))


# -- bare names ---------------------------------------------------------------------


def test_a_bare_name_links_the_packaged_army(tmp_path: Path) -> None:
    """`armies: [legion, culto]` beside no army file: the installed samples are used."""
    path = write(tmp_path, SMALL + "armies: [legion, culto]\n")
    assert army_file(path, "legion") == resources.armies_dir() / "legion.yaml"
    assert set(resources.packaged_armies()) == {"legion", "culto"}
    field = load_map(path)
    assert field.armies == ("legion", "culto")
    profiles = load_scenario(path).profiles
    assert [w.id for w in profiles["a1"].weapons] == ["fusil"]  # legion's sargento
    assert [w.id for w in profiles["b1"].weapons] == ["hacha"]  # culto's bruto
    assert profiles["a2"].weapons == ()  # no character: a bare figure


def test_a_bare_name_with_a_typo_is_refused_by_character_too(tmp_path: Path) -> None:
    """A linked packaged army still checks the units' characters (a typo is an error)."""
    path = write(tmp_path, SMALL.replace("sargento", "sargentoo") + "armies: [legion, culto]\n")
    with pytest.raises(DataError) as info:
        load_map(path)
    (problem,) = info.value.problems
    assert problem.path == "units[0].character" and "did you mean 'sargento'" in problem.reason(
        "en"
    )


def test_an_unknown_bare_name_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SMALL + "armies: [legion, culto, legio]\n")
    with pytest.raises(DataError) as info:
        load_map(path)
    (problem,) = info.value.problems
    assert (problem.file, problem.path, problem.line) == (str(path), "armies[2]", 9)
    assert problem.severity is Severity.ERROR
    assert "no packaged army 'legio' (did you mean 'legion'?)" in problem.reason("en")
    assert "the packaged armies are culto, legion" in problem.reason("en")
    for argv in (["check", str(path)], ["sim", str(path), "--games", "1"]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert err.startswith(f"{path}:9: armies[2]: no packaged army 'legio'")
        assert "Traceback" not in out + err


@pytest.mark.parametrize("entry", ["../legion.yaml", "../legion", "..", "sub/../../legion.yaml"])
def test_a_path_may_still_not_leave_the_map_folder(tmp_path: Path, entry: str) -> None:
    """Even when the file outside exists, and even when it shares a packaged army's name."""
    shutil.copy(ARMIES / "legion.yaml", tmp_path / "legion.yaml")
    shutil.copy(ARMIES / "legion.yaml", tmp_path / "legion")
    path = write(tmp_path / "maps", SMALL + f"armies: ['{entry}']\n")
    with pytest.raises(DataError) as info:
        load_map(path)
    (problem,) = info.value.problems
    assert problem.path == "armies[0]"
    assert problem.reason("en") == f"'{entry}' leaves the map's folder: give a path inside it"


def test_a_file_beside_the_map_is_named_with_its_extension(tmp_path: Path) -> None:
    """`legion.yaml` is the file beside the map, not the packaged army."""
    text = (ARMIES / "legion.yaml").read_text(encoding="utf-8")
    (tmp_path / "legion.yaml").write_text(text.replace("fusil]", "ametralladora]"), "utf-8")
    path = write(tmp_path, SMALL.replace("bruto", "fusilero") + "armies: [legion.yaml]\n")
    assert army_file(path, "legion.yaml") == tmp_path / "legion.yaml"
    assert [w.id for w in load_scenario(path).profiles["a1"].weapons] == ["ametralladora"]


# -- the warning --------------------------------------------------------------------


def test_the_warning_names_exactly_the_units_with_undefined_characters(tmp_path: Path) -> None:
    path = write(tmp_path, SMALL)
    loaded = read_map(read_document(path))
    (warning,) = loaded.warnings
    assert warning.severity is Severity.WARNING
    assert (warning.file, warning.path, warning.line) == (str(path), "units", 3)
    assert named_units(warning.reason("en")) == {"a1": "sargento", "a3": "fusilero", "b1": "bruto"}
    assert "without weapons" in warning.reason("en")


def test_no_warning_when_every_character_is_defined(tmp_path: Path) -> None:
    path = write(tmp_path, SMALL + "armies: [legion, culto]\n")
    assert read_map(read_document(path)).warnings == ()
    assert load_scenario(path).warnings == ()


def test_check_warns_on_stderr_and_still_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SMALL)
    assert main(["--lang", "en", "check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}: OK: map") and "warning" not in out
    (line,) = err.splitlines()
    assert line.startswith(f"{path}:3: units: warning: 3 units name characters")
    assert named_units(line) == {"a1": "sargento", "a3": "fusilero", "b1": "bruto"}
    linked = write(tmp_path, SMALL + "armies: [legion, culto]\n", "linked.yaml")
    assert main(["--lang", "en", "check", str(linked)]) == 0
    assert capsys.readouterr().err == ""


def test_sim_warns_about_the_sides_no_army_arms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Side A gets its army on the command line; side B's figures would play unarmed."""
    path = write(tmp_path, SMALL)
    scenario = load_scenario(path, {"A": ARMIES / "legion.yaml"})
    (warning,) = scenario.warnings
    assert named_units(warning.reason("en")) == {"b1": "bruto"}
    assert scenario.with_seed(3).warnings == scenario.warnings
    argv = ["--lang", "en", "sim", str(path), "--games", "1"]
    argv += ["--army-a", str(ARMIES / "legion.yaml")]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out.startswith("1 game: ")
    (line,) = err.splitlines()
    assert line.startswith(f"{path}:3: units: warning: 1 unit name") and "b1 (bruto)" in line
    both = [*argv, "--army-b", str(ARMIES / "culto.yaml")]
    assert main(both) == 0
    assert capsys.readouterr().err == ""


# -- the sample maps ----------------------------------------------------------------


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_check_of_each_sample_map_has_no_warning(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", "check", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{path}: OK: map") and err == ""


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_each_sample_map_arms_every_unit_that_names_a_character(path: Path) -> None:
    field = load_map(path)
    profiles = load_scenario(path).profiles
    for unit in field.units:
        if unit.character is not None:
            assert profiles[unit.id].weapons, unit.id
            assert profiles[unit.id].character == unit.character


def test_sim_on_the_village_plays_with_the_armies(capsys: pytest.CaptureFixture[str]) -> None:
    """`wartime sim maps/aldea-en-ruinas.yaml --games 3 --seed 7`: armed figures shoot."""
    assert main(["--lang", "en", "sim", str(VILLAGE), "--games", "3", "--seed", "7", "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    result = json.loads(out)
    assert result["games"] == 3
    scenario = load_scenario(VILLAGE)
    assert all(p.weapons for p in scenario.profiles.values())
    first = play_out(scenario.with_seed(7).new_game())
    assert first.hash() == result["hashes"][0]  # the CLI played these very figures
    kinds = Counter(event.kind for event in first.log)
    assert kinds["hit"] + kinds["miss"] > 0 and kinds["wounds"] > 0


def test_a_save_keeps_the_linked_armies(tmp_path: Path) -> None:
    """The linked army's text is embedded: the save replays after the file is gone."""
    shutil.copy(ARMIES / "legion.yaml", tmp_path / "army.yaml")
    path = write(tmp_path, SMALL.replace("bruto", "fusilero") + "armies: [army.yaml, culto]\n")
    state = load_scenario(path, seed=5).new_game()
    for _ in range(12):
        state.apply(choose(state))
    save = tmp_path / "partida.yaml"
    save_game(state, save)
    (tmp_path / "army.yaml").unlink()
    replayed = load_game(save)
    assert replayed.hash() == state.hash()
    assert [w.id for w in replayed.scenario.profiles["a1"].weapons] == ["fusil"]
