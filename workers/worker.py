"""The worker entry point: an RQ worker on the replay queue."""

from __future__ import annotations

import redis
from rq import SimpleWorker, Worker

from workers.jobs import QUEUE_NAME

# A replay takes milliseconds, so RQ's fork per job (about 25 ms here) would dominate;
# SimpleWorker runs jobs in the worker process itself. The forking class stays available
# for isolation when a catalog or engine change is untrusted.
WORKER_CLASSES = {"simple": SimpleWorker, "forking": Worker}


def run_worker(redis_url: str, burst: bool = False, kind: str = "simple") -> bool:
    """Process replay jobs until stopped (or until the queue is empty with ``burst``)."""
    connection = redis.Redis.from_url(redis_url)
    worker = WORKER_CLASSES[kind]([QUEUE_NAME], connection=connection)
    return worker.work(burst=burst, with_scheduler=True, logging_level="WARNING")
