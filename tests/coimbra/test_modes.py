"""Strict mode stops at the first violation; audit mode records all and reaches the end."""

from __future__ import annotations

import pytest

import replay
from replay.coimbra.generate import generate


def _two_violations() -> tuple[dict, int, int]:
    log = generate(3, seed=11)
    events = log["events"]
    place = next(i for i, e in enumerate(events) if e["type"] == "place")
    events[place]["die"] = "gray9"  # not in the pool: skipped in audit
    later = max(i for i, e in enumerate(events) if e["type"] == "invest")
    events.insert(later + 1, dict(events[later]))  # the same voyage twice
    return log, place, later + 1


def test_strict_mode_stops_at_the_first_violation():
    log, first, _ = _two_violations()
    report = replay.replay(log, mode="strict")
    assert [(v["rule"], v["event"]) for v in report["violations"]] == [
        ("coimbra.draft.die", first)]
    assert report["events"] == {"total": len(log["events"]), "replayed": first}
    assert report["final"] is None
    assert report["verdict"] == "illegal"


def test_audit_mode_records_every_violation_and_reaches_the_end():
    log, first, second = _two_violations()
    report = replay.replay(log, mode="audit")
    rules = [(v["rule"], v["event"]) for v in report["violations"]]
    assert rules[0] == ("coimbra.draft.die", first)
    assert ("coimbra.voyage.once", second) in rules
    assert report["violations"][0]["applied"] is False  # the missing die was skipped
    # Later violations by the player whose die was skipped follow from the first one.
    follow = [v for v in report["violations"][1:] if v.get("follows_from") == first]
    assert follow, report["violations"]
    assert report["events"]["replayed"] == len(log["events"])
    assert report["verdict"] == "illegal"


def test_an_unfinished_log_is_incomplete_and_says_what_comes_next():
    log = generate(2, seed=3)
    deal = [i for i, e in enumerate(log["events"]) if e["type"] == "deal"][2]
    log["events"] = log["events"][:deal + 1]
    report = replay.replay(log)
    assert report["verdict"] == "incomplete"
    reached = {k: v for k, v in report["reached"].items() if k != "words"}
    assert reached == {"round": 3, "phase": "A", "expected_next": "roll"}
    assert report["final"] is None and report["standings"] == []


@pytest.mark.engine_written  # the generated scores, +3, against the same engine's
def test_a_wrong_final_scoresheet_is_a_score_mismatch_explained_by_the_ledger():
    log = generate(2, seed=5)
    final = log["events"][-1]["scores"]
    name = next(iter(final))
    final[name] += 3
    report = replay.replay(log)
    assert report["verdict"] == "score_mismatch"
    divergence = report["first_divergence"]
    assert divergence["player"] == name and divergence["claimed"] == divergence["computed"] + 3
    assert sum(r["delta"] for r in divergence["explained_by"]) == divergence["computed"]
