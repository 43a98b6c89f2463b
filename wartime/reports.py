"""Text and JSON views of points and the catalogue, for the command line.

The JSON shapes are contracts that scripts and tests rely on; see the README.
"""

from __future__ import annotations

from typing import Any

from wartime.errors import Problem
from wartime.i18n import ntext, text
from wartime.rules.archetypes import Army
from wartime.rules.catalog import AREA_TABLE, Entry
from wartime.rules.costing import ArmyCost
from wartime.rules.effects import load_effects

_WIDTH = 44  # label column of the points table


def points_json(cost: ArmyCost, warnings: tuple[Problem, ...]) -> dict[str, Any]:
    return {
        "archetypes": {a.archetype: a.points for a in cost.archetypes},
        "characters": {c.character: c.points for c in cost.characters},
        "lists": {
            lc.list: {"points": lc.points, "limit": lc.limit, "within_limit": lc.within_limit}
            for lc in cost.lists
        },
        "warnings": [str(w) for w in warnings],
    }


def _row(label: str, points: int, indent: int = 2) -> str:
    return f"{' ' * indent}{label:<{_WIDTH - indent}}{points:>7}"


def points_text(army: Army, cost: ArmyCost, warnings: tuple[Problem, ...]) -> str:
    lines = [text("cli.points.army", name=army.name), "", text("cli.points.archetypes")]
    for ac in cost.archetypes:
        lines.append(_row(f"{ac.archetype} ({text(f'cli.kind.{ac.kind.value}')})", ac.points))
        lines.extend(_row(t.label, t.points, indent=6) for t in ac.terms)
    lines += ["", text("cli.points.characters")]
    for cc, character in zip(cost.characters, army.characters, strict=True):
        title = cc.character
        if character.name and character.name != cc.character:
            title += f" «{character.name}»"
        lines.append(_row(title, cc.points))
        lines.extend(_row(p.label, p.points, indent=6) for p in cc.parts)
        if cc.points != cc.raw_points:
            raised = text("cli.points.raised", raw=cc.raw_points, minimum=cc.minimum)
            lines.append(f"      {raised}")
    lines += ["", text("cli.points.lists")]
    for lc, army_list in zip(cost.lists, army.lists, strict=True):
        if lc.within_limit:
            verdict = text("cli.points.within")
        else:
            verdict = text("cli.points.over", over=lc.points - lc.limit)
        count = ntext("cli.count.characters", len(army_list.characters))
        lines.append(f"  {lc.list:<{_WIDTH - 2}}{lc.points:>7} / {lc.limit}  {verdict}  ({count})")
    if warnings:
        lines += ["", text("cli.points.warnings")]
        lines.extend(f"  {w}" for w in warnings)
    return "\n".join(lines)


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "name": entry.name,
        "cost": AREA_TABLE if entry.cost is None else entry.cost,
        "per_level": entry.per_level,
        "max_level": entry.max_level,
        "param": entry.param,
        "tags": list(entry.tags),
        "hook": entry.mechanism.value,
        "summary": entry.summary,
        "automated": entry.name in load_effects(),  # the engine plays it (rules/effects)
    }


def _cost_label(entry: Entry) -> str:
    if entry.cost is None:
        return text("cli.catalog.area_table")
    if entry.per_level:
        return text("cli.catalog.per_level", cost=entry.cost, most=entry.max_level)
    return str(entry.cost)


def catalog_text(entries: tuple[Entry, ...]) -> str:
    lines = []
    for e in entries:
        name = e.name + (" (X)" if e.param else "")
        tags = f" [{', '.join(e.tags)}]" if e.tags else ""
        mechanism = text(f"cli.mechanism.{e.mechanism.value}")
        lines.append(f"{name:<30} {_cost_label(e):>18}  {mechanism:<15}{tags}".rstrip())
        lines.append(f"    {e.summary}")
    lines.append(ntext("cli.count.entries", len(entries)))
    return "\n".join(lines)
