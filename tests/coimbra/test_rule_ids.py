"""Every rule a log can break is cited by the engine and broken by a hand-checked fixture.

A rule marked ``automatic`` in ``rules.json`` is applied by the engine itself (a log cannot
break it); every other rule must be reachable: the engine names it in a violation, and some
log under ``fixtures/coimbra/illegal`` breaks it (``test_fixtures.py`` checks each of those
logs against its hand-checked expected report).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import replay.coimbra
from replay.coimbra import RULES
from tests.conftest import FIXTURES

ENGINE = Path(replay.coimbra.__file__).parent
SOURCE = "\n".join(path.read_text(encoding="utf-8") for path in sorted(ENGINE.rglob("*.py")))
BREAKABLE = sorted(rule.id for rule in RULES.values() if not rule.automatic)
ILLEGAL = sorted((FIXTURES / "coimbra" / "illegal").glob("*.expected.json"))
BROKEN = {violation["rule"] for path in ILLEGAL
          for violation in json.loads(path.read_text())["violations"]}
# An incomplete log is a verdict of its own, not a violation: the rule is never cited yet.
NEVER_CITED = pytest.mark.xfail(strict=True, reason="issue 8: coimbra.log.complete is never cited")


def _cases():
    return [pytest.param(rule, marks=NEVER_CITED) if rule == "coimbra.log.complete" else rule
            for rule in BREAKABLE]


@pytest.mark.parametrize("rule", _cases())
def test_a_rule_a_log_can_break_is_cited_by_the_engine(rule):
    assert f'"{rule}"' in SOURCE


@pytest.mark.parametrize("rule", _cases())
def test_a_rule_a_log_can_break_is_broken_by_an_illegal_fixture(rule):
    assert rule in BROKEN


def test_illegal_fixtures_break_only_rules_a_log_can_break():
    assert BROKEN.issubset(BREAKABLE)
