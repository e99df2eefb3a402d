"""Coimbra scores as it goes: its report page and its step page chart each player's points
by scoring category after each round and after the final scoring, and say the same in a
table. Values worked out by hand in the fixtures' ``.worked.md``."""

from __future__ import annotations

import re
from html import unescape

import pytest
import redis

from tests.conftest import FIXTURES
from tests.web.pages import COIMBRA, replayed, text_log
from tests.web.test_pages_http import signed_in
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis


def category_table(page: str) -> tuple[list[str], dict[tuple[str, str], list[str]]]:
    """The chart's numbers table: its header, and (player, category) -> values by column."""
    table = page[page.index('id="categories-table"'):]
    table = unescape(table[:table.index("</table>")])
    header = re.findall(r'<th scope="col">([^<]+)</th>', table)
    rows = {(player, what): re.findall(r'<td class="num">([^<]*)</td>', cells)
            for player, what, cells in re.findall(
                r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td>(.*?)</tr>', table)}
    return header, rows


def test_a_coimbra_report_charts_the_points_by_category_round_by_round(api_url, redis_url):
    """game-2p.worked.md: points at the end of each round (the start's points in round 1)
    ana 4, 8, 10, 20; bruno 5, 7, 13, 18; then the final scoring: ana voyages 11, influence
    17, diplomas 4, abilities 4, leftovers 7 (63); bruno 13, 24, 10, 9, 8 (82)."""
    replay_id = replayed(redis_url, COIMBRA / "legal" / "game-2p.json")
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}", timeout=20).text
    assert 'id="categories"' in page and 'id="category-chart"' in page
    header, rows = category_table(page)
    assert header == ["Player", "Category", "Round 1", "Round 2", "Round 3", "Round 4",
                      "Final"]
    assert rows[("ana", "Running (during play)")] == ["4", "8", "10", "20", "20"]
    assert rows[("bruno", "Running (during play)")] == ["5", "7", "13", "18", "18"]
    assert rows[("ana", "Voyages")] == ["0", "0", "0", "0", "11"]
    assert rows[("ana", "Influence tracks")][-1] == "17"
    assert rows[("ana", "Diplomas")][-1] == "4"
    assert rows[("ana", "Abilities")][-1] == "4"
    assert rows[("ana", "Leftovers")][-1] == "7"
    assert [rows[("bruno", c)][-1] for c in ("Voyages", "Influence tracks", "Diplomas",
                                              "Abilities", "Leftovers")] \
        == ["13", "24", "10", "9", "8"]
    assert rows[("ana", "Total")] == ["4", "8", "10", "20", "63"]
    assert rows[("bruno", "Total")] == ["5", "7", "13", "18", "82"]
    title = unescape(re.search(r'<title id="category-chart-title">([^<]*)</title>',
                               page).group(1))
    assert title.endswith("ana 4 → 8 → 10 → 20 → 63; bruno 5 → 7 → 13 → 18 → 82")
    # One bar part per player and category scored: 4 rounds of running points, then 6
    # categories at the end, for each of the two players.
    chart = page[page.index('id="category-chart"'):page.index("</svg>", page.index(
        'id="category-chart"'))]
    assert len(re.findall(r"<rect [^>]*><title>", chart)) == 2 * (4 + 6)


def test_the_step_page_charts_what_the_events_so_far_scored(api_url, redis_url):
    """round-one-2p.worked.md: by event 20 (bruno's first income) bruno has m1-03's 2
    points and ana c2-19's 2; at the log's end ana and bruno have 3 each, in a round the
    incomplete game has not scored at its end."""
    replay_id = replayed(redis_url, COIMBRA / "legal" / "round-one-2p.json")
    session = signed_in(api_url)
    step = session.get(f"{api_url}/replays/{replay_id}/step?event=20", timeout=20).text
    header, rows = category_table(step)
    assert header == ["Player", "Category", "Round 1 (so far)"]
    assert rows == {("ana", "Running (during play)"): ["2"], ("ana", "Total"): ["2"],
                    ("bruno", "Running (during play)"): ["2"], ("bruno", "Total"): ["2"]}
    last = session.get(f"{api_url}/replays/{replay_id}/step?event=999", timeout=20).text
    assert category_table(last)[1][("ana", "Total")] == ["3"]
    assert category_table(last)[1][("bruno", "Total")] == ["3"]
    page = session.get(f"{api_url}/replays/{replay_id}", timeout=20).text
    assert category_table(page) == category_table(last)


def test_a_viscounts_report_has_no_category_chart(api_url, redis_url):
    replay_id = replayed(redis_url, FIXTURES / "viscounts" / "worked" / "game-2p.json")
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}", timeout=20).text
    assert 'id="categories"' not in page


def test_a_step_page_seen_before_the_report_is_written_charts_it_once_it_is(
        api_url, redis_url):
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(
        text_log(COIMBRA / "legal" / "round-one-2p.json"), {"mode": "strict"}, owner="alice")
    session = signed_in(api_url)
    queued = session.get(f"{api_url}/replays/{replay_id}/step?event=20", timeout=20)
    assert queued.status_code == 200 and 'id="categories"' not in queued.text
    run_replay(connection, replay_id, 1)
    done = session.get(f"{api_url}/replays/{replay_id}/step?event=20", timeout=20).text
    assert category_table(done)[1][("ana", "Total")] == ["2"]
