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
