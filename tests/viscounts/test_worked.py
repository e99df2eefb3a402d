"""Hand-worked Viscounts fixtures: the oracle the engine is checked against.

Each ``fixtures/viscounts/worked/NAME.json`` was worked out by hand from the rule text, without
the engine (``NAME.worked.md`` shows the computation, page by page). ``NAME.expected.json``
holds what the report must say: the verdict, the first violation (rule id and event index),
every ``check`` claim's value as computed by hand and whether the log's claim matches it, and
for complete games the final breakdown by category. A fixture with a ``scoresheet`` in place
of ``events`` is scored from its end state alone.
"""

from __future__ import annotations

import json

import pytest

import replay
from tests.conftest import FIXTURES, ROOT

WORKED = FIXTURES / "viscounts" / "worked"
CASES = sorted(p for p in WORKED.glob("*.json") if not p.name.endswith(".expected.json"))

needs_engine = pytest.mark.skipif(
    "viscounts" not in replay.GAMES,
    reason="the Viscounts engine is not registered in replay.GAMES yet")


def _expected(path):
    return json.loads(path.with_name(path.stem + ".expected.json").read_text())


def _cases(kind, where=lambda expected: True):
    """The fixtures for one kind of comparison. Where the expected file records a known
    disagreement with the engine for that kind (the hand-worked outcome stays the oracle), the
    case is a strict xfail: it fails loudly as soon as the engine agrees, so the record goes."""
    params = []
    for path in CASES:
        expected = _expected(path)
        if not where(expected):
            continue
        disagreement = expected.get("engine_disagreement", {})
        marks = ([pytest.mark.xfail(strict=True, reason=disagreement["reason"])]
                 if kind in disagreement.get("tests", []) else [])
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


def _report(path):
    """The report of a log, or of a scoresheet (a document with ``scoresheet`` in place of
    ``events``)."""
    expected, document = _expected(path), json.loads(path.read_text())
    if "scoresheet" in document:
        return expected, replay.score_sheet(document)
    return expected, replay.replay(document, mode=expected.get("mode", "strict"))


@needs_engine
@pytest.mark.parametrize("path", _cases("verdict"))
def test_verdict_and_first_violation(path):
    expected, report = _report(path)
    found = [{"rule": v["rule"], "event": v["event"]} for v in report["violations"]]
    assert found[:1] == expected["violations"], report["violations"]
    assert report["verdict"] == expected["verdict"]


@needs_engine
@pytest.mark.parametrize("path", _cases("checks", lambda expected: expected["checks"]))
def test_every_check_claim(path):
    expected, report = _report(path)
    claims = {(c["event"], c["player"], c["what"]): c for c in report["claims"]}
    for want in expected["checks"]:
        key = (want["event"], want["player"], want["what"])
        assert key in claims, f"no claim reported for {key}"
        assert claims[key]["computed"] == want["computed"], (key, claims[key])
        assert claims[key]["match"] is want["match"], (key, claims[key])


@needs_engine
@pytest.mark.parametrize("path", _cases("final", lambda expected: "final" in expected))
def test_final_breakdown_by_category(path):
    expected, report = _report(path)
    assert report["final"]["players"] == expected["final"]
    if "winner" in expected:
        assert report["standings"][0]["player"] == expected["winner"]
    if "ranks" in expected:  # a shared place: every tied player has the same rank
        assert {row["player"]: row["rank"] for row in report["standings"]} == expected["ranks"]


@needs_engine
@pytest.mark.parametrize("path", _cases("reached", lambda expected: "reached" in expected))
def test_where_the_log_stops(path):
    """What the report says the log should record next, for a log that stops early."""
    expected, report = _report(path)
    assert {k: report["reached"][k] for k in expected["reached"]} == expected["reached"]


def test_every_fixture_is_worked_and_expected():
    assert CASES, "no hand-worked Viscounts fixtures found"
    for path in CASES:
        assert path.with_name(path.stem + ".expected.json").exists(), path.name
        assert path.with_name(path.stem + ".worked.md").exists(), path.name
        expected = _expected(path)
        assert expected["verdict"] in ("legal", "illegal", "score_mismatch", "incomplete")
        assert (expected["verdict"] == "illegal") == bool(expected["violations"]), path.name
        disagreement = expected.get("engine_disagreement")
        if disagreement:
            assert set(disagreement["tests"]) <= {"verdict", "checks", "final", "reached"}, \
                path.name
            assert disagreement["reason"].strip(), path.name


def test_violation_rule_ids_exist():
    """Every rule an expected file names is a stable id of rules.json."""
    rules = {r["id"] for r in json.loads(
        (ROOT / "replay" / "viscounts" / "data" / "rules.json").read_text())}
    for path in CASES:
        for violation in _expected(path)["violations"]:
            assert violation["rule"] in rules, (path.name, violation["rule"])
