"""RQ job functions. A job carries only a replay id; everything else is read from the store.

A running replay holds a lease in Redis; a worker killed mid-job lets it expire, and
recovery (``workers.recovery``) queues the replay again.
"""

from __future__ import annotations

import logging
import os
import time
import uuid

import redis
from rq import Callback, Queue, Retry
from rq.job import Job, get_current_job

import replay
from workers.catalogs import CatalogStore
from workers.store import PREFIX, ReplayStore

QUEUE_NAME = "replays"
JOB_TIMEOUT = 120
RETRIES = 2
MAX_ATTEMPTS = 3  # runs of one replay, counting restarts after a worker died

log = logging.getLogger(__name__)


def lease_seconds() -> int:
    """How long a worker's claim on a running replay lasts without it finishing."""
    return int(os.environ.get("REFEREE_LEASE_SECONDS", "30"))


def lease_key(replay_id: str) -> str:
    """The key whose presence says a live worker is running this replay."""
    return f"{PREFIX}lease:{replay_id}"


def replay_job(replay_id: str) -> str:
    """Replay one stored log and store its report (or the located reason it has none)."""
    job = get_current_job()
    connection = job.connection
    store = ReplayStore(connection)
    record = store.get(replay_id)
    if record is None:
        raise LookupError(f"replay {replay_id} is not stored")
    if record["status"] in ("done", "failed"):
        return record["status"]  # a recovered duplicate run: nothing left to do
    connection.set(lease_key(replay_id), job.worker_name or "worker", ex=lease_seconds())
    attempt = store.mark_running(replay_id, job.worker_name or "")
    if attempt > MAX_ATTEMPTS:
        store.save_failure(replay_id, {"type": "interrupted", "title": "The replay was "
                                       f"interrupted {attempt - 1} times and was given up"})
        return "failed"
    _fault_drill_pause()
    options = record["options"]
    catalog = None
    if options.get("catalog_sha"):
        catalogs = CatalogStore(connection)
        catalog = catalogs.document(options["catalog_sha"])
        catalogs.mark_used(options["catalog_sha"])
    report = replay.replay_text(record["source"], mode=options.get("mode", "strict"),
                                catalog=catalog)
    if report["verdict"] == "unparseable":
        store.save_failure(replay_id, {"type": "invalid-log",
                                       "title": "The log cannot be replayed",
                                       "problems": report["problems"]})
    else:
        store.save_report(replay_id, report)
    connection.delete(lease_key(replay_id))
    _notify(connection, replay_id, record)
    return report["verdict"]


def _fault_drill_pause() -> None:
    """``REFEREE_FAULT_DELAY`` seconds of pause mid-job, for drills that kill a worker."""
    delay = float(os.environ.get("REFEREE_FAULT_DELAY", "0"))
    if delay:
        time.sleep(delay)


def _notify(connection: redis.Redis, replay_id: str, record: dict) -> None:
    if record["options"].get("webhook"):
        from workers.webhooks import enqueue_delivery

        enqueue_delivery(connection, replay_id)


def record_job_failure(job: Job, connection: redis.Redis, exc_type, exc_value, traceback) -> None:
    """RQ failure callback: a job that raised or timed out ends as a recorded failure.

    RQ calls this after every failed attempt; only the last one is recorded, earlier ones
    go back to the queue. The client sees the error class and message, never a traceback.
    """
    replay_id = job.args[0]
    if job.should_retry:
        return
    ReplayStore(connection).save_failure(
        replay_id,
        {"type": "replay-error", "title": "The replay stopped with an internal error",
         "detail": f"{exc_type.__name__}: {exc_value}"},
    )
    connection.delete(lease_key(replay_id))
    log.error("replay %s failed: %s: %s", replay_id, exc_type.__name__, exc_value)


def enqueue_replay(connection: redis.Redis, replay_id: str) -> Job:
    """Queue a job for a stored submission (again, after a recovery)."""
    job_id = f"replay-{replay_id}-{uuid.uuid4().hex[:8]}"
    ReplayStore(connection).mark_queued(replay_id, job_id)
    return Queue(QUEUE_NAME, connection=connection).enqueue(
        replay_job,
        replay_id,
        job_id=job_id,
        job_timeout=JOB_TIMEOUT,
        retry=Retry(max=RETRIES),
        on_failure=Callback(record_job_failure),
        result_ttl=600,
        failure_ttl=7 * 24 * 3600,
    )
