"""Órdenes (BONUS Y MALUS): the bearer hands 3 of its ENE to an ally, who acts at once.

Our reading (docs/rules-interpretations.md): once a turn, in its own activation, the
bearer takes Usar bonus naming the entry and an ally of its side standing within as
many K as its VOL.  It pays ENE 3, the ally gains them (never above 10) and becomes the
acting Pj: an ordered turn inside the bearer's activation, with the ENE it has (no gain
of CON + AGI: that is for its own activations) and its chained-action count from zero.
Enemies may react to what it does, as to anyone acting.  When it hands over (or is
taken out), the bearer carries on where it was (``GameState.resume``, a stack, so an
ordered ally with Órdenes may pass the order on).  The ordered turn is not the ally's
activation: it still acts in its own phase if it has not, and durations that run "until
its next activation" are not touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS as ACTION
from wartime.engine.core.checks import spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import ENE_CAP, Figure
from wartime.engine.core.sequence import carry_on
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.effects import EntryAction

if TYPE_CHECKING:
    from wartime.rules.effects import Effect

ENTRY = "Órdenes"


@dataclass(frozen=True)
class Ordered(marks.Mark):
    """Órdenes' mark: the turn the figure last gave them."""

    orders_turn: int = 0


_SLOT = marks.Slot("orders", Ordered())


def mark(figure: Figure) -> Ordered:
    """Its Órdenes mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Ordered) -> None:
    """Give it this Órdenes mark."""
    _SLOT.put(figure, new)


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def can_order(state: GameState, figure: Figure, ally: Figure) -> bool:
    """An ally it may give orders to now (legal_actions offers these; give() checks in full)."""
    return (
        ally is not figure and ally.side == figure.side and not ally.casualty
        and ally.possessed_by is None and ally.id not in state.resume
        and _gap(figure, ally) <= vol(state, figure)
    )  # fmt: skip


@hookspecs.bonus_offers.impl(order=10, key="orders")
def offers(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Órdenes to each ally in reach, in the bearer's own activation, once a turn."""
    if mark(figure).orders_turn == state.turn or state.active != figure.id:
        return []
    near = (a for a in state.living(figure.side) if can_order(state, figure, a))
    return [Action(ACTION, figure.id, target=a.id, item=name) for a in near]


@hookspecs.entry_used.impl(order=60, key="orders")
def give(state: GameState, figure: Figure, action: Action, name: str, use: Effect) -> list[Event]:
    """Usar bonus: ENE from the bearer to an ally in reach, who acts at once."""
    if state.active != figure.id:
        raise IllegalActionError(say("refused.orders.own", entry=ENTRY))
    if mark(figure).orders_turn == state.turn:
        raise IllegalActionError(say("refused.orders.given", figure=figure.id, entry=ENTRY))
    ally = state.figures.get(action.target or "")
    if ally is None or ally.side != figure.side or ally is figure:
        raise IllegalActionError(say("refused.orders.ally", entry=ENTRY, figure=figure.id))
    if not can_order(state, figure, ally):
        raise IllegalActionError(
            say(
                "refused.orders.reach",
                ally=ally.id,
                entry=ENTRY,
                figure=figure.id,
                vol=vol(state, figure),
            )
        )
    assert isinstance(use, EntryAction)  # answered under the key "orders", an EntryAction's
    paid = use.orders
    event = spend(figure, paid, say("phrase.checks.to", label=ENTRY, other=ally.id))
    put(figure, Ordered(state.turn))
    before = ally.ene
    ally.ene = min(ENE_CAP, ally.ene + paid)
    ally.actions_taken = 0  # its ordered turn starts its chained actions afresh
    state.resume = (*state.resume, figure.id)
    state.active = ally.id
    text = say(
        "log.orders.given", figure=figure.id, ally=ally.id, gain=ally.ene - before, ene=ally.ene
    )
    return [event, Event("orders", text, {"figure": figure.id, "ally": ally.id})]


def hand_back(state: GameState, ally: Figure) -> list[Event]:
    """The ordered ally hands over: the one that gave the orders carries on."""
    ally.next_action_modifier = 0
    ally.psi_bonus = 0
    ally.focus = 0
    commander = state.figure(state.resume[-1])
    state.resume = state.resume[:-1]
    text = say("log.orders.done", ally=ally.id, figure=commander.id, ene=commander.ene)
    return carry_on(
        state, commander, Event("orders_done", text, {"figure": ally.id, "back_to": commander.id})
    )


@hookspecs.hands_back.impl(order=10, key="orders")
def _hands_back(state: GameState, figure: Figure) -> list[Event] | None:
    """The ally acting on Órdenes ends: the Pj that gave them carries on."""
    if state.resume and state.active == figure.id:
        return hand_back(state, figure)
    return None
