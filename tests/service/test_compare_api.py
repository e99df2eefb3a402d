"""``POST /v1/compare``: two versions of one game over HTTP, replayed by a worker."""

from __future__ import annotations

import json
import signal
import time

import pytest
import redis
import requests

import replay
from replay.coimbra.generate import generate
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE, BOB
from workers.comparisons import UNFINISHED, ComparisonStore

pytestmark = pytest.mark.redis


def test_compare_gives_the_first_difference_verdicts_and_score_difference(api_url,
                                                                          worker_process):
    game = generate(3, seed=5)
    text = replay.print_log(replay.load_log(game), "text")
    changed = generate(3, seed=5)
    index = next(i for i, e in enumerate(changed["events"]) if e["type"] == "pass")
    del changed["events"][index]
    response = requests.post(f"{api_url}/v1/compare", json={"a": text, "b": changed},
                             params={"wait": 30}, headers=ALICE, timeout=40)
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "done"
    result = response.json()["result"]
    assert result["same_game"] is False and result["mode"] == "audit"
    first = result["first_difference"]
    assert first["a"]["event"] == first["b"]["event"] == index
    assert first["a"]["line"] > index  # A came as text: its line is given
    assert "line" not in first["b"]  # B came as JSON
    assert result["a"]["verdict"] == "legal"
    assert set(result["score_difference"]) == set(game["header"]["players"])


@pytest.mark.parametrize("body, status, slug", [
    ({"a": {"header": {}}, "b": "x"}, 422, "invalid-log"),
    ({"a": 3, "b": "x"}, 422, "invalid-comparison"),
    ({"b": "x"}, 422, "invalid-comparison"),
])
def test_compare_refuses_bad_input_with_a_problem(api_url, body, status, slug):
    response = requests.post(f"{api_url}/v1/compare", json=body, headers=ALICE, timeout=10)
    assert response.status_code == status
    assert response.headers["Content-Type"].startswith("application/problem+json")
    assert response.json()["type"].endswith("/" + slug)


def test_compare_names_the_side_of_an_unreadable_log(api_url):
    good = generate(2, seed=1)
    response = requests.post(f"{api_url}/v1/compare",
                             json={"a": good, "b": '[game "coimbra"]\n[players "ana bruno"]\n'
                                                    "ana: recruit c2-o8\n"},
                             headers=ALICE, timeout=10)
    assert response.status_code == 422
    problem = response.json()
    assert problem["side"] == "b" and problem["title"].startswith("Log B")
    assert "line 3:" in problem["detail"]


def test_compare_is_replayed_by_a_worker_not_by_the_request(api_url, redis_url,
                                                            start_worker):
    game = generate(2, seed=3)
    changed = generate(2, seed=3)
    del changed["events"][-1]
    # No worker yet: the request answers at once, with the comparison to follow.
    response = requests.post(f"{api_url}/v1/compare", json={"a": game, "b": changed},
                             params={"wait": 0.5}, headers=ALICE, timeout=10)
    assert response.status_code == 202, response.text
    assert response.json()["status"] == "queued" and "result" not in response.json()
    location = response.headers["Location"]
    assert location == response.json()["links"]["self"]
    assert location.startswith("/v1/comparisons/")
    assert requests.get(api_url + location, headers=ALICE, timeout=10).json()["status"] \
        == "queued"
    # Another client does not see it.
    assert requests.get(api_url + location, headers=BOB, timeout=10).status_code == 404
    start_worker()
    deadline = time.monotonic() + 30
    while (record := requests.get(api_url + location, headers=ALICE,
                                  timeout=10).json())["status"] not in ("done", "failed"):
        assert time.monotonic() < deadline, record
        time.sleep(0.1)
    assert record["status"] == "done", record
    # The last event of A is missing from B: they part there.
    last = len(game["events"]) - 1
    assert record["result"]["first_difference"]["a"]["event"] == last
    assert record["result"]["same_game"] is False
    # Kept for a day, not for ever.
    ttl = redis.Redis.from_url(redis_url).ttl("referee:comparison:" + location.rsplit("/")[-1])
    assert 23 * 3600 < ttl <= 24 * 3600


def test_logs_of_two_games_are_refused_before_anything_is_queued(api_url, redis_url):
    viscounts = json.loads((FIXTURES / "viscounts" / "solo" / "first-two-opponent-turns.json")
                           .read_text())
    response = requests.post(f"{api_url}/v1/compare", json={"a": generate(2, seed=1),
                                                            "b": viscounts},
                             headers=ALICE, timeout=10)
    assert response.status_code == 422, response.text
    assert response.json()["type"].endswith("/different-games")
    assert not list(redis.Redis.from_url(redis_url).scan_iter("referee:comparison:*"))


def _until_running(connection: redis.Redis, comparison_id: str, runs: int) -> None:
    """Wait until the comparison's ``runs``-th run has started."""
    key = ComparisonStore.key(comparison_id)
    deadline = time.monotonic() + 20
    while connection.hmget(key, ["status", "runs"]) != [b"running", str(runs).encode()]:
        assert time.monotonic() < deadline, connection.hgetall(key).keys()
        time.sleep(0.05)


def _kill(process) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


def _ask(api_url: str) -> str:
    game = generate(2, seed=3)
    changed = {**game, "events": game["events"][:-1]}
    response = requests.post(f"{api_url}/v1/compare", json={"a": game, "b": changed},
                             headers=ALICE, timeout=10)
    assert response.status_code == 202, response.text
    return response.headers["Location"]


def _finished(api_url: str, location: str) -> dict:
    deadline = time.monotonic() + 40
    while True:
        record = requests.get(api_url + location, headers=ALICE, timeout=10).json()
        if record["status"] in ("done", "failed"):
            return record
        assert time.monotonic() < deadline, record
        time.sleep(0.1)


def test_a_comparison_whose_worker_is_killed_mid_job_is_run_again(api_url, redis_url,
                                                                  start_worker):
    connection = redis.Redis.from_url(redis_url)
    slow = start_worker({"REFEREE_FAULT_DELAY": "30"})  # stops mid-comparison
    location = _ask(api_url)
    _until_running(connection, location.rsplit("/", 1)[1], runs=1)
    _kill(slow)
    start_worker()  # its recovery finds the run dead (lease of 2 s) and queues it again
    record = _finished(api_url, location)
    assert record["status"] == "done"
    assert record["result"]["same_game"] is False  # B is A without its last event


def test_a_comparison_killed_on_both_runs_records_the_interruption(api_url, redis_url,
                                                                   start_worker):
    connection = redis.Redis.from_url(redis_url)
    location = _ask(api_url)
    comparison_id = location.rsplit("/", 1)[1]
    for runs in (1, 2):
        slow = start_worker({"REFEREE_FAULT_DELAY": "30"})
        _until_running(connection, comparison_id, runs)
        _kill(slow)
    start_worker()
    record = _finished(api_url, location)
    assert record["status"] == "failed"
    assert record["failure"]["type"] == "interrupted"
    assert "interrupted 2 times" in record["failure"]["title"]
    assert not connection.zscore(UNFINISHED, comparison_id)  # nothing left to recover
