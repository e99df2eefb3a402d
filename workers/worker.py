"""The worker entry point: an RQ worker on the replay queue that also runs recovery."""

from __future__ import annotations

import os

import redis
from rq import SimpleWorker, Worker

from workers.jobs import QUEUE_NAME
from workers.recovery import recover_abandoned

RECOVERY_INTERVAL = int(os.environ.get("REFEREE_RECOVERY_INTERVAL", "5"))


class _Recovering:
    """Mixin: wake up every few seconds, even when idle, to recover abandoned replays."""

    @property
    def dequeue_timeout(self) -> int:
        return RECOVERY_INTERVAL

    def run_maintenance_tasks(self):
        super().run_maintenance_tasks()
        recover_abandoned(self.connection, lock_seconds=RECOVERY_INTERVAL)


class RefereeWorker(_Recovering, SimpleWorker):
    """Runs replays in the worker process: a replay takes milliseconds, a fork ~25 ms."""


class ForkingRefereeWorker(_Recovering, Worker):
    """Forks per job, for isolation when an engine or catalog change is untrusted."""


WORKER_CLASSES = {"simple": RefereeWorker, "forking": ForkingRefereeWorker}


def run_worker(redis_url: str, burst: bool = False, kind: str = "simple") -> bool:
    """Process replay jobs until stopped (or until the queue is empty with ``burst``)."""
    connection = redis.Redis.from_url(redis_url)
    worker = WORKER_CLASSES[kind]([QUEUE_NAME, "webhooks"], connection=connection,
                                  maintenance_interval=RECOVERY_INTERVAL)
    return worker.work(burst=burst, with_scheduler=True, logging_level="WARNING")
