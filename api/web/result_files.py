"""Verified results as files for a play tracker (``docs/results.md``), of one stored replay
or of a whole batch."""

from __future__ import annotations

from flask import Response
from flask_babel import gettext

from api.problems import Problem
from api.replays import store
from api.web.report_view import log_lines
from replay.core.reports.results import FORMATS, game_result, results_text
from replay.games import GAMES

MEDIA_TYPES = {"json": "application/json", "bgstats": "application/json", "csv": "text/csv"}


def known_format(fmt: str) -> str:
    """``fmt`` when it is a result format, else a 404 problem naming them."""
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
    log = log_lines(full["source"]).log  # the date tag, which the report does not keep
    return game_result(report, GAMES.get(report["game"]),
                       (log.metadata or {}).get("date") if log else None)


def result_file(results: list[tuple[str, dict]], fmt: str, stem: str) -> Response:
    """``results`` as one downloaded file of format ``fmt``."""
    suffix = "csv" if fmt == "csv" else "json"
    return Response(results_text(results, fmt), mimetype=MEDIA_TYPES[fmt], headers={
        "Content-Disposition": f'attachment; filename="{stem}.{suffix}"'})
