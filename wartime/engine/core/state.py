"""GameState: the position, who must decide what, and how decisions change it.

Like python-chess's Board and OpenSpiel's State: the scenario (the game) is
immutable, the state changes only through :meth:`GameState.apply`, chance
comes from one seeded :class:`Dice`, and every change is logged as events.
An illegal action raises :class:`IllegalActionError` and leaves the state
exactly as it was: actions are applied to a clone, which replaces the state
only when the action succeeds.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from wartime.board.battlefield import SIDES, Throwable
from wartime.board.shapes import Point
from wartime.engine.core import acting, deployment, hookspecs, reactions, responses, sequence
from wartime.engine.core import legal as choices
from wartime.engine.core.action import Action
from wartime.engine.core.dispatch import HANDLERS
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.midway import Question, Suspended, answering, suspend
from wartime.engine.core.observation import Observation, hidden_from, observe
from wartime.engine.core.pending import Pending, PendingKind
from wartime.engine.core.preview import Preview, preview
from wartime.engine.core.refusals import Refusal, refusals
from wartime.engine.core.world import WALKING_HEIGHT, World
from wartime.errors import IllegalActionError
from wartime.i18n import Reason, say
from wartime.physics import Table
from wartime.rules.dice import Dice

if TYPE_CHECKING:
    from wartime.engine.core.bombs import Mine
    from wartime.engine.core.responses import Declared, Exchange
    from wartime.engine.core.scenario import Reserve, Scenario
    from wartime.engine.entries.clouds import Cloud

PHASES = 10  # FASES DE INICIATIVA: from 10 down to 1


# What GameState.hash digests, and how: a save records it, so that a save written by a
# version that hashed otherwise still replays instead of failing its check.  Version 2
# digests every field always (version 1 left out fields at their defaults, so that the
# hashes of older saves stayed as they were while the engine grew).
HASH_VERSION = 2


class GameState:
    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.dice = Dice(scenario.seed)
        self.turn = 1
        self.phase = PHASES
        self.figures: dict[str, Figure] = {
            unit.id: Figure.from_unit(unit, scenario.profiles[unit.id])
            for unit in scenario.battlefield.units
        }
        hookspecs.figures_enter.collect(tuple(self.figures.values()))
        self.initiative: dict[str, str] = {}  # side -> the Pj it rolls with, this turn
        self.leader: str | None = None  # the side that won the initiative this turn
        self.to_move: str | None = None  # the side that picks the next Pj in this phase
        self.active: str | None = None  # the Pj acting now
        self.winner: str | None = None
        self.over = False
        self.window: reactions.Window | None = None  # an open chance to react
        self.declared: Declared | None = None  # an action waiting for its target's answer
        self.exchange: Exchange | None = None  # a Combate mental waiting for its next blow
        self.dodging: tuple[str, str] | None = None  # (dodger, attacker) while a blow resolves
        # (target, why, DEF shift) while the hits of a volley resolve (Arma de enjambre)
        self.volley_defense: tuple[str, str, int] | None = None
        self.countering: tuple[str, str] | None = None  # (counter-mage, caster) likewise
        self.bullet_time: set[str] = set()  # passed a reaction CH VOL against the active Pj
        self.resume: tuple[str, ...] = ()  # Órdenes: who carries on when the ordered Pj ends
        self.clouds: tuple[Cloud, ...] = ()  # smoke and lasting areas on the table (clouds.py)
        self.mines: tuple[Mine, ...] = ()  # bombs left on the table (mines.py)
        self.reserves = [r.id for r in scenario.reserves]  # still to deploy, in list order
        self.summonable = [r.id for r in scenario.summonable]  # Avatar: still to be summoned
        # Invisible: the figures off the board, their place known to their own side only
        self.invisible: tuple[str, ...] = ()
        # Súper fuerza: where each of the map's throwables lies now, for those a throw moved
        # (the others lie where the map puts them; see throwable_at)
        self.thrown: dict[str, Point] = {}
        self.deploy_side = "A"  # the side that places the next reserve
        self.probing = False  # a trial that only checks legality
        # The action a preview plays on this copy (preview.py): its target does not
        # answer it, and no reaction window opens after it (both other players' choices).
        self.previewing: Action | None = None
        # Compulsions (behaviour.py, minds.py) this trial does not ask: it probes an action
        # one of them owes, and asking them again would probe it again, without end.
        self.unbound: frozenset[str] = frozenset()
        self.suspended: Suspended | None = None  # a decision waiting for an answer (midway.py)
        self.answers: tuple[str, ...] = ()  # the answers its resolution is applied with
        self.answer_index = 0  # how many of them the resolution has taken so far
        self.history: list[Action] = []
        self.log: list[Event] = []
        self.world = World.of(scenario.battlefield)  # immutable: clones share it
        self._physics: Table | None = None

    # -- the contract ------------------------------------------------------------------
    @property
    def pending(self) -> Pending:
        if self.over:
            return Pending(PendingKind.GAME_OVER, None, turn=self.turn, winner=self.winner)
        if self.suspended is not None:
            held = self.suspended
            kind = PendingKind(held.kind)
            return Pending(kind, held.side, held.figure, self.turn, self.phase)
        if self.reserves:
            return Pending(PendingKind.DEPLOY, deployment.side_to_deploy(self), turn=self.turn)
        if self.leader is None:
            side = next(s for s in SIDES if s not in self.initiative)
            return Pending(PendingKind.INITIATIVE, side, turn=self.turn)
        if self.exchange is not None:
            answerer = self.figures[self.exchange.answerer]
            return Pending(PendingKind.RESPOND, answerer.side, answerer.id, self.turn, self.phase)
        if self.declared is not None:
            target = self.figures[self.declared.target]
            return Pending(PendingKind.RESPOND, target.side, target.id, self.turn, self.phase)
        if self.window is not None:
            kind = PendingKind.REACT if self.window.reactor is None else PendingKind.REACT_ACT
            return Pending(kind, self.window.side, self.window.reactor, self.turn, self.phase)
        if self.active is not None:
            side = self.figures[self.active].side
            return Pending(PendingKind.ACT, side, self.active, self.turn, self.phase)
        return Pending(PendingKind.ACTIVATE, self.to_move, turn=self.turn, phase=self.phase)

    def legal_actions(self) -> list[Action]:
        return choices.legal_actions(self)

    def apply(self, action: Action) -> list[Event]:
        """Validate and apply one decision; returns the events it caused."""
        mark = self._mark()
        trial = self._trial()
        try:
            events = trial._apply(action)
        except Question as question:  # the attempt is dropped; the decision waits for it
            trial._restore_physics(self, mark)
            self.suspended = suspend(self, action, question)
            self.history.append(action)
            self.log.append(question.event)
            return [question.event]
        except BaseException:
            trial._restore_physics(self, mark)
            raise
        trial.history.append(action)
        trial.log.extend(events)
        self.__dict__.update(trial.__dict__)
        return events

    def preview(self, action: Action) -> Preview:
        """What ``action`` would cost and roll now, with exact odds from the resolver
        itself, and what its target would take (:mod:`.preview`); the state is untouched."""
        return preview(self, action)

    def refusals(self, figure_id: str) -> tuple[Refusal, ...]:
        """The actions of the book ``figure_id`` cannot take now, each with the reason
        (:mod:`.refusals`); the state is untouched."""
        return refusals(self, figure_id)

    def observe(self, side: str) -> Observation:
        """What ``side`` knows of the game (hidden information kept out: Invisible)."""
        return observe(self, side)

    def observed(self, side: str) -> GameState:
        """A copy of the game as ``side`` knows it, for a player to decide on: the
        enemies hidden from it are not on the table at all (it cannot aim at, walk to or
        fear them)."""
        twin = self.clone()
        hidden = hidden_from(self, side)
        if hidden:
            twin.figures = {fid: f for fid, f in twin.figures.items() if fid not in hidden}
            twin.invisible = tuple(fid for fid in twin.invisible if fid not in hidden)
            twin._physics = None  # built again without them
        return twin

    def check(self, action: Action, *, unbound: frozenset[str] = frozenset()) -> Reason | None:
        """Why ``action`` is illegal now, or None when it is legal (the state is untouched).

        ``unbound`` names the compulsions the check leaves out (:attr:`unbound`).
        """

        def attempt(trial: GameState) -> None:
            trial.unbound |= unbound
            trial._apply(action)

        return self.probe(attempt)

    def probe(self, attempt: Callable[[GameState], object]) -> Reason | None:
        """Why ``attempt`` on a trial copy raises IllegalActionError, or None (untouched)."""
        mark = self._mark()
        trial = self._trial()
        trial.probing = True  # legality only: skip the consequences, such as who may react
        try:
            attempt(trial)
        except IllegalActionError as exc:
            return exc.reason
        finally:
            trial._restore_physics(self, mark)
        return None

    def undo(self) -> None:
        """Take back the last decision by replaying the game up to the one before it."""
        if not self.history:
            raise IllegalActionError(say("refused.state.undo"))
        replay = self.scenario.new_game()
        for action in self.history[:-1]:
            replay.apply(action)
        self.__dict__.update(replay.__dict__)

    def clone(self) -> GameState:
        twin = self._copy_position()
        twin.history = list(self.history)
        twin.log = list(self.log)
        twin._physics = None  # rebuilt on demand: pymunk spaces are not shared
        return twin

    def reseed(self, seed: int) -> None:
        """The state's future dice come from a new seed.

        For a player that looks ahead on a clone without reading the game's own future
        rolls (a determinisation): the position stays as it is, only the chance to come
        changes.  A reseeded state no longer replays from its history, since the
        scenario's seed and the actions no longer give its dice; reseed a clone, never
        the game being played or saved.
        """
        self.dice = Dice(seed)

    @contextmanager
    def lookahead(self, seed: int) -> Iterator[GameState]:
        """A reseeded copy of the position to play ahead on, for a player's search.

        Unlike :meth:`clone`, the copy borrows this state's movement table (building
        one costs as much as a dozen moves) and puts every base back as this state has
        it on leaving the block; it starts with a copy of the history (rules read the
        actions before: Correr's next action, Maniobrar after a move) and an empty log,
        and its dice come from ``seed`` (:meth:`reseed`).  Use this state only after
        the block.
        """
        mark = self._mark()
        twin = self._copy_position()
        twin.history, twin.log = list(self.history), []
        twin.reseed(seed)
        try:
            yield twin
        finally:
            twin._restore_physics(self, mark)

    def _copy_position(self) -> GameState:
        """Everything that changes in play, copied; history, log and physics still shared."""
        twin = copy.copy(self)
        twin.dice = self.dice.clone()
        twin.figures = {k: f.copy() for k, f in self.figures.items()}
        twin.initiative = dict(self.initiative)
        twin.reserves = list(self.reserves)
        twin.summonable = list(self.summonable)
        twin.invisible = tuple(self.invisible)
        twin.thrown = dict(self.thrown)
        twin.window = self.window.copy() if self.window else None
        twin.bullet_time = set(self.bullet_time)
        twin.clouds = tuple(self.clouds)  # frozen clouds: the tuple is enough
        twin.mines = tuple(self.mines)  # frozen bombs too
        return twin

    def _trial(self) -> GameState:
        """A clone that borrows this state's physics table (restored if the trial is dropped).

        It also shares the history and the log: rules never touch them, and apply()
        appends to them only once the trial has succeeded and replaces this state.
        """
        return self._copy_position()

    def _mark(self) -> tuple[Table, int] | None:
        """The movement table and its count of changes now, while it holds this state's
        bases: a copy that leaves the count as it was moved none, so none is put back."""
        table = self._physics
        return None if table is None else (table, table.changes)

    def _restore_physics(self, original: GameState, mark: tuple[Table, int] | None = None) -> None:
        """Put every base the trial moved, added or removed back as ``original`` has it.

        Every changed base leaves the table before any is put back: a base the trial
        brought in (a hero standing up) may cover the spot of one it took off (the
        figure that fell), and bases may never overlap.
        """
        table = self._physics
        if table is None:
            return
        if mark is not None and mark[0] is table and mark[1] == table.changes:
            original._physics = table
            return
        wanted = {fid: f.disc() for fid, f in original.figures.items() if f.on_table}
        for disc in table.bases:
            kept = wanted.get(disc.id)
            if kept is None or kept.centre != disc.centre:  # (a base never changes size)
                table.remove(disc.id)
        for fid, disc in wanted.items():
            if not table.holds(fid):
                table.place(disc)
        original._physics = table

    def hash(self) -> str:
        """A digest of everything that decides the future of the game (HASH_VERSION)."""
        snapshot = (
            self.turn, self.phase, sorted(self.initiative.items()), self.leader, self.to_move,
            self.active, self.winner, self.over, self.dice.state,
            self.window and self.window.snapshot(),
            self.declared and self.declared.snapshot(),
            self.exchange and self.exchange.snapshot(),
            self.suspended and self.suspended.snapshot(),
            self.reserves or None, self.deploy_side if self.reserves else None,
            sorted(self.bullet_time), [c.snapshot() for c in self.clouds],
            [m.snapshot() for m in self.mines], list(self.resume),
            [f.snapshot() for f in sorted(self.figures.values(), key=lambda f: f.id)],
            # (added after version 2, digested only when set: earlier hashes stay as they were)
            *([sorted(self.summonable)] if self.summonable else []),
            *([["invisible", sorted(self.invisible)]] if self.invisible else []),
            *([sorted(self.thrown.items())] if self.thrown else []),
        )  # fmt: skip
        return hashlib.sha256(json.dumps(snapshot, default=str).encode()).hexdigest()[:16]

    # -- helpers for the rule modules ---------------------------------------------------
    def figure(self, figure_id: str | None) -> Figure:
        if figure_id is None or figure_id not in self.figures:
            raise IllegalActionError(say("refused.state.no_figure", figure=figure_id))
        return self.figures[figure_id]

    def reserve(self, reserve_id: str) -> Reserve:
        """A character still off the table: to deploy, or to summon (Avatar)."""
        waiting = (*self.scenario.reserves, *self.scenario.summonable)
        return next(r for r in waiting if r.id == reserve_id)

    def throwable(self, ident: str | None) -> Throwable | None:
        """The map's throwable object called ``ident`` (Súper fuerza), or None."""
        return next((t for t in self.scenario.battlefield.throwables if t.id == ident), None)

    def throwable_at(self, thing: Throwable) -> Point:
        """Where a throwable lies now: where a throw left it, else where the map puts it."""
        return self.thrown.get(thing.id, thing.position)

    def living(self, side: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == side and not f.casualty]

    def enemies_of(self, figure: Figure) -> list[Figure]:
        """The enemies in the game and on the table (one away, Desaparecer, is not)."""
        return [f for f in self.figures.values() if f.side != figure.side and f.present]

    def lift(self, figure: Figure) -> None:
        """Take the figure's base off the movement table (a casualty, a passenger, a flyer)."""
        if self._physics is not None and self._physics.holds(figure.id):
            self._physics.remove(figure.id)

    def settle(self, figure: Figure) -> None:
        """Put the figure's base back on the movement table, if it belongs there now."""
        table = self.physics()
        if figure.on_table and not table.holds(figure.id):
            table.place(figure.disc())

    def physics(self) -> Table:
        """The bases on the table for movement; built lazily, kept in step with moves.

        Walls up to a human's chest are stepped over (difficult ground), so only
        taller solids block; one table serves every figure, as if each were 1 K tall.
        """
        if self._physics is None:
            width, height = self.scenario.battlefield.size
            discs = [f.disc() for f in self.figures.values() if f.on_table]
            self._physics = Table(width, height, self.world.blocking(WALKING_HEIGHT), discs)
        return self._physics

    # -- dispatch -------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        action.check_form()
        if action.options and action.kind not in HANDLERS:
            raise IllegalActionError(
                say("refused.state.options", kind=action.kind, given=", ".join(action.options))
            )
        pending = self.pending
        handlers: dict[PendingKind, Callable[[GameState, Action], list[Event]]] = {
            PendingKind.DEPLOY: deployment.deploy,
            PendingKind.INITIATIVE: sequence.choose_initiative,
            PendingKind.ACTIVATE: sequence.activate,
            PendingKind.ACT: acting.act,
            PendingKind.REACT: reactions.decide,
            PendingKind.REACT_ACT: reactions.react,
            PendingKind.RESPOND: responses.respond,
        }
        if pending.kind is PendingKind.GAME_OVER:
            raise IllegalActionError(say("refused.state.over"))
        if self.suspended is not None:  # an answer: apply the held decision again
            held, self.answers = answering(self, action)
            self.suspended, self.answer_index = None, 0
            try:
                return self._apply(held)
            finally:
                self.answers, self.answer_index = (), 0
        return handlers[pending.kind](self, action) + sequence.settle(self)
