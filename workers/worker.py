"""The worker entry points: replay workers (which also run recovery) and delivery workers.

Webhook deliveries have their own queue and their own process, so a slow receiver never
holds up replays. ``referee worker`` starts one of each by default.
"""

from __future__ import annotations

import os

import redis
from rq import SimpleWorker, Worker

from workers.jobs import QUEUE_NAME
from workers.recovery import recover_abandoned
from workers.webhooks import QUEUE_NAME as WEBHOOK_QUEUE

RECOVERY_INTERVAL = int(os.environ.get("REFEREE_RECOVERY_INTERVAL", "5"))
PARENT_PID = "REFEREE_PARENT_PID"


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


class DeliveryWorker(SimpleWorker):
    """Delivers webhooks; started beside a replay worker, it stops when that one is gone."""

    @property
    def dequeue_timeout(self) -> int:
        return RECOVERY_INTERVAL

    def run_maintenance_tasks(self):
        super().run_maintenance_tasks()
        parent = os.environ.get(PARENT_PID)
        if parent and os.getppid() != int(parent):  # the replay worker died (even by -9)
            self.request_stop(None, None)


WORKER_CLASSES = {"simple": RefereeWorker, "forking": ForkingRefereeWorker}


def run_worker(redis_url: str, burst: bool = False, kind: str = "simple",
               queue: str = QUEUE_NAME) -> bool:
    """Process jobs of ``queue`` until stopped (or until it is empty with ``burst``)."""
    connection = redis.Redis.from_url(redis_url)
    if queue == WEBHOOK_QUEUE:
        worker = DeliveryWorker([WEBHOOK_QUEUE], connection=connection,
                                maintenance_interval=RECOVERY_INTERVAL)
        # The scheduler moves retried deliveries back to the queue after their backoff.
        return worker.work(burst=burst, with_scheduler=True, logging_level="WARNING")
    worker = WORKER_CLASSES[kind]([QUEUE_NAME], connection=connection,
                                  maintenance_interval=RECOVERY_INTERVAL)
    return worker.work(burst=burst, with_scheduler=False, logging_level="WARNING")
