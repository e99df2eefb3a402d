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

from replay.core.logs.log import GameLog

SIZE = 8  # tables kept per engine (a few recordings in progress at once)


def game_key(log: GameLog) -> str:
    """What makes two logs the same game before their events."""
    return json.dumps([log.game, log.ruleset, log.players, log.variants, log.catalog,
                       log.metadata, log.components, log.position], sort_keys=True,
                      default=str)


class TableCache:
    """A few tables, each after some events of one game (thread-safe). A game may have
    several kept (after event N and after event N + 1), so that a look back after an undo
    replays little too."""

    def __init__(self, size: int = SIZE):
        self.size = size
        # (game key, events replayed) -> (those events, their lines, the table after them)
        self._kept: OrderedDict[tuple[str, int], tuple[list, list, object]] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, key: str, events: list[dict], positions: list) -> tuple[object, int]:
        """A copy of the kept table of this game that has replayed the most of ``events``
        (and ``positions``), and how many; ``(None, 0)`` when none is kept."""
        with self._lock:
            counts = sorted((count for game, count in self._kept
                             if game == key and count <= len(events)), reverse=True)
            for count in counts:
                done, lines, table = self._kept[(key, count)]
                if events[:count] == done and list(positions[:count]) == lines:
                    self._kept.move_to_end((key, count))
                    break
            else:
                return None, 0
        return table.copy(), count

    def keep(self, key: str, events: list[dict], positions: list, table) -> None:
        """Keep a copy of ``table``, replayed through ``events``."""
        twin = table.copy()
        entry = ([dict(e) for e in events], list(positions[:len(events)]), twin)
        with self._lock:
            self._kept[(key, len(events))] = entry
            self._kept.move_to_end((key, len(events)))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
