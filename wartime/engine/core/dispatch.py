"""Which rule module handles each action of the list (by action id): the dispatch.

Every action module registers the actions it plays with :func:`register` as it is
imported (``install.py`` imports them all); the core looks a handler up here and
never names the module that plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from wartime.rules.actions import load_actions

if TYPE_CHECKING:
    from wartime.engine.core.action import Action
    from wartime.engine.core.events import Event
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.state import GameState

Handler = Callable[["GameState", "Figure", "Action"], "list[Event]"]

HANDLERS: dict[str, Handler] = {}


def register(handlers: Mapping[str, Handler]) -> None:
    """Play each action id with its handler; an id may be handled once only."""
    for kind, handler in handlers.items():
        if kind in HANDLERS:
            raise ValueError(f"action '{kind}' already has a handler ({HANDLERS[kind]!r})")
        HANDLERS[kind] = handler


def not_yet_automated() -> list[str]:
    """Names of the actions of the list the engine does not play yet (shown to players)."""
    return [a.name for a in load_actions().actions if a.id not in HANDLERS]
