"""The ``wartime`` command: one entry point with subcommands.

Every file error prints one line per problem and exits with status 2; no
traceback reaches the user.  The command never writes to the files it reads.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from wartime import __version__
from wartime.errors import DataError, Problem
from wartime.formats.army import load_army, parse_army
from wartime.formats.document import read_document
from wartime.formats.map import parse_map
from wartime.reports import catalog_text, entry_json, points_json, points_text
from wartime.rules.catalog import load_catalog
from wartime.rules.costing import army_cost

EXIT_OK = 0
EXIT_DATA = 2


def _print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=2))


def _cmd_points(args: argparse.Namespace) -> int:
    loaded = load_army(args.file)
    cost = army_cost(loaded.army)
    if args.json:
        _print_json(points_json(cost, loaded.warnings))
    else:
        print(points_text(loaded.army, cost, loaded.warnings))
    return EXIT_OK


def _cmd_catalog(args: argparse.Namespace) -> int:
    catalog = load_catalog()
    entries = catalog.search(args.search) if args.search else catalog.entries
    if args.json:
        _print_json([entry_json(e) for e in entries])
    else:
        print(catalog_text(entries))
    return EXIT_OK


def _check_one(path: str) -> str:
    """Validate one file by its version key; returns a one-line verdict."""
    doc = read_document(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    if "wartime_army" in data:
        loaded = parse_army(doc)
        for warning in loaded.warnings:
            print(warning)
        army = loaded.army
        return (
            f"{path}: OK: army '{army.name}' with {len(army.archetypes)} archetypes, "
            f"{len(army.characters)} characters, {len(army.lists)} lists"
        )
    if "wartime_map" in data:
        field = parse_map(doc)
        return (
            f"{path}: OK: map '{field.name}' {field.size[0]:g}×{field.size[1]:g} K with "
            f"{len(field.walls)} walls, {len(field.obstacles)} obstacles, "
            f"{len(field.terrain)} terrain areas, {len(field.units)} units"
        )
    raise DataError(
        [
            Problem(
                path,
                "",
                "unknown file type: expected 'wartime_army: 1' or 'wartime_map: 1' at the top",
            )
        ]
    )


def _cmd_check(args: argparse.Namespace) -> int:
    status = EXIT_OK
    for path in args.files:
        try:
            print(_check_one(path))
        except DataError as exc:
            _report(exc)
            status = EXIT_DATA
    return status


def _report(exc: DataError) -> None:
    for problem in exc.problems:
        print(problem, file=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wartime",
        description="Wartime Simulator: play, design and measure battlefields of WARTIME THE GAME.",
    )
    parser.add_argument("--version", action="version", version=f"wartime {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    points = sub.add_parser("points", help="cost the archetypes, characters and lists of an army")
    points.add_argument("file", help="army file (wartime_army: 1)")
    points.add_argument("--json", action="store_true", help="print machine-readable JSON")
    points.set_defaults(run=_cmd_points)

    catalog = sub.add_parser("catalog", help="list the 369 bonus/malus entries of the rulebook")
    catalog.add_argument("--search", metavar="TEXT", help="only entries mentioning TEXT")
    catalog.add_argument("--json", action="store_true", help="print machine-readable JSON")
    catalog.set_defaults(run=_cmd_catalog)

    check = sub.add_parser("check", help="validate army and map files and report every problem")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=_cmd_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
    if run is None:  # no subcommand: the game itself arrives with the play mode
        parser.print_help()
        return EXIT_OK
    try:
        return run(args)
    except DataError as exc:
        _report(exc)
        return EXIT_DATA
    except BrokenPipeError:  # e.g. `wartime catalog | head`
        sys.stderr.close()
        return EXIT_OK
