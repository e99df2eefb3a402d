"""Filling a scoresheet on a phone-sized window, in a real headless Chromium against the real
service (API, Redis and a worker process): the totals appear as it is typed, the page never
scrolls sideways, and submitting opens the scoring report."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser import chromium
from tests.web.pages import ALICE_KEY, click_and_load, look, sign_in, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """A headless Chromium the size of a phone (390 px wide)."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"), width=390, height=844)
    # A headless window is never narrower than 500 px: the viewport is set as a phone's.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    yield driver
    driver.quit()


def _no_sideways_scroll(driver) -> None:
    assert driver.execute_script("return window.innerWidth") == 390
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"


def _look_whole(driver, name: str) -> None:
    """``look`` at the whole page: the phone's viewport as tall as the page for the
    screenshot."""
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": min(height, 6000), "deviceScaleFactor": 1, "mobile": True})
    look(driver, name)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})


def _type(driver, name: str, text: str) -> None:
    box = driver.find_element(By.CSS_SELECTOR, f'[name="{name}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.send_keys(text)


def test_a_scoresheet_filled_in_on_a_phone_is_totalled_as_typed_and_scored(
        phone, api_url, worker_process):
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(f"{api_url}/scoresheet")
    click_and_load(phone, phone.find_element(By.LINK_TEXT, "Viscounts of the West Kingdom"))
    phone.find_element(By.ID, "f-players").send_keys("ana bruno carla duarte")
    click_and_load(phone, phone.find_element(By.CSS_SELECTOR, "form.players button"))
    _no_sideways_scroll(phone)  # four columns still fit
    # ana: 2 Workers on tier 1 and 1 on tier 2 (1 + 1 + 2 = 4 VP, p.24); a card by name.
    _type(phone, "0:castle:0", "2")
    _type(phone, "0:castle:1", "1")
    _type(phone, "0:cards", "Foreman")
    assert phone.find_element(By.CSS_SELECTOR, '[name="0:cards"]').get_attribute(
        "list") == "dl-townsfolk"
    # bruno: 2 acquired Deeds (1 VP each) and 1 unpaid Debt (-2): 0.
    _type(phone, "1:deeds", "2")
    _type(phone, "1:debts", "1")
    _type(phone, "0:final", "5")
    _type(phone, "1:final", "0")
    wait_for(phone, 'output[data-player="ana"][data-category="total"]', "4")
    assert phone.find_element(By.CSS_SELECTOR, 'output[data-player="ana"][data-category='
                                               '"castle"]').text == "4"
    WebDriverWait(phone, 10).until(lambda d: d.find_element(
        By.CSS_SELECTOR, 'output.check[data-player="ana"]').text == "worked out 4, written 5")
    assert phone.find_element(By.CSS_SELECTOR,
                              'output.check[data-player="bruno"]').text == "matches"
    # The page has two boxes for cards; once the last is used a third appears below it.
    boxes = phone.find_elements(By.CSS_SELECTOR, '[name="0:cards"]')
    assert len(boxes) == 2
    boxes[1].send_keys("Thief")
    assert len(phone.find_elements(By.CSS_SELECTOR, '[name="0:cards"]')) == 3
    _no_sideways_scroll(phone)
    _look_whole(phone, "scoresheet-phone")
    button = phone.find_element(By.CSS_SELECTOR, "form.sheet button.primary")
    phone.execute_script("arguments[0].scrollIntoView()", button)
    click_and_load(phone, button)
    verdict = wait_for(phone, ".verdict .word", "SCORE MISMATCH", timeout=60)
    assert verdict.is_displayed()
    _no_sideways_scroll(phone)


def test_a_scoresheet_with_a_bad_box_comes_back_on_the_phone_with_the_box_marked(
        phone, api_url, worker_process):
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(f"{api_url}/scoresheet/coimbra?players=ana+bruno+carla+duarte")
    _type(phone, "1:coins", "lots")
    _type(phone, "0:characters", "Madre Urace")
    button = phone.find_element(By.CSS_SELECTOR, "form.sheet button.primary")
    phone.execute_script("arguments[0].scrollIntoView()", button)
    click_and_load(phone, button)
    link = phone.find_element(By.CSS_SELECTOR, '#problem a[href="#f-1-coins"]')
    assert link.text == "bruno · Coins"
    box = phone.find_element(By.ID, "f-1-coins")
    assert box.get_attribute("value") == "lots" and box.get_attribute("aria-invalid") == "true"
    # The name that is no character is shown at the same time, with the closest names.
    rows = [link.find_element(By.XPATH, "../..").text for link in phone.find_elements(
        By.CSS_SELECTOR, '#problem a[href="#f-0-characters"]')]
    assert any("unknown character 'Madre Urace'" in row and 'c1-07 "Madre Urraca"' in row
               for row in rows), rows
    _no_sideways_scroll(phone)
    _look_whole(phone, "scoresheet-problems-phone")
