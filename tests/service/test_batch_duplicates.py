"""Batches find the same game in any notation, finish their progress, and say why a log
could not be read."""

from __future__ import annotations

import pytest
import requests

from replay.coimbra.generate import generate
from replay.coimbra.notation import print_text
from replay.core.logs.log import load_log
from tests.service.helpers import ALICE
from tests.service.test_batches import _finished

pytestmark = pytest.mark.redis


def test_the_same_game_as_json_and_as_text_counts_once(api_url, worker_process):
    game = generate(3, 21)
    other = generate(3, 22)
    illegal = generate(3, 23)
    illegal["events"][12]["die"] = "gray9"  # strict mode stops there
    text = "# table 4, typed up the next day\n" + print_text(load_log(game))
    logs = [{"name": "json", "log": game}, {"name": "text", "text": text},
            {"name": "other", "log": other}, {"name": "illegal", "log": illegal},
            {"name": "broken", "text": '[game "coimbra"]\n[players "ana bruno"]\n'
                                       "ana: recruit c2-o8\n"}]
    response = requests.post(f"{api_url}/v1/batches", json={"logs": logs}, headers=ALICE,
                             timeout=10)
    assert response.status_code == 202
    batch = _finished(api_url, response.headers["Location"])
    items = {item["name"]: item for item in batch["items"]}
    assert items["text"]["duplicate_of"] == "json"
    assert items["text"]["replay"] != items["json"]["replay"]  # other bytes, same game
    assert "duplicate_of" not in items["other"]
    games = {row["player"]: row["games"] for row in batch["standings"]}
    assert games == dict.fromkeys(game["header"]["players"], 2)  # json + other, not text
    progress = batch["progress"]
    assert progress["finished"] == progress["total"] == 5
    assert progress["events_replayed"] == progress["events_total"]
    assert items["illegal"]["verdict"] == "illegal"
    broken = items["broken"]
    assert broken["replay"] == ""
    assert "line 3:" in broken["reason"] and "c2-o8" in broken["reason"]
