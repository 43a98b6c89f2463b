"""The actions a figure cannot take now, each with the engine's reason.

A play screen greys these out and says why.  The reason is the one
:meth:`GameState.check` gives for the action tried with the arguments a player would
most likely give it: the nearest enemy as the target of an attack, the nearest ally
for help, its first weapon, a point 1 K ahead for a move.  An action that is legal
with some arguments but not sampled by ``legal_actions()`` (a move to a point behind a
wall) is not refused: the screen lets the player try it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.core.action import Action
from wartime.engine.core.figures import Figure
from wartime.engine.core.pending import PendingKind
from wartime.geometry.distance import edge_distance
from wartime.i18n import Message, Reason, say
from wartime.rules.actions import Group, load_actions

if TYPE_CHECKING:  # the state imports this module for GameState.refusals
    from wartime.engine.core.state import GameState

ACTING = (PendingKind.ACT, PendingKind.REACT_ACT)
HELP = ("apoyar", "curar_reparar")  # the book's actions done to an ally


@dataclass(frozen=True)
class Refusal:
    """An action of the book that ``figure`` may not take now, and why."""

    kind: str  # the action's id in the action list
    name: str  # as the book names it
    reason: Reason  # the engine's reason, for a player


def refusals(state: GameState, figure_id: str) -> tuple[Refusal, ...]:
    """Every action of the book that the figure cannot take now, in the book's order."""
    figure = state.figure(figure_id)
    book = load_actions().actions
    pending = state.pending
    if pending.kind not in ACTING or pending.figure != figure.id:
        reason = say("refused.refusals.not_turn", figure=figure.id)
        return tuple(Refusal(a.id, a.name, reason) for a in book)
    offered = {a.kind for a in state.legal_actions()}
    found: list[Refusal] = []
    for entry in book:
        if entry.id in offered:
            continue
        reasons = [state.check(tried) for tried in _tried(state, figure, entry.id, entry.group)]
        if None in reasons:
            continue
        weapons = [w.id for w in figure.profile.weapons]
        plain = [r for r in reasons if r and not _mentions(r, weapons)]
        found.append(Refusal(entry.id, entry.name, (plain or reasons)[0] or ""))
    return tuple(found)


def _mentions(reason: Reason, names: list[str]) -> bool:
    """Whether ``reason`` names one of ``names`` (a weapon) among its values."""
    if isinstance(reason, str):
        return any(name in reason for name in names)
    return any(
        _mentions(value, names) if isinstance(value, Message | str) else False
        for _, value in reason.values
    )


def _tried(state: GameState, figure: Figure, kind: str, group: Group) -> list[Action]:
    """The action with the arguments a player would most likely give it: for an attack,
    once with each weapon (a reason about another matter is the one worth showing)."""
    allies = [f for f in state.living(figure.side) if f.id != figure.id and f.on_table]
    others = allies if kind in HELP else state.enemies_of(figure)
    target = min(others, key=lambda f: _gap(figure, f), default=None)
    weapons: list[str | None] = [w.id for w in figure.profile.weapons]
    if group is not Group.COMBAT:
        weapons = []
    return [_with(figure, kind, group, target, weapon) for weapon in weapons or [None]]


def _with(
    figure: Figure, kind: str, group: Group, target: Figure | None, weapon: str | None
) -> Action:
    angle = math.radians(figure.facing)
    ahead = (figure.position[0] + math.cos(angle), figure.position[1] + math.sin(angle))
    moving = group is Group.MOVEMENT
    return Action(
        kind, figure.id,
        target=None if moving or target is None else target.id,
        point=ahead if moving else None,
        item=weapon,
    )  # fmt: skip


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)
