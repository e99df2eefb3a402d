"""A fill-in catalog for transcribing the printed game: every slot, no values.

The structure that the rules fix (how many cards of each level, the start pairs, the map's
monastery spaces and corners, the tracks' length) is kept from the demo catalog; every
printed value is ``null`` (or an empty list) for the transcriber to fill in, and
``referee catalog check`` names each slot still empty. The demo's labels (``source``,
``placeholder_fields``...) are left out, as are the ids the demo gives its tracks and flags
to name their placeholders: a transcription holds only printed values.
"""

from __future__ import annotations

import copy

from replay.coimbra.catalog import builtin_document
from replay.core.logs.declarations import ENTRY_KEYS

KEEP = {"id", "level", "position", "kind", "from", "to", "colour", "income_resource", "max"}
LABELS = ENTRY_KEYS - {"id", "names"}


def _blank(item: dict, drop: frozenset[str] = frozenset()) -> dict:
    return {key: (value if key in KEEP else [] if isinstance(value, list) else None)
            for key, value in item.items() if key not in LABELS and key not in drop}


def _unlabelled(item: dict) -> dict:
    return {key: value for key, value in item.items() if key not in LABELS}


def template_document() -> dict:
    """The fill-in catalog document."""
    demo = copy.deepcopy(builtin_document("coimbra-demo"))
    return {
        "meta": {"id": "coimbra-printed", "game": "coimbra", "version": 1, "printed": True,
                 "description": "Transcribed from the printed 2018 base game by ..."},
        "diploma_types": [None] * len(demo["diploma_types"]),
        "tracks": {name: {**_blank(track, frozenset({"id"})),
                          "income": [{"from": 0, "to": None, "gain": {}}]}
                   for name, track in demo["tracks"].items()},
        "flags": [_blank(flag, frozenset({"id"})) for flag in demo["flags"]],
        "characters": [_blank(card) for card in demo["characters"]],
        "start_pairs": demo["start_pairs"],
        "monasteries": [_blank(tile) for tile in demo["monasteries"]],
        "voyages": [_blank(card) for card in demo["voyages"]],
        "favors": [_blank(tile) for tile in demo["favors"]],
        "scoring_tiles": [_blank(tile) for tile in demo["scoring_tiles"]],
        "map": {"nodes": [_unlabelled(node) for node in demo["map"]["nodes"]
                          if node["kind"] != "stopover"],
                "roads": []},
    }
