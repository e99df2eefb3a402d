"""Scoresheet-only input: the end state a table wrote down, scored and checked.

A scoresheet replaces the events of a log with each player's state before final scoring;
it is validated for consistency (ids, caps, counts, ties) with located problems like a log.
"""

from __future__ import annotations

from collections import Counter

from marshmallow import Schema, ValidationError, fields, validate

from replay.coimbra.catalog import Catalog, load_catalog
from replay.coimbra.claims import Claims
from replay.coimbra.game import RESOURCE_CAP
from replay.coimbra.report import build_report
from replay.coimbra.scoring import final_scoring
from replay.coimbra.state import DICE_PER_PLAYER, ROUNDS, TRACKS
from replay.coimbra.table import new_game
from replay.core.log import GameLog
from replay.core.problems import InvalidLog, LogProblem, problems_from_marshmallow

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
        raise InvalidLog([LogProblem("a scoresheet is an object", path="/scoresheet")])
    try:
        data = ScoresheetSchema().load(sheet)
    except ValidationError as err:
        raise InvalidLog(problems_from_marshmallow(err.messages, "/scoresheet")) from None
    loaded = load_catalog(catalog, log.catalog)
    problems = _consistency(log, data, loaded)
    if problems:
        raise InvalidLog(problems)
    game = new_game(log.players, loaded, "strict", log.variants)
    state = game.state
    state.order = list(data["order"])
    state.round = ROUNDS
    state.phase = "F"
    state.scoring_tiles = dict(data["scoring_tiles"])
    for name, line in data["players"].items():
        player = state.players[name]
        player.points, player.coins, player.guards = line["points"], line["coins"], line["guards"]
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
        claims.final = (0, data["final"])
    claims.close(game, {n: p.points for n, p in state.players.items()})
    report = build_report(log, game, loaded, "strict", 0, final, claims, log.warnings)
    report["input"] = "scoresheet"
    return report


def _consistency(log: GameLog, data: dict, catalog: Catalog) -> list[LogProblem]:
    found: list[LogProblem] = []

    def problem(path: str, message: str, expected: str | None = None) -> None:
        found.append(LogProblem(message, path=f"/scoresheet{path}", expected=expected))

    players = set(log.players)
    if sorted(data["order"]) != sorted(players):
        problem("/order", "the order lists every player once", ", ".join(log.players))
    if set(data["players"]) != players:
        problem("/players", "one sheet per player of the header", ", ".join(log.players))
    tiles = data["scoring_tiles"]
    if sorted(tiles) != sorted(TRACKS) or len(set(tiles.values())) != len(TRACKS):
        problem("/scoring_tiles", "each track has one different scoring tile", ", ".join(TRACKS))
    for track, tile in tiles.items():
        if tile not in catalog.scoring_tiles:
            problem(f"/scoring_tiles/{track}", f"unknown scoring tile {tile!r}")
    owners: Counter = Counter()
    for name, line in data["players"].items():
        if name not in players:
            continue
        found.extend(_player_problems(name, line, catalog))
        owners.update(line["characters"])
    for card, count in owners.items():
        if count > 1:
            problem("/players", f"{card} is owned by {count} players")
    invested = {v for line in data["players"].values() for v in line["voyages"]}
    if len(invested) > 6:
        problem("/players", f"{len(invested)} different voyages invested; only 6 are revealed")
    for track, order in data["arrival"].items():
        if len(set(order)) != len(order) or not set(order) <= players:
            problem(f"/arrival/{track}", "arrival order lists players of the game once each")
    for track in TRACKS:
        spaces = Counter(line["tracks"].get(track, 0) for n, line in data["players"].items()
                         if n in players)
        for space, count in spaces.items():
            sharing = [n for n, line in data["players"].items()
                       if line["tracks"].get(track, 0) == space]
            if space > 0 and count > 1 and not set(sharing) <= set(data["arrival"].get(track, [])):
                problem(f"/arrival/{track}", f"{', '.join(sorted(sharing))} share space {space} "
                        f"of the {track} track: say who arrived first",
                        f"arrival order for {track}")
    return found


def _player_problems(name: str, line: dict, catalog: Catalog) -> list[LogProblem]:
    found: list[LogProblem] = []
    base = f"/scoresheet/players/{name}"

    def problem(path: str, message: str, expected: str | None = None) -> None:
        found.append(LogProblem(message, path=base + path, expected=expected))

    for resource in ("coins", "guards"):
        if line[resource] > RESOURCE_CAP:
            problem(f"/{resource}", f"{line[resource]} {resource} is over the cap",
                    f"at most {RESOURCE_CAP}")
    for track in TRACKS:
        position = line["tracks"].get(track)
        if position is None:
            problem(f"/tracks/{track}", "every track's position is needed")
        elif position > catalog.track_max[track]:
            problem(f"/tracks/{track}", f"position {position} is past the end",
                    f"at most {catalog.track_max[track]}")
    for kind, table, ids in (("characters", catalog.characters, line["characters"]),
                             ("monasteries", catalog.monasteries, line["monasteries"]),
                             ("voyages", catalog.voyages, line["voyages"])):
        for i, ident in enumerate(ids):
            if ident not in table:
                problem(f"/{kind}/{i}", f"unknown {kind[:-1]} {ident!r}")
        if len(set(ids)) != len(ids):
            problem(f"/{kind}", f"{kind} repeat")
    known = [c for c in line["characters"] if c in catalog.characters]
    start = {c for c in known if catalog.characters[c].level == "I"}
    if start and frozenset(start) not in {frozenset(p) for p in catalog.start_pairs}:
        problem("/characters", f"start characters {', '.join(sorted(start))} are not one pair")
    elif not start:
        problem("/characters", "one pair of start characters is missing")
    if len(known) - len(start) > MAX_RECRUITS:
        problem("/characters", f"{len(known) - len(start)} characters recruited",
                f"at most {MAX_RECRUITS}")
    for track in TRACKS:
        printed = sum(catalog.characters[c].influence for c in known
                      if catalog.characters[c].cls == track)
        least = min(printed, catalog.track_max[track])
        if line["tracks"].get(track, least) < least:
            problem(f"/tracks/{track}", f"the {track} characters alone give {least} influence",
                    f"at least {least}")
    return found
