"""Control remoto (BONUS Y MALUS): a unit that acts when the one who operates it says so.

Our reading (docs/rules-interpretations.md): the army names each remote unit's
controller (a character, ``controller:`` in the army format).  The remote unit is not
offered in the phases' order: in its own activation, a figure of the controller's
character on the same side takes Usar bonus naming the entry and the remote unit, pays
ENE 1, and the remote unit starts its activation at once, wherever it stands (no LdV,
no distance): it gains its ENE and acts as in any activation of its own, once a turn.
When it ends, the controller carries on with its own activation.  With every figure of
its controller's character out of the game, nobody activates it: it stays where it is.
A remote unit whose army names no controller acts on its own, as any Pj (the army
checker warns).
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS
from wartime.engine.core.checks import spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.sequence import begin_activation, carry_on, possessed
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.effects import EntryAction
from wartime.rules.linked import REMOTE_CONTROL

ENTRY = REMOTE_CONTROL


@dataclass(frozen=True)
class Operated(marks.Mark):
    """Control remoto's mark: who activated the remote unit, while it acts for them."""

    operator: str | None = None


_SLOT = marks.Slot("remote", Operated())


@per_profile
def _price(figure: Figure) -> int:
    """The ENE that activating it costs its controller; 0: it is no remote unit."""
    return max((e.operated for _, e in entries_of(figure, None, EntryAction)), default=0)


def _remote(figure: Figure) -> bool:
    """It carries the entry and its army names its controller."""
    return figure.profile.controller is not None and _price(figure) > 0


def operates(figure: Figure, remote: Figure) -> bool:
    """``figure`` is of the character that operates ``remote``, on the same side."""
    return (
        _remote(remote) and figure is not remote and figure.side == remote.side
        and figure.profile.character == remote.profile.controller
    )  # fmt: skip


def _ready(state: GameState, remote: Figure) -> bool:
    return not (remote.acted or remote.casualty or remote.removed or possessed(state, remote))


@hookspecs.operated.impl(order=10, key="remote")
def _operated(state: GameState, figure: Figure) -> bool:
    return _remote(figure)


@hookspecs.offers.impl(order=75, key="remote")
def offers(state: GameState, figure: Figure) -> list[Action]:
    """Activating each remote unit it operates that has not acted this turn, in its own
    activation (not in a turn on another's Órdenes)."""
    if state.active != figure.id or state.resume:
        return []
    return [
        Action(USE_BONUS, figure.id, target=r.id, item=ENTRY)
        for r in state.living(figure.side)
        if operates(figure, r) and _ready(state, r)
    ]


@hookspecs.bonus_taken.impl(order=40, key="remote")
def activate(state: GameState, figure: Figure, action: Action) -> list[Event] | None:
    """Usar bonus (Control remoto): ENE 1, and the remote unit's activation starts."""
    if action.item != ENTRY:
        return None
    remote = state.figures.get(action.target or "")
    if remote is None or not operates(figure, remote):
        raise IllegalActionError(
            say("refused.remote.none", entry=ENTRY, figure=figure.id, target=repr(action.target))
        )
    if state.active != figure.id or state.resume:
        raise IllegalActionError(say("refused.remote.own_turn", entry=ENTRY))
    if not _ready(state, remote):
        key = "refused.remote.acted" if remote.acted else "refused.remote.cannot_act"
        raise IllegalActionError(say(key, entry=ENTRY, remote=remote.id))
    events = [
        spend(figure, _price(remote), say("phrase.checks.about", label=ENTRY, what=remote.id))
    ]
    _SLOT.put(remote, Operated(figure.id))
    return events + begin_activation(
        state, remote, say("phrase.remote.operated", entry=ENTRY, figure=figure.id)
    )


@hookspecs.carries_on.impl(order=10, key="remote")
def carries_on(state: GameState, figure: Figure) -> list[Event] | None:
    """The remote unit's activation is over: its operator goes on with its own."""
    operator_id = _SLOT.of(figure).operator
    if operator_id is None:
        return None
    _SLOT.put(figure, Operated())
    operator = state.figure(operator_id)
    text = say("log.remote.done", remote=figure.id, figure=operator.id, ene=operator.ene)
    done = Event("remote_done", text, {"figure": figure.id, "back_to": operator.id})
    return carry_on(state, operator, done)
