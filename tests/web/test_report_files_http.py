"""A report downloaded from its page shows what the page shows: the HTML file the board at
the end and the charts over the rounds (SVG inline), the Markdown file the points if the
game ended after each round as a table. Values worked by hand in the fixtures' ``.worked.md``
(the interim points: tests/web/test_interim_points_http.py says how each is worked out)."""

from __future__ import annotations

import re

import pytest
import requests

from api.web import interim_view, page_replays, report_files
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE
from tests.web.pages import COIMBRA, replayed
from tests.web.test_pages_http import signed_in

pytestmark = pytest.mark.redis

VISCOUNTS = FIXTURES / "viscounts" / "worked" / "game-2p.json"
# game-2p.worked.md: the points if the game ended after rounds 1 to 6.
INTERIM = {"ana": ["0", "-2", "-3", "-7", "8", "10"],
           "bruno": ["-3", "-11", "-9", "-11", "-11", "-1"]}


def table(html: str, ident: str) -> dict[str, list[list[str]]]:
    """A table of the HTML report: each row's cells after its first, by its first."""
    part = html[html.index(f'<table id="{ident}"'):]
    part = part[:part.index("</table>")]
    rows: dict[str, list[list[str]]] = {}
    for row in re.findall(r"<tr>(.*?)</tr>", part.split("</thead>")[1]):
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
        rows.setdefault(cells[0], []).append(cells[1:])
    return rows


def test_a_downloaded_viscounts_report_has_the_board_and_the_interim_points(
        api_url, redis_url):
    replay_id = replayed(redis_url, VISCOUNTS)
    session = signed_in(api_url)
    html = session.get(f"{api_url}/replays/{replay_id}/report.html", timeout=20)
    assert html.status_code == 200
    assert html.headers["Content-Disposition"].endswith('.html"')
    text = html.text
    assert '<section id="board"><h2>The board at the end</h2>' in text
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in text and 'class="board-picture"' in text
    assert "<summary>The table in words</summary>" in text
    interim = table(text, "interim-table")
    assert {name: rows[0] for name, rows in interim.items()} == INTERIM
    assert 'data-resource="interim_points"' in text
    # What the final scoring counts, round by round (test_round_chart_http.py: worked by
    # hand): ana's Corruption 1, 4, 1 at the setup and after rounds 1 and 2, bruno's Debts
    # 2, 2, 6. The API's HTML has these too: they come from the report's ledger.
    rounds = table(text, "rounds-table")
    assert rounds["Corruption"][0][:4] == ["ana", "1", "4", "1"]
    assert rounds["Debts"][1][:4] == ["bruno", "2", "2", "6"]
    api = requests.get(f"{api_url}/v1/replays/{replay_id}/report.html", headers=ALICE,
                       timeout=20).text
    assert table(api, "rounds-table") == rounds and 'id="interim"' not in api
    markdown = session.get(f"{api_url}/replays/{replay_id}/report.md", timeout=20).text
    assert "## Points if the game ended after each round" in markdown
    assert "| Player | R1 | R2 | R3 | R4 | R5 | R6 |" in markdown
    assert "| ana | 0 | -2 | -3 | -7 | 8 | 10 |" in markdown
    assert "| bruno | -3 | -11 | -9 | -11 | -11 | -1 |" in markdown
    assert "<svg" not in markdown and "&lt;svg" not in markdown


def test_a_downloaded_coimbra_report_has_the_board_and_the_points_by_category(
        api_url, redis_url):
    """game-2p.worked.md: ana 4, 8, 10, 20 points after rounds 1 to 4, 63 in the end;
    bruno 5, 7, 13, 18 and 82."""
    replay_id = replayed(redis_url, COIMBRA / "legal" / "game-2p.json")
    session = signed_in(api_url)
    text = session.get(f"{api_url}/replays/{replay_id}/report.html", timeout=20).text
    assert 'id="board"' in text and 'class="board-picture"' in text
    assert 'id="category-chart"' in text
    rows = table(text, "categories-table")
    assert ["Total", "4", "8", "10", "20", "63"] in rows["ana"]
    assert ["Total", "5", "7", "13", "18", "82"] in rows["bruno"]
    assert ["Voyages", "0", "0", "0", "0", "11"] in rows["ana"]
    # The API's own rendering holds what the report holds: the charts, not the board.
    api = requests.get(f"{api_url}/v1/replays/{replay_id}/report.html", headers=ALICE,
                       timeout=20).text
    assert 'id="category-chart"' in api and 'id="board"' not in api
    # JSON is the report as it is, whichever route serves it.
    assert session.get(f"{api_url}/replays/{replay_id}/report.json", timeout=20).content \
        == requests.get(f"{api_url}/v1/replays/{replay_id}/report", timeout=20,
                        headers={**ALICE, "Accept": "application/json"}).content


def test_a_download_waits_for_the_replay_for_pages_then_asks_for_a_retry(
        api_url, redis_url, monkeypatch):
    replay_id = replayed(redis_url, VISCOUNTS)
    session = signed_in(api_url)
    interim_view.forget_round_ends()
    monkeypatch.setattr(report_files, "WAIT", 0.2)
    assert page_replays.WORKING.acquire(blocking=False)  # as another page's request does
    try:
        busy = session.get(f"{api_url}/replays/{replay_id}/report.html", timeout=20)
    finally:
        page_replays.WORKING.release()
    assert busy.status_code == 429 and busy.headers["Retry-After"] == "5"
    again = session.get(f"{api_url}/replays/{replay_id}/report.html", timeout=20)
    assert again.status_code == 200 and 'id="interim-table"' in again.text


def test_a_downloaded_report_reads_in_the_pages_language(api_url, redis_url):
    replay_id = replayed(redis_url, VISCOUNTS)
    session = signed_in(api_url)
    session.headers["Accept-Language"] = "zh-CN"
    text = session.get(f"{api_url}/replays/{replay_id}/report.html", timeout=20).text
    assert '<html lang="zh-Hans">' in text
    assert "<h2>终局时的板图</h2>" in text and "<summary>局面的文字描述</summary>" in text
    assert "<h2>若游戏在每轮后结束的得分</h2>" in text and "这是暂计得分，并非已得的分" in text
    assert {name: rows[0] for name, rows in table(text, "interim-table").items()} == INTERIM
    markdown = session.get(f"{api_url}/replays/{replay_id}/report.md", timeout=20).text
    assert "## 若游戏在每轮后结束的得分" in markdown and "西國子爵" in markdown
