"""Coming back (BONUS Y MALUS), batch M: Héroe, Ave Fénix, Resurrección, Rematador.

A figure taken out by wounds (wounds at least its CON) that may come back carries
its :class:`Coming` mark, one of ``WAYS``:

- ``hero`` (Héroe): it lies unconscious, not dead; as each turn starts it gets 1 wound
  back (Sin cura stops that), and once below CON it stands up again;
- ``fell`` (Ave Fénix): its 1D10 waits for the action that took it out to end (so a
  Rematador's mark comes first): critical, back with no wounds; 2 to 5, back with CON−1;
  6 to 9, ``phoenix``; a fumble keeps it down for good (or, with Resurrección, ``rising``);
- ``phoenix``: Ave Fénix waiting: the same 1D10 as each turn starts;
- ``rising`` (Resurrección): 1D10 as each turn starts; a critical brings it back with
  CON−1 wounds;
- ``gone``: it never comes back (Rematador took it out, or the phoenix fumbled).

Héroe goes before the other two: a hero is never dead.  A body taken away (Eliminar) never
comes back.  A figure back in the game stands on the nearest free spot to where it fell,
not burning.  While a side's only figures left may still come back, it has not lost:
the game ends at the start of the next turn if nobody of it is standing by then
(sequence.check_game_over).  The data is ``data/effects/revival.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.board.battlefield import Posture
from wartime.engine.core import hookspecs, marks
from wartime.engine.core.events import Event
from wartime.engine.core.figures import GONE, Figure
from wartime.engine.core.hits import no_healing
from wartime.engine.core.movement import free_spot
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.effects import Revival

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow, Wounded

HERO, FELL, PHOENIX, RISING = "hero", "fell", "phoenix", "rising"
WAYS = (HERO, FELL, PHOENIX, RISING, GONE)
WAITING = frozenset({HERO, FELL, PHOENIX, RISING})


@dataclass(frozen=True)
class Coming(marks.Mark):
    """The revival's mark: the figure is taken out but may come back (``WAYS`` says how),
    or is GONE: Rematador finished it, and nothing may raise it."""

    revival: str | None = None


_SLOT = marks.Slot("revival", Coming())


def mark(figure: Figure) -> Coming:
    """Its revival mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Coming) -> None:
    """Give it this revival mark."""
    _SLOT.put(figure, new)


@hookspecs.lies_unconscious.impl(order=10, key="revival")
def lies_unconscious(figure: Figure) -> bool:
    """A hero whose wounds pass its CON is not dead: it lies unconscious."""
    return mark(figure).revival == HERO


@hookspecs.beyond_raising.impl(order=10, key="revival")
def beyond_raising(figure: Figure) -> bool:
    """Rematador finished the body: nothing may raise it."""
    return mark(figure).revival == GONE


CRITICAL, FUMBLE = 1, 10  # the faces of 1D10 (CONCEPTOS BÁSICOS, Críticos y pifias)


def _entry(figure: Figure, key: str) -> str | None:
    return next((t.name for t, e in entries_of(figure, None, Revival) if getattr(e, key)), None)


# -- Taken out ---------------------------------------------------------------------------------


@hookspecs.never_dies.impl(order=10, key="revival")
def hero(figure: Figure) -> str | None:
    """Its Héroe entry, if it carries one."""
    return _entry(figure, "hero")


@hookspecs.taken_out.impl(order=20, key="revival")
def _taken_out(state: GameState, figure: Figure, damage: int) -> list[Event]:
    """How it may come back: after a blast on death, before Explota's (afterlife.py)."""
    return died(figure)


def died(figure: Figure) -> list[Event]:
    """``figure`` was just taken out by wounds: how it may come back, if at all."""
    put(figure, Coming(None))
    if figure.removed:
        return []
    name = hero(figure)
    if name is not None:
        put(figure, Coming(HERO))
        text = say("log.revival.unconscious", entry=name, figure=figure.id)
        return [Event("hero_down", text, {"figure": figure.id, "entry": name})]
    if _entry(figure, "phoenix") is not None:
        put(figure, Coming(FELL))
    elif _entry(figure, "resurrection") is not None:
        put(figure, Coming(RISING))
    return []


def finished(target: Figure, blow: Blow, taken_out: bool) -> list[Event]:
    """Rematador: a figure its blow took out never comes back."""
    if not taken_out or mark(target).revival is None or mark(target).revival == GONE:
        return []
    name = next(
        (t.name for t, e in entries_of(blow.striker, blow.weapon, Revival) if e.finisher), None
    )
    if name is None:
        return []
    put(target, Coming(GONE))
    text = say("log.revival.finished", entry=name, striker=blow.striker.id, figure=target.id)
    return [Event("finished", text, {"figure": target.id, "by": blow.striker.id})]


def waiting(figure: Figure) -> bool:
    """Taken out, but it may still come back."""
    return figure.casualty and mark(figure).revival in WAITING and not figure.removed


@hookspecs.holds_on.impl(order=10, key="revival")
def holding_on(state: GameState, side: str) -> bool:
    """Some figure of ``side`` is down but may come back (the side has not lost yet)."""
    return any(f.side == side and waiting(f) for f in state.figures.values())


# -- Coming back -------------------------------------------------------------------------------


@hookspecs.after_action.impl(order=20, key="revival")
def after_action(state: GameState) -> list[Event]:
    """The phoenixes that fell in the action just resolved roll their 1D10."""
    events: list[Event] = []
    for figure in sorted(state.figures.values(), key=lambda f: f.id):
        if mark(figure).revival == FELL:
            events += _phoenix(state, figure)
    return events


@hookspecs.turn_starts.impl(order=10, key="revival")
def turn_starts(state: GameState) -> list[Event]:
    """A new turn: heroes recover a wound, the waiting ones roll (before the initiative)."""
    events: list[Event] = []
    for figure in sorted(state.figures.values(), key=lambda f: f.id):
        if mark(figure).revival is None or mark(figure).revival == GONE:
            continue
        if not figure.casualty or figure.removed:
            put(figure, Coming(None if not figure.casualty else mark(figure).revival))
            continue
        if mark(figure).revival == HERO:
            events += _recover(state, figure)
        elif mark(figure).revival in (FELL, PHOENIX):
            events += _phoenix(state, figure)
        elif mark(figure).revival == RISING:
            events += _resurrect(state, figure)
    return events


def _recover(state: GameState, figure: Figure) -> list[Event]:
    barred = no_healing(figure)
    name = _entry(figure, "hero") or "Héroe"
    if barred is not None:
        text = say("log.revival.no_healing", entry=name, figure=figure.id, barred=barred)
        return [Event("hero_down", text, {"figure": figure.id, "entry": name})]
    if figure.wounds - 1 < figure.profile.con:  # it gets up: where there is room
        return _stand(state, figure, name, figure.wounds - 1, HERO)
    figure.wounds -= 1
    text = say(
        "log.revival.healed", entry=name, figure=figure.id, wounds=figure.wounds,
        con=figure.profile.con,
    )  # fmt: skip
    return [Event("healed", text, {"figure": figure.id, "healed": 1})]


def _roll(state: GameState, figure: Figure, name: str) -> tuple[int, Event]:
    face = state.dice.d10()
    text = say("log.revival.roll", figure=figure.id, entry=name, roll=face)
    kind = "critical" if face == CRITICAL else "fumble" if face == FUMBLE else "roll"
    data = {"purpose": name, "who": figure.id, "roll": face, "target": None,
            "modifiers": [], "outcome": kind, "die": "1D10"}  # fmt: skip
    return face, Event("roll", text, data)


def _phoenix(state: GameState, figure: Figure) -> list[Event]:
    name = _entry(figure, "phoenix") or "Ave Fénix"
    face, event = _roll(state, figure, name)
    con = figure.profile.con
    if face == CRITICAL:
        return [event, *_stand(state, figure, name, 0, PHOENIX)]
    if face <= 5:
        return [event, *_stand(state, figure, name, con - 1, PHOENIX)]
    if face < FUMBLE:
        put(figure, Coming(PHOENIX))
        text = say("log.revival.waits", entry=name, figure=figure.id)
        return [event, Event("revival_wait", text, {"figure": figure.id, "entry": name})]
    again = _entry(figure, "resurrection")
    put(figure, Coming(RISING if again is not None else GONE))
    left = say("phrase.revival.left", entry=again) if again else ""
    text = say("log.revival.lost", entry=name, figure=figure.id, left=left)
    return [event, Event("revival_lost", text, {"figure": figure.id, "entry": name})]


def _resurrect(state: GameState, figure: Figure) -> list[Event]:
    name = _entry(figure, "resurrection") or "Resurrección"
    face, event = _roll(state, figure, name)
    if face != CRITICAL:
        return [event]
    return [event, *_stand(state, figure, name, figure.profile.con - 1, RISING)]


def _stand(state: GameState, figure: Figure, name: str, wounds: int, wait: str) -> list[Event]:
    """Back in the game with ``wounds``, standing on the nearest free
    spot to where it fell; with nowhere to stand it stays down (``wait``)."""
    spot = free_spot(state, figure) if figure.level == 1 and figure.aboard is None else None
    if figure.level == 1 and figure.aboard is None and spot is None:
        put(figure, Coming(wait))
        text = say("log.revival.no_room", entry=name, figure=figure.id)
        return [Event("revival_wait", text, {"figure": figure.id, "entry": name})]
    figure.wounds = wounds
    put(figure, Coming(None))
    hookspecs.stands_again.collect(figure)
    figure.posture = Posture.STANDING
    if spot is not None:
        figure.position = spot
    if figure.casualty:  # still out (stress above VOL): the body stays where it lies
        return []
    state.settle(figure)
    text = say(
        "log.revival.back", entry=name, figure=figure.id, wounds=figure.wounds,
        x=figure.position[0], y=figure.position[1],
    )  # fmt: skip
    data = {"figure": figure.id, "entry": name, "wounds": figure.wounds,
            "to": list(figure.position)}  # fmt: skip
    return [Event("revived", text, data)]


@hookspecs.wounded.impl(order=20, key="revival")
def _finished(state: GameState, target: Figure, wounded: Wounded) -> list[Event]:
    """Rematador: a figure its blow took out never comes back."""
    return finished(target, wounded.blow, wounded.taken_out)
