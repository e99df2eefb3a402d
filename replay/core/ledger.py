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
    turn: str | None = None  # whose turn it was, for games played in turns within a round

    def to_dict(self) -> dict:
        """Plain-data form for the report (``turn`` only when the game has turns)."""
        data = {
            "event": self.event, "player": self.player, "resource": self.resource,
            "delta": self.delta, "after": self.after, "reason": self.reason,
            "round": self.round, "phase": self.phase, "source": self.source,
        }
        if self.turn is not None:
            data["turn"] = self.turn
        return data


def phase_breakdown(rows: list[LedgerRow], phase_order: Sequence[str]) -> list[dict]:
    """Round x turn x phase x player sums of every resource, and of points by source.

    Rows sort by round, then by turn (in the order turns came), then by the phase's place
    in ``phase_order`` (the game's phases). Games without turns have one per round.
    """
    rank = {phase: i for i, phase in enumerate(phase_order)}
    turns: dict[tuple[int, str | None], int] = {}
    table: dict[tuple[int, str | None, str], dict[str, dict]] = {}
    cells: dict[tuple, dict] = {}  # the same cells, found in one look-up
    key = cell = None  # rows come in runs of one player's changes: the last cell is reused
    for row in rows:
        row_key = (row.round, row.turn, row.phase, row.player)
        if row_key != key:
            key = row_key
            cell = cells.get(key)
            if cell is None:
                turns.setdefault((row.round, row.turn), len(turns))
                cell = cells[key] = {"resources": {}, "points_by_source": {}}
                table.setdefault(key[:3], {})[row.player] = cell
        resource, delta = row.resource, row.delta
        resources = cell["resources"]
        resources[resource] = resources.get(resource, 0) + delta
        if resource == "points":
            by_source = cell["points_by_source"]
            by_source[row.source] = by_source.get(row.source, 0) + delta
    ordered = sorted(table.items(), key=lambda item: (
        item[0][0], turns[item[0][:2]], rank.get(item[0][2], len(rank))))
    return [
        {"round": round_, **({"turn": turn} if turn is not None else {}), "phase": phase,
         "players": players}
        for (round_, turn, phase), players in ordered]
