"""Blasts (HERIDAS): a figure or a transport blows up, and each figure caught defends.

A destroyed transport explodes (actions/transport.py), and so do the bearers of a blast
on death (Bomba viviente, entries/cries.py; Explota and Inflamable, entries/afterlife.py):
all of them reach the same figures and chain the same way, through the CH DEF.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.combat import defend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.geometry.distance import edge_distance
from wartime.i18n import say

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


def caught(state: GameState, figure: Figure, radius: float) -> list[str]:
    """Who a blast from ``figure`` reaches: the living figures at its height within
    ``radius`` K of its base edge, nearest first (itself too, while it is not a casualty)."""
    near = sorted(
        (
            (edge_distance(figure.position, figure.radius, o.position, o.radius), o.id)
            for o in state.figures.values()
            if o.present and o.level == figure.level
        ),
    )
    return [fid for gap, fid in near if fid == figure.id or gap <= radius]


def blast(state: GameState, victims: list[str], damage: int) -> list[Event]:
    """Each figure caught makes its own CH DEF against ``damage``, in turn; one an earlier
    blast of the chain already took out is left alone (blasts chain through defend)."""
    events: list[Event] = []
    for fid in victims:
        victim = state.figures[fid]
        if not victim.casualty:
            events += defend(state, victim, damage, "none", attacker=None)
    return events


def burst(state: GameState, figure: Figure, name: str, damage: int, radius: float) -> list[Event]:
    """``figure`` blows up with ``damage`` over ``radius`` K from its base edge (Bomba
    viviente, Explota, Inflamable: ``name``): each figure caught defends."""
    victims = caught(state, figure, float(radius))
    names = ", ".join(victims) or say("phrase.blasts.nobody")
    text = say(
        "log.blasts.burst", entry=name, figure=figure.id, damage=damage, radius=radius, names=names
    )
    data = {"figure": figure.id, "entry": name, "damage": damage, "radius": radius,
            "victims": victims}  # fmt: skip
    events = [Event("explosion", text, data), *blast(state, victims, damage)]
    return events + list(chain.from_iterable(hookspecs.exploded.collect(state, figure)))
