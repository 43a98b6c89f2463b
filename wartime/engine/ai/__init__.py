"""The AI players and the simulator that plays whole games with them.

The public part: :func:`choose` (the baseline AI's decision in any position),
:func:`play_out` (a game played to its end by it) and :func:`simulate` (many games).
"""

from wartime.engine.ai.players import choose, play_out
from wartime.engine.ai.simulation import simulate

__all__ = ["choose", "play_out", "simulate"]
