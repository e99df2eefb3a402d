"""The step page replays the log in its request: a few at a time per process, and a
request that finds every slot taken is told to come back (429), not queued behind them."""

from __future__ import annotations

import pytest
import requests

from api.web import replaying
from tests.service.helpers import ALICE, poll, sample_log
from tests.web.test_pages_http import signed_in

pytestmark = pytest.mark.redis


def test_with_every_replay_slot_taken_the_step_page_answers_429(api_url, worker_process,
                                                                 monkeypatch):
    monkeypatch.setattr(replaying, "WAIT_SECONDS", 0.2)
    response = requests.post(f"{api_url}/v1/replays", json=sample_log(), headers=ALICE,
                             timeout=20)
    record = poll(api_url, response.headers["Location"], ALICE)
    step = f"{api_url}/replays/{record['id']}/step?event=3"
    session = signed_in(api_url)
    assert session.get(step, timeout=20).status_code == 200
    taken = 0
    while replaying.SLOTS.acquire(blocking=False):  # as long replays in other requests do
        taken += 1
    try:
        busy = session.get(step, timeout=20)
        health = requests.get(f"{api_url}/healthz", timeout=5)
    finally:
        for _ in range(taken):
            replaying.SLOTS.release()
    assert taken == 2
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "2"
    assert "busy replaying other games" in busy.text
    assert health.status_code == 200
    assert session.get(step, timeout=20).status_code == 200  # slots free again
