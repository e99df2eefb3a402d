"""Where things are in a log as people find them: lines of a text log, else event numbers."""

from __future__ import annotations

from collections.abc import Iterable

from replay.core.logs.text import read_count
from replay.core.speech import say


def with_lines(items: Iterable[dict], positions: list[tuple[int, int]]) -> None:
    """Give each item that names an ``event`` the ``line`` it came from (text logs only)."""
    if not positions:
        return
    for item in items:
        event = item.get("event")
        if isinstance(event, int) and 0 <= event < len(positions):
            item["line"] = positions[event][0]


def event_at(spec: str, total: int, positions: list[tuple[int, int]]) -> int:
    """The event a place names: ``30`` (an event index) or ``line:42`` (a text log's line).

    A line that holds no event (a comment, a tag) names the last event before it. Raises
    ``ValueError`` with a message for a place outside the log.
    """
    word = spec.strip().lower()
    if word.startswith("line:"):
        if not positions:
            raise ValueError(say("only a text log has lines; give an event number instead"))
        number = _whole(word[5:], spec)
        first, last = positions[0][0], positions[-1][0]
        if not first <= number <= last:
            raise ValueError(say("line {line} is outside the events, which are on lines "
                                 "{first}-{last}", line=number, first=first, last=last))
        return max(i for i, (line, _) in enumerate(positions) if line <= number)
    event = _whole(word, spec)
    if event >= total:
        raise ValueError(say("the log has {total} events (0-{last}); there is no event {event}",
                             total=total, last=total - 1, event=event))
    return event


def _whole(text: str, spec: str) -> int:
    number = read_count(text)
    if number is None:
        raise ValueError(say("{place} is neither an event number (30) nor a line (line:42)",
                             place=repr(spec)))
    return number
