"""Decisions taken midway through a resolution (pending ``jump`` and ``fortune``).

Some rules need a player's word while an action is resolving: where a tied S jump
goes (actions/areas.py), whether to spend Fortuna on a roll or a hit (entries/fortune.py).
Such a rule calls :func:`ask`.  The first time there is no answer yet, so ask raises
:class:`Question`; ``GameState.apply`` drops that attempt (the state stays as it was
before the decision being applied: a trial copy, dice included) and holds that
decision as :class:`Suspended`, whose question is now the pending one.  Each answer
is recorded, and the held decision is applied again with the answers so far, each
ask taking the next one in order, until no question is left open.  The dice fall the
same way on every attempt, and a replay of the same decisions reaches the same state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.errors import IllegalActionError
from wartime.i18n import Message, say

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.state import GameState


class Question(Exception):  # noqa: N818 — a signal, not an error: GameState.apply takes it
    """A resolution reached a decision that has no answer yet."""

    def __init__(
        self, kind: str, figure: Figure, options: Sequence[str], event: Event, default: str
    ) -> None:
        super().__init__(f"{figure.id} must choose: {', '.join(options)}")
        self.kind, self.figure, self.side = kind, figure.id, figure.side
        self.options, self.event, self.default = tuple(options), event, default


@dataclass(frozen=True)
class Suspended:
    """A decision whose resolution waits for ``figure``'s side to answer a question."""

    action: Action  # applied again once the question is answered
    answers: tuple[str, ...]  # the questions answered so far, in the order they came
    kind: str  # the pending kind: "jump", "fortune"
    figure: str  # who is asked
    side: str
    options: tuple[str, ...]
    event: Event  # the question, as logged
    default: str = ""  # the answer a legality probe or a preview assumes

    def snapshot(self) -> list[object]:
        head: list[object] = [self.action.to_data(), list(self.answers), self.kind]
        return [*head, self.figure, list(self.options)]


def ask(
    state: GameState, kind: str, figure: Figure, options: Sequence[str], default: str,
    event: Event,
) -> str:  # fmt: skip
    """The answer to this question: the next one recorded; when only legality is being
    checked, ``default``; else the resolution stops here (Question)."""
    if state.answer_index < len(state.answers):
        answer = state.answers[state.answer_index]
        state.answer_index += 1
        return answer
    if state.probing:
        return default
    raise Question(kind, figure, options, event, default)


def suspend(state: GameState, action: Action, question: Question) -> Suspended:
    """The decision to hold: the one that started the resolution, with every answer so
    far (``action`` is itself an answer when a question was already open)."""
    held = state.suspended
    root, answers = (
        (action, ()) if held is None else (held.action, (*held.answers, answer_of(action)))
    )
    return Suspended(
        root, answers, question.kind, question.figure, question.side, question.options,
        question.event, question.default,
    )  # fmt: skip


_ASKED: dict[str, Message] = {
    "jump": say("phrase.midway.jump"),
    "fortune": say("phrase.midway.fortune"),
}


def answer_of(action: Action) -> str:
    """What an answering action says: the figure a jump goes to, or the option taken."""
    return (action.target if action.kind == "jump" else action.item) or ""


def answering(state: GameState, action: Action) -> tuple[Action, tuple[str, ...]]:
    """Validate an answer: the held decision to apply again, and the answers to use."""
    held = state.suspended
    assert held is not None
    if action.kind != held.kind:
        raise IllegalActionError(
            say(
                "refused.midway.answer_first",
                figure=held.figure,
                question=held.event.message,
                options=", ".join(held.options),
            )
        )
    if action.figure not in (None, held.figure):
        raise IllegalActionError(
            say("refused.midway.other", answerer=held.figure, figure=action.figure)
        )
    answer = answer_of(action)
    if answer not in held.options:
        raise IllegalActionError(
            say(
                "refused.midway.not_option",
                asked=_ASKED[held.kind],
                options=", ".join(held.options),
                answer=answer,
            )
        )
    return held.action, (*held.answers, answer)


def choices(state: GameState) -> list[Action]:
    """The answers to the open question, as actions."""
    held = state.suspended
    assert held is not None
    if held.kind == "jump":
        return [Action("jump", held.figure, target=o) for o in held.options]
    return [Action(held.kind, held.figure, item=o) for o in held.options]
