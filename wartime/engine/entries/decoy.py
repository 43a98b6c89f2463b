"""Señuelo (BONUS Y MALUS): the activation was only a decoy (a partial reading).

- As each activation of a bearer that has not used it yet begins, how the bearer stands
  is kept (its :class:`Decoy` mark: spot, facing, posture, height, perch and the K moved
  this turn).
- Once per game, as the last thing of that activation, the bearer may use the entry
  (usar_bonus "Señuelo", no ENE): it goes back to how it stood then, and its
  activation ends.  The ENE spent and the wounds dealt or taken stay, as the entry
  says; the rest of what it did (a shot's magazine, an object used, what it caused in
  others) stays too: the engine keeps no picture of the board to go back to, so only
  the bearer's own place is undone.  The log says the reading is partial.
- Refused as a reaction or in another's activation, while aboard a transport or held,
  and when another base now stands on the spot it began on.

See docs/rules-interpretations.md, "Reactions of the catalogue".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS as ACTION
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.sequence import end_activation
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import center_distance
from wartime.i18n import say
from wartime.rules.effects import Fate

OVERLAP = 1e-6  # K: bases closer than their radii by more than this overlap


@dataclass(frozen=True)
class Stance:
    """Where and how a figure stood as its activation began."""

    position: Point
    facing: float
    posture: Posture
    level: int
    perch: float
    moved: float


@dataclass(frozen=True)
class Decoy(marks.Mark):
    """Señuelo's mark: how the bearer stood as this activation began (this activation
    only), and whether it has used the entry (once a game)."""

    decoy_from: Stance | None = None
    decoy_used: bool = False


_SLOT = marks.Slot("decoy", Decoy())


def mark(figure: Figure) -> Decoy:
    """Its Señuelo mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Decoy) -> None:
    """Give it this Señuelo mark."""
    _SLOT.put(figure, new)


def _keep(figure: Figure, start: Stance | None) -> None:
    put(figure, replace(mark(figure), decoy_from=start))


def _entry(figure: Figure) -> str | None:
    """The Señuelo entry it carries, if any."""
    return next((t.name for t, e in entries_of(figure, None, Fate) if e.decoy), None)


@hookspecs.activation_starts.impl(order=150, key="decoy")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """Keep how an unused bearer stands as its activation begins."""
    if not mark(figure).decoy_used and _entry(figure) is not None:
        _keep(figure, Stance(figure.position, figure.facing, figure.posture, figure.level,
                             figure.perch, figure.moved))  # fmt: skip
    return []


@hookspecs.activation_ends.impl(order=30, key="decoy")
def activation_ends(state: GameState, figure: Figure) -> list[Event]:
    """What was kept serves this activation only."""
    _keep(figure, None)
    return []


def declares(figure: Figure, action: Action) -> bool:
    """This usar_bonus names the figure's Señuelo."""
    return action.item is not None and action.item == _entry(figure)


@hookspecs.offers.impl(order=62, key="decoy")  # after Munición incendiaria's (fire)
def choices(state: GameState, figure: Figure) -> list[Action]:
    """Offered in its own activation once it has done something (checked in full later)."""
    name = _entry(figure) if mark(figure).decoy_from is not None else None
    if name is None or state.active != figure.id or not figure.actions_taken:
        return []
    return [Action(ACTION, figure.id, item=name)]


def _blocker(state: GameState, figure: Figure, start: Stance) -> Figure | None:
    """Another base standing where the bearer began, if any (at that height)."""
    return next(
        (
            other for other in state.figures.values()
            if other is not figure and other.on_table and other.level == start.level
            and center_distance(other.position, start.position)
            < other.radius + figure.radius - OVERLAP
        ),
        None,
    )  # fmt: skip


@hookspecs.bonus_taken.impl(order=20, key="decoy")
def taken(state: GameState, figure: Figure, action: Action) -> list[Event] | None:
    """This Usar bonus names the figure's Señuelo: its events."""
    return declare(state, figure, action) if declares(figure, action) else None


def declare(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Señuelo: back to where and how it stood as the activation began; the activation ends."""
    name = action.item or ""
    start = mark(figure).decoy_from
    if mark(figure).decoy_used:
        raise IllegalActionError(say("refused.decoy.used", entry=name, figure=figure.id))
    if action.target is not None or action.point is not None or action.options:
        raise IllegalActionError(say("refused.decoy.nothing", entry=name))
    if start is None or state.active != figure.id or figure.reacting:
        raise IllegalActionError(say("refused.decoy.when", entry=name))
    if figure.aboard is not None or figure.held_by is not None:
        raise IllegalActionError(say("refused.decoy.aboard", entry=name, figure=figure.id))
    blocker = _blocker(state, figure, start)
    if blocker is not None:
        raise IllegalActionError(
            say("refused.decoy.blocked", entry=name, blocker=blocker.id, figure=figure.id)
        )
    state.lift(figure)
    figure.position, figure.facing, figure.posture = start.position, start.facing, start.posture
    figure.level, figure.perch, figure.moved = start.level, start.perch, start.moved
    state.settle(figure)
    put(figure, replace(mark(figure), decoy_used=True))
    text = say(
        "log.decoy.back", entry=name, figure=figure.id, x=start.position[0], y=start.position[1]
    )
    data = {"figure": figure.id, "point": list(start.position), "facing": start.facing,
            "posture": start.posture.value, "partial": True}  # fmt: skip
    return [Event("decoy", text, data), *end_activation(state, figure, acted=True)]
