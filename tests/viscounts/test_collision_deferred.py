"""A collision caused by the phase-6 shuffle check waits for the player's next phase 5 (p.23).

The hand-worked log ``castle-supply-one-left`` has one: in turn K (round 11) ana's markers
stand on 3 and 4 through phase 5; the shuffle before her draw (event 108) brings the check,
1 Corruption for the Thief on her board, and the markers meet on space 4. Her next turn (L)
starts at event 115; event 117 is its first event after the movement.
"""

from __future__ import annotations

import json

import replay
from tests.conftest import FIXTURES

LOG = json.loads((FIXTURES / "viscounts" / "worked" / "castle-supply-one-left.json").read_text())
SHUFFLE, NEXT_TURN_ACTION = 108, 117


def _replay(events: list[dict]) -> dict:
    return replay.replay(dict(LOG, events=events), mode="strict")


def _first_violation(report: dict) -> tuple[str, int] | None:
    found = report["violations"]
    return (found[0]["rule"], found[0]["event"]) if found else None


def test_the_phase_6_draw_needs_no_collision():
    report = _replay(LOG["events"][:NEXT_TURN_ACTION])
    assert _first_violation(report) is None
    assert report["verdict"] == "incomplete"


def test_a_collision_after_the_phase_6_shuffle_waits():
    report = _replay([*LOG["events"][:SHUFFLE + 1], {"type": "collision", "player": "ana"}])
    assert _first_violation(report) == ("viscounts.collision.deferred", SHUFFLE + 1)


def test_the_deferred_collision_is_resolved_in_the_next_phase_5():
    check = {"type": "check", "player": "ana", "values": {"corruption": 1, "virtue": 7}}
    report = _replay([*LOG["events"][:NEXT_TURN_ACTION],
                      {"type": "collision", "player": "ana", "space": 4}, check])
    assert _first_violation(report) is None
    claims = {c["what"]: c for c in report["claims"] if c["event"] == NEXT_TURN_ACTION + 1}
    assert {what: c["match"] for what, c in claims.items()} == {"corruption": True,
                                                               "virtue": True}


def test_the_deferred_collision_is_required_in_the_next_phase_5():
    report = _replay([*LOG["events"][:NEXT_TURN_ACTION], {"type": "shuffle", "player": "ana"}])
    assert _first_violation(report) == ("viscounts.collision.when", NEXT_TURN_ACTION)
    assert "share space 4" in report["violations"][0]["message"]
