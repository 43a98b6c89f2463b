"""The gettext catalogues: both languages complete, compiled, and chosen as the issue asks
(issue 16, "One language at a time, and both complete")."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from wartime import i18n

SYSTEM_LANGUAGE = i18n.system_language  # the real one: tests/conftest.py pins Spanish

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "i18n"))
from compile import compiled  # noqa: E402  (the same compiler the maintainers run)

LANGUAGES = ("es", "en")
GAME_TERMS = re.compile(r"(?<!\w)(CdV|LdV|ENE|DAÑ|CH IMP|CH DEF)(?!\w)")
PLACEHOLDER = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}")
CALL = re.compile(r"\b(n?text)\(\s*\"([^\"]+)\"")


def po_path(language: str) -> Path:
    return i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def load(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source)


def messages(language: str) -> dict[str, tuple[str, ...]]:
    """Each id (the singular one for a plural) and its texts, header left out."""
    found: dict[str, tuple[str, ...]] = {}
    for message in load(language):
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        found[key] = tuple(texts)
    return found


ALL_PO = sorted(i18n.LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))  # argparse.po too


@pytest.mark.parametrize("po", ALL_PO, ids=[f"{p.parts[-3]}/{p.name}" for p in ALL_PO])
def test_the_committed_mo_is_the_po_compiled(po: Path) -> None:
    mo = po.with_suffix(".mo")
    assert len(ALL_PO) == 3
    assert mo.read_bytes() == compiled(po), (
        f"{mo} is stale: run python tools/i18n/compile.py and commit both files"
    )


def test_every_message_is_in_both_languages() -> None:
    es, en = messages("es"), messages("en")
    assert sorted(set(es) - set(en)) == [], "in Spanish only"
    assert sorted(set(en) - set(es)) == [], "in English only"
    plural_es = {k for k, v in es.items() if len(v) > 1}
    plural_en = {k for k, v in en.items() if len(v) > 1}
    assert plural_es == plural_en


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_entry_is_empty_or_fuzzy(language: str) -> None:
    catalogue = load(language)
    assert not catalogue.fuzzy, "the header is marked fuzzy"
    for message in catalogue:
        if not message.id:
            continue
        assert not message.fuzzy, (language, message.id)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(texts), (language, message.id, "empty")
    assert catalogue.num_plurals == 2


def test_both_languages_fill_the_same_placeholders_and_keep_the_game_terms() -> None:
    es, en = messages("es"), messages("en")
    for key, texts in es.items():
        for spanish, english in zip(texts, en[key], strict=True):
            assert set(PLACEHOLDER.findall(spanish)) == set(PLACEHOLDER.findall(english)), key
            assert set(GAME_TERMS.findall(spanish)) == set(GAME_TERMS.findall(english)), key


def test_every_key_the_window_and_the_cli_name_is_in_both_catalogues() -> None:
    sources = [
        *sorted((ROOT / "wartime" / "ui").rglob("*.py")),
        *sorted((ROOT / "wartime" / "commands").rglob("*.py")),
        *(ROOT / "wartime" / name for name in ("cli.py", "reports.py", "odds_report.py")),
        ROOT / "wartime" / "rules" / "costing.py",
    ]
    used = {
        (match[0], match[1])
        for path in sources
        for match in CALL.findall(path.read_text(encoding="utf-8"))
    }
    assert len(used) > 200  # the scan does find the call sites
    for language in LANGUAGES:
        table = messages(language)
        for function, key in sorted(used):
            assert key in table, (language, key)
            assert (len(table[key]) > 1) == (function == "ntext"), (language, key, function)


def test_plurals_go_through_the_catalogue() -> None:
    i18n.set_language("en")
    try:
        assert i18n.ntext("count.warnings", 1) == "1 warning"
        assert i18n.ntext("count.warnings", 2) == "2 warnings"
        assert i18n.ntext("count.warnings", 0) == "0 warnings"
    finally:
        i18n.set_language("es")
    assert i18n.ntext("count.warnings", 1) == "1 aviso"
    assert i18n.ntext("count.warnings", 3) == "3 avisos"


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "es"),  # neither of ours: Spanish
        ({"LANG": "C.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:en", "LANG": "fr_FR.UTF-8"}, "en"),  # gettext's order
        ({"LC_ALL": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),
    ],
)
def test_the_default_language_is_the_systems_when_ours(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert SYSTEM_LANGUAGE() == expected


def test_without_an_environment_the_locale_module_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: ("en_US", "UTF-8"))
    assert SYSTEM_LANGUAGE() == "en"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert SYSTEM_LANGUAGE() == "es"


@pytest.fixture
def no_override() -> object:
    yield None
    i18n.set_override(None)
    i18n.set_language("es")


@pytest.mark.usefixtures("no_override")
def test_the_window_follows_the_setting_then_the_system(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from wartime.formats.map import load_map
    from wartime.ui.settings import Settings
    from wartime.ui.shell import ViewApp

    village = ROOT / "maps" / "aldea-en-ruinas.yaml"
    monkeypatch.setattr(i18n, "system_language", lambda: "en")
    app = ViewApp(load_map(village), village, size=(640, 400), settings_dir=tmp_path)
    assert i18n.current_language() == "en" and app.settings.language == ""
    pygame.quit()
    Settings(language="es").save(tmp_path)
    ViewApp(load_map(village), village, size=(640, 400), settings_dir=tmp_path)
    assert i18n.current_language() == "es"  # the setting over the system
    pygame.quit()


@pytest.mark.usefixtures("no_override")
def test_wartime_lang_overrides_the_setting_for_this_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    import wartime.ui.modes.start
    from wartime.cli import main
    from wartime.formats.map import load_map
    from wartime.ui.settings import Settings
    from wartime.ui.shell import ViewApp

    Settings(language="es").save(tmp_path)
    village = ROOT / "maps" / "aldea-en-ruinas.yaml"
    spoken: list[str] = []

    def start() -> int:
        app = ViewApp(load_map(village), village, size=(640, 400), settings_dir=tmp_path)
        spoken.append(i18n.current_language())
        spoken.append(app.top.buttons["open"].text)
        pygame.quit()
        return 0

    monkeypatch.setattr("wartime.cli.has_display", lambda: True)
    monkeypatch.setattr(wartime.ui.modes.start, "run_start", start)
    assert main(["--lang", "en"]) == 0
    assert spoken == ["en", "Open…"]
    assert Settings.load(tmp_path).language == "es"  # for this run only: not saved
    assert i18n.override() is None  # and over once main returns
    with pytest.raises(SystemExit):
        main(["--lang", "fr"])


@pytest.mark.usefixtures("no_override")
def test_odds_speaks_the_runs_language(capsys: pytest.CaptureFixture[str]) -> None:
    from wartime.cli import main

    assert main(["--lang", "en", "odds", "--target", "7"]) == 0
    english = capsys.readouterr().out
    assert main(["--lang", "es", "odds", "--target", "7"]) == 0
    spanish = capsys.readouterr().out
    assert english != spanish
    assert main(["--lang", "es", "odds", "--target", "7", "--lang", "en"]) == 0
    assert capsys.readouterr().out == english  # the command's own --lang wins


@pytest.mark.usefixtures("no_override")
def test_check_speaks_the_systems_language_or_the_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from wartime.cli import main

    legion = str(ROOT / "assets" / "armies" / "legion.yaml")
    assert main(["check", legion]) == 0  # the tests' system speaks Spanish (conftest)
    assert capsys.readouterr().out.endswith("con 6 arquetipos, 4 personajes, 1 lista\n")
    assert main(["--lang", "en", "check", legion]) == 0
    assert capsys.readouterr().out.endswith("with 6 archetypes, 4 characters, 1 list\n")
    monkeypatch.setattr(i18n, "system_language", lambda: "en")
    assert main(["check", legion]) == 0
    assert capsys.readouterr().out.endswith("with 6 archetypes, 4 characters, 1 list\n")


def _said() -> list[tuple[str, str, int, frozenset[str] | None]]:
    """Every ``say("key", ...)`` / ``say_n("key", n, ...)`` in the program: the function, the
    key, the line and the names it fills in (None when it passes ``**values`` on)."""
    found = []
    for path in sorted((ROOT / "wartime").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in ("say", "say_n") or not node.args:
                continue
            key = node.args[0]
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue  # a key chosen at run time: the catalogues' own tests cover it
            names = [k.arg for k in node.keywords]
            spread = None in names
            filled = None if spread else frozenset(n for n in names if n is not None)
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            found.append((node.func.id, key.value, where, filled))
    return found


def test_every_message_the_program_says_is_in_both_catalogues_with_its_placeholders() -> None:
    """A ``say()`` of a missing key, or one that fills other names than its text has, would
    show the key itself or raise KeyError when a player reads the log (issue 16)."""
    said = _said()
    assert said, "the scan finds the say() calls"
    for language in LANGUAGES:
        table = messages(language)
        for function, key, where, filled in said:
            assert key in table, (language, key, where)
            assert (len(table[key]) > 1) == (function == "say_n"), (language, key, where)
            if filled is None:
                continue
            counted = {"count"} if function == "say_n" else set()
            for template in table[key]:
                wanted = set(PLACEHOLDER.findall(template)) - counted
                assert wanted == filled, (language, key, where, sorted(wanted), sorted(filled))


def test_a_message_is_worded_in_the_language_asked_and_nests() -> None:
    outer = i18n.say("move.out_of_reach", length=12.345, reach=10)
    assert outer.text("en") == "Out of reach: the way is 12.3 K and Esprintar reaches 10.0 K"
    assert outer.text("es").startswith("Fuera de alcance: el camino mide 12.3 K")
    with pytest.raises(KeyError):
        i18n.say("move.out_of_reach", length=1).text("en")  # a missing value is loud
