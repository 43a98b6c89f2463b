"""Determinisations whose first checks are spread evenly over their odds.

The planner plays each candidate on a few reseeded copies of the position (eight, by
default).  Left to their seeds alone, the first checks of eight plays can easily all
pass where the odds are one in three: a heal that fails two times in three, or a long
shot, then looks like a sure thing, and wins the choice on luck.  So the determinisations
are stratified, as the preview stratifies a scatter's plays (core/preview.py): in
determinisation ``k`` of ``n``, the ``j``-th check rolls a face from part ``p[j][k]`` of
``n`` equal parts of the die's faces, where each ``p[j]`` is a shuffle of ``0 .. n-1``
(a Latin hypercube).  Over the ``n`` plays, each of the first :data:`CHECKS` checks then
comes up as often as its odds say, to within one play in ``n``; the face inside a part,
and every later die, is the seed's.  Every candidate meets the same parts, as it meets
the same seeds, so two candidates still differ by what they do and not by their luck.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.rules.dice import Dice

CHECKS = 3  # the first checks of a play that are stratified: an attack's CH IMP and CH DEF,
# and the next one (a reaction's CH VOL, a second shot); later ones matter less to a choice


@dataclass(frozen=True)
class Determinisation:
    """One reseeded future: the seed of its dice, and the part of the faces each of its
    first checks falls in, as (part, parts)."""

    seed: int
    parts: tuple[tuple[int, int], ...]


class StratifiedDice(Dice):
    """Seeded dice whose next checks fall in given parts of their faces.

    Only a check's die is placed (a draw with a ``purpose``: checks.roll); any other
    draw, and every check once the parts are used up, is the seed's.  A copy keeps the
    parts still to come, so a probe's copy draws what the play will draw next, as plain
    seeded dice do."""

    __slots__ = ("_parts",)

    def __init__(self, seed: int, parts: tuple[tuple[int, int], ...] = ()) -> None:
        super().__init__(seed)
        self._parts = parts

    def clone(self) -> StratifiedDice:
        return StratifiedDice(self.state, self._parts)

    def among(self, high: int, groups: tuple[tuple[int, ...], ...], purpose: str = "") -> int:
        if not self._parts or not purpose:
            return super().among(high, groups, purpose)
        (part, parts), self._parts = self._parts[0], self._parts[1:]
        return 1 + int((part + self.uniform()) / parts * high)


def determinisations(seeds: list[int], shuffle_seed: int) -> list[Determinisation]:
    """The determinisations of ``seeds``: for each of the first :data:`CHECKS` checks, a
    shuffle (from ``shuffle_seed``) of the ``len(seeds)`` parts of the faces."""
    count = len(seeds)
    dice = Dice(shuffle_seed)
    columns = []
    for _ in range(CHECKS):
        parts = list(range(count))
        for i in range(count - 1, 0, -1):  # Fisher-Yates on the portable dice
            j = dice.randint(0, i)
            parts[i], parts[j] = parts[j], parts[i]
        columns.append(parts)
    return [
        Determinisation(seed, tuple((column[k], count) for column in columns))
        for k, seed in enumerate(seeds)
    ]
