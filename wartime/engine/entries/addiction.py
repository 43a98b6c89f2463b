"""Droga: an object that may hook its user (BONUS Y MALUS; ``addiction`` in
rules/effects.py).

Each Usar of an object with Droga makes whoever takes it an addict on 1D100 at most 30
(Figure.addicted names the objects).  An addict must take a drug every turn: any use
of an object with Droga is its fix (Figure.fix_turn).  As an activation of an addict
starts, if it went the whole previous turn without a fix, it suffers withdrawal: 1
stress, a CH PSI, and CH ATR −1 for the rest of that activation (Figure.withdrawal);
then 1D100 at most 10 makes it a "yonki" (Figure.junkie), which the book does not
describe further: the log leaves it to the players.  Withdrawal comes once a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context, check_kinds
from wartime.engine.core.profiles import Gear
from wartime.engine.core.psychology import psi_check, stress_limits
from wartime.rules.effects import load_effects

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

WITHDRAWAL = "síndrome de abstinencia"  # the label of the CH ATR −1
JUNKIE_PERCENT = 10


def _chance(gear: Gear) -> tuple[str, int] | None:
    effects = load_effects()
    return next(
        ((t.name, e.addiction) for t in gear.traits for e in effects.get(t.name, ())
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
    user.fix_turn = state.turn
    if gear.id in user.addicted:
        return []
    face = state.dice.d100()
    hooked = face <= chance
    data = {"figure": user.id, "item": gear.id, "roll": face, "hooked": hooked}
    if not hooked:
        text = f"{name}: {user.id} no se engancha a {gear.id} (1D100 = {face} > {chance})"
        return [Event("not_hooked", text, data)]
    user.addicted = (*user.addicted, gear.id)
    text = f"{name}: {user.id} se vuelve adicto a {gear.id} (1D100 = {face} ≤ {chance})"
    return [Event("hooked", text, data)]


@hookspecs.activation_starts.impl(order=130, key="addiction")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """Withdrawal: an addict that went a whole turn without a fix."""
    if not figure.addicted or figure.casualty or figure.fix_turn >= state.turn - 1:
        return []

    figure.fix_turn = state.turn - 1  # paid for this turn: withdrawal comes once a turn
    figure.withdrawal = True
    figure.stress += 1
    text = (
        f"Droga: {figure.id} sufre el síndrome de abstinencia "
        f"(gana 1 de estrés y hace un CH PSI; sus CH ATR van a −1 esta actuación)"
    )
    events = [Event("withdrawal", text, {"figure": figure.id, "stress": figure.stress})]
    events += stress_limits(state, figure)
    if not figure.casualty:
        events += psi_check(state, figure, "Droga: abstinencia")
    if figure.junkie:
        return events
    face = state.dice.d100()
    if face <= JUNKIE_PERCENT:
        figure.junkie = True
        text = f"Droga: {figure.id} se hace yonki (1D100 = {face}); sus efectos, a juicio"
        events.append(Event("junkie", text, {"figure": figure.id, "roll": face}))
    return events


@hookspecs.check_shifts.impl(order=15, key="addiction")  # right after the cóctel's (gear)
def check_shifts(
    state: GameState, figure: Figure, purpose: str, ctx: Context
) -> list[tuple[str, int]]:
    """Withdrawal's CH ATR −1 for the rest of the activation."""
    if not figure.withdrawal:
        return []
    return [(WITHDRAWAL, -1)] if "ATR" in check_kinds(purpose) else []
