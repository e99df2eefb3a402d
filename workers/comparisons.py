"""Comparison jobs: two versions of one game replayed by a worker, never by the API; and
rulings on one disputed move (``replay.ruling``) and a game's position after one event
("start from here"), kept and run the same way.

``POST /v1/compare`` checks both logs (as a submission is checked), stores the request
body as it came and queues one RQ job; the worker replays both versions and stores the
comparison, or the reason there is none. A comparison is an answer to one dispute, not a
record to keep: it expires a day after it was asked for (``REFEREE_COMPARISON_HOURS``).

A run holds a lease that it renews while it works. A worker killed mid-comparison lets the
lease expire; recovery (``workers.recovery``, every few seconds) then queues the comparison
again, once, and after a second run that died records the interruption as its failure, so
every comparison accepted ends with a result or a failure.
"""

from __future__ import annotations

import json
import os
import threading
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from rq import Queue
from rq.job import get_current_job

import replay
from replay.compare import compare
from replay.core.logs.jsontext import load_json
from replay.ruling import rule_on
from workers.catalogs import CatalogStore
from workers.jobs import QUEUE_NAME, fault_drill_pause, lease_seconds
from workers.store import PREFIX, compress, decompress, new_id

COMPARISON = PREFIX + "comparison:"
UNFINISHED = PREFIX + "comparisons-unfinished"  # sorted set: id -> when it was asked for
JOB_TIMEOUT = 600
RUNS = 2  # a comparison is run at most twice (once more after its worker died)
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"

# A run starts only on a comparison that is unfinished and that no live run holds: it marks
# it running, counts the run and takes the lease. Answers the runs so far (0: not to run).
START = """
local status = redis.call('HGET', KEYS[1], 'status')
if (not status) or status == 'done' or status == 'failed' then return 0 end
if status == 'running' and redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'status', 'running', 'started_at', ARGV[1])
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return redis.call('HINCRBY', KEYS[1], 'runs', 1)
"""

# Only an unfinished comparison finishes: a late second run changes nothing.
FINISH = """
local status = redis.call('HGET', KEYS[1], 'status')
if (not status) or status == 'done' or status == 'failed' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'finished_at', ARGV[2], ARGV[3], ARGV[4])
redis.call('ZREM', KEYS[3], ARGV[5])
redis.call('DEL', KEYS[4])
redis.call('PUBLISH', KEYS[2], ARGV[1])
return 1
"""

# Queue again only a comparison still running with no live lease (its run died).
REQUEUE = """
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'status', 'queued')
return 1
"""


def kept_seconds() -> int:
    """How long a comparison is kept after it was asked for."""
    return round(float(os.environ.get("REFEREE_COMPARISON_HOURS", "24")) * 3600)


def done_channel(comparison_id: str) -> str:
    """The pub/sub channel told when a comparison finishes (for ``?wait``)."""
    return f"{PREFIX}comparison-done:{comparison_id}"


class ComparisonStore:
    """Comparisons as Redis hashes: owner, status, the request body, then the result."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection
        self._start = connection.register_script(START)
        self._finish = connection.register_script(FINISH)
        self._requeue = connection.register_script(REQUEUE)

    @staticmethod
    def key(comparison_id: str) -> str:
        """The Redis key of one comparison."""
        return COMPARISON + comparison_id

    @staticmethod
    def lease_key(comparison_id: str) -> str:
        """The key whose presence says a live run holds the comparison."""
        return f"{PREFIX}lease:comparison:{comparison_id}"

    def create(self, body: bytes, owner: str) -> str:
        """Store a checked comparison request and queue its job; its new id."""
        comparison_id = new_id()
        now = round(time.time(), 3)
        pipe = self.redis.pipeline()
        pipe.hset(self.key(comparison_id), mapping={
            "id": comparison_id, "owner": owner, "status": QUEUED,
            "submitted_at": now, "body": zlib.compress(body, 6)})
        pipe.expire(self.key(comparison_id), kept_seconds())
        pipe.zadd(UNFINISHED, {comparison_id: now})
        pipe.execute()
        self.enqueue(comparison_id)
        return comparison_id

    def enqueue(self, comparison_id: str) -> None:
        """Queue the comparison's job (a run of ``run_comparison``)."""
        Queue(QUEUE_NAME, connection=self.redis).enqueue(
            run_comparison, comparison_id, job_timeout=JOB_TIMEOUT, result_ttl=0,
            failure_ttl=3600)

    def recover(self) -> list[str]:
        """Queue again every comparison whose run died (running, its lease expired), or
        record the interruption once it has had its runs; the ids queued again."""
        ids = [i.decode() for i in self.redis.zrange(UNFINISHED, 0, -1)]
        pipe = self.redis.pipeline(transaction=False)
        for comparison_id in ids:
            pipe.hmget(self.key(comparison_id), ["status", "runs"])
            pipe.exists(self.lease_key(comparison_id))
        answers = pipe.execute()
        queued = []
        for comparison_id, (status, runs), leased in zip(ids, answers[::2], answers[1::2],
                                                        strict=True):
            if status is None:  # expired unanswered: nothing is left to answer
                self.redis.zrem(UNFINISHED, comparison_id)
            elif status == RUNNING.encode() and not leased:
                if int(runs or 0) >= RUNS:
                    self.save_failure(comparison_id, {
                        "type": "interrupted",
                        "title": f"The comparison was interrupted {RUNS} times",
                        "detail": "the worker running it stopped before it finished"})
                elif self._requeue(keys=[self.key(comparison_id),
                                         self.lease_key(comparison_id)]):
                    self.enqueue(comparison_id)
                    queued.append(comparison_id)
        return queued

    def get(self, comparison_id: str, with_body: bool = False) -> dict | None:
        """The comparison's status, and its result or failure once finished; ``None`` if
        there is no such comparison (or it expired). The body only when asked for."""
        fields = ["id", "owner", "status", "submitted_at", "started_at", "finished_at",
                  "result", "failure", *(["body"] if with_body else [])]
        values = self.redis.hmget(self.key(comparison_id), fields)
        if values[0] is None:
            return None
        record = {name: value for name, value in zip(fields, values, strict=True)
                  if value is not None}
        for name in ("id", "owner", "status"):
            record[name] = record[name].decode()
        for name in ("submitted_at", "started_at", "finished_at"):
            if name in record:
                record[name] = float(record[name])
        if "result" in record:
            record["result"] = json.loads(decompress(record["result"]))
        if "failure" in record:
            record["failure"] = json.loads(record["failure"])
        if with_body:
            record["body"] = zlib.decompress(record["body"])  # the bytes as they came
        return record

    def start(self, comparison_id: str, worker: str) -> int:
        """Mark the comparison running under ``worker``'s lease; its runs so far, or 0 when
        it is not to run (finished, expired, or held by a live run)."""
        return int(self._start(keys=[self.key(comparison_id), self.lease_key(comparison_id)],
                               args=[round(time.time(), 3), worker, lease_seconds()]))

    @contextmanager
    def leased(self, comparison_id: str, worker: str) -> Iterator[None]:
        """Renew the run's lease while the block runs (a long comparison outlives one)."""
        done, seconds = threading.Event(), lease_seconds()

        def renew() -> None:
            while not done.wait(seconds / 3):
                self.redis.set(self.lease_key(comparison_id), worker, ex=seconds, xx=True)

        renewer = threading.Thread(target=renew, daemon=True)
        renewer.start()
        try:
            yield
        finally:
            done.set()
            renewer.join()

    def save_result(self, comparison_id: str, result: dict) -> bool:
        """Store the comparison; False if it had finished before."""
        return self._save(comparison_id, DONE, "result", compress(json.dumps(result)))

    def save_failure(self, comparison_id: str, failure: dict) -> bool:
        """Record why there is no comparison; False if it had finished before."""
        return self._save(comparison_id, FAILED, "failure", json.dumps(failure))

    def _save(self, comparison_id: str, status: str, field: str, value) -> bool:
        return bool(self._finish(keys=[self.key(comparison_id), done_channel(comparison_id),
                                       UNFINISHED, self.lease_key(comparison_id)],
                                 args=[status, round(time.time(), 3), field, value,
                                       comparison_id]))


def side_log(source: str | dict) -> replay.GameLog:
    """One side of a comparison: the text notation (or JSON text), or a JSON log object."""
    return replay.parse(source) if isinstance(source, str) else replay.load_log(source)


def start_from(log: replay.GameLog, event: int, catalog: dict | None = None) -> dict:
    """The log that starts from the table after ``event`` (its position document in place of
    the events up to there, then the rest of the events): as JSON, and as text when the
    notation writes it."""
    positioned = replay.game_of(log).position_at(log, event, catalog)
    return {"game": log.game, "at": event, "position_log": positioned.to_dict(),
            "text": _text_of(positioned)}


def _text_of(log: replay.GameLog) -> str | None:
    """The log in the text notation when reading that text back gives the same log."""
    try:
        text = replay.print_log(log, "text")
        again = replay.parse(text)
    # Each game's printer and reader have their own limits (a name with a quote, an id the
    # notation does not know): whatever either cannot do, the log stays JSON only.
    except Exception:
        return None
    same = again.events == log.events and again.position == log.position
    return text if same else None


def run_comparison(comparison_id: str) -> None:
    """Replay both versions of a stored comparison request and store what they show."""
    job = get_current_job()
    store = ComparisonStore(job.connection)
    worker = job.worker_name or "worker"
    if not store.start(comparison_id, worker):
        return  # expired, finished by an earlier run, or held by a live one
    with store.leased(comparison_id, worker):
        _compare_and_store(store, comparison_id)


def _compare_and_store(store: ComparisonStore, comparison_id: str) -> None:
    record = store.get(comparison_id, with_body=True)
    if record is None:
        return
    fault_drill_pause()
    body = load_json(record["body"])  # read and checked by the API before it was stored
    # A question from a replay's pages about a game on an uploaded catalog names it.
    catalog = CatalogStore(store.redis).document(body["catalog_sha"]) \
        if body.get("catalog_sha") else None
    try:
        if "move" in body:  # a ruling on one move
            result = rule_on(side_log(body["log"]), body["after"], body["move"], catalog)
        elif "at" in body:  # the position after one event
            result = start_from(side_log(body["log"]), body["at"], catalog)
        else:
            result = compare(side_log(body["a"]), side_log(body["b"]),
                             mode=body.get("mode", "audit"), catalog=catalog)
    except replay.InvalidLog as err:
        store.save_failure(comparison_id, {"type": "invalid-log",
                                           "title": "The logs cannot be compared",
                                           "detail": str(err)[:500]})
        return
    except Exception as err:  # a bug must not leave the comparison unanswered: record it
        store.save_failure(comparison_id, {
            "type": "compare-error", "title": "The comparison stopped with an internal error",
            "detail": f"{type(err).__name__}: {err}"[:500]})
        return
    store.save_result(comparison_id, result)
