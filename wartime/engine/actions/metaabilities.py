"""Using a metaability (METAHABILIDADES and the action Usar).

- **Usar** (ENE of the archetype) with ``item`` = a metaability of the actor and
  ``target`` = the figure it works on (none: the actor itself).  Another figure must
  be in the CdV and within the archetype's ALC K.
- The CH ATR is of the attribute its kind entry names: mutación CON, bunkai AGI,
  invocación INT, atadura VOL (:data:`profiles.METAABILITY_KINDS`).  On an enemy it
  also needs a won CH VOL ENF.  A fumble gives +1 stress unless a CH PSI passes.
- While it lasts, the target carries the archetype's other catalogue entries, so the
  bonus hooks read them like its own (:class:`figures.Grant`).  On oneself it lasts
  until one's next activation starts; on anyone else, to the end of the target's next
  activation.
- Mantener: used again in the turn after a success, it needs no CH ATR, only the ENE.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import chain

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import acting_modifiers, contest, spend
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Grant
from wartime.engine.core.magic import cast_roll, fumbled, within_reach
from wartime.engine.core.modifiers import Context, carries
from wartime.engine.core.profiles import METAABILITY_KINDS, Metaability
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.dice import OpposedResult, Outcome


def _ability(figure: Figure, action: Action) -> Metaability:
    ability = figure.profile.metaability(action.item)
    if ability is None:
        own = ", ".join(m.id for m in figure.profile.metaabilities) or say(
            "phrase.metaabilities.none"
        )
        raise IllegalActionError(
            say("refused.metaabilities.unknown", item=action.item, figure=figure.id, own=own)
        )
    if ability.attribute is None:
        kinds = ", ".join(METAABILITY_KINDS)
        raise IllegalActionError(say("refused.metaabilities.kind", ability=ability.id, kinds=kinds))
    needed = USER.get(ability.attribute)
    if needed is not None and not carries(figure, needed):
        raise IllegalActionError(
            say("refused.metaabilities.user", needed=needed, ability=ability.id)
        )
    return ability


# Who may use each kind (BONUS Y MALUS: Neuromante, Metamorfo, Cinético): by the CH ATR
# the kind takes (an invocación INT, a mutación CON, a bunkai AGI); anyone casts ataduras.
USER = {"INT": "Neuromante", "CON": "Metamorfo", "AGI": "Cinético"}


def _target(
    state: GameState, figure: Figure, action: Action, ability: Metaability, origin: Figure
) -> Figure:
    """The figure it works on, within reach of ``origin`` (the caster, or the figure it
    casts from: Resonador)."""
    if action.target is None or action.target == figure.id:
        return figure
    target = state.figure(action.target)
    if target.casualty:  # only a spell on a body reaches one (necromancy.py)
        return target
    if target is not origin:
        within_reach(state, origin, target, ability.id, "ALC", ability.alc)
    return target


def usar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Usar (X = the metaability's ENE): its CH ATR, then it works on the target.

    An object is used by actions/gear.py."""
    used = hookspecs.usar_item.first(state, figure, action)  # an object (gear.py)
    if used is not None:
        return used
    ability = _ability(figure, action)
    origin = hookspecs.cast_origin.first(state, figure, action, ability) or figure  # Resonador
    target = _target(state, figure, action, ability, origin)
    corpse = target.casualty  # Magia: resucitar, telekinesis: a body has no will
    # the point or option it needs, on a body (necromancy.py) or a living target (spells.py)
    hookspecs.metaability_refusal.collect(state, figure, action, ability, target)
    label = f"Usar {ability.id}"
    paid = hookspecs.metaability_paid.first(state, figure, ability.ene, label)  # Maná first
    events = [paid if paid is not None else spend(figure, ability.ene, label)]
    if origin is not figure:  # cast from another figure (Resonador): its price first
        relayed = hookspecs.cast_relayed.first(state, figure, origin, ability)
        if relayed is not None:
            more, goes_on = relayed
            events += more
            if not goes_on:
                return events
    if figure.cast.get(ability.id) == state.turn - 1:
        text = say(
            "log.metaabilities.maintain",
            figure=figure.id,
            ability=ability.id,
            attribute=ability.attribute,
        )
        events.append(Event("maintain", text, {"figure": figure.id, "ability": ability.id}))
    else:
        outcome, rolled = _check(state, figure, ability, target)
        events += rolled
        if not outcome.passed:
            text = say("log.metaabilities.miss", ability=ability.id, figure=figure.id)
            return [*events, Event("miss", text, {"figure": figure.id, "ability": ability.id})]
    if target.side != figure.side and not corpse:
        result, _, contested = contest(state, figure, target, "VOL", melee=False)
        events += contested
        if result is not OpposedResult.ACTOR:
            text = say("log.metaabilities.resisted", figure=target.id, ability=ability.id)
            return [*events, Event("resisted", text, {"figure": target.id, "by": figure.id})]
    runes, cancelled = _cancelled(state, figure, target, ability)  # Runas de vacío
    if cancelled:
        return [*events, *runes]  # nothing to maintain next turn either
    figure.cast[ability.id] = state.turn
    cast = hookspecs.metaability_cast.collect(state, figure, target, ability, action)
    return [*events, *runes, _grant(figure, target, ability), *chain.from_iterable(cast)]


def _cancelled(
    state: GameState, figure: Figure, target: Figure, ability: Metaability
) -> tuple[list[Event], bool]:
    """What may cancel the metaability on ``target`` (the metaability_cancelled hook):
    their events, and whether it is cancelled."""
    events: list[Event] = []
    for answer in hookspecs.metaability_cancelled:  # one at a time: a cancel stops the rest
        rolled, cancelled = answer.fn(state, figure, target, ability.id)
        events += rolled
        if cancelled:
            return events, True
    return events, False


def _check(
    state: GameState, figure: Figure, ability: Metaability, target: Figure
) -> tuple[Outcome, list[Event]]:
    """Usar una metahabilidad: CH ATR by its kind; Pifias: +1 stress unless CH PSI."""
    attribute = ability.attribute or ""
    ctx = Context(None if target is figure else target, melee=False)
    value = vol(state, figure) if attribute == "VOL" else figure.profile.attribute(attribute)
    purpose = f"CH {attribute} ({ability.id})"
    outcome, events = cast_roll(state, figure, purpose, value, acting_modifiers(figure), ctx)
    figure.next_action_modifier = 0  # "the next action" modifiers (Esprintar) are used up
    if outcome is Outcome.FUMBLE:
        events += fumbled(state, figure)
    return outcome, events


def _grant(figure: Figure, target: Figure, ability: Metaability) -> Event:
    """The target carries the ability's entries; a second use replaces the first."""
    on_self = target is figure
    target.granted = [
        g for g in target.granted if (g.ability, g.caster) != (ability.id, figure.id)
    ] + [Grant(ability.id, figure.id, ability.grants, on_self)]
    until = (
        say("phrase.metaabilities.until_next") if on_self else say("phrase.metaabilities.until_end")
    )
    names = ", ".join(t.name for t in ability.grants) or say("phrase.gear.no_bonus")
    text = say(
        "log.metaabilities.grant",
        ability=ability.id,
        figure=figure.id,
        target=target.id,
        names=names,
        until=until,
    )
    data = {"figure": figure.id, "target": target.id, "ability": ability.id}
    return Event("metaability", text, data)


@hookspecs.activation_starts.impl(order=30, key="metaabilities")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """What it cast on itself ends; what others cast on it now runs to this activation's end."""
    ended = [g for g in figure.granted if g.on_self]
    figure.granted = [g if g.lasting else replace(g, armed=True) for g in figure.granted
                      if not g.on_self]  # fmt: skip
    return [_ended(figure, g) for g in ended]


@hookspecs.activation_over.impl(order=10, key="metaabilities")
def activation_ends(state: GameState, figure: Figure) -> list[Event]:
    """The metaabilities whose activation this was stop working."""
    ended = [g for g in figure.granted if g.armed]
    figure.granted = [g for g in figure.granted if not g.armed]
    return [_ended(figure, g) for g in ended]


def _ended(figure: Figure, grant: Grant) -> Event:
    text = say(
        "log.metaabilities.ended", ability=grant.ability, caster=grant.caster, figure=figure.id
    )
    return Event("metaability_ends", text, {"figure": figure.id, "ability": grant.ability})


HANDLERS = {"usar": usar}
register(HANDLERS)
