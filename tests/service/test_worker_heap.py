"""A worker that serves until stopped keeps its start-up objects out of the collector's full
passes; a burst worker, which may run inside another program, leaves the collector alone."""

from __future__ import annotations

import gc
import subprocess
import sys

from workers.worker import run_worker

# The worker's loop replaced by one that says how many objects are frozen, and stops.
SERVING_WORKER = """
import gc, sys
from workers import worker
worker.RefereeWorker.work = lambda self, **options: print(gc.get_freeze_count()) or True
worker.run_worker(sys.argv[1])
"""


def test_a_serving_worker_freezes_what_it_holds_once_started(redis_url):
    frozen = subprocess.run([sys.executable, "-c", SERVING_WORKER, redis_url], check=True,
                            capture_output=True, text=True, timeout=60).stdout
    # The engines and RQ alone are tens of thousands of objects.
    assert int(frozen) > 10_000


def test_a_burst_worker_leaves_the_collector_as_it_was(redis_url):
    frozen = gc.get_freeze_count()
    run_worker(redis_url, burst=True)
    assert gc.get_freeze_count() == frozen
