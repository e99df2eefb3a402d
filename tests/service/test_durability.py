"""No accepted submission is lost: killed workers, restarted Redis, readiness."""

from __future__ import annotations

import signal
import time

import pytest
import redis
import requests

from tests.conftest import wait_for_worker
from tests.service.helpers import ALICE, poll, sample_log
from workers.store import ReplayStore

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def _submit(api_url: str, table: int) -> str:
    log = sample_log()
    log["header"]["metadata"] = {"table": str(table)}
    response = requests.post(f"{api_url}/v1/replays", json=log, headers=ALICE, timeout=5)
    assert response.status_code == 202
    return response.headers["Location"]


def test_a_worker_killed_mid_job_loses_nothing(api_url, redis_url, start_worker):
    slow = start_worker({"REFEREE_FAULT_DELAY": "30"})
    location = _submit(api_url, 1)
    store = ReplayStore(redis.Redis.from_url(redis_url))
    replay_id = location.rsplit("/", 1)[1]
    deadline = time.monotonic() + 20
    while store.get(replay_id)["status"] != "running":
        assert time.monotonic() < deadline, "the slow worker never started the replay"
        time.sleep(0.05)
    slow.send_signal(signal.SIGKILL)
    slow.wait(timeout=10)
    start_worker()
    record = poll(api_url, location, ALICE, timeout=40)
    assert record["status"] == "done" and record["verdict"] == "legal"
    assert record["attempts"] == 2


def test_a_redis_restart_loses_no_queued_submission(api_url, redis_server, start_worker):
    locations = [_submit(api_url, table) for table in range(5)]
    redis_server.stop(kill=True)  # a crash: no chance to write anything more
    redis_server.start()
    start_worker()
    for location in locations:
        assert poll(api_url, location, ALICE, timeout=40)["status"] == "done"


def test_a_submission_stored_without_its_job_is_recovered(api_url, redis_url, start_worker):
    connection = redis.Redis.from_url(redis_url)
    store = ReplayStore(connection)
    replay_id = store.create('{"header": {"game": "coimbra", "players": ["ana", "bo"]}}',
                             {"mode": "strict"})  # as if the API died before enqueueing
    start_worker()
    deadline = time.monotonic() + 30
    while store.get(replay_id)["status"] not in ("done", "failed"):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert store.get(replay_id)["verdict"] == "incomplete"


def test_readiness_needs_redis_and_a_worker(api_url, redis_url, start_worker):
    assert requests.get(f"{api_url}/healthz", timeout=5).status_code == 200
    not_ready = requests.get(f"{api_url}/readyz", timeout=5)
    assert not_ready.status_code == 503 and not_ready.json()["title"] == "No worker is running"
    worker = start_worker()
    wait_for_worker(redis_url, worker.pid)
    ready = requests.get(f"{api_url}/readyz", timeout=5)
    assert ready.status_code == 200 and ready.json()["workers"] == 1
