"""Pure-Python rules engines and log formats for the tabletop referee.

``replay(source)`` reads a log (a decoded JSON document or a ``GameLog``), picks the game's
engine from the header and returns the report document. Nothing here does I/O beyond
reading the package's own data files.
"""

from __future__ import annotations

from replay.core.logs.log import GameLog, load_log
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.protocol.game import Game
from replay.core.reports.report import ENGINE_VERSION
from replay.core.verdicts.judge import MODES
from replay.games import GAMES
from replay.sources import decode, looks_like_log, parse, print_log, unparseable_report

__all__ = [
    "ENGINE_VERSION",
    "GAMES",
    "MODES",
    "Game",
    "InvalidLog",
    "LogProblem",
    "game_of",
    "load_log",
    "looks_like_log",
    "parse",
    "print_log",
    "replay",
    "replay_text",
    "score_sheet",
    "state_at",
    "validate",
]


def game_of(log: GameLog) -> Game:
    """The registered game a log's header names (``InvalidLog`` with close matches if none)."""
    return GAMES.get(log.game)


def replay(source: dict | GameLog, mode: str = "strict", catalog: dict | None = None,
           weigh: bool = False) -> dict:
    """Replay a log and return its report document.

    ``catalog`` is an already-decoded catalog document that replaces the one the log names
    (for transcribed catalogs passed with ``--catalog``); ``weigh`` replays again with each
    placeholder value read where a rule was broken changed, to say which decide the verdict
    (``replay.core.verdicts.weighing``: slower, for a report a person reads).
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    log = source if isinstance(source, GameLog) else load_log(source)
    return game_of(log).replay(log, mode=mode, catalog=catalog, weigh=weigh)


def validate(source: dict | GameLog, catalog: dict | None = None) -> GameLog:
    """Check a log's header and event shapes without replaying it (``InvalidLog`` if bad)."""
    log = source if isinstance(source, GameLog) else load_log(source)
    game_of(log).validate(log, catalog)
    return log


def state_at(source: dict | GameLog, event: int, catalog: dict | None = None) -> dict:
    """Every player's state after ``event`` and the acting player's legal actions there."""
    log = validate(source, catalog)
    return game_of(log).state_at(log, event, catalog)


def replay_text(text: str, mode: str = "strict", catalog: dict | None = None,
                weigh: bool = False) -> dict:
    """Replay a log given as text in either notation; an unreadable one gets an
    ``unparseable`` report listing every located problem instead of an exception."""
    try:
        decoded = decode(text)
    except InvalidLog as err:
        return unparseable_report(text, err)
    try:
        if isinstance(decoded, dict):
            return score_sheet(decoded, catalog)
        return replay(decoded, mode=mode, catalog=catalog, weigh=weigh)
    except InvalidLog as err:
        return unparseable_report(text, err, scoresheet=isinstance(decoded, dict))


def score_sheet(document: dict, catalog: dict | None = None) -> dict:
    """Final scoring from a scoresheet (a header and a ``scoresheet`` instead of events)."""
    log = load_log({k: v for k, v in document.items() if k != "scoresheet"})
    return game_of(log).score_sheet(log, document.get("scoresheet"), catalog)
