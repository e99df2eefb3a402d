"""A verified game's result, in the forms play trackers import.

Only a game the referee found legal and complete has a result to export: its players in
rank order, each with the points of every scoring category and whether they won, the game,
and the date the log's ``date`` tag gives. Three forms:

- ``game_result``: the referee's own JSON (documented in ``docs/results.md``);
- ``bg_stats_play``: a play in the format Board Game Stats imports from other apps
  ("push plays to BG Stats from other apps or websites", bgstatsapp.com): the game by name
  and BoardGameGeek id, each player's name, rank, score and whether they won;
- ``result_rows``: one CSV row per player, a column per scoring category.
"""

from __future__ import annotations

import csv
import io
import json
import re

from replay.core.logs.log import GameLog
from replay.core.logs.problems import InvalidLog
from replay.core.reports.tournament import first_problem, problem_words
from replay.core.speech import tr
from replay.sources import decode

SOURCE_NAME = "Tabletop rules referee"
# A date tag a tracker can read: the ISO calendar date people write on a scoresheet.
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class NotVerified(ValueError):
    """A report whose game has no result to export, with why (its verdict, and for an
    illegal game the first rule broken and where)."""


def game_result(report: dict, game, date: str | None = None) -> dict:
    """The result of a legal, complete game's ``report`` (``game`` is its registered game;
    ``date`` the log's ``date`` tag, kept only when it is an ISO date)."""
    verdict = report.get("verdict")
    if verdict != "legal":
        raise NotVerified(why_not(report))
    points = report["final"]["players"]
    # The game's categories this game scored (a solo opponent's leftovers only in a solo game).
    categories = {category.key: str(category.label) for category in game.scoring_categories
                  if category.key != "total"
                  and any(category.key in p for p in points.values())}
    ranked = sorted(report["standings"], key=lambda row: row["rank"])
    best = ranked[0]["points"]
    return {
        "game": game.name, "title": game.title, "bgg_id": game.bgg_id,
        "date": date if date and _ISO_DATE.fullmatch(date) else None,
        "verdict": verdict, "input_sha256": report.get("input_sha256"),
        "players": [{"name": row["player"], "rank": row["rank"], "points": row["points"],
                     # Ties are broken by the game's own rule: only the first place wins.
                     "winner": row["rank"] == 1,
                     "by_category": {key: points[row["player"]][key] for key in categories}}
                    for row in ranked],
        "tie_broken": sum(row["points"] == best for row in ranked) > 1,
        "categories": categories,
    }


def log_date(text: str) -> str | None:
    """The ``date`` tag of a log given as text (the report does not keep it); None for a
    scoresheet, which has none, or a log without one."""
    try:
        decoded = decode(text)
    except InvalidLog:
        return None
    return decoded.metadata.get("date") if isinstance(decoded, GameLog) else None


def why_not(report: dict) -> str:
    """Why a report that is not legal has no result: what its verdict means, and the first
    rule broken with its place, in the reader's language."""
    verdict = report.get("verdict")
    reasons = {"illegal": tr("not a verified result: the game breaks a rule"),
               "score_mismatch": tr("not a verified result: a score the table wrote differs "
                                    "from the one computed"),
               "incomplete": tr("not a verified result: the game does not reach its end")}
    reason = reasons.get(verdict, tr("not a verified result: the log could not be read"))
    problem = first_problem(report)
    return tr("{reason} ({problem})", reason=reason, problem=problem_words(problem)) \
        if problem else reason


def bg_stats_play(result: dict) -> dict:
    """``result`` as a play Board Game Stats imports (its comment lists every player's points
    by category, which the play's score alone does not hold)."""
    players, labels = result["players"], result["categories"]
    comment = "; ".join(
        f"{p['name']}: " + ", ".join(f"{labels.get(key, key)} {value}"
                                     for key, value in p["by_category"].items())
        for p in players)
    play = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": (result.get("input_sha256") or "")[:16],
        "game": {"name": result["title"], "bggId": result["bgg_id"], "highestWins": True,
                 "noPoints": False, "sourceGameId": result["game"]},
        "players": [{"name": p["name"], "rank": p["rank"], "score": p["points"],
                     "winner": p["winner"], "role": "", "sourcePlayerId": p["name"]}
                    for p in players],
        "comments": f"Verified legal by the rules referee. {comment}",
    }
    if result.get("date"):
        play["playDate"] = f"{result['date']} 00:00:00"  # the tag gives the day, not the hour
    return play


def result_rows(results: list[tuple[str, dict]]) -> tuple[list[str], list[list]]:
    """A CSV's header and rows for ``(log name, result)`` pairs: one row per player, a
    column per scoring category of any game listed (empty where a game has none)."""
    keys: list[str] = []
    for _, result in results:
        for player in result["players"]:
            keys.extend(key for key in player["by_category"] if key not in keys)
    header = ["log", "game", "date", "player", "rank", "winner", "points", *keys]
    rows = [[name, result["game"], result["date"] or "", p["name"], p["rank"],
             "yes" if p["winner"] else "no", p["points"],
             *(p["by_category"].get(key, "") for key in keys)]
            for name, result in results for p in result["players"]]
    return header, rows


FORMATS = ("json", "bgstats", "csv")


def results_text(verified: list[tuple[str, dict]], output_format: str) -> str:
    """``(log name, result)`` pairs as one document of ``output_format`` (``FORMATS``): a JSON
    list of results or of Board Game Stats plays, or a CSV."""
    if output_format == "csv":
        header, rows = result_rows(verified)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return out.getvalue()
    documents = [bg_stats_play(result) if output_format == "bgstats" else result
                 for _, result in verified]
    return json.dumps(documents, indent=2, ensure_ascii=False) + "\n"
