"""Contramagia (3, INT ENF): a neuromante answers another neuromante's casting.

When a neuromante aims a mind action or an INT metaability at a figure, every enemy
neuromante within its own INT in K may answer it (through the declared action's
window, core/responses.py): the caster's CH INT becomes a CH INT ENF against the
counter-mage (DESIGN §7 reading of ENF), rolled by the core's casting
(core/magic.py ``cast_roll``, which every CH INT of a casting goes through).  The
caster goes on only if it wins.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import COUNTER, entry
from wartime.engine.core.checks import carrying_out, spend, unpaid
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.magic import bears, mind_attribute
from wartime.engine.core.movement import intangible
from wartime.engine.core.psychology import NEUROMANCER
from wartime.engine.core.responses import Declared, resolve
from wartime.engine.core.sequence import possessed
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say

COUNTER_ENE = 3  # Contramagia (3, INT ENF)
_MIND_ACTIONS = frozenset({"corromper_hackear", "poseer", "marcar_un_objetivo"})


def casts_with_int(state: GameState, actor: Figure, action: Action) -> bool:
    """A neuromante acting with its INT: a mind action, or Usar with an INT metaability."""
    if action.kind in _MIND_ACTIONS:
        found = mind_attribute(state, actor)
        return found is not None and found[0] == "INT"
    if action.kind == "usar":
        ability = actor.profile.metaability(action.item)
        return ability is not None and ability.attribute == "INT"
    return False


@hookspecs.counter_mages.impl(order=10, key="countermagic")
def counter_mages(state: GameState, actor: Figure, action: Action) -> list[str]:
    """Enemy neuromantes that may answer ``action`` with Contramagia, by id."""
    if not casts_with_int(state, actor, action):
        return []
    return sorted(
        mage.id
        for mage in state.enemies_of(actor)
        if bears(mage, NEUROMANCER)
        and mage.tied is None
        and not intangible(mage)  # Incorpóreo: it acts on no one (ghost.py)
        and not possessed(state, mage)
        and unpaid(state, mage, Action(COUNTER, mage.id), COUNTER_ENE, entry(COUNTER).name) is None
        and edge_distance(mage.position, mage.radius, actor.position, actor.radius)
        <= mage.profile.int_
    )


@hookspecs.stand_in.impl(order=10, key="countermagic")
def _counter(
    state: GameState, actor: Figure, declared: Declared, action: Action
) -> list[Event] | None:
    """Contramagia: an enemy neuromante in reach pays ENE 3; the casting then meets it."""
    if action.kind != COUNTER:
        return None
    if action.figure not in counter_mages(state, actor, declared.action):
        raise IllegalActionError(
            say(
                "refused.countermagic.mage",
                figure=action.figure,
                action=entry(COUNTER).name,
                actor=actor.id,
            )
        )
    mage = state.figure(action.figure)
    mage.reacting = True  # outside its activation: ENE down to −10
    try:
        with carrying_out(state, mage, action):
            events = [spend(mage, COUNTER_ENE, entry(COUNTER).name)]
    finally:
        mage.reacting = False
    state.declared = None
    state.countering = (mage.id, actor.id)
    try:
        return events + resolve(state, actor, declared.action, COUNTER)
    finally:
        state.countering = None
