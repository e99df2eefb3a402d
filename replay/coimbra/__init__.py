"""Coimbra (2018 base game) rules engine."""

from __future__ import annotations

from replay.core.log import GameLog
from replay.core.problems import InvalidLog, LogProblem


def replay(log: GameLog, mode: str = "strict", catalog: dict | None = None) -> dict:
    """Check the header and report; the rules themselves are not replayed yet."""
    if not 2 <= len(log.players) <= 4:
        raise InvalidLog([LogProblem("Coimbra is for 2-4 players", path="/header/players")])
    return {
        "game": log.game,
        "players": log.players,
        "input_sha256": log.sha256(),
        "mode": mode,
        "verdict": "incomplete",
        "warnings": [{"message": "the Coimbra rules are not replayed yet"}],
    }
