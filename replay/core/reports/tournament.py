"""A tournament's games read together: standings per game, each game's first problem, and
the order people expect file names in.

Shared by the web page and the zip of a batch and by ``referee verify``, so each says the
same thing about the same games.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from replay.core.speech import message, say, tr
from replay.core.words import listed

COUNTED = ("legal", "incomplete")  # the verdicts whose standings count
MOST_PLACES = 8  # the most places a game of either game can have


@dataclass(frozen=True)
class Ranking:
    """How a tournament ranks its players. Without ``place_points``: wins first, then
    points, then the player's name. With them (the organisers' tournament points for 1st,
    2nd, ... place in each game; a place beyond the list scores 0, players tied in a game
    share the place's points): tournament points first, then wins, points and name."""

    place_points: tuple[int, ...] = ()

    @property
    def words(self) -> str:
        """The ranking as the standings' note says it."""
        if not self.place_points:
            return say("wins first, then points, then the player's name")
        places = listed(say("{place} {points}", place=ordinal(place), points=points)
                        for place, points in enumerate(self.place_points, start=1))
        return say("tournament points per place in each game ({places}), then wins, then "
                   "points, then the player's name", places=places)

    def points_for(self, rank: int) -> int:
        """The tournament points of a place in one game."""
        return self.place_points[rank - 1] if 0 < rank <= len(self.place_points) else 0


DEFAULT_RANKING = Ranking()


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``."""
    last = None if 10 <= number % 100 <= 20 else number % 10
    if last == 1:
        return say("{number}st", number=number)
    if last == 2:
        return say("{number}nd", number=number)
    if last == 3:
        return say("{number}rd", number=number)
    return say("{number}th", number=number)


def read_place_points(text: str | None) -> Ranking:
    """A ranking from the organisers' points per place, written ``4,2,1,0`` (1st place
    first); empty: the default ranking. ``ValueError`` says what is wrong and where."""
    if not text or not text.strip():
        return DEFAULT_RANKING
    parts = [part.strip() for part in text.split(",")]
    if len(parts) > MOST_PLACES:
        raise ValueError(say("points for at most {most} places, not {number}",
                             most=MOST_PLACES, number=len(parts)))
    for place, part in enumerate(parts, start=1):
        if not part.isdigit():
            raise ValueError(say("the points for {place} place are {points}: a whole number "
                                 "of 0 or more, places separated by commas (4,2,1,0)",
                                 place=ordinal(place), points=repr(part)))
    return Ranking(tuple(int(part) for part in parts))


def natural_key(name: str) -> tuple:
    """Sorts ``table2`` before ``table10``: runs of digits compare as numbers."""
    return tuple((0, int(part), part) if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


def tally(games: Iterable[list[dict]], ranking: Ranking = DEFAULT_RANKING) -> list[dict]:
    """Standings over games, from each game's own standings rows (rank, player, points):
    per player games, wins and points (and tournament points, when the ranking gives them
    per place), ranked as ``ranking`` says."""
    table: dict[str, dict] = defaultdict(lambda: {"games": 0, "wins": 0, "points": 0})
    for rows in games:
        for row in rows:
            line = table[row["player"]]
            line["games"] += 1
            line["wins"] += row["rank"] == 1
            line["points"] += row["points"]
            if ranking.place_points:
                line["tournament_points"] = line.get("tournament_points", 0) + \
                    ranking.points_for(row["rank"])
    return sorted(({"player": p, **line} for p, line in table.items()),
                  key=lambda r: (-r.get("tournament_points", 0), -r["wins"], -r["points"],
                                 r["player"]))


def first_problem(report: dict) -> dict | None:
    """The first violation of a report that follows from no other: its rule, event, line
    (of a text log) and message; None for a game without one."""
    violations = [v for v in report.get("violations") or [] if isinstance(v, dict)]
    first = next((v for v in violations if v.get("follows_from") is None),
                 violations[0] if violations else None)
    if first is None:
        return None
    return {key: first[key] for key in ("rule", "event", "line", "message") if key in first} | (
        {"words": {"message": first["words"]["message"]}}
        if "message" in (first.get("words") or {}) else {})


def problem_words(problem: dict | None) -> str:
    """``rule coimbra.city.row at event 22 (line 30): ...`` for a person."""
    if not problem:
        return ""
    said = message(problem)
    if problem.get("line") is not None:
        return tr("rule {rule} at event {event} (line {line}): {message}",
                  rule=problem.get("rule"), event=problem.get("event"), line=problem["line"],
                  message=said)
    return tr("rule {rule} at event {event}: {message}", rule=problem.get("rule"),
              event=problem.get("event"), message=said)
