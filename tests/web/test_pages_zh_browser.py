"""The pages in Simplified Chinese on a phone (390x844), in a real headless Chromium: the
home page, a Viscounts report with a violation, the step page and a tournament page. Each is
screenshot, checked with axe-core, and no heading, button, label or table heading on it is
made of English words only, except the names of components, players and games, ids and the
log's own lines."""

from __future__ import annotations

import re

import pytest
import redis
import requests
from selenium.webdriver.common.by import By

from tests.browser import chromium
from tests.conftest import FIXTURES
from tests.service.helpers import ALICE
from tests.web.pages import ALICE_KEY, COIMBRA, look, sign_in, text_log
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = [pytest.mark.browser, pytest.mark.redis]
ILLEGAL = FIXTURES / "viscounts" / "illegal" / "hire-not-adjacent.json"
# What a person reads as a heading, a button, a label or a table heading.
READ = "h1, h2, h3, h4, button, a.button, label, legend, summary, caption, th, dt"
# Their texts, without the code they quote, leaving out the log's lines.
TEXTS = """
return Array.from(document.querySelectorAll(arguments[0]))
  .filter(e => !e.closest('aside.log') && e.offsetParent !== null)
  .map(e => { const c = e.cloneNode(true);
              c.querySelectorAll('code, [lang="en"]').forEach(x => x.remove());
              return c.textContent.replace(/\\s+/g, ' ').trim(); })
  .filter(t => t);
"""
# Names that stay as printed: the games', the formats', and each fixture's own.
NAMES = ["Viscounts of the West Kingdom", "Coimbra", "JSON", "Markdown", "HTML", "CSV", "zip"]
CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
WORD = re.compile(r"[A-Za-z]{2,}")


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """One headless Chromium showing pages as a phone does (a window is wider than that)."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"), width=390, height=844)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    yield driver
    driver.quit()


@pytest.fixture
def chinese(phone, api_url):
    """The phone signed in as Alice, the pages asked for in Chinese (remembered by the
    language cookie from then on)."""
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(f"{api_url}/?lang=zh_Hans")
    assert phone.get_cookie("lang")["value"] == "zh_Hans"
    return phone


def replayed(redis_url: str, text: str, mode: str = "audit") -> str:
    """A log of Alice's replayed by the worker's own function; its id."""
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(text, {"mode": mode}, owner="alice")
    run_replay(connection, replay_id, 1)
    return replay_id


def report_names(api_url: str, replay_id: str) -> list[str]:
    """The printed names and the players of a replay's report (they stay as printed)."""
    report = requests.get(f"{api_url}/v1/replays/{replay_id}/report",
                          headers={**ALICE, "Accept": "application/json"}, timeout=5).json()
    return [*map(str, (report.get("names") or {}).values()), *map(str, report["players"])]


def english_only(driver, names: list[str]) -> list[str]:
    """The texts a person reads as headings, buttons, labels and table headings that are
    made of English words only, once the names that stay as printed are taken out."""
    left = []
    for text in driver.execute_script(TEXTS, READ):
        if CJK.search(text):
            continue
        rest = text
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        if WORD.search(rest) and not re.fullmatch(r"[\w.:+-]*\d[\w.:+-]*", rest.strip()):
            left.append(text)
    return left


def check(driver, name: str, names: list[str]) -> None:
    """The page is Chinese, reads well (screenshot, axe) and leaves no English heading."""
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "zh-Hans"
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    look(driver, name)
    left = english_only(driver, [*NAMES, *names])
    assert not left, f"English left on {name}: {left}"


def test_the_home_page_on_a_phone_in_chinese(chinese, api_url):
    chinese.get(f"{api_url}/")
    assert chinese.find_element(By.TAG_NAME, "h1").text == "规则裁判"
    check(chinese, "zh-home-phone", [])


def test_a_viscounts_report_with_a_violation_on_a_phone_in_chinese(chinese, api_url,
                                                                   redis_url):
    replay_id = replayed(redis_url, ILLEGAL.read_text())
    chinese.get(f"{api_url}/replays/{replay_id}")
    rule = chinese.find_element(By.CSS_SELECTOR, "#violations .violation h3 code")
    assert rule.text == "viscounts.recruit.hire"
    heading = chinese.find_element(By.CSS_SELECTOR, "#violations .violation h3").text
    assert heading.startswith("事件 9")
    check(chinese, "zh-replay-violation-phone", report_names(api_url, replay_id))


def test_the_step_page_on_a_phone_in_chinese(chinese, api_url, redis_url):
    replay_id = replayed(redis_url, ILLEGAL.read_text())
    chinese.get(f"{api_url}/replays/{replay_id}/step?event=9")
    assert chinese.find_element(By.TAG_NAME, "h1").text == "事件 9 之后的局面"
    check(chinese, "zh-step-phone", report_names(api_url, replay_id))


def test_a_tournament_on_a_phone_in_chinese(chinese, api_url, redis_url):
    logs = [{"name": name, "text": text_log(COIMBRA / "legal" / f"game-{name}.json")}
            for name in ("2p", "3p")]
    answer = requests.post(f"{api_url}/v1/batches", json={"logs": logs}, headers=ALICE,
                           timeout=10)
    assert answer.status_code == 202
    batch = answer.json()
    connection = redis.Redis.from_url(redis_url)
    names = ["2p", "3p"]
    for item in batch["items"]:
        run_replay(connection, item["replay"], 1)
        names += report_names(api_url, item["replay"])
    chinese.get(f"{api_url}/batches/{batch['id']}")
    assert chinese.find_element(By.TAG_NAME, "h1").text == "含 2 份记录的赛事"
    check(chinese, "zh-tournament-phone", names)
