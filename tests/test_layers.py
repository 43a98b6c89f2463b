"""DESIGN §2: the core never imports pygame; ENGINE-LAYOUT.md: the engine's own layers."""

from __future__ import annotations

import pytest

from .engine_imports import (
    ENGINE,
    LAYERS,
    cycles,
    engine_imports,
    layer,
    local_import_lines,
    modules,
    wartime_imports,
)
from .pygame_free import run_without_pygame

CORE = ["wartime.rules", "wartime.formats", "wartime.cli", "wartime.reports"]
CORE_PACKAGES = ["rules", "geometry", "physics", "board", "engine", "formats", "render"]


def test_core_imports_without_pygame() -> None:
    """Block pygame outright, import every core module, and cost a sample army."""
    run_without_pygame(
        "import pkgutil, importlib\n"
        "import wartime\n"
        f"for pkg in {CORE_PACKAGES!r}:\n"
        "    try:\n"
        "        mod = importlib.import_module('wartime.' + pkg)\n"
        "    except ModuleNotFoundError as exc:\n"
        "        if exc.name == 'wartime.' + pkg: continue  # that layer does not exist yet\n"
        "        raise\n"
        "    for info in pkgutil.walk_packages(mod.__path__, mod.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        f"for name in {CORE!r}: importlib.import_module(name)\n"
        "from wartime.cli import main\n"
        "assert main(['catalog', '--search', 'afilada']) == 0\n"
    )


# -- the engine's own layers (ENGINE-LAYOUT.md) -------------------------------------------------
#
# The rules are enforced as a ratchet while the engine moves into its layers: each figure
# may only go down, and a commit that lowers one lowers its limit here too.  The issue is
# done when every figure reads its target.
RATCHET = {
    "core imports an action, an entry or the AI": (0, 0),
    "an action imports another action, an entry or the AI": (0, 0),
    "an entry imports another entry or the AI": (0, 0),
    "wartime imports inside functions": (0, 0),
    "modules in the largest import cycle": (1, 8),
}


def _measured() -> dict[str, list[str]]:
    edges = engine_imports()

    def crossing(source: str, targets: tuple[str, ...]) -> list[str]:
        return [
            f"{e.source}:{e.line} -> {e.target}"
            for e in edges
            if layer(e.source) == source and layer(e.target) in targets
        ]

    largest = max(cycles(edges), key=len)
    upper = ("actions", "entries", "ai")
    return {
        "core imports an action, an entry or the AI": crossing("core", upper),
        "an action imports another action, an entry or the AI": crossing(
            "actions", ("actions", "entries", "ai")
        ),
        "an entry imports another entry or the AI": crossing("entries", ("entries", "ai")),
        "wartime imports inside functions": local_import_lines(),
        "modules in the largest import cycle": sorted(largest),
    }


@pytest.mark.parametrize("rule", list(RATCHET))
def test_engine_layers_ratchet(rule: str) -> None:
    """ENGINE-LAYOUT.md rules 1, 2, 3 and 6 and the cycle limit, counted from the source."""
    limit, target = RATCHET[rule]
    found = _measured()[rule]
    assert len(found) <= limit, f"{rule}: {len(found)} > {limit}, new ones:\n" + "\n".join(found)
    assert len(found) == limit or len(found) <= target, (
        f"{rule}: {len(found)}, down from {limit}; lower its limit in RATCHET to {len(found)}"
    )


def test_every_module_of_the_engine_has_a_layer() -> None:
    """A new module goes into core/, actions/, entries/ or ai/ (docs/architecture.md)."""
    outside = {"wartime.engine", "wartime.engine.hooks", "wartime.engine.install"}
    loose = [m for m in modules() if layer(m) is None and m not in outside]
    assert all(m.endswith(tuple(f".{name}" for name in LAYERS)) for m in loose), loose


def test_hooks_know_nothing_of_the_game() -> None:
    """hooks.py is the registry only: it imports nothing of wartime."""
    assert not list(wartime_imports(ENGINE / "hooks.py"))
