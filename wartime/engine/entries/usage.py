"""What using a flawed weapon or metaability costs its user: Dañino, Defectuoso, Malvado.

"Used" is read as each action made with the weapon the entry sits on (the one the
action names, or whose ENE it pays), and each Usar of a metaability or object
archetype that carries the entry: its user pays, not the figure it is used on.
"""

from __future__ import annotations

from collections.abc import Iterator

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import chance
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import action_weapon
from wartime.engine.core.psychology import stress_limits
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.effects import Choice, effects_of


def _used(figure: Figure, action: Action) -> Iterator[tuple[str, Choice]]:
    """The use costs of the weapon or metaability ``action`` is made with."""
    weapon = figure.profile.weapon(action.item) or action_weapon(figure, action)
    if weapon is not None:
        for trait, effect in entries_of(figure, weapon, Choice):
            if trait.weapon == weapon.id and (effect.used_wounds or effect.used_stress):
                yield trait.name, effect
    if action.kind != "usar":
        return
    ability = figure.profile.metaability(action.item)
    gear = figure.profile.object(action.item)
    held = (ability.grants if ability else ()) + (gear.traits if gear else ())
    for trait in held:
        for effect in effects_of(trait.name, Choice):
            if effect.used_wounds or effect.used_stress:
                yield trait.name, effect


@hookspecs.use_costs.impl(order=10, key="usage")
def pay(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """After an action: the wounds (no CH DEF) and stress its weapon or metaability cost."""
    events: list[Event] = []
    for name, effect in _used(figure, action):
        if figure.casualty:
            break
        if effect.used_stress:
            figure.stress += effect.used_stress
            text = say("log.usage.stress", entry=name, figure=figure.id, stress=effect.used_stress)
            events.append(Event("stress", text, {"figure": figure.id, "stress": figure.stress}))
            events += stress_limits(state, figure)
        if effect.used_wounds and _unlucky(state, figure, name, effect, events):
            text = say("log.usage.hurt", entry=name, figure=figure.id)
            events.append(Event("used", text, {"figure": figure.id, "entry": name}))
            events += wound(state, figure, effect.used_wounds)
    return events


def _unlucky(
    state: GameState, figure: Figure, name: str, effect: Choice, events: list[Event]
) -> bool:
    """Whether the wounds come: always, or on 1D100 ≤ ``used_percent`` (logged)."""
    if effect.used_percent is None:
        return True
    purpose = say("phrase.usage.wound_chance", entry=name, at_most=effect.used_percent)
    hit, event = chance(state, figure.id, purpose, "1D100", effect.used_percent)
    events.append(event)
    return hit
