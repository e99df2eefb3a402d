"""The scoresheet page of each game: the end of a game filled in on a phone, then scored.

Laid out as the game scores (``api/data/scoresheet_layouts.json``): one column per player,
the final scoring categories in the rule text's order, under each the things a player writes
down for it; components are chosen by printed name from a list that narrows as one types.
A small script shows the totals as they are typed, worked out by the game's own scoring
(``/scoresheet/<game>/totals``), beside the total each player wrote. Submitting makes the
scoresheet document (``docs/<game>-log.md``) and sends it down the path every submission
takes (checked, stored, scored by a worker); the replay page then shows the scoring report.
A field that cannot be read, or a sheet that does not hold together, brings the page back
as it was filled in, each problem at its field.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from flask import abort, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext

import replay
from api.batches import accept_batch
from api.problems import Problem
from api.submission import accept, decode_body, options_for
from api.web import bp, game_title
from api.web.replaying import replay_slot
from api.web.scoresheet_form import Sheet, document, locate, sheet_from
from replay.core.logs.problems import InvalidLog
from replay.core.logs.scoresheet_csv import read_desk
from replay.core.words import number_span
from replay.games import GAMES

LAYOUTS = json.loads((Path(__file__).resolve().parents[1] / "data"
                      / "scoresheet_layouts.json").read_text(encoding="utf-8"))
BLANK_ENTRIES = 2  # empty component boxes below those filled in (the script adds more)


def _game(name: str):
    game = GAMES.find(name)
    if game is None or name not in LAYOUTS:
        abort(404)
    return game


def _choices(game_name: str) -> dict[str, list[tuple[str, str]]]:
    """What the game's sheet offers to choose from (``replay.<game>.scoresheet``)."""
    module = importlib.import_module(f"replay.{game_name}.scoresheet")
    return module.sheet_choices()


def _scored(sheet: Sheet, doc: dict) -> dict:
    """The report of a sheet (``doc``, its document) whose boxes all read; otherwise
    nothing, and every problem located: the boxes that cannot be read, and what the game
    finds wrong with the rest (so a person sees them all at once)."""
    try:
        with replay_slot():
            report = replay.score_sheet(doc)
    except InvalidLog as err:
        locate(sheet, [p.to_dict() for p in err.problems])
        return {}
    return {} if sheet.problems else report


# -- pages ------------------------------------------------------------------------------------


@bp.route("/scoresheet")
def scoresheets():
    """The games with a scoresheet page."""
    return render_template("scoresheets.html",
                           games=[g for g in GAMES if g.name in LAYOUTS])


def _page(game, sheet: Sheet, status: int = 200, problem: Problem | None = None,
          totals: dict | None = None):
    rows = sheet.layout["rows"]
    choices = _choices(game.name) if sheet.players else {}
    kinds = {spec.get("of") for row in rows for spec in row["fields"]} \
        | {spec.get("of") for spec in sheet.layout["table"]}
    return render_template(
        "scoresheet.html", game=game, sheet=sheet, rows=rows, choices=choices,
        lists={k: choices[k] for k in kinds if k in choices}, span=number_span(game.player_counts),
        errors=sheet.errors(), problem=problem, blank=BLANK_ENTRIES, totals=totals or {}), \
        status


@bp.route("/scoresheet/desk", methods=["GET", "POST"])
def desk():
    """The tournament desk: a CSV of scoresheets (one row per player per table,
    ``docs/tournament-desk.md``) becomes a batch of one scoresheet per table, scored by the
    workers, whose page gives the standings; a file with any problem is refused whole, each
    problem at its row and column."""
    games = [g for g in GAMES if g.name in LAYOUTS]
    if request.method == "GET":
        return render_template("desk.html", games=games, form={})
    game = request.form.get("game", "").strip() or None
    upload = request.files.get("file")
    data = upload.read() if upload and upload.filename else \
        request.form.get("text", "").encode()
    try:
        text = data.decode("utf-8")
        tables = read_desk(text, GAMES, game)
    except UnicodeDecodeError as err:
        return render_template("desk.html", games=games, form=request.form, problem=Problem(
            400, "not-utf8", gettext("The file is not UTF-8 text"),
            gettext("%(reason)s at byte %(start)s", reason=err.reason, start=err.start))), 400
    except InvalidLog as err:
        return render_template("desk.html", games=games, form=request.form, problem=Problem(
            422, "invalid-desk", gettext("The desk file was not imported"),
            gettext("%(count)s problem(s), each at its row and column; nothing was "
                    "imported", count=len(err.problems))),
            problems=[p.to_dict() for p in err.problems]), 422
    sheets = [(f"table-{table.name}.json", json.dumps(table.document, ensure_ascii=False),
               table.document) for table in tables]
    try:
        batch_id = accept_batch(sheets, options_for("strict", None, None))
    except Problem as problem:
        return render_template("desk.html", games=games, form=request.form,
                               problem=problem), problem.status
    return redirect(url_for("web.batch", batch_id=batch_id), 303)


@bp.route("/scoresheet/<game_name>", methods=["GET", "POST"])
def scoresheet(game_name: str):
    """The sheet (GET ``?players=ana bruno``), or its submission (POST): a sheet whose
    boxes read and that holds together is sent to be scored, and the page of its report
    opens; otherwise the sheet comes back with each problem at its box. The ``totals``
    button (for a browser without scripts) brings the sheet back with its totals."""
    game = _game(game_name)
    sheet = sheet_from(game, request.form if request.method == "POST" else request.args,
                       LAYOUTS[game.name])
    if sheet.players and len(sheet.players) not in game.player_counts:
        sheet.problems.append({"where": gettext("players"), "key": "players", "message": gettext(
            "%(game)s is for %(span)s players; the sheet names %(count)s",
            game=game_title(game.name), span=number_span(game.player_counts),
            count=len(sheet.players))})
        return _page(game, Sheet(game.name, sheet.layout, [], sheet.form, sheet.problems), 422)
    if request.method == "GET" or not sheet.players:
        return _page(game, sheet)
    if request.form.get("action") == "totals":  # the totals, without the page's script
        report = _scored(sheet, document(sheet))
        return _page(game, sheet, 422 if sheet.problems else 200,
                     totals=(report.get("final") or {}).get("players"))
    doc = document(sheet)
    if sheet.problems:
        _scored(sheet, doc)  # what else is wrong, to show it at the same time
        return _page(game, sheet, 422, Problem(422, "invalid-scoresheet",
                                               gettext("Some boxes cannot be read")))
    try:
        text = decode_body(json.dumps(doc, ensure_ascii=False).encode(), "application/json")
        accepted = accept(text, options_for("strict", None, None))
    except Problem as problem:
        locate(sheet, problem.extra.get("problems") or [])
        return _page(game, sheet, problem.status, problem)
    return redirect(url_for("web.replay", replay_id=accepted.replay_id), 303)


@bp.route("/scoresheet/<game_name>/totals")
def scoresheet_totals(game_name: str):
    """The totals of a sheet as filled in so far (JSON for the page's script): each
    player's points by category and in all, or the problems that stop it being scored."""
    game = _game(game_name)
    sheet = sheet_from(game, request.args, LAYOUTS[game.name])
    if len(sheet.players) not in game.player_counts:
        return jsonify({"players": {}, "problems": [
            {"where": gettext("players"), "key": "players",
             "message": gettext("%(game)s is for %(span)s players", game=game_title(game.name),
                                span=number_span(game.player_counts))}]})
    report = _scored(sheet, document(sheet))
    final = (report.get("final") or {}).get("players") or {}
    return jsonify({"players": final, "problems": sheet.problems,
                    "claims": [c for c in report.get("claims") or []
                               if c.get("what") == "final score"]})
