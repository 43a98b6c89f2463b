"""``wartime render``, ``edit``, ``play``, ``overlay``, the start screen and the replay
viewer: the commands that need pygame."""

from __future__ import annotations

import argparse
import sys

from wartime.commands.output import EXIT_DATA, EXIT_OK, output_file, system_reason
from wartime.commands.sim import army_ref
from wartime.formats.map import load_map
from wartime.i18n import text

# The windows by their modules' names, so that a test's stand-in is the one called.
from wartime.play import Seat
from wartime.ui import app, png
from wartime.ui.modes import editor, replay, start
from wartime.ui.modes import overlay as measuring
from wartime.ui.modes import play as game

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
        message = text(
            "cli.render.show", unknown=", ".join(unknown), known=", ".join(sorted(RENDER_LAYERS))
        )
        print(f"wartime render: --show: {message}", file=sys.stderr)
        return EXIT_DATA
    out = output_file("render", args.out, ".png")
    if out is None:
        return EXIT_DATA
    field = load_map(args.map)
    try:
        png.render_png(field, out, size, frozenset(wanted))
    except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
        reason = system_reason(exc) if isinstance(exc, OSError) else exc
        print(f"wartime render: {out}: {text('cli.cannot_write', reason=reason)}", file=sys.stderr)
        return EXIT_DATA
    print(text("cli.render.written", out=out, width=size[0], height=size[1], name=field.name))
    return EXIT_OK


def view(args: argparse.Namespace) -> int:
    """Open the battlefield view."""
    return app.run_view(getattr(args, "map", None))


def overlay(args: argparse.Namespace) -> int:
    """Open the measurement overlay on a map, or on a blank table."""
    return measuring.run_overlay(args.map, blank=args.blank)


def edit(args: argparse.Namespace) -> int:
    """Open the map editor on a map, or on a new empty one."""
    return editor.run_editor(args.map)


def start_screen(args: argparse.Namespace) -> int:
    """The start screen: a new game, a save, a replay, the editor."""
    return start.run_start()


def play(args: argparse.Namespace) -> int:
    """A game at the screen; the start screen when neither a map nor a save is given."""
    if args.map is None and args.load is None:
        return start.run_start()
    armies: dict[str, str] = {}
    lists: dict[str, str] = {}
    for side, ref in (("A", args.army_a), ("B", args.army_b)):
        if ref is not None:
            path, chosen = army_ref(ref)
            armies[side] = path
            if chosen is not None:
                lists[side] = chosen
    ai = {"A": args.ai_a, "B": args.ai_b} if not args.hot_seat else {"A": None, "B": None}
    seats = {side: Seat(side, player) for side, player in ai.items()}
    return game.run_play(
        args.map, armies=armies, lists=lists or None, seats=seats, seed=args.seed, load=args.load
    )


def replay_window(args: argparse.Namespace) -> int:
    """The replay viewer on a save (``wartime replay SAVE --window``)."""
    return replay.run_replay(args.save)
