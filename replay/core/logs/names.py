"""Printed names of component ids: shown to people reading a document, read from what
they write.

Reports and state documents carry ``names`` (id -> printed name); the renderers show each
name beside its id (``replay.render.names``). Text logs and scoresheets read a printed name
where an id may stand (``ids_by_name``, ``read_id``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from replay.core.logs.text import fold_name

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


def action_ids(actions: Iterable[dict]) -> Iterable[str]:
    """The component ids events mention (their type and player are no component)."""
    for action in actions:
        for key, value in action.items():
            if key not in ("type", "player"):
                yield from ids_in(value)


def names_of(values: Iterable[str], printed: Callable[[str], str | None]) -> dict[str, str]:
    """``{id: printed name}`` for each of ``values`` that ``printed`` names, in id order."""
    names = {}
    for ident in sorted(set(values)):
        name = printed(ident)
        if name:
            names[ident] = name
    return names


def ids_by_name(printed: Mapping[str, str]) -> dict[str, str]:
    """``{folded printed name: id}`` from ``{id: printed name}``: how a person's writing of a
    component is read, in text logs and scoresheets alike (case, accents and spacing do not
    matter; ``replay.core.logs.text.fold_name``)."""
    return {fold_name(name): ident for ident, name in printed.items()}


def read_id(word: str, ids: Iterable[str], by_name: Mapping[str, str]) -> str | None:
    """The id ``word`` names: itself when it is one of ``ids``, else the id of the printed
    name it writes (``by_name`` from ``ids_by_name``), else None."""
    if word in ids:
        return word
    return by_name.get(fold_name(word))


def words_of(text: object) -> list[str]:
    """The words of a message that may be ids (``c1-02+c1-07`` holds two)."""
    return WORD.findall(str(text or ""))
