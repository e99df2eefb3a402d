"""Durable storage of submitted logs and their reports, in Redis under the project's keys.

Reports are kept here rather than as RQ job results, which expire.
"""

from __future__ import annotations

import json
import time
import uuid

import redis

PREFIX = "referee:replay:"

STATUS_QUEUED = "queued"
STATUS_RUNNING = "running"
STATUS_DONE = "done"
STATUS_FAILED = "failed"


def _now() -> float:
    return round(time.time(), 3)


class ReplayStore:
    """Replays as Redis hashes: the log, options, status, and the report or failure."""

    def __init__(self, connection: redis.Redis):
        self.redis = connection

    @staticmethod
    def key(replay_id: str) -> str:
        """The Redis key of one replay."""
        return PREFIX + replay_id

    def create(self, log: dict, options: dict) -> str:
        """Store a new submission and return its id."""
        replay_id = uuid.uuid4().hex
        self.redis.hset(
            self.key(replay_id),
            mapping={
                "id": replay_id,
                "status": STATUS_QUEUED,
                "submitted_at": _now(),
                "log": json.dumps(log, separators=(",", ":")),
                "options": json.dumps(options, sort_keys=True),
                "attempts": 0,
            },
        )
        return replay_id

    def get(self, replay_id: str) -> dict | None:
        """Everything stored for a replay, decoded, or ``None`` if there is no such replay."""
        raw = self.redis.hgetall(self.key(replay_id))
        if not raw:
            return None
        record = {k.decode(): v.decode() for k, v in raw.items()}
        for field in ("log", "options", "report", "failure"):
            if field in record:
                record[field] = json.loads(record[field])
        record["attempts"] = int(record.get("attempts", 0))
        for field in ("submitted_at", "started_at", "finished_at"):
            if field in record:
                record[field] = float(record[field])
        return record

    def mark_running(self, replay_id: str) -> None:
        """Record that a worker has started (or restarted) this replay."""
        pipe = self.redis.pipeline()
        pipe.hset(self.key(replay_id), mapping={"status": STATUS_RUNNING, "started_at": _now()})
        pipe.hincrby(self.key(replay_id), "attempts", 1)
        pipe.execute()

    def save_report(self, replay_id: str, report: dict) -> None:
        """Store the finished report; the replay is done."""
        self.redis.hset(
            self.key(replay_id),
            mapping={
                "status": STATUS_DONE,
                "finished_at": _now(),
                "report": json.dumps(report, sort_keys=True, separators=(",", ":")),
            },
        )

    def save_failure(self, replay_id: str, failure: dict) -> None:
        """Record why a replay could not produce a report; the client can read it."""
        self.redis.hset(
            self.key(replay_id),
            mapping={
                "status": STATUS_FAILED,
                "finished_at": _now(),
                "failure": json.dumps(failure, sort_keys=True),
            },
        )
