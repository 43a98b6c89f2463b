"""Fire (BONUS Y MALUS), batch M: Munición incendiaria.

- A hit with it (the weapon it sits on, or any weapon when the character carries it)
  sets a target that is still standing on fire (its :class:`Burning` mark), as Munición
  aturdidora's stun: whatever its CH DEF did, unless cover or a shield stopped the hit.
  A figure already burning burns no harder.
- As each of the burning figure's activations starts it takes a hit of the entry's DAÑ
  (``ignites``) with its own CH DEF, like a fall or a fumble's hit: nobody strikes it.
- It puts the fire out with Usar bonus (``ITEM``): it pays the entry's ``douse`` ENE and
  rolls CH PSI (a failure brings its usual stress); passed, the fire is out.  Taken out
  of the game, it no longer burns.

The data is ``data/effects/fire.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.checks import spend
from wartime.engine.core.combat import defend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.effects import Fire, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow, Landing

ITEM = "Munición incendiaria"  # the entry that gives the action: Usar bonus to put it out
BURN, DOUSE = 1, 3  # the defaults: the entry's own numbers (fire.yaml) win


@dataclass(frozen=True)
class Burning(marks.Mark):
    """Munición incendiaria's mark: the figure is on fire."""

    burning: bool = False


_SLOT = marks.Slot("fire", Burning())


def mark(figure: Figure) -> Burning:
    """Its Munición incendiaria mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Burning) -> None:
    """Give it this Munición incendiaria mark."""
    _SLOT.put(figure, new)


@hookspecs.stands_again.impl(order=10, key="fire")
def stands_again(figure: Figure) -> None:
    """A body that stands up again is no longer on fire."""
    put(figure, Burning())


def _numbers() -> tuple[int, int]:
    found = next((e for e in effects_of(ITEM, Fire) if e.ignites), None)
    return (found.ignites, found.douse) if found is not None else (BURN, DOUSE)


def kindled(target: Figure, blow: Blow) -> list[Event]:
    """``blow`` hit ``target`` (still standing, not stopped by cover or a shield)."""
    found = next(
        (t.name for t, e in entries_of(blow.striker, blow.weapon, Fire) if e.ignites), None
    )
    if found is None or mark(target).burning or target.casualty:
        return []
    put(target, Burning(True))
    text = say("log.fire.kindled", entry=found, figure=target.id)
    return [Event("burning", text, {"figure": target.id, "by": blow.striker.id})]


@hookspecs.activation_starts.impl(order=90, key="fire")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """The burning figure's activation starts: the fire's hit, with its CH DEF."""
    if not mark(figure).burning:
        return []
    if figure.casualty:
        put(figure, Burning())
        return []

    dan = _numbers()[0]
    text = say("log.fire.burns", figure=figure.id, damage=dan)
    events = [Event("fire", text, {"figure": figure.id, "damage": dan})]
    events += defend(state, figure, dan, "none", attacker=None)
    if figure.casualty:
        put(figure, Burning())
    return events


@hookspecs.offers.impl(order=61, key="fire")  # right after the other Usar bonus
def choices(state: GameState, figure: Figure) -> list[Action]:
    """The Usar bonus that puts the fire out, for a burning figure."""
    return [Action("usar_bonus", figure.id, item=ITEM)] if mark(figure).burning else []


def puts_out(figure: Figure, action: Action) -> bool:
    """Whether the Usar bonus is the burning figure's try to put its fire out."""
    return action.item == ITEM and mark(figure).burning


@hookspecs.bonus_taken.impl(order=10, key="fire")
def taken(state: GameState, figure: Figure, action: Action) -> list[Event] | None:
    """This Usar bonus is the burning figure's try to put its fire out: its events."""
    return put_out(state, figure, action) if puts_out(figure, action) else None


def put_out(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Usar bonus: pay the ENE, then a CH PSI; passed, the fire is out."""
    if action.target is not None and action.target != figure.id:
        raise IllegalActionError(say("refused.fire.own", figure=figure.id))
    put_out = say("phrase.fire.put_out")
    events = [spend(figure, _numbers()[1], say("phrase.checks.about", label=put_out, what=ITEM))]
    checked = psi_check(state, figure, put_out)
    events += checked
    passed = checked[0].data.get("outcome") in ("pass", "critical")
    if passed:
        put(figure, Burning())
        text = say("log.fire.doused", figure=figure.id)
    else:
        text = say("log.fire.still_burning", figure=figure.id)
    return [*events, Event("doused" if passed else "still_burning", text, {"figure": figure.id})]


@hookspecs.landed.impl(order=12, key="fire")
def _landed(state: GameState, target: Figure, landing: Landing) -> list[Event]:
    return kindled(target, landing.blow) if landing.reached else []
