"""The replay viewer's steps: the board as it was after each decision of a game.

A state is rebuilt by replaying the decisions from the scenario (the engine's own
replay, so the board is exactly what the game had); every :data:`EVERY`-th state is
kept, so stepping back costs at most that many decisions.
"""

from __future__ import annotations

from collections.abc import Sequence

from wartime.engine import Action, Event, GameState

EVERY = 16  # states kept: one in this many steps


class Replay:
    """Step through ``actions`` played from ``start`` (a new game of their scenario)."""

    def __init__(self, start: GameState, actions: Sequence[Action]) -> None:
        if start.history:
            raise ValueError("a replay starts from a new game")
        self.actions = tuple(actions)
        self._kept: dict[int, GameState] = {0: start.clone()}
        self._events: dict[int, tuple[Event, ...]] = {}
        self.step = 0
        self.state = start.clone()

    @classmethod
    def of(cls, game: GameState) -> Replay:
        """The replay of a game in progress or finished, from its first decision."""
        return cls(game.scenario.new_game(), game.history)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def events(self, step: int) -> tuple[Event, ...]:
        """What the ``step``-th decision caused (1-based; 0 has none)."""
        if step == 0:
            return ()
        if step not in self._events:
            here, state = self.step, self.state
            self.go(step)
            self.step, self.state = here, state
        return self._events[step]

    def go(self, step: int) -> GameState:
        """The state after ``step`` decisions (clamped to the game), made current."""
        step = max(0, min(step, self.steps))
        base = max(k for k in self._kept if k <= step)
        state = self._kept[base].clone()
        for index in range(base, step):
            self._events[index + 1] = tuple(state.apply(self.actions[index]))
            if (index + 1) % EVERY == 0 and index + 1 not in self._kept:
                self._kept[index + 1] = state.clone()
        self.step, self.state = step, state
        return state

    def forward(self) -> GameState:
        return self.go(self.step + 1)

    def back(self) -> GameState:
        return self.go(self.step - 1)
