"""The dice race's text notation, one line per event:

```
[game "dice-race"]
[players "ann bob"]
ann: roll 4
bob: roll 6    # a comment goes with its event
final: ann 12 bob 20
```
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.core.logs.log import GameLog, load_log
from replay.core.logs.problems import InvalidLog
from replay.core.logs.text import (
    Line,
    TextSource,
    Token,
    closest,
    comment_lines,
    header_lines,
    read_header,
    read_source,
)


@dataclass
class Reader:
    """The line being read, and where its problems go."""

    source: TextSource
    line: Line

    def problem(self, token: Token | None, message: str, expected: str) -> bool:
        """Record a problem at ``token`` (None: the end of the line); False, for returns."""
        column = token.column if token else len(self.line.raw.rstrip()) + 1
        self.source.problem(self.line, column, message, expected=expected)
        return False


def read_roll(reader: Reader, event: dict, tokens: list[Token]) -> bool:
    """``roll N`` after ``player:``; False (with a located problem) when unreadable."""
    if len(tokens) != 1 or not tokens[0].text.isdigit():
        return reader.problem(tokens[-1] if tokens else None, "a roll is one whole number",
                              expected="roll 4")
    event["die"] = int(tokens[0].text)
    return True


def write_roll(event: dict) -> list[str]:
    """``player: roll N``."""
    return [f"{event['player']}: roll {event['die']}"]


def read_final(reader: Reader, event: dict, tokens: list[Token]) -> bool:
    """``name points`` pairs after ``final:``."""
    scores = {}
    for pair in (tokens[i:i + 2] for i in range(0, len(tokens), 2)):
        if len(pair) != 2 or not pair[1].text.lstrip("-").isdigit():
            return reader.problem(pair[-1], "final scores are name-points pairs",
                                  expected="final: ann 12 bob 20")
        scores[pair[0].text] = int(pair[1].text)
    event["scores"] = scores
    return True


def write_final(event: dict) -> list[str]:
    """``final: name points ...``."""
    return ["final: " + " ".join(f"{n} {s}" for n, s in event["scores"].items())]


# Events a line starts with by their own word (no ``player:``).
OWN_WORD_READERS = {"final": read_final}


def parse_text(text: str, specs: dict) -> GameLog:
    """A text log as a ``GameLog`` with each event's line and column.

    Raises ``InvalidLog`` with every located problem found in one pass.
    """
    source = read_source(text)
    header = read_header(source, "dice-race")
    verbs = [kind for kind, spec in specs.items() if spec.read is not None]
    events, positions = [], []
    for line in source.lines:
        words = [t for t in line.tokens if t.text != ":"]
        event = _read_line(source, line, words, specs, verbs)
        if event is not None:
            if line.comment:
                event["comment"] = line.comment
            events.append(event)
            positions.append((line.number, line.column))
    if source.trailing_comment and events:
        events[-1]["comment"] = "\n".join(
            c for c in (events[-1].get("comment"), source.trailing_comment) if c)
    if source.problems:
        raise InvalidLog(sorted(source.problems, key=lambda p: (p.line or 0, p.column or 0)))
    log = load_log({"header": header, "events": events})
    log.positions = positions
    return log


def _read_line(source: TextSource, line: Line, words: list, specs: dict,
               verbs: list[str]) -> dict | None:
    """One event from a line: ``final: ...`` or ``player: verb ...``."""
    if words[0].text in OWN_WORD_READERS:
        reader, rest, event = OWN_WORD_READERS[words[0].text], words[1:], {"type": "final"}
    elif len(words) >= 2 and words[1].text in verbs:
        reader, rest = specs[words[1].text].read, words[2:]
        event = {"type": words[1].text, "player": words[0].text}
    else:
        verb = words[1] if len(words) >= 2 else words[0]
        source.problem(line, verb.column, f"unknown event {verb.raw!r}",
                       expected="player: " + " or ".join(verbs),
                       suggestions=closest(verb.text, verbs))
        return None
    return event if reader(Reader(source, line), event, rest) else None


def print_text(log: GameLog, specs: dict) -> str:
    """The canonical text form of a log."""
    lines = header_lines(log)
    for event in log.events:
        lines += comment_lines(event.get("comment"))
        lines += specs[event["type"]].write(event)
    return "\n".join(lines) + "\n"
