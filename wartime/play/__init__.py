"""A game at the screen, without the screen: who sits at each side, the undo rule,
saves, and what the play screen shows (the action bar, the move under the cursor,
the labels on the targets, the replay's steps).

Pure and typed: it speaks to the engine through its public API only, and knows
nothing of pygame, so each piece is tested headless; ``wartime.ui`` draws it.
"""

from wartime.play.aiming import Footprint, TargetLabel, aim, footprint
from wartime.play.bar import BarEntry, action_bar
from wartime.play.moving import MovePlan, plan_move
from wartime.play.replay import Replay
from wartime.play.session import Seat, Session

__all__ = [
    "BarEntry",
    "Footprint",
    "MovePlan",
    "Replay",
    "Seat",
    "Session",
    "TargetLabel",
    "action_bar",
    "aim",
    "footprint",
    "plan_move",
]
