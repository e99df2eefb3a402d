"""Durable storage of submissions and their reports, in Redis under the project's own keys.

Reports are kept here rather than as RQ job results, which expire. Every accepted
submission is in ``referee:unfinished`` until it has a report or a recorded failure, so
recovery can find what a dead worker or a restarted Redis left behind.
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid

import redis

PREFIX = "referee:"
REPLAY = PREFIX + "replay:"
UNFINISHED = PREFIX + "unfinished"

STATUS_QUEUED = "queued"
STATUS_RUNNING = "running"
STATUS_DONE = "done"
STATUS_FAILED = "failed"

JSON_FIELDS = ("options", "report", "failure", "progress", "summary")
FLOAT_FIELDS = ("submitted_at", "started_at", "finished_at")


def _now() -> float:
    return round(time.time(), 3)


def content_hash(source: str, options: dict) -> str:
    """What makes two submissions the same: the input text and the replay options."""
    digest = hashlib.sha256(source.encode())
    digest.update(json.dumps(options, sort_keys=True).encode())
    return digest.hexdigest()


class ReplayStore:
    """Replays as Redis hashes: the input, options, status, and the report or failure."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection

    @staticmethod
    def key(replay_id: str) -> str:
        """The Redis key of one replay."""
        return REPLAY + replay_id

    @staticmethod
    def owner_index(owner: str) -> str:
        """The sorted set of one client's replays, by submission time."""
        return f"{PREFIX}owner:{owner}:replays"

    def create(self, source: str, options: dict, owner: str = "anonymous",
               batch: str | None = None, name: str | None = None,
               replay_id: str | None = None, queue: str | None = None) -> str:
        """Store a new submission and return its id.

        With ``queue``, the id is pushed on that list in the same transaction, so a stored
        submission is never missing from the queue.
        """
        replay_id = replay_id or new_id()
        submitted = _now()
        record = {
            "id": replay_id, "owner": owner, "status": STATUS_QUEUED,
            "submitted_at": submitted, "source": source,
            "options": json.dumps(options, sort_keys=True), "attempts": 0,
            "content": content_hash(source, options),
        }
        if batch:
            record["batch"] = batch
        if name:
            record["name"] = name
        pipe = self.redis.pipeline()
        pipe.hset(self.key(replay_id), mapping=record)
        pipe.zadd(self.owner_index(owner), {replay_id: submitted})
        pipe.zadd(UNFINISHED, {replay_id: submitted})
        if queue:
            pipe.rpush(queue, replay_id)
        pipe.execute()
        return replay_id

    def get(self, replay_id: str, with_source: bool = True) -> dict | None:
        """Everything stored for a replay, decoded, or ``None`` if there is no such replay."""
        raw = self.redis.hgetall(self.key(replay_id))
        if not raw:
            return None
        record = {k.decode(): v.decode() for k, v in raw.items()}
        if not with_source:
            record.pop("source", None)
        for field in JSON_FIELDS:
            if field in record:
                record[field] = json.loads(record[field])
        record["attempts"] = int(record.get("attempts", 0))
        for field in FLOAT_FIELDS:
            if field in record:
                record[field] = float(record[field])
        return record

    def report_text(self, replay_id: str) -> str | None:
        """The stored report exactly as stored (canonical JSON), without decoding it."""
        raw = self.redis.hget(self.key(replay_id), "report")
        return raw.decode() if raw is not None else None

    def list_for(self, owner: str, offset: int, count: int) -> tuple[list[dict], int]:
        """A page of one client's replays, newest first, and how many there are."""
        index = self.owner_index(owner)
        ids = [i.decode() for i in self.redis.zrevrange(index, offset, offset + count - 1)]
        return [r for r in (self.get(i, with_source=False) for i in ids) if r], \
            self.redis.zcard(index)

    def save_report(self, replay_id: str, report: dict) -> None:
        """Store the finished report; the replay is done."""
        summary = {"standings": report.get("standings", []),
                   "players": report.get("players", [])}
        self._finish(replay_id, STATUS_DONE, "report",
                     json.dumps(report, sort_keys=True, separators=(",", ":")),
                     {"verdict": report.get("verdict", ""),
                      "progress": json.dumps(report.get("events", {})),
                      "summary": json.dumps(summary)})

    def save_failure(self, replay_id: str, failure: dict) -> None:
        """Record why a replay could not produce a report; the client can read it."""
        self._finish(replay_id, STATUS_FAILED, "failure", json.dumps(failure, sort_keys=True))

    def _finish(self, replay_id: str, status: str, field: str, value: str,
                extra: dict | None = None) -> None:
        pipe = self.redis.pipeline()
        pipe.hset(self.key(replay_id), mapping={"status": status, "finished_at": _now(),
                                                field: value, **(extra or {})})
        pipe.zrem(UNFINISHED, replay_id)
        pipe.delete(lease_key(replay_id))  # finishing releases the worker's claim
        pipe.publish(done_channel(replay_id), status)
        pipe.execute()

    def unfinished(self) -> list[str]:
        """Every accepted replay that has neither a report nor a recorded failure."""
        return [i.decode() for i in self.redis.zrange(UNFINISHED, 0, -1)]


def lease_key(replay_id: str) -> str:
    """The key whose presence says a live worker is running this replay."""
    return f"{PREFIX}lease:{replay_id}"


def new_id() -> str:
    """A new unguessable id."""
    return uuid.uuid4().hex


def done_channel(replay_id: str) -> str:
    """The pub/sub channel told when a replay finishes (for ``?wait``)."""
    return f"{PREFIX}done:{replay_id}"
