"""Condenado (BONUS Y MALUS): it carries death's hand, and wastes away unless it uses it.

- The bearer carries La mano de la muerte for the whole game: a lasting Grant, given as
  the game is set up or a reserve is deployed (:func:`bestow`) and looked for again as
  each of its activations starts.
- "Assigning" a wound is passing one of its own wounds on to another figure with La
  mano de la muerte (:func:`passed`, on the ``wound_passed`` hook); a failed try assigns
  nothing, and a wound taken from an ally (VOL 6) is not its own.
- An activation the bearer begins wounded (counted once what the start of an
  activation brings is done) that ends with none of its wounds passed on costs it one
  level of CON, AGI, INT and VOL for good, none going below 1.  REA has no counterpart
  in the engine.  Taken out by then, it loses nothing more.
- The levels lost are kept in its :class:`Doom` mark (in the state hash) and the profile is
  replaced by one with the attributes lowered, so every reader of CON, AGI, INT and VOL
  sees them; memos kept per profile see a new profile, which is right.  A lower CON may
  leave the bearer taken out (wounds at its CON or more).

See docs/rules-interpretations.md, "Curses, poison, overheating and drugs".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Grant
from wartime.engine.core.profiles import Trait
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.effects import Fate

HAND = "La mano de la muerte"


@dataclass(frozen=True)
class Doom(marks.Mark):
    """Condenado's mark: levels of CON, AGI, INT and VOL lost, and a wound owed in this
    activation (passed on, or it costs one more level as the activation ends)."""

    doomed: int = 0
    doom_due: bool = False


_SLOT = marks.Slot("condemned", Doom())


def mark(figure: Figure) -> Doom:
    """Its Condenado mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Doom) -> None:
    """Give it this Condenado mark."""
    _SLOT.put(figure, new)


def _owe(figure: Figure, due: bool) -> None:
    put(figure, replace(mark(figure), doom_due=due))


def _entry(figure: Figure) -> str | None:
    """The Condenado entry it carries, if any."""
    return next((t.name for t, e in entries_of(figure, None, Fate) if e.condemned), None)


@hookspecs.figures_enter.impl(order=10, key="condemned")
def bestow(figures: Iterable[Figure]) -> None:
    """Give each bearer its lasting La mano de la muerte (once)."""
    for figure in figures:
        name = _entry(figure)
        if name is None or any(g.ability == name and g.lasting for g in figure.granted):
            continue
        grant = Grant(name, figure.id, (Trait(HAND),), False, lasting=True)
        figure.granted = [*figure.granted, grant]


@hookspecs.activation_starts.impl(order=140, key="condemned")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """A wounded bearer owes a wound passed on before this activation ends."""
    bestow((figure,))
    if not figure.wounds or figure.casualty or _entry(figure) is None:
        return []
    _owe(figure, True)
    text = say("log.condemned.due", figure=figure.id)
    return [Event("doom_due", text, {"figure": figure.id, "wounds": figure.wounds})]


@hookspecs.wound_passed.impl(order=10, key="condemned")
def passed(figure: Figure, source: Figure) -> None:
    """La mano de la muerte moved one of ``figure``'s own wounds: the debt is paid."""
    if source is figure:
        _owe(figure, False)


@hookspecs.activation_ends.impl(order=20, key="condemned")
def activation_ends(state: GameState, figure: Figure) -> list[Event]:
    """An unpaid debt costs one level of CON, AGI, INT and VOL (at least 1 each)."""
    if not mark(figure).doom_due:
        return []
    _owe(figure, False)
    name = _entry(figure)
    if figure.casualty or name is None:
        return []
    old = figure.profile
    figure.profile = replace(
        old, con=max(1, old.con - 1), agi=max(1, old.agi - 1), int_=max(1, old.int_ - 1),
        vol=max(1, old.vol - 1),
    )  # fmt: skip
    levels = mark(figure).doomed + 1
    put(figure, replace(mark(figure), doomed=levels))
    new = figure.profile
    text = say(
        "log.condemned.doomed", entry=name, figure=figure.id, con=new.con, agi=new.agi,
        int=new.int_, vol=new.vol,
    )  # fmt: skip
    data = {"figure": figure.id, "levels": levels, "con": new.con, "agi": new.agi,
            "int": new.int_, "vol": new.vol}  # fmt: skip
    events = [Event("doomed", text, data)]
    if figure.casualty:  # its wounds reach the lower CON: down, as a wound would leave it
        state.lift(figure)  # a casualty no longer blocks movement
        word = say("phrase.combat.dead") if figure.dead else say("phrase.condemned.down")
        text = say(
            "log.condemned.down", figure=figure.id, state=word, wounds=figure.wounds, con=new.con
        )
        events.append(Event("doomed_down", text, {"figure": figure.id, "wounds": figure.wounds}))
    return events
