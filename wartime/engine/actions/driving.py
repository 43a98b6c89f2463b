"""What a transport may not do (MOVIMIENTO, Girar y pivotar; CREACIÓN DE TRANSPORTES).

A transport never fights in CaC nor moves as a body on foot does (BONUS Y MALUS, Mecha
is the exception: it acts as a Pj on foot).  How it drives (along its facing, a turn of
up to 45°, its ENE to start) is core, :mod:`wartime.engine.core.vehicles`; its actions
and its wounds are in :mod:`wartime.engine.actions.transport`.
"""

from __future__ import annotations

import functools

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.figures import Figure
from wartime.engine.core.state import GameState
from wartime.engine.core.vehicles import drives
from wartime.i18n import Reason, say
from wartime.rules.actions import load_actions

# What a transport cannot do: CaC (BONUS Y MALUS, Mecha is the exception), and the
# moves of a body on foot.
_ON_FOOT = frozenset(
    {
        *("agacharse", "cuerpo_a_tierra", "levantarse", "mover_sin_hacer_ruido", "dejarse_caer"),
        *("escalar", "nadar", "salto_de_longitud", "giro_180", "cargar", "contracarga"),
        *("esquivar_en_cac", "destrabarse", "empujar", "inmovilizar_enemigo", "noquear"),
        *("desarmar", "ataque_sorpresa", "esconderse", "huir", "mover_cargado"),
    }
)


@functools.cache
def _cac() -> frozenset[str]:
    """The list's Ataque CaC blows (read on first use, not at import)."""
    return frozenset(a.id for a in load_actions().actions if a.id.startswith("ataque_cac"))


@hookspecs.refusal.impl(order=30, key="driving")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why a figure in a transport cannot take ``action``, or None."""
    if not drives(figure) or action.kind not in _ON_FOOT | _cac():
        return None
    vehicle = figure.profile.transport
    assert vehicle is not None
    return say("refused.driving.rides", figure=figure.id, vehicle=vehicle.id, kind=action.kind)
