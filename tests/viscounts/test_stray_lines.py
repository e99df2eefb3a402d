"""A line written for a player whose turn it is not is refused whole in audit mode, and
changes nothing: the choices waiting for the current player still wait for them."""

from __future__ import annotations

import copy
import json

import pytest

import replay
from replay.viscounts.decisions import DECISIONS
from tests.conftest import FIXTURES

GAME = json.loads((FIXTURES / "viscounts/worked/game-2p.json").read_text())


def _answers() -> list[int]:
    """Events answering a choice made on the current player's turn, at the first of each run."""
    events = GAME["events"]
    return [i for i, e in enumerate(events)
            if e["type"] in DECISIONS and events[i - 1]["type"] not in DECISIONS
            and events[i - 1].get("player") == e["player"]]


@pytest.mark.parametrize("index", _answers())
def test_a_stray_line_before_a_choice_is_answered_declines_nothing(index):
    events = GAME["events"]
    player = events[index]["player"]
    other = next(p for p in GAME["header"]["players"] if p != player)
    stray = {"type": "draw", "player": other, "cards": ["?"]}
    log = copy.deepcopy(GAME)
    log["events"].insert(index, stray)
    clean = replay.replay(copy.deepcopy(GAME), mode="audit")
    report = replay.replay(log, mode="audit")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("viscounts.log.player", index)]
    assert report["final"] == clean["final"]
