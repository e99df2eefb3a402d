"""The report page of a game that scores at its end charts, round by round, what its final
scoring counts: values worked out by hand in the fixture's ``.worked.md``."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
import redis

from tests.conftest import FIXTURES
from tests.web.pages import COIMBRA, text_log
from tests.web.test_pages_http import signed_in
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis


def report_page(api_url: str, redis_url: str, fixture) -> str:
    """The report page of a fixture's log, replayed by the worker's function."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text_log(fixture), {"mode": "strict"},
                                               owner="alice")
    run_replay(connection, replay_id, 1)
    page = signed_in(api_url).get(f"{api_url}/replays/{replay_id}", timeout=20)
    assert page.status_code == 200
    return page.text


def table_rows(page: str) -> dict[tuple[str, str], list[str]]:
    """The numbers table under the charts: (what, player) -> values by round."""
    table = page[page.index('id="rounds-table"'):]
    table = table[:table.index("</table>")]
    return {(what, player): re.findall(r'<td class="num">([^<]*)</td>', cells)
            for what, player, cells in re.findall(
                r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td>(.*?)</tr>', table)}


def test_a_viscounts_report_charts_the_markers_debts_and_deeds_round_by_round(
        api_url, redis_url):
    """game-2p.worked.md: at the setup ana has Corruption 1, Virtue 6 (Player Card 1), 1
    Debt; bruno Corruption 3 (Player Card 10's bottom step), Virtue 7, 2 Debts. After round
    1 (checks 13 and 19): ana Corruption 4, bruno 5, Virtues unchanged. In round 2 both
    collide and reset to Corruption 1, Virtue 7; ana's collision gives her 2 Debts (3),
    bruno's Bishop 1 and his collision 3 (6)."""
    fixture = FIXTURES / "viscounts" / "worked" / "game-2p.json"
    page = report_page(api_url, redis_url, fixture)
    assert 'id="rounds"' in page
    # The board at the end is the step page after the log's last event.
    last = len(json.loads(fixture.read_text())["events"]) - 1
    assert re.search(rf'id="final-board" href="/replays/[^"]+/step\?event={last}#board"', page)
    header = re.findall(r'<th scope="col">([^<]+)</th>',
                        page[page.index('id="rounds-table"'):].split("</thead>")[0])
    assert header[:5] == ["What", "Player", "setup", "R1", "R2"]
    rows = table_rows(page)
    assert rows[("Corruption", "ana")][:3] == ["1", "4", "1"]
    assert rows[("Corruption", "bruno")][:3] == ["3", "5", "1"]
    assert rows[("Virtue", "ana")][:3] == ["6", "6", "7"]
    assert rows[("Virtue", "bruno")][:3] == ["7", "7", "7"]
    assert rows[("Debts", "ana")][:3] == ["1", "1", "3"]
    assert rows[("Debts", "bruno")][:3] == ["2", "2", "6"]
    charts = re.findall(r'<svg [^>]*data-resource="([a-z_]+)"><title>([^<]*)</title>', page)
    said = {resource: unescape(title) for resource, title in charts}
    assert {"virtue", "corruption", "debts", "deeds"} <= set(said)
    assert said["corruption"].startswith("Corruption at the end of each round: ana 1 → 4 → 1")


def test_a_coimbra_report_has_its_points_per_round_and_no_marker_charts(api_url, redis_url):
    page = report_page(api_url, redis_url, COIMBRA / "legal" / "game-2p.json")
    assert 'id="score-chart"' in page and 'id="rounds"' not in page
