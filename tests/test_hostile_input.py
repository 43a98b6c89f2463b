"""Hostile and broken input (issue 16): a located error, never a traceback or a hang.

Every case goes through ``wartime check`` (or ``wartime replay``) as a user would
meet it: exit status 2, one line per problem naming the file, and no traceback.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest

from wartime.cli import main
from wartime.errors import DataError
from wartime.formats import document
from wartime.formats.document import read_document

from .conftest import ROOT

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file kinds")
MAP = "wartime_map: 1\nsize: [24, 18]\n"


def check(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> tuple[int, str]:
    """``wartime check PATHS``: the status and what it printed on stderr."""
    status = main(["check", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, err


def refused(path: Path | str) -> str:
    """The one problem reading ``path`` gives, as printed."""
    with pytest.raises(DataError) as info:
        read_document(path)
    assert len(info.value.problems) == 1, info.value.problems
    assert info.value.problems[0].file == str(path)
    return str(info.value.problems[0])


# -- special files: only regular files are read, and never more than the cap ---------------


@POSIX
def test_a_fifo_is_refused_without_blocking(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "map.yaml"
    os.mkfifo(fifo)
    result: list[tuple[int, str]] = []
    worker = threading.Thread(target=lambda: result.append(check(capsys, fifo)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    if worker.is_alive():  # unblock the reader, so the test run itself ends
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading a FIFO blocked")
    status, err = result[0]
    assert status == 2
    only = "only regular files are read"
    assert err == f"{fifo}: is a named pipe (FIFO), not a regular file: {only}\n"


@POSIX
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_before_it_is_read(device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    only = "only regular files are read"
    assert refused(device) == f"{device}: is a device, not a regular file: {only}"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert refused(tmp_path) == f"{tmp_path}: is a folder, not a file"


def test_at_most_the_cap_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file over the cap is refused whatever its size on disk says (a file that grows,
    a file system that lies): the reader never asks for more than the cap plus one byte."""
    path = tmp_path / "big.yaml"
    path.write_bytes(b"a: 1\n" + b"#" * 100)
    monkeypatch.setattr(document, "MAX_BYTES", 50)
    asked: list[int] = []
    real_read = os.read

    def spy(fd: int, size: int) -> bytes:
        asked.append(size)
        return real_read(fd, size)

    monkeypatch.setattr(document.os, "read", spy)
    assert refused(path) == f"{path}: file too large: the limit is 0 MiB"
    assert sum(asked) <= 51
    path.write_bytes(b"a: 1\n" + b"#" * 45)  # exactly the cap: read
    assert read_document(path).data == {"a": 1}


def test_the_cap_is_8_mib() -> None:
    assert document.MAX_BYTES == 8 * 1024 * 1024


# -- paths: a NUL byte, a symlink loop, a name too long --------------------------------------


def test_a_nul_byte_in_a_path_read_is_a_located_error() -> None:
    assert "NUL character" in refused("map.yaml\0")


@POSIX
def test_a_symlink_loop_read_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").symlink_to("b.yaml")
    (tmp_path / "b.yaml").symlink_to("a.yaml")
    assert refused(tmp_path / "a.yaml").startswith(f"{tmp_path / 'a.yaml'}: cannot read: ")


def test_a_name_too_long_read_is_a_located_error(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 300 + ".yaml")
    assert refused(path).startswith(f"{path}: cannot read: ")


def test_the_sample_maps_still_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = check(capsys, *sorted((ROOT / "maps").glob("*.yaml")))
    assert status == 0
