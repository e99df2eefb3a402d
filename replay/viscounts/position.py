"""A Viscounts position: the table at a moment as a document, and a table set up from one.

The document holds everything the rules need to go on: each player's holdings, markers,
Viscount, board, hand (the named cards and how many unnamed ones), draw pile (its size and
the cards it may hold), discard pile, buildings and manuscripts; the segments, the piles
(each one's face-up top and size, and the cards still unseen), the castle, the building
spots, the end cards; the round, the turn, the phase and how far the turn has gone; the
choices waiting for an answer and the reveals owed; and in a solo game the opponent's board,
Scheme piles and procedure. A position is checked before any event is replayed from it: its
shape, then that it could happen (each card where one copy can be, counts within the game's
limits, components of the catalog, a phase that can follow), every problem at its path.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Mapping

from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import say
from replay.viscounts.components import freeze
from replay.viscounts.phases import PHASES
from replay.viscounts.solo.state import SoloState, Step
from replay.viscounts.state import TURN_PHASES, Decision, Pile, Player, TableState
from replay.viscounts.table import Table

VERSION = 1
SUPPLY = 20  # Workers per player (p.3)
# Fields holding (a, b, ...) tuples in the state, written as lists in the document.
TUPLE_LISTS = ("pairs", "fixed_flips", "reveals_owed", "reveals_late")


def _plain(value):
    """A value of the state as JSON: counters as objects of what they count, tuples and
    the catalog's read-only effects as lists and objects."""
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Counter):
        return {key: count for key, count in sorted(value.items()) if count}
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def position_of(table: Table) -> dict:
    """The document of the table as it stands (between two events)."""
    state = _plain(table.state)
    for player in state["players"].values():
        del player["name"]
    state["spots"] = {spot: list(held) for spot, held in table.state.spots.items()}
    document = {"version": VERSION, **state}
    if table.solo is not None:
        solo = _plain(dataclasses.replace(table.solo, board=None))
        solo["board"] = table.solo.board.id if table.solo.board else None
        document["solo"] = solo
    return document


def place(table: Table, position: dict) -> None:
    """Set a new table up as ``position`` describes it, or raise ``InvalidLog`` with every
    problem of the position, located by its path."""
    problems = list(_shape_problems(table, position))
    if not problems:
        try:
            state = _state(table, position)
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            problems.append(_problem("",
                                     say("the position cannot be read: {err}", err=str(err))))
        else:
            problems += _problems(table, state, position)
    if problems:
        raise InvalidLog(problems)
    table.state = state
    if "solo" in position:
        table.solo = _solo(table, position["solo"])


def _state(table: Table, position: dict) -> TableState:
    # A copy: the replay changes the table, never the log's document.
    position = copy.deepcopy(position)
    plain = {key: value for key, value in position.items() if key not in ("version", "solo")}
    plain["players"] = {name: _player(name, player)
                        for name, player in position["players"].items()}
    for kind in ("townsfolk", "manuscripts"):
        plain[kind] = {side: Pile(**pile) for side, pile in position[kind].items()}
    for key in ("unseen_townsfolk", "unseen_manuscripts", "tier3"):
        plain[key] = Counter(position[key])
    for key in ("tier1", "tier2"):
        plain[key] = {side: Counter(workers) for side, workers in position[key].items()}
    for key in TUPLE_LISTS:
        plain[key] = [tuple(item) for item in position[key]]
    plain["spots"] = {spot: tuple(held) for spot, held in position["spots"].items()}
    plain["pending"] = [Decision(**{**d, "data": dict(freeze(d["data"]))})
                        for d in position["pending"]]
    plain["seats"] = list(position["seats"])
    return TableState(**plain)


def _player(name: str, player: dict) -> Player:
    plain = dict(player)
    for key in ("hand", "hidden"):
        plain[key] = Counter(player[key])
    plain["built"] = {building: list(slots) for building, slots in player["built"].items()}
    return Player(name=name, **plain)


def _solo(table: Table, solo: dict) -> SoloState:
    solo = copy.deepcopy(solo)
    plain = dict(solo)
    plain["board"] = table.catalog.ai_boards[solo["board"]] if solo["board"] else None
    for key in ("draw", "future"):
        plain[key] = Counter(solo[key])
    plain["rows"] = [dict(freeze(row)) for row in solo["rows"]]
    plain["step"] = Step(**solo["step"]) if solo["step"] else None
    return SoloState(**plain)


def _problem(path: str, message: str, expected: str | None = None) -> LogProblem:
    return LogProblem(message, path=f"/position{path}", expected=expected)


# The shape of a position, field by field: the kind of each value (checked before reading).
_KINDS = {
    "int": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
            say("a whole number, 0 or more")),
    "bool": (lambda v: isinstance(v, bool), say("true or false")),
    "str?": (lambda v: v is None or isinstance(v, str), say("text or null")),
    "list": (lambda v: isinstance(v, list), say("a list")),
    "map": (lambda v: isinstance(v, dict), say("an object")),
    "counts": (lambda v: isinstance(v, dict) and all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v.values()),
        say("an object of whole numbers")),
}
_PLAYER = {"silver": "int", "ink": "int", "gold": "int", "stone": "int", "debts": "int",
           "paid_debts": "int", "deeds": "int", "approved_deeds": "int", "corruption": "int",
           "virtue": "int", "points": "int", "workers": "int", "space": "str?",
           "player_card": "str?", "hero": "str?", "board": "list", "hand": "counts",
           "hand_unknown": "int", "hidden": "counts", "draw_count": "int", "discard": "list",
           "built": "map", "manuscripts": "list", "bonuses": "list"}
_TABLE = {"version": "int", "players": "map", "seats": "list", "start_player": "str?",
          "segments": "list", "castle_offset": "int", "townsfolk": "map",
          "manuscripts": "map", "unseen_townsfolk": "counts", "unseen_manuscripts": "counts",
          "pairs": "list", "pick_order": "list", "phase": "str?", "round": "int",
          "turn": "int", "current": "str?", "tier1": "map", "tier2": "map",
          "tier3": "counts", "leader": "str?", "spots": "map", "bonus_taken": "map",
          "on_poverty": "int", "on_prosperity": "int", "revealed": "list",
          "last_round": "str?", "pending": "list", "fixed_flips": "list",
          "reveals_owed": "list", "reveals_late": "list", "played": "str?",
          "corruption_due": "str?", "moved": "bool", "acted": "str?", "collided": "bool",
          "hired": "bool", "over": "bool"}
_DECISION = {"player", "kind", "optional", "source", "data"}
# Fields whose value may also be of another kind than their main one.
_EITHER = {"last_round": ("int",), "acted": ("bool",)}


def _fields(document: dict, kinds: dict, path: str):
    for name, kind in kinds.items():
        if name not in document:
            yield _problem(f"{path}/{name}",
                           say("the position has no {name}", name=name))
            continue
        value = document[name]
        accepted = (kind, *_EITHER.get(name, ()))
        if not any(_KINDS[k][0](value) for k in accepted):
            yield _problem(f"{path}/{name}",
                           say("{name} is {kind}", name=name, kind=_KINDS[kind][1]),
                           expected=_KINDS[kind][1])
    for name in document.keys() - kinds.keys() - {"solo"}:
        yield _problem(f"{path}/{name}",
                       say("a position has no field {name}", name=repr(name)))


def _shape_problems(table: Table, position: dict):
    yield from _fields(position, _TABLE, "")
    if position.get("version") not in (None, VERSION):
        yield _problem("/version", say("this is version {version} of the position document",
                                       version=VERSION),
                       expected=str(VERSION))
    players = position.get("players")
    if isinstance(players, dict):
        for name, player in players.items():
            if not isinstance(player, dict):
                yield _problem(f"/players/{name}", "a player is an object")
                continue
            yield from _fields(player, _PLAYER, f"/players/{name}")
    pending = position.get("pending")
    for index, decision in enumerate(pending if isinstance(pending, list) else []):
        if not isinstance(decision, dict) or not decision.keys() >= _DECISION \
                or not isinstance(decision.get("data"), dict):
            yield _problem(f"/pending/{index}", "a waiting choice has a player, a kind, "
                           "whether it is optional, its source and its data",
                           expected=", ".join(sorted(_DECISION)))
    if "solo" in position and table.solo is None:
        yield _problem("/solo", "only a solo game's position has the opponent's board")
    if table.solo is not None and "solo" not in position:
        yield _problem("/solo", "a solo game's position holds the opponent's board and "
                       "Scheme piles")


def _problems(table: Table, state: TableState, position: dict):
    """Whatever makes the position one that cannot happen at this table."""
    catalog, seated = table.catalog, list(table.state.seats)
    if sorted(state.players) != sorted(seated) or sorted(state.seats) != sorted(seated):
        yield _problem("/players", say("the position's players are {items}, the log's {items2}",
                                       items=', '.join(state.players), items2=', '.join(seated)),
                       expected=", ".join(seated))
        return
    if state.phase not in PHASES:
        yield _problem("/phase", say("no phase {phase}", phase=repr(state.phase)),
                       expected=", ".join(PHASES))
    elif (state.phase in TURN_PHASES) != (state.round > 0):
        yield _problem("/round", say("round {round} cannot be in {title}", round=state.round,
                                     title=PHASES[state.phase].title))
    if state.phase in TURN_PHASES and state.current not in state.players:
        yield _problem("/current", "a turn is some player's", expected=", ".join(seated))
    board = catalog.player_board
    for name, player in state.players.items():
        path = f"/players/{name}"
        on_castle = sum(tier[name] for tier in (*state.tier1.values(), *state.tier2.values()))
        on_castle += state.tier3[name]
        if player.workers + on_castle > SUPPLY:
            yield _problem(f"{path}/workers",
                           say("{name} has {supply} Workers: {workers} in supply and {on_castle} "
                               "in the castle is {number}", name=name,
                               supply=SUPPLY, workers=player.workers, on_castle=on_castle,
                               number=player.workers + on_castle),
                           expected=say("at most {supply}", supply=SUPPLY))
        if len(player.board) != board.card_spaces:
            yield _problem(f"{path}/board",
                           say("a player board has {card_spaces} card spaces",
                               card_spaces=board.card_spaces), expected=str(board.card_spaces))
        if player.space is not None and player.space not in catalog.spaces:
            yield _problem(f"{path}/space",
                           say("no space {space} in catalog {catalog}", space=repr(player.space),
                               catalog=catalog.id))
        if sum(player.hidden.values()) != player.draw_count + player.hand_unknown:
            yield _problem(f"{path}/hidden",
                           say("the cards {name}'s draw pile and unnamed hand may hold are as "
                               "many as they hold", name=name),
                           expected=str(player.draw_count + player.hand_unknown))
        for index, ident in enumerate(player.manuscripts):
            if ident not in catalog.manuscripts:
                yield _problem(f"{path}/manuscripts/{index}",
                               say("no manuscript {ident} in catalog {catalog}", ident=repr(ident),
                                   catalog=catalog.id))
    yield from _townsfolk_problems(table, state)
    for spot, (owner, _building) in state.spots.items():
        if spot not in catalog.spots:
            yield _problem(f"/spots/{spot}",
                           say("no building spot {spot} in catalog {catalog}", spot=repr(spot),
                               catalog=catalog.id))
        if owner not in state.players:
            yield _problem(f"/spots/{spot}",
                           say("{owner} is not a player of this game", owner=repr(owner)))
    for index, decision in enumerate(state.pending):
        if decision.player not in state.players:
            yield _problem(f"/pending/{index}/player",
                           say("{player} is not a player of this game",
                               player=repr(decision.player)))


def _townsfolk_problems(table: Table, state: TableState):
    """Each Townsfolk card where one copy of it can be: a starting card once per player,
    every other card once in the game."""
    catalog = table.catalog
    places: dict[tuple[str | None, str], list[str]] = {}

    def seen(card: str, owner: str | None, path: str) -> None:
        per_player = card in catalog.townsfolk and catalog.townsfolk[card].per_player
        places.setdefault((owner if per_player else None, card), []).append(path)

    for name, player in state.players.items():
        base = f"/players/{name}"
        for index, card in enumerate(player.board):
            if card:
                seen(card, name, f"{base}/board/{index}")
        for index, card in enumerate(player.discard):
            seen(card, name, f"{base}/discard/{index}")
        for key in ("hand", "hidden"):  # named in hand; in the draw pile or unnamed in hand
            for card, count in getattr(player, key).items():
                for _ in range(count):
                    seen(card, name, f"{base}/{key}/{card}")
    for side, pile in state.townsfolk.items():
        if pile.top:
            seen(pile.top, None, f"/townsfolk/{side}/top")
    for (owner, card), paths in places.items():
        if card not in catalog.townsfolk:
            yield _problem(paths[0], say("no Townsfolk card {card} in catalog {catalog}",
                                         card=repr(card), catalog=catalog.id))
        elif len(paths) > 1:
            whose = say(" ({owner}'s)", owner=owner) if owner else ""
            yield _problem(paths[1], say("{card}{whose} is in two places: {where} and {where2}",
                                         card=table.name(card), whose=whose,
                                         where=_where(paths[0]), where2=_where(paths[1])))


def _where(path: str) -> str:
    """Where a card is, in words (``/players/ana/discard/2``: in ana's discard pile)."""
    parts = path.split("/")
    if parts[1] == "townsfolk":
        return say("on top of the Townsfolk pile of {side}", side=parts[2])
    name, place = parts[2], parts[3]
    return {"board": say("on {name}'s board", name=name),
            "discard": say("in {name}'s discard pile", name=name),
            "hand": say("in {name}'s hand", name=name),
            "hidden": say("in {name}'s draw pile or unnamed hand", name=name)}[place]
