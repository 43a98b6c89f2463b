"""Hostile and broken input (issue 16): a located error, never a traceback or a hang.

Every case goes through ``wartime check`` (or ``wartime replay``) as a user would
meet it: exit status 2, one line per problem naming the file, and no traceback.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from pathlib import Path

import pytest

from wartime.cli import main
from wartime.errors import DataError
from wartime.formats import document
from wartime.formats.document import read_document

from .conftest import ROOT

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")
MAP = "wartime_map: 1\nsize: [24, 18]\n"


def check(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> tuple[int, str]:
    """``wartime check PATHS``: the status and what it printed on stderr."""
    status = main(["--lang", "en", "check", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, err


def refused(path: Path | str) -> str:
    """The one problem reading ``path`` gives, as printed."""
    with pytest.raises(DataError) as info:
        read_document(path)
    assert len(info.value.problems) == 1, info.value.problems
    assert info.value.problems[0].file == str(path)
    return str(info.value.problems[0])


# -- special files: only regular files are read, and never more than the cap ---------------


@POSIX
def test_a_fifo_is_refused_without_blocking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "map.yaml"
    os.mkfifo(fifo)
    result: list[tuple[int, str]] = []
    worker = threading.Thread(target=lambda: result.append(check(capsys, fifo)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive():  # unblock the reader, so the test run itself ends
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading a FIFO blocked")
    status, err = result[0]
    assert status == 2
    only = "only regular files are read"
    assert err == f"{fifo}: is a named pipe (FIFO), not a regular file: {only}\n"


@POSIX
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_before_it_is_read(device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    only = "only regular files are read"
    assert refused(device) == f"{device}: is a device, not a regular file: {only}"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert refused(tmp_path) == f"{tmp_path}: is a folder, not a file"


def test_at_most_the_cap_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file over the cap is refused whatever its size on disk says (a file that grows,
    a file system that lies): the reader never asks for more than the cap plus one byte."""
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" + b"#" * 100)
    monkeypatch.setattr(document, "MAX_BYTES", 50)
    asked: list[int] = []
    real_read = os.read

    def spy(fd: int, size: int) -> bytes:
        asked.append(size)
        return real_read(fd, size)

    monkeypatch.setattr(document.os, "read", spy)
    assert refused(path) == f"{path}: file too large: the limit is 0 MiB"
    assert sum(asked) <= 51
    path.write_bytes(b"a: 1\n" + b"#" * 45)  # exactly the cap: read
    assert read_document(path).data == {"a": 1}


def test_the_cap_is_8_mib() -> None:
    assert document.MAX_BYTES == 8 * 1024 * 1024


# -- paths: a NUL byte, a symlink loop, a name too long --------------------------------------


def test_a_nul_byte_in_a_path_read_is_a_located_error() -> None:
    assert "NUL character" in refused("map.yaml\0")


@POSIX
def test_a_symlink_loop_read_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    assert refused(tmp_path / "a.yaml").startswith(f"{tmp_path / 'a.yaml'}: cannot read: ")


def test_a_name_too_long_read_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 300 + ".yaml")
    assert refused(path).startswith(f"{path}: cannot read: ")


def test_the_sample_maps_still_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = check(capsys, *sorted((ROOT / "maps").glob("*.yaml")))
    assert status == 0


# -- YAML: the values a file holds are counted while it is composed -----------------------


def _bomb(levels: int = 9, where: str = "walls") -> str:
    """A "billion laughs": each level an anchor of ten aliases of the one before."""
    lines = [MAP.rstrip("\n"), 'x: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        lines.append(f"x{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    return "\n".join([*lines, f"{where}: *a{levels - 1}"]) + "\n"


@pytest.mark.parametrize("where", ["walls", "name", "units"])
def test_an_alias_bomb_is_refused_at_the_alias_that_passes_the_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(_bomb(where=where), encoding="utf-8")
    status, err = check(capsys, path)
    assert status == 2
    (line,) = err.splitlines()
    assert line.startswith(f"{path}:")
    assert line.endswith(
        "too many values: a file may hold at most 1,000,000 "
        "(each use of an alias counts all the values it repeats)"
    )


def test_an_alias_counts_every_value_it_repeats(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root, three keys, a list of ten and two aliases of it: 1 + 3 + 11 + 11 + 11."""
    text = "a: &x [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: *x\nc: *x\n"
    monkeypatch.setattr(document, "MAX_NODES", 37)
    assert document.parse_document(text, "ok.yaml").data["c"] == list(range(1, 11))
    monkeypatch.setattr(document, "MAX_NODES", 36)
    with pytest.raises(DataError) as info:
        document.parse_document(text, "bomb.yaml")
    (problem,) = info.value.problems
    assert (problem.file, problem.line, problem.path) == ("bomb.yaml", 3, "c")


def test_a_huge_flat_file_stops_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wall of a million points is refused when the count passes the cap, at the value
    where it did, before the rest is composed or anything checks it."""
    monkeypatch.setattr(document, "MAX_NODES", 300)
    points = ", ".join(f"[{i % 24}, {i % 18}]" for i in range(1000))
    text = f"{MAP}walls:\n- height: 1\n  def: 1\n  points: [{points}]\n"
    with pytest.raises(DataError) as info:
        document.parse_document(text, "wall.yaml")
    (problem,) = info.value.problems
    assert problem.line == 6 and problem.path.startswith("walls[0].points[9")
    assert "at most 300" in problem.reason("en")


@pytest.mark.parametrize("depth", [500, 5000])
def test_deep_nesting_is_a_located_error(depth: int) -> None:
    with pytest.raises(DataError) as info:
        document.parse_document("a: " + "[" * depth + "]" * depth + "\n", "deep.yaml")
    (problem,) = info.value.problems  # libyaml's depth limit, or Python's recursion limit
    assert problem.file == "deep.yaml" and "nest" in problem.reason("en")


def test_one_parse_gives_the_data_and_the_lines() -> None:
    doc = document.parse_document("a: &x {b: [1, 2]}\nc: *x\n", "x.yaml")
    assert doc.data == {"a": {"b": [1, 2]}, "c": {"b": [1, 2]}}
    assert doc.line("a.b[1]") == 1 and doc.line("c") == 2


# -- text: a lone surrogate is no character, and could be neither printed nor saved ----------


@pytest.fixture(params=["libyaml", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both of PyYAML's parsers: libyaml's refuses the escape, PyYAML's builds the text."""
    if request.param == "python":
        monkeypatch.setattr(document, "_Loader", document._PyLoader)
    elif document._Loader is document._PyLoader:
        pytest.skip("PyYAML without libyaml")
    return str(request.param)


@pytest.mark.parametrize(
    ("text", "line", "path"),
    [
        ('wartime_army: 1\nname: "\\ud800"\n', 2, "name"),
        ('wartime_army: 1\nname: ok\ncharacters:\n- {id: "a\\udfff", race: x}\n', 4,
         "characters[0].id"),
        ('wartime_army: 1\n"\\ud800": 1\n', 2, "\\ud800"),
    ],
)  # fmt: skip
def test_a_lone_surrogate_is_a_located_error(
    loader: str,
    text: str,
    line: int,
    path: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(text, encoding="utf-8")
    status, err = check(capsys, army)
    assert status == 2
    (printed,) = err.splitlines()
    assert printed.startswith(f"{army}:{line}: ")
    if loader == "python":  # PyYAML builds the half pair; the walk refuses it by name
        assert printed.startswith(f"{army}:{line}: {path}: the text holds '\\ud")
        assert "half of a UTF-16 surrogate pair" in printed


def test_printing_what_loaded_never_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A character outside the BMP, escaped properly, loads and prints."""
    army = tmp_path / "army.yaml"
    army.write_text('wartime_army: 1\nname: "Legión \\U0001F600"\n', encoding="utf-8")
    assert main(["--lang", "en", "check", str(army)]) == 0
    assert "Legión 😀" in capsys.readouterr().out


# -- numbers too large for a float --------------------------------------------------------

HUGE = "1" + "0" * 400  # 10**400, written as a YAML whole number


@pytest.mark.parametrize(
    ("body", "line", "path"),
    [
        (MAP + f"units:\n- {{id: a, side: A, position: [1, 1], facing: {HUGE}}}\n", 4,
         "units[0].facing"),
        (MAP + f"units:\n- {{id: a, side: A, position: [{HUGE}, 1]}}\n", 4,
         "units[0].position[0]"),
        (f"wartime_map: 1\nsize: [{HUGE}, 18]\n", 2, "size[0]"),
        (MAP + f"walls:\n- {{points: [[1, 1], [2, 2]], height: {HUGE}, def: 1}}\n", 4,
         "walls[0].height"),
    ],
)  # fmt: skip
def test_a_number_too_large_for_a_float_is_a_located_error(
    body: str, line: int, path: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = tmp_path / "map.yaml"
    field.write_text(body, encoding="utf-8")
    status, err = check(capsys, field)
    assert status == 2
    assert err == f"{field}:{line}: {path}: number too large: a number may be at most 1.8e+308\n"


def test_a_race_height_too_large_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    army = tmp_path / "army.yaml"
    army.write_text(
        "wartime_army: 1\narchetypes:\n"
        f"- {{id: h, kind: race, AGI: 5, CON: 5, ENF: 5, INI: 5, VOL: 5, height: {HUGE}}}\n",
        encoding="utf-8",
    )
    status, err = check(capsys, army)
    assert status == 2 and "archetypes[0].height: number too large" in err


def test_an_action_with_a_number_too_large_is_refused_by_field() -> None:
    from wartime.engine import Action, IllegalActionError

    for data in ({"kind": "mover", "figure": "a", "point": [10**400, 1]},
                 {"kind": "pivotar", "figure": "a", "facing": 10**400}):  # fmt: skip
        with pytest.raises(IllegalActionError, match=r"point|facing"):
            Action.from_data(data)


def test_an_edit_with_a_number_too_large_is_refused() -> None:
    from wartime.board.battlefield import Battlefield, Unit
    from wartime.board.edits import EditError, set_property

    field = Battlefield("t", (24.0, 18.0), units=(Unit("a", "A", (5.0, 5.0)),))
    with pytest.raises(EditError, match="facing must be a finite number, got a number too large"):
        set_property(field, "a", "facing", 10**400)


def test_settings_with_a_number_too_large_keep_the_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wartime.ui.settings import FILE_NAME, Settings

    (tmp_path / FILE_NAME).write_text('{"cm_per_k": ' + HUGE + "}", encoding="utf-8")
    assert Settings.load(tmp_path) == Settings()
    assert "cm_per_k" in capsys.readouterr().err


# -- army paths a map names: a NUL byte, a symlink loop, a name too long --------------------


def _linking(folder: Path, entry: str) -> Path:
    field = folder / "map.yaml"
    field.write_text(f"{MAP}armies: [{entry}]\n", encoding="utf-8")
    return field


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('"legion.yaml\\0"',
         "the army file name 'legion.yaml\\x00' holds a NUL character, which no file may"),
        ('"' + "x" * 300 + '.yaml"',
         "the army file '" + "x" * 300 + ".yaml' cannot be opened: File name too long"),
    ],
    ids=["nul", "too-long"],
)  # fmt: skip
def test_a_bad_army_path_is_a_located_error(
    entry: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = _linking(tmp_path, entry)
    status, err = check(capsys, field)
    assert status == 2
    assert err == f"{field}:3: armies[0]: {message}\n"


@POSIX
def test_an_army_path_in_a_symlink_loop_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    field = _linking(tmp_path, "a.yaml")
    status, err = check(capsys, field)
    assert status == 2
    assert err.startswith(f"{field}:3: armies[0]: the army file 'a.yaml' cannot be opened: ")


@pytest.mark.parametrize("entry", ['"legion.yaml\\0"', "x" * 300 + ".yaml"])
def test_a_game_on_a_map_with_a_bad_army_path_is_a_located_error(
    entry: str, tmp_path: Path
) -> None:
    from wartime.engine import load_scenario

    with pytest.raises(DataError, match=r"armies\[0\]: the army file"):
        load_scenario(_linking(tmp_path, entry))


# -- large but legal files: points per wall and per map are capped ---------------------------


def test_a_wall_over_the_point_cap_is_refused_with_the_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    points = ", ".join(f"[{i % 24}, {i % 18}]" for i in range(10_001))
    field = tmp_path / "map.yaml"
    field.write_text(f"{MAP}walls:\n- {{height: 1, def: 1, points: [{points}]}}\n", "utf-8")
    status, err = check(capsys, field)
    assert status == 2
    assert err == (
        f"{field}:4: walls[0].points: too many points: a wall may have at most 10,000, "
        "this one has 10,001\n"
    )


def test_the_editor_shows_a_wall_over_the_point_cap() -> None:
    from wartime.board.battlefield import Battlefield, Wall
    from wartime.board.edits import problems
    from wartime.i18n import told

    wall = Wall(tuple((float(i % 24), float(i % 18)) for i in range(10_001)), 1.0, 1, id="muro")
    found = [
        (k, s, told(m, "en")) for k, s, m in problems(Battlefield("t", (24.0, 18.0), walls=(wall,)))
    ]
    assert ("muro", "error", "too many points: a wall may have at most 10,000, this one has "
            "10,001") in found  # fmt: skip


# -- malformed saves: every field wrong is located in the save -------------------------------


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """A save of a few moves on the open field, as data to damage."""
    import yaml

    from wartime.engine import load_scenario, save_game

    state = load_scenario(ROOT / "maps" / "campo-abierto.yaml").new_game()
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    path = tmp_path_factory.mktemp("save") / "partida.yaml"
    save_game(state, path)
    data: dict[str, object] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def _damaged(saved: dict[str, object], tmp_path: Path, damage: object) -> Path:
    import copy

    import yaml

    data = copy.deepcopy(saved)
    damage(data)  # type: ignore[operator]
    path = tmp_path / "partida.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _replayed(capsys: pytest.CaptureFixture[str], path: Path, *flags: str) -> tuple[int, str]:
    status = main(["--lang", "en", "replay", str(path), *flags])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, err


def _text(key: str, old: str, new: str) -> object:
    def damage(d: dict) -> None:  # type: ignore[type-arg]
        d["scenario"]["texts"][key] = d["scenario"]["texts"][key].replace(old, new, 1)

    return damage


SAVES = [
    ("action-is-a-list", lambda d: d["actions"].__setitem__(3, [1, 2]),
     "actions[3]: an action is a mapping with a kind, not [1, 2]"),
    ("action-is-empty", lambda d: d["actions"].__setitem__(3, []),
     "actions[3]: an action is a mapping with a kind, not []"),
    ("figure-is-a-list", lambda d: d["actions"][3].__setitem__("figure", []),
     "actions[3].figure: a name is expected, not []"),
    ("figure-is-numbers", lambda d: d["actions"][3].__setitem__("figure", [1, 2]),
     "actions[3].figure: a name is expected, not [1, 2]"),
    ("point-of-one-coordinate", lambda d: d["actions"][3].update(point=[1.0]),
     "actions[3].point: a point is two finite numbers, not (1.0,)"),
    ("point-too-large", lambda d: d["actions"][3].update(point=[10**400, 1]),
     "actions[3].point: a point is two finite numbers, not (1000000"),
    ("huge-action", lambda d: d["actions"].__setitem__(3, list(range(10_000))),
     "actions[3]: an action is a mapping with a kind, not [0, 1, 2, 3, 4, 5, ...]"),
    ("actions-not-a-list", lambda d: d.__setitem__("actions", {}),
     "actions: expected a list, got a mapping"),
    ("scenario-a-list", lambda d: d.__setitem__("scenario", []),
     "scenario: expected a mapping, got a list"),
    ("texts-a-list", lambda d: d["scenario"].__setitem__("texts", []),
     "scenario.texts: expected a mapping, got a list"),
    ("map-text-a-number", lambda d: d["scenario"]["texts"].__setitem__("map", 5),
     "scenario.texts.map: expected text, got a number"),
    ("no-map", lambda d: d["scenario"]["texts"].pop("map"),
     "scenario.texts: missing 'map': the save holds no map"),
    ("no-names", lambda d: d["scenario"].pop("names"), "scenario: missing 'names'"),
    ("seed-text", lambda d: d["scenario"].__setitem__("seed", "x"),
     "scenario.seed: expected a whole number, got text 'x'"),
    ("line-width-too-large", lambda d: d["scenario"]["ruleset"].update(line_width=10**400),
     "scenario.ruleset.line_width: number too large"),
    ("line-width-nan", lambda d: d["scenario"]["ruleset"].update(line_width=float("nan")),
     "scenario.ruleset.line_width: nan is not allowed: must be above 0"),
    ("noise-rule", lambda d: d["scenario"]["ruleset"].update(noise_wall_rule="loud"),
     "scenario.ruleset.noise_wall_rule: unknown noise rule 'loud': allowed subtract_def, halve"),
    ("turn-limit", lambda d: d["scenario"]["ruleset"].update(turn_limit=0),
     "scenario.ruleset.turn_limit: turn limit 0 must be 1 or more"),
    ("list", lambda d: d["scenario"].update(lists={"A": "nada"}),
     "scenario.lists: no list 'nada' for side A"),
    ("damaged-map", _text("map", "height: 0.7", "height: -0.7"),
     "scenario.texts.map: walls[0].height (line 19 of the embedded text): "
     "-0.7 is not allowed: must be 0 or more"),
    ("map-syntax", _text("map", "walls:", "walls: ["),
     "scenario.texts.map: line "),
    ("damaged-army", _text("linked:legion", "kind: weapon", "kind: arma"),
     "scenario.texts.linked:legion: archetypes[2].kind (line 20 of the embedded text): "
     "kind 'arma' is not one of"),
]  # fmt: skip


@pytest.mark.parametrize(("damage", "message"), [c[1:] for c in SAVES], ids=[c[0] for c in SAVES])
def test_a_malformed_save_is_located_in_the_save(
    damage: object,
    message: str,
    saved: dict[str, object],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A damaged save names itself, the key path inside it and what is wrong, never a
    file it embeds (`maps/campo-abierto.yaml`) that the user did not give."""
    path = _damaged(saved, tmp_path, damage)
    status, err = _replayed(capsys, path)
    assert status == 2
    (line,) = err.splitlines()
    located = re.fullmatch(rf"{re.escape(str(path))}:(\d+): (.*)", line)
    assert located is not None, line
    assert located[2].startswith(message), line
    assert "campo-abierto.yaml" not in line and "legion.yaml" not in line


# -- the hash of a save covers the scenario it embeds ------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Campo abierto", "Campo cerrado"),  # the map's text: the game's state is the same
        ("def: 3", "def: 2"),  # a wall no shot crossed yet
        ("seed: 0", "seed: 0\n  # a comment"),  # not the text, but still the same data: passes
    ],
    ids=["map-text", "wall-def", "comment"],
)
def test_a_changed_embedded_text_fails_verification(
    old: str,
    new: str,
    saved: dict[str, object],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _damaged(saved, tmp_path, lambda d: None)
    assert _replayed(capsys, path)[0] == 0
    _edit(path, old, new)
    status, err = _replayed(capsys, path)
    if old == "seed: 0":  # a YAML comment changes no data: the hash is of the data
        assert status == 0
        return
    assert status == 2
    (line,) = err.splitlines()
    assert re.fullmatch(
        rf"{re.escape(str(path))}:\d+: hash: hash mismatch: the replay gives \w+, the save "
        r"says \w+: its moves or the scenario it embeds were changed \(--force replays it anyway\)",
        line,
    ), line


def test_a_save_of_hash_version_2_still_verifies_by_its_state(
    saved: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Saves written before version 3 hashed the state alone: they replay and verify as
    they did, and a changed move still fails."""
    from wartime.engine import load_game

    state = load_game(_damaged(saved, tmp_path, lambda d: None))
    path = _damaged(saved, tmp_path, lambda d: d.update(hash=state.hash(), hash_version=2))
    assert _replayed(capsys, path) == (0, "")
    _edit(path, "Campo abierto", "Campo cerrado")  # not covered by version 2
    assert _replayed(capsys, path) == (0, "")
    _edit(path, f"hash: {state.hash()}", "hash: 0123456789abcdef")
    status, err = _replayed(capsys, path)
    assert status == 2 and err.endswith(
        "the save says 0123456789abcdef: its moves were changed (--force replays it anyway)\n"
    )


def test_the_save_hash_versions_name_this_state_hash() -> None:
    """Version 3 is made of the state hash of version 2: a new state hash needs a new save
    hash version, or saves of one kind would read as the other."""
    from wartime.engine.core import saves
    from wartime.engine.core.state import HASH_VERSION

    assert saves.SAVE_HASH_VERSION == 3
    assert saves._STATE_HASH_OF == {2: HASH_VERSION, 3: HASH_VERSION}


# -- a tampered save: the hash is always checked ------------------------------------------


@pytest.mark.parametrize("flags", [(), ("--verify",)], ids=["plain", "verify"])
def test_replay_always_checks_the_hash(
    flags: tuple[str, ...],
    saved: dict[str, object],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _damaged(saved, tmp_path, lambda d: d.update(hash="0123456789abcdef"))
    status = main(["--lang", "en", "replay", str(path), *flags])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    (line,) = err.splitlines()
    assert re.fullmatch(
        rf"{re.escape(str(path))}:\d+: hash: hash mismatch: the replay gives \w+, the save says "
        r"0123456789abcdef: its moves or the scenario it embeds were changed "
        r"\(--force replays it anyway\)",
        line,
    ), line


def test_replay_with_force_prints_the_log_of_a_tampered_save(
    saved: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _damaged(saved, tmp_path, lambda d: d.update(hash="0123456789abcdef"))
    status = main(["--lang", "en", "replay", str(path), "--force"])
    out, err = capsys.readouterr()
    assert status == 0
    assert "Initiative" in out  # the log in the run's language (issue 16)
    assert out.splitlines()[-1].endswith(" (hash mismatch: replayed with --force)")
    assert "hash mismatch" in err and err.count("\n") == 1


def test_replay_of_a_sound_save_says_verified_without_a_flag(
    saved: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _damaged(saved, tmp_path, lambda d: None)
    status = main(["--lang", "en", "replay", str(path)])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert re.fullmatch(r"hash \w{16} \(verified\)", out.splitlines()[-1])


# -- arguments are refused by argparse, with the reason -----------------------------------

FIELD = str(ROOT / "maps" / "campo-abierto.yaml")


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["noise", FIELD, "--at", "1,1", "--range", "-5"],
         "argument --range: expected a length in K, 0 or more; got '-5'"),
        (["noise", FIELD, "--at", "1,1", "--range", "nan"],
         "argument --range: expected a length in K, 0 or more; got 'nan'"),
        (["noise", FIELD, "--at", "inf,1", "--range", "3"],
         "argument --at: expected X,Y in K, e.g. 12,7.5; got 'inf,1'"),
        (["sim", FIELD, "--games", "-3"], "argument --games: at least 1 game, got -3"),
        (["sim", FIELD, "--games", "0"], "argument --games: at least 1 game, got 0"),
        (["template", FIELD, "--shape", "L4", "--at", "5,5", "--line-width", "0"],
         "argument --line-width: expected a length in K, above 0; got '0'"),
        (["template", FIELD, "--shape", "X1", "--at", "1,1"],
         "argument --shape: expected a template: R, L or S with a size of 1 or more, or G "
         "with a stem and a disk (R4 is a 4 K disk, L6 a 6 K line, G4/3 a grenade, S3 a "
         "chain of 3 figures); got 'X1'"),
        (["template", FIELD, "--shape", "S0", "--target", "a1"], "argument --shape: "),
        (["template", FIELD, "--shape", "Sx", "--target", "a1"], "argument --shape: "),
        (["template", FIELD, "--shape", "G4/0", "--at", "1,1"], "argument --shape: "),
    ],
)  # fmt: skip
def test_a_bad_argument_is_an_argparse_error(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert f"wartime {argv[0]}: error: {error}" in err
    assert "Traceback" not in err


def test_a_shape_is_read_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", FIELD, "--shape", " s2 ", "--target", "a1"]) == 0
    assert capsys.readouterr().out.startswith("chain: a1")
    assert main(["noise", FIELD, "--at", "8,2", "--range", "0"]) == 0


@POSIX
def test_a_fifo_in_place_of_the_settings_is_reported_and_the_defaults_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wartime.ui.settings import FILE_NAME, Settings

    os.mkfifo(tmp_path / FILE_NAME)
    result: list[Settings] = []
    worker = threading.Thread(target=lambda: result.append(Settings.load(tmp_path)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive():
        os.close(os.open(tmp_path / FILE_NAME, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading the settings from a FIFO blocked")
    assert result == [Settings()]
    assert "is a named pipe (FIFO)" in capsys.readouterr().err
