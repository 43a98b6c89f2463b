"""Súper fuerza (BONUS Y MALUS): it throws the map's big objects (cars, lorries, larger).

The entry's data (targets.yaml) gives the CH CON difficulty of each size (a car plain, a
lorry D −2, anything larger D −4) and the wounds a failed lift costs with no CH DEF (1).
The throw itself, the lift's check and where the object lands are the core's
(core/throwables.py, Lanzar armas / objetos in actions/melee.py); this module answers
the ``heaves`` hook: whether the figure may lift an object of a size, and at what.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.engine.core.traits import entries_of
from wartime.rules.effects import Targeting


@hookspecs.heaves.impl(order=10, key="strength")
def heaves(figure: Figure, size: str) -> tuple[str, int, int] | None:
    """(the entry, the CH CON difficulty for ``size``, the wounds of a failed lift), or None."""
    for trait, effect in entries_of(figure, None, Targeting):
        if effect.lifts:
            shift = {"car": effect.lift_car, "lorry": effect.lift_lorry}.get(size)
            return trait.name, effect.lift_larger if shift is None else shift, effect.lift_wounds
    return None
