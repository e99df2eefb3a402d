"""A tournament batch: progress, each game's verdict, standings, duplicates, exports."""

from __future__ import annotations

import csv
import io
import json
import zipfile

from flask import Response, jsonify, render_template, request, stream_with_context
from flask_babel import format_number, gettext

from api.batches import batch_document
from api.problems import Problem
from api.replays import store
from api.results import batch_verified, known_format, result_file
from api.web import bp, game_title
from replay.core.logs.problems import located as said_located
from replay.core.reports.tournament import (
    DEFAULT_RANKING,
    natural_key,
    problem_words,
    read_place_points,
)
from replay.core.speech import tr
from replay.render import render_html


def batch_progress(document: dict) -> dict:
    """Games finished / total, as the page's progress bar shows them, and the sentence that
    says it."""
    done = document["progress"]
    finished = document["status"] == "done"
    text = (gettext("Every game is refereed.") if finished else
            gettext("Refereeing: %(done)s of %(total)s games done.",
                    done=format_number(done["finished"]), total=format_number(done["total"])))
    return {"status": document["status"], "value": done["finished"], "max": done["total"],
            "finished": finished, "text": text}


def in_order(items: list[dict]) -> list[dict]:
    """The batch's games in the order people sort file names (``table2`` before
    ``table10``), each with what a person reads of it: its game's title, and why it was
    refused or failed or is illegal."""
    shown = []
    for item in sorted(items, key=lambda i: natural_key(i["name"])):
        shown.append({**item, "game_title": game_title(item.get("game")), "why": why(item)})
    return shown


def why(item: dict) -> str:
    """In one line, why a game does not count: its first broken rule, its failure, or why
    its log was refused; empty for a game that counts."""
    if item.get("first_violation"):
        return problem_words(item["first_violation"])
    failure = item.get("failure") or {}
    if failure:
        return ": ".join(filter(None, (failure.get("title"), failure.get("detail"))))
    problem = item.get("problem") or {}
    if not problem.get("title"):
        return item.get("reason") or problem.get("detail") or problem.get("type") or ""
    # Kept in English: the title is a fixed text, looked up; the detail said again from the
    # located problems' words where the log's reading found them.
    located_problems = [p for p in problem.get("problems") or [] if isinstance(p, dict)]
    detail = problem.get("detail")
    if located_problems:
        detail = tr("; ").join(map(said_located, located_problems))
    elif detail:
        detail = gettext(detail)
    title = gettext(problem["title"])
    return tr("{title}: {detail}", title=title, detail=detail) if detail else title


@bp.route("/batches/<batch_id>")
def batch(batch_id: str):
    """The batch's progress bar, per-game verdicts with links and causes, standings per game
    and duplicates."""
    text = request.args.get("place_points", "")
    try:
        ranking, problem = read_place_points(text), None
    except ValueError as err:
        ranking, problem = DEFAULT_RANKING, str(err)
    document = batch_document(batch_id, ranking)
    items = in_order(document["items"])
    standings = [(game_title(game) or gettext("Games"), rows)
                 for game, rows in document["standings_by_game"].items()]
    page = render_template("batch.html", batch=document, progress=batch_progress(document),
                           items=items, standings=standings, ranking=ranking.words,
                           placed=bool(ranking.place_points), place_points=text,
                           ranking_problem=problem,
                           duplicates=[i for i in items if i.get("duplicate_of")],
                           refused=[i for i in items if not i.get("replay")])
    return page, 422 if problem else 200


@bp.route("/batches/<batch_id>/status")
def batch_status(batch_id: str):
    """The batch's progress as JSON, for the page's live progress bar."""
    return jsonify(batch_progress(batch_document(batch_id)))


@bp.route("/batches/<batch_id>/standings.csv")
def standings_csv(batch_id: str):
    """The standings as CSV: rank, player, games, wins, points (and tournament points,
    ranked by them, with ``?place_points=4,2,1,0``)."""
    try:
        ranking = read_place_points(request.args.get("place_points"))
    except ValueError as err:
        raise Problem(422, "invalid-place-points",
                      gettext("The points per place cannot be read"), str(err)) from None
    document = batch_document(batch_id, ranking)
    placed = bool(ranking.place_points)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "player", *(["tournament points"] if placed else []), "games",
                     "wins", "points"])
    for rank, row in enumerate(document["standings"], start=1):
        writer.writerow([rank, row["player"],
                         *([row["tournament_points"]] if placed else []), row["games"],
                         row["wins"], row["points"]])
    return Response(out.getvalue(), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="standings-{batch_id}.csv"'})


class _Chunks(io.RawIOBase):
    """A write-only stream that hands over what was written, so a zip streams out."""

    def __init__(self):
        self.parts: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.parts.append(bytes(data))
        return len(data)

    def take(self) -> bytes:
        data, self.parts = b"".join(self.parts), []
        return data


def _member_name(item: dict, index: int) -> str:
    stem = "".join(c if c.isalnum() or c in "-_." else "-" for c in item["name"])[:80]
    return f"{index + 1:03d}-{stem.rsplit('.', 1)[0] or 'log'}"


INDEX_HEADER = ["log", "reports", "game", "players", "status", "verdict", "winner", "points",
                "why"]


def _index_row(item: dict, files: str) -> list:
    return [item["name"], files, item.get("game_title") or item.get("game") or "",
            " ".join(item.get("players") or []), item.get("status") or "refused",
            item.get("verdict") or "", item.get("winner") or "", item.get("points", ""),
            item["why"] or (f"the same log as {item['duplicate_of']}"
                            if item.get("duplicate_of") else "")]


@bp.route("/batches/<batch_id>/results.<fmt>")
def batch_results(batch_id: str, fmt: str):
    """The verified results of a batch's games (each game once, duplicates left out) as one
    file for a play tracker; a game with no verified result is not in it."""
    known_format(fmt)
    return result_file(batch_verified(batch_document(batch_id)["items"]), fmt,
                       f"results-{batch_id}")


@bp.route("/batches/<batch_id>/reports.zip")
def reports_zip(batch_id: str):
    """Every finished game's report (JSON and HTML), one game at a time into a zip stream,
    then ``index.csv``: every log of the batch (those without a report too, and why), in
    the order of their names."""
    document = batch_document(batch_id)

    def members():
        chunks = _Chunks()
        index = []
        with zipfile.ZipFile(chunks, "w", zipfile.ZIP_DEFLATED) as archive:
            for number, item in enumerate(in_order(document["items"])):
                text = store().report_text(item["replay"]) \
                    if item.get("status") == "done" else None
                if text is None:  # not replayed, failed, or expired since the batch was read
                    index.append(_index_row(item, ""))
                    continue
                name = _member_name(item, number)
                archive.writestr(f"{name}.report.json", text)
                archive.writestr(f"{name}.report.html", render_html(json.loads(text)))
                index.append(_index_row(item, f"{name}.report.json {name}.report.html"))
                yield chunks.take()
            out = io.StringIO()
            csv.writer(out).writerows([INDEX_HEADER, *index])
            archive.writestr("index.csv", out.getvalue())
        yield chunks.take()

    return Response(stream_with_context(members()), mimetype="application/zip", headers={
        "Content-Disposition": f'attachment; filename="reports-{batch_id}.zip"'})
