"""``wartime sim``: games between two AI players, their results and their saves."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

# The engine by its modules' names, so that a test's stand-in for ``simulate`` or
# ``save_game`` is the one called.
from wartime import engine
from wartime.commands.output import EXIT_DATA, EXIT_OK, problem_line, system_reason, warn
from wartime.engine import ai
from wartime.errors import Problem
from wartime.i18n import ntext, text

SAVE_NAME = "game-{index:0{width}d}-seed-{seed}.yaml"


def army_ref(ref: str) -> tuple[str, str | None]:
    """FILE or FILE:LIST (a Windows drive letter's colon is kept)."""
    head, sep, tail = ref.rpartition(":")
    if sep and head and not tail.startswith(("\\", "/")) and len(head) > 1:
        return head, tail
    return ref, None


class _SaveError(Exception):
    """A save of ``wartime sim --save-dir`` that cannot be written."""


def _save_folder(given: str) -> Path:
    """--save-dir: create the folder; one that cannot be written to is a one-line error."""
    folder = Path(given)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = text("cli.sim.cannot_create", reason=system_reason(exc))
        raise _SaveError(f"--save-dir {folder}: {reason}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _SaveError(f"--save-dir {folder}: {text('cli.sim.not_writable')}")
    return folder


def _progress(games: int) -> Any:
    """The progress bar on stderr: games done, wins so far, the time left (tqdm)."""
    from tqdm import tqdm  # only on a terminal

    # Redrawn after every game (mininterval 0), so the last game done always shows.
    return tqdm(
        total=games,
        desc="sim",
        unit=text("cli.sim.unit"),
        file=sys.stderr,
        leave=False,
        mininterval=0,
        miniters=1,
    )


def sim(args: argparse.Namespace) -> int:
    armies = {
        side: army_ref(ref)
        for side, ref in (("A", args.army_a), ("B", args.army_b))
        if ref is not None
    }
    try:
        folder = _save_folder(args.save_dir) if args.save_dir is not None else None
    except _SaveError as exc:
        print(f"wartime sim: {exc}", file=sys.stderr)
        return EXIT_DATA
    width = max(3, len(str(args.games)))
    bar = _progress(args.games) if sys.stderr.isatty() and not args.json else None
    so_far = {"A": 0, "B": 0, "draw": 0}

    def on_game(played: ai.Played) -> None:
        if folder is not None:
            name = SAVE_NAME.format(index=played.index + 1, width=width, seed=played.seed)
            try:
                engine.save_game(played.state, folder / name)
            except OSError as exc:
                reason = text("cli.sim.cannot_write", name=name, reason=system_reason(exc))
                message = f"--save-dir {folder}: {reason}"
                raise _SaveError(message) from None
        if bar is not None:
            so_far[played.state.winner or "draw"] += 1
            postfix = text("cli.sim.progress", a=so_far["A"], b=so_far["B"], draws=so_far["draw"])
            bar.set_postfix_str(postfix, refresh=False)
            bar.update(1)

    def on_warning(problem: Problem) -> None:  # above the bar while it shows
        if bar is None:
            warn(problem)
        else:
            bar.write(problem_line(problem), file=sys.stderr)

    players = {"A": args.ai_a, "B": args.ai_b}
    try:
        result = ai.simulate(
            args.map, armies, args.games, args.seed, players, warn=on_warning, on_game=on_game
        )
    except _SaveError as exc:
        print(f"wartime sim: {exc}", file=sys.stderr)
        return EXIT_DATA
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, sort_keys=True))
        return EXIT_OK
    wins, fallen, names = result["wins"], result["casualties"], result["ai"]
    games = result["games"]
    print(
        ntext(
            "cli.sim.summary",
            games,
            a=wins["A"],
            b=wins["B"],
            draws=wins["draw"],
            turns=f"{result['mean_turns']:.2f}",
        )
    )
    print(text("cli.sim.casualties", a=fallen["A"], b=fallen["B"]))
    print(text("cli.sim.players", a=names["A"], b=names["B"]))
    if folder is not None:
        print(ntext("cli.sim.saved", games, folder=folder))
    return EXIT_OK
