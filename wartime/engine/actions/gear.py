"""Usar with an object (ACCIONES GENÉRICAS, Usar: X = the object's ENE) and what the
catalogue's entries do when their object is used: Elixir, Drogas de combate and
Cóctel de vitaminas (``heals``, ``ene_now``, ``crash``, ``overdose``, ``boost``,
``consumed`` in rules/effects/choices.py).

The object works on its user, or on an ally within its ALC (``Action.target``); an
object whose entries the engine does not play is still used, and the log leaves its
effect to the players.
A consumed object leaves the game (Figure.used_up).  A cóctel raises the attribute
``Action.options`` names, for the checks of the rest of the activation it was taken
in; the next activation of whoever drank it has CH ATR −1 (every attribute one
level lower).  A drug's crash (Figure.crash) leaves the next activation at ENE 0 and
no reactions until it ends; a second dose in one turn costs 5 wounds as the
activation ends.
"""

from __future__ import annotations

from itertools import chain

from wartime.engine.core import bombs, hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import spend
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import ENE_CAP, Figure
from wartime.engine.core.hits import no_healing
from wartime.engine.core.modifiers import Context, check_kinds
from wartime.engine.core.poison import cure
from wartime.engine.core.profiles import Gear, Trait
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import used
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say, say_n
from wartime.rules.effects import Choice

ATTRIBUTES = ("CON", "AGI", "INT", "VOL")
DRAINED = "resaca de cóctel"  # the label of the next activation's CH ATR −1


@hookspecs.offers.impl(order=50, key="gear")
def choices(state: GameState, figure: Figure) -> list[Action]:
    """Usar each object on itself (a cóctel once per attribute); checked later."""
    out = []
    for gear in (g for g in figure.profile.gear if g.id not in figure.used_up):
        raised = any(e.boost for _, e in used(gear))
        for options in [(a,) for a in ATTRIBUTES] if raised else [()]:
            out.append(Action("usar", figure.id, item=gear.id, options=options))
    return out


@hookspecs.usar_item.impl(order=10, key="gear")
def usar(state: GameState, figure: Figure, action: Action) -> list[Event] | None:
    """Usar with an object of the figure's (None: the item is no object of its)."""
    gear = figure.profile.object(action.item)
    return None if gear is None else usar_objeto(state, figure, action, gear)


def usar_objeto(state: GameState, figure: Figure, action: Action, gear: Gear) -> list[Event]:
    """Usar (X = the object's ENE) with an object whose entries act when used."""
    if gear.id in figure.used_up:
        raise IllegalActionError(say("refused.gear.used_up", item=gear.id))
    found = used(gear)

    where = bombs.spot(figure, action) if bombs.gear_bomb(gear) else None
    target = _target(state, figure, action, gear)
    raised = _raised(action, found)
    events = [spend(figure, gear.ene, say("phrase.gear.use", item=gear.id))]
    if where is not None:  # it leaves its bearer for good, armed where it was put
        figure.used_up = (*figure.used_up, gear.id)
        return events + bombs.used(state, figure, gear, where)

    played = any(hookspecs.plays_object.collect(gear))  # Droga (entries/addiction.py)
    if not found and not played:  # the players' to say (not yet automated)
        names: Reason = ", ".join(t.name for t in gear.traits) or say("phrase.gear.no_bonus")
        text = say("log.gear.adjudicate", figure=figure.id, item=gear.id, names=names)
        events.append(Event("adjudicate", text, {"figure": figure.id, "item": gear.id}))
    for trait, effect in found:
        events += _effect(state, target, trait, effect, raised)
    events += chain.from_iterable(hookspecs.object_used.collect(state, target, gear))  # Droga
    if any(e.consumed for _, e in found):
        figure.used_up = (*figure.used_up, gear.id)
        text = say("log.gear.used_up", item=gear.id, figure=figure.id)
        events.append(Event("used_up", text, {"figure": figure.id, "item": gear.id}))
    return events


def _target(state: GameState, figure: Figure, action: Action, gear: Gear) -> Figure:
    if action.target is None or action.target == figure.id:
        return figure
    other = state.figure(action.target)
    if other.side != figure.side or other.casualty:
        raise IllegalActionError(say("refused.gear.target", item=gear.id))
    gap = edge_distance(figure.position, figure.radius, other.position, other.radius)
    if gap > gear.alc:
        raise IllegalActionError(
            say("refused.gear.range", figure=other.id, gap=gap, item=gear.id, alc=gear.alc)
        )
    return other


def _raised(action: Action, found: list[tuple[Trait, Choice]]) -> str | None:
    """The attribute a cóctel raises: the one the action's options name."""
    if not any(e.boost for _, e in found):
        if action.options:
            raise IllegalActionError(say("refused.gear.no_options"))
        return None
    if len(action.options) != 1 or action.options[0] not in ATTRIBUTES:
        raise IllegalActionError(say("refused.gear.attribute", allowed=", ".join(ATTRIBUTES)))
    return action.options[0]


def _effect(
    state: GameState, target: Figure, trait: Trait, effect: Choice, raised: str | None
) -> list[Event]:
    if effect.heals:  # an Elixir also takes a poison away (entries/curses.py)
        healed = _heal(target, trait, effect.heals * (trait.level if effect.per_level else 1))

        return healed + cure(target, trait.name)
    if effect.ene_now:
        return _dose(state, target, trait, effect)
    if effect.boost and raised is not None:
        target.boosts = (*target.boosts, raised)
        target.drain_next = True
        text = say(
            "log.gear.boost",
            entry=trait.name,
            figure=target.id,
            attribute=raised,
            boost=effect.boost,
        )
        return [Event("boost", text, {"figure": target.id, "attribute": raised})]
    return []


def _heal(target: Figure, trait: Trait, amount: int) -> list[Event]:
    barred = no_healing(target)  # Sin cura
    healed = 0 if barred else min(amount, target.wounds)
    target.wounds -= healed
    why = (
        say("phrase.combat.barred", entry=barred)
        if barred
        else say_n("phrase.combat.healed", healed)
    )
    text = say("log.gear.healed", entry=trait.name, figure=target.id, why=why)
    return [Event("healed", text, {"figure": target.id, "healed": healed})]


def _dose(state: GameState, target: Figure, trait: Trait, effect: Choice) -> list[Event]:
    """Drogas de combate: ENE now, the crash to come, and a second dose's price."""
    before = target.ene
    target.ene = min(ENE_CAP, target.ene + effect.ene_now)
    if effect.crash:
        target.crash = 1
    doses = target.doses + 1 if target.dose_turn == state.turn else 1
    target.dose_turn, target.doses = state.turn, doses
    text = say("log.gear.dose", entry=trait.name, figure=target.id, before=before, ene=target.ene)
    events = [Event("dose", text, {"figure": target.id, "ene": target.ene, "doses": doses})]
    if effect.overdose and doses >= 2:
        target.overdose = effect.overdose
        text = say("log.gear.second_dose", entry=trait.name, figure=target.id)
        events.append(Event("overdose", text, {"figure": target.id}))
    return events


@hookspecs.check_shifts.impl(order=10, key="gear")
def _check_shifts(
    state: GameState, figure: Figure, purpose: str, ctx: Context
) -> list[tuple[str, int]]:
    return attribute_shifts(figure, purpose)


def attribute_shifts(figure: Figure, purpose: str) -> list[tuple[str, int]]:
    """Cóctel de vitaminas on a check: +1 per cóctel on the attribute raised, and the
    next activation's −1 on every attribute check (Droga's withdrawal follows, in
    entries/addiction.py)."""
    kinds = check_kinds(purpose)
    mods = [(f"cóctel ({a})", +1) for a in figure.boosts if a in kinds]
    if figure.drained and "ATR" in kinds:
        mods.append((DRAINED, -1))
    return mods


@hookspecs.activation_starts.impl(order=40, key="gear")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """A crash takes the activation's ENE; a cóctel's hangover begins."""
    events = []
    if figure.crash == 1:
        figure.crash, figure.ene = 2, 0
        text = say("log.gear.crash", figure=figure.id)
        events.append(Event("crash", text, {"figure": figure.id}))
    if figure.drain_next:
        figure.drain_next, figure.drained = False, True
        text = say("log.gear.drained", figure=figure.id)
        events.append(Event("drained", text, {"figure": figure.id}))
    return events


@hookspecs.activation_over.impl(order=20, key="gear")
def activation_ends(state: GameState, active: Figure) -> list[Event]:
    """The end of ``active``'s activation: its crash and hangover are over; a cóctel
    taken during it wears off (anyone's), and an overdose wounds."""
    if active.crash == 2:
        active.crash = 0
    active.drained = False
    events: list[Event] = []
    for figure in state.figures.values():
        figure.boosts = ()
        if figure.overdose and not figure.casualty:
            hurt, figure.overdose = figure.overdose, 0
            text = say("log.gear.overdose", figure=figure.id)
            events.append(Event("overdose", text, {"figure": figure.id, "wounds": hurt}))
            events += wound(state, figure, hurt)
    return events
