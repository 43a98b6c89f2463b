"""``wartime replay``: replay a save, print its log and always check its hash."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable

from wartime import engine
from wartime.commands.output import EXIT_DATA, EXIT_OK, problem_line, warn
from wartime.i18n import text, told


def replay(args: argparse.Namespace) -> int:
    """Replay a save and always check its hash: a mismatch is one line and status 2,
    unless --force replays it anyway (``--verify`` is still accepted, and changes nothing).
    With ``--window``, the replay viewer opens instead (its module needs pygame)."""
    if args.window:
        viewer: Callable[[argparse.Namespace], int] = importlib.import_module(
            "wartime.commands.windows"
        ).replay_window
        return viewer(args)
    replayed = engine.replay_save(args.save, verify=False)
    if replayed.mismatch is not None and not args.force:
        refused = text("cli.replay.refused", mismatch=problem_line(replayed.mismatch))
        print(refused, file=sys.stderr)
        return EXIT_DATA
    for event in replayed.state.log:
        print(event.text)
    if replayed.mismatch is not None:
        warn(replayed.mismatch)
        note = text("cli.replay.forced")
    elif replayed.unchecked is not None:
        note = text("cli.replay.unchecked", reason=told(replayed.unchecked))
    else:
        note = text("cli.replay.verified")
    print(text("cli.replay.hash", hash=replayed.state.hash(), note=note))
    return EXIT_OK
