"""The move under the cursor: the way a figure's base would walk to a point, which of
Mover, Correr or Esprintar it needs, its ENE, and the engine's refusal if any.

The way is the engine's own (``find_path``: around walls, buildings and bases) and so
is the refusal (``GameState.check`` on the move the click would make), so the screen
shows before the click exactly what the click would do.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine import MOVES, Action, GameState, Path, find_path
from wartime.i18n import Reason, say

STRIDES = MOVES  # Mover, Correr, Esprintar: from the shortest reach to the longest
SLACK = 1e-6  # K: a way as long as a stride's reach is within it


@dataclass(frozen=True)
class MovePlan:
    """A move's preview: ``stride`` is None when no stride reaches the end of the way."""

    figure: str
    path: Path
    stride: str | None
    ene: int | None
    action: Action | None  # what a click plays (None: nothing legal to play)
    refusal: Reason | None  # the engine's reason when the move would be refused

    @property
    def length(self) -> float:
        return self.path.length


def plan_move(state: GameState, figure_id: str, goal: tuple[float, float]) -> MovePlan:
    """The preview of ``figure_id`` moving to ``goal`` now."""
    figure = state.figures[figure_id]
    path = find_path(state, figure, goal)
    stride = next((k for k in STRIDES if path.length <= path.reach[k] + SLACK), None)
    if stride is None:
        longest = STRIDES[-1]
        reason = say("move.out_of_reach", length=path.length, reach=path.reach[longest])
        return MovePlan(figure_id, path, None, None, None, reason)
    # The engine has the last word: it winds the move itself and its table may let a
    # base touch where the planned way, which keeps clear of bases, stopped short.
    action = Action(stride, figure_id, point=(float(goal[0]), float(goal[1])))
    refusal = state.check(action)
    return MovePlan(figure_id, path, stride, path.ene[stride], None if refusal else action, refusal)
