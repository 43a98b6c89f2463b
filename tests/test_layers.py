"""DESIGN §2: the core never imports pygame."""

from __future__ import annotations

import subprocess
import sys

CORE = ["wartime.rules", "wartime.formats", "wartime.cli", "wartime.reports"]
CORE_PACKAGES = ["rules", "geometry", "physics", "board", "engine", "formats", "render"]


def test_core_imports_without_pygame() -> None:
    """Block pygame outright, import every core module, and cost a sample army."""
    code = (
        "import sys, pkgutil, importlib\n"
        "sys.modules['pygame'] = None\n"
        "sys.modules['pygame_gui'] = None\n"
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
        "assert not any(m.startswith('pygame') and sys.modules[m] for m in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
