"""Shared fixtures; the suite is headless, so SDL gets dummy drivers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
ARMIES = ROOT / "assets" / "armies"


@pytest.fixture(autouse=True)
def spanish_system(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window and the CLI follow the system's language; the tests read their Spanish
    on any desktop. (Not by setting LANGUAGE: pygame_gui's file dialog calls
    setlocale, and the C library would then word OSError messages in Spanish too.)"""
    import wartime.i18n

    monkeypatch.setattr(wartime.i18n, "system_language", lambda: "es")


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The CLI and the window speak English in this test, as on an English desktop: for
    tests that read the English texts (``wartime --lang en`` says so per command)."""
    import wartime.i18n

    monkeypatch.setattr(wartime.i18n, "system_language", lambda: "en")
    before = wartime.i18n.current_language()
    wartime.i18n.set_language("en")
    yield
    wartime.i18n.set_language(before)


@pytest.fixture
def root() -> Path:
    return ROOT
