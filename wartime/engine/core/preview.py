"""What an action would do, with its exact odds, read from the resolver itself.

:func:`preview` plays the action on copies of the position whose dice are not random
but scripted, one copy per branch of the dice tree: every die the resolver asks for is
a branch point, and each of its outcomes is played out in turn (the tree is walked
depth first, each leaf played from the position).  The odds therefore come from the
same code that resolves the action, never from a separate model: a check's
modifiers, rerolls, Fortuna, a protection's wounds all count as they would in play.

A check asks :meth:`Dice.among` for its die with the faces it reads alike grouped
(2 to the target are one pass), so it branches four or five ways, not ten.  A
continuous draw (the angle of a scatter) has no branches: such a preview, and one
whose tree grows past :data:`LEAVES`, is estimated instead from :data:`SAMPLES` plays
on reseeded copies, through the same resolver, and says so (``exact`` is False).

What follows the action in the same decision plays too: a question midway (Fortuna,
the jump of a chain) takes its default.  What other players would decide does not: the
target does not answer an attack (Huir, Esquivar), and nobody reacts to the action
(:attr:`GameState.previewing` tells the resolver so).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from wartime.engine.core.action import Action
from wartime.engine.core.combat import sight
from wartime.engine.core.events import Event
from wartime.engine.core.midway import Question, choices
from wartime.rules.dice import Dice

if TYPE_CHECKING:  # the state imports this module for GameState.preview
    from wartime.engine.core.state import GameState

LEAVES = 600  # the largest tree enumerated exactly (a leaf costs one play of the action)
SAMPLES = 400  # plays of an estimate of the whole, when the tree is too large
CONTINUOUS_SAMPLES = 12  # plays at most of each subtree that starts with a continuous draw
# The rolls a preview branches on: the attack's own checks.  The checks that follow from what the
# attack did (the target's CH PSI for its wounds, a CH LOC...) take seeded dice: they
# are listed with their odds, but their own consequences are not enumerated.
BRANCHED = ("CH IMP", "CH DEF", "2º CH IMP", "2º CH DEF")
FOLLOW_UPS = 8  # answers played after the action before the preview gives up on it
OUTCOMES = ("critical", "pass", "fail", "fumble")


@dataclass(frozen=True)
class CheckOdds:
    """One check the action would roll: what it is, against what, and its odds.

    ``odds`` are conditional on the check being rolled at all, which happens with
    probability ``reached`` (a CH DEF is rolled only after a hit)."""

    who: str
    purpose: str  # as the log names it: "CH IMP (ataque a distancia)"
    check: str | None  # IMP, DEF, VOL, PSI...
    attribute: str | None  # the attribute it rolls on, when it rolls on one
    base: int
    modifiers: tuple[tuple[str, int], ...]
    target: int  # base plus modifiers
    reached: Fraction
    odds: Mapping[str, Fraction]  # critical, pass, fail, fumble: they sum to 1

    @property
    def success(self) -> Fraction:
        return self.odds["critical"] + self.odds["pass"]


@dataclass(frozen=True)
class Sighting:
    """What the actor sees of the target where both stand: the edge-to-edge distance in
    K, whether the target is in its CdV, the cover % of its silhouette, the class of
    that cover and the LdV it leaves ("clear", "partial", "blocked"); ``dark``: the LdV is
    blocked because the target stands in the dark (cover then reads 100)."""

    distance: float
    in_vision: bool
    cover: float
    cover_class: str
    line_of_sight: str
    dark: bool = False


@dataclass(frozen=True)
class Preview:
    """The ENE an action costs, the checks it rolls and, for an attack, what its target
    takes: ``wounds`` maps a number of wounds to its probability (they sum to 1)."""

    action: Action
    ene: int
    checks: tuple[CheckOdds, ...]
    wounds: Mapping[int, Fraction] | None
    taken_out: Fraction | None  # the chance that the target is a casualty after it
    exact: bool  # False: estimated from SAMPLES reseeded plays (see the module's doc)
    plays: int  # how many plays of the action it took
    sight: Sighting | None = None  # the actor's view of the target figure, if any

    @property
    def wound_chance(self) -> Fraction | None:
        """The chance that the target takes at least one wound."""
        return None if self.wounds is None else 1 - self.wounds.get(0, Fraction(0))


class _Continuous(BaseException):
    """The resolver asked for a draw the tree does not enumerate: a continuous one, or
    a die that no check reads (a scatter's distance), whose subtree is sampled."""


@dataclass(frozen=True)
class _Strata:
    """The parts of their ranges a sampled play's first uniform draw and first die take."""

    angle: tuple[int, int]
    die: tuple[int, int]


class _Walk:
    """What the copies of one play's dice share: a copy is made at every apply(), and
    it goes on from the same place (a probe's copy too, which draws what the play will
    draw next).  The script grows by the first outcome of each branch the play opens."""

    __slots__ = (
        "die_stratum", "opened", "sampled", "script", "seed", "strata", "stratum", "tail",
        "tailed",
    )  # fmt: skip

    def __init__(
        self, script: tuple[int, ...], tail: int, sampled: bool, strata: _Strata | None
    ) -> None:
        self.script = list(script)
        self.seed = tail
        self.tail = Dice(tail)
        self.sampled = sampled  # past the script, every die is the tail's (an estimate)
        # (n, of): the first uniform draw falls in [n/of, (n+1)/of), and so does the
        # first die past the script, read as a fraction of its faces (see _sample)
        self.strata = strata
        self.stratum: tuple[int, int] | None = strata.angle if strata else None
        self.die_stratum: tuple[int, int] | None = strata.die if strata else None
        self.tailed: list[str] = []  # the purposes of the consequences' dice, in order
        # The branch points past the script, in order: each roll's outcomes, the first
        # of which this play takes.
        self.opened: list[tuple[tuple[int, Fraction], ...]] = []


class _ScriptedDice(Dice):
    """Faces from a script, then the first outcome of each of the attack's own rolls
    (:data:`BRANCHED`), noting the others as branches still to play; the consequences'
    dice, and every die of a sampled play, come from a seeded tail."""

    __slots__ = ("_next", "given", "walk")

    def __init__(
        self, script: tuple[int, ...], tail: int, sampled: bool = False,
        strata: _Strata | None = None,
    ) -> None:  # fmt: skip
        super().__init__(0)
        self.walk, self._next = _Walk(script, tail, sampled, strata), 0
        self.given = len(script)

    def clone(self) -> _ScriptedDice:
        twin = _ScriptedDice((), 0)
        twin.walk, twin._next, twin.given = self.walk, self._next, self.given
        return twin

    def rewound(self) -> _ScriptedDice:
        """The same dice from the first face again, for a play that starts over: the
        faces taken so far are its script now, and the tail draws afresh."""
        twin = self.clone()
        twin._next = 0
        walk = twin.walk
        walk.tail, walk.tailed = Dice(walk.seed), []
        if walk.strata is not None:
            walk.stratum, walk.die_stratum = walk.strata.angle, walk.strata.die
        return twin

    @property
    def drawn(self) -> tuple[int, ...]:
        """The script, then the face taken at each branch opened since."""
        return tuple(self.walk.script)

    @property
    def opened(self) -> list[tuple[tuple[int, Fraction], ...]]:
        return self.walk.opened

    @property
    def tailed(self) -> list[str]:
        return self.walk.tailed

    def among(
        self, high: int, groups: tuple[tuple[int, ...], ...], purpose: str = "", *, who: str = ""
    ) -> int:
        walk = self.walk
        self._next += 1
        if self._next <= len(walk.script):
            return walk.script[self._next - 1]
        if walk.die_stratum is not None:
            (n, of), walk.die_stratum = walk.die_stratum, None
            return 1 + int((n + walk.tail.uniform()) / of * high)
        if walk.sampled:
            return walk.tail.randint(1, high)
        if walk.tailed or (purpose and not purpose.startswith(BRANCHED)):
            walk.tailed.append(purpose)
            return walk.tail.randint(1, high)
        if not purpose:  # a die no check reads (a scatter's distance): estimated
            raise _Continuous
        options = tuple((group[0], Fraction(len(group), high)) for group in groups)
        walk.opened.append(options)
        walk.script.append(options[0][0])
        return options[0][0]

    def randint(self, low: int, high: int) -> int:
        if low != 1:  # (no rule rolls such a die; kept whole for the contract)
            return low - 1 + self.among(high - low + 1, _faces(high - low + 1))
        return self.among(high, _faces(high))

    def d10(self) -> int:
        return self.randint(1, 10)

    def d100(self) -> int:
        return self.randint(1, 100)

    def uniform(self) -> float:
        walk = self.walk
        if walk.stratum is not None:
            (n, of), walk.stratum = walk.stratum, None
            return (n + walk.tail.uniform()) / of
        if walk.sampled or walk.tailed:
            return walk.tail.uniform()
        raise _Continuous


def _faces(high: int) -> tuple[tuple[int, ...], ...]:
    return tuple((face,) for face in range(1, high + 1))


@dataclass
class _Tally:
    """The leaves played so far, weighed: what the target took, and each check."""

    target: str | None
    wounds: defaultdict[int, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    out: Fraction = Fraction(0)
    ene: defaultdict[int, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    checks: dict[tuple[object, ...], dict[str, Fraction]] = field(default_factory=dict)
    rolled: dict[tuple[object, ...], dict[str, object]] = field(default_factory=dict)
    plays: int = 0

    def add(
        self, weight: Fraction, events: list[Event], spent: int, out: bool, tailed: list[str]
    ) -> None:
        self.plays += 1
        self.ene[spent] += weight
        seen: Counter[tuple[object, ...]] = Counter()
        drawn = Counter(tailed)  # the consequences' checks, not enumerated: not listed
        for event in events:
            data = event.data
            if event.kind != "roll" or "base" not in data:
                continue
            if drawn[data["purpose"]] > 0:
                drawn[data["purpose"]] -= 1
                continue
            mods = tuple((str(m[0]), int(m[1])) for m in data["modifiers"])
            key: tuple[object, ...] = (data["who"], data["purpose"], data["base"], mods)
            seen[key] += 1
            key = (*key, seen[key])  # the second shot of a burst is a check of its own
            self.rolled.setdefault(key, data)
            outcomes = self.checks.setdefault(key, dict.fromkeys(OUTCOMES, Fraction(0)))
            outcomes[str(data["outcome"])] += weight
        if self.target is not None:
            taken = sum(
                int(e.data.get("wounds", 0))
                for e in events
                if e.kind == "wounds" and e.data.get("figure") == self.target
            )
            self.wounds[taken] += weight
            if out:
                self.out += weight


def preview(state: GameState, action: Action) -> Preview:
    """What ``action`` would cost and roll now, and what its target would take.

    Raises :class:`~wartime.errors.IllegalActionError` (the state untouched) when the
    action is illegal now, with the reason :meth:`GameState.check` gives: the first play
    meets it where the resolver checks it."""
    target = action.target if action.target in state.figures else None
    tally, seed = _Tally(target), _seed(state, action)
    exact = _enumerate(state, action, tally, seed)
    if exact is None:  # too large a tree: an estimate of the whole
        tally = _Tally(target)
        _sample(state, action, tally, (), Fraction(1), SAMPLES, seed)
    return _preview(state, action, tally, bool(exact))


def _enumerate(state: GameState, action: Action, tally: _Tally, seed: int) -> bool | None:
    """Walk the dice tree depth first: True when every leaf was played, False when a
    continuous draw's subtrees were sampled, None when the tree is too large.

    Each play is a leaf: past its script it takes the first outcome of every branch it
    meets, and leaves the others on the stack, so no play is spent only to find where
    the tree branches."""
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    exact = True
    while stack:
        script, weight = stack.pop()
        if tally.plays + len(stack) >= LEAVES:
            return None
        dice = _ScriptedDice(script, seed)
        try:
            played: tuple[list[Event], int, bool, list[str]] | None = _play(state, action, dice)
        except _Continuous:  # a scatter: this subtree is estimated
            played = None
        drawn = dice.drawn
        for depth, options in enumerate(dice.opened, start=dice.given):
            stack += [((*drawn[:depth], face), weight * p) for face, p in reversed(options[1:])]
            weight *= options[0][1]
        if played is not None:
            tally.add(weight, *played)
        else:
            _sample(state, action, tally, drawn, weight, CONTINUOUS_SAMPLES, seed)
            exact = False
    return exact


def _sample(
    state: GameState, action: Action, tally: _Tally, script: tuple[int, ...], weight: Fraction,
    plays: int, seed: int,
) -> None:  # fmt: skip
    """Play the action ``plays`` times after ``script``, on seeded dice, each weighing
    an equal share of ``weight``.

    The draws that decide most are stratified (a Latin hypercube): the first continuous
    one (a scatter's direction) and the first die past the script (its distance) each
    fall once in every ``plays``-th part of their range, the parts paired at random, so
    a few plays cover every direction and distance.  The even parts are played first,
    a coarser hypercube of their own; when all of those plays end the same way (most
    often: the scattered template catches nobody) the odd parts are not played."""
    shuffle = random.Random(seed + len(script)).shuffle
    halves = []
    for half in (0, 1):
        parts = list(range(half, plays, 2))
        paired = parts.copy()
        shuffle(paired)
        halves.append([
            _play(state, action, _ScriptedDice(
                script, seed + len(script) + n, sampled=True,
                strata=_Strata((n, plays), (die, plays)),
            ))
            for n, die in zip(parts, paired, strict=True)
        ])  # fmt: skip
        if half == 0 and len({_ending(p) for p in halves[0]}) == 1:
            break
    done = [p for half in halves for p in half]
    for played in done:
        tally.add(weight / len(done), *played)


def _ending(played: tuple[list[Event], int, bool, list[str]]) -> tuple[object, ...]:
    """What a play's tally reads of it: the ENE, the target out, each roll and wound."""
    events, spent, out, tailed = played
    rolls = tuple(
        (e.kind, e.data.get("who"), e.data.get("figure"), e.data.get("purpose"),
         e.data.get("outcome"), e.data.get("wounds"))
        for e in events
        if e.kind in ("roll", "wounds")
    )  # fmt: skip
    return spent, out, tuple(tailed), rolls


def _seed(state: GameState, action: Action) -> int:
    """A seed of this position and action: a preview is the same each time it is asked.

    The game's dice state and the number of decisions taken stand for the position: the
    seed only picks a sampled play's dice, so two positions that share one lose nothing,
    and the full :meth:`GameState.hash` would cost a tenth of a preview."""
    key = f"{state.dice.state}:{len(state.history)}:{action.to_data()}"
    return int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)


def _play(
    state: GameState, action: Action, dice: _ScriptedDice
) -> tuple[list[Event], int, bool, list[str]]:
    """One play of ``action`` and what follows it in the same decision: its events, the
    ENE its figure spent, whether the target is out and the rolls the tail gave.

    The play resolves the action in place on its throwaway copy (no copy of the copy, as
    GameState.apply makes); only an action that asks a question midway (Fortuna...) is
    played again through apply(), which keeps the position the answer is applied to."""
    try:
        return _played(state, action, dice, in_place=True)
    except Question:
        return _played(state, action, dice.rewound(), in_place=False)


def _played(
    state: GameState, action: Action, dice: _ScriptedDice, in_place: bool
) -> tuple[list[Event], int, bool, list[str]]:
    with state.lookahead(0) as trial:
        trial.dice, trial.previewing = dice, action
        actor = trial.figures.get(action.figure or "")
        before = actor.ene if actor is not None else 0
        events = trial._apply(action) if in_place else trial.apply(action)
        for _ in range(0 if in_place else FOLLOW_UPS):
            answer = _default_answer(trial)
            if answer is None:
                break
            events += trial.apply(answer)
        after = trial.figures[actor.id].ene if actor is not None else 0
        target = trial.figures.get(action.target or "")
        out = target is not None and target.casualty
    return events, before - after, out, dice.tailed


def _default_answer(trial: GameState) -> Action | None:
    """The default answer to a question the action asks midway, or None once it has none."""
    held = trial.suspended
    if held is None:
        return None
    return next((a for a in choices(trial) if _says(a, held.default)), None)


def _says(answer: Action, option: str) -> bool:
    return option in (answer.target, answer.item)


def _preview(state: GameState, action: Action, tally: _Tally, exact: bool) -> Preview:
    checks = tuple(_odds(tally, key) for key in tally.checks)
    ene = max(tally.ene, key=lambda spent: (tally.ene[spent], -spent)) if tally.ene else 0
    wounds = dict(sorted(tally.wounds.items())) if tally.target is not None else None
    out = tally.out if tally.target is not None else None
    return Preview(action, ene, checks, wounds, out, exact, tally.plays, _sighting(state, action))


def _sighting(state: GameState, action: Action) -> Sighting | None:
    actor = state.figures.get(action.figure or "")
    target = state.figures.get(action.target or "")
    if actor is None or target is None:
        return None
    seen = sight(state, actor, target)
    dark = state.world.shade is not None and seen.dark
    return Sighting(
        seen.distance, seen.in_vision, seen.cover, seen.cover_class, seen.line_of_sight, dark
    )


def _odds(tally: _Tally, key: tuple[object, ...]) -> CheckOdds:
    outcomes = tally.checks[key]
    reached = sum(outcomes.values(), Fraction(0))
    data = tally.rolled[key]
    mods = key[3]
    assert isinstance(mods, tuple)
    return CheckOdds(
        who=str(data["who"]), purpose=str(data["purpose"]),
        check=_text(data.get("check")), attribute=_text(data.get("attribute")),
        base=int(str(data["base"])), modifiers=mods, target=int(str(data["target"])),
        reached=reached, odds={o: outcomes[o] / reached for o in OUTCOMES},
    )  # fmt: skip


def _text(value: object) -> str | None:
    return None if value is None else str(value)
