"""Which rule module handles each automated action of the list (by action id)."""

from __future__ import annotations

from wartime.engine import (
    altitude,
    boarding,
    combat,
    entry_actions,
    generic,
    holds,
    items,
    melee_variants,
    metaabilities,
    mind,
    moves,
    responses,
    surprise,
    terrain_moves,
    transports,
)  # fmt: skip
from wartime.engine.sequence import Handler

CORE: dict[str, Handler] = {
    "mover": moves.mover,
    "correr": moves.correr,
    "esprintar": moves.esprintar,
    "agacharse": moves.agacharse,
    "cuerpo_a_tierra": moves.cuerpo_a_tierra,
    "levantarse": moves.levantarse,
    "esperar": moves.esperar,
    "cargar": moves.cargar,
    "ataque_distancia": combat.ataque_distancia,
    "ataque_cac": combat.ataque_cac,
}

# Each rule module lists the actions it plays; an id may be handled once only.
HANDLERS: dict[str, Handler] = {
    **CORE,
    **terrain_moves.HANDLERS,
    **melee_variants.HANDLERS,
    **generic.HANDLERS,
    **mind.HANDLERS,
    **metaabilities.HANDLERS,
    **surprise.HANDLERS,
    **transports.HANDLERS,
    **responses.HANDLERS,
    **altitude.HANDLERS,
    **boarding.HANDLERS,
    **holds.HANDLERS,
    **items.HANDLERS,
    **entry_actions.HANDLERS,  # Usar bonus: actions the catalogue's entries give
}


def not_yet_automated() -> list[str]:
    """Names of the actions of the list the engine does not play yet (shown to players)."""
    from wartime.rules.actions import load_actions

    return [a.name for a in load_actions().actions if a.id not in HANDLERS]
