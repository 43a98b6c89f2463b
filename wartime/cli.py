"""The ``wartime`` command: one entry point with subcommands.

Every file error prints one line per problem and exits with status 2; no
traceback reaches the user.  The command never writes to the files it reads.

This module builds the parser with the standard library alone.  Each subcommand
names the function that runs it (``module:function`` under ``wartime.commands``),
and that module is imported by name only once the arguments are parsed: so
``wartime --help`` starts about as fast as a bare interpreter, and ``points`` or
``catalog`` never load numpy, shapely, pygame or the engine (issue 16).

The parser speaks the run's language: the global ``--lang`` is read from the command line
before the parser is built, its help lines come from the catalogue, and argparse's own
words ("usage:", "error:") from :func:`wartime.i18n.argparse_speaks`.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from wartime import __version__, i18n
from wartime.i18n import text

EXIT_OK = 0
EXIT_DATA = 2
# wartime.geometry.noise.NoiseRule's values (a test keeps them equal): named here so that
# the parser does not import numpy to list them.
NOISE_RULES = ("subtract_def", "halve")


def _point(value: str) -> tuple[float, float]:
    """Parse "X,Y" in K for argparse: two finite numbers."""
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(text("cli.arg.point", value=repr(value)))
    return (x, y)


def _length(given: str, *, positive: bool) -> float:
    """A finite length in K: 0 or more, or above 0 when ``positive``."""
    try:
        value = float(given)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or (positive and value == 0):
        key = "cli.arg.length_positive" if positive else "cli.arg.length"
        raise argparse.ArgumentTypeError(text(key, value=repr(given)))
    return value


def _radius(given: str) -> float:
    """--range: the radius of a sound in K, 0 or more."""
    return _length(given, positive=False)


def _width(given: str) -> float:
    """--line-width: the width of an L template in K, above 0."""
    return _length(given, positive=True)


def _shape(given: str) -> str:
    """--shape: R, L or S with a whole size of 1 or more, or G with two (R4, L6, G4/3, S3)."""
    # The rules' tables are read only when a shape is given, not for --help.
    from wartime.rules.tables import normalize_shape, parse_shape

    parsed = parse_shape(given)
    if parsed is None or parsed.size < 1 or (parsed.kind == "G" and parsed.disk < 1):
        raise argparse.ArgumentTypeError(text("cli.arg.shape", value=repr(given)))
    return normalize_shape(given)


def _whole(given: str, *, least: int | None = None) -> int:
    try:
        value = int(given)
    except ValueError:
        raise argparse.ArgumentTypeError(text("cli.arg.whole", value=repr(given))) from None
    if least is not None and value < least:
        raise argparse.ArgumentTypeError(
            text("cli.arg.whole_least", least=least, value=repr(given))
        )
    return value


def _modifier(given: str) -> int:
    """--modifier, --defence-modifier: a whole number, e.g. -1 or +2."""
    return _whole(given)


def _score(given: str) -> int:
    """--target, --defence, --damage, --cover-def: a whole number, 0 or more."""
    return _whole(given, least=0)


MAX_CM_PER_K = 20.0  # wartime.geometry.scale's (a test keeps them equal), named here for speed


def _positive(given: str, key: str, most: float) -> float:
    try:
        value = float(given)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= most):
        raise argparse.ArgumentTypeError(text(key, most=f"{most:g}", value=repr(given)))
    return value


def _figure_scale(given: str) -> float:
    """--scale: the figure scale in mm (presets 15, 28, 32, 54; any above 0 up to 200)."""
    return _positive(given, "cli.arg.figure_scale", 10 * MAX_CM_PER_K)


def _custom_scale(given: str) -> float:
    """--cm-per-k: a custom scale in cm per K, above 0 up to MAX_CM_PER_K."""
    return _positive(given, "cli.arg.cm_per_k", MAX_CM_PER_K)


def _table_size(value: str) -> tuple[float, float]:
    """``48x36``: a table's width and depth in K."""
    try:
        width, depth = (float(part) for part in value.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(text("cli.arg.table_size", value=repr(value))) from None
    if width <= 0 or depth <= 0:
        raise argparse.ArgumentTypeError(text("cli.arg.table_sides", value=repr(value)))
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


def _games(given: str) -> int:
    """--games: a whole number, at least 1."""
    try:
        games = int(given)
    except ValueError:
        raise argparse.ArgumentTypeError(text("cli.arg.games_whole", value=repr(given))) from None
    if games < 1:
        raise argparse.ArgumentTypeError(text("cli.arg.games", value=games))
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


def _sides(
    parser: argparse.ArgumentParser, army_name: str, player_name: str, army_help: str,
    *, person_a: bool,
) -> None:  # fmt: skip
    """Each side's ``--army-a/-b`` and ``--ai-a/-b``; with ``person_a``, side A is a person
    unless told (the play screen), else both are the baseline (a simulation)."""
    for side in ("a", "b"):
        parser.add_argument(
            f"--army-{side}", metavar=army_name, help=text(army_help, side=side.upper())
        )
    for side in ("a", "b"):
        person = person_a and side == "a"
        parser.add_argument(
            f"--ai-{side}",
            choices=_PlayerNames(),
            default=None if person else "baseline",
            metavar=player_name,
            help=text("cli.help.ai_side_person" if person else "cli.help.ai_side",
                      side=side.upper()),
        )  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    """The parser, its help lines in the current language (:func:`wartime.i18n.text`)."""
    parser = argparse.ArgumentParser(prog="wartime", description=text("cli.help.description"))
    parser.add_argument(
        "--version", action="version", version=f"wartime {__version__}",
        help=text("cli.help.version"),
    )  # fmt: skip
    parser.add_argument(
        "--lang",
        dest="language",  # not "lang": odds' and print's own --lang would overwrite it
        choices=["es", "en"],
        help=text("cli.help.lang"),
    )
    sub = parser.add_subparsers(dest="command", metavar=text("cli.help.command"))
    json_help = text("cli.help.json")
    map_help = text("cli.help.map_file")
    map_name = text("cli.help.map_metavar")
    army_name, player_name = text("cli.help.army_name"), text("cli.help.player_name")
    width_help = text("cli.help.line_width")

    points = sub.add_parser("points", help=text("cli.help.points"))
    points.add_argument(
        "file", metavar=text("cli.help.file_name"), help=text("cli.help.points_file")
    )
    points.add_argument("--json", action="store_true", help=json_help)
    points.set_defaults(run="armies:points")

    catalog = sub.add_parser("catalog", help=text("cli.help.catalog"))
    catalog.add_argument(
        "--search", metavar=text("cli.help.search_metavar"), help=text("cli.help.search")
    )
    catalog.add_argument("--json", action="store_true", help=json_help)
    catalog.set_defaults(run="armies:catalog")

    measure = sub.add_parser("measure", help=text("cli.help.measure"))
    measure.add_argument("map", metavar=map_name, help=map_help)
    measure.add_argument("--from", dest="source", metavar="ID", help=text("cli.help.measure_from"))
    measure.add_argument("--to", dest="target", metavar="ID", help=text("cli.help.measure_to"))
    measure.add_argument("--all", action="store_true", help=text("cli.help.measure_all"))
    measure.add_argument("--json", action="store_true", help=json_help)
    measure.set_defaults(run="measuring:measure")

    template = sub.add_parser("template", help=text("cli.help.template"))
    template.add_argument("map", metavar=map_name, help=map_help)
    template.add_argument("--shape", required=True, type=_shape, help=text("cli.help.shape"))
    template.add_argument("--at", type=_point, metavar="X,Y", help=text("cli.help.at"))
    template.add_argument(
        "--from", dest="source", metavar="ID", help=text("cli.help.template_from")
    )
    template.add_argument("--target", metavar="ID", help=text("cli.help.template_target"))
    template.add_argument("--line-width", type=_width, default=1.0, help=width_help)
    template.add_argument("--json", action="store_true", help=json_help)
    template.set_defaults(run="measuring:template")

    noise = sub.add_parser("noise", help=text("cli.help.noise"))
    noise.add_argument("map", metavar=map_name, help=map_help)
    noise.add_argument(
        "--at", type=_point, required=True, metavar="X,Y", help=text("cli.help.noise_at")
    )
    noise.add_argument(
        "--range", type=_radius, required=True, metavar="R", help=text("cli.help.noise_range")
    )
    noise.add_argument(
        "--rule",
        choices=NOISE_RULES,
        default=NOISE_RULES[0],
        help=text("cli.help.noise_rule"),
    )
    noise.add_argument("--json", action="store_true", help=json_help)
    noise.set_defaults(run="measuring:noise")

    odds = sub.add_parser(
        "odds", help=text("cli.help.odds"), description=text("cli.help.odds_description")
    )
    odds.add_argument("--target", type=_score, required=True, metavar="N",
                      help=text("cli.help.odds_target"))  # fmt: skip
    odds.add_argument("--modifier", type=_modifier, action="append", default=[], metavar="M",
                      help=text("cli.help.odds_modifier"))  # fmt: skip
    odds.add_argument("--defence", type=_score, metavar="D", help=text("cli.help.odds_defence"))
    odds.add_argument("--damage", type=_score, metavar="N", help=text("cli.help.odds_damage"))
    odds.add_argument("--defence-modifier", type=_modifier, action="append", default=[],
                      metavar="M", help=text("cli.help.odds_defence_modifier"))  # fmt: skip
    odds.add_argument("--cover", choices=["none", "partial", "over_half", "total"],
                      default="none", help=text("cli.help.odds_cover"))  # fmt: skip
    odds.add_argument("--cover-def", type=_score, default=0, metavar="D",
                      help=text("cli.help.odds_cover_def"))  # fmt: skip
    odds.add_argument("--lang", choices=["es", "en"], default=None,
                      help=text("cli.help.text_lang"))  # fmt: skip
    odds.add_argument("--json", action="store_true", help=json_help)
    odds.set_defaults(run="odds:odds", parser=odds)

    printing = sub.add_parser(
        "print", help=text("cli.help.print"), description=text("cli.help.print_description")
    )
    scale = printing.add_mutually_exclusive_group()
    scale.add_argument(
        "--scale", type=_figure_scale, metavar="MM", help=text("cli.help.print_scale")
    )
    scale.add_argument(
        "--cm-per-k", type=_custom_scale, metavar="CM", help=text("cli.help.print_cm_per_k")
    )
    printing.add_argument(
        "--out", required=True, metavar=text("cli.help.pdf_name"), help=text("cli.help.print_out")
    )
    printing.add_argument(
        "--paper", choices=["a4", "letter"], default="a4", help=text("cli.help.print_paper")
    )
    printing.add_argument("--line-width", type=_width, default=1.0, help=width_help)
    printing.add_argument(
        "--lang", choices=["es", "en"], default=None, help=text("cli.help.text_lang")
    )
    printing.set_defaults(run="odds:print_templates")

    sim = sub.add_parser(
        "sim", help=text("cli.help.sim"), description=text("cli.help.sim_description")
    )
    sim.add_argument("map", metavar=map_name, help=text("cli.help.sim_map"))
    sim.add_argument(
        "--games", type=_games, default=10, metavar="N", help=text("cli.help.sim_games")
    )
    sim.add_argument("--seed", type=int, default=0, metavar="S", help=text("cli.help.sim_seed"))
    _sides(sim, army_name, player_name, "cli.help.army_side", person_a=False)
    sim.add_argument("--save-dir", metavar="DIR", help=text("cli.help.save_dir"))
    sim.add_argument("--json", action="store_true", help=text("cli.help.sim_json"))
    sim.set_defaults(run="sim:sim")

    replay = sub.add_parser(
        "replay", help=text("cli.help.replay"), description=text("cli.help.replay_description")
    )
    replay.add_argument(
        "save", metavar=text("cli.help.save_name"), help=text("cli.help.replay_save")
    )
    replay.add_argument("--force", action="store_true", help=text("cli.help.replay_force"))
    replay.add_argument("--verify", action="store_true", help=text("cli.help.replay_verify"))
    replay.add_argument("--window", action="store_true", help=text("cli.help.replay_window"))
    replay.set_defaults(run="replay:replay")

    check = sub.add_parser("check", help=text("cli.help.check"))
    check.add_argument(
        "files", nargs="+", metavar=text("cli.help.file_metavar"),
        help=text("cli.help.check_files"),
    )  # fmt: skip
    check.set_defaults(run="check:check")

    render = sub.add_parser("render", help=text("cli.help.render"))
    render.add_argument("map", metavar=map_name, help=map_help)
    render.add_argument(
        "--out", required=True, metavar=text("cli.help.png_name"), help=text("cli.help.render_out")
    )
    render.add_argument(
        "--size", default="1280x800", metavar="WxH", help=text("cli.help.render_size")
    )
    render.add_argument(
        "--show",
        default="grid",
        metavar=text("cli.help.layers_name"),
        help=text("cli.help.render_show"),
    )
    render.set_defaults(run="windows:render")

    edit = sub.add_parser(
        "edit", help=text("cli.help.edit"), description=text("cli.help.edit_description")
    )
    edit.add_argument("map", metavar=map_name, nargs="?", help=text("cli.help.edit_map"))
    edit.set_defaults(run="windows:edit")
    play = sub.add_parser(
        "play", help=text("cli.help.play"), description=text("cli.help.play_description")
    )
    play.add_argument("map", metavar=map_name, nargs="?", help=text("cli.help.play_map"))
    _sides(play, army_name, player_name, "cli.help.play_army_side", person_a=True)
    play.add_argument("--hot-seat", action="store_true", help=text("cli.help.hot_seat"))
    play.add_argument("--seed", type=int, default=1, help=text("cli.help.play_seed"))
    play.add_argument(
        "--load", metavar=text("cli.help.save_name").upper(), help=text("cli.help.load")
    )
    play.set_defaults(run="windows:play")
    overlay = sub.add_parser(
        "overlay", help=text("cli.help.overlay"), description=text("cli.help.overlay_description")
    )
    overlay.add_argument("map", metavar=map_name, nargs="?", help=text("cli.help.overlay_map"))
    overlay.add_argument("--blank", metavar="WxH", type=_table_size, help=text("cli.help.blank"))
    overlay.set_defaults(run="windows:overlay")
    return parser


def global_language(argv: Sequence[str]) -> str | None:
    """The global ``--lang`` of ``argv`` (before the command), read before the parser is
    built so that its help and errors speak it; None when absent or not es/en."""
    index = 0
    while index < len(argv):
        token = argv[index]
        if token == "--lang" and index + 1 < len(argv):
            return i18n.language_code(argv[index + 1])
        if token.startswith("--lang="):
            return i18n.language_code(token.partition("=")[2])
        if token == "--" or not token.startswith("-"):
            return None  # the command: a --lang after it is the command's own
        index += 1
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    before = i18n.current_language()
    i18n.set_language(global_language(argv) or i18n.system_language())
    try:
        with i18n.argparse_speaks():  # also for odds' own parser.error after parsing
            parser = build_parser()
            args = parser.parse_args(argv)
            i18n.set_override(args.language)
            i18n.set_language(args.language or i18n.system_language())  # a window may choose
            if hasattr(args, "lang") and args.lang is None:  # odds, print: the run's language
                args.lang = args.language or i18n.system_language()
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
        print("\n" + text("cli.no_display"))
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
