"""A refused Place Workers says what was wrong with the numbers worked out by hand (p.18), and
whether the event was applied (a refused placement of Workers the player lacks is not).

The logs are the hand-worked castle fixtures; their ``.worked.md`` files give the numbers.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

WORKED = FIXTURES / "viscounts" / "worked"


@pytest.mark.parametrize(("name", "expected"), [
    # Noble icons: space 2's starting Noble + the Thief's wild = 2; 2 Workers take 3.
    ("castle-brackets-short", {
        "rule": "viscounts.castle.brackets", "event": 8, "applied": True,
        "message": "placing 2 Workers takes 3 Noble icons; ana has 2",
        "expected": "3", "found": "2"}),
    # The brackets are 1 / 3 / 5 / 8 icons for 1 to 4 Workers: no fifth.
    ("castle-brackets-five-workers", {
        "rule": "viscounts.castle.brackets", "event": 9, "applied": False,
        "message": "1 to 4 Workers are placed, not 5", "found": "5"}),
    # 19 of her 20 Workers placed in 9 turns (the worked file, turn by turn): 1 left, 2 placed.
    ("castle-supply-one-left", {
        "rule": "viscounts.castle.supply", "event": 117, "applied": False,
        "message": "ana has 1 Worker in supply and cannot place 2", "found": "2"}),
])
def test_the_refusal_names_the_numbers(name, expected):
    report = replay.replay(json.loads((WORKED / f"{name}.json").read_text()))
    first = {k: v for k, v in report["violations"][0].items() if k not in ("statement", "words")}
    assert first == expected
