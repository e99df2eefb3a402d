"""``/v1/replays``: submit a log, follow its replay, read its report, share it."""

from __future__ import annotations

import hashlib
import secrets
import time

from flask import Response, current_app, g, request, url_for
from flask_babel import gettext
from marshmallow import EXCLUDE

from api import reports
from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.schemas import (
    MAX_SHARE_SECONDS,
    IdempotencyHeaderSchema,
    ListArgsSchema,
    ReplayListSchema,
    ReplayStatusSchema,
    ShareArgsSchema,
    ShareSchema,
    SubmitArgsSchema,
)
from api.submission import accept, decode_body, options_for
from api.waiting import wait_until_finished
from workers.store import PREFIX, ReplayStore, done_channel

blp = RefereeBlueprint("replays", __name__, url_prefix="/v1", description="Replays of game logs")

MAX_WAIT = 30
LOCATION = {"Location": {"description": "the replay's URL", "schema": {"type": "string"}}}
PROBLEM = {"content_type": PROBLEM_MEDIA_TYPE}
LOG_BODY = {
    "required": True,
    "content": {
        "application/json": {"schema": {"oneOf": [
            {"$ref": "#/components/schemas/Log"},
            {"$ref": "#/components/schemas/ScoresheetDocument"}]}},
        "text/plain": {"schema": {"type": "string", "description": "the text notation"}},
    },
}


def store() -> ReplayStore:
    """The replay store on the app's Redis connection."""
    return ReplayStore(current_app.extensions["referee_redis"])


def owned_record(replay_id: str) -> dict:
    """The caller's replay; another client's replay does not exist for this caller."""
    record = store().get(replay_id)
    if record is None or record["owner"] != g.client:
        raise Problem(404, "replay-not-found", gettext("No such replay"),
                      gettext("no replay has id %(id)s", id=replay_id))
    return record


def status_document(record: dict) -> dict:
    """What a client sees of a replay: status, progress, links, and the outcome."""
    document = {key: record[key] for key in (
        "id", "status", "submitted_at", "started_at", "finished_at", "attempts", "options",
        "verdict", "failure", "progress", "name", "batch") if key in record}
    document["links"] = {"self": url_for("replays.Replay", replay_id=record["id"])}
    if record["status"] == "done":
        document["links"]["report"] = url_for("replays.report", replay_id=record["id"])
    return document


def wait_for(replay_id: str, seconds: float) -> dict:
    """The replay's record once finished, or after ``seconds`` (pub/sub, no polling); with
    its report when it has one and ``seconds`` asked to wait for it."""
    return wait_until_finished(current_app.extensions["referee_redis"], done_channel(replay_id),
                               lambda: store().get(replay_id, with_report=seconds > 0),
                               seconds)


@blp.route("/replays", methods=["POST"])
@blp.arguments(SubmitArgsSchema, location="query", as_kwargs=True)
@blp.arguments(IdempotencyHeaderSchema, location="headers", as_kwargs=True, unknown=EXCLUDE)
@blp.doc(requestBody=LOG_BODY)
@blp.response(202, ReplayStatusSchema, description="Accepted; follow Location",
              headers=LOCATION)
@blp.alt_response(200, schema=ReplayStatusSchema, description="Finished within ?wait",
                  headers=LOCATION)
@blp.alt_response(400, schema="Problem", description="Malformed body", **PROBLEM)
@blp.alt_response(401, schema="Problem", description="No valid API key", **PROBLEM)
@blp.alt_response(403, schema="Problem", description="Storage quota full", **PROBLEM)
@blp.alt_response(413, schema="Problem", description="Body too large", **PROBLEM)
@blp.alt_response(415, schema="Problem", description="Not JSON or text", **PROBLEM)
@blp.alt_response(422, schema="Problem", description="Not a valid log", **PROBLEM)
@blp.alt_response(429, schema="Problem", description="Too many requests", **PROBLEM)
def submit_replay(mode: str, wait: float, catalog: str | None, webhook: str | None,
                  idempotency_key: str | None):
    """Submit a log (JSON or text notation) or a scoresheet for replay."""
    text = decode_body(request.get_data(cache=False), request.mimetype)
    accepted = accept(text, options_for(mode, catalog, webhook), idempotency_key)
    # A replay created just now and not waited for is queued: no need to read that back.
    record = accepted.status if accepted.status and wait <= 0 \
        else wait_for(accepted.replay_id, min(wait, MAX_WAIT))
    location = url_for("replays.Replay", replay_id=accepted.replay_id)
    finished = record["status"] in ("done", "failed")
    document = status_document(record)
    if "report" in record:
        document["report"] = record["report"]
    headers = {"Location": location}
    if not finished:
        headers["Retry-After"] = "1"
    return document, 200 if finished else 202, headers


@blp.route("/replays", methods=["GET"])
@blp.arguments(ListArgsSchema, location="query", as_kwargs=True)
@blp.response(200, ReplayListSchema)
@blp.alt_response(401, schema="Problem", description="No valid API key", **PROBLEM)
def list_replays(page: int, per_page: int):
    """The caller's own replays, newest first, a page at a time."""
    records, total = store().list_for(g.client, (page - 1) * per_page, per_page)
    pages = max(1, -(-total // per_page))
    links = {"self": url_for("replays.list_replays", page=page, per_page=per_page)}
    if page < pages:
        links["next"] = url_for("replays.list_replays", page=page + 1, per_page=per_page)
    if page > 1:
        links["prev"] = url_for("replays.list_replays", page=page - 1, per_page=per_page)
    return {"items": [status_document(r) for r in records], "total": total, "page": page,
            "per_page": per_page, "links": links}


@blp.route("/replays/<string:replay_id>", endpoint="Replay", methods=["GET"])
@blp.response(200, ReplayStatusSchema)
@blp.alt_response(404, schema="Problem", description="No such replay", **PROBLEM)
def get_replay(replay_id: str):
    """The status of a replay, its progress, and links to its report once done."""
    return status_document(owned_record(replay_id))


@blp.route("/replays/<string:replay_id>/report", endpoint="report", methods=["GET"])
@blp.doc(responses=reports.REPORT_RESPONSES, parameters=reports.REPORT_HEADERS)
def get_report(replay_id: str):
    """The report as JSON, Markdown or HTML (by ``Accept``), with a strong ETag."""
    record = owned_record(replay_id)
    return reports.respond(record, store().report_text(replay_id))


@blp.route("/replays/<string:replay_id>/report.md", endpoint="report_markdown",
           methods=["GET"])
@blp.doc(responses=reports.text_responses("text/markdown"),
         parameters=reports.REPORT_HEADERS[1:])
def get_report_markdown(replay_id: str):
    """The report as Markdown, whatever the ``Accept`` header says."""
    record = owned_record(replay_id)
    return reports.respond(record, store().report_text(replay_id), "text/markdown")


@blp.route("/replays/<string:replay_id>/report.html", endpoint="report_html", methods=["GET"])
@blp.doc(responses=reports.text_responses("text/html"), parameters=reports.REPORT_HEADERS[1:])
def get_report_html(replay_id: str):
    """The report as one HTML page, whatever the ``Accept`` header says."""
    record = owned_record(replay_id)
    return reports.respond(record, store().report_text(replay_id), "text/html")


@blp.route("/replays/<string:replay_id>/share", methods=["POST"])
@blp.arguments(ShareArgsSchema, location="query", as_kwargs=True)
@blp.response(201, ShareSchema)
@blp.alt_response(404, schema="Problem", description="No such replay", **PROBLEM)
def share_replay(replay_id: str, expires_in: int):
    """Mint a read-only link to the report that needs no API key; it expires."""
    owned_record(replay_id)
    return mint_share(replay_id, expires_in)


def mint_share(replay_id: str, expires_in: int) -> dict:
    """A new share link to a replay's report: its token, URL and expiry (Unix time)."""
    token = secrets.token_urlsafe(24)
    hashed = share_key(token)
    connection = current_app.extensions["referee_redis"]
    pipe = connection.pipeline()
    pipe.set(hashed, replay_id, ex=expires_in)
    pipe.sadd(_shares_of(replay_id), hashed)
    pipe.expire(_shares_of(replay_id), MAX_SHARE_SECONDS)  # outlives any of its links
    pipe.execute()
    return {"token": token, "url": url_for("replays.shared_report", token=token),
            "expires_at": round(time.time()) + expires_in}


@blp.route("/replays/<string:replay_id>/share", methods=["DELETE"])
@blp.response(204)
@blp.alt_response(404, schema="Problem", description="No such replay", **PROBLEM)
def revoke_shares(replay_id: str):
    """Revoke every share link of the replay: they answer 404 from now on."""
    owned_record(replay_id)
    connection = current_app.extensions["referee_redis"]
    hashed = [k.decode() for k in connection.smembers(_shares_of(replay_id))]
    connection.delete(_shares_of(replay_id), *hashed)


def share_key(token: str) -> str:
    """Where a share token is kept (hashed: a leaked database does not leak links)."""
    return f"{PREFIX}share:{hashlib.sha256(token.encode()).hexdigest()}"


def _shares_of(replay_id: str) -> str:
    return f"{PREFIX}shares:{replay_id}"


@blp.route("/shared/<string:token>", endpoint="shared_report", methods=["GET"])
@blp.doc(responses=reports.REPORT_RESPONSES, security=[], parameters=reports.REPORT_HEADERS)
def get_shared_report(token: str) -> Response:
    """A shared report, read-only, for anyone holding the link until it expires."""
    connection = current_app.extensions["referee_redis"]
    replay_id = connection.get(share_key(token))
    record = store().get(replay_id.decode()) if replay_id is not None else None
    if record is None:
        raise Problem(404, "share-not-found", gettext("No such shared report"),
                      gettext("the link is unknown, expired or revoked"))
    return reports.respond(record, store().report_text(record["id"]))
