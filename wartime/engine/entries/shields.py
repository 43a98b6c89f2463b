"""Energy shields (Escudo de energía, and its advanced kind) and the ammunition made
against them (Anulador de escudo, Munición magnética).

A shield is an entry with levels: each ranged hit on its bearer first meets a
check against the shield's number (the entry's ``shield``), its own check like the
cover's, so none of the bearer's CH DEF entries apply; a pass stops the hit and a
failure costs a level before the bearer's own CH DEF.  Usar bonus gives a level back
for the entry's ``restore`` ENE while at least one is left (actions/usar_bonus.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.checks import roll
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.shields import Shield, shield_of
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.dice import round_half_up
from wartime.rules.effects import Choice

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow


def _struck_with(blow: Blow) -> Iterator[tuple[str, Choice]]:
    """The striker's entries that act on the figure it hits (``who: targets``; the
    shield's fields are all choices.yaml's)."""
    for trait, effect in entries_of(blow.striker, blow.weapon, Choice):
        if effect.who == "targets":
            yield trait.name, effect


@hookspecs.shielded.impl(order=10, key="shields")
def meet(
    state: GameState, target: Figure, blow: Blow | None, damage: int
) -> tuple[list[Event], int | None]:
    """A hit meets the target's shield before its CH DEF: the events, and the DAÑ that
    goes on to the CH DEF (None: the hit ends here)."""
    if blow is None:
        return [], damage
    struck = list(_struck_with(blow))
    shield = shield_of(target)
    drain = next((name for name, e in struck if e.drains_shield), None)
    if drain is not None:  # Anulador de escudo: no DAÑ, a level of the shield instead
        return [_drained(target, shield, drain)], None
    if blow.melee:
        return [], damage
    magnet = next((name for name, e in struck if e.halves_shield), None)
    if shield is None or not shield.left(target):
        if magnet is None:
            return [], damage
        halved = round_half_up(Fraction(damage, 2))  # Munición magnética, with no shield
        text = say(
            "log.shields.halved", entry=magnet, figure=target.id, damage=damage, halved=halved
        )
        return [Event("halved", text, {"figure": target.id, "damage": halved})], halved
    number = shield.number
    if magnet is not None:  # Munición magnética: the shield counts half
        number = round_half_up(Fraction(number, 2))
    held, event = roll(state, target, f"{shield.name} (CH DEF)", number, [])
    if held.passed:
        text = say("log.shields.saved", shield=shield.name, figure=target.id)
        return [event, Event("saved", text, {"figure": target.id, "shield": shield.name})], None
    return [event, _lose_level(target, shield)], damage


def _drained(target: Figure, shield: Shield | None, entry: str) -> Event:
    if shield is None or not shield.left(target):
        text = say("log.shields.spared", entry=entry, figure=target.id)
        return Event("spared", text, {"figure": target.id, "entry": entry})
    return _lose_level(target, shield, f"{entry}: ")


def _lose_level(target: Figure, shield: Shield, why: str = "") -> Event:
    target.shield_lost += 1
    left = shield.left(target)
    text = say("log.shields.level", why=why, figure=target.id, shield=shield.name, left=left)
    return Event("shield", text, {"figure": target.id, "shield": shield.name, "left": left})
