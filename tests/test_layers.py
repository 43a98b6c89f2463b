"""DESIGN §2: the core never imports pygame."""

from __future__ import annotations

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
