"""The measurement overlay (``wartime overlay``): mirror a real table and measure it."""

from wartime.ui.modes.overlay.mode import OverlayMode
from wartime.ui.modes.overlay.run import run_overlay

MODE = OverlayMode
__all__ = ["MODE", "OverlayMode", "run_overlay"]
