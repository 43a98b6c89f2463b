"""The action bar of the figure that acts: every action of the book, grouped as the
book groups them, with its ENE; the ones it cannot take now greyed out with the
engine's reason; and the decisions the book does not list (end the activation, turn,
react, pass) after them."""

from __future__ import annotations

from dataclasses import dataclass

from wartime.engine import Action, GameState
from wartime.i18n import Reason
from wartime.rules.actions import load_actions

OTHER = "other"  # the group of decisions that are no action of the book


@dataclass(frozen=True)
class BarEntry:
    """One button: ``actions`` are the legal decisions of this kind (several targets,
    points or weapons); none, and ``reason`` says why it is greyed out."""

    kind: str
    name: str
    group: str  # movement, combat, generic (the book's groups) or other
    ene: int | None  # the book's ENE when it is a number (else it depends on the weapon)
    actions: tuple[Action, ...]
    reason: Reason | None

    @property
    def allowed(self) -> bool:
        return bool(self.actions)


def action_bar(state: GameState, figure_id: str) -> tuple[BarEntry, ...]:
    """The bar of ``figure_id`` now, in the book's order, the other decisions last."""
    legal: dict[str, list[Action]] = {}
    for action in state.legal_actions():
        if action.figure in (figure_id, None):
            legal.setdefault(action.kind, []).append(action)
    refused = {r.kind: r.reason for r in state.refusals(figure_id)}
    entries = []
    for entry in load_actions().actions:
        actions = tuple(legal.pop(entry.id, ()))
        if not actions and entry.id not in refused:
            continue  # legal with arguments the list does not sample (a far point)
        ene = entry.ene if isinstance(entry.ene, int) else None
        reason = None if actions else refused[entry.id]
        entries.append(BarEntry(entry.id, entry.name, str(entry.group), ene, actions, reason))
    for kind, others in legal.items():  # end, girar, react, pass, answers...
        entries.append(BarEntry(kind, kind, OTHER, None, tuple(others), None))
    return tuple(entries)
