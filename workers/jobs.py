"""Replay jobs. Submissions wait in a Redis list; an RQ "drain" job replays them in turn.

A replay takes milliseconds while an RQ job costs several more, so one job replays many
submissions: the API pushes the replay id on ``referee:pending`` and makes sure a drain job
is queued; each running drain job claims ids one at a time until the list is empty. Jobs
carry no log, only the ids they claim from Redis.

When the list is empty a drain job lingers a moment (``LINGER``), blocked on the list and
listed as idle, before it ends: submissions arriving one by one then cost no RQ job each
(an RQ job is some fifty Redis commands). A submission queues a new drain job only when
no drain job is idle; the idle list and the queueing decision are each one script, so a
drain job that leaves sees a submission that counted on it.

A claimed replay holds a lease; a worker killed mid-replay lets it expire, and recovery
(``workers.recovery``) puts the replay back on the list.
"""

from __future__ import annotations

import logging
import os
import threading
import time

import redis
from rq import Queue
from rq.job import get_current_job

import replay
from workers.catalogs import CatalogStore
from workers.store import (
    DRAINER_NEEDED,
    DRAINER_QUEUED,
    IDLE_DRAINERS,
    PENDING,
    REPLAY,
    ReplayStore,
    decode_record,
    lease_key,
    record_fields,
)

QUEUE_NAME = "replays"
LINGER = 2  # seconds a drain job waits for another submission before it ends
JOB_TIMEOUT = 600
PER_JOB = 1000  # replays one drain job takes before handing over to a fresh job
JOB_SECONDS = 60  # and seconds
# Set when this worker process is asked to stop (SIGTERM): a drain job then ends after the
# replay in hand, or its wait, instead of lingering on.
stop_requested = threading.Event()
MAX_ATTEMPTS = 3  # runs of one replay, counting restarts after a worker died

log = logging.getLogger(__name__)

# Atomically: take the next pending replay, mark it running, count the attempt, and
# take the lease, so no moment exists where a replay is neither pending nor leased; and
# answer its record's fields (ARGV[9..]) as they are now, which the replay needs.
# A replay already finished, or running under a live worker's lease, is dropped (attempt
# 0): it was pushed twice by recovery. With nothing to take, the drain job about to wait
# lists itself as idle; the claim after the wait takes it off that list.
CLAIM = """
if ARGV[7] == '0' then redis.call('ZREM', KEYS[2], ARGV[6]) end  -- idle no more
local id = redis.call('LPOP', KEYS[1])
if not id then
  if ARGV[7] == '1' then  -- about to wait: idle until a little past the wait's end
    redis.call('ZADD', KEYS[2], redis.call('TIME')[1] + ARGV[8] + 1, ARGV[6])
  end
  return false
end
local key = ARGV[1] .. id
local found = redis.call('HMGET', key, 'status', 'attempts')
local status = found[1]
if (not status) or status == 'done' or status == 'failed'
   or (status == 'running' and redis.call('EXISTS', ARGV[4] .. id) == 1) then
  return {id, 0}
end
local attempts = (tonumber(found[2]) or 0) + 1
redis.call('HSET', key, 'status', 'running', 'started_at', ARGV[2], 'worker', ARGV[3],
           'attempts', attempts)
redis.call('SET', ARGV[4] .. id, ARGV[3], 'EX', ARGV[5])
local fields = {}
for i = 9, #ARGV do fields[#fields + 1] = ARGV[i] end
return {id, attempts, unpack(redis.call('HMGET', key, unpack(fields)))}
"""

FIELDS = record_fields(with_source=True)  # what a replay reads of its record
ENSURE = DRAINER_NEEDED + "return drainer_needed(KEYS[1], KEYS[2]) and 1 or 0"


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
    """Queue a drain job unless one is idle (it takes the submission) or already queued
    and not yet started."""
    if connection.register_script(ENSURE)(keys=[IDLE_DRAINERS, DRAINER_QUEUED]):
        queue_drainer(connection)


def queue_drainer(connection: redis.Redis) -> None:
    """Queue a drain job (``ensure_drainer``, or accepting a submission, said one is
    needed)."""
    Queue(QUEUE_NAME, connection=connection).enqueue(
        drain_pending, job_timeout=JOB_TIMEOUT, result_ttl=0, failure_ttl=24 * 3600)


def drain_pending() -> int:
    """Replay pending submissions until none is left for ``LINGER`` seconds (or
    ``PER_JOB`` were done, or ``JOB_SECONDS`` have passed, or the worker is stopping)."""
    job = get_current_job()
    connection = job.connection
    # From now on a new submission queues another drain job, which another worker can
    # run alongside this one.
    connection.delete(DRAINER_QUEUED)
    claim_script = connection.register_script(CLAIM)
    worker = job.worker_name or "worker"

    def claim(then_wait: bool):
        return claim_script(keys=[PENDING, IDLE_DRAINERS], args=[
            REPLAY, round(time.time(), 3), worker, lease_key(""), lease_seconds(), job.id,
            "1" if then_wait else "0", LINGER, *FIELDS])

    done, ends = 0, time.monotonic() + JOB_SECONDS
    while done < PER_JOB and time.monotonic() < ends and not stop_requested.is_set():
        claimed = claim(then_wait=True)
        # Nothing pending: wait for the next submission (BLMOVE from the list to itself
        # takes nothing, it only wakes when the list has an id), then claim once more;
        # that claim also takes this job off the idle list, so a submission that came as
        # the wait ended, counting on this job, is claimed here.
        if not claimed:
            connection.blmove(PENDING, PENDING, LINGER, "LEFT", "LEFT")
            claimed = claim(then_wait=False)
        if not claimed:
            return done
        replay_id, attempts = claimed[0].decode(), int(claimed[1])
        if attempts:
            run_replay(connection, replay_id, attempts, decode_record(FIELDS, claimed[2:]))
            done += 1
    ensure_drainer(connection)
    return done


def run_replay(connection: redis.Redis, replay_id: str, attempt: int,
               record: dict | None = None) -> None:
    """Replay one claimed submission (its ``record`` as the claim read it, or read here);
    store its report or the reason it has none.

    Only the first outcome stored counts (a finished replay is terminal), and only that
    one is announced by webhook.
    """
    store = ReplayStore(connection)
    record = record or store.get(replay_id, with_source=True)
    if attempt > MAX_ATTEMPTS:
        stored = store.save_failure(replay_id, {
            "type": "interrupted",
            "title": f"The replay was interrupted {attempt - 1} times and was given up"})
    else:
        fault_drill_pause()
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


def fault_drill_pause() -> None:
    """``REFEREE_FAULT_DELAY`` seconds of pause mid-job (a replay, a comparison), for drills
    that kill a worker."""
    delay = float(os.environ.get("REFEREE_FAULT_DELAY", "0"))
    if delay:
        time.sleep(delay)
