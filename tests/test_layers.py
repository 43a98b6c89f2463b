"""DESIGN §2: the core never imports pygame; ENGINE-LAYOUT.md: the engine's own layers."""

from __future__ import annotations

import pytest

from .engine_imports import (
    ENGINE,
    LAYERS,
    PACKAGE,
    cycles,
    engine_imports,
    layer,
    local_import_lines,
    modules,
    wartime_imports,
)
from .pygame_free import run_without_pygame

CORE = ["wartime.rules", "wartime.formats", "wartime.cli", "wartime.reports"]
CORE_PACKAGES = ["rules", "geometry", "physics", "board", "engine", "formats", "render", "play"]


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
# Each layer may import only what its rule allows: core only core, an action or an entry
# only core (and the hook registry), the AI the public API and core.  The import reader
# (tests/engine_imports.py) reads them from the source, including imports that run
# only sometimes.
ALLOWED = {"core": {"core"}, "actions": {"core"}, "entries": {"core"}}
RULES = {
    "core": "rule 1: core imports nothing from actions/, entries/ or ai/",
    "actions": "rule 2: an action imports core/ only, never another action nor an entry",
    "entries": "rule 3: an entry imports core/ only, never another entry nor an action",
}


def _crossing(source: str, allowed: set[str]) -> list[str]:
    return [
        f"{e.source}:{e.line} -> {e.target}"
        for e in engine_imports()
        if layer(e.source) == source
        and (layer(e.target) not in allowed | {None} or e.target == f"{PACKAGE}.install")
    ]


@pytest.mark.parametrize("source", list(RULES))
def test_engine_layer_rule(source: str) -> None:
    """ENGINE-LAYOUT.md rules 1, 2 and 3, counted from the source."""
    found = _crossing(source, ALLOWED[source])
    assert not found, f"{RULES[source]}; found:\n" + "\n".join(found)


def test_the_ai_plays_through_the_core_and_its_hooks() -> None:
    """ENGINE-LAYOUT.md rule 4: the AI imports no action and no entry; what they offer or
    owe reaches it through the hooks (forced_actions, attack_variants...)."""
    found = _crossing("ai", {"core", "ai"})
    assert not found, "\n".join(found)


def test_only_install_imports_the_actions_and_entries() -> None:
    """Rule 5: install.py imports every action and entry module, and is what does."""
    installed = {e.target for e in engine_imports() if e.source == f"{PACKAGE}.install"}
    plugged = {m for m in modules() if layer(m) in ("actions", "entries")}
    assert plugged <= installed, sorted(plugged - installed)
    importers = {
        e.source
        for e in engine_imports()
        if layer(e.target) in ("actions", "entries") and layer(e.source) in ("core", None)
    }
    assert importers <= {f"{PACKAGE}.install"}, sorted(importers)


def test_no_wartime_imports_inside_functions() -> None:
    """Rule 6: imports at the top only (TYPE_CHECKING ones excepted)."""
    assert not local_import_lines()


def test_the_largest_import_cycle_is_small() -> None:
    """At most 8 modules of the engine import one another in a ring."""
    largest = max(cycles(engine_imports()), key=len)
    assert len(largest) <= 8, sorted(largest)


def test_every_module_of_the_engine_has_a_layer() -> None:
    """A new module goes into core/, actions/, entries/ or ai/ (docs/architecture.md)."""
    outside = {PACKAGE, f"{PACKAGE}.hooks", f"{PACKAGE}.install"}
    loose = [m for m in modules() if layer(m) is None and m not in outside]
    assert loose == [f"{PACKAGE}.{name}" for name in sorted(LAYERS)], loose


def test_the_rest_of_the_program_uses_the_engines_public_api() -> None:
    """ENGINE-LAYOUT.md: the UI, the CLI and the other packages import ``wartime.engine``
    (and the AI from ``wartime.engine.ai``), never a module inside the engine."""
    public = {PACKAGE, f"{PACKAGE}.ai"}
    inside = [
        f"{path.relative_to(ENGINE.parent.parent)}:{line} -> {names[0]}"
        for path in sorted((ENGINE.parent).rglob("*.py"))
        if ENGINE not in path.parents
        for names, line, _ in wartime_imports(path)
        if names[0].startswith(PACKAGE) and names[0] not in public
    ]
    assert not inside, "\n".join(inside)


def test_hooks_know_nothing_of_the_game() -> None:
    """hooks.py is the registry only: it imports nothing of wartime."""
    assert not list(wartime_imports(ENGINE / "hooks.py"))
