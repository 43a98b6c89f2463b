"""The status line's words: what is hovered, where the cursor is, or the map at rest.

The facts come from :func:`wartime.board.queries.describe`; this module puts
them in the user's language (:mod:`wartime.ui.strings`).
"""

from __future__ import annotations

from wartime.board import queries
from wartime.board.battlefield import Battlefield
from wartime.board.shapes import Point
from wartime.ui.strings import text

STATUS_HEIGHT = 28


def describe(field: Battlefield, key: str) -> str | None:
    """The status-line text for the element with ``key``."""
    found = queries.describe(field, key)
    if found is None:
        return None
    values = dict(found.values)
    if "posture" in values:
        values["posture"] = text(f"posture.{values['posture']}")
    if "size" in values:
        values["size"] = text(f"size.{values['size']}")
    return text(f"status.{found.kind}", **values)


def status_line(
    field: Battlefield,
    *,
    message: str | None,
    hover: str | None,
    cursor: Point | None,
    scale: float,
) -> str:
    """The view's own line: a one-off message, else the hovered element, else the cursor."""
    if message is not None:
        return message
    if hover is not None:
        return describe(field, hover) or hover
    if cursor is not None:
        x, y = cursor
        return text(
            "status.cursor", name=field.name, x=f"{x:.1f}", y=f"{y:.1f}", scale=f"{scale:.1f}"
        )
    w, h = field.size
    return text(
        "status.idle", name=field.name, width=f"{w:g}", height=f"{h:g}", scale=f"{scale:.1f}"
    )
