"""One disputed move: "is this move legal here, and what does it do?".

An arbiter called to a table has a game up to some event and one move the players disagree
about. ``rule_on`` answers from the game as the log has it up to that event: whether the move
is legal there, each rule it breaks (the rule, its statement, the reason, what was expected;
a variant under which it would be legal), the ledger rows it writes and what it costs and
gains each player, and the moves that are legal there instead. Nothing here names a game:
it stands on the game protocol (``replay.core.protocol.game.Game``), replaying the log's
events up to the point and then the move, in audit mode, so that a move refused outright
still shows what the table did all the same. A move that read values the catalog holds only
as placeholders says so, each weighed (``replay.core.verdicts.weighing.weigh_at``): a value
``decides`` the ruling when another value there turns it (a refused move legal, a legal one
refused).
"""

from __future__ import annotations

import dataclasses

from replay.compare import read_event
from replay.core.logs.log import GameLog
from replay.core.logs.printed_names import translations_of, with_translations, words_of_names
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.speech import say
from replay.games import GAMES


def rule_on(log: GameLog, after: int, text: str, catalog: dict | None = None) -> dict:
    """The ruling on the move ``text`` (a line of the game's notation, or a JSON event)
    right after event ``after`` of ``log`` (-1: before its first event)."""
    if not -1 <= after < len(log.events):
        raise InvalidLog([LogProblem(say("the log has {total} events; there is no event "
                                         "{event} to follow", total=len(log.events),
                                         event=after), path="/after")])
    game = GAMES.get(log.game)
    move = read_event(log, text, "/move")
    index = after + 1
    prefix = dataclasses.replace(log, events=log.events[:index],
                                 positions=log.positions[:index])
    branch = dataclasses.replace(prefix, events=[*prefix.events, move])
    try:
        report = game.replay(branch, mode="audit", catalog=catalog)
    except InvalidLog as err:  # the move's shape: located at the move, not the log
        raise InvalidLog([dataclasses.replace(p, path="/move") if p.path and
                          p.path.startswith(f"/events/{index}") else p
                          for p in err.problems]) from None
    broken = [v for v in report["violations"] if v["event"] == index]
    here = game.state_at(prefix, after, catalog)  # the moves legal there, with their names
    rows = [row for row in report["ledger"] if row["event"] == index]
    return with_translations({
        "game": log.game,
        "after": after,
        "move": move,
        "move_text": game.event_text(move),
        "legal": not broken,
        "violations": broken,
        "legal_under": sorted({v["legal_under"] for v in broken if "legal_under" in v}),
        "ledger": rows,
        "changes": _changes(rows),
        "earlier_problems": sum(1 for v in report["violations"] if v["event"] < index),
        "rests_on": _rests_on(game.weigh_event(branch, index, "audit", catalog)),
        "legal_moves": [game.event_text(event) for event in here["legal_actions"]],
        "names": {**here["names"], **report.get("names", {})},
        **words_of_names(here, report),
    }, translations_of(here, report))


def _rests_on(used: list[dict]) -> list[dict]:
    """The placeholder values the move read: the entry, the field, the catalog's stand-in,
    whether another value there turns the ruling, and whether that was tried."""
    return [{"entry": p["entry"], "field": p["field"], "value": p["value"],
             "decides": bool(p.get("decides")), "weighed": bool(p.get("weighed"))}
            for p in used]


def _changes(rows: list[dict]) -> dict[str, dict[str, int]]:
    """What the move costs and gains each player: the net change of every resource."""
    changes: dict[str, dict[str, int]] = {}
    for row in rows:
        player = changes.setdefault(row["player"], {})
        player[row["resource"]] = player.get(row["resource"], 0) + row["delta"]
    return {name: {resource: delta for resource, delta in values.items() if delta}
            for name, values in changes.items()}
