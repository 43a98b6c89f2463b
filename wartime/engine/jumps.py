"""ÁREAS, Salto: where a tied jump goes is the attacker's decision (pending ``jump``).

An S chain jumps from each figure to the nearest one within 3 K.  When two or more
are equally near, the issue that specifies the engine asks for a decision point,
"choose the next chain or jump target", where DESIGN §5 rolls 1D10 each; the newer
issue wins (docs/rules-interpretations.md), so the attacker's side picks.

The pick is asked as the attack resolves, before its CH IMP is rolled: the chain is
fixed by where the figures stand, so nothing the dice say is known when choosing.
It is one of the questions asked midway through a resolution (engine/midway.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wartime.engine.events import Event
from wartime.engine.midway import ask

if TYPE_CHECKING:
    from wartime.engine.figures import Figure
    from wartime.engine.state import GameState

JUMP = "jump"  # the decision's kind: Action("jump", target=<the figure the jump goes to>)


def picker(state: GameState, figure: Figure) -> Callable[[list[str], tuple[str, ...]], str]:
    """The tie-breaker for ``figure``'s chain: its side's pick among the tied figures."""

    def pick(tied: list[str], chain: tuple[str, ...]) -> str:
        text = (
            f"Salto de {figure.id}: desde {chain[-1]}, "
            f"{' y '.join(tied)} están igual de cerca; elige el bando {figure.side}"
        )
        data = {"figure": figure.id, "chain": list(chain), "options": list(tied)}
        return ask(state, JUMP, figure, tied, tied[0], Event("jump_choice", text, data))

    return pick
