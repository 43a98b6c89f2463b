"""Issue 12 §4: the planner's dice (strata.py).

Each figure's checks of each kind roll from a stream of their own, so that an extra
check of one kind or by one figure leaves the dice of the others alone.  A check's die
falls in the part of the faces its determinisation gives; over the determinisations of
one decision, each of the first checks of a kind comes up as often as its odds say, to
within one play."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from wartime.engine.ai.strata import CHECKS, StratifiedDice, determinisations
from wartime.rules.dice import Dice

FACES = tuple((face,) for face in range(1, 11))


def first_checks(seeds: list[int], shuffle: int, count: int) -> list[list[int]]:
    """The faces of the first ``count`` checks in each determinisation of ``seeds``."""
    rolled = []
    for d in determinisations(seeds, shuffle):
        dice = StratifiedDice(d.seed, d)
        rolled.append([dice.among(10, FACES, "CH IMP") for _ in range(count)])
    return rolled


def test_ten_determinisations_roll_each_face_once_in_each_of_the_first_checks() -> None:
    rolled = first_checks(list(range(100, 110)), 7, CHECKS)
    for j in range(CHECKS):
        assert sorted(faces[j] for faces in rolled) == list(range(1, 11))
    # the parts are shuffled apart: the checks of one play are not all alike
    assert any(len(set(faces)) > 1 for faces in rolled)


@given(
    st.integers(1, 16), st.integers(0, 2**32), st.integers(0, 2**32), st.integers(1, 10)
)  # fmt: skip
def test_a_check_passes_as_often_as_its_odds_say_to_within_one_play(
    count: int, seed: int, shuffle: int, target: int
) -> None:
    seeds = [seed + k for k in range(count)]
    for j in range(CHECKS):
        passes = sum(faces[j] <= target for faces in first_checks(seeds, shuffle, CHECKS))
        expected = count * target / 10
        assert math.floor(expected) <= passes <= math.ceil(expected)


def test_a_draw_with_no_purpose_is_the_seeds() -> None:
    (d,) = determinisations([42], 1)
    dice, plain = StratifiedDice(d.seed, d), Dice(42)
    for _ in range(CHECKS + 1):
        dice.among(10, FACES, "CH DEF")  # the checks roll from their own stream
    assert [dice.d10() for _ in range(5)] == [plain.d10() for _ in range(5)]


def test_an_extra_check_leaves_the_dice_of_other_kinds_and_other_rollers_alone() -> None:
    """A candidate that reacts rolls a CH VOL that passing does not, and one that shoots
    rolls its shooter's CH IMP: a's shots after either must still roll what they would
    have rolled, placed and past the parts alike."""
    for d in determinisations([5, 6, 7], 3):
        reacted, shot, passed = (StratifiedDice(d.seed, d) for _ in range(3))
        reacted.among(10, FACES, "CH VOL", who="b")
        shot.among(10, FACES, "CH IMP", who="b")
        for _ in range(CHECKS + 3):
            face = passed.among(10, FACES, "CH IMP", who="a")
            assert reacted.among(10, FACES, "CH IMP", who="a") == face
            assert shot.among(10, FACES, "CH IMP", who="a") == face
    # and the streams of two kinds, or of two rollers, are not one and the same
    dice = StratifiedDice(9)
    imp = [dice.among(10, FACES, "CH IMP", who="a") for _ in range(12)]
    assert imp != [dice.among(10, FACES, "CH DEF", who="a") for _ in range(12)]
    assert imp != [dice.among(10, FACES, "CH IMP", who="b") for _ in range(12)]


def test_a_copy_draws_what_the_dice_will_draw_next() -> None:
    """A probe's copy of the state (GameState.check) must not use up the parts."""
    (first, _) = determinisations([5, 6], 3)
    dice = StratifiedDice(first.seed, first)
    dice.among(10, FACES, "CH DEF")
    copy = dice.clone()
    assert isinstance(copy, StratifiedDice)
    assert [copy.among(10, FACES, "CH IMP") for _ in range(4)] == [
        dice.among(10, FACES, "CH IMP") for _ in range(4)
    ]


def test_the_parts_come_from_the_shuffle_seed() -> None:
    seeds = list(range(8))
    assert determinisations(seeds, 1) == determinisations(seeds, 1)
    assert determinisations(seeds, 1) != determinisations(seeds, 2)
