"""Contramagia (3, INT ENF): a neuromante answers another neuromante's casting.

When a neuromante aims a mind action or an INT metaability at a figure, every enemy
neuromante within its own INT in K may answer it (through the declared action's
window, engine/responses.py): the caster's CH INT becomes a CH INT ENF against the
counter-mage (DESIGN §7 reading of ENF).  The caster goes on only if it wins.  A
critical gives the other side 1 stress, a fumble its roller (the caster's own
fumble keeps the usual CH PSI of a fumbled metaability instead); a CH VOL avoids
that stress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine import ghost
from wartime.engine.actions import Action
from wartime.engine.bonuses import Context
from wartime.engine.book import COUNTER, entry
from wartime.engine.checks import Modifiers, acting_modifiers, carrying_out, roll, spend, unpaid
from wartime.engine.core import hookspecs
from wartime.engine.core.stats import vol
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.responses import Declared, resolve
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.rules.dice import OpposedResult, Outcome, opposed_result

if TYPE_CHECKING:
    from wartime.engine.state import GameState

COUNTER_ENE = 3  # Contramagia (3, INT ENF)
_MIND_ACTIONS = frozenset({"corromper_hackear", "poseer", "marcar_un_objetivo"})


def casts_with_int(state: GameState, actor: Figure, action: Action) -> bool:
    """A neuromante acting with its INT: a mind action, or Usar with an INT metaability."""
    from wartime.engine.mind import mind_attribute

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
    from wartime.engine.mind import NEUROMANTE, _carries
    from wartime.engine.sequence import possessed

    if not casts_with_int(state, actor, action):
        return []
    return sorted(
        mage.id
        for mage in state.enemies_of(actor)
        if _carries(mage, NEUROMANTE)
        and mage.tied is None
        and not ghost.on(mage)  # Incorpóreo: it acts on no one (ghost.py)
        and not possessed(state, mage)
        and unpaid(state, mage, Action(COUNTER, mage.id), COUNTER_ENE, entry(COUNTER).name) is None
        and edge_distance(mage.position, mage.radius, actor.position, actor.radius)
        <= mage.profile.int_
    )


def cast_roll(
    state: GameState, caster: Figure, purpose: str, value: int, mods: Modifiers, ctx: Context
) -> tuple[Outcome, list[Event]]:
    """The caster's CH INT, or, under Contramagia, the CH INT ENF that replaces it."""
    countering = state.countering
    if countering is None or countering[1] != caster.id or not purpose.startswith("CH INT"):
        outcome, event = roll(state, caster, purpose, value, mods, ctx)
        return outcome, [event]
    mage = state.figure(countering[0])
    mine, mine_event = roll(state, caster, f"{purpose} ENF", value, mods, ctx)
    ctx_mage = Context(caster, melee=False, action=COUNTER, defending=True)
    theirs, theirs_event = roll(
        state, mage, "CH INT ENF (Contramagia)", mage.profile.int_, acting_modifiers(mage), ctx_mage
    )
    a, d = mine_event.data, theirs_event.data
    result = opposed_result(a["roll"], a["target"], d["roll"], d["target"])
    goes_on = result is OpposedResult.ACTOR
    word = "sigue adelante" if goes_on else "queda anulado"
    text = f"Contramagia de {mage.id}: el lanzamiento de {caster.id} {word}"
    data = {"figure": caster.id, "by": mage.id, "result": result.value}
    events = [mine_event, theirs_event, Event("opposed", text, data)]
    if theirs is Outcome.CRITICAL:
        events += _shaken(state, caster, mage)
    if mine is Outcome.CRITICAL or theirs is Outcome.FUMBLE:
        events += _shaken(state, mage, caster)
    outcome = mine if goes_on or mine is Outcome.FUMBLE else Outcome.FAIL
    return outcome, events


def _shaken(state: GameState, figure: Figure, source: Figure) -> list[Event]:
    """1 level of stress, unless a CH VOL passes (its DEF is a CH VOL)."""
    from wartime.engine.mind import gain_stress

    outcome, event = roll(state, figure, "CH VOL (Contramagia)", vol(state, figure), [])
    return [event] if outcome.passed else [event, *gain_stress(state, figure, 1, source)]


@hookspecs.stand_in.impl(order=10, key="countermagic")
def _counter(
    state: GameState, actor: Figure, declared: Declared, action: Action
) -> list[Event] | None:
    """Contramagia: an enemy neuromante in reach pays ENE 3; the casting then meets it."""
    if action.kind != COUNTER:
        return None
    if action.figure not in counter_mages(state, actor, declared.action):
        raise IllegalActionError(
            f"{action.figure} cannot answer with {entry(COUNTER).name}: a neuromante of the "
            f"other side within its INT in K of {actor.id} may"
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
