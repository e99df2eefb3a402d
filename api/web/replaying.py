"""A bounded pool for the one page that replays in its request: the step page.

Stepping through a game replays its log up to the event asked for, and a long log takes
seconds of pure Python. Replays of this kind run a few at a time per API process
(``REFEREE_STEP_SLOTS``, 2 by default); a request that finds every slot taken for
``WAIT_SECONDS`` is told to come back (429 with ``Retry-After``) instead of piling up
threads that would slow every other request, ``/healthz`` included.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from api.problems import Problem

WAIT_SECONDS = 2.0
RETRY_AFTER = 2
SLOTS = threading.BoundedSemaphore(int(os.environ.get("REFEREE_STEP_SLOTS", "2")))


@contextmanager
def replay_slot() -> Iterator[None]:
    """Hold one of the process's replay slots for the block, or raise a 429 problem."""
    if not SLOTS.acquire(timeout=WAIT_SECONDS):
        raise Problem(429, "busy", "The referee is busy replaying other games",
                      f"every slot for stepping through a game is taken: try again in "
                      f"{RETRY_AFTER} s", headers={"Retry-After": str(RETRY_AFTER)})
    try:
        yield
    finally:
        SLOTS.release()
