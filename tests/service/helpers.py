"""Small HTTP helpers for the service tests."""

from __future__ import annotations

import json
import time

import requests

from tests.conftest import FIXTURES, KEYS

ALICE = {"Authorization": "Bearer " + next(k for k, v in KEYS.items() if v == "alice")}
BOB = {"Authorization": "Bearer " + next(k for k, v in KEYS.items() if v == "bob")}


def sample_log() -> dict:
    """The sample game log (a complete legal 3-player game)."""
    return json.loads((FIXTURES / "coimbra" / "sample.json").read_text())


def poll(base: str, location: str, headers: dict, timeout: float = 30.0) -> dict:
    """GET the replay until it is done or failed."""
    deadline = time.monotonic() + timeout
    while True:
        record = requests.get(base + location, headers=headers, timeout=5).json()
        if record.get("status") in ("done", "failed"):
            return record
        if time.monotonic() > deadline:
            raise AssertionError(f"not finished after {timeout} s: {record}")
        time.sleep(0.05)


def recording_at_question(base: str, log, wanted) -> dict:
    """A new recording of ``log``'s players after its first event, its questions about
    components skipped until one that ``wanted(ask)`` accepts (or none is left)."""
    recording = requests.post(f"{base}/v1/recordings", json={
        "game": log.game, "players": log.players}, headers=ALICE, timeout=10).json()
    recording = requests.post(f"{base}{recording['links']['events']}", json={
        "version": recording["version"], "event": log.events[0]}, headers=ALICE,
        timeout=30).json()
    while recording["ask"] and not wanted(recording["ask"]):
        recording = requests.post(f"{base}{recording['links']['components']}", json={
            "version": recording["version"], "component": recording["ask"]["entry"],
            "skip": True}, headers=ALICE, timeout=10).json()
    return recording
