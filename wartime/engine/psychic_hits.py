"""Hits that strike the mind: Munición psíquica, and the protections that stop them (Muro).

BONUS Y MALUS, our rulings (docs/rules-interpretations.md):

- a hit with "Munición psíquica" is defended with the usual CH DEF, but only the
  protections carrying "Muro" give DEF against it; each wound it would have dealt is
  1 stress instead (psychology.stress_limits: above VOL, unconscious).  It is no wound:
  no CH PSI for being wounded, no wound on a protection, no wound entries;
- a "Muro" piece gives no DEF against any other hit and is never the piece a fumbled
  CH DEF wounds.

Each protection of a profile keeps its own entries (Protection.bonuses), so the
Muro pieces are known: Figure.defense leaves them out, Figure.mind_defense sums them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core.stats import vol
from wartime.engine.core.traits import entries_of
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.psychology import stress_limits

if TYPE_CHECKING:
    from wartime.engine.hits import Blow
    from wartime.engine.state import GameState

PSYCHIC = "Munición psíquica"  # its hits deal stress instead of wounds


def stress_ammo(blow: Blow | None) -> str | None:
    """The entry that makes this hit deal stress (Munición psíquica), on the weapon used
    or on the striker; a hit with no weapon (a fumble's, unarmed) never does."""
    if blow is None or blow.weapon is None:
        return None
    found = (t.name for t, _ in entries_of(blow.striker, blow.weapon) if t.name == PSYCHIC)
    return next(found, None)


def wall_pieces(figure: Figure) -> frozenset[int]:
    """The indexes of ``figure``'s protections that carry Muro."""
    pieces = figure.profile.protections
    return frozenset(i for i, piece in enumerate(pieces) if piece.guards_the_mind)


def deal_stress(state: GameState, target: Figure, amount: int, entry: str) -> list[Event]:
    """The wounds a stress hit lets through, as stress (above VOL: unconscious)."""
    if amount <= 0:
        text = f"{entry}: {target.id} no gana estrés"
        return [Event("no_stress", text, {"figure": target.id, "entry": entry})]
    target.stress += amount
    text = f"{entry}: {target.id} gana {amount} de estrés ({target.stress}/{vol(state, target)})"
    data = {"figure": target.id, "stress": target.stress, "gain": amount, "entry": entry}
    return [Event("stress", text, data), *stress_limits(state, target)]
