"""The shell's modes: one module (or package) each, all under the contract of
:class:`wartime.ui.modes.base.Mode`.

``view`` is the read-only battlefield view and ``editor`` the map editor.  A
module here that sets ``MODE`` to a :class:`Mode` subclass is found by
:func:`registry` under the class's ``name``: adding a mode is adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil

from wartime.ui.modes.base import Mode


def registry() -> dict[str, type[Mode]]:
    """Every mode in this package by its name (importing the modules to find them)."""
    found: dict[str, type[Mode]] = {}
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        module = importlib.import_module(info.name)
        mode = getattr(module, "MODE", None)
        if isinstance(mode, type) and issubclass(mode, Mode):
            found[mode.name] = mode
    return found
