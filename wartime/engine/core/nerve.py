"""The nerve an attack needs (PSICOLOGÍA): which actions are attacks, and the CH PSI that
the entries ask before one (Cobarde, the bearer's; Horror, the target's).

Each entry answers the ``nerve`` hook with its causes through :func:`face`, in the order
the rules roll them (Cobarde first); a failed CH PSI loses the attack and stops the
other causes' dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from wartime.engine.core.action import Action
from wartime.engine.core.checks import spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.responses import entry_name
from wartime.errors import IllegalActionError
from wartime.i18n import Reason, say
from wartime.rules.actions import Group, load_actions

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

# Combat actions aimed at an enemy that are not an attack: answers and getting away.
NOT_ATTACKS = frozenset({"destrabarse", "huir", "esquivar_en_cac", "desenfundar", "contramagia"})


def is_attack(state: GameState, figure: Figure, action: Action) -> bool:
    """An action of the combat group aimed at an enemy (or at a point, a template's shot)
    that is not an answer or a way out."""
    book = load_actions().find(action.kind)
    if book is None or book.group is not Group.COMBAT or action.kind in NOT_ATTACKS:
        return False
    target = state.figures.get(action.target) if action.target is not None else None
    return target.side != figure.side if target is not None else action.point is not None


def face(
    state: GameState, figure: Figure, action: Action, causes: Sequence[Reason]
) -> tuple[list[Event], bool]:
    """The CH PSI each of ``causes`` asks before the attack, in order: their events, and
    whether the attack goes ahead.  The attack must be legal first; a legality probe
    rolls nothing.  Failed, the attack is lost: its ENE is paid and it counts as an
    action, and the failed CH PSI has its usual consequences."""
    if state.probing or not causes:
        return [], True
    cost = _cost(state, figure, action)  # raises when the attack is illegal
    events: list[Event] = []
    for cause in causes:
        rolled = psi_check(state, figure, cause)
        events += rolled
        if rolled[0].data["outcome"] in ("critical", "pass"):
            continue
        if cost:
            label = say("phrase.nerve.cause", action=entry_name(action), cause=cause)
            events.append(spend(figure, cost, label))
        figure.next_action_modifier = 0
        text = say("log.nerve.cowed", figure=figure.id, cause=cause)
        events.append(Event("cowed", text, {"figure": figure.id, "action": action.kind}))
        return events, False
    return events, True


def _cost(state: GameState, figure: Figure, action: Action) -> int:
    """The ENE the attack would cost, tried on a throwaway copy; raises if it is illegal."""
    paid: list[int] = []

    def attempt(trial: GameState) -> None:
        twin = trial.figures[figure.id]
        before = twin.ene
        trial._apply(action)
        paid.append(before - twin.ene)

    problem = state.probe(attempt)
    if problem is not None:
        raise IllegalActionError(problem)
    return max(0, paid[0])
