"""Helpers for property tests that tamper with a generated game and expect a refusal."""

from __future__ import annotations

import replay


def indices(log: dict, kind: str, **fields) -> list[int]:
    """The indices of the log's events of type ``kind`` that have the given field values."""
    return [i for i, e in enumerate(log["events"]) if e["type"] == kind
            and all(e.get(k) == v for k, v in fields.items())]


def first_violation(log: dict, index: int) -> dict:
    """The first violation of the replayed log, asserted to be at event ``index``."""
    report = replay.replay(log)
    assert report["verdict"] == "illegal"
    first = report["violations"][0]
    assert first["event"] == index
    return first
