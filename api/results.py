"""``/v1/replays/{id}/result`` and ``/v1/batches/{id}/results``: verified games' results as
files for a play tracker (``docs/results.md``)."""

from __future__ import annotations

from flask import Response
from flask_babel import gettext
from marshmallow import Schema, fields, validate

import replay
from api.batches import batch_document
from api.blueprint import RefereeBlueprint
from api.problems import Problem
from api.replays import owned_record, store
from replay.core.reports.tournament import natural_key
from replay.render.results import (
    FORMATS,
    NotVerified,
    game_result,
    log_date,
    results_text,
)

blp = RefereeBlueprint("results", __name__, url_prefix="/v1",
                       description="Verified results for play trackers")

MEDIA_TYPES = {"json": "application/json", "bgstats": "application/json", "csv": "text/csv"}
PROBLEM = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
RESULT_CONTENT = {"application/json": {"schema": {"type": "array", "items": {
    "type": "object"}}}, "text/csv": {"schema": {"type": "string"}}}


class ResultArgsSchema(Schema):
    """How the results are written."""

    format = fields.String(load_default="json", validate=validate.OneOf(FORMATS), metadata={
        "description": "json (the referee's results), bgstats (plays as Board Game Stats "
                       "imports them) or csv (a row per player)"})


def known_format(fmt: str) -> str:
    """``fmt`` when it is a result format (a page's file suffix), else a 404 problem."""
    if fmt not in FORMATS:
        raise Problem(404, "format-not-found", gettext("No such format"),
                      gettext("json, bgstats or csv"))
    return fmt


def stored_result(replay_id: str) -> dict:
    """The result of a stored, finished replay (``NotVerified`` when its game has none; a
    409 problem while it has no report)."""
    full = store().get(replay_id, with_source=True, with_report=True)
    if not full or full.get("status") != "done" or not full.get("report"):
        raise Problem(409, "report-not-ready", gettext("The report is not ready"),
                      gettext("the replay is %(status)s",
                              status=(full or {}).get("status", "gone")))
    report = full["report"]
    return game_result(report, replay.GAMES.get(report["game"]), log_date(full["source"]))


def result_file(results: list[tuple[str, dict]], fmt: str, stem: str) -> Response:
    """``results`` as one downloaded file of format ``fmt``."""
    suffix = "csv" if fmt == "csv" else "json"
    return Response(results_text(results, fmt), mimetype=MEDIA_TYPES[fmt], headers={
        "Content-Disposition": f'attachment; filename="{stem}.{suffix}"'})


def file_safe(name: str) -> str:
    """A name as a file name's stem: letters, digits, ``-_.`` only."""
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in name)[:80] or "result"


@blp.route("/replays/<string:replay_id>/result", methods=["GET"])
@blp.arguments(ResultArgsSchema, location="query", as_kwargs=True)
@blp.doc(responses={
    "200": {"description": "The game's result", "content": RESULT_CONTENT},
    "404": {"description": "No such replay", "content": PROBLEM},
    "409": {"description": "No report yet, or the game has no verified result (not legal "
                           "and complete): the detail says why", "content": PROBLEM}})
def replay_result(replay_id: str, format: str):
    """A verified game's result, for a play tracker to import."""
    return replay_result_file(replay_id, format)


def replay_result_file(replay_id: str, fmt: str) -> Response:
    """The caller's replay's result as a file of format ``fmt`` (404 for another's replay;
    409 with why when its game has no verified result)."""
    record = owned_record(replay_id)
    try:
        verified = stored_result(replay_id)
    except NotVerified as err:
        raise Problem(409, "no-verified-result", gettext("This game has no verified result"),
                      str(err)) from None
    name = record.get("name") or replay_id
    return result_file([(name, verified)], fmt, f"result-{file_safe(name)}")


@blp.route("/batches/<string:batch_id>/results", methods=["GET"])
@blp.arguments(ResultArgsSchema, location="query", as_kwargs=True)
@blp.doc(responses={
    "200": {"description": "The verified results of the batch's games",
            "content": RESULT_CONTENT},
    "404": {"description": "No such batch", "content": PROBLEM}})
def batch_results(batch_id: str, format: str):
    """The verified results of a batch's games, each game once.

    A duplicate log is left out, the games come in the order of their file names, and a game
    with no verified result is not in it."""
    return result_file(batch_verified(batch_document(batch_id)["items"]), format,
                       f"results-{batch_id}")


def batch_verified(items: list[dict]) -> list[tuple[str, dict]]:
    """``(name, result)`` of each legal game of a batch's items, each game once."""
    verified = []
    for item in sorted(items, key=lambda i: natural_key(i["name"])):
        if item.get("verdict") != "legal" or "duplicate_of" in item or not item["replay"]:
            continue
        try:
            verified.append((item["name"], stored_result(item["replay"])))
        except (NotVerified, Problem):  # removed since, or no result after all
            continue
    return verified
