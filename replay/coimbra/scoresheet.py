"""Scoresheet-only input: the end state a table wrote down, scored and checked.

A scoresheet replaces the events of a log with each player's state before final scoring;
it is validated for consistency (ids, caps, counts, ties) with located problems like a log.
Characters, monasteries and voyages may be written by printed name, as in a text log.
"""

from __future__ import annotations

from collections import Counter

from marshmallow import Schema, ValidationError, fields, validate

from replay.coimbra.catalog import Catalog, load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.new_table import new_table
from replay.coimbra.report import build_report
from replay.coimbra.scoring import final_scoring
from replay.coimbra.state import DICE_PER_PLAYER, RESOURCE_NAMES, ROUNDS, TRACK_NAMES, TRACKS
from replay.coimbra.table import RESOURCE_CAP
from replay.core.logs.log import GameLog
from replay.core.logs.names import ids_by_name, read_id
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.logs.text import closest, fold_name
from replay.core.speech import say

NON_NEGATIVE = validate.Range(min=0)
MAX_RECRUITS = DICE_PER_PLAYER * ROUNDS  # one character per city die at most


class PlayerSheetSchema(Schema):
    """One player's line of the scoresheet, as it stood before final scoring."""

    points = fields.Integer(required=True, validate=NON_NEGATIVE)
    coins = fields.Integer(required=True, validate=NON_NEGATIVE)
    guards = fields.Integer(required=True, validate=NON_NEGATIVE)
    crowns = fields.Integer(required=True, validate=NON_NEGATIVE)
    tracks = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                         values=fields.Integer(validate=NON_NEGATIVE), required=True)
    characters = fields.List(fields.String(), required=True)
    monasteries = fields.List(fields.String(), load_default=list)
    voyages = fields.List(fields.String(), load_default=list)
    favors_taken = fields.Integer(load_default=0, validate=validate.Range(
        min=0, max=DICE_PER_PLAYER * ROUNDS))


class ScoresheetSchema(Schema):
    """The end state of a game: order, scoring tiles, each player's sheet, ties, claims."""

    order = fields.List(fields.String(), required=True)
    scoring_tiles = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                                values=fields.String(), required=True)
    players = fields.Dict(keys=fields.String(), values=fields.Nested(PlayerSheetSchema),
                          required=True)
    arrival = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                          values=fields.List(fields.String()), load_default=dict)
    final = fields.Dict(keys=fields.String(), values=fields.Integer(), load_default=dict)


def score_sheet(log: GameLog, sheet: object, catalog: dict | None = None) -> dict:
    """Validate a scoresheet, compute the final scoring, and report it."""
    if not isinstance(sheet, dict):
        raise InvalidLog([LogProblem(say("a scoresheet is an object"), path="/scoresheet")])
    loaded = load_catalog(catalog, log.catalog, log.declarations())
    sheet = _with_ids(sheet, loaded)
    try:
        data = ScoresheetSchema().load(sheet)
        problems = _consistency(log, data, loaded)
    except ValidationError as err:
        # Every problem at once: the shapes marshmallow refused, and the consistency of
        # whatever parts of the sheet did load.
        problems = problems_from_marshmallow(err.messages, "/scoresheet")
        problems += _consistency(log, _loaded_parts(err.valid_data, err.messages), loaded)
        raw = sheet.get("players") if isinstance(sheet.get("players"), dict) else {}
        refused = err.messages.get("players", {}) if isinstance(err.messages, dict) else {}
        for name in refused:
            if isinstance(raw.get(name), dict):
                problems += _unknown_ids(name, raw[name], loaded)
        problems.sort(key=lambda problem: problem.path)
    if problems:
        raise InvalidLog(problems)
    game = new_table(log.players, loaded, "strict", log.variants)
    state = game.state
    state.order = list(data["order"])
    state.round = ROUNDS
    game.phase = "F"
    state.scoring_tiles = dict(data["scoring_tiles"])
    for name, line in data["players"].items():
        player = state.players[name]
        player.coins, player.guards = line["coins"], line["guards"]
        # The points scored during play arrive as one ledger row, so the ledger, the points
        # per round and the chart add up to the totals.
        game.change(name, "points", line["points"], say("points during play, as written on "
                                                         "the scoresheet"), "scoresheet")
        player.influence.update(line["tracks"])
        player.characters = list(line["characters"])
        player.monasteries = list(line["monasteries"])
        player.voyages = list(line["voyages"])
        player.favors_taken = line["favors_taken"]
        for track in TRACKS:
            order = data["arrival"].get(track, [])
            player.arrived[track] = order.index(name) if name in order else 0
    final = final_scoring(game, {n: line["crowns"] for n, line in data["players"].items()})
    claims = Claims()
    if data["final"]:
        claims.final = (None, data["final"])  # written on the sheet, at no event
    claims.close(game, {n: p.points for n, p in state.players.items()})
    report = build_report(log, game, loaded, "strict", 0, final, claims, log.warnings)
    report["input"] = "scoresheet"
    return report


# The lists of a player's sheet as words.
SHEET_LISTS = {"characters": say("characters"), "monasteries": say("monasteries"),
               "voyages": say("voyages")}


def _unknown_on_sheet(kind: str, name: str, ident: str) -> tuple[str, str]:
    """What an id of a sheet's list ``kind`` that the catalog lacks says, and expects."""
    if kind == "characters":
        return (say("{player}'s sheet lists an unknown character {id}", player=name,
                    id=repr(ident)), say("a character id or printed name"))
    if kind == "monasteries":
        return (say("{player}'s sheet lists an unknown monasterie {id}", player=name,
                    id=repr(ident)), say("a monasterie id or printed name"))
    return (say("{player}'s sheet lists an unknown voyage {id}", player=name, id=repr(ident)),
            say("a voyage id or printed name"))


def _tables(catalog: Catalog) -> dict[str, dict]:
    return {"characters": catalog.characters, "monasteries": catalog.monasteries,
            "voyages": catalog.voyages}


def _with_ids(sheet: dict, catalog: Catalog) -> dict:
    """The sheet with every component written by its printed name (``Afonso Mendes``,
    ``"rota da madeira"``) replaced by its id; words that name nothing stay as written, for
    the consistency checks to locate."""
    players = sheet.get("players")
    if not isinstance(players, dict):
        return sheet
    tables = _tables(catalog)
    readers = {kind: (table, ids_by_name({i: item.name for i, item in table.items()}))
               for kind, table in tables.items()}
    lines = {}
    for name, line in players.items():
        if isinstance(line, dict):
            line = {key: [read_id(v, *readers[key]) or v if isinstance(v, str) else v
                          for v in value]
                    if key in readers and isinstance(value, list) else value
                    for key, value in line.items()}
        lines[name] = line
    return {**sheet, "players": lines}


def _loaded_parts(valid: object, errors: dict) -> dict:
    """The parts of a sheet that loaded, with defaults for the rest, for the consistency
    checks: a player whose sheet has a refused field is left out (its problems are listed)."""
    valid = valid if isinstance(valid, dict) else {}
    refused = errors.get("players", {}) if isinstance(errors, dict) else {}
    fields_ = PlayerSheetSchema().fields
    players = {name: line for name, line in (valid.get("players") or {}).items()
               if name not in refused and isinstance(line, dict)
               and all(key in line for key, field in fields_.items() if field.required)}
    return {"order": valid.get("order"), "scoring_tiles": valid.get("scoring_tiles"),
            "players": players, "arrival": valid.get("arrival", {}),
            "partial": True}


def _consistency(log: GameLog, data: dict, catalog: Catalog) -> list[LogProblem]:
    found: list[LogProblem] = []

    def problem(path: str, message: str, expected: str | None = None,
                suggestions: tuple[str, ...] = ()) -> None:
        found.append(LogProblem(message, path=f"/scoresheet{path}", expected=expected,
                                suggestions=suggestions))

    players = set(log.players)
    partial = data.get("partial", False)
    if data["order"] is not None and sorted(data["order"]) != sorted(players):
        problem("/order", "the order lists every player once", ", ".join(log.players))
    if not partial and set(data["players"]) != players:
        problem("/players", "one sheet per player of the header", ", ".join(log.players))
    tiles = data["scoring_tiles"]
    if tiles is not None and (sorted(tiles) != sorted(TRACKS)
                              or len(set(tiles.values())) != len(TRACKS)):
        problem("/scoring_tiles", "each track has one different scoring tile", ", ".join(TRACKS))
    for track, tile in (tiles or {}).items():
        if tile not in catalog.scoring_tiles:
            problem(f"/scoring_tiles/{track}", say("unknown scoring tile {tile}", tile=repr(tile)),
                    suggestions=closest(tile, catalog.scoring_tiles))
    owners: Counter = Counter()
    for name, line in data["players"].items():
        if name not in players:
            continue
        found.extend(_player_problems(name, line, catalog))
        owners.update(line["characters"])
    for card, count in owners.items():
        if count > 1:
            problem("/players", say("{card} is on {count} players' sheets",
                                    card=catalog.label(card), count=count),
                    say("each character on one sheet"))
    invested = {v for line in data["players"].values() for v in line["voyages"]}
    if len(invested) > 6:
        problem("/players", say("{number} different voyages invested; only 6 are revealed",
                                number=len(invested)))
    for track, order in data["arrival"].items():
        if len(set(order)) != len(order) or not set(order) <= players:
            problem(f"/arrival/{track}",
                    say("arrival order lists players of the game once each"))
    for track in TRACKS:
        spaces = Counter(line["tracks"].get(track, 0) for n, line in data["players"].items()
                         if n in players)
        for space, count in spaces.items():
            sharing = [n for n, line in data["players"].items()
                       if line["tracks"].get(track, 0) == space]
            if space > 0 and count > 1 and not set(sharing) <= set(data["arrival"].get(track, [])):
                problem(f"/arrival/{track}",
                        say("{players} share space {space} of the {track} track: say who "
                            "arrived first", players=", ".join(sorted(sharing)), space=space,
                            track=TRACK_NAMES[track]),
                        say("arrival order for {track}", track=TRACK_NAMES[track]))
    return found


def _unknown_ids(name: str, line: dict, catalog: Catalog) -> list[LogProblem]:
    """Ids a player's sheet names that the catalog does not have (with the closest ones),
    and ids listed twice; read from the sheet as written, whatever else is wrong with it."""
    found = []
    base = f"/scoresheet/players/{name}"
    for kind, table in _tables(catalog).items():
        ids = line.get(kind)
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            continue
        for i, ident in enumerate(ids):
            if ident not in table:
                unknown, expected = _unknown_on_sheet(kind, name, ident)
                found.append(LogProblem(
                    unknown, path=f"{base}/{kind}/{i}", expected=expected,
                    suggestions=_close_to(ident, table)))
        if len(set(ids)) != len(ids):
            found.append(LogProblem(say("{kind} repeat", kind=SHEET_LISTS[kind]),
                                    path=f"{base}/{kind}"))
    return found


def _close_to(word: str, table: dict) -> tuple[str, ...]:
    """The ids closest to a word, by id or by printed name (shown as ``c2-08 "Name"``)."""
    by_name = {fold_name(item.name): ident for ident, item in table.items()}
    named = [f'{by_name[n]} "{table[by_name[n]].name}"' for n in closest(fold_name(word),
                                                                          by_name)]
    return tuple(named) or closest(word, table)


def _player_problems(name: str, line: dict, catalog: Catalog) -> list[LogProblem]:
    found: list[LogProblem] = []
    base = f"/scoresheet/players/{name}"

    def problem(path: str, message: str, expected: str | None = None,
                suggestions: tuple[str, ...] = ()) -> None:
        found.append(LogProblem(say("{player}'s sheet: {problem}", player=name,
                                    problem=message), path=base + path,
                                expected=expected, suggestions=suggestions))

    for resource in ("coins", "guards"):
        if line[resource] > RESOURCE_CAP:
            problem(f"/{resource}", say("{number} {resource} is over the cap",
                                        number=line[resource],
                                        resource=RESOURCE_NAMES.get(resource, resource)),
                    say("at most {number}", number=RESOURCE_CAP))
    for track in TRACKS:
        position = line["tracks"].get(track)
        if position is None:
            problem(f"/tracks/{track}", say("every track's position is needed"))
        elif position > catalog.track_max[track]:
            problem(f"/tracks/{track}", say("position {position} is past the end",
                                            position=position),
                    say("at most {number}", number=catalog.track_max[track]))
    found += _unknown_ids(name, line, catalog)
    known = [c for c in line["characters"] if c in catalog.characters]
    start = {c for c in known if catalog.characters[c].level == "I"}
    if start and frozenset(start) not in {frozenset(p) for p in catalog.start_pairs}:
        problem("/characters", say("start characters {cards} are not one pair",
                                   cards=", ".join(sorted(start))))
    elif not start:
        problem("/characters", say("one pair of start characters is missing"))
    if len(known) - len(start) > MAX_RECRUITS:
        problem("/characters", say("{number} characters recruited",
                                   number=len(known) - len(start)),
                say("at most {number}", number=MAX_RECRUITS))
    for track in TRACKS:
        printed = sum(catalog.characters[c].influence for c in known
                      if catalog.characters[c].cls == track)
        least = min(printed, catalog.track_max[track])
        if line["tracks"].get(track, least) < least:
            problem(f"/tracks/{track}", say("the {track} characters alone give {least} influence",
                                            track=TRACK_NAMES[track], least=least),
                    say("at least {number}", number=least))
    return found


def sheet_choices(catalog_id: str | None = None) -> dict[str, list[tuple[str, str]]]:
    """What a scoresheet form offers to choose from, by kind: ``(value, label)`` pairs, a
    component's value its printed name (which the sheet reads) and its label its id."""
    catalog = load_catalog(catalog_id=catalog_id)
    choices = {kind: [(item.name, ident) for ident, item in table.items()]
               for kind, table in _tables(catalog).items()}
    choices["scoring_tiles"] = [(ident, ident) for ident in catalog.scoring_tiles]
    return choices
