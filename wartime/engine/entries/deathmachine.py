"""BONUS Y MALUS, Machina mors: a weapon that answers on its own.

When a window to react is open and the bearer of a ranged weapon with Machina mors is
among those that may react (it saw or heard the acting Pj), its side may name it with
that weapon (``react`` with ``item``).  The weapon fires without a CH VOL and without
ENE: one shot at every standing figure in its CdT, friend or foe (each one it could
aim an Ataque a distancia at now: CdV, ALC, LdV, height, Campo ciego), nearest first.
Each shot is a CH IMP against a fixed 4 with none of the shot's modifiers (range,
posture, speed...; the entries that change a CH IMP still count), then the hit and
the CH DEF as usual.  A magazine spends a round per shot and the volley stops when
it is empty.  It is the side's reaction to that action: the window closes, and the
bearer has not used a CH VOL (no Tiempo bala).  An entry on the character itself
arms all its ranged weapons; template weapons are not offered.

Ruling: docs/rules-interpretations.md, "Machina mors".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import carrying_out, roll
from wartime.engine.core.combat import (
    _damage,
    _resolve_hit,
    _shot_cover,
    bonus_damage,
    check_shot,
    ready_to_shoot,
    rounds_left,
)
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.sequence import check_game_over, end_activation
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say

if TYPE_CHECKING:
    from wartime.engine.core.reactions import Window

ENTRY = "Machina mors"
FIXED_IMP = 4  # the entry's CH IMP


def weapons(figure: Figure) -> list[Weapon]:
    """Its usable ranged weapons (no templates) that Machina mors arms."""
    armed = {t.weapon for t in carried(figure) if t.name == ENTRY}
    if not armed:
        return []
    return [
        w for w in figure.profile.weapons
        if w.ranged and w.area is None and (None in armed or w.id in armed)
        and figure.weapon_wounds.get(w.id, 0) < w.cal
    ]  # fmt: skip


@hookspecs.reaction_offers.impl(order=10, key="deathmachine")
def choices(state: GameState, window: Window) -> list[Action]:
    """The volleys the reacting side may answer with, one per armed weapon."""
    out: list[Action] = []
    for fid in window.candidates:
        armed = weapons(state.figure(fid))
        try:
            if armed:
                ready_to_shoot(state, state.figure(fid))  # not engaged, not after Esprintar
        except IllegalActionError:
            continue
        out += [Action("react", fid, item=w.id) for w in armed]
    return out


def in_field(state: GameState, figure: Figure, weapon: Weapon) -> list[Figure]:
    """Every standing figure the weapon could shoot at now, nearest first."""
    found = []
    for other in state.figures.values():
        if other is figure or not other.present or other.aboard is not None or other.removed:
            continue  # inside a transport, or a body Eliminar took away
        try:
            check_shot(state, figure, other, weapon)
        except IllegalActionError:
            continue
        found.append(other)
    key = lambda o: (edge_distance(figure.position, figure.radius, o.position, o.radius), o.id)  # noqa: E731
    return sorted(found, key=key)


@hookspecs.reacts_with.impl(order=10, key="deathmachine")
def volley(state: GameState, window: Window, reactor: Figure, action: Action) -> list[Event] | None:
    """The side's reaction is the weapon's volley: no CH VOL, no ENE."""
    if action.item is None:
        return None
    weapon = next((w for w in weapons(reactor) if w.id == action.item), None)
    if weapon is None:
        raise IllegalActionError(
            say(
                "refused.deathmachine.no_weapon",
                figure=reactor.id,
                item=repr(action.item),
                entry=ENTRY,
            )
        )
    if action.point is not None:
        raise IllegalActionError(say("refused.deathmachine.no_point", entry=ENTRY))
    ready_to_shoot(state, reactor)
    window.candidates.remove(reactor.id)
    state.window = None
    text = say("log.deathmachine.volley", figure=reactor.id, entry=ENTRY, weapon=weapon.id)
    events = [Event("death_machine", text, {"figure": reactor.id, "weapon": weapon.id})]
    targets = in_field(state, reactor, weapon)
    if not targets:
        text = say("log.deathmachine.no_target", weapon=weapon.id)
        events.append(Event("no_target", text, {"figure": reactor.id}))
    reactor.reacting = True
    try:
        for target in targets:
            if reactor.casualty or target.casualty:
                continue
            left = rounds_left(reactor, weapon)
            if left is not None and left <= 0:
                text = say("log.deathmachine.empty", weapon=weapon.id)
                events.append(Event("empty", text, {"figure": reactor.id, "item": weapon.id}))
                break
            if left is not None:
                reactor.rounds[weapon.id] = left - 1
            shot = Action("ataque_distancia", reactor.id, target=target.id, item=weapon.id)
            with carrying_out(state, reactor, shot):
                ctx = Context(target, melee=False, weapon=weapon)
                outcome, event = roll(state, reactor, f"CH IMP ({ENTRY})", FIXED_IMP, [], ctx)
                events.append(event)
                cover = _shot_cover(state, reactor, target)
                damage = _damage(reactor, weapon) + bonus_damage(state, reactor, target, ctx)
                events += _resolve_hit(
                    state, reactor, target, weapon, outcome, damage, cover, melee=False
                )
    finally:
        reactor.reacting = False
    events += check_game_over(state)
    actor = state.figure(window.actor)
    if not state.over and actor.casualty and state.active == actor.id:
        events += end_activation(state, actor, acted=True)
    return events
