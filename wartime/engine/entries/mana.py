"""Maná (BONUS Y MALUS), batch M: ENE that only metaabilities may spend.

As each turn starts (the first included) the bearer has as much of it as its level
(up to 3) times the entry's ``mana``; it is not ENE: it is never counted against the
cap of 10, it is not kept from one turn to the next, and nothing else may spend it.  A
metaability used (Usar) takes it first and the figure's ENE pays the rest.  Held as
what was spent in Figure.mana_turn, so a new turn needs no bookkeeping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.checks import spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.traits import entries_of

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

TOP_LEVEL = 3  # "hasta nivel 3"


def reserve(state: GameState, figure: Figure) -> int:
    """The Maná it has left this turn (0 without the entry)."""
    whole = sum(min(t.level, TOP_LEVEL) * e.mana for t, e in entries_of(figure, None) if e.mana)
    spent = figure.mana_spent if figure.mana_turn == state.turn else 0
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
    if figure.mana_turn != state.turn:
        figure.mana_turn, figure.mana_spent = state.turn, 0
    figure.mana_spent += used
    head = event.text.rsplit(" (le queda", 1)[0]
    text = f"{head} (Maná {used}, queda {left - used}; le queda ENE {figure.ene})"
    data = {**event.data, "ene": figure.ene, "mana": used}
    return Event(event.kind, text, data)
