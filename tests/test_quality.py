"""Project hygiene the developers' guide asks for: lint, types, README, own words."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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
