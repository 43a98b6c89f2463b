"""``wartime odds`` and ``wartime print``: the exact odds of a check and an attack, and
the area templates at 1:1 as a PDF."""

from __future__ import annotations

import argparse
import sys

from wartime.commands.output import EXIT_DATA, EXIT_OK, output_file, print_json, system_reason
from wartime.i18n import ntext, text
from wartime.odds_report import odds_json, odds_text
from wartime.render.pdf import write_sheet_pdf
from wartime.render.template_sheet import layout
from wartime.rules.odds import Cover, attack_odds


def odds(args: argparse.Namespace) -> int:
    if args.defence is None and (args.damage is not None or args.cover != "none"):
        args.parser.error(text("cli.odds.needs_defence"))
    if args.defence is not None and args.damage is None:
        args.parser.error(text("cli.odds.needs_damage"))
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
        reason = text("cli.cannot_write", reason=system_reason(exc))
        print(f"wartime print: {out}: {reason}", file=sys.stderr)
        return EXIT_DATA
    pages = ntext("cli.print.pages", len(sheet.pages), paper=sheet.paper.name)
    print(text("cli.print.written", out=out, pages=pages, scale=sheet.scale,
               cm=f"{sheet.cm_per_k:g}"))  # fmt: skip
    return EXIT_OK
