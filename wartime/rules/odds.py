"""Exact odds of an attack: the CH IMP, the target's CH DEF and the wounds (COMBATE).

The attack sequence as the engine resolves it (engine/core/combat.py, ``_resolve_hit``
and ``_defend_once``), with no bonus/malus entries in play:

* CH IMP: 1D10 against the attacker's attribute plus its modifiers.  A fumble hits
  the attacker itself and a fail misses: the target takes nothing either way.  A
  pass hits with the weapon's DAÑ; a critical hits with DAÑ + 1 and ignores cover.
* Cobertura: over half hidden gives the CH DEF +2; wholly hidden, the cover rolls a
  check at its own DEF first and stops the hit if it passes, then the CH DEF +2.
* CH DEF: 1D10 against the target's DEF plus its modifiers.  A critical takes no
  wounds; a pass takes DAÑ − DEF (never below 0); a fail takes the whole DAÑ; a
  fumble takes DAÑ + 1.

Every figure is an exact :class:`~fractions.Fraction` built on
:func:`wartime.rules.dice.check_odds`, which enumerates the die through the very
:func:`~wartime.rules.dice.check_outcome` the engine rolls with.  The issue asked
about icepool: it would give the same fractions, but it would be a second encoding
of the check (its own die algebra for the 1-critical and 10-fumble faces) that
could drift from the one the engine resolves with, and a dependency for what is
at most 10 × 10 × 10 equally likely faces.  Enumerating our own resolver keeps
the odds and the dice one definition (DESIGN §3: a check knows its exact
distribution).

>>> str(attack_odds(6, damage=4, defence=2).defence.wound)  # hit 6/10, then bar a critical CH DEF
'27/50'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from wartime.rules.dice import Odds, check_odds
from wartime.rules.tables import load_tables


class Cover(StrEnum):
    """Cobertura as the attack sees it (the classes of DESIGN §5)."""

    NONE = "none"
    PARTIAL = "partial"  # up to half hidden: no effect on the CH DEF
    OVER_HALF = "over_half"
    TOTAL = "total"


_COVERED = (Cover.OVER_HALF, Cover.TOTAL)  # the covers that give the CH DEF +2


@dataclass(frozen=True)
class DefenceOdds:
    """The target's side of a hit: its CH DEF and the wounds, for a plain hit."""

    check: Odds  # the CH DEF after a plain (not critical) CH IMP, cover included
    wounds: dict[int, Fraction]  # wounds taken → chance, over the whole attack
    wound: Fraction  # chance of at least one wound, over the whole attack
    cover_stops: Fraction  # chance the cover's own check stops the hit (total cover)
    cover_check: Odds | None = None  # the cover's own check at its DEF (total cover only)


@dataclass(frozen=True)
class AttackOdds:
    check: Odds  # the CH IMP
    defence: DefenceOdds | None  # None: no DEF given, the CH IMP alone


def attack_odds(
    target: int,
    modifier: int = 0,
    *,
    defence: int | None = None,
    damage: int | None = None,
    defence_modifier: int = 0,
    cover: Cover = Cover.NONE,
    cover_defence: int = 0,
) -> AttackOdds:
    """Exact odds of a CH IMP at ``target + modifier`` and, given the target's DEF and
    the weapon's DAÑ, of its CH DEF and the wounds (module docstring).

    >>> odds = attack_odds(5)
    >>> [str(p) for p in (odds.check.critical, odds.check.passed, odds.check.failed)]
    ['1/10', '2/5', '2/5']
    """
    check = check_odds(target, modifier)
    if defence is None:
        return AttackOdds(check, None)
    if damage is None:
        raise ValueError("the chance to wound needs the weapon's DAÑ")
    if defence < 0 or damage < 0 or cover_defence < 0:
        raise ValueError("DEF, DAÑ and the cover's DEF are 0 or more")
    cover_bonus = load_tables().cover_defence_bonus  # Cobertura, over half: CH DEF +2
    wounds: dict[int, Fraction] = defaultdict(Fraction)
    stops = Fraction(0)
    for chance, dan, guarded in _hits(check, damage, cover):
        held = check_odds(cover_defence).success if guarded == Cover.TOTAL else Fraction(0)
        stops += chance * held
        bonus = cover_bonus if guarded in _COVERED else 0
        for taken, p in _wounds(defence, defence_modifier + bonus, dan):
            wounds[taken] += chance * (1 - held) * p
    wounds[0] += 1 - sum(wounds.values())  # misses, fumbles and stopped hits
    plain = check_odds(defence, defence_modifier + (cover_bonus if cover in _COVERED else 0))
    ordered = {k: wounds[k] for k in sorted(wounds) if wounds[k]}
    wound = sum((p for k, p in ordered.items() if k > 0), Fraction(0))
    guard = check_odds(cover_defence) if cover == Cover.TOTAL else None
    return AttackOdds(check, DefenceOdds(plain, ordered, wound, stops, guard))


def _hits(check: Odds, damage: int, cover: Cover) -> Iterator[tuple[Fraction, int, Cover]]:
    """(chance, DAÑ, cover that applies) of each way the CH IMP can hit."""
    yield check.passed, damage, cover
    yield check.critical, damage + 1, Cover.NONE  # Crítico en CH IMP: DAÑ +1, no cover


def _wounds(defence: int, modifier: int, damage: int) -> Iterator[tuple[int, Fraction]]:
    """(wounds, chance) of one CH DEF against ``damage`` (combat._defend_once)."""
    odds = check_odds(defence, modifier)
    yield 0, odds.critical
    yield max(0, damage - defence), odds.passed
    yield damage, odds.failed
    yield damage + 1, odds.fumble
