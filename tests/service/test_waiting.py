"""``?wait`` holds a server thread: only a quarter of the threads (one of two here) may wait
at once, so requests that wait never keep ``/healthz`` or anything else from an answer."""

from __future__ import annotations

import copy
import threading
import time

import pytest
import requests

from referee_cli.services import api_server
from tests.conftest import KEYS
from tests.service.helpers import ALICE, sample_log

pytestmark = pytest.mark.redis


def _game(table: int) -> dict:
    log = copy.deepcopy(sample_log())
    log["header"]["metadata"] = {"table": str(table)}
    return log


def test_past_the_waiting_slots_wait_answers_at_once_and_health_still_answers(redis_url):
    # Two threads, so one may wait; no worker runs, so nothing finishes while they wait.
    with api_server(redis_url, "127.0.0.1", 0, {"API_KEYS": KEYS}, threads=2) as server:
        base = f"http://127.0.0.1:{server.effective_port}"
        waited = []
        first = threading.Thread(target=lambda: waited.append(requests.post(
            f"{base}/v1/replays", params={"wait": 6}, json=_game(1), headers=ALICE,
            timeout=20)))
        first.start()
        try:
            time.sleep(1)  # the first request is being served, and waits
            second = requests.post(f"{base}/v1/compare", params={"wait": 6}, headers=ALICE,
                                   json={"a": _game(2), "b": _game(3)}, timeout=3)
            health = requests.get(f"{base}/healthz", timeout=3)
            still_waiting = not waited
        finally:
            first.join()
    assert second.status_code == 202 and second.json()["status"] == "queued"
    assert health.status_code == 200
    assert still_waiting  # the first one was held all along
    assert waited[0].status_code == 202 and waited[0].json()["status"] == "queued"
