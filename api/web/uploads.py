"""What a submit form holds, as logs: pasted text, uploaded files, or one archive.

A form is turned into the same inputs an API body would be, and then goes through the
same functions (``decode_body`` for one log, ``accept_batch`` for many, the archive
reader with its limits), so a browser meets the same checks as ``curl``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flask_babel import gettext
from werkzeug.datastructures import FileStorage

from api.archives import logs_from_archive
from api.problems import Problem
from api.submission import json_body
from replay.core.logs.text import quote, read_source

PASTED_NAME = "pasted log"


@dataclass(frozen=True)
class Defaults:
    """What the form says for logs whose header does not: the game and the variants."""

    game: str | None = None
    variants: tuple[str, ...] = ()


def archive_type(data: bytes) -> str | None:
    """The archive media type the API takes for these bytes, by their signature."""
    if data.startswith((b"PK\x03\x04", b"PK\x05\x06")):
        return "application/zip"
    if data.startswith((b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00")) or data[257:262] == b"ustar":
        return "application/x-tar"
    return None


def log_media_type(text: str) -> str:
    """The API media type of a log's text: JSON when it starts with ``{``."""
    return "application/json" if text.lstrip().startswith("{") else "text/plain"


def form_logs(pasted: str, files: list[FileStorage]) -> tuple[list[tuple[str, bytes]], bool]:
    """The form's logs as ``(name, bytes)`` and whether they came in one archive.

    One archive stands alone; otherwise the pasted text and every file are logs.
    """
    uploads = [(f.filename or f"file {i + 1}", f.read()) for i, f in enumerate(files)
               if f and (f.filename or f.content_length)]
    archives = [name for name, data in uploads if archive_type(data)]
    if archives:
        if len(uploads) > 1 or pasted.strip():
            raise Problem(422, "archive-not-alone", gettext("An archive comes alone"),
                          gettext("%(name)s is an archive: send it alone, or send log files",
                                  name=archives[0]))
        [(_, data)] = uploads
        logs = logs_from_archive(data, archive_type(data))
        return [(log_name, text.encode()) for log_name, text, _ in logs], True
    logs = [(PASTED_NAME, pasted.encode())] if pasted.strip() else []
    logs += uploads
    if not logs:
        raise Problem(422, "no-log", gettext("No log was given"),
                      gettext("paste a log, or choose one or more files or one archive"))
    return logs, False


def decode_upload(name: str, data: bytes) -> str:
    """An uploaded file's text (UTF-8, a byte-order mark dropped), or a located 400."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise Problem(400, "not-utf8", gettext("%(name)s is not UTF-8 text", name=name),
                      gettext("%(reason)s at byte %(byte)s", reason=err.reason,
                              byte=err.start)) from None


def with_defaults(text: str, defaults: Defaults) -> str:
    """The log with the form's game and variants added where its header says none.

    The text notation gets tags in front of it (so its lines move down by as many); a JSON
    log gets header fields. A log that states them is left exactly as it is.
    """
    if not defaults.game and not defaults.variants:
        return text
    if text.lstrip().startswith("{"):
        return _json_with_defaults(text, defaults)
    tags = read_source(text).tags
    added = []
    if defaults.game and not tags.get("game"):
        added.append(f"[game {quote(defaults.game)}]")
    if defaults.variants and "variants" not in tags:
        added.append(f"[variants {quote(' '.join(defaults.variants))}]")
    return "".join(line + "\n" for line in added) + text


def _json_with_defaults(text: str, defaults: Defaults) -> str:
    document = json_body(text)
    header = document.get("header") if isinstance(document, dict) else None
    if not isinstance(header, dict):
        return text  # the API's checks will say what is wrong with it
    changed = False
    if defaults.game and not header.get("game"):
        header["game"], changed = defaults.game, True
    if defaults.variants and not header.get("variants"):
        header["variants"], changed = list(defaults.variants), True
    if not changed:
        return text
    try:
        return json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    except RecursionError:  # the body's reader takes 1024 levels; the encoder fewer
        raise Problem(422, "invalid-log", gettext("The log is not valid"),
                      gettext("the log nests arrays or objects too deeply"),
                      problems=[{"message": "arrays or objects nested too deeply",
                                 "path": "/"}]) from None
