"""Add messages to both catalogues, keep them sorted, and compile them.

    python tools/i18n/add.py NEW.yaml      (or - to read standard input)

``NEW.yaml`` maps each new key to its texts, ``{es: ..., en: ...}``; a plural key gives
two texts per language, ``{es: [uno, varios], en: [one, many]}``.  A key already in a
catalogue with other texts is refused (``--replace`` overwrites it), so two people adding
the same key notice.  ``--merge OTHER_LOCALE_DIR`` instead adds every message of another
checkout's catalogues that this one lacks (a merge of two branches that both added keys).

Both ``wartime.po`` files are written sorted by key without line wrapping (one line per
text, so a diff shows whole messages), then compiled like ``compile.py`` does.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not
sys.path.insert(0, str(Path(__file__).resolve().parent))

from compile import compiled  # noqa: E402

from wartime.formats.files import write_atomic  # noqa: E402

LOCALE_DIR = ROOT / "wartime" / "locale"
LANGUAGES = ("es", "en")


def po_of(locale_dir: Path, language: str) -> Path:
    return locale_dir / language / "LC_MESSAGES" / "wartime.po"


def read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, abort_invalid=True)


def write(path: Path, catalogue: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalogue, width=0, sort_output=True)
    write_atomic(path, out.getvalue())
    write_atomic(path.with_suffix(".mo"), compiled(path))


def texts(value: object, key: str, language: str) -> str | tuple[str, str]:
    if isinstance(value, str) and value:
        return value
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) and v for v in value):
        return (value[0], value[1])
    raise SystemExit(f"{key}: {language} must be a text, or two for a plural key")


def add(entries: dict[str, dict[str, object]], replace: bool) -> int:
    for language in LANGUAGES:
        path = po_of(LOCALE_DIR, language)
        catalogue = read(path)
        for key, by_language in entries.items():
            if not isinstance(by_language, dict) or set(by_language) != set(LANGUAGES):
                raise SystemExit(f"{key}: give exactly es and en")
            string = texts(by_language[language], key, language)
            msgid = (key, key) if isinstance(string, tuple) else key
            old = catalogue.get(key)
            if old is not None and old.string != string and not replace:
                raise SystemExit(f"{key} is already in {path} as {old.string!r}")
            if old is not None:
                del catalogue[key]  # Catalog.add would keep the old text
            catalogue.add(msgid, string)
        write(path, catalogue)
    return len(entries)


def merge(other_dir: Path) -> int:
    """Add what ``other_dir``'s catalogues have and these lack; a key both have with other
    texts is reported and left as it is here (so a merge never drops a text silently)."""
    added, clashes = 0, []
    for language in LANGUAGES:
        path = po_of(LOCALE_DIR, language)
        catalogue, other = read(path), read(po_of(other_dir, language))
        for message in other:
            if not message.id:
                continue
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            mine = catalogue.get(key)
            if mine is None:
                catalogue.add(message.id, message.string)
                added += 1
            elif mine.string != message.string:
                clashes.append(f"{language} {key}: {mine.string!r} here, {message.string!r} there")
        write(path, catalogue)
    for clash in clashes:
        print(f"kept: {clash}", file=sys.stderr)
    return added


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="YAML of new keys, or - for standard input")
    parser.add_argument("--replace", action="store_true", help="overwrite keys already there")
    parser.add_argument("--merge", type=Path, help="another checkout's wartime/locale")
    args = parser.parse_args()
    if args.merge is not None:
        print(f"{merge(args.merge)} texts merged")
        return 0
    if args.file is None:
        parser.error("give a YAML file, - or --merge")
    raw = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    entries = yaml.safe_load(raw) or {}
    if not isinstance(entries, dict):
        raise SystemExit("the file maps keys to {es: ..., en: ...}")
    print(f"{add(entries, args.replace)} keys added or kept")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
