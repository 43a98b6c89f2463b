"""Guardaespaldas (BONUS Y MALUS): a bodyguard steps into the line of fire.

When an enemy declares an attack at a figure, each living ally of that figure within
the entry's K (``guards``) that could itself be that attack's target may answer for it:
the attack then goes at the bodyguard instead (core/responses.py offers the answer,
like Contramagia's, to the side attacked).  A guard is looked for only among bearers.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.resolution import carry_out
from wartime.engine.core.responses import BODYGUARD, GUARD, Declared, resolve
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.actions import Group, load_actions
from wartime.rules.effects import Mind


@per_profile
def reach(figure: Figure) -> float | None:
    """How far from an ally the bearer may step in (None: it carries no such entry)."""
    found = [e.guards for _, e in entries_of(figure, None, Mind) if e.guards]
    return max(found) if found else None


@hookspecs.bodyguards.impl(order=10, key="guards")
def guards(state: GameState, actor: Figure, action: Action) -> list[str]:
    """The bodyguards that may take ``action`` (an attack) in its target's place."""
    book = load_actions().find(action.kind)
    target = state.figures.get(action.target or "")
    if book is None or book.group is not Group.COMBAT or target is None:
        return []
    if target.side == actor.side or target.casualty:
        return []
    found = []
    for guard in sorted(state.living(target.side), key=lambda f: f.id):
        within = reach(guard)
        if guard is target or within is None or guard.aboard is not None:
            continue
        gap = edge_distance(guard.position, guard.radius, target.position, target.radius)
        if gap > within:
            continue
        if _could_take(state, actor, replace(action, target=guard.id)):
            found.append(guard.id)
    return found


def _could_take(state: GameState, actor: Figure, swapped: Action) -> bool:
    """Whether the attack could go at the bodyguard instead (it is checked in full)."""
    return state.probe(lambda trial: carry_out(trial, trial.figure(actor.id), swapped)) is None


@hookspecs.stand_in.impl(order=20, key="guards")
def _step_in(
    state: GameState, actor: Figure, declared: Declared, action: Action
) -> list[Event] | None:
    """The bodyguard steps in; the declared attack goes at it instead."""
    if action.kind != GUARD:
        return None
    if action.figure not in declared.guards:
        raise IllegalActionError(
            say(
                "refused.guards.step_in",
                figure=action.figure,
                target=declared.target,
                entry=BODYGUARD,
            )
        )
    state.declared = None
    text = say("log.guards.step_in", figure=action.figure, entry=BODYGUARD, target=declared.target)
    events = [Event("guard", text, {"figure": action.figure, "instead_of": declared.target})]
    return events + resolve(state, actor, replace(declared.action, target=action.figure), GUARD)
