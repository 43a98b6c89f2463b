"""CHEQUEOS and CONCEPTOS BÁSICOS: dice, checks, opposed checks and rounding."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartime.rules.dice import (
    Dice,
    OpposedResult,
    Outcome,
    check_odds,
    check_outcome,
    opposed_odds,
    opposed_result,
    percent_chance,
    round_half_up,
)


def test_same_seed_same_rolls() -> None:
    a, b = Dice(42), Dice(42)
    assert [a.d10() for _ in range(50)] == [b.d10() for _ in range(50)]


def test_rolls_are_pinned_across_versions() -> None:
    """Saved games replay forever: the first rolls of seed 1 never change."""
    dice = Dice(1)
    assert [dice.d10() for _ in range(10)] == PINNED_SEED_1


PINNED_SEED_1 = [6, 10, 1, 6, 2, 9, 6, 4, 1, 1]


def test_generator_is_splitmix64() -> None:
    """The reference outputs of splitmix64 for seed 1234567 (Vigna's test vector)."""
    dice = Dice(1234567)
    assert [dice._next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_clone_continues_identically() -> None:
    dice = Dice(7)
    dice.d100()
    twin = dice.clone()
    assert [dice.d100() for _ in range(20)] == [twin.d100() for _ in range(20)]
    assert Dice(dice.state).d10() == twin.d10()


def test_faces_are_in_range_and_roughly_uniform() -> None:
    dice = Dice(2024)
    counts = Counter(dice.d10() for _ in range(20_000))
    assert set(counts) == set(range(1, 11))
    assert all(1_800 < n < 2_200 for n in counts.values())
    assert {Dice(s).d100() for s in range(3000)} <= set(range(1, 101))


def test_critical_passes_whatever_the_modifiers() -> None:
    """CHEQUEOS, Críticos y pifias: a 1 passes ignoring modifiers."""
    assert check_outcome(1, target=0, modifier=-5) is Outcome.CRITICAL


def test_fumble_fails_whatever_the_modifiers() -> None:
    """CHEQUEOS, Críticos y pifias: a 10 fails ignoring modifiers."""
    assert check_outcome(10, target=10, modifier=+5) is Outcome.FUMBLE


@pytest.mark.parametrize(
    ("roll", "target", "modifier", "outcome"),
    [(5, 5, 0, Outcome.PASS), (6, 5, 0, Outcome.FAIL), (6, 5, 1, Outcome.PASS),
     (5, 5, -1, Outcome.FAIL), (9, 12, 0, Outcome.PASS), (2, 1, 0, Outcome.FAIL)],
)  # fmt: skip
def test_roll_at_or_below_target_passes(
    roll: int, target: int, modifier: int, outcome: Outcome
) -> None:
    """CHEQUEOS: equal to or below the target passes; above fails."""
    assert check_outcome(roll, target, modifier) is outcome


@pytest.mark.parametrize("roll", [0, 11, -1])
def test_impossible_roll_is_refused(roll: int) -> None:
    with pytest.raises(ValueError):
        check_outcome(roll, 5)


@pytest.mark.parametrize(
    ("target", "modifier", "crit", "plain_pass", "plain_fail", "fumble"),
    [(5, 0, 1, 4, 4, 1), (4, 0, 1, 3, 5, 1), (1, 0, 1, 0, 8, 1), (0, 0, 1, 0, 8, 1),
     (9, 0, 1, 8, 0, 1), (10, 3, 1, 8, 0, 1), (6, -2, 1, 3, 5, 1), (3, +2, 1, 4, 4, 1)],
)  # fmt: skip
def test_exact_check_odds(
    target: int, modifier: int, crit: int, plain_pass: int, plain_fail: int, fumble: int
) -> None:
    """Exact outcome probabilities, in tenths, for a CH ATR."""
    odds = check_odds(target, modifier)
    assert (odds.critical, odds.passed, odds.failed, odds.fumble) == (
        Fraction(crit, 10),
        Fraction(plain_pass, 10),
        Fraction(plain_fail, 10),
        Fraction(fumble, 10),
    )
    assert odds.success == Fraction(crit + plain_pass, 10)


@given(st.integers(-20, 30), st.integers(-10, 10))
def test_check_odds_are_a_distribution_with_one_in_ten_tails(target: int, modifier: int) -> None:
    odds = check_odds(target, modifier)
    assert odds.critical + odds.passed + odds.failed + odds.fumble == 1
    assert odds.critical == odds.fumble == Fraction(1, 10)
    assert Fraction(1, 10) <= odds.success <= Fraction(9, 10)


@given(st.integers(-5, 15), st.integers(-5, 15))
def test_odds_agree_with_enumerating_every_roll(target: int, modifier: int) -> None:
    outcomes = [check_outcome(r, target, modifier) for r in range(1, 11)]
    assert check_odds(target, modifier).success == Fraction(sum(o.passed for o in outcomes), 10)


def test_opposed_lowest_passing_die_wins() -> None:
    """DESIGN §7, CH ENF: of the passing dice, the lowest wins."""
    assert opposed_result(3, 6, 5, 6) is OpposedResult.ACTOR
    assert opposed_result(5, 6, 3, 6) is OpposedResult.DEFENDER


def test_opposed_tie_goes_to_the_defender() -> None:
    assert opposed_result(4, 6, 4, 6) is OpposedResult.DEFENDER
    assert opposed_result(1, 6, 1, 6) is OpposedResult.DEFENDER


def test_opposed_only_one_passes() -> None:
    assert opposed_result(7, 6, 2, 6) is OpposedResult.DEFENDER  # actor failed
    assert opposed_result(2, 6, 7, 6) is OpposedResult.ACTOR  # defender failed
    assert opposed_result(10, 9, 8, 3) is OpposedResult.NONE  # both failed: nothing happens


def test_opposed_critical_beats_a_low_target() -> None:
    assert opposed_result(1, 0, 2, 9) is OpposedResult.ACTOR


def test_exact_opposed_odds_even_match() -> None:
    """Both sides at 5: enumerate the 100 roll pairs by hand."""
    # passing faces are 1..5 for both. Actor wins when its die passes and is lower than
    # a passing defender die, or the defender fails: sum_{a=1..5} (5-a) + 5*5 = 10 + 25.
    odds = opposed_odds(5, 5)
    assert odds[OpposedResult.ACTOR] == Fraction(35, 100)
    assert odds[OpposedResult.DEFENDER] == Fraction(15 + 25, 100)
    assert odds[OpposedResult.NONE] == Fraction(25, 100)


@given(st.integers(-3, 12), st.integers(-3, 12))
def test_opposed_odds_sum_to_one(actor: int, defender: int) -> None:
    assert sum(opposed_odds(actor, defender).values()) == 1


@pytest.mark.parametrize(
    ("value", "rounded"),
    [(2.49, 2), (2.5, 3), (3.5, 4), (0.5, 1), (7, 7), (Fraction(5, 2), 3), (-2.5, -2), (-2.51, -3),
     (4.5, 5)],
)  # fmt: skip
def test_round_half_up(value: float, rounded: int) -> None:
    """CONCEPTOS BÁSICOS, Redondeo: up to N.49 goes to N, N.5 or more to N+1 (never banker's)."""
    assert round_half_up(value) == rounded


def test_python_round_would_be_wrong() -> None:
    assert round(2.5) == 2 and round_half_up(2.5) == 3


def test_percent_chance_with_d100() -> None:
    """CONCEPTOS BÁSICOS, Probabilidad: a percentage resolved with 1D100."""
    assert percent_chance(30, 30) and not percent_chance(31, 30)
    assert sum(percent_chance(r, 30) for r in range(1, 101)) == 30
    with pytest.raises(ValueError):
        percent_chance(0, 30)
