"""The ledger: every change to a player's resources or points, with its reason.

Scores are never set directly; they are the sum of ledger rows, so each point is explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class LedgerRow:
    """One change: who, what, by how much, the value after, and why."""

    event: int | None  # index of the log event that caused it; None for final scoring
    player: str
    resource: str
    delta: int
    after: int
    reason: str
    round: int
    phase: str
    source: str  # the component or rule behind it, e.g. "c2-07" or "track:council"

    def to_dict(self) -> dict:
        """Plain-data form for the report."""
        return {
            "event": self.event, "player": self.player, "resource": self.resource,
            "delta": self.delta, "after": self.after, "reason": self.reason,
            "round": self.round, "phase": self.phase, "source": self.source,
        }


def phase_breakdown(rows: list[LedgerRow], phase_order: Sequence[str]) -> list[dict]:
    """Round x phase x player sums of every resource, and of points by source.

    Rows sort by round, then by the phase's place in ``phase_order`` (the game's phases).
    """
    rank = {phase: i for i, phase in enumerate(phase_order)}
    table: dict[tuple[int, str], dict[str, dict]] = {}
    cells: dict[tuple[int, str, str], dict] = {}  # the same cells, found in one look-up
    for row in rows:
        cell = cells.get((row.round, row.phase, row.player))
        if cell is None:
            cell = {"resources": {}, "points_by_source": {}}
            cells[row.round, row.phase, row.player] = cell
            table.setdefault((row.round, row.phase), {})[row.player] = cell
        resources = cell["resources"]
        resources[row.resource] = resources.get(row.resource, 0) + row.delta
        if row.resource == "points":
            by_source = cell["points_by_source"]
            by_source[row.source] = by_source.get(row.source, 0) + row.delta
    return [
        {"round": round_, "phase": phase, "players": players}
        for (round_, phase), players in sorted(
            table.items(), key=lambda item: (item[0][0], rank.get(item[0][1], len(rank))))
    ]
