"""On a Chinese page, the transcription forms (the whole-game page and the recorder's
question about a component) ask for the name printed on the owner's cards in Chinese; it is
kept in the draft as ``names.zh_Hans`` and adopted into the client's catalog with its
provenance, like any value read off the table."""

from __future__ import annotations

import re

import pytest
import redis
import requests

import replay
from replay.coimbra.catalog import builtin_document as coimbra_document
from tests.service.helpers import ALICE, recording_at_question
from tests.web.test_pages_http import csrf_token, signed_in
from workers.catalogs import CatalogStore

pytestmark = pytest.mark.redis

FIELD = 'name="v-names.zh_Hans"'
LABEL = "你的卡牌上印的名称（简体中文）"
# The whole-game page of Coimbra asks first for the demo catalog's first character card.
FIRST = coimbra_document("coimbra-demo")["characters"][0]
CHINESE_NAME = "阿方索·门德斯"  # made up, as an edition would print it


def test_the_whole_game_page_in_chinese_keeps_the_name_on_your_cards(api_url, redis_url):
    assert (FIRST["id"], FIRST["name"]) == ("c1-01", "Afonso Mendes")
    session = signed_in(api_url)
    page = f"{api_url}/catalogs/guide/coimbra"
    assert FIELD not in session.get(page, timeout=10).text  # in English: not asked
    chinese = f"{page}?lang=zh_Hans"
    shown = session.get(chinese, timeout=10).text
    assert 'name="component" value="c1-01"' in shown and FIELD in shown and LABEL in shown
    kept = session.post(chinese, timeout=10, allow_redirects=False, data={
        "csrf_token": csrf_token(session, chinese), "component": "c1-01",
        "v-names.zh_Hans": f"  {CHINESE_NAME} "})
    assert kept.status_code == 303, kept.text
    draft = requests.get(f"{api_url}/v1/catalog-drafts/coimbra", headers=ALICE,
                         timeout=10).json()
    [component] = draft["components"]
    assert component["entry"] == "c1-01" and component["name"] == "Afonso Mendes"
    assert component["names"] == {"zh_Hans": CHINESE_NAME}
    [value] = component["values"]
    assert (value["field"], value["value"], value["recording"], value["language"]) == (
        "names.zh_Hans", CHINESE_NAME, None, "简体中文")
    # the draft page, in Chinese, names the card as its edition prints it
    page = session.get(f"{api_url}/catalogs/draft/coimbra?lang=zh_Hans", timeout=10).text
    assert f"{CHINESE_NAME} (c1-01)" in page and LABEL in page
    adopted = requests.post(f"{api_url}/v1/catalog-drafts/coimbra/adoption", headers=ALICE,
                            timeout=30)
    assert adopted.status_code == 201, adopted.text
    store = CatalogStore(redis.Redis.from_url(redis_url))
    sha = adopted.json()["sha256"]
    card = next(c for c in store.document(sha)["characters"] if c["id"] == "c1-01")
    assert card["name"] == "Afonso Mendes" and card["names"] == {"zh_Hans": CHINESE_NAME}
    assert store.provenance(sha)["c1-01"]["names.zh_Hans"] == {
        "value": CHINESE_NAME, "source": "transcribed by alice from the printed component",
        "game": None}
    # Its name is known now: the Chinese page asks for it no more.
    again = session.get(chinese, timeout=10).text
    assert not re.search(r'name="component" value="c1-01".*' + FIELD, again, re.S)


LOG = replay.load_log(replay.GAMES.get("viscounts").generate(2, 7))


def test_the_recorders_question_in_chinese_declares_the_name_on_your_cards(api_url):
    recording = recording_at_question(api_url, LOG, lambda ask: ask["name"])
    entry, english = recording["ask"]["entry"], recording["ask"]["name"]
    session = signed_in(api_url)
    page = f"{api_url}/record/{recording['id']}?lang=zh_Hans"
    shown = session.get(page, timeout=10).text
    assert FIELD in shown and LABEL in shown and f"“{english}”" in shown
    done = session.post(f"{api_url}/record/{recording['id']}/components?lang=zh_Hans",
                        timeout=10, allow_redirects=False, data={
                            "csrf_token": csrf_token(session, page),
                            "version": recording["version"], "component": entry,
                            "v-names.zh_Hans": "前印镇民"})
    assert done.status_code == 303, done.text
    log = requests.get(f"{api_url}{recording['links']['log_json']}", headers=ALICE,
                       timeout=10).json()
    assert log["components"] == {entry: {"names.zh_Hans": "前印镇民"}}
    draft = requests.get(f"{api_url}/v1/catalog-drafts/viscounts", headers=ALICE,
                         timeout=10).json()
    [value] = [v for c in draft["components"] if c["entry"] == entry for v in c["values"]]
    assert (value["field"], value["value"], value["recording"]) == (
        "names.zh_Hans", "前印镇民", recording["id"])
