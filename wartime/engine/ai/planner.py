"""The planner: an AI player that searches with the engine's own rules and dice.

For a decision of its own figures (an action, a reaction, an answer to an attack) it
lists candidates and plays each on copies of the position whose future dice come from
seeds of its own (a determinisation: :meth:`GameState.lookahead`, a reseeded copy, so
it never reads the game's real rolls).  A copy applies the candidate, the baseline
plays every other decision (the rest of the activation, the enemy's reactions and
answers) up to a horizon, and the position is scored (utility.py).  So every number
comes from the resolver that plays the game: hits, wounds, reactions, what a move costs
and whether it is legal; the planner has no model of the rules of its own.

The search is successive halving with common random numbers: every candidate is first
played on a few determinisations to its next action (cheap), the baseline's choice and
the best of the rest on more, on to the side's next activation (the enemy's answer
played out too, :class:`Horizon`); every candidate meets the same seeds, so two
candidates differ by what they do and not by their luck.  Each figure's checks of each
kind roll from a stream of their own, so that a candidate that rolls one check more (a
reaction's CH VOL) does not shift the dice of every later shot, and the first checks of
each stream are spread over their odds (strata.py), so that eight plays of a shot or a
heal hit about as often as its odds say.  A finalist replaces the baseline's choice only
when its gain, seed by seed, is more than a standard error above nothing: eight rollouts
are noisy, and a move that only looks better by luck would throw away what the baseline
gets right.  The work is bounded by counts (:class:`Budget`), never by the clock, so the
same position and seed give the same decision on any machine: the seeds come from the
player's own seed (the game's) and the position's hash.

Set-up, initiative, which figure activates (unless Budget.activations), Fortuna and
chain jumps are the baseline's (players.py): they are cheap to get right greedily and
costly to roll out.  The better the baseline plays, the better the planner's rollouts
foresee.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from wartime.board.shapes import Point
from wartime.engine.ai.players import choose
from wartime.engine.ai.strata import Determinisation, StratifiedDice, determinisations
from wartime.engine.ai.utility import Scorer, Weights
from wartime.engine.core.action import Action
from wartime.engine.core.figures import Figure
from wartime.engine.core.paths import find_path
from wartime.engine.core.pending import PendingKind
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError

SEARCHED = (PendingKind.ACT, PendingKind.REACT_ACT, PendingKind.REACT, PendingKind.RESPOND)
# Where a rollout stops at the latest: a new activation, turn or game.
BOUNDARIES = (
    PendingKind.ACTIVATE, PendingKind.INITIATIVE, PendingKind.DEPLOY, PendingKind.GAME_OVER,
)  # fmt: skip
MOVES = ("mover", "correr", "esprintar")
# Actions of the list the planner never considers: they change nothing the score sees
# and would only win ties by chance (searching, waiting, moving quietly), or they throw
# away what the score cannot see the worth of (dropping or throwing its weapon).
# "girar" (a free turn, seven facings a list) would spend the budget on what a move or
# a shot decides anyway, and so would a transport's "pivotar" (ENE 3 for each of eight
# facings): the one worth making, onto the way, is the baseline's own choice, which is
# always a candidate.
IGNORED = frozenset(
    {"soltar", "lanzar_armas_objetos", "buscar", "percibir", "esperar", "mover_sin_hacer_ruido",
     "girar", "pivotar"}
)  # fmt: skip
CLOSE = 1.2  # K short of an enemy's base that a move toward it stops (no ending within 1 K)


class Horizon(Enum):
    """Where a rollout stops and is scored."""

    ACTION = "action"  # the next decision of an acting figure (the actor's next action)
    ACTIVATION = "activation"  # the end of the activation, the baseline playing the rest
    REPLY = "reply"  # the side's next activation: the enemy's answer played out too


@dataclass(frozen=True)
class Budget:
    """The work of one decision, in rollouts (never in seconds: the clock would make
    the same position give different decisions on a busy machine).

    Every candidate is first screened on ``screen`` determinisations to the next action
    (cheap; on one when there are more than ``wide`` candidates, which bounds the work
    of the widest choices), then the ``shortlist`` best are played on
    ``determinisations`` to the ``horizon``; a rollout plays at most ``steps`` decisions
    before it is scored.  A finalist replaces the baseline's choice only when it beats
    it by ``confidence`` standard errors.  With ``activations``, which of its figures
    acts next is searched too (each candidate played to the end of its activation on
    ``determinisations``).
    """

    screen: int = 2
    wide: int = 16
    shortlist: int = 3
    determinisations: int = 8
    # One reply ahead: on 42 games against the baseline 69% won to the activation's 52%
    # (docs/performance.md); 40 steps reach the side's next activation in most rollouts.
    horizon: Horizon = Horizon.REPLY
    steps: int = 40
    confidence: float = 1.0
    activations: bool = False


@dataclass
class Planner:
    """One side's planner for one game (made by the registry from the game's seed)."""

    seed: int
    weights: Weights = field(default_factory=Weights)
    budget: Budget = field(default_factory=Budget)

    def __post_init__(self) -> None:
        self.scorer = Scorer(self.weights)
        self.rollouts = 0  # played so far, for the bench

    def __call__(self, state: GameState) -> Action:
        pending = state.pending
        searched = pending.kind in SEARCHED or (
            self.budget.activations and pending.kind is PendingKind.ACTIVATE
        )
        if not searched:
            return choose(state)
        options = self.candidates(state)
        self.scorer.forget()  # what it remembered was for other positions
        if len(options) == 1:
            return options[0]
        return self.best(state, options)

    # -- the candidates ----------------------------------------------------------------
    def candidates(self, state: GameState) -> list[Action]:
        """The baseline's choice first (it wins ties), then the legal actions worth a
        look and, for an acting figure, moves along the walking way to the enemies."""
        pending = state.pending
        found = [choose(state)]
        listed = [a for a in state.legal_actions() if a.kind not in IGNORED]
        if pending.kind is PendingKind.ACT:
            figure = state.figure(pending.figure)
            listed += [a for a in _path_moves(state, figure) if state.check(a) is None]
        return list(dict.fromkeys(found + listed))

    # -- the search ------------------------------------------------------------------------
    def best(self, state: GameState, options: list[Action]) -> Action:
        """Successive halving over ``options`` with common random numbers: all of them on
        the first ``screen`` seeds to the next action, then the first option (the
        baseline's choice, which a few unlucky rolls must not cut) and the best of the
        others on every seed to the budget's horizon.  It leaves the baseline's choice
        only for one that beats it by ``confidence`` standard errors (:func:`_better`)."""
        side = state.pending.side
        assert side is not None
        budget = self.budget
        seeds = self._seeds(state, max(budget.screen, budget.determinisations))
        every = seeds[: budget.determinisations]
        if state.pending.kind is PendingKind.ACTIVATE:
            # the next action of a figure just activated is its first: nothing to screen
            final = {i: self._scores(state, a, side, every, Horizon.ACTIVATION)
                     for i, a in enumerate(options)}  # fmt: skip
            return options[_chosen(final, budget.confidence)]
        first = seeds[: budget.screen if len(options) <= budget.wide else 1]
        screened = [self._scores(state, action, side, first, Horizon.ACTION) for action in options]
        ahead = sorted(range(1, len(options)), key=lambda i: (-sum(screened[i]), i))
        finalists = [0, *ahead[: budget.shortlist - 1]]
        if budget.horizon is Horizon.ACTION:  # the screen's rollouts count again
            rest = seeds[len(first) : budget.determinisations]
            final = {
                i: screened[i] + self._scores(state, options[i], side, rest) for i in finalists
            }
        else:
            final = {
                i: self._scores(state, options[i], side, every, budget.horizon) for i in finalists
            }
        return options[_chosen(final, budget.confidence)]

    def _scores(
        self, state: GameState, action: Action, side: str, seeds: list[Determinisation],
        horizon: Horizon = Horizon.ACTION,
    ) -> list[float]:  # fmt: skip
        """The score of ``action`` on each of the determinisations ``seeds``."""
        return [self.rollout(state, action, side, d.seed, horizon, d) for d in seeds]

    def rollout(
        self, state: GameState, action: Action, side: str, seed: int,
        horizon: Horizon = Horizon.ACTION, place: Determinisation | None = None,
    ) -> float:  # fmt: skip
        """Play ``action`` on a reseeded clone, let the baseline play on to ``horizon``,
        and score the position for ``side``; its checks roll the determinisation ``place``'s
        dice (strata.py: a stream for each roller and kind of check, the first ones placed)."""
        self.rollouts += 1
        with state.lookahead(seed) as trial:
            trial.dice = StratifiedDice(trial.dice.state, place)
            try:
                trial.apply(action)
                for _ in range(self.budget.steps):
                    if _reached(trial, side, horizon):
                        break
                    trial.apply(choose(trial))
            except IllegalActionError:  # refused in this determinisation: never chosen
                return -math.inf
            return self.scorer.score(trial, side)

    def _seeds(self, state: GameState, count: int) -> list[Determinisation]:
        """The determinisations: seeds from the player's seed and the position, and the
        seed of the shuffles that place their first checks (strata.py)."""
        root = f"{self.seed}:{state.hash()}"
        seeds = [
            int.from_bytes(hashlib.sha256(f"{root}:{k}".encode()).digest()[:8], "big")
            for k in range(count + 1)
        ]
        return determinisations(seeds[:count], seeds[count])


def _chosen(final: dict[int, list[float]], confidence: float) -> int:
    """The finalist to play: the best by its mean that beats option 0 (the baseline's
    choice) by ``confidence`` standard errors, else option 0."""
    for i in sorted((i for i in final if i), key=lambda i: (-sum(final[i]), i)):
        if _better(final[i], final[0], confidence):
            return i
    return 0


def _better(scores: list[float], baseline: list[float], confidence: float) -> bool:
    """Whether ``scores`` beat ``baseline``, seed by seed (common random numbers), by more
    than ``confidence`` standard errors of their mean difference: a search this small is
    noisy, and a choice that only looks better by luck would replace the baseline's."""
    if not scores or -math.inf in scores:
        return False
    if -math.inf in baseline:
        return True
    gains = [a - b for a, b in zip(scores, baseline, strict=True)]
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    return mean > 0 and mean > confidence * error


def _reached(trial: GameState, side: str, horizon: Horizon) -> bool:
    """Whether a rollout for ``side`` has come to ``horizon``."""
    pending = trial.pending
    if horizon is Horizon.REPLY:
        if pending.kind is PendingKind.ACTIVATE:
            return pending.side == side
        return pending.kind in BOUNDARIES
    if pending.kind in BOUNDARIES:
        return True
    return horizon is Horizon.ACTION and pending.kind is PendingKind.ACT


def _path_moves(state: GameState, figure: Figure) -> Iterable[Action]:
    """Moves along the walking way toward the nearest enemies: as far as each stride
    reaches, and to the first corner (while a move still goes straight, core.routes)."""
    enemies = sorted(state.enemies_of(figure), key=lambda e: math.dist(figure.position, e.position))
    for enemy in enemies[:2]:
        path = find_path(state, figure, enemy.position)
        if len(path.legs) < 2:
            continue
        stop = path.length - (figure.radius + enemy.radius + CLOSE)
        if stop <= 0.05:
            continue
        first = math.dist(path.legs[0], path.legs[1])
        for kind in MOVES:
            reach = min(path.reach[kind], stop)
            for k in {reach, min(reach, first)}:
                if k > 0.05:
                    x, y = _along(path.legs, k)
                    yield Action(kind, figure.id, point=(round(x, 6), round(y, 6)))


def _along(legs: tuple[Point, ...], k: float) -> Point:
    """The point ``k`` K along the polyline ``legs``."""
    for a, b in itertools.pairwise(legs):
        step = math.dist(a, b)
        if k <= step and step > 0:
            t = k / step
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        k -= step
    return legs[-1]
