"""``wartime render``, ``edit``, ``play`` and ``overlay``: the commands that need pygame."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wartime.commands.output import EXIT_DATA, EXIT_OK
from wartime.formats.map import load_map

# The windows by their modules' names, so that a test's stand-in is the one called.
from wartime.ui import app, png
from wartime.ui.modes import editor

RENDER_LAYERS = frozenset({"arcs", "grid"})


def render(args: argparse.Namespace) -> int:
    """Write the battlefield view of a map to a PNG, headless (issue 5)."""
    try:
        size = png.parse_size(args.size)
    except ValueError as exc:
        print(f"wartime render: --size: {exc}", file=sys.stderr)
        return EXIT_DATA
    wanted = {part.strip().lower() for part in args.show.split(",")} - {"", "none"}
    unknown = sorted(wanted - RENDER_LAYERS)
    if unknown:
        print(
            f"wartime render: --show: unknown {', '.join(unknown)}; "
            f"choose from {', '.join(sorted(RENDER_LAYERS))} (comma-separated) or none",
            file=sys.stderr,
        )
        return EXIT_DATA
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        print(f"wartime render: --out: {out}: the file name must end in .png", file=sys.stderr)
        return EXIT_DATA
    if not out.parent.is_dir():
        print(f"wartime render: --out: {out.parent}: no such folder", file=sys.stderr)
        return EXIT_DATA
    field = load_map(args.map)
    try:
        png.render_png(field, out, size, frozenset(wanted))
    except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
        print(f"wartime render: {out}: could not write: {exc}", file=sys.stderr)
        return EXIT_DATA
    print(f"{out}: {size[0]}×{size[1]} px, map '{field.name}'")
    return EXIT_OK


def view(args: argparse.Namespace) -> int:
    """Open the battlefield view (play and overlay until their modes exist)."""
    return app.run_view(getattr(args, "map", None))


def edit(args: argparse.Namespace) -> int:
    """Open the map editor on a map, or on a new empty one."""
    return editor.run_editor(args.map)
