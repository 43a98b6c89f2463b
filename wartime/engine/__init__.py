"""The game engine: a state machine that always says who decides what (DESIGN.md §3).

`Scenario` is immutable; `Scenario.new_game()` gives a `GameState` that
validates and applies `Action` values, records every die as an `Event`, and
replays identically from its seed.
"""

from wartime.engine import install  # noqa: F401  (every action and entry registers)
from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.paths import MOVES, Path, find_path
from wartime.engine.core.pending import Pending, PendingKind
from wartime.engine.core.playable import WARTIME, Playable, RuleSystem
from wartime.engine.core.preview import CheckOdds, Preview, Sighting
from wartime.engine.core.refusals import Refusal
from wartime.engine.core.saves import Replayed, load_game, replay_save, save_game
from wartime.engine.core.scenario import Ruleset, Scenario, load_scenario
from wartime.engine.core.sequence import casualty_points
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError

__all__ = [
    "MOVES",
    "WARTIME",
    "Action",
    "CheckOdds",
    "Event",
    "GameState",
    "IllegalActionError",
    "Path",
    "Pending",
    "PendingKind",
    "Playable",
    "Preview",
    "Refusal",
    "Replayed",
    "RuleSystem",
    "Ruleset",
    "Scenario",
    "Sighting",
    "casualty_points",
    "find_path",
    "load_game",
    "load_scenario",
    "replay_save",
    "save_game",
]
