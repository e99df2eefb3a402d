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
