"""The pages and the API's problems in Simplified Chinese, asked for with ``Accept-Language``.

Each page is fetched twice, in English and with ``Accept-Language: zh-CN``: the English texts
listed for it (written out here from the templates, not taken from a page) are all on the
English page, and none of them is on the Chinese one. A report's JSON is the same bytes in
every language; a problem's ``type`` and ``status`` too, while its title is Chinese.
"""

from __future__ import annotations

import re

import pytest
import redis
import requests

from tests.conftest import FIXTURES
from tests.service.helpers import ALICE
from tests.web.pages import ALICE_KEY, COIMBRA, text_log
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = pytest.mark.redis
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
CHINESE = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"}
ILLEGAL = FIXTURES / "viscounts" / "illegal" / "hire-not-adjacent.json"

# What each page says in English, as its template writes it.
HOME = ["Check a game", "Games it knows", "Record a game as you play it",
        "Paste a log (text notation or JSON)", "Referee it", "as the log says",
        "How to write a log:", "Skip to the content", "My replays", "Catalogs",
        "stop at the first violation", "go on, mark what follows", "built-in catalogs"]
SUBMIT = ["Submit logs", "open the tournament page with standings", "Options",
          "Registered catalog (name)", "Game, when the log does not say", "Referee it"]
REPLAY = ["Report actions", "Step through the game", "The board at the end",
          "Share a read-only link", "Events replayed", "(numbered from 0)",
          ", ruleset viscounts-2020",
          "See the table after event 9", "Ask what was legal instead", "Rule: ",
          "Expected", "Found", "Ledger (", "show every row", "every player", "every source",
          "Log lines", "The log</h2>", ">audit<"]
STEP = ["The table after event 3", "Back to the report", "Where the game stands",
        "Every player", "After event 3", "may do next", "Start from here",
        "as a position document", "The log around it", "Previous", "Next →",
        "events are numbered from 0", "The board</h2>", "The table in words",
        ">acting player<", ">silver<", ">corruption<"]
REPLAYS = ["Submitted (UTC)", "Verdict", "Tournament</th>", "Page 1 of 1", ">illegal<",
           ">done<"]
BATCH = ["Tournament of 2 logs", "All reports (zip)", "Standings (CSV)",
         "Tournament points per place, 1st place first", "Rank by them",
         "Every game is refereed.", "Games refereed", "Winner", "Wins", "Rank</th>",
         "From the legal and incomplete games"]
LOGIN = ["API key", "Your API key identifies you", "until you sign out", ">Sign in<"]
ERROR = ["404: No such replay", "no replay has id nothing-here", "Back to the home page"]


def csrf_token(session: requests.Session, url: str) -> str:
    """The CSRF token of the form on the page at ``url``."""
    page = session.get(url, timeout=5)
    return re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)


def browser(base: str, language: dict | None = None, key: str | None = ALICE_KEY
            ) -> requests.Session:
    """A session as a browser sends it (in ``language``), signed in with ``key``."""
    session = requests.Session()
    session.headers.update({"Accept": BROWSER_ACCEPT, **(language or {})})
    if key:
        answer = session.post(f"{base}/login", timeout=5, data={
            "csrf_token": csrf_token(session, f"{base}/login"), "key": key, "next": "/"})
        assert answer.status_code == 200 and answer.url == f"{base}/"
    return session


@pytest.fixture
def illegal_replay(redis_url) -> str:
    """A Viscounts game that breaks a rule (hiring a card not beside the Viscount), replayed
    in audit mode for alice."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(ILLEGAL.read_text(), {"mode": "audit"},
                                               owner="alice")
    run_replay(connection, replay_id, 1)
    return replay_id


def both(base: str, path: str, key: str | None = ALICE_KEY, status: int = 200
         ) -> tuple[str, str]:
    """The page at ``path`` in English and in Chinese."""
    pages = []
    for language in (None, CHINESE):
        answer = browser(base, language, key).get(base + path, timeout=30)
        assert answer.status_code == status, (path, answer.status_code)
        pages.append(answer.text)
    return pages[0], pages[1]


def assert_translated(english: str, chinese: str, texts: list[str]) -> None:
    """Every text is on the English page and none on the Chinese one, which says it is
    Chinese (and the English page English)."""
    assert '<html lang="en">' in english
    assert '<html lang="zh-Hans">' in chinese
    assert [t for t in texts if t not in english] == []
    assert [t for t in texts if t in chinese] == []


def test_the_home_page_in_chinese(api_url):
    english, chinese = both(api_url, "/")
    assert_translated(english, chinese, HOME)
    assert "检查一局游戏" in chinese and "支持的游戏" in chinese
    assert "严格（在第一处违规停止）" in chinese


def test_the_submit_page_in_chinese(api_url):
    english, chinese = both(api_url, "/submit")
    assert_translated(english, chinese, SUBMIT)
    assert "<h1>提交记录</h1>" in chinese


def test_a_report_with_a_violation_in_chinese(api_url, illegal_replay):
    english, chinese = both(api_url, f"/replays/{illegal_replay}")
    assert_translated(english, chinese, REPLAY)
    # the violation's place and the links from it
    assert "事件 9" in chinese and "查看事件 9 之后的局面" in chinese
    assert "<dt>应为</dt>" in chinese and "<dt>实为</dt>" in chinese
    assert "<dd>审查</dd>" in chinese  # the mode in words; the rule id stays as it is
    assert "viscounts.recruit.hire" in chinese
    # the count of problems in the heading, in words
    heading = re.search(r'<h2 id="violations-title">(.*?)</h2>', chinese).group(1)
    assert heading.startswith("违规") and not re.search("[A-Za-z]", heading), heading


def test_the_step_page_in_chinese(api_url, illegal_replay):
    english, chinese = both(api_url, f"/replays/{illegal_replay}/step?event=3")
    assert_translated(english, chinese, STEP)
    assert "<h1>事件 3 之后的局面</h1>" in chinese
    assert "<dt>行动玩家</dt>" in chinese and ">银币</th>" in chinese


def test_my_replays_in_chinese_with_the_date_as_chinese_writes_it(api_url, illegal_replay):
    english, chinese = both(api_url, "/replays")
    assert_translated(english, chinese, REPLAYS)
    # 2026-12-02 08:01 in English; 2026/12/2 08:01 in Chinese (Babel's short form)
    assert re.search(r"<td>\d{4}-\d\d-\d\d \d\d:\d\d</td>", english)
    assert re.search(r"<td>\d{4}/\d{1,2}/\d{1,2} \d\d:\d\d</td>", chinese)
    assert "第 1 / 1 页（共 1 份复盘）" in chinese


def test_a_tournament_in_chinese(api_url, redis_url):
    logs = [{"name": name, "text": text_log(COIMBRA / "legal" / f"game-{name}.json")}
            for name in ("2p", "3p")]
    answer = requests.post(f"{api_url}/v1/batches", json={"logs": logs}, headers=ALICE,
                           timeout=10)
    assert answer.status_code == 202
    batch = answer.json()
    connection = redis.Redis.from_url(redis_url)
    for item in batch["items"]:
        run_replay(connection, item["replay"], 1)
    english, chinese = both(api_url, f"/batches/{batch['id']}")
    assert_translated(english, chinese, BATCH)
    assert "含 2 份记录的赛事" in chinese and "每一局都已裁定。" in chinese
    assert chinese.count('<span class="tag verdict-legal">合法</span>') == 2


def test_the_sign_in_page_in_chinese(api_url):
    english, chinese = both(api_url, "/login", key=None)
    assert_translated(english, chinese, LOGIN)
    assert '<label for="key">API 密钥</label>' in chinese


def test_an_error_page_in_chinese(api_url):
    english, chinese = both(api_url, "/replays/nothing-here", status=404)
    assert_translated(english, chinese, ERROR)
    assert "<h1>404：没有这个复盘</h1>" in chinese
    assert "没有 id 为 nothing-here 的复盘" in chinese


def test_a_problem_has_a_chinese_title_and_the_same_type_and_status(api_url):
    url = f"{api_url}/v1/replays/nothing-here"
    english = requests.get(url, headers=ALICE, timeout=5)
    chinese = requests.get(url, headers={**ALICE, **CHINESE}, timeout=5)
    assert english.status_code == chinese.status_code == 404
    assert chinese.headers["Content-Type"] == english.headers["Content-Type"] \
        == "application/problem+json"
    said, asked = english.json(), chinese.json()
    assert said["title"] == "No such replay" and asked["title"] == "没有这个复盘"
    assert asked["detail"] == "没有 id 为 nothing-here 的复盘"
    assert asked["type"] == said["type"] == "https://referee.example/problems/replay-not-found"
    assert asked["status"] == said["status"] == 404


def test_a_framework_error_is_said_in_chinese_too(api_url):
    url = f"{api_url}/v1/no-such-address"
    english = requests.get(url, headers=ALICE, timeout=5).json()
    chinese = requests.get(url, headers={**ALICE, **CHINESE}, timeout=5).json()
    assert english["title"] == "Not Found" and chinese["title"] == "未找到"
    assert chinese["type"] == english["type"] == "https://referee.example/problems/not-found"


def test_the_report_json_is_the_same_bytes_in_every_language(api_url, illegal_replay):
    url = f"{api_url}/v1/replays/{illegal_replay}/report"
    json_only = {**ALICE, "Accept": "application/json"}
    plain = requests.get(url, headers=json_only, timeout=5)
    chinese = requests.get(url, headers={**json_only, **CHINESE}, timeout=5)
    asked = requests.get(url, params={"lang": "zh_Hans"}, headers=json_only, timeout=5)
    assert plain.status_code == chinese.status_code == asked.status_code == 200
    assert plain.json()["violations"][0]["rule"] == "viscounts.recruit.hire"
    assert chinese.content == plain.content and asked.content == plain.content
