"""``/v1/batches``: a tournament's logs in one request, progress, outcomes and standings."""

from __future__ import annotations

import hashlib
import json
import time

from flask import current_app, g, request, url_for
from flask_babel import force_locale, gettext
from marshmallow import ValidationError

import replay
from api.archives import logs_from_archive
from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.replays import store
from api.schemas import BatchSchema, BatchSubmitSchema, StandingsArgsSchema, SubmitArgsSchema
from api.submission import accept, check_log, json_body, options_for
from languages import ENGLISH
from replay.core.reports.tournament import COUNTED, DEFAULT_RANKING, Ranking, tally
from workers.store import PREFIX, client_retention_seconds, new_id

blp = RefereeBlueprint("batches", __name__, url_prefix="/v1/batches",
                description="Tournaments: many logs at once")
ARCHIVES = ("application/zip", "application/x-tar", "application/gzip")
PROBLEM = {"content_type": PROBLEM_MEDIA_TYPE}


def _batch_key(batch_id: str) -> str:
    return f"{PREFIX}batch:{batch_id}"


def _logs_from_json(data: bytes) -> list[tuple[str, str, dict | None]]:
    """Each log's name, its text, and its decoded document when it came as JSON."""
    document = json_body(data)
    try:
        loaded = BatchSubmitSchema().load(document)
    except ValidationError as err:
        raise Problem(422, "invalid-batch", gettext("The batch is not valid"),
                      gettext("a batch is {\"logs\": [{\"name\", \"log\" or \"text\"}]}"),
                      errors=err.messages) from None
    logs = []
    for i, item in enumerate(loaded["logs"]):
        if ("log" in item) == ("text" in item):
            raise Problem(422, "invalid-batch", gettext("The batch is not valid"),
                          gettext("log %(index)s (%(name)s) needs exactly one of 'log' and "
                                  "'text'", index=i, name=item["name"]))
        try:
            text = item["text"] if "text" in item else json.dumps(item["log"])
        except RecursionError:  # the body's reader takes 1024 levels; the encoder fewer
            raise Problem(422, "invalid-batch", gettext("The batch is not valid"),
                          gettext("log %(index)s (%(name)s) nests arrays or objects too "
                                  "deeply", index=i, name=item["name"])) from None
        logs.append((item["name"], text, item.get("log")))
    return logs


def _game_key(text: str, document: dict | None) -> str:
    """What makes two logs the same game: the parsed game, not its bytes (JSON or text,
    comments and metadata aside); a scoresheet by its content."""
    try:
        if document is None:
            decoded = replay.decode(text)
            log = decoded if isinstance(decoded, replay.GameLog) else None
        else:
            log = None if "scoresheet" in document else replay.load_log(document)
    except replay.InvalidLog:
        log = None
    if log is None:
        return hashlib.sha256(json.dumps(document if document is not None else text,
                                         sort_keys=True).encode()).hexdigest()
    return log.game_sha256()


@blp.route("", methods=["POST"])
@blp.arguments(SubmitArgsSchema(only=("mode", "catalog", "webhook")), location="query",
               as_kwargs=True)
@blp.doc(requestBody={"required": True, "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/BatchSubmit"}},
    "application/zip": {"schema": {"type": "string", "format": "binary"}},
    "application/x-tar": {"schema": {"type": "string", "format": "binary"}},
    "application/gzip": {"schema": {"type": "string", "format": "binary"}}}})
@blp.response(202, BatchSchema, description="Accepted; follow Location",
              headers={"Location": {"description": "the batch's URL",
                                    "schema": {"type": "string"}}})
@blp.alt_response(400, schema="Problem", description="Malformed body", **PROBLEM)
@blp.alt_response(413, schema="Problem", description="Body too large", **PROBLEM)
@blp.alt_response(415, schema="Problem", description="Unsupported body", **PROBLEM)
@blp.alt_response(422, schema="Problem", description="Not a valid batch", **PROBLEM)
def submit_batch(mode: str, catalog: str | None, webhook: str | None):
    """Submit many logs (a JSON list, or a zip / tar of log files); duplicates are found."""
    data = request.get_data(cache=False)
    if request.mimetype == "application/json":
        logs = _logs_from_json(data)
    elif request.mimetype in ARCHIVES:
        logs = logs_from_archive(data, request.mimetype)
    else:
        raise Problem(415, "unsupported-media-type", gettext("Unsupported media type"),
                      gettext("send application/json, application/zip, application/x-tar or "
                              "application/gzip"))
    batch_id = accept_batch(logs, options_for(mode, catalog, webhook))
    location = url_for("batches.Batch", batch_id=batch_id)
    return batch_document(batch_id), 202, {"Location": location, "Retry-After": "1"}


def accept_batch(logs: list[tuple[str, str, dict | None]], options: dict) -> str:
    """Check, store and queue a batch's logs (name, text, decoded document); its new id.

    A log that fails its checks is kept in the batch with its problem; the others are
    accepted, and a log equal to an earlier one is marked as its duplicate.
    """
    limit = current_app.config["MAX_BATCH"]
    if not logs:
        raise Problem(422, "empty-batch", gettext("The batch holds no logs"))
    if len(logs) > limit:
        raise Problem(422, "too-many-logs", gettext("The batch has too many logs"),
                      gettext("%(count)s logs; at most %(limit)s per batch", count=len(logs),
                              limit=limit), limit=limit)
    batch_id = new_id()
    items, seen = [], {}
    for name, text, document in logs:
        item = {"name": name}
        try:
            # Why a log was refused is kept in English, whoever sent the batch: every reader
            # hears it in their own language (``tournament_pages.why``).
            with force_locale(ENGLISH):
                check_log(document if document is not None else text)
                accepted = accept(text, options, batch=batch_id, name=name)
        except Problem as problem:  # not a valid log, or the client's quota is full
            item.update(replay="", reason=f"{problem.title}: {problem.detail}",
                        problem={"type": problem.slug, "title": problem.title,
                                 "detail": problem.detail, **problem.extra})
            items.append(item)
            continue
        item["replay"] = accepted.replay_id
        game = _game_key(text, document)
        if game in seen:
            item["duplicate_of"] = seen[game]
        seen.setdefault(game, name)
        items.append(item)
    connection = current_app.extensions["referee_redis"]
    pipe = connection.pipeline()
    pipe.hset(_batch_key(batch_id), mapping={
        "id": batch_id, "owner": g.client, "submitted_at": round(time.time(), 3),
        "items": json.dumps(items)})
    keep = client_retention_seconds(g.client)
    if keep:  # the batch leaves with its replays
        pipe.expire(_batch_key(batch_id), keep)
    pipe.execute()
    return batch_id


@blp.route("/<string:batch_id>", endpoint="Batch", methods=["GET"])
@blp.arguments(StandingsArgsSchema, location="query", as_kwargs=True)
@blp.response(200, BatchSchema)
@blp.alt_response(404, schema="Problem", description="No such batch", **PROBLEM)
def get_batch(batch_id: str, place_points: Ranking | None):
    """Progress, each game's verdict and winner, and the standings (ranked by tournament
    points per place with ``place_points``)."""
    return batch_document(batch_id, place_points or DEFAULT_RANKING)


def batch_document(batch_id: str, ranking: Ranking = DEFAULT_RANKING) -> dict:
    """The caller's batch: progress, each game's status and verdict, standings ranked as
    ``ranking`` says (404 if none)."""
    connection = current_app.extensions["referee_redis"]
    raw = connection.hgetall(_batch_key(batch_id))
    if not raw or raw[b"owner"].decode() != g.client:
        raise Problem(404, "batch-not-found", gettext("No such batch"),
                      gettext("no batch has id %(id)s", id=batch_id))
    items = json.loads(raw[b"items"])
    finished = events = events_total = 0
    counted: dict[str, tuple[str, list[dict]]] = {}  # replay -> game, standings: each once
    for item in items:
        if not item["replay"]:
            finished += 1
            continue
        record = store().get(item["replay"])
        if record is None:  # removed after its retention time, or exported and deleted
            item["status"] = "expired"
            finished += 1
            continue
        item["status"] = record["status"]
        progress = record.get("progress") or {}
        events += progress.get("replayed", 0)
        events_total += progress.get("total", 0)
        if record["status"] in ("done", "failed"):
            finished += 1
            # A finished replay is done with all of its events, even those an illegal
            # move (strict mode) left unreplayed.
            events += progress.get("total", 0) - progress.get("replayed", 0)
        if record["status"] == "done":
            item["verdict"] = record["verdict"]
            summary = record.get("summary", {})
            standings = summary.get("standings", [])
            # For the pages and the zip (the API's items do not carry them): the game, its
            # players, and the first rule an illegal one breaks.
            item.update({k: summary[k] for k in ("game", "players", "first_violation")
                         if summary.get(k)})
            if standings:
                item["winner"], item["points"] = standings[0]["player"], standings[0]["points"]
            if "duplicate_of" not in item and record["verdict"] in COUNTED:
                counted.setdefault(item["replay"], (summary.get("game") or "", standings))
        elif record["status"] == "failed":
            item["failure"] = record.get("failure")
    standings = tally((rows for _, rows in counted.values()), ranking)
    by_game = {game: tally((rows for other, rows in counted.values() if other == game),
                           ranking)
               for game in sorted({game for game, _ in counted.values()})}
    return {
        "id": batch_id, "status": "done" if finished == len(items) else "running",
        "submitted_at": float(raw[b"submitted_at"]),
        "progress": {"finished": finished, "total": len(items), "events_replayed": events,
                     "events_total": events_total},
        "items": items, "standings": standings,
        "standings_by_game": by_game,  # for the pages: one table per game
        "links": {"self": url_for("batches.Batch", batch_id=batch_id)},
    }
