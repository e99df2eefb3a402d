"""Recording a whole game on a phone-sized page in a real headless Chromium, by taps only.

The choices of a generated game are driven through the page against the real service (API,
Redis, a worker): each move is the button the page shows at the place the engine lists it,
each chance event is chosen in its form. The log the page then offers for download must be
the generated game, and its report must say what the generated game's report says.
"""

from __future__ import annotations

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

import replay
from tests.browser import chromium
from tests.service.helpers import ALICE
from tests.web.pages import ALICE_KEY, click_and_load, look, sign_in, verdict

pytestmark = [pytest.mark.browser, pytest.mark.redis]

PHONE = (390, 844)
CHANCE = ("setup", "deal", "roll", "final")
STALE, UNDONE = 9, 12  # the events another phone records first, and one tapped wrong first


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    """A headless Chromium the size of a phone."""
    driver = chromium(tmp_path_factory.mktemp("chromium-phone"), *PHONE)
    yield driver
    driver.quit()


def slot_value(event: dict, name: str) -> str:
    """What a form's field must hold for ``event``: the value at the field's path (a pair
    written ``a+b``; the reveal's one field says whether a card or a manuscript)."""
    if name == "shown":
        field = "card" if "card" in event else "manuscript"
        return f"{field}:{event[field]}"
    value = event
    for part in name.split("/"):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return "+".join(value) if isinstance(value, list) else str(value)


def fill_in(driver, event: dict) -> None:
    """Choose the values of a chance event in the page's form, then send it."""
    for field in driver.find_elements(By.CSS_SELECTOR, "#chance select, #chance input"):
        name = field.get_attribute("name")
        if name in ("csrf_token", "version"):
            continue
        if field.tag_name == "select":
            Select(field).select_by_value(slot_value(event, name))
        else:
            field.send_keys(slot_value(event, name))
    click_and_load(driver, driver.find_element(By.ID, "enter"))


def tap(driver, game, log, index: int, event: dict) -> None:
    """Tap the button of ``event``: the one at its place among the engine's legal moves."""
    offers = game.legal_actions(log, index - 1)
    buttons = driver.find_elements(By.CSS_SELECTOR, f"button.move[value='{offers.index(event)}']")
    page = driver.find_element(By.TAG_NAME, "main").text
    assert buttons, f"event {index} {event} is not offered: {page[:2000]}"
    click_and_load(driver, buttons[0])


def events_recorded(base: str, recording: str) -> int:
    """How many events the recording holds (asked through the API, as another app)."""
    return requests.get(f"{base}/v1/recordings/{recording}", headers=ALICE,
                        timeout=10).json()["events"]


def test_a_two_player_coimbra_game_recorded_by_taps(phone, api_url, worker_process):
    game = replay.GAMES.get("coimbra")
    generated = replay.load_log(game.generate(2, 7))
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(api_url + "/record")
    look(phone, "recorder-home-phone")
    click_and_load(phone, phone.find_element(By.LINK_TEXT, "Coimbra"))
    for seat, name in enumerate(generated.players):
        phone.find_element(By.ID, f"player-{seat}").send_keys(name)
    look(phone, "recorder-new-phone")
    click_and_load(phone, phone.find_element(By.CSS_SELECTOR, "form.recorder-new .primary"))
    recording = phone.current_url.rstrip("/").rsplit("/", 1)[1]
    seen = set()
    for index, event in enumerate(generated.events):
        kind = event["type"]
        if kind not in seen:  # the first page of each kind of step, looked at
            seen.add(kind)
            look(phone, f"recorder-{kind}-phone")
        if kind in CHANCE:
            fill_in(phone, event)
        elif index == STALE:
            # another phone records this move first: the tap on this page is refused,
            # changes nothing, and the page shows the game as it now stands
            shown = phone.find_element(By.CSS_SELECTOR, "button.move")
            answer = requests.post(f"{api_url}/v1/recordings/{recording}/events",
                                   json={"version": index + 1, "event": event},
                                   headers=ALICE, timeout=10)
            assert answer.status_code == 200
            click_and_load(phone, shown)
            alert = phone.find_element(By.ID, "problem").text
            assert "changed since this was shown" in alert and "nothing was changed" in alert
            assert events_recorded(api_url, recording) == index + 1
            look(phone, "recorder-stale-phone")
        elif index == UNDONE:
            # a wrong tap, taken back
            offers = game.legal_actions(generated, index - 1)
            wrong = next(i for i, offer in enumerate(offers) if offer != event)
            click_and_load(phone, phone.find_element(
                By.CSS_SELECTOR, f"button.move[value='{wrong}']"))
            assert events_recorded(api_url, recording) == index + 1
            click_and_load(phone, phone.find_element(By.ID, "undo"))
            assert events_recorded(api_url, recording) == index
            tap(phone, game, generated, index, event)
        else:
            tap(phone, game, generated, index, event)
        if index != STALE:
            assert not phone.find_elements(By.ID, "problem"), \
                phone.find_element(By.TAG_NAME, "main").text[:1500]
    assert phone.find_element(By.ID, "over").is_displayed()
    assert not phone.find_elements(By.CSS_SELECTOR, "button.move")
    look(phone, "recorder-over-phone")

    # the download, as the page links it, with the page's own session
    link = phone.find_element(By.ID, "log-txt").get_attribute("href")
    cookies = {c["name"]: c["value"] for c in phone.get_cookies()}
    downloaded = requests.get(link, cookies=cookies, timeout=10)
    assert downloaded.status_code == 200
    assert "attachment" in downloaded.headers["Content-Disposition"]
    recorded = game.parse_text(downloaded.text)
    generated.metadata = {}  # the generator's seed tag is no part of the game
    assert game.print_text(recorded) == game.print_text(generated)

    click_and_load(phone, phone.find_element(By.ID, "finish"))
    word = verdict(phone)
    expected = game.replay(generated)["verdict"]
    assert expected == "legal"  # a generated game is legal, and says so
    assert expected.upper() in word
    look(phone, "recorder-report-phone")
    phone.get(f"{api_url}/record/{recording}")
    assert phone.find_element(By.ID, "finished").is_displayed()
    assert not phone.find_elements(By.ID, "undo")


def test_a_second_phone_follows_the_game_and_a_page_resumes_it(phone, api_url):
    sign_in(phone, api_url, ALICE_KEY)
    created = requests.post(f"{api_url}/v1/recordings", headers=ALICE, timeout=10,
                            json={"game": "coimbra", "players": ["ana", "bruno", "carla"]})
    doc = created.json()
    phone.get(api_url + "/record")  # a phone opened later finds the recording again
    click_and_load(phone, phone.find_element(By.CSS_SELECTOR, f"a[href$='{doc['id']}']"))
    assert "version 1" in phone.find_element(By.ID, "where").text
    setup = replay.GAMES.get("coimbra").generate(3, 2)["events"][0]
    answer = requests.post(api_url + doc["links"]["events"], headers=ALICE, timeout=10,
                           json={"version": 1, "event": setup})
    assert answer.status_code == 200
    # the page loads the game again by itself, now at the start choices
    WebDriverWait(phone, 15).until(
        lambda d: "version 2" in d.find_element(By.ID, "where").text)
    assert phone.find_elements(By.CSS_SELECTOR, "button.move")
    look(phone, "recorder-followed-phone")
    # the keyboard alone records a move: tab to the first move, press Enter
    first = phone.find_element(By.CSS_SELECTOR, "button.move")
    body = phone.find_element(By.TAG_NAME, "body")
    for _ in range(40):
        body = phone.switch_to.active_element
        if body == first:
            break
        body.send_keys(Keys.TAB)
    assert phone.switch_to.active_element == first
    old_page = phone.find_element(By.TAG_NAME, "html")
    first.send_keys(Keys.ENTER)
    WebDriverWait(phone, 15).until(lambda d: "version 3" in d.find_element(
        By.ID, "where").text and old_page != d.find_element(By.TAG_NAME, "html"))
    assert events_recorded(api_url, doc["id"]) == 2
    # a claim, chosen and typed in the page's claim form
    phone.find_element(By.CSS_SELECTOR, "#claim summary").click()
    Select(phone.find_element(By.ID, "claim-player")).select_by_value("carla")
    phone.find_element(By.ID, "claim-values-points").send_keys("0")
    look(phone, "recorder-claim-phone")
    click_and_load(phone, phone.find_element(By.ID, "claim-it"))
    assert events_recorded(api_url, doc["id"]) == 3
    assert "check carla points=0" in phone.find_element(By.ID, "last").text
    # every event, with a way to correct one, and the moves legal in its place
    click_and_load(phone, phone.find_element(By.ID, "events-link"))
    assert len(phone.find_elements(By.CSS_SELECTOR, "#events li")) == 3
    look(phone, "recorder-events-phone")
    phone.get(f"{api_url}/record/{doc['id']}/correct/0")
    assert "chance the table saw" in phone.find_element(By.TAG_NAME, "main").text
    phone.find_element(By.ID, "note").send_keys("laid out by carla")
    look(phone, "recorder-correct-phone")
    click_and_load(phone, phone.find_element(By.ID, "keep-note"))
    assert "Note: laid out by carla" in phone.find_element(By.ID, "e0").text
    # the same pages on a wide screen
    phone.set_window_size(1280, 900)
    try:
        phone.get(f"{api_url}/record/{doc['id']}")
        look(phone, "recorder-moves-desktop")
        phone.get(f"{api_url}/record")
        look(phone, "recorder-home-desktop")
    finally:
        phone.set_window_size(*PHONE)


@pytest.mark.parametrize("players", [2, 1])
def test_a_viscounts_game_recorded_by_taps(phone, api_url, worker_process, players):
    # Every move is a button; the set-up, the opponent, reveals, the cards drawn and the
    # Schemes turned over are chosen in forms.
    game = replay.GAMES.get("viscounts")
    generated = replay.load_log(game.generate(players, 3))
    sign_in(phone, api_url, ALICE_KEY)
    phone.get(api_url + "/record/new/viscounts")
    for seat, name in enumerate(generated.players):
        phone.find_element(By.ID, f"player-{seat}").send_keys(name)
    click_and_load(phone, phone.find_element(By.CSS_SELECTOR, "form.recorder-new .primary"))
    seen = set()
    for index, event in enumerate(generated.events):
        kind = event["type"]
        offered = event in game.legal_actions(generated, index - 1)
        if kind not in seen:  # the first page of each kind of step, looked at
            seen.add(kind)
            look(phone, f"recorder-viscounts{players}-{kind}-phone")
        if offered:
            tap(phone, game, generated, index, event)
        else:
            fill_in(phone, event)
        assert not phone.find_elements(By.ID, "problem"), \
            (index, event, phone.find_element(By.TAG_NAME, "main").text[:1500])
    assert phone.find_element(By.ID, "over").is_displayed()
    link = phone.find_element(By.ID, "log-txt").get_attribute("href")
    cookies = {c["name"]: c["value"] for c in phone.get_cookies()}
    recorded = game.parse_text(requests.get(link, cookies=cookies, timeout=10).text)
    generated.metadata = {}
    assert game.print_text(recorded) == game.print_text(generated)
    click_and_load(phone, phone.find_element(By.ID, "finish"))
    expected = game.replay(generated)["verdict"]
    assert expected == "legal"
    assert expected.upper() in verdict(phone)
