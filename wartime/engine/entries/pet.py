"""Mascota mágica (BONUS Y MALUS): a pet with three entries its master may borrow once.

Our reading (docs/rules-interpretations.md): the army lists the pet's entries with the
character (``pet:``, up to three).  Once a game, the bearer takes Usar bonus naming the
entry and, in Action.options, one of the pet's entries, and pays ENE 1: it carries that
entry until the end of its next activation, as it carries what an ally's metaability
grants it (a Grant, ended by actions/metaabilities.py).  The pet is no figure on the
table: it goes with its master and cannot be targeted, so its CON and DEF 3 are not
played.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS
from wartime.engine.core.checks import spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Grant
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.effects import Effect, EntryAction


@dataclass(frozen=True)
class Borrowed(marks.Mark):
    """Mascota mágica's mark: whether its once a game is spent."""

    pet_used: bool = False


_SLOT = marks.Slot("pet", Borrowed())


@hookspecs.bonus_offers.impl(order=55, key="pet")
def offers(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Each of the pet's entries, until the once a game is spent."""
    if _SLOT.of(figure).pet_used:
        return []
    return [Action(USE_BONUS, figure.id, item=name, options=(t.name,)) for t in figure.profile.pet]


@hookspecs.entry_used.impl(order=75, key="pet")
def borrow(state: GameState, figure: Figure, action: Action, name: str, use: Effect) -> list[Event]:
    """Usar bonus: the master carries the chosen entry of its pet for a while."""
    assert isinstance(use, EntryAction)  # answered under the key "pet", an EntryAction's
    if _SLOT.of(figure).pet_used:
        raise IllegalActionError(say("refused.pet.used", figure=figure.id, entry=name))
    pet = {t.name: t for t in figure.profile.pet}
    if len(action.options) != 1 or action.options[0] not in pet:
        listed = ", ".join(pet) or say("phrase.pet.none")
        raise IllegalActionError(say("refused.pet.name_one", entry=name, listed=listed))
    trait = pet[action.options[0]]
    events = [spend(figure, use.use or 1, f"{name} ({trait.name})")]
    _SLOT.put(figure, Borrowed(True))
    figure.granted = [*figure.granted, Grant(name, figure.id, (trait,), on_self=False)]
    text = say("log.pet.borrowed", figure=figure.id, entry=trait.name)
    return [*events, Event("pet", text, {"figure": figure.id, "entry": trait.name})]
