"""The window's settings in the user's config folder (platformdirs), kept minimal.

A missing or unreadable file gives the defaults; the file is written
atomically, so a crash never leaves half of it.  ``WARTIME_CONFIG_DIR``
overrides the folder (tests, portable installs).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

from wartime.formats.files import write_atomic

APP_NAME = "wartime"
FILE_NAME = "settings.json"


def config_dir() -> Path:
    override = os.environ.get("WARTIME_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


@dataclass
class Settings:
    last_map: str | None = None
    grid: bool = True

    @classmethod
    def load(cls, folder: Path | None = None) -> Settings:
        path = (folder or config_dir()) / FILE_NAME
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        last = data.get("last_map")
        grid = data.get("grid")
        return cls(
            last_map=last if isinstance(last, str) else None,
            grid=grid if isinstance(grid, bool) else True,
        )

    def save(self, folder: Path | None = None) -> bool:
        """Write the settings; False (and nothing raised) when the folder is not writable."""
        target = folder or config_dir()
        try:
            target.mkdir(parents=True, exist_ok=True)
            write_atomic(target / FILE_NAME, json.dumps(asdict(self), indent=2) + "\n")
        except OSError:
            return False
        return True
