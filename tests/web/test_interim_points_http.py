"""The points a game that scores only at its end would give if it ended after each round,
charted on the report page and the step page (interim points, not points held).

Expected values worked by hand from the rule text (the rulebook's
p.24 final scoring: an unpaid Debt -2 VP, an acquired Deed 1 VP, an approved
Deed 3 VP, buildings, castle Workers, manuscripts, the revealed Poverty / Prosperity cards)
and the hand-worked game ``fixtures/viscounts/worked/game-2p.worked.md``.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
import redis

from api.web import interim_view, page_replays
from tests.conftest import FIXTURES
from tests.web.pages import text_log
from tests.web.test_pages_http import signed_in
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis

GAME = FIXTURES / "viscounts" / "worked" / "game-2p.json"


def replayed(api_url: str, redis_url: str):
    """A session and the id of the worked 2-player game, replayed by the worker's function."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text_log(GAME), {"mode": "strict"},
                                               owner="alice")
    run_replay(connection, replay_id, 1)
    return signed_in(api_url), replay_id


def interim_rows(page: str) -> tuple[list[str], dict[str, list[str]]]:
    """The interim points table: its round headers, and each player's values by round."""
    table = page[page.index('id="interim-table"'):]
    table = table[:table.index("</table>")]
    header = re.findall(r'<th scope="col">([^<]+)</th>', table)
    rows = {player: re.findall(r'<td class="num">([^<]*)</td>', cells)
            for player, cells in re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>',
                                            table)}
    return header, rows


def test_the_report_page_charts_the_points_if_the_game_ended_after_each_round(
        api_url, redis_url):
    """After round 1 (by hand, from the rule text): ana took Player Card 1 (1 Debt, 2 Deeds)
    and in round 1 gained no Debt, Deed, building, Worker or manuscript (a Thief, a Trade for
    Ink, a hired Meddler: Silver, Ink and Corruption only), and no end card is revealed:
    1 x -2 + 2 x 1 = 0. bruno took Player Card 10 (2 Debts, 1 Deed) and in round 1 moved and
    hired a Debt Collector (Silver, Corruption): 2 x -2 + 1 x 1 = -3.
    The later rounds are the worked game's checks at each round's end (game-2p.worked.md):
    round 2 ana Workshop 2 + 3 Debts -6 + 2 Deeds = -2, bruno 6 Debts -12 + 1 = -11; round 3
    ana 2 + manuscript set of 1 (1) - 8 + 2 = -3, bruno Workshop 2 - 12 + 1 = -9; round 4
    ana 2 + 1 - 12 + 2 = -7, bruno 2 - 14 + 1 = -11; round 5 (Poverty revealed, ana alone
    with a flipped Deed: 12) ana -4 + 12 = 8, bruno 2 + 4 - 18 + 1 = -11; round 6 the final
    scores, 10 and -1."""
    session, replay_id = replayed(api_url, redis_url)
    page = session.get(f"{api_url}/replays/{replay_id}", timeout=20)
    assert page.status_code == 200
    text = page.text
    assert 'id="interim"' in text and "Interim points, not points held" in text
    assert ("<figcaption>Interim points: what the end scoring would give, not points held"
            "</figcaption>") in text
    header, rows = interim_rows(text)
    assert header == ["Player", "R1", "R2", "R3", "R4", "R5", "R6"]
    assert rows == {"ana": ["0", "-2", "-3", "-7", "8", "10"],
                    "bruno": ["-3", "-11", "-9", "-11", "-11", "-1"]}
    title = unescape(re.search(r'data-resource="interim_points"><title>([^<]*)</title>',
                               text).group(1))
    assert title.startswith("Points if the game ended after each round (interim")
    assert title.endswith("ana 0 → -2 → -3 → -7 → 8 → 10; bruno -3 → -11 → -9 → -11 → -11 → -1")


def test_the_step_page_shows_the_rounds_ended_by_its_event(api_url, redis_url):
    """Round 1 ends with event 20 (the marker before round 2's first play, event 21): after
    event 19 no round has ended, after event 21 round 1 has (ana 0, bruno -3, as above)."""
    session, replay_id = replayed(api_url, redis_url)
    before = session.get(f"{api_url}/replays/{replay_id}/step?event=19", timeout=20)
    assert before.status_code == 200 and 'id="interim"' not in before.text
    after = session.get(f"{api_url}/replays/{replay_id}/step?event=21", timeout=20)
    assert after.status_code == 200
    header, rows = interim_rows(after.text)
    assert header == ["Player", "R1"]
    assert rows == {"ana": ["0"], "bruno": ["-3"]}


def test_the_interim_points_read_in_chinese(api_url, redis_url):
    """The heading, the note, the table and the chart's text alternative in the reader's
    language; the numbers are the same."""
    session, replay_id = replayed(api_url, redis_url)
    page = session.get(f"{api_url}/replays/{replay_id}",
                       headers={"Accept-Language": "zh-CN"}, timeout=20).text
    assert "若游戏在每轮后结束的得分" in page and "这是暂计得分，并非已得的分" in page
    title = unescape(re.search(r'data-resource="interim_points"><title>([^<]*)</title>',
                               page).group(1))
    assert title.startswith("若游戏在每轮后结束的得分（暂计") and "ana 0 → -2" in title
    assert interim_rows(page)[1]["bruno"] == ["-3", "-11", "-9", "-11", "-11", "-1"]


def test_a_strict_replay_stopped_by_a_violation_charts_no_round_past_it(api_url, redis_url):
    """collision-resolved-off-turn: a strict replay stops at the last event (135), which
    would end round 13; the report reaches no further, so neither do its interim points:
    rounds 1 to 12."""
    connection = redis.Redis.from_url(redis_url)
    fixture = FIXTURES / "viscounts" / "illegal" / "collision-resolved-off-turn.json"
    replay_id = ReplayStore(connection).create(text_log(fixture), {"mode": "strict"},
                                               owner="alice")
    run_replay(connection, replay_id, 1)
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}", timeout=20).text
    header, _ = interim_rows(page)
    assert header == ["Player", *(f"R{n}" for n in range(1, 13))]


def test_while_another_request_works_interim_points_out_the_page_is_served_without(
        api_url, redis_url):
    """Working the interim points out replays the whole log, one at a time per process and
    never waited for: a page that finds that work taken still answers at once, saying why
    the chart is missing, and shows it once the work is free."""
    session, replay_id = replayed(api_url, redis_url)
    interim_view.forget_round_ends()
    assert page_replays.WORKING.acquire(blocking=False)  # as another page's request does
    try:
        busy = session.get(f"{api_url}/replays/{replay_id}", timeout=20)
    finally:
        page_replays.WORKING.release()
    assert busy.status_code == 200
    assert 'id="interim-busy"' in busy.text and 'id="interim-table"' not in busy.text
    again = session.get(f"{api_url}/replays/{replay_id}", timeout=20)
    assert interim_rows(again.text)[1]["ana"] == ["0", "-2", "-3", "-7", "8", "10"]
