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


def _whole(text: str, *, least: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number; got {text!r}") from None
    if least is not None and value < least:
        raise argparse.ArgumentTypeError(f"expected a whole number, {least} or more; got {text!r}")
    return value


def _modifier(text: str) -> int:
    """--modifier, --defence-modifier: a whole number, e.g. -1 or +2."""
    return _whole(text)


def _score(text: str) -> int:
    """--target, --defence, --damage, --cover-def: a whole number, 0 or more."""
    return _whole(text, least=0)


def _cmd_odds(args: argparse.Namespace) -> int:
    from wartime.odds_report import odds_json, odds_text
    from wartime.rules.odds import Cover, attack_odds

    if args.defence is None and (args.damage is not None or args.cover != "none"):
        args.parser.error("--damage and --cover describe the hit on a target: give --defence D")
    if args.defence is not None and args.damage is None:
        args.parser.error("the chance to wound needs the weapon's DAÑ: give --damage N")
    odds = attack_odds(
        args.target, sum(args.modifier), defence=args.defence, damage=args.damage,
        defence_modifier=sum(args.defence_modifier), cover=Cover(args.cover),
        cover_defence=args.cover_def,
    )  # fmt: skip
    if args.json:
        _print_json(odds_json(odds, args.damage))
    else:
        modified = args.target + sum(args.modifier)
        print(odds_text(odds, modified, args.lang, defence=args.defence, damage=args.damage,
                        cover=args.cover))  # fmt: skip
    return EXIT_OK


def _positive(text: str, what: str, most: float) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= most):
        raise argparse.ArgumentTypeError(f"expected {what} above 0, at most {most:g}; got {text!r}")
    return value


def _figure_scale(text: str) -> float:
    """--scale: the figure scale in mm (presets 15, 28, 32, 54; any above 0 up to 200)."""
    from wartime.geometry.scale import MAX_CM_PER_K

    return _positive(text, "a figure scale in mm", 10 * MAX_CM_PER_K)


def _custom_scale(text: str) -> float:
    """--cm-per-k: a custom scale in cm per K, above 0 up to MAX_CM_PER_K."""
    from wartime.geometry.scale import MAX_CM_PER_K

    return _positive(text, "cm per K", MAX_CM_PER_K)


def _cmd_print(args: argparse.Namespace) -> int:
    from wartime.render.pdf import write_sheet_pdf
    from wartime.render.template_sheet import layout

    out = Path(args.out)
    if out.suffix.lower() != ".pdf":
        print(f"wartime print: --out: {out}: the file name must end in .pdf", file=sys.stderr)
        return EXIT_DATA
    if not out.parent.is_dir():
        print(f"wartime print: --out: {out.parent}: no such folder", file=sys.stderr)
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

    if args.window:
        from wartime.ui.modes.replay import run_replay  # pygame only for the window

        return run_replay(args.save)
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
    """Open the battlefield view (edit, play and overlay until their modes exist)."""
    from wartime.ui.app import run_view  # pygame only for this command

    return run_view(args.map)


def _cmd_play(args: argparse.Namespace) -> int:
    """A game at the screen; the start screen when neither a map nor a save is given."""
    if args.map is None and args.load is None:
        from wartime.ui.modes.start import run_start  # pygame only for this command

        return run_start()
    from wartime.play import Seat
    from wartime.ui.modes.play import run_play  # pygame only for this command

    armies: dict[str, str] = {}
    lists: dict[str, str] = {}
    for side, ref in (("A", args.army_a), ("B", args.army_b)):
        if ref is not None:
            path, chosen = _army_ref(ref)
            armies[side] = path
            if chosen is not None:
                lists[side] = chosen
    ai = {"A": args.ai_a, "B": args.ai_b} if not args.hot_seat else {"A": None, "B": None}
    seats = {side: Seat(side, player) for side, player in ai.items()}
    return run_play(
        args.map, armies=armies, lists=lists or None, seats=seats, seed=args.seed, load=args.load
    )


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

    odds = sub.add_parser(
        "odds",
        help="exact odds of a check, and with --defence of the CH DEF and of wounding",
        description="Exact odds of a CH (1D10 at or under the target plus modifiers; 1 is a "
        "critical, 10 a fumble) as fractions. With --defence and --damage, the target's CH DEF "
        "after the hit, the chance to wound and the wounds, as the engine resolves an attack.",
    )
    odds.add_argument("--target", type=_score, required=True, metavar="N",
                      help="the attribute checked (CH IMP: AGI for a weapon)")  # fmt: skip
    odds.add_argument("--modifier", type=_modifier, action="append", default=[], metavar="M",
                      help="a modifier to the check, e.g. -1 (repeat for more)")  # fmt: skip
    odds.add_argument("--defence", type=_score, metavar="D", help="the target's DEF")
    odds.add_argument("--damage", type=_score, metavar="N", help="the weapon's DAÑ")
    odds.add_argument("--defence-modifier", type=_modifier, action="append", default=[],
                      metavar="M", help="a modifier to the CH DEF (repeat for more)")  # fmt: skip
    odds.add_argument("--cover", choices=["none", "partial", "over_half", "total"],
                      default="none", help="the target's cover class (default none)")  # fmt: skip
    odds.add_argument("--cover-def", type=_score, default=0, metavar="D",
                      help="DEF of the cover, for total cover (default 0)")  # fmt: skip
    odds.add_argument("--lang", choices=["es", "en"], default="es", help="text language")
    odds.add_argument("--json", action="store_true")
    odds.set_defaults(run=_cmd_odds, parser=odds)

    printing = sub.add_parser(
        "print",
        help="the R, L and G templates and a K ruler at true size, as a PDF to print at 100 %%",
        description="Write a PDF of every R, L and G template of the rulebook and a K ruler at "
        "1:1 for the figure scale; every page has a 10 cm check square and names its scale. "
        "Templates larger than a page come in labelled pieces to tape together.",
    )
    scale = printing.add_mutually_exclusive_group()
    scale.add_argument(
        "--scale", type=_figure_scale, metavar="MM",
        help="figure scale in mm: 15, 28 (default), 32 or 54; 1 K = MM/10 cm",
    )  # fmt: skip
    scale.add_argument("--cm-per-k", type=_custom_scale, metavar="CM", help="a custom scale")
    printing.add_argument("--out", required=True, metavar="FILE.pdf")
    printing.add_argument("--paper", choices=["a4", "letter"], default="a4")
    printing.add_argument(
        "--line-width", type=_width, default=1.0, help="L width in K, above 0 (default 1)"
    )
    printing.add_argument("--lang", choices=["es", "en"], default="es", help="text language")
    printing.set_defaults(run=_cmd_print)

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
    replay.add_argument(
        "--window",
        action="store_true",
        help="open the replay viewer: step forward and back with the board as it was",
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
    play = sub.add_parser(
        "play",
        help="play a game on one screen, hot-seat or against the AI",
        description="Play a game of WARTIME on one screen. With no map (and no --load) "
        "the start screen opens. Each side is played by a person unless an AI is named "
        "for it (F1 lists the shortcuts).",
    )
    play.add_argument("map", nargs="?", help="map file (default: the start screen)")
    play.add_argument("--army-a", metavar="FILE[:LIST]", help="army (and list) of side A")
    play.add_argument("--army-b", metavar="FILE[:LIST]", help="army (and list) of side B")
    for side in ("a", "b"):
        play.add_argument(
            f"--ai-{side}",
            choices=_PlayerNames(),
            default=None if side == "a" else "baseline",
            metavar="NAME",
            help=f"AI player of side {side.upper()}: %(choices)s "
            + ("(default: a person)" if side == "a" else "(default %(default)s)"),
        )
    play.add_argument("--hot-seat", action="store_true", help="both sides played by people (no AI)")
    play.add_argument("--seed", type=int, default=1, help="the game's dice seed (1)")
    play.add_argument("--load", metavar="SAVE", help="continue a saved game")
    play.set_defaults(run=_cmd_play)
    overlay = sub.add_parser(
        "overlay",
        help="open the tabletop overlay; for now it opens the battlefield view",
        description="Open the tabletop overlay. Until it exists this opens the "
        "battlefield view (zoom, pan, grid, CdV arcs; F1 lists the shortcuts).",
    )
    overlay.add_argument("map", nargs="?", help="map file (default: the ruined village)")
    overlay.set_defaults(run=_cmd_view)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
    if run is None:  # no subcommand: the start screen
        if has_display():
            from wartime.ui.modes.start import run_start

            return run_start()
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
