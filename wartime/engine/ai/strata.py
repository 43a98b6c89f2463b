"""The planner's dice: a stream for each figure's checks of each kind, and the first
checks spread evenly over their odds.

The planner plays each candidate on a few reseeded copies of the position (eight, by
default), and two candidates are compared seed by seed (common random numbers), so that
they differ by what they do and not by their luck.  Two things keep their luck alike:

- **A stream for each roller and kind of check.**  The dice of a check come from a
  generator of its own figure and purpose ("a-fusilero-1:CH IMP"), seeded from the
  determinisation's seed and that key.  With one stream for everything, a candidate that
  rolls one check more (a reaction's CH VOL, a shot) would shift every later die by one,
  and the enemy's next shots would hit in one play and miss in the other: the comparison
  would be luck again, and eight plays of a reaction that changes nothing would differ
  by some 30 points.  Now a rifleman's n-th CH IMP after either candidate rolls the same
  die.
- **Stratified first checks.**  Left to their seeds alone, the first checks of eight
  plays can easily all pass where the odds are one in three: a heal that fails two times
  in three, or a long shot, then looks like a sure thing, and wins the choice on luck.
  So in determinisation ``k`` of ``n``, the ``j``-th check of each stream rolls a face
  from part ``p[k]`` of ``n`` equal parts of the die's faces, where ``p`` is a shuffle of
  ``0 .. n-1`` of that stream and ``j`` (a Latin hypercube), as the preview stratifies a
  scatter's plays (core/preview.py).  Over the ``n`` plays, each of the first
  :data:`CHECKS` checks of a stream comes up as often as its odds say, to within one play
  in ``n``; the face inside a part, and every later die, is the stream's.

Draws with no purpose (a scatter's angle, a shuffle) come from the seed's own stream.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

from wartime.rules.dice import Dice

CHECKS = 3  # the first checks of each stream in a play that are stratified; later ones
# matter less to a choice
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # spreads a 32-bit key over 64 bits (splitmix's increment)


@dataclass(frozen=True)
class Determinisation:
    """One reseeded future: the seed of its dice, and its place (``index`` of ``count``)
    among the determinisations of one decision, which with ``shuffle`` places the first
    checks of each of its streams."""

    seed: int
    index: int = 0
    count: int = 1
    shuffle: int = 0

    def part(self, stream: str, nth: int) -> int:
        """The part of ``count`` that the ``nth`` check of ``stream`` falls in."""
        return _shuffled(self.shuffle, stream, nth, self.count)[self.index]


class StratifiedDice(Dice):
    """Dice with a stream for each roller and purpose, whose first checks fall in the
    parts the determinisation gives (``place``; none: every check is its stream's).

    Only a check's die is placed or streamed (a draw with a ``purpose``: checks.roll); any
    other draw is the seed's.  A copy keeps the streams and what each has rolled, so a
    probe's copy draws what the play will draw next, as plain seeded dice do."""

    __slots__ = ("_place", "_rolled", "_root", "_streams")

    def __init__(self, seed: int, place: Determinisation | None = None) -> None:
        super().__init__(seed)
        self._place = place
        self._root = seed  # what the streams grow from, whenever each is first used
        self._streams: dict[str, Dice] = {}
        self._rolled: dict[str, int] = {}

    def clone(self) -> StratifiedDice:
        copy = StratifiedDice(self.state, self._place)
        copy._root = self._root
        copy._streams = {kind: dice.clone() for kind, dice in self._streams.items()}
        copy._rolled = dict(self._rolled)
        return copy

    def among(
        self, high: int, groups: tuple[tuple[int, ...], ...], purpose: str = "", *, who: str = ""
    ) -> int:
        if not purpose:
            return super().among(high, groups, purpose, who=who)
        kind = f"{who}:{purpose}"  # the stream of this roller's checks of this purpose
        stream = self._streams.get(kind)
        if stream is None:
            stream = self._streams[kind] = Dice(self._root ^ _key(kind))
        nth = self._rolled.get(kind, 0)
        self._rolled[kind] = nth + 1
        place = self._place
        if place is None or nth >= CHECKS:
            return stream.among(high, groups)
        return 1 + int((place.part(kind, nth) + stream.uniform()) / place.count * high)


def determinisations(seeds: list[int], shuffle_seed: int) -> list[Determinisation]:
    """The determinisations of ``seeds``: each one's place among them, and the seed of the
    shuffles (``shuffle_seed``) that place their first checks."""
    count = len(seeds)
    return [Determinisation(seed, k, count, shuffle_seed) for k, seed in enumerate(seeds)]


def _key(text: str) -> int:
    """A stable 64-bit key of ``text`` (Python's own hash of a str changes per process)."""
    return (zlib.crc32(text.encode()) * _GOLDEN) & _MASK64


@lru_cache(maxsize=4096)  # a decision's shuffles (a few per figure); bounded over a game
def _shuffled(shuffle: int, stream: str, nth: int, count: int) -> tuple[int, ...]:
    """A shuffle of the ``count`` parts for the ``nth`` check of ``stream`` (Fisher-Yates
    on the portable dice): each stream and each of its first checks gets its own, so
    that the checks of one play are placed independently of one another."""
    dice = Dice(shuffle ^ _key(f"{stream}#{nth}"))
    parts = list(range(count))
    for i in range(count - 1, 0, -1):
        j = dice.randint(0, i)
        parts[i], parts[j] = parts[j], parts[i]
    return tuple(parts)
