"""The Viscounts rules and variants data: ids, inventory coverage, statements."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from replay.core.protocol.rules import load_rules, load_variants

INVENTORY = range(1, 182)  # the rule inventory numbers rules 1-181, multiplayer and solo
# Rule 40, at most 1 dismiss per turn, is no rule of the list: a log writes a dismiss only as
# the ``dismiss`` of a primary action event, so no log breaks it without breaking
# viscounts.action.one (one primary action per turn), whose statement says it.
FOLDED = {40: "viscounts.action.one"}


def _raw(name: str) -> list[dict]:
    return json.loads(resources.files("replay.viscounts").joinpath("data", name).read_text())


RAW_RULES = _raw("rules.json")
RULES = load_rules("replay.viscounts")


def test_rule_ids_are_unique_and_stable():
    ids = [rule["id"] for rule in RAW_RULES]
    assert len(ids) == len(set(ids)) == len(RULES)
    for rule_id in ids:
        assert re.fullmatch(r"viscounts(\.[a-z0-9_]+){2,}", rule_id), rule_id


def test_every_inventory_rule_has_an_id():
    numbers = [rule.inventory for rule in RULES.values() if rule.inventory is not None]
    assert set(numbers) == set(INVENTORY) - set(FOLDED)
    for number, rule_id in FOLDED.items():
        assert "dismiss" in RULES[rule_id].statement and not RULES[rule_id].automatic, number
    # Only rule 119 (Debts and Deeds from the top of their piles) is split in two ids.
    repeated = {n for n in numbers if numbers.count(n) > 1}
    assert repeated == {119}
    assert {r.id for r in RULES.values() if r.inventory == 119} == {
        "viscounts.debt.gain", "viscounts.deed.gain"}


def test_rules_without_inventory_number_are_the_log_rules():
    unnumbered = {r.id for r in RULES.values() if r.inventory is None}
    assert unnumbered and all(rule_id.startswith("viscounts.log.") for rule_id in unnumbered)
    for name in ("order", "player", "component", "complete", "after_end", "chance",
                 "hidden_location", "hidden_unique", "empty_draw", "reveal"):
        assert f"viscounts.log.{name}" in unnumbered


def test_solo_rules_are_the_inventory_solo_section():
    solo = {r.inventory for r in RULES.values() if r.id.startswith("viscounts.solo.")}
    assert solo == set(range(142, 182))


def test_inventory_rules_cite_a_rulebook_page():
    for rule in RULES.values():
        if rule.inventory is not None:
            assert re.fullmatch(r"p\.([1-9]|[12]\d|3[0-2]) [A-Z][A-Za-z ,-]+", rule.section), rule


@pytest.mark.parametrize("rule", RULES.values(), ids=lambda r: r.id)
def test_statements_read_as_one_plain_line(rule):
    assert "\n" not in rule.statement and rule.statement.endswith(".")
    assert not re.search(r"\*\*|`|\[I\]|→|\bvis\.", rule.statement), rule.statement


def test_rules_a_log_can_break_are_not_automatic():
    for rule_id in ("viscounts.move.steps", "viscounts.build.river",
                    "viscounts.castle.brackets", "viscounts.transcribe.once",
                    "viscounts.solo.ai.build", "viscounts.log.empty_draw"):
        assert not RULES[rule_id].automatic, rule_id
    for rule_id in ("viscounts.score.buildings",
                    "viscounts.score.ribbons", "viscounts.vc.corruption_first",
                    "viscounts.solo.score.leftover"):
        assert RULES[rule_id].automatic, rule_id


def test_variants_are_the_ambiguities_the_engine_applies():
    # 14 of the inventory's 17 ambiguities: "piles face down" and "a Criminal is no converter
    # input" are not offered until the engine reads them, and the solo difficulty (p.31) is an
    # official setting the log's opponent event records, not a reading (tests/test_rule_ids.py
    # checks that every declared variant is consulted); and one reading found since, the
    # opponent's resource chart read step by step (p.27); and one of the inventory's points to
    # settle, a played Criminal's immediate effect before its Corruption (a fan player aid).
    raw = _raw("variants.json")
    variants = load_variants("replay.viscounts")
    assert len(raw) == len(variants) == 16
    for variant in variants.values():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", variant.id), variant.id
        assert variant.statement and variant.default and variant.statement != variant.default
    assert {"build-slot-leftmost", "small-game-second-zero", "shuffle-icon-check",
            "ai-collision-timing"} <= set(variants)
    assert "solo-difficulty" not in variants
