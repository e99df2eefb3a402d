"""The worker entry points: replay workers (which also run recovery) and delivery workers.

Webhook deliveries have their own queue and their own process, so a slow receiver never
holds up replays. ``referee worker`` starts one of each by default.
"""

from __future__ import annotations

import gc
import os

import redis
from rq import SimpleWorker, Worker

from workers.jobs import QUEUE_NAME, stop_requested
from workers.recovery import recover_abandoned
from workers.webhooks import QUEUE_NAME as WEBHOOK_QUEUE

RECOVERY_INTERVAL = int(os.environ.get("REFEREE_RECOVERY_INTERVAL", "5"))
PARENT_PID = "REFEREE_PARENT_PID"
# The scheduler checks for a stop request every second.
SCHEDULER_STOP_ASKS = 5
SCHEDULER_STOP_SECONDS = 1


class _Recovering:
    """Mixin: wake up every few seconds, even when idle, to recover abandoned replays; and
    on a stop request, tell a lingering drain job to end."""

    @property
    def dequeue_timeout(self) -> int:
        return RECOVERY_INTERVAL

    def run_maintenance_tasks(self):
        super().run_maintenance_tasks()
        recover_abandoned(self.connection, lock_seconds=RECOVERY_INTERVAL)

    def request_stop(self, signum, frame):
        """Warm shutdown, as RQ does it, without waiting out a drain job's lingering."""
        stop_requested.set()
        super().request_stop(signum, frame)


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

    def stop_scheduler(self):
        """Stop the scheduler process, asking again if it does not stop: a SIGTERM that
        reaches it while it is still being forked, before it installs its own handlers, is
        lost (RQ's own stop would then wait for it forever). Killed as a last resort."""
        process = self.scheduler._process
        if not (process and process.pid):
            return
        for _ in range(SCHEDULER_STOP_ASKS):
            process.terminate()
            process.join(timeout=SCHEDULER_STOP_SECONDS)
            if not process.is_alive():
                return
        process.kill()
        process.join()


def settle_start_up_objects() -> None:
    """Keep what a worker process holds once started (modules, engines, RQ's own objects:
    some 50,000 it keeps until it ends) out of the garbage collector's full passes. A
    replay allocates enough to set off several collections, and each full one went through
    all of them again: about 0.4 ms of a four-player game's 4.5 ms."""
    gc.collect()
    gc.freeze()


WORKER_CLASSES = {"simple": RefereeWorker, "forking": ForkingRefereeWorker}


def run_worker(redis_url: str, burst: bool = False, kind: str = "simple",
               queue: str = QUEUE_NAME) -> bool:
    """Process jobs of ``queue`` until stopped (or until it is empty with ``burst``)."""
    connection = redis.Redis.from_url(redis_url)
    if queue == WEBHOOK_QUEUE:
        worker = DeliveryWorker([WEBHOOK_QUEUE], connection=connection,
                                maintenance_interval=RECOVERY_INTERVAL)
        try:
            # The scheduler moves retried deliveries back to the queue after their backoff.
            return worker.work(burst=burst, with_scheduler=True, logging_level="WARNING")
        except SystemExit:
            # A SIGTERM that came before RQ installed its own handlers (while the worker
            # registered or forked its scheduler) skipped RQ's teardown: stop the scheduler
            # here, or Python's exit would wait for that child forever.
            if worker.scheduler:
                worker.stop_scheduler()
            raise
    worker = WORKER_CLASSES[kind]([QUEUE_NAME], connection=connection,
                                  maintenance_interval=RECOVERY_INTERVAL)
    if not burst:  # a process that serves on (a burst may run inside another program)
        settle_start_up_objects()
    return worker.work(burst=burst, with_scheduler=False, logging_level="WARNING")
