"""The program's two languages, read from gettext catalogues.

The texts live in ``wartime/locale/<language>/LC_MESSAGES/wartime.po`` (maintained with
Babel) and are read at run time from the ``.mo`` files compiled beside them, through the
standard library's :func:`gettext.translation`.  A message id is a stable key such as
``"status.opened"``; its text carries ``{placeholders}`` that :func:`text` fills in.

Spanish is complete and the fallback: an unknown language shows Spanish, and a key the
chosen catalogue lacks is looked up in Spanish (the tests keep both catalogues complete,
so this only guards a hand-edited install).  An unknown key is shown as itself, so a
missing text is visible rather than fatal.

argparse's own words ("usage:", "error:", "the following arguments are required") come
from a second catalogue, ``argparse.po``, while :func:`argparse_speaks` is in force: Spanish
is ours, English is argparse's own.

Whatever the engine and the loaders say (a log line, a refusal, a problem in a file) is a
:class:`Message`: its key and its values, kept as data until someone shows it, and then
worded in the language of the moment (:meth:`Message.text`).  The engine never picks a
language; the window and the CLI never parse a sentence.

This module imports neither pygame nor the engine, so the CLI can use it too.
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DOMAIN = "wartime"
ARGPARSE_DOMAIN = "argparse"  # argparse's own texts, by their English words
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
    return say(key, **values).text()


def ntext(key: str, count: int, **values: object) -> str:
    """``key``'s plural form for ``count`` (the catalogue's Plural-Forms decides), with
    ``{count}`` and ``values`` filled in."""
    return say_n(key, count, **values).text()


def text_in(language: str, key: str, **values: object) -> str:
    """:func:`text` in ``language`` whatever the current one (a command's own ``--lang``)."""
    return say(key, **values).text(language)


@dataclass(frozen=True, slots=True)
class Message:
    """Something to tell a person, not yet worded: a catalogue key and its values.

    A value may itself be a :class:`Message` (an outcome, a phrase chosen by the rules), worded
    in the same language as the whole.  Numbers stay numbers, so a template can format them
    (``{gap:.1f}``).  With ``count`` the key is a plural one, and the catalogue's plural rule
    picks the form (the count is filled in as ``{count}``).
    """

    key: str
    values: tuple[tuple[str, object], ...] = ()
    count: int | None = None

    def text(self, language: str | None = None) -> str:
        """The message in ``language`` (the current one when None)."""
        chosen = (language_code(language) or FALLBACK) if language else _language
        found = catalogue(chosen)
        filled = {
            name: value.text(chosen) if isinstance(value, Message) else value
            for name, value in self.values
        }
        if self.count is None:
            template = found.gettext(self.key)
        else:
            template = found.ngettext(self.key, self.key, self.count)
            filled["count"] = self.count
        return template.format(**filled) if filled else template

    def __str__(self) -> str:
        return self.text()


def say(key: str, /, **values: object) -> Message:
    """The :class:`Message` ``key`` with ``values``, to be worded when shown."""
    return Message(key, tuple(values.items()))


def say_n(key: str, count: int, /, **values: object) -> Message:
    """The plural :class:`Message` ``key`` for ``count`` (see :func:`ntext`)."""
    return Message(key, tuple(values.items()), count)


Reason = Message | str  # a refusal or a problem: a Message, or text from before messages


def told(said: Message | str, language: str | None = None) -> str:
    """``said`` worded in ``language`` (the current one when None); plain text as it is."""
    return said if isinstance(said, str) else said.text(language)


@cache
def argparse_catalogue(language: str) -> gettext.NullTranslations:
    """argparse's own texts in ``language``: ours in Spanish, argparse's English otherwise."""
    return gettext.translation(
        ARGPARSE_DOMAIN, LOCALE_DIR, languages=[language_code(language) or FALLBACK], fallback=True
    )


def _argparse_gettext(message: str) -> str:
    return argparse_catalogue(_language).gettext(message)


def _argparse_ngettext(singular: str, plural: str, count: int) -> str:
    return argparse_catalogue(_language).ngettext(singular, plural, count)


@contextmanager
def argparse_speaks() -> Iterator[None]:
    """argparse words its usage, help headings and errors in the current language while
    the block runs.

    argparse translates through the names ``_`` and ``ngettext`` it imported from gettext
    (the process-wide domain and the environment's language, neither of them ``--lang``);
    the block points those two names at :func:`argparse_catalogue` and puts them back after,
    so a parser used in-process (the tests) is left as it was.
    """
    import argparse

    saved = (getattr(argparse, "_"), getattr(argparse, "ngettext"))  # noqa: B009
    setattr(argparse, "_", _argparse_gettext)  # noqa: B010
    setattr(argparse, "ngettext", _argparse_ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010
