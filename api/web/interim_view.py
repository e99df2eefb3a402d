"""Points if the game ended after each round, for a game that scores only at its end.

Its points are 0 all game, so the report page and the step page chart instead what its end
scoring would give at the end of every round (interim points, not points held), and say the
same in a table. Working them out replays the whole log in the request, once per stored
replay (a stored log and its catalog never change), as a replay for pages
(``api.web.page_replays``): a page that finds one running is served without the chart.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from markupsafe import Markup

from api.replays import store
from api.web.page_replays import Busy, at_once
from api.web.replaying import replay_catalog
from api.web.report_view import log_lines
from replay.core.logs.problems import InvalidLog
from replay.render.round_chart import points_chart
from replay.render.rounds import Interim, round_label
from replay.viscounts.interim import RoundEnd, interim_points

# The games that score only at their end, each with how its interim points are worked out.
ROUND_POINTS = {"viscounts": interim_points}
KEPT_REPLAYS = 32  # replays whose round ends are kept worked out
_kept: OrderedDict[str, tuple[RoundEnd, ...]] = OrderedDict()
_kept_lock = threading.Lock()


def round_ends(replay_id: str, wait: float = 0) -> tuple[RoundEnd, ...]:
    """A stored replay's round ends with their interim points (none for another game, or
    a log that cannot be read); ``Busy`` when they are not worked out yet and another
    request is replaying for a page (after ``wait`` seconds)."""
    with _kept_lock:
        if replay_id in _kept:
            _kept.move_to_end(replay_id)
            return _kept[replay_id]
    record = store().get(replay_id, with_source=True) or {}
    log = log_lines(record.get("source") or "").log
    work = ROUND_POINTS.get(log.game) if log is not None else None
    if work is None or not log.events:  # a game that scores as it goes: nothing to replay
        return ()
    with at_once(wait):
        try:
            ends = tuple(work(log, replay_catalog(record)))
        except InvalidLog:  # a log whose header or events cannot be replayed has no rounds
            ends = ()
    with _kept_lock:
        _kept[replay_id] = ends
        while len(_kept) > KEPT_REPLAYS:
            _kept.popitem(last=False)
    return ends


def forget_round_ends() -> None:
    """Keep no round ends worked out (a test starts from nothing)."""
    with _kept_lock:
        _kept.clear()


def interim_lines(replay_id: str, players: list[str], upto: int | None = None,
                  wait: float = 0) -> Interim | None:
    """The interim points of the rounds ended by event ``upto`` (every round the log ends,
    when None), a line per player in seat order (``players`` first); None for a game that
    scores as it goes. ``Busy`` as ``round_ends``."""
    ends = [end for end in round_ends(replay_id, wait) if upto is None or end.event <= upto]
    if not ends:
        return None
    seats = [*players, *(p for p in ends[0].points if p not in players)]
    return Interim([end.round for end in ends],
                   {name: [end.points[name] for end in ends] for name in seats
                    if name in ends[0].points})


def interim_context(replay_id: str, players: list[str], upto: int | None = None) -> dict:
    """The chart of the interim points of the rounds ended by event ``upto`` (every round the
    log ends, when None), its table's header and rows (player, values), and the round the
    last column is; empty for a game that scores as it goes."""
    none = {"interim_chart": "", "interim_header": [], "interim_rows": []}
    try:
        interim = interim_lines(replay_id, players, upto)
    except Busy:
        return {**none, "interim_busy": True}
    if interim is None:
        return none
    return {"interim_chart": Markup(points_chart(interim.rounds, interim.lines, players)),
            "interim_header": [round_label(n) for n in interim.rounds],
            "interim_rows": list(interim.lines.items())}


def reported_upto(report: dict) -> int | None:
    """The last event a report's replay applied, when it stopped before the log's end (a
    strict replay stops at its first violation): interim points go no further than the
    report does. None when it replayed every event."""
    events = report.get("events") or {}
    replayed, total = events.get("replayed"), events.get("total")
    if isinstance(replayed, int) and isinstance(total, int) and replayed < total:
        return replayed - 1
    return None
