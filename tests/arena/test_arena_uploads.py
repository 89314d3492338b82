"""The doors of an uploaded bot folder (tournaments.arena.uploads): a good archive unpacks, and
every bad one is refused with nothing left behind."""

from __future__ import annotations

import io
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest

from tournaments.arena import uploads
from tournaments.arena.uploads import UploadError, unpack


def zipped(members: dict[str, bytes], modes: dict[str, int] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (modes or {}).get(name, stat.S_IFREG | 0o644) << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def tarred(*members: tarfile.TarInfo, data: dict[str, bytes] | None = None) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for info in members:
            content = (data or {}).get(info.name)
            if content is not None:
                info.size = len(content)
            archive.addfile(info, io.BytesIO(content) if content is not None else None)
    return buffer.getvalue()


def member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    info.mode = 0o755
    return info


def refused(data: bytes, folder: Path, says: str) -> None:
    with pytest.raises(UploadError, match=says):
        unpack(data, folder)
    assert not folder.exists()


def test_a_zip_and_a_tar_unpack_with_the_unpackers_modes(tmp_path: Path):
    data = zipped(
        {"bot/ruckus-bot.toml": b"x", "bot/run.sh": b"#!/bin/sh\n"},
        {"bot/run.sh": stat.S_IFREG | 0o4777},
    )
    folder = unpack(data, tmp_path / "z")
    assert (folder / "bot" / "ruckus-bot.toml").read_bytes() == b"x"
    assert stat.S_IMODE((folder / "bot" / "run.sh").stat().st_mode) == 0o755  # no setuid
    folder = unpack(tarred(member("a/b.py"), data={"a/b.py": b"print()"}), tmp_path / "t")
    assert (folder / "a" / "b.py").read_bytes() == b"print()"


@pytest.mark.parametrize("name", ["../evil.py", "bot/../../evil.py", "/etc/evil", "a\\..\\b"])
def test_a_member_that_climbs_out_is_refused(tmp_path: Path, name: str):
    refused(zipped({name: b"x"}), tmp_path / "z", "outside|backslash")
    refused(tarred(member(name), data={name: b"x"}), tmp_path / "t", "outside|backslash")
    assert not (tmp_path / "evil.py").exists()


def test_a_symlink_pointing_out_is_refused(tmp_path: Path):
    link = member("bot/key", tarfile.SYMTYPE, "/etc/passwd")
    refused(tarred(link), tmp_path / "t", "link")
    zip_link = zipped({"bot/key": b"/etc/passwd"}, {"bot/key": stat.S_IFLNK | 0o777})
    refused(zip_link, tmp_path / "z", "link")


def test_a_hardlink_and_a_device_are_refused(tmp_path: Path):
    refused(tarred(member("bot/h", tarfile.LNKTYPE, "../../etc/passwd")), tmp_path / "h", "link")
    refused(tarred(member("bot/dev", tarfile.CHRTYPE)), tmp_path / "d", "special")
    refused(tarred(member("bot/fifo", tarfile.FIFOTYPE)), tmp_path / "f", "special")


def test_a_zip_bomb_is_stopped_by_the_bytes_written(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(uploads, "MAX_UNPACKED_BYTES", 1 << 20)
    bomb = zipped({"bot/zeros": bytes(4 << 20)})
    assert len(bomb) < 10_000
    refused(bomb, tmp_path / "z", "unpacks to more than")


def test_too_many_files_and_an_oversize_archive_are_refused(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(uploads, "MAX_FILES", 5)
    refused(zipped({f"bot/{n}": b"" for n in range(6)}), tmp_path / "n", "more than 5 files")
    monkeypatch.setattr(uploads, "MAX_ARCHIVE_BYTES", 100)
    refused(zipped({"bot/x": bytes(range(256)) * 4}), tmp_path / "o", "over")


def test_what_is_no_archive_is_refused(tmp_path: Path):
    refused(b"just some bytes", tmp_path / "x", "not a zip or tar")
