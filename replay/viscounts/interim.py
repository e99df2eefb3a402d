"""Points if the game ended after each round.

Viscounts scores only at its end (p.24), so its points are 0 all game. What a player stands
to score is the end of the game applied to the table as it is: at the end of every round,
a copy of the table is ended there (its last turn closed, then the final scoring, both the
engine's own ``finish``) and its totals read; the table itself goes on unchanged. These are
interim points, what the end scoring would give then, not points held.
"""

from __future__ import annotations

from dataclasses import dataclass

from replay.core.logs.log import GameLog
from replay.core.protocol.shapes import check_shapes
from replay.viscounts.engine import finish
from replay.viscounts.replayer import REPLAYER
from replay.viscounts.table import Table


@dataclass(frozen=True)
class RoundEnd:
    """A round's end: its number, the log's last event in it, and each player's total if the
    game ended there."""

    round: int
    event: int
    points: dict[str, int]


def ended_here(table: Table) -> dict[str, int] | None:
    """Each player's total if the game ended with the round in play, on a copy of ``table``
    (None: the round's last turn is not played far enough to end the game there)."""
    twin = table.copy()
    twin.state.last_round = twin.state.round
    final = finish(twin)
    return None if final is None else {name: row["total"]
                                       for name, row in final["players"].items()}


def interim_points(log: GameLog, catalog: dict | None = None) -> list[RoundEnd]:
    """Every round's end the log reaches, in order, with the points if the game ended there
    (replayed in audit mode, so that an illegal log is charted as far as it goes). A round
    whose last turn is cut short in the log (no movement) has no end to score and is left
    out; so is the round the log stops in."""
    events, _ = check_shapes(log.events, REPLAYER.event_specs, REPLAYER.field_kinds)
    loaded = REPLAYER.load_catalog(catalog, log.catalog, log.declarations())
    table = REPLAYER.start(log, loaded, "audit")
    claims = REPLAYER.new_claims()
    ends: list[RoundEnd] = []
    for index, event in enumerate(events):
        state = table.state
        before = state.round
        # Only the last turn of a round, once moved, can end it: the table is ended on a
        # copy before each of its events, and kept if this event begins the next round.
        maybe = (ended_here(table) if before >= 1 and state.turn == len(state.seats) - 1
                 and state.moved else None)
        if not REPLAYER.run_events(table, [event], claims, index):
            return ends
        if table.state.round > before >= 1 and maybe is not None:
            ends.append(RoundEnd(before, index - 1, maybe))
    last = ended_here(table) if table.state.round >= 1 else None
    if last is not None:
        ends.append(RoundEnd(table.state.round, len(events) - 1, last))
    return ends
