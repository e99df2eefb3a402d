"""Taps made while the phone has no network wait on the phone and are sent in order when it
is back, in a real headless Chromium: each with the version it was made on, checked as it
arrives; the first refused (stale) stops the queue and the page says which and why."""

from __future__ import annotations

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import replay
from tests.browser import chromium
from tests.recorder.test_recorder_browser import PHONE
from tests.service.helpers import ALICE
from tests.web.pages import ALICE_KEY, look, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.redis]

COIMBRA = replay.GAMES.get("coimbra")


def network(driver, online: bool) -> None:
    """Take the phone off the network, or put it back (as a dropped connection does)."""
    driver.set_network_conditions(offline=not online, latency=0,
                                  download_throughput=1 << 20, upload_throughput=1 << 20)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return navigator.onLine") is online)


def test_taps_made_offline_are_sent_in_order_and_a_stale_one_is_shown(tmp_path, api_url):
    driver = chromium(tmp_path / "chromium", *PHONE)
    try:
        sign_in(driver, api_url, ALICE_KEY)
        generated = COIMBRA.generate(2, 3)
        doc = requests.post(f"{api_url}/v1/recordings", headers=ALICE, timeout=10,
                            json={"game": "coimbra", "players": ["ana", "bruno"]}).json()
        doc = requests.post(api_url + doc["links"]["events"], headers=ALICE, timeout=10,
                            json={"version": 1, "event": generated["events"][0]}).json()
        driver.get(f"{api_url}/record/{doc['id']}")
        offers = [m["event"] for m in doc["moves"]]
        first = offers.index(generated["events"][1])
        other = next(i for i in range(len(offers)) if i != first)
        network(driver, online=False)
        # two taps on the page of version 2: they wait, in order, and nothing is lost
        for index in (first, other):
            driver.find_element(By.CSS_SELECTOR, f"button.move[value='{index}']").click()
        queue = driver.find_element(By.ID, "queue")
        assert queue.is_displayed() and "2 taps wait for the network" in queue.text
        assert queue.text.count("(made on version 2)") == 2
        look(driver, "recorder-offline-queue")
        assert requests.get(api_url + doc["links"]["self"], headers=ALICE,
                            timeout=10).json()["events"] == 1
        network(driver, online=True)
        # the first is recorded; the second was made on version 2, which the first
        # overtook: refused as stale, and the page says so (kept across a reload)
        WebDriverWait(driver, 20).until(
            lambda d: "refused" in d.find_element(By.ID, "queue").text)
        now = requests.get(api_url + doc["links"]["self"], headers=ALICE, timeout=10).json()
        assert now["events"] == 2 and now["last"]["event"] == generated["events"][1]
        text = driver.find_element(By.ID, "queue").text
        assert "(made on version 2) was refused" in text
        assert "The game changed since this was shown" in text
        WebDriverWait(driver, 20).until(  # the page follows the game to version 3
            lambda d: "version 3" in d.find_element(By.ID, "where").text)
        box = driver.find_element(By.ID, "queue")
        assert box.is_displayed() and "was refused" in box.text
        look(driver, "recorder-offline-refused")
        box.find_element(By.TAG_NAME, "button").click()  # read: forget it
        assert not driver.find_element(By.ID, "queue").is_displayed()
    finally:
        driver.quit()
