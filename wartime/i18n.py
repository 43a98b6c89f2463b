"""The program's two languages, read from gettext catalogues.

The texts live in ``wartime/locale/<language>/LC_MESSAGES/wartime.po`` (maintained with
Babel) and are read at run time from the ``.mo`` files compiled beside them, through the
standard library's :func:`gettext.translation`.  A message id is a stable key such as
``"status.opened"``; its text carries ``{placeholders}`` that :func:`text` fills in.

Spanish is complete and the fallback: an unknown language shows Spanish, and a key the
chosen catalogue lacks is looked up in Spanish (the tests keep both catalogues complete,
so this only guards a hand-edited install).  An unknown key is shown as itself, so a
missing text is visible rather than fatal.

This module imports neither pygame nor the engine, so the CLI can use it too.
"""

from __future__ import annotations

import gettext
import locale
import os
from functools import cache
from pathlib import Path

DOMAIN = "wartime"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("es", "en")
FALLBACK = "es"

# The language chosen for this run (``wartime --lang``), over the window's setting.
_override: str | None = None
_language = FALLBACK


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (Spanish's for an unknown one)."""
    if language not in LANGUAGES:
        language = FALLBACK
    found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    if language != FALLBACK:
        found.add_fallback(catalogue(FALLBACK))
    return found


def language_code(value: str | None) -> str | None:
    """``"en"`` for ``"en_GB.UTF-8"``, ``"en"`` or ``"EN"``; None when not one of ours."""
    if not value:
        return None
    code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language() -> str:
    """The system's language when it is Spanish or English, otherwise Spanish.

    The environment is read the way gettext reads it (LANGUAGE, a ``:`` list, then
    LC_ALL, LC_MESSAGES, LANG: the first one set decides); without any, as on Windows,
    :func:`locale.getlocale` answers.
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if not value:
            continue
        for part in value.split(":"):
            code = language_code(part)
            if code is not None:
                return code
        if name != "LANGUAGE":  # e.g. LANG=C or fr_FR: not ours, so Spanish
            return FALLBACK
    try:
        code = language_code(locale.getlocale()[0])
    except ValueError:  # an unparsable locale name
        code = None
    return code or FALLBACK


def set_override(language: str | None) -> None:
    """Choose the language of this run (the global ``--lang``); None lets settings decide."""
    global _override
    _override = language_code(language) if language else None
    if _override is not None:
        set_language(_override)


def override() -> str | None:
    return _override


def set_language(language: str) -> None:
    """Show the texts of ``language``; an unknown language shows Spanish."""
    global _language
    _language = language_code(language) or FALLBACK


def current_language() -> str:
    return _language


def text(key: str, **values: object) -> str:
    """The string for ``key`` in the current language, with ``values`` filled in."""
    template = catalogue(_language).gettext(key)
    return template.format(**values) if values else template


def ntext(key: str, count: int, **values: object) -> str:
    """``key``'s plural form for ``count`` (the catalogue's Plural-Forms decides), with
    ``{count}`` and ``values`` filled in."""
    return catalogue(_language).ngettext(key, key, count).format(count=count, **values)
