"""The rulebook as data: YAML files shipped inside the package.

Only the rules layer reads these, through :func:`read`; the files are trusted
package resources but are still parsed by the safe loader, libyaml's ``CSafeLoader``
where PyYAML has it (six times faster on the catalogue), else ``SafeLoader``.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

import yaml


def read(name: str) -> Any:
    """Parse the packaged YAML file ``name`` (e.g. ``"tables.yaml"``)."""
    text = resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
    return load_yaml(text)


def load_yaml(text: str) -> Any:
    """Parse trusted YAML with the safe loader, the C one when present."""
    return yaml.load(text, Loader=SAFE_LOADER)


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
