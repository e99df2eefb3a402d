"""Every rule a log can break is broken by a hand-checked fixture.

``tests/test_rule_ids.py`` checks that each such rule (not ``automatic`` in ``rules.json``)
is cited by the engine; here some log under ``fixtures/coimbra/illegal`` must break it
(``test_fixtures.py`` checks each of those logs against its hand-checked expected report).
"""

from __future__ import annotations

import json

import pytest

from replay.coimbra.rules import RULES
from tests.conftest import FIXTURES

BREAKABLE = sorted(rule.id for rule in RULES.values() if not rule.automatic)
ILLEGAL = sorted((FIXTURES / "coimbra" / "illegal").glob("*.expected.json"))
BROKEN = {violation["rule"] for path in ILLEGAL
          for violation in json.loads(path.read_text())["violations"]}


@pytest.mark.parametrize("rule", BREAKABLE)
def test_a_rule_a_log_can_break_is_broken_by_an_illegal_fixture(rule):
    assert rule in BROKEN


def test_illegal_fixtures_break_only_rules_a_log_can_break():
    assert BROKEN.issubset(BREAKABLE)
