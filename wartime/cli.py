"""The ``wartime`` command: one entry point with subcommands.

Every file error prints one line per problem and exits with status 2; no
traceback reaches the user.  The command never writes to the files it reads.

This module builds the parser with the standard library alone.  Each subcommand
names the function that runs it (``module:function`` under ``wartime.commands``),
and that module is imported by name only once the arguments are parsed: so
``wartime --help`` starts about as fast as a bare interpreter, and ``points`` or
``catalog`` never load numpy, shapely, pygame or the engine (issue 16).
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from wartime import __version__

EXIT_OK = 0
EXIT_DATA = 2
# wartime.geometry.noise.NoiseRule's values (a test keeps them equal): named here so that
# the parser does not import numpy to list them.
NOISE_RULES = ("subtract_def", "halve")


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
    # The rules' tables are read only when a shape is given, not for --help.
    from wartime.rules.tables import normalize_shape, parse_shape

    parsed = parse_shape(text)
    if parsed is None or parsed.size < 1 or (parsed.kind == "G" and parsed.disk < 1):
        raise argparse.ArgumentTypeError(
            "expected a template: R, L or S with a size of 1 or more, or G with a stem and a "
            f"disk (R4 is a 4 K disk, L6 a 6 K line, G4/3 a grenade, S3 a chain of 3 "
            f"figures); got {text!r}"
        )
    return normalize_shape(text)


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


MAX_CM_PER_K = 20.0  # wartime.geometry.scale's (a test keeps them equal), named here for speed


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
    return _positive(text, "a figure scale in mm", 10 * MAX_CM_PER_K)


def _custom_scale(text: str) -> float:
    """--cm-per-k: a custom scale in cm per K, above 0 up to MAX_CM_PER_K."""
    return _positive(text, "cm per K", MAX_CM_PER_K)


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


def has_display() -> bool:
    """Whether a window can open: not with SDL's dummy driver, nor on Linux without X/Wayland."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def command(name: str) -> Callable[[argparse.Namespace], int]:
    """The function ``module:function`` under ``wartime.commands``, its module imported now."""
    module, _, function = name.partition(":")
    found: Callable[[argparse.Namespace], int] = getattr(
        importlib.import_module(f"wartime.commands.{module}"), function
    )
    return found


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wartime",
        description="Wartime Simulator: play, design and measure battlefields of WARTIME THE GAME.",
    )
    parser.add_argument("--version", action="version", version=f"wartime {__version__}")
    parser.add_argument(
        "--lang",
        dest="language",  # not "lang": odds' and print's own --lang would overwrite it
        choices=["es", "en"],
        help="the language of this run: windows and texts (default: the system's when "
        "Spanish or English, else Spanish; the window's setting when it has one)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    points = sub.add_parser("points", help="cost the archetypes, characters and lists of an army")
    points.add_argument("file", help="army file (wartime_army: 1)")
    points.add_argument("--json", action="store_true", help="print machine-readable JSON")
    points.set_defaults(run="armies:points")

    catalog = sub.add_parser("catalog", help="list the 369 bonus/malus entries of the rulebook")
    catalog.add_argument("--search", metavar="TEXT", help="only entries mentioning TEXT")
    catalog.add_argument("--json", action="store_true", help="print machine-readable JSON")
    catalog.set_defaults(run="armies:catalog")

    measure = sub.add_parser(
        "measure", help="distance, vision, cover and line of sight between units"
    )
    measure.add_argument("map", help="map file (wartime_map: 1)")
    measure.add_argument("--from", dest="source", metavar="ID", help="the unit that looks")
    measure.add_argument("--to", dest="target", metavar="ID", help="the unit looked at")
    measure.add_argument("--all", action="store_true", help="every ordered pair of units")
    measure.add_argument("--json", action="store_true", help="print machine-readable JSON")
    measure.set_defaults(run="measuring:measure")

    template = sub.add_parser("template", help="which units an area template covers")
    template.add_argument("map", help="map file (wartime_map: 1)")
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
    template.add_argument("--json", action="store_true", help="print machine-readable JSON")
    template.set_defaults(run="measuring:template")

    noise = sub.add_parser("noise", help="which units hear a sound through the walls")
    noise.add_argument("map", help="map file (wartime_map: 1)")
    noise.add_argument(
        "--at", type=_point, required=True, metavar="X,Y", help="where the sound starts, in K"
    )
    noise.add_argument(
        "--range", type=_radius, required=True, metavar="R", help="radius in K, 0 or more"
    )
    noise.add_argument(
        "--rule",
        choices=NOISE_RULES,
        default=NOISE_RULES[0],
        help="how a wall weakens the sound: %(choices)s (default %(default)s)",
    )
    noise.add_argument("--json", action="store_true", help="print machine-readable JSON")
    noise.set_defaults(run="measuring:noise")

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
    odds.add_argument("--lang", choices=["es", "en"], default=None,
                      help="text language (default: the run's, see wartime --help)")  # fmt: skip
    odds.add_argument("--json", action="store_true", help="print machine-readable JSON")
    odds.set_defaults(run="odds:odds", parser=odds)

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
    printing.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    printing.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size")
    printing.add_argument(
        "--line-width", type=_width, default=1.0, help="L width in K, above 0 (default 1)"
    )
    printing.add_argument(
        "--lang",
        choices=["es", "en"],
        default=None,
        help="text language (default: the run's, see wartime --help)",
    )
    printing.set_defaults(run="odds:print_templates")

    sim = sub.add_parser(
        "sim",
        help="play games between two AI players and report the results",
        description="Play games between two AI players; game i uses seed SEED+i, so the "
        "same seed gives byte-identical output. Casualties count, per side and summed over "
        "the games, the figures taken out when a game ends: casualties (wounds at CON or "
        "more, or unconscious from stress) and bodies removed (Eliminar); a figure merely "
        "away (Desaparecer) is not one.",
    )
    sim.add_argument("map", help="map file (wartime_map: 1) whose armies play")
    sim.add_argument(
        "--games", type=_games, default=10, metavar="N", help="games to play, at least 1 (10)"
    )
    sim.add_argument(
        "--seed", type=int, default=0, metavar="S", help="first game's seed; game i uses S+i (0)"
    )
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
    sim.set_defaults(run="sim:sim")

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
    replay.set_defaults(run="replay:replay")

    check = sub.add_parser("check", help="validate army and map files and report every problem")
    check.add_argument("files", nargs="+", metavar="FILE", help="army or map files")
    check.set_defaults(run="check:check")

    render = sub.add_parser("render", help="draw the view of a map to a PNG (headless)")
    render.add_argument("map", help="map file (wartime_map: 1)")
    render.add_argument("--out", required=True, metavar="FILE.png", help="the PNG to write")
    render.add_argument("--size", default="1280x800", metavar="WxH", help="default 1280x800")
    render.add_argument(
        "--show", default="grid", metavar="LAYERS", help="comma-separated: arcs,grid (default grid)"
    )
    render.set_defaults(run="windows:render")

    edit = sub.add_parser(
        "edit",
        help="open the map editor",
        description="Open the map editor on the battlefield view: draw walls, buildings, "
        "terrain, deployment zones and units, edit their properties, undo/redo, save "
        "(F1 lists the shortcuts).",
    )
    edit.add_argument("map", nargs="?", help="map file (default: a new empty map)")
    edit.set_defaults(run="windows:edit")
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
    play.add_argument("--hot-seat", action="store_true", help="both sides played by people")
    play.add_argument("--seed", type=int, default=1, help="the game's dice seed (1)")
    play.add_argument("--load", metavar="SAVE", help="continue a saved game")
    play.set_defaults(run="windows:play")
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
    overlay.set_defaults(run="windows:overlay")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # Imported after parsing, like the commands: --help needs no catalogue.
    from wartime import i18n

    before = i18n.current_language()
    i18n.set_override(args.language)
    i18n.set_language(args.language or i18n.system_language())  # a window may choose again
    if hasattr(args, "lang") and args.lang is None:  # odds, print: the run's language
        args.lang = args.language or i18n.system_language()
    try:
        return _run(parser, args)
    finally:  # the run's language lasts for the run: main is called in-process too (tests)
        i18n.set_override(None)
        i18n.set_language(before)


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    name: str | None = getattr(args, "run", None)
    if name is None:  # no subcommand: the start screen
        if has_display():
            return command("windows:start_screen")(args)
        parser.print_help()
        print(
            "\nNo display found: the window cannot open here. `wartime render` draws a map to PNG."
        )
        return EXIT_OK
    run = command(name)
    # Imported after parsing, with the command: --help needs none of it.
    from wartime.commands.output import report
    from wartime.errors import DataError

    try:
        return run(args)
    except DataError as exc:
        report(exc)
        return EXIT_DATA
    except BrokenPipeError:  # e.g. `wartime catalog | head`
        sys.stderr.close()
        return EXIT_OK
