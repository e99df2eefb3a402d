"""The bounded pool for the one page that replays in its request: the step page.

Stepping through a game replays its log up to the event asked for, and a long log takes
seconds of pure Python. Replays of this kind run a few at a time per API process
(``REFEREE_STEP_SLOTS``, 2 by default); a request that finds every slot taken for
``WAIT_SECONDS`` is told to come back (429 with ``Retry-After``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from flask_babel import lazy_gettext

from api.replay_slots import ReplaySlots

WAIT_SECONDS = 2.0
SLOTS = ReplaySlots(int(os.environ.get("REFEREE_STEP_SLOTS", "2")),
                    lazy_gettext("stepping through a game"))


@contextmanager
def replay_slot() -> Iterator[None]:
    """Hold one of the process's step-page slots for the block, or raise a 429 problem."""
    with SLOTS.held(WAIT_SECONDS):
        yield
