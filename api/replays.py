"""``/v1/replays``: submit a log, follow its replay, read its report."""

from __future__ import annotations

import json

from flask import current_app, request, url_for
from flask_smorest import Blueprint

import replay
from api.problems import Problem
from api.schemas import ProblemSchema, ReplayOptionsSchema, ReplayStatusSchema
from workers.jobs import enqueue_replay
from workers.store import ReplayStore

blp = Blueprint("replays", __name__, url_prefix="/v1/replays", description="Replays of game logs")


def _store() -> ReplayStore:
    return ReplayStore(current_app.extensions["referee_redis"])


def _decode_json_body() -> object:
    if request.mimetype != "application/json":
        raise Problem(
            415, "unsupported-media-type", "Unsupported media type",
            f"send the log as application/json, not {request.mimetype or 'no type'}",
        )
    text = request.get_data(cache=False, as_text=False)
    try:
        return json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        line, column = getattr(err, "lineno", None), getattr(err, "colno", None)
        where = f" at line {line}, column {column}" if line else ""
        raise Problem(
            400, "malformed-json", "The body is not valid JSON",
            f"{getattr(err, 'msg', str(err))}{where}",
            line=line, column=column,
        ) from None


def _status_document(record: dict) -> dict:
    document = {
        key: record[key]
        for key in ("id", "status", "submitted_at", "started_at", "finished_at", "attempts",
                    "options", "report", "failure")
        if key in record
    }
    document["links"] = {"self": url_for("replays.Replay", replay_id=record["id"])}
    return document


@blp.route("", methods=["POST"])
@blp.arguments(ReplayOptionsSchema, location="query", as_kwargs=True)
@blp.doc(
    requestBody={
        "required": True,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Log"}}},
    }
)
@blp.response(202, ReplayStatusSchema, description="Accepted; follow Location")
@blp.alt_response(400, schema=ProblemSchema, content_type="application/problem+json",
                  description="Malformed JSON")
@blp.alt_response(413, schema=ProblemSchema, content_type="application/problem+json",
                  description="Body too large")
@blp.alt_response(415, schema=ProblemSchema, content_type="application/problem+json",
                  description="Not JSON")
@blp.alt_response(422, schema=ProblemSchema, content_type="application/problem+json",
                  description="Not a valid log")
def submit_replay(mode: str):
    """Submit a log for replay."""
    document = _decode_json_body()
    try:
        replay.validate(document)
    except replay.InvalidLog as err:
        raise Problem(
            422, "invalid-log", "The log is not valid",
            str(err), problems=[p.to_dict() for p in err.problems],
        ) from None
    store = _store()
    replay_id = store.create(document, {"mode": mode})
    enqueue_replay(store.redis, replay_id)
    location = url_for("replays.Replay", replay_id=replay_id)
    return _status_document(store.get(replay_id)), 202, {"Location": location, "Retry-After": "1"}


@blp.route("/<string:replay_id>", endpoint="Replay")
@blp.response(200, ReplayStatusSchema)
@blp.alt_response(404, schema=ProblemSchema, content_type="application/problem+json",
                  description="No such replay")
def get_replay(replay_id: str):
    """The status of a replay, with its report once done."""
    record = _store().get(replay_id)
    if record is None:
        raise Problem(404, "replay-not-found", "No such replay", f"no replay has id {replay_id}")
    record.pop("log", None)
    return _status_document(record)
