"""Where each event of a JSON log is in the text as it was sent.

A text log's parser locates every event; a JSON log is decoded as a whole, which says
nothing of where its events sit. Pages that show a stored JSON log as it was sent find
each event's lines here, by scanning the text once, without decoding or writing it again.
"""

from __future__ import annotations

import re

from replay.core.logs.text import LINE_BREAK

# A string (skipped whole, so brackets inside it do not count), a bracket or a colon.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:]')
_EVENTS = '"events"'


def json_event_lines(text: str) -> list[tuple[int, int]]:
    """The first and last line (from 1) of each element of the top-level ``"events"``
    array, in order; empty for a text with no such array. Text that is not valid JSON gives
    what its brackets say: callers compare the count with the decoded log's events."""
    spans: list[tuple[int, int]] = []
    depth = 0
    key = None  # the last string met directly inside the top-level object
    in_events = False
    counted, line = 0, 1  # the line at offset ``counted``, counted as the scan goes
    for token in _TOKEN.finditer(text):
        mark = token.group()
        if mark in "[{":
            if in_events and depth == 2:
                line += len(LINE_BREAK.findall(text, counted, token.start()))
                counted = token.start()
                spans.append((line, line))
            depth += 1
            if mark == "[" and depth == 2 and key == _EVENTS:
                in_events = True
        elif mark in "]}":
            depth -= 1
            if in_events and depth == 2:  # an event's closing bracket: its last line
                line += len(LINE_BREAK.findall(text, counted, token.start()))
                counted = token.start()
                spans[-1] = (spans[-1][0], line)
            if depth < 2:
                in_events = False
        elif mark != ":" and depth == 1:
            key = mark
    return spans
