"""The read-only battlefield view (``wartime view``): the shell's defaults, unchanged.

Hovering a figure shows its data in the status line and its CdV on the map;
the shell does that for every mode, so this mode adds nothing to the contract.
"""

from __future__ import annotations

from wartime.ui.modes.base import Mode


class ViewMode(Mode):
    """Look at a map: open, fit, grid, arcs and help, nothing to edit."""

    name = "view"


MODE = ViewMode
