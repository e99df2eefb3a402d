"""``declare`` lines of the text notation: printed values of a component, read off the table.

``declare tf-07 cost=3 icons=merchant,noble name="Debt Collector"`` declares values of the
catalog entry ``tf-07`` (``replay.core.logs.declarations``); a field inside a value is reached by
a dotted path (``gain.silver=2``). A value is a whole number, ``true`` or ``false``, words
joined by commas (a list), text (quoted when it has spaces), or an object or a list of
objects written as JSON (``hire={"op":"gain","items":{"silver":2}}``). Both games' notations
read and write them the same way, anywhere in the log.
"""

from __future__ import annotations

import json
import re

from replay.core.speech import say

DECLARE = "declare"
WORD = re.compile(r'(?:[^\s"]+|"[^"]*")+')
FIELD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*")
ENTRY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
MAX_DIGITS = 18  # a printed value is small: a longer number is a slip


def is_declaration(body: str) -> bool:
    """Whether a line (without its comment) is a ``declare`` line."""
    head = body.split(None, 1)
    return bool(head) and head[0].lower() == DECLARE


def read_value(text: str) -> object:
    """A declared value as written."""
    if text[:1] in ("{", "["):
        try:
            return json.loads(text)
        except ValueError:
            pass  # words in brackets: read as any other text
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return " ".join(text[1:-1].split())
    if text in ("true", "false"):
        return text == "true"
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    if "," in text:
        return [read_value(item) for item in text.split(",") if item]
    return text


def write_value(value: object) -> str:
    """A declared value as its line writes it (``read_value`` reads it back)."""
    if isinstance(value, dict) or (isinstance(value, list) and any(
            isinstance(item, (dict, list)) for item in value)):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(map(write_value, value)) + ("," if len(value) == 1 else "")
    if isinstance(value, str) and (not value or re.search(r'[\s,"#=]', value)
                                   or value in ("true", "false") or value.isdigit()):
        return '"' + value.replace('"', "'") + '"'
    return str(value)


def read_declaration(body: str) -> tuple[str | None, list[tuple[str, object, int]], list]:
    """The entry a ``declare`` line names and its ``(field, value, column)`` items, with
    the problems found as ``(column, message, expected)``."""
    words = [(m.group(0), m.start() + 1) for m in WORD.finditer(body)]
    problems = []
    if len(words) < 2 or not ENTRY.fullmatch(words[1][0]):
        column = words[1][1] if len(words) > 1 else words[0][1]
        problems.append((column, say("a declare line names a component, then its printed "
                                     "values"),
                         "declare tf-07 cost=3"))
        return None, [], problems
    entry = words[1][0]
    items = []
    for word, column in words[2:]:
        name, equals, text = word.partition("=")
        if not equals or not FIELD.fullmatch(name) or not text:
            problems.append((column, say("{word} is not a field=value pair", word=repr(word)),
                             "cost=3"))
            continue
        items.append((name, read_value(text), column))
    if not items and not problems:
        problems.append((words[1][1], say("the declare line of {entry} gives no value",
                                          entry=entry),
                         f"declare {entry} cost=3"))
    return entry, items, problems


def declaration_lines(components: dict) -> list[str]:
    """The ``declare`` lines of a log's declared components, one per component."""
    return [" ".join([DECLARE, entry, *(f"{name}={write_value(value)}"
                                        for name, value in values.items())])
            for entry, values in components.items()]
