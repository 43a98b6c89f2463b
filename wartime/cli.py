"""The ``wartime`` command: one entry point with subcommands.

Every file error prints one line per problem and exits with status 2; no
traceback reaches the user.  The command never writes to the files it reads.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartime import __version__
from wartime.errors import DataError, Problem
from wartime.formats.army import load_army, parse_army
from wartime.formats.document import read_document
from wartime.formats.map import load_map, read_map
from wartime.geometry.noise import NoiseRule
from wartime.reports import (
    catalog_text,
    entry_json,
    points_json,
    points_text,
)
from wartime.rules.catalog import load_catalog
from wartime.rules.costing import army_cost
from wartime.rules.tables import normalize_shape, parse_shape

if TYPE_CHECKING:
    from wartime.geometry.measure import Table

EXIT_OK = 0
EXIT_DATA = 2
RENDER_LAYERS = frozenset({"arcs", "grid"})


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
        loaded = read_map(doc)
        for problem in loaded.warnings:
            _warn(problem)
        field = loaded.battlefield
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


def _point(text: str) -> tuple[float, float]:
    """Parse "X,Y" in K for argparse: two finite numbers."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(f"expected X,Y in K, e.g. 12,7.5; got {text!r}")
    return (x, y)


def _length(text: str, *, positive: bool) -> float:
    """A finite length in K: 0 or more, or above 0 when ``positive``."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        bound = "above 0" if positive else "0 or more"
        raise argparse.ArgumentTypeError(f"expected a length in K, {bound}; got {text!r}")
    return value


def _radius(text: str) -> float:
    """--range: the radius of a sound in K, 0 or more."""
    return _length(text, positive=False)


def _width(text: str) -> float:
    """--line-width: the width of an L template in K, above 0."""
    return _length(text, positive=True)


def _shape(text: str) -> str:
    """--shape: R, L or S with a whole size of 1 or more, or G with two (R4, L6, G4/3, S3)."""
    parsed = parse_shape(text)
    if parsed is None or parsed.size < 1 or (parsed.kind == "G" and parsed.disk < 1):
        raise argparse.ArgumentTypeError(
            "expected a template: R, L or S with a size of 1 or more, or G with a stem and a "
            f"disk (R4 is a 4 K disk, L6 a 6 K line, G4/3 a grenade, S3 a chain of 3 "
            f"figures); got {text!r}"
        )
    return normalize_shape(text)


def _table(path: str) -> Table:
    # Imported here so `points`, `catalog` and `check` start without numpy and shapely.
    from wartime.geometry.measure import Table

    return Table(load_map(path))


def _unit_error(path: str, exc: KeyError) -> DataError:
    return DataError([Problem(path, "units", str(exc.args[0]))])


def _cmd_measure(args: argparse.Namespace) -> int:
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
        _print_json([m.to_json() for m in results] if args.all else results[0].to_json())
    else:
        print("\n".join(m.describe() for m in results))
    return EXIT_OK


def _cmd_template(args: argparse.Namespace) -> int:
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
        _print_json(result)
    else:
        print("\n".join(f"{key}: {', '.join(ids) or '-'}" for key, ids in result.items()))
    return EXIT_OK


def _cmd_noise(args: argparse.Namespace) -> int:
    result = _table(args.map).noise(args.at, args.range, NoiseRule(args.rule))
    if args.json:
        _print_json(result)
    else:
        for uid, reach in result["reach"].items():
            mark = "hears" if uid in result["hears"] else "-"
            print(f"{uid:<20} reach {reach:7.2f} K  {mark}")
    return EXIT_OK


def _army_ref(text: str) -> tuple[str, str | None]:
    """FILE or FILE:LIST (a Windows drive letter's colon is kept)."""
    head, sep, tail = text.rpartition(":")
    if sep and head and not tail.startswith(("\\", "/")) and len(head) > 1:
        return head, tail
    return text, None


class _PlayerNames:
    """The registered AI players' names, read when argparse first needs them, so that
    commands other than ``sim`` start without importing the engine."""

    def _names(self) -> list[str]:
        from wartime.engine.ai import player_names

        return player_names()

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def _games(text: str) -> int:
    """--games: a whole number, at least 1."""
    try:
        games = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if games < 1:
        raise argparse.ArgumentTypeError(f"at least 1 game, got {games}")
    return games


class _SaveError(Exception):
    """A save of ``wartime sim --save-dir`` that cannot be written."""


def _save_folder(text: str) -> Path:
    """--save-dir: create the folder; one that cannot be written to is a one-line error."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _SaveError(
            f"--save-dir {folder}: cannot create the folder: {exc.strerror or exc}"
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _SaveError(f"--save-dir {folder}: the folder is not writable")
    return folder


SAVE_NAME = "game-{index:0{width}d}-seed-{seed}.yaml"


def _cmd_sim(args: argparse.Namespace) -> int:
    from wartime.engine import save_game
    from wartime.engine.ai import Played, simulate

    armies = {
        side: _army_ref(ref)
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

    def on_game(played: Played) -> None:
        if folder is not None:
            name = SAVE_NAME.format(index=played.index + 1, width=width, seed=played.seed)
            try:
                save_game(played.state, folder / name)
            except OSError as exc:
                message = f"--save-dir {folder}: cannot write {name}: {exc.strerror or exc}"
                raise _SaveError(message) from None
        if bar is not None:
            so_far[played.state.winner or "draw"] += 1
            postfix = f"wins A {so_far['A']} B {so_far['B']} draws {so_far['draw']}"
            bar.set_postfix_str(postfix, refresh=False)
            bar.update(1)

    def warn(problem: Problem) -> None:  # above the bar while it shows
        if bar is None:
            _warn(problem)
        else:
            bar.write(str(problem), file=sys.stderr)

    players = {"A": args.ai_a, "B": args.ai_b}
    try:
        result = simulate(
            args.map, armies, args.games, args.seed, players, warn=warn, on_game=on_game
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
    wins, fallen, ai = result["wins"], result["casualties"], result["ai"]
    print(
        f"{result['games']} games: A {wins['A']}, B {wins['B']}, draws {wins['draw']}; "
        f"{result['mean_turns']:.2f} turns on average"
    )
    print(f"casualties: A {fallen['A']}, B {fallen['B']} (figures taken out, all games)")
    print(f"players: A {ai['A']}, B {ai['B']}")
    if folder is not None:
        print(f"saved {result['games']} games in {folder}")
    return EXIT_OK


def _progress(games: int) -> Any:
    """The progress bar on stderr: games done, wins so far, the time left (tqdm)."""
    from tqdm import tqdm

    # Redrawn after every game (mininterval 0), so the last game done always shows.
    return tqdm(
        total=games,
        desc="sim",
        unit="game",
        file=sys.stderr,
        leave=False,
        mininterval=0,
        miniters=1,
    )


def _cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save and always check its hash: a mismatch is one line and status 2,
    unless --force replays it anyway (``--verify`` is still accepted, and changes nothing)."""
    from wartime.engine import replay_save

    replayed = replay_save(args.save, verify=False)
    if replayed.mismatch is not None and not args.force:
        print(f"{replayed.mismatch} (--force replays it anyway)", file=sys.stderr)
        return EXIT_DATA
    for event in replayed.state.log:
        print(event.text)
    if replayed.mismatch is not None:
        _warn(replayed.mismatch)
        note = " (hash mismatch: replayed with --force)"
    elif replayed.unchecked is not None:
        note = f" (not verified: {replayed.unchecked})"
    else:
        note = " (verified)"
    print(f"hash {replayed.state.hash()}{note}")
    return EXIT_OK


def _cmd_render(args: argparse.Namespace) -> int:
    """Write the battlefield view of a map to a PNG, headless (issue 5)."""
    from wartime.ui.png import parse_size, render_png  # pygame only for this command

    try:
        size = parse_size(args.size)
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
        render_png(field, out, size, frozenset(wanted))
    except (OSError, RuntimeError) as exc:  # pygame.error is a RuntimeError
        print(f"wartime render: {out}: could not write: {exc}", file=sys.stderr)
        return EXIT_DATA
    print(f"{out}: {size[0]}×{size[1]} px, map '{field.name}'")
    return EXIT_OK


def _cmd_view(args: argparse.Namespace) -> int:
    """Open the battlefield view (and play, until its command opens its mode)."""
    from wartime.ui.app import run_view  # pygame only for this command

    return run_view(args.map)


def _cmd_overlay(args: argparse.Namespace) -> int:
    """Open the measurement overlay on a map, or on a blank table."""
    from wartime.ui.modes.overlay import run_overlay  # pygame only for this command

    return run_overlay(args.map, blank=args.blank)


def _table_size(value: str) -> tuple[float, float]:
    """``48x36``: a table's width and depth in K."""
    try:
        width, depth = (float(part) for part in value.lower().replace("×", "x").split("x"))
    except ValueError:
        message = f"expected WxH in K, such as 48x36, got {value!r}"
        raise argparse.ArgumentTypeError(message) from None
    if width <= 0 or depth <= 0:
        raise argparse.ArgumentTypeError(f"a table's sides must be positive, got {value!r}")
    return width, depth


def _cmd_edit(args: argparse.Namespace) -> int:
    """Open the map editor on a map, or on a new empty one."""
    from wartime.ui.modes.editor import run_editor  # pygame only for this command

    return run_editor(args.map)


def _warn(problem: Problem) -> None:
    print(problem, file=sys.stderr)


def _report(exc: DataError) -> None:
    for problem in exc.problems:
        print(problem, file=sys.stderr)


def has_display() -> bool:
    """Whether a window can open: not with SDL's dummy driver, nor on Linux without X/Wayland."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


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

    measure = sub.add_parser(
        "measure", help="distance, vision, cover and line of sight between units"
    )
    measure.add_argument("map")
    measure.add_argument("--from", dest="source", metavar="ID")
    measure.add_argument("--to", dest="target", metavar="ID")
    measure.add_argument("--all", action="store_true", help="every ordered pair of units")
    measure.add_argument("--json", action="store_true")
    measure.set_defaults(run=_cmd_measure)

    template = sub.add_parser("template", help="which units an area template covers")
    template.add_argument("map")
    template.add_argument(
        "--shape", required=True, type=_shape, help="R4, L6, G4/3 or S3 (a chain of 3 figures)"
    )
    template.add_argument("--at", type=_point, metavar="X,Y", help="aim point in K")
    template.add_argument(
        "--from", dest="source", metavar="ID", help="attacker (L and G start at its base)"
    )
    template.add_argument("--target", metavar="ID", help="first figure of an S chain")
    template.add_argument(
        "--line-width", type=_width, default=1.0, help="L width in K, above 0 (default 1)"
    )
    template.add_argument("--json", action="store_true")
    template.set_defaults(run=_cmd_template)

    noise = sub.add_parser("noise", help="which units hear a sound through the walls")
    noise.add_argument("map")
    noise.add_argument("--at", type=_point, required=True, metavar="X,Y")
    noise.add_argument(
        "--range", type=_radius, required=True, metavar="R", help="radius in K, 0 or more"
    )
    noise.add_argument(
        "--rule", choices=[r.value for r in NoiseRule], default=NoiseRule.SUBTRACT_DEF.value
    )
    noise.add_argument("--json", action="store_true")
    noise.set_defaults(run=_cmd_noise)

    sim = sub.add_parser(
        "sim",
        help="play games between two AI players and report the results",
        description="Play games between two AI players; game i uses seed SEED+i, so the "
        "same seed gives byte-identical output. Casualties count, per side and summed over "
        "the games, the figures taken out when a game ends: casualties (wounds at CON or "
        "more, or unconscious from stress) and bodies removed (Eliminar); a figure merely "
        "away (Desaparecer) is not one.",
    )
    sim.add_argument("map")
    sim.add_argument("--games", type=_games, default=10, metavar="N", help="at least 1 (10)")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--army-a", metavar="FILE[:LIST]", help="army of side A")
    sim.add_argument("--army-b", metavar="FILE[:LIST]", help="army of side B")
    for side in ("a", "b"):
        sim.add_argument(
            f"--ai-{side}",
            choices=_PlayerNames(),
            default="baseline",
            metavar="NAME",
            help=f"AI player of side {side.upper()}: %(choices)s (default %(default)s)",
        )
    sim.add_argument(
        "--save-dir",
        metavar="DIR",
        help="write each game as a save `wartime replay` reads, "
        "DIR/game-001-seed-SEED.yaml and on (the folder is created if needed)",
    )
    sim.add_argument(
        "--json",
        action="store_true",
        help="print the results as JSON, casualties and casualties_per_game included",
    )
    sim.set_defaults(run=_cmd_sim)

    replay = sub.add_parser(
        "replay",
        help="replay a saved game, print its log and check its hash",
        description="Replay a saved game and print its log. The final hash is always "
        "checked: a save whose moves or embedded scenario were changed is refused in one "
        "line with status 2, unless --force is given.",
    )
    replay.add_argument("save", help="a save written by the program (wartime_save: 1)")
    replay.add_argument(
        "--force", action="store_true", help="replay and print the log even if the hash differs"
    )
    replay.add_argument(
        "--verify",
        action="store_true",
        help="accepted for compatibility: the hash is always checked",
    )
    replay.set_defaults(run=_cmd_replay)

    check = sub.add_parser("check", help="validate army and map files and report every problem")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=_cmd_check)

    render = sub.add_parser("render", help="draw the view of a map to a PNG (headless)")
    render.add_argument("map")
    render.add_argument("--out", required=True, metavar="FILE.png")
    render.add_argument("--size", default="1280x800", metavar="WxH", help="default 1280x800")
    render.add_argument(
        "--show", default="grid", metavar="LAYERS", help="comma-separated: arcs,grid (default grid)"
    )
    render.set_defaults(run=_cmd_render)

    edit = sub.add_parser(
        "edit",
        help="open the map editor",
        description="Open the map editor on the battlefield view: draw walls, buildings, "
        "terrain, deployment zones and units, edit their properties, undo/redo, save "
        "(F1 lists the shortcuts).",
    )
    edit.add_argument("map", nargs="?", help="map file (default: a new empty map)")
    edit.set_defaults(run=_cmd_edit)
    for name, what in (("play", "play mode"),):
        view = sub.add_parser(
            name,
            help=f"open {what}; for now it opens the battlefield view",
            description=f"Open {what}. Until it exists this opens the battlefield view "
            "(zoom, pan, grid, CdV arcs; F1 lists the shortcuts).",
        )
        view.add_argument("map", nargs="?", help="map file (default: the ruined village)")
        view.set_defaults(run=_cmd_view)
    overlay = sub.add_parser(
        "overlay",
        help="open the measurement overlay",
        description="Open the measurement overlay on the battlefield view: it mirrors a real "
        "table (drag, turn, add and remove figures) and measures it: distance, CdV, LdV and "
        "cover, threats, templates, scatter, noise and exact odds (F1 lists the shortcuts).",
    )
    overlay.add_argument("map", nargs="?", help="map file (default: the ruined village)")
    overlay.add_argument(
        "--blank", metavar="WxH", type=_table_size, help="start from a blank table of W×H K"
    )
    overlay.set_defaults(run=_cmd_overlay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
    if run is None:  # no subcommand: the battlefield view until the play mode lands
        if has_display():
            from wartime.ui.app import run_view

            return run_view(None)
        parser.print_help()
        print(
            "\nNo display found: the window cannot open here. `wartime render` draws a map to PNG."
        )
        return EXIT_OK
    try:
        return run(args)
    except DataError as exc:
        _report(exc)
        return EXIT_DATA
    except BrokenPipeError:  # e.g. `wartime catalog | head`
        sys.stderr.close()
        return EXIT_OK
