"""Coimbra's points by category, round by round, in a real headless Chromium: the chart fits
a phone (390x844) with no horizontal scroll and a desktop column, its numbers unfold, and
the report and step pages that show it have no serious accessibility finding (axe-core),
with screenshots."""

from __future__ import annotations

import pytest
import redis
from selenium.webdriver.common.by import By

from tests.browser import chromium
from tests.web.pages import ALICE_KEY, COIMBRA, SCREENSHOTS, look, sign_in, text_log
from workers.jobs import run_replay
from workers.store import ReplayStore

pytestmark = [pytest.mark.browser, pytest.mark.redis]
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


def test_the_category_chart_fits_a_phone_and_a_desktop(api_url, redis_url, tmp_path):
    connection = redis.Redis.from_url(redis_url)
    replay_id = ReplayStore(connection).create(
        text_log(COIMBRA / "legal" / "game-2p.json"), {"mode": "strict"}, owner="alice")
    run_replay(connection, replay_id, 1)
    driver = chromium(tmp_path / "profile", width=1366, height=900)
    try:
        sign_in(driver, api_url, ALICE_KEY)
        for page, name in ((f"/replays/{replay_id}", "report"),
                           (f"/replays/{replay_id}/step?event=60", "step")):
            driver.get(api_url + page)
            chart = driver.find_element(By.CSS_SELECTOR, "#categories svg").rect
            column = driver.find_element(By.CSS_SELECTOR, "#categories").rect
            assert 300 < chart["width"] <= column["width"] + 1, (chart, column)
            driver.find_element(By.CSS_SELECTOR, "#categories-numbers summary").click()
            assert driver.find_element(By.ID, "categories-table").is_displayed()
            look(driver, f"{name}-categories-desktop")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
            try:
                driver.refresh()
                box = driver.execute_script(
                    "const r = document.querySelector('#categories svg')"
                    ".getBoundingClientRect(); return [r.left, r.right, r.height];")
                assert box[0] >= 0 and box[1] <= PHONE["width"] and box[2] > 100
                assert driver.execute_script(
                    "return document.documentElement.scrollWidth") <= PHONE["width"]
                look(driver, f"{name}-categories-phone")
                driver.find_element(By.ID, "categories").screenshot(
                    str(SCREENSHOTS / f"{name}-categories-section-phone.png"))
            finally:
                driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    finally:
        driver.quit()
