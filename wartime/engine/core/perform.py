"""Playing one action: the wrapper around every action handler (the acting Pj's, a
reactor's, a duel's shot, a possessed puppet's).

Section ACCIONES GENÉRICAS of the rulebook, with Esconderse and the bonuses of Apoyar
and Concentrarse, which any action may use up or end:

- before the handler, an action aimed at an enemy hidden by Esconderse needs that enemy
  found first: a CH INT ENF, unless the actor sees it with 50% cover or less;
- after it, the bonuses of Apoyar and Concentrarse that a check of the action used are
  spent, Concentrarse's lapses anyway, any other action ends En guardia, and a movement
  or combat action ends Esconderse.

What the catalogue's entries add around the handler is asked of them through hooks, in
this order: the refusals, the options an attack takes, the tests before a use, what the
use spends, what the action's weapon or metaability costs, the figures that follow
another (passengers), and what the action sets off where it ended.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs, stats
from wartime.engine.core.action import Action
from wartime.engine.core.checks import FOCUS, SUPPORT, acting_modifiers, in_action, roll, spend
from wartime.engine.core.combat import Sight, sight
from wartime.engine.core.dispatch import Handler
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.geometry.vision import can_interact, vision_range
from wartime.i18n import Reason, say
from wartime.rules.actions import Group, load_actions
from wartime.rules.dice import OpposedResult, opposed_result

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

COVERED = ("over_half", "total")  # Esconderse: "más del 50%"


def perform(state: GameState, figure: Figure, action: Action, handler: Handler) -> list[Event]:
    """Play one action of ``figure`` with ``handler``, and the generic statuses around it."""
    problem = hookspecs.refusal.first(state, figure, action)
    if problem:
        raise IllegalActionError(problem)
    handler = in_action(handler)  # its checks know the action; its ENE takes the entries'
    taken = list(chain.from_iterable(hookspecs.options_taken.collect(figure, action)))
    events, goes_ahead = _find_hidden_target(state, figure, action, handler)
    events = taken + events
    _spend_bonuses(figure, events)  # a CH INT ENF to find the target is the action's first check
    if goes_ahead:
        tests, goes_ahead = _use_tests(state, figure, action, handler)
        events += tests
    if goes_ahead:
        facing = figure.facing
        events += handler(state, figure, action)
        events += chain.from_iterable(hookspecs.used.collect(figure, action, facing))
        _spend_bonuses(figure, events)
        events += chain.from_iterable(hookspecs.use_costs.collect(state, figure, action))
        hookspecs.followers_moved.collect(state)
        events += chain.from_iterable(hookspecs.action_ends_at.collect(state, figure, action))
    return events + _after(figure, action)


def _use_tests(
    state: GameState, figure: Figure, action: Action, handler: Handler
) -> tuple[list[Event], bool]:
    """The tests a use needs before it goes ahead (the use_tests hook): their events, and
    whether the action goes ahead."""
    events: list[Event] = []
    for answer in hookspecs.use_tests:  # one at a time: a lost use stops the others' dice
        rolled, goes_ahead = answer.fn(
            state, figure, action, lambda: _trial_cost(state, figure, action, handler)
        )
        events += rolled
        if not goes_ahead:
            return events, False
    return events, True


def _spend_bonuses(figure: Figure, events: list[Event]) -> None:
    """Apoyar and Concentrarse are used up by the first check of the figure that carried them."""
    if not (figure.support or figure.focus):
        return
    used = {
        label
        for e in events
        if e.kind == "roll" and e.data.get("who") == figure.id
        for label, _ in e.data.get("modifiers", ())
    }
    if SUPPORT in used:
        figure.support = 0
    if FOCUS in used:
        figure.focus = 0


def _after(figure: Figure, action: Action) -> list[Event]:
    """What any action ends: Concentrarse's bonus, En guardia; moves and attacks end Esconderse."""
    figure.silent = action.kind == "mover_sin_hacer_ruido"  # what Ataque sorpresa needs
    if action.kind != "ataque_sorpresa":
        figure.surprise = None  # the surprise is for the very next action only
    if action.kind != "concentrarse":
        figure.focus = 0  # for the next action only, whether it checked or not
    if action.kind != "en_guardia":
        figure.on_guard = False  # any other action ends the guard
        figure.guard_bonus = 0
    book = load_actions().find(action.kind) if figure.hidden else None
    if book is not None and book.group is not Group.GENERIC:
        figure.hidden = False
        text = say("log.perform.unhidden", figure=figure.id, action=book.name)
        return [Event("revealed", text, {"figure": figure.id, "by": None})]
    return []


def _find_hidden_target(
    state: GameState, figure: Figure, action: Action, handler: Handler
) -> tuple[list[Event], bool]:
    """Esconderse: enemies need a CH INT ENF to find a hidden Pj and act on it.

    Returns the events and whether the action goes ahead.  An actor that sees the target
    with 50% cover or less finds it without a check.  Lost, the action fails: its ENE is
    spent and it counts as an action.  A legality probe skips all this.
    """
    target = state.figures.get(action.target) if action.target is not None else None
    if (
        target is None
        or target.side == figure.side
        or not target.hidden
        or target.casualty
        or state.probing
    ):
        return [], True
    if sight(state, figure, target).cover_class not in COVERED:
        return [reveal(figure, target, say("phrase.perform.seen"))], True
    cost = _trial_cost(state, figure, action, handler)  # the action must be legal first
    purpose = say("phrase.perform.find")
    _, event = roll(
        state, figure, purpose, figure.profile.int_, acting_modifiers(figure), Context(target)
    )
    _, theirs = roll(state, target, purpose, target.profile.int_, [], Context(figure))
    a, d = event.data, theirs.data
    result = opposed_result(a["roll"], a["target"], d["roll"], d["target"])
    events = [event, theirs]
    if result is OpposedResult.ACTOR:
        return [*events, reveal(figure, target, say("phrase.perform.won"))], True
    name = load_actions().find(action.kind)
    label = name.name if name else action.kind
    unfound = say("phrase.perform.unfound", action=label, target=target.id)
    events.append(spend(figure, cost, unfound))
    text = say("log.perform.not_found", figure=figure.id, target=target.id)
    events.append(Event("not_found", text, {"figure": figure.id, "target": target.id}))
    figure.next_action_modifier = 0
    return events, False


def reveal(finder: Figure, hidden: Figure, how: Reason) -> Event:
    """``finder`` finds the hidden ``hidden`` (``how``, for the log): it is hidden no more."""
    hidden.hidden = False
    text = say("log.perform.revealed", finder=finder.id, figure=hidden.id, how=how)
    return Event("revealed", text, {"figure": hidden.id, "by": finder.id})


def _trial_cost(state: GameState, figure: Figure, action: Action, handler: Handler) -> int:
    """The ENE the action would cost, tried on a throwaway copy; raises if it is illegal."""
    mark = state._mark()
    trial = state._trial()
    trial.probing = True
    twin = trial.figures[figure.id]
    try:
        handler(trial, twin, action)
    finally:
        trial._restore_physics(state, mark)
    return figure.ene - twin.ene


# -- who sees a Pj hidden by Esconderse -------------------------------------------------


def watching(state: GameState, figure: Figure) -> Iterator[tuple[Figure, Sight]]:
    """The enemies that could see ``figure`` now, by id, each with its sight of it: able
    to interact at range and within their own CdV's reach, whatever their facing.

    Lazy, in the order Esconderse asks them; a cover batch (candidates.py) asks them all."""
    for enemy in sorted(state.enemies_of(figure), key=lambda e: e.id):
        if not can_interact(enemy.level, figure.level, ranged=True):
            continue
        seen = sight(state, enemy, figure)
        cdv = vision_range(vol(state, enemy)) + stats.sight_extra(enemy)  # Súper vista...
        if seen.distance <= cdv:
            yield enemy, seen


def spots(figure: Figure, seen: Sight) -> bool:
    """A watcher's ``seen`` of ``figure`` finds it: 50% cover or less (Sombra needs none)."""
    return seen.cover_class not in COVERED and not any(hookspecs.hides_bare.collect(figure))
