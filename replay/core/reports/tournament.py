"""A tournament's games read together: standings per game, each game's first problem, and
the order people expect file names in.

Shared by the web page and the zip of a batch and by ``referee verify``, so each says the
same thing about the same games.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

COUNTED = ("legal", "incomplete")  # the verdicts whose standings count
RANKING = "wins first, then points, then the player's name"


def natural_key(name: str) -> tuple:
    """Sorts ``table2`` before ``table10``: runs of digits compare as numbers."""
    return tuple((0, int(part), part) if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


def tally(games: Iterable[list[dict]]) -> list[dict]:
    """Standings over games, from each game's own standings rows (rank, player, points):
    per player games, wins and points, ranked by ``RANKING``."""
    table: dict[str, dict] = defaultdict(lambda: {"games": 0, "wins": 0, "points": 0})
    for rows in games:
        for row in rows:
            line = table[row["player"]]
            line["games"] += 1
            line["wins"] += row["rank"] == 1
            line["points"] += row["points"]
    return sorted(({"player": p, **line} for p, line in table.items()),
                  key=lambda r: (-r["wins"], -r["points"], r["player"]))


def first_problem(report: dict) -> dict | None:
    """The first violation of a report that follows from no other: its rule, event, line
    (of a text log) and message; None for a game without one."""
    violations = [v for v in report.get("violations") or [] if isinstance(v, dict)]
    first = next((v for v in violations if v.get("follows_from") is None),
                 violations[0] if violations else None)
    if first is None:
        return None
    return {key: first[key] for key in ("rule", "event", "line", "message") if key in first}


def problem_words(problem: dict | None) -> str:
    """``rule coimbra.city.row at event 22 (line 30): ...`` for a person."""
    if not problem:
        return ""
    line = f" (line {problem['line']})" if problem.get("line") is not None else ""
    return (f"rule {problem.get('rule')} at event {problem.get('event')}{line}: "
            f"{problem.get('message')}")
