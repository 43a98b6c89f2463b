"""The CH IMP of a blow in CaC and what replaces it (COMBATE; ACCIONES DE COMBATE).

Ataque sorpresa hits without a CH IMP and takes CH DEF −2 from its target
(:func:`surprised`); Esquivar en CaC turns the CH IMP into a CH AGI ENF (the ``dodged``
hook, answered by core/responses.py).  The core attacks and their variants
(actions/melee.py) all roll their CaC blows through :func:`cac_impact`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.book import book_modifiers, entry
from wartime.engine.core.checks import Modifiers, roll
from wartime.engine.core.events import Event
from wartime.i18n import say
from wartime.rules.dice import Outcome

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.modifiers import Context
    from wartime.engine.core.state import GameState


UNSEEN_TRAITS = frozenset({"Invisible", "Mimético"})  # Ataque sorpresa: they reach a back unnoticed


def cac_impact(
    state: GameState, figure: Figure, target: Figure, mods: Modifiers, ctx: Context
) -> tuple[Outcome, list[Event], int]:
    """The CH IMP of a CaC blow: its outcome, events and extra DAÑ.

    Ataque sorpresa hits without it; Esquivar en CaC replaces it with CH AGI ENF.
    """
    if figure.surprise == target.id:
        text = say("log.melee.surprise", figure=figure.id, target=target.id)
        hit = Event("auto_hit", text, {"figure": figure.id, "target": target.id})
        return Outcome.PASS, [hit], 0
    if state.dodging == (target.id, figure.id):
        dodged = hookspecs.dodged.first(state, figure, target, mods, ctx)
        if dodged is not None:
            return dodged
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    return outcome, [event], 0


def surprised(target: Figure, attacker: Figure | None) -> Modifiers:
    """The CH DEF −2 of a defender caught by Ataque sorpresa (from data/actions.yaml)."""
    if attacker is None or attacker.surprise != target.id:
        return []
    return book_modifiers(entry("ataque_sorpresa"), "sorprendido", "DEF", who="target")
