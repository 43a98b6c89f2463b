"""Project hygiene the developers' guide asks for: lint, types, README, own words."""

from __future__ import annotations

import bisect
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wartime.rules.actions import load_actions
from wartime.rules.catalog import load_catalog

from .conftest import ROOT

RULEBOOK = ROOT.parent / "shared" / "seeds" / "000_db3ed0c2614b7994.txt"


def _tool(name: str) -> list[str]:
    exe = shutil.which(name) or str(Path(sys.executable).with_name(name))
    return [exe] if Path(exe).exists() else [sys.executable, "-m", name]


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [*_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run([*_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_readme_quick_start_has_exactly_two_one_line_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 2
    for lang, body in blocks:
        assert lang in ("sh", "bash", "shell", "console")
        assert len(body.strip().splitlines()) == 1
    assert "pytest" in blocks[1][1]


def test_readme_starts_with_purpose() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    intro = text.split("## ", 1)[0].lower()
    assert "players" in intro and "map designers" in intro and "tabletop" in intro


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repo")
def test_summaries_are_in_our_own_words() -> None:
    """No summary repeats a run of 6 consecutive words of the rulebook."""
    book = _words(RULEBOOK.read_text(encoding="utf-8"))
    grams = {tuple(book[i : i + 6]) for i in range(len(book) - 5)}
    copied = []
    for entry in load_catalog().entries:
        words = _words(entry.summary)
        if any(tuple(words[i : i + 6]) in grams for i in range(len(words) - 5)):
            copied.append(entry.name)
    assert copied == []


# Paths the own-words check skips (none: keep it that way).
PENDING_REWORDING: set[str] = set()

_CHECKED_SUFFIXES = (".py", ".md", ".yaml", ".txt")
_RUN = 6  # this many words in a row may not come from the rulebook


def _project_text_files() -> list[Path]:
    """Tracked and untracked (not ignored) text files, golden transcripts aside."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\0")
        paths = {ROOT / name for name in listed if name}
    except (OSError, subprocess.CalledProcessError):
        paths = set(ROOT.rglob("*"))
    files = []
    for path in sorted(paths):
        rel = path.relative_to(ROOT)
        if path.suffix not in _CHECKED_SUFFIXES or not path.is_file() or ".git" in rel.parts:
            continue
        if rel.parent == Path("tests/golden") and path.suffix == ".txt":
            continue
        files.append(path)
    return files


def _rulebook_names(book: str) -> list[str]:
    """Names are facts: catalogue entries, actions and the book's headings in capitals."""
    names = {e.name for e in load_catalog().entries}
    names |= {a.name for a in load_actions().actions}
    for line in book.splitlines():
        for part in line.split("\t"):  # a few heading lines are tab-separated
            heading = part.strip()
            if heading == heading.upper() and re.search(r"[^\W\d_]", heading):
                names.add(heading)
    return sorted(names, key=len, reverse=True)  # the longest name wins an overlap


def _without_names(text: str, names: list[str]) -> str:
    """``text`` with every name blanked out (same length, so line numbers hold)."""
    present = [n for n in names if n in text]
    if not present:
        return text
    pattern = "|".join(re.escape(n) for n in present)
    return re.sub(
        rf"(?<!\w)(?:{pattern})(?!\w)",
        lambda m: re.sub(r"[^\n]", " ", m.group()),
        text,
    )


def _is_table_row(run: tuple[str, ...]) -> bool:
    """Numbers with at most a few words around them, or digits and letters alone."""
    digits = sum(w.isdigit() for w in run)
    return digits >= 4 or all(w.isdigit() or len(w) == 1 for w in run)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the repo")
def test_project_text_is_in_our_own_words() -> None:
    """No project text repeats 6 words in a row of the rulebook, names and tables aside."""
    book_text = RULEBOOK.read_text(encoding="utf-8")
    book = _words(book_text)
    grams = {tuple(book[i : i + _RUN]) for i in range(len(book) - _RUN + 1)}
    names = _rulebook_names(book_text)
    copied = []
    for path in _project_text_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel in PENDING_REWORDING:
            continue
        text = _without_names(path.read_text(encoding="utf-8"), names)
        newlines = [m.start() for m in re.finditer("\n", text)]
        found = list(re.finditer(r"\w+", text))
        words = [m.group().lower() for m in found]
        i = 0
        while i + _RUN <= len(words):
            run = tuple(words[i : i + _RUN])
            if run not in grams or _is_table_row(run):
                i += 1
                continue
            end = i + _RUN  # extend to the whole copied stretch, reported once
            while end < len(words) and tuple(words[end + 1 - _RUN : end + 1]) in grams:
                end += 1
            line = bisect.bisect(newlines, found[i].start()) + 1
            copied.append(f"{rel}:{line}: {' '.join(words[i:end])}")
            i = end
    assert copied == [], "rulebook wording in the project:\n" + "\n".join(copied)
