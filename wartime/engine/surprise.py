"""Ataque sorpresa (ACCIONES DE COMBATE).

An attacker that reached the defender's back unnoticed declares the surprise
(0 ENE) while in base contact; its next CaC action against that defender hits
without a CH IMP, and the defender's CH DEF takes −2.  "Unnoticed" is a silent
arrival (its last action was Mover sin hacer ruido), being hidden (Esconderse),
or carrying Invisible or Mimético.  The surprise is spent by the attacker's next
action, whatever it is, or the end of its activation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.actions import Action
from wartime.engine.bonuses import Context
from wartime.engine.book import book_modifiers, entry
from wartime.engine.checks import Modifiers, roll
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.handlers import register
from wartime.errors import IllegalActionError
from wartime.geometry.vision import in_arc
from wartime.rules.dice import Outcome

if TYPE_CHECKING:
    from wartime.engine.state import GameState

UNSEEN_TRAITS = frozenset({"Invisible", "Mimético"})  # they reach a back unnoticed


def ataque_sorpresa(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque sorpresa (0): from behind, unnoticed, in base contact with the target."""
    from wartime.engine.combat import _enemy
    from wartime.engine.core.movement import engaged_with

    book = entry("ataque_sorpresa")
    target = _enemy(state, figure, action)
    if target not in engaged_with(state, figure):
        raise IllegalActionError(f"{book.name} needs {figure.id} in base contact with {target.id}")
    if in_arc(target.position, target.facing, figure.position, 0.0):
        raise IllegalActionError(
            f"{figure.id} is in front of {target.id}: {book.name} comes from its back"
        )
    unseen = figure.silent or figure.hidden
    if not unseen and not any(t.name in UNSEEN_TRAITS for t in figure.profile.traits):
        raise IllegalActionError(
            f"{figure.id} was noticed: {book.name} needs an arrival with Mover sin hacer "
            f"ruido, hidden (Esconderse), or Invisible or Mimético"
        )
    figure.surprise = target.id
    text = f"{figure.id} sorprende a {target.id} por la espalda: su próximo golpe CaC impacta solo"
    return [Event("surprise", text, {"figure": figure.id, "target": target.id})]


def cac_impact(
    state: GameState, figure: Figure, target: Figure, mods: Modifiers, ctx: Context
) -> tuple[Outcome, list[Event], int]:
    """The CH IMP of a CaC blow: its outcome, events and extra DAÑ.

    Ataque sorpresa hits without it; Esquivar en CaC replaces it with CH AGI ENF.
    """
    if figure.surprise == target.id:
        text = f"Ataque sorpresa: {figure.id} impacta a {target.id} sin CH IMP"
        hit = Event("auto_hit", text, {"figure": figure.id, "target": target.id})
        return Outcome.PASS, [hit], 0
    if state.dodging == (target.id, figure.id):
        from wartime.engine.responses import dodge

        return dodge(state, figure, target, mods, ctx)
    outcome, event = roll(state, figure, "CH IMP", figure.profile.agi, mods, ctx)
    return outcome, [event], 0


def surprised(target: Figure, attacker: Figure | None) -> Modifiers:
    """The CH DEF −2 of a defender caught by Ataque sorpresa (from data/actions.yaml)."""
    if attacker is None or attacker.surprise != target.id:
        return []
    return book_modifiers(entry("ataque_sorpresa"), "sorprendido", "DEF", who="target")


HANDLERS = {"ataque_sorpresa": ataque_sorpresa}
register(HANDLERS)
