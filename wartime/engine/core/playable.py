"""What a play screen needs from a rule system: the :class:`Playable` protocol.

The window (``wartime.ui``) drives a game only through these members, so another rule
system can implement them and reuse the screen, as OpenSpiel's games share their
bots.  :class:`~wartime.engine.GameState` is this project's implementation;
``tests/test_playable.py`` holds it to the protocol, statically and at run time.

Chance is part of the contract: a state's dice come from its seed, :meth:`reseed` gives
a copy new ones, and tests script them by giving a state a ``Dice`` subclass whose
``d10``/``d100`` return chosen faces (``tests/engine_support.py``'s ``ScriptedDice``):
every roll of the engine goes through ``Dice.among``, which asks ``d10`` or ``d100``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.pending import Pending
from wartime.engine.core.preview import Preview
from wartime.engine.core.refusals import Refusal
from wartime.engine.core.saves import load_game, save_game
from wartime.engine.core.scenario import load_scenario
from wartime.engine.core.state import GameState
from wartime.i18n import Reason


@runtime_checkable
class Playable(Protocol):
    """A game in progress, as a player's screen sees it."""

    @property
    def pending(self) -> Pending:
        """Who must decide what now."""
        ...

    @property
    def log(self) -> Sequence[Event]:
        """Everything that happened, in order."""
        ...

    @property
    def history(self) -> Sequence[Action]:
        """Every decision taken, in order."""
        ...

    def legal_actions(self) -> list[Action]: ...

    def check(self, action: Action) -> Reason | None:
        """Why ``action`` is illegal now, or None."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Take a decision; an illegal one raises and changes nothing."""
        ...

    def preview(self, action: Action) -> Preview: ...

    def refusals(self, figure_id: str) -> tuple[Refusal, ...]: ...

    def undo(self) -> None: ...

    def clone(self) -> Playable: ...

    def reseed(self, seed: int) -> None: ...

    def hash(self) -> str: ...


class RuleSystem(Protocol):
    """The game a :class:`Playable` is a state of (OpenSpiel keeps the two apart): how to
    start one from a map and how to keep it.  :data:`WARTIME` is this project's."""

    def new_game(self, map_path: str | Path, seed: int) -> Playable: ...

    def save(self, state: Playable, path: str | Path) -> None:
        """Write ``state`` to ``path`` atomically; a file error names the file."""
        ...

    def load(self, path: str | Path) -> Playable:
        """The game a save holds, replayed and its hash checked."""
        ...


class Wartime:
    """WARTIME THE GAME as a :class:`RuleSystem`."""

    def new_game(self, map_path: str | Path, seed: int) -> GameState:
        return load_scenario(map_path, seed=seed).new_game()

    def save(self, state: Playable, path: str | Path) -> None:
        if not isinstance(state, GameState):
            raise TypeError(f"a Wartime save holds a Wartime game, not {type(state).__name__}")
        save_game(state, path)

    def load(self, path: str | Path) -> GameState:
        return load_game(path)


WARTIME: RuleSystem = Wartime()
