"""Run a snippet in a fresh interpreter where pygame cannot be imported (DESIGN §2)."""

from __future__ import annotations

import subprocess
import sys

_BLOCK = "import sys\nsys.modules['pygame'] = None\nsys.modules['pygame_gui'] = None\n"
_CHECK = "assert not any(m.startswith('pygame') and sys.modules[m] for m in sys.modules)\n"


def run_without_pygame(body: str) -> None:
    """``body`` must run to the end with pygame blocked, and leave no pygame module loaded."""
    code = _BLOCK + body + _CHECK
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
