"""The action list (``data/actions.yaml``) as the rule modules read it.

Each automated action looks up its entry here for its ENE, the attribute it
checks, its difficulty mark, its flat modifiers and, for thrown or improvised
objects, the DAÑ of their material.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from wartime.engine.core.action import Action
from wartime.engine.core.checks import Modifiers
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import moves
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.i18n import Reason, say
from wartime.rules.actions import Action as Entry
from wartime.rules.actions import Difficulty, EneSource, load_actions
from wartime.rules.text import fold

if TYPE_CHECKING:
    from wartime.engine.core.dispatch import Handler
    from wartime.engine.core.state import GameState


# The list is read when a rule first asks, never at import: ``wartime --help`` and the
# commands that play no game must not parse actions.yaml (issue 16).
@functools.cache
def cac_ids() -> frozenset[str]:
    """The list's CaC blows, Ataque sorpresa among them."""
    ids = (a.id for a in load_actions().actions)
    return frozenset(i for i in ids if i.startswith("ataque_cac")) | {"ataque_sorpresa"}


@functools.cache
def shot_ids() -> frozenset[str]:
    """The list's shots and throws."""
    ids = (a.id for a in load_actions().actions)
    return frozenset(i for i in ids if i.startswith("ataque_distancia")) | {"lanzar_armas_objetos"}


@functools.cache
def movement_ids() -> frozenset[str]:
    """The actions of the list's movement group."""
    return frozenset(a.id for a in load_actions().actions if a.group.value == "movement")


# The list's answers to an enemy's declared action that the core hands to their families.
COUNTER, DRAW, MENTAL = "contramagia", "desenfundar", "combate_mental"
# Usar bonus: the action an entry gives (its own use, not one of the list's).
USE_BONUS = "usar_bonus"
SWAP = " por "  # Comerciar: "cuchillo por pistola" gives one piece and takes the other
DEFAULT_MATERIAL = "steel_or_hard_rock"  # an object of unknown make hits as steel
MATERIAL_ALIASES = {
    "acero": "steel_or_hard_rock",
    "roca": "steel_or_hard_rock",
    "roca dura": "steel_or_hard_rock",
    "acero o roca dura": "steel_or_hard_rock",
    "steel": "steel_or_hard_rock",
    "madera": "wood",
}


def entry(action_id: str) -> Entry:
    """The action of the list called ``action_id``; a missing one is a programming error."""
    found = load_actions().find(action_id)
    if found is None:
        raise ValueError(f"'{action_id}' is not an action of data/actions.yaml")
    return found


def cost(book: Entry, weapon: Weapon | None = None) -> int:
    """The ENE the book prints: a number, the weapon's ENE, or Correr's ENE + 1 (Embestir)."""
    if isinstance(book.ene, int):
        return book.ene
    if book.ene is EneSource.WEAPON_ENE and weapon is not None:
        return weapon.ene
    if book.ene is EneSource.RUN_PLUS_ONE:
        return moves().strides["correr"].ene + 1
    raise ValueError(f"{book.id}: no ENE rule for {book.ene!r}")


def difficulty(book: Entry) -> Modifiers:
    """Tipos de acciones: a difficult action (mark D) takes CH −1."""
    return [("acción difícil", -1)] if book.difficulty is Difficulty.DIFFICULT else []


def book_modifiers(
    book: Entry, label: str, check: str = "IMP", who: str = "self", when: str | None = None
) -> Modifiers:
    """The flat check modifiers the action list gives ``who`` (e.g. objeto improvisado −1)."""
    return [
        (label, m.value)
        for m in book.modifiers
        if m.check == check and m.who == who and m.when == when and m.per is None and m.value
    ]


def attribute(state: GameState, figure: Figure, book: Entry) -> tuple[str, int]:
    """The attribute an action checks (its first one; PSI is rolled on VOL, as it is now)."""
    name = book.check[0].value
    if name in ("PSI", "VOL"):
        return name, vol(state, figure)  # Líder, Despertando del letargo (presence.py)
    return name, figure.profile.attribute(name)


def material(book: Entry, item: str | None) -> tuple[str, int]:
    """DAÑ of a thrown or improvised object by its material (steel or hard rock 2, wood 1)."""
    table = {m.material: m.dan for m in book.material_dan}
    key = DEFAULT_MATERIAL if item is None else MATERIAL_ALIASES.get(fold(item), fold(item))
    if key not in table:
        known = ", ".join(f"{m} (DAÑ {d})" for m, d in table.items())
        raise IllegalActionError(say("refused.book.material", item=item, known=known))
    return key, table[key]


def refused(action_id: str, why: Reason) -> Handler:
    """A handler for an action of the list the engine cannot play yet: it says why."""
    name = entry(action_id).name

    def handler(state: GameState, figure: Figure, action: Action) -> list[Event]:
        raise IllegalActionError(say("refused.book.not_automated", action=name, why=why))

    return handler
