"""``wartime check``: validate army and map files and report every problem."""

from __future__ import annotations

import argparse

from wartime.commands.output import EXIT_DATA, EXIT_OK, problem_line, report, warn
from wartime.errors import DataError, Problem
from wartime.formats.army import parse_army
from wartime.formats.document import Document, read_document
from wartime.formats.map import read_map
from wartime.i18n import ntext, say, text
from wartime.rules.costing import army_cost


def _map_verdict(path: str, doc: Document) -> str:
    loaded = read_map(doc)
    for problem in loaded.warnings:
        warn(problem)
    field = loaded.battlefield
    things = len(field.throwables)  # named only when the map has some (Súper fuerza)
    extra = f", {ntext('cli.count.throwables', things)}" if things else ""
    return (
        text(
            "cli.check.map",
            path=path,
            name=field.name,
            width=f"{field.size[0]:g}",
            height=f"{field.size[1]:g}",
            walls=ntext("cli.count.walls", len(field.walls)),
            obstacles=ntext("cli.count.obstacles", len(field.obstacles)),
            terrain=ntext("cli.count.terrain", len(field.terrain)),
            units=ntext("cli.count.units", len(field.units)),
        )
        + extra
    )


def _check_one(path: str) -> str:
    """Validate one file by its version key; returns a one-line verdict."""
    doc = read_document(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    if "wartime_army" in data:
        loaded = parse_army(doc)
        for warning in loaded.warnings:
            print(problem_line(warning))
        army = loaded.army
        over = [
            doc.problem(
                f"lists[{index}]",
                say("cli.check.over", list=cost.list, points=cost.points, limit=cost.limit),
            )
            for index, cost in enumerate(army_cost(army).lists)
            if not cost.within_limit
        ]
        if over:  # the same totals `wartime points` prints (LISTAS DE JUEGO)
            raise DataError(over)
        return text(
            "cli.check.army",
            path=path,
            name=army.name,
            archetypes=ntext("cli.count.archetypes", len(army.archetypes)),
            characters=ntext("cli.count.characters", len(army.characters)),
            lists=ntext("cli.count.lists", len(army.lists)),
        )
    if "wartime_map" in data:
        return _map_verdict(path, doc)
    raise DataError([Problem(path, "", say("cli.check.unknown_type"))])


def check(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for path in args.files:
        try:
            print(_check_one(path))
        except DataError as exc:
            report(exc)
            status = EXIT_DATA
    return status
