"""Issue 16, "One language at a time, and both complete", the files' side: what the
loaders find wrong in a map, an army or a save, and why the editor refuses an edit, is a
message of the catalogue, worded in the language of the moment; ``str()`` stays English,
the core's own language (tracebacks, tests, :class:`DataError`).

Every file here is real, written to ``tmp_path`` and read by the loaders as a player's
would be; the lines are checked whole, location included, in both languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartime import i18n
from wartime.board import edits
from wartime.board.battlefield import Battlefield, Obstacle, Unit, Wall
from wartime.cli import main
from wartime.errors import DataError, Problem, Severity
from wartime.formats.army import load_army
from wartime.formats.map import load_map, salvage_map
from wartime.i18n import Message

from .conftest import ROOT


@pytest.fixture(autouse=True)
def _spanish_after() -> Iterator[None]:
    """Whatever a test sets, the next one starts in Spanish, the program's default."""
    yield
    i18n.set_override(None)
    i18n.set_language("es")


def _problems(load: object, path: Path) -> tuple[Problem, ...]:
    with pytest.raises(DataError) as info:
        load(path)  # type: ignore[operator]
    return info.value.problems


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BROKEN_MAP = """\
wartime_map: 1
name: Rota
size: [24, 18]
walls:
  - id: muro
    points: [[0, 0], [4, 0]]
    height: alto
    def: 3
obstacles:
  - id: muro
    polygon: [[5, 5], [8, 5], [8, 8]]
    height: 2
    def: 12
units:
  - {id: a1, side: C, position: [2, 2]}
"""


def test_a_broken_map_s_problems_in_both_languages(tmp_path: Path) -> None:
    """Each problem is one located line: the same place, the reason in either language,
    and ``str()`` is the English line (what DataError holds)."""
    path = _write(tmp_path, "rota.yaml", BROKEN_MAP)
    problems = _problems(load_map, path)
    lines = {p.path: (p.text("es"), p.text("en")) for p in problems}
    assert lines["walls[0].height"] == (
        f"{path}:7: walls[0].height: se esperaba un número, no texto",
        f"{path}:7: walls[0].height: expected a number, got text",
    )
    assert lines["obstacles[0].id"] == (
        f"{path}:10: obstacles[0].id: id 'muro' repetido (usado antes en walls[0])",
        f"{path}:10: obstacles[0].id: duplicated id 'muro' (first used at walls[0])",
    )
    assert lines["obstacles[0].def"] == (
        f"{path}:13: obstacles[0].def: DEF 12 está fuera de rango: admitido de 0 a 10",
        f"{path}:13: obstacles[0].def: DEF 12 is out of range: allowed 0 to 10",
    )
    assert lines["units[0].side"] == (
        f"{path}:15: units[0].side: el bando 'C' no existe; admitidos: A, B",
        f"{path}:15: units[0].side: unknown side 'C': allowed A, B",
    )
    for problem in problems:
        assert str(problem) == problem.text("en")
    with pytest.raises(DataError) as info:
        load_map(path)
    assert str(info.value) == "\n".join(p.text("en") for p in problems)


def test_the_current_language_words_a_problem_when_none_is_asked(tmp_path: Path) -> None:
    """``text()`` without a language follows the window's or the run's language."""
    path = _write(tmp_path, "nada.yaml", "name: x\n")
    (problem,) = _problems(load_map, path)
    i18n.set_language("en")
    assert problem.text() == f"{path}: not a Wartime map file: it must start with 'wartime_map: 1'"
    i18n.set_language("es")
    assert problem.text() == (
        f"{path}: no es un archivo de mapa de Wartime: debe empezar por 'wartime_map: 1'"
    )


ARMY = """\
wartime_army: 1
name: Prueba
archetypes:
  - {id: soldado, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4}
  - {id: fusil, kind: wepon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4}
  - {id: elfo, kind: race, CON: 3, AGI: 5, INT: 4, VOL: 4, bonus: [Fortuan]}
characters:
  - {id: c, race: soldado, weapons: [fusill]}
"""


def test_a_broken_army_s_problems_in_both_languages(tmp_path: Path) -> None:
    """The army reader's reasons, with their hints, in both languages (the game's names
    and the file's ids are the same in both)."""
    path = _write(tmp_path, "ejercito.yaml", ARMY)
    lines = {p.path: (p.text("es"), p.text("en")) for p in _problems(load_army, path)}
    kinds = "race, weapon, protection, metaability, object, transport"
    assert lines["archetypes[1].kind"] == (
        f"{path}:5: archetypes[1].kind: el tipo 'wepon' no es ninguno de {kinds} "
        "(¿querías decir 'weapon'?)",
        f"{path}:5: archetypes[1].kind: kind 'wepon' is not one of {kinds} "
        "(did you mean 'weapon'?)",
    )
    assert lines["archetypes[2].bonus[0]"] == (
        f"{path}:6: archetypes[2].bonus[0]: bonus desconocido 'Fortuan' "
        "(¿querías decir 'Fortuna'?)",
        f"{path}:6: archetypes[2].bonus[0]: unknown bonus 'Fortuan' (did you mean 'Fortuna'?)",
    )


def test_an_army_s_warning_is_framed_in_either_language(tmp_path: Path) -> None:
    """A warning says so in the words of the language shown ("aviso:", "warning:")."""
    text = ARMY.replace("kind: wepon", "kind: weapon").replace("Fortuan", "Control remoto")
    text = text.replace("weapons: [fusill]", "weapons: [fusil]") + "  - {id: d, race: elfo}\n"
    path = _write(tmp_path, "ejercito.yaml", text)
    (warning,) = load_army(path).warnings
    assert warning.severity is Severity.WARNING
    assert warning.text("es") == (
        f"{path}:9: characters[1]: aviso: d lleva Control remoto pero no nombra controlador: "
        "actúa por su cuenta, como cualquier personaje"
    )
    assert (
        warning.text("en")
        == str(warning)
        == (
            f"{path}:9: characters[1]: warning: d carries Control remoto but names no "
            "controller: it acts on its own, as any character"
        )
    )


def test_a_linked_army_s_problem_is_nested_whole_in_the_map_s(tmp_path: Path) -> None:
    """The map names its linked army's first problem, located in the army's file, in the
    same language as its own line: no English left inside the Spanish."""
    army = _write(tmp_path, "ejercito.yaml", ARMY)
    path = _write(
        tmp_path,
        "mapa.yaml",
        "wartime_map: 1\nsize: [24, 18]\narmies: [ejercito.yaml]\n",
    )
    (problem,) = _problems(load_map, path)
    spanish, english = problem.text("es"), problem.text("en")
    assert spanish.startswith(
        f"{path}:3: armies[0]: el archivo de ejército no es válido: "
        f"{army}:5: archetypes[1].kind: el tipo 'wepon' no es ninguno de "
    )
    assert spanish.endswith("(¿querías decir 'weapon'?) (y 2 más)")
    assert english.startswith(
        f"{path}:3: armies[0]: the army file is invalid: "
        f"{army}:5: archetypes[1].kind: kind 'wepon' is not one of "
    )
    assert english.endswith("(did you mean 'weapon'?) (and 2 more)")


def test_a_save_that_cannot_be_replayed_nests_the_engine_s_refusal(tmp_path: Path) -> None:
    """A save whose move the rules refuse says so, with the engine's own refusal as a
    value: worded in the language of the line, never parsed from its English."""
    from wartime.engine.ai.players import choose
    from wartime.engine.core.saves import replay_save, save_game
    from wartime.engine.core.scenario import load_scenario
    from wartime.errors import IllegalActionError

    state = load_scenario(ROOT / "maps" / "campo-abierto.yaml", seed=7).new_game()
    for _ in range(3):
        state.apply(choose(state))
    path = tmp_path / "partida.yaml"
    save_game(state, path)
    text = path.read_text(encoding="utf-8").replace("kind: initiative", "kind: volar", 1)
    path.write_text(text, encoding="utf-8")
    (problem,) = _problems(replay_save, path)
    assert isinstance(problem.message, Message)
    assert problem.message.key == "problem.saves.unreplayable"
    refusal = dict(problem.message.values)["why"]
    with pytest.raises(IllegalActionError) as info:  # the same refusal, from the engine
        from wartime.engine import Action

        fresh = load_scenario(ROOT / "maps" / "campo-abierto.yaml", seed=7).new_game()
        fresh.apply(Action.from_data({"kind": "volar", "figure": "a2"}))
    assert refusal == info.value.reason
    where = f"{path}:{problem.line}: actions[0]: "
    assert problem.text("es") == where + "no se puede repetir: " + i18n.told(refusal, "es")
    assert problem.text("en") == where + "cannot be replayed: " + i18n.told(refusal, "en")


def test_a_save_that_is_no_save_in_both_languages(tmp_path: Path) -> None:
    path = _write(tmp_path, "partida.yaml", "wartime_save: 9\n")
    from wartime.engine.core.saves import replay_save

    (problem,) = _problems(replay_save, path)
    assert problem.text("es") == (
        f"{path}: no es una partida guardada de Wartime: debe empezar por 'wartime_save: 1'"
    )
    assert problem.text("en") == (
        f"{path}: not a Wartime save: it must start with 'wartime_save: 1'"
    )


FIELD = Battlefield(
    "prueba",
    (24.0, 18.0),
    walls=(Wall(((0.0, 0.0), (4.0, 0.0)), 1.0, 3, id="muro"),),
    obstacles=(Obstacle(((10.0, 10.0), (14.0, 10.0), (14.0, 14.0)), 2.0, 5, id="casa"),),
    units=(Unit("a1", "A", (2.0, 8.0)),),
)


def test_a_refused_edit_in_both_languages() -> None:
    """The editor's refusal carries its reason: ``str()`` English, ``text()`` worded in
    the language asked, the phrases inside it ("la altura") too."""
    with pytest.raises(edits.EditError) as info:
        edits.set_property(FIELD, "a1", "height", "alto")
    assert str(info.value) == "height must be a number, got 'alto'"
    assert info.value.text("en") == str(info.value)
    assert info.value.text("es") == "la altura debe ser un número, no 'alto'"
    with pytest.raises(edits.EditError) as info:
        edits.move(FIELD, ["a1"], 30.0, 0.0)
    assert info.value.text("es") == "la unidad 'a1' quedaría fuera de la mesa de 24×18 K"
    assert info.value.text("en") == "unit 'a1' would be off the 24×18 K table"
    i18n.set_language("en")
    assert info.value.text() == "unit 'a1' would be off the 24×18 K table"


def test_the_editor_s_live_problems_are_messages() -> None:
    """What the Problems list shows is worded when drawn, in the window's language."""
    found = {message.text("en"): message.text("es") for _, _, message in edits.problems(FIELD)}
    assert found == {"there is no deployment zone": "no hay ninguna zona de despliegue"}
    ok, reasons = edits.can_save(FIELD)
    assert ok and [i18n.told(r, "es") for r in reasons] == ["no hay ninguna zona de despliegue"]


def test_the_editor_s_file_problem_is_worded_in_the_window_s_language(tmp_path: Path) -> None:
    """A problem of the opened file in the editor's list: its line, its path, its reason,
    all in the language of the window (issue 16)."""
    from wartime.ui.modes.editor.state import _file_issue

    path = _write(tmp_path, "rota.yaml", BROKEN_MAP)
    problem = next(p for p in salvage_map(path).problems if p.path == "walls[0].height")
    key, severity, message = _file_issue(problem)
    assert (key, severity) == ("", "error")
    assert not isinstance(message, str)
    assert (
        message.text("es") == "archivo, línea 7: walls[0].height: se esperaba un número, no texto"
    )
    assert message.text("en") == "file, line 7: walls[0].height: expected a number, got text"


def test_the_cli_prints_a_problem_in_the_run_s_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``wartime check`` on a broken army: the line in Spanish or English, nothing else."""
    path = _write(tmp_path, "ejercito.yaml", ARMY)
    assert main(["--lang", "es", "check", str(path)]) == 2
    spanish = capsys.readouterr().err
    assert f"{path}:6: archetypes[2].bonus[0]: bonus desconocido 'Fortuan'" in spanish
    assert "unknown" not in spanish and "did you mean" not in spanish
    assert main(["--lang", "en", "check", str(path)]) == 2
    english = capsys.readouterr().err
    assert f"{path}:6: archetypes[2].bonus[0]: unknown bonus 'Fortuan'" in english
    assert "desconocido" not in english


# -- the sweep: no refusal of set_property keeps English words in Spanish ---------------

_ENGLISH = re.compile(
    r"\b(?:is|must|allowed|out of range|overlaps|inside|needs|got|number|would|the)\b",
    re.IGNORECASE,
)
KEYS = ("muro", "casa", "a1", "walls[0]")
NAMES = (*{n for names in edits.PROPERTIES.values() for n in names}, "defense", "colour")
BAD = st.one_of(
    st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["", " ", "abc", "1,5", "-3", "11", "0", "1e400", "nan", "casa", "b1"]),
    st.booleans(),
    st.none(),
    st.lists(st.integers(-3, 3), max_size=3),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), name=st.sampled_from(sorted(NAMES)), value=BAD)
def test_every_set_property_refusal_is_worded_in_spanish(
    key: str, name: str, value: object
) -> None:
    """Whatever is typed into the editor's panel, a refusal reads in Spanish from the
    catalogue alone (no table of English patterns): the value typed may say anything."""
    try:
        edits.set_property(FIELD, key, name, value)
    except edits.EditError as exc:
        assert isinstance(exc.reason, Message), exc.reason
        spanish = exc.text("es").replace(repr(value), "")
        assert not _ENGLISH.search(spanish), (str(exc), spanish)
        assert exc.text("en") == str(exc)
