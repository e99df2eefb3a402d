"""Every rule a log can break is broken by a hand-checked fixture, and every variant is declared
by one, for every game.

``tests/test_rule_ids.py`` checks that each such rule (not ``automatic`` in the game's rules)
is cited by the engine; here some fixture under ``fixtures/<game>/`` must break it, and the
engine must agree: a fixture whose expected violation the engine disputes (a recorded
``engine_disagreement`` on its verdict) does not count. Each fixture is compared with the
engine by its game's fixture test. A variant reads a rule differently, so some fixture's
header declares it, and that log is replayed under it.
"""

from __future__ import annotations

import json

import pytest

from replay.games import GAMES
from tests.conftest import FIXTURES


def _broken(game: str) -> set[str]:
    """Rule ids some fixture of ``game`` breaks, with the engine agreeing."""
    broken = set()
    for path in (FIXTURES / game).rglob("*.expected.json"):
        expected = json.loads(path.read_text())
        if "verdict" in expected.get("engine_disagreement", {}).get("tests", []):
            continue
        broken.update(violation["rule"] for violation in expected.get("violations", []))
    return broken


BROKEN = {game.name: _broken(game.name) for game in GAMES}
BREAKABLE = [(game.name, rule.id) for game in GAMES for rule in game.rules.values()
             if not rule.automatic]


@pytest.mark.parametrize(("game", "rule"), BREAKABLE, ids=[rule for _, rule in BREAKABLE])
def test_a_rule_a_log_can_break_is_broken_by_a_fixture(game, rule):
    assert rule in BROKEN[game]


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_fixtures_break_only_rules_a_log_can_break(game):
    breakable = {rule.id for rule in game.rules.values() if not rule.automatic}
    assert BROKEN[game.name] <= breakable


def _declared(game: str) -> set[str]:
    """Variant names the headers of ``game``'s fixture logs declare."""
    declared = set()
    for path in (FIXTURES / game).rglob("*.json"):
        document = json.loads(path.read_text())
        header = document.get("header") if isinstance(document, dict) else None
        if isinstance(header, dict):
            declared.update(header.get("variants", []))
    return declared


@pytest.mark.parametrize("game", list(GAMES), ids=lambda g: g.name)
def test_every_variant_is_declared_by_a_fixture(game):
    assert sorted(set(game.variants) - _declared(game.name)) == []
