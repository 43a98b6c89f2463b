"""``wartime points`` and ``catalog``: an army's costs and the rulebook's entries, no geometry."""

from __future__ import annotations

import argparse

from wartime.commands.output import EXIT_OK, print_json
from wartime.formats.army import load_army
from wartime.reports import catalog_text, entry_json, points_json, points_text
from wartime.rules.catalog import load_catalog
from wartime.rules.costing import army_cost


def points(args: argparse.Namespace) -> int:
    loaded = load_army(args.file)
    cost = army_cost(loaded.army)
    if args.json:
        print_json(points_json(cost, loaded.warnings))
    else:
        print(points_text(loaded.army, cost, loaded.warnings))
    return EXIT_OK


def catalog(args: argparse.Namespace) -> int:
    book = load_catalog()
    entries = book.search(args.search) if args.search else book.entries
    if args.json:
        print_json([entry_json(e) for e in entries])
    else:
        print(catalog_text(entries))
    return EXIT_OK
