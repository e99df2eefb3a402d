"""Comparison jobs: two versions of one game replayed by a worker, never by the API.

``POST /v1/compare`` checks both logs (as a submission is checked), stores the request
body as it came and queues one RQ job; the worker replays both versions and stores the
comparison, or the reason there is none. A comparison is an answer to one dispute, not a
record to keep: it expires a day after it was asked for (``REFEREE_COMPARISON_HOURS``).

A worker killed mid-comparison leaves the job abandoned; RQ runs it again once, and after
that the comparison records the interruption as its failure, so every comparison accepted
ends with a result or a failure.
"""

from __future__ import annotations

import json
import os
import time
import zlib

import redis
from rq import Callback, Queue, Retry
from rq.job import get_current_job

import replay
from replay.compare import compare
from replay.core.jsontext import load_json
from workers.jobs import QUEUE_NAME
from workers.store import PREFIX, compress, decompress, new_id

COMPARISON = PREFIX + "comparison:"
JOB_TIMEOUT = 600
RUNS = 2  # a comparison is run at most twice (once more after its worker died)
RUNNING, DONE, FAILED = "running", "done", "failed"

# Only an unfinished comparison finishes: a late second run changes nothing.
FINISH = """
local status = redis.call('HGET', KEYS[1], 'status')
if (not status) or status == 'done' or status == 'failed' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'finished_at', ARGV[2], ARGV[3], ARGV[4])
redis.call('PUBLISH', KEYS[2], ARGV[1])
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
        self._finish = connection.register_script(FINISH)

    @staticmethod
    def key(comparison_id: str) -> str:
        """The Redis key of one comparison."""
        return COMPARISON + comparison_id

    def create(self, body: bytes, owner: str) -> str:
        """Store a checked comparison request and queue its job; its new id."""
        comparison_id = new_id()
        pipe = self.redis.pipeline()
        pipe.hset(self.key(comparison_id), mapping={
            "id": comparison_id, "owner": owner, "status": "queued",
            "submitted_at": round(time.time(), 3), "body": zlib.compress(body, 6)})
        pipe.expire(self.key(comparison_id), kept_seconds())
        pipe.execute()
        Queue(QUEUE_NAME, connection=self.redis).enqueue(
            run_comparison, comparison_id, job_timeout=JOB_TIMEOUT, result_ttl=0,
            failure_ttl=3600, retry=Retry(max=RUNS - 1),
            on_failure=Callback(_record_interruption))
        return comparison_id

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

    def start(self, comparison_id: str) -> None:
        """Mark the comparison running."""
        self.redis.hset(self.key(comparison_id), mapping={
            "status": RUNNING, "started_at": round(time.time(), 3)})

    def save_result(self, comparison_id: str, result: dict) -> bool:
        """Store the comparison; False if it had finished before."""
        return self._save(comparison_id, DONE, "result", compress(json.dumps(result)))

    def save_failure(self, comparison_id: str, failure: dict) -> bool:
        """Record why there is no comparison; False if it had finished before."""
        return self._save(comparison_id, FAILED, "failure", json.dumps(failure))

    def _save(self, comparison_id: str, status: str, field: str, value) -> bool:
        return bool(self._finish(keys=[self.key(comparison_id), done_channel(comparison_id)],
                                 args=[status, round(time.time(), 3), field, value]))


def side_log(source: str | dict) -> replay.GameLog:
    """One side of a comparison: the text notation (or JSON text), or a JSON log object."""
    return replay.parse(source) if isinstance(source, str) else replay.load_log(source)


def run_comparison(comparison_id: str) -> None:
    """Replay both versions of a stored comparison request and store what they show."""
    store = ComparisonStore(get_current_job().connection)
    record = store.get(comparison_id, with_body=True)
    if record is None or record["status"] in (DONE, FAILED):
        return  # expired, or finished by an earlier run
    store.start(comparison_id)
    body = load_json(record["body"])  # read and checked by the API before it was stored
    try:
        result = compare(side_log(body["a"]), side_log(body["b"]), mode=body.get("mode", "audit"))
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


def _record_interruption(job, connection, kind, value, traceback) -> None:
    """RQ's failure callback: a run that died (its worker killed) is retried while it has
    runs left; after the last one the comparison records the interruption."""
    if job.retries_left:
        return
    ComparisonStore(connection).save_failure(job.args[0], {
        "type": "interrupted", "title": f"The comparison was interrupted {RUNS} times",
        "detail": getattr(kind, "__name__", str(kind))})
