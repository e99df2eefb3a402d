"""A page names a game by its title, never by the key its log's header gives it."""

from __future__ import annotations

import re
from html import unescape

import pytest
import requests

from tests.conftest import FIXTURES
from tests.web.pages import COIMBRA, replayed
from tests.web.test_pages_http import signed_in

pytestmark = pytest.mark.redis
GAMES_2P = (("viscounts", FIXTURES / "viscounts" / "worked" / "game-2p.json"),
            ("coimbra", COIMBRA / "legal" / "game-2p.json"))


def test_my_replays_and_the_report_page_name_each_game_by_its_title(api_url, redis_url):
    ids = {game: replayed(redis_url, fixture) for game, fixture in GAMES_2P}
    session = signed_in(api_url)
    listing = unescape(session.get(f"{api_url}/replays", timeout=20).text)
    table = listing[listing.index('id="replays"'):listing.index("</table>")]
    cells = re.findall(r"<td>([^<]*)</td>", table)
    assert "Viscounts of the West Kingdom" in cells and "Coimbra" in cells
    assert "ana, bruno" in cells
    # The winners of the two hand-worked games (game-2p.worked.md of each): ana 10, bruno 82.
    assert "ana (10)" in cells and "bruno (82)" in cells
    assert "viscounts" not in cells and "coimbra" not in cells
    page = unescape(session.get(f"{api_url}/replays/{ids['viscounts']}", timeout=20).text)
    assert re.search(r"<title>Viscounts of the West Kingdom: ana, bruno — LEGAL", page)
    assert "<dd>Viscounts of the West Kingdom, ruleset " in page
    assert "<dd>viscounts, ruleset" not in page
    step = unescape(session.get(f"{api_url}/replays/{ids['coimbra']}/step?event=3",
                                timeout=20).text)
    assert re.search(r"<title>Coimbra: ana, bruno — event 3 \(line \d+\)", step)


def test_a_chinese_page_and_report_name_each_game_by_its_chinese_title(api_url, redis_url):
    # The titles the Chinese rule texts print (../shared/rules, languages/GLOSSARY.md):
    # 科英布拉 and 西國子爵.
    ids = {game: replayed(redis_url, fixture) for game, fixture in GAMES_2P}
    session = signed_in(api_url)
    session.headers["Accept-Language"] = "zh-CN,zh;q=0.9"
    listing = unescape(session.get(f"{api_url}/replays", timeout=20).text)
    table = listing[listing.index('id="replays"'):listing.index("</table>")]
    cells = re.findall(r"<td>([^<]*)</td>", table)
    assert "西國子爵" in cells and "科英布拉" in cells
    assert "Viscounts of the West Kingdom" not in cells and "Coimbra" not in cells
    page = unescape(session.get(f"{api_url}/replays/{ids['viscounts']}", timeout=20).text)
    assert re.search(r"<title>西國子爵", page)
    assert "Viscounts of the West Kingdom" not in page
    step = unescape(session.get(f"{api_url}/replays/{ids['coimbra']}/step?event=3",
                                timeout=20).text)
    assert re.search(r"<title>科英布拉", step)
    home = unescape(session.get(f"{api_url}/", timeout=20).text)
    assert "<h3>科英布拉</h3>" in home and "<h3>西國子爵</h3>" in home
    for fmt in ("md", "html"):
        report = session.get(f"{api_url}/replays/{ids['coimbra']}/report.{fmt}", timeout=20)
        assert "科英布拉" in report.text and "Coimbra," not in report.text
    english = requests.get(f"{api_url}/replays/{ids['coimbra']}/report.json",
                           cookies=session.cookies, timeout=20)
    chinese = session.get(f"{api_url}/replays/{ids['coimbra']}/report.json", timeout=20)
    assert english.content == chinese.content
