"""Finding accepted replays that nothing is working on, and queueing them again.

A replay is abandoned when it is marked running but its worker's lease has expired (the
worker was killed), or marked queued but missing from the pending list. Pending replays
with no drain job queued get one. Any worker runs this every few seconds; a lock keeps
it to one worker at a time.
"""

from __future__ import annotations

import logging

import redis

from workers.jobs import MAX_ATTEMPTS, PENDING, ensure_drainer, submit
from workers.store import PREFIX, STATUS_QUEUED, STATUS_RUNNING, ReplayStore, lease_key

LOCK = PREFIX + "recovery-lock"

log = logging.getLogger(__name__)


def recover_abandoned(connection: redis.Redis, lock_seconds: int = 2) -> list[str]:
    """Queue again every abandoned replay; return their ids."""
    if not connection.set(LOCK, 1, nx=True, ex=lock_seconds):
        return []
    store = ReplayStore(connection)
    pending = {i.decode() for i in connection.lrange(PENDING, 0, -1)}
    recovered = []
    for replay_id in store.unfinished():
        if replay_id in pending:
            continue
        record = store.get(replay_id)
        if record is None or not _abandoned(connection, record):
            continue
        if record["attempts"] >= MAX_ATTEMPTS:
            store.save_failure(replay_id, {
                "type": "interrupted",
                "title": f"The replay was interrupted {record['attempts']} times and was "
                         "given up"})
            continue
        # Queued again only if still as seen here: the worker may have finished it since.
        if submit(connection, replay_id, expected_status=record["status"]):
            log.warning("replay %s was abandoned (%s); queued again", replay_id,
                        record["status"])
            recovered.append(replay_id)
    if connection.llen(PENDING):
        ensure_drainer(connection)
    return recovered


def _abandoned(connection: redis.Redis, record: dict) -> bool:
    if record["status"] == STATUS_RUNNING:
        return not connection.exists(lease_key(record["id"]))
    return record["status"] == STATUS_QUEUED
