"""The AI players and the simulator that plays whole games with them.

The public part: :func:`choose` (the baseline AI's decision in any position),
:func:`play_out` (a game played to its end by it), the registry of AI players by
name (:data:`PLAYERS`, :func:`player_names`, :func:`make_player`), the planner
(:class:`Planner`, a player that searches with the engine's own dice and rules) and its
personalities (:data:`PRESETS`: each one's registry name and Spanish and English label,
for a menu), and :func:`simulate` (many games between two of them; :func:`taken_out`
says which figures it counts as casualties).
"""

from wartime.engine.ai.planner import Budget, Planner
from wartime.engine.ai.players import choose, play_out
from wartime.engine.ai.presets import PRESETS, Preset
from wartime.engine.ai.registry import (
    DEFAULT_PLAYER,
    PLAYERS,
    Player,
    PlayerFactory,
    make_player,
    player_names,
)
from wartime.engine.ai.simulation import Played, casualties, play_game, simulate, taken_out

__all__ = [
    "DEFAULT_PLAYER",
    "PLAYERS",
    "PRESETS",
    "Budget",
    "Planner",
    "Played",
    "Player",
    "PlayerFactory",
    "Preset",
    "casualties",
    "choose",
    "make_player",
    "play_game",
    "play_out",
    "player_names",
    "simulate",
    "taken_out",
]
