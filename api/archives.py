"""Unpacking a batch's zip or tar archive with limits applied while it streams.

An archive is hostile until proven otherwise: a few kilobytes of bzip2 can hold gigabytes
of zeros, a gzip can hold a million empty tar members, a zip can lie about its sizes. So
nothing is decompressed at once: bytes come out of a bounded reader that counts what was
produced, and unpacking stops (413) at the first of: too many members, too many bytes
out, too high a ratio of bytes out to bytes in, or too long spent.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import tarfile
import time
import zipfile

from flask_babel import gettext

from api.problems import Problem
from replay.core.reports.tournament import natural_key

MAX_UNPACKED = 64 * 1024 * 1024  # bytes an archive may unpack to
MAX_MEMBERS = 2000  # entries of any kind (files, folders, links)
MAX_RATIO = 200  # bytes out per byte in, past the first MiB
RATIO_FLOOR = 1024 * 1024
MAX_SECONDS = 5.0
LOG_SUFFIXES = (".json", ".txt", ".log")
CHUNK = 64 * 1024
ZIP_ENCRYPTED = 0x1  # general purpose flag bit 0: the entry needs a password


class _Budget:
    """What an archive may still produce; every read is charged here."""

    def __init__(self, packed_size: int):
        self.limit = min(MAX_UNPACKED, max(RATIO_FLOOR, MAX_RATIO * packed_size))
        self.used = 0
        self.members = 0
        self.deadline = time.monotonic() + MAX_SECONDS

    def charge(self, size: int) -> None:
        self.used += size
        if self.used > self.limit:
            raise Problem(413, "archive-too-large", gettext("The archive unpacks to too much"),
                          gettext("more than %(limit)s bytes unpacked (at most %(most)s, and "
                                  "at most %(ratio)s times its packed size)", limit=self.limit,
                                  most=MAX_UNPACKED, ratio=MAX_RATIO), limit=self.limit)
        if time.monotonic() > self.deadline:
            raise Problem(413, "archive-too-slow", gettext("The archive takes too long to unpack"),
                          gettext("more than %(seconds)s s spent unpacking it",
                                  seconds=format(MAX_SECONDS, "g")))

    def count_member(self) -> None:
        self.members += 1
        if self.members > MAX_MEMBERS:
            raise Problem(413, "archive-too-many-members",
                          gettext("The archive has too many entries"),
                          gettext("more than %(most)s entries", most=MAX_MEMBERS),
                          limit=MAX_MEMBERS)


class _BoundedReader(io.RawIOBase):
    """A read-only stream over a (decompressing) file object, charging every byte read."""

    def __init__(self, source, budget: _Budget):
        self.source = source
        self.budget = budget

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.source.read(min(len(buffer), CHUNK))
        self.budget.charge(len(data))
        buffer[:len(data)] = data
        return len(data)


def _decompressed(data: bytes):
    """A stream of the tar inside ``data``, decompressed chunk by chunk (bounded output)."""
    raw = io.BytesIO(data)
    if data.startswith(b"\x1f\x8b"):
        return gzip.GzipFile(fileobj=raw)
    if data.startswith(b"BZh"):
        return bz2.BZ2File(raw)
    if data.startswith(b"\xfd7zXZ\x00"):
        return lzma.LZMAFile(raw)
    return raw


def _name(raw: str, encoded: bytes | None = None) -> str:
    """A member's name, which must be UTF-8 text (it is shown back in reports)."""
    try:
        (encoded if encoded is not None else raw.encode("utf-8", "surrogateescape")) \
            .decode("utf-8")
    except UnicodeDecodeError:
        raise Problem(400, "malformed-archive", gettext("The archive cannot be read"),
                      gettext("a member name is not UTF-8: %(name)s", name=repr(raw))[:300]
                      ) from None
    return raw


def _is_log(name: str) -> bool:
    return name.endswith(LOG_SUFFIXES) and not name.endswith(".expected.json")


def _tar_files(data: bytes, budget: _Budget) -> list[tuple[str, bytes]]:
    files = []
    stream = io.BufferedReader(_BoundedReader(_decompressed(data), budget), CHUNK)
    # "r|": a stream, one member after another; nothing is read ahead or kept.
    with tarfile.open(fileobj=stream, mode="r|", encoding="utf-8",
                      errors="surrogateescape") as archive:
        for member in archive:
            budget.count_member()
            if not member.isfile():
                continue
            name = _name(member.name)
            if member.size > budget.limit - budget.used:
                budget.charge(member.size)  # refuses before reading a byte of it
            if _is_log(name):
                files.append((name, archive.extractfile(member).read()))
    return files


def _zip_files(data: bytes, budget: _Budget) -> list[tuple[str, bytes]]:
    files = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = archive.infolist()
        for _ in members:
            budget.count_member()
        for info in members:
            if info.is_dir():
                continue
            name = _name(info.filename)
            if not _is_log(name):
                continue
            if info.flag_bits & ZIP_ENCRYPTED:
                raise Problem(422, "archive-encrypted", gettext("The archive is encrypted"),
                              gettext("%(name)s is encrypted: send the archive without a "
                                      "password", name=name),
                              member=name)
            budget.charge(0)
            if info.file_size > budget.limit - budget.used:
                budget.charge(info.file_size)
            with archive.open(info) as member:
                # A lying header cannot make this read more than the budget left.
                content = member.read(budget.limit - budget.used + 1)
            budget.charge(len(content))
            files.append((name, content))
    return files


def logs_from_archive(data: bytes, mimetype: str) -> list[tuple[str, str, None]]:
    """Each log file of a zip or (compressed) tar archive: name, text, no document."""
    budget = _Budget(len(data))
    try:
        if mimetype == "application/zip":
            files = _zip_files(data, budget)
        else:
            files = _tar_files(data, budget)
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError, lzma.LZMAError,
            UnicodeDecodeError, ValueError, NotImplementedError) as err:
        raise Problem(400, "malformed-archive", gettext("The archive cannot be read"),
                      f"{type(err).__name__}: {err}"[:300]) from None
    # In the order people sort names (table2 before table10): the earlier of two copies
    # of a game is the one listed first.
    return [(name, content.decode("utf-8", errors="replace"), None)
            for name, content in sorted(files, key=lambda file: natural_key(file[0]))]
