"""The rulebook as data: YAML files shipped inside the package.

Only the rules layer reads these, through :func:`read`; the files are trusted
package resources but are still parsed with ``yaml.safe_load``.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml


def read(name: str) -> Any:
    """Parse the packaged YAML file ``name`` (e.g. ``"tables.yaml"``)."""
    text = resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    return yaml.safe_load(text)
