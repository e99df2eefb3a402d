"""Accepting a log: read and check the body, apply limits, de-duplicate, store, enqueue.

Shared by single replays and batches, so both answer the same problems for the same input.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flask import current_app, g

import replay
from api.problems import Problem
from replay.core.jsontext import load_json
from workers.catalogs import CatalogStore
from workers.jobs import PENDING, ensure_drainer
from workers.store import PREFIX, ReplayStore, content_hash, new_id

MEDIA_TYPES = ("application/json", "text/plain")
IDEMPOTENCY_TTL = 24 * 3600


@dataclass
class Accepted:
    """A submission's replay, and whether it was created now or found again."""

    replay_id: str
    created: bool


def decode_body(data: bytes, mimetype: str) -> str:
    """The body as text, checked to be a log (JSON or text notation) or a scoresheet."""
    if mimetype not in MEDIA_TYPES:
        raise Problem(415, "unsupported-media-type", "Unsupported media type",
                      f"send application/json (a log or a scoresheet) or text/plain (the text "
                      f"notation), not {mimetype or 'no type'}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Problem(400, "not-utf8", "The body is not UTF-8 text",
                      f"{err.reason} at byte {err.start}") from None
    if mimetype == "application/json":
        document = json_body(text)
        if not isinstance(document, dict):
            raise Problem(422, "invalid-log", "The log is not valid", "a log is a JSON object",
                          problems=[{"message": "a log is a JSON object", "path": "/"}])
        check_log(document)
    elif not text.lstrip() or text.lstrip().startswith("{"):
        raise Problem(422, "invalid-log", "The log is not valid",
                      "text/plain is the text notation, starting with [game \"...\"]")
    else:
        check_log(text)
    return text


def json_body(data: str | bytes) -> object:
    """A JSON request body, or a 400 naming the line and column at fault."""
    try:
        return load_json(data)
    except replay.InvalidLog as err:
        [problem] = err.problems
        raise Problem(400, "malformed-json", "The body is not valid JSON",
                      f"{problem.message} at line {problem.line}, column {problem.column}",
                      line=problem.line, column=problem.column) from None


def check_log(source: str | dict) -> None:
    """Everything that can be checked before replaying: shapes, ids in text, limits.

    ``source`` is a log's text (either notation) or an already decoded JSON document.
    """
    max_events = current_app.config["MAX_EVENTS"]
    try:
        if isinstance(source, dict):
            decoded = source if "scoresheet" in source else replay.load_log(source)
        else:
            decoded = replay.decode(source)
        if isinstance(decoded, dict):
            replay.score_sheet(decoded)
            return
        replay.validate(decoded)
    except replay.InvalidLog as err:
        raise Problem(422, "invalid-log", "The log is not valid", str(err)[:500],
                      problems=[p.to_dict() for p in err.problems]) from None
    if len(decoded.events) > max_events:
        raise Problem(422, "too-many-events", "The log has too many events",
                      f"{len(decoded.events)} events; at most {max_events} per log",
                      limit=max_events)


def options_for(mode: str, catalog: str | None, webhook: str | None) -> dict:
    """The replay options, with a registered catalog resolved to its content hash."""
    options = {"mode": mode}
    if catalog:
        sha = CatalogStore(current_app.extensions["referee_redis"]).sha_of(g.client, catalog)
        if sha is None:
            raise Problem(422, "unknown-catalog", "No such catalog",
                          f"register it first with PUT /v1/catalogs/{catalog}")
        options["catalog_sha"] = sha
    if webhook:
        options["webhook"] = webhook
    return options


def accept(text: str, options: dict, idempotency_key: str | None = None,
           batch: str | None = None, name: str | None = None) -> Accepted:
    """Store and queue a checked submission, or find the replay it already is."""
    connection = current_app.extensions["referee_redis"]
    owner = g.client
    content = content_hash(text, options)
    if idempotency_key:
        key = f"{PREFIX}idem:{owner}:{idempotency_key}"
        existing = connection.get(key)
        if existing:
            remembered = json.loads(existing)
            if remembered["content"] != content:
                raise Problem(422, "idempotency-key-reused",
                              "This Idempotency-Key was used for another request",
                              "use a new key for a different log or different options")
            return Accepted(remembered["replay"], created=False)
    candidate = new_id()
    content_key = f"{PREFIX}content:{owner}:{content}"
    if connection.set(content_key, candidate, nx=True):
        store = ReplayStore(connection)
        store.create(text, options, owner=owner, batch=batch, name=name, replay_id=candidate,
                     queue=PENDING)
        ensure_drainer(connection)
        accepted = Accepted(candidate, created=True)
    else:
        accepted = Accepted(connection.get(content_key).decode(), created=False)
    if idempotency_key:
        connection.set(f"{PREFIX}idem:{owner}:{idempotency_key}",
                       json.dumps({"content": content, "replay": accepted.replay_id}),
                       ex=IDEMPOTENCY_TTL, nx=True)
    return accepted
