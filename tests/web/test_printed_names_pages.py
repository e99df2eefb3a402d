"""A report page names each component as the reader's edition prints it: the Chinese name
on a Chinese page when the catalog has one, else the English printed name; the report's
JSON is the same bytes in every language."""

from __future__ import annotations

import copy
import json

import pytest
import redis
import requests

from replay.coimbra.catalog import builtin_document
from replay.coimbra.generate import generate
from tests.service.helpers import ALICE
from tests.web.test_pages_zh import CHINESE, both
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis

# The game of seed 1 recruits c2-18, Frei Tadeu (the demo catalog's 26th character); its
# Chinese name is made up, as an edition would print it.
LOG = generate(3, seed=1)
ENGLISH_NAME, CHINESE_NAME = "Frei Tadeu", "塔德乌修士"


def _catalog(names: dict) -> dict:
    document = copy.deepcopy(builtin_document("coimbra-demo"))
    assert document["characters"][25]["name"] == ENGLISH_NAME
    document["meta"]["id"] = "coimbra-zh"
    document["characters"][25]["names"] = names
    return document


def _replayed(base: str, redis_url: str, names: dict | None) -> str:
    """Alice's replay of the game, with the demo catalog (its card named ``names``)."""
    options = {"mode": "audit"}
    if names is not None:
        put = requests.put(f"{base}/v1/catalogs/coimbra-zh", json=_catalog(names),
                           headers=ALICE, timeout=10)
        assert put.status_code == 201, put.text
        options["catalog_sha"] = put.json()["sha256"]
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(json.dumps(LOG), options, owner="alice")
    run_replay(connection, replay_id, 1)
    return replay_id


def test_a_chinese_report_page_shows_the_chinese_printed_name(api_url, redis_url):
    replay_id = _replayed(api_url, redis_url, {"zh_Hans": CHINESE_NAME})
    english, chinese = both(api_url, f"/replays/{replay_id}")
    assert CHINESE_NAME in chinese and ENGLISH_NAME not in chinese
    assert ENGLISH_NAME in english and CHINESE_NAME not in english
    url = f"{api_url}/v1/replays/{replay_id}/report"
    json_only = {**ALICE, "Accept": "application/json"}
    plain = requests.get(url, headers=json_only, timeout=5)
    said = requests.get(url, headers={**json_only, **CHINESE}, timeout=5)
    assert plain.status_code == said.status_code == 200
    assert said.content == plain.content
    assert plain.json()["names_by_language"] == {"zh_Hans": {"c2-18": CHINESE_NAME}}


def test_without_a_chinese_name_the_chinese_page_shows_the_english_printed_name(
        api_url, redis_url):
    replay_id = _replayed(api_url, redis_url, None)
    _, chinese = both(api_url, f"/replays/{replay_id}")
    assert '<html lang="zh-Hans">' in chinese and ENGLISH_NAME in chinese


def test_a_catalog_naming_a_card_in_an_unknown_language_is_refused_where(api_url):
    put = requests.put(f"{api_url}/v1/catalogs/coimbra-xx", json=_catalog({"xx": "?"}),
                       headers=ALICE, timeout=10)
    assert put.status_code == 422
    [problem] = put.json()["problems"]
    assert problem["path"] == "/characters/25/names/xx"
    assert problem["message"].startswith("'xx' is not a language the referee speaks")
