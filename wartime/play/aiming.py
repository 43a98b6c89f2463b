"""The labels on the targets of an attack: for each enemy, the engine's reason it
cannot be attacked (a red X on the board), or the preview of the attack (the chance
to hit and to wound, the cover and the range, from the resolver itself)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from wartime.engine import Action, GameState, Preview


@dataclass(frozen=True)
class TargetLabel:
    """One enemy under an attack: ``reason`` when it is refused, else ``preview``."""

    target: str
    action: Action
    reason: str | None
    preview: Preview | None

    @property
    def hit_chance(self) -> Fraction | None:
        """The chance the attack's first CH IMP passes, or None."""
        if self.preview is None:
            return None
        impact = next((c for c in self.preview.checks if c.check == "IMP"), None)
        return None if impact is None else impact.success

    @property
    def range_modifier(self) -> int:
        """The CH IMP's range modifier ("distancia"), 0 within the first band."""
        if self.preview is None:
            return 0
        impact = next((c for c in self.preview.checks if c.check == "IMP"), None)
        mods = impact.modifiers if impact is not None else ()
        return sum(v for name, v in mods if name == "distancia")


def aim(state: GameState, actor: str, kind: str, item: str | None) -> tuple[TargetLabel, ...]:
    """The label of every enemy on the table for ``actor``'s attack ``kind`` with ``item``."""
    side = state.figures[actor].side
    enemies = sorted(
        f.id for f in state.figures.values() if f.side != side and f.present and not f.casualty
    )
    labels = []
    for enemy in enemies:
        action = Action(kind, actor, target=enemy, item=item)
        reason = state.check(action)
        preview = None if reason is not None else state.preview(action)
        labels.append(TargetLabel(enemy, action, reason, preview))
    return tuple(labels)
