"""A log travels over HTTP to the API, through a real RQ worker, into the report store."""

from __future__ import annotations

import json
import time

import pytest
import redis
import requests

from referee_cli.services import api_server
from tests.conftest import FIXTURES
from workers.jobs import enqueue_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis


@pytest.fixture
def base_url(redis_url):
    with api_server(redis_url, "127.0.0.1", 0) as server:
        yield f"http://127.0.0.1:{server.server_port}"


def _poll(url: str, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        record = requests.get(url, timeout=5).json()
        if record["status"] in ("done", "failed"):
            return record
        time.sleep(0.05)
    raise AssertionError(f"replay not finished after {timeout} s: {record}")


def test_posted_log_is_replayed_by_a_worker_and_stored(base_url, redis_url, worker_process):
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    response = requests.post(f"{base_url}/v1/replays", json=log, timeout=5)
    assert response.status_code == 202
    location = response.headers["Location"]
    assert location.startswith("/v1/replays/")
    assert response.headers["Retry-After"]

    record = _poll(base_url + location)
    assert record["status"] == "done"
    assert record["report"]["game"] == "coimbra"
    assert record["report"]["verdict"] in {"legal", "illegal", "score_mismatch", "incomplete"}

    # The report is kept under the project's own key, not only as an RQ job result.
    replay_id = location.rsplit("/", 1)[1]
    stored = ReplayStore(redis.Redis.from_url(redis_url)).get(replay_id)
    assert stored["report"] == record["report"]
    assert stored["log"] == log
    assert stored["attempts"] == 1


def test_log_invalid_for_its_engine_is_refused_at_submission(base_url):
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    log["header"]["players"] = ["solo"]  # Coimbra needs 2-4 players
    log["events"][3]["type"] = "teleport"
    response = requests.post(f"{base_url}/v1/replays", json=log, timeout=5)
    assert response.status_code == 422
    assert response.headers["Content-Type"] == "application/problem+json"
    paths = [p["path"] for p in response.json()["problems"]]
    assert paths == ["/header/players", "/events/3/type"]


def test_stored_log_that_cannot_be_replayed_ends_as_recorded_failure(redis_url, worker_process):
    # Bypass the API's checks: a worker must still end the replay with a readable failure.
    connection = redis.Redis.from_url(redis_url)
    store = ReplayStore(connection)
    log = json.loads((FIXTURES / "coimbra" / "sample.json").read_text())
    log["events"][3]["type"] = "teleport"
    replay_id = store.create(log, {"mode": "strict"})
    enqueue_replay(connection, replay_id)
    deadline = time.monotonic() + 20
    while store.get(replay_id)["status"] not in ("done", "failed"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    record = store.get(replay_id)
    assert record["status"] == "failed"
    assert record["failure"]["problems"][0]["path"] == "/events/3/type"


def test_unknown_replay_is_a_problem_404(base_url):
    response = requests.get(f"{base_url}/v1/replays/does-not-exist", timeout=5)
    assert response.status_code == 404
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["type"].endswith("/replay-not-found")
