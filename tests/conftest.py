"""Shared fixtures; the suite is headless, so SDL gets dummy drivers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The window follows the system language; the tests read its Spanish texts on any desktop.
os.environ["LANGUAGE"] = "es"

ROOT = Path(__file__).resolve().parent.parent
ARMIES = ROOT / "assets" / "armies"


@pytest.fixture
def root() -> Path:
    return ROOT
