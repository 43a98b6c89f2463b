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


# -- symbolic links -----------------------------------------------------------------------


@POSIX
def test_saving_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "map.yaml"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    save_map(FIELD, link)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert load_map(real) == FIELD and mode(real) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.yaml", "real"]
    assert [p.name for p in (tmp_path / "real").iterdir()] == ["map.yaml"]


@POSIX
def test_a_chain_of_links_and_a_dangling_link_are_followed(tmp_path: Path, umask: None) -> None:
    (tmp_path / "b.yaml").symlink_to("real.yaml")  # dangling: real.yaml does not exist yet
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    save_map(FIELD, tmp_path / "a.yaml")
    assert (tmp_path / "a.yaml").is_symlink() and (tmp_path / "b.yaml").is_symlink()
    assert load_map(tmp_path / "real.yaml") == FIELD and mode(tmp_path / "real.yaml") == 0o644


@POSIX
def test_a_loop_of_links_is_an_os_error_and_leaves_no_file(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    with pytest.raises(OSError):
        save_map(FIELD, tmp_path / "a.yaml")
    assert all(p.is_symlink() for p in tmp_path.iterdir())
