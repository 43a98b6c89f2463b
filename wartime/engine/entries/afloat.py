"""Entries about water and the ground under a figure (BONUS Y MALUS; MOVIMIENTO).

- **Levitador** (``hover``): it floats half a K over the ground at height 1, so the
  ground it moves over costs it no ENE (difficult and extreme count as easy) and it
  crosses water as if it were land.  Walls, obstacles and bases stop it as they stop
  anyone at height 1.
- **Pez** and **Anfibio** (``swims_as_moving``): its moves cross water as land (no
  Nadar, no CH AGI); other ground costs what it always does.  Pez breathes underwater,
  which nothing in play asks about (there is no drowning rule to spare it from).
- **Serpiente** (``crevices_easy``): the map's crevices (recovecos), difficult ground
  for others, are easy for it; other ground costs what it always does.
- **Araña** (``walls_easy``): it walks up, along and down walls and obstacles as easy
  ground, so its moves go straight over them (core/routes.py); other bases and the
  table's edge stop it, and it must end on free ground.

:func:`on_ground` turns the cost of a path into what it costs the figure, on the
``ground_cost`` hook that the moves (core/routes.py) and the other movement actions
(actions/terrain.py) fire.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.engine.core.traits import entries_of, per_profile
from wartime.geometry.terrain import SURCHARGE, PathCost
from wartime.rules.effects import Flight


@per_profile
def _afloat(figure: Figure) -> tuple[str | None, str | None]:
    """(the entry it floats with, the entry it crosses water with)."""
    hover = next((t.name for t, e in entries_of(figure, None, Flight) if e.hover), None)
    swim = next((t.name for t, e in entries_of(figure, None, Flight) if e.swims_as_moving), None)
    return hover, swim or hover


@hookspecs.climbs.impl(order=10, key="afloat")
@per_profile
def climbs(figure: Figure) -> bool:
    """Araña: its moves go over walls and obstacles."""
    return any(e.walls_easy for _, e in entries_of(figure, None, Flight))


@per_profile
def _slithers(figure: Figure) -> bool:
    """Serpiente: crevices are easy ground for it."""
    return any(e.crevices_easy for _, e in entries_of(figure, None, Flight))


@hookspecs.ground_cost.impl(order=10, key="afloat")
def on_ground(cost: PathCost, figure: Figure) -> PathCost:
    """The cost of a path at height 1 as it counts for the figure: a floater pays nothing
    for the ground and crosses water; a swimmer crosses water as land."""
    if not (cost.ene or cost.swims):
        return cost
    if cost.crevices and _slithers(figure):
        rough = tuple(r for r in cost.rough if r not in cost.crevices)
        easier = SURCHARGE[cost.beside_crevices]
        cost = replace(cost, ene=easier, worst=cost.beside_crevices, rough=rough, crevices=())
    hover, swim = _afloat(figure)
    if hover is not None:
        return replace(cost, ene=0, worst="easy", swims=(), rough=())
    if swim is not None and cost.swims:
        return replace(cost, swims=())
    return cost


def floats(figure: Figure) -> str | None:
    """Levitador: the entry it floats with, or None."""
    return _afloat(figure)[0]
