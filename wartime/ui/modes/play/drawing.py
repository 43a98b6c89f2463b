"""What the game screen draws over the board, worded: the move under the cursor with
its caption, the targets' captions and an area weapon's template (the shapes
themselves are render/play.py's)."""

from __future__ import annotations

from wartime.engine import Action, GameState
from wartime.play import MovePlan, TargetLabel, footprint
from wartime.render.play import footprint_shapes, move_shapes
from wartime.render.primitives import Shape
from wartime.ui.modes.play.words import target_caption
from wartime.ui.strings import text


def move_of(plan: MovePlan) -> list[Shape]:
    """The move under the cursor, captioned with its stride, length and ENE."""
    refused = plan.action is None
    if plan.stride is None:
        caption = text("move.out", length=f"{plan.length:.1f}")
    else:
        caption = text(
            "move.caption", stride=text(f"stride.{plan.stride}"), length=f"{plan.length:.1f}",
            ene=plan.ene,
        )  # fmt: skip
    return move_shapes(plan.path.legs, plan.path.reach, refused, caption)


def captions(
    state: GameState, labels: dict[str, TargetLabel]
) -> list[tuple[tuple[float, float], float, str | None]]:
    """Each labelled figure's place, size and caption (None: a red X)."""
    out = []
    for fid, label in labels.items():
        figure = state.figures.get(fid)
        if figure is None:
            continue
        caption = target_caption(label.preview) if label.preview is not None else None
        if label.preview is None and label.reason is None:
            caption = fid  # an answer's or a helper's target: no odds to show
        out.append((figure.position, figure.radius, caption))
    return out


def template_of(state: GameState, attack: Action, aim: tuple[float, float] | None) -> list[Shape]:
    """An area weapon's template at the hovered target, with whom it covers."""
    if aim is None or attack.figure is None:
        return []
    laid = footprint(state, attack.figure, attack.item, aim)
    if laid is None:
        return []
    figures = state.figures
    return footprint_shapes(
        laid.outline,
        [(figures[f].position, figures[f].radius) for f in laid.full],
        [(figures[f].position, figures[f].radius) for f in laid.partial],
    )
