"""Rule and variant ids are checked names: every rule a log can break is cited by its game's
code, every id the code cites exists, and unknown variant names are refused, not ignored."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from replay.core.logs.log import GameLog
from replay.core.protocol.game import Game
from replay.core.verdicts.judge import Judge
from replay.games import GAMES
from tests.conformance.dice_race import GAME as DICE_RACE

GAMES_CHECKED = [*GAMES, DICE_RACE]


def _constants(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)]


def _cited(game: Game) -> tuple[dict[str, str], dict[str, str]]:
    """Rule ids (string literals with the game's prefix) and variant ids (``allows(...)``
    arguments and ``legal_under=`` values) in the game's package, with a file citing each."""
    package = Path(sys.modules[type(game).__module__].__file__).parent
    rule_id = re.compile(rf"^{re.escape(game.name)}\.[a-z0-9_.-]+$")
    rules: dict[str, str] = {}
    variants: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for text in _constants(tree):
            if rule_id.match(text):
                rules.setdefault(text, path.name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "allows" and node.args:
                for text in _constants(node.args[0]):
                    variants.setdefault(text, path.name)
            if isinstance(node, ast.keyword) and node.arg == "legal_under":
                for text in _constants(node.value):
                    variants.setdefault(text, path.name)
    return rules, variants


@pytest.mark.parametrize("game", GAMES_CHECKED, ids=lambda g: g.name)
def test_every_rule_a_log_can_break_is_cited_and_every_cited_id_exists(game):
    rules, _ = _cited(game)
    assert [r.id for r in game.rules.values() if not r.automatic and r.id not in rules] == []
    assert {rule: where for rule, where in rules.items() if rule not in game.rules} == {}


@pytest.mark.parametrize("game", GAMES_CHECKED, ids=lambda g: g.name)
def test_no_rule_the_engine_applies_itself_is_cited_as_broken(game):
    """A rule marked automatic is one no log can break: the code never names it in a
    refusal (else the rule list tells judges a log cannot break what it can)."""
    rules, _ = _cited(game)
    assert {rule: where for rule, where in rules.items()
            if rule in game.rules and game.rules[rule].automatic} == {}


@pytest.mark.parametrize("game", GAMES_CHECKED, ids=lambda g: g.name)
def test_every_variant_is_consulted_and_every_consulted_variant_exists(game):
    _, variants = _cited(game)
    assert sorted(set(game.variants) - set(variants)) == []
    assert {v: where for v, where in variants.items() if v not in game.variants} == {}


@pytest.mark.parametrize("game", GAMES_CHECKED, ids=lambda g: g.name)
def test_unknown_variant_and_ruleset_names_in_a_header_are_refused(game):
    variant = next(iter(game.variants))
    log = GameLog(game=game.name, players=[f"p{i}" for i in range(min(game.player_counts))],
                  ruleset=game.rulesets[0] + "x", variants=[variant, variant + "s"])
    problems = game.header_problems(log, None)
    assert [(p.path, p.suggestions) for p in problems] == [
        ("/header/ruleset", (game.rulesets[0],)), ("/header/variants/1", (variant,))]
    log.ruleset, log.variants = game.rulesets[0], [variant]
    assert game.header_problems(log, None) == []


@pytest.mark.parametrize("game", GAMES_CHECKED, ids=lambda g: g.name)
def test_the_judge_refuses_unknown_variant_and_rule_ids(game):
    variant, rule = next(iter(game.variants)), next(iter(game.rules))
    judge = Judge("audit", game.rules, {variant}, known_variants=game.variants)
    judge.event = 0
    assert judge.allows(variant) is True
    with pytest.raises(KeyError, match="unknown variant id no-such-variant"):
        judge.allows("no-such-variant")
    with pytest.raises(KeyError, match="unknown variant id no-such-variant"):
        judge.breach(rule, "a message", legal_under="no-such-variant")
    with pytest.raises(KeyError, match=f"unknown rule id {game.name}.no.such.rule"):
        judge.breach(f"{game.name}.no.such.rule", "a message")
    assert judge.violations == []
    judge.breach(rule, "a message", legal_under=variant)
    assert [(v.rule, v.legal_under) for v in judge.violations] == [(rule, variant)]
