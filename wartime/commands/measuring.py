"""``wartime measure``, ``template`` and ``noise``: the table's geometry (numpy, shapely)."""

from __future__ import annotations

import argparse
from typing import Any

from wartime.commands.output import EXIT_OK, print_json
from wartime.errors import DataError, Problem
from wartime.formats.map import load_map
from wartime.geometry.measure import Table
from wartime.geometry.noise import NoiseRule


def _table(path: str) -> Table:
    return Table(load_map(path))


def _unit_error(path: str, exc: KeyError) -> DataError:
    return DataError([Problem(path, "units", str(exc.args[0]))])


def measure(args: argparse.Namespace) -> int:
    table = _table(args.map)
    try:
        if args.all:
            results = table.measure_all()
        elif args.source and args.target:
            results = [table.measure(args.source, args.target)]
        else:
            raise DataError([Problem(args.map, "", "give --from ID --to ID, or --all")])
    except KeyError as exc:
        raise _unit_error(args.map, exc) from None
    if args.json:
        print_json([m.to_json() for m in results] if args.all else results[0].to_json())
    else:
        print("\n".join(m.describe() for m in results))
    return EXIT_OK


def template(args: argparse.Namespace) -> int:
    table = _table(args.map)
    try:
        if args.shape.startswith("S"):
            if not args.target:
                raise DataError([Problem(args.map, "", "an S template needs --target ID")])
            result: dict[str, Any] = {"chain": table.chain(args.shape, args.target)}
        elif args.at is None:
            raise DataError([Problem(args.map, "", f"a {args.shape} template needs --at X,Y")])
        else:
            result = table.template(args.shape, args.at, args.source, args.line_width)
    except KeyError as exc:
        raise _unit_error(args.map, exc) from None
    except ValueError as exc:
        raise DataError([Problem(args.map, "", str(exc))]) from None
    if args.json:
        print_json(result)
    else:
        print("\n".join(f"{key}: {', '.join(ids) or '-'}" for key, ids in result.items()))
    return EXIT_OK


def noise(args: argparse.Namespace) -> int:
    result = _table(args.map).noise(args.at, args.range, NoiseRule(args.rule))
    if args.json:
        print_json(result)
    else:
        for uid, reach in result["reach"].items():
            mark = "hears" if uid in result["hears"] else "-"
            print(f"{uid:<20} reach {reach:7.2f} K  {mark}")
    return EXIT_OK
