"""Finding accepted replays that nothing is working on, and queueing them again.

A replay is abandoned when it is marked running but its worker's lease has expired (the
worker was killed), or marked queued but its job is gone from the queue (a crash between
storing and enqueueing). Any worker runs this every few seconds; a lock keeps it single.
"""

from __future__ import annotations

import logging

import redis
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from workers.jobs import MAX_ATTEMPTS, enqueue_replay, lease_key
from workers.store import PREFIX, STATUS_QUEUED, STATUS_RUNNING, ReplayStore

LOCK = PREFIX + "recovery-lock"
LIVE_JOB = (JobStatus.QUEUED, JobStatus.STARTED, JobStatus.SCHEDULED, JobStatus.DEFERRED)

log = logging.getLogger(__name__)


def recover_abandoned(connection: redis.Redis, lock_seconds: int = 2) -> list[str]:
    """Queue again every abandoned replay; return their ids."""
    if not connection.set(LOCK, 1, nx=True, ex=lock_seconds):
        return []
    store = ReplayStore(connection)
    recovered = []
    for replay_id in store.unfinished():
        record = store.get(replay_id, with_source=False)
        if record is None or not _abandoned(connection, record):
            continue
        if record["attempts"] >= MAX_ATTEMPTS:
            store.save_failure(replay_id, {
                "type": "interrupted",
                "title": f"The replay was interrupted {record['attempts']} times and was "
                         "given up"})
            continue
        log.warning("replay %s was abandoned (%s); queueing it again", replay_id,
                    record["status"])
        enqueue_replay(connection, replay_id)
        recovered.append(replay_id)
    return recovered


def _abandoned(connection: redis.Redis, record: dict) -> bool:
    if record["status"] == STATUS_RUNNING:
        return not connection.exists(lease_key(record["id"]))
    if record["status"] == STATUS_QUEUED:
        job_id = record.get("job")
        if not job_id:
            return True
        try:
            status = Job.fetch(job_id, connection=connection).get_status()
        except NoSuchJobError:
            return True
        return status not in LIVE_JOB
    return False
