"""Why a batch's log was refused is kept in English whoever sent it, and each reader of the
tournament page hears it in their own language."""

from __future__ import annotations

import html

import pytest

from api import create_app

pytestmark = pytest.mark.redis
ZH = {"Accept-Language": "zh-CN"}
EN = {"Accept-Language": "en"}
# A text log must open with its game tag: the reading stops at line 1, column 1.
BROKEN = {"name": "table7", "text": "game coimbra\n"}


@pytest.fixture
def client(redis_url):
    """A test client of the app with no keys configured (open to anyone)."""
    return create_app({"REDIS_URL": redis_url, "API_KEYS": {}}).test_client()


def test_a_refused_log_is_kept_in_english_and_said_in_the_readers_language(client):
    sent = client.post("/v1/batches", json={"logs": [BROKEN]}, headers=ZH)
    assert sent.status_code == 202, sent.get_data(as_text=True)
    location = sent.headers["Location"]
    for asked in (ZH, EN):
        item = client.get(location, headers=asked).get_json()["items"][0]
        assert item["reason"] == ('The log is not valid: line 1:1: a text log starts with '
                                  '[game "..."]')
        assert item["problem"]["title"] == "The log is not valid"
    batch_page = location.replace("/v1/batches/", "/batches/")
    english = html.unescape(client.get(batch_page, headers=EN).get_data(as_text=True))
    chinese = html.unescape(client.get(batch_page, headers=ZH).get_data(as_text=True))
    assert 'The log is not valid: line 1:1: a text log starts with [game "..."]' in english
    assert '记录无效：行 1:1：文本记录以 [game "..."] 开头' in chinese
    assert "a text log starts with" not in chinese
