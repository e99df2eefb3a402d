"""A report downloaded from its page, with what the page draws from a replay of the log: the
table after the last event (HTML) and the points if the game ended after each round (HTML
and Markdown), so the file shows what the page does.

Both come from the process's one replay for pages (``page_replays``); a download waits a few
seconds for it, then answers 429 with ``Retry-After`` (as the server refuses any heavy
request it is too busy for) rather than a file that lacks them.
The API's report routes serve the report's own renderings (``api.reports``), with what the
report holds (its charts from the ledger), not these.
"""

from __future__ import annotations

import json

from flask_babel import gettext

from api.problems import Problem
from api.replays import store
from api.web.board_picture import final_picture
from api.web.interim_view import interim_lines, reported_upto
from api.web.page_replays import Busy
from api.web.replaying import replay_catalog
from api.web.report_view import log_lines
from replay.render.markdown import player_names

WAIT = 10  # seconds a download waits for the replay for pages before it asks for a retry


def drawn_parts(replay_id: str, record: dict, fmt: str) -> dict:
    """What a replay adds to the report file ``fmt`` (``md``, ``html``): its ``interim``
    points and, in HTML, its ``board`` at the end; nothing for JSON or an unfinished
    replay. A 429 when another request held the replay for pages too long."""
    if fmt not in ("md", "html") or record["status"] != "done":
        return {}
    text = store().report_text(replay_id)
    if text is None:
        return {}
    report = json.loads(text)
    upto = reported_upto(report)
    try:
        parts = {"interim": interim_lines(replay_id, player_names(report), upto, WAIT)}
    except Busy:
        raise _busy() from None
    if fmt == "html" and upto is None:  # a replay that reached the log's last event
        source = (store().get(replay_id, with_source=True) or {}).get("source") or ""
        board, busy = final_picture(log_lines(source).log, replay_catalog(record), WAIT)
        if busy:
            raise _busy()
        parts["board"] = board
    return parts


def _busy() -> Problem:
    return Problem(429, "report-pictures-busy",
                   gettext("The report's pictures are being drawn for another page"),
                   gettext("try again in a few seconds"), headers={"Retry-After": 5})
