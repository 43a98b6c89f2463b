"""Compile the catalogues: each ``wartime/locale/*/LC_MESSAGES/*.po`` to its ``.mo``
(``wartime.po``, and ``argparse.po`` for argparse's own words).

Run after editing a ``.po`` (``python tools/i18n/compile.py``) and commit both files;
``tests/test_i18n.py`` fails while a committed ``.mo`` differs from its ``.po``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

from wartime.formats.files import write_atomic  # noqa: E402  (the program's one writer)

LOCALE_DIR = ROOT / "wartime" / "locale"


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of ``po``, the same on every run (no dates inside)."""
    with po.open("rb") as source:
        catalogue = read_po(source, abort_invalid=True)
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def main() -> int:
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        write_atomic(po.with_suffix(".mo"), compiled(po))
        print(po.with_suffix(".mo"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
