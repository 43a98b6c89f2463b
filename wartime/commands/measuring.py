"""``wartime measure``, ``template`` and ``noise``: the table's geometry (numpy, shapely)."""

from __future__ import annotations

import argparse
from typing import Any

from wartime.commands.output import EXIT_OK, print_json
from wartime.errors import DataError, Problem
from wartime.formats.map import load_map
from wartime.geometry.measure import Measurement, Table
from wartime.geometry.noise import NoiseRule
from wartime.i18n import say, text


def _table(path: str) -> Table:
    return Table(load_map(path))


def _known(table: Table, path: str, *ids: str | None) -> None:
    """A located error for the first of ``ids`` that names no unit of the map."""
    known = {unit.id for unit in table.field.units}
    for uid in ids:
        if uid is not None and uid not in known:
            message = say("cli.unknown_unit", id=uid, map=table.field.name)
            raise DataError([Problem(path, "units", message)])


def describe(m: Measurement) -> str:
    """One line for a pair: distances, vision, cover and line of sight."""
    if m.in_vision:
        vision = text("cli.measure.in_vision")
    else:
        vision = text("cli.measure.out_of_range" if m.in_arc else "cli.measure.outside")
    return text(
        "cli.measure.line",
        source=m.source,
        target=m.target,
        distance=f"{m.distance_k:.2f}",
        cm=f"{m.distance_cm:.1f}",
        centre=f"{m.center_distance_k:.2f}",
        vision=vision,
        cover=f"{m.cover_percent:.1f}",
        cover_class=text(f"cli.cover.{m.cover_class}"),
        sight=text(f"cli.sight.{m.line_of_sight}"),
    )


def measure(args: argparse.Namespace) -> int:
    table = _table(args.map)
    if args.all:
        results = table.measure_all()
    elif args.source and args.target:
        _known(table, args.map, args.source, args.target)
        results = [table.measure(args.source, args.target)]
    else:
        raise DataError([Problem(args.map, "", say("cli.measure.needs_units"))])
    if args.json:
        print_json([m.to_json() for m in results] if args.all else results[0].to_json())
    else:
        print("\n".join(describe(m) for m in results))
    return EXIT_OK


def template(args: argparse.Namespace) -> int:
    table = _table(args.map)
    _known(table, args.map, args.source, args.target if args.shape.startswith("S") else None)
    try:
        if args.shape.startswith("S"):
            if not args.target:
                raise DataError([Problem(args.map, "", say("cli.template.needs_target"))])
            result: dict[str, Any] = {"chain": table.chain(args.shape, args.target)}
        elif args.at is None:
            message = say("cli.template.needs_at", shape=args.shape)
            raise DataError([Problem(args.map, "", message)])
        elif args.source is None and not args.shape.startswith("R"):
            message = say("cli.template.needs_from", shape=args.shape)
            raise DataError([Problem(args.map, "", message)])
        elif args.source is not None and table.field.unit(args.source).position == args.at:
            raise DataError([Problem(args.map, "", say("cli.template.no_direction"))])
        else:
            result = table.template(args.shape, args.at, args.source, args.line_width)
    except ValueError as exc:  # the geometry's own refusal, should a case slip past these
        raise DataError([Problem(args.map, "", str(exc))]) from None
    if args.json:
        print_json(result)
    else:
        print(
            "\n".join(
                f"{text(f'cli.template.{key}')}: {', '.join(ids) or '-'}"
                for key, ids in result.items()
            )
        )
    return EXIT_OK


def noise(args: argparse.Namespace) -> int:
    result = _table(args.map).noise(args.at, args.range, NoiseRule(args.rule))
    if args.json:
        print_json(result)
    else:
        hears, silent = text("cli.noise.hears"), "-"
        for uid, reach in result["reach"].items():
            mark = hears if uid in result["hears"] else silent
            print(text("cli.noise.line", unit=f"{uid:<20}", reach=f"{reach:7.2f}", mark=mark))
    return EXIT_OK
