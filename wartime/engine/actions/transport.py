"""Transports: a Pj riding its transport archetype (MOVIMIENTO, HERIDAS, the movement list).

- How it drives is in :mod:`wartime.engine.core.vehicles`; Pivotar (ENE 3) turns it any
  amount, and Maniobrar nudges it up to 1 K after Mover or Correr without turning it.
- Wounds that get past the rider's CH DEF go to the transport: at CAL it is unusable
  (it cannot move), above CAL it is destroyed and explodes with DAÑ = its DEF over a
  radius of its MOV, at least 3 K; the rider is left on foot in the blast.

See docs/rules-interpretations.md, "Transports", for the readings these take.
"""

from __future__ import annotations

import math
from itertools import chain

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.blasts import blast, caught
from wartime.engine.core.book import attribute, book_modifiers, cost, entry
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import (
    Stride,
    free_high,
    noise_event,
    pivot_cost,
    previous_action,
)
from wartime.engine.core.routes import route
from wartime.engine.core.state import GameState
from wartime.engine.core.vehicles import (
    drives,
    evacuate,
    thrown_clear,
    turn_to,
    unusable,
    unusable_text,
)
from wartime.errors import IllegalActionError
from wartime.geometry.noise import movement_noise
from wartime.i18n import Reason, say
from wartime.rules.actions import RoleCost
from wartime.rules.dice import Outcome

EXPLOSION_MIN_RADIUS = 3.0  # HERIDAS: a destroyed transport's blast reaches at least 3 K
MANOEUVRE_K = 1.0  # Maniobrar: up to 1 K
CRITICAL_EXTRA_K = 1.0  # MOVIMIENTO: a critical on a movement action goes 1 K further


def pivotar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Pivotar (3/1): a transport turns on its base for ENE 3, a reacting Pj for ENE 1."""
    book = entry("pivotar")

    if figure.level == 3 and not free_high(figure):
        raise IllegalActionError(say("refused.transport.altitude", action=book.name))
    if drives(figure) and unusable(figure):
        raise IllegalActionError(unusable_text(figure))
    cheap = pivot_cost(figure)  # Pivotante: at its ENE, and on foot in its activation too
    if not drives(figure) and not figure.reacting and cheap is None:
        raise IllegalActionError(say("refused.transport.turns_freely", action=book.name))
    held = still(figure)
    if held is not None:
        raise IllegalActionError(held)
    facing = _wanted_facing(figure, action, book.name)
    assert isinstance(book.ene, RoleCost)
    price = book.ene.transport if drives(figure) else book.ene.reacting
    events = [spend(figure, price if cheap is None else cheap, book.name)]
    return events + turn_to(figure, facing)


# The states whose action forbids pivoting (the list's effect cannot_pivot), and the
# Figure flag that says the Pj is in it.
_NO_PIVOT = (("en_guardia", "on_guard"), ("esconderse", "hidden"))


def still(figure: Figure) -> Reason | None:
    """En guardia, Esconderse: why a Pj on guard or hidden may not take Pivotar (as its
    reaction, or with Pivotante in its activation); None if it may."""
    for kind, flag in _NO_PIVOT:
        book = entry(kind)
        if getattr(figure, flag) and any(m.effect == "cannot_pivot" for m in book.modifiers):
            if flag == "on_guard":
                return say("refused.transport.on_guard", figure=figure.id, action=book.name)
            return say("refused.transport.hidden", figure=figure.id, action=book.name)
    return None


def _wanted_facing(figure: Figure, action: Action, name: str) -> float:
    if action.facing is not None and math.isfinite(action.facing):
        return action.facing % 360
    if action.point is not None and action.point != figure.position:
        dx, dy = action.point[0] - figure.position[0], action.point[1] - figure.position[1]
        return math.degrees(math.atan2(dy, dx)) % 360
    raise IllegalActionError(say("refused.transport.needs_facing", action=name))


def maniobrar(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Maniobrar (1, AGI): after Mover or Correr, up to 1 K more in any direction, same facing.

    Having moved 10 K or more this turn makes it difficult (CH AGI −1), 20 K or more −3.
    A critical goes 1 K further; a failure stays put.
    """
    book = entry("maniobrar")
    if not drives(figure):
        raise IllegalActionError(say("refused.transport.only_transport", action=book.name))
    if previous_action(state, figure) not in ("mover", "correr"):
        raise IllegalActionError(say("refused.transport.after_move", action=book.name))
    if action.point is None:
        raise IllegalActionError(say("refused.melee.needs_point", action=book.name))
    stride = Stride(book.name, cost(book), 0.0)
    plan = route(state, figure, action.point, MANOEUVRE_K, stride, steered=True)
    events = [spend(figure, plan.ene, book.name, plan.extra)]
    name, value = attribute(state, figure, book)
    mods = acting_modifiers(figure)
    if figure.moved >= 20:
        mods += book_modifiers(book, "movió 20 K o más", name, when="moved_20k_or_more")
    elif figure.moved >= 10:
        mods += book_modifiers(book, "movió 10 K o más", name, when="moved_10_to_19k")
    outcome, event = roll(state, figure, f"CH {name} ({book.name})", value, mods)
    events.append(event)
    figure.next_action_modifier = 0
    if not outcome.passed:
        text = say("log.transport.no_manoeuvre", figure=figure.id)
        return [*events, Event("stay", text, {"figure": figure.id})]
    budget = MANOEUVRE_K + (CRITICAL_EXTRA_K if outcome is Outcome.CRITICAL else 0.0)
    start = figure.position
    result = state.physics().move_toward(figure.id, action.point, budget)
    figure.position = result.end
    figure.moved += result.travelled
    end = result.end
    text = say(
        "log.transport.manoeuvre", figure=figure.id, moved=result.travelled, x=end[0], y=end[1]
    )
    data = {"figure": figure.id, "from": list(start), "to": list(end),
            "travelled": round(result.travelled, 6)}  # fmt: skip
    events.append(Event("move", text, data))
    if result.travelled > 0:
        events.append(noise_event(figure, end, movement_noise(result.travelled)))
    return events


@hookspecs.rider_wounded.impl(order=10, key="transports")
def wound_vehicle(state: GameState, figure: Figure, wounds: int) -> list[Event]:
    """HERIDAS for equipment: the transport takes the wounds; above CAL it explodes."""
    vehicle = figure.profile.transport
    assert vehicle is not None
    figure.vehicle_wounds += wounds
    word = (
        say("phrase.transport.destroyed") if figure.vehicle_wounds > vehicle.cal
        else say("phrase.transport.unusable") if figure.vehicle_wounds == vehicle.cal
        else say("phrase.transport.damaged")
    )  # fmt: skip
    text = say(
        "log.transport.vehicle_wounds",
        vehicle=vehicle.id,
        figure=figure.id,
        wounds=wounds,
        total=figure.vehicle_wounds,
        cal=vehicle.cal,
        state=word,
    )
    data = {
        "figure": figure.id,
        "item": vehicle.id,
        "wounds": wounds,
        "total": figure.vehicle_wounds,
    }
    events = [Event("vehicle_wounds", text, data)]
    if figure.vehicle_wounds > vehicle.cal:
        events += explode(state, figure)
    return events


def explode(state: GameState, figure: Figure) -> list[Event]:
    """A destroyed transport explodes: DAÑ = its DEF on every figure within its MOV (≥ 3 K).

    The radius is measured from the transport's base edge; the rider, now on foot,
    is caught too.  Each figure makes its own CH DEF, nearest first.
    """
    vehicle = figure.profile.transport
    assert vehicle is not None
    radius = max(EXPLOSION_MIN_RADIUS, vehicle.mov)
    thrown = evacuate(state, figure)  # its passengers are thrown out, into the blast
    victims = caught(state, figure, radius)
    seat = hookspecs.ejects.first(figure)  # Asiento eyectable: the rider is thrown clear
    if seat is not None:
        victims = [v for v in victims if v != figure.id]
        thrown += thrown_clear(state, figure, seat)
    text = say(
        "log.transport.explosion",
        vehicle=vehicle.id,
        damage=vehicle.defense,
        radius=radius,
        victims=", ".join(victims),
    )
    data = {"figure": figure.id, "item": vehicle.id, "damage": vehicle.defense,
            "radius": radius, "victims": victims}  # fmt: skip
    events = [*thrown, Event("explosion", text, data), *blast(state, victims, vehicle.defense)]
    return events + list(chain.from_iterable(hookspecs.exploded.collect(state, figure)))


@hookspecs.offers.impl(order=10, key="transports")
def offers(state: GameState, figure: Figure) -> list[Action]:
    """Pivotar to the eight compass facings; Maniobrar 1 K four ways (checked in full later)."""
    if not drives(figure) and not figure.reacting and pivot_cost(figure) is None:
        return []  # Pivotante: its bearer may pivot in its own activation too
    turns = [Action("pivotar", figure.id, facing=45.0 * k) for k in range(8)]
    if not drives(figure):
        return turns
    x, y = figure.position
    nudges = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    return turns + [Action("maniobrar", figure.id, point=p) for p in nudges]


HANDLERS = {"pivotar": pivotar, "maniobrar": maniobrar}
register(HANDLERS)
