"""Hand-checked fixtures: each log's outcome was worked out by hand from the rule text.

``NAME.expected.json`` beside each ``NAME.json`` holds what the report must say: the verdict,
the violations (rule id and event index), and for complete games the final breakdown and
the winner; optionally the neutral tokens' discards (row, card, the event credited) and
the placeholder values read where a rule was broken (``deciding``: entry, field, events). A
fixture under ``variants/`` also says, under ``default``, what the same log gives when its
variant is not declared: every variant must change the outcome of its fixture. A fixture
under ``scoresheets/`` is an end state only (a ``scoresheet`` in place of ``events``).
"""

from __future__ import annotations

import json

import pytest

import replay
from replay.coimbra.rules import VARIANTS
from tests.conftest import FIXTURES

COIMBRA = FIXTURES / "coimbra"
CASES = sorted(
    path for folder in ("legal", "illegal", "variants", "disputes", "scoresheets", "positions")
    for path in (COIMBRA / folder).glob("*.json")
    if not path.name.endswith(".expected.json")
)
VARIANT_CASES = [path for path in CASES if path.parent.name == "variants"]


def _expected(path):
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def _violations(report: dict, keys: tuple[str, ...]) -> list[dict]:
    return [{k: v[k] for k in keys if k in v} for v in report["violations"]]


def _as_stated(report: dict, expected: list[dict]) -> list[dict]:
    """The report's violations, each with the keys its hand-worked counterpart states (a
    fixture may state what was expected and found, beyond the rule and the event)."""
    return [{k: v[k] for k in (expected[i] if i < len(expected) else ("rule", "event"))
             if k in v} for i, v in enumerate(report["violations"])]


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fixture_report_matches_hand_checked_outcome(path):
    expected = _expected(path)
    document = json.loads(path.read_text())
    report = (replay.score_sheet(document) if "scoresheet" in document  # an end state only
              else replay.replay(document, mode=expected.get("mode", "strict")))
    assert _as_stated(report, expected["violations"]) == expected["violations"], \
        report["violations"]
    assert report["verdict"] == expected["verdict"]
    if "final" in expected:
        breakdown = report["final"]["players"]
        assert breakdown == expected["final"]
        assert report["standings"][0]["player"] == expected["winner"]
    if "final_order" in expected:
        assert report["final_order"] == expected["final_order"]
    if "neutral_discards" in expected:  # each with the event it is credited to
        assert [{"row": d["row"], "card": d["card"], "event": d["event"]}
                for d in report["discards"] if d["reason"] == "discarded by a neutral token"
                ] == expected["neutral_discards"]
    if "deciding" in expected:
        assert [{"entry": p["entry"], "field": p["field"], "violations": p["violations"]}
                for p in report["catalog"]["placeholders_used"] if "violations" in p
                ] == expected["deciding"]


@pytest.mark.parametrize("path", VARIANT_CASES, ids=lambda p: p.stem)
def test_a_variant_fixture_gives_the_hand_checked_default_outcome_without_its_variant(path):
    expected = _expected(path)["default"]
    log = json.loads(path.read_text())
    assert log["header"]["variants"], "a variant fixture declares its variant"
    log["header"]["variants"] = []
    report = replay.replay(log)
    keys = ("rule", "event", "legal_under")
    assert _violations(report, keys) == expected["violations"], report["violations"]
    assert report["verdict"] == expected["verdict"]
    if "totals" in expected:
        assert {s["player"]: s["points"] for s in report["standings"]} == expected["totals"]


def test_every_variant_has_a_fixture_of_its_own():
    declared = {name for path in VARIANT_CASES
                for name in json.loads(path.read_text())["header"]["variants"]}
    assert declared == set(VARIANTS)
    assert {path.stem for path in VARIANT_CASES} >= set(VARIANTS)


def test_every_fixture_has_its_expected_report():
    assert CASES, "no Coimbra fixtures found"
    missing = [p.name for p in CASES if not p.with_name(p.stem + ".expected.json").exists()]
    assert not missing
