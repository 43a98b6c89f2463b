"""Energy shields (Escudo de energía and its advanced kind): what a figure's shield is.

The entry with a ``shield`` gives it levels (its level), a check number and the ENE
that restores a lost level; the shield meets ranged hits (entries/shields.py) and Usar
bonus gives a level back (actions/usar_bonus.py), so what the shield is, is core.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine.core.figures import Figure
from wartime.engine.core.traits import entries_of
from wartime.rules.effects import Choice


@dataclass(frozen=True)
class Shield:
    """An energy shield a figure carries: its entry, check number, levels and ENE."""

    name: str
    number: int
    levels: int
    restore: int | None

    def left(self, figure: Figure) -> int:
        return max(0, self.levels - figure.shield_lost)


def shield_of(figure: Figure) -> Shield | None:
    """The figure's energy shield (the first entry with one), or None."""
    for trait, effect in entries_of(figure, None, Choice):
        if effect.shield is not None:
            return Shield(trait.name, effect.shield, trait.level, effect.restore)
    return None
