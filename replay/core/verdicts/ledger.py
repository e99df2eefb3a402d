"""The ledger: every change to a player's resources or points, with its reason.

Scores are never set directly; they are the sum of ledger rows, so each point is explained.
A row is a plain dict in the form the report lists it (``LedgerRow`` names its keys): a game
writes each row once, as the change happens, and the report takes the very rows, without
another copy of each.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NotRequired, TypedDict


class LedgerRow(TypedDict):
    """One change: who, what, by how much, the value after, and why (each key is said in
    words in ``ROW_KEYS``; the report's schema is made from these two)."""

    event: int | None
    player: str
    resource: str
    delta: int
    after: int
    reason: str
    round: int
    phase: str
    source: str
    turn: NotRequired[str]
    line: NotRequired[int]
    words: NotRequired[dict]


# What each key of a row says, for the report's published schema (``report_schema``).
ROW_KEYS = {
    "event": "the index of the log event that caused it; null for final scoring",
    "player": "whose resource or points changed",
    "resource": "the resource, track or points",
    "delta": "the change, as applied (within the game's limits)",
    "after": "the value after the change",
    "reason": "why, in words",
    "round": "the round it happened in",
    "phase": "the phase's ledger label",
    "source": "the component or rule behind it, e.g. c2-07 or track:council",
    "turn": "whose turn it was (games with turns)",
    "line": "the text log's line of the event",
    "words": "the reason's template and values (``reason``), where it was built from one, "
             "so a page can say it in the reader's language",
}


def ledger_row(event: int | None, player: str, resource: str, delta: int, after: int,
               reason: str, round_: int, phase: str, source: str,
               turn: str | None = None) -> LedgerRow:
    """One row, as every game writes it (``turn`` only in games played in turns)."""
    row: LedgerRow = {"event": event, "player": player, "resource": resource, "delta": delta,
                      "after": after, "reason": reason, "round": round_, "phase": phase,
                      "source": source}
    if turn is not None:
        row["turn"] = turn
    return row


def phase_breakdown(rows: list[LedgerRow], phase_order: Sequence[str]) -> list[dict]:
    """Round x turn x phase x player sums of every resource, and of points by source.

    Entries sort by round, then by turn (in the order turns came), then by the phase's place
    in ``phase_order`` (the game's phases). Games without turns have one per round.
    """
    rank = {phase: i for i, phase in enumerate(phase_order)}
    last = len(rank)  # where a phase not in the order sorts
    turns: dict[tuple, int] = {}
    entries: dict[tuple, tuple[tuple, dict]] = {}  # (round, turn, phase) -> (sort key, entry)
    cells: dict[tuple, dict] = {}  # (round, turn, phase, player) -> its cell
    # Rows come in runs of one player's changes: the last cell's sums are kept at hand.
    key = resources = by_source = None
    for row in rows:
        row_key = (row["round"], row.get("turn"), row["phase"], row["player"])
        if row_key != key:
            key = row_key
            cell = cells.get(key)
            if cell is None:  # a player's first change in this round/turn/phase
                round_, turn, phase, player = key
                at = (round_, turn, phase)
                found = entries.get(at)
                if found is None:
                    order = turns.setdefault((round_, turn), len(turns))
                    entry = {"round": round_, "turn": turn, "phase": phase, "players": {}}
                    if turn is None:
                        del entry["turn"]
                    found = entries[at] = ((round_, order, rank.get(phase, last)), entry)
                resources, by_source = {}, {}
                cells[key] = found[1]["players"][player] = {
                    "resources": resources, "points_by_source": by_source}
            else:
                resources, by_source = cell["resources"], cell["points_by_source"]
        resource, delta = row["resource"], row["delta"]
        resources[resource] = resources.get(resource, 0) + delta
        if resource == "points":
            source = row["source"]
            by_source[source] = by_source.get(source, 0) + delta
    return [entry for _, entry in sorted(entries.values(), key=itemgetter(0))]

