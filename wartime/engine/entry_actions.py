"""Usar bonus: the actions some catalogue entries give their bearer, beyond the list.

Mimético is switched on and off for its ENE (the entry's ``switch``), and an energy
shield gets a lost level back for its ``restore`` ENE while it has one left
(Escudo de energía).  The action names the entry in ``Action.item``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.actions import Action
from wartime.engine.bonuses import entries_of
from wartime.engine.checks import spend
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.shields import shield_of
from wartime.errors import IllegalActionError

if TYPE_CHECKING:
    from wartime.engine.state import GameState

ACTION = "usar_bonus"


def _switch_cost(figure: Figure, name: str) -> int | None:
    return next(
        (e.switch for t, e in entries_of(figure, None) if t.name == name and e.switch),
        None,
    )


def usar_bonus(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Switch an entry on or off, or restore a level of an energy shield."""
    name = action.item or ""
    cost = _switch_cost(figure, name)
    if cost is not None:
        on = name not in figure.switched
        event = spend(figure, cost, f"{'activar' if on else 'desactivar'} {name}")
        figure.switched = (
            (*figure.switched, name) if on else tuple(n for n in figure.switched if n != name)
        )
        text = f"{figure.id} {'activa' if on else 'desactiva'} {name}"
        return [event, Event("switched", text, {"figure": figure.id, "entry": name, "on": on})]
    shield = shield_of(figure)
    if shield is None or shield.name != name or shield.restore is None:
        raise IllegalActionError(f"{figure.id} has no entry {name!r} to use")
    if not figure.shield_lost:
        raise IllegalActionError(f"{name} has all its levels")
    if not shield.left(figure):
        raise IllegalActionError(f"{name} has no level left to restore from")
    event = spend(figure, shield.restore, f"recuperar un nivel de {name}")
    figure.shield_lost -= 1
    text = f"{figure.id} recupera un nivel de {name} (tiene {shield.left(figure)})"
    data = {"figure": figure.id, "shield": name, "left": shield.left(figure)}
    return [event, Event("shield", text, data)]


def choices(figure: Figure) -> list[Action]:
    """The entries the figure may use now (checked in full by legal_actions)."""
    usable = [t.name for t, e in entries_of(figure, None) if e.switch or e.restore]
    return [Action(ACTION, figure.id, item=name) for name in dict.fromkeys(usable)]


HANDLERS = {ACTION: usar_bonus}
