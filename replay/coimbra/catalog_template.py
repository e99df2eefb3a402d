"""A fill-in catalog for transcribing the printed game: every slot, no values.

The structure that the rules fix (how many cards of each level, the start pairs, the map's
monastery spaces and corners, the tracks' length) is kept from the demo catalog; every
printed value is ``null`` (or an empty list) for the transcriber to fill in, and
``referee catalog check`` names each slot still empty.
"""

from __future__ import annotations

import copy

from replay.coimbra.catalog import builtin_document

KEEP = {"id", "level", "position", "kind", "from", "to", "colour", "income_resource", "max"}


def _blank(item: dict) -> dict:
    return {key: (value if key in KEEP else [] if isinstance(value, list) else None)
            for key, value in item.items()}


def template_document() -> dict:
    """The fill-in catalog document."""
    demo = copy.deepcopy(builtin_document("coimbra-demo"))
    return {
        "meta": {"id": "coimbra-printed", "game": "coimbra", "version": 1, "printed": True,
                 "description": "Transcribed from the printed 2018 base game by ..."},
        "diploma_types": [None] * len(demo["diploma_types"]),
        "tracks": {name: {**_blank(track), "income": [{"from": 0, "to": None, "gain": {}}]}
                   for name, track in demo["tracks"].items()},
        "flags": [_blank(flag) for flag in demo["flags"]],
        "characters": [_blank(card) for card in demo["characters"]],
        "start_pairs": demo["start_pairs"],
        "monasteries": [_blank(tile) for tile in demo["monasteries"]],
        "voyages": [_blank(card) for card in demo["voyages"]],
        "favors": [_blank(tile) for tile in demo["favors"]],
        "scoring_tiles": [_blank(tile) for tile in demo["scoring_tiles"]],
        "map": {"nodes": [node for node in demo["map"]["nodes"] if node["kind"] != "stopover"],
                "roads": []},
    }
