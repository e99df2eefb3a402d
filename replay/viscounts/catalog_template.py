"""A fill-in catalog for transcribing the printed game: the built-in catalog with every
placeholder value blanked.

The structure the rules fix (ids, counts, segment roles, river sides, start numbers' spaces,
Scheme decks) and every value with a real source are kept; each placeholder value becomes
``null`` with its label still on the entry. Since the template says ``printed: true``,
``check_catalog`` names every slot still labelled a placeholder. A transcriber fills a slot from
the printed component, sets the entry's ``source`` to ``"printed component"``, removes its
placeholder label and updates ``meta.placeholders``.
"""

from __future__ import annotations

import copy

from replay.core.logs.declarations import ENTRY_KEYS, holds_entries, iter_entries
from replay.viscounts.catalog import DEFAULT_CATALOG, builtin_document

# What the rules fix about a board space or building spot even where its print is unknown:
# which space of the segment it is, its path and its side of the river (pp.6, 13, 16).
STRUCTURE_KEYS = ("role", "path", "river")


def template_document() -> dict:
    """The fill-in catalog document."""
    document = copy.deepcopy(builtin_document(DEFAULT_CATALOG))
    document["meta"].update({
        "id": "viscounts-printed", "printed": True,
        "description": "Transcribed from the printed 2020 base game by ..."})
    for _, entry in iter_entries(document):
        if entry.get("placeholder"):
            for key, value in entry.items():
                if key not in ENTRY_KEYS and key not in STRUCTURE_KEYS \
                        and not holds_entries(value):
                    entry[key] = None
        for name in entry.get("placeholder_fields", ()):
            _blank(entry, name.split("."))
    return document


def _blank(node: dict | list, parts: list[str]) -> None:
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = parts[-1]
    node[int(last) if isinstance(node, list) else last] = None

