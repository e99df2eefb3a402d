"""Who decides each seat's events: the people at the table, whose events the log records
as they played them, or a seat controller that computes what its procedure requires and
compares the log's events with it (the solo opponent, ``solo.opponent``)."""

from __future__ import annotations

from replay.viscounts.solo.opponent import CONTROLLER, Opponent
from replay.viscounts.table import Table


def controllers(table: Table) -> tuple[Opponent, ...]:
    """The controllers plugged into this game (none in a game of people only)."""
    return (CONTROLLER,) if table.solo is not None else ()


def controller_of(table: Table, name: str | None) -> Opponent | None:
    """The controller of ``name``'s seat; None for a seat a person plays."""
    return CONTROLLER if name is not None and table.automated(name) else None
