"""Curing a poison (BONUS Y MALUS, Ponzoña): what Curar and an Elixir share.

A poisoned figure carries the poison's name in ``Figure.poisoned``, and the malus it
gives, if any, as a Grant of that name (entries/curses.py poisons).  Two action families
cure it (generic's Curar, gear's Elixir), so the cure is core.
"""

from __future__ import annotations

from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.i18n import say


def cure(figure: Figure, by: str) -> list[Event]:
    """Curar or an Elixir takes the poison (and any malus it gave) away."""
    if figure.poisoned is None:
        return []
    name, figure.poisoned = figure.poisoned, None
    figure.granted = [g for g in figure.granted if g.ability != name]
    text = say("log.poison.cured", by=by, figure=figure.id, entry=name)
    return [Event("cured", text, {"figure": figure.id, "entry": name})]
