"""Finding accepted replays that nothing is working on, and queueing them again.

A replay is abandoned when it is marked running but its worker's lease has expired (the
worker was killed), or marked queued but missing from the pending list. Pending replays
with no drain job queued get one (and drain jobs killed while idle stop counting as
idle). Comparisons whose run died are queued again, or given up, the same way
(``ComparisonStore.recover``). Any worker runs this every few seconds; a lock keeps
it to one worker at a time. Queueing again is a compare-and-set (``ReplayStore.requeue``):
a replay that finished or was claimed since it was looked at here is left alone.
"""

from __future__ import annotations

import logging
import time

import redis

from workers.comparisons import ComparisonStore
from workers.jobs import MAX_ATTEMPTS, PENDING, ensure_drainer, submit
from workers.store import IDLE_DRAINERS, PREFIX, STATUS_QUEUED, STATUS_RUNNING, ReplayStore

LOCK = PREFIX + "recovery-lock"

log = logging.getLogger(__name__)


def recover_abandoned(connection: redis.Redis, lock_seconds: int = 2) -> list[str]:
    """Queue again every abandoned replay and comparison; return the replays' ids."""
    if not connection.set(LOCK, 1, nx=True, ex=lock_seconds):
        return []
    for comparison_id in ComparisonStore(connection).recover():
        log.warning("comparison %s was abandoned; queued again", comparison_id)
    store = ReplayStore(connection)
    pending = {i.decode() for i in connection.lrange(PENDING, 0, -1)}
    candidates = [i for i in store.unfinished() if i not in pending]
    recovered = []
    for replay_id, state in store.claim_states(candidates).items():
        if not _abandoned(state):
            continue
        if state["attempts"] >= MAX_ATTEMPTS:
            store.save_failure(replay_id, {
                "type": "interrupted",
                "title": f"The replay was interrupted {state['attempts']} times and was "
                         "given up"})
            continue
        # Queued again only if still as seen here: the worker may have finished it since.
        if submit(connection, replay_id, expected_status=state["status"]):
            log.warning("replay %s was abandoned (%s); queued again", replay_id,
                        state["status"])
            recovered.append(replay_id)
    # A drain job killed while idle left its entry: it no longer counts once run out.
    connection.zremrangebyscore(IDLE_DRAINERS, "-inf", time.time() - 1)
    if connection.llen(PENDING):
        ensure_drainer(connection)
    return recovered


def _abandoned(state: dict) -> bool:
    if state["status"] == STATUS_RUNNING:
        return not state["leased"]
    return state["status"] == STATUS_QUEUED
