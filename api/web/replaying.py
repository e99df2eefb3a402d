"""The bounded pool for the pages that replay in their request, and the catalog they replay with.

Stepping through a game replays its log up to the event asked for, and a long log takes
seconds of pure Python; so does working out the points of a game that scores only at its end
as if it ended after each round (``api.web.interim_view``). Replays of this kind run a few at
a time per API process (``REFEREE_STEP_SLOTS``, 2 by default); a request that finds every
slot taken for ``WAIT_SECONDS`` is told to come back (429 with ``Retry-After``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from flask_babel import lazy_gettext

from api.replay_slots import ReplaySlots
from workers.catalogs import CatalogStore

WAIT_SECONDS = 2.0
SLOTS = ReplaySlots(int(os.environ.get("REFEREE_STEP_SLOTS", "2")),
                    lazy_gettext("stepping through a game"))


@contextmanager
def replay_slot() -> Iterator[None]:
    """Hold one of the process's step-page slots for the block, or raise a 429 problem."""
    with SLOTS.held(WAIT_SECONDS):
        yield


def replay_catalog(record: dict) -> dict | None:
    """The uploaded catalog a replay was replayed with (``None``: the one its log names)."""
    sha = (record.get("options") or {}).get("catalog_sha")
    if not sha:
        return None
    return CatalogStore(current_app.extensions["referee_redis"]).document(sha)
