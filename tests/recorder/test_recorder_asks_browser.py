"""The recorder asks for a placeholder card once, on a phone-sized page in a real headless
Chromium: the Townsfolk card's value typed in the first game is declared in its log, and
the next game does not ask for it again."""

from __future__ import annotations

import json

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

import replay
from replay.viscounts.catalog import builtin_document
from tests.browser import chromium
from tests.service.helpers import ALICE
from tests.web.pages import ALICE_KEY, choose_and_load, click_and_load, look, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.redis]

GAME = replay.GAMES.get("viscounts")
LOG = replay.load_log(GAME.generate(2, 7))
SETUP = LOG.events[0]
TOWNSFOLK = {card["id"]: card for card in builtin_document("viscounts-base")["townsfolk"]}
# The first Townsfolk card the setup lays out whose values the catalog labels placeholders.
CARD = next(TOWNSFOLK[c] for c in SETUP["townsfolk"].values()
            if TOWNSFOLK[c].get("placeholder_fields"))
PRINTED = {"op": "gain", "items": {"silver": 2}}  # what the table reads off the card


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """A headless Chromium the size of a phone."""
    driver = chromium(tmp_path_factory.mktemp("chromium-asks"), 390, 844)
    yield driver
    driver.quit()


def _new_game(driver, base: str) -> str:
    """A Viscounts recording started on the page, its setup written; its id."""
    driver.get(base + "/record/new/viscounts")
    for seat, name in enumerate(LOG.players):
        driver.find_element(By.ID, f"player-{seat}").send_keys(name)
    click_and_load(driver, driver.find_element(By.CSS_SELECTOR, "form.recorder-new .primary"))
    details = driver.find_element(By.ID, "write")
    if not details.get_attribute("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    driver.find_element(By.ID, "text").send_keys(GAME.event_text(SETUP))
    click_and_load(driver, driver.find_element(By.ID, "write-it"))
    assert not driver.find_elements(By.ID, "problem"), \
        driver.find_element(By.TAG_NAME, "main").text[:1500]
    return driver.current_url.rstrip("/").rsplit("/", 1)[1]


def _skip_until(driver, words: str) -> list[str]:
    """Skip the questions until one's heading holds ``words``; the headings skipped."""
    skipped = []
    while words not in (heading := driver.find_element(By.ID, "ask-title").text):
        skipped.append(heading)
        click_and_load(driver, driver.find_element(By.ID, "skip-it"))
    return skipped


def test_the_recorder_asks_for_a_placeholder_card_once(phone, api_url):
    sign_in(phone, api_url, ALICE_KEY)
    first = _new_game(phone, api_url)
    _skip_until(phone, CARD["name"])
    look(phone, "recorder-ask-phone")
    area = phone.find_element(By.CSS_SELECTOR, ".area-top-right")
    assert "immediate effect in the top-right corner" in area.text
    # What the sources give is shown, marked with the source: the card's Silver value.
    top_left = phone.find_element(By.CSS_SELECTOR, ".area-top-left").text
    assert f"cost: {CARD['cost']}" in top_left and "from the fan card list" in top_left
    # The effect is asked with boxes; written as JSON, it is the advanced way, folded.
    assert phone.find_element(By.ID, "ask-hire-op").is_displayed()
    phone.find_element(By.CSS_SELECTOR, "details.as-json summary").click()
    hire = phone.find_element(By.ID, "ask-hire")
    hire.send_keys('{"op": "gain"')  # checked as it is typed
    assert "Not JSON yet" in hire.find_element(By.XPATH, "ancestor::div[@class='slot']").text
    hire.clear()
    hire.send_keys(json.dumps(PRINTED))
    click_and_load(phone, phone.find_element(By.ID, "declare-it"))
    assert CARD["name"] not in phone.find_element(By.ID, "ask-title").text
    log = requests.get(f"{api_url}/v1/recordings/{first}/log.json", headers=ALICE,
                       timeout=10).json()
    assert log["components"] == {CARD["id"]: {"hire": PRINTED}}

    _new_game(phone, api_url)
    manuscript = next(iter(SETUP["manuscripts"].values()))  # a tile named by its number
    asked = _skip_until(phone, f"manuscript {int(manuscript.removeprefix('ms-'))}")
    assert asked and not any(CARD["name"] in heading for heading in asked)

    # The draft holds the card's value, with the game it came from; the pages pass the
    # accessibility check on a phone too.
    phone.get(api_url + "/catalogs/draft/viscounts")
    row = phone.find_element(By.CSS_SELECTOR, "#draft-values tbody tr").text
    assert CARD["name"] in row and first in row
    look(phone, "catalog-draft-phone")
    phone.get(api_url + "/catalogs/guide/viscounts")
    assert "of" in phone.find_element(By.ID, "progress").text
    look(phone, "catalog-guide-phone")


def test_an_effect_is_chosen_and_filled_in_on_a_phone(phone, api_url):
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(api_url + "/catalogs/guide/coimbra")  # first asked: c1-01, a character card
    assert phone.find_element(By.ID, "ask-effects-0-class").is_displayed()  # the stand-in's
    # Choosing what the card does shows its boxes at once.
    choose_and_load(phone, phone.find_element(By.ID, "ask-effects-0-kind"), "score_per")
    Select(phone.find_element(By.ID, "ask-effects-0-per")).select_by_value("voyages")
    phone.find_element(By.ID, "ask-effects-0-points").send_keys("2")
    assert not phone.find_elements(By.ID, "ask-effects-0-class")
    look(phone, "effect-form-phone")
    click_and_load(phone, phone.find_element(By.ID, "declare-it"))
    draft = requests.get(f"{api_url}/v1/catalog-drafts/coimbra", headers=ALICE,
                         timeout=10).json()
    [value] = [v for c in draft["components"] if c["entry"] == "c1-01" for v in c["values"]]
    assert (value["field"], value["value"]) == (
        "effects", [{"kind": "score_per", "per": "voyages", "points": 2}])

