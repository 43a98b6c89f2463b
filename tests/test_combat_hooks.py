"""COMBATE and PSICOLOGÍA through hooks: where one hook has several answers that roll
dice, they run in the order the rules resolve them, the order today's games were
recorded in (the frozen corpus holds the dice; these name the order)."""

from __future__ import annotations

import wartime.engine  # noqa: F401  (install.py registers every answer)
from wartime.engine.core import hookspecs


def test_the_attackers_cobarde_rolls_before_the_targets_horror() -> None:
    """PSICOLOGÍA, Cobarde and Horror: a CH PSI before the attack for each, the
    attacker's own first; a failed one loses the attack and stops the other's dice."""
    assert hookspecs.nerve.keys() == ["behaviour", "targets"]


def test_a_figure_taken_out_blows_up_before_its_way_back_and_before_explota() -> None:
    """HERIDAS, taken out: Bomba viviente's blast, then whether it may come back (Héroe,
    Ave Fénix, Resurrección), then Explota or Inflamable."""
    assert hookspecs.taken_out.keys() == ["cries", "revival", "afterlife"]
