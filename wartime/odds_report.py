"""What `wartime odds` prints: the JSON contract and the text, in Spanish or English.

Odds are exact fractions in both ("1/10"), so a script can add them up without
rounding; the text adds a percentage beside each for a reader.  The game's own
terms (CH IMP, CH DEF, DEF, DAÑ) stay as the rulebook writes them in both languages.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from wartime.i18n import text_in
from wartime.rules.dice import Odds
from wartime.rules.odds import AttackOdds

LANGUAGES = ("es", "en")
OUTCOMES = ("critical", "pass", "fail", "fumble")


def _words(lang: str) -> dict[str, str]:
    """The texts of the report in ``lang``, from the catalogue (``cli.odds.*``)."""
    keys = ("check", "defence", "cover", *OUTCOMES, "wound", "wounds", "stops")
    return {key: text_in(lang, f"cli.odds.{key}") for key in keys}


def _outcomes(odds: Odds) -> dict[str, str]:
    return {
        "critical": str(odds.critical),
        "pass": str(odds.passed),
        "fail": str(odds.failed),
        "fumble": str(odds.fumble),
    }


def odds_json(odds: AttackOdds, damage: int | None = None) -> dict[str, Any]:
    """``{"check": {...}}`` and, with a DEF, ``"defence"``, ``"wound"`` and ``"wounds"``."""
    out: dict[str, Any] = {"check": _outcomes(odds.check)}
    if odds.defence is not None:
        out["defence"] = _outcomes(odds.defence.check)
        out["damage"] = damage
        out["wound"] = str(odds.defence.wound)
        out["wounds"] = {str(k): str(p) for k, p in odds.defence.wounds.items()}
        if odds.defence.cover_stops:
            out["cover_stops"] = str(odds.defence.cover_stops)
    return out


def odds_text(
    odds: AttackOdds, target: int, lang: str = "es", *, defence: int | None = None,
    damage: int | None = None, cover: str = "none",
) -> str:  # fmt: skip
    words = _words(lang)
    lines = [words["check"].format(target=target), *_rows(odds.check, words)]
    if odds.defence is not None:
        shown = ""
        if cover != "none":
            shown = words["cover"].format(cover=text_in(lang, f"cli.cover.{cover}"))
        lines += [words["defence"].format(defence=defence, cover=shown)]
        lines += _rows(odds.defence.check, words)
        lines += [_row(words["wound"].format(damage=damage), odds.defence.wound)]
        if odds.defence.cover_stops:
            lines += [_row(words["stops"], odds.defence.cover_stops)]
        spread = ", ".join(f"{k}: {p}" for k, p in odds.defence.wounds.items())
        lines += [f"  {words['wounds']}: {spread}"]
    return "\n".join(lines)


def _rows(odds: Odds, words: dict[str, str]) -> list[str]:
    pairs = zip(OUTCOMES,
                (odds.critical, odds.passed, odds.failed, odds.fumble), strict=True)  # fmt: skip
    return [_row(words[key], chance) for key, chance in pairs]


def _row(label: str, chance: Fraction) -> str:
    return f"  {label:<40} {chance!s:>7}  {float(chance) * 100:6.2f} %"
