"""A figure's numbers as the rules read them now: its own, then what the hooks add.

The entries that change a number (a leader's VOL near, Súper vista, Rápido, Lento)
register on :mod:`.hookspecs`; every rule module reads the number here and never
asks the entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.geometry.vision import vision_range

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.state import GameState


def vol(state: GameState, figure: Figure) -> int:
    """The VOL ``figure`` uses now (PSICOLOGÍA, the phases, CdV), entries included."""
    return hookspecs.vol.thread(figure.vol, state, figure)


def sight_extra(figure: Figure) -> float:
    """K the figure's entries add to its CdV."""
    return hookspecs.sight.fold(0.0, figure)


def cdv(state: GameState, figure: Figure) -> float:
    """The figure's CdV in K: VOL×5 (DESIGN.md §7) and what its entries add."""
    return vision_range(vol(state, figure)) + sight_extra(figure)


def stride_extra(figure: Figure, kind: str) -> float:
    """K more the figure's ``kind`` movement (an action id) reaches."""
    return hookspecs.stride.fold(0.0, figure, kind)


def prices_moves(figure: Figure) -> bool:
    """Whether a sampled move of the figure must be priced with its entries (Lento)."""
    return any(hookspecs.prices_moves.collect(figure))


def charge_extra(state: GameState, figure: Figure) -> float:
    """K its side's cries add to Cargar's reach now (Grito berserker, Grito de sangre)."""
    return sum(k for found in hookspecs.charge_reach.collect(state, figure) for _, k in found)
