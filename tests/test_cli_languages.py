"""Issue 16, "One language at a time, and both complete", the command line's side: every
command speaks the language of the run (``wartime --lang es|en``) and only that one, in
its output, its help, argparse's own words and its error lines."""

from __future__ import annotations

import argparse
import ast
import inspect
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from wartime import i18n
from wartime.cli import global_language, main

from .conftest import ARMIES, ROOT
from .test_planner import DUEL_MAP

LEGION = str(ARMIES / "legion.yaml")
VILLAGE = str(ROOT / "maps" / "aldea-en-ruinas.yaml")
ARGPARSE_PO = i18n.LOCALE_DIR / "es" / "LC_MESSAGES" / f"{i18n.ARGPARSE_DOMAIN}.po"

# Words only English would print, and words only Spanish would: neither list holds a
# game term, an id, a name from the sample files or a word both languages share.
ENGLISH = (
    "the", "and", "of", "with", "edge", "centre", "cover", "reach", "hears", "chance",
    "wound", "wounds", "pass", "fail", "critical", "fumble", "page", "pages", "scale", "map",
    "army", "list", "lists", "archetypes", "characters", "entry", "entries", "level", "within",
    "usage", "options", "arguments", "required", "expected", "got", "games", "draws", "turns",
    "warning", "saved", "verified", "show", "help", "file", "full", "partial", "chain", "clear",
    "none", "race", "weapon", "table", "players", "mean", "must", "unknown",
)  # fmt: skip
SPANISH = (
    "borde", "centro", "cobertura", "alcance", "oye", "probabilidad", "heridas", "página",
    "páginas", "escala", "mapa", "ejército", "arquetipos", "personajes", "lista", "listas",
    "entrada", "entradas", "uso", "opciones", "argumentos", "obligatorios", "esperaba",
    "partidas", "empates", "turnos", "aviso", "guardadas", "verificado", "muestra", "ayuda",
    "archivo", "cubiertas", "cadena", "despejada", "ninguna", "éxito", "fallo", "crítico",
    "pifia", "raza", "arma", "dentro", "límite", "tabla", "nivel", "jugadores", "bajas",
    "media", "debe", "desconocido", "recibió",
)  # fmt: skip

DUEL = DUEL_MAP  # the duel of tests/test_planner.py: a whole game in a second or two

# A map with one error of each kind the loaders name, and a warning.
BROKEN_MAP = """\
wartime_map: 1
name: Rota
size: [10, -3]
walls:
  - points: [[0, 0]]
    height: abc
"""


def words_of(text: str, vocabulary: tuple[str, ...]) -> list[str]:
    """The words of ``vocabulary`` that ``text`` holds as whole words, any case."""
    text = re.sub(r"\w+_\w+", " ", text)  # keys and ids: wartime_map, casualties_per_game
    found = {w.lower() for w in re.findall(r"[^\W\d_]+", text)}
    return sorted(found & {w.lower() for w in vocabulary})


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse: --help and its errors
        status = stop.code if isinstance(stop.code, int) else 0
    out, err = capsys.readouterr()
    return status, out, err


def _everything(out: str, err: str) -> str:
    return out + err


def _last_line(out: str, err: str) -> str:
    """The engine's log is Spanish in both languages (out of scope): the verdict only."""
    return out.strip().splitlines()[-1]


def _not_the_rulebook(out: str, err: str) -> str:
    """The catalogue's names and summaries are the rulebook's Spanish: the rest only."""
    return "\n".join(line.split("  ")[-1] for line in out.splitlines() if line[:1] != " ")


def _help(out: str, err: str) -> str:
    """Help without what it names verbatim: options, their choices (``{none,partial}``
    and "default none" in both languages) and the game's title."""
    shown = re.sub(r"--?[\w-]+|\{[^}]*\}|WARTIME THE GAME", " ", out + err)
    return re.sub(r"\bnone\b", " ", shown)


def _commands(tmp_path: Path) -> dict[str, tuple[list[str], Callable[[str, str], str]]]:
    duel = tmp_path / "duelo.yaml"
    duel.write_text(DUEL, encoding="utf-8")
    broken = tmp_path / "rota.yaml"
    broken.write_text(BROKEN_MAP, encoding="utf-8")
    return {
        "points": (["points", LEGION], _everything),
        "catalog": (["catalog", "--search", "a"], _not_the_rulebook),
        "measure": (["measure", VILLAGE, "--all"], _everything),
        "template": (["template", VILLAGE, "--shape", "R6", "--at", "10,10"], _everything),
        "chain": (["template", VILLAGE, "--shape", "S3", "--target", "a-sargento"], _everything),
        "noise": (["noise", VILLAGE, "--at", "10,10", "--range", "12"], _everything),
        "odds": (
            ["odds", "--target", "7", "--defence", "3", "--damage", "4", "--cover", "partial"],
            _everything,
        ),
        "print": (["print", "--out", str(tmp_path / "sheet.pdf")], _everything),
        "render": (["render", VILLAGE, "--out", str(tmp_path / "view.png")], _everything),
        "check": (["check", LEGION, VILLAGE], _everything),
        "check errors": (["check", str(broken)], _everything),
        "sim": (["sim", str(duel), "--games", "1", "--save-dir", str(tmp_path)], _everything),
        "replay": (["replay", str(tmp_path / "game-001-seed-0.yaml")], _last_line),
        "no such file": (["measure", str(tmp_path / "missing.yaml"), "--all"], _everything),
        "no folder": (["sim", str(duel), "--save-dir", str(broken / "saves")], _everything),
        "help": (["--help"], _help),
        "command help": (["odds", "--help"], _help),
        "sim help": (["sim", "--help"], _help),
        "argparse error": (["measure"], _help),
        "bad value": (["noise", VILLAGE, "--at", "x", "--range", "1"], _help),
    }


def test_every_command_speaks_one_language_at_a_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each command in Spanish holds no English word of the list, and in English no
    Spanish one; and the two are different texts."""
    for name, (argv, part) in _commands(tmp_path).items():
        said: dict[str, str] = {}
        for language, foreign in (("es", ENGLISH), ("en", SPANISH)):
            _, out, err = run(capsys, ["--lang", language, *argv])
            shown = part(out, err).replace(str(tmp_path), "").replace(str(ROOT), "")
            assert shown.strip(), (name, language, "said nothing")
            assert words_of(shown, foreign) == [], (name, language, shown)
            said[language] = shown
            assert "Traceback" not in err
        assert said["es"] != said["en"], name


def test_the_system_language_decides_without_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    spanish = run(capsys, ["measure", VILLAGE, "--all"])[1]
    assert "de borde a borde" in spanish
    monkeypatch.setattr(i18n, "system_language", lambda: "en")
    assert "edge to edge" in run(capsys, ["measure", VILLAGE, "--all"])[1]
    assert run(capsys, ["--lang", "es", "measure", VILLAGE, "--all"])[1] == spanish


def test_measure_no_longer_mixes_the_languages(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["measure", VILLAGE, "--from", "a-sargento", "--to", "a-fusilero-1"]
    spanish = run(capsys, ["--lang", "es", *argv])[1]
    english = run(capsys, ["--lang", "en", *argv])[1]
    assert spanish.startswith("a-sargento → a-fusilero-1: 10.01 K (28.0 cm) de borde a borde")
    assert spanish.rstrip().endswith("en el CdV; cobertura 0.0 % (ninguna), LdV despejada")
    assert english.rstrip().endswith("in CdV; cover 0.0% (none), LdV clear")


def test_help_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    status, spanish, _ = run(capsys, ["--lang", "es", "--help"])
    assert status == 0
    assert spanish.startswith("uso: wartime")
    assert "argumentos posicionales:" in spanish and "opciones:" in spanish
    assert "muestra esta ayuda y termina" in spanish
    assert "calcula el coste de los arquetipos" in spanish
    status, english, _ = run(capsys, ["--lang", "en", "--help"])
    assert status == 0
    assert english.startswith("usage: wartime")
    assert "positional arguments:" in english and "show this help message and exit" in english
    assert "cost the archetypes, characters and lists of an army" in english
    status, odds, _ = run(capsys, ["--lang", "es", "odds", "--help"])
    assert "la DEF del objetivo" in odds and "el DAÑ del arma" in odds  # game terms kept


def test_an_argparse_error_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, spanish = run(capsys, ["--lang", "es", "measure"])
    assert status == 2
    assert spanish.splitlines()[0].startswith("uso: wartime measure")
    assert (
        spanish.splitlines()[-1] == "wartime measure: error: faltan argumentos obligatorios: mapa"
    )
    status, _, english = run(capsys, ["--lang", "en", "measure"])
    assert status == 2
    assert english.splitlines()[0].startswith("usage: wartime measure")
    assert english.splitlines()[-1] == (
        "wartime measure: error: the following arguments are required: map"
    )
    _, _, choice = run(capsys, ["--lang", "es", "odds", "--target", "7", "--cover", "all"])
    assert "argumento --cover: opción no válida: 'all' (elige entre" in choice
    _, _, late = run(capsys, ["--lang", "en", "odds", "--target", "7", "--damage", "3"])
    assert late.splitlines()[-1] == (
        "wartime odds: error: --damage and --cover describe the hit on a target: give --defence D"
    )


def test_an_unknown_lang_is_refused_in_the_systems_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, ["--lang", "fr", "check", LEGION])
    assert status == 2
    assert "argumento --lang: opción no válida: 'fr'" in err


def test_argparse_is_left_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    """main swaps argparse's two gettext names only while it runs."""
    names = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]
    run(capsys, ["--lang", "es", "measure"])
    run(capsys, ["--lang", "es", "check", LEGION])
    assert (argparse._, argparse.ngettext) == names  # type: ignore[attr-defined]
    assert i18n.override() is None


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "en", "measure"], "en"),
        (["--lang=en", "check", "x"], "en"),
        (["--version", "--lang", "es"], "es"),
        (["--lang", "fr", "measure"], None),
        (["odds", "--lang", "en"], None),  # the command's own: not the run's
        (["--lang"], None),
        ([], None),
    ],
)
def test_the_global_lang_is_read_before_the_parser(argv: list[str], expected: str | None) -> None:
    assert global_language(argv) == expected


def test_a_problem_is_framed_in_the_runs_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A file error names the file, the path inside it and the reason, in either language;
    a warning says so in the run's words; status 2, no traceback."""
    bare = tmp_path / "bare.yaml"
    bare.write_text(
        "wartime_map: 1\nname: x\nsize: [10, 10]\nunits:\n"
        "  - {id: u, side: A, position: [5, 5], character: nadie}\n",
        encoding="utf-8",
    )
    assert run(capsys, ["--lang", "es", "check", str(bare)])[2].startswith(
        f"{bare}:4: units: aviso: "
    )
    assert run(capsys, ["--lang", "en", "check", str(bare)])[2].startswith(
        f"{bare}:4: units: warning: "
    )
    broken = tmp_path / "rota.yaml"
    broken.write_text(BROKEN_MAP, encoding="utf-8")
    status, _, spanish = run(capsys, ["--lang", "es", "check", str(broken)])
    assert status == 2
    assert f"{broken}:6: walls[0].height: se esperaba un número, no texto" in spanish
    status, _, english = run(capsys, ["--lang", "en", "check", str(broken)])
    assert status == 2
    assert f"{broken}:6: walls[0].height: expected a number, got text" in english


def test_plural_forms_come_from_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    one = run(capsys, ["--lang", "en", "catalog", "--search", "afilada"])[1]
    assert one.rstrip().endswith("\n1 entry")
    many = run(capsys, ["--lang", "es", "catalog", "--search", "a"])[1]
    assert re.search(r"\n\d+ entradas$", many.rstrip())
    assert "1 personaje)" not in run(capsys, ["--lang", "es", "points", LEGION])[1]


# argparse's texts a user never sees: they report a mistake in the program's parser.
PROGRAMMING_ERRORS = {
    "%r is not callable",
    "'required' is an invalid argument for positionals",
    ".__call__() not defined",
    'argument "-" with mode %r',
    "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r",
    "conflicting subparser alias: %s",
    "conflicting subparser: %s",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "mutually exclusive arguments must be optional",
    "unexpected option string: %s",
    "conflicting option string: %s",
}


def _argparse_messages() -> set[str]:
    """Every text this Python's argparse words through ``_`` or ``ngettext``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "ngettext")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def test_argparse_s_own_words_have_their_spanish() -> None:
    """A new Python that words argparse differently fails here, not in front of a user."""
    with ARGPARSE_PO.open("rb") as source:
        catalogue = read_po(source)
    spanish: dict[str, tuple[str, ...]] = {}
    for m in catalogue:
        if m.id:
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            texts = m.string if isinstance(m.string, tuple) else (m.string,)
            spanish[str(key)] = tuple(str(t or "") for t in texts)
    shown = _argparse_messages() - PROGRAMMING_ERRORS
    assert len(shown) > 15  # the scan does find them
    assert sorted(shown - set(spanish)) == []
    placeholder = re.compile(r"%\(\w+\)[sr]|%[sr]")
    for message in shown:
        assert all(spanish[message]), message
        for text in spanish[message]:  # the same placeholders, or argparse fails to report
            assert set(placeholder.findall(text)) == set(placeholder.findall(message)), message


def test_the_ai_players_are_named_in_the_language_shown() -> None:
    """The AI presets' labels come from the catalogue (issue 16: none in code)."""
    from wartime.ui.modes.start import players

    spanish = dict((value, label) for label, value in players())
    assert spanish["planner-prudente"] == "IA: planner-prudente (Prudente)"
    i18n.set_language("en")
    try:
        english = dict((value, label) for label, value in players())
    finally:
        i18n.set_language("es")
    assert english["planner-prudente"] == "AI: planner-prudente (Cautious)"
    assert english["baseline"] == "AI: baseline"
    assert english["persona"] != spanish["persona"]  # the id is the same in both


def test_the_systems_reason_is_worded_in_the_runs_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An OSError's reason comes from the catalogue for the usual errno values."""
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    argv = ["sim", str(tmp_path / "x.yaml"), "--save-dir", str(a_file / "saves")]
    spanish = run(capsys, ["--lang", "es", *argv])[2]
    english = run(capsys, ["--lang", "en", *argv])[2]
    assert spanish.endswith(
        ": no se puede crear la carpeta: una parte de la ruta no es una carpeta\n"
    )
    assert english.endswith(": cannot create the folder: Not a directory\n")


def test_every_key_built_from_a_value_is_in_both_catalogues() -> None:
    """The keys the code builds from a value (``cli.kind.{kind}``...), which the scan of
    tests/test_i18n.py cannot see."""
    from wartime.engine.ai import PRESETS
    from wartime.odds_report import OUTCOMES
    from wartime.rules.archetypes import Kind
    from wartime.rules.catalog import Mechanism

    keys = [
        *(f"cli.kind.{kind.value}" for kind in Kind),
        *(f"cli.mechanism.{mechanism.value}" for mechanism in Mechanism),
        *(f"cli.cover.{name}" for name in ("none", "partial", "over_half", "total")),
        *(f"cli.sight.{name}" for name in ("clear", "partial", "blocked")),
        *(f"cli.template.{name}" for name in ("full", "partial", "chain")),
        *(f"cli.odds.{n}" for n in ("check", "defence", "cover", *OUTCOMES, "wound", "wounds")),
        "cli.odds.stops",
        *(f"cli.sheet.{name}" for name in ("caption", "check", "ruler", "tile")),
        *(f"ai.preset.{preset.name}" for preset in PRESETS),
    ]
    for language in i18n.LANGUAGES:
        for key in keys:
            assert i18n.text_in(language, key) != key, (language, key)
