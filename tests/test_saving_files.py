"""Saving files the way users expect (issue 16): one atomic writer for every file the
program writes, which keeps permissions and links, and tidies up after killed saves."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from wartime.board.battlefield import Battlefield, Unit, Wall
from wartime.formats import files
from wartime.formats.files import write_atomic
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


# -- temporary files: recognisable, and cleaned up when stale ------------------------------


def _spy_replace(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path, Path]]:
    seen: list[tuple[Path, Path]] = []
    real = os.replace

    def spy(src: os.PathLike[str] | str, dst: os.PathLike[str] | str) -> None:
        seen.append((Path(src), Path(dst)))
        real(src, dst)

    monkeypatch.setattr(files.os, "replace", spy)
    return seen


def test_the_temporary_file_is_named_recognisably(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _spy_replace(monkeypatch)
    save_map(FIELD, tmp_path / "map.yaml")
    ((tmp, target),) = seen
    assert tmp.parent == target.parent == tmp_path
    assert tmp.name.startswith(".map.yaml.wartime-tmp-") and len(tmp.name) == 30
    assert [p.name for p in tmp_path.iterdir()] == ["map.yaml"]


def test_a_failed_save_leaves_neither_a_temporary_file_nor_a_changed_map(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "map.yaml"
    target.write_text("old\n", encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError, match="No space"):
        save_map(FIELD, target)
    assert [p.name for p in tmp_path.iterdir()] == ["map.yaml"]
    assert target.read_text(encoding="utf-8") == "old\n"


def _aged(path: Path, seconds: float) -> Path:
    path.write_text("half a map", encoding="utf-8")
    past = time.time() - seconds
    os.utime(path, (past, past))
    return path


def test_stale_temporary_files_are_removed_at_the_next_save(tmp_path: Path) -> None:
    old = files.STALE_AFTER + 60
    stale = [
        _aged(tmp_path / ".map.yaml.wartime-tmp-abcd1234", old),
        _aged(tmp_path / ".otro.yaml.wartime-tmp-0000aaaa", old),  # another map's, same folder
        _aged(tmp_path / ".map.yaml.x1_y2z3w.tmp", old),  # the name of earlier versions
    ]
    kept = [
        _aged(tmp_path / ".map.yaml.wartime-tmp-fresh123", 5),  # a save under way
        _aged(tmp_path / ".map.yaml.wartime-tmp-TOOLONG12", old),  # not our pattern
        _aged(tmp_path / "map.yaml.wartime-tmp-abcd1234", old),  # not hidden
        _aged(tmp_path / ".otro.yaml.x1_y2z3w.tmp", old),  # earlier versions': another map's
        _aged(tmp_path / "notas.txt", old),
    ]
    (tmp_path / ".map.yaml.wartime-tmp-dir00000").mkdir()  # not a regular file
    os.utime(tmp_path / ".map.yaml.wartime-tmp-dir00000", (0, 0))
    save_map(FIELD, tmp_path / "map.yaml")
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept)
    assert (tmp_path / ".map.yaml.wartime-tmp-dir00000").is_dir()


@POSIX
def test_a_killed_save_leaves_a_recognisable_file_that_the_next_save_removes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save killed (SIGKILL) between its write and its rename: the map is intact, the
    leftover is named as ours, and the next save, once it is stale, removes it."""
    target = tmp_path / "map.yaml"
    save_map(FIELD, target)
    before = target.read_bytes()
    killer = (
        "import os, signal, sys\n"
        "from wartime.formats import files\n"
        "from wartime.formats.map import save_map\n"
        "from wartime.board.battlefield import Battlefield\n"
        "files.os.replace = lambda a, b: os.kill(os.getpid(), signal.SIGKILL)\n"
        "save_map(Battlefield('other', (20, 20)), sys.argv[1])\n"
    )
    result = subprocess.run([sys.executable, "-c", killer, str(target)], check=False)
    assert result.returncode == -9
    assert target.read_bytes() == before
    (left,) = (p for p in tmp_path.iterdir() if p.name != "map.yaml")
    assert left.name.startswith(".map.yaml.wartime-tmp-")
    save_map(FIELD, target)
    assert left.exists()  # fresh: it could be a save under way
    monkeypatch.setattr(files, "STALE_AFTER", 0)
    time.sleep(0.01)
    save_map(FIELD, target)
    assert [p.name for p in tmp_path.iterdir()] == ["map.yaml"]


# -- durability: the folder is synced after the rename ----------------------------------------


@POSIX
def test_the_folder_is_synced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        calls.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(files.os, "fsync", fsync)
    monkeypatch.setattr(files.os, "replace", replace)
    save_map(FIELD, tmp_path / "map.yaml")
    assert calls == ["fsync file", "rename", "fsync folder"]


# -- one writer for everything the program writes --------------------------------------------


def test_every_file_the_program_writes_goes_through_the_one_writer() -> None:
    """No module writes a file any other way (no open(..., "w"), write_text, mkstemp or
    os.replace outside formats/files.py; pictures: see the test of render_png)."""
    import re

    root = Path(__file__).resolve().parent.parent
    writes = re.compile(
        r"\.write_text\(|\.write_bytes\(|mkstemp|os\.replace\(|os\.rename\(|open\([^)]*['\"][wax]"
    )
    found = [
        f"{path.relative_to(root)}:{n}"
        for folder in ("wartime", "tools")
        for path in sorted((root / folder).rglob("*.py"))
        if path.name != "files.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if writes.search(line)
    ]
    assert found == []


def test_write_atomic_writes_text_as_utf8_with_newlines_and_bytes_as_they_are(
    tmp_path: Path,
) -> None:
    write_atomic(tmp_path / "a.txt", "Legión\nCulto\n")
    assert (tmp_path / "a.txt").read_bytes() == "Legión\nCulto\n".encode()
    write_atomic(tmp_path / "b.bin", b"\x89PNG\r\n")
    assert (tmp_path / "b.bin").read_bytes() == b"\x89PNG\r\n"


@POSIX
def test_a_rendered_picture_is_written_by_the_one_writer(tmp_path: Path) -> None:
    from wartime.ui.png import render_png

    out = tmp_path / "map.png"
    out.write_bytes(b"old")
    out.chmod(0o640)
    render_png(FIELD, out, (200, 160))
    assert out.read_bytes().startswith(b"\x89PNG") and mode(out) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]
