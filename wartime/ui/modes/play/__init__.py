"""Play mode (``wartime play``): a whole game at one screen, hot-seat or against the AI."""

from wartime.ui.modes.play.mode import PlayMode
from wartime.ui.modes.play.run import run_play

MODE = PlayMode
__all__ = ["MODE", "PlayMode", "run_play"]
