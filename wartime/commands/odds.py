"""``wartime odds`` and ``wartime print``: the exact odds of a check and an attack, and
the area templates at 1:1 as a PDF."""

from __future__ import annotations

import argparse
import sys

from wartime.commands.output import EXIT_DATA, EXIT_OK, output_file, print_json
from wartime.odds_report import odds_json, odds_text
from wartime.render.pdf import write_sheet_pdf
from wartime.render.template_sheet import layout
from wartime.rules.odds import Cover, attack_odds


def odds(args: argparse.Namespace) -> int:
    if args.defence is None and (args.damage is not None or args.cover != "none"):
        args.parser.error("--damage and --cover describe the hit on a target: give --defence D")
    if args.defence is not None and args.damage is None:
        args.parser.error("the chance to wound needs the weapon's DAÑ: give --damage N")
    found = attack_odds(
        args.target, sum(args.modifier), defence=args.defence, damage=args.damage,
        defence_modifier=sum(args.defence_modifier), cover=Cover(args.cover),
        cover_defence=args.cover_def,
    )  # fmt: skip
    if args.json:
        print_json(odds_json(found, args.damage))
    else:
        modified = args.target + sum(args.modifier)
        print(odds_text(found, modified, args.lang, defence=args.defence, damage=args.damage,
                        cover=args.cover))  # fmt: skip
    return EXIT_OK


def print_templates(args: argparse.Namespace) -> int:
    out = output_file("print", args.out, ".pdf")
    if out is None:
        return EXIT_DATA
    scale = None if args.cm_per_k is not None else (args.scale or 28.0)
    sheet = layout(scale, args.cm_per_k, args.paper, args.lang, args.line_width)
    try:
        write_sheet_pdf(sheet, out)
    except OSError as exc:
        print(f"wartime print: {out}: could not write: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_DATA
    print(f"{out}: {len(sheet.pages)} page(s) {sheet.paper.name}, scale {sheet.scale} "
          f"(1 K = {sheet.cm_per_k:g} cm)")  # fmt: skip
    return EXIT_OK
