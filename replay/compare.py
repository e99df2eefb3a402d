"""Disputes: two versions of one game side by side, and "what if this event were different".

``compare`` replays two logs of the same game and says where they first part (event and
line in each), each version's verdict, and the score difference by player and category.
``amend`` and ``drop`` make the "what if" version of a log: one event replaced by a line of
the game's text notation (or a JSON object), or left out. Nothing here names a game: the
event text and the scoring categories come from the game protocol.
"""

from __future__ import annotations

import dataclasses

from replay.core.logs.jsontext import load_json
from replay.core.logs.log import GameLog
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.logs.text import header_lines
from replay.core.protocol.game import Game
from replay.core.speech import say
from replay.games import GAMES


def _bare(event: dict) -> dict:
    """An event as the game sees it (comments are not part of play)."""
    return {k: v for k, v in event.items() if k != "comment"}


def _where(game: Game, log: GameLog, index: int) -> dict:
    """An event of a log: its index, line (text logs), and text; or the end of the log."""
    if index >= len(log.events):
        return {"event": index, "text": "(the log has ended)"}
    place = {"event": index, "text": game.event_text(log.events[index])}
    if index < len(log.positions):
        place["line"] = log.positions[index][0]
    return place


def first_difference(game: Game, a: GameLog, b: GameLog) -> dict | None:
    """Where two logs first differ: the header, or the first event that is not the same."""
    header_a, header_b = a.to_dict()["header"], b.to_dict()["header"]
    for key in ("game", "catalog", "variants", "players"):
        if header_a[key] != header_b[key]:
            return {"header": key, "a": header_a[key], "b": header_b[key]}
    for index in range(max(len(a.events), len(b.events))):
        one = _bare(a.events[index]) if index < len(a.events) else None
        other = _bare(b.events[index]) if index < len(b.events) else None
        if one != other:
            return {"a": _where(game, a, index), "b": _where(game, b, index)}
    return None


def _outcome(report: dict) -> dict:
    violations = report.get("violations") or []
    first = violations[0] if violations else None
    return {
        "verdict": report["verdict"],
        "violations": len(violations),
        "first_violation": None if first is None else {
            k: first[k] for k in ("rule", "event", "line", "message") if k in first},
        "standings": report.get("standings") or [],
    }


def score_difference(game: Game, a: dict, b: dict) -> dict:
    """B minus A for every player and scoring category both reports scored."""
    final_a = (a.get("final") or {}).get("players") or {}
    final_b = (b.get("final") or {}).get("players") or {}
    keys = [c.key for c in game.scoring_categories]
    names = [n for n in a.get("players") or final_a if n in final_a and n in final_b]
    return {name: {key: final_b[name].get(key, 0) - final_a[name].get(key, 0) for key in keys}
            for name in names}


def compare(a: GameLog, b: GameLog, mode: str = "audit", catalog: dict | None = None) -> dict:
    """Replay two versions of a game and say where and how they differ."""
    if a.game != b.game:
        raise InvalidLog([LogProblem(say("the logs are of two games: {first} and {second}",
                                         first=a.game, second=b.game),
                                     path="/header/game", expected=a.game)])
    game = GAMES.get(a.game)
    report_a = game.replay(a, mode=mode, catalog=catalog)
    report_b = game.replay(b, mode=mode, catalog=catalog)
    difference = first_difference(game, a, b)
    scored = report_a.get("final") is not None and report_b.get("final") is not None
    return {
        "game": a.game, "mode": mode,
        "same_game": difference is None,
        "first_difference": difference,
        "a": _outcome(report_a), "b": _outcome(report_b),
        "score_difference": score_difference(game, report_a, report_b) if scored else None,
    }


def amend(log: GameLog, index: int, text: str) -> GameLog:
    """The log with event ``index`` replaced by ``text``: a line of the game's notation
    (``ana: recruit c2-08``) or a JSON event object."""
    _check_index(log, index)
    event = read_event(log, text, "/amend")
    events = [*log.events[:index], event, *log.events[index + 1:]]
    return dataclasses.replace(log, events=events, positions=list(log.positions))


def read_event(log: GameLog, text: str, path: str) -> dict:
    """One event of ``log``'s game from ``text``: a line of the game's notation or a JSON
    event object (problems located at ``path``)."""
    game = GAMES.get(log.game)
    if text.lstrip().startswith("{"):
        event = load_json(text)
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise InvalidLog([LogProblem(say("an event is a JSON object with a 'type'"),
                                         path=path)])
        return event
    header = header_lines(dataclasses.replace(log, metadata={}))
    move = text.strip()
    try:
        parsed = game.parse_text("\n".join([*header, move, ""]))
    except InvalidLog as err:
        # The move is line 1 of what was typed: a problem on it keeps its column there.
        lead = len(text) - len(text.lstrip(" \t"))
        raise InvalidLog([
            dataclasses.replace(p, line=1, column=p.column + lead, path=path)
            if p.line == len(header) + 1 and p.column is not None and "\n" not in move
            else dataclasses.replace(p, line=None, column=None, path=path)
            for p in err.problems]) from None
    if len(parsed.events) != 1:
        raise InvalidLog([LogProblem(say("one event is one line"), path=path, text=text)])
    return parsed.events[0]


def drop(log: GameLog, index: int) -> GameLog:
    """The log without event ``index``."""
    _check_index(log, index)
    events = [*log.events[:index], *log.events[index + 1:]]
    positions = [*log.positions[:index], *log.positions[index + 1:]]
    return dataclasses.replace(log, events=events, positions=positions)


def _check_index(log: GameLog, index: int) -> None:
    if not 0 <= index < len(log.events):
        raise InvalidLog([LogProblem(say("the log has {total} events; there is no event "
                                         "{event}", total=len(log.events), event=index),
                                     path="/amend")])
