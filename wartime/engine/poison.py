"""Ponzoña (X): poison spread on a weapon (BONUS Y MALUS; ``poison`` in rules/effects.py).

A blow with it that wounds a living target poisons it (Figure.poisoned), unless the
target is No vivo (immune to poisons) or already poisoned.  The poison is the X:

- when X names a catalogue malus, the poisoned figure carries that malus while the
  poison lasts (a Grant named after the poison);
- otherwise (a name, or nothing) it takes 1 wound, with no CH DEF, as each of its
  activations starts.

Curar (ACCIONES GENÉRICAS: it "cancels poison or heals 1 wound") cancels the poison
instead of healing when it passes, and an Elixir cures it as well as it heals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.bonuses import carries
from wartime.engine.core import hookspecs
from wartime.engine.core.traits import entries_of
from wartime.engine.events import Event
from wartime.engine.figures import Figure, Grant

if TYPE_CHECKING:
    from wartime.engine.hits import Blow
    from wartime.engine.state import GameState

NOT_ALIVE = "No vivo"  # immune to sickness and poison


def infected(striker: Figure, target: Figure, blow: Blow) -> list[Event]:
    """``blow`` wounded ``target``, still standing: its poison gets in."""
    found = [t for t, e in entries_of(striker, blow.weapon) if e.poison]
    if not found or target.poisoned is not None:
        return []
    trait = found[0]
    name = trait.name if trait.param is None else f"{trait.name} ({trait.param})"
    if carries(target, NOT_ALIVE):
        text = f"{name}: {target.id} no está vivo y el veneno no le afecta"
        return [Event("poison_void", text, {"figure": target.id, "entry": trait.name})]
    from wartime.engine.curses import malus_named

    target.poisoned = name
    malus = malus_named(trait.param)
    if malus is not None:
        grant = Grant(name, striker.id, (malus,), False, lasting=True)
        target.granted = [*target.granted, grant]
        what = f"el malus {malus.name} mientras dure"
    else:
        what = "1 herida al empezar cada actuación"
    text = f"{name}: {target.id} queda envenenado ({what}) hasta que lo curen"
    return [Event("poisoned", text, {"figure": target.id, "entry": name, "by": striker.id})]


def _malus_kind(figure: Figure) -> bool:
    return any(g.ability == figure.poisoned for g in figure.granted)


@hookspecs.activation_starts.impl(order=120, key="poison")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """A poison with no malus costs a wound as each activation of its victim starts."""
    if figure.poisoned is None or figure.casualty or _malus_kind(figure):
        return []
    from wartime.engine.combat import wound

    text = f"{figure.poisoned}: el veneno causa 1 herida a {figure.id}"
    return [Event("poison", text, {"figure": figure.id}), *wound(state, figure, 1)]


def cure(figure: Figure, by: str) -> list[Event]:
    """Curar or an Elixir takes the poison (and any malus it gave) away."""
    if figure.poisoned is None:
        return []
    name, figure.poisoned = figure.poisoned, None
    figure.granted = [g for g in figure.granted if g.ability != name]
    text = f"{by}: {figure.id} ya no está envenenado ({name})"
    return [Event("cured", text, {"figure": figure.id, "entry": name})]
