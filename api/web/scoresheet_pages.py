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
import re
from dataclasses import dataclass, field
from pathlib import Path

from flask import abort, jsonify, redirect, render_template, request, url_for

import replay
from api.batches import accept_batch
from api.problems import Problem
from api.submission import accept, decode_body, options_for
from api.web import bp
from api.web.replaying import replay_slot
from replay.core.problems import InvalidLog
from replay.core.scoresheet_csv import read_desk
from replay.core.words import number_span
from replay.games import GAMES

LAYOUTS = json.loads((Path(__file__).resolve().parents[1] / "data"
                      / "scoresheet_layouts.json").read_text(encoding="utf-8"))
NUMBER = re.compile(r"[0-9]{1,6}")  # a count a table writes down
NAME_SPLIT = re.compile(r"[\s,]+")
BLANK_ENTRIES = 2  # empty component boxes below those filled in (the script adds more)


@dataclass
class Sheet:
    """A filled-in page: its players (columns), what each box holds, and what is wrong."""

    game: str
    layout: dict
    players: list[str]
    form: dict[str, list[str]] = field(default_factory=dict)
    problems: list[dict] = field(default_factory=list)  # {where, message, key, ...}

    @property
    def columns(self) -> list[str]:
        """The columns: the players, and the solo opponent in a one-player game."""
        return [*self.players, self.layout["solo_opponent"]] if self.solo \
            else list(self.players)

    @property
    def solo(self) -> bool:
        """A one-player game against the game's automated opponent, which has a column."""
        return len(self.players) == 1 and "solo_opponent" in self.layout

    def values(self, key: str) -> list[str]:
        """What the boxes named ``key`` hold, blanks left out."""
        return [v.strip() for v in self.form.get(key, []) if v.strip()]

    def value(self, key: str) -> str:
        held = self.values(key)
        return held[0] if held else ""

    def errors(self) -> dict[str, str]:
        """Each box's problem, by box name (shown beside it)."""
        return {p["key"]: p["message"] for p in self.problems if p.get("key")}


def _game(name: str):
    game = GAMES.find(name)
    if game is None or name not in LAYOUTS:
        abort(404)
    return game


def _choices(game_name: str) -> dict[str, list[tuple[str, str]]]:
    """What the game's sheet offers to choose from (``replay.<game>.scoresheet``)."""
    module = importlib.import_module(f"replay.{game_name}.scoresheet")
    return module.sheet_choices()


def _read_players(text: str) -> list[str]:
    return [n for n in NAME_SPLIT.split(text.strip().lower()) if n]


def _sheet_from(game, source) -> Sheet:
    """The sheet a request's form (or query) fills in."""
    form = {key: source.getlist(key) for key in source}
    return Sheet(game.name, LAYOUTS[game.name], _read_players(source.get("players", "")), form)


# -- the scoresheet document ----------------------------------------------------------------


def _put(target: dict, path: str, value) -> None:
    *parents, last = path.split(".")
    for part in parents:
        target = target.setdefault(part, {})
    target[last] = value


def _read(sheet: Sheet, spec: dict, key: str, where: str):
    """One field's value from its boxes, or None and a problem recorded at ``key``."""
    kind = spec["kind"]
    if kind == "count":
        text = sheet.value(key)
        return _count(sheet, text, key, where) if text else 0
    if kind == "counts":
        return [_count(sheet, text, f"{key}:{i}", f"{where}, {part}") if
                (text := sheet.value(f"{key}:{i}")) else 0
                for i, part in enumerate(spec["parts"])]
    if kind == "flag":
        return bool(sheet.value(key))
    if kind == "choices":
        ticked = sheet.values(key)
        return [int(v) for v in ticked if v.isdigit()] if spec.get("number") else ticked
    if kind == "components":
        return sheet.values(key)
    if kind == "players":
        return _read_players(sheet.value(key)) or None
    return sheet.value(key) or None  # choice


def _count(sheet: Sheet, text: str, key: str, where: str) -> int | None:
    if NUMBER.fullmatch(text):
        return int(text)
    sheet.problems.append({"where": where, "key": key, "message":
                           f"{text!r} is not a whole number (0 or more)"})
    return None


def document(sheet: Sheet) -> dict:
    """The scoresheet document the page's boxes make (``docs/<game>-log.md``); boxes that
    cannot be read are recorded as the sheet's problems."""
    body: dict = {"players": {}}
    for spec in sheet.layout["table"]:
        if spec.get("solo") and not sheet.solo:
            continue
        value = _read(sheet, spec, f"t:{spec['field']}", spec["label"])
        if value is not None:
            _put(body, spec["field"], value)
    final = {}
    for index, name in enumerate(sheet.columns):
        line: dict = {}
        for row in sheet.layout["rows"]:
            for spec in row["fields"]:
                value = _read(sheet, spec, f"{index}:{spec['field']}",
                              f"{name} · {spec['label']}")
                if value is not None:
                    _put(line, spec["field"], value)
        body["players"][name] = line
        written = sheet.value(f"{index}:final")
        if written:
            final[name] = _count(sheet, written, f"{index}:final", f"{name} · total written")
    if final:
        body["final"] = final
    return {"header": {"game": sheet.game, "players": sheet.players}, "scoresheet": body}


def locate(sheet: Sheet, problems: list[dict]) -> None:
    """The engine's problems, each placed at the box it is about (by its path)."""
    fields = {f"/{spec['field'].replace('.', '/')}": spec
              for row in sheet.layout["rows"] for spec in row["fields"]}
    table = {f"/{spec['field'].replace('.', '/')}": spec for spec in sheet.layout["table"]}
    for problem in problems:
        path = str(problem.get("path") or "")
        found = {"message": problem.get("message", ""), "where": "the sheet",
                 "expected": problem.get("expected"),
                 "suggestions": problem.get("suggestions") or []}
        player = re.match(r"/scoresheet/players/([^/]+)(/.*)?$", path)
        if player and player.group(1) in sheet.columns:
            name, rest = player.group(1), player.group(2) or ""
            index = sheet.columns.index(name)
            spec = next((fields[p] for p in sorted(fields, key=len, reverse=True)
                         if rest == p or rest.startswith(p + "/")), None)
            if spec is not None:
                found.update(where=f"{name} · {spec['label']}",
                             key=f"{index}:{spec['field']}")
            else:
                found["where"] = name
        elif final := re.match(r"/scoresheet/final/([^/]+)$", path):
            name = final.group(1)
            found["where"] = f"{name} · total written"
            if name in sheet.columns:
                found["key"] = f"{sheet.columns.index(name)}:final"
        elif path.startswith("/scoresheet/"):
            rest = path[len("/scoresheet"):]
            spec = next((table[p] for p in sorted(table, key=len, reverse=True)
                         if rest == p or rest.startswith(p + "/")), None)
            if spec is not None:
                found.update(where=spec["label"], key=f"t:{spec['field']}")
        elif path.startswith("/header/players"):
            found.update(where="players", key="players")
        sheet.problems.append(found)


def _scored(sheet: Sheet) -> dict:
    """The report of a sheet whose boxes all read (its problems located if it has any)."""
    doc = document(sheet)
    if sheet.problems:
        return {}
    try:
        with replay_slot():
            return replay.score_sheet(doc)
    except InvalidLog as err:
        locate(sheet, [p.to_dict() for p in err.problems])
        return {}


# -- pages ------------------------------------------------------------------------------------


@bp.route("/scoresheet")
def scoresheets():
    """The games with a scoresheet page."""
    return render_template("scoresheets.html",
                           games=[g for g in GAMES if g.name in LAYOUTS])


def _page(game, sheet: Sheet, status: int = 200, problem: Problem | None = None):
    rows = sheet.layout["rows"]
    choices = _choices(game.name) if sheet.players else {}
    kinds = {spec.get("of") for row in rows for spec in row["fields"]} \
        | {spec.get("of") for spec in sheet.layout["table"]}
    return render_template(
        "scoresheet.html", game=game, sheet=sheet, rows=rows, choices=choices,
        lists={k: choices[k] for k in kinds if k in choices}, span=number_span(game.player_counts),
        errors=sheet.errors(), problem=problem, blank=BLANK_ENTRIES), status


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
            400, "not-utf8", "The file is not UTF-8 text",
            f"{err.reason} at byte {err.start}")), 400
    except InvalidLog as err:
        return render_template("desk.html", games=games, form=request.form, problem=Problem(
            422, "invalid-desk", "The desk file was not imported",
            f"{len(err.problems)} problem(s), each at its row and column; nothing was "
            "imported"), problems=[p.to_dict() for p in err.problems]), 422
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
    opens; otherwise the sheet comes back with each problem at its box."""
    game = _game(game_name)
    sheet = _sheet_from(game, request.form if request.method == "POST" else request.args)
    if sheet.players and len(sheet.players) not in game.player_counts:
        sheet.problems.append({"where": "players", "key": "players", "message":
                               f"{game.title} is for {number_span(game.player_counts)} players; "
                               f"the sheet names {len(sheet.players)}"})
        return _page(game, Sheet(game.name, sheet.layout, [], sheet.form, sheet.problems), 422)
    if request.method == "GET" or not sheet.players:
        return _page(game, sheet)
    doc = document(sheet)
    if sheet.problems:
        return _page(game, sheet, 422, Problem(422, "invalid-scoresheet",
                                               "Some boxes cannot be read"))
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
    sheet = _sheet_from(game, request.args)
    if len(sheet.players) not in game.player_counts:
        return jsonify({"players": {}, "problems": [
            {"where": "players", "key": "players",
             "message": f"{game.title} is for {number_span(game.player_counts)} players"}]})
    report = _scored(sheet)
    final = (report.get("final") or {}).get("players") or {}
    return jsonify({"players": final, "problems": sheet.problems,
                    "claims": [c for c in report.get("claims") or []
                               if c.get("what") == "final score"]})
