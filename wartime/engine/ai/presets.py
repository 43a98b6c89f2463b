"""The planner's personalities: how much risk each one takes.

A preset is a set of weights for the score (utility.Weights) with a name for the
registry (``planner-<name>``) and a label for the play mode's set-up, from the
catalogue (``ai.preset.<name>``) in the language shown.  They differ in what they fear:
``prudente`` counts its own losses and the enemy's next shots at it heavily, ``agresivo``
counts the damage it deals and its own next shots, and walks at the enemy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wartime.engine.ai.planner import Planner
from wartime.engine.ai.utility import Weights
from wartime.engine.core.action import Action
from wartime.engine.core.state import GameState
from wartime.i18n import text

PLANNER = "planner"  # the registry name of the default preset; the others add "-<name>"


@dataclass(frozen=True)
class Preset:
    """A personality of the planner: its name, its label for a menu, its weights."""

    name: str
    weights: Weights
    default: bool = False  # the plain "planner" of the registry

    @property
    def label(self) -> str:
        """Its label for a menu, in the language shown."""
        return text(f"ai.preset.{self.name}")

    @property
    def player(self) -> str:
        """Its name in the registry of AI players."""
        return PLANNER if self.default else f"{PLANNER}-{self.name}"

    def make(self, seed: int) -> Callable[[GameState], Action]:
        """A fresh planner of this personality for one game."""
        return Planner(seed, self.weights)


BALANCED = Preset("equilibrado", Weights(), default=True)
PRUDENT = Preset(
    "prudente",
    Weights(dealt=1.0, taken=1.6, threat=0.3, exposure=0.9, approach=0.005),
)  # fmt: skip
AGGRESSIVE = Preset(
    "agresivo",
    Weights(dealt=1.3, taken=0.8, threat=0.7, exposure=0.25, approach=0.02),
)  # fmt: skip
PRESETS = (BALANCED, PRUDENT, AGGRESSIVE)


def planner_players() -> dict[str, Callable[[int], Callable[[GameState], Action]]]:
    """The registry's entries for the planner: each preset's name and factory."""
    return {preset.player: preset.make for preset in PRESETS}
