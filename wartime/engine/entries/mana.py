"""Maná (BONUS Y MALUS), batch M: ENE that only metaabilities may spend.

As each turn starts (the first included) the bearer has as much of it as its level
(up to 3) times the entry's ``mana``; it is not ENE: it is never counted against the
cap of 10, it is not kept from one turn to the next, and nothing else may spend it.  A
metaability used (Usar) takes it first and the figure's ENE pays the rest.  Held as
what was spent in the turn its :class:`Spent` mark names, so a new turn needs no bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.checks import paid_part, spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.effects import Revival

TOP_LEVEL = 3  # "hasta nivel 3"


@dataclass(frozen=True)
class Spent(marks.Mark):
    """Maná's mark: what of it was spent in the turn ``mana_turn``."""

    mana_spent: int = 0
    mana_turn: int = 0


_SLOT = marks.Slot("mana", Spent())


def mark(figure: Figure) -> Spent:
    """Its Maná mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Spent) -> None:
    """Give it this Maná mark."""
    _SLOT.put(figure, new)


def reserve(state: GameState, figure: Figure) -> int:
    """The Maná it has left this turn (0 without the entry)."""
    whole = sum(
        min(t.level, TOP_LEVEL) * e.mana for t, e in entries_of(figure, None, Revival) if e.mana
    )
    spent = mark(figure).mana_spent if mark(figure).mana_turn == state.turn else 0
    return max(0, whole - spent)


@hookspecs.metaability_paid.impl(order=10, key="mana")
def pay(state: GameState, figure: Figure, cost: int, label: str) -> Event | None:
    """A metaability's ENE: its Maná first, then its ENE (checks.spend's rules); None
    with no Maná left, for its ENE alone to pay."""
    left = reserve(state, figure)
    if not left:
        return None
    figure.ene += left  # for this payment only: spend's floor sees both
    try:
        event = spend(figure, cost, label)
    except Exception:
        figure.ene -= left
        raise
    paid = int(str(event.data["cost"]))
    used = min(left, paid)
    figure.ene -= left - used
    before = mark(figure).mana_spent if mark(figure).mana_turn == state.turn else 0
    put(figure, Spent(before + used, state.turn))
    # The payment's own line (what was paid and for what, worded by spend), then the Maná
    # it took and the ENE left.
    text = say("log.mana.paid", paid=paid_part(event), mana=used, left=left - used, ene=figure.ene)
    data = {**event.data, "ene": figure.ene, "mana": used}
    return Event(event.kind, text, data)
