"""A replay's page: live progress while it runs, then the report beside its log."""

from __future__ import annotations

from flask import g, jsonify, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup

from api import reports
from api.problems import Problem
from api.replays import mint_share, owned_record, store
from api.results import file_safe, known_format, replay_result_file
from api.web import bp
from api.web.board_picture import final_picture
from api.web.category_view import category_context
from api.web.interim_view import interim_context, reported_upto
from api.web.replaying import replay_catalog
from api.web.report_files import drawn_parts
from api.web.report_view import log_lines, report_context, status_word
from replay.render.html import score_chart, score_title

DOWNLOADS = {"json": "application/json", "md": "text/markdown", "html": "text/html"}
PER_PAGE = 25
SHARE_SECONDS = 30 * 86400


def progress(record: dict) -> dict:
    """Status and events replayed / total, as the page's progress bar shows them, and the
    sentence that says it."""
    done = record.get("progress") or {}
    return {"status": record["status"], "value": done.get("replayed", 0),
            "max": done.get("total") or 0, "finished": record["status"] in ("done", "failed"),
            "text": gettext("The replay is %(status)s.", status=status_word(record["status"]))}


@bp.route("/replays")
def replays():
    """The signed-in client's replays, newest first."""
    page = max(1, request.args.get("page", 1, type=int))
    records, total = store().list_for(g.client, (page - 1) * PER_PAGE, PER_PAGE)
    return render_template("replays.html", records=records, page=page,
                           pages=max(1, -(-total // PER_PAGE)), total=total)


@bp.route("/replays/<replay_id>")
def replay(replay_id: str):
    """Progress while queued or running; then the verdict, violations beside the log,
    scoring, charts and the ledger (``?player=`` and ``?source=`` filter it, ``?ledger=all``
    shows every row)."""
    record = owned_record(replay_id)
    context = {"record": record, "progress": progress(record)}
    if record["status"] in ("done", "failed"):
        full = store().get(replay_id, with_source=True, with_report=True)
        lines = log_lines(full["source"])
        context["lines"] = lines
        context["bad_lines"] = set()
        if record["status"] == "done":
            report = full["report"]
            context.update(report_context(report, lines, request.args.get("player"),
                                          request.args.get("source"),
                                          request.args.get("ledger") == "all"))
            context.update(interim_context(replay_id, context["names"],
                                           reported_upto(report)))
            if reported_upto(report) is None:  # a replay that reached the log's last event
                context["picture"], context["board_busy"] = final_picture(
                    lines.log, replay_catalog(record))
                context["board_heading"] = gettext("The board at the end")
            context.update(category_context(report))
            context["chart"] = Markup(score_chart(report))
            context["chart_title"] = score_title(report)
            # A violation marks its own line, else every line its event is written on.
            context["bad_lines"] = {
                n for root in context["violations"] for v in [root, *root["consequences"]]
                for n in ((v["line"],) if v.get("line") else lines.event_span(v.get("event")))}
        else:
            problems = (record.get("failure") or {}).get("problems") or []
            context["problems"] = problems
            context["bad_lines"] = {p.get("line") for p in problems if p.get("line")}
    return render_template("replay.html", **context)


@bp.route("/replays/<replay_id>/status")
def replay_status(replay_id: str):
    """The replay's progress as JSON, for the page's live progress bar."""
    return jsonify(progress(owned_record(replay_id)))


@bp.route("/replays/<replay_id>/report.<fmt>")
def download(replay_id: str, fmt: str):
    """The report as a file: JSON, Markdown or HTML (these two with what the page draws
    from a replay of the log: the board at the end, the interim points)."""
    if fmt not in DOWNLOADS:
        raise Problem(404, "format-not-found", gettext("No such format"),
                      gettext("json, md or html"))
    record = owned_record(replay_id)
    response = reports.respond(record, store().report_text(replay_id), DOWNLOADS[fmt],
                               drawn_parts(replay_id, record, fmt))
    name = record.get("name") or replay_id
    response.headers["Content-Disposition"] = \
        f'attachment; filename="report-{file_safe(name)}.{fmt}"'
    return response


@bp.route("/replays/<replay_id>/result.<fmt>")
def result(replay_id: str, fmt: str):
    """A verified game's result as a file for a play tracker: the referee's JSON, a Board
    Game Stats play, or CSV (``docs/results.md``); a game not legal and complete has none."""
    return replay_result_file(replay_id, known_format(fmt))


@bp.route("/replays/<replay_id>/share", methods=["POST"])
def share(replay_id: str):
    """A read-only link to the report, for anyone, for thirty days."""
    owned_record(replay_id)
    link = mint_share(replay_id, SHARE_SECONDS)
    return render_template("shared.html", replay_id=replay_id, expires_at=link["expires_at"],
                           url=url_for("replays.shared_report", token=link["token"],
                                       _external=True))
