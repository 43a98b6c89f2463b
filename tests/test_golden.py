"""Golden playthroughs: each scripted scenario must give its expected transcript."""

from __future__ import annotations

from pathlib import Path

import pytest

from .golden_cases import cases, play


def test_there_are_golden_cases() -> None:
    """Issue 4 asks for at least 12 scripted playthroughs."""
    assert len(cases()) >= 12


@pytest.mark.parametrize("case", cases(), ids=lambda p: p.stem)
def test_transcript_matches(case: Path) -> None:
    expected = case.with_suffix(".txt").read_text(encoding="utf-8")
    assert play(case) == expected
