"""pybabel extractors for texts that live in data files, not in code."""

from __future__ import annotations

import json

# The keys of a rules or variants file whose values a person reads.
READ_KEYS = ("statement", "section", "default")


def rule_texts(fileobj, keywords, comment_tags, options):
    """Each rule's or variant's statement and section of a ``rules.json``/``variants.json``
    (Babel's extractor interface: ``(line, function, message, comments)`` per text)."""
    seen = set()
    for entry in json.load(fileobj):
        for key in READ_KEYS:
            text = entry.get(key)
            if isinstance(text, str) and text and text not in seen:
                seen.add(text)
                yield 0, None, text, [f"{entry.get('id', '')} ({key})"]


# The keys of the recorder's and the scoresheet's data files whose values a person reads
# (api/data/recorder_words.json, component_layouts.json, scoresheet_layouts.json,
# effect_words.json).
WORD_MAPS = ("words", "groups", "fields", "notation")  # id -> the words for it
WORD_TEXTS = ("what", "many", "sentence", "label")


def table_words(fileobj, keywords, comment_tags, options):
    """The words of the recorder's and the scoresheet's data files: the names of ids, the
    headings of moves, where a value is printed on a component and the sentence asking for
    it, the scoresheet's labels, parts and choices (Babel's extractor interface)."""
    seen = set()
    for text, comment in _table_texts(json.load(fileobj), ""):
        if any(c.isalpha() for c in text) and text not in seen:
            seen.add(text)
            yield 0, None, text, [comment]


def _table_texts(value, where):
    """Each ``(text, where)`` a person reads inside ``value`` (``where`` names its key)."""
    if isinstance(value, list):
        for item in value:
            yield from _table_texts(item, where)
    if not isinstance(value, dict):
        return
    for key, item in value.items():
        at = f"{where}/{key}"
        if key in WORD_MAPS and isinstance(item, dict):
            for name, text in item.items():
                if isinstance(text, str):
                    yield text, f"{at}/{name}"
                else:  # a component's fields: where each is printed, and its sentence
                    yield from _table_texts(text, f"{at}/{name}")
        elif key in ("patterns", "phrases") and isinstance(item, list):
            yield from ((pair[1], at) for pair in item if len(pair) == 2)
        elif key in WORD_TEXTS and isinstance(item, str):
            yield item, at
            if key == "what" and "many" not in value:  # the plural the pages read
                yield item + "s", at
        elif key == "parts" and isinstance(item, list):
            yield from ((text, at) for text in item if isinstance(text, str))
        elif key == "choices" and isinstance(item, list):
            yield from ((pair[1], at) for pair in item
                        if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str))
        else:
            yield from _table_texts(item, at)


def game_titles(fileobj, keywords, comment_tags, options):
    """The title of each game the registry lists (``replay/games.py``): a page and a report
    name a game by it in the reader's language, so each domain that says it holds it
    (Babel's extractor interface; the registry is read, not the file's text)."""
    from replay.games import GAMES  # the engines, only when a catalog is extracted

    for game in GAMES:
        yield 0, None, game.title, [f"the title of the game {game.name}"]
