"""A scoresheet page's boxes: read into the game's scoresheet document, and the game's
problems with that document placed back at the boxes they are about.

Box names say whose and which field: ``0:castle_leader`` (the first column's field),
``0:castle:1`` (one part of a field of several numbers), ``0:final`` (the total the player
wrote), ``t:revealed`` (a field of the whole game).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from flask_babel import gettext, lazy_gettext

from replay.core.speech import message as said

NUMBER = re.compile(r"[0-9]{1,6}")  # a count a table writes down
NAME_SPLIT = re.compile(r"[\s,]+")
# The schema's words, as a person filling in a sheet reads them.
MESSAGES = {"Missing data for required field.": lazy_gettext("this needs filling in"),
            "Not a valid integer.": lazy_gettext("this is a whole number")}


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
        """What the first box named ``key`` holds ("" when it is blank)."""
        held = self.values(key)
        return held[0] if held else ""

    def errors(self) -> dict[str, str]:
        """Each box's problem, by box name (shown beside it)."""
        return {p["key"]: p["message"] for p in self.problems if p.get("key")}


def _read_players(text: str) -> list[str]:
    """Player names as written (spaces or commas between them), in lower case."""
    return [n for n in NAME_SPLIT.split(text.strip().lower()) if n]


def sheet_from(game, source, layout: dict) -> Sheet:
    """The sheet a request's form (or query) fills in, laid out by ``layout``."""
    form = {key: source.getlist(key) for key in source}
    return Sheet(game.name, layout, _read_players(source.get("players", "")), form)


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
        return [_count(sheet, text, f"{key}:{i}", f"{where}, {gettext(part)}") if
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
    """A count written in a box, or None with the problem recorded at the box."""
    if NUMBER.fullmatch(text):
        return int(text)
    message = (gettext("%(text)s is more than a scoresheet holds", text=text) if text.isdigit()
               else gettext("%(text)s is not a whole number (0 or more)", text=repr(text)))
    sheet.problems.append({"where": where, "key": key, "message": message})
    return None


def document(sheet: Sheet) -> dict:
    """The scoresheet document the page's boxes make (``docs/<game>-log.md``); boxes that
    cannot be read are recorded as the sheet's problems."""
    body: dict = {"players": {}}
    for spec in sheet.layout["table"]:
        if spec.get("solo") and not sheet.solo:
            continue
        value = _read(sheet, spec, f"t:{spec['field']}", gettext(spec["label"]))
        if value is not None:
            _put(body, spec["field"], value)
    final = {}
    for index, name in enumerate(sheet.columns):
        line: dict = {}
        for row in sheet.layout["rows"]:
            for spec in row["fields"]:
                value = _read(sheet, spec, f"{index}:{spec['field']}",
                              f"{name} · {gettext(spec['label'])}")
                if value is not None:
                    _put(line, spec["field"], value)
        body["players"][name] = line
        written = sheet.value(f"{index}:final")
        if written:
            final[name] = _count(sheet, written, f"{index}:final", _total_written(name))
    if final:
        body["final"] = final
    return {"header": {"game": sheet.game, "players": sheet.players}, "scoresheet": body}


def locate(sheet: Sheet, problems: list[dict]) -> None:
    """The engine's problems, each placed at the box it is about (by its path); a box whose
    writing could not be read keeps only that problem."""
    unreadable = {p["key"] for p in sheet.problems if p.get("key")}
    fields = {f"/{spec['field'].replace('.', '/')}": spec
              for row in sheet.layout["rows"] for spec in row["fields"]}
    table = {f"/{spec['field'].replace('.', '/')}": spec for spec in sheet.layout["table"]}
    for problem in problems:
        path = str(problem.get("path") or "")
        message = str(problem.get("message", ""))
        found = {"message": str(MESSAGES[message]) if message in MESSAGES else said(problem),
                 "where": gettext("the sheet"),
                 "expected": problem.get("expected"),
                 "suggestions": problem.get("suggestions") or []}
        player = re.match(r"/scoresheet/players/([^/]+)(/.*)?$", path)
        if player and player.group(1) in sheet.columns:
            name, rest = player.group(1), player.group(2) or ""
            index = sheet.columns.index(name)
            spec = _spec_at(fields, rest)
            if spec is not None:
                found.update(where=f"{name} · {gettext(spec['label'])}",
                             key=f"{index}:{spec['field']}")
            else:
                found["where"] = name
        elif final := re.match(r"/scoresheet/final/([^/]+)$", path):
            name = final.group(1)
            found["where"] = _total_written(name)
            if name in sheet.columns:
                found["key"] = f"{sheet.columns.index(name)}:final"
        elif path.startswith("/scoresheet/"):
            rest = path[len("/scoresheet"):]
            spec = _spec_at(table, rest)
            if spec is not None:
                found.update(where=gettext(spec["label"]), key=f"t:{spec['field']}")
        elif path.startswith("/header/players"):
            found.update(where=gettext("players"), key="players")
        if found.get("key") not in unreadable or "key" not in found:
            sheet.problems.append(found)


def _total_written(name: str) -> str:
    """Where a player's written total is, as a problem names it."""
    return gettext("%(name)s · total written", name=name)


def _spec_at(specs: dict[str, dict], rest: str) -> dict | None:
    """The field a path inside a sheet is about: the one it is at or inside, else the first
    of the fields inside it (``/scoring_tiles`` is about ``scoring_tiles.council``...)."""
    inside = next((specs[p] for p in sorted(specs, key=len, reverse=True)
                   if rest == p or rest.startswith(p + "/")), None)
    if inside is not None or not rest:
        return inside
    return next((spec for p, spec in specs.items() if p.startswith(rest + "/")), None)
