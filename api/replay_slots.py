"""Bounded pools for the replays that run in a request thread.

Some requests need a log replayed before they can answer: stepping through a game, and
each change to a game being recorded (the new table and its legal moves). A replay is pure
Python and holds the interpreter, so such replays run a few at a time per API process; a
request that finds every slot of its pool taken for a while is told to come back (429 with
``Retry-After``) instead of piling up threads that would slow every other request,
``/healthz`` included.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask_babel import gettext

from api.problems import Problem

RETRY_AFTER = 2  # seconds a refused request is told to wait


class ReplaySlots(threading.BoundedSemaphore):
    """``size`` slots for replays of one kind (``what`` names it in the refusal)."""

    def __init__(self, size: int, what: str):
        super().__init__(size)
        self.size = size
        self.what = what

    @contextmanager
    def held(self, wait_seconds: float) -> Iterator[None]:
        """Hold one slot for the block, waiting at most ``wait_seconds`` for one, or raise
        a 429 problem."""
        if not self.acquire(timeout=wait_seconds):
            raise Problem(429, "busy", gettext("The referee is busy replaying other games"),
                          gettext("every slot for %(what)s is taken: try again in "
                                  "%(seconds)s s", what=self.what, seconds=RETRY_AFTER),
                          headers={"Retry-After": str(RETRY_AFTER)})
        try:
            yield
        finally:
            self.release()
