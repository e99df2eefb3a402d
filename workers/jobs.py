"""Replay jobs. Submissions wait in a Redis list; an RQ "drain" job replays them in turn.

A replay takes milliseconds while an RQ job costs several more, so one job replays many
submissions: the API pushes the replay id on ``referee:pending`` and makes sure a drain job
is queued; each running drain job claims ids one at a time until the list is empty. Jobs
carry no log, only the ids they claim from Redis. Storing one replay's outcome and claiming
the next is one script: with ``appendfsync always`` each write waits for the disk, and a
replay then waits for one write of the worker's, not two.

When the list is empty a drain job lingers a moment (``LINGER``), listed as idle and
subscribed to a channel that a push for it is told on, before it ends: submissions
arriving one by one then cost no RQ job each (an RQ job is some fifty Redis commands). A
submission queues a new drain job only when no drain job is idle; the idle list and the
queueing decision are each one script, so a drain job that leaves sees a submission that
counted on it.

A claimed replay holds a lease; a worker killed mid-replay lets it expire, and recovery
(``workers.recovery``) puts the replay back on the list.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable

import redis
from rq import Queue
from rq.job import get_current_job

import replay
from workers.catalogs import CatalogStore
from workers.drafts import DraftStore
from workers.store import (
    DRAINER_NEEDED,
    DRAINER_QUEUED,
    IDLE_DRAINERS,
    PENDING,
    REPLAY,
    WAKE,
    Outcome,
    ReplayStore,
    client_retention_seconds,
    decode_record,
    failure_outcome,
    lease_key,
    record_fields,
    report_outcome,
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

FIELDS = record_fields(with_source=True)  # what a replay reads of its record
ENSURE = DRAINER_NEEDED + "return drainer_needed(KEYS[1], KEYS[2], KEYS[3]) and 1 or 0"


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
    if connection.register_script(ENSURE)(keys=[IDLE_DRAINERS, DRAINER_QUEUED, WAKE]):
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
    store = ReplayStore(connection)
    worker = job.worker_name or "worker"

    def claim(then_wait: bool) -> tuple[list, list]:
        return ([PENDING, IDLE_DRAINERS], [
            REPLAY, round(time.time(), 3), worker, lease_key(""), lease_seconds(), job.id,
            "1" if then_wait else "0", LINGER, *FIELDS])

    # Subscribed before the first claim: a submission pushed after a claim that found
    # nothing is heard.
    wake = connection.pubsub()
    wake.subscribe(WAKE)
    try:
        _confirmed(wake)
        return _drain(connection, store, claim, wake)
    finally:
        wake.close()


def _drain(connection: redis.Redis, store: ReplayStore, claim, wake) -> int:
    done, ends = 0, time.monotonic() + JOB_SECONDS

    def claim_then_wait() -> tuple[list, list]:
        # Pushes told of before this claim are seen by the claim itself: forgotten, so
        # that the wait after it waits for new ones.
        _forget(wake)
        return claim(then_wait=True)

    claimed = store.claim(claim_then_wait())
    while True:
        if not claimed:
            claimed = _claim_after_wait(store, claim, claim_then_wait, wake)
        if not claimed:
            return done
        replay_id, attempts = claimed[0].decode(), int(claimed[1])
        done += 1 if attempts else 0
        more = done < PER_JOB and time.monotonic() < ends and not stop_requested.is_set()
        if attempts:
            # The finish of this replay claims the next one in the same write.
            claimed = run_replay(connection, replay_id, attempts,
                                 decode_record(FIELDS, claimed[2:]),
                                 claim_then_wait if more else None)
        else:
            claimed = store.claim(claim_then_wait()) if more else None
        if not more:
            break
    ensure_drainer(connection)
    return done


def _claim_after_wait(store: ReplayStore, claim, claim_then_wait, wake) -> list | None:
    """Wait, listed as idle, to be told of the next submission (for ``LINGER`` seconds at
    most) and claim it; None when none came. The claim after the wait also takes this job
    off the idle list, so a submission that came as the wait ended, counting on this job,
    is claimed here; told of one another job took first, it lists itself again."""
    deadline = time.monotonic() + LINGER
    while True:
        pushed = _wait_for_push(wake, deadline - time.monotonic())
        claimed = store.claim(claim(then_wait=False))
        if claimed or not pushed or time.monotonic() >= deadline:
            return claimed
        claimed = store.claim(claim_then_wait())
        if claimed:
            return claimed


def _confirmed(wake: redis.client.PubSub, seconds: float = 5) -> None:
    """Until Redis has confirmed the subscription (or ``seconds`` have passed)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        message = wake.get_message(timeout=left)
        if message is not None and message["type"] == "subscribe":
            return


def _forget(wake: redis.client.PubSub) -> None:
    """Drop the messages (and the subscription's confirmation) already received."""
    while wake.get_message(timeout=0) is not None:
        pass


def _wait_for_push(wake: redis.client.PubSub, seconds: float) -> bool:
    """Until a replay is pushed for an idle drain job (True), or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        message = wake.get_message(timeout=left)
        if message is not None and message["type"] == "message":
            return True
    return False


def run_replay(connection: redis.Redis, replay_id: str, attempt: int,
               record: dict | None = None,
               then_claim: Callable[[], tuple[list, list]] | None = None) -> list | None:
    """Replay one claimed submission (its ``record`` as the claim read it, or read here);
    store its report or the reason it has none, and with ``then_claim`` (which gives a
    claim's keys and arguments, as of the moment it is called) claim the next replay in
    the same script: answer what that claim took.

    Only the first outcome stored counts (a finished replay is terminal), and only that
    one is announced by webhook.
    """
    store = ReplayStore(connection)
    record = record or store.get(replay_id, with_source=True)
    if attempt > MAX_ATTEMPTS:
        outcome = failure_outcome({
            "type": "interrupted",
            "title": f"The replay was interrupted {attempt - 1} times and was given up"})
    else:
        fault_drill_pause()
        outcome = _outcome(connection, record)
    if then_claim:
        stored, claimed = store.finish_then_claim(replay_id, outcome, then_claim())
    else:
        stored, claimed = store.finish(replay_id, outcome), None
    if stored and record["options"].get("webhook"):
        from workers.webhooks import enqueue_delivery

        enqueue_delivery(connection, replay_id)
    return claimed


def _outcome(connection: redis.Redis, record: dict) -> Outcome:
    try:
        report = _replay(connection, record)
    except Exception as err:  # a bug must not lose the submission: record it
        log.exception("replay %s failed", record["id"])
        return failure_outcome({
            "type": "replay-error", "title": "The replay stopped with an internal error",
            "detail": f"{type(err).__name__}: {err}"})
    if report["verdict"] == "unparseable":
        return failure_outcome({"type": "invalid-log", "title": "The log cannot be replayed",
                                "problems": report["problems"]})
    _grow_draft(connection, record, report)
    return report_outcome(report)


def _grow_draft(connection: redis.Redis, record: dict, report: dict) -> None:
    """The components a submitted log declared join its client's draft catalog of the game
    (``workers.drafts``), as a recording's do: a value the draft holds already stays with
    its source."""
    declared: dict[str, dict] = {}
    for item in (report.get("catalog") or {}).get("declared_values") or []:
        declared.setdefault(item["entry"], {})[item["field"]] = item["value"]
    drafts = DraftStore(connection)
    for entry, values in declared.items():
        drafts.add(record["owner"], report["game"], entry, values, None, replay=record["id"])


def _replay(connection: redis.Redis, record: dict) -> dict:
    options = record["options"]
    catalog = None
    if options.get("catalog_sha"):
        catalogs = CatalogStore(connection)
        catalog = catalogs.document(options["catalog_sha"])
        catalogs.mark_used(record["owner"], options["catalog_sha"],
                           client_retention_seconds(record["owner"]))
    # A stored report is read by a person: which placeholder values decide it is weighed.
    return replay.replay_text(record["source"], mode=options.get("mode", "strict"),
                              catalog=catalog, weigh=True)


def fault_drill_pause() -> None:
    """``REFEREE_FAULT_DELAY`` seconds of pause mid-job (a replay, a comparison), for drills
    that kill a worker."""
    delay = float(os.environ.get("REFEREE_FAULT_DELAY", "0"))
    if delay:
        time.sleep(delay)
