"""Where the sample battlefields, armies and the UI theme live.

In a source checkout they sit beside the package (``maps/``, ``assets/``);
an installed copy finds them in ``<prefix>/share/wartime`` (see the
``data-files`` of pyproject.toml).
"""

from __future__ import annotations

import sys
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent
_INSTALLED = Path(sys.prefix) / "share" / "wartime"
DEFAULT_MAP_NAME = "aldea-en-ruinas.yaml"


def maps_dir() -> Path:
    checkout = _CHECKOUT / "maps"
    return checkout if checkout.is_dir() else _INSTALLED / "maps"


def armies_dir() -> Path:
    checkout = _CHECKOUT / "assets" / "armies"
    return checkout if checkout.is_dir() else _INSTALLED / "armies"


def packaged_armies() -> dict[str, Path]:
    """The sample armies installed with the program, by bare name (the file's stem)."""
    folder = armies_dir()
    if not folder.is_dir():
        return {}
    return {path.stem: path for path in sorted(folder.glob("*.yaml")) if path.is_file()}


def theme_file() -> Path | None:
    for candidate in (_CHECKOUT / "assets" / "theme.json", _INSTALLED / "theme.json"):
        if candidate.is_file():
            return candidate
    return None


def default_map() -> Path | None:
    """The default battlefield (Aldea en ruinas), when it can be found."""
    path = maps_dir() / DEFAULT_MAP_NAME
    return path if path.is_file() else None
