"""Desenfundar (1, AGI ENF): the quick draw that settles a duel.

The book names the duel and nothing else, so we read it as a gunfight: an enemy
declares a shot at a Pj that sees it coming and holds a ranged weapon that reaches
the shooter.  That Pj may answer by drawing (core/responses.py): ENE 1 and a CH
AGI ENF against the shooter (DESIGN §7; a tie goes to the shooter, who started it).
If the Pj wins it fires first, a whole Ataque a distancia paid as a reaction is;
then the shooter's shot goes off, if it still can.  Lost, the draw is spent and the
shot goes off as declared.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import DRAW, cost, entry
from wartime.engine.core.checks import carrying_out, contest, spend
from wartime.engine.core.dispatch import HANDLERS
from wartime.engine.core.events import Event
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.engine.core.perform import perform
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.dice import OpposedResult

SHOT = "ataque_distancia"


def draw_weapons(target: Figure, shooter: Figure, action: Action) -> list[Weapon]:
    """The ranged weapons ``target`` could answer ``action`` with (a shot at it)."""
    if action.kind != SHOT:
        return []
    gap = edge_distance(target.position, target.radius, shooter.position, shooter.radius)
    price = cost(entry(DRAW))
    return [
        w
        for w in target.profile.weapons
        if w.ranged and gap <= w.alc and target.ene - price - w.ene >= REACTION_FLOOR
    ]


@hookspecs.answers.impl(order=10, key="duels")
def _may_draw(
    state: GameState, target: Figure, shooter: Figure, action: Action, engaged: bool
) -> list[tuple[str, str]]:
    """A Pj free of CaC, shot at, with a ranged weapon that reaches the shooter."""
    return (
        [(DRAW, entry(DRAW).name)] if not engaged and draw_weapons(target, shooter, action) else []
    )


@hookspecs.answer_choices.impl(order=10, key="duels")
def _draws(
    state: GameState, drawer: Figure, shooter: Figure, action: Action, kind: str
) -> list[Action] | None:
    """One draw per weapon that can fire back first."""
    if kind != DRAW:
        return None
    draws = [Action(DRAW, drawer.id, item=w.id) for w in draw_weapons(drawer, shooter, action)]
    return [a for a in draws if state.check(a) is None]


@hookspecs.answer_given.impl(order=10, key="duels")
def desenfundar(
    state: GameState, drawer: Figure, shooter: Figure, action: Action
) -> list[Event] | None:
    """The draw, and the first shot when it is won; the caller then resolves the other."""
    if action.kind != DRAW:
        return None
    weapon = _weapon(drawer, shooter, action)
    shot = Action(SHOT, drawer.id, target=shooter.id, item=weapon.id)
    problem = state.probe(lambda trial: _fire(trial, trial.figure(drawer.id), shot))
    if problem:
        raise IllegalActionError(say("refused.duels.cannot", figure=drawer.id, problem=problem))
    with carrying_out(state, drawer, action):
        events = [spend(drawer, cost(entry(DRAW)), entry(DRAW).name)]
    result, _, contested = contest(state, drawer, shooter, "AGI", melee=False)
    events += contested
    if result is not OpposedResult.ACTOR:
        text = say("log.duels.lost", shooter=shooter.id, drawer=drawer.id)
        return [*events, Event("draw_lost", text, {"figure": drawer.id, "by": shooter.id})]
    text = say("log.duels.won", drawer=drawer.id, shooter=shooter.id)
    events.append(Event("draw_won", text, {"figure": drawer.id, "against": shooter.id}))
    return events + perform(state, drawer, shot, HANDLERS[SHOT])


def _fire(state: GameState, drawer: Figure, shot: Action) -> list[Event]:
    drawer.reacting = True
    return perform(state, drawer, shot, HANDLERS[SHOT])


def _weapon(drawer: Figure, shooter: Figure, action: Action) -> Weapon:
    ready = draw_weapons(drawer, shooter, Action(SHOT))
    chosen = next((w for w in ready if w.id == action.item), None) if action.item else None
    if action.item and chosen is None:
        raise IllegalActionError(say("refused.duels.weapon", item=action.item, figure=drawer.id))
    if chosen is None and not ready:
        raise IllegalActionError(say("refused.duels.reach", figure=drawer.id, shooter=shooter.id))
    return chosen or ready[0]
