"""Catalog values said in words in the report's table of placeholder values, never as JSON:
the plain wording every game shares, Coimbra's and Viscounts' effects, and the table itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import replay
from languages import translations
from replay.coimbra.effect_words import effect_words as coimbra_effect
from replay.core.reports.placeholder_section import placeholders_section
from replay.core.reports.value_words import field_words, value_words
from replay.core.speech import speaking
from replay.render import render_markdown
from replay.viscounts.sections import printed_effect as viscounts_effect

FIXTURES = Path(__file__).parent.parent / "fixtures"


@pytest.mark.parametrize(("value", "said"), [
    (3, "3"), (True, "yes"), (False, "no"), (None, "none"), ([], "none"), ({}, "none"),
    ("outer_left", "outer left"), ([1, 2], "1, 2"),
    ({"gold": 1, "any_resource": 1}, "1 gold, 1 any resource"),
    ({"kind": "resource", "resource": "ink"}, "kind: resource, resource: ink"),
    ([{"to": "inner", "segment": "same"}, {"to": "outer_right", "segment": "next"}],
     "to: inner, segment: same; to: outer right, segment: next"),
])
def test_a_value_is_said_plainly(value, said):
    assert value_words(value) == said


def test_an_id_is_said_by_its_printed_name_and_a_field_path_as_words():
    assert value_words(["c2-10", "guards"], {"c2-10": "Martim Azevedo"}) == \
        "Martim Azevedo, guards"
    assert field_words("gain.any_resource") == "gain any resource"


@pytest.mark.parametrize(("effect", "said"), [
    # data/README.md: on_acquire gives its GAIN whenever the owner acquires that class.
    ({"kind": "on_acquire", "class": "scholar", "gain": {"points": 2}},
     "each time you acquire a scholar character: 2 points"),
    ({"kind": "gain", "when": "immediate", "gain": {"coins": 2, "guards": 1}},
     "at once: 2 coins, 1 guard"),
    ({"kind": "gain", "when": "phase_e", "gain": {"coins": 2}, "if": {"has_die": "orange"}},
     "in each income phase, if one of your dice is orange: 2 coins"),
    ({"kind": "gain", "when": "phase_e", "gain": {"influence": {"clergy": 1}},
      "if": {"no_die": "gray"}},
     "in each income phase, if none of your dice is gray: 1 step on the clergy track"),
    ({"kind": "score_per", "when": "end_game", "per": "favors_taken", "points": 1, "max": 4},
     "at game end: 1 point per favor tile taken in the game, at most 4"),
    ({"kind": "score_per", "when": "end_game", "per": "characters:council", "points": 2},
     "at game end: 2 points per council character owned"),
    ({"kind": "voyage_discount", "amount": 1}, "while held, each voyage costs 1 less"),
    ({"kind": "handler", "id": "steal_points", "params": {"amount": 1}, "when": "immediate"},
     "at once: every other player loses 1 point"),
    ({"from": 3, "to": 6, "gain": {"pilgrim": 2}}, "spaces 3 to 6: 2 pilgrim steps"),
    # The four favor tiles as the player's rules summary lists them (reference notes 7.1).
    ({"kind": "voyage_now"}, "the holder may invest in a voyage at once"),
    ({"kind": "die_bonus", "amount": 3},
     "+3 to the value of one of the holder's dice outside the castle"),
    ({"kind": "choice", "options": {"guards": {"guards": 7}, "coins": {"coins": 7}}},
     "one of: 7 guards or 7 coins"),
])
def test_a_coimbra_effect_is_said_as_the_card_means_it(effect, said):
    assert coimbra_effect(effect) == said


def test_a_card_s_list_of_effects_is_said_effect_by_effect():
    assert coimbra_effect([{"kind": "voyage_discount", "amount": 2},
                           {"kind": "gain", "when": "immediate", "gain": {"points": 4}}]) == \
        "while held, each voyage costs 2 less; at once: 4 points"


def test_a_coimbra_value_that_is_no_effect_is_left_to_the_plain_words():
    assert coimbra_effect("guards") is None and coimbra_effect([{"to": "x"}]) is None


def test_a_viscounts_effect_is_said_in_the_games_words():
    assert viscounts_effect({"op": "gain", "items": {"stone": 2}}) == "2 stone"
    assert viscounts_effect({"kind": "silver"}) is None


def test_the_table_lists_a_card_s_values_in_words_with_its_name():
    used = [{"entry": "c2-10", "field": "class", "value": "merchant", "note": "Invented."},
            {"entry": "c2-10", "field": "cost", "value": "guards", "note": "Invented.",
             "violations": [17]}]
    section = placeholders_section(used, {}, coimbra_effect)
    assert section.rows == [["c2-10", "class: merchant; cost: guards", "Invented.", "17"]]


def test_a_rendered_report_shows_no_catalog_json():
    log = json.loads((FIXTURES / "coimbra/illegal/city-payment-cannot-afford.json").read_text())
    markdown = render_markdown(replay.replay(log))
    table = markdown.split("## Placeholder values used", 1)[1].split("\n## ", 1)[0]
    # c2-08's cost icon (guards) and c1-03's start ability, worked in the fixture's note.
    assert "cost: guards" in table
    assert "each time you acquire a scholar character: 2 points" in table
    assert '{"' not in table and '"kind"' not in table


def test_the_table_says_a_card_s_effect_and_its_words_in_chinese():
    log = json.loads((FIXTURES / "coimbra/illegal/city-payment-cannot-afford.json").read_text())
    with speaking(translations("zh_Hans")):
        markdown = render_markdown(json.loads(json.dumps(replay.replay(log))))
    # c2-08: a merchant paid in guards, 1 coin in each income phase (GLOSSARY: 商人, 守卫,
    # 金币, 影响力收入).
    row = next(line for line in markdown.splitlines() if line.startswith("| Lourenço Faria"))
    assert "商人" in row and "守卫" in row and "每个影响力收入阶段：1 金币" in row
