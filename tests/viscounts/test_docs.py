"""The example of docs/viscounts-log.md replays as documented."""

from __future__ import annotations

import json
from pathlib import Path

import replay

DOC = Path(__file__).parents[2] / "docs" / "viscounts-log.md"


def test_the_documented_example_replays_with_its_claims_matching():
    text = DOC.read_text("utf-8").split("## Example")[1]
    log = json.loads(text.split("```json")[1].split("```")[0])
    report = replay.replay(log)
    assert report["violations"] == []
    assert report["verdict"] == "incomplete"  # one turn of a game
    assert [c["match"] for c in report["claims"]] == [True, True, True]
    assert report["reached"]["expected_next"] == "move by bruno"
