"""The effect form's vocabulary, read off each game's catalog schema, and the boxes read
back into effects (no service needed)."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from api import effect_forms
from api.app import create_app

WORDS = json.loads(resources.files("api").joinpath("data", "effect_words.json")
                   .read_text("utf-8"))
VISCOUNTS = effect_forms.Shape("viscounts", False)
COIMBRA = effect_forms.Shape("coimbra", True)


@pytest.fixture(scope="module", autouse=True)
def _request():
    with create_app({"API_KEYS": {}}).test_request_context():
        yield


@pytest.mark.parametrize("game", ["viscounts", "coimbra"])
def test_every_operation_and_every_choice_of_the_schema_has_words(game):
    words = effect_forms.vocabulary(game)
    assert set(WORDS[game]["ops"]["words"]) == set(words.ops)
    for op, (needed, optional) in words.ops.items():
        for key in needed + optional:
            assert key in WORDS[game]["fields"], (op, key)
    for key in WORDS[game].get("optional", {}).values():
        assert set(key) <= set(words.fields)
    choices = WORDS[game]["choices"]["words"]
    for fields in effect_forms.offered(game, 1).values():
        for widget in fields.values():
            for choice in widget[1] if widget[0] in ("select", "counts") else ():
                assert choice in choices or f"{choice.partition(':')[0]}:*" in choices, choice


def test_the_viscounts_operations_and_their_fields_are_the_schemas():
    # OPS: "exchange" needs give and get; "on" needs trigger and effect and may have a
    # condition; "convert" may have max_uses; "from_" is posted by its data key, "from".
    ops = effect_forms.vocabulary("viscounts").ops
    assert ops["exchange"] == (("give", "get"), ())
    assert ops["on"] == (("trigger", "effect"), ("condition",))
    assert ops["convert"] == (("action", "from", "rate_in", "rate_out"), ("max_uses",))
    # Inside an effect, an effect holding effects is left to the JSON box.
    inside = effect_forms.offered("viscounts", 2)
    assert "discard" in inside and not {"all", "choice", "exchange", "on"} & set(inside)


def test_composite_effects_are_read_one_level_deep():
    exchange = effect_forms.read(VISCOUNTS, "effect", {
        "effect/op": "exchange", "effect/give/op": "gain", "effect/give/items/corruption": "1",
        "effect/get/op": "gain", "effect/get/items/gold": "2"})
    assert exchange == {"op": "exchange", "give": {"op": "gain", "items": {"corruption": 1}},
                        "get": {"op": "gain", "items": {"gold": 2}}}
    both = effect_forms.read(VISCOUNTS, "reward", {
        "reward/op": "all", "reward/effects/0/op": "flip", "reward/effects/0/what": "debt",
        "reward/effects/1/op": "icons", "reward/effects/1/icons/noble": "2",
        "reward/effects/1/icons/cleric": "1"})
    assert both == {"op": "all", "effects": [
        {"op": "flip", "what": "debt"}, {"op": "icons", "icons": ["noble", "noble", "cleric"]}]}


def test_nothing_chosen_nor_typed_is_no_answer_and_a_wrong_box_is_named():
    assert effect_forms.read(VISCOUNTS, "hire", {"hire/~shown": "gain"}) is None
    assert effect_forms.read(COIMBRA, "effects", {"effects/0/~shown": "gain"}) is None
    with pytest.raises(effect_forms.EffectError) as refused:
        effect_forms.read(VISCOUNTS, "hire", {"hire/op": "flip", "hire/what": "silver"})
    assert refused.value.field == "hire/what"
    assert str(refused.value) == "Which card is flipped: not one of the choices ('silver')"
    with pytest.raises(effect_forms.EffectError) as refused:  # schema: a condition only
        effect_forms.read(COIMBRA, "effects", {   # for phase_e gains
            "effects/0/kind": "gain", "effects/0/when": "immediate",
            "effects/0/gain/coins": "2", "effects/0/if/has_die": "green"})
    assert refused.value.field == "effects/0/kind"
    assert "only phase_e gains take a condition" in str(refused.value)
    with pytest.raises(effect_forms.EffectError) as refused:
        effect_forms.read(COIMBRA, "effects", {
            "effects/0/kind": "score_per", "effects/0/per": "monasteries:II",
            "effects/0/points": "-1"})
    assert refused.value.field == "effects/0/points"
    assert str(refused.value) == "Points: at least 0, not -1"


def test_a_stand_in_is_said_in_words():
    assert effect_forms.said("viscounts", {"op": "on", "trigger": "hire", "effect": {
        "op": "discard", "count": 1}}) == ("Each time something happens, an effect (Each "
                                          "time: when you hire; The effect: Discard cards "
                                          "(How many cards: 1))")
    assert effect_forms.said("coimbra", [{"kind": "score_per", "per": "track:scholar",
                                          "points": 1}]) == (
        "At final scoring, points per thing counted (Points per: step on the scholar "
        "track; Points: 1)")


def test_a_schema_rule_across_boxes_is_said_in_the_readers_language():
    # The catalog schema's own cross-field rule (a condition only on phase-E gains) is a
    # phrase: a Chinese page says it in Chinese, not after a translated prefix in English.
    app = create_app({"API_KEYS": {}})
    with app.test_request_context(headers={"Accept-Language": "zh-CN"}):
        app.preprocess_request()
        try:
            with pytest.raises(effect_forms.EffectError) as refused:
                effect_forms.read(COIMBRA, "effects", {
                    "effects/0/kind": "gain", "effects/0/when": "immediate",
                    "effects/0/gain/coins": "2", "effects/0/if/has_die": "green"})
        finally:
            app.do_teardown_request()
    assert refused.value.field == "effects/0/kind"
    assert "只有阶段 E 的获得才带条件（'if'）" in str(refused.value)
    assert "only phase_e" not in str(refused.value)
