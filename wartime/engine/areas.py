"""ÁREAS in play: area weapons, templates, full and half damage, and scatter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.actions import Action
from wartime.engine.events import Event
from wartime.engine.figures import Figure
from wartime.engine.profiles import Weapon
from wartime.errors import IllegalActionError

if TYPE_CHECKING:
    from wartime.engine.state import GameState


def area_attack(state: GameState, figure: Figure, action: Action, weapon: Weapon) -> list[Event]:
    """An attack with a weapon that has the bonus Área (not automated yet)."""
    raise IllegalActionError(
        f"Area attacks ({weapon.id}, Área {weapon.area}) are not automated yet"
    )
