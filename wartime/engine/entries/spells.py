"""Spells a metaability carries (BONUS Y MALUS, the "Magia" entries tagged Metahabilidad).

A spell is an entry of a metaability archetype (actions/metaabilities.py).  It happens
once, when a Usar of that metaability lands on its target: after the CH ATR, the
enemy's CH VOL ENF and any Runas de vacío.  The archetype's entries are still granted
to the target for the usual time; the spell itself is done at once.

- Magia: tranquilizar (``calms``): an enemy leaves panic and loses its stress and any
  fury of a critical CH LOC.  Calm (:func:`calm`) is exactly that: no panic, no stress,
  no fury.
- Magia: dormir (``sleeps``): a calm enemy falls asleep, knocked out as by Noquear (a
  casualty, no wounds, until an ally tends it with Curar).  An enemy that is not calm
  shrugs it off; a spell that calms comes first, so an archetype carrying both puts
  anyone to sleep.
- Magia: despistar (``displaces``): ``Action.point`` says where an enemy goes: it
  slides toward it up to as many K as the caster's INT, stopped by walls and bases as
  a push is, and the slide may never end within 1 K of a figure of the caster's side
  (nobody is put into CaC this way; the caster picks another point).
- Magia: anular (``suppresses``): ``Action.options`` names one entry the target
  carries, or one metaability at work on it; it stops working on the target
  (Figure.suppressed, read by traits.carried) until the caster's next activation
  starts.  It works on any target, friend or foe.

The first three do nothing on an ally or on the caster itself.  What the action must
name is checked before anything is paid (:func:`refusal`).
"""

from __future__ import annotations

import math

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.magic import spell_options
from wartime.engine.core.profiles import Metaability
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried
from wartime.errors import IllegalActionError
from wartime.geometry.distance import toward
from wartime.geometry.movement import too_close
from wartime.i18n import say
from wartime.rules.effects import Spell, effects_of

WAYS = 8  # sampled directions for a despistar in legal_actions
_MIN_SLIDE = 1e-6


def spells(ability: Metaability) -> list[tuple[str, Spell]]:
    """The spells the metaability carries, by entry name, in the order they happen."""
    found = [(t.name, e) for t in ability.grants for e in effects_of(t.name, Spell)]
    order = ("calms", "sleeps", "displaces", "suppresses")
    return sorted(
        [(n, e) for n, e in found if any(getattr(e, k) for k in order)],
        key=lambda item: next(i for i, k in enumerate(order) if getattr(item[1], k)),
    )


def _effect(ability: Metaability, kind: str) -> tuple[str, Spell] | None:
    return next(((n, e) for n, e in spells(ability) if getattr(e, kind)), None)


def calm(figure: Figure) -> bool:
    """Tranquilo: no panic, no stress, no fury."""
    return not figure.panic and figure.stress <= 0 and figure.fury is None


def nameable(target: Figure) -> list[str]:
    """What Magia: anular may name on the target: its entries and metaabilities at work."""
    names = [t.name for t in carried(target)] + [g.ability for g in target.granted]
    return list(dict.fromkeys(names))


@hookspecs.metaability_refusal.impl(order=20, key="spells")
def refusal(
    state: GameState, caster: Figure, action: Action, ability: Metaability, target: Figure
) -> None:
    """Raise when the point or option the action gives does not fit the spells (on a
    living target: a body is entries/necromancy.py's)."""
    if target.casualty:
        return
    enemy = target.side != caster.side
    suppress = _effect(ability, "suppresses")
    chosen = spell_options(action.options)  # (Resonador's names no spell)
    if chosen and suppress is None:
        raise IllegalActionError(say("refused.spells.no_options", ability=ability.id))
    if suppress is not None:
        if len(chosen) != 1:
            raise IllegalActionError(
                say("refused.spells.name_one", entry=suppress[0], figure=target.id)
            )
        if chosen[0] not in nameable(target):
            raise IllegalActionError(
                say("refused.spells.not_carried", figure=target.id, chosen=repr(chosen[0]))
            )
    displace = _effect(ability, "displaces")
    if displace is None or not enemy:
        if action.point is not None:
            raise IllegalActionError(say("refused.spells.no_point", ability=ability.id))
        return
    if action.point is None:
        where = say("refused.necromancy.where", entry=displace[0], figure=target.id)
        raise IllegalActionError(where)
    _slide(state, caster, target, action.point, displace[1])


def _slide(
    state: GameState, caster: Figure, target: Figure, goal: Point, effect: Spell
) -> tuple[Point, float]:
    """Where the target would end, sliding toward ``goal`` up to the caster's attribute
    in K (the base is left where it is)."""
    if target.aboard is not None or target.held_by is not None:
        raise IllegalActionError(say("refused.spells.not_free", figure=target.id))
    reach = float(caster.profile.attribute(effect.displaces or "INT"))
    gap = math.dist(target.position, goal)
    if gap < _MIN_SLIDE:
        raise IllegalActionError(say("refused.spells.there", figure=target.id))
    if target.level == 1:
        result = state.physics().probe_move(target.id, goal, reach)
        end, travelled = result.end, result.travelled
    else:  # above the ground nothing stands in the way
        end, travelled = toward(target.position, goal, reach)
    others = [f.disc() for f in state.enemies_of(target) if f.level == target.level]
    near = too_close(target.disc(), end, others)
    if near:
        raise IllegalActionError(
            say("refused.spells.too_close", figure=target.id, others=", ".join(near))
        )
    return end, travelled


@hookspecs.metaability_cast.impl(order=20, key="spells")
def cast(
    state: GameState, caster: Figure, target: Figure, ability: Metaability, action: Action
) -> list[Event]:
    """The spells of a metaability that has just landed on the living ``target``."""
    if target.casualty:
        return []  # a body: entries/necromancy.py
    events: list[Event] = []
    enemy = target.side != caster.side
    for name, effect in spells(ability):
        if effect.suppresses and spell_options(action.options):
            events.append(_suppress(caster, target, name, spell_options(action.options)[0]))
        elif not enemy:
            continue
        elif effect.calms:
            events.append(_calm(target, name))
        elif effect.sleeps:
            events.append(_sleep(state, target, name))
        elif effect.displaces and action.point is not None and not target.casualty:
            events.append(_displace(state, caster, target, name, effect, action.point))
    return events


def _calm(target: Figure, name: str) -> Event:
    target.panic, target.stress, target.fury = False, 0, None
    text = say("log.spells.calmed", entry=name, figure=target.id)
    return Event("calmed", text, {"figure": target.id, "entry": name})


def _sleep(state: GameState, target: Figure, name: str) -> Event:
    if not calm(target):
        text = say("log.spells.not_asleep", entry=name, figure=target.id)
        return Event("not_asleep", text, {"figure": target.id, "entry": name})
    target.unconscious = True  # knocked out, as Noquear: Curar wakes it (generic.py)
    state.lift(target)  # a casualty no longer blocks movement
    text = say("log.spells.asleep", entry=name, figure=target.id)
    return Event("asleep", text, {"figure": target.id, "entry": name})


def _displace(
    state: GameState, caster: Figure, target: Figure, name: str, effect: Spell, goal: Point
) -> Event:
    start = target.position
    end, travelled = _slide(state, caster, target, goal, effect)
    if target.level == 1:  # the same slide as probed, now for real
        reach = float(caster.profile.attribute(effect.displaces or "INT"))
        end = state.physics().move_toward(target.id, goal, reach).end
    target.position = end
    text = say(
        "log.spells.displaced", entry=name, figure=target.id, travelled=travelled, x=end[0],
        y=end[1],
    )  # fmt: skip
    data = {"figure": target.id, "from": list(start), "to": list(end), "travelled": travelled}
    return Event("displaced", text, data)


def _suppress(caster: Figure, target: Figure, name: str, what: str) -> Event:
    kept = tuple(s for s in target.suppressed if s != (what, caster.id))
    target.suppressed = (*kept, (what, caster.id))
    text = say("log.spells.suppressed", entry=name, what=what, figure=target.id, caster=caster.id)
    return Event("suppressed", text, {"figure": target.id, "entry": what, "by": caster.id})


@hookspecs.activation_starts.impl(order=110, key="spells")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """What this figure cancelled works again (and what a fallen caster cancelled)."""
    events = []
    for other in state.figures.values():
        if not other.suppressed:
            continue
        ending = [
            s for s in other.suppressed
            if s[1] == figure.id or (s[1] in state.figures and state.figures[s[1]].casualty)
        ]  # fmt: skip
        other.suppressed = tuple(s for s in other.suppressed if s not in ending)
        for what, caster in ending:
            text = say("log.spells.unsuppressed", what=what, figure=other.id, caster=caster)
            events.append(Event("unsuppressed", text, {"figure": other.id, "entry": what}))
    return events


def variants(
    state: GameState, caster: Figure, ability: Metaability, target: Figure | None
) -> list[Action]:
    """Usar of the metaability at ``target`` (None: itself), with what its spells need."""
    aim = None if target is None else target.id
    plain = Action("usar", caster.id, target=aim, item=ability.id)
    if not spells(ability):
        return [plain]
    on = target or caster
    actions = [plain]
    if _effect(ability, "suppresses") is not None:
        actions = [
            Action("usar", caster.id, target=aim, item=ability.id, options=(n,))
            for n in nameable(on)
        ]
    displace = _effect(ability, "displaces")
    if displace is not None and on.side != caster.side:
        reach = caster.profile.attribute(displace[1].displaces or "INT")
        x, y = on.position
        points = [
            (
                x + reach * math.cos(2 * math.pi * i / WAYS),
                y + reach * math.sin(2 * math.pi * i / WAYS),
            )
            for i in range(WAYS)
        ]
        actions = [
            Action(a.kind, a.figure, target=a.target, item=a.item, options=a.options, point=p)
            for a in actions
            for p in points
        ]
    return actions


@hookspecs.metaability_offers.impl(order=10, key="spells")
def _aims(
    state: GameState, caster: Figure, ability: Metaability, near: list[Figure]
) -> list[Action]:
    """Usar on itself (or a point), then at each figure within its ALC."""
    return [
        *variants(state, caster, ability, None),
        *(v for other in near for v in variants(state, caster, ability, other)),
    ]
