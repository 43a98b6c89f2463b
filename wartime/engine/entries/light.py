"""Darkness and light (BONUS Y MALUS: Luz, Radar; the map's ``darkness`` and ``lights``).

A figure standing wholly in the map's darkness, lit by no light, has no LdV to it
(engine/core/sight.py, ``hidden_in_dark``).  Here, who sees it all the same, on the
``sees_in_dark`` hook:

- **Radar** (``sees_in_dark``): the bearer sees figures standing in the dark;
- **Luz** (``sees_in_dark`` and ``seen_in_dark``): the bearer carries a light, so it sees
  figures standing in the dark and is seen itself there, by anyone.

Each profile's entries are read once (``sight.senses``, kept per profile).
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.engine.core.sight import senses


@hookspecs.sees_in_dark.impl(order=10, key="light")
def sees_in_dark(viewer: Figure, target: Figure) -> str | None:
    """The entry by which ``viewer`` sees ``target`` standing in the dark, or None."""
    return senses(viewer).dark_sight or senses(target).shines
