"""``/v1/compare``: two versions of one game, side by side (disputes and "what if").

Both versions are checked here as submissions are; replaying them is a worker's job
(``workers.comparisons``): the request answers 202 with the comparison to follow, or with
``?wait`` the comparison itself once it is done.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, g, request, url_for
from flask_babel import gettext
from marshmallow import ValidationError

import replay
from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.schemas import CompareSubmitSchema, ComparisonStatusSchema, WaitArgsSchema
from api.submission import check_log, json_body
from api.waiting import FINISHED, wait_until_finished
from workers.comparisons import ComparisonStore, done_channel, side_log

blp = RefereeBlueprint("compare", __name__, url_prefix="/v1",
                       description="Disputes: two versions of one game")
PROBLEM = {"content_type": PROBLEM_MEDIA_TYPE}
MAX_WAIT = 30
LOCATION = {"Location": {"description": "the comparison's URL", "schema": {"type": "string"}}}


def comparisons() -> ComparisonStore:
    """The comparison store on the app's Redis connection."""
    return ComparisonStore(current_app.extensions["referee_redis"])


def _log(side: str, source: object) -> replay.GameLog:
    """One side's log (a JSON log object or the text notation), checked like a submission."""
    try:
        check_log(source)
        return side_log(source)
    except Problem as problem:
        raise Problem(problem.status, problem.slug,
                      gettext("Log %(side)s: %(title)s", side=side.upper(), title=problem.title),
                      problem.detail, side=side, **problem.extra) from None
    except replay.InvalidLog as err:  # a scoresheet: it has no events to compare
        raise Problem(422, "invalid-log",
                      gettext("Log %(side)s: the log is not valid", side=side.upper()),
                      str(err), side=side, problems=[p.to_dict() for p in err.problems]) from None


def comparison_url(comparison_id: str) -> str:
    """Where a comparison is followed."""
    return url_for("compare.Comparison", comparison_id=comparison_id)


def status_document(record: dict, url: Callable[[str], str] = comparison_url) -> dict:
    """What a client sees of a dispute's job (a comparison, a ruling): status, times, the
    result or the failure, and where to follow it (``url`` of its id)."""
    document = {key: record[key] for key in (
        "id", "status", "submitted_at", "started_at", "finished_at", "result", "failure")
        if key in record}
    document["links"] = {"self": url(record["id"])}
    return document


def queue_dispute(data: bytes, wait: float, url: Callable[[str], str]):
    """Store a checked dispute request as it came, queue its job, and answer with its
    status: 202 and where to follow it, or 200 once it finished within ``wait``."""
    dispute_id = comparisons().create(data, g.client)
    record = wait_until_finished(current_app.extensions["referee_redis"],
                                 done_channel(dispute_id),
                                 lambda: comparisons().get(dispute_id), min(wait, MAX_WAIT))
    headers = {"Location": url(dispute_id)}
    finished = record["status"] in FINISHED
    if not finished:
        headers["Retry-After"] = "1"
    return status_document(record, url), 200 if finished else 202, headers


@blp.route("/compare", methods=["POST"])
@blp.arguments(WaitArgsSchema, location="query", as_kwargs=True)
@blp.doc(requestBody={"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/CompareSubmit"}}}})
@blp.response(202, ComparisonStatusSchema, description="Accepted; follow Location",
              headers=LOCATION)
@blp.alt_response(200, schema=ComparisonStatusSchema, description="Finished within ?wait",
                  headers=LOCATION)
@blp.alt_response(400, schema="Problem", description="Malformed JSON", **PROBLEM)
@blp.alt_response(413, schema="Problem", description="Body too large", **PROBLEM)
@blp.alt_response(415, schema="Problem", description="Not JSON", **PROBLEM)
@blp.alt_response(422, schema="Problem", description="A log is not valid", **PROBLEM)
def compare_logs(wait: float):
    """Compare two versions of one game: a worker replays both and finds the first event
    (and line) where they differ, each version's verdict, and the score difference by
    player and category. Follow ``Location``, or ask ``?wait=`` seconds for the result."""
    if request.mimetype != "application/json":
        raise Problem(415, "unsupported-media-type", gettext("Unsupported media type"),
                      'send application/json: {"a": log, "b": log}')
    data = request.get_data(cache=False)
    try:
        body = CompareSubmitSchema().load(json_body(data))
    except ValidationError as err:
        raise Problem(422, "invalid-comparison", gettext("Not a comparison"),
                      '{"a": a log (object) or its text, "b": the same, "mode": optional}',
                      errors=err.messages) from None
    a, b = _log("a", body["a"]), _log("b", body["b"])
    if a.game != b.game:
        raise Problem(422, "different-games", gettext("The logs are of different games"),
                      gettext("the logs are of two games: %(a)s and %(b)s", a=a.game, b=b.game))
    return queue_dispute(data, wait, comparison_url)


@blp.route("/comparisons/<string:comparison_id>", endpoint="Comparison", methods=["GET"])
@blp.response(200, ComparisonStatusSchema)
@blp.alt_response(404, schema="Problem", description="No such comparison", **PROBLEM)
def get_comparison(comparison_id: str):
    """A comparison's status, then its result (or why it has none); kept for a day."""
    record = comparisons().get(comparison_id)
    if record is None or record["owner"] != g.client:
        raise Problem(404, "comparison-not-found", gettext("No such comparison"),
                      gettext("no comparison has id %(id)s", id=comparison_id))
    return status_document(record)
