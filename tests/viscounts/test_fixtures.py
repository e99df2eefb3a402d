"""Hand-checked Viscounts fixtures, checked like Coimbra's: ``NAME.expected.json`` beside
each ``NAME.json`` holds the verdict, the violations (rule id and event index) and, for
complete games, the final breakdown and the winner."""

from __future__ import annotations

import pytest

from tests.coimbra.test_fixtures import (
    test_fixture_report_matches_hand_checked_outcome as check_fixture,
)
from tests.conftest import FIXTURES

CASES = sorted(
    path for folder in ("legal", "illegal", "variants", "disputes", "solo", "positions")
    for path in (FIXTURES / "viscounts" / folder).glob("*.json")
    if not path.name.endswith(".expected.json")
)


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_fixture_report_matches_hand_checked_outcome(path):
    check_fixture(path)


def test_every_fixture_has_its_expected_report():
    assert CASES, "no Viscounts fixtures found"
    missing = [p.name for p in CASES if not p.with_name(p.stem + ".expected.json").exists()]
    assert not missing
