"""Dice and checks: section CHEQUEOS and CONCEPTOS BÁSICOS of the rulebook.

Chance is explicit, as in OpenSpiel: :class:`Dice` is a seeded generator whose
whole state is one integer, so a game can be cloned, saved and replayed
bit-for-bit on any Python version.  Every check also knows its exact outcome
distribution (:func:`check_odds`), so the UI can show odds without sampling.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

D10_FACES = 10
CRITICAL_FACE = 1  # a 1 on the die is a critical: passes whatever the modifiers
FUMBLE_FACE = 10  # a 10 on the die is a fumble: fails whatever the modifiers

_MASK64 = (1 << 64) - 1


class Dice:
    """A portable seeded generator (splitmix64).

    Python's ``random`` is not guaranteed to give the same sequence across
    versions; saved games must replay identically for years, so we own the
    algorithm.  ``randint`` uses rejection sampling, so faces are unbiased.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK64

    @property
    def state(self) -> int:
        """The whole generator state; ``Dice(d.state)`` continues identically."""
        return self._state

    def clone(self) -> Dice:
        return Dice(self._state)

    def _next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        if high < low:
            raise ValueError(f"empty range [{low}, {high}]")
        span = high - low + 1
        limit = (1 << 64) - ((1 << 64) % span)  # reject the biased tail
        while True:
            value = self._next64()
            if value < limit:
                return low + value % span

    def uniform(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits (for scatter angles)."""
        return (self._next64() >> 11) / float(1 << 53)

    def d10(self) -> int:
        return self.randint(1, D10_FACES)

    def among(
        self, high: int, groups: tuple[tuple[int, ...], ...], purpose: str = "", *, who: str = ""
    ) -> int:
        """A uniform face in ``[1, high]``, drawn as :meth:`randint` draws it.

        ``groups`` partitions the faces into those the caller treats alike (a check
        reads every face from 2 to its target as the same pass), ``purpose`` names
        the roll ("CH IMP"...) and ``who`` the figure that rolls it.  Seeded dice ignore
        them; dice that enumerate outcomes (the engine's previews) branch once per group
        instead of once per face, and choose by the purpose which rolls to branch on;
        the planner's dice keep a stream for each roller and purpose (ai/strata.py).
        """
        del groups, purpose, who  # only enumerating and the planner's dice read them
        if high == D10_FACES:  # through d10 and d100, which scripted dice replace
            return self.d10()
        return self.d100() if high == 100 else self.randint(1, high)

    def d100(self) -> int:
        return self.randint(1, 100)


class Outcome(StrEnum):
    CRITICAL = "critical"
    PASS = "pass"
    FAIL = "fail"
    FUMBLE = "fumble"

    @property
    def passed(self) -> bool:
        return self in (Outcome.CRITICAL, Outcome.PASS)


def check_outcome(roll: int, target: int, modifier: int = 0) -> Outcome:
    """Resolve one CH: a 1D10 ``roll`` against ``target + modifier``.

    A roll at or below the modified target passes; a 1 always passes as a
    critical and a 10 always fails as a fumble.
    """
    if not CRITICAL_FACE <= roll <= FUMBLE_FACE:
        raise ValueError(f"a D10 roll is 1..10, got {roll}")
    if roll == CRITICAL_FACE:
        return Outcome.CRITICAL
    if roll == FUMBLE_FACE:
        return Outcome.FUMBLE
    return Outcome.PASS if roll <= target + modifier else Outcome.FAIL


@dataclass(frozen=True)
class Odds:
    """Exact probabilities of the four outcomes of a check; they sum to 1."""

    critical: Fraction
    passed: Fraction  # a plain pass, not counting the critical
    failed: Fraction  # a plain fail, not counting the fumble
    fumble: Fraction

    @property
    def success(self) -> Fraction:
        """Chance to pass at all (critical or plain pass)."""
        return self.critical + self.passed


def check_odds(target: int, modifier: int = 0) -> Odds:
    """Exact outcome distribution of a CH against ``target + modifier``."""
    counts = {outcome: 0 for outcome in Outcome}
    for roll in range(1, D10_FACES + 1):
        counts[check_outcome(roll, target, modifier)] += 1
    return Odds(
        critical=Fraction(counts[Outcome.CRITICAL], D10_FACES),
        passed=Fraction(counts[Outcome.PASS], D10_FACES),
        failed=Fraction(counts[Outcome.FAIL], D10_FACES),
        fumble=Fraction(counts[Outcome.FUMBLE], D10_FACES),
    )


class OpposedResult(StrEnum):
    ACTOR = "actor"
    DEFENDER = "defender"
    NONE = "none"  # both failed: nothing happens


def opposed_result(
    actor_roll: int, actor_target: int, defender_roll: int, defender_target: int
) -> OpposedResult:
    """Resolve a CH ENF (DESIGN.md §7).

    Each side rolls its own check; of the dice that pass, the lowest wins.  If
    both fail nothing happens, and a tie goes to the defender.
    """
    actor_ok = check_outcome(actor_roll, actor_target).passed
    defender_ok = check_outcome(defender_roll, defender_target).passed
    if actor_ok and defender_ok:
        return OpposedResult.ACTOR if actor_roll < defender_roll else OpposedResult.DEFENDER
    if actor_ok:
        return OpposedResult.ACTOR
    if defender_ok:
        return OpposedResult.DEFENDER
    return OpposedResult.NONE


def opposed_odds(actor_target: int, defender_target: int) -> dict[OpposedResult, Fraction]:
    """Exact distribution of :func:`opposed_result` over all 100 roll pairs."""
    counts = {result: 0 for result in OpposedResult}
    for actor_roll in range(1, D10_FACES + 1):
        for defender_roll in range(1, D10_FACES + 1):
            counts[opposed_result(actor_roll, actor_target, defender_roll, defender_target)] += 1
    total = D10_FACES * D10_FACES
    return {result: Fraction(n, total) for result, n in counts.items()}


def percent_chance(roll: int, percent: int) -> bool:
    """A "Probabilidad" resolved with 1D100: the event happens when roll ≤ percent."""
    if not 1 <= roll <= 100:
        raise ValueError(f"a D100 roll is 1..100, got {roll}")
    return roll <= percent


def round_half_up(value: int | float | Fraction) -> int:
    """The rulebook's rounding: N.49 goes to N, N.5 and above to N+1.

    Python's ``round`` rounds halves to even (``round(2.5) == 2``), which is not
    the rule.  Exact arithmetic avoids float surprises such as 0.1 * 25.
    """
    return math.floor(Fraction(value) + Fraction(1, 2))
