"""A newcomer on a phone: the home page's sample game, the paste box's line numbers, and the
report with the board at the end and the result for a play tracker (axe-core on each page,
screenshots under test-artifacts)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.browser import chromium
from tests.web.pages import ALICE_KEY, click_and_load, look, sign_in, verdict

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """One headless Chromium the size of a phone."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    driver.set_window_size(390, 844)
    yield driver
    driver.quit()


def test_a_newcomer_referees_the_sample_game_on_a_phone(phone, api_url, worker_process):
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(api_url + "/")
    click_and_load(phone, phone.find_element(By.ID, "sample-coimbra"))
    assert phone.find_element(By.ID, "sample-note").is_displayed()
    area = phone.find_element(By.ID, "text")
    gutter = phone.find_element(By.CSS_SELECTOR, ".numbered .line-numbers")
    lines = area.get_attribute("value").split("\n")
    assert gutter.get_attribute("textContent").split("\n") == [str(n) for n in
                                                               range(1, len(lines) + 1)]
    # A number stands beside its line: the gutter and the box share their line height.
    heights = phone.execute_script(
        "return [getComputedStyle(arguments[0]).lineHeight,"
        " getComputedStyle(arguments[1]).lineHeight]", gutter, area)
    assert heights[0] == heights[1]
    # The gutter is as tall as the box, which keeps its rows and scrolls the rest of the log.
    boxes = phone.execute_script(
        "return [arguments[0].getBoundingClientRect().height,"
        " arguments[1].getBoundingClientRect().height, arguments[1].clientHeight,"
        " arguments[1].scrollHeight]", gutter, area)
    rows, line = int(area.get_attribute("rows")), float(heights[1].removesuffix("px"))
    assert abs(boxes[0] - boxes[1]) < 1 and boxes[1] < (rows + 2) * line < boxes[3], boxes
    look(phone, "sample-form-phone")
    area.send_keys(Keys.CONTROL, Keys.END)
    area.send_keys(Keys.ENTER, "# a note of mine")  # one line more, counted as typed
    assert gutter.get_attribute("textContent").split("\n")[-1] == str(len(lines) + 1)
    click_and_load(phone, phone.find_element(By.CSS_SELECTOR, "form.submit button.primary"))
    assert "LEGAL" in verdict(phone)
    assert phone.find_element(By.ID, "board-heading").text == "The board at the end"
    assert phone.find_element(By.ID, "result-bgstats").is_displayed()
    # Nothing wider than the phone: wide tables scroll inside their own box.
    wide, screen = phone.execute_script("return [document.documentElement.scrollWidth,"
                                        " document.documentElement.clientWidth]")
    assert wide <= screen, (wide, screen)
    look(phone, "sample-report-phone")
