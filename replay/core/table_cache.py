"""The tables of the last few logs looked at, kept so that the next look replays less.

A person recording a game looks at the table after every move: the recorder asks for the
state after event N, then after event N + 1 of the same log. A table kept after event N of a
log serves any later look at the same game whose events start with the same N + 1 events
(and their lines): a copy of it replays only the events after them. A different header,
catalog, declared components or position, or any earlier event changed, is another game.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict

from replay.core.log import GameLog

SIZE = 8  # tables kept per engine (a few recordings in progress at once)


def game_key(log: GameLog) -> str:
    """What makes two logs the same game before their events."""
    return json.dumps([log.game, log.players, log.variants, log.catalog, log.components,
                       log.position], sort_keys=True, default=str)


class TableCache:
    """A few tables, each after some events of one game (thread-safe)."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._kept: OrderedDict[str, tuple[list, list, object]] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, key: str, events: list[dict], positions: list) -> tuple[object, int]:
        """The kept table whose events begin ``events`` (and ``positions``), taken out of
        the cache for the caller to go on with, and how many events it has replayed;
        ``(None, 0)`` when none is kept."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                return None, 0
            done, lines, table = kept
            count = len(done)
            if count > len(events) or events[:count] != done \
                    or list(positions[:count]) != lines:
                return None, 0
            # Taken out, not copied: whoever takes it changes it, and keeps a copy after.
            del self._kept[key]
            return table, count

    def keep(self, key: str, events: list[dict], positions: list, table) -> None:
        """Keep a copy of ``table``, replayed through ``events``."""
        twin = table.copy()
        with self._lock:
            self._kept[key] = ([dict(e) for e in events], list(positions[:len(events)]), twin)
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
