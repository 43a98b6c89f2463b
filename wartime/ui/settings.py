"""The window's settings in the user's config folder (platformdirs).

What is kept: the last map and the recent files, the grid toggle, the figure
scale (a preset in mm, or a custom number of cm per K) and the language.

Loading is tolerant: a missing file gives the defaults quietly; a corrupt
file, or a value of the wrong kind, gives the defaults for what is wrong and
says so once on stderr.  Keys a file lacks (an older version wrote it) take
their defaults silently.  The file is written atomically, so a crash never
leaves half of it.  ``WARTIME_CONFIG_DIR`` overrides the folder (tests,
portable installs).
"""

from __future__ import annotations

import json
import math
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from wartime import i18n
from wartime.errors import DataError
from wartime.formats.document import read_regular
from wartime.formats.files import write_atomic
from wartime.geometry.scale import DEFAULT_SCALE_MM, MAX_CM_PER_K
from wartime.geometry.scale import SCALE_PRESETS as SCALE_PRESETS  # the window reads it here
from wartime.ui.strings import text

APP_NAME = "wartime"
FILE_NAME = "settings.json"

MAX_RECENT = 8
DEFAULT_LANGUAGE = ""  # follow the system (wartime.i18n.system_language)
DEFAULT_AI_PACE = 0.6
MAX_AI_PACE = 10.0

_reported: set[str] = set()  # problems already written to stderr in this process


def config_dir() -> Path:
    override = os.environ.get("WARTIME_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def parse_cm_per_k(raw: str) -> float:
    """A custom scale typed by the user; ValueError with the reason (in Spanish) when refused.

    A decimal comma is accepted ("3,5").  The value must be above 0 and at most 20.
    """
    cleaned = raw.strip().replace(",", ".")
    try:
        value = float(cleaned)
    except ValueError:
        raise ValueError(text("scale.not_number", value=raw.strip())) from None
    if not math.isfinite(value):
        raise ValueError(text("scale.not_number", value=raw.strip()))
    if value <= 0:
        raise ValueError(text("scale.not_positive"))
    if value > MAX_CM_PER_K:
        raise ValueError(text("scale.too_big", max=f"{MAX_CM_PER_K:g}"))
    return value


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        number = float(value)
    except OverflowError:  # a whole number too large for a float
        return None
    return number if math.isfinite(number) else None


def _files(value: object) -> list[str] | None:
    """The existing files a list of paths names, once each and at most MAX_RECENT (None:
    not a list)."""
    if not isinstance(value, list):
        return None
    kept: list[str] = []
    for item in value:
        if isinstance(item, str) and item not in kept and Path(item).is_file():
            kept.append(item)
    return kept[:MAX_RECENT]


def _report(path: Path, problems: list[str]) -> None:
    message = f"wartime: {path}: {'; '.join(problems)}; using the defaults for those settings"
    if message not in _reported:
        _reported.add(message)
        print(message, file=sys.stderr)


@dataclass
class Settings:
    last_map: str | None = None
    grid: bool = True
    scale_mm: float | None = DEFAULT_SCALE_MM  # a preset, or None for the custom cm_per_k
    cm_per_k: float = DEFAULT_SCALE_MM / 10  # used when scale_mm is None
    language: str = DEFAULT_LANGUAGE
    recent: list[str] = field(default_factory=list)  # most recent first
    recent_games: list[str] = field(default_factory=list)  # saves, most recent first
    ai_pace: float = DEFAULT_AI_PACE  # seconds between two of an AI's decisions on screen

    # --- the scale -------------------------------------------------------------------

    @property
    def effective_cm_per_k(self) -> float:
        """The centimetres one K measures on the table at the chosen scale."""
        return self.scale_mm / 10 if self.scale_mm is not None else self.cm_per_k

    def choose_preset(self, scale_mm: float) -> None:
        if scale_mm not in SCALE_PRESETS:
            raise ValueError(f"not a scale preset: {scale_mm!r}")
        self.scale_mm = float(scale_mm)

    def choose_custom(self, cm_per_k: float) -> None:
        if not (0 < cm_per_k <= MAX_CM_PER_K):
            raise ValueError(f"cm per K out of range: {cm_per_k!r}")
        self.scale_mm = None
        self.cm_per_k = float(cm_per_k)

    @property
    def effective_language(self) -> str:
        """The language the window speaks: this run's ``wartime --lang``, else the
        setting, else the system's when it is Spanish or English, else Spanish."""
        return i18n.override() or i18n.language_code(self.language) or i18n.system_language()

    def scale_text(self) -> str:
        """How the status line names the scale: "28 mm (2.8 cm/K)"."""
        cm = f"{self.effective_cm_per_k:g}"
        if self.scale_mm is None:
            return text("scale.custom_text", cm=cm)
        return text("scale.preset_text", mm=f"{self.scale_mm:g}", cm=cm)

    # --- recent files ----------------------------------------------------------------

    def remember(self, path: Path | str) -> None:
        """Record an opened map: first in ``recent``, once, at most ``MAX_RECENT`` kept."""
        name = str(Path(path).resolve())
        self.recent = [name, *(p for p in self.recent if p != name)][:MAX_RECENT]
        self.last_map = name

    def remember_game(self, path: Path | str) -> None:
        """Record a saved or loaded game: first in ``recent_games``, once."""
        name = str(Path(path).resolve())
        self.recent_games = [name, *(p for p in self.recent_games if p != name)][:MAX_RECENT]

    # --- the file --------------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        path = (folder or config_dir()) / FILE_NAME
        if not path.exists() and not path.is_symlink():
            return cls()
        try:  # a regular file of at most the size cap: a FIFO would block the start
            raw = read_regular(path).decode("utf-8")
        except DataError as exc:
            _report(path, [f"unreadable ({exc.problems[0].message})"])
            return cls()
        except UnicodeError as exc:
            _report(path, [f"unreadable ({exc})"])
            return cls()
        try:
            data = json.loads(raw)
        except ValueError as exc:
            _report(path, [f"not valid JSON ({exc})"])
            return cls()
        if not isinstance(data, dict):
            _report(path, ["not a JSON object"])
            return cls()
        settings, problems = cls._from_dict(data)
        if problems:
            _report(path, problems)
        return settings

    @classmethod
    def _from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        settings = cls()
        problems: list[str] = []

        def bad(key: str) -> None:
            problems.append(f"bad {key}: {data[key]!r}")

        if "last_map" in data:
            last = data["last_map"]
            if last is None or isinstance(last, str):
                settings.last_map = last
            else:
                bad("last_map")
        if "grid" in data:
            if isinstance(data["grid"], bool):
                settings.grid = data["grid"]
            else:
                bad("grid")
        if "scale_mm" in data:
            mm = data["scale_mm"]
            number = _number(mm)
            if mm is None:
                settings.scale_mm = None
            elif number is not None and number in SCALE_PRESETS:
                settings.scale_mm = number
            else:
                bad("scale_mm")
        if "cm_per_k" in data:
            cm = _number(data["cm_per_k"])
            if cm is not None and 0 < cm <= MAX_CM_PER_K:
                settings.cm_per_k = cm
            else:
                bad("cm_per_k")
                if settings.scale_mm is None:
                    settings.scale_mm = DEFAULT_SCALE_MM
        if "language" in data:
            language = data["language"]
            if isinstance(language, str):  # "" follows the system
                settings.language = language.strip()
            else:
                bad("language")
        for key in ("recent", "recent_games"):
            if key not in data:
                continue
            files = _files(data[key])
            if files is None:
                bad(key)
            else:
                setattr(settings, key, files)
        if "ai_pace" in data:
            pace = _number(data["ai_pace"])
            if pace is not None and 0 <= pace <= MAX_AI_PACE:
                settings.ai_pace = pace
            else:
                bad("ai_pace")
        return settings, problems

    def save(self, folder: Path | None = None) -> bool:
        """Write the settings; False (and nothing raised) when the folder is not writable.

        ``last_map`` set directly by a caller is recorded in ``recent`` too, so
        every way of opening a map fills the list.
        """
        last = self.last_map
        if last and (not self.recent or self.recent[0] != last) and Path(last).is_file():
            self.remember(last)
        target = folder or config_dir()
        try:
            target.mkdir(parents=True, exist_ok=True)
            write_atomic(target / FILE_NAME, json.dumps(asdict(self), indent=2) + "\n")
        except OSError:
            return False
        return True
