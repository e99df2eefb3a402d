"""Every report the engine writes fits the written-down report schema."""

from __future__ import annotations

import json

import pytest

import replay
from replay.core.reports.report_schema import ReportSchema
from tests.conftest import FIXTURES

GOLDEN = sorted(FIXTURES.glob("*/golden/*.report.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_reports_fit_the_schema(path):
    assert ReportSchema().validate(json.loads(path.read_text())) == {}


def test_unparseable_and_scoresheet_reports_fit_the_schema():
    broken = replay.replay_text('[game "coimbra"]\n[players "ana bo"]\nana: fly\n')
    assert broken["verdict"] == "unparseable"
    assert ReportSchema().validate(broken) == {}


def test_a_wrong_report_does_not_fit():
    errors = ReportSchema().validate({"report_version": 1, "verdict": "maybe"})
    assert {"verdict", "engine_version", "input_sha256"} <= set(errors)
