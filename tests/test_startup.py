"""Issue 16, start-up and help: what `wartime --help` and the light commands load, the
action list read on first use, and a help line for every option of every subcommand."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from wartime.cli import NOISE_RULES, build_parser
from wartime.geometry.noise import NoiseRule

from .conftest import ARMIES, ROOT

HEAVY = ("numpy", "shapely", "pygame", "pygame_gui", "pymunk", "networkx", "yaml")


def _loaded_after(args: list[str]) -> list[str]:
    """The heavy modules and engine modules a fresh interpreter holds after ``main(args)``."""
    code = (
        "import sys\n"
        "from wartime.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print(sorted(m for m in sys.modules if m in {HEAVY!r} or m.startswith('wartime.engine')"
        " or m.startswith('wartime.ui')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return list(eval(out.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--help"], ["measure", "--help"], ["--version"]])
def test_help_loads_nothing_heavy(argv: list[str]) -> None:
    """Not even PyYAML: the parser is the standard library alone.  (`sim --help` lists
    the registered AI players, so it alone loads the engine.)"""
    assert _loaded_after(argv) == []


def test_points_and_catalog_need_neither_numpy_nor_shapely_nor_the_engine() -> None:
    assert _loaded_after(["points", str(ARMIES / "legion.yaml")]) == ["yaml"]
    assert _loaded_after(["catalog", "--search", "afilada"]) == ["yaml"]


def test_the_engine_reads_the_action_list_when_a_rule_first_asks() -> None:
    """Importing the engine, its AI and the play model parses no actions.yaml."""
    code = (
        "import wartime.engine, wartime.engine.ai, wartime.play\n"
        "from wartime.rules.actions import load_actions\n"
        "assert load_actions.cache_info().misses == 0, 'actions.yaml read at import'\n"
        "from wartime.engine.core.movement import moves\n"
        "assert moves().strides['correr'].ene >= 1\n"
        "assert load_actions.cache_info().misses == 1\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def _options(parser: argparse.ArgumentParser, path: str) -> list[tuple[str, argparse.Action]]:
    """Every argument of ``parser`` and of its subcommands, named by its command path."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _options(sub, f"{path} {name}")
        else:
            found.append((path, action))
    return found


def test_every_option_of_every_subcommand_has_a_help_line() -> None:
    options = _options(build_parser(), "wartime")
    missing = [
        f"{path} {action.option_strings[-1] if action.option_strings else action.dest}"
        for path, action in options
        if not action.help or action.help == argparse.SUPPRESS
    ]
    assert len(options) > 40  # every subcommand was walked
    assert missing == []


def test_the_parser_lists_the_noise_rules_of_the_geometry() -> None:
    """The CLI names them itself, so that its parser needs no numpy: they must agree."""
    assert list(NOISE_RULES) == [rule.value for rule in NoiseRule]
