"""The labels on the targets of an attack: for each enemy, the engine's reason it
cannot be attacked (a red X on the board), or the preview of the attack (the chance
to hit and to wound, the cover and the range, from the resolver itself); and, for an
area weapon, its template at the aim with the figures it covers."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import shapely

from wartime.board.shapes import Point
from wartime.engine import Action, GameState, Preview
from wartime.geometry.templates import coverage, make_template
from wartime.i18n import Reason


@dataclass(frozen=True)
class TargetLabel:
    """One enemy under an attack: ``reason`` when it is refused, else ``preview``."""

    target: str
    action: Action
    reason: Reason | None
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
    """The label of every enemy ``actor``'s side knows of (an invisible one is not among
    them) for ``actor``'s attack ``kind`` with ``item``."""
    side = state.figures[actor].side
    known = state.observe(side).figures
    enemies = sorted(
        f.id for f in known.values() if f.side != side and f.present and not f.casualty
    )
    labels = []
    for enemy in enemies:
        action = Action(kind, actor, target=enemy, item=item)
        reason = state.check(action)
        preview = None if reason is not None else state.preview(action)
        labels.append(TargetLabel(enemy, action, reason, preview))
    return tuple(labels)


@dataclass(frozen=True)
class Footprint:
    """An area weapon's template laid at its aim: its outline and the figures it covers
    wholly (full DAÑ) and in part (half DAÑ)."""

    shape: str
    outline: tuple[tuple[float, float], ...]
    full: tuple[str, ...]
    partial: tuple[str, ...]


def footprint(state: GameState, actor: str, item: str | None, aim: Point) -> Footprint | None:
    """The template of ``actor``'s weapon ``item`` aimed at ``aim``, or None when the
    weapon has no R, L or G area (an S chain jumps: the engine asks for its ties)."""
    figure = state.figures[actor]
    weapon = next((w for w in figure.profile.weapons if w.id == item), None)
    if weapon is None or weapon.area is None or weapon.area[:1].upper() not in "RLG":
        return None
    try:
        template = make_template(weapon.area, aim, figure.disc())
    except ValueError:  # aimed at its own centre: no direction
        return None
    known = state.observe(figure.side).figures  # an invisible enemy is not shown as caught
    bases = [f.disc() for f in known.values() if f.present and f.aboard is None]
    covered = coverage(template, bases, exclude=actor)
    ring = shapely.get_exterior_ring(template.area)
    outline = tuple((float(x), float(y)) for x, y in shapely.get_coordinates(ring))
    return Footprint(template.shape, outline, covered.full, covered.partial)
