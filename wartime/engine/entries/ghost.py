"""BONUS Y MALUS, Incorpóreo: the bearer turns translucent and walks through walls.

The entry is a switch (``switch`` + ``incorporeal``, data/effects/choices.yaml): Usar
bonus turns it on or off for its ENE (actions/usar_bonus.py), as Mimético.  While it
is on (:func:`on`):

- the bearer's Mover, Correr and Esprintar go in a straight line through walls,
  obstacles and bases (core.movement.through); the solids it crosses add no surcharge (the
  ground still does), and the move is refused when its base would end overlapping a
  solid, another base or the table's edge;
- it is never engaged in CaC (movement.engaged_with), and the 1 K rule neither binds it
  nor keeps others off it (core.routes.route);
- :func:`refusal` keeps off every action of the bearer that involves another figure
  (any aimed at one, every combat action but Desenfundar, Huir and Destrabarse) and
  every action aimed at it; it cannot counter a spell either (countermagic.py);
- switching it off is refused while its base overlaps a solid or a base.

Enemies still see it (it is translucent, not invisible): its moves may open reactions,
but nothing they do may aim at it.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS as ACTION
from wartime.engine.core.figures import Figure
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import Reason, say
from wartime.rules.actions import Group, load_actions
from wartime.rules.effects import Choice

HARMLESS = frozenset({"desenfundar", "huir", "destrabarse"})  # combat actions on no one


def entry(figure: Figure) -> str | None:
    """The bearer's Incorpóreo entry, if it carries one."""
    return next((t.name for t, e in entries_of(figure, None, Choice) if e.incorporeal), None)


@hookspecs.intangible.impl(order=10, key="ghost")
def on(figure: Figure) -> bool:
    """Incorpóreo is switched on (cheap for a figure with nothing switched on)."""
    if not figure.switched:
        return False
    name = entry(figure)
    return name is not None and name in figure.switched


@hookspecs.refusal.impl(order=20, key="ghost")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Nothing aims at an incorporeal figure; it acts on nobody but itself."""
    aimed = state.figures.get(action.target or "")
    if aimed is not None and aimed is not figure and on(aimed):
        return say("refused.ghost.aimed", target=aimed.id)
    if not on(figure):
        return None
    if aimed is not None and aimed is not figure:
        return say("refused.ghost.on_other", figure=figure.id, target=aimed.id)
    book = load_actions().find(action.kind)
    if book is not None and book.group is Group.COMBAT and action.kind not in HARMLESS:
        return say("refused.ghost.fight", figure=figure.id)
    if action.kind == ACTION and action.item == entry(figure) and figure.on_table:
        found = state.physics().overlaps(figure.disc())
        if found:
            return say("refused.ghost.overlap", figure=figure.id, found=", ".join(found))
    return None
