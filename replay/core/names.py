"""Printed names of the component ids a document mentions, for people reading it.

Reports and state documents carry ``names`` (id -> printed name); the renderers show each
name beside its id (``replay.render.names``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

WORD = re.compile(r"[\w:-]+")


def ids_in(value) -> Iterable[str]:
    """Every string in ``value`` (a string, or lists and mappings of them, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from ids_in(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from ids_in(item)


def names_of(values: Iterable[str], printed: Callable[[str], str | None]) -> dict[str, str]:
    """``{id: printed name}`` for each of ``values`` that ``printed`` names, in id order."""
    names = {}
    for ident in sorted(set(values)):
        name = printed(ident)
        if name:
            names[ident] = name
    return names


def words_of(text: object) -> list[str]:
    """The words of a message that may be ids (``c1-02+c1-07`` holds two)."""
    return WORD.findall(str(text or ""))
