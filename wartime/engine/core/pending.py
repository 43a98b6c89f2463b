"""What a position waits for: who decides next, and what kind of decision it is.

A plain value at the bottom of the core, so that the lists of legal decisions and
the AI can read it without importing the state that computes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PendingKind(StrEnum):
    DEPLOY = "deploy"  # a side places its next reserve figure (before the first turn)
    INITIATIVE = "initiative"  # a side picks the living Pj whose VOL it rolls with
    ACTIVATE = "activate"  # a side picks which Pj acts in this phase
    ACT = "act"  # the acting Pj picks an action, or hands over with "end"
    REACT = "react"  # a side that saw or heard it picks a reactor, or passes
    REACT_ACT = "react_act"  # the reactor, after its CH VOL, picks one action or passes
    RESPOND = "respond"  # the target of a declared action answers it (Huir, Esquivar) or passes
    JUMP = "jump"  # an S chain's attacker picks among figures equally near (actions/areas.py)
    FORTUNE = "fortune"  # a Fortuna bearer may spend it on a roll or a hit (entries/fortune.py)
    GAME_OVER = "game_over"


# The answers to a FORTUNE question, as Action("fortune", item=...): what the luck does
# (entries/fortune.py offers those that fit; "no" keeps it).  Here so that a player (the
# AI, the play screen) can rank them without importing the entry.
REROLL, PLUS_ONE, NO_FUMBLE = "anular dado", "éxito +1", "ignorar pifia"
NO_DAMAGE, MORE_DAMAGE, DECLINE = "ignorar DAÑ", "DAÑ +1", "no"


@dataclass(frozen=True)
class Pending:
    kind: PendingKind
    side: str | None  # who decides; None when the game is over
    figure: str | None = None  # the acting Pj, for ACT
    turn: int = 0
    phase: int = 0
    winner: str | None = None  # for GAME_OVER: "A", "B" or None for a draw
