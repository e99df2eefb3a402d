"""Replays a page does beside its own: the interim points of a game, the board at its end.

They replay a whole stored log in the request, so they run one at a time per process and a
page never waits for them: a page that finds one running is served without what it would have
drawn, and says so; a downloaded report waits a few seconds, then asks to be tried again.
The step page's own replays keep their slots (``replaying.SLOTS``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

WORKING = threading.BoundedSemaphore(1)  # one such replay at a time per process


class Busy(Exception):
    """Another request is replaying for a page: this page goes without what it would add."""


@contextmanager
def at_once(wait: float = 0) -> Iterator[None]:
    """Hold the process's one replay for pages for the block, or raise ``Busy`` at once (a
    page), or after ``wait`` seconds (a downloaded report, which is the same file whenever
    it is asked for, so it waits a little rather than going without)."""
    if not (WORKING.acquire(timeout=wait) if wait else WORKING.acquire(blocking=False)):
        raise Busy
    try:
        yield
    finally:
        WORKING.release()
