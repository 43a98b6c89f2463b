"""Fire, heat and reserves (BONUS Y MALUS), batch K.

- Runas de protección: a fumble with a metaability brings the bearer no CH PSI and no
  stress (``metaability_safe``).
- Invulnerable (X): a hit with a weapon whose id names X deals the bearer nothing: no
  CH DEF, no wounds, nothing the striker's entries would bring (``immune``).
- Fuego en las venas: a Mover, Correr or Esprintar that names it among its options
  reaches that many K farther and costs the bearer that many wounds once the move is
  done, with no CH DEF (``extra_move`` + ``extra_move_wounds``).

The data is ``data/effects/heat.yaml``; docs/rules-interpretations.md has the readings.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action, option_refused
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import named_by
from wartime.engine.core.movement import engaged_with, moves
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.effects import Heat

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow

# The movement actions Fuego en las venas goes with (options.OWN_OPTIONS lets them through).
STRIDES = frozenset({"mover", "correr", "esprintar"})


@hookspecs.fumble_spared.impl(order=10, key="heat")
def safe_from_fumble(figure: Figure) -> list[Event] | None:
    """Runas de protección: the events that say a metaability fumble costs nothing (None
    when the figure has no such entry, and the fumble's CH PSI follows)."""
    name = next((t.name for t, e in entries_of(figure, None, Heat) if e.metaability_safe), None)
    if name is None:
        return None
    text = say("log.heat.fumble_safe", entry=name, figure=figure.id)
    return [Event("fumble_safe", text, {"figure": figure.id, "entry": name})]


def immune(target: Figure, blow: Blow | None) -> list[Event]:
    """Invulnerable (X): the event of a hit that deals ``target`` nothing (empty when the
    hit's weapon is not of what it is immune to: its material, or its id, which may name a
    kind of weapon)."""
    weapon = None if blow is None else blow.weapon
    for trait, effect in entries_of(target, None, Heat):
        if effect.immune and weapon is not None and named_by(trait.param, _names(weapon)):
            text = say(
                "log.heat.immune", entry=trait.name, param=trait.param, weapon=weapon.id,
                figure=target.id,
            )  # fmt: skip
            data = {"figure": target.id, "immune": trait.name, "weapon": weapon.id}
            return [Event("saved", text, data)]
    return []


def _names(weapon: Weapon) -> tuple[str, ...]:
    return (weapon.id, weapon.material) if weapon.material else (weapon.id,)


@hookspecs.move_options.impl(order=10, key="heat")
def extra_stride(figure: Figure, action: Action) -> float:
    """Fuego en las venas: the K the move's options add (0 without options); raises,
    changing nothing, for an option the figure cannot take with this move."""
    if not action.options:
        return 0.0
    extra = 0.0
    for label in action.options:
        found = [e for t, e in entries_of(figure, None, Heat) if e.extra_move and t.name == label]
        if not found:
            allowed = [name for name, _ in _veins(figure)]
            raise IllegalActionError(
                option_refused(figure.id, label, say("phrase.action.with_move"), allowed)
            )
        if label in action.options[: action.options.index(label)]:
            raise IllegalActionError(say("refused.heat.once", entry=label))
        extra += found[0].extra_move
    return extra


@per_profile
def _veins(figure: Figure) -> tuple[tuple[str, float], ...]:
    return tuple((t.name, e.extra_move) for t, e in entries_of(figure, None, Heat) if e.extra_move)


@hookspecs.offers.impl(order=70, key="heat")
def _veins_moves(state: GameState, figure: Figure) -> list[Action]:
    """Fuego en las venas: its longer moves, when the figure is free to move on the ground."""
    if figure.aboard is not None or figure.perch or engaged_with(state, figure):
        return []
    return stride_options(figure)


def stride_options(figure: Figure) -> list[Action]:
    """Moves taken with Fuego en las venas, four ways at their longer reach, for
    legal_actions() to check in full (bearers only: nobody else pays for it)."""
    out = []
    for label, extra in _veins(figure)[:1]:
        for kind in sorted(STRIDES):
            reach = figure.mov + moves().strides[kind].extra_k + extra
            for way in range(4):
                angle = math.pi * way / 2
                x = round(figure.position[0] + reach * math.cos(angle), 6)
                y = round(figure.position[1] + reach * math.sin(angle), 6)
                out.append(Action(kind, figure.id, point=(x, y), options=(label,)))
    return out


@hookspecs.move_paid.impl(order=10, key="heat")
def stride_paid(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Fuego en las venas: the wounds of the K it took, once the move is done."""
    events: list[Event] = []
    for label in action.options:
        for trait, effect in entries_of(figure, None, Heat):
            if effect.extra_move and trait.name == label and not figure.casualty:
                hurt = effect.extra_move_wounds
                text = say(
                    "log.heat.veins", entry=label, figure=figure.id, extra=effect.extra_move,
                    wounds=hurt,
                )  # fmt: skip
                events.append(Event("veins", text, {"figure": figure.id, "wounds": hurt}))
                events += wound(state, figure, hurt) if hurt else []
    return events


@hookspecs.untouched.impl(order=10, key="heat")
def _untouched(target: Figure, blow: Blow | None) -> list[Event] | None:
    return immune(target, blow) or None
