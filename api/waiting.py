"""``?wait``: hold a request until a job (a replay, a comparison) finishes, or a deadline.

A waiting request holds one of the server's threads. Only ``MAX_WAITING`` requests wait at
once (a quarter of the threads): past that ``?wait`` answers at once, as without it (202,
follow ``Location``), so waiting clients never take the threads every other request needs.
While it waits, a request does not count among the heavy ones (``api.health``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import redis
from flask import current_app

from api.health import set_busy_slot_aside

FINISHED = ("done", "failed")


def wait_until_finished(connection: redis.Redis, channel: str, read: Callable[[], dict],
                        seconds: float) -> dict:
    """``read()`` once the job's status is finished, or after ``seconds``. The worker
    publishes on ``channel`` when it finishes: no polling in between."""
    slots = current_app.extensions["referee_waiting"]
    if seconds <= 0 or not slots.acquire(blocking=False):
        return read()
    set_busy_slot_aside()
    try:
        return _wait(connection, channel, read, seconds)
    finally:
        slots.release()


def _wait(connection: redis.Redis, channel: str, read: Callable[[], dict],
          seconds: float) -> dict:
    pubsub = connection.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(channel)  # before reading: a finish after the read is heard
    try:
        deadline = time.monotonic() + seconds
        record = read()
        while record["status"] not in FINISHED and time.monotonic() < deadline:
            # The first message read may be the (ignored) subscription confirmation.
            if pubsub.get_message(timeout=max(0.0, deadline - time.monotonic())) is not None:
                record = read()
    finally:
        pubsub.close()
    return record
