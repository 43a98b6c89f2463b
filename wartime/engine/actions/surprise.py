"""Ataque sorpresa (ACCIONES DE COMBATE).

An attacker that reached the defender's back unnoticed declares the surprise
(0 ENE) while in base contact; its next CaC action against that defender hits
without a CH IMP, and the defender's CH DEF takes −2.  "Unnoticed" is a silent
arrival (its last action was Mover sin hacer ruido), being hidden (Esconderse),
or carrying Invisible or Mimético.  The surprise is spent by the attacker's next
action, whatever it is, or the end of its activation.  The blow without a CH IMP and
the CH DEF −2 are the core's (core/melee.py).
"""

from __future__ import annotations

from wartime.engine.core.action import Action
from wartime.engine.core.book import entry
from wartime.engine.core.combat import _enemy
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.melee import UNSEEN_TRAITS
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.vision import in_arc
from wartime.i18n import say


def ataque_sorpresa(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Ataque sorpresa (0): from behind, unnoticed, in base contact with the target."""
    book = entry("ataque_sorpresa")
    target = _enemy(state, figure, action)
    if target not in engaged_with(state, figure):
        raise IllegalActionError(
            say("refused.surprise.contact", action=book.name, figure=figure.id, target=target.id)
        )
    if in_arc(target.position, target.facing, figure.position, 0.0):
        raise IllegalActionError(
            say("refused.surprise.front", figure=figure.id, target=target.id, action=book.name)
        )
    unseen = figure.silent or figure.hidden
    if not unseen and not any(t.name in UNSEEN_TRAITS for t in figure.profile.traits):
        raise IllegalActionError(
            say("refused.surprise.noticed", figure=figure.id, action=book.name)
        )
    figure.surprise = target.id
    text = say("log.surprise.surprise", figure=figure.id, target=target.id)
    return [Event("surprise", text, {"figure": figure.id, "target": target.id})]


HANDLERS = {"ataque_sorpresa": ataque_sorpresa}
register(HANDLERS)
