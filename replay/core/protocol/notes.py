"""The action kinds of events that change nothing on the table: a claim (a checkpoint, the
final scores) compared with what the replay computed, and a marker held until the event
after it, which it must agree with. Every game declares its claims and markers with them."""

from __future__ import annotations


def no_refusals(table, event: dict) -> tuple:
    """A marker or a claim breaks no rule as it is written (a marker is checked against the
    event after it, a claim against the computed values)."""
    return ()


def hold_marker(table, event: dict) -> None:
    """Keep a marker until the event after it."""
    table.markers.append((table.event, event))


def record_claim(table, event: dict) -> None:
    """A claim of the table, compared with what the replay computed (``table.claims``)."""
    table.claims.record(table, table.event, event)
