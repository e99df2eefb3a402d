"""The log beside a report scrolls on its own: a long log does not make the page tall, on a
desktop or a phone, and a link to one of its lines still lands on that line; the report of a
game that scores at its end shows its interim points there too."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

import replay
from tests.browser import chromium
from tests.web.pages import ALICE_KEY, look, sign_in, submit_files, verdict

pytestmark = [pytest.mark.browser, pytest.mark.redis]

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
PANE_MAX = 480  # 30rem at the pages' 16px: the pane's height wherever the log is longer


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless Chromium for the module."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def pane(browser) -> dict:
    """The log pane's own height and its content's."""
    return browser.execute_script("const o = document.querySelector('aside.log ol.log-lines');"
                                  "return {height: o.clientHeight, content: o.scrollHeight};")


def test_a_long_log_scrolls_in_its_own_pane_and_its_lines_are_still_reached(
        browser, api_url, worker_process, tmp_path):
    sign_in(browser, api_url, ALICE_KEY)
    log = replay.load_log(replay.GAMES.get("viscounts").generate(4, 1))
    lines = replay.print_log(log, "text").splitlines()
    path = tmp_path / "four-players.txt"
    path.write_text("\n".join(lines) + "\n")
    submit_files(browser, api_url, [path])
    verdict(browser)
    assert browser.find_element(By.ID, "interim-table")
    seen = pane(browser)
    # Hundreds of lines, in a pane no taller than the screen beside the report.
    assert seen["content"] > 5 * seen["height"]
    assert seen["height"] <= browser.execute_script("return window.innerHeight")
    look(browser, "replay-long-log")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        browser.refresh()
        verdict(browser)
        assert pane(browser)["height"] <= PANE_MAX
        far = len(lines) - 3
        browser.get(browser.current_url.split("#")[0] + f"#L{far}")
        top, bottom = browser.execute_script(
            f"const r = document.getElementById('L{far}').getBoundingClientRect();"
            "return [r.top, r.bottom];")
        assert top >= 0 and bottom <= PHONE["height"]
        look(browser, "replay-long-log-phone")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
