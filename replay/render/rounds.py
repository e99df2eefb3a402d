"""What a chart or a table of a game's rounds shares: how a round heads its column, and the
points if the game ended after each round that a replay of the log works out."""

from __future__ import annotations

from typing import NamedTuple

from replay.core.speech import tr


class Interim(NamedTuple):
    """The points each player would have if the game ended after each of ``rounds``: a
    line per player (what a replay of the log works out, not what a report holds)."""

    rounds: list[int]
    lines: dict[str, list[int]]


def round_label(number: int) -> str:
    """``setup`` for round 0, else ``R3``."""
    return tr("setup") if number == 0 else tr("R{number}", number=number)
