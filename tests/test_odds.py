"""`wartime odds` and rules.odds: exact odds of CHEQUEOS and of an attack (COMBATE).

The fractions are worked out by hand from the rulebook's sections; the last tests
play the same attack through the engine with every combination of dice faces, so
the odds cannot drift from how the engine resolves a shot.
"""

from __future__ import annotations

import doctest
import json
import types
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from wartime.board.battlefield import Wall
from wartime.cli import main
from wartime.engine import Action
from wartime.geometry import cross_section as cross_section_module
from wartime.geometry import scale as scale_module
from wartime.geometry import vision as vision_module
from wartime.rules import odds as odds_module
from wartime.rules.dice import check_odds
from wartime.rules.odds import Cover, attack_odds

from .engine_support import RIFLE, do, profile, scenario, started

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")


def odds(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["odds", *argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, dict)
    return out


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(["odds", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "module", [odds_module, cross_section_module, scale_module, vision_module], ids=str
)
def test_doctests_of_the_new_modules(module: types.ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_a_check_at_6_in_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    """CHEQUEOS: 1D10 at or under 6 passes; a 1 is a critical, a 10 a fumble."""
    assert odds(capsys, "--target", "6") == {
        "check": {"critical": "1/10", "pass": "1/2", "fail": "3/10", "fumble": "1/10"}
    }


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        (0, ("1/10", "0", "4/5", "1/10")),  # only the critical passes
        (1, ("1/10", "0", "4/5", "1/10")),
        (9, ("1/10", "4/5", "0", "1/10")),  # only the fumble fails
        (15, ("1/10", "4/5", "0", "1/10")),
    ],
)
def test_criticals_pass_and_fumbles_fail_whatever_the_target(
    target: int, expected: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """CHEQUEOS, críticos y pifias: a 1 passes at any target, a 10 fails at any."""
    check = odds(capsys, "--target", str(target))["check"]
    assert isinstance(check, dict)
    assert (check["critical"], check["pass"], check["fail"], check["fumble"]) == expected


def test_modifiers_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    """MODIFICADORES: each --modifier adds to the target (5 − 1 + 2 checks at 6)."""
    assert odds(capsys, "--target", "5", "--modifier", "-1", "--modifier", "+2") == odds(
        capsys, "--target", "6"
    )


@pytest.mark.parametrize("target", range(0, 13))
def test_the_four_outcomes_are_disjoint_and_sum_to_1(target: int) -> None:
    """CHEQUEOS: every face is exactly one of critical, pass, fail, fumble."""
    check = attack_odds(target).check
    parts = (check.critical, check.passed, check.failed, check.fumble)
    assert sum(parts) == 1 and all(p >= 0 for p in parts)
    assert check == check_odds(target)


def test_defence_and_the_chance_to_wound(capsys: pytest.CaptureFixture[str]) -> None:
    """COMBATE: CH IMP at 6 hits 6/10 (DAÑ 4; DAÑ 5 on a critical), then CH DEF at DEF 2.

    A critical CH DEF takes 0 wounds; a pass DAÑ − DEF; a fail DAÑ; a fumble DAÑ + 1.
    Wounds: 2 on a pass (1/10 · 1/2), 3 after a critical hit (1/10 · 1/10), 4 on a fail
    (7/10 · 1/2), 5 on a fumble (1/10 · 1/2) or a critical hit failed (7/10 · 1/10),
    6 on a critical hit fumbled (1/10 · 1/10); wounded unless missed or saved by a
    critical: 6/10 · 9/10 = 27/50.
    """
    out = odds(capsys, "--target", "6", "--defence", "2", "--damage", "4")
    assert out["defence"] == {"critical": "1/10", "pass": "1/10", "fail": "7/10", "fumble": "1/10"}
    assert out["wound"] == "27/50" and out["damage"] == 4
    assert out["wounds"] == {
        "0": "23/50", "2": "1/20", "3": "1/100", "4": "7/20", "5": "3/25", "6": "1/100",
    }  # fmt: skip
    wounds = out["wounds"]
    assert isinstance(wounds, dict) and sum(Fraction(p) for p in wounds.values()) == 1


def test_a_pass_against_def_as_high_as_dan_takes_no_wound() -> None:
    """COMBATE, CH DEF: passed, DAÑ − DEF wounds, never fewer than 0 (DAÑ 2, DEF 5)."""
    result = attack_odds(10, damage=2, defence=5).defence
    assert result is not None
    # hit 9/10: 8/10 plain, 1/10 critical (DAÑ 3); CH DEF at 5: fail 4/10 or fumble 1/10
    assert result.wound == Fraction(9, 10) * Fraction(5, 10)
    assert result.wounds[2] == Fraction(8, 10) * Fraction(4, 10)


def test_over_half_cover_gives_ch_def_plus_2_but_not_against_a_critical_hit() -> None:
    """Cobertura: over half hidden, CH DEF +2; Crítico en CH IMP ignores cover."""
    bare = attack_odds(6, damage=4, defence=2).defence
    covered = attack_odds(6, damage=4, defence=2, cover=Cover.OVER_HALF).defence
    assert bare is not None and covered is not None
    assert covered.check == check_odds(4)
    # plain hits (1/2) now fail the CH DEF at 4 less; critical hits (1/10) as before
    assert covered.wounds[4] == Fraction(1, 2) * Fraction(5, 10)
    assert covered.wounds[5] == bare.wounds[5] - Fraction(1, 2) * Fraction(1, 10) + Fraction(
        1, 2
    ) * Fraction(1, 10)
    assert covered.wound == bare.wound  # only a critical CH DEF saves wholly, as before
    assert attack_odds(6, damage=4, defence=2, cover=Cover.PARTIAL) == attack_odds(
        6, damage=4, defence=2
    )


def test_total_cover_checks_its_own_def_first(capsys: pytest.CaptureFixture[str]) -> None:
    """Cobertura: wholly hidden, the cover's CH DEF (DEF 4) first; if it fails, CH DEF +2."""
    out = odds(capsys, "--target", "6", "--defence", "2", "--damage", "4",
               "--cover", "total", "--cover-def", "4")  # fmt: skip
    stops = Fraction(1, 2) * Fraction(4, 10)  # plain hits only: a critical ignores cover
    assert out["cover_stops"] == str(stops)
    assert Fraction(str(out["wound"])) == Fraction(1, 2) * Fraction(6, 10) * Fraction(
        9, 10
    ) + Fraction(1, 10) * Fraction(9, 10)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--target", "x"], "whole number"),
        (["--target", "-1"], "0 or more"),
        (["--target", "5", "--modifier", "1.5"], "whole number"),
        (["--target", "5", "--defence", "2"], "--damage"),
        (["--target", "5", "--damage", "2"], "--defence"),
        (["--target", "5", "--cover", "half"], "invalid choice"),
        ([], "--target"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, *argv)
    assert line.startswith("wartime odds: error:") and message in line


@pytest.mark.parametrize(("lang", "words"), [("es", "crítico"), ("en", "critical")])
def test_the_text_speaks_spanish_or_english(
    lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["odds", "--target", "6", "--defence", "2", "--damage", "4", "--lang", lang]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert words in out and "27/50" in out and "54.00 %" in out


# --------------------------------------------------------------------------- the engine


def _engine_wounds(faces: list[int], *, wall: bool) -> int:
    """a (AGI 4) shoots b (DEF 3, CON 9) with its rifle (DAÑ 4) on scripted dice."""
    b = replace(profile("b", con=9, defense=3))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    walls = (Wall(((18.0, 5.0), (18.0, 15.0)), 0.75, 4),) if wall else ()
    scn = scenario(units, profiles={"b": b}, walls=walls)
    state = started(scn, faces=[*faces, *[5] * 12])
    do(state, Action("ataque_distancia", "a", target="b", item="fusil"))
    return state.figures["b"].wounds


@pytest.mark.parametrize("wall", [False, True])
def test_the_odds_are_the_engines_over_every_pair_of_faces(wall: bool) -> None:
    """COMBATE: the shot played through the engine for each CH IMP face and CH DEF face
    (100 games, each 1/100) gives exactly the wound distribution of rules.odds.  With a
    0.75 K wall 2 K in front of b, seen from a's muzzle (0.7 K), b is 76 % hidden: the
    engine gives the CH DEF +2 of over-half cover, and so do the odds."""
    played: Counter[int] = Counter()
    for impact in range(1, 11):
        for defence in range(1, 11):
            played[_engine_wounds([impact, defence], wall=wall)] += 1
    spread = {k: Fraction(n, 100) for k, n in sorted(played.items())}
    cover = Cover.OVER_HALF if wall else Cover.NONE
    expected = attack_odds(4, defence=3, damage=RIFLE.dan, cover=cover).defence
    bare = attack_odds(4, defence=3, damage=RIFLE.dan).defence
    assert expected is not None and bare is not None
    assert spread == expected.wounds
    assert (spread == bare.wounds) is not wall  # the cover made a difference
