"""A bot folder uploaded as an archive (zip, or tar: plain, gzip, bzip2, xz), unpacked into
the arena's folder with every door shut.

Refused, with nothing left behind: an archive over :data:`MAX_ARCHIVE_BYTES`; a member whose
name is absolute, climbs out with ``..``, or holds a backslash or NUL; a link of any kind
(symbolic or hard: a link could point out of the folder), a device, a FIFO; more than
:data:`MAX_FILES` members; more than :data:`MAX_UNPACKED_BYTES` unpacked, counted from the
bytes actually written, not from the sizes the archive claims (a zip bomb lies about them).
The modes are the unpacker's, whatever the archive asks for: folders ``0o755``, files
``0o644`` (``0o755`` for the ones the archive marks executable), so a sandboxed bot running
under a uid of its own may read its folder (the arena's folder around it stays private).
"""

from __future__ import annotations

import io
import lzma
import shutil
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

MAX_ARCHIVE_BYTES = 4 << 20
"""The largest archive taken (4 MiB)."""
MAX_UNPACKED_BYTES = 32 << 20
"""The most its members may unpack to, all together (32 MiB)."""
MAX_FILES = 1000
"""The most members an archive may hold."""
CHUNK = 1 << 16
_BROKEN = (tarfile.TarError, zipfile.BadZipFile, EOFError, zlib.error, lzma.LZMAError)


class UploadError(ValueError):
    """An archive refused; the message says why."""


@dataclass(frozen=True)
class _Member:
    """One member as both archive kinds describe it."""

    name: str
    directory: bool
    executable: bool
    opened: IO[bytes] | None
    """Its content (None for a directory)."""


def unpack(data: bytes, folder: Path) -> Path:
    """Unpack the archive ``data`` into the new folder ``folder``; return it. Raise
    UploadError (and leave no folder) when any door refuses it (see the module)."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise UploadError(f"the archive is over {MAX_ARCHIVE_BYTES >> 20} MiB")
    folder.mkdir(mode=0o755, parents=True)
    try:
        written = files = 0
        with _members(data) as members:
            for member in members:
                files += 1
                if files > MAX_FILES:
                    raise UploadError(f"the archive holds more than {MAX_FILES} files")
                target = folder.joinpath(*_safe_parts(member.name))
                if member.directory:
                    target.mkdir(mode=0o755, parents=True, exist_ok=True)
                    continue
                target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
                written = _write(member, target, written)
    except _BROKEN as error:
        shutil.rmtree(folder, ignore_errors=True)
        raise UploadError(f"not a zip or tar archive, or a broken one ({error})") from None
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def _write(member: _Member, target: Path, written: int) -> int:
    """Write ``member`` to ``target``; return the bytes written so far in all."""
    assert member.opened is not None
    if target.exists():
        raise UploadError(f"{member.name} is in the archive twice")
    with target.open("xb") as out:
        while chunk := member.opened.read(CHUNK):
            written += len(chunk)
            if written > MAX_UNPACKED_BYTES:
                limit = MAX_UNPACKED_BYTES >> 20
                raise UploadError(f"the archive unpacks to more than {limit} MiB")
            out.write(chunk)
    target.chmod(0o755 if member.executable else 0o644)
    return written


def _safe_parts(name: str) -> tuple[str, ...]:
    """Return the parts of a member's name; raise UploadError for one that could leave the
    folder or that no file system takes."""
    if "\\" in name or "\0" in name:
        raise UploadError(f"member {name!r}: a backslash or NUL in its name")
    path = PurePosixPath(name)
    parts = tuple(part for part in path.parts if part not in ("", "."))
    if path.is_absolute() or ".." in parts or not parts:
        raise UploadError(f"member {name!r} would be written outside the bot's folder")
    return parts


@contextmanager
def _members(data: bytes) -> Iterator[Iterator[_Member]]:
    """Open ``data`` as a zip or a tar archive and yield its members one by one."""
    if zipfile.is_zipfile(io.BytesIO(data)):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            yield _zip_members(archive)
        return
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as archive:
        yield _tar_members(archive)


def _zip_members(archive: zipfile.ZipFile) -> Iterator[_Member]:
    for info in archive.infolist():
        mode = info.external_attr >> 16
        kind = stat.S_IFMT(mode)
        if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise UploadError(f"member {info.filename!r} is a link or a special file")
        if info.is_dir():
            yield _Member(info.filename, True, False, None)
            continue
        with archive.open(info) as opened:
            yield _Member(info.filename, False, bool(mode & 0o100), opened)


def _tar_members(archive: tarfile.TarFile) -> Iterator[_Member]:
    for info in archive:
        if info.isdir():
            yield _Member(info.name, True, False, None)
        elif info.isreg():
            yield _Member(info.name, False, bool(info.mode & 0o100), archive.extractfile(info))
        else:
            raise UploadError(f"member {info.name!r} is a link or a special file")
