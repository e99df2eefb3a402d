"""Effects asked as a form filled from the printed card: what the card does, then its boxes;
the effect's JSON is written by the server, checked with the catalog's schema, and a wrong
box is named beside it. The JSON box stays, folded, as the advanced way."""

from __future__ import annotations

import re

import pytest
import requests

import replay
from tests.service.helpers import ALICE, recording_at_question
from tests.web.test_pages_http import csrf_token, signed_in

pytestmark = pytest.mark.redis


def test_a_townsfolk_hire_is_written_from_the_boxes(api_url):
    session = signed_in(api_url)
    page = f"{api_url}/catalogs/guide/viscounts"
    token = csrf_token(session, page)
    # tf-63 (Traveller): its top-right effect is a stand-in, "gain 1 Virtue". Asked to
    # show the boxes of "on": each time you hire, discard 1 card.
    shown = session.post(page, timeout=10, data={
        "csrf_token": token, "component": "tf-63", "v-hire/op": "on", "shape": "1"})
    assert shown.status_code == 200
    assert 'name="v-hire/trigger"' in shown.text and 'name="v-hire/effect/op"' in shown.text
    # A hire of the Traveller: gain 2 Silver and 1 Deed, the stand-in's boxes filled in
    # under a choice left "not read" (the boxes shown are the stand-in's "gain").
    kept = session.post(page, timeout=10, allow_redirects=False, data={
        "csrf_token": token, "component": "tf-63", "v-hire/~shown": "gain",
        "v-hire/items/silver": "2", "v-hire/items/deed": "1", "v-hire/items/ink": ""})
    assert kept.status_code == 303, kept.text
    # Strongman (tf-55): each time you hire, if you have no Criminal icons, discard 1 card.
    kept = session.post(page, timeout=10, allow_redirects=False, data={
        "csrf_token": token, "component": "tf-55", "v-hire/op": "on",
        "v-hire/trigger": "hire", "v-hire/condition": "no_criminals",
        "v-hire/effect/op": "discard", "v-hire/effect/count": "1"})
    assert kept.status_code == 303, kept.text
    values = _values(api_url, "viscounts")
    assert values["tf-63"] == {"hire": {"op": "gain", "items": {"silver": 2, "deed": 1}}}
    assert values["tf-55"] == {"hire": {"op": "on", "trigger": "hire", "condition":
                                        "no_criminals",
                                        "effect": {"op": "discard", "count": 1}}}


def _values(base: str, game: str) -> dict:
    """Alice's draft of a game's catalog: each component's values by field."""
    answer = requests.get(f"{base}/v1/catalog-drafts/{game}", headers=ALICE, timeout=10)
    assert answer.status_code == 200, answer.text
    return {component["entry"]: {v["field"]: v["value"] for v in component["values"]}
            for component in answer.json()["components"]}


def test_a_wrong_box_is_named_beside_it_and_what_was_typed_is_kept(api_url):
    session = signed_in(api_url)
    page = f"{api_url}/catalogs/guide/viscounts"
    refused = session.post(page, timeout=10, data={
        "csrf_token": csrf_token(session, page), "component": "tf-63",
        "v-hire/op": "discard", "v-hire/count": "0"})
    assert refused.status_code == 422
    beside = re.search(r'<input id="ask-hire-count"[^>]*>\s*<p class="error"[^>]*>([^<]*)</p>',
                       refused.text)
    assert beside and beside.group(1) == "How many cards: from 1 to 100, not 0"
    assert 'aria-invalid="true"' in beside.group(0) and 'value="0"' in beside.group(0)
    # A needed box left empty is named too.
    missing = session.post(page, timeout=10, data={
        "csrf_token": csrf_token(session, page), "component": "tf-63",
        "v-hire/op": "flip"})
    assert missing.status_code == 422
    assert "Which card is flipped: needed for “Flip a Debt or a Deed”" in missing.text


def test_a_coimbra_character_effect_and_the_json_box(api_url):
    session = signed_in(api_url)
    page = f"{api_url}/catalogs/guide/coimbra"
    shown = session.get(page, timeout=10).text
    # The first card asked is c1-01; its stand-in "on acquiring a merchant, 2 coins"
    # shows its boxes, with the stand-in as hints.
    assert 'name="component" value="c1-01"' in shown
    assert 'name="v-effects/0/class"' in shown and 'placeholder="stand-in: 2"' in shown
    assert "<summary>Advanced: write it as JSON</summary>" in shown
    kept = session.post(page, timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, page), "component": "c1-01",
        "v-effects/0/kind": "on_acquire", "v-effects/0/class": "scholar",
        "v-effects/0/gain/points": "1", "v-effects/0/gain/influence/clergy": "1",
        "v-effects/1/kind": "gain", "v-effects/1/when": "immediate",
        "v-effects/1/gain/coins": "3"})
    assert kept.status_code == 303, kept.text
    # The JSON box, when written, is taken instead of the boxes.
    kept = session.post(page, timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, page), "component": "c1-02",
        "v-effects": '[{"kind": "on_acquire", "class": "clergy", "gain": {"guards": 2}}]',
        "v-effects/0/kind": "gain"})
    assert kept.status_code == 303, kept.text
    values = _values(api_url, "coimbra")
    assert values["c1-01"] == {"effects": [
        {"kind": "on_acquire", "class": "scholar",
         "gain": {"points": 1, "influence": {"clergy": 1}}},
        {"kind": "gain", "when": "immediate", "gain": {"coins": 3}}]}
    assert values["c1-02"] == {"effects": [
        {"kind": "on_acquire", "class": "clergy", "gain": {"guards": 2}}]}


LOG = replay.load_log(replay.GAMES.get("viscounts").generate(2, 7))


def _gain_asked(ask: dict | None) -> str | None:
    """The field of an effect the question asks whose stand-in is a gain; None if none."""
    for area in (ask or {}).get("areas", ()):
        for asked in area["asked"]:
            if asked["effect"] == "one" and (asked["stand_in_value"] or {}).get("op") == "gain":
                return asked["field"]
    return None


def test_the_recorder_declares_an_effect_from_the_boxes(api_url):
    recording = recording_at_question(api_url, LOG, lambda ask: _gain_asked(ask) is not None)
    entry, field = recording["ask"]["entry"], _gain_asked(recording["ask"])
    session = signed_in(api_url)
    page = f"{api_url}/record/{recording['id']}"
    shown = session.get(page, timeout=10).text
    assert f'name="v-{field}/op"' in shown and f'name="v-{field}/items/stone"' in shown
    # Another operation's boxes, shown by a plain post that records nothing.
    other = session.post(f"{page}/components", timeout=10, data={
        "csrf_token": csrf_token(session, page), "version": recording["version"],
        "component": entry, f"v-{field}/op": "flip", "shape": "1"})
    assert other.status_code == 200 and f'name="v-{field}/what"' in other.text
    assert f'name="v-{field}/items/stone"' not in other.text
    done = session.post(f"{page}/components", timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, page), "version": recording["version"],
        "component": entry, f"v-{field}/op": "gain", f"v-{field}/items/stone": "3",
        f"v-{field}/items/virtue": "1"})
    assert done.status_code == 303, done.text
    log = requests.get(f"{api_url}{recording['links']['log_json']}", headers=ALICE,
                       timeout=10).json()
    assert log["components"] == {entry: {field: {"op": "gain",
                                                 "items": {"stone": 3, "virtue": 1}}}}


def test_the_chinese_page_asks_the_effect_in_chinese(api_url):
    session = signed_in(api_url)
    page = f"{api_url}/catalogs/guide/coimbra?lang=zh_Hans"
    shown = session.get(page, timeout=10).text
    assert 'name="v-effects/0/kind"' in shown
    for chinese in ("它的效果", "高级：以 JSON 写出", "每当你获得某类别的人物时，获得",
                    "议员", "金币"):
        assert chinese in shown, chinese
    assert "What it does" not in shown
