"""Every change to a recording replays its log, a few at a time per API process: a tap that
finds every recorder slot taken is told to come back (429), changes nothing, and leaves
``/healthz`` answering; the page heads each phase by the engine's own title for it."""

from __future__ import annotations

import pytest
import requests

import replay
from api import recorder_engine
from tests.recorder.test_recorder_api import add, start
from tests.service.helpers import ALICE
from tests.web.test_pages_http import signed_in

pytestmark = pytest.mark.redis

COIMBRA = replay.GAMES.get("coimbra")


def test_with_every_recorder_slot_taken_a_tap_answers_429_and_changes_nothing(api_url,
                                                                            monkeypatch):
    monkeypatch.setattr(recorder_engine, "WAIT_SECONDS", 0.2)
    generated = COIMBRA.generate(2, 3)
    doc = start(api_url).json()
    taken = 0
    while recorder_engine.SLOTS.acquire(blocking=False):  # as taps on long games do
        taken += 1
    try:
        busy = add(api_url, doc, generated["events"][0])
        health = requests.get(f"{api_url}/healthz", timeout=5)
    finally:
        for _ in range(taken):
            recorder_engine.SLOTS.release()
    assert taken == 2
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "2"
    assert busy.headers["Content-Type"] == "application/problem+json"
    assert "every slot for recording a game is taken" in busy.json()["detail"]
    assert health.status_code == 200
    now = requests.get(api_url + doc["links"]["self"], headers=ALICE, timeout=10).json()
    assert (now["version"], now["events"]) == (1, 0)  # nothing was recorded
    done = add(api_url, doc, generated["events"][0])  # the same tap, once a slot is free
    assert done.status_code == 200 and done.json()["version"] == 2


def test_the_deal_before_the_first_round_is_headed_as_the_deal(api_url):
    # Coimbra's set-up and start choices come before round 1, which begins with the deal
    # of the characters (then the roll): the page says so, not "Round 0, phase A (roll)".
    generated = COIMBRA.generate(2, 3)
    first_deal = next(i for i, e in enumerate(generated["events"]) if e["type"] == "deal")
    doc = start(api_url).json()
    for event in generated["events"][:first_deal]:
        doc = add(api_url, doc, event).json()
    assert doc["phase"] == "the deal of a new round"
    page = signed_in(api_url).get(api_url + "/record/" + doc["id"], timeout=10)
    assert page.status_code == 200
    assert f"The deal of a new round · {first_deal} events" in page.text
    assert "Round 0" not in page.text and "phase A (roll)" not in page.text
    doc = add(api_url, doc, generated["events"][first_deal]).json()
    assert doc["phase"] == "phase A (roll)"  # round 1 has begun: its dice are rolled next
