"""Points by scoring category over the game, for the report page and the step page of a game
that scores as it goes (``replay.render.category_chart``): drawn from the stored report's
ledger and final breakdown, so no replay is needed."""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup

from api.replays import store
from replay.render.category_chart import category_chart, category_rounds, category_table

NONE = {"category_chart": "", "category_header": [], "category_rows": []}


def category_context(report: dict, upto: int | None = None) -> dict:
    """The chart of each player's points by category after each round (only what events up
    to ``upto`` scored, when given), its table's header and rows; empty for a game that
    scores only at its end."""
    data = category_rounds(report, upto)
    if data is None:
        return NONE
    header, rows = category_table(data)
    return {"category_chart": Markup(category_chart(data)), "category_header": header,
            "category_rows": rows}


class NoReport(Exception):
    """The replay has no report yet (queued, running or failed): nothing to chart, and
    nothing kept, so the chart shows once the report is written."""


@lru_cache(maxsize=32)
def _scored(replay_id: str) -> dict:
    """What the chart reads of a stored replay's report (its game, players, ledger, final
    breakdown, verdict and where it stopped), kept for the last few replays: a judge steps
    through one game at a time, and a report once written does not change."""
    record = store().get(replay_id, with_report=True) or {}
    if record.get("status") != "done" or not isinstance(record.get("report"), dict):
        raise NoReport
    return {key: record["report"][key] for key in ("game", "players", "ledger", "final",
                                                   "verdict", "reached")
            if key in record["report"]}


def step_categories(replay_id: str, event: int, last: bool) -> dict:
    """The chart for the step page after ``event``: what the rounds so far scored, and the
    final scoring too at the log's ``last`` event; nothing before the report is written."""
    try:
        return category_context(_scored(replay_id), None if last else event)
    except NoReport:
        return NONE
