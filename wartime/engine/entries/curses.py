"""Curses, overheating, destabilising rounds and ejection seats (BONUS Y MALUS).

- Maleficio (X): a figure the bearer's blows hit (and leave standing) carries the
  catalogue malus X for the rest of the game (a lasting Grant, as a failed CH LOC's).
- Munición ígnea: a blow of it that wounds a figure still standing gives it the malus
  Sobrecalentamiento for the rest of the game.
- Sobrecalentamiento: a transport with 5 wounds or more checks CH DEF after each of its
  movement actions; failed, it takes 1 wound (no CH DEF).
- Munición desestabilizadora: a figure it hits and leaves standing has its magazines
  emptied, loses the figure it marked, and its bonuses stop working until its own next
  activation starts (Figure.suppressed, cleared by entries/spells.py).
- Asiento eyectable: when its transport explodes the rider is not caught in the blast;
  it lands 1D10 K away in a random direction (the nearest free spot to that point).

- Ponzoña (X) (``poison``): a blow with it that wounds a living target poisons it
  (Figure.poisoned), unless the target is No vivo or already poisoned.  When X names a
  catalogue malus, the victim carries it while the poison lasts (a Grant named after
  the poison); otherwise it takes 1 wound, with no CH DEF, as each of its activations
  starts.  Curar cancels the poison instead of healing when it passes, and an Elixir
  cures it as well as it heals (engine/core/poison.py).

The data is ``data/effects/curses.yaml``; the addiction of Droga is entries/addiction.py.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import roll
from wartime.engine.core.combat import magazine_size, wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Grant
from wartime.engine.core.modifiers import carries
from wartime.engine.core.profiles import Trait
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried, entries_of
from wartime.i18n import say
from wartime.rules.actions import Group, load_actions
from wartime.rules.catalog import load_catalog
from wartime.rules.effects import Curse, PlayedBy, load_effects

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow, Landing, Wounded

_PARAM = re.compile(r"(.+?)\s*\((.+)\)")  # "Alérgico (agua)": an entry with its own X


# -- Maleficio and Munición ígnea ----------------------------------------------------------


def landed(state: GameState, target: Figure, blow: Blow) -> list[Event]:
    """A hit that met ``target``'s CH DEF and left it standing (the landed hook)."""
    events: list[Event] = []
    for trait, effect in entries_of(blow.striker, blow.weapon, Curse):
        if (effect.inflicts or effect.inflicts_param) and not effect.on_wound:
            events += _curse(blow.striker, target, trait, effect)
        if effect.destabilises and not target.casualty:
            events += _destabilise(target, trait.name)
    return events


def afflict(state: GameState, target: Figure, blow: Blow, dealt: int) -> list[Event]:
    """``blow`` dealt ``target`` ``dealt`` wounds (the wounded hook)."""
    if dealt <= 0 or target.casualty:
        return []

    events: list[Event] = []
    for trait, effect in entries_of(blow.striker, blow.weapon, Curse):
        if (effect.inflicts or effect.inflicts_param) and effect.on_wound:
            events += _curse(blow.striker, target, trait, effect)
    return events + infected(blow.striker, target, blow)


def malus_named(text: str | None) -> Trait | None:
    """The catalogue malus ``text`` names (with its own X, if it has one), or None."""
    if not text:
        return None
    match = _PARAM.fullmatch(text.strip())
    name, param = (match.group(1), match.group(2)) if match else (text.strip(), None)
    entry = load_catalog().find(name)
    if entry is None or entry.cost is None or entry.cost >= 0:
        return None
    return Trait(entry.name, param=param if entry.param else None)


def _curse(striker: Figure, target: Figure, trait: Trait, effect: Curse) -> list[Event]:
    wanted = effect.inflicts or trait.param
    malus = malus_named(wanted)
    if malus is None:
        text = say("log.curses.void", entry=trait.name, wanted=wanted)
        return [Event("curse_void", text, {"figure": target.id, "entry": trait.name})]
    if any(t.name == malus.name and t.param == malus.param for t in carried(target)):
        return []  # it carries that malus already: nothing more
    target.granted = [*target.granted, Grant(trait.name, striker.id, (malus,), False, lasting=True)]
    shown = malus.name if malus.param is None else f"{malus.name} ({malus.param})"
    text = say("log.curses.cursed", entry=trait.name, figure=target.id, malus=shown)
    data = {"figure": target.id, "entry": trait.name, "malus": shown, "by": striker.id}
    return [Event("cursed", text, data)]


# -- Munición desestabilizadora ------------------------------------------------------------


def _destabilise(target: Figure, name: str) -> list[Event]:
    emptied = [w.id for w in target.profile.weapons if magazine_size(target, w) is not None]
    for weapon in emptied:
        target.rounds[weapon] = 0
    lost = target.marking
    target.marking = None
    effects = load_effects()
    catalog = load_catalog()
    bonuses = sorted(
        {
            t.name
            for t in carried(target)
            if (entry := catalog.find(t.name)) is not None
            and entry.cost is not None
            and entry.cost > 0
            and any(
                not isinstance(e, PlayedBy) or e.played_by is None for e in effects.get(t.name, ())
            )
        }
    )
    kept = tuple(s for s in target.suppressed if s[1] != target.id or s[0] not in bonuses)
    target.suppressed = (*kept, *((b, target.id) for b in bonuses))
    text = say(
        "log.curses.destabilised",
        entry=name,
        figure=target.id,
        weapons=(
            say("phrase.curses.unloaded", weapons=", ".join(emptied))
            if emptied
            else say("phrase.curses.no_magazines")
        ),
        mark="" if lost is None else say("phrase.curses.lost_mark", target=lost),
        bonuses=(
            say("phrase.curses.cancelled", bonuses=", ".join(bonuses))
            if bonuses
            else say("phrase.curses.no_bonuses")
        ),
    )
    data = {"figure": target.id, "entry": name, "emptied": emptied, "bonuses": bonuses}
    return [Event("destabilised", text, data)]


# -- Sobrecalentamiento --------------------------------------------------------------------


@hookspecs.action_ends_at.impl(order=20, key="curses")
def overheated(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """After a movement action of a transport with enough wounds: CH DEF or 1 wound."""
    if figure.casualty or not figure.riding:
        return []
    found = [(t, e) for t, e in entries_of(figure, None, Curse) if e.overheats]
    if not found:
        return []
    trait, effect = found[0]
    assert effect.overheats is not None
    book = load_actions().find(action.kind)
    if book is None or book.group is not Group.MOVEMENT:
        return []
    if figure.vehicle_wounds < effect.overheats:
        return []
    outcome, event = roll(state, figure, f"CH DEF ({trait.name})", figure.defense, [])
    if outcome.passed:
        return [event]
    text = say("log.curses.overheat", entry=trait.name, figure=figure.id)
    return [event, Event("overheat", text, {"figure": figure.id}), *wound(state, figure, 1)]


# -- Asiento eyectable ---------------------------------------------------------------------


@hookspecs.ejects.impl(order=10, key="curses")
def ejects(figure: Figure) -> str | None:
    """The entry that saves the rider of ``figure``'s transport when it explodes."""
    return next((t.name for t, e in entries_of(figure, None, Curse) if e.ejects), None)


@hookspecs.landed.impl(order=14, key="curses")
def _landed(state: GameState, target: Figure, landing: Landing) -> list[Event]:
    """Maleficio, Munición desestabilizadora: a hit that reached its target."""
    return landed(state, target, landing.blow) if landing.reached else []


@hookspecs.wounded.impl(order=40, key="curses")
def _wounded(state: GameState, target: Figure, wounded: Wounded) -> list[Event]:
    """Munición ígnea, Ponzoña: the wounds a blow dealt."""
    return afflict(state, target, wounded.blow, wounded.dealt)


# -- Ponzoña (X) -------------------------------------------------------------------------------

NOT_ALIVE = "No vivo"  # immune to sickness and poison


def infected(striker: Figure, target: Figure, blow: Blow) -> list[Event]:
    """``blow`` wounded ``target``, still standing: its poison gets in."""
    found = [t for t, e in entries_of(striker, blow.weapon, Curse) if e.poison]
    if not found or target.poisoned is not None:
        return []
    trait = found[0]
    name = trait.name if trait.param is None else f"{trait.name} ({trait.param})"
    if carries(target, NOT_ALIVE):
        text = say("log.curses.poison_void", entry=name, figure=target.id)
        return [Event("poison_void", text, {"figure": target.id, "entry": trait.name})]
    target.poisoned = name
    malus = malus_named(trait.param)
    if malus is not None:
        grant = Grant(name, striker.id, (malus,), False, lasting=True)
        target.granted = [*target.granted, grant]
        what = say("phrase.curses.poison_malus", malus=malus.name)
    else:
        what = say("phrase.curses.poison_wound")
    text = say("log.curses.poisoned", entry=name, figure=target.id, what=what)
    return [Event("poisoned", text, {"figure": target.id, "entry": name, "by": striker.id})]


def _malus_kind(figure: Figure) -> bool:
    return any(g.ability == figure.poisoned for g in figure.granted)


@hookspecs.activation_starts.impl(order=120, key="poison")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """A poison with no malus costs a wound as each activation of its victim starts."""
    if figure.poisoned is None or figure.casualty or _malus_kind(figure):
        return []
    text = say("log.curses.poison", entry=figure.poisoned, figure=figure.id)
    return [Event("poison", text, {"figure": figure.id}), *wound(state, figure, 1)]
