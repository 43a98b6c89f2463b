"""Exact odds of a ranged or close attack for the overlay's odds tool, without pygame.

An attack is a CH IMP by the attacker, then the target's CH DEF (COMBATE):

- CH IMP: a critical ignores cover and adds DAÑ +1; a fail or a fumble does not hit;
- cover over half gives CH DEF +2; total cover defends first with its own DEF (a check
  against the strongest solid crossed) and only when that fails does the target roll
  its CH DEF +2;
- CH DEF: a critical takes no wounds, a pass takes DAÑ − DEF, a fail DAÑ and a fumble
  DAÑ +1.

Every figure is an exact fraction, enumerated from :func:`wartime.rules.dice.check_odds`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from wartime.rules.dice import Odds, check_odds

COVER_DEF_BONUS = 2


@dataclass(frozen=True)
class Attack:
    """What the odds tool asks: the attacker's attribute (or weapon's) and its modifier,
    the target's DEF and modifier, the weapon's DAÑ, the cover class and the cover's DEF."""

    attribute: int
    modifier: int = 0
    defense: int = 0
    defense_modifier: int = 0
    damage: int = 1
    cover: str = "none"  # none, partial, over_half, total
    cover_defense: int = 0


@dataclass(frozen=True)
class AttackOdds:
    """CH IMP's four outcomes, the CH DEF's (with the cover's bonus), the cover's own
    check (total cover only), the wounds' distribution and the chance to wound."""

    impact: Odds
    defence: Odds
    cover_check: Odds | None
    wounds: dict[int, Fraction]

    @property
    def wound(self) -> Fraction:
        """The chance that the attack deals at least one wound."""
        return sum((p for n, p in self.wounds.items() if n > 0), Fraction(0))


def _defence_wounds(odds: Odds, damage: int, defense: int) -> dict[int, Fraction]:
    """The wounds each outcome of the CH DEF lets through (outcomes may share a count)."""
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    out[0] += odds.critical
    out[max(0, damage - defense)] += odds.passed
    out[damage] += odds.failed
    out[damage + 1] += odds.fumble
    return out


def _add(into: dict[int, Fraction], weight: Fraction, spread: dict[int, Fraction]) -> None:
    for wounds, p in spread.items():
        into[wounds] += weight * p


def attack_odds(attack: Attack) -> AttackOdds:
    """The exact odds of ``attack``: each check's outcomes and the wounds it deals."""
    impact = check_odds(attack.attribute, attack.modifier)
    covered = attack.cover in ("over_half", "total")
    bonus = COVER_DEF_BONUS if covered else 0
    plain = check_odds(attack.defense, attack.defense_modifier)
    behind = check_odds(attack.defense, attack.defense_modifier + bonus)
    guard = check_odds(attack.cover_defense) if attack.cover == "total" else None
    wounds: defaultdict[int, Fraction] = defaultdict(Fraction)
    # A critical CH IMP ignores cover and hits one DAÑ harder.
    _add(wounds, impact.critical, _defence_wounds(plain, attack.damage + 1, attack.defense))
    hit = _defence_wounds(behind, attack.damage, attack.defense)
    if guard is not None:
        _add(wounds, impact.passed * guard.success, {0: Fraction(1)})
        _add(wounds, impact.passed * (1 - guard.success), hit)
    else:
        _add(wounds, impact.passed, hit)
    _add(wounds, impact.failed + impact.fumble, {0: Fraction(1)})
    kept = {n: p for n, p in sorted(wounds.items()) if p}
    return AttackOdds(impact, behind, guard, kept)
