"""Templates on the table (ÁREAS): which figures a laid template covers.

An area weapon's template (actions/areas.py) and a bomb's blast (entries/mines.py) reach
the figures the same way: every base at the template's height wholly or partly inside
it, nearest the template's origin first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.geometry.distance import center_distance
from wartime.geometry.templates import Coverage, Template, coverage
from wartime.i18n import say

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


def caught(
    state: GameState, template: Template, level: int, exclude: str | None = None
) -> tuple[Coverage, list[Figure], Event]:
    """The figures a template lays over at ``level``, nearest its origin first, and the
    log of it (shared by shots and bombs)."""
    exposed = [f for f in state.figures.values() if f.present and f.level == level]
    covered = coverage(template, [f.disc() for f in exposed], exclude=exclude)
    origin = template.origin
    hit = sorted(
        (state.figures[i] for i in (*covered.full, *covered.partial)),
        key=lambda f: (center_distance(origin, f.position), f.id),
    )
    names = ", ".join(f.id for f in hit) or say("phrase.blasts.nobody")
    text = say("log.templates.caught", shape=template.shape, x=origin[0], y=origin[1], names=names)
    data = {"shape": template.shape, "origin": list(origin), "full": list(covered.full),
            "partial": list(covered.partial)}  # fmt: skip
    return covered, hit, Event("template", text, data)
