"""Hand-checked fixtures: each log's outcome was worked out by hand from the rule text.

``NAME.expected.json`` beside each ``NAME.json`` holds what the report must say: the verdict,
the violations (rule id and event index), and for complete games the final breakdown and
the winner.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES

CASES = sorted(
    path for folder in ("legal", "illegal", "variants", "disputes")
    for path in (FIXTURES / "coimbra" / folder).glob("*.json")
    if not path.name.endswith(".expected.json")
)


def _expected(path):
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fixture_report_matches_hand_checked_outcome(path):
    expected = _expected(path)
    report = replay.replay(json.loads(path.read_text()), mode=expected.get("mode", "strict"))
    found = [{"rule": v["rule"], "event": v["event"]} for v in report["violations"]]
    assert found == expected["violations"], report["violations"]
    assert report["verdict"] == expected["verdict"]
    if "final" in expected:
        breakdown = report["final"]["players"]
        assert breakdown == expected["final"]
        assert report["standings"][0]["player"] == expected["winner"]
    if "final_order" in expected:
        assert report["final_order"] == expected["final_order"]


def test_every_fixture_has_its_expected_report():
    assert CASES, "no Coimbra fixtures found"
    missing = [p.name for p in CASES if not p.with_name(p.stem + ".expected.json").exists()]
    assert not missing
