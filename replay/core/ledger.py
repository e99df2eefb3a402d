"""The ledger: every change to a player's resources or points, with its reason.

Scores are never set directly; they are the sum of ledger rows, so each point is explained.
A row is a plain dict in the form the report lists it (``LedgerRow`` names its keys): a game
writes each row once, as the change happens, and the report takes the very rows, without
another copy of each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict


class LedgerRow(TypedDict):
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
    turn: NotRequired[str]  # whose turn it was, for games played in turns within a round
    line: NotRequired[int]  # the text log's line of the event (added by the report)


def phase_breakdown(rows: list[LedgerRow], phase_order: Sequence[str]) -> list[dict]:
    """Round x turn x phase x player sums of every resource, and of points by source.

    Rows sort by round, then by turn (in the order turns came), then by the phase's place
    in ``phase_order`` (the game's phases). Games without turns have one per round.
    """
    rank = {phase: i for i, phase in enumerate(phase_order)}
    turns: dict[tuple[int, str | None], int] = {}
    table: dict[tuple[int, str | None, str], dict[str, dict]] = {}
    cells: dict[tuple, dict] = {}  # the same cells, found in one look-up
    # Rows come in runs of one player's changes: the last cell's sums are kept at hand.
    key = resources = by_source = None
    for row in rows:
        row_key = (row["round"], row.get("turn"), row["phase"], row["player"])
        if row_key != key:
            key = row_key
            cell = cells.get(key)
            if cell is None:
                turns.setdefault(key[:2], len(turns))
                cell = cells[key] = {"resources": {}, "points_by_source": {}}
                table.setdefault(key[:3], {})[key[3]] = cell
            resources, by_source = cell["resources"], cell["points_by_source"]
        resource, delta = row["resource"], row["delta"]
        resources[resource] = resources.get(resource, 0) + delta
        if resource == "points":
            source = row["source"]
            by_source[source] = by_source.get(source, 0) + delta
    ordered = sorted(table.items(), key=lambda item: (
        item[0][0], turns[item[0][:2]], rank.get(item[0][2], len(rank))))
    return [
        {"round": round_, **({"turn": turn} if turn is not None else {}), "phase": phase,
         "players": players}
        for (round_, turn, phase), players in ordered]
