"""The Castle Leader changing hands (p.19) is told in the report, before the draw it limits.

The log is the hand-worked ``castle-leader-lost-hand-limit``: bruno is first to tier 3, ana ties
him (he keeps the card), then passes him (she takes it) and his hand limit drops to 3.
"""

from __future__ import annotations

import json

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


def _report(name: str) -> dict:
    return replay.replay(json.loads((WORKED / f"{name}.json").read_text()))


def test_each_change_of_the_castle_leader_is_a_note_in_order():
    notes = [n["message"] for n in _report("castle-leader-lost-hand-limit")["notes"]]
    assert notes == [
        "bruno moves the first Worker into tier 3 and takes the Castle Leader "
        "(hand limit +1 for bruno)",
        "ana has 1 Worker in tier 3, as many as bruno: bruno keeps the Castle Leader "
        "(only more takes it)",
        "ana takes the Castle Leader from bruno: 3 Workers in tier 3 against 1 "
        "(hand limit +1 for ana); bruno's hand limit is 3 from the next draw, with no "
        "discard of the cards held",
    ]


def test_the_refused_draw_names_the_lower_limit():
    report = _report("castle-leader-lost-draw-over-limit")
    first = report["violations"][0]
    assert (first["rule"], first["event"]) == ("viscounts.draw.over_limit", 136)
    assert first["message"] == "bruno holds 3 cards and the hand limit is 3: 0 cards to draw, not 1"
    # the note that explains the lower limit comes before the refusal it explains
    taken = next(n for n in report["notes"] if "takes the Castle Leader from bruno" in n["message"])
    assert taken["event"] < first["event"]
