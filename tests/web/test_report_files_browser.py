"""A downloaded HTML report opened from disk in a real headless Chromium, as its reader does:
the board at the end and the charts over the rounds are drawn (inline SVG, no script), fit a
phone (390x844) with no horizontal scroll, and have no serious accessibility finding
(axe-core), with screenshots."""

from __future__ import annotations

import pytest
import redis
from selenium.webdriver.common.by import By

from tests.browser import chromium
from tests.conftest import FIXTURES
from tests.web.pages import COIMBRA, SCREENSHOTS, look, text_log
from tests.web.test_pages_http import signed_in
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = [pytest.mark.browser, pytest.mark.redis]
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
# Each game's log, and the sections drawn over the rounds that the file shows.
GAMES = {"viscounts": (FIXTURES / "viscounts" / "worked" / "game-2p.json", ("interim", "rounds")),
         "coimbra": (COIMBRA / "legal" / "game-2p.json", ("categories",))}


def test_the_downloaded_report_draws_the_board_and_the_charts(api_url, redis_url, tmp_path):
    connection = redis.Redis.from_url(redis_url)
    session = signed_in(api_url)
    driver = chromium(tmp_path / "profile", width=1366, height=900, javascript=True)
    try:
        for game, (fixture, charts) in GAMES.items():
            replay_id = ReplayStore(connection).create(text_log(fixture), {"mode": "strict"},
                                                       owner="alice")
            run_replay(connection, replay_id, 1)
            page = tmp_path / f"report-{game}.html"
            page.write_bytes(session.get(f"{api_url}/replays/{replay_id}/report.html",
                                         timeout=20).content)
            driver.get(page.as_uri())
            board = driver.find_element(By.CSS_SELECTOR, "#board svg.board-picture")
            assert board.is_displayed() and board.rect["height"] > 300
            assert all(driver.find_element(By.CSS_SELECTOR, f"#{chart} svg").is_displayed()
                       for chart in charts)
            look(driver, f"downloaded-report-{game}-desktop")
            for section in ("board", *charts):
                driver.find_element(By.ID, section).screenshot(
                    str(SCREENSHOTS / f"downloaded-report-{game}-{section}.png"))
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            try:
                driver.refresh()
                for selector in ("#board svg.board-picture", *(f"#{c} svg" for c in charts)):
                    right = driver.execute_script(
                        f"return document.querySelector('{selector}')"
                        ".getBoundingClientRect().right;")
                    assert right <= PHONE["width"], (selector, right)
                assert driver.execute_script(
                    "return document.documentElement.scrollWidth") <= PHONE["width"]
                look(driver, f"downloaded-report-{game}-phone")
            finally:
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    finally:
        driver.quit()
