"""``/v1/compare``: two versions of one game, side by side (disputes and "what if")."""

from __future__ import annotations

from flask import request
from marshmallow import ValidationError

import replay
from api.blueprint import RefereeBlueprint
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.schemas import CompareSubmitSchema, ComparisonSchema
from api.submission import check_log, json_body
from replay.compare import compare

blp = RefereeBlueprint("compare", __name__, url_prefix="/v1",
                       description="Disputes: two versions of one game")
PROBLEM = {"content_type": PROBLEM_MEDIA_TYPE}


def _log(side: str, source: object) -> replay.GameLog:
    """One side's log (a JSON log object or the text notation), checked like a submission."""
    try:
        check_log(source)
        return replay.parse(source) if isinstance(source, str) else replay.load_log(source)
    except Problem as problem:
        raise Problem(problem.status, problem.slug, f"Log {side.upper()}: {problem.title}",
                      problem.detail, side=side, **problem.extra) from None
    except replay.InvalidLog as err:  # a scoresheet: it has no events to compare
        raise Problem(422, "invalid-log", f"Log {side.upper()}: the log is not valid", str(err),
                      side=side, problems=[p.to_dict() for p in err.problems]) from None


@blp.route("/compare", methods=["POST"])
@blp.doc(requestBody={"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/CompareSubmit"}}}})
@blp.response(200, ComparisonSchema)
@blp.alt_response(400, schema="Problem", description="Malformed JSON", **PROBLEM)
@blp.alt_response(413, schema="Problem", description="Body too large", **PROBLEM)
@blp.alt_response(415, schema="Problem", description="Not JSON", **PROBLEM)
@blp.alt_response(422, schema="Problem", description="A log is not valid", **PROBLEM)
def compare_logs():
    """Replay two versions of one game at once: the first event (and line) where they
    differ, each version's verdict, and the score difference by player and category."""
    if request.mimetype != "application/json":
        raise Problem(415, "unsupported-media-type", "Unsupported media type",
                      'send application/json: {"a": log, "b": log}')
    try:
        body = CompareSubmitSchema().load(json_body(request.get_data(cache=False)))
    except ValidationError as err:
        raise Problem(422, "invalid-comparison", "Not a comparison",
                      '{"a": a log (object) or its text, "b": the same, "mode": optional}',
                      errors=err.messages) from None
    a, b = _log("a", body["a"]), _log("b", body["b"])
    try:
        return compare(a, b, mode=body["mode"])
    except replay.InvalidLog as err:
        raise Problem(422, "different-games", "The logs are of different games",
                      str(err)) from None
