"""ÁREAS, Salto: where a tied jump goes is the attacker's decision (pending ``jump``).

An S chain jumps from each figure to the nearest one within 3 K.  When two or more
are equally near, the issue that specifies the engine asks for a decision point,
"choose the next chain or jump target", where DESIGN §5 rolls 1D10 each; the newer
issue wins (docs/rules-interpretations.md), so the attacker's side picks.

The pick is made as the attack resolves, before its CH IMP is rolled: the chain is
fixed by where the figures stand, so nothing the dice say is known when choosing.
The resolution that meets an unsettled tie raises :class:`JumpChoice`;
``GameState.apply`` drops that attempt (the state stays as it was) and holds the
decision that started it as :class:`Suspended`.  Each pick is recorded and the held
decision is applied again with the picks made so far, until no tie is left, so a
replay of the same decisions reaches the same state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.actions import Action
from wartime.engine.events import Event
from wartime.errors import IllegalActionError

if TYPE_CHECKING:
    from wartime.engine.figures import Figure
    from wartime.engine.state import GameState

JUMP = "jump"  # the decision's kind: Action("jump", target=<the figure the jump goes to>)


class JumpChoice(Exception):  # noqa: N818 — a signal, not an error: it never reaches a caller
    """A resolution met a tie that no pick settles yet."""

    def __init__(self, figure: Figure, options: Sequence[str], chain: Sequence[str]) -> None:
        super().__init__(f"{figure.id} must choose the next jump among {', '.join(options)}")
        self.figure, self.side = figure.id, figure.side
        self.options, self.chain = tuple(options), tuple(chain)


@dataclass(frozen=True)
class Suspended:
    """A decision whose resolution waits for ``figure``'s side to settle a tied jump."""

    action: Action  # applied again once the tie is settled
    picks: tuple[str, ...]  # the ties settled so far, in the order they come
    figure: str  # the attacker
    side: str
    options: tuple[str, ...]  # the figures equally near
    chain: tuple[str, ...]  # the chain up to the tie

    def snapshot(self) -> list[object]:
        return [self.action.to_data(), list(self.picks), self.figure, list(self.options)]


def picker(state: GameState, figure: Figure) -> Callable[[list[str], tuple[str, ...]], str]:
    """The tie-breaker for ``figure``'s chain: the picks made so far, in order; then a
    JumpChoice (or, when only legality is being checked, the first of the tied)."""
    picks = iter(state.jump_picks)

    def pick(tied: list[str], chain: tuple[str, ...]) -> str:
        chosen = next(picks, None)
        if chosen in tied:
            return chosen
        if state.probing:
            return tied[0]
        raise JumpChoice(figure, tied, chain)

    return pick


def suspend(state: GameState, action: Action, need: JumpChoice) -> Suspended:
    """The decision to hold: the one that started the resolution, with every pick so far."""
    held = state.suspended
    if held is None:
        return Suspended(action, (), need.figure, need.side, need.options, need.chain)
    assert action.target is not None  # a pick that led to a second tie
    picks = (*held.picks, action.target)
    return Suspended(held.action, picks, need.figure, need.side, need.options, need.chain)


def choice_event(held: Suspended) -> Event:
    """The log entry of a tie waiting for its pick."""
    text = (
        f"Salto de {held.figure}: desde {held.chain[-1]}, "
        f"{' y '.join(held.options)} están igual de cerca; elige el bando {held.side}"
    )
    data = {"figure": held.figure, "chain": list(held.chain), "options": list(held.options)}
    return Event("jump_choice", text, data)


def jump(state: GameState, action: Action) -> tuple[Action, tuple[str, ...]]:
    """Validate a pick: the held decision to apply again, and the picks to apply it with."""
    held = state.suspended
    assert held is not None
    if action.kind != JUMP:
        raise IllegalActionError(
            f"{held.figure} must first choose where its jump goes: {', '.join(held.options)}"
        )
    if action.figure not in (None, held.figure):
        raise IllegalActionError(f"{held.figure} chooses the jump, not {action.figure}")
    if action.target not in held.options:
        raise IllegalActionError(
            f"The jump from {held.chain[-1]} goes to the nearest figure: "
            f"{', '.join(held.options)}, not {action.target}"
        )
    return held.action, (*held.picks, action.target)
