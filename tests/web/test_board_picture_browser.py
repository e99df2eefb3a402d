"""The step page's board picture in a real headless Chromium: on a phone (390x844) it fits
the screen's width and the page has no horizontal scroll; on a desktop it is as wide as its
column; the report's round charts fit a phone too; accessibility findings are checked on
each (axe-core), with screenshots."""

from __future__ import annotations

import pytest
import redis
from selenium.webdriver.common.by import By

from tests.browser import chromium
from tests.conftest import FIXTURES
from tests.web.pages import ALICE_KEY, COIMBRA, look, sign_in, text_log
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = [pytest.mark.browser, pytest.mark.redis]
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
STEPS = {"viscounts": (FIXTURES / "viscounts" / "worked" / "game-2p.json", 40),
         "coimbra": (COIMBRA / "legal" / "game-2p.json", 13)}


def test_the_board_picture_fits_a_phone_and_a_desktop(api_url, redis_url, tmp_path):
    connection = redis.Redis.from_url(redis_url)
    driver = chromium(tmp_path / "profile", width=1366, height=900)
    try:
        sign_in(driver, api_url, ALICE_KEY)
        for game, (fixture, event) in STEPS.items():
            replay_id = ReplayStore(connection).create(text_log(fixture), {"mode": "audit"},
                                                       owner="alice")
            run_replay(connection, replay_id, 1)
            driver.get(f"{api_url}/replays/{replay_id}/step?event={event}")
            box = driver.find_element(By.CSS_SELECTOR, "#board svg.board-picture").rect
            column = driver.find_element(By.CSS_SELECTOR, "#board").rect
            assert 300 < box["width"] <= column["width"] + 1, (box, column)
            look(driver, f"step-board-{game}-desktop")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            try:
                driver.refresh()
                picture = driver.execute_script(
                    "const r = document.querySelector('#board svg.board-picture')"
                    ".getBoundingClientRect(); return [r.left, r.right, r.height];")
                assert picture[0] >= 0 and picture[1] <= PHONE["width"] and picture[2] > 300
                assert driver.execute_script(
                    "return document.documentElement.scrollWidth") <= PHONE["width"]
                look(driver, f"step-board-{game}-phone")
                if game == "viscounts":  # its report charts the rounds
                    driver.get(f"{api_url}/replays/{replay_id}")
                    charts = driver.find_elements(By.CSS_SELECTOR, "#rounds figure svg")
                    assert charts and all(c.rect["x"] + c.rect["width"] <= PHONE["width"]
                                          for c in charts)
                    assert driver.execute_script(
                        "return document.documentElement.scrollWidth") <= PHONE["width"]
                    look(driver, "report-round-charts-phone")
            finally:
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    finally:
        driver.quit()
