"""The tournament desk's spreadsheet: one row per player per table, read as scoresheets.

Organisers keep the end of each game as rows: ``table``, ``player`` (rows in seat order),
``total`` (what the table wrote), and a column per field of the game's scoresheet
(``docs/<game>-log.md``, "Scoresheet-only input"), named as in it: ``silver``,
``cleric_bonuses``; a field holding one value per key has a column per key
(``buildings.guildhall``, ``tracks.council``). The game's ``scoresheet_schema`` says which
columns there are and what each holds, so a game brings no code of its own here. A number
is digits; a list is its items separated by ``;`` or ``,`` (numbers also by spaces); a tick
is ``yes`` / ``no`` (or ``x`` / blank). A field of the whole game (Coimbra's ``order`` and
``scoring_tiles.*``, Viscounts' ``revealed``) is written on one row of the table or on
several alike. A ``game`` column names each table's game when the desk does not.

Every problem (a missing or unknown column, a duplicate player, text in a number field, a
sheet that does not hold together) is located at its row and column; a desk with any
problem is refused whole, so nothing is half-imported.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from marshmallow import fields as mm

from replay.core.logs.log import load_log
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.logs.text import closest
from replay.core.protocol.game import Game
from replay.core.speech import say
from replay.core.words import alternatives

FIXED = ("table", "player", "total", "game")
WORDS = re.compile(r"\s*[;,]\s*")
NUMBERS = re.compile(r"[\s;,]+")
YES, NO = {"yes", "y", "x", "true", "1"}, {"no", "n", "", "false", "0"}


@dataclass
class Row:
    """One player's row: where it is in the file, and its cells by column name."""

    number: int  # 1-based, the header being row 1
    cells: dict[str, str]


@dataclass
class Table:
    """The rows of one table, in seat order, and the scoresheet document they make."""

    name: str
    game: Game
    rows: list[Row] = field(default_factory=list)
    document: dict = field(default_factory=dict)
    report: dict = field(default_factory=dict)  # once the sheet is scored

    @property
    def players(self) -> list[str]:
        """The players, in seat order."""
        return [row.cells["player"] for row in self.rows]


def read_desk(text: str, games, default_game: str | None = None) -> list[Table]:
    """The tables of a desk file, each with its scoresheet document; ``InvalidLog`` with every
    problem, located by row and column, when any row or sheet has one. ``games`` is the
    registry."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    lines = [line for line in reader]
    if not lines or not any(cell.strip() for cell in lines[0]):
        raise InvalidLog([LogProblem(say("the desk file is empty: its first row names the "
                                         "columns"),
                                     line=1, column=1, expected="table,player,total,...")])
    header = [cell.strip().lower() for cell in lines[0]]
    problems: list[LogProblem] = []
    problems += _header_problems(header, default_game)
    rows = [Row(number, {name: cell.strip() for name, cell in zip(header, line, strict=False)})
            for number, line in enumerate(lines[1:], start=2) if any(c.strip() for c in line)]
    if not rows:
        problems.append(LogProblem(say("the desk file has no rows below its column names"),
                                   line=2, column=1,
                                   expected=say("one row per player per table")))
    for number, line in enumerate(lines[1:], start=2):
        if len(line) > len(header) and any(c.strip() for c in line[len(header):]):
            problems.append(LogProblem(
                say("row {row} has {cells} cells; the first row names {columns} columns",
                    row=number, cells=len(line), columns=len(header)),
                line=number, column=len(header) + 1, expected=say("a cell per column")))
    tables: dict[str, Table] = {}
    for row in rows:
        problems += _row_problems(row, header, tables, games, default_game)
    for game in {table.game.name: table.game for table in tables.values()}.values():
        problems += _column_problems(game, header)
    for table in tables.values():
        problems += _fill(table, header)
    if problems:
        raise InvalidLog(sorted(problems, key=lambda p: (p.line or 0, p.column or 0)))
    for table in tables.values():
        problems += _sheet_problems(table, header)
    if problems:
        raise InvalidLog(sorted(problems, key=lambda p: (p.line or 0, p.column or 0)))
    return list(tables.values())


def _header_problems(header: list[str], default_game: str | None) -> list[LogProblem]:
    found = []
    for name in ("table", "player"):
        if name not in header:
            found.append(LogProblem(say("the desk has no {column} column", column=repr(name)),
                                    line=1, column=1,
                                    expected=say("a column named {column}", column=name)))
    if default_game is None and "game" not in header:
        found.append(LogProblem(say("no game is named: add a 'game' column, or say the game"),
                                line=1, column=1,
                                expected=say("a column named {column}", column="game")))
    seen: dict[str, int] = {}
    for index, name in enumerate(header, start=1):
        if not name:
            found.append(LogProblem(say("a column has no name"), line=1, column=index))
        elif name in seen:
            found.append(LogProblem(say("column {column} twice (also column {first})",
                                        column=repr(name), first=seen[name]),
                                    line=1, column=index))
        seen.setdefault(name, index)
    return found


def _row_problems(row: Row, header: list[str], tables: dict[str, Table], games,
                  default_game: str | None) -> list[LogProblem]:
    found = []

    def at(column: str, message: str, **extra) -> None:
        index = header.index(column) + 1 if column in header else 1
        found.append(LogProblem(message, line=row.number, column=index, **extra))

    name, player = row.cells.get("table", ""), row.cells.get("player", "").lower()
    game_name = (row.cells.get("game") or default_game or "").lower()
    if not name:
        at("table", say("the row names no table"))
    if not player:
        at("player", say("the row names no player"))
    game = games.find(game_name)
    if game is None:
        at("game", say("unknown game {game}", game=repr(game_name)),
           expected=alternatives(games.names()),
           suggestions=closest(game_name, games.names()))
    elif _player_schema(game) is None:
        at("game", say("{game} has no scoresheet with a line per player", game=game.title))
    if found:
        return found
    row.cells["player"] = player
    table = tables.setdefault(name, Table(name, game))
    if table.game is not game:
        at("game", say("table {table} is a {game} game (row {row})", table=name,
                       game=table.game.title, row=table.rows[0].number))
    elif player in table.players:
        first = next(r.number for r in table.rows if r.cells["player"] == player)
        at("player", say("{player} is listed twice at table {table} (also row {row})",
                         player=player, table=name, row=first),
           expected=say("one row per player per table"))
    else:
        table.rows.append(row)
    return found


def _player_schema(game: Game):
    """The schema of one player's line of the game's scoresheet, if it has such lines."""
    schema = game.scoresheet_schema() if game.scoresheet_schema else None
    players = schema.fields.get("players") if schema else None
    if isinstance(players, mm.Dict) and isinstance(players.value_field, mm.Nested):
        return players.value_field.schema
    return None


def _columns(schema, skip: tuple[str, ...] = ()) -> dict[str, tuple[str, mm.Field, bool]]:
    """``{column: (field name, what a cell holds, whether the field is required)}`` for a
    schema: a column per field, or per key of a field holding one value per key
    (``tracks.council``: the keys from its validation)."""
    columns = {}
    for name, item in schema.fields.items():
        if name in skip:
            continue
        if isinstance(item, mm.Dict):
            for key in _keys(item):
                columns[f"{name}.{key}"] = (name, item.value_field, item.required)
        else:
            columns[name] = (name, item, item.required)
    return columns


def _keys(item: mm.Dict) -> tuple[str, ...]:
    """The keys a per-key field allows, from its key field's ``OneOf`` validation."""
    for validator in getattr(item.key_field, "validators", ()):
        if hasattr(validator, "choices"):
            return tuple(map(str, validator.choices))
    return ()


def _column_problems(game: Game, header: list[str]) -> list[LogProblem]:
    """Columns the game's sheets do not have, and columns they need that the desk lacks."""
    found = []
    player_columns = _columns(_player_schema(game))
    table_columns = _columns(game.scoresheet_schema(), skip=("players", "final"))
    for index, column in enumerate(header, start=1):
        if column and column not in FIXED and column not in player_columns \
                and column not in table_columns:
            found.append(LogProblem(
                say("{game} sheets have no column {column}", game=game.title,
                    column=repr(column)), line=1, column=index,
                suggestions=closest(column, [*player_columns, *table_columns])))
    for columns in (player_columns, table_columns):
        needed = {name: column != name for column, (name, _, required) in columns.items()
                  if required}
        for name, per_key in sorted(needed.items()):
            if name not in header and not any(c.startswith(f"{name}.") for c in header):
                shown = f"{name}.*" if per_key else name
                found.append(LogProblem(say("the desk has no {column} column, which every "
                                            "{game} sheet needs", column=repr(shown),
                                            game=game.title), line=1, column=1))
    return found


def _fill(table: Table, header: list[str]) -> list[LogProblem]:
    """Read a table's cells into its scoresheet document (the problems of cells that cannot
    be read)."""
    found: list[LogProblem] = []
    player_columns = _columns(_player_schema(table.game))
    table_columns = _columns(table.game.scoresheet_schema(), skip=("players", "final"))
    sheet: dict = {"players": {}}
    written: dict[str, int] = {}
    shared: dict[str, tuple[int, str]] = {}
    for row in table.rows:
        line: dict = {}
        for column, text in row.cells.items():
            index = header.index(column) + 1
            where = say("table {table}, {player}, {column}", table=table.name,
                        player=row.cells["player"], column=column)
            if column == "total" and text:
                value = _value(mm.Integer(), text, where, row.number, index, found)
                if value is not None:
                    written[row.cells["player"]] = value
            elif column in player_columns and text:
                value = _value(player_columns[column][1], text, where, row.number, index, found)
                if value is not None:
                    _put(line, column, value)
            elif column in table_columns and text:
                if column in shared and shared[column][1] != text:
                    found.append(LogProblem(
                        say("table {table}'s {column} is {first} on row {row} and {value} here",
                            table=table.name, column=column, first=repr(shared[column][1]),
                            row=shared[column][0], value=repr(text)), line=row.number,
                        column=index, expected=say("one value for the whole table")))
                    continue
                shared[column] = (row.number, text)
                value = _value(table_columns[column][1], text, where, row.number, index, found)
                if value is not None:
                    _put(sheet, column, value)
        sheet["players"][row.cells["player"]] = line
    if written:
        sheet["final"] = written
    table.document = {"header": {"game": table.game.name, "players": table.players},
                      "scoresheet": sheet}
    return found


def _put(target: dict, column: str, value) -> None:
    name, _, key = column.partition(".")
    if key:
        target.setdefault(name, {})[key] = value
    else:
        target[name] = value


def _value(item: mm.Field, text: str, where: str, line: int, column: int,
           found: list[LogProblem]):
    """A cell's value as the field holds it, or None with the problem recorded."""

    def refuse(message: str, expected: str):
        found.append(LogProblem(say("{where}: {problem}", where=where, problem=message),
                                line=line, column=column,
                                expected=expected, text=shown))

    shown = text if len(text) <= 40 else f"{text[:40]}…"

    if isinstance(item, mm.Integer):
        if re.fullmatch(r"-?[0-9]{1,9}", text):
            return int(text)
        return refuse(say("{text} is not a whole number", text=repr(shown)),
                      say("a whole number"))
    if isinstance(item, mm.Boolean):
        if text.lower() in YES | NO:
            return text.lower() in YES
        return refuse(say("{text} is not yes or no", text=repr(shown)), say("yes or no"))
    if isinstance(item, mm.List):
        inner = item.inner
        if isinstance(inner, mm.Integer):
            parts = [p for p in NUMBERS.split(text) if p]
            if all(re.fullmatch(r"[0-9]{1,9}", p) for p in parts):
                return [int(p) for p in parts]
            return refuse(say("{text} is not whole numbers", text=repr(shown)),
                          say("numbers separated by spaces"))
        return [p for p in WORDS.split(text) if p]
    return text


def _sheet_problems(table: Table, header: list[str]) -> list[LogProblem]:
    """Score a table's sheet; the game's problems with it, each placed at the row and
    column it is about."""
    try:
        log = load_log({"header": table.document["header"]})
        table.report = table.game.score_sheet(log, table.document["scoresheet"])
    except InvalidLog as err:
        return [_place(table, header, problem) for problem in err.problems]
    return []


def _place(table: Table, header: list[str], problem: LogProblem) -> LogProblem:
    """A scoresheet problem (``/scoresheet/players/ana/cards/2``) at its row and column."""
    parts = problem.path.strip("/").split("/")
    row, column = table.rows[0], None
    if parts[:2] == ["scoresheet", "players"] and len(parts) > 2:
        row = next((r for r in table.rows if r.cells["player"] == parts[2]), row)
        column = _column_of(header, parts[3:])
    elif parts[:2] == ["scoresheet", "final"] and len(parts) > 2:
        row = next((r for r in table.rows if r.cells["player"] == parts[2]), row)
        column = "total"
    elif parts[:1] == ["scoresheet"] and len(parts) > 1:
        column = _column_of(header, parts[1:])
        row = next((r for r in table.rows if r.cells.get(column)), row)
    elif parts[:2] == ["header", "players"]:
        column = "player"
        if len(parts) > 2 and parts[2].isdigit() and int(parts[2]) < len(table.rows):
            row = table.rows[int(parts[2])]
    index = header.index(column) + 1 if column in header else 1
    named = [p for p in parts[1:] if p not in ("players", row.cells["player"])
             and not p.isdigit()]
    if column is None and named:
        message = say("table {table}, {player}: {problem} (column {column})",
                      table=table.name, player=row.cells["player"], problem=problem.message,
                      column=".".join(named[:2]))
    else:
        message = say("table {table}, {player}: {problem}", table=table.name,
                      player=row.cells["player"], problem=problem.message)
    return LogProblem(message,
                      path=problem.path, line=row.number, column=index,
                      expected=problem.expected, suggestions=problem.suggestions)


def _column_of(header: list[str], parts: list[str]) -> str | None:
    """The column a path inside a sheet names: ``buildings/guildhall/0`` is column
    ``buildings.guildhall`` where the desk has it, else ``buildings``."""
    if not parts:
        return None
    if len(parts) > 1 and f"{parts[0]}.{parts[1]}" in header:
        return f"{parts[0]}.{parts[1]}"
    return parts[0] if parts[0] in header else None


def desk_results(tables: list[Table]) -> dict:
    """What the desk announces: each table's verdict, claims and standings, then every
    player of the event by points (with their table and their place at it)."""
    results, everyone = [], []
    for table in tables:
        report = table.report
        wrong = [c for c in report.get("claims") or [] if not c["match"]]
        results.append({"table": table.name, "game": table.game.name,
                        "verdict": report["verdict"], "standings": report["standings"],
                        "wrong_totals": [{k: c[k] for k in ("player", "claimed", "computed")}
                                         for c in wrong]})
        everyone += [{"player": row["player"], "table": table.name, "place": row["rank"],
                      "points": row["points"]} for row in report["standings"]]
    everyone.sort(key=lambda row: (-row["points"], row["place"], row["table"]))
    return {"tables": results, "standings": everyone}
