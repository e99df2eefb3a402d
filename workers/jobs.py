"""RQ job functions. A job carries only a replay id; everything else is read from the store."""

from __future__ import annotations

import logging

import redis
from rq import Callback, Queue, Retry
from rq.job import Job, get_current_job

import replay
from workers.store import ReplayStore

QUEUE_NAME = "replays"
JOB_TIMEOUT = 300
RETRIES = 2

log = logging.getLogger(__name__)


def replay_job(replay_id: str) -> str:
    """Replay one stored log and store its report (or the located reason it has none)."""
    store = ReplayStore(get_current_job().connection)
    record = store.get(replay_id)
    if record is None:
        raise LookupError(f"replay {replay_id} is not stored")
    store.mark_running(replay_id)
    options = record["options"]
    try:
        report = replay.replay(record["log"], mode=options.get("mode", "strict"))
    except replay.InvalidLog as err:
        store.save_failure(
            replay_id,
            {
                "type": "invalid-log",
                "title": "The log cannot be replayed",
                "problems": [p.to_dict() for p in err.problems],
            },
        )
        return "failed"
    store.save_report(replay_id, report)
    return "done"


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
        {
            "type": "replay-error",
            "title": "The replay stopped with an internal error",
            "detail": f"{exc_type.__name__}: {exc_value}",
        },
    )
    log.error("replay %s failed: %s: %s", replay_id, exc_type.__name__, exc_value)


def enqueue_replay(connection: redis.Redis, replay_id: str) -> Job:
    """Queue the replay job for a stored submission."""
    return Queue(QUEUE_NAME, connection=connection).enqueue(
        replay_job,
        replay_id,
        job_id=f"replay-{replay_id}",
        job_timeout=JOB_TIMEOUT,
        retry=Retry(max=RETRIES),
        on_failure=Callback(record_job_failure),
        result_ttl=600,
        failure_ttl=7 * 24 * 3600,
    )
