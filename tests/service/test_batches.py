"""Tournaments: many logs at once, duplicates found, progress and standings."""

from __future__ import annotations

import io
import json
import time
import zipfile

import pytest
import requests

from replay.coimbra.generate import generate
from replay.coimbra.notation import print_text
from replay.core.logs.log import load_log
from tests.service.helpers import ALICE, BOB

pytestmark = pytest.mark.redis


def _finished(api_url: str, location: str, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        batch = requests.get(api_url + location, headers=ALICE, timeout=5).json()
        if batch["status"] == "done":
            return batch
        assert time.monotonic() < deadline, batch
        time.sleep(0.1)


def test_a_json_batch_gives_verdicts_winners_duplicates_and_standings(api_url, worker_process):
    games = [generate(3, seed) for seed in (1, 2)]
    illegal = generate(3, 3)
    illegal["events"][10]["die"] = "gray9"
    logs = [{"name": "r1-t1", "log": games[0]},
            {"name": "r1-t2", "text": print_text(load_log(games[1]))},
            {"name": "r1-t1-again", "log": games[0]},
            {"name": "r1-t3", "log": illegal},
            {"name": "broken", "text": "[game \"coimbra\"]\nnot a log"}]
    response = requests.post(f"{api_url}/v1/batches", json={"logs": logs}, headers=ALICE,
                             timeout=10)
    assert response.status_code == 202
    batch = _finished(api_url, response.headers["Location"])
    items = {item["name"]: item for item in batch["items"]}
    assert items["r1-t1-again"]["duplicate_of"] == "r1-t1"
    assert items["r1-t1-again"]["replay"] == items["r1-t1"]["replay"]
    assert items["r1-t3"]["verdict"] == "illegal"
    assert items["broken"]["problem"]["type"] == "invalid-log"
    assert batch["progress"]["finished"] == batch["progress"]["total"] == 5
    expected = {}
    for game in games:  # only the two legal games count, each once
        scores = game["events"][-1]["scores"]
        winner = max(scores, key=scores.get)
        assert items["r1-t1" if game is games[0] else "r1-t2"]["winner"] == winner
        for player, points in scores.items():
            line = expected.setdefault(player, {"games": 0, "wins": 0, "points": 0})
            line["games"] += 1
            line["wins"] += player == winner
            line["points"] += points
    assert {row["player"]: {k: row[k] for k in ("games", "wins", "points")}
            for row in batch["standings"]} == expected
    assert requests.get(api_url + response.headers["Location"], headers=BOB,
                        timeout=5).status_code == 404
    # Tournament points 3, 2, 0 for 1st, 2nd, 3rd place in each counted game.
    placed = requests.get(api_url + response.headers["Location"], headers=ALICE,
                          params={"place_points": "3,2,0"}, timeout=5).json()
    points_for_place = {}
    for game in games:
        scores = game["events"][-1]["scores"]
        for place, player in enumerate(sorted(scores, key=scores.get, reverse=True), 1):
            points_for_place[player] = points_for_place.get(player, 0) + (3, 2, 0)[place - 1]
    assert {row["player"]: row["tournament_points"] for row in placed["standings"]} == \
        points_for_place
    ranked = [row["tournament_points"] for row in placed["standings"]]
    assert ranked == sorted(ranked, reverse=True)
    refused = requests.get(api_url + response.headers["Location"], headers=ALICE,
                           params={"place_points": "3,x"}, timeout=5)
    assert refused.status_code == 422
    assert "2nd place" in json.dumps(refused.json())


def test_a_zip_of_log_files_is_a_batch(api_url, worker_process):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for seed in (4, 5):
            archive.writestr(f"round1/table{seed}.json", json.dumps(generate(2, seed)))
        archive.writestr("README.md", "not a log")
    response = requests.post(f"{api_url}/v1/batches", data=buffer.getvalue(),
                             headers={**ALICE, "Content-Type": "application/zip"}, timeout=10)
    assert response.status_code == 202
    batch = _finished(api_url, response.headers["Location"])
    assert [i["name"] for i in batch["items"]] == ["round1/table4.json", "round1/table5.json"]
    assert all(i["verdict"] == "legal" for i in batch["items"])


def test_batch_limits_and_bad_archives(redis_url):
    from referee_cli.services import api_server
    from tests.conftest import KEYS

    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS, "MAX_BATCH": 2}) as server:
        url = f"http://127.0.0.1:{server.effective_port}/v1/batches"
        logs = [{"name": str(i), "log": generate(2, i)} for i in range(3)]
        too_many = requests.post(url, json={"logs": logs}, headers=ALICE, timeout=10)
        bad_zip = requests.post(url, data=b"PK\x03\x04 nope",
                                headers={**ALICE, "Content-Type": "application/zip"}, timeout=5)
    assert too_many.status_code == 422 and too_many.json()["limit"] == 2
    assert bad_zip.status_code == 400 and bad_zip.json()["type"].endswith("/malformed-archive")


def test_an_archive_that_unpacks_to_too_much_is_refused(api_url):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bomb.json", b" " * (80 * 1024 * 1024))
    assert len(buffer.getvalue()) < 2 * 1024 * 1024  # small on the wire
    response = requests.post(f"{api_url}/v1/batches", data=buffer.getvalue(),
                             headers={**ALICE, "Content-Type": "application/zip"}, timeout=10)
    assert response.status_code == 413
    assert response.json()["type"].endswith("/archive-too-large")
