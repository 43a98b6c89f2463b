"""A game in progress at one screen: the seats, the AI players, undo and saves.

Undo follows Into the Breach's rule: a person's last decision can be taken back as long
as no die has been rolled since it.  A decision that rolled a die (or an AI's, which the
person did not take) closes the way back.  Saves are the engine's ``wartime_save``,
written atomically; the seats are the screen's business and are not saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from wartime.engine import WARTIME, Action, Event, GameState, Pending, PendingKind
from wartime.engine.ai import Player, make_player

SIDES = ("A", "B")


@dataclass(frozen=True)
class Seat:
    """Who decides for ``side``: a person (``player`` None) or an AI of the registry."""

    side: str
    player: str | None = None

    @property
    def person(self) -> bool:
        return self.player is None


@dataclass(frozen=True)
class Decided:
    """One decision taken in this session, and whether it may be taken back."""

    action: Action
    events: tuple[Event, ...]
    side: str | None
    by_person: bool
    rolled: bool  # a die was rolled: the decision, and all before it, stay
    before: GameState | None  # the game before it, while it may be taken back


class Session:
    """The state of one game and who plays it; every change goes through :meth:`decide`."""

    def __init__(self, state: GameState, seats: Mapping[str, Seat], seed: int = 0) -> None:
        missing = [side for side in SIDES if side not in seats]
        if missing:
            raise ValueError(f"no seat for side {', '.join(missing)}")
        self.state = state
        self.seats = dict(seats)
        self.players: dict[str, Player] = {
            side: make_player(seat.player, seed)
            for side, seat in self.seats.items()
            if seat.player is not None
        }
        # This session's decisions, the last few in full (a loaded game's are fixed): a
        # decision that rolled a die, or an AI's, drops the copies kept before it.
        self.decided: list[Decided] = []

    # -- who decides -------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        return self.state.pending

    @property
    def over(self) -> bool:
        return self.pending.kind is PendingKind.GAME_OVER

    def seat(self) -> Seat | None:
        """The seat that must decide now (None when the game is over)."""
        side = self.pending.side
        return None if side is None or self.over else self.seats.get(side)

    def viewer(self) -> str | None:
        """The side whose view the screen shows (its hidden information only): the person
        deciding now, else the only person at the table; None when AIs play each other."""
        seat = self.seat()
        if seat is not None and seat.person:
            return seat.side
        people = [s.side for s in self.seats.values() if s.person]
        return people[0] if len(people) == 1 else None

    def ai_to_decide(self) -> bool:
        seat = self.seat()
        return seat is not None and not seat.person

    def hand_off(self, before: str | None) -> bool:
        """Whether a hot-seat hand-off screen goes up: a person must decide now for a side
        other than ``before``, the side of the person who decided last."""
        seat = self.seat()
        return seat is not None and seat.person and before is not None and seat.side != before

    # -- deciding ----------------------------------------------------------------------
    def decide(self, action: Action) -> list[Event]:
        """Apply a person's decision; an illegal one raises IllegalActionError and the
        game stays as it was."""
        return self._apply(action, by_person=True)

    def play_ai(self) -> tuple[Action, list[Event]]:
        """The AI whose side must decide plays one decision."""
        seat = self.seat()
        if seat is None or seat.person:
            raise RuntimeError("no AI is to decide now")
        action = self.players[seat.side](self.state)
        return action, self._apply(action, by_person=False)

    def _apply(self, action: Action, by_person: bool) -> list[Event]:
        side = self.pending.side
        dice = self.state.dice.state
        before = self.state.clone() if by_person else None
        events = self.state.apply(action)
        rolled = self.state.dice.state != dice or any(e.kind == "roll" for e in events)
        if rolled or not by_person:  # nothing before this can be taken back any more
            self.decided = [replace(d, before=None) if d.before else d for d in self.decided]
            before = None
        self.decided.append(Decided(action, tuple(events), side, by_person, rolled, before))
        return events

    # -- taking back -------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why the last decision cannot be taken back, or None when it can."""
        if not self.decided:
            return "Nothing to undo in this session"
        last = self.decided[-1]
        if not last.by_person:
            return "The last decision was the AI's"
        if last.rolled or last.before is None:
            return "A die has been rolled since: the decision stands"
        return None

    def undo(self) -> Action:
        """Take back the last decision (see :meth:`undo_refusal`); returns it."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise ValueError(refusal)
        last = self.decided.pop()
        assert last.before is not None
        self.state = last.before  # a copy, not a replay: a reseeded game undoes too
        return last.action

    # -- keeping it --------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the game atomically as a ``wartime_save``."""
        WARTIME.save(self.state, path)

    @classmethod
    def load(cls, path: str | Path, seats: Mapping[str, Seat], seed: int = 0) -> Session:
        """The game a save holds, replayed and checked; a bad file is a DataError that
        names it, and nothing on screen changes until it has loaded."""
        state = WARTIME.load(path)
        assert isinstance(state, GameState)
        return cls(state, seats, seed)
