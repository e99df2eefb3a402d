"""Reading a log from text in either notation, and reports for logs that cannot be read."""

from __future__ import annotations

import hashlib
import json

from replay.core.logs.jsontext import load_json
from replay.core.logs.log import GameLog, load_log
from replay.core.logs.problems import InvalidLog, LogProblem
from replay.core.logs.text import TAG, read_source
from replay.core.reports.report import ENGINE_VERSION, REPORT_VERSION
from replay.core.speech import say


def decode(text: str) -> GameLog | dict:
    """A log from its text (JSON when it starts with ``{``, else the text notation), or,
    for a JSON scoresheet, the decoded document. A byte order mark, which some editors
    write at the start of a UTF-8 file, is not part of the log."""
    text = text.removeprefix("\ufeff")
    if not text.lstrip().startswith("{"):
        return _parse_text(text)
    document = load_json(text)
    if isinstance(document, dict) and "scoresheet" in document:
        return document
    return load_log(document)


def looks_like_log(text: str) -> bool:
    """Whether a file's text is meant as a log at all: JSON, or a tag such as
    ``[game "coimbra"]`` before anything but blank and ``#`` comment lines. A README beside
    a tournament's logs is not one."""
    for line in text.lstrip("\ufeff").splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped.startswith("{") or TAG.match(stripped) is not None
    return False


def parse(text: str) -> GameLog:
    """A log (not a scoresheet) from its text in either notation."""
    decoded = decode(text)
    if isinstance(decoded, dict):
        raise InvalidLog([LogProblem(say("a scoresheet has no events to replay"),
                                     path="/scoresheet", expected=say("a log with events"))])
    return decoded


def _parse_text(text: str) -> GameLog:
    from replay.games import GAMES

    source = read_source(text)
    game = source.tags.get("game")
    if not game:
        raise InvalidLog([LogProblem(say('a text log starts with [game "..."]'), line=1, column=1,
                                     expected=" or ".join(f'[game "{name}"]'
                                                          for name in GAMES.names()))])
    try:
        engine = GAMES.get(game.strip().lower())
    except InvalidLog as err:
        line, raw = source.tag_lines["game"]
        raise InvalidLog([LogProblem(p.message, line=line, column=1, expected=p.expected,
                                     suggestions=p.suggestions, text=raw)
                          for p in err.problems]) from None
    return engine.parse_text(text)


def print_log(log: GameLog, notation: str) -> str:
    """The canonical ``json`` or ``text`` form of a log."""
    from replay.games import GAMES

    if notation == "json":
        return json.dumps(log.to_dict(), indent=1, ensure_ascii=False) + "\n"
    return GAMES.get(log.game).print_text(log)


def unparseable_report(text: str, error: InvalidLog, scoresheet: bool = False) -> dict:
    """The report of an input that could not be read as a log, or of a ``scoresheet`` that
    does not hold together: every located problem."""
    report = {
        "report_version": REPORT_VERSION,
        "engine_version": ENGINE_VERSION,
        # A lone surrogate, which a caller's string may hold, is hashed as its bytes rather
        # than refused: this report is the answer to unreadable input.
        "input_sha256": hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(),
        "verdict": "unparseable",
        "problems": [p.to_dict() for p in error.problems],
        "violations": [],
        "warnings": [],
    }
    if scoresheet:
        report["input"] = "scoresheet"
    return report
