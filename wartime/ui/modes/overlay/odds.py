"""Odds: the attacker's attribute (or weapon's), the target's DEF, DAÑ, the cover and the
modifiers give the exact odds of each outcome of the CH IMP and the CH DEF and the
chance to wound, as fractions and percentages.  A measurement taken before fills in
the range band's modifier and the cover."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from wartime.rules.dice import Odds
from wartime.rules.odds import Cover, attack_odds
from wartime.rules.tables import load_tables
from wartime.ui.modes.overlay.tool import BadValueError, Tool
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode

COVERS = tuple(c.value for c in Cover)


@dataclass(frozen=True)
class Attack:
    """The panel's values: the attacker's attribute (or weapon's) and its modifier, the
    target's DEF and modifier, the weapon's DAÑ, the cover class and the cover's DEF."""

    attribute: int
    modifier: int = 0
    defense: int = 0
    defense_modifier: int = 0
    damage: int = 1
    cover: str = "none"  # none, partial, over_half, total
    cover_defense: int = 0


def fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


class OddsTool(Tool):
    """No board input: the panel's values in, the odds out."""

    name = "odds"
    fields = (
        ("attribute", "5"), ("modifier", "0"), ("defense", "3"), ("defense_modifier", "0"),
        ("damage", "3"), ("cover", "none"), ("cover_defense", "0"),
    )  # fmt: skip

    def __init__(self, mode: OverlayMode) -> None:
        super().__init__(mode)

    def fill_from(self, modifier: int, cover: str, cover_defense: int) -> None:
        """Take the range band's modifier and the cover of a measurement."""
        self.values.update(modifier=str(modifier), cover=cover, cover_defense=str(cover_defense))

    def attack(self) -> Attack:
        cover = self.values.get("cover", "").strip()
        if cover not in COVERS:
            raise BadValueError("cover", cover)
        return Attack(
            self.whole("attribute"), self.whole("modifier"), self.whole("defense"),
            self.whole("defense_modifier"), self.whole("damage"), cover,
            self.whole("cover_defense"),
        )  # fmt: skip

    def report(self) -> str:
        try:
            attack = self.attack()
        except BadValueError as exc:
            return str(exc)
        odds = attack_odds(
            attack.attribute, attack.modifier, defence=attack.defense, damage=attack.damage,
            defence_modifier=attack.defense_modifier, cover=Cover(attack.cover),
            cover_defence=attack.cover_defense,
        )  # fmt: skip
        hit = odds.defence
        assert hit is not None  # a DEF was given
        covered = attack.cover in ("over_half", "total")
        bonus = load_tables().cover_defence_bonus if covered else 0
        lines = [text("odds.impact", target=_target(attack.attribute, attack.modifier))]
        lines += _rows(odds.check)
        if hit.cover_check is not None:
            lines.append(text("odds.cover_check", target=attack.cover_defense))
            lines += _rows(hit.cover_check)
        defence = _target(attack.defense, attack.defense_modifier + bonus)
        lines.append(text("odds.defence", target=defence))
        lines += _rows(hit.check)
        lines.append(text("odds.wound", fraction=fraction(hit.wound), percent=percent(hit.wound)))
        spread = ", ".join(f"{n}: {fraction(p)}" for n, p in hit.wounds.items())
        lines.append(text("odds.wounds", spread=spread))
        return "<br>".join(lines)


def _target(value: int, modifier: int) -> str:
    return f"{value}{modifier:+d} = {value + modifier}" if modifier else str(value)


def _rows(odds: Odds) -> list[str]:
    named = (("critical", odds.critical), ("pass", odds.passed), ("fail", odds.failed),
             ("fumble", odds.fumble))  # fmt: skip
    return [
        "· " + text("odds.row", name=text(f"odds.{n}"), fraction=fraction(p), percent=percent(p))
        for n, p in named
    ]
