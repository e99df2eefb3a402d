"""The arbiter's pages in a real headless Chromium against the real service (API, Redis, a
worker): open a replay, step to an event, ask about one move and read the rule; play another
move there instead and read both games side by side; on a desktop and on a phone.

The game is the hand-worked fixture ``coimbra/illegal/voyage-payment-cannot-afford``: after
event 77 it is the voyage phase of round 3, bruno holds 2 coins and fav-4 (1 coin off each
voyage); event 78 has him invest in v-07, Cabo da Boa Esperança, printed cost 4 coins.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser import chromium
from tests.web.pages import (
    ALICE_KEY,
    COIMBRA,
    click_and_load,
    look,
    paste,
    sign_in,
    text_log,
    verdict,
    wait_for,
)

pytestmark = [pytest.mark.browser, pytest.mark.redis]
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
FIXTURE = COIMBRA / "illegal" / "voyage-payment-cannot-afford.json"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless Chromium for the module."""
    driver = chromium(tmp_path_factory.mktemp("chromium-dispute"))
    yield driver
    driver.quit()


@pytest.fixture
def step_77(api_url, worker_process, browser):
    """Alice's replay of the fixture, open at the table after event 77 (stepped to from
    the report, as an arbiter would)."""
    sign_in(browser, api_url, ALICE_KEY)
    paste(browser, api_url, text_log(FIXTURE))
    assert "ILLEGAL" in verdict(browser)
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Step through the game"))
    slider = browser.find_element(By.ID, "event-slider")
    browser.execute_script("arguments[0].value = 77;", slider)
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.stepper button"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "The table after event 77"
    return browser


def _fits_a_phone(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_arbiter_asks_about_one_move_and_reads_the_rule(step_77):
    browser = step_77
    picks = [o.text for o in Select(browser.find_element(By.ID, "move-pick")).options]
    # v-01 is offered by its printed name; v-07 (3 coins, bruno has 2) is not offered.
    assert "bruno: invest Rota da Madeira (v-01)" in picks
    assert not [p for p in picks if p.startswith("bruno: invest") and "v-07" in p]
    browser.find_element(By.ID, "move-text").send_keys("bruno: invest v-07")
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.ask button.primary"))
    assert "NOT LEGAL" in verdict(browser)  # the waiting page shows it once the worker rules
    assert browser.find_element(By.ID, "ruling-move").text.startswith(
        "bruno: invest Cabo da Boa Esperança (v-07), after event 77")
    rule = browser.find_element(By.CSS_SELECTOR, "#rules .violation")
    assert rule.find_element(By.TAG_NAME, "h3").text == \
        "coimbra.voyage.payment · in the rulebook’s “Voyage investment”"
    assert "favor discount" in rule.find_element(By.CLASS_NAME, "statement").text
    facts = [d.text for d in rule.find_elements(By.CSS_SELECTOR, "dl.facts dd")]
    assert facts == ["3", "2"]  # 4 coins less 1 expected; bruno's 2 found
    legal = browser.find_element(By.ID, "legal-moves").text
    assert "bruno: invest Rota da Madeira (v-01)" in legal
    # v-07's cost of 4 is the demo catalog's placeholder: at 3 bruno could pay, so the page
    # asks the arbiter to read it off the card first, marked as a caution.
    caution = browser.find_element(By.ID, "rests-on")
    assert "caveat" in caution.get_attribute("class").split()
    assert "Cabo da Boa Esperança, cost: 4" in caution.text
    look(browser, "ruling-illegal")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        browser.refresh()
        assert _fits_a_phone(browser)
        look(browser, "ruling-illegal-phone")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_what_if_another_move_had_been_played_on_a_phone(step_77):
    browser = step_77
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        browser.refresh()
        assert _fits_a_phone(browser)
        look(browser, "step-ask-phone")
        Select(browser.find_element(By.ID, "move-pick")).select_by_value("bruno: invest v-01")
        click_and_load(browser, browser.find_element(
            By.XPATH, "//form[@class='ask']//button[starts-with(., 'What if')]"))
        difference = wait_for(browser, "#difference", timeout=30).text
        assert difference.startswith("They first differ at event 78")
        played = browser.find_element(By.ID, "version-a").text
        branch = browser.find_element(By.ID, "version-b").text
        # As played: the voyage bruno cannot pay. What if: v-01 paid with 1 of his 2 coins,
        # no rule broken, the game not yet over.
        assert "ILLEGAL" in played and "coimbra.voyage.payment" in played
        assert "INCOMPLETE" in branch and "No rule broken" in branch
        assert _fits_a_phone(browser)
        look(browser, "what-if-phone")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    browser.refresh()
    tops = [browser.find_element(By.ID, f"version-{k}").rect["y"] for k in "ab"]
    assert tops[0] == tops[1]  # side by side on a desktop
    look(browser, "what-if")
