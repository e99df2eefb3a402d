"""``/v1/rulings``: "is this move legal here, and what does it do?" for one disputed move.

The log and the move are checked here as submissions are (their shape; the move read in the
game's notation); the ruling replays the game, so it is a worker's job, kept and run as a
comparison is (``workers.comparisons``): the request answers 202 with the ruling to follow,
or with ``?wait`` the ruling itself once it is done.
"""

from __future__ import annotations

from flask import g, request, url_for
from flask_babel import gettext
from marshmallow import ValidationError

import replay
from api.blueprint import RefereeBlueprint
from api.compare import comparisons, queue_dispute, status_document
from api.problems import PROBLEM_MEDIA_TYPE, Problem
from api.schemas import RulingStatusSchema, RulingSubmitSchema, WaitArgsSchema
from api.submission import check_log, json_body
from replay.compare import read_event
from workers.comparisons import side_log

blp = RefereeBlueprint("rulings", __name__, url_prefix="/v1",
                       description="Disputes: one move at one point of a game")
PROBLEM = {"content_type": PROBLEM_MEDIA_TYPE}
LOCATION = {"Location": {"description": "the ruling's URL", "schema": {"type": "string"}}}


def check_question(body: dict) -> None:
    """The log as a submission is checked, the point inside it, the move readable."""
    check_log(body["log"])
    try:
        log = side_log(body["log"])
        if body["after"] >= len(log.events):
            raise Problem(422, "invalid-ruling", gettext("No such point in the log"),
                          gettext("the log has %(count)s events; there is no event %(after)s "
                                  "to follow", count=len(log.events), after=body["after"]),
                          field="after")
        read_event(log, body["move"], "/move")
    except replay.InvalidLog as err:
        raise Problem(422, "invalid-ruling", gettext("The move cannot be read"),
                      str(err),
                      problems=[p.to_dict() for p in err.problems]) from None


def ruling_url(ruling_id: str) -> str:
    """Where a ruling is followed."""
    return url_for("rulings.Ruling", ruling_id=ruling_id)


@blp.route("/rulings", methods=["POST"])
@blp.arguments(WaitArgsSchema, location="query", as_kwargs=True)
@blp.doc(requestBody={"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/RulingSubmit"}}}})
@blp.response(202, RulingStatusSchema, description="Accepted; follow Location",
              headers=LOCATION)
@blp.alt_response(200, schema=RulingStatusSchema, description="Finished within ?wait",
                  headers=LOCATION)
@blp.alt_response(400, schema="Problem", description="Malformed JSON", **PROBLEM)
@blp.alt_response(413, schema="Problem", description="Body too large", **PROBLEM)
@blp.alt_response(415, schema="Problem", description="Not JSON", **PROBLEM)
@blp.alt_response(422, schema="Problem", description="The log or the move is not valid",
                  **PROBLEM)
def ask_ruling(wait: float):
    """Is this move legal right after that event, and what does it do? A worker replays
    the game to that point: the answer is the rule the move breaks (or none), a variant
    under which it would be legal, the ledger rows it writes and what it costs and gains,
    and the moves legal there instead. Follow ``Location``, or ask ``?wait=`` seconds."""
    if request.mimetype != "application/json":
        raise Problem(415, "unsupported-media-type", gettext("Unsupported media type"),
                      'send application/json: {"log": log, "after": N, "move": "..."}')
    data = request.get_data(cache=False)
    try:
        body = RulingSubmitSchema().load(json_body(data))
    except ValidationError as err:
        raise Problem(422, "invalid-ruling", gettext("Not a question about one move"),
                      '{"log": a log (object) or its text, "after": an event index (-1: '
                      'before the first), "move": a line of the notation or a JSON event}',
                      errors=err.messages) from None
    check_question(body)
    return queue_dispute(data, wait, ruling_url)


@blp.route("/rulings/<string:ruling_id>", endpoint="Ruling", methods=["GET"])
@blp.response(200, RulingStatusSchema)
@blp.alt_response(404, schema="Problem", description="No such ruling", **PROBLEM)
def get_ruling(ruling_id: str):
    """A ruling's status, then its result (or why it has none); kept for a day."""
    record = comparisons().get(ruling_id)
    if record is None or record["owner"] != g.client:
        raise Problem(404, "ruling-not-found", gettext("No such ruling"),
                      gettext("no ruling has id %(id)s", id=ruling_id))
    return status_document(record, ruling_url)
