"""Capacidad (N): how much a transport carries inside (BONUS Y MALUS).

The transports' section (CREACIÓN DE TRANSPORTES) sets no limit on passengers, and the
engine takes any number of them in (boarding.py).  Our ruling (docs/rules-interpretations.md,
"Capacidad (N)"): a
transport carrying Capacidad (N) (its rider's entry, from the transport's archetype or
the character) holds passengers up to N load levels.  A passenger's base fills one level
per K² it covers: its diameter squared, rounded up, at least 1 (a round base sits in that
square).  The rider is the transport's driver, not a load.  An N that is not a whole
number above 0 is left to the players; a transport without the entry carries as today.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried, per_profile
from wartime.i18n import Reason, say
from wartime.rules.effects import Reach, effects_of

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure

TIE = 1e-9


@per_profile
def capacity(figure: Figure) -> tuple[str, int] | None:
    """(entry, N) of the transport ``figure`` rides, when its X is a whole number."""
    for trait in carried(figure):
        if trait.weapon is not None or not any(e.capacity for e in effects_of(trait.name, Reach)):
            continue
        param = (trait.param or "").strip()
        if param.isdigit() and int(param) > 0:
            return trait.name, int(param)
    return None


def load(figure: Figure) -> int:
    """The load levels a passenger's base fills: its diameter squared in K², rounded up."""
    return max(1, math.ceil((2 * figure.radius) ** 2 - TIE))


@hookspecs.no_room.impl(order=10, key="cargo")
def no_room(state: GameState, figure: Figure, ride: Figure | None) -> Reason | None:
    """Why ``figure`` does not fit in ``ride`` (None: it fits, or no limit applies)."""
    if ride is None:
        return None
    found = capacity(ride)
    if found is None:
        return None
    name, levels = found
    inside = sum(load(f) for f in state.figures.values() if f.aboard == ride.id)
    need = load(figure)
    if inside + need <= levels:
        return None
    return say(
        "refused.cargo.no_room",
        entry=name,
        levels=levels,
        ride=ride.id,
        inside=inside,
        figure=figure.id,
        need=need,
    )
