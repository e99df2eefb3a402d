"""The pages' scripts write no English of their own: every sentence a script shows comes
from the page (``script_words``), said in the reader's language, and a waiting page's
progress sentence comes from the server in the reader's language too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import redis

import api.web
from api import create_app
from api.auth import ANONYMOUS
from workers.store import ReplayStore

pytestmark = pytest.mark.redis
STATIC = Path(api.web.__file__).parent / "static"
ZH = {"Accept-Language": "zh-CN"}
EN = {"Accept-Language": "en"}
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
# Three words in a row in a script's string is a sentence a person would read.
SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+")
ASKED = re.compile(r'\b(?:say|words)\("(\w+)"')


@pytest.fixture
def client(redis_url):
    """A test client of the app with no keys configured (the pages are open)."""
    return create_app({"REDIS_URL": redis_url, "API_KEYS": {}}).test_client()


def words_on(client, headers: dict) -> dict:
    """The script words the home page carries, asked with ``headers``."""
    page = client.get("/", headers=headers).get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="script-words">(.*?)</script>',
                      page, re.S)
    assert block, "the page carries no words for its scripts"
    return json.loads(block.group(1))


def test_no_script_holds_an_english_sentence():
    for script in sorted(STATIC.glob("*.js")):
        code = re.sub(r"/\*.*?\*/", "", script.read_text(), flags=re.S)  # comments
        code = "\n".join(line for line in code.splitlines()
                         if not line.lstrip().startswith("//"))
        sentences = [text for text in LITERAL.findall(code)
                     if SENTENCE.search(text) and text != "use strict"]
        assert not sentences, f"{script.name} writes English itself: {sentences}"


def test_every_word_a_script_asks_for_is_on_the_page(client):
    english = words_on(client, EN)
    asked = {key for script in STATIC.glob("*.js") for key in ASKED.findall(script.read_text())}
    assert {"queued", "waiting", "refused", "not_json", "items", "differs"} <= asked
    assert asked <= set(english), asked - set(english)


def test_the_scripts_words_are_english_by_default_and_chinese_when_asked(client):
    english, chinese = words_on(client, EN), words_on(client, ZH)
    assert english["waiting"] == ["{count} tap waits for the network, to be sent in order:",
                                  "{count} taps wait for the network, to be sent in order:"]
    assert english["differs"] == "worked out {total}, written {written}"
    assert chinese["differs"] == "算出 {total}，填写 {written}"
    assert chinese["waiting"] == ["{count} 项操作等待网络，将按顺序发送："] * 2
    for key, text in english.items():
        said = chinese[key]
        fields = set(re.findall(r"\{\w+\}", json.dumps(text)))
        assert set(re.findall(r"\{\w+\}", json.dumps(said))) == fields, key
        assert not SENTENCE.search(re.sub(r"\{\w+\}|JSON", "", json.dumps(said))), said


def test_a_waiting_pages_progress_is_said_by_the_server(client, redis_url):
    # A replay accepted and not yet taken by a worker: its page says it is queued.
    store = ReplayStore(redis.Redis.from_url(redis_url))
    replay_id = store.create("game coimbra", {}, owner=ANONYMOUS)
    english = client.get(f"/replays/{replay_id}/status", headers=EN).get_json()
    chinese = client.get(f"/replays/{replay_id}/status", headers=ZH).get_json()
    assert english["text"] == "The replay is queued."
    assert chinese["status"] == "queued" and chinese["text"] != english["text"]
    assert "queued" not in chinese["text"]
