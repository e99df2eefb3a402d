"""A tournament batch: progress, each game's verdict, standings, duplicates, exports."""

from __future__ import annotations

import csv
import io
import json
import zipfile

from flask import Response, jsonify, render_template, stream_with_context

from api.batches import batch_document
from api.replays import store
from api.web import bp
from replay.render import render_html


def batch_progress(document: dict) -> dict:
    """Games finished / total, as the page's progress bar shows them."""
    done = document["progress"]
    return {"status": document["status"], "value": done["finished"], "max": done["total"],
            "finished": document["status"] == "done"}


@bp.route("/batches/<batch_id>")
def batch(batch_id: str):
    """The batch's progress bar, per-game verdicts with links, standings and duplicates."""
    document = batch_document(batch_id)
    return render_template("batch.html", batch=document, progress=batch_progress(document),
                           duplicates=[i for i in document["items"] if i.get("duplicate_of")],
                           refused=[i for i in document["items"] if i.get("problem")])


@bp.route("/batches/<batch_id>/status")
def batch_status(batch_id: str):
    """The batch's progress as JSON, for the page's live progress bar."""
    return jsonify(batch_progress(batch_document(batch_id)))


@bp.route("/batches/<batch_id>/standings.csv")
def standings_csv(batch_id: str):
    """The standings as CSV: rank, player, games, wins, points."""
    document = batch_document(batch_id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "player", "games", "wins", "points"])
    for rank, row in enumerate(document["standings"], start=1):
        writer.writerow([rank, row["player"], row["games"], row["wins"], row["points"]])
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


@bp.route("/batches/<batch_id>/reports.zip")
def reports_zip(batch_id: str):
    """Every finished game's report (JSON and HTML), one game at a time into a zip stream."""
    document = batch_document(batch_id)

    def members():
        chunks = _Chunks()
        with zipfile.ZipFile(chunks, "w", zipfile.ZIP_DEFLATED) as archive:
            for index, item in enumerate(document["items"]):
                if item.get("status") != "done":
                    continue
                text = store().report_text(item["replay"])
                if text is None:  # expired since the batch was read
                    continue
                name = _member_name(item, index)
                archive.writestr(f"{name}.report.json", text)
                archive.writestr(f"{name}.report.html", render_html(json.loads(text)))
                yield chunks.take()
        yield chunks.take()

    return Response(stream_with_context(members()), mimetype="application/zip", headers={
        "Content-Disposition": f'attachment; filename="reports-{batch_id}.zip"'})
