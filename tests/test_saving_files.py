"""Saving files the way users expect (issue 16): one atomic writer for every file the
program writes, which keeps permissions and links, and tidies up after killed saves."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from wartime.board.battlefield import Battlefield, Unit, Wall
from wartime.formats.map import load_map, save_map

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and links")
FIELD = Battlefield(
    "t", (10, 10), walls=(Wall(((1, 1), (2, 2)), 1.0, 2),), units=(Unit("u", "A", (5, 5)),)
)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def umask() -> Iterator[None]:
    """Run with umask 022, and put the process's own back afterwards."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


# -- permissions --------------------------------------------------------------------------


@POSIX
@pytest.mark.parametrize("kept", [0o644, 0o640, 0o664, 0o600])
def test_a_saved_map_keeps_its_mode(kept: int, tmp_path: Path) -> None:
    target = tmp_path / "map.yaml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(kept)
    save_map(FIELD, target)
    assert mode(target) == kept
    assert load_map(target) == FIELD


@POSIX
@pytest.mark.parametrize(("mask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_follows_the_umask(mask: int, expected: int, tmp_path: Path) -> None:
    old = os.umask(mask)
    try:
        save_map(FIELD, tmp_path / "new.yaml")
    finally:
        os.umask(old)
    assert mode(tmp_path / "new.yaml") == expected
