"""Droga: an object that may hook its user (BONUS Y MALUS; ``addiction`` in
rules/effects.py).

Each Usar of an object with Droga makes whoever takes it an addict on 1D100 at most 30
(its :class:`Hooked` mark names the objects).  An addict must take a drug every turn: any use
of an object with Droga is its fix (the mark's ``fix_turn``).  As an activation of an addict
starts, if it went the whole previous turn without a fix, it suffers withdrawal: 1
stress, a CH PSI, and CH ATR −1 for the rest of that activation (the mark's ``withdrawal``);
then 1D100 at most 10 makes it a "yonki" (the mark's ``junkie``), which the book does not
describe further: the log leaves it to the players.  Withdrawal comes once a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context, check_kinds
from wartime.engine.core.profiles import Gear
from wartime.engine.core.psychology import psi_check, stress_limits
from wartime.engine.core.state import GameState
from wartime.i18n import say
from wartime.rules.effects import Curse, effects_of

WITHDRAWAL = "síndrome de abstinencia"  # the label of the CH ATR −1
JUNKIE_PERCENT = 10


@dataclass(frozen=True)
class Hooked(marks.Mark):
    """Droga's mark: the objects it is hooked on, the last turn it used one (or got
    hooked), whether a withdrawal made it a yonki, and a withdrawal's CH ATR −1 for the
    rest of this activation."""

    addicted: tuple[str, ...] = ()
    fix_turn: int = 0
    junkie: bool = False
    withdrawal: bool = False


_SLOT = marks.Slot("addiction", Hooked())


def mark(figure: Figure) -> Hooked:
    """Its Droga mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Hooked) -> None:
    """Give it this Droga mark."""
    _SLOT.put(figure, new)


def _chance(gear: Gear) -> tuple[str, int] | None:
    return next(
        ((t.name, e.addiction) for t in gear.traits for e in effects_of(t.name, Curse)
         if e.addiction),
        None,
    )  # fmt: skip


@hookspecs.plays_object.impl(order=10, key="addiction")
def drugs(gear: Gear) -> bool:
    """The object carries Droga (its Usar does something even if nothing else is played)."""
    return _chance(gear) is not None


@hookspecs.object_used.impl(order=10, key="addiction")
def used(state: GameState, user: Figure, gear: Gear) -> list[Event]:
    """``user`` took ``gear``: a fix for an addict, and maybe a new addiction."""
    found = _chance(gear)
    if found is None:
        return []
    name, chance = found
    put(user, replace(mark(user), fix_turn=state.turn))
    if gear.id in mark(user).addicted:
        return []
    face = state.dice.d100()
    hooked = face <= chance
    data = {"figure": user.id, "item": gear.id, "roll": face, "hooked": hooked}
    if not hooked:
        text = say(
            "log.addiction.not_hooked", entry=name, figure=user.id, item=gear.id, roll=face,
            chance=chance,
        )  # fmt: skip
        return [Event("not_hooked", text, data)]
    put(user, replace(mark(user), addicted=(*mark(user).addicted, gear.id)))
    text = say(
        "log.addiction.hooked", entry=name, figure=user.id, item=gear.id, roll=face, chance=chance
    )
    return [Event("hooked", text, data)]


@hookspecs.activation_starts.impl(order=130, key="addiction")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """Withdrawal: an addict that went a whole turn without a fix."""
    hooked = mark(figure)
    if not hooked.addicted or figure.casualty or hooked.fix_turn >= state.turn - 1:
        return []

    put(figure, replace(hooked, fix_turn=state.turn - 1, withdrawal=True))  # once a turn
    figure.stress += 1
    text = say("log.addiction.withdrawal", figure=figure.id)
    events = [Event("withdrawal", text, {"figure": figure.id, "stress": figure.stress})]
    events += stress_limits(state, figure)
    if not figure.casualty:
        events += psi_check(state, figure, say("phrase.addiction.withdrawal"))
    if mark(figure).junkie:
        return events
    face = state.dice.d100()
    if face <= JUNKIE_PERCENT:
        put(figure, replace(mark(figure), junkie=True))
        text = say("log.addiction.junkie", figure=figure.id, roll=face)
        events.append(Event("junkie", text, {"figure": figure.id, "roll": face}))
    return events


@hookspecs.check_shifts.impl(order=15, key="addiction")  # right after the cóctel's (gear)
def check_shifts(
    state: GameState, figure: Figure, purpose: str, ctx: Context
) -> list[tuple[str, int]]:
    """Withdrawal's CH ATR −1 for the rest of the activation."""
    if not mark(figure).withdrawal:
        return []
    return [(WITHDRAWAL, -1)] if "ATR" in check_kinds(purpose) else []


@hookspecs.activation_over.impl(order=15, key="addiction")  # as the cóctel's hangover (gear)
def activation_over(state: GameState, figure: Figure) -> list[Event]:
    """The withdrawal's CH ATR −1 lasts for the rest of that activation only."""
    put(figure, replace(mark(figure), withdrawal=False))
    return []
