"""The AI players by name: what ``wartime sim --ai-a NAME --ai-b NAME`` chooses from.

A player is a function from the state to its decision for the pending choice, which
it is asked only when its side decides.  :data:`PLAYERS` maps each name to a factory
that makes a fresh player for one side of one game from that game's seed (for a
player that draws numbers of its own; the game's dice stay the engine's).  A player
must decide the same way for the same position and seed, so that a simulation stays
byte-identical for a seed.  Adding a player is one line in :data:`PLAYERS`.
"""

from __future__ import annotations

from collections.abc import Callable

from wartime.engine.ai.players import choose
from wartime.engine.ai.presets import planner_players
from wartime.engine.core.action import Action
from wartime.engine.core.observation import hidden_from
from wartime.engine.core.pending import PendingKind
from wartime.engine.core.state import GameState

Player = Callable[[GameState], Action]
PlayerFactory = Callable[[int], Player]

DEFAULT_PLAYER = "baseline"

PLAYERS: dict[str, PlayerFactory] = {
    "baseline": lambda seed: choose,  # the greedy, deterministic AI of players.py
    **planner_players(),  # planner, planner-prudente, planner-agresivo (planner.py, presets.py)
}


def player_names() -> list[str]:
    """The registered names, in the order they were registered."""
    return list(PLAYERS)


def make_player(name: str, seed: int) -> Player:
    """A fresh player ``name`` for one game; an unknown name is a ValueError naming
    the registered ones."""
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(
            f"unknown AI player {name!r}: choose from {', '.join(player_names())}"
        ) from None
    return FairPlayer(factory(seed))


class FairPlayer:
    """``player`` deciding on what its side knows (GameState.observed), never on the
    enemies hidden from it (Invisible).  A choice the real game then refuses (a move
    into a hidden figure's base) gives way to handing over, or to the first legal
    decision.  The wrapped player stays at hand (``player``)."""

    def __init__(self, player: Player) -> None:
        self.player = player

    def __call__(self, state: GameState) -> Action:
        side = state.pending.side
        if side is None or not hidden_from(state, side):
            return self.player(state)
        action = self.player(state.observed(side))
        if state.check(action) is None:
            return action
        if state.pending.kind is PendingKind.ACT:
            return Action("end")
        return state.legal_actions()[0]
