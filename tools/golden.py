"""Rewrite the expected transcripts of the golden playthroughs (tests/golden/*.txt).

Run from the repo root after a deliberate change of the engine's behaviour:

    python tools/golden.py

then read the diff of tests/golden/ before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.golden_cases import cases, play
from wartime.formats.files import write_atomic


def main() -> None:
    for case in cases():
        write_atomic(case.with_suffix(".txt"), play(case))
        print(f"wrote {case.with_suffix('.txt').name}")


if __name__ == "__main__":
    main()
