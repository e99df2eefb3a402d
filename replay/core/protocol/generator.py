"""The start and the end every seeded random player shares: the seat names, the seeded
chance, the table each event is applied to as it is written, and the log document."""

from __future__ import annotations

import random
from collections.abc import Callable

NAMES = ("ana", "bruno", "carla", "duarte")


class RandomGame:
    """A game a seeded random player is writing.

    ``new_table(names, catalog, variants=...)`` sets the game's table up;
    ``apply_event(table, index, event, claims)`` checks and applies one event to it.
    """

    def __init__(self, players: int, seed: int, catalog, variants: tuple[str, ...],
                 new_table: Callable, apply_event: Callable, claims: object):
        self.seed = seed
        self.rng = random.Random(seed)
        self.names = list(NAMES[:players])
        self.catalog = catalog
        self.variants = variants
        self.table = new_table(self.names, catalog, variants=variants)
        self.apply_event = apply_event
        self.claims = claims
        self.events: list[dict] = []

    def play(self, event: dict) -> None:
        """Apply ``event`` to the table and write it to the log."""
        self.apply_event(self.table, len(self.events), event, self.claims)
        self.events.append(event)

    def document(self, game: str, ruleset: str) -> dict:
        """The log written so far, as a JSON log document that names its seed."""
        return {
            "header": {"game": game, "ruleset": ruleset, "catalog": self.catalog.id,
                       "variants": list(self.variants), "players": self.names,
                       "metadata": {"generator": "referee generate", "seed": str(self.seed)}},
            "events": self.events,
        }
