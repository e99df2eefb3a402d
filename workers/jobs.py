"""Replay jobs. Submissions wait in a Redis list; an RQ "drain" job replays them in turn.

A replay takes milliseconds while an RQ job costs several more, so one job replays many
submissions: the API pushes the replay id on ``referee:pending`` and makes sure a drain job
is queued; each running drain job claims ids one at a time until the list is empty. Jobs
carry no log, only the ids they claim from Redis.

A claimed replay holds a lease; a worker killed mid-replay lets it expire, and recovery
(``workers.recovery``) puts the replay back on the list.
"""

from __future__ import annotations

import logging
import os
import time

import redis
from rq import Queue
from rq.job import get_current_job

import replay
from workers.catalogs import CatalogStore
from workers.store import PENDING, PREFIX, REPLAY, ReplayStore, lease_key

QUEUE_NAME = "replays"
DRAINER_QUEUED = PREFIX + "drainer-queued"
JOB_TIMEOUT = 600
PER_JOB = 200  # replays one drain job takes before handing over to a fresh job
MAX_ATTEMPTS = 3  # runs of one replay, counting restarts after a worker died

log = logging.getLogger(__name__)

# Atomically: take the next pending replay, mark it running, count the attempt, and
# take the lease, so no moment exists where a replay is neither pending nor leased.
# A replay already finished, or leased by a live worker, is dropped (attempt 0): it was
# pushed twice by recovery.
CLAIM = """
local id = redis.call('LPOP', KEYS[1])
if not id then return false end
local key = ARGV[1] .. id
local status = redis.call('HGET', key, 'status')
if (not status) or status == 'done' or status == 'failed'
   or redis.call('EXISTS', ARGV[4] .. id) == 1 then
  return {id, 0}
end
redis.call('HSET', key, 'status', 'running', 'started_at', ARGV[2], 'worker', ARGV[3])
local attempts = redis.call('HINCRBY', key, 'attempts', 1)
redis.call('SET', ARGV[4] .. id, ARGV[3], 'EX', ARGV[5])
return {id, attempts}
"""


def lease_seconds() -> int:
    """How long a worker's claim on a running replay lasts without it finishing."""
    return int(os.environ.get("REFEREE_LEASE_SECONDS", "30"))


def submit(connection: redis.Redis, replay_id: str, expected_status: str = "") -> bool:
    """Put a stored, unfinished replay (back) on the pending list, and make sure a drain job
    will take it; with ``expected_status``, only if it is still in that state."""
    queued = ReplayStore(connection).requeue(replay_id, expected_status)
    if queued:
        ensure_drainer(connection)
    return queued


def ensure_drainer(connection: redis.Redis) -> None:
    """Queue a drain job unless one is already queued and not yet started."""
    if connection.set(DRAINER_QUEUED, 1, nx=True, ex=10):
        Queue(QUEUE_NAME, connection=connection).enqueue(
            drain_pending, job_timeout=JOB_TIMEOUT, result_ttl=60, failure_ttl=24 * 3600)


def drain_pending() -> int:
    """Replay pending submissions until none is left (or ``PER_JOB`` were done)."""
    job = get_current_job()
    connection = job.connection
    # From now on a new submission queues another drain job, which another worker can
    # run alongside this one.
    connection.delete(DRAINER_QUEUED)
    claim = connection.register_script(CLAIM)
    worker = job.worker_name or "worker"
    done = 0
    while done < PER_JOB:
        claimed = claim(keys=[PENDING], args=[REPLAY, round(time.time(), 3), worker,
                                              lease_key(""), lease_seconds()])
        if not claimed:
            return done
        replay_id, attempts = claimed[0].decode(), int(claimed[1])
        if attempts:
            run_replay(connection, replay_id, attempts)
            done += 1
    ensure_drainer(connection)
    return done


def run_replay(connection: redis.Redis, replay_id: str, attempt: int) -> None:
    """Replay one claimed submission; store its report or the reason it has none.

    Only the first outcome stored counts (a finished replay is terminal), and only that
    one is announced by webhook.
    """
    store = ReplayStore(connection)
    record = store.get(replay_id, with_source=True)
    if attempt > MAX_ATTEMPTS:
        stored = store.save_failure(replay_id, {
            "type": "interrupted",
            "title": f"The replay was interrupted {attempt - 1} times and was given up"})
    else:
        _fault_drill_pause()
        stored = _replay_and_store(connection, store, record)
    if stored and record["options"].get("webhook"):
        from workers.webhooks import enqueue_delivery

        enqueue_delivery(connection, replay_id)


def _replay_and_store(connection: redis.Redis, store: ReplayStore, record: dict) -> bool:
    replay_id = record["id"]
    try:
        report = _replay(connection, record)
    except Exception as err:  # a bug must not lose the submission: record it
        log.exception("replay %s failed", replay_id)
        return store.save_failure(replay_id, {
            "type": "replay-error", "title": "The replay stopped with an internal error",
            "detail": f"{type(err).__name__}: {err}"})
    if report["verdict"] == "unparseable":
        return store.save_failure(replay_id, {"type": "invalid-log",
                                              "title": "The log cannot be replayed",
                                              "problems": report["problems"]})
    return store.save_report(replay_id, report)


def _replay(connection: redis.Redis, record: dict) -> dict:
    options = record["options"]
    catalog = None
    if options.get("catalog_sha"):
        catalogs = CatalogStore(connection)
        catalog = catalogs.document(options["catalog_sha"])
        catalogs.mark_used(record["owner"], options["catalog_sha"])
    return replay.replay_text(record["source"], mode=options.get("mode", "strict"),
                              catalog=catalog)


def _fault_drill_pause() -> None:
    """``REFEREE_FAULT_DELAY`` seconds of pause mid-replay, for drills that kill a worker."""
    delay = float(os.environ.get("REFEREE_FAULT_DELAY", "0"))
    if delay:
        time.sleep(delay)
