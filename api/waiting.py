"""``?wait``: hold a request until a job (a replay, a comparison) finishes, or a deadline."""

from __future__ import annotations

import time
from collections.abc import Callable

import redis

FINISHED = ("done", "failed")


def wait_until_finished(connection: redis.Redis, channel: str, read: Callable[[], dict],
                        seconds: float) -> dict:
    """``read()`` once the job's status is finished, or after ``seconds``. The worker
    publishes on ``channel`` when it finishes: no polling in between."""
    if seconds <= 0:
        return read()
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
