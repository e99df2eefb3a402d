"""Accepting a log: read and check the body, apply limits, de-duplicate, store, enqueue.

Shared by single replays and batches, so both answer the same problems for the same input.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app, g
from flask_babel import gettext

import replay
from api.problems import Problem
from api.webhook_targets import check_webhook_url
from replay.core.logs.jsontext import load_json
from replay.core.logs.text import source_lines
from replay.core.speech import message
from workers.catalogs import CatalogStore
from workers.jobs import queue_drainer
from workers.store import AcceptConflict, QuotaExceeded, ReplayStore, client_retention_seconds

MEDIA_TYPES = ("application/json", "text/plain")
MAX_LINE_LENGTH = 2000  # characters in one line of the text notation


@dataclass
class Accepted:
    """A submission's replay, whether it was created now or found again, and a new one's
    status record (queued)."""

    replay_id: str
    created: bool
    status: dict | None = None


def decode_body(data: bytes, mimetype: str) -> str:
    """The body as text, checked to be a log (JSON or text notation) or a scoresheet."""
    if mimetype not in MEDIA_TYPES:
        raise Problem(415, "unsupported-media-type", gettext("Unsupported media type"),
                      gettext("send application/json (a log or a scoresheet) or text/plain "
                              "(the text notation), not %(type)s",
                              type=mimetype or gettext("no type")))
    try:
        # A byte order mark, which some editors write first in a UTF-8 file, is no part of
        # the log (RFC 8259 lets a JSON reader ignore it).
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise Problem(400, "not-utf8", gettext("The body is not UTF-8 text"),
                      gettext("%(reason)s at byte %(byte)s", reason=err.reason,
                              byte=err.start)) from None
    if mimetype == "application/json":
        document = json_body(text)
        if not isinstance(document, dict):
            raise Problem(422, "invalid-log", gettext("The log is not valid"),
                          gettext("a log is a JSON object"),
                          problems=[{"message": "a log is a JSON object", "path": "/"}])
        check_log(document)
    elif not text.lstrip() or text.lstrip().startswith("{"):
        raise Problem(422, "invalid-log", gettext("The log is not valid"),
                      gettext("text/plain is the text notation, starting with "
                              "[game \"...\"]"))
    else:
        check_log(text)
    return text


def json_body(data: str | bytes) -> object:
    """A JSON request body, or a 400 naming the line and column (or the path) at fault."""
    try:
        return load_json(data)
    except replay.InvalidLog as err:
        [problem] = err.problems
        said = message(problem.to_dict())
        where = (gettext("%(message)s at line %(line)s, column %(column)s", message=said,
                         line=problem.line, column=problem.column) if problem.line
                 else gettext("%(message)s at %(path)s", message=said, path=problem.path))
        located = {"line": problem.line, "column": problem.column} if problem.line \
            else {"path": problem.path}
        raise Problem(400, "malformed-json", gettext("The body is not valid JSON"), where,
                      **located) from None


def check_log(source: str | dict) -> None:
    """Everything that can be checked before replaying: shapes, ids in text, limits.

    ``source`` is a log's text (either notation) or an already decoded JSON document. The
    cheap limits (lines, line length, events) come first, so an oversized log costs no
    parsing.
    """
    if isinstance(source, str) and source.lstrip().startswith("{"):
        source = json_body(source)
        if not isinstance(source, dict):
            raise Problem(422, "invalid-log", gettext("The log is not valid"),
                          gettext("a log is a JSON object"))
    _check_cheap_limits(source)
    try:
        if isinstance(source, dict):
            decoded = source if "scoresheet" in source else replay.load_log(source)
        else:
            decoded = replay.decode(source)
    except replay.InvalidLog as err:
        raise _invalid(gettext("The log is not valid"), err) from None
    try:
        if isinstance(decoded, dict):
            replay.score_sheet(decoded)
            return
        replay.validate(decoded)
    except replay.InvalidLog as err:
        raise _invalid(gettext("The scoresheet does not hold together") if isinstance(decoded, dict)
                       else gettext("The log is not valid"), err) from None
    _check_event_count(len(decoded.events))


def _invalid(title: str, err: replay.InvalidLog) -> Problem:
    return Problem(422, "invalid-log", title, str(err)[:500],
                   problems=[p.to_dict() for p in err.problems])


def _check_event_count(count: int) -> None:
    max_events = current_app.config["MAX_EVENTS"]
    if count > max_events:
        raise Problem(422, "too-many-events", gettext("The log has too many events"),
                      gettext("%(count)s events; at most %(limit)s per log", count=count,
                              limit=max_events), limit=max_events)


def _check_cheap_limits(source: str | dict) -> None:
    if isinstance(source, dict):
        events = source.get("events")
        if isinstance(events, list):
            _check_event_count(len(events))
        return
    # Text notation: one event per line, plus header tags, comments and blank lines, counted
    # as the reader counts them (a newline at the end of the text starts no line).
    max_lines = 2 * current_app.config["MAX_EVENTS"] + 100
    lines = source_lines(source)
    if len(lines) > max_lines:
        raise Problem(422, "too-many-lines", gettext("The log has too many lines"),
                      gettext("%(count)s lines; at most %(limit)s", count=len(lines),
                              limit=max_lines), limit=max_lines)
    for number, line in enumerate(lines, start=1):
        if len(line) > MAX_LINE_LENGTH:
            raise Problem(422, "line-too-long", gettext("A line of the log is too long"),
                          gettext("line %(line)s has %(count)s characters; at most %(limit)s",
                                  line=number, count=len(line), limit=MAX_LINE_LENGTH),
                          line=number, column=MAX_LINE_LENGTH + 1,
                          limit=MAX_LINE_LENGTH)


def options_for(mode: str, catalog: str | None, webhook: str | None) -> dict:
    """The replay options, with a registered catalog resolved to its content hash."""
    options = {"mode": mode}
    if catalog:
        sha = CatalogStore(current_app.extensions["referee_redis"]).sha_of(g.client, catalog)
        if sha is None:
            raise Problem(422, "unknown-catalog", gettext("No such catalog"),
                          gettext("register it first with PUT /v1/catalogs/%(catalog)s",
                                  catalog=catalog))
        options["catalog_sha"] = sha
    if webhook:
        check_webhook_url(webhook)
        options["webhook"] = webhook
    return options


def accept(text: str, options: dict, idempotency_key: str | None = None,
           batch: str | None = None, name: str | None = None) -> Accepted:
    """Store and queue a checked submission, or find the replay it already is.

    The Idempotency-Key, the content key and the new replay are written in one atomic step:
    no failure or race leaves a key pointing at a replay that does not exist, and of
    concurrent requests with one key exactly one creates a replay.
    """
    connection = current_app.extensions["referee_redis"]
    try:
        stored = ReplayStore(connection).accept(
            text, options, owner=g.client, idempotency_key=idempotency_key, batch=batch,
            name=name)
    except AcceptConflict:
        raise Problem(422, "idempotency-key-reused",
                      gettext("This Idempotency-Key was used for another request"),
                      gettext("use a new key for a different log or different options")
                      ) from None
    except QuotaExceeded as full:
        held = gettext("%(limit)s replays stored, the most allowed", limit=full.limit) \
            if full.unit == "replays" else \
            gettext("%(stored)s bytes of logs and reports stored, and this log would pass its "
                    "quota of %(limit)s bytes", stored=full.stored, limit=full.limit)
        raise Problem(403, "quota-exceeded", gettext("Your storage quota is full"),
                      gettext("%(client)s has %(held)s; finished replays leave after "
                              "%(days)s, or the operator exports them (referee export "
                              "--delete)", client=g.client, held=held,
                              days=_retention_days(g.client)),
                      limit=full.limit, unit=full.unit) from None
    if stored.drainer_needed:
        queue_drainer(connection)
    return Accepted(stored.replay_id, stored.created, stored.status)


def _retention_days(client: str) -> str:
    seconds = client_retention_seconds(client)
    return gettext("%(days)s days", days=format(seconds / 86400, "g")) if seconds \
        else gettext("never (they are kept)")
