"""Audit mode: a violation follows from an earlier skipped event of the same player only.

For every hand-checked illegal fixture, a move to an unknown place is written just before
the violating event (the move is skipped, its player's state and the table's now differ).
Written by the violating event's own player, the violation is marked as following from it;
written by another player, it is not. This holds for every rule a player can break, so each
check that names a player names the right one.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

ILLEGAL = sorted(p for p in (FIXTURES / "coimbra" / "illegal").glob("*.json")
                 if not p.name.endswith(".expected.json"))


def _case(path):
    log = json.loads(path.read_text())
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    index = expected["violations"][0]["event"]
    return log, index, expected["violations"][0]["rule"]


def _players_case(path):
    log, index, _ = _case(path)
    return "player" in log["events"][index] and log["events"][index]["player"] in \
        log["header"]["players"]


PLAYER_CASES = [p for p in ILLEGAL if _players_case(p)]


def _with_stray_move(log: dict, index: int, player: str) -> dict:
    stray = {"type": "move", "player": player, "path": ["nowhere"]}
    return {**log, "events": [*log["events"][:index], stray, *log["events"][index:]]}


def _violation_at(report: dict, index: int, rule: str) -> dict:
    return next(v for v in report["violations"] if v["event"] == index and v["rule"] == rule)


@pytest.mark.parametrize("path", PLAYER_CASES, ids=lambda p: p.stem)
def test_a_violation_follows_from_its_own_players_skipped_event(path):
    log, index, rule = _case(path)
    player = log["events"][index]["player"]
    report = replay.replay(_with_stray_move(log, index, player), mode="audit")
    # Before the corners are chosen the move has no pilgrim (pilgrim.steps), after it no
    # place called "nowhere" (log.component): skipped either way.
    assert [v["applied"] for v in report["violations"] if v["event"] == index][-1] is False
    assert _violation_at(report, index + 1, rule).get("follows_from") == index


@pytest.mark.parametrize("path", PLAYER_CASES, ids=lambda p: p.stem)
def test_a_violation_does_not_follow_from_another_players_skipped_event(path):
    log, index, rule = _case(path)
    player = log["events"][index]["player"]
    other = next(p for p in log["header"]["players"] if p != player)
    report = replay.replay(_with_stray_move(log, index, other), mode="audit")
    assert "follows_from" not in _violation_at(report, index + 1, rule)
