"""A Coimbra position: the table at a moment as a document, and a table set up from one.

The document holds everything the rules need to go on: each player's resources, tracks,
cards, tiles, pilgrim and dice; the deck, the city rows, the monasteries, voyages, favors and
scoring tiles on the board; the dice queues; the turn order, the round and phase, and where
the phase stands (the next drafter, the next die to resolve, the pilgrim steps still to use).
A position is checked before any event is replayed from it: its shape field by field, then
that it could happen (each card in one place, counts within the game's limits, components
of the catalog, a phase that can follow), every problem located by its path.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from marshmallow import Schema, ValidationError, fields, validate

from replay.coimbra.dice import COLOUR_NAMES, die_colour
from replay.coimbra.drafting import dice_pool
from replay.coimbra.phases import PHASES
from replay.coimbra.state import (
    CITY_ROWS,
    DICE_PER_PLAYER,
    LOCATION_NAMES,
    LOCATIONS,
    ROUNDS,
    TRACK_NAMES,
    TRACKS,
    GameState,
    Player,
    Slot,
)
from replay.coimbra.table import RESOURCE_CAP, Table
from replay.core.logs.problems import InvalidLog, LogProblem, problems_from_marshmallow
from replay.core.speech import say

VERSION = 1
CITY_SLOTS = 4  # a city row shows at most four characters (rulebook p.5)
# The phases before the first round's deal, when nothing is on the table yet.
BEFORE_ROUNDS = ("setup", "start")
# What an id of a position that the catalog lacks was meant to be, as words.
MISSING_KINDS = {"character": say("character"), "monastery": say("monastery"),
                 "voyage": say("voyage"), "favor": say("favor"), "map node": say("map node"),
                 "monastery space": say("monastery space"), "scoring tile": say("scoring tile"),
                 "corner": say("corner")}

_COUNT = validate.Range(min=0)


def _count(most: int | None = None) -> fields.Integer:
    return fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=most))


def _names() -> fields.List:
    return fields.List(fields.String(), required=True)


class SlotSchema(Schema):
    """A die (or neutral token) in a location's queue."""

    die = fields.String(required=True)
    value = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=6))
    owner = fields.String(required=True, allow_none=True)
    resolved = fields.Boolean(required=True)
    bonus = fields.Integer(strict=True, load_default=0, validate=_COUNT)


class PlayerSchema(Schema):
    """One player's holdings and this round's bookkeeping."""

    coins = _count(RESOURCE_CAP)
    guards = _count(RESOURCE_CAP)
    points = _count()
    influence = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                            values=fields.Integer(strict=True, validate=_COUNT), required=True)
    arrived = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                          values=fields.Integer(strict=True, validate=_COUNT), required=True)
    characters = _names()
    start_cards = _names()
    monasteries = _names()
    pilgrim = fields.String(required=True, allow_none=True)
    voyages = _names()
    favors_taken = _count()
    favors = _names()
    crown_tokens = _count()
    dice = _names()
    income_used = _names()
    investments = _count()
    invested_this_round = _count()
    took_pair = fields.Boolean(required=True)
    took_corner = fields.Boolean(required=True)


class PositionSchema(Schema):
    """The whole table at a moment."""

    version = fields.Integer(strict=True, required=True, validate=validate.Equal(VERSION))
    phase = fields.String(required=True, validate=validate.OneOf(list(PHASES)))
    round = fields.Integer(strict=True, required=True,
                           validate=validate.Range(min=0, max=ROUNDS))
    players = fields.Dict(keys=fields.String(), values=fields.Nested(PlayerSchema),
                          required=True)
    order = _names()
    start_turns = _names()
    deck = _names()
    rows = fields.Dict(keys=fields.String(validate=validate.OneOf(CITY_ROWS)),
                       values=fields.List(fields.String(allow_none=True)), required=True)
    crown_tokens = fields.Dict(keys=fields.String(),
                               values=fields.String(validate=validate.OneOf(TRACKS)),
                               required=True)
    favors_available = _names()
    voyages = _names()
    monasteries = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    scoring_tiles = fields.Dict(keys=fields.String(validate=validate.OneOf(TRACKS)),
                                values=fields.String(), required=True)
    start_pairs = fields.List(fields.List(fields.String(), validate=validate.Length(equal=2)),
                              required=True)
    corners_free = _names()
    pool = _names()
    queues = fields.Dict(keys=fields.String(validate=validate.OneOf(LOCATIONS)),
                         values=fields.List(fields.Nested(SlotSchema)), required=True)
    picks = _count()
    resolving = _count(len(LOCATIONS))
    cursor = _count()
    pending_steps = fields.Dict(keys=fields.String(),
                                values=fields.Integer(strict=True, validate=_COUNT),
                                required=True)
    choosing = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)
    clock = _count()


_SCHEMA = PositionSchema()


def position_of(game: Table) -> dict:
    """The document of the table as it stands (between two events)."""
    state = dataclasses.asdict(game.state)
    for player in state["players"].values():
        del player["name"]
    state["deck"] = sorted(state["deck"])
    state["start_pairs"] = [list(pair) for pair in state["start_pairs"]]
    return {"version": VERSION, "phase": game.phase, **state}


def place(game: Table, position: dict) -> None:
    """Set a new table up as ``position`` describes it, or raise ``InvalidLog`` with every
    problem of the position, located by its path."""
    try:
        _SCHEMA.load(position)
    except ValidationError as err:
        raise InvalidLog([_at(p) for p in problems_from_marshmallow(err.messages)]) from None
    problems = list(_problems(game, position))
    if problems:
        raise InvalidLog(problems)
    plain = {key: value for key, value in position.items() if key not in ("version", "phase")}
    plain["players"] = {name: Player(name=name, **{k: _copy(v) for k, v in player.items()})
                        for name, player in position["players"].items()}
    plain["deck"] = set(position["deck"])
    plain["start_pairs"] = [tuple(pair) for pair in position["start_pairs"]]
    plain["queues"] = {location: [Slot(**slot) for slot in slots]
                       for location, slots in position["queues"].items()}
    for key in ("order", "start_turns", "rows", "crown_tokens", "favors_available",
                "voyages", "monasteries", "scoring_tiles", "corners_free", "pool",
                "pending_steps"):
        plain[key] = _copy(position[key])
    plain["choosing"] = _copy(position.get("choosing", {}))
    game.state = GameState(**plain)
    game.state.players = {name: game.state.players[name] for name in game.state.order}
    game.phase = position["phase"]


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _at(problem: LogProblem) -> LogProblem:
    return dataclasses.replace(problem, path=f"/position{problem.path or ''}")


def _problem(path: str, message: str, expected: str | None = None) -> LogProblem:
    return LogProblem(message, path=f"/position{path}", expected=expected)


def _problems(game: Table, position: dict):
    """Whatever makes the position one that cannot happen at this table."""
    catalog, seated = game.catalog, list(game.state.order)
    players = position["players"]
    if sorted(players) != sorted(seated):
        yield _problem("/players", say("the position's players are {players}, the log's "
                                       "{seated}", players=", ".join(players),
                                       seated=", ".join(seated)), expected=", ".join(seated))
        return
    if sorted(position["order"]) != sorted(seated):
        yield _problem("/order", say("the turn order names each player once"),
                       expected=" ".join(seated))
    yield from _phase_problems(position)
    yield from _card_problems(catalog, position)
    for name, player in players.items():
        yield from _player_problems(catalog, position, name, player)
    yield from _board_problems(catalog, position)
    yield from _dice_problems(game, position)


def _phase_problems(position: dict):
    phase, round_ = position["phase"], position["round"]
    if (phase in BEFORE_ROUNDS) != (round_ == 0):
        yield _problem("/round", say("round {round} cannot be in {phase}", round=round_,
                                     phase=PHASES[phase].title),
                       expected="0" if phase in BEFORE_ROUNDS
                       else say("1 to {last}", last=ROUNDS))
    if phase == "over" and round_ != ROUNDS:
        yield _problem("/round", say("the game is over only after round {round}", round=ROUNDS),
                       expected=str(ROUNDS))


def _card_problems(catalog, position: dict):
    """Each character in one place: the deck, a city row, a start pair, a player's cards."""
    places: dict[str, list[str]] = {}
    for index, card in enumerate(position["deck"]):
        places.setdefault(card, []).append(f"/deck/{index}")
    for row, cards in position["rows"].items():
        if len(cards) > CITY_SLOTS:
            yield _problem(f"/rows/{row}", say("a city row shows at most {number} characters",
                                               number=CITY_SLOTS),
                           expected=str(CITY_SLOTS))
        for index, card in enumerate(cards):
            if card is not None:
                places.setdefault(card, []).append(f"/rows/{row}/{index}")
    for index, pair in enumerate(position["start_pairs"]):
        for side, card in enumerate(pair):
            places.setdefault(card, []).append(f"/start_pairs/{index}/{side}")
    for name, player in position["players"].items():
        for index, card in enumerate(player["characters"]):
            places.setdefault(card, []).append(f"/players/{name}/characters/{index}")
        for index, card in enumerate(player["start_cards"]):
            if card not in player["characters"]:  # which of the player's cards began it
                yield _problem(f"/players/{name}/start_cards/{index}",
                               say("{player}'s start card {card} is not among {player}'s "
                                   "characters", player=name, card=card))
    for card, paths in places.items():
        if card not in catalog.characters:
            yield _problem(paths[0], _missing("character", card, catalog))
        elif len(paths) > 1:
            yield _problem(paths[1], say("{card} is in two places: {first} and {second}",
                                         card=catalog.label(card), first=_place(paths[0]),
                                         second=_place(paths[1])))
    for card in position["crown_tokens"]:
        if card not in catalog.characters:
            yield _problem(f"/crown_tokens/{card}", _missing("character", card, catalog))


def _place(path: str) -> str:
    """Where a card is, in words (``/players/ana/characters/2``: ana's characters)."""
    parts = path.split("/")
    if parts[1] == "players":
        return say("{player}'s characters", player=parts[2])
    if parts[1] == "rows":
        return say("the {row} row", row=LOCATION_NAMES.get(parts[2], parts[2]))
    return {"deck": say("the deck"), "start_pairs": say("a start pair")}[parts[1]]


def _missing(what: str, ident: str, catalog) -> str:
    """``no voyage 'v-99' in catalog coimbra-demo``."""
    return say("no {kind} {id} in catalog {catalog}", kind=MISSING_KINDS[what], id=repr(ident),
               catalog=catalog.id)


def _player_problems(catalog, position: dict, name: str, player: dict):
    path = f"/players/{name}"
    for track, value in player["influence"].items():
        if value > catalog.track_max[track]:
            yield _problem(f"{path}/influence/{track}",
                           say("the {track} track ends at {last}",
                               track=TRACK_NAMES.get(track, track),
                               last=catalog.track_max[track]),
                           expected=say("0 to {last}", last=catalog.track_max[track]))
    for key, known, what in (("monasteries", catalog.monasteries, "monastery"),
                             ("voyages", catalog.voyages, "voyage"),
                             ("favors", catalog.favors, "favor")):
        for index, ident in enumerate(player[key]):
            if ident not in known:
                yield _problem(f"{path}/{key}/{index}", _missing(what, ident, catalog))
        for ident, count in Counter(player[key]).items():
            if count > 1:
                yield _problem(f"{path}/{key}", say("{player} holds {component} twice",
                                                    player=name,
                                                    component=catalog.label(ident)))
    on_board = set(position["monasteries"].values())
    for index, tile in enumerate(player["monasteries"]):
        if tile in catalog.monasteries and tile not in on_board:
            yield _problem(f"{path}/monasteries/{index}",
                           say("{tile} is not on a monastery space of this board",
                               tile=catalog.label(tile)))
    if player["pilgrim"] is not None and player["pilgrim"] not in catalog.nodes:
        yield _problem(f"{path}/pilgrim", _missing("map node", player["pilgrim"], catalog))
    if len(player["dice"]) > DICE_PER_PLAYER:
        yield _problem(f"{path}/dice", say("a player drafts {number} dice a round, not {found}",
                                           number=DICE_PER_PLAYER, found=len(player["dice"])),
                       expected=say("at most {number}", number=DICE_PER_PLAYER))


def _board_problems(catalog, position: dict):
    for space, tile in position["monasteries"].items():
        if space not in catalog.spaces:
            yield _problem(f"/monasteries/{space}", _missing("monastery space", space, catalog))
        if tile not in catalog.monasteries:
            yield _problem(f"/monasteries/{space}", _missing("monastery", tile, catalog))
    for tile, count in Counter(position["monasteries"].values()).items():
        if count > 1:
            yield _problem("/monasteries", say("{tile} lies on two spaces",
                                               tile=catalog.label(tile)))
    for key, known, what in (("voyages", catalog.voyages, "voyage"),
                             ("favors_available", catalog.favors, "favor")):
        for index, ident in enumerate(position[key]):
            if ident not in known:
                yield _problem(f"/{key}/{index}", _missing(what, ident, catalog))
    for track, tile in position["scoring_tiles"].items():
        if tile not in catalog.scoring_tiles:
            yield _problem(f"/scoring_tiles/{track}", _missing("scoring tile", tile, catalog))
    for index, corner in enumerate(position["corners_free"]):
        if corner not in catalog.corners:
            yield _problem(f"/corners_free/{index}", _missing("corner", corner, catalog))
    for name, tile in position.get("choosing", {}).items():
        if tile not in position["players"].get(name, {}).get("favors", ()):
            yield _problem(f"/choosing/{name}",
                           say("{player} is to choose a reward of {tile}, a favor tile they do "
                               "not hold", player=name, tile=tile))


def _dice_problems(game: Table, position: dict):
    """Each player's drafted dice are the dice of theirs in the queues, and the pool and the
    drafted dice together are no more dice of a colour than the game has."""
    players, queues = position["players"], position["queues"]
    for location, slots in queues.items():
        for index, slot in enumerate(slots):
            if slot["owner"] is not None and slot["owner"] not in players:
                yield _problem(f"/queues/{location}/{index}/owner",
                               say("{player} is not a player of this game",
                                   player=repr(slot["owner"])))
    for name, player in players.items():
        queued = Counter(slot["die"] for slots in queues.values() for slot in slots
                         if slot["owner"] == name)
        if Counter(player["dice"]) != queued:
            yield _problem(f"/players/{name}/dice",
                           say("{player}'s drafted dice are the dice of {player}'s in the queues",
                               player=name), expected=", ".join(sorted(queued.elements())))
    drafted = [die for player in players.values() for die in player["dice"]]
    every = dice_pool(len(players), game.judge.allows("all-dice"))
    for colour, count in Counter(map(die_colour, position["pool"] + drafted)).items():
        if count > every.get(colour, 0):
            yield _problem("/pool", say("the game has {number} {colour} dice, not {found}",
                                        number=every.get(colour, 0),
                                        colour=COLOUR_NAMES.get(colour, colour), found=count),
                           expected=str(every.get(colour, 0)))
